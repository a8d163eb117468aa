"""Trick building blocks shared by the games: who wins a trick, and which cards may be played.

The winner is "the highest card under a precedence key": a trump beats any non-trump, a card of the suit
led beats a card of another suit, and within one suit the strength table decides (the first of two equal
cards wins, which only matters in games with equal ranks).

Play restrictions follow the "first non-empty filtered subset of the hand" pattern: each rule is a
sequence of filters tried in turn, the last one being the whole hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .cards import Card


def winning_index(cards: Sequence[Card], trump: str | None, strength: Mapping[Card, int]) -> int:
    """Index in ``cards`` (play order, the lead first) of the card that wins the trick."""
    if len(cards) == 2:  # every 2-player trick: the same rule without the loop
        lead, second = cards
        if second.suit == lead.suit:
            return 1 if strength[second] > strength[lead] else 0
        return 1 if second.suit == trump else 0
    best = 0
    best_card = cards[0]
    for i in range(1, len(cards)):
        c = cards[i]
        if c.suit == best_card.suit:
            if strength[c] > strength[best_card]:
                best, best_card = i, c
        elif c.suit == trump:
            # The best card so far is of another suit than this trump, so it is no trump: the trump wins.
            best, best_card = i, c
    return best


# --- play restrictions ------------------------------------------------------------------------------
# Each takes the hand, the cards already in the trick (lead first), the trump suit and the strength table,
# and returns the list of cards that may be played. The trick is never empty when they are called.


def free(hand: list[Card], trick: Sequence[Card], trump: str | None, strength: Mapping[Card, int]) -> list[Card]:
    """Any card (Briscola)."""
    return hand[:]


def follow(hand: list[Card], trick: Sequence[Card], trump: str | None, strength: Mapping[Card, int]) -> list[Card]:
    """Follow suit if able, else any card (Briscolone with its follow-suit rule)."""
    led = trick[0].suit
    return [c for c in hand if c.suit == led] or hand[:]


def follow_or_trump(
    hand: list[Card], trick: Sequence[Card], trump: str | None, strength: Mapping[Card, int]
) -> list[Card]:
    """Follow suit if able, else trump if able, else any card (Trijumf; no duty to beat)."""
    led = trick[0].suit
    return [c for c in hand if c.suit == led] or [c for c in hand if c.suit == trump] or hand[:]


def follow_or_overtrump(
    hand: list[Card], trick: Sequence[Card], trump: str | None, strength: Mapping[Card, int]
) -> list[Card]:
    """Follow suit if able; else over-trump the highest trump in the trick if able; else trump; else any."""
    led = trick[0].suit
    suited = [c for c in hand if c.suit == led]
    if suited:
        return suited
    trumps = [c for c in hand if c.suit == trump]
    if not trumps:
        return hand[:]
    played = [strength[c] for c in trick if c.suit == trump]
    if played:
        top = max(played)
        return [c for c in trumps if strength[c] > top] or trumps
    return trumps


RESTRICTIONS = {
    "free": free,
    "follow": follow,
    "follow_or_trump": follow_or_trump,
    "follow_or_overtrump": follow_or_overtrump,
}
