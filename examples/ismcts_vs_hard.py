"""OpenSpiel's information-set MCTS against trionfi's hard bot, through the OpenSpiel adapter.

    python examples/ismcts_vs_hard.py [--deals 20] [--simulations 300] [--game briscola] [--seed 1]

Both play 2-player Briscola (or another two-seat game: --game trijumf plays 2-player Trijumf). The ISMCTS bot
(``open_spiel.python.algorithms.ismcts``) sees the OpenSpiel state through ``information_state_string`` and
draws its worlds with ``resample_from_infostate`` (``game.sample_state``); its leaves are valued by random
rollouts through the adapter. The hard bot (``trionfi.agents``, level ``hard``) is handed the engine's
observation of its seat. The seats alternate deal by deal on duplicate packs (each pack is played twice, the
bots swapping seats), so the luck of the cards cancels. Prints the score and the time per move.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import trionfi
import trionfi.envs.openspiel as tos
from trionfi.agents import make_agent
from trionfi.envs.actions import ActionTable


def play(game, engine_game, pack, ismcts_seat, bot, hard, table):
    """One deal from ``pack`` (chance outcomes): ISMCTS at ``ismcts_seat``. Returns (returns, seconds per move)."""
    state = game.new_initial_state()
    for card_id in pack:
        state.apply_action(card_id)
    bot.reset()
    spent = {"ismcts": [0.0, 0], "hard": [0.0, 0]}
    while not state.is_terminal():
        seat = state.current_player()
        start = time.perf_counter()
        if seat == ismcts_seat:
            action, who = bot.step(state), "ismcts"
        else:
            action, who = table.id_of(hard.choose(state.engine.observation(seat))), "hard"
        spent[who][0] += time.perf_counter() - start
        spent[who][1] += 1
        state.apply_action(action)
    return state.returns(), {k: t / max(n, 1) for k, (t, n) in spent.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20, help="deals (an even number: each pack twice)")
    parser.add_argument("--simulations", type=int, default=300, help="ISMCTS simulations per move")
    parser.add_argument("--game", default="briscola", choices=("briscola", "trijumf"))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    options = {"players": 2}
    game = pyspiel.load_game(tos.short_name(args.game), options)
    engine_game = trionfi.load(args.game, **options)
    table = ActionTable(engine_game)
    rng = random.Random(args.seed)
    bot = ismcts.ISMCTSBot(
        game=game,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(args.seed)),
        uct_c=2.0,
        max_simulations=args.simulations,
        max_world_samples=ismcts.UNLIMITED_NUM_WORLD_SAMPLES,
        random_state=np.random.RandomState(args.seed),
        final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
    )
    hard = make_agent("hard", seed=args.seed, game=engine_game)
    results = []
    times = {"ismcts": [], "hard": []}
    for k in range(args.deals):
        if k % 2 == 0:
            pack = list(range(len(engine_game.deck)))
            rng.shuffle(pack)
        ismcts_seat = k % 2
        returns, spent = play(game, engine_game, pack, ismcts_seat, bot, hard, table)
        results.append(returns[ismcts_seat])
        for who, t in spent.items():
            times[who].append(t)
        print(f"deal {k + 1}: ISMCTS at seat {ismcts_seat} scores {returns[ismcts_seat]:+.0f}", flush=True)
    wins = sum(r > 0 for r in results)
    draws = sum(r == 0 for r in results)
    losses = sum(r < 0 for r in results)
    print(
        f"\nISMCTS ({args.simulations} simulations/move) against the hard bot, {args.deals} deals of 2-player "
        f"{engine_game.title}: {wins} won, {draws} drawn, {losses} lost (mean {np.mean(results):+.2f}); "
        f"seconds per move: ISMCTS {np.mean(times['ismcts']):.2f}, hard {np.mean(times['hard']):.2f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
