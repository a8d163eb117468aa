"""A table in memory: the engine's event log of its deal or match, its seats and the connections watching it.

A live table is always rebuilt from its stored record (:func:`build`), by replaying its actions: the engine
holds every rule, and the event log it builds is the same after a restart, so versions survive restarts.
"""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import trionfi
from trionfi.events import EventLog, public_observation

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
    _obs: dict[Any, tuple[int, str, dict[str, Any]]] = field(default_factory=dict)

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

    def observation(self, viewer: int | None) -> tuple[str, dict[str, Any]]:
        """The viewer's observation now, and its JSON text (cached until the next action)."""
        cached = self._obs.get(viewer)
        if cached is not None and cached[0] == self.row.n_actions:
            return cached[1], cached[2]
        obs = public_observation(self.state) if viewer is None else self.state.observation(viewer)
        text = json.dumps(obs, separators=(",", ":"))
        self._obs[viewer] = (self.row.n_actions, text, obs)
        return text, obs

    def public(self) -> dict[str, Any]:
        """What anyone may know of the table (GET /api/tables/{id})."""
        r = self.row
        return {
            "table": r.id,
            "game": r.game,
            "title": self.game.title,
            "options": r.options,
            "kind": r.kind,
            "status": r.status,
            "seeded": r.seeded,
            "stand_in": r.stand_in,
            "seats": [seat_public(s) for s in r.seats],
            "created": r.created,
            "updated": r.updated,
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
    return LiveTable(row=row, log=EventLog(state))
