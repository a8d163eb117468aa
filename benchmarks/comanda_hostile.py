"""How fast the comanda reader refuses (or reads) hostile input, at growing lengths.

    python benchmarks/comanda_hostile.py [--write docs/benchmarks.md]

For each kind of input the time to parse it is measured at 125, 250, 500 and 1000 characters (the longest
comanda allowed) and once far beyond the limit. Reading is linear when the time per character stays flat as
the text doubles. Each figure is the best of several rounds, so a busy machine lowers it less.
"""

from __future__ import annotations

import argparse
import contextlib
import time
from collections.abc import Callable
from pathlib import Path

from report import replace_section
from trionfi import ComandaError, parse_comanda
from trionfi.comanda import MAX_LENGTH

SIZES = (125, 250, 500, MAX_LENGTH, 100 * MAX_LENGTH)


def _repeat(unit: str) -> Callable[[int], tuple[str, dict[str, str] | None]]:
    return lambda size: ((unit * (size // len(unit) + 1))[:size], None)


def _nicknames(size: int) -> tuple[str, dict[str, str]]:
    # Each nickname stands for the next one four times over: 4**depth clauses if expanded naively.
    depth = max(1, size // 100)
    names = {f"n{chr(97 + i)}": " ".join([f"n{chr(98 + i)}"] * 4) for i in range(depth)}
    names[f"n{chr(97 + depth)}"] = "più"
    return "na", names


CASES: list[tuple[str, Callable[[int], tuple[str, dict[str, str] | None]]]] = [
    ("unclosed `[` repeated", _repeat("[")),
    ("`K[` repeated (an unclosed suit bracket)", _repeat("K[")),
    ("one run of digits", _repeat("1")),
    ("`più ` repeated (a valid comanda)", _repeat("più ")),
    ("nicknames nested four-fold, size/100 deep", _nicknames),
]


def seconds_to_parse(text: str, nicknames: dict[str, str] | None, rounds: int = 7) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        with contextlib.suppress(ComandaError):
            parse_comanda(text, nicknames)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", help="Markdown file to write the results into")
    args = parser.parse_args()
    header = "| input | " + " | ".join(f"{n:,} chars" for n in SIZES) + " |"
    lines = [header, "|---|" + "---:|" * len(SIZES)]
    for label, make in CASES:
        cells = []
        for size in SIZES:
            text, names = make(size)
            cells.append(f"{seconds_to_parse(text, names) * 1e3:.2f} ms")
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    table = "\n".join(lines)
    print(table)
    if args.write:
        intro = (
            "## Comanda reader on hostile input\n\n"
            f"Milliseconds to read or refuse each input (best of 7), at growing lengths; beyond {MAX_LENGTH} "
            "characters the text is refused before it is read. Produced by "
            "`python benchmarks/comanda_hostile.py --write docs/benchmarks.md`.\n\n"
        )
        replace_section(Path(args.write), "comanda-hostile", intro + table)


if __name__ == "__main__":
    main()
