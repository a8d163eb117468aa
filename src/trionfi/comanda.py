"""The comanda: Trionfetti's spoken card ranking (RULES.md §4.4), read into a :class:`Ranking`.

The player who cuts announces, from the lowest cards to the highest, how the 52 cards rank for the whole
smazzata: ``"manco e cavalli"`` (everything in reverse, then the horses on top), ``"primiera e fanti"``,
``"denari al tredici"``... This module is a hand-written lexer and recursive-descent parser for that language
(grammar and vocabulary in docs/comanda.md and RULES.md §4.4.2-4.4.3) and the fold of RULES.md §4.4.4 that
turns the clauses into tiers of equal cards.

>>> r = parse_comanda("manco e cavalli")
>>> r.notation(trionfetti=True)
'R F 10 9 8 7 6 5 4 3 2 1 C'
>>> r.strength[card("Hd")] > r.strength[card("Kd")]
True
>>> parse_comanda("tutto al tredici") == DEFAULT
True

Choices taken where RULES.md leaves room (all listed in docs/comanda.md):

* Separators (``,`` ``;`` ``e`` ``ed``, a full stop) may be repeated, lead or trail. A separator ends a clause,
  so it matters after a bare direction: ``"più e napoli"`` (C17) is two clauses, ``"più napoli"`` one.
* The comanda also accepts card notation, so an explicit tier list is just a series of clauses:
  ``"8 9 10 J H K 2 3 4 5 A 6 7"``, ``"Kd"``, ``"K[bds]"`` (a king of each named suit, equal),
  ``"{7c 7d}"`` or ``"7c = 7d"`` (equal cards). Equal cards of different default ranks are rejected
  (restriction 1); restriction 2 holds by construction.
* The letters of both notations name ranks where a rank may stand: ``A``/``1``, ``J``/``F``, ``H``/``C``,
  ``K``/``R``. The word ``a`` is the preposition when a suit follows it or when it extends a suit clause
  (``"figure de coppe a asso"``), otherwise the ace.
* A suit named twice in one clause (``"strette col palo di coppe"``) is an error unless it is the same suit.
* User nicknames (``nicknames=``) are macros too: a :class:`Ranking` stands for its own tiers, lowest first,
  and a text for the clauses it reads as. They may not reuse a word of the language.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from .cards import ITALIAN_52, ITALIAN_52_RANKS, ITALIAN_SUITS, Card, card
from .errors import CardError, ComandaError

__all__ = ["BUILTIN_NICKNAMES", "DEFAULT", "ComandaError", "Ranking", "parse_comanda"]

RANK_NUMBER = {rank: i + 1 for i, rank in enumerate(ITALIAN_52_RANKS)}  # A=1 ... K=13: the default order
ALL_SUITS = frozenset(ITALIAN_SUITS)
_DECK_INDEX = {c: i for i, c in enumerate(ITALIAN_52)}
_CARD = {(n, s): card(r + s) for r, n in RANK_NUMBER.items() for s in ITALIAN_SUITS}

# --- the vocabulary (normalised: lower case, no accents) -------------------------------------------------------
UP, DOWN = 1, -1
DIRECTIONS = {"piu": UP, "manco": DOWN, "meno": DOWN}
# Each set's natural order, lowest first, as rank numbers (1 = ace ... 11 F, 12 C, 13 R), and its own suit if any.
SETS: dict[str, tuple[tuple[int, ...], str | None]] = {
    "ponto": (tuple(range(1, 11)), None),
    "punto": (tuple(range(1, 11)), None),  # the standard Italian spelling of the Venetian "ponto"
    "figure": ((11, 12, 13), None),
    "scartine": ((8, 9, 10), None),
    "pari": ((2, 4, 6, 8, 10, 12), None),
    "dispari": ((1, 3, 5, 7, 9, 11, 13), None),
    "napoli": ((1, 2, 3), None),
    "primiera": ((8, 9, 10, 11, 12, 13, 2, 3, 4, 5, 1, 6, 7), None),
    "strette col palo": ((1, 3, 5, 7, 9), "s"),
    "donne veneziane": ((4, 6), "s"),
    "meneghello": ((2,), "s"),
}
RANK_WORDS = {
    "asso": 1, "assi": 1, "uno": 1, "due": 2, "tre": 3, "quattro": 4, "cinque": 5, "sei": 6,
    "sette": 7, "siete": 7, "otto": 8, "nove": 9, "dieci": 10,
    "undici": 11, "fante": 11, "fanti": 11, "dodici": 12, "cavallo": 12, "cavalli": 12, "tredici": 13, "re": 13,
}  # fmt: skip
# Rank letters of the card codes (A J H K) and of Trionfetti's own notation (1 F C R). "a" is handled apart.
RANK_LETTERS = {"j": 11, "f": 11, "h": 12, "c": 12, "k": 13, "r": 13}
SUITS = {
    "denari": "d", "denaro": "d", "coppe": "c", "coppa": "c", "spade": "s", "spada": "s", "strette": "s",
    "bastoni": "b", "bastone": "b",
}  # fmt: skip
SUIT_PREPS = ("di", "de", "in")  # and "a", which doubles as the ace
SEPARATORS = ("e", "ed")
BUILTIN_NICKNAMES = {
    "componogara": "più ponto, denari al tredici, coppe al'otto, spade al dieci",
    "bomba": "più ponto, 1, 2, 4, 3, più figure di spade",
}
_OTHER_WORDS = ("tutto", "tutti", "fino", "al", "a", "ad", *SUIT_PREPS, *SEPARATORS)
_DISPLAY = {"piu": "più"}
VOCABULARY = tuple(
    dict.fromkeys([*DIRECTIONS, *SETS, *RANK_WORDS, *SUITS, *BUILTIN_NICKNAMES, *_OTHER_WORDS])
)  # every word and phrase of the language, for suggestions and for checking user nicknames
_PHRASES = {tuple(w.split()): w for w in VOCABULARY if " " in w}
# A word the language lacks, and what a comanda is made of. The browser renders these sentences through
# web/lang/it.json, keyed on the English: change both together.
UNKNOWN_WORD = "a comanda has no such word"
WORDS_HINT = (
    "A comanda names ranks (assi, due ... dieci, fanti, cavalli, re, or 1 to 13), sets (ponto, figure, primiera, "
    "pari, ...) and suits (denari, coppe, spade, bastoni), lowest first, with più or manco and 'e' between "
    "its parts, e.g. 'manco e cavalli'"
)

RANK_NAMES = {
    "it": (
        ("asso", "assi"), ("due", "due"), ("tre", "tre"), ("quattro", "quattro"), ("cinque", "cinque"),
        ("sei", "sei"), ("sette", "sette"), ("otto", "otto"), ("nove", "nove"), ("dieci", "dieci"),
        ("fante", "fanti"), ("cavallo", "cavalli"), ("re", "re"),
    ),
    "en": (
        ("ace", "aces"), ("two", "twos"), ("three", "threes"), ("four", "fours"), ("five", "fives"),
        ("six", "sixes"), ("seven", "sevens"), ("eight", "eights"), ("nine", "nines"), ("ten", "tens"),
        ("jack", "jacks"), ("horse", "horses"), ("king", "kings"),
    ),
}  # fmt: skip
SUIT_WORDS = {
    "it": {"d": "denari", "c": "coppe", "s": "spade", "b": "bastoni"},
    "en": {"d": "coins", "c": "cups", "s": "swords", "b": "batons"},
}
_AND = {"it": "e", "en": "and"}
_OF = {"it": "di", "en": "of"}
TRIONFETTI_LETTERS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "F", "C", "R")


# --- the ranking --------------------------------------------------------------------------------------------
class Ranking:
    """A total preorder of the 52 cards of the Italian pack: a list of tiers, lowest first.

    Each tier is a frozenset of cards of one default rank (equal cards); every card is in exactly one tier.
    ``strength[c]`` is the tier index of card ``c`` (0 = lowest), the fast look-up for trick play.
    ``name`` is a nickname (or None) and ``text`` the command as given (or None). Two rankings are equal when
    their tiers are, whatever their names.
    """

    __slots__ = ("_tiers", "name", "strength", "text")

    def __init__(self, tiers: Iterable[Iterable[str]], *, name: str | None = None, text: str | None = None) -> None:
        built: list[frozenset[Card]] = []
        seen: dict[Card, int] = {}
        for i, tier in enumerate(tiers):
            if isinstance(tier, str):
                tier = tier.split()
            try:
                group = frozenset(ITALIAN_52.check(c) for c in tier)
            except CardError as e:
                raise ComandaError(f"tier {i + 1}: {e}") from None
            if not group:
                raise ComandaError(f"tier {i + 1} is empty")
            if len({c.rank for c in group}) > 1:
                raise ComandaError(
                    f"tier {i + 1} makes cards of different default ranks equal ({' '.join(_in_deck_order(group))})"
                    ": only cards of one rank may be equal (RULES.md §4.4 restriction 1)"
                )
            for c in group:
                if c in seen:
                    raise ComandaError(f"{c} is in tier {seen[c] + 1} and again in tier {i + 1}")
                seen[c] = i
            built.append(group)
        missing = [c for c in ITALIAN_52 if c not in seen]
        if missing:
            raise ComandaError(f"the tiers must hold all 52 cards; missing: {' '.join(missing)}")
        self._tiers = tuple(built)
        self.strength: dict[Card, int] = {c: seen[c] for c in ITALIAN_52}
        self.name = name
        self.text = text

    # - comparison and identity -
    @property
    def tiers(self) -> list[frozenset[Card]]:
        """The tiers, lowest first; each a frozenset of cards (``str`` card codes) of one default rank."""
        return list(self._tiers)

    def __len__(self) -> int:
        return len(self._tiers)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Ranking):
            return NotImplemented
        return self._tiers == other._tiers

    def __hash__(self) -> int:
        return hash(self._tiers)

    def __repr__(self) -> str:
        label = self.name or self.text
        return f"<Ranking {label!r}: {self.notation()}>" if label else f"<Ranking {self.notation()}>"

    def __str__(self) -> str:
        return self.notation()

    def beats(self, a: str, b: str) -> bool:
        """Whether card ``a`` ranks strictly above card ``b``."""
        return self.strength[card(a)] > self.strength[card(b)]

    def winner(self, played: Sequence[str]) -> int:
        """Index of the winning card among cards played in this order: the highest tier, the first on a tie."""
        strength = self.strength
        best, best_i = -1, 0
        for i, code in enumerate(played):
            s = strength[card(code)]
            if s > best:
                best, best_i = s, i
        return best_i

    # - conversions -
    def named(self, name: str) -> Ranking:
        """A copy of this ranking carrying a nickname; pass it in ``nicknames`` to use the name in commands."""
        copy = Ranking.__new__(Ranking)
        copy._tiers, copy.strength, copy.text = self._tiers, self.strength, self.text
        copy.name = name
        return copy

    def to_list(self) -> list[list[str]]:
        """The tiers as lists of card codes (deck order within a tier), lowest first: JSON-friendly."""
        return [_in_deck_order(t) for t in self._tiers]

    @classmethod
    def from_list(cls, tiers: Sequence[Sequence[str]], *, name: str | None = None) -> Ranking:
        """The inverse of :meth:`to_list`; checks that the tiers partition the pack with one rank per tier."""
        return cls(tiers, name=name)

    def notation(self, trionfetti: bool = False) -> str:
        """The order in card notation, lowest first, e.g. ``"K[dcs] 2 Kb"``: a bare rank is all four suits,
        ``K[dcs]`` equal kings of those suits. ``trionfetti=True`` writes Trionfetti's ranks 1 ... 10 F C R.
        :func:`parse_comanda` reads both back."""
        letters = TRIONFETTI_LETTERS if trionfetti else ITALIAN_52_RANKS
        parts = []
        for tier in self._tiers:
            rank = letters[RANK_NUMBER[next(iter(tier)).rank] - 1]
            suits = _suits_of(tier)
            parts.append(rank if len(suits) == 4 else rank + suits if len(suits) == 1 else f"{rank}[{suits}]")
        return " ".join(parts)

    def labels(self, lang: str = "en") -> list[str]:
        """Each tier in words, lowest first: ``"kings"``, ``"king of coins"``, ``"kings of coins and cups"``
        (``lang="it"``: ``"re"``, ``"re di denari"``, ``"re di denari e coppe"``)."""
        if lang not in RANK_NAMES:
            raise ComandaError(f"unknown language {lang!r}: use 'en' or 'it'")
        out = []
        for tier in self._tiers:
            one, many = RANK_NAMES[lang][RANK_NUMBER[next(iter(tier)).rank] - 1]
            suits = [SUIT_WORDS[lang][s] for s in _suits_of(tier)]
            if len(suits) == 4:
                out.append(many)
            elif len(suits) == 1:
                out.append(f"{one} {_OF[lang]} {suits[0]}")
            else:
                out.append(f"{many} {_OF[lang]} {', '.join(suits[:-1])} {_AND[lang]} {suits[-1]}")
        return out

    def describe(self, lang: str = "en") -> str:
        """The order in words, lowest first, tiers joined by ``" < "``."""
        return " < ".join(self.labels(lang))


def _in_deck_order(group: Iterable[Card]) -> list[str]:
    return [str(c) for c in sorted(group, key=_DECK_INDEX.__getitem__)]


def _suits_of(tier: Iterable[Card]) -> str:
    present = {c.suit for c in tier}
    return "".join(s for s in ITALIAN_SUITS if s in present)


DEFAULT = Ranking(
    ([_CARD[n, s] for s in ITALIAN_SUITS] for n in range(1, 14)), name="default", text="più ponto e più figure"
)


# --- the lexer ----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Token:
    """One word (or phrase, or punctuation mark) of a comanda, with where it stands in the text."""

    kind: str  # dir tutto set rank a suit prep fino al sep nick card open close eq
    value: object
    word: str  # as written
    norm: str  # normalised
    start: int  # character offset in the text
    index: int  # word number, 1-based


_PIECES = re.compile(
    r"(?P<code>[^\W_]+\[[^\[\]\s]*\])"  # R[bds], 7[c]; no '[' inside, so "K[K[K[..." is read in linear time
    r"|(?P<word>[^\W_]+)"
    r"|(?P<sep>[,;.:!?])"
    r"|(?P<open>[{(\[])|(?P<close>[})\]])|(?P<eq>=)"
    r"|(?P<space>[\s'’‘`´\"_\-–—]+)"  # apostrophes split words: all'otto -> all otto
    r"|(?P<bad>.)"
)
_CARD_CODE = re.compile(r"(1[0-3]|[1-9]|[ajfhckr])([dcsb])")
_BRACKET = re.compile(r"([^\W_]+)\[([^\]]*)\]")


def normalise(word: str) -> str:
    """Lower case without accents: ``"Più"`` -> ``"piu"``."""
    decomposed = unicodedata.normalize("NFKD", word)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()


def _rank_value(norm: str) -> int | None:
    """The rank number of a rank word, letter or number (1-13), else None."""
    if norm in RANK_WORDS:
        return RANK_WORDS[norm]
    if norm in RANK_LETTERS:
        return RANK_LETTERS[norm]
    if norm == "a":
        return 1
    if len(norm) <= 2 and norm.isascii() and norm.isdigit() and 1 <= int(norm) <= 13 and norm[0] != "0":
        return int(norm)  # ASCII digits only: int() also reads ٣ but not ❶, and a digit run of any length
    return None


class _Lexer:
    def __init__(self, text: str, nicknames: Mapping[str, object]) -> None:
        self.text = text
        self.nicknames = nicknames
        self.phrases = dict(_PHRASES)
        self.phrases.update({tuple(n.split()): n for n in nicknames if " " in n})
        self.longest = max(len(p) for p in self.phrases)

    def error(self, word: str, start: int, index: int, why: str, suggest: Sequence[str] = ()) -> ComandaError:
        return _error(self.text, word, start, index, why, suggest)

    def pieces(self) -> Iterator[tuple[str, str, int, int]]:
        """(kind, text, start, word number) of every piece; words split off a direction prefix."""
        index = 0
        for m in _PIECES.finditer(self.text):
            kind, piece, start = m.lastgroup or "bad", m.group(), m.start()
            if kind == "space":
                continue
            if kind in ("word", "code"):
                index += 1
            if kind == "bad":
                raise self.error(piece, start, index + 1, "is not a letter, digit or separator of the comanda")
            if kind == "word":
                norm = normalise(piece)
                for prefix in DIRECTIONS:  # "mancoprimiera" reads as "manco primiera"
                    rest = norm[len(prefix) :]
                    if norm.startswith(prefix) and (rest in SETS or rest in RANK_WORDS):
                        yield "word", piece[: len(prefix)], start, index
                        kind, piece, start = "word", piece[len(prefix) :], start + len(prefix)
                        break
            yield kind, piece, start, index

    def tokens(self) -> list[Token]:
        pieces = list(self.pieces())
        out: list[Token] = []
        i = 0
        while i < len(pieces):
            kind, piece, start, index = pieces[i]
            if kind == "word":
                matched = self._phrase(pieces, i)
                if matched:
                    length, phrase = matched
                    end = pieces[i + length - 1]
                    text = self.text[start : end[2] + len(end[1])]
                    out.append(self._word(phrase, text, start, index))
                    i += length
                    continue
                out.append(self._word(_word_norm(piece), piece, start, index))
            elif kind == "code":
                out.append(self._bracket(piece, start, index))
            else:
                kind = {"sep": "sep", "open": "open", "close": "close", "eq": "eq"}[kind]
                out.append(Token(kind, piece, piece, piece, start, index))
            i += 1
        return out

    def _phrase(self, pieces: list[tuple[str, str, int, int]], i: int) -> tuple[int, str] | None:
        """The longest multi-word name starting at piece i (only consecutive words count)."""
        words: list[str] = []
        for kind, piece, _, _ in pieces[i : i + self.longest]:
            if kind != "word":
                break
            words.append(_word_norm(piece))
        for length in range(len(words), 1, -1):
            found = self.phrases.get(tuple(words[:length]))
            if found:
                return length, found
        return None

    def _word(self, norm: str, word: str, start: int, index: int) -> Token:
        def tok(kind: str, value: object) -> Token:
            return Token(kind, value, word, norm, start, index)

        if norm in self.nicknames or norm in BUILTIN_NICKNAMES:
            return tok("nick", norm)
        if norm in DIRECTIONS:
            return tok("dir", DIRECTIONS[norm])
        if norm in ("tutto", "tutti"):
            return tok("tutto", None)
        if norm in SETS:
            return tok("set", norm)
        if norm in ("a", "ad"):  # preposition, ace, or (ad) the ace of coins: the parser decides
            return tok("a", norm)
        rank = _rank_value(norm)
        if rank is not None:
            return tok("rank", rank)
        if norm in SUITS:
            return tok("suit", SUITS[norm])
        if norm in SUIT_PREPS:
            return tok("prep", norm)
        if norm == "fino":
            return tok("fino", None)
        if norm == "al":
            return tok("al", None)
        if norm in SEPARATORS:
            return tok("sep", norm)
        m = _CARD_CODE.fullmatch(norm)
        if m:
            return tok("card", (_rank_value(m.group(1)), frozenset(m.group(2))))
        if norm.isdigit():
            raise self.error(word, start, index, "is no rank: the ranks are 1 to 13 (11 fante, 12 cavallo, 13 re)")
        raise _error(self.text, word, start, index, UNKNOWN_WORD, _suggest(norm, self.nicknames), WORDS_HINT)

    def _bracket(self, piece: str, start: int, index: int) -> Token:
        m = _BRACKET.fullmatch(piece)
        assert m is not None  # the piece pattern guarantees the shape
        rank = _rank_value(normalise(m.group(1)))
        suits = normalise(m.group(2)).replace(",", "").replace(" ", "")
        if rank is None:
            raise self.error(piece, start, index, f"{m.group(1)!r} is no rank (1-13, A J H K, F C R)")
        if not suits or set(suits) - ALL_SUITS:
            raise self.error(piece, start, index, "the brackets must hold suit letters d c s b, e.g. K[dcs]")
        return Token("card", (rank, frozenset(suits)), piece, normalise(piece), start, index)


def _word_norm(piece: str) -> str:
    norm = normalise(piece)
    return "al" if norm == "all" else norm  # all'otto -> al otto


def _suggest(norm: str, nicknames: Iterable[str]) -> list[str]:
    known = [*VOCABULARY, *nicknames]
    return [_DISPLAY.get(w, w) for w in difflib.get_close_matches(norm, known, n=3, cutoff=0.6)]


def _error(
    text: str, word: str, start: int, index: int, why: str, suggest: Sequence[str] = (), hint: str = ""
) -> ComandaError:
    """The error at ``word``: its place, why it cannot be used, the closest words, then ``hint`` (a sentence)."""
    where = f"word {index}, character {start + 1}"
    message = f"cannot use {word!r} ({where}) in the comanda {text!r}: {why}"
    if suggest:
        options = [repr(s) for s in suggest]
        message += (
            "; did you mean " + (", ".join(options[:-1]) + " or " if len(options) > 1 else "") + options[-1] + "?"
        )
    if hint:
        message += f"{'' if suggest else '.'} {hint}"
    return ComandaError(message, word=word, position=start, index=index, suggestions=tuple(suggest))


# --- the parser ---------------------------------------------------------------------------------------------
Group = tuple[int, frozenset[str]]  # (rank 1-13, suits): the cards of one rank in some suits, equal


@dataclass
class Clause:
    """One clause of a comanda: its direction (UP, DOWN or None) and its groups, lowest first."""

    direction: int | None
    groups: list[Group]


_EXPECT_BODY = "a set (ponto, figure, scartine, pari, dispari, napoli, primiera...), 'al' and a rank, or a rank"
_EXPECT_RANK = "a rank: 1 to 13 or asso, due ... dieci, fante, cavallo, re"
_EXPECT_SUIT = "a suit: denari, coppe, spade (strette) or bastoni"


# Bounds that keep reading hostile input fast: the text's length, the clauses a command may expand to (nicknames
# used many times over) and how deep nicknames may stand for one another.
MAX_LENGTH = 1000
MAX_CLAUSES = 1000
MAX_NICKNAME_DEPTH = 16


def _check_length(text: str, what: str) -> None:
    if len(text) > MAX_LENGTH:
        raise ComandaError(
            f"{what} is at most {MAX_LENGTH} characters long, not {len(text)} (it begins {text[:30]!r})",
            word=None,
            position=MAX_LENGTH,
        )


class _Parser:
    def __init__(
        self,
        text: str,
        nicknames: Mapping[str, Ranking | str],
        expanding: tuple[str, ...] = (),
        expanded: dict[str, list[Clause]] | None = None,
    ) -> None:
        _check_length(text, f"the nickname {expanding[-1]!r}" if expanding else "a comanda")
        self.text = text
        self.nicknames = nicknames
        self.expanding = expanding  # the nicknames being read, outermost first: a name met again is a loop
        # Each text nickname is read once per command, however often it is used.
        self.expanded: dict[str, list[Clause]] = {} if expanded is None else expanded
        self.tokens = _Lexer(text, nicknames).tokens()
        self.i = 0

    # - helpers -
    def peek(self, ahead: int = 0) -> Token | None:
        j = self.i + ahead
        return self.tokens[j] if j < len(self.tokens) else None

    def next(self) -> Token:
        tok = self.tokens[self.i]
        self.i += 1
        return tok

    def kind(self, ahead: int = 0) -> str | None:
        tok = self.peek(ahead)
        return tok.kind if tok else None

    def fail(self, why: str, tok: Token | None = None) -> ComandaError:
        tok = tok or self.peek()
        if tok is None:
            last = self.tokens[-1] if self.tokens else None
            after = f" after {last.word!r}" if last else ""
            return ComandaError(
                f"the comanda {self.text!r} ends too soon{after}: expected {why}",
                word=None,
                position=len(self.text),
                index=(last.index + 1) if last else 1,
            )
        return _error(self.text, tok.word, tok.start, tok.index, f"expected {why}")

    def a_is_preposition(self) -> bool:
        """An ``a`` followed by a suit is a preposition ("mancoprimiera a spade")."""
        return self.kind() == "a" and self.kind(1) == "suit"

    # - grammar -
    def comanda(self) -> list[Clause]:
        clauses: list[Clause] = []
        while self.peek() is not None:
            if self.kind() == "sep":
                self.i += 1
                continue
            clauses.extend(self.clause())
            if len(clauses) > MAX_CLAUSES:
                where = f"the nickname {self.expanding[-1]!r}" if self.expanding else f"the comanda {self.text[:30]!r}"
                raise ComandaError(
                    f"{where} makes more than {MAX_CLAUSES} clauses: too many for a ranking of 52 cards "
                    "(nicknames used over and over?)"
                )
        if not clauses:
            raise ComandaError(f"the comanda {self.text!r} is empty: say at least one set, range or rank")
        return clauses

    def clause(self) -> list[Clause]:
        tok = self.peek()
        assert tok is not None
        if tok.kind == "nick":
            self.i += 1
            return self.nickname(tok)
        if tok.kind == "suit":  # prefix form: "denari al tredici"
            self.i += 1
            if self.kind() in (None, "sep", "dir", "suit", "prep"):
                raise self.fail(f"'al' and a rank after the suit {tok.word!r} (e.g. 'denari al tredici')")
            groups, own_suits = self.body(None, required=True)
            return [Clause(None, self.with_suit(groups, own_suits, tok))]
        if tok.kind == "prep" or self.a_is_preposition():
            raise self.fail("a set, a range or a rank before the suit (e.g. 'figure di spade')")
        if tok.kind == "tutto":  # "all suits": no other effect
            self.i += 1
        direction = None
        if self.kind() == "dir":
            direction = self.next().value  # type: ignore[assignment]
        body = self.body(direction, required=direction is None)
        groups, own_suits = body if body else self.set_groups("ponto", direction)  # bare più = più ponto
        suit_tok = self.suit_tail()
        if suit_tok is not None:
            groups = self.with_suit(groups, own_suits, suit_tok)
            groups += self.extensions(suit_tok.value)  # type: ignore[arg-type]
        return [Clause(direction, groups)]  # type: ignore[arg-type]

    def body(self, direction: int | None, required: bool) -> tuple[list[Group], bool] | None:
        """The clause's cards, lowest first, and whether they already name their suits."""
        tok = self.peek()
        kind = tok.kind if tok else None
        if kind == "set":
            self.i += 1
            return self.set_groups(tok.value, direction)  # type: ignore[union-attr,arg-type]
        if kind in ("fino", "al"):
            return self.range(direction), False
        if kind in ("rank", "card", "open") or (kind == "a" and not self.a_is_preposition()):
            return self.equal_group()
        if required:
            raise self.fail(_EXPECT_BODY)
        return None

    def set_groups(self, name: str, direction: int | None) -> tuple[list[Group], bool]:
        ranks, suit = SETS[name]
        if direction == DOWN:
            ranks = ranks[::-1]
        suits = frozenset(suit) if suit else ALL_SUITS
        return [(r, suits) for r in ranks], suit is not None

    def range(self, direction: int | None) -> list[Group]:
        """``[fino] al x``: 1 ... x, or with manco/meno 13 down to x."""
        if self.kind() == "fino":
            self.i += 1
            tok = self.peek()
            if tok is None or tok.norm not in ("al", "a"):  # "fino al cinque", also "fino a cinque"
                raise self.fail("'al' after 'fino'")
            self.i += 1
        else:
            self.i += 1  # "al"
        top = self.rank()
        ranks = range(13, top - 1, -1) if direction == DOWN else range(1, top + 1)
        return [(r, ALL_SUITS) for r in ranks]

    def rank(self) -> int:
        tok = self.peek()
        if tok is not None and (tok.kind == "rank" or (tok.kind == "a" and tok.norm == "a")):
            self.i += 1
            return 1 if tok.kind == "a" else tok.value  # type: ignore[return-value]
        raise self.fail(_EXPECT_RANK)

    def equal_group(self) -> tuple[list[Group], bool]:
        """A rank, a card or a bracketed group, possibly chained with '=': one group of equal cards, and whether
        it names its suits."""
        tok = self.peek()
        assert tok is not None
        if tok.kind == "open":
            self.i += 1
            members = self.group_members(tok)
        else:
            members = [self.member()]
            while self.kind() == "eq":
                self.i += 1
                if self.peek() is None:
                    raise self.fail("a card after '='")
                members.append(self.member())
        return [self.merge(members)], any(suited for _, _, suited in members)

    def member(self) -> tuple[Token, Group, bool]:
        tok = self.peek()
        if tok is None:
            raise self.fail("a card or a rank")
        if tok.kind == "rank":
            self.i += 1
            return tok, (tok.value, ALL_SUITS), False  # type: ignore[return-value]
        if tok.kind == "a":  # "a" alone is the ace, "ad" the ace of coins
            self.i += 1
            return tok, ((1, ALL_SUITS) if tok.norm == "a" else (1, frozenset("d"))), tok.norm == "ad"
        if tok.kind == "card":
            self.i += 1
            return tok, tok.value, True  # type: ignore[return-value]
        raise self.fail("a card (e.g. 7c, Kd, K[dcs]) or a rank")

    def group_members(self, opener: Token) -> list[tuple[Token, Group, bool]]:
        closer = {"{": "}", "(": ")", "[": "]"}[opener.word]
        members = []
        while True:
            tok = self.peek()
            if tok is None:
                raise self.fail(f"{closer!r} to close the group opened at character {opener.start + 1}")
            if tok.kind == "close":
                if tok.word != closer:
                    raise self.fail(f"{closer!r} to close the group opened at character {opener.start + 1}")
                self.i += 1
                break
            if tok.kind in ("sep", "eq"):
                self.i += 1
                continue
            members.append(self.member())
        if not members:
            raise self.fail("at least one card in the group", opener)
        return members

    def merge(self, members: list[tuple[Token, Group, bool]]) -> Group:
        first_tok, (rank, suits), _ = members[0]
        for tok, (other, more), _ in members[1:]:
            if other != rank:
                raise _error(
                    self.text,
                    tok.word,
                    tok.start,
                    tok.index,
                    f"cards of different default ranks cannot be equal ({first_tok.word!r} and {tok.word!r}): "
                    "only cards of one rank may share a tier (RULES.md §4.4 restriction 1)",
                )
            suits = suits | more
        return rank, suits

    def suit_tail(self) -> Token | None:
        """``di|de|in|a SUIT``: the suit the clause is about."""
        if self.kind() == "prep" or self.a_is_preposition():
            prep = self.next()
            if self.kind() != "suit":
                raise self.fail(f"{_EXPECT_SUIT} after {prep.word!r}")
            return self.next()
        return None

    def with_suit(self, groups: list[Group], own_suits: bool, suit_tok: Token) -> list[Group]:
        suit = frozenset(suit_tok.value)  # type: ignore[arg-type]
        if own_suits and any(s != suit for _, s in groups):
            raise _error(
                self.text, suit_tok.word, suit_tok.start, suit_tok.index, "these cards already name their suit"
            )
        return [(r, suit) for r, _ in groups]

    def extensions(self, suit: str) -> list[Group]:
        """``a asso``, ``ad asso`` after a suit: further ranks of that suit, on top."""
        out = []
        while self.kind() == "a" and self.kind(1) in ("rank", "a"):
            self.i += 1
            out.append((self.rank(), frozenset(suit)))
        return out

    def nickname(self, tok: Token) -> list[Clause]:
        name = tok.value
        target = self.nicknames.get(name, BUILTIN_NICKNAMES.get(name))  # type: ignore[call-overload]
        if isinstance(target, Ranking):
            return [Clause(None, [(RANK_NUMBER[next(iter(t)).rank], frozenset(_suits_of(t))) for t in target._tiers])]
        if name in self.expanding:
            chain = " -> ".join((*self.expanding, name))
            raise ComandaError(f"the nickname {name!r} is defined through itself ({chain})", word=tok.word)
        if name in self.expanded:
            return self.expanded[name]
        if len(self.expanding) >= MAX_NICKNAME_DEPTH:
            chain = " -> ".join((*self.expanding, name))
            raise ComandaError(
                f"nicknames may stand for one another at most {MAX_NICKNAME_DEPTH} deep ({chain})", word=tok.word
            )
        try:
            clauses = _Parser(target, self.nicknames, (*self.expanding, name), self.expanded).comanda()
            self.expanded[name] = clauses
            return clauses
        except ComandaError as e:
            if self.expanding:  # report once, at the outermost nickname
                raise
            raise _error(self.text, tok.word, tok.start, tok.index, f"the nickname does not read: {e}") from None


