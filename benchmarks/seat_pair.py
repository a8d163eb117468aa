"""Two seat-mode tournament logs of the same deals compared deal by deal (two versions of the first bot).

    python benchmarks/seat_pair.py NEW.jsonl OLD.jsonl

A ``trionfi tournament --mode seat`` log holds, per deal, the baseline game (the second bot in every seat) and
one game per seat with the first bot alone in it. Two logs of the same deals (the same seed) share their
baselines, so the first bot's versions can be compared pairing by pairing. Prints JSON on the deals both logs
hold: per log, the pairing score (won 1, drawn 0.5), the same with ties broken by the camp's card points, and
the camp's card points; and the first minus the second, each with a normal 95 % interval over the deals (a
deal's five pairings counted together, as they share a deal).
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path
from typing import Any

import trionfi
from trionfi.tournament import _tie_broken, seat_pairings


def _per_deal(path: str) -> dict[int, tuple[float, float, float]]:
    """Per deal: (mean pairing score, the same with ties broken by camp points, mean camp card points)."""
    lines = [json.loads(line) for line in Path(path).read_text().splitlines()]
    head, entries = lines[0], lines[1:]
    sides = trionfi.load(head["game"], **head.get("options", {})).sides
    found = {}
    for entry in entries:
        pairs = seat_pairings(entry, head["bots"], sides)
        n = len(pairs)
        found[entry["deal"]] = (
            sum(p[0] for p in pairs) / n,
            sum(_tie_broken(p) for p in pairs) / n,
            sum(p[2][0] for p in pairs) / n,
        )
    return found


def _interval(xs: list[float]) -> list[float]:
    mean = sum(xs) / len(xs)
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / max(1, len(xs) - 1))
    half = 1.96 * sd / math.sqrt(len(xs))
    return [round(mean, 4), round(mean - half, 4), round(mean + half, 4)]


def compare(first: str, second: str) -> dict[str, Any]:
    a, b = _per_deal(first), _per_deal(second)
    both = sorted(set(a) & set(b))
    found: dict[str, Any] = {"first": first, "second": second, "deals": len(both)}
    for k, name in enumerate(("score", "ties broken by camp points", "camp card points")):
        found[name] = {
            "first": _interval([a[d][k] for d in both]),
            "second": _interval([b[d][k] for d in both]),
            "difference": _interval([a[d][k] - b[d][k] for d in both]),
        }
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first")
    parser.add_argument("second")
    args = parser.parse_args()
    print(json.dumps(compare(args.first, args.second), indent=1))


if __name__ == "__main__":
    main()
