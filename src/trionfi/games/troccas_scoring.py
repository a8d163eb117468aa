"""Troccas card tables as data: values, trick strength, who wins a trick, what may be played, the count.

Everything here is a pure function of cards (RULES.md §5.2, §5.4, §5.5, §5.8), so the rule texts' examples
can be checked one by one (RULES.md §6.5, TC-01 ... TC-09, TC-12).

>>> count_group(cards(["Kc", "Qc", "5c", "7s"]))
8
>>> count_discard(cards(["Hc", "Qs"]))
6
>>> deal_result([40, 32])
[4, -4]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..cards import FOOL, TAROT_78, TAROT_TRUMP, Card, card, cards

__all__ = [
    "FOOL_CARD",
    "HONOURS",
    "JACK",
    "KING",
    "LONG_SUITS",
    "PACK_POINTS",
    "PAR",
    "ROUND_SUITS",
    "STRENGTH",
    "SUITS",
    "TRUMP",
    "TRUMPS",
    "VALUE",
    "card_value",
    "count_discard",
    "count_group",
    "count_pile",
    "deal_result",
    "led_suit",
    "playable",
    "trick_winner",
]

TRUMP = TAROT_TRUMP  # the suit letter of T1 ... T21
FOOL_CARD = card(FOOL)
SUITS = ("d", "c", "s", "b")
ROUND_SUITS = ("c", "d")  # cups and coins: the numerals rank in reverse, the 1 highest
LONG_SUITS = ("s", "b")  # swords and batons: the 10 highest numeral
# High to low (RULES.md §5.2); H is the cavalier.
ROUND_ORDER = ("K", "Q", "H", "J", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10")
LONG_ORDER = ("K", "Q", "H", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "1")
TRUMPS: tuple[Card, ...] = tuple(card(f"T{n}") for n in range(1, 22))  # TRUMPS[n - 1] is T<n>
HONOURS = frozenset((TRUMPS[0], TRUMPS[20], FOOL_CARD))  # the bagat (I), the mund (XXI) and the Fool
KING = {s: card("K" + s) for s in SUITS}
JACK = {s: card("J" + s) for s in SUITS}
COURT_RANKS = ("K", "Q", "H", "J")
RANK_VALUE = {"K": 5, "Q": 4, "H": 3, "J": 2}


def _value(c: Card) -> int:
    if c in HONOURS:
        return 5
    if c.suit == TRUMP:
        return 1
    return RANK_VALUE.get(c.rank, 1)


def _strength(c: Card) -> int:
    """Trick-taking strength: trumps 101-121 above any suit card (1-14 within its suit); the Fool -1."""
    if c is FOOL_CARD:
        return -1
    if c.suit == TRUMP:
        return 100 + int(c.rank)
    order = ROUND_ORDER if c.suit in ROUND_SUITS else LONG_ORDER
    return len(order) - order.index(c.rank)


VALUE: dict[Card, int] = {c: _value(c) for c in TAROT_78}
STRENGTH: dict[Card, int] = {c: _strength(c) for c in TAROT_78}
PACK_POINTS = 72  # 130 raw points, 19 groups of four (-3 each) and the discard pair (-1)
PAR = PACK_POINTS // 2  # a side wins or loses its points above or below 36


def card_value(code: str) -> int:
    """The card's value before counting: kings and honours 5, queens 4, cavaliers 3, jacks 2, others 1."""
    return VALUE[TAROT_78.check(code)]


def _parse(group: Iterable[str]) -> list[Card]:
    return [TAROT_78.check(c) for c in group]


def count_group(group: Iterable[str]) -> int:
    """The value of one group of four cards: the sum of their values minus 3."""
    parsed = _parse(group)
    if len(parsed) != 4:
        raise ValueError(f"a counting group has 4 cards, not {len(parsed)}")
    return sum(VALUE[c] for c in parsed) - 3


def count_pile(pile: Iterable[str]) -> int:
    """A pile of 4k won cards counted in groups of four: its values minus 3 per group (any grouping gives
    the same total)."""
    parsed = _parse(pile)
    if len(parsed) % 4:
        raise ValueError(f"a pile is counted in groups of four; {len(parsed)} cards do not divide by 4")
    return sum(VALUE[c] for c in parsed) - 3 * (len(parsed) // 4)


def count_discard(pair: Iterable[str]) -> int:
    """The dealer's two laid-away cards, counted as a pair: the sum of their values minus 1."""
    parsed = _parse(pair)
    if len(parsed) != 2:
        raise ValueError(f"the discard is 2 cards, not {len(parsed)}")
    return sum(VALUE[c] for c in parsed) - 1


def deal_result(points: Sequence[int]) -> list[int]:
    """Game points per side for a deal: each side's counted points minus 36 (zero-sum, as the two add to 72)."""
    return [p - PAR for p in points]


def led_suit(trick: Sequence[Card]) -> str | None:
    """The suit to follow: that of the first card other than the Fool (None while only the Fool is out)."""
    for c in trick:
        if c is not FOOL_CARD:
            return c.suit
    return None


def playable(hand: Sequence[Card], trick: Sequence[Card]) -> list[Card]:
    """The cards of ``hand`` that may be played to ``trick`` (RULES.md §5.4, §5.5): follow suit if able, else
    trump if able, else any card; the Fool may always be played. An empty trick, or one holding only the
    Fool, may be led (or fixed) with any card."""
    led = led_suit(trick)
    if led is None:
        return list(hand)
    allowed = [c for c in hand if c.suit == led] or [c for c in hand if c.suit == TRUMP]
    if not allowed:
        return list(hand)
    if FOOL_CARD in hand:
        allowed.append(FOOL_CARD)
    return allowed


def trick_winner(trick: Sequence[Card]) -> int:
    """Index (in play order) of the card that wins: the highest trump, else the highest card of the suit
    led by that suit's own order. The Fool never wins (a trick always holds other cards)."""
    led = led_suit(trick)
    strength = STRENGTH
    best, best_key = -1, -2
    for i, c in enumerate(trick):
        if c.suit != TRUMP and c.suit != led:
            continue  # the Fool and cards of other suits cannot win
        key = strength[c]
        if key > best_key:
            best, best_key = i, key
    if best < 0:
        raise ValueError("a trick of only the Fool has no winner")
    return best


def parse_cards(codes: Iterable[str]) -> list[Card]:
    """Card codes of the 78-card pack (a CardError for anything else)."""
    return [TAROT_78.check(c) for c in cards(codes)]
