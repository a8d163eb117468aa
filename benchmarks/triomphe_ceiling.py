"""How far skill can go in French Triomphe: a side that sees every hand against the medium level.

Each card of the seeing side is chosen by an exact search of the whole position (double dummy: the generic
``Solver`` with the trick margin as its objective, both sides playing their best; a position it cannot finish
within ``--nodes`` is played out by the trick taker of the playouts instead); robbing and discards are the
medium level's. The deals and seats are the tournament's (``tournament.deal_plan``, the same duplicate deals
as ``trionfi tournament triomphe --bots X,heuristic -n N --seed S``). No player who does not see the cards can
do better than this side's score, so it bounds what the hard level can score against medium.

    python benchmarks/triomphe_ceiling.py -n 300 --seed 2035
"""

from __future__ import annotations

import argparse

import trionfi
from trionfi.agents import make_agent
from trionfi.agents.playout_rules import triomphe_card
from trionfi.agents.solver import OutOfTime, Solver
from trionfi.cards import Card
from trionfi.tournament import deal_plan, seat_seed


def margin(state: object, side: int, nodes: int) -> float:
    """The trick margin of ``side`` at the end of the deal from ``state`` (consumed) under best play."""
    s = state
    try:
        value, _ = Solver("points", max_nodes=nodes).solve(s)  # type: ignore[arg-type]
        tricks = s.points()  # type: ignore[attr-defined]
        m = tricks[0] - tricks[1] + value
        return m if side == 0 else -m
    except OutOfTime:
        pass
    while s.current_player is not None:  # type: ignore[attr-defined]
        legal = s._legal()  # type: ignore[attr-defined]
        cards = [a for a in legal if a.__class__ is Card]
        s.apply(triomphe_card(s, cards) if len(cards) > 1 else (cards or legal)[0])  # type: ignore[attr-defined]
    tricks = s.points()  # type: ignore[attr-defined]
    return (tricks[0] - tricks[1]) if side == 0 else tricks[1] - tricks[0]


def seeing_move(state: object, medium: object, nodes: int) -> object:
    """The seeing side's action: the best card by the exact search, the medium level's choice otherwise."""
    seat = state.current_player  # type: ignore[attr-defined]
    legal = state._legal()  # type: ignore[attr-defined]
    if state.phase != "play":  # type: ignore[attr-defined]
        return medium.choose(state.observation(seat))  # type: ignore[attr-defined]
    if len(legal) == 1:
        return legal[0]
    side = state.game.side_of[seat]  # type: ignore[attr-defined]
    scored = []
    for a in legal:
        child = state.clone()  # type: ignore[attr-defined]
        child.apply(a)
        scored.append((margin(child, side, nodes), -len(scored), a))
    return max(scored)[2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-n", "--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2035)
    parser.add_argument("--nodes", type=int, default=200_000, help="positions an exact search may visit")
    args = parser.parse_args()
    game = trionfi.load("triomphe")
    wins = games = 0
    for i in range(args.deals):
        plan = deal_plan(game, 2, args.seed, i)
        for lineup in plan["lineups"]:  # bot 0 sees every hand, bot 1 is the medium level
            state = game.deal(seed=plan["seed"], deck=plan["deck"], dealer=game.players - 1)
            bots = [make_agent("medium", seed=seat_seed(plan["seed"], s), game=game) for s in range(game.players)]
            while state.current_player is not None:
                p = state.current_player
                if lineup[p] == 0:
                    action = seeing_move(state, bots[p], args.nodes)
                else:
                    action = bots[p].choose(state.observation(p))
                state.apply(action)
            wins += state.returns()[lineup.index(0)] > 0
            games += 1
    print(f"seeing every hand against medium: {100 * wins / games:.1f} % ({wins} of {games} games, {args.deals} deals)")


if __name__ == "__main__":
    main()