# --- the fold (RULES.md §4.4.4) -----------------------------------------------------------------------------
def fold(clauses: Sequence[Clause]) -> list[Group]:
    """Tiers lowest first: each group goes on top, taking its cards out of the lower groups; the unmentioned
    cards go below, grouped by rank, in the first clause's direction (ascending when it has none)."""
    tiers: list[list] = []  # [rank, suits]
    for clause in clauses:
        for rank, suits in clause.groups:
            for t in tiers:
                if t[0] == rank:
                    t[1] = t[1] - suits
            tiers = [t for t in tiers if t[1]]
            tiers.append([rank, suits])
    placed: dict[int, frozenset[str]] = {}
    for rank, suits in tiers:
        placed[rank] = placed.get(rank, frozenset()) | suits
    order = range(13, 0, -1) if clauses and clauses[0].direction == DOWN else range(1, 14)
    missing = [(r, ALL_SUITS - placed.get(r, frozenset())) for r in order]
    return [(r, s) for r, s in missing if s] + [(r, s) for r, s in tiers]


def _check_nicknames(nicknames: Mapping[str, Ranking | str]) -> dict[str, Ranking | str]:
    checked: dict[str, Ranking | str] = {}
    for name, target in nicknames.items():
        words = normalise(name).split() if isinstance(name, str) else []
        if not words or not all(re.fullmatch(r"[^\W\d_]+", w) for w in words):
            raise ComandaError(f"nickname {name!r}: use letters and spaces only")
        # A nickname may not hide any word the language already reads (so "manco ponto" stays what it is).
        reserved = [w for w in words if _reserved(w)]
        if reserved:
            raise ComandaError(f"nickname {name!r}: {reserved[0]!r} is already a word of the comanda")
        norm = " ".join(words)
        if not isinstance(target, Ranking | str):
            raise ComandaError(f"nickname {name!r} must stand for a Ranking or a comanda text")
        checked[norm] = target
    return checked


