"""The Gymnasium vector environment's speed against each opponent, and where the time goes with the medium bot.

    python benchmarks/vector_opponents.py [--seconds S] [--envs 64] [--write docs/benchmarks.md]

``trionfi.envs.vector.BriscolaVectorEnv`` (the rl extra) with ``--envs`` sub-environments, a random agent choosing
from the mask, against ``opponents="random"`` (the batched core's random player) and ``"medium"`` (one medium bot
per sub-environment on an engine state kept beside the batch): deals and agent steps (one a trick, 20 a deal) per
CPU-second (``time.process_time``), best of several rounds taking turns; and, with the medium bot, the share of
that CPU time spent in the bot's own choices (the seat's observation, then ``agent.choose``) and in playing
each card in the engine states.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from datetime import date
from pathlib import Path

import numpy as np

from report import replace_section
from trionfi.envs.vector import BriscolaVectorEnv


def runner(envs: BriscolaVectorEnv):
    rng = np.random.default_rng(5)
    obs, _ = envs.reset(seed=5)

    def run() -> int:
        nonlocal obs
        for _ in range(envs.batch.moves_per_deal // 2 + 1):  # the deals' tricks, then the autoreset step
            keys = rng.random(obs["action_mask"].shape, dtype=np.float32)
            keys[obs["action_mask"] == 0] = -1.0
            obs = envs.step(keys.argmax(axis=1))[0]
        return envs.num_envs

    return run


class Timed:
    """CPU time spent in some methods of one environment (wrapped on the instance)."""

    def __init__(self, envs: BriscolaVectorEnv, names: dict[str, str]) -> None:
        self.spent = dict.fromkeys(names.values(), 0.0)
        for method, label in names.items():
            setattr(envs, method, self._wrap(getattr(envs, method), label))

    def _wrap(self, fn, label: str):
        def timed(*args, **kwargs):
            start = time.process_time()
            try:
                return fn(*args, **kwargs)
            finally:
                self.spent[label] += time.process_time() - start

        return timed


def measure(seconds: float, n: int, rounds: int = 3) -> tuple[dict[str, float], dict[str, float], str]:
    envs = {name: BriscolaVectorEnv(n, opponents=name) for name in ("random", "medium")}
    timed = Timed(
        envs["medium"], {"_opponent_cards": "the bot's choices", "_follow_engine": "playing the engine states"}
    )
    runs = {name: runner(env) for name, env in envs.items()}
    timed.spent = dict.fromkeys(timed.spent, 0.0)  # the first reset is not measured
    before = os.getloadavg()
    best = dict.fromkeys(runs, 0.0)
    medium_cpu = 0.0
    for _ in range(rounds):
        for name, run in runs.items():
            start = time.process_time()
            done = 0
            while time.process_time() - start < seconds / rounds / len(runs):
                done += run()
            spent = time.process_time() - start
            best[name] = max(best[name], done / spent)
            if name == "medium":
                medium_cpu += spent
    after = os.getloadavg()
    shares = {label: spent / medium_cpu for label, spent in timed.spent.items()}
    load = f"load average {before[0]:.2f} before, {after[0]:.2f} after (1 minute; 2 cores shared)"
    return best, shares, load


def table(rates: dict[str, float], shares: dict[str, float], load: str, seconds: float, n: int) -> str:
    lines = [
        "## Vector environment against its opponents",
        "",
        f"`trionfi.envs.vector.BriscolaVectorEnv` with {n} sub-environments, a random agent choosing from the mask:",
        "deals and agent steps (one a trick, 20 a deal) per CPU-second against the batched random player and",
        "against the medium bot (one per sub-environment, choosing from its own seat's observation of an engine",
        "state kept beside the batch). Produced by `python benchmarks/vector_opponents.py --write docs/benchmarks.md`",
        f"(best of 3 rounds over {seconds:g} CPU-s in all, the two taking turns).",
        "",
        f"Measured on {date.today().isoformat()}, Python {platform.python_version()}, numpy {np.__version__}, "
        f"{platform.machine()}, {platform.system()}; {load}.",
        "",
        "| opponent | deals / CPU-s | agent steps / CPU-s |",
        "|---|---:|---:|",
    ]
    lines += [f"| {name} | {rate:,.0f} | {20 * rate:,.0f} |" for name, rate in rates.items()]
    lines += [
        "",
        "Where the CPU time goes against the medium bot: "
        + ", ".join(f"{label} {100 * share:.0f} %" for label, share in shares.items())
        + " (the rest: dealing, the batch, observation tensors, masks, the agent's random choice). The bot's own",
        "choices dominate; the engine states that feed it are a small part, so a cheaper way to build its",
        "observation would not change the rate much, and a faster medium bot would have to be a second",
        "implementation of its rules of thumb, tested choice for choice against the first.",
    ]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=12.0, help="CPU time in all (default 12)")
    parser.add_argument("--envs", type=int, default=64)
    parser.add_argument("--write", type=Path, help="put the table into this Markdown file's 'vector-opponents' section")
    args = parser.parse_args(argv)
    rates, shares, load = measure(args.seconds, args.envs)
    text = table(rates, shares, load, args.seconds, args.envs)
    print(text)
    if args.write:
        replace_section(args.write, "vector-opponents", text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
