"""The research adapters' speed beside the engine's, in one run (trionfi.envs; needs the rl extra).

    python benchmarks/envs_speed.py [--seconds S] [--write docs/benchmarks.md]

On one core, for 2-player Briscola:
* random deals per second: the engine (``deal`` + ``legal_actions`` + ``apply``), OpenSpiel (the 40 chance nodes
  of the shuffle, then ``legal_actions`` + ``apply_action`` on ids), PettingZoo (``reset`` then ``last`` + ``step``
  with the observation tensor and mask of every step; ``env()`` with its checks, and ``raw_env()``) and
  Gymnasium (one seat against the random bot);
* OpenSpiel steps per second in the same random deals (chance nodes and moves);
* ``clone()`` of a mid-deal state per second: the engine, the OpenSpiel state from Python (the engine's clone
  under OpenSpiel's state) and OpenSpiel's own C++ clone path (``pyspiel.State.clone``: what C++ algorithms use).
Each figure is items per CPU second (``time.process_time``), the best of several rounds, so a busy machine lowers
it less; the load average before and after the run is printed with the table.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from collections.abc import Callable
from datetime import date
from pathlib import Path

import pyspiel

import trionfi
import trionfi.envs.openspiel
from report import replace_section
from run import deals
from trionfi.envs import gymnasium as tgym
from trionfi.envs import pettingzoo as tpz

BATCH = 20


def openspiel_deals(game: pyspiel.Game, steps: list[int]) -> Callable[[], int]:
    rng = random.Random(1)
    choice = rng.choice

    def run() -> int:
        for _ in range(BATCH):
            state = game.new_initial_state()
            n = 0
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(choice(state.chance_outcomes())[0])
                else:
                    state.apply_action(choice(state.legal_actions()))
                n += 1
            steps[0] += n
        return BATCH

    return run


def pettingzoo_deals(wrapped: bool = True) -> Callable[[], int]:
    env = tpz.env("briscola") if wrapped else tpz.raw_env("briscola")
    choice = random.Random(1).choice  # as the engine's loop picks (numpy's Generator.choice costs 9 µs a call)
    counter = [0]

    def run() -> int:
        for _ in range(BATCH):
            counter[0] += 1
            env.reset(seed=counter[0])
            for _agent in env.agent_iter():
                obs, _, term, trunc, _ = env.last()
                if term or trunc:
                    env.step(None)
                else:
                    env.step(int(choice(obs["action_mask"].nonzero()[0])))
        return BATCH

    return run


def gymnasium_deals() -> Callable[[], int]:
    env = tgym.TrionfiEnv("briscola", opponents="random")
    choice = random.Random(1).choice
    counter = [0]

    def run() -> int:
        for _ in range(BATCH):
            counter[0] += 1
            obs, _ = env.reset(seed=counter[0])
            done = False
            while not done:
                obs, _, done, _, _ = env.step(int(choice(obs["action_mask"].nonzero()[0])))
        return BATCH

    return run


def mid_deal(game: pyspiel.Game) -> pyspiel.State:
    rng = random.Random(3)
    state = game.new_initial_state()
    while state.is_chance_node() or len(state.history()) < 50:
        chance = state.is_chance_node()
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()] if chance else state.legal_actions()))
    return state


def clones(clone: Callable[[], object], batch: int = 1000) -> Callable[[], int]:
    def run() -> int:
        for _ in range(batch):
            clone()
        return batch

    return run


def interleaved(runs: dict[str, Callable[[], int]], seconds: float, rounds: int = 5) -> dict[str, float]:
    """Items per CPU second of each run (``time.process_time``: time this process ran, not time it waited for a
    core), best of ``rounds``, the runs taking turns within each round: a machine busy with other work slows them
    alike, so their ratios hold better than their absolute figures."""
    best = dict.fromkeys(runs, 0.0)
    clock = time.process_time
    for _ in range(rounds):
        for name, run in runs.items():
            start = clock()
            done = 0
            while clock() - start < seconds / rounds:
                done += run()
            best[name] = max(best[name], done / (clock() - start))
    return best


def measure(seconds: float) -> list[tuple[str, float, str]]:
    """The table's rows: what, items per CPU second, target."""
    engine_game = trionfi.load("briscola")
    os_game = pyspiel.load_game("python_trionfi_briscola")
    state = mid_deal(os_game)
    engine_state = state.engine
    pz_raw = pettingzoo_deals(wrapped=False)
    rates = interleaved(
        {
            "engine": deals(engine_game),
            "openspiel": openspiel_deals(os_game, [0]),
            "pettingzoo": pettingzoo_deals(),
            "pettingzoo_raw": pz_raw,
            "gymnasium": gymnasium_deals(),
            "engine_clone": clones(engine_state.clone),
            "py_clone": clones(state.clone),
            "cpp_clone": clones(lambda: pyspiel.State.clone(state)),
        },
        seconds,
    )
    share = 100 * rates["openspiel"] / rates["engine"]
    return [
        ("engine: random deals / s", rates["engine"], ""),
        ("OpenSpiel: random deals / s (40 chance nodes + 40 moves)", rates["openspiel"], "≥ 40 % of the engine"),
        ("OpenSpiel: share of the engine's deal rate", share, "%"),
        ("OpenSpiel: random-sim steps / s (chance nodes and moves)", rates["openspiel"] * 80, ""),
        ("PettingZoo: random deals / s (tensor + mask every step)", rates["pettingzoo"], "≥ 2,000"),
        ("PettingZoo, raw_env (no checks): random deals / s", rates["pettingzoo_raw"], ""),
        ("Gymnasium: random deals / s (one seat, the random bot)", rates["gymnasium"], ""),
        ("engine: clone() of a mid-deal state / s", rates["engine_clone"], ""),
        ("OpenSpiel: state.clone() from Python / s", rates["py_clone"], "≥ 200,000"),
        ("OpenSpiel: C++ Clone (pyspiel.State.clone) / s", rates["cpp_clone"], ""),
    ]


