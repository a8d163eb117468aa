"""Tschintschar: the fixed vocabulary of Troccas table talk during the deal (RULES.md §5.7).

Statements are public: every seat hears them. There are two lists: one for the pauses while cards are still
being dealt (after 6 or 12 cards; in a 9 + 10 catch-up deal, after the first 9) and one for the pause after
the full deal. By default a statement is not checked for truth, as at a real table; with the option
``truthful_tschintschar`` only statements true of the speaker's hand are allowed, under these definitions
(RULES.md §5.7 CHOICE and our own where it gives none):

* an *honour* is any 5-point card: the four kings, I, XXI and the Fool;
* *small trumps* are I-X, *high trumps* XI-XXI; the Fool is never a trump;
* *many court cards* means at least 6 of the kings, queens, cavaliers and jacks;
* "half my cards are trumps" allows rounding either way (4 or 5 of 9 cards);
* hand strength = trumps + 2 x honours (the I and the XXI count as both). A hand is *good* when the
  strength is at least 0.6 x its number of cards, *bad* (or "nothing") when at most 0.3 x, *mediocre*
  in between; it is *worthless* when it has no trump and no card worth more than 1 point.

Statements that make no claim about the hand ("I'll let you choose", "go and discard") are always true.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..cards import Card
from .troccas_scoring import COURT_RANKS, FOOL_CARD, SUITS, TRUMP, VALUE

EARLY = "early"  # while the cards are being dealt
LATE = "late"  # after the full deal


@dataclass(frozen=True)
class Shape:
    """What the truth tests need to know of a hand."""

    cards: int
    trumps: int
    small: int
    high: int
    honours: int
    court: int
    fool: bool
    family: bool  # all four court cards of one suit
    blank: bool  # no trump and no card worth more than 1

    @property
    def strength(self) -> int:
        return self.trumps + 2 * self.honours


def shape(hand: Sequence[Card]) -> Shape:
    trumps = [int(c.rank) for c in hand if c.suit == TRUMP]
    court = [c for c in hand if c.rank in COURT_RANKS and c.suit != TRUMP]
    family = any(sum(1 for c in court if c.suit == s) == 4 for s in SUITS)
    return Shape(
        cards=len(hand),
        trumps=len(trumps),
        small=sum(1 for n in trumps if n <= 10),
        high=sum(1 for n in trumps if n >= 11),
        honours=sum(1 for c in hand if VALUE[c] == 5),
        court=len(court),
        fool=FOOL_CARD in hand,
        family=family,
        blank=not trumps and all(VALUE[c] == 1 for c in hand),
    )


def _good(h: Shape) -> bool:
    return h.strength * 10 >= 6 * h.cards


def _bad(h: Shape) -> bool:
    return h.strength * 10 <= 3 * h.cards


@dataclass(frozen=True)
class Statement:
    name: str  # the words said (the action is "say <name>")
    other_names: tuple[str, ...]  # other words for the same statement
    meaning: str  # what it tells the partner, in our words
    moment: str  # EARLY or LATE
    true_of: Callable[[Shape], bool]

    @property
    def action_text(self) -> str:
        return f"say {self.name}"


STATEMENTS: tuple[Statement, ...] = (
    Statement("strusch in", (), "exactly one honour", EARLY, lambda h: h.honours == 1),
    Statement("in", (), "two honours", EARLY, lambda h: h.honours == 2),
    Statement("tric e trac", (), "half my cards are trumps", EARLY, lambda h: abs(2 * h.trumps - h.cards) <= 1),
    Statement("jeu mirel", ("aunc sis",), "good hand: deal on", EARLY, _good),
    Statement("autras", (), "bad hand: let us abandon this deal", EARLY, _bad),
    Statement("nuot", ("lavadas",), "my cards are worthless", EARLY, lambda h: h.blank),
    Statement("il narr", (), "the Fool and some trumps", EARLY, lambda h: h.fool and h.trumps > 0),
    Statement("il narr blut", (), "the Fool and no trump", EARLY, lambda h: h.fool and h.trumps == 0),
    Statement("jeu lasch liber", (), "you decide: deal on or redeal", EARLY, lambda h: True),
    Statement("in trochetg", (), "five or six trumps", LATE, lambda h: 5 <= h.trumps <= 6),
    Statement("ina trocca", (), "seven or eight trumps", LATE, lambda h: 7 <= h.trumps <= 8),
    Statement(
        "in pèr tunnels", ("in per tunnels",), "four or five small trumps (I-X)", LATE, lambda h: 4 <= h.small <= 5
    ),
    Statement("da Medel", (), "eight to ten high trumps (XI-XXI)", LATE, lambda h: 8 <= h.high <= 10),
    Statement("da Tujetsch", (), "many court cards (6 or more)", LATE, lambda h: h.court >= 6),
    Statement("ina cuort", ("ina famiglia",), "all four court cards of one suit", LATE, lambda h: h.family),
    Statement(
        "in pass", (), "two honours with six or seven trumps", LATE, lambda h: h.honours == 2 and 6 <= h.trumps <= 7
    ),
    Statement("jeu gidel", (), "good hand", LATE, _good),
    Statement("pli bugen autras", (), "mediocre hand", LATE, lambda h: not _good(h) and not _bad(h)),
    Statement("jeu sun buc cheu", (), "nothing in my hand", LATE, _bad),
    Statement("fai scart", ("nus dein",), "let us play: dealer, discard", LATE, lambda h: True),
)
BY_MOMENT = {m: tuple(s for s in STATEMENTS if s.moment == m) for m in (EARLY, LATE)}


def fold(text: str) -> str:
    """Lower case, single spaces, accents dropped: how typed statements are matched."""
    text = unicodedata.normalize("NFKD", text.lower())
    # Accents are dropped before the spaces are tidied: an accent typed alone leaves no word, not a space.
    return " ".join("".join(ch for ch in text if not unicodedata.combining(ch)).split())


# Typed words (with or without "say", any accents) -> the statement.
SPELLINGS: dict[str, Statement] = {}
for _s in STATEMENTS:
    for _name in (_s.name, *_s.other_names):
        SPELLINGS[fold(_name)] = _s
        SPELLINGS[fold("say " + _name)] = _s
BY_TEXT = {s.action_text: s for s in STATEMENTS}


def allowed(moment: str, hand: Sequence[Card], truthful: bool) -> tuple[Statement, ...]:
    """The statements that may be said now: all of the moment's list, or only the true ones."""
    pool = BY_MOMENT[moment]
    if not truthful:
        return pool
    h = shape(hand)
    return tuple(s for s in pool if s.true_of(h))
