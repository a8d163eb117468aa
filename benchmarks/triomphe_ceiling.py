"""How far skill can go in French Triomphe: a side that sees every hand against the medium level.

Two seeing sides (``--mode``):

* ``double-dummy``: each card chosen by an exact search of the whole position (the generic ``Solver`` with the
  trick margin as its objective, both sides playing their best; a position it cannot finish within ``--nodes``
  is played out by the trick taker of the playouts instead); robbing and discards as the medium level. This
  side assumes the best replies, not medium's.
* ``best-response`` (the bound): the side sees every card (the stock's too) and knows the medium level's every
  reply (medium is deterministic: its choice follows from what it sees), and searches all its own lines,
  robbing and discards included, for the best return: the vole first, then a win (3 tricks or more). No
  player, seeing the cards or not, can score more against medium on these deals: this bounds what the hard
  level can score. With ``--rob-as-medium`` its robbing and discards are medium's, its cards searched: what
  the robbing adds to the bound.

The deals and seats are the tournament's (``tournament.deal_plan``, the same duplicate deals as ``trionfi
tournament triomphe --bots X,heuristic -n N --seed S``).

    python benchmarks/triomphe_ceiling.py -n 300 --seed 2035 --mode best-response
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

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


def best_action(state: object, value: Callable[[object, int], float]) -> object:
    """The action of the seat to play whose child position has the best ``value(child, its side)``; the first
    one of the legal list among equals."""
    legal = state._legal()  # type: ignore[attr-defined]
    if len(legal) == 1:
        return legal[0]
    side = state.game.side_of[state.current_player]  # type: ignore[attr-defined]
    scored = []
    for a in legal:
        child = state.clone()  # type: ignore[attr-defined]
        child.apply(a)
        scored.append((value(child, side), -len(scored), a))
    return max(scored)[2]


def seeing_move(state: object, medium: object, nodes: int) -> object:
    """The seeing side's action: the best card by the exact search, the medium level's choice otherwise."""
    if state.phase != "play":  # type: ignore[attr-defined]
        return medium.choose(state.observation(state.current_player))  # type: ignore[attr-defined]
    return best_action(state, lambda child, side: margin(child, side, nodes))


def searched(state: object, rob: bool) -> bool:
    """Whether the best-response side searches this decision: every one, or its cards alone (``rob`` False)."""
    return rob or state.phase == "play"  # type: ignore[attr-defined]


def response_value(state: object, side: int, bots: list[object], rob: bool = True) -> float:
    """The best return ``side`` can reach from ``state`` (not consumed) when it makes its decisions (robbing and
    discards too, unless ``rob`` is False) knowing every card and the medium level's every reply; the other
    decisions as medium makes them."""
    s = state
    while s.current_player is not None:  # type: ignore[attr-defined]
        p = s.current_player  # type: ignore[attr-defined]
        legal = s._legal()  # type: ignore[attr-defined]
        if s.game.side_of[p] == side and len(legal) > 1 and searched(s, rob):  # type: ignore[attr-defined]
            best = -float("inf")
            for a in legal:
                child = s.clone()  # type: ignore[attr-defined]
                child.apply(a)
                best = max(best, response_value(child, side, bots, rob))
                if best >= 2:  # a vole: nothing scores more
                    break
            return best
        if s is state:
            s = s.clone()  # type: ignore[attr-defined]
        s.apply(legal[0] if len(legal) == 1 else bots[p].choose(s.observation(p)))  # type: ignore[attr-defined]
    return s.side_returns()[side]  # type: ignore[attr-defined]


def responding_move(state: object, bots: list[object], rob: bool = True) -> object:
    """The best-response side's action: the one whose line reaches the best return against medium."""
    return best_action(state, lambda child, side: response_value(child, side, bots, rob))


def play_deal(game: object, plan: dict, lineup: list[int], mode: str, nodes: int = 200_000, rob: bool = True) -> float:
    """The return of bot 0's side in one game of a duplicate deal: bot 0 sees every hand and plays by ``mode``
    (``double-dummy``, ``best-response``, or ``medium`` to play as medium does), bot 1 is the medium level;
    ``rob`` False leaves the best response's robbing and discards to medium."""
    state = game.deal(seed=plan["seed"], deck=plan["deck"], dealer=game.players - 1)  # type: ignore[attr-defined]
    players = game.players  # type: ignore[attr-defined]
    bots = [make_agent("medium", seed=seat_seed(plan["seed"], s), game=game) for s in range(players)]
    while state.current_player is not None:
        p = state.current_player
        if lineup[p] == 0 and mode == "best-response" and searched(state, rob):
            action = responding_move(state, bots, rob)
        elif lineup[p] == 0 and mode == "double-dummy":
            action = seeing_move(state, bots[p], nodes)
        else:
            action = bots[p].choose(state.observation(p))
        state.apply(action)
    return state.returns()[lineup.index(0)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-n", "--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2035)
    parser.add_argument("--nodes", type=int, default=200_000, help="positions an exact search may visit")
    parser.add_argument("--mode", choices=("double-dummy", "best-response"), default="double-dummy")
    parser.add_argument(
        "--rob-as-medium", action="store_true", help="best-response: robbing and discards as the medium level"
    )
    args = parser.parse_args()
    game = trionfi.load("triomphe")
    wins = games = 0
    for i in range(args.deals):
        plan = deal_plan(game, 2, args.seed, i)
        for lineup in plan["lineups"]:  # bot 0 sees every hand, bot 1 is the medium level
            wins += play_deal(game, plan, lineup, args.mode, args.nodes, not args.rob_as_medium) > 0
            games += 1
    label = args.mode + (", robbing as medium" if args.rob_as_medium else "")
    print(
        f"seeing every hand against medium ({label}): {100 * wins / games:.1f} % "
        f"({wins} of {games} games, {args.deals} deals)"
    )


if __name__ == "__main__":
    main()
