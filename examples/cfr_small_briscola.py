"""OpenSpiel's CFR+ on a small Briscola, solved exactly: the exploitability curve of its average policy.

    python examples/cfr_small_briscola.py [--iterations 80] [--game GAME] [--plot PNG] [--replot]

GAME is an OpenSpiel game string, by default ``python_trionfi_briscola(ranks=3,suits=2,hand_size=2)``: the
research variant of 2-player Briscola with a reduced pack (``ranks``, ``suits``, ``hand_size``: not a
traditional rule, see docs/briscola.md) keeps the whole game tree small enough for exact methods: with the A, 3
and K of coins and cups and two cards in hand it has 720 pack orders and 11,520 ways to end. OpenSpiel's C++ CFR+
(``pyspiel.CFRPlusSolver``) runs on the adapter's game (each node a call into the engine through
``trionfi.envs.openspiel``), and after chosen iterations OpenSpiel's exact best response
(``pyspiel.exploitability``) measures how much a best-responding opponent wins against the average policy, in
the game's result units (+1 a win, -1 a loss, per deal). The curve goes to ``docs/research/cfr-small-briscola.png``
with its numbers in the JSON beside it; the tree's size is counted first by walking it.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

import pyspiel

import trionfi.envs.openspiel  # noqa: F401  (registers the python_trionfi_* games)

GAME = "python_trionfi_briscola(ranks=3,suits=2,hand_size=2)"


def tree_size(game: pyspiel.Game) -> dict[str, int]:
    """Histories by kind and distinct information states (of decision nodes with a choice), by a walk."""
    counts = {"chance_nodes": 0, "decision_nodes": 0, "terminal_histories": 0}
    infostates: set[str] = set()
    stack = [game.new_initial_state()]
    while stack:
        state = stack.pop()
        if state.is_terminal():
            counts["terminal_histories"] += 1
            continue
        if state.is_chance_node():
            counts["chance_nodes"] += 1
            stack += [state.child(a) for a, _ in state.chance_outcomes()]
            continue
        counts["decision_nodes"] += 1
        actions = state.legal_actions()
        if len(actions) > 1:
            infostates.add(state.information_state_string())
        stack += [state.child(a) for a in actions]
    return {**counts, "information_states_with_a_choice": len(infostates)}


def checkpoints(last: int) -> list[int]:
    """Iterations to measure after: dense at first, then about 1.5 times apart (a log-scale curve)."""
    out, i = [], 1
    while i < last:
        out.append(i)
        i = max(i + 1, round(i * 1.5))
    return [*out, last]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default=GAME, help=f"an OpenSpiel game string (default {GAME})")
    parser.add_argument("--iterations", type=int, default=80, help="CFR+ iterations (default 80)")
    parser.add_argument("--plot", type=Path, default=Path("docs/research/cfr-small-briscola.png"))
    parser.add_argument("--replot", action="store_true", help="only draw the plot again from the JSON beside it")
    args = parser.parse_args(argv)
    data_path = args.plot.with_suffix(".json")
    if args.replot:
        plot(json.loads(data_path.read_text()), args.plot)
        return 0
    game = pyspiel.load_game(args.game)
    start = time.process_time()
    size = tree_size(game)
    walk = time.process_time() - start
    print(f"{args.game}: {size} (walked in {walk:.1f} s of CPU)", flush=True)

    solver = pyspiel.CFRPlusSolver(game)
    curve: list[dict[str, float]] = []
    solving = measuring = 0.0
    done = 0
    for target in checkpoints(args.iterations):
        start = time.process_time()
        while done < target:
            solver.evaluate_and_update_policy()
            done += 1
        solving += time.process_time() - start
        start = time.process_time()
        value = pyspiel.exploitability(game, solver.average_policy())
        measuring += time.process_time() - start
        curve.append({"iteration": done, "exploitability": value, "cpu_seconds": solving})
        print(f"iteration {done:4d}  exploitability {value:.5f}  ({solving:.0f} s of CPU solving)", flush=True)
    data = {
        "command": "python " + " ".join([sys.argv[0], *(argv if argv is not None else sys.argv[1:])]),
        "game": args.game,
        "algorithm": "pyspiel.CFRPlusSolver; exploitability by pyspiel.exploitability (exact best responses)",
        "tree": size,
        "cpu_seconds": {"tree_walk": walk, "cfr_plus": solving, "exploitability": measuring},
        "load_average_at_end": os.getloadavg(),
        "curve": curve,
    }
    data_path.parent.mkdir(parents=True, exist_ok=True)
    data_path.write_text(json.dumps(data, indent=1) + "\n")
    plot(data, args.plot)
    print(f"wrote {args.plot} and {data_path}")
    return 0


def plot(data: dict, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    xs = [p["iteration"] for p in data["curve"]]
    ys = [p["exploitability"] for p in data["curve"]]
    fig, ax = plt.subplots(figsize=(7, 4.2))
    ax.loglog(xs, ys, marker="o", markersize=3)
    ax.set_xlabel("CFR+ iterations")
    ax.set_ylabel("exploitability (result units per deal)")
    tree = data["tree"]
    ax.set_title(
        f"CFR+ on {data['game'].removeprefix('python_trionfi_')}\n"
        f"{tree['terminal_histories']:,} terminal histories, {tree['information_states_with_a_choice']:,} "
        "information states with a choice",
        fontsize=9,
    )
    ax.grid(True, which="both", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


if __name__ == "__main__":
    sys.exit(main())
