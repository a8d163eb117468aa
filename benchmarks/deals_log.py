"""A duplicate tournament that keeps each deal as it finishes: for long runs on a loaded machine.

``trionfi tournament`` reports when every deal is done; a run stopped before (a deadline, a machine shared with
other work) leaves nothing. This plays the same deals (``tournament.play_deal``: the first N deals of a seed
are the same whatever N, and each deal's games are the same whichever process plays them) and appends each
finished deal to a JSON-lines file, so that several processes can share one run (``--worker W --workers K``:
deals W, W + K, W + 2K, ...), a stopped run can go on where it stopped, and ``--summary`` reports the longest
run of deals 0, 1, 2, ... that is complete, as ``trionfi tournament -n N`` would report those N deals.

    python benchmarks/deals_log.py GAME --bots hard,heuristic -n 300 --seed S --log FILE [--worker W --workers K]
    python benchmarks/deals_log.py GAME --bots hard,heuristic --seed S --log FILE --summary
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import trionfi
from trionfi.tournament import bot_labels, parse_bots, play_deal, summarize


def done_deals(path: Path) -> dict[int, dict]:
    """The deals already in the log, by number (a last line cut short by a stopped run is skipped)."""
    found: dict[int, dict] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            try:
                entry = json.loads(line)
            except json.JSONDecodeError:
                continue
            found[entry["deal"]] = entry
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("--bots", required=True)
    parser.add_argument("-n", "--deals", type=int, default=0)
    parser.add_argument("-p", "--players", type=int)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--log", required=True, help="the JSON-lines file of finished deals")
    parser.add_argument("--worker", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--summary", action="store_true", help="report the complete deals 0, 1, 2, ... and stop")
    args = parser.parse_args()
    options = {"players": args.players} if args.players else {}
    game = trionfi.load(args.game, **options)
    specs = parse_bots(args.bots)
    labels = bot_labels(specs)
    path = Path(args.log)
    if args.summary:
        done = done_deals(path)
        n = 0
        while n in done:
            n += 1
        log = [done[i] for i in range(n)]
        sides = [list(side) for side in game.sides]
        print(f"{args.game}, the first {n} deals of seed {args.seed} ({len(done)} in the log)")
        for r in summarize(log, labels, sides):
            low, high = r["interval"]
            wdl = f"{r['wins']}-{r['draws']}-{r['losses']}"
            print(
                f"{r['bot']}: {100 * r['score_rate']:.1f} % [{100 * low:.1f}, {100 * high:.1f}] {wdl}, "
                f"points per deal {r['points_per_deal']:+.2f}, card points {r['mean_points']:.1f}"
            )
        return
    done = done_deals(path)
    for index in range(args.worker, args.deals, args.workers):
        if index in done:
            continue
        entry = play_deal(game, specs, labels, args.seed, index, None)
        with path.open("a") as f:
            f.write(json.dumps(entry) + "\n")


if __name__ == "__main__":
    main()
