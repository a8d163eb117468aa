"""The generic engine: a :class:`Game` holds the static facts and options, a :class:`State` one deal.

Data flows one way: game module -> ``State`` -> ``observation(seat)`` -> player. A state is plain data and is
fully reproduced from ``(game, options, seed or stacked deck, dealer, actions)``: that tuple is its record.

:class:`TrickState` is the trick-play core the games share: hands, the trick on the table, the completed
tricks, card points won per side, and the hot path (``legal_actions`` / ``apply`` / ``clone``) kept lean
because bots call it millions of times.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar, NamedTuple

from .cards import Card, Deck, card, check_stacked
from .errors import CardError, IllegalAction, OptionError, shown
from .options import Option, resolve
from .records import seed_for
from .tricks import winning_index

PLAY = "play"
END = "end"


class Action(str):
    """A move that is not a card play. Its text is its readable form (``"claim"``, ``"signal A"``).

    ``kind`` names the family of the action and ``arg`` carries its parameter, so games dispatch on data
    rather than parsing text.
    """

    kind: str
    arg: Any

    def __new__(cls, text: str, kind: str | None = None, arg: Any = None) -> Action:
        self = super().__new__(cls, text)
        self.kind = kind if kind is not None else text.split()[0]
        self.arg = arg
        return self

    def __repr__(self) -> str:
        return f"Action({str.__repr__(self)})"


class Trick(NamedTuple):
    """A completed trick: who led, who played (in order), the cards, the winner and the card points."""

    leader: int
    seats: tuple[int, ...]
    cards: tuple[Card, ...]
    winner: int
    points: int


_new_tuple = tuple.__new__


class Audience(NamedTuple):
    """Who sees an action as it is (``seats``); the other seats and spectators see ``public``, a phrase in the
    third person ("discards a card"), or nothing at all when it is None."""

    seats: frozenset[int]
    public: str | None = None


class Game:
    """Static facts of a game with its options. Build with :func:`trionfi.load`."""

    name: ClassVar[str]
    title: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    OPTIONS: ClassVar[tuple[Option, ...]] = ()
    state_class: ClassVar[type[State]]

    players: int
    deck: Deck
    sides: tuple[tuple[int, ...], ...]
    side_of: tuple[int, ...]

    def __init__(self, /, **options: Any) -> None:
        self.options: dict[str, Any] = resolve(self.name, self.OPTIONS, options)
        self._given = dict(options)
        self._configure()

    def _configure(self) -> None:
        raise NotImplementedError

    def _set_sides(self, sides: Sequence[Sequence[int]]) -> None:
        self.sides = tuple(tuple(s) for s in sides)
        side_of = [0] * self.players
        for i, side in enumerate(self.sides):
            for seat in side:
                side_of[seat] = i
        self.side_of = tuple(side_of)

    # --- making states -----------------------------------------------------------------------------
    def deal(self, seed: int | None = None, deck: Sequence[str] | None = None, dealer: int | None = None) -> State:
        """One deal: shuffled from ``seed`` (a random seed, recorded, when none is given), or from a stacked
        ``deck`` listed top first. The dealer is seat ``players - 1`` unless ``dealer`` says otherwise."""
        seed = seed_for(seed)
        if dealer is None:
            dealer = self.players - 1
        elif not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < self.players:
            raise OptionError(f"dealer must be a seat from 0 to {self.players - 1}, not {shown(dealer)}")
        stacked = check_stacked(self.deck, deck) if deck is not None else None
        return self.state_class(self, seed, dealer, stacked)

    def match(self, seed: int | None = None) -> Any:
        """Several deals to the game's target (see :mod:`trionfi.match`)."""
        from .match import Match

        return Match(self, seed)

    def match_policy(self) -> Any:
        from .match import BestOf

        return BestOf(3)

    def sample_state(self, observation: dict[str, Any], rng: random.Random) -> State:
        """A full state that ``observation`` could come from: the cards the seat cannot see are dealt at random
        among the places it cannot see, respecting everything it knows (played cards, voids shown, cards shown,
        hand sizes). Search bots plan on such samples. ``sampled.observation(seat) == observation`` holds.

        Each game's sampler lives in ``trionfi/games/<game>_sample.py`` as ``sample_state(game, observation, rng)``.
        """
        import importlib

        name = f"{__package__}.games.{self.name.replace('-', '_')}_sample"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as e:
            if e.name != name:
                raise
            raise NotImplementedError(f"{self.name} has no state sampler yet") from None
        return module.sample_state(self, observation, rng)

    def audience(self, action: Any, seat: int) -> Audience | None:
        """Who sees ``action``, just taken by ``seat``, as it is; None: every seat and spectator (most actions are
        public). Games with private actions (a signal to a partner, a hidden discard) say so here; everything the
        action causes reaches each seat through its observation (see :mod:`trionfi.events`)."""
        return None

    def card_strength(self, observation: dict[str, Any]) -> dict[Card, int]:
        """Each card's strength within its suit (higher beats lower) as the seat with ``observation`` knows it:
        the order a hand is sorted in. Games whose order is set during a deal (a comanda, a trump) override it."""
        return getattr(self, "strength", None) or {}

    def rules_summary(self) -> str:
        return (self.__doc__ or self.title).strip()

    def __repr__(self) -> str:
        given = ", ".join(f"{k}={v!r}" for k, v in self._given.items())
        return f"trionfi.load({self.name!r}{', ' if given else ''}{given})"


