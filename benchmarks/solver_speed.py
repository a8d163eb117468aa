"""Speed of the exact solver and of the search bot's machinery (one core).

    python benchmarks/solver_speed.py [--positions N] [--deals N] [--write docs/benchmarks.md]
    python benchmarks/solver_speed.py --hard-only GAME [GAME ...] [--game-deals N]   (those rows only, printed)

* the solver agent's move once the two-player Briscola stock is gone (3 cards each: the position is known);
* the exact value of two-player Trijumf positions with 5 (and 8, 10) cards each, all hands known;
* the hard level's time per move in two-player Briscola, and its processor time per move in every game (hard
  against medium, the sides swapped every deal);
* the fast two-player Briscola path: playouts per second from the deal, exact solves of sampled worlds with 4
  cards left in the stock, worlds scored per second by the search at the start of a deal.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

import trionfi
from report import replace_section
from trionfi.agents import make_agent
from trionfi.agents.briscola2 import briscola2, fast_playout
from trionfi.agents.search import SearchAgent
from trionfi.agents.solver import Solver, SolverAgent
from trionfi.cards import Card


def _cards_only(state: trionfi.State, rng: random.Random) -> None:
    state.apply(rng.choice([a for a in state.legal_actions() if isinstance(a, Card)] or state.legal_actions()))


def briscola_solver_moves(positions: int) -> list[float]:
    game = trionfi.load("briscola")
    times = []
    for seed in range(-1, positions):  # seed -1: a warm-up, untimed (the game's tables are built once)
        state = game.deal(seed=seed % 1_000_003)
        rng = random.Random(seed)
        while state.stock:
            _cards_only(state, rng)
        obs = json.loads(json.dumps(state.observation(state.current_player)))
        agent = SolverAgent(game=game, seed=seed)
        start = time.perf_counter()
        agent.choose(obs)
        if seed >= 0:
            times.append(time.perf_counter() - start)
    return times


def trijumf_solves(positions: int, cards: int) -> list[float]:
    game = trionfi.load("trijumf", players=2, cut_option="cut")
    times = []
    for seed in range(positions):
        state = game.deal(seed=seed)
        rng = random.Random(seed)
        while state.stock or state.trick or len(state.hands[state.current_player]) > cards:
            _cards_only(state, rng)
        start = time.perf_counter()
        Solver().solve(state)
        times.append(time.perf_counter() - start)
    return times


def fast_path_rates(positions: int) -> dict[str, float]:
    game = trionfi.load("briscola")
    fb = briscola2(game)
    state = game.deal(seed=3)
    obs = state.observation(0)
    rng = random.Random(1)
    worlds = [fb.position(game.sample_state(obs, rng)) for _ in range(2000)]
    start = time.perf_counter()
    for hands, stock, leader, led, won, unplayed, trump in worlds:
        fast_playout(fb, [hands[0][:], hands[1][:]], stock[:], leader, led, won[:], unplayed, trump, 0, 0.0, rng)
    playouts = len(worlds) / (time.perf_counter() - start)
    solves = []
    for seed in range(positions):
        s = game.deal(seed=seed)
        r = random.Random(seed)
        while len(s.stock) > 4:
            _cards_only(s, r)
        hands, stock, leader, led, _, _, trump = fb.position(s)
        t = time.perf_counter()
        fb.solve(hands, stock, leader, led, trump, {})
        solves.append(time.perf_counter() - t)
    agent = SearchAgent(game=game, seed=1, samples=1000)
    start = time.perf_counter()
    agent.choose(obs)
    worlds_rate = 1000 / (time.perf_counter() - start)
    return {
        "playouts per second from the deal": playouts,
        "exact solve, 4 cards in the stock (ms, mean)": 1000 * statistics.mean(solves),
        "worlds scored per second at the first move (3 cards to choose from)": worlds_rate,
    }


def hard_move_times(deals: int) -> list[float]:
    """Processor seconds per move of the ``hard`` level in two-player Briscola against the heuristic bot."""
    game = trionfi.load("briscola")
    times = []
    for seed in range(deals):
        state = game.deal(seed=seed)
        bots = [make_agent("hard", seed=seed, game=game), make_agent("heuristic", seed=seed, game=game)]
        if seed % 2:
            bots.reverse()
        while not state.is_terminal():
            seat = state.current_player
            obs = state.observation(seat)
            start = time.process_time()
            action = bots[seat].choose(obs)
            if bots[seat].name == "search":
                times.append(time.process_time() - start)
            state.apply(action, seat=seat)
    return times


HARD_TARGET = "mean ≤ 0.5 s, max < 0.9 s"  # the safety cap stops a move at 0.9 s of processor time
# The games whose hard level is timed: (label, game, options).
HARD_GAMES: list[tuple[str, str, dict[str, object]]] = [
    ("Briscola, 4 players", "briscola", {"players": 4}),
    ("Briscola, 4 players, conversation", "briscola", {"players": 4, "communication": "conversation"}),
    ("Briscola, 4 players, signals", "briscola", {"players": 4, "communication": "signals"}),
    ("Briscola Chiamata", "briscola-chiamata", {}),
    ("Trijumf, 2 players", "trijumf", {"players": 2}),
    ("Trijumf, 4 players", "trijumf", {"players": 4}),
    ("Triomphe", "triomphe", {}),
    ("Trionfetti", "trionfetti", {}),
    ("Troccas", "troccas", {}),
]


def hard_cpu_times(name: str, options: dict[str, object], deals: int) -> list[float]:
    """Processor seconds per move of the ``hard`` level against ``medium`` (side 0 hard in even deals)."""
    game = trionfi.load(name, **options)
    times = []
    for seed in range(deals):
        state = game.deal(seed=seed)
        levels = ["hard" if (game.side_of[s] + seed) % 2 == 0 else "medium" for s in range(game.players)]
        bots = [make_agent(level, seed=seed * 10 + s, game=game) for s, level in enumerate(levels)]
        while not state.is_terminal():
            seat = state.current_player
            obs = state.observation(seat)
            start = time.process_time()
            action = bots[seat].choose(obs)
            if levels[seat] == "hard":
                times.append(time.process_time() - start)
            state.apply(action, seat=seat)
    return times


def rows(positions: int, deals: int, game_deals: int = 2) -> list[tuple[str, str, str]]:
    """(what, figure, target) for docs/benchmarks.md."""
    found = []
    hard = hard_move_times(deals)
    found.append(("hard level, 2-player Briscola, processor time per move", _summary(hard), HARD_TARGET))
    for label, name, options in HARD_GAMES:
        cpu = hard_cpu_times(name, options, game_deals)
        found.append((f"hard level, {label}, processor time per move ({game_deals} deals)", _summary(cpu), HARD_TARGET))
    briscola = _summary(briscola_solver_moves(positions))
    found.append(("solver agent's move, 2-player Briscola once the stock is gone (3 cards each)", briscola, "≤ 10 ms"))
    for cards in (5, 8, 10):
        trijumf = _summary(trijumf_solves(min(positions, 20), cards))
        found.append(
            (f"solver, exact value of 2-player Trijumf with {cards} cards each", trijumf, "≤ 1 s" if cards == 5 else "")
        )
    for name, value in fast_path_rates(positions).items():
        found.append((name, f"{value:,.1f}", ""))
    return found


def _load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def _summary(times: list[float]) -> str:
    return f"mean {1000 * statistics.mean(times):.2f} ms, max {1000 * max(times):.2f} ms over {len(times)}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=50)
    parser.add_argument("--deals", type=int, default=10, help="deals of hard vs heuristic for the time per move")
    parser.add_argument("--game-deals", type=int, default=2, help="deals of hard vs medium in each other game")
    parser.add_argument("--write", help="Markdown file whose search section to rewrite")
    labels = [label for label, _, _ in HARD_GAMES]
    parser.add_argument("--hard-only", nargs="+", metavar="GAME", help=f"only these rows, printed: {labels}")
    args = parser.parse_args()
    load_before = _load()
    if args.hard_only:
        unknown = set(args.hard_only) - set(labels)
        if unknown:
            parser.error(f"unknown games {sorted(unknown)}; the games are: {labels}")
        for label, name, options in HARD_GAMES:
            if label in args.hard_only:
                print(f"hard level, {label}, processor time per move ({args.game_deals} deals): ", end="", flush=True)
                print(_summary(hard_cpu_times(name, options, args.game_deals)))
        print(f"load average (1, 5, 15 min) at the start {load_before}, at the end {_load()}")
        return
    found = rows(args.positions, args.deals, args.game_deals)
    width = max(len(r[0]) for r in found)
    for what, figure, target in found:
        print(f"{what:<{width}}  {figure}  {target}")
    if args.write:
        lines = [
            "## Search and solver speed",
            "",
            "One core, `python benchmarks/solver_speed.py --write docs/benchmarks.md` (part of `make bench`). Times",
            "are over random positions (the count follows each figure); the hard level's over its moves in",
            f"{args.deals} deals against the heuristic bot, and in the other games over its moves in",
            f"{args.game_deals} deals against the medium level (processor time, which the load of the machine",
            "changes less than the time on the wall). Load average (1, 5, 15 min) at the start "
            f"{load_before}, at the end {_load()}.",
            "",
            "| what | figure | target |",
            "|---|---|---|",
            *(f"| {what} | {figure} | {target} |" for what, figure, target in found),
        ]
        replace_section(Path(args.write), "search", "\n".join(lines))
        print(f"written to {args.write}", file=sys.stderr)


if __name__ == "__main__":
    main()
