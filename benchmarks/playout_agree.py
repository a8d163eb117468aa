"""How often the hard level's playout rule makes the medium bot's card, by a card's place in the trick.

    python benchmarks/playout_agree.py [-n DEALS] [--seed S]

The playouts are the hard level's model of the other players: where the rule plays another card than the medium
bot would, the search values its own cards against players who are not at the table. Deals of medium bots;
at each decision with more than one card, the rule is asked on the true position (it sees every hand, as in a
world) and compared with the medium bot's card. Two-player Briscola's rule is ``briscola2.rule_move``;
Briscola Chiamata's is ``briscola_playout.chiamata_card`` (``playout_rules.playout_card``). Four-player
Briscola's playouts use the rule of thumb ``search.greedy_card``; what is asked there is the medium bot's card
worked out as in Chiamata (``briscola_playout.briscola_card``, not used by the hard level). Prints JSON: per
game, per place in the trick (0 = the lead), the share of the medium bot's cards the rule makes, the number of
decisions, and (four-player Briscola and Chiamata) the share the rule of thumb ``greedy_card`` makes.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

import trionfi
from trionfi.agents import make_agent
from trionfi.agents.briscola2 import briscola2, playout_tables, rule_move
from trionfi.agents.briscola_playout import briscola_card
from trionfi.agents.playout_rules import playout_card
from trionfi.agents.search import greedy_card
from trionfi.cards import CardError, card

GAMES: list[tuple[str, str, dict[str, Any]]] = [
    ("Briscola, 2 players", "briscola", {}),
    ("Briscola, 4 players", "briscola", {"players": 4}),
    ("Briscola Chiamata", "briscola-chiamata", {}),
]


def _cards(actions: list[Any]) -> list[Any]:
    found = []
    for a in actions:
        try:
            found.append(card(str(a)))
        except CardError:
            return []  # not a card play only (a claim, a bid): not asked
    return found


def agree(name: str, options: dict[str, Any], deals: int, seed: int) -> dict[str, list[float]]:
    game = trionfi.load(name, **options)
    fast = briscola2(game)
    own = playout_card(game) or briscola_card
    counts: dict[int, list[int]] = {}
    for d in range(seed, seed + deals):
        state = game.deal(seed=d)
        bots = [make_agent("medium", seed=d * 10 + s, game=game) for s in range(game.players)]
        while state.current_player is not None:
            p = state.current_player
            cards = _cards(state.legal_actions())
            action = bots[p].choose(state.observation(p))
            if len(cards) > 1:
                if fast is not None:
                    hands, stock, leader, led, _, unplayed, trump = fast.position(state)
                    tables = playout_tables(fast, trump)
                    rule = str(fast.cards[rule_move(fast, tables, hands, stock, leader, led, unplayed, trump)])
                else:
                    rule = str(own(state, cards))
                place = counts.setdefault(len(state.trick), [0, 0, 0])
                place[0] += rule == str(action)
                place[1] += 1
                if fast is None:
                    place[2] += str(greedy_card(state, cards)) == str(action)
            state.apply(action, seat=p)
    return {
        str(k): [round(same / total, 3), total] + ([round(greedy / total, 3)] if fast is None else [])
        for k, (same, total, greedy) in sorted(counts.items())
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=30, help="deals per game")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(json.dumps({title: agree(name, options, args.n, args.seed) for title, name, options in GAMES}))


if __name__ == "__main__":
    main()
