"""Triomphe by the Strasbourg rules (1637): the fixed top trumps and the card tables they need.

Whatever suit is trumps, the four highest trumps are, high to low, the ace of hearts, the king of diamonds,
the queen of spades and the jack of clubs (RULES.md §3.2; the order as listed is a CHOICE). They count as
trumps only, not as cards of their printed suits (TR-12, a CHOICE by analogy with matadors): a heart led does
not oblige the holder of the ace of hearts to play it, and that ace follows a trump lead. Below them come the
other cards of the trump suit, aces high. So a card's *effective* suit depends on the trump suit, and the
generic :func:`trionfi.tricks.winning_index`, which reads the printed suit, cannot judge these tricks:
:func:`winning_index_by` does, with a per-trump table of effective suits.

The game itself (options, deal, the ace turn-up exchange, scoring) lives in :mod:`trionfi.games.triomphe`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from ..cards import FRENCH_52, FRENCH_SUITS, Card, card
from ..ranking import STRASBOURG

# High to low: A♥ K♦ Q♠ J♣ (RULES.md §3.2).
TOP_TRUMPS: tuple[Card, ...] = tuple(card(c) for c in ("Ah", "Kd", "Qs", "Jc"))
CARD_POINTS: dict[Card, int] = STRASBOURG.card_points(FRENCH_52)
WORTHLESS: frozenset[Card] = frozenset(c for c in FRENCH_52 if CARD_POINTS[c] == 0)

Restriction = Callable[[list[Card], Sequence[Card], str | None, Mapping[Card, int]], list[Card]]


def effective_suits(trump: str) -> dict[Card, str]:
    """Card -> the suit it plays as when ``trump`` is trumps: the top trumps join the trump suit."""
    top = set(TOP_TRUMPS)
    return {c: trump if c in top else c.suit for c in FRENCH_52}


def strengths(trump: str) -> dict[Card, int]:
    """Card -> strength within its effective suit when ``trump`` is trumps (higher beats lower).

    Plain cards keep the A K Q … 2 order (2 = 1 … A = 13); the top trumps rank above every trump, A♥ highest.
    """
    table = STRASBOURG.strengths(FRENCH_52)
    above = len(STRASBOURG.order) + len(TOP_TRUMPS)
    for i, c in enumerate(TOP_TRUMPS):
        table[c] = above - i
    return table


def trump_order(trump: str) -> list[Card]:
    """Every trump when ``trump`` is trumps, highest first (TR-14 reads it back)."""
    suit_of, strength = effective_suits(trump), strengths(trump)
    return sorted((c for c in FRENCH_52 if suit_of[c] == trump), key=lambda c: -strength[c])


def winning_index_by(
    cards: Sequence[Card], trump: str, suit_of: Mapping[Card, str], strength: Mapping[Card, int]
) -> int:
    """Index in ``cards`` (play order) of the card that wins a trick, judged by effective suits.

    The highest trump wins, else the highest card of the (effective) suit led.
    """
    best = 0
    best_card = cards[0]
    best_suit = suit_of[best_card]
    for i in range(1, len(cards)):
        c = cards[i]
        s = suit_of[c]
        if s == best_suit:
            if strength[c] > strength[best_card]:
                best, best_card = i, c
        elif s == trump:
            best, best_card, best_suit = i, c, s
    return best


def restriction(suit_of: Mapping[Card, str], must_trump: bool) -> Restriction:
    """Follow the effective suit led if able; else (``must_trump``) trump if able; else any card."""

    def allowed(hand: list[Card], trick: Sequence[Card], trump: str | None, strength: Mapping[Card, int]) -> list[Card]:
        led = suit_of[trick[0]]
        suited = [c for c in hand if suit_of[c] == led]
        if suited:
            return suited
        if must_trump:
            trumps = [c for c in hand if suit_of[c] == trump]
            if trumps:
                return trumps
        return hand[:]

    return allowed


class Tables:
    """The per-trump tables of one game, built once: effective suits, strengths and play restrictions."""

    def __init__(self, must_trump: bool) -> None:
        self.suit_of = {t: effective_suits(t) for t in FRENCH_SUITS}
        self.strength = {t: strengths(t) for t in FRENCH_SUITS}
        self.restriction = {t: restriction(self.suit_of[t], must_trump) for t in FRENCH_SUITS}
