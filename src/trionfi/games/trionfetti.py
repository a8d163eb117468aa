"""Trionfetti: four players in two partnerships, a 52-card Italian pack, a card ranking chosen at every deal.

Seats 0 and 2 play against 1 and 3, in play order (anticlockwise at a real table). A match is won by the
first team to win three games; a game by the first team to reach 20 points, at once, even in the middle of a
smazzata. A smazzata is what one dealer deals from one shuffled pack: up to four hands of three cards each.
In a hand the team that takes two of the three tricks scores a point. Any card may be played to any trick
(no suit to follow, no trumps): the highest card under the smazzata's ranking wins, and of equal cards the
first played (RULES.md §4.1-§4.3).

Before the deal the previous dealer (the dealer's left, seat ``dealer - 1``) cuts: the card that ends at the
bottom of the pack, the cut card, is shown to everybody, and the cutter announces the **comanda**, the card
ranking for the whole smazzata, in the spoken language of RULES.md §4.4 (action ``comanda manco e cavalli``;
see :mod:`trionfi.comanda`). A command the language rejects is refused and must be announced again. The
option ``comanda`` fixes the ranking for practice and skips the announcement.

Each hand the dealer gives three cards to each player, from his right round to himself; the dealer's right
leads the first trick. After the fourth hand four cards stay undealt: the dealer looks at them, and lays them
face up once the first two players have played to the first trick of that hand (at once if a vagaresto is
called earlier in that hand).

**Vagaresto** (or *vaga*): at his turn to play a card a player may raise the stake of the hand. The
opponents may look at each other's hands, then one of them answers: ``concede`` (the caller's team scores 1
point, the hand ends, partners show each other their unplayed cards, the smazzata goes on) or ``accept``
(partners see each other's hands, the caller then plays his card, and the team that wins the hand scores
20 minus the score of the team that was leading at the call; after that hand the smazzata ends).

**Talk** (RULES.md §4.6): silence during the comanda, the deal and the first trick of each hand. From then on
a player at his turn may speak to the table (``say ...``, heard by all, true or false) and give his partner a
conventional signal (``signal padrona`` wink, ``signal second``, ``signal third``, ``signal alba``), seen by
the partner only and possibly false.

Choices taken where the sources are silent (RULES.md §4.7, option names of §7):

* TF-1 ``skip_third_trick_when_decided`` (true): a team that wins the first two tricks wins the hand and the
  third trick is not played. With false it is played for nothing; a vagaresto may not be called in a hand
  already decided.
* TF-2 ``tie_rule``: ``first_played`` (the seed) or ``void_trick`` (a Truc-style house rule: a trick whose top
  tier holds cards of both teams belongs to nobody and its leader leads again; the hand goes to the team
  with two tricks, or to the winner of the one trick beside a void one of the first two; void tricks 1 and 2
  let trick 3 decide; a void trick 3 after a 1-1 split gives the hand to the winner of trick 1; three void
  tricks score nothing).
* TF-3 ``leader_each_hand``: the dealer's right leads the first trick of every hand.
* TF-4: after a hand the unplayed cards are discarded face down, unseen, except after a conceded vagaresto.
* TF-6: the cut card is public from the start.
* TF-7 ``vagaresto_reraise`` (false, the only value): no re-raise, one call per hand; the answer comes from
  ``vagaresto_decider``: ``next`` (the challenged player who plays after the caller) or ``other``.
* TF-8: with equal scores the stake is 20 minus the common score.
* TF-9: the conventional signals speak of the cards not yet played or seen (:func:`true_signal` says which
  signal would be true); the engine never checks them.
* TF-12 ``allow_explicit_tiers`` (true): the cutter may also announce an explicit tier list.
* After an accepted vagaresto every player sees his partner's hand for the rest of the hand; while the
  challenged pair consults, those two see each other's hands.

``game.deal()`` plays one smazzata (``points()`` are its hand points; the option ``start_scores`` sets the
game score it starts from, for practice, also for the first game of a match); ``game.match()`` plays the
match: the first dealer is drawn (the highest card in the default order deals, tied players draw again), the
deal passes to the right (the next seat) after every smazzata, and the game score carries over between
smazzate. Talk and vagaresto are actions of the seat on turn, made before it plays its card.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import Any, ClassVar, NamedTuple

from ..cards import ITALIAN_52, ITALIAN_52_RANKS, ITALIAN_SUITS, Card, card
from ..comanda import Ranking, parse_comanda
from ..engine import END, PLAY, Action, Audience, Game, TrickState
from ..errors import ComandaError, IllegalAction, OptionError, shown
from ..match import Match
from ..options import Option, whole_number
from ..records import seed_for
from ..shuffling import shuffle

PLAYERS = 4
HAND_SIZE = 3
HANDS = 4  # hands per smazzata: 48 of the 52 cards
LEFTOVERS = len(ITALIAN_52) - HANDS * PLAYERS * HAND_SIZE

COMANDA = "comanda"  # phase: the cutter announces the ranking
VAGA = "vagaresto"  # phase: the challenged team answers a vagaresto

DEFAULT_COMANDA = "più ponto e più figure"
# Commands offered in legal_actions (any other text after "comanda " is accepted too). The default order
# first, then the seed's common ones; each must parse (a test checks it). No commas: the terminal lists
# actions separated by commas ("più figure e assi e due" reads as the seed's "più figure, assi e due").
COMMON_COMANDE = (
    DEFAULT_COMANDA,
    "manco ponto",
    "più ponto",
    "manco e cavalli",
    "più figure e assi e due",
    "manco e manco scartine",
    "primiera",
    "manco primiera",
    "più e napoli",
    "più dispari e meno pari",
    "tutto al tredici e denari al tredici",
    "componogara",
    "bomba",
)

VAGARESTO = Action("vagaresto", "vagaresto")
ACCEPT = Action("accept", "accept")
CONCEDE = Action("concede", "concede")

# The conventional signals (RULES.md §4.6): action word -> (gesture, meaning).
SIGNALS = {
    "padrona": ("wink", "I hold the top card"),
    "second": ("twitch of the mouth", "I hold the second-highest card"),
    "third": ("lips pushed forward", "I hold the third-highest card"),
    "alba": ("glance upward", "I hold no useful card"),
}
SIGNAL_ACTIONS = tuple(Action(f"signal {k}", "signal", k) for k in SIGNALS)
# Public table talk offered in legal_actions; "say <any text>" is accepted as well.
SAYINGS = (
    "I hold the top card",
    "I hold a strong card",
    "I hold nothing useful",
    "play your best card",
    "keep your best card",
)
SAY_ACTIONS = tuple(Action(f"say {s}", "say", s) for s in SAYINGS)
MAX_TALK = 6  # talk actions per seat per trick: a bound, so that play always ends
MAX_SAY_LENGTH = 200

DEFAULT_RANK = {r: i for i, r in enumerate(ITALIAN_52_RANKS)}  # the default order: A lowest ... K highest


class TTrick(NamedTuple):
    """A completed trick of a smazzata; ``winner`` is None for a void trick (tie_rule=void_trick)."""

    leader: int
    seats: tuple[int, ...]
    cards: tuple[Card, ...]
    winner: int | None
    points: int
    hand: int


class HandResult(NamedTuple):
    hand: int
    side: int | None  # the team that won the hand (None: three void tricks)
    points: int
    how: str  # "tricks", "conceded" or "void"


class Vaga(NamedTuple):
    """The vagaresto of the current hand. Immutable: ``clone`` shares it."""

    caller: int
    decider: int
    stake: int
    status: str  # "called", "accepted" or "conceded"


class Message(NamedTuple):
    """Something said or shown at the table; a seat sees it when it is among ``recipients``."""

    hand: int
    trick: int  # 1-based trick of the hand (0: before the deal)
    sender: int | None  # None: the table itself (a hand's result, a void trick)
    to: tuple[int, ...]
    recipients: tuple[int, ...]
    kind: str  # comanda, vagaresto, answer, leftovers, say, signal, result
    text: str


class Shown(NamedTuple):
    """Cards a seat showed to its partner (a conceded vagaresto)."""

    hand: int
    seat: int
    to: int
    cards: tuple[Card, ...]


def _pair(value: Any) -> tuple[int, int]:
    """Two whole numbers from '9-13', '9,13', (9, 13) or [9, 13]; ValueError otherwise."""
    if isinstance(value, str):
        parts = value.replace("-", " ").replace(",", " ").replace("–", " ").split()
        value = [whole_number(p) for p in parts]
    if isinstance(value, (tuple, list)) and len(value) == 2 and all(type(v) is int for v in value):
        return (value[0], value[1])
    raise ValueError(value)


def stake_for(scores: Sequence[int], target: int = 20) -> int:
    """The vagaresto stake: what the leading team still needs (RULES.md §4.5, TF-8 for equal scores).

    >>> stake_for([9, 13]), stake_for([6, 12]), stake_for([0, 0]), stake_for([10, 10])
    (7, 8, 20, 10)
    """
    return target - max(scores)


def hand_outcome(results: Sequence[int | None]) -> tuple[bool, int | None]:
    """(decided, winning side) of a hand from its tricks so far (a side, or None for a void trick).

    Two tricks win; beside a void trick among the first two, the other one wins; void tricks 1 and 2 leave
    trick 3 to decide; a void trick 3 after a 1-1 split gives the hand to the winner of trick 1; three void
    tricks give it to nobody (RULES.md TF-1, TF-2).
    """
    for side in (0, 1):
        if results.count(side) >= 2:
            return True, side
    n = len(results)
    if n >= 2:
        first, second = results[0], results[1]
        if first is None and second is not None:
            return True, second
        if second is None and first is not None:
            return True, first
    if n >= 3:
        third = results[2]
        return True, third if third is not None else results[0]
    return False, None


def draw_for_dealer(
    pack: Sequence[Card], rng: random.Random | None = None, players: int = PLAYERS
) -> tuple[int, list[list[tuple[int, Card]]]]:
    """The first-dealer draw (RULES.md §4.3.1, TF-42): each seat in turn draws the next card of ``pack``;
    the highest in the default order deals; seats tied for highest draw again (suits never break a tie).

    Returns the dealer and the rounds of draws as (seat, card). A pack that runs out is reshuffled with
    ``rng`` (or read again from the top when there is none).
    """
    cards = list(pack)
    pos = 0
    contenders = list(range(players))
    rounds: list[list[tuple[int, Card]]] = []
    while True:
        draws = []
        for seat in contenders:
            if pos == len(cards):
                if rng is not None:
                    shuffle(cards, rng)
                pos = 0
            draws.append((seat, cards[pos]))
            pos += 1
        rounds.append(draws)
        top = max(DEFAULT_RANK[c.rank] for _, c in draws)
        contenders = [s for s, c in draws if DEFAULT_RANK[c.rank] == top]
        if len(contenders) == 1:
            return contenders[0], rounds


def compact_order(ranking: Ranking) -> str:
    """The ranking in card ranks, lowest first; a tier of fewer than four suits lists them: ``K[d]``."""
    parts = []
    for tier in ranking.tiers:
        rank = next(iter(tier)).rank
        if len(tier) == len(ITALIAN_SUITS):
            parts.append(rank)
        else:
            suits = "".join(s for s in ITALIAN_SUITS if any(c.suit == s for c in tier))
            parts.append(f"{rank}[{suits}]")
    return " ".join(parts)


_RANKINGS: dict[str, Ranking] = {}


def _ranking(text: str) -> Ranking:
    """parse_comanda with a cache: the same command is announced again and again in simulations."""
    key = " ".join(text.split()).lower()
    found = _RANKINGS.get(key)
    if found is None:
        found = parse_comanda(text)
        if len(_RANKINGS) < 4096:
            _RANKINGS[key] = found
    return found


# Card notation, as opposed to the spoken words of RULES.md §4.4.2: a card code (7c, Kd; "ad" is the spoken
# preposition), a rank letter standing alone (J H K, or the comanda's own F C R), or the grouping signs.
_CARD_CODE = re.compile(r"(10|[1-9]|[jhkfcr]|a)[dcsb]")
_RANK_LETTERS = frozenset("jhkfcr")


def _is_explicit(text: str) -> bool:
    """Whether a command uses card notation (an explicit tier list such as ``8 9 10 J H K 2 3 4 5 A 6 7`` or
    ``K[bds]``) rather than only the spoken words of RULES.md §4.4.2: allow_explicit_tiers=false refuses it."""
    if any(sign in text for sign in "[]{}="):
        return True
    words = re.sub(r"[,;.]", " ", text.lower()).split()
    return any(w in _RANK_LETTERS or (w != "ad" and _CARD_CODE.fullmatch(w)) for w in words)


class Trionfetti(Game):
    __doc__ = __doc__
    name = "trionfetti"
    title = "Trionfetti"
    aliases = ("tronfetti",)
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option(
            "comanda",
            None,
            "fix the card order of every smazzata, for practice",
            allowed_text="none or a comanda, e.g. 'manco e cavalli' (see: trionfi comanda)",
            default_text="none, the cutter announces a comanda each smazzata",
        ),
        Option(
            "tie_rule",
            "first_played",
            "equal top cards: the first played wins (first_played), or a tie between the teams voids the trick "
            "(void_trick)",
            choices=("first_played", "void_trick"),
        ),
        Option(
            "skip_third_trick_when_decided",
            True,
            "a team that wins the first two tricks wins the hand without a third trick",
            kind=bool,
        ),
        Option(
            "leader_each_hand",
            "dealer_right",
            "who leads the first trick of every hand",
            choices=("dealer_right",),
        ),
        Option("vagaresto_reraise", False, "a vagaresto may be raised again (not in the sources)", choices=(False,)),
        Option(
            "vagaresto_decider",
            "next",
            "who answers a vagaresto: the challenged player after the caller (next) or his partner (other)",
            choices=("next", "other"),
        ),
        Option("allow_explicit_tiers", True, "the cutter may announce an explicit list of tiers", kind=bool),
        Option(
            "communication",
            "full",
            "partnership talk after the first trick: full (public talk and private signals) or none",
            choices=("full", "none"),
        ),
        Option("target", 20, "points that win a game", kind=int, low=2, high=99),
        Option("games", 3, "games that win the match", kind=int, low=1, high=9),
        Option(
            "start_scores",
            (0, 0),
            "game score (seats 0+2, seats 1+3) at the start of a deal or of a match's first game, for practice",
            allowed_text="two scores below the target, e.g. '9-13'",
            default_text="0-0",
        ),
    )

    def __init__(self, /, **options: Any) -> None:
        text = options.get("comanda")
        if text is None or (isinstance(text, str) and text.strip().lower() in ("", "none")):
            options = {k: v for k, v in options.items() if k != "comanda"}
        super().__init__(**options)

    def _configure(self) -> None:
        o = self.options
        self.players = PLAYERS
        self._set_sides([(0, 2), (1, 3)])
        self.deck = ITALIAN_52
        self.target = o["target"]
        self.games_to_win = o["games"]
        try:
            start = _pair(o["start_scores"])
            if not all(0 <= v < self.target for v in start):
                raise ValueError(start)
        except (ValueError, TypeError):
            raise OptionError(
                f"option start_scores={shown(o['start_scores'])} is not allowed; allowed: two scores from 0 to "
                f"{self.target - 1}, e.g. '9-13'"
            ) from None
        self.start_scores = self.options["start_scores"] = start
        if "start_scores" in self._given:
            self._given["start_scores"] = list(start)  # JSON-friendly in records
        self.fixed: Ranking | None = None
        text = o["comanda"]
        if text is not None:
            if not isinstance(text, str):
                raise OptionError(f"option comanda={shown(text)} is not allowed; allowed: a comanda text or none")
            if _is_explicit(text) and not o["allow_explicit_tiers"]:
                raise OptionError("option comanda: explicit tier lists are off (allow_explicit_tiers=false)")
            try:
                self.fixed = _ranking(text)
            except ComandaError as e:
                raise OptionError(f"option comanda={shown(text)} is not allowed: {e}") from None
        self.void_ties = o["tie_rule"] == "void_trick"
        self.skip_third = o["skip_third_trick_when_decided"]
        self.talk = o["communication"] == "full"
        # Per leader, the seats of a trick in play order.
        self.rotations = tuple(tuple((lead + i) % PLAYERS for i in range(PLAYERS)) for lead in range(PLAYERS))
        self.partner = tuple((s + 2) % PLAYERS for s in range(PLAYERS))
        self.comanda_actions = tuple(Action(f"comanda {t}", "comanda", t) for t in COMMON_COMANDE)

    def given_options(self) -> dict[str, Any]:
        """The options as given, for records and observations: a copy of its own (start_scores is a list)."""
        return {k: list(v) if isinstance(v, list) else v for k, v in self._given.items()}

    def match(self, seed: int | None = None) -> TrionfettiMatch:
        """The whole match: games to ``target`` points, the first team to ``games`` games wins."""
        return TrionfettiMatch(self, seed)

    def match_policy(self) -> GamesPolicy:
        return GamesPolicy(self.target, self.games_to_win)

    def card_strength(self, observation: dict[str, Any]) -> dict[Card, int]:
        # The comanda in force sets the order: its tiers, lowest first.
        tiers = observation.get("ranking") or []
        return {card(c): i for i, tier in enumerate(tiers) for c in tier}

    def audience(self, action: Any, seat: int) -> Audience | None:
        # A signal is a gesture to the partner, unseen by the opponents.
        if getattr(action, "kind", None) == "signal":
            return Audience(frozenset({seat, self.partner[seat]}))
        return None

    def smazzata(
        self, seed: int, dealer: int, start: Sequence[int], deck: Sequence[str] | None = None
    ) -> TrionfettiState:
        """One smazzata starting from the game score ``start`` (the match uses this)."""
        from ..cards import check_stacked

        stacked = check_stacked(self.deck, deck) if deck is not None else None
        return TrionfettiState(self, seed, dealer, stacked, tuple(start))


class GamesPolicy:
    """The match structure as the CLI describes it (scoring is done by :class:`TrionfettiMatch`)."""

    def __init__(self, target: int, games: int) -> None:
        self.target, self.games = target, games

    def describe(self) -> str:
        return f"games to {self.target} points; the first team to win {self.games} games wins the match"

    def goal(self) -> str:
        return f"games won, to {self.games}"

    def winning_score(self) -> int | None:
        return self.games

    def score(self, match: Any) -> list[float]:
        return [float(g) for g in getattr(match, "games", [0, 0])]

    def decided(self, match: Any, score: list[float]) -> bool:
        return max(score) >= self.games


class TrionfettiState(TrickState):
    """One smazzata of Trionfetti: the comanda, then up to four hands of three tricks."""

    __slots__ = (
        "_order",
        "comanda",
        "cut_card",
        "cutter",
        "dealt",
        "discards",
        "game_winner",
        "hand_no",
        "hand_tricks",
        "leftovers_public",
        "messages",
        "pack",
        "ranking",
        "results",
        "shown",
        "start",
        "talk_used",
        "vaga",
    )

    def __init__(
        self,
        game: Trionfetti,
        seed: int,
        dealer: int,
        stacked: list[Card] | None,
        start: tuple[int, int] | None = None,
    ) -> None:
        super().__init__(game, seed, dealer, stacked)
        pack = list(stacked) if stacked is not None else list(game.deck)
        if stacked is None:
            shuffle(pack, random.Random(seed))
        self.pack: tuple[Card, ...] = tuple(pack)  # top first, after the cut: the last card is the cut card
        self.cut_card = pack[-1]
        self.cutter = (dealer - 1) % PLAYERS  # the dealer's left, the previous dealer
        self.start = tuple(start) if start is not None else game.start_scores
        self.trump = None
        self._points = {}
        self._strength = {}  # set by the comanda
        self._restriction = None
        self.dealt = 0
        self.hand_no = 0
        self.hand_tricks: list[int | None] = []
        self.results: list[HandResult] = []
        self.vaga: Vaga | None = None
        self.leftovers_public = False
        self.discards: list[Card] = []
        self.messages: list[Message] = []
        self.shown: list[Shown] = []
        self.talk_used: frozenset[tuple[int, str]] = frozenset()
        self.game_winner: int | None = None
        self.comanda: str | None = None
        self.ranking: Ranking | None = None
        self._order: tuple[str, list[list[str]]] | None = None  # the ranking as shown: compact text, tiers
        self._init_play([[] for _ in range(PLAYERS)], (dealer + 1) % PLAYERS, game.rotations[(dealer + 1) % PLAYERS])
        if game.fixed is not None:
            self._set_ranking(game.fixed, " ".join(game.options["comanda"].split()).lower())
            self._deal_hand()
        else:
            self.phase = COMANDA
            self.current_player = self.cutter

    def clone(self) -> TrionfettiState:
        new = TrionfettiState.__new__(TrionfettiState)
        self._copy_play(new)
        new.pack = self.pack
        new.cut_card = self.cut_card
        new.cutter = self.cutter
        new.start = self.start
        new.dealt = self.dealt
        new.hand_no = self.hand_no
        new.hand_tricks = self.hand_tricks[:]
        new.results = self.results[:]
        new.vaga = self.vaga
        new.leftovers_public = self.leftovers_public
        new.discards = self.discards[:]
        new.messages = self.messages[:]
        new.shown = self.shown[:]
        new.talk_used = self.talk_used
        new.game_winner = self.game_winner
        new.comanda = self.comanda
        new.ranking = self.ranking
        new._order = self._order
        return new

    # --- public facts ------------------------------------------------------------------------------
    def scores(self) -> list[int]:
        """The game score now: the score at the start of the smazzata plus the points won in it."""
        return [self.start[i] + self.won[i] for i in range(2)]

    def stake(self) -> int:
        """What the current hand is worth: 1, or the stake of an accepted vagaresto."""
        v = self.vaga
        return v.stake if v is not None and v.status == "accepted" else 1

    def leftovers(self) -> list[Card]:
        """The four cards never dealt (the last one is the cut card)."""
        return list(self.pack[HANDS * PLAYERS * HAND_SIZE :])

    def stock(self) -> list[Card]:
        """The undealt cards, top first."""
        return list(self.pack[self.dealt :])

    # --- legality ----------------------------------------------------------------------------------
    def _compute_legal(self) -> list[Any]:
        phase = self.phase
        p: int = self.current_player  # type: ignore[assignment]
        if phase == PLAY:
            moves: list[Any] = self.hands[p][:]
            if self.vaga is None and not hand_outcome(self.hand_tricks)[0]:
                moves.append(VAGARESTO)
            if self.game.talk and self.hand_tricks:  # type: ignore[attr-defined]
                moves += self._talk_actions(p)
            return moves
        if phase == VAGA:
            return [ACCEPT, CONCEDE]
        return list(self.game.comanda_actions)  # type: ignore[attr-defined]

    def _talk_actions(self, seat: int) -> list[Action]:
        used = self.talk_used
        if sum(1 for s, _ in used if s == seat) >= MAX_TALK:
            return []
        signalled = (seat, "signal") in used
        found = [a for a in SAY_ACTIONS if (seat, str(a).lower()) not in used]
        if not signalled:
            found += SIGNAL_ACTIONS
        return found

    def _resolve(self, action: Any, legal: list[Any]) -> Any:
        if isinstance(action, str) and action.__class__ is not Card and self.current_player is not None:
            text = " ".join(action.split())
            word, _, rest = text.partition(" ")
            word = word.lower()
            if word == "comanda":
                return self._comanda_action(rest, legal)
            if word == "vaga" and not rest:
                action = "vagaresto"
            elif word == "say" and rest:
                return self._say_action(rest, legal)
        try:
            return super()._resolve(action, legal)
        except IllegalAction as e:
            why = self._explain(action) if isinstance(action, str) else None
            if why is None:
                raise
            allowed = ", ".join(legal)
            raise IllegalAction(f"{action!r} is not allowed: {why}; seat {self.current_player} may: {allowed}") from e

    def _explain(self, action: str) -> str | None:
        """Why a non-card action is refused (None: the engine's message says it well)."""
        word = action.split()[0].lower() if action.split() else ""
        phase = self.phase
        if phase == COMANDA:
            return (
                # No verb after the seat: the terminal says "you" for the player's seat ("you cut and first
                # announces" read wrongly).
                f"the cards are not dealt yet: the comanda comes first, announced by seat {self.cutter}, who cut "
                f"(type comanda and a command, e.g. 'comanda {COMMON_COMANDE[3]}')"
            )
        if word in ("vagaresto", "vaga"):
            if phase == VAGA:
                return "a vagaresto is waiting for its answer (accept or concede)"
            if self.vaga is not None:
                return "only one vagaresto per hand, and it cannot be raised again"
            return "the hand is already decided"
        if word in ("accept", "concede"):
            return "there is no vagaresto to answer" if phase != VAGA else None
        if word == "signal":
            return self._silence() or "one signal per trick, and only a listed signal"
        if phase == VAGA:
            return "answer the vagaresto first: accept or concede"
        return None

    def _silence(self) -> str | None:
        if not self.game.talk:  # type: ignore[attr-defined]
            return "this table plays without talk (communication=none)"
        if self.phase != PLAY or not self.hand_tricks:
            return "no talk or signals during the comanda, the deal and the first trick of a hand"
        return None

    def _comanda_action(self, rest: str, legal: list[Any]) -> Action:
        p = self.current_player
        if self.phase != COMANDA:
            said = f" ({self.comanda})" if self.comanda else ""
            raise IllegalAction(f"the comanda{said} is announced once, by the cutter before the deal")
        text = " ".join(rest.split()).lower()
        for a in legal:
            if str(a).lower() == f"comanda {text}":
                return a
        example = f"e.g. 'comanda {COMMON_COMANDE[3]}'"
        if not text:
            raise IllegalAction(f"say which comanda after the word comanda, {example}")
        if _is_explicit(text) and not self.game.options["allow_explicit_tiers"]:
            raise IllegalAction(
                f"seat {p} must announce the comanda again: explicit tier lists are not allowed at this table "
                f"(allow_explicit_tiers=false), {example}"
            )
        try:
            _ranking(text)  # checked now, so that a bad command leaves the state unchanged
        except ComandaError as e:
            raise IllegalAction(f"seat {p} must announce the comanda again: {e}") from None
        return Action(f"comanda {text}", "comanda", text)

    def _say_action(self, rest: str, legal: list[Any]) -> Action:
        why = self._silence()
        p: int = self.current_player  # type: ignore[assignment]
        if why is not None:
            raise IllegalAction(f"seat {p} may not talk now: {why}")
        text = " ".join(rest.split())
        if len(text) > MAX_SAY_LENGTH:
            raise IllegalAction(f"a remark is at most {MAX_SAY_LENGTH} characters long")
        if not text.isprintable():  # control characters, lone surrogates: nothing a table can hear or a file hold
            raise IllegalAction(f"a remark is printable text, not {shown(text)}")
        for a in legal:
            if str(a).lower() == f"say {text.lower()}":
                return a
        used = self.talk_used
        if (p, f"say {text.lower()}") in used:
            raise IllegalAction(f"seat {p} has already said {text!r} in this trick")
        if sum(1 for s, _ in used if s == p) >= MAX_TALK:
            raise IllegalAction(f"seat {p} has talked enough in this trick ({MAX_TALK} remarks): play a card")
        return Action(f"say {text}", "say", text)

    def _why_not(self, c: Card) -> str:
        if self.phase == COMANDA:
            return "the cutter announces the comanda before the deal"
        if self.phase == VAGA:
            return "answer the vagaresto first: accept or concede"
        return "the rules forbid it here"

    # --- moves -------------------------------------------------------------------------------------
    def _act(self, action: Action) -> None:
        kind = action.kind
        seat: int = self.current_player  # type: ignore[assignment]
        if kind == "comanda":
            self._announce(seat, action.arg)
        elif kind == "vagaresto":
            self._call(seat)
        elif kind == "accept":
            self._accept(seat)
        elif kind == "concede":
            self._concede(seat)
        elif kind == "say":
            self._use_talk(seat, f"say {action.arg.lower()}")
            self._say(seat, (), "say", action.arg)
        elif kind == "signal":
            self._use_talk(seat, "signal")
            gesture, meaning = SIGNALS[action.arg]
            partner = self.game.partner[seat]  # type: ignore[attr-defined]
            self._say(seat, (partner,), "signal", f"{gesture} ({action.arg}): {meaning}", private=True)
        else:  # pragma: no cover - every legal action kind is handled above
            raise NotImplementedError(kind)

    def _say(self, sender: int | None, to: tuple[int, ...], kind: str, text: str, private: bool = False) -> None:
        """A message: public ones reach every seat, private ones the sender and those addressed."""
        recipients = tuple(sorted({sender, *to})) if private and sender is not None else tuple(range(PLAYERS))
        trick = len(self.hand_tricks) + 1 if self.hand_no else 0
        self.messages.append(Message(self.hand_no, trick, sender, to, recipients, kind, text))

    def _use_talk(self, seat: int, key: str) -> None:
        self.talk_used = self.talk_used | {(seat, key)}

    def _set_ranking(self, ranking: Ranking, text: str) -> None:
        self.ranking = ranking
        self.comanda = text
        self._strength = ranking.strength
        self._order = (compact_order(ranking), ranking.to_list())  # computed once: observations reuse it

    def _announce(self, seat: int, text: str) -> None:
        self._set_ranking(_ranking(text), text)
        self._say(seat, (), "comanda", f"comanda: {text}")
        self._deal_hand()

    def _deal_hand(self) -> None:
        """The dealer gives three cards to each player from his right round to himself; his right leads."""
        pack, start, dealer = self.pack, self.dealt, self.dealer
        for k in range(PLAYERS):
            seat = (dealer + 1 + k) % PLAYERS
            self.hands[seat] = list(pack[start + HAND_SIZE * k : start + HAND_SIZE * (k + 1)])
        self.dealt = start + PLAYERS * HAND_SIZE
        self.hand_no += 1
        self.hand_tricks = []
        self.vaga = None
        self.talk_used = frozenset()
        self._lead((dealer + 1) % PLAYERS)

    def _lead(self, leader: int) -> None:
        self.leader = leader
        self.trick_seats = self.game.rotations[leader]  # type: ignore[attr-defined]
        self.current_player = leader
        self.phase = PLAY

    def _expose_leftovers(self) -> None:
        self.leftovers_public = True
        cards = " ".join(self.leftovers())
        self._say(self.dealer, (), "leftovers", f"the four undealt cards, face up: {cards}")

    def _play(self, c: Card) -> None:
        seat: int = self.current_player  # type: ignore[assignment]
        self.hands[seat].remove(c)
        trick = self.trick
        trick.append(c)
        # TF-41: in the last hand the leftovers go face up once two players have played to its first trick.
        if len(trick) == 2 and self.hand_no == HANDS and not self.hand_tricks and not self.leftovers_public:
            self._expose_leftovers()
        if len(trick) < PLAYERS:
            self.current_player = self.trick_seats[len(trick)]
        else:
            self._end_trick()

    def _end_trick(self) -> None:
        g: Trionfetti = self.game  # type: ignore[assignment]
        cards = tuple(self.trick)
        seats = self.trick_seats
        strength = self._strength
        best = 0
        top = strength[cards[0]]
        for i in range(1, PLAYERS):
            s = strength[cards[i]]
            if s > top:
                best, top = i, s
        winner: int | None = seats[best]
        side_of = g.side_of
        if g.void_ties:
            sides = {side_of[seats[i]] for i in range(PLAYERS) if strength[cards[i]] == top}
            if len(sides) > 1:
                winner = None
        self.tricks.append(TTrick(self.leader, seats, cards, winner, 0, self.hand_no))
        self.trick = []
        self.hand_tricks.append(side_of[winner] if winner is not None else None)
        if winner is None:
            n = len(self.hand_tricks)
            self._say(None, (), "result", f"trick {n} is void: equal top cards of both teams; seat {self.leader} leads")
        decided, side = hand_outcome(self.hand_tricks)
        if (decided and g.skip_third) or len(self.hand_tricks) == HAND_SIZE:
            self._end_hand(side, "tricks" if side is not None else "void")
            return
        self.talk_used = frozenset()
        self._lead(winner if winner is not None else self.leader)

    def _call(self, seat: int) -> None:
        g: Trionfetti = self.game  # type: ignore[assignment]
        stake = stake_for(self.scores(), g.target)
        decider = (seat + 1) % PLAYERS if g.options["vagaresto_decider"] == "next" else (seat + 3) % PLAYERS
        self.vaga = Vaga(seat, decider, stake, "called")
        self._say(seat, (), "vagaresto", f"vagaresto! stake {stake} point{'s' if stake != 1 else ''}")
        if self.hand_no == HANDS and not self.leftovers_public:
            self._expose_leftovers()
        self.phase = VAGA
        self.current_player = decider

    def _accept(self, seat: int) -> None:
        v: Vaga = self.vaga  # type: ignore[assignment]
        self.vaga = v._replace(status="accepted")
        self._say(seat, (), "answer", f"accept: this hand is worth {v.stake} and ends the smazzata")
        self.phase = PLAY
        self.current_player = v.caller

    def _concede(self, seat: int) -> None:
        v: Vaga = self.vaga  # type: ignore[assignment]
        self.vaga = v._replace(status="conceded")
        side = self.game.side_of[v.caller]
        self._say(seat, (), "answer", f"concede: 1 point to seat {v.caller}'s team")
        partner = self.game.partner  # type: ignore[attr-defined]
        for s in range(PLAYERS):
            if self.hands[s]:
                self.shown.append(Shown(self.hand_no, s, partner[s], tuple(self.hands[s])))
        self.phase = PLAY
        self._end_hand(side, "conceded")

    def _end_hand(self, side: int | None, how: str) -> None:
        """Score the hand, discard its cards, then deal the next hand or end the smazzata."""
        g: Trionfetti = self.game  # type: ignore[assignment]
        points = (1 if how == "conceded" else self.stake()) if side is not None else 0
        if side is not None:
            self.won[side] += points
        self.results.append(HandResult(self.hand_no, side, points, how))
        for s in range(PLAYERS):
            self.discards += self.hands[s]
            self.hands[s] = []
        self.discards += self.trick
        self.trick = []
        scores = self.scores()
        if side is None:
            text = f"hand {self.hand_no}: nobody scores (three void tricks)"
        else:
            text = f"hand {self.hand_no} to seats {'+'.join(map(str, g.sides[side]))}: {points} point" + (
                "s" if points != 1 else ""
            )
        self._say(None, (), "result", f"{text}; {_game_score(scores, g.sides)}")
        accepted = self.vaga is not None and self.vaga.status == "accepted"
        if max(scores) >= g.target:
            self.game_winner = 0 if scores[0] >= g.target else 1
            self._say(None, (), "result", f"seats {'+'.join(map(str, g.sides[self.game_winner]))} win the game")
            self._finish()
        elif accepted or self.hand_no == HANDS:
            self._finish()
        else:
            self._deal_hand()

    def _finish(self) -> None:
        super()._finish()
        self.phase = END

    # --- results -----------------------------------------------------------------------------------
    def returns(self) -> list[float]:
        """Per seat: its team's points in this smazzata minus the other team's (zero-sum)."""
        a, b = self.won
        return [float(a - b) if self.game.side_of[s] == 0 else float(b - a) for s in range(PLAYERS)]

    def winners(self) -> list[int]:
        """The team that scored more in a finished smazzata (empty: unfinished or level)."""
        if self.current_player is not None or self.won[0] == self.won[1]:
            return []
        return [0 if self.won[0] > self.won[1] else 1]

    # --- what a seat may see -----------------------------------------------------------------------
    def _open_hands(self, seat: int) -> dict[str, list[str]]:
        """Partners' hands a vagaresto lets this seat see (RULES.md §4.5)."""
        v = self.vaga
        if v is None or v.status == "conceded":
            return {}
        partner = self.game.partner[seat]  # type: ignore[attr-defined]
        challenged = self.game.side_of[seat] != self.game.side_of[v.caller]
        if (v.status == "accepted" or challenged) and self.hands[partner]:
            return {str(partner): [str(c) for c in self.hands[partner]]}
        return {}

    def _leftovers_for(self, seat: int) -> list[str] | None:
        if self.leftovers_public or (seat == self.dealer and self.dealt == HANDS * PLAYERS * HAND_SIZE):
            return [str(c) for c in self.leftovers()]
        return None

    def to_record(self) -> dict[str, Any]:
        record = super().to_record()
        options = self.game.given_options()  # type: ignore[attr-defined]
        if self.start != self.game.start_scores:  # type: ignore[attr-defined]
            options["start_scores"] = list(self.start)  # a smazzata of a match: the score it started from
        record["options"] = options
        return record

    def observation(self, seat: int) -> dict[str, Any]:
        g: Trionfetti = self.game  # type: ignore[assignment]
        obs = self._base_observation(seat)
        obs["options"] = g.given_options()
        obs["tricks"] = [
            {
                "hand": t.hand,
                "leader": t.leader,
                "cards": [[s, str(c)] for s, c in zip(t.seats, t.cards, strict=True)],
                "winner": t.winner,
                "void": t.winner is None,
                "points": 0,
            }
            for t in self.tricks
        ]
        obs["deck"] = g.deck.name
        obs["suit_names"] = {s: g.deck.suit_name(s) for s in ITALIAN_SUITS}
        obs["points_label"] = "Points this smazzata"  # hands won, not card points
        obs["trick_points"] = False  # a Trionfetti trick carries no points
        obs["cutter"] = self.cutter
        obs["cut_card"] = str(self.cut_card)
        obs["comanda"] = self.comanda
        obs["ranking"] = [t[:] for t in self._order[1]] if self._order is not None else None
        obs["hand_number"] = self.hand_no
        obs["trick_number"] = len(self.hand_tricks) + 1 if self.hand_no and self.phase != END else None
        obs["hand_tricks"] = list(self.hand_tricks)
        obs["hands"] = [r._asdict() for r in self.results]
        obs["start_scores"] = list(self.start)
        obs["scores"] = self.scores()
        obs["target"] = g.target
        obs["stake"] = self.stake()
        obs["vagaresto"] = self.vaga._asdict() if self.vaga is not None else None
        obs["stock"] = len(self.pack) - self.dealt
        obs["leftovers"] = self._leftovers_for(seat)
        obs["leftovers_public"] = self.leftovers_public
        obs["known_cards"] = {}
        obs["open_hands"] = self._open_hands(seat)
        obs["shown_cards"] = [
            {"hand": s.hand, "seat": s.seat, "cards": [str(c) for c in s.cards]} for s in self.shown if s.to == seat
        ]
        obs["messages"] = [
            m._asdict() | {"to": list(m.to), "recipients": list(m.recipients)}
            for m in self.messages
            if seat in m.recipients
        ]
        obs["game_winner"] = self.game_winner
        obs["table"] = self._table(seat, obs)
        return obs

    def _table(self, seat: int, obs: dict[str, Any]) -> dict[str, Any]:
        """The public facts for the terminal, worded for this seat."""
        g: Trionfetti = self.game  # type: ignore[assignment]

        def pair(values: Sequence[int]) -> str:
            # The sides as seats, each reader's words for them ("your team: 2 · Luca & Bot 3: 0"), in the order of
            # the score panel: "opponents" stood beside a panel that named them.
            return " · ".join(f"seats {'+'.join(map(str, g.sides[i]))}: {values[i]}" for i in range(2))

        table: dict[str, Any] = {"cut card": f"{self.cut_card} (cut by seat {self.cutter})"}
        if self.ranking is not None:
            table["comanda"] = self.comanda
            table["order, low to high"] = self._order[0]  # type: ignore[index]
        else:
            who = "you announce it: type comanda and your command" if seat == self.cutter else f"seat {self.cutter}"
            table["comanda"] = who if seat == self.cutter else f"{who} is to announce it"
        if self.hand_no:
            table["hand"] = f"{self.hand_no} of {HANDS}"  # the trick within it heads the table
            won = [self.hand_tricks.count(0), self.hand_tricks.count(1)]
            void = self.hand_tricks.count(None)
            table["tricks this hand"] = pair(won) + (f" (void: {void})" if void else "")
        table["game score"] = pair(self.scores()) + f" (game to {g.target})"
        v = self.vaga
        if v is not None and v.status != "conceded":
            state = f"waiting for seat {v.decider} to accept or concede" if v.status == "called" else "accepted"
            table["vagaresto"] = f"called by seat {v.caller}, stake {v.stake}: {state}"
        table["stake"] = f"{self.stake()} point{'s' if self.stake() != 1 else ''}"
        left = obs["leftovers"]
        if left:
            table["undealt cards"] = " ".join(left) + ("" if self.leftovers_public else " (only you have seen them)")
        for showing in self.shown:
            if showing.to == seat and showing.hand == self.hand_no - 1:  # just after a conceded vagaresto
                table[f"seat {showing.seat} showed you"] = " ".join(showing.cards)
        if self.phase == VAGA and self.trick:
            table["trick so far"] = ", ".join(
                f"seat {s} {c}" for s, c in zip(self.trick_seats, self.trick, strict=False)
            )
        if g.talk and self.phase == PLAY:
            table["talk"] = "open (say ..., signal ...)" if self.hand_tricks else "silence until the first trick ends"
        return table


Trionfetti.state_class = TrionfettiState


def _game_score(scores: Sequence[int], sides: Sequence[Sequence[int]]) -> str:
    """The game score as the table says it to everyone: the leader's points first and the leader named ("game
    score 2-1 to seats 1+3", each seat reading its side's name); a bare "1-2" read the wrong way for one team."""
    high, low = max(scores), min(scores)
    if high == low:
        return f"game score {high}-{low}"
    leader = "+".join(map(str, sides[scores.index(high)]))
    return f"game score {high}-{low} to seats {leader}"


def true_signal(state: TrionfettiState, seat: int) -> str:
    """The signal that would be true for ``seat`` now (RULES.md TF-9): ``padrona`` if its best card beats
    every card it has not seen (not in its hand, not played, not among the cards it knows to be out of play),
    ``second`` or ``third`` if one or two unseen cards are higher, else ``alba``.

    Cards of equal strength count as not higher (the first played of equal cards wins)."""
    hand = state.hands[seat]
    if not hand or state.ranking is None:
        return "alba"
    strength = state._strength
    seen: set[Card] = set(hand) | set(state.trick) | set(state.discards)
    for t in state.tricks:
        seen.update(t.cards)
    seen.add(state.cut_card)
    left = state._leftovers_for(seat)
    if left:
        seen.update(state.pack[-LEFTOVERS:])
    best = max(strength[c] for c in hand)
    higher = sorted({strength[c] for c in state.game.deck if c not in seen and strength[c] > best})
    return ("padrona", "second", "third")[len(higher)] if len(higher) < 3 else "alba"


class TrionfettiMatch(Match):
    """The match (RULES.md §4.2): smazzate until a team wins ``games`` games of ``target`` points.

    ``state`` is the smazzata in progress; ``games`` the games won per team; ``game_scores`` the score of
    the game in progress. ``points()`` is the games won (the match score).
    """

    def __init__(self, game: Trionfetti, seed: int | None = None) -> None:
        seed = seed_for(seed)
        self.game = game
        self.seed = seed
        self.policy = game.match_policy()
        self._seeds = random.Random(seed)
        pack = list(game.deck)
        shuffle(pack, self._seeds)
        # TF-42: the first dealer is drawn, as chance from the match seed.
        self.first_dealer, self.draws = draw_for_dealer(pack, self._seeds)
        self.finished: list[Any] = []
        self.scores_after: list[list[float]] = []
        self.history: list[Any] = []
        self._over = False
        self._verdict = None
        self.games = [0, 0]
        self.game_scores = list(game.start_scores)
        self.game_log: list[tuple[int, tuple[int, ...]]] = []  # (winner, final score) of each game played
        self.state = self._new_deal(self.first_dealer)

    def _new_deal(self, dealer: int) -> TrionfettiState:
        return self.game.smazzata(self._seeds.getrandbits(63), dealer, self.game_scores)  # type: ignore[attr-defined]

    def _deal_over(self) -> None:
        st: TrionfettiState = self.state  # type: ignore[assignment]
        self.finished.append(st)
        self.game_scores = st.scores()
        if st.game_winner is not None:
            self.games[st.game_winner] += 1
            self.game_log.append((st.game_winner, tuple(self.game_scores)))
            self.game_scores = [0, 0]  # TF-43: scores reset, a new game with the next dealer
        won = self.games[st.game_winner] >= self.game.games_to_win if st.game_winner is not None else False  # type: ignore[attr-defined]
        if won or len(self.finished) >= self.MAX_DEALS:
            self._over = True
            return
        self.state = self._new_deal((st.dealer + 1) % PLAYERS)  # the deal passes to the right

    def points(self) -> list[float]:
        """Games won per team."""
        return [float(g) for g in self.games]

    def _final(self) -> tuple[list[float], list[int]]:
        from ..engine import side_results

        return side_results(self.points())

    def observation(self, seat: int) -> dict[str, Any]:
        obs = super().observation(seat)
        m = obs["match"]
        m["games"] = list(self.games)
        m["game_scores"] = self.state.scores() if not self._over else list(self.game_scores)  # type: ignore[attr-defined]
        m["game_number"] = sum(self.games) + (0 if self._over else 1)
        m["first_dealer"] = self.first_dealer
        m["first_dealer_draw"] = [[[s, str(c)] for s, c in r] for r in self.draws]
        m["game_log"] = [{"winner": w, "score": list(sc)} for w, sc in self.game_log]
        table = obs.setdefault("table", {})
        if not self.finished and not self.state.tricks:  # type: ignore[attr-defined]
            drawn = "; ".join(", ".join(f"seat {s} {c}" for s, c in r) for r in self.draws)
            table["first-dealer draw"] = f"{drawn}: seat {self.first_dealer} deals"
        return obs

    def to_record(self) -> dict[str, Any]:
        record = super().to_record()
        record["options"] = self.game.given_options()  # type: ignore[attr-defined]
        return record

    def clone(self) -> TrionfettiMatch:
        new = TrionfettiMatch.__new__(TrionfettiMatch)
        new.__dict__.update(self.__dict__)
        new._seeds = random.Random()
        new._seeds.setstate(self._seeds.getstate())
        new.finished = self.finished[:]
        new.scores_after = self.scores_after[:]
        new.history = self.history[:]
        new.games = self.games[:]
        new.game_scores = self.game_scores[:]
        new.game_log = self.game_log[:]
        new.state = self.state.clone()
        return new