def side_results(scores: Sequence[float]) -> tuple[list[float], list[int]]:
    """Zero-sum results per side from final scores: the best side(s) share what the others lose (1 each).

    Returns (value per side, winning sides); a total tie gives zeros and no winner.
    """
    top = max(scores)
    winners = [i for i, s in enumerate(scores) if s == top]
    if len(winners) == len(scores):
        return [0.0] * len(scores), []
    gain = (len(scores) - len(winners)) / len(winners)
    return [gain if i in winners else -1.0 for i in range(len(scores))], winners


class State:
    """One deal in progress. The public contract is documented on each method."""

    __slots__ = ("_legal_cache", "current_player", "dealer", "game", "history", "phase", "seed", "stacked")

    def __init__(self, game: Game, seed: int, dealer: int, stacked: list[Card] | None) -> None:
        self.game = game
        self.seed = seed
        self.dealer = dealer
        self.stacked = stacked
        self.history: list[Action | Card] = []
        self.current_player: int | None = None
        self.phase = PLAY
        self._legal_cache: list[Any] | None = None

    # --- the public contract -----------------------------------------------------------------------
    def legal_actions(self) -> list[Any]:
        """The actions allowed now (cards and other actions); ``str(action)`` is its text form."""
        cached = self._legal_cache  # the hot path: the cache read and filled here rather than through _legal()
        if cached is None:
            cached = self._legal_cache = self._compute_legal() if self.current_player is not None else []
        return cached[:]

    def apply(self, action: Any, seat: int | None = None) -> None:
        """Play an action or its text (a card code means "play that card").

        Raises :class:`trionfi.IllegalAction` (a ``ValueError``) for anything the rules do not allow now, and
        then leaves the state unchanged. ``seat``, when given, must be the seat to act.
        """
        if seat is not None and (seat.__class__ is not int or seat != self.current_player):
            self._wrong_seat(seat)  # a seat is an int: True and 1.0 equal 1 but are refused there
        legal = self._legal_cache
        if legal is None:
            legal = self._legal()
        if action.__class__ is Card and action in legal:  # the hot path: a legal card, as bots play
            self._legal_cache = None
            self.history.append(action)
            self._play(action)
            return
        action = self._resolve(action, legal)
        self._legal_cache = None
        self.history.append(action)
        if action.__class__ is Card:
            self._play(action)
        else:
            self._act(action)

    def is_terminal(self) -> bool:
        return self.current_player is None

    def hand(self, seat: int) -> list[str]:
        self._check_seat(seat)
        return self._hand(seat)[:]

    def points(self) -> list[int]:
        raise NotImplementedError

    def returns(self) -> list[float]:
        raise NotImplementedError

    def observation(self, seat: int) -> dict[str, Any]:
        raise NotImplementedError

    def to_record(self) -> dict[str, Any]:
        """A JSON-serialisable record from which :func:`trionfi.replay` rebuilds this state."""
        record: dict[str, Any] = {
            "format": "trionfi",
            "version": 1,
            "kind": "deal",
            "game": self.game.name,
            "options": dict(self.game._given),
            "seed": self.seed,
            "dealer": self.dealer,
        }
        if self.stacked is not None:
            record["deck"] = [str(c) for c in self.stacked]
        record["actions"] = [str(a) for a in self.history]
        return record

    def clone(self) -> State:
        raise NotImplementedError

    def events(self, seat: int | None, since: int = 0) -> list[dict[str, Any]]:
        """What ``seat`` (None: a spectator) has seen happen so far, as events (see :mod:`trionfi.events`),
        from index ``since`` of its log. Built by replaying the deal: to follow a table, use an EventLog."""
        from .events import EventLog

        return EventLog(self, spectator=seat is None).events(seat, since)  # a seat needs no spectator log

    # --- helpers for the games ---------------------------------------------------------------------
    def _legal(self) -> list[Any]:
        cached = self._legal_cache
        if cached is None:
            cached = self._legal_cache = self._compute_legal() if self.current_player is not None else []
        return cached

    def _compute_legal(self) -> list[Any]:
        raise NotImplementedError

    def _hand(self, seat: int) -> list[Card]:
        raise NotImplementedError

    def _play(self, c: Card) -> None:
        raise NotImplementedError

    def _act(self, action: Action) -> None:
        raise NotImplementedError

    def _check_seat(self, seat: Any) -> None:
        n = self.game.players
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
            raise IllegalAction(f"seat must be a number from 0 to {n - 1}, not {shown(seat)}")

    def _wrong_seat(self, seat: int) -> None:
        """Raise the reason why ``seat`` may not act now (it is not a seat, or not its turn)."""
        self._check_seat(seat)
        if seat == self.current_player:
            return  # an int subclass other than bool (an IntEnum) naming the seat on turn
        if self.current_player is None:
            raise IllegalAction("the deal is over: no seat may act")
        raise IllegalAction(f"it is seat {self.current_player}'s turn, not seat {seat}'s")

    def _resolve(self, action: Any, legal: list[Any]) -> Any:
        """The legal action that ``action`` (an action or its text) names, or a clear IllegalAction."""
        if self.current_player is None:
            raise IllegalAction(f"the deal is over: {shown(action)} cannot be played")
        if not isinstance(action, str):
            raise IllegalAction(f"an action is a card code or an action's text, not {type(action).__name__}")
        text = " ".join(action.split()).lower()
        for a in legal:
            if a.lower() == text:
                return a
        allowed = ", ".join(legal)
        who = f"seat {self.current_player}"
        try:
            c = card(action)
        except CardError:
            c = None
        if c is not None:
            try:
                self.game.deck.check(c)
            except CardError as e:
                raise IllegalAction(f"{e}; {who} may play: {allowed}") from None
            if c not in self._hand(self.current_player):
                raise IllegalAction(f"{c} is not in {who}'s hand; {who} may play: {allowed}")
            raise IllegalAction(f"{c} may not be played now: {self._why_not(c)}; {who} may play: {allowed}")
        why = self._explain(action)
        if why is not None:
            raise IllegalAction(f"{action!r} is not allowed: {why}; {who} may: {allowed}")
        if len(text) <= 4 and " " not in text:  # short enough to be a mistyped card code
            # Two codes of this game's pack written rank then suit (not the Fool, not a tarot trump), of two suits.
            plain = [c for c in self.game.deck if str(c).endswith(str(c.suit)) and not str(c).startswith(str(c.suit))]
            other = [c for c in plain if c.suit != plain[0].suit][-1:]
            examples = ", ".join(str(c) for c in plain[:1] + other)
            raise IllegalAction(
                f"{action!r} is neither a card code (rank then suit, e.g. {examples}) nor an action "
                f"{who} may take now; allowed: {allowed}"
            )
        raise IllegalAction(f"{action!r} is not an action {who} may take now; allowed: {allowed}")

    def _why_not(self, c: Card) -> str:
        """Why a card from the hand may not be played now (games say which rule forbids it)."""
        return "the rules forbid it here"

    def _explain(self, action: str) -> str | None:
        """Why a non-card action the player wrote is refused, or None when the generic message will do."""
        return None


