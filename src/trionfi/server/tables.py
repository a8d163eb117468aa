"""A table in memory: the engine's event log of its deal or match, its seats and the connections watching it.

A live table is always rebuilt from its stored record (:func:`build`), by replaying its actions: the engine
holds every rule, and the event log it builds is the same after a restart, so versions survive restarts.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import trionfi
from trionfi.events import EventLog

from .chat import SayLimit
from .store import SeatRow, TableRow

if TYPE_CHECKING:
    from .connections import Connection

PERSON_KINDS = ("open", "reserved")


def played_by(seat: SeatRow) -> str | None:
    """Who plays a seat now: "person", "bot", or None (nobody: the table waits there)."""
    if seat.kind == "bot":
        return "bot"
    if seat.away:  # left (or handed to the stand-in by the creator)
        return "bot" if seat.stand_in else None
    return "person" if seat.name is not None else None


def bot_of(seat: SeatRow) -> str | None:
    return seat.bot if seat.kind == "bot" else seat.stand_in


def seat_public(seat: SeatRow) -> dict[str, Any]:
    return {
        "seat": seat.seat,
        "kind": seat.kind,
        "bot": seat.bot,
        "name": seat.name,
        "away": seat.away,
        "played_by": played_by(seat),
    }


def ready(seats: list[SeatRow]) -> bool:
    """Every seat is played by someone: a waiting table may start."""
    return all(played_by(s) is not None for s in seats)


_ORDERS: dict[str, dict[str, list[str]]] = {}


def card_order(game: Any) -> dict[str, list[str]]:
    """The game's rank order, lowest first, as the hand is sorted (``Game.card_strength``): ``"*"`` whatever the
    trump, plus an order per trump suit where the trump changes it (Strasbourg Triomphe). Cards of different
    suits do not compare: only their order within a suit is meant. Trionfetti's is the comanda's, in the
    observation's ``ranking``. Worked out once per game and options (every welcome sends it)."""
    key = repr(game)
    if key in _ORDERS:
        return _ORDERS[key]
    base = game.card_strength({})
    orders = {"*": _lowest_first(game.deck, base)}
    for suit in dict.fromkeys(c.suit for c in game.deck):
        strength = game.card_strength({"trump": suit})
        if strength != base:
            orders[suit] = _lowest_first(game.deck, strength)
    if len(_ORDERS) < 256:
        _ORDERS[key] = orders
    return orders


def _lowest_first(deck: Any, strength: dict[Any, int]) -> list[str]:
    return [str(c) for c in sorted(deck, key=lambda c: strength.get(c, 0))]


def initial_state(row: TableRow) -> Any:
    game = trionfi.load(row.game, **row.options)
    if row.kind == "match":
        return game.match(seed=row.seed)
    return game.deal(seed=row.seed, dealer=row.dealer)


@dataclass
class LiveTable:
    row: TableRow  # the stored facts; row.n_actions is the number of actions applied to ``log``
    log: EventLog
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: set[Connection] = field(default_factory=set)
    bot_task: asyncio.Task | None = None
    bot_key: tuple[int, int] | None = None  # (seat, its version) the running bot task moves for
    agents: dict[int, Any] = field(default_factory=dict)
    last_acted: dict[int, int] = field(default_factory=dict)  # seat -> the seat's version its last action was sent at
    last_used: float = field(default_factory=time.monotonic)
    presence_told: tuple[list[int], list[int], int] | None = None  # (connected, awaited, watching) as last told
    watching_later: asyncio.TimerHandle | None = None  # the number watching, to be told in a moment (hub.py)
    # The people's seats not yet opened at this table since it was made here: a rematch starts with the others
    # still on the old table's summary, "not connected" only because they have not come yet. A table loaded from
    # the store (a restart, another process) awaits nobody: its people had come, or are told apart no longer.
    awaited: set[int] = field(default_factory=set)
    # Since when (time.monotonic) each person's seat has had no page open anywhere, as this process knows: after
    # the settings' absent_grace any player may let a bot play for it (hub.Hub.ask_stand_in).
    offline_since: dict[int, float] = field(default_factory=dict)
    said: list[dict[str, Any]] = field(default_factory=list)  # its last chat.KEEP messages, oldest first
    say_limits: dict[int, SayLimit] = field(default_factory=dict)  # seat -> its messages' rate (chat.py)

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def state(self) -> Any:
        return self.log.state

    @property
    def game(self) -> Any:
        return self.deal.game

    @property
    def deal(self) -> Any:
        state = self.log.state
        return state.state if isinstance(state, trionfi.Match) else state

    def version(self, viewer: int | None) -> int:
        return self.log.version(viewer)  # len(log.events(viewer)), without copying the log

    def observation(self, viewer: int | None) -> str:
        """The viewer's observation now, as JSON text (the log works it out at each action, and encodes it once)."""
        return self.log.observation_json(viewer)

    def public(self) -> dict[str, Any]:
        """What anyone may know of the table (GET /api/tables/{id})."""
        r = self.row
        return {
            "table": r.id,
            "game": r.game,
            "title": type(self.game).title,  # the game's; the pages add a variant's or ruleset's name
            "options": r.options,
            "kind": r.kind,
            "status": r.status,
            "seeded": r.seeded,
            "stand_in": r.stand_in,
            "seats": [seat_public(s) for s in r.seats],
            "created": r.created,
            "updated": r.updated,
        }

    def presence(self) -> dict[str, Any]:
        """Which seats have a page open at this table now (in this process), which people have not come yet, and
        how many connections watch without a seat."""
        seats = sorted({c.seat for c in self.conns if c.seat is not None})
        watching = sum(1 for c in self.conns if c.seat is None)
        return {
            "type": "presence",
            "table": self.row.id,
            "connected": seats,
            "awaited": sorted(self.awaited),
            "watching": watching,
        }

    def table_message(self) -> dict[str, Any]:
        return {
            "type": "table",
            "table": self.row.id,
            "status": self.row.status,
            "stand_in": self.row.stand_in,
            "seats": [seat_public(s) for s in self.row.seats],
        }

    def seat_by_token_hash(self, digest: str) -> SeatRow | None:
        import hmac

        for s in self.row.seats:
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, digest):
                return s
        return None

    def record(self) -> dict[str, Any]:
        return self.state.to_record()


def build(row: TableRow, acts: list[tuple[int | None, str]]) -> LiveTable:
    """The live table of a stored record: its actions replayed through the engine."""
    state = initial_state(row)
    for _seat, action in acts:
        state.apply(action)
    row.n_actions = len(acts)
    return LiveTable(row=row, log=EventLog(state, spectator=False))  # a spectator's view when one comes
