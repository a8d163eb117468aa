"""How often a Briscola Chiamata caller's hand fits the medium rule's bid, by the level that bid it.

    python benchmarks/chiamata_bid_fit.py --level hard -n 60

The hard level's defenders read the caller's hand as the medium rule bids (`agents/reading.world_check`): a
sampled world whose caller, as dealt, the rule of thumb would not bid that high with in the called suit is
drawn again. The script plays the auctions and calls of ``-n`` deals (seeds 1000, 1001, ...) with every seat at
``--level`` and prints, over the deals that were not passed out, the share of callers whose hand passes that
test, and the margins (the hand's rating in the called suit minus what its last bid needs; negative fails).
"""

from __future__ import annotations

import argparse
import json

import trionfi
from trionfi.agents import make_agent
from trionfi.agents.heuristics.briscola_chiamata import _level, _needed, suit_rating
from trionfi.cards import card


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--level", default="hard", help="the level of every seat (default hard)")
    parser.add_argument("-n", type=int, default=60, help="deals (default 60)")
    args = parser.parse_args()
    game = trionfi.load("briscola-chiamata")
    margins = []
    for seed in range(1000, 1000 + args.n):
        state = game.deal(seed=seed)
        dealt = [list(hand) for hand in state.hands]
        agents = [make_agent(args.level, seed=seed * 7 + s, game=game) for s in range(game.players)]
        while state.current_player is not None and state.phase != "play":
            seat = state.current_player
            state.apply(agents[seat].choose(state.observation(seat)), seat=seat)
        if state.caller is None:
            continue  # passed out
        obs = state.observation(state.caller)
        last = next(text for s, text in reversed(obs["auction"]) if s == state.caller and text != "pass")
        rating = suit_rating(dealt[state.caller], card(obs["called"]).suit)
        margins.append(round(rating - _needed(_level(last)), 2))
    fit = sum(m >= 0 for m in margins)
    share = round(fit / len(margins), 3) if margins else None
    print(json.dumps({"level": args.level, "callers": len(margins), "fit": fit, "share": share}))
    print(json.dumps({"margins": sorted(margins)}))


if __name__ == "__main__":
    main()
