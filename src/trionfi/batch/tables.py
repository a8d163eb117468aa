"""The card ids of the batched core and the look-up tables its step reads, built once from an engine game.

A card's id is its index in the game's pack (``game.deck``, the unshuffled order, suit by suit): with the Italian
pack ``0 = Ad, 1 = 2d, ... 9 = Kd, 10 = Ac, ... 39 = Kb``. Every table has one more entry than the pack, read
through the id ``-1`` (an empty hand slot, no card on the table): that entry is neutral (no suit, no points).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..cards import Card, card
from ..errors import CardError, DeckError, shown
from ..games.briscola import Briscola

NO_CARD = -1


class CardTables:
    """Per-card data of one 2-player Briscola game as numpy arrays indexed by card id."""

    def __init__(self, game: Briscola) -> None:
        deck = game.deck
        self.cards: tuple[Card, ...] = tuple(deck)
        self.size = c = len(deck)
        self.id_of: dict[Card, int] = {card: i for i, card in enumerate(deck)}
        suits = list(dict.fromkeys(card.suit for card in deck))
        self.suit_letters: tuple[str, ...] = tuple(suits)
        self.suits = n_suits = len(suits)
        # One more entry than the pack: the id -1 (no card) reads the last one, a suit no card has.
        self.suit = np.array([suits.index(card.suit) for card in deck] + [n_suits], dtype=np.int8)
        self.strength = np.array([game.strength[card] for card in deck] + [0], dtype=np.int8)
        self.points = np.array([game.card_points[card] for card in deck] + [0], dtype=np.int8)
        # The A/3 turn-up rule sends back the cards of the two highest ranks.
        self.rejected = np.array([card.rank in game.top_two for card in deck] + [False], dtype=bool)
        # The trick of two cards, by trump suit (n_suits: no trumps, Briscolone), led card and second card:
        # bit 0 says the second card wins, the other bits hold the trick's card points (at most 22).
        suit, strength, points = self.suit[:c], self.strength[:c], self.points[:c]
        same = suit[:, None] == suit[None, :]
        higher = strength[None, :] > strength[:, None]
        trick = np.empty((n_suits + 1, c, c), dtype=np.int8)
        for trump in range(n_suits + 1):
            second_trumps = (suit[None, :] == trump) & (suit[:, None] != trump)
            second_wins = (same & higher) | second_trumps
            trick[trump] = (points[:, None] + points[None, :]) * 2 + second_wins
        self.trick = trick.reshape(-1)

    def ids(self, codes: Sequence[str]) -> list[int]:
        """The ids of card codes of this pack (any letter case), or a DeckError naming the first stranger."""
        out = []
        for code in codes:
            try:
                found = self.id_of.get(card(code))
            except CardError:
                found = None
            if found is None:
                raise DeckError(f"{shown(code)} is not a card of this game's pack ({' '.join(self.cards)})")
            out.append(found)
        return out

    def codes(self, ids: Sequence[int] | np.ndarray) -> list[str]:
        """The codes of card ids (an id of -1, an empty slot, is left out)."""
        return [str(self.cards[i]) for i in np.asarray(ids).ravel().tolist() if i != NO_CARD]
