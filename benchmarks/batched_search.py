"""The batched search agent (trionfi.agents.batched) of 2-player Briscola: time per move and strength.

    python benchmarks/batched_search.py time [--deals D] [--variant NAME ...]
    python benchmarks/batched_search.py match --bots NAME,medium -n N --seed S [--jobs J]

``time`` plays D deals of each variant against the medium bot and reports the CPU seconds per move of the
variant's own decisions (mean and max; the moves handed to the hard level near the end included). ``match``
is ``trionfi tournament briscola --bots ... -n N --seed S`` (the same ``run_tournament``), with the variants
below known as bot names in this process and its workers: the agent is not a level of ``agents/__init__.py``.
Run under ``nice -n 10`` and say the load average (``uptime``) next to the figures.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

import trionfi
from trionfi.agents import LEVELS, make_agent
from trionfi.agents.batched import BatchedSearchAgent  # noqa: F401  (registers the bot name "batched")
from trionfi.tournament import run_tournament

# Variant name -> the agent's settings (levels in this process only).
VARIANTS: dict[str, dict[str, Any]] = {
    "batched-noeps": {"epsilon": 0.0},
    "batched-random": {"policy": "random"},
    "batched-500": {"worlds": 500, "epsilon": 0.0},
    "batched-8k": {"worlds": 8000, "epsilon": 0.0},
    "batched-eps": {"epsilon": 0.1},  # the agent's defaults
    "batched-eps2": {"epsilon": 0.2},
    "batched-eps3": {"epsilon": 0.3},
    "batched-eps-8k": {"epsilon": 0.1, "worlds": 8000},
    "batched-both": {"prior": 0.03, "infer": 0.7, "epsilon": 0.0},
    "batched-both-eps": {"prior": 0.03, "infer": 0.7, "epsilon": 0.1},
    "batched-both-eps2": {"prior": 0.03, "infer": 0.7, "epsilon": 0.2},
}
for _name, _settings in VARIANTS.items():
    LEVELS.setdefault(_name, ("batched", None, _settings))


def time_moves(variant: str, deals: int, seed: int) -> dict[str, Any]:
    """CPU seconds per decision of ``variant`` (seat 0) against medium over ``deals`` deals."""
    game = trionfi.load("briscola")
    seconds: list[float] = []
    for d in range(deals):
        state = game.deal(seed=seed + d)
        agents = [make_agent(variant, seed=seed + d, game=game), make_agent("medium", seed=d, game=game)]
        while state.current_player is not None:
            p = state.current_player
            observation = state.observation(p)
            start = time.process_time()
            action = agents[p].choose(observation)
            if p == 0 and len(observation["legal_actions"]) > 1:
                seconds.append(time.process_time() - start)
            state.apply(action, seat=p)
    return {"variant": variant, "moves": len(seconds), "mean": statistics.mean(seconds), "max": max(seconds)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    t = sub.add_parser("time")
    t.add_argument("--deals", type=int, default=20)
    t.add_argument("--seed", type=int, default=1)
    t.add_argument("--variant", nargs="*", default=["batched-eps", "hard"])
    m = sub.add_parser("match")
    m.add_argument("--bots", required=True)
    m.add_argument("-n", type=int, default=100)
    m.add_argument("--seed", type=int, default=1)
    m.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    if args.what == "time":
        for variant in args.variant:
            print(json.dumps(time_moves(variant, args.deals, args.seed)))
        return
    result = run_tournament(trionfi.load("briscola"), args.bots, args.n, seed=args.seed, jobs=args.jobs)
    first = result["results"][0]
    print(
        json.dumps(
            {
                "bots": args.bots,
                "deals": args.n,
                "seed": args.seed,
                "score_rate": first["score_rate"],
                "interval": first["interval"],
                "seconds": result["seconds"],
            }
        )
    )


if __name__ == "__main__":
    main()
