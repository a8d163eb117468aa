"""Strength of one bot against another on duplicate deals (two-player games), for tuning the search bot.

    python benchmarks/strength_search.py A B [-n PAIRS] [--jobs J] [--game briscola] [--option k=v ...]
                                             [--budget S] [--seed S]

A and B are agent names with optional settings, e.g. ``search:samples=300,epsilon=0.1`` or ``heuristic``.
Each pair of deals plays one shuffled deck twice with the seats swapped, so both bots hold both hands. The
score of A is its wins plus half its draws over all deals, printed with a 95 % interval computed over the
pairs (the two deals of a pair are not independent). The time A and B take per move is printed too.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import sys
import time
from typing import Any

import trionfi
from trionfi.agents import AGENTS, LEVELS, make_agent


def parse_agent(spec: str) -> tuple[str, dict[str, Any]]:
    """``name:key=value,key=value`` -> (name, settings); values are read as numbers when they are numbers."""
    name, _, rest = spec.partition(":")
    settings: dict[str, Any] = {}
    for item in filter(None, rest.split(",")):
        key, _, value = item.partition("=")
        settings[key] = _value(value)
    if name not in AGENTS and name not in LEVELS:
        raise SystemExit(f"no agent {name!r}; agents: {', '.join(AGENTS)}; levels: {', '.join(LEVELS)}")
    return name, settings


def _value(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return {"true": True, "false": False, "none": None}.get(text.lower(), text)


def build(spec: tuple[str, dict[str, Any]], game: Any, seed: int, budget: float | None) -> Any:
    name, settings = spec
    agent = make_agent(name, seed=seed, game=game, budget=budget)
    for key, value in settings.items():
        if not hasattr(agent, key):
            raise SystemExit(f"agent {name!r} has no setting {key!r}")
        setattr(agent, key, value)
    return agent


def play(game: Any, deal_seed: int, agents: list[Any]) -> tuple[list[float], list[list[float]]]:
    """One deal; returns (returns per seat, move times per seat)."""
    state = game.deal(seed=deal_seed)
    times: list[list[float]] = [[] for _ in agents]
    while not state.is_terminal():
        seat = state.current_player
        obs = state.observation(seat)
        start = time.perf_counter()
        action = agents[seat].choose(obs)
        times[seat].append(time.perf_counter() - start)
        state.apply(action, seat=seat)
    return state.returns(), times


def run_pair(job: tuple[Any, ...]) -> tuple[float, list[float], list[float]]:
    """A's score over the two deals of pair ``index`` (0 to 2, draws count half) and the move times."""
    index, a_spec, b_spec, game_options, budget, seed = job
    game = trionfi.load(game_options.pop("game"), **game_options)
    deal_seed = seed * 1_000_003 + index
    score = 0.0
    a_times: list[float] = []
    b_times: list[float] = []
    for a_seat in (0, 1):
        agents = [None, None]
        agents[a_seat] = build(a_spec, game, deal_seed * 2 + 1, budget)
        agents[1 - a_seat] = build(b_spec, game, deal_seed * 2 + 2, budget)
        returns, times = play(game, deal_seed, agents)
        score += (returns[a_seat] + 1) / 2  # 1 win, 0.5 draw, 0 loss
        a_times += times[a_seat]
        b_times += times[1 - a_seat]
    return score, a_times, b_times


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("-n", "--pairs", type=int, default=400, help="duplicate pairs (2 deals each)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--game", default="briscola")
    parser.add_argument("--option", action="append", default=[], help="game option key=value")
    parser.add_argument("--budget", type=float, default=None, help="seconds per move for both bots")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    options: dict[str, Any] = {"game": args.game}
    for item in args.option:
        key, _, value = item.partition("=")
        options[key] = _value(value)
    a_spec, b_spec = parse_agent(args.a), parse_agent(args.b)
    jobs = [(i, a_spec, b_spec, dict(options), args.budget, args.seed) for i in range(args.pairs)]
    scores: list[float] = []
    a_times: list[float] = []
    b_times: list[float] = []
    start = time.perf_counter()
    with multiprocessing.Pool(args.jobs) as pool:
        for score, at, bt in pool.imap_unordered(run_pair, jobs):
            scores.append(score / 2)
            a_times += at
            b_times += bt
            done = len(scores)
            if done % 20 == 0 or done == args.pairs:
                mean = sum(scores) / done
                print(f"\r{done}/{args.pairs} pairs: {args.a} scores {100 * mean:.1f} %", end="", file=sys.stderr)
    print(file=sys.stderr)
    n = len(scores)
    mean = sum(scores) / n
    var = sum((s - mean) ** 2 for s in scores) / max(1, n - 1)
    half = 1.96 * math.sqrt(var / n)
    print(f"{args.a} vs {args.b}, {args.game} {options}, {n} duplicate pairs ({2 * n} deals)")
    print(
        f"score of {args.a}: {100 * mean:.1f} % (95 % interval {100 * (mean - half):.1f} to {100 * (mean + half):.1f})"
    )
    for name, times in ((args.a, a_times), (args.b, b_times)):
        if times:
            print(
                f"{name}: {len(times)} moves, mean {1000 * sum(times) / len(times):.1f} ms, "
                f"max {1000 * max(times):.1f} ms per move"
            )
    print(f"wall time {time.perf_counter() - start:.0f} s on {args.jobs} processes")


if __name__ == "__main__":
    main()
