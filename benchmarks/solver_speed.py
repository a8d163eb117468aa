"""Speed of the exact solver and of the search bot's machinery (one core).

    python benchmarks/solver_speed.py [--positions N]

* the solver agent's move once the two-player Briscola stock is gone (3 cards each: the position is known);
* the exact value of two-player Trijumf positions with 5 (and 8, 10) cards each, all hands known;
* the fast two-player Briscola path: playouts per second from the deal, exact solves of sampled worlds with 4
  cards left in the stock, worlds scored per second by the search at the start of a deal.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

import trionfi
from trionfi.agents.search import SearchAgent, fast_playout
from trionfi.agents.solver import Solver, SolverAgent, briscola2
from trionfi.cards import Card


def _cards_only(state: trionfi.State, rng: random.Random) -> None:
    state.apply(rng.choice([a for a in state.legal_actions() if isinstance(a, Card)] or state.legal_actions()))


def briscola_solver_moves(positions: int) -> list[float]:
    game = trionfi.load("briscola")
    times = []
    for seed in range(positions):
        state = game.deal(seed=seed)
        rng = random.Random(seed)
        while state.stock:
            _cards_only(state, rng)
        obs = json.loads(json.dumps(state.observation(state.current_player)))
        agent = SolverAgent(game=game, seed=seed)
        start = time.perf_counter()
        agent.choose(obs)
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


def _summary(times: list[float]) -> str:
    return f"mean {1000 * statistics.mean(times):.2f} ms, max {1000 * max(times):.2f} ms over {len(times)} positions"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=50)
    args = parser.parse_args()
    briscola = _summary(briscola_solver_moves(args.positions))
    print("solver agent, 2-player Briscola, stock gone (3 cards each):", briscola)
    for cards in (5, 8, 10):
        trijumf = _summary(trijumf_solves(min(args.positions, 20), cards))
        print(f"solver, 2-player Trijumf, {cards} cards each:", trijumf)
    for name, value in fast_path_rates(args.positions).items():
        print(f"{name}: {value:.1f}")


if __name__ == "__main__":
    main()
