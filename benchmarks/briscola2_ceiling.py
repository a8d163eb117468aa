"""How far skill can go in 2-player Briscola against the medium level: a seat that sees every card.

The seeing seat knows the opponent's hand and the stock's order, and plays each card by the exact best answer
to the medium level's rule of thumb (``Briscola2.values(state, me=seat)``: the whole rest of the deal searched,
the opponent's cards by the playout rule that makes the medium bot's choice in 99.4 % of its decisions; the card
point margin maximised, ties to the card the medium level would play). The deals and seats are the
tournament's (``tournament.deal_plan``: the same duplicate deals as ``trionfi tournament briscola --bots
X,heuristic -n N --seed S``). No player who does not see the cards can beat this seat's score by more than the
rule's few misses, so it bounds what the hard level can score against medium; ``--blind`` plays the same seat
without the stock's order (each candidate valued over ``--worlds`` orders of the face-down cards, the
opponent's hand still seen), to split what the hand and what the draws are worth.

    python benchmarks/briscola2_ceiling.py -n 300 --seed 2026 [--first K] [--blind --worlds 20]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import Any

from rich.progress import track

import trionfi
from trionfi.agents import make_agent
from trionfi.agents.briscola2 import briscola2
from trionfi.cards import Card
from trionfi.tournament import deal_plan, rate_interval, seat_seed


def seeing_card(fb: Any, state: Any, medium: Any, seat: int, blind: int, rng: random.Random) -> Any:
    """The seeing seat's card: the best exact answer to the opponent's rule (over ``blind`` stock orders if
    ``blind``), the medium level's card among equals."""
    legal = [a for a in state._legal() if a.__class__ is Card]
    usual = medium.choose(state.observation(seat))  # keeps the medium bot's own state in step too
    if len(legal) == 1:
        return legal[0]
    sign = 1 if seat == 0 else -1
    if not blind or len(state.stock) <= 1:
        values = fb.values(state, me=seat)
    else:
        # The turned-up card (last drawn) stays put; the face-down ones take ``blind`` random orders.
        values = dict.fromkeys(legal, 0)
        for _ in range(blind):
            world = state.clone()
            down = world.stock[1:]
            rng.shuffle(down)
            world.stock[1:] = down
            for c, v in fb.values(world, me=seat).items():
                values[c] += v
    best = max(sign * v for v in values.values())
    tied = [c for c in legal if sign * values[c] == best]
    return usual if usual in tied else tied[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-n", "--deals", type=int, default=100)
    parser.add_argument("--first", type=int, default=0, help="index of the first deal (to split a run)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--blind", action="store_true", help="the stock's order unseen (the opponent's hand seen)")
    parser.add_argument("--worlds", type=int, default=20, help="stock orders per decision with --blind")
    args = parser.parse_args()
    game = trionfi.load("briscola")
    fb = briscola2(game)
    if fb is None:
        sys.exit("2-player Briscola has no fast path here")
    rng = random.Random(args.seed)
    scores: list[float] = []
    per_deal: list[tuple[float, int]] = []
    margins: list[float] = []
    for i in track(range(args.first, args.first + args.deals), description="deals", console=None):
        plan = deal_plan(game, 2, args.seed, i)
        before = len(scores)
        for lineup in plan["lineups"]:  # bot 0 sees every card, bot 1 is the medium level
            state = game.deal(seed=plan["seed"], deck=plan["deck"], dealer=game.players - 1)
            bots = [make_agent("heuristic", seed=seat_seed(plan["seed"], s), game=game) for s in range(2)]
            while state.current_player is not None:
                p = state.current_player
                if lineup[p] == 0:
                    action = seeing_card(fb, state, bots[p], p, args.worlds if args.blind else 0, rng)
                else:
                    action = bots[p].choose(state.observation(p))
                state.apply(action, seat=p)
            me = lineup.index(0)
            r = state.returns()[me]
            scores.append(1.0 if r > 0 else 0.5 if r == 0 else 0.0)
            pts = state.points()
            margins.append(pts[me] - pts[1 - me])
        per_deal.append((sum(scores[before:]), len(scores) - before))
    wins = sum(s == 1.0 for s in scores)
    draws = sum(s == 0.5 for s in scores)
    _, low, high = rate_interval(per_deal)
    print(
        json.dumps(
            {
                "seeing": "hand" if args.blind else "every card",
                "deals": args.deals,
                "first": args.first,
                "seed": args.seed,
                "games": len(scores),
                "score": round(100 * sum(scores) / len(scores), 1),
                "interval": [round(100 * low, 1), round(100 * high, 1)],
                "won_drawn_lost": [wins, draws, len(scores) - wins - draws],
                "margin": round(sum(margins) / len(margins), 2),
            }
        )
    )


if __name__ == "__main__":
    main()