def table(rows: list[tuple[str, float, str]], seconds: float, load: tuple[str, str]) -> str:
    lines = [
        "## Research adapters",
        "",
        "2-player Briscola through the adapters of `trionfi.envs`, beside the engine in the same run, on one core.",
        "Produced by `make bench` (`python benchmarks/envs_speed.py --write docs/benchmarks.md`); each figure is per",
        f"CPU second (`time.process_time`), the best of 5 rounds over {seconds:g} s of CPU time, the measurements",
        "taking turns within each round so that other work on the machine slows them alike. The random agents pick",
        "with `random.Random.choice` everywhere (the engine's loop, the OpenSpiel loop, the PettingZoo and",
        "Gymnasium agents over the mask's ids, `mask.nonzero()[0]`). Speed is measured here, never asserted in",
        "tests.",
        "",
        f"Measured on {date.today().isoformat()}, Python {platform.python_version()}, {platform.machine()}, "
        f"{platform.system()}, {os.cpu_count()} cores; load average (1, 5, 15 min) {load[0]} before the run, "
        f"{load[1]} after.",
        "",
        "| what | per second | target |",
        "|---|---:|---|",
    ]
    for what, rate, target in rows:
        value = f"{rate:.0f} %" if target == "%" else f"{rate:,.0f}"
        lines.append(f"| {what} | {value} | {'' if target == '%' else target} |")
    return "\n".join(lines) + "\n"


def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per figure (default 3)")
    parser.add_argument("--write", type=Path, help="put the table into this Markdown file's 'adapters' section")
    args = parser.parse_args(argv)
    before = load_average()
    rows = measure(args.seconds)
    text = table(rows, args.seconds, (before, load_average()))
    print(text)
    if args.write:
        replace_section(args.write, "adapters", text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