def _reserved(word: str) -> bool:
    norm = _word_norm(word)
    return (
        norm in VOCABULARY
        or _rank_value(norm) is not None
        or _CARD_CODE.fullmatch(norm) is not None
        or any(norm.startswith(p) and norm[len(p) :] in SETS | RANK_WORDS for p in DIRECTIONS)
    )


def parse_comanda(text: str, nicknames: Mapping[str, Ranking | str] | None = None) -> Ranking:
    """Read a spoken comanda (RULES.md §4.4) into a :class:`Ranking`.

    ``nicknames`` maps extra names to a :class:`Ranking` or to a comanda text; they may be used as clauses
    like the built-in ``componogara`` and ``bomba``. Raises :class:`ComandaError` naming the word and position
    that could not be used, with the closest known words.

    >>> parse_comanda("Più figure, assi e due").notation(trionfetti=True)
    '3 4 5 6 7 8 9 10 F C R 1 2'
    >>> parse_comanda("piu ponte")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    trionfi.errors.ComandaError: cannot use 'ponte' (word 2, character 5) ...; did you mean 'ponto', ...? ...
    """
    if not isinstance(text, str):
        raise ComandaError(f"a comanda is a text, not {type(text).__name__}")
    names = _check_nicknames(nicknames or {})
    parser = _Parser(text, names)
    clauses = parser.comanda()
    tiers = fold(clauses)
    words = [t for t in parser.tokens if t.kind != "sep"]
    name = None
    if len(words) == 1 and words[0].kind == "nick":  # the command is just a nickname: the ranking bears it
        name = _nickname_display(words[0].value, nicknames or {})  # type: ignore[arg-type]
    return Ranking(([_CARD[r, s] for s in ITALIAN_SUITS if s in suits] for r, suits in tiers), name=name, text=text)


def _nickname_display(norm: str, nicknames: Mapping[str, object]) -> str:
    for name in nicknames:
        if " ".join(normalise(name).split()) == norm:
            return name
    return norm