class TrickState(State):
    """The trick-play core: hands, the trick on the table, completed tricks and card points per side.

    Subclasses set ``trump``, the per-card ``_strength`` and ``_points`` tables, the play ``_restriction``
    and decide in ``_after_trick`` what happens when a trick is complete (drawing, the end of the deal).
    """

    __slots__ = (
        "_points",
        "_restriction",
        "_strength",
        "hands",
        "leader",
        "trick",
        "trick_seats",
        "tricks",
        "trump",
        "won",
    )

    def _init_play(self, hands: list[list[Card]], leader: int, seats: tuple[int, ...]) -> None:
        self.hands = hands
        self.leader = leader
        self.trick: list[Card] = []
        self.trick_seats = seats
        self.tricks: list[Trick] = []
        self.won = [0] * len(self.game.sides)
        self.current_player = seats[0]
        self.phase = PLAY

    def _copy_play(self, new: TrickState) -> None:
        """Copy the trick-play fields into ``new`` (used by the subclasses' ``clone``)."""
        new.game = self.game
        new.seed = self.seed
        new.dealer = self.dealer
        new.stacked = self.stacked
        new.history = self.history[:]
        new.current_player = self.current_player
        new.phase = self.phase
        new._legal_cache = self._legal_cache  # never mutated in place: safe to share
        new.hands = [h[:] for h in self.hands]
        new.leader = self.leader
        new.trick = self.trick[:]
        new.trick_seats = self.trick_seats
        new.tricks = self.tricks[:]
        new.won = self.won[:]
        new.trump = self.trump
        new._strength = self._strength
        new._points = self._points
        new._restriction = self._restriction

    def _hand(self, seat: int) -> list[Card]:
        return self.hands[seat]

    def _play_cards(self, seat: int) -> list[Card]:
        """The cards ``seat`` may play to the current trick."""
        hand = self.hands[seat]
        if not self.trick:
            return hand[:]
        return self._restriction(hand, self.trick, self.trump, self._strength)

    def _play(self, c: Card) -> None:
        self.hands[self.current_player].remove(c)  # type: ignore[index]
        trick = self.trick
        trick.append(c)
        seats = self.trick_seats
        played = len(trick)
        if played < len(seats):
            self.current_player = seats[played]
        else:
            self._end_trick()

    def _end_trick(self) -> None:
        cards = tuple(self.trick)
        seats = self.trick_seats
        winner = seats[winning_index(cards, self.trump, self._strength)]
        points = self._points
        pts = 0
        for c in cards:
            pts += points[c]
        self.won[self.game.side_of[winner]] += pts
        # tuple.__new__ skips the named tuple's Python-level __new__: the same Trick, built at every trick.
        self.tricks.append(_new_tuple(Trick, (self.leader, seats, cards, winner, pts)))
        self.trick = []
        self._after_trick(winner)

    def _after_trick(self, winner: int) -> None:
        raise NotImplementedError

    def _finish(self) -> None:
        self.current_player = None
        self.phase = END
        self._legal_cache = None

    def points(self) -> list[int]:
        return self.won[:]

    # --- observation helpers -----------------------------------------------------------------------
    def _base_observation(self, seat: int) -> dict[str, Any]:
        self._check_seat(seat)
        g = self.game
        return {
            "game": g.name,
            "options": dict(g._given),
            "seat": seat,
            "players": g.players,
            "dealer": self.dealer,
            "sides": [list(s) for s in g.sides],
            "phase": self.phase,
            "current_player": self.current_player,
            "hand": [str(c) for c in self.hands[seat]],
            "hand_sizes": [len(h) for h in self.hands],
            "trump": self.trump,
            "leader": self.leader,
            "trick": [[s, str(c)] for s, c in zip(self.trick_seats, self.trick, strict=False)],
            "tricks": [
                {
                    "leader": t.leader,
                    "cards": [[s, str(c)] for s, c in zip(t.seats, t.cards, strict=True)],
                    "winner": t.winner,
                    "points": t.points,
                }
                for t in self.tricks
            ],
            "points": self.points(),
            "legal_actions": [str(a) for a in self._legal()] if seat == self.current_player else [],
        }
