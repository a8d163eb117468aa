"""Cards, suits, ranks and the decks of the triumph games.

A card is a :class:`Card`, a ``str`` subclass whose text is its code, rank then suit (``"Kd"``, ``"10s"``,
``"T21"``, ``"Fool"``). Cards are interned: there is one object per code, so identity comparison, hashing
and dictionary look-ups are as fast as for plain strings, and a card compares equal to its code.

>>> card("kd")
'Kd'
>>> card("10s").rank, card("10s").suit
('10', 's')
>>> card("Kd") == "Kd"
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .errors import CardError

ITALIAN_SUITS = ("d", "c", "s", "b")  # coins (denari), cups (coppe), swords (spade), batons (bastoni)
ITALIAN_RANKS = ("A", "2", "3", "4", "5", "6", "7", "J", "H", "K")
FRENCH_SUITS = ("h", "d", "c", "s")
FRENCH_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
TAROT_SUIT_RANKS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "H", "Q", "K")
TAROT_TRUMP = "T"  # the suit letter of the 21 numbered trumps
FOOL = "Fool"

SUIT_NAMES = {
    "italian": {"d": "coins", "c": "cups", "s": "swords", "b": "batons"},
    "french": {"h": "hearts", "d": "diamonds", "c": "clubs", "s": "spades"},
}
RANK_NAMES = {
    "A": "ace",
    "J": "jack",
    "H": "horse",
    "Q": "queen",
    "K": "king",
    "1": "ace",
}


class Card(str):
    """One playing card. Its text is its code; ``rank`` and ``suit`` are the two halves of the code.

    Do not construct directly: use :func:`card` (which accepts any letter case) so that every code has
    exactly one object.
    """

    rank: str
    suit: str

    def __repr__(self) -> str:
        return f"Card({str.__repr__(self)})"


_BY_CODE: dict[str, Card] = {}  # lower-case code -> the one Card object


def _make(rank: str, suit: str, code: str | None = None) -> Card:
    code = code or rank + suit
    key = code.lower()
    found = _BY_CODE.get(key)
    if found is None:
        found = Card(code)
        found.rank = rank
        found.suit = suit
        _BY_CODE[key] = found
    return found


def _suited(ranks: Iterable[str], suits: Iterable[str]) -> tuple[Card, ...]:
    return tuple(_make(rank, suit) for suit in suits for rank in ranks)


def card(code: str | Card) -> Card:
    """The card with this code, in any letter case. Raises :class:`CardError` for a text that is no card."""
    if code.__class__ is Card:
        return code  # type: ignore[return-value]
    if not isinstance(code, str):
        raise CardError(f"a card code must be a string, not {type(code).__name__} {code!r}")
    found = _BY_CODE.get(code.strip().lower())
    if found is None:
        raise CardError(
            f"{code!r} is not a card code: write the rank then the suit, e.g. 'Kd', '10s', 'Hb' "
            "(Italian ranks A 2-7 J H K, suits d c s b; French ranks A 2-10 J Q K, suits h d c s)"
        )
    return found


def cards(codes: Iterable[str | Card]) -> list[Card]:
    """Parse several card codes (see :func:`card`)."""
    return [card(c) for c in codes]


class Deck(tuple[Card, ...]):
    """An ordered, named pack of cards (the order is the unshuffled order, suit by suit)."""

    name: str
    description: str
    family: str  # "italian", "french" or "tarot": how suits are named

    def __new__(cls, name: str, description: str, family: str, contents: Iterable[Card]) -> Deck:
        self = super().__new__(cls, contents)
        self.name, self.description, self.family = name, description, family
        return self

    def check(self, code: str | Card) -> Card:
        """The card with this code if it belongs to this deck, else a :class:`CardError` naming the deck."""
        found = card(code)
        if found not in self._members:
            raise CardError(f"{found} is not in this game's deck ({self.description})")
        return found

    @property
    def _members(self) -> frozenset[Card]:
        members = self.__dict__.get("_member_set")
        if members is None:
            members = self.__dict__["_member_set"] = frozenset(self)
        return members

    def without(self, name: str, description: str, removed: Iterable[Card]) -> Deck:
        gone = set(removed)
        return Deck(name, description, self.family, (c for c in self if c not in gone))

    def suit_name(self, suit: str) -> str:
        return SUIT_NAMES.get(self.family, {}).get(suit, suit)

    def suit_names(self) -> dict[str, str]:
        """The pack's suit letters, in its order, with their names (a new dict: the caller's own)."""
        names = self.__dict__.get("_suit_names")
        if names is None:  # observations ask for it at every move: worked out once per pack
            names = self.__dict__["_suit_names"] = {c.suit: self.suit_name(c.suit) for c in self}
        return dict(names)


ITALIAN_40 = Deck(
    "italian40",
    "Italian 40 cards: ranks A 2 3 4 5 6 7 J H K, suits d c s b",
    "italian",
    _suited(ITALIAN_RANKS, ITALIAN_SUITS),
)
FRENCH_40 = Deck(
    "french40",
    "French 40 cards without 8 9 10: ranks A 2-7 J Q K, suits h d c s",
    "french",
    _suited(("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"), FRENCH_SUITS),
)
FRENCH_52 = Deck(
    "french52", "French 52 cards: ranks A 2-10 J Q K, suits h d c s", "french", _suited(FRENCH_RANKS, FRENCH_SUITS)
)
BOSNIAN_32 = Deck(
    "bosnian32",
    "32 cards: ranks A K Q J 10 9 8 7, suits h d c s",
    "french",
    _suited(("A", "7", "8", "9", "10", "J", "Q", "K"), FRENCH_SUITS),
)
ITALIAN_36 = ITALIAN_40.without(
    "italian36", "Italian 36 cards: the 40 without the 2s", (c for c in ITALIAN_40 if c.rank == "2")
)
TAROT_78 = Deck(
    "tarot78",
    "Swiss tarot 78 cards: suits d c s b of 1-10 J H Q K, trumps T1-T21, the Fool",
    "tarot",
    _suited(TAROT_SUIT_RANKS, ITALIAN_SUITS)
    + tuple(_make(str(n), TAROT_TRUMP, f"T{n}") for n in range(1, 22))
    + (_make(FOOL, "", FOOL),),
)

# Trionfetti's 52-card Italian pack (Trevigiane): its own 1 F C R are the codes A J H K.
ITALIAN_52_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "H", "K")
ITALIAN_52 = Deck(
    "italian52",
    "Italian 52 cards: ranks A 2-10 J H K, suits d c s b",
    "italian",
    _suited(ITALIAN_52_RANKS, ITALIAN_SUITS),
)

DECKS = {d.name: d for d in (ITALIAN_40, FRENCH_40, FRENCH_52, BOSNIAN_32, ITALIAN_36, TAROT_78, ITALIAN_52)}


def check_stacked(deck: Deck, codes: Sequence[str | Card]) -> list[Card]:
    """Parse a stacked deck and check it is exactly ``deck`` in some order (no card missing, none twice)."""
    from .errors import DeckError

    if isinstance(codes, str) or not isinstance(codes, Sequence):
        raise DeckError(f"a stacked deck is a list of card codes, not {type(codes).__name__}")
    parsed: list[Card] = []
    for i, code in enumerate(codes):
        try:
            parsed.append(deck.check(code))
        except CardError as e:
            raise DeckError(f"card {i + 1} of the stacked deck: {e}") from None
    seen: set[Card] = set()
    twice = [c for c in parsed if c in seen or seen.add(c)]
    missing = [c for c in deck if c not in seen]
    if twice or missing or len(parsed) != len(deck):
        parts = [f"a stacked deck must hold each of the {len(deck)} cards of the {deck.name} deck once"]
        if twice:
            parts.append("repeated: " + " ".join(twice))
        if missing:
            parts.append("missing: " + " ".join(missing))
        raise DeckError("; ".join(parts))
    return parsed
