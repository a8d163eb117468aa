"""The research adapters' speed beside the engine's, in one run (trionfi.envs; needs the rl extra).

    python benchmarks/envs_speed.py [--seconds S] [--write docs/benchmarks.md]

On one core, for 2-player Briscola:
* random deals per second: the engine (``deal`` + ``legal_actions`` + ``apply``), OpenSpiel (the 40 chance nodes
  of the shuffle, then ``legal_actions`` + ``apply_action`` on ids), PettingZoo (``reset`` then ``last`` + ``step``
  with the observation tensor and mask of every step) and Gymnasium (one seat against the random bot);
* OpenSpiel steps per second in the same random deals (chance nodes and moves);
* ``clone()`` of a mid-deal state per second: the engine, the OpenSpiel state from Python (the engine's clone
  under OpenSpiel's state) and OpenSpiel's own C++ clone path (``pyspiel.State.clone``: what C++ algorithms use).
Each figure is the best of several timed rounds, so a busy machine lowers it less.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
from collections.abc import Callable
from datetime import date
from pathlib import Path

import numpy as np
import pyspiel

import trionfi
import trionfi.envs.openspiel
from report import replace_section
from run import best_rate, deals
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


def pettingzoo_deals() -> Callable[[], int]:
    env = tpz.env("briscola")
    rng = np.random.default_rng(1)
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
                    env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        return BATCH

    return run


def gymnasium_deals() -> Callable[[], int]:
    env = tgym.TrionfiEnv("briscola", opponents="random")
    rng = np.random.default_rng(1)
    counter = [0]

    def run() -> int:
        for _ in range(BATCH):
            counter[0] += 1
            obs, _ = env.reset(seed=counter[0])
            done = False
            while not done:
                obs, _, done, _, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
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


def measure(seconds: float) -> list[tuple[str, float, str]]:
    engine_game = trionfi.load("briscola")
    os_game = pyspiel.load_game("python_trionfi_briscola")
    state = mid_deal(os_game)
    engine_state = state.engine
    steps = [0]
    rows: list[tuple[str, float, str]] = []
    engine_deals = best_rate(deals(engine_game), seconds)
    rows.append(("engine: random deals / s", engine_deals, ""))
    os_deals = best_rate(openspiel_deals(os_game, steps), seconds)
    rows.append(("OpenSpiel: random deals / s (40 chance nodes + 40 moves)", os_deals, "≥ 40 % of the engine"))
    rows.append(("OpenSpiel: share of the engine's deal rate", 100 * os_deals / engine_deals, "%"))
    rows.append(("OpenSpiel: random-sim steps / s (chance nodes and moves)", os_deals * 80, ""))
    rows.append(
        ("PettingZoo: random deals / s (tensor + mask every step)", best_rate(pettingzoo_deals(), seconds), "≥ 2,000")
    )
    rows.append(("Gymnasium: random deals / s (one seat, the random bot)", best_rate(gymnasium_deals(), seconds), ""))
    rows.append(("engine: clone() of a mid-deal state / s", best_rate(clones(engine_state.clone), seconds), ""))
    rows.append(("OpenSpiel: state.clone() from Python / s", best_rate(clones(state.clone), seconds), "≥ 200,000"))
    rows.append(
        (
            "OpenSpiel: C++ Clone (pyspiel.State.clone) / s",
            best_rate(clones(lambda: pyspiel.State.clone(state)), seconds),
            "",
        )
    )
    return rows


def table(rows: list[tuple[str, float, str]], seconds: float) -> str:
    lines = [
        "## Research adapters",
        "",
        "2-player Briscola through the adapters of `trionfi.envs`, beside the engine in the same run, on one core.",
        "Produced by `make bench` (`python benchmarks/envs_speed.py --write docs/benchmarks.md`); each figure is the",
        f"best of 5 rounds over {seconds:g} s. Speed is measured here, never asserted in tests.",
        "",
        f"Measured on {date.today().isoformat()}, Python {platform.python_version()}, {platform.machine()}, "
        f"{platform.system()}.",
        "",
        "| what | per second | target |",
        "|---|---:|---|",
    ]
    for what, rate, target in rows:
        value = f"{rate:.0f} %" if target == "%" else f"{rate:,.0f}"
        lines.append(f"| {what} | {value} | {'' if target == '%' else target} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per figure (default 3)")
    parser.add_argument("--write", type=Path, help="put the table into this Markdown file's 'adapters' section")
    args = parser.parse_args(argv)
    text = table(measure(args.seconds), args.seconds)
    print(text)
    if args.write:
        replace_section(args.write, "adapters", text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
