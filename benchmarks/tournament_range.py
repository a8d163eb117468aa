"""A range of one seed's duplicate deals, and the pooled summary of several ranges (for runs too long for one
sitting, or spread over processes that each write their own file as they finish).

    python benchmarks/tournament_range.py play GAME --bots hard,heuristic --seed S --start A --stop B --json F
    python benchmarks/tournament_range.py pool F1 F2 ...

``play`` appends one JSON line per deal to F as the deal ends (with the processor time it took), so a run
stopped early keeps what it finished; ``pool`` reads the lines of every file.

Deal ``i`` of a seed is the same whatever range it is played in (``trionfi.tournament.deal_plan``), so the
ranges 0-100, 100-200 and 200-300 of a seed pooled are exactly ``trionfi tournament -n 300`` with that seed.
``pool`` checks that the files share the game, bots and seed; a deal played in two ranges counts once (its
results must be the same: play is reproducible).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import trionfi
from trionfi.tournament import bot_labels, parse_bots, play_chunk, summarize


def play(args: argparse.Namespace) -> None:
    """One JSON line per deal, written as each deal ends (a run stopped early keeps the deals it finished)."""
    game = trionfi.load(args.game)
    specs = parse_bots(args.bots)
    options_json = json.dumps(game._given, sort_keys=True)
    head = {"game": game.name, "bots": specs, "seed": args.seed, "sides": [list(side) for side in game.sides]}
    with Path(args.json).open("a") as out:
        for i in range(args.start, args.stop):
            before = time.process_time()
            (entry,) = play_chunk(game.name, options_json, specs, None, args.seed, i, i + 1)
            out.write(json.dumps({**head, "cpu_seconds": round(time.process_time() - before, 2), "entry": entry}))
            out.write("\n")
            out.flush()


def pool(paths: list[str]) -> None:
    parts = [json.loads(line) for p in paths for line in Path(p).read_text().splitlines() if line.strip()]
    if not parts:
        sys.exit("no deal in the files")
    first = parts[0]
    for part in parts[1:]:
        for key in ("game", "bots", "seed", "sides"):
            if part[key] != first[key]:
                sys.exit(f"{key} differs between the files: {first[key]!r} and {part[key]!r}")
    by_deal: dict[int, dict] = {}
    for part in parts:
        entry = part["entry"]
        if by_deal.setdefault(entry["deal"], entry) != entry:
            sys.exit(f"deal {entry['deal']} is in two files with different results")
    log = [by_deal[n] for n in sorted(by_deal)]  # a deal played twice (identically) counts once
    numbers = [entry["deal"] for entry in log]
    labels = bot_labels(first["bots"])
    cpu = sum(part["cpu_seconds"] for part in parts)
    print(f"{first['game']} seed {first['seed']}: {len(log)} deals ({min(numbers)}-{max(numbers)}), {cpu:.0f} CPU s")
    for row in summarize(log, labels, first["sides"]):
        low, high = row["interval"]
        print(
            f"  {row['bot']}: {100 * row['score_rate']:.1f} % [{100 * low:.1f}, {100 * high:.1f}] "
            f"W-D-L {row['wins']}-{row['draws']}-{row['losses']}, mean points {row['mean_points']}, "
            f"points per deal {row['points_per_deal']:+.2f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="play deals START to STOP - 1 of a seed")
    p.add_argument("game")
    p.add_argument("--bots", required=True)
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--start", type=int, required=True)
    p.add_argument("--stop", type=int, required=True)
    p.add_argument("--json", required=True)
    q = sub.add_parser("pool", help="the summary of several ranges of one seed")
    q.add_argument("files", nargs="+")
    args = parser.parse_args()
    if args.command == "play":
        play(args)
    else:
        pool(args.files)


if __name__ == "__main__":
    main()
