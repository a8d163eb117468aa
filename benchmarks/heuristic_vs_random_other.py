"""Heuristic against random for Triomphe, Troccas and Trionfetti on duplicate deals.

Each deal (one seed) is played once per seating: in partnership games the heuristic side takes seats 0+2 and
then 1+3 against random players; in games where each plays for himself the heuristic takes each seat in turn
against random players. A play is won when the heuristic's returns are positive, drawn when they are zero.
Score = (wins + half the draws) / plays, with a 95 % normal interval.

    .venv/bin/python benchmarks/heuristic_vs_random_other.py -n 500
    .venv/bin/python benchmarks/heuristic_vs_random_other.py -n 500 --only troccas
"""

from __future__ import annotations

import argparse
import math
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import trionfi
from trionfi.agents import make_agent

CASES: list[tuple[str, str, dict[str, Any]]] = [
    ("triomphe (French rules)", "triomphe", {}),
    (
        "triomphe (French, concession offers, must_head_trick)",
        "triomphe",
        {"allow_concession_offer": True, "must_head_trick": True},
    ),
    ("triomphe (Strasbourg, 4 each for himself)", "triomphe", {"ruleset": "strasbourg"}),
    ("triomphe (Strasbourg, partnerships)", "triomphe", {"ruleset": "strasbourg", "partnerships": True}),
    ("troccas", "troccas", {}),
    ("troccas (allow_knock, truthful_tschintschar)", "troccas", {"allow_knock": True, "truthful_tschintschar": True}),
    ("trionfetti (one smazzata)", "trionfetti", {}),
    ("trionfetti (void_trick ties)", "trionfetti", {"tie_rule": "void_trick"}),
]


def play(name: str, options: dict[str, Any], seed: int, heuristic_seats: tuple[int, ...]) -> float:
    """The heuristic's return (of its first seat) in one deal."""
    game = trionfi.load(name, **options)
    state = game.deal(seed=seed)
    agents = [
        make_agent("heuristic" if s in heuristic_seats else "random", seed=seed * 10 + s, game=game)
        for s in range(game.players)
    ]
    steps = 0
    while not state.is_terminal():
        seat = state.current_player
        state.apply(agents[seat].choose(state.observation(seat)))
        steps += 1
        if steps > 20000:
            raise RuntimeError(f"{name} seed {seed}: the deal does not end")
    return state.returns()[heuristic_seats[0]]


def run_seed(args: tuple[str, dict[str, Any], int]) -> list[float]:
    name, options, seed = args
    game = trionfi.load(name, **options)
    # Partnerships: the heuristic side takes each side's seats; each for himself: each seat in turn.
    seatings = [tuple(side) for side in game.sides] if len(game.sides) == 2 else [(s,) for s in range(game.players)]
    return [play(name, options, seed, seats) for seats in seatings]


def measure(name: str, options: dict[str, Any], n: int, jobs: int, first_seed: int) -> dict[str, Any]:
    start = time.perf_counter()
    tasks = [(name, options, first_seed + i) for i in range(n)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(run_seed, tasks, chunksize=8))
    else:
        results = [run_seed(t) for t in tasks]
    values = [v for r in results for v in r]
    wins = sum(1 for v in values if v > 0)
    draws = sum(1 for v in values if v == 0)
    plays = len(values)
    score = (wins + draws / 2) / plays
    half = 1.96 * math.sqrt(score * (1 - score) / plays)
    return {
        "plays": plays,
        "wins": wins,
        "draws": draws,
        "score": score,
        "interval": half,
        "mean_return": sum(values) / plays,
        "seconds": time.perf_counter() - start,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-n", type=int, default=500, help="duplicate deals per case")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1, help="first deal seed")
    parser.add_argument("--only", default=None, help="only the cases of this game")
    a = parser.parse_args()
    print(f"heuristic vs random, {a.n} duplicate deals per case (seeds {a.seed}..{a.seed + a.n - 1})")
    print("| case | plays | wins | draws | score (wins + draws/2) | mean return | seconds |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for label, name, options in CASES:
        if a.only and name != a.only:
            continue
        r = measure(name, options, a.n, a.jobs, a.seed)
        print(
            f"| {label} | {r['plays']} | {r['wins']} | {r['draws']} | {100 * r['score']:.1f} % ± "
            f"{100 * r['interval']:.1f} | {r['mean_return']:+.2f} | {r['seconds']:.0f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
