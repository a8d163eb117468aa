"""The tables of this process and everything that changes them.

An action goes: check the seat's version -> the engine applies it (or refuses it: nothing changes) -> the store
commits it -> every connection of the table is sent its viewer's new events and observation -> the next bot,
if a bot is to move, is scheduled. A table's changes are serialised by its lock in this process and by the row
lock in the store across processes; a process that finds the store ahead of it (another process acted) replays
the missing actions and tries again.
"""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import multiprocessing
import random
import re
import secrets
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import replace
from typing import Any

import trionfi
from trionfi.errors import TrionfiError

from . import bots, chat
from .connections import Connection
from .presence import SharedPresence
from .protocol import MAX_NAME, NAME_NEEDED, ProtocolError, bot_name, check_name, error
from .settings import Settings
from .store import MISSING, OK, SeatRow, Store, StoreError, TableRow
from .tables import PERSON_KINDS, LiveTable, bot_of, build, card_order, played_by, ready, seat_public
from .tokens import new_table_id, new_token, token_hash

log = logging.getLogger("trionfi.server")
# A server keeps thousands of tables, each a few hundred objects the collector must walk, and every action
# makes and drops a few hundred more: with the default thresholds (700, 10, 10) collections took half the CPU
# of a busy server and paused it for up to a second. Acyclic garbage (nearly all of it) goes by reference
# counting anyway; the collector is for the rare cycles, so it may run far less often.
GC_THRESHOLDS = (50_000, 20, 100)
WATCHING_PAUSE = 2.0  # s: a change in the number of spectators alone is told to the table at most this often
_TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")


class Hub:
    def __init__(self, settings: Settings, store: Store) -> None:
        self.settings = settings
        self.store = store
        self.tables: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Future] = {}
        self._dirty: set[str] = set()
        self.thread_bots = ThreadPoolExecutor(max_workers=4, thread_name_prefix="trionfi-bot")
        self._process_bots: list[ProcessPoolExecutor] = []
        self._tasks: list[asyncio.Task] = []
        self.fanout: Any = None
        self.shared = SharedPresence()  # who is connected, over every process (presence.py)

    # --- life ----------------------------------------------------------------------------------------------
    async def start(self) -> None:
        await asyncio.to_thread(self.store.migrate)
        if self.store.postgres:
            from .fanout import Fanout

            self.fanout = Fanout(
                self.store.postgres_conninfo(), self.store.instance, self.notified, self.notified_all, told=self.told
            )
            await self.fanout.start()
            self.shared = SharedPresence(self.fanout.tell)
        self._tasks.append(asyncio.create_task(self._housekeeping()))
        if self.settings.tune_gc:
            tune_gc()

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        for t in self.tables.values():
            if t.bot_task is not None:
                t.bot_task.cancel()
        if self.fanout is not None:
            await self.fanout.stop()
        self.thread_bots.shutdown(wait=False, cancel_futures=True)
        for pool in self._process_bots:
            pool.shutdown(wait=False, cancel_futures=True)
        await asyncio.to_thread(self.store.close)

    async def _commit(self, future: Any) -> Any:
        """The result of a store write, once committed (SQLite's writer answers with an asyncio future, the
        PostgreSQL writer threads with a concurrent one)."""
        return await (future if asyncio.isfuture(future) else asyncio.wrap_future(future))

    # --- finding tables ------------------------------------------------------------------------------------
    async def get(self, table_id: str) -> LiveTable:
        """The live table, loaded from the store on first use; ``unknown_table`` when there is none."""
        t = self.tables.get(table_id)
        if t is None:
            t = await self._load(table_id)
        t.last_used = time.monotonic()
        return t

    async def _load(self, table_id: str) -> LiveTable:
        unknown = ProtocolError(
            "unknown_table", f"no table {table_id[:40]!r} here (a wrong link, or it was closed or expired)", 404
        )
        if not _TABLE_ID.match(table_id):
            raise unknown
        pending = self._loading.get(table_id)
        if pending is not None:
            t = await asyncio.shield(pending)
            if t is None:
                raise unknown
            return t
        future: asyncio.Future = asyncio.get_running_loop().create_future()
        self._loading[table_id] = future
        try:
            loaded = await asyncio.to_thread(self._read_and_build, table_id)
        except BaseException:
            future.set_result(None)
            raise
        finally:
            del self._loading[table_id]
        if loaded is None:
            future.set_result(None)
            raise unknown
        self.tables[table_id] = loaded
        future.set_result(loaded)
        self._schedule_bot(loaded)  # a table served again after a restart goes on by itself
        return loaded

    def _read_and_build(self, table_id: str) -> LiveTable | None:
        got = self.store.load(table_id)
        if got is None:
            return None
        t = build(*got)
        t.said = self.store.messages(table_id, chat.KEEP)
        return t

    async def open_tables(self) -> list[dict[str, Any]]:
        rows = await asyncio.to_thread(self.store.open_tables)
        now = time.time()
        return [
            {
                "table": r.id,
                "game": r.game,
                "title": trionfi.registry.game_class(r.game).title,
                "options": r.options,
                "kind": r.kind,
                "status": r.status,
                "seeded": r.seeded,
                "free_seats": [s.seat for s in r.seats if s.kind == "open" and s.name is None],
                "seats": [seat_public(s) for s in r.seats],  # who is there already: the lobby names them
                "created": r.created,
                # Whether anybody is there now, and for how long nothing happened: the lobby sets apart the
                # tables left by everyone (kept a week for their links) from those where someone waits.
                "connected": self._connected_known(r.id),
                "idle": max(0.0, now - r.updated),
            }
            for r in rows
        ]

    def _connected_known(self, table_id: str) -> list[int]:
        t = self.tables.get(table_id)
        return self.shared.known(table_id, t.presence()["connected"] if t is not None else [])

    # --- creating ------------------------------------------------------------------------------------------
    async def create(self, spec: dict[str, Any], base: str) -> dict[str, Any]:
        """A new table from the checked request body; the links use ``base`` (e.g. http://127.0.0.1:8000)."""
        try:
            game = trionfi.load(spec["game"], **(spec.get("options") or {}))
            n = game.players
            seat_specs = spec.get("seats") or [{"kind": "open"} for _ in range(n)]
            if len(seat_specs) != n:
                raise ProtocolError(
                    "bad_options", f"{game.title} with these options has {n} seats; {len(seat_specs)} were given"
                )
            stand_in = spec.get("stand_in")
            if stand_in is not None:
                bots.check_bot(stand_in)
            seat_rows: list[SeatRow] = []
            tokens: dict[int, str] = {}
            for i, s in enumerate(seat_specs):
                kind = s["kind"]
                if kind == "bot":
                    bot = s.get("bot") or "medium"
                    bots.check_bot(bot)
                    seat_rows.append(SeatRow(seat=i, kind="bot", bot=bot))
                else:
                    if s.get("bot") is not None:
                        raise ProtocolError("bad_options", f"seat {i} is {kind}: only a bot seat names a bot")
                    tokens[i] = new_token()
                    seat_rows.append(SeatRow(seat=i, kind=kind, token_hash=token_hash(tokens[i]), stand_in=stand_in))
        except TrionfiError as e:
            raise ProtocolError("bad_options", str(e)) from None
        seed = spec.get("seed")
        creator = new_token()
        now = time.time()
        row = TableRow(
            id=new_table_id(),
            game=game.name,
            options=dict(game._given),
            kind="match" if spec.get("match") else "deal",
            seed=secrets.randbits(63) if seed is None else seed,
            dealer=None,
            seeded=seed is not None,
            status="playing" if ready(seat_rows) else "waiting",
            creator_hash=token_hash(creator),
            stand_in=stand_in,
            n_actions=0,
            created=now,
            updated=now,
            seats=seat_rows,
        )
        await self.add(row)
        return {
            "table": row.id,
            "creator_token": creator,
            "seats": [
                {
                    "seat": s.seat,
                    "kind": s.kind,
                    "token": tokens.get(s.seat),
                    "invite": invite_link(base, row.id, tokens[s.seat]) if s.seat in tokens else None,
                }
                for s in seat_rows
            ],
            "spectate": f"{base}/t/{row.id}",
            "websocket": websocket_url(base),
        }

    async def add(self, row: TableRow) -> LiveTable:
        """Store a new table (its row made and checked by the caller) and serve it."""
        try:
            t = build(row, [])
        except TrionfiError as e:
            raise ProtocolError("bad_options", str(e)) from None
        t.awaited = {s.seat for s in row.seats if s.kind in PERSON_KINDS}
        await self._commit(self.store.create(row))
        self.tables[row.id] = t
        self._schedule_bot(t)
        return t

    def broadcast(self, t: LiveTable, message: dict[str, Any]) -> None:
        """Send one message to every connection of the table (in this process)."""
        self._broadcast(t, message)

    def tell_rematch(self, t: LiveTable, rematch: str) -> None:
        """The table's rematch was made here: its connections hear it, and those of the other processes."""
        self._broadcast(t, {"type": "rematch", "table": t.id, "rematch": rematch})
        if self.fanout is not None:
            self.fanout.tell(t.id, "rematch", rematch)

    def told(self, table_id: str, instance: str, kind: str, arg: str) -> None:
        """Another process's news of a table (fanout.Fanout.tell): a rematch made, the seats connected there."""
        t = self.tables.get(table_id)
        if t is None:
            if kind == "presence":  # a table served elsewhere: the lobby here still says who is at it
                self.shared.heard(table_id, instance, kind, arg)
            return
        if kind == "rematch":
            self._broadcast(t, {"type": "rematch", "table": t.id, "rematch": arg})
        elif kind == "said":
            self._heard(t, json.loads(arg))
        elif kind == "closed":
            self._gone(t, closed=True)
        elif self.shared.heard(table_id, instance, kind, arg):
            self._tell_presence(t)

    # --- what the people say -------------------------------------------------------------------------------
    async def say(self, t: LiveTable, seat: int, text: str | None, phrase: str | None) -> None:
        """``seat`` says a text or a phrase (chat.py): stored, then sent to every connection of the table."""
        if phrase is not None:
            chat.check_phrase(phrase)
        else:
            text = chat.clean_text(text or "")
            if t.row.status != "finished":  # (a waiting table's seats hold their cards already)
                raise chat.phrases_only()
        t.say_limits.setdefault(seat, chat.SayLimit()).take()
        name = t.row.seats[seat].name or ""
        self._heard(t, await self._stored(t, self.store.say(t.id, seat, name, text, phrase, chat.STORED)))

    def _heard(self, t: LiveTable, said: dict[str, Any]) -> None:
        # Heard already (a table reloaded from the store after it was said)? Another process's message may come
        # after one said here later (its notice is on its way when this process's own commit returns): the list
        # stays in the store's order, and the pages put each message in its place by its number.
        if any(m["n"] == said["n"] for m in t.said):
            return
        t.said.append(said)
        t.said.sort(key=lambda m: m["n"])
        del t.said[: -chat.KEEP]
        self._broadcast(t, {"type": "said", "table": t.id, **said})

    # --- seats ---------------------------------------------------------------------------------------------
    async def _change(self, t: LiveTable, fn: Callable[[TableRow], TableRow | ProtocolError]) -> TableRow:
        """Change the stored seats/status under the table's locks; tell every connection; maybe start a bot."""
        async with t.lock:
            result = await self._stored(t, self.store.change(t.id, fn))
            await self._absorb(t, result)
        self._schedule_bot(t)
        return result

    async def _stored(self, t: LiveTable, future: Any) -> Any:
        """A store change's result once committed; its refusal raised, or ``unknown_table`` if the table expired."""
        result = await self._commit(future)
        if result == MISSING:
            self._gone(t)
            raise ProtocolError("unknown_table", f"the table {t.id!r} expired", 404)
        if isinstance(result, ProtocolError):
            raise result
        return result

    async def claim(self, table_id: str, seat: int, name: str) -> dict[str, Any]:
        t = await self.get(table_id)
        name = check_name(name)
        token = new_token()

        def fn(row: TableRow) -> TableRow | ProtocolError:
            if not 0 <= seat < len(row.seats):
                return ProtocolError("bad_message", f"seat must be from 0 to {len(row.seats) - 1}, not {seat}", 422)
            s = row.seats[seat]
            if s.kind != "open":
                return ProtocolError(
                    "seat_taken", f"seat {seat} is a {s.kind} seat: only an open seat may be claimed", 409
                )
            if s.name is not None:
                return ProtocolError("seat_taken", f"seat {seat} was taken by {s.name}", 409)
            s.name, s.token_hash, s.away = distinct_name(name, row.seats, seat), token_hash(token), False
            return _maybe_start(row)

        await self._change(t, fn)
        return {"table": t.id, "seat": seat, "token": token}

    async def hand_over(self, t: LiveTable, creator: str, seat: int) -> dict[str, Any]:
        """The creator gives a person's seat to someone new: a new token (the old link stops working, and a page
        still open with it is told so and dropped), no name until the new person comes. Meanwhile the seat's
        stand-in plays it, or the table waits there. Only a seat whose person left or is not connected: the
        creator cannot take a seat from someone at the table."""
        digest = token_hash(creator)
        token = new_token()
        here = t.presence()
        connected, _ = self.shared.connected(t.id, here["connected"], here["watching"])

        def fn(row: TableRow) -> TableRow | ProtocolError:
            if not secrets.compare_digest(digest, row.creator_hash):
                return ProtocolError("bad_token", "this is not the table's creator token", 403)
            if not 0 <= seat < len(row.seats):
                return ProtocolError("bad_message", f"seat must be from 0 to {len(row.seats) - 1}, not {seat}", 422)
            s = row.seats[seat]
            if s.kind not in PERSON_KINDS:
                return ProtocolError("bad_options", f"seat {seat} is a bot's seat, not a person's")
            if row.status == "finished":
                return ProtocolError("bad_options", "the table is over: its rematch has seats of its own")
            if s.name is not None and not s.away and seat in connected:
                return ProtocolError(
                    "seat_taken",
                    f"seat {seat} is played by {s.name}, who is at the table: a seat is given to someone else "
                    "once its person left or is not connected",
                    409,
                )
            s.name, s.token_hash, s.away = None, token_hash(token), row.status == "playing"
            return row

        await self._change(t, fn)
        return {"table": t.id, "seat": seat, "token": token}

    async def join(self, t: LiveTable, token: str, name: str | None) -> int:
        """The seat of ``token``, now held by its person (named ``name``), back from being away."""
        digest = token_hash(token)
        seat_found: list[int] = []

        def fn(row: TableRow) -> TableRow | ProtocolError:
            s = next((s for s in row.seats if s.token_hash == digest), None)
            if s is None:
                return _bad_token(row.id)
            if name is None and s.name is None:
                return ProtocolError("bad_message", NAME_NEEDED, 422)
            seat_found.append(s.seat)
            if name is not None:
                s.name = distinct_name(name, row.seats, s.seat)
            s.away = False
            return _maybe_start(row)

        known = t.seat_by_token_hash(digest)
        if known is None and not self.store.postgres:  # (another process may have just handed this token out)
            raise _bad_token(t.id)
        if (
            known is not None
            and not known.away
            and known.name is not None
            and (name is None or distinct_name(name, t.row.seats, known.seat) == known.name)
        ):
            return known.seat  # already held, by this name: nothing to store
        await self._change(t, fn)
        return seat_found[0]

    async def leave(self, t: LiveTable, seat: int) -> None:
        def fn(row: TableRow) -> TableRow:
            row.seats[seat].away = True
            return row

        await self._change(t, fn)

    async def seat_of_token(self, t: LiveTable, token: str) -> int:
        """The seat of ``token``. With several processes (PostgreSQL) a token this one does not know may have just
        been handed out by another: the table is read from the store before the token is refused."""
        s = t.seat_by_token_hash(token_hash(token))
        if s is None and self.store.postgres:
            await self._refresh(t)
            s = t.seat_by_token_hash(token_hash(token))
        if s is None:
            raise _bad_token(t.id)
        return s.seat

    async def close(self, t: LiveTable, creator: str) -> None:
        """The creator closes a table nobody has played at yet (made by mistake, or the friends did not come):
        gone from the store and the lobby, and every page of it told so. A game begun is its players' own."""
        digest = token_hash(creator)

        def check(row: TableRow) -> ProtocolError | None:
            if not secrets.compare_digest(digest, row.creator_hash):
                return ProtocolError("bad_token", "this is not the table's creator token", 403)
            if row.status != "waiting":
                return ProtocolError(
                    "not_waiting", "the game has begun: only a table still waiting for its players can be closed", 409
                )
            return None

        async with t.lock:
            await self._stored(t, self.store.close_table(t.id, check))
            if t.bot_task is not None:
                t.bot_task.cancel()
            self._gone(t, closed=True)
        self.shared.forget(t.id)
        if self.fanout is not None:
            self.fanout.tell(t.id, "closed", "")

    async def ask_stand_in(self, t: LiveTable, token: str, seat: int) -> None:
        """A player lets a bot play for the person of ``seat``, gone (no page open anywhere) for the settings'
        ``absent_grace``, or who left: the creator's own phone may be the one that died. The seat's person takes
        it back by opening their link, as from the creator's stand-in; the table's stand-in bot plays, else medium."""
        asker = await self.seat_of_token(t, token)
        grace = self.settings.absent_grace
        _note_offline(t, self._connected_known(t.id))
        offline = t.offline_since.get(seat)
        gone_for = 0.0 if offline is None else time.monotonic() - offline

        def fn(row: TableRow) -> TableRow | ProtocolError:
            if row.status != "playing":
                return ProtocolError("not_started", "a bot plays for someone only while the game is played", 409)
            if not 0 <= seat < len(row.seats) or row.seats[seat].kind not in PERSON_KINDS or seat == asker:
                return ProtocolError("bad_options", f"seat {seat} is not another person's seat of this table")
            s = row.seats[seat]
            if played_by(s) == "bot":
                return ProtocolError("not_absent", f"a bot plays seat {seat} already", 409)
            who = s.name or f"seat {seat}"
            if not s.away:  # one who left the table is gone at once
                if offline is None:
                    return ProtocolError("not_absent", f"{who} is at the table: the table waits for their move", 409)
                if gone_for < grace:
                    return ProtocolError(
                        "not_absent",
                        f"{who} has been gone {gone_for:.0f} seconds: after {grace:g}, anyone at the table may "
                        "let a bot play for them",
                        409,
                    )
            s.stand_in = s.stand_in or row.stand_in or "medium"
            s.away = True  # the bot plays it now, until its person comes back
            return row

        await self._change(t, fn)

    async def set_stand_in(self, t: LiveTable, creator: str, bot: str | None, seat_list: list[int] | None) -> None:
        if bot is not None:
            try:
                bots.check_bot(bot)
            except TrionfiError as e:
                raise ProtocolError("bad_options", str(e)) from None
        digest = token_hash(creator)

        def fn(row: TableRow) -> TableRow | ProtocolError:
            if not secrets.compare_digest(digest, row.creator_hash):
                return ProtocolError("bad_token", "this is not the table's creator token", 403)
            if seat_list is None:
                row.stand_in = bot
                for s in row.seats:
                    if s.kind in PERSON_KINDS:
                        s.stand_in = bot
                return _maybe_start(row)
            for i in seat_list:
                if not 0 <= i < len(row.seats) or row.seats[i].kind not in PERSON_KINDS:
                    return ProtocolError("bad_options", f"seat {i} is not a person's seat of this table")
            for i in seat_list:
                row.seats[i].stand_in = bot
                if bot is not None:
                    row.seats[i].away = True  # the bot plays it now, until its person comes back
            return _maybe_start(row)

        await self._change(t, fn)

    # --- actions -------------------------------------------------------------------------------------------
    async def act(
        self,
        t: LiveTable,
        seat: int,
        action: str,
        version: int,
        *,
        bot: bool = False,
        conn: Connection | None = None,
        ref: Any = None,
    ) -> None:
        """Apply, commit and broadcast one action, or raise a ProtocolError having changed nothing."""
        if not bot and t.row.seats[seat].away:
            await self._come_back(t, seat)
        async with t.lock:
            before = t.row.status
            for _attempt in range(5):
                self._check_action(t, seat, version, bot)
                try:
                    t.log.apply(action, seat=seat)
                except TrionfiError as e:
                    raise ProtocolError("illegal_action", str(e)) from None
                text = str(t.state.history[-1])  # the canonical text ("kb" -> "Kb")
                status = "finished" if t.state.is_terminal() else t.row.status
                try:
                    result = await self._commit(self.store.append(t.id, t.row.n_actions, seat, text, status))
                except StoreError:
                    await self._reload(t)
                    raise ProtocolError(
                        "internal", "the server could not store the action; nothing changed; try again"
                    ) from None
                if result == OK:
                    t.row.n_actions += 1
                    t.row.status = status
                    t.row.updated = time.time()
                    t.last_acted[seat] = version
                    break
                if result == MISSING:
                    self._gone(t)
                    raise ProtocolError("unknown_table", f"the table {t.id!r} expired", 404)
                await self._reload(t)  # CONFLICT: another process acted first; look again with its actions
            else:
                raise ProtocolError("internal", "the table is too busy right now; nothing changed; try again")
            self._push(t, conn, ref)
            if t.row.status != before:
                self._broadcast(t, t.table_message())
        self._schedule_bot(t)

    async def _come_back(self, t: LiveTable, seat: int) -> None:
        def fn(row: TableRow) -> TableRow:
            row.seats[seat].away = False
            return row

        await self._change(t, fn)

    def _check_action(self, t: LiveTable, seat: int, version: int, bot: bool) -> None:
        if t.row.status == "waiting":
            empty = [s.seat for s in t.row.seats if played_by(s) is None]
            raise ProtocolError(
                "not_started", f"the table waits for players: nobody plays seat(s) {', '.join(map(str, empty))} yet"
            )
        if bot and played_by(t.row.seats[seat]) != "bot":
            raise ProtocolError("not_a_seat", f"seat {seat} is played by its person again")
        current = t.version(seat)
        if version < current or t.last_acted.get(seat) == version:
            raise ProtocolError(
                "stale_version",
                f"your version {version} is behind seat {seat}'s version {current}: an action was already taken since; "
                "look at the events you were sent (or send sync) before you act"
                if version < current
                else f"an action of seat {seat} at version {version} was already taken; send sync",
            )
        if version > current:
            raise ProtocolError("bad_version", f"version {version} is ahead of seat {seat}'s version {current}")

    # --- telling the connections ---------------------------------------------------------------------------
    def _seats_changed(self, t: LiveTable) -> None:
        """The stored seats changed (here or in another process): drop the pages of a seat given away, then
        tell the table."""
        self._drop_handed_over(t)
        self._broadcast(t, t.table_message())

    def _drop_handed_over(self, t: LiveTable) -> None:
        """Connections of a seat that was given to someone else see nothing more of it."""
        for conn in list(t.conns):
            if conn.seat is not None and conn.token_hash != t.row.seats[conn.seat].token_hash:
                conn.send(error("bad_token", f"seat {conn.seat} was given to someone else by the table's creator"))
                self.detach(conn)

    def _broadcast(self, t: LiveTable, message: dict[str, Any]) -> None:
        text = json.dumps(message, separators=(",", ":"))
        for conn in list(t.conns):
            conn.send(text)

    def _push(self, t: LiveTable, actor: Connection | None = None, ref: Any = None) -> None:
        """Send every connection what changed for its viewer since it was last sent something."""
        for conn in list(t.conns):
            self.sync(t, conn, ref=ref if conn is actor else None)

    def sync(
        self, t: LiveTable, conn: Connection, *, since: int | None = None, full: bool = False, ref: Any = None
    ) -> None:
        """``events`` (new events + observation) or, on hello/sync when shorter, a ``snapshot``."""
        viewer = conn.viewer
        version = t.version(viewer)
        obs_text = t.observation(viewer)
        asked = since is not None
        start = conn.version if since is None else since
        if not asked and version == start and obs_text == conn.obs_text and ref is None:
            return  # nothing this viewer may notice has changed
        events_text = t.log.events_json(viewer, start)
        if asked and not full and len(events_text) > len(obs_text):
            text = f'{{"type":"snapshot","table":{json.dumps(t.id)},"version":{version},"observation":{obs_text}}}'
        else:
            tail = "" if ref is None else f',"ref":{json.dumps(ref)}'
            text = (
                f'{{"type":"events","table":{json.dumps(t.id)},"from":{start},"version":{version},'
                f'"events":{events_text},"observation":{obs_text}{tail}}}'
            )
        conn.version = version
        conn.obs_text = obs_text
        conn.send(text)

    # --- catching up with the store (another process acted, or a conflict) -----------------------------------
    async def _absorb(self, t: LiveTable, row: TableRow) -> None:
        """Take the stored row (seats, status) and any actions it has beyond ours; tell the connections."""
        table_changed = (row.seats, row.status, row.stand_in) != (t.row.seats, t.row.status, t.row.stand_in)
        if row.n_actions != t.row.n_actions:
            await self._catch_up(t)
        n = t.row.n_actions
        t.row = replace(row, n_actions=n)
        if table_changed:
            self._seats_changed(t)
        self._push(t)

    async def _catch_up(self, t: LiveTable) -> None:
        got = await asyncio.to_thread(self.store.changes, t.id, t.row.n_actions)
        if got is None:
            self._gone(t)
            return
        row, acts = got
        try:
            for _seat, action in acts:
                t.log.apply(action)
        except TrionfiError:
            log.exception("table %s: stored actions do not replay on the live table; rebuilding it", t.id)
            await self._reload(t)
            return
        t.row.n_actions += len(acts)
        if acts:
            t.row.status = row.status

    async def _reload(self, t: LiveTable) -> None:
        """Rebuild the live table from the store (after a conflict or a failed write)."""
        fresh = await asyncio.to_thread(self._read_and_build, t.id)
        if fresh is None:
            self._gone(t)
            return
        t.row, t.log = fresh.row, fresh.log
        t.said = fresh.said
        t.last_acted.clear()
        self._drop_handed_over(t)
        self._push(t)

    def notified(self, table_id: str, action: str = "") -> None:
        """Another process changed ``table_id``. An action ("n seat text") is applied as it is, in order; any
        other change (or a gap) makes this process read the table again, once, however many notices came."""
        t = self.tables.get(table_id)
        if t is None:
            return
        if action:
            number, _, rest = action.partition(" ")
            text = rest.partition(" ")[2]
            if number.isdigit() and text:
                asyncio.get_running_loop().create_task(self._take_action(t, int(number), text))
                return
        if table_id in self._dirty:
            return
        self._dirty.add(table_id)
        asyncio.get_running_loop().create_task(self._refresh(t))

    def notified_all(self) -> None:
        for table_id in list(self.tables):
            self.notified(table_id)

    async def _take_action(self, t: LiveTable, number: int, text: str) -> None:
        """Action ``number`` of the table, committed by another process (tasks take the lock in order)."""
        async with t.lock:
            if number < t.row.n_actions:
                return  # already read from the store
            if number > t.row.n_actions:
                self.notified(t.id)  # a notice was missed: read the store
                return
            try:
                t.log.apply(text)
            except TrionfiError:
                log.exception("table %s: a notified action does not replay; reading the store", t.id)
                self.notified(t.id)
                return
            t.row.n_actions += 1
            before = t.row.status
            if t.state.is_terminal():
                t.row.status = "finished"
            self._push(t)
            if t.row.status != before:
                self._broadcast(t, t.table_message())

    async def _refresh(self, t: LiveTable) -> None:
        async with t.lock:
            self._dirty.discard(t.id)
            got = await asyncio.to_thread(self.store.changes, t.id, t.row.n_actions)
            if got is None:
                self._gone(t)
                return
            row, acts = got
            before = (t.row.seats, t.row.status, t.row.stand_in)
            try:
                for _seat, action in acts:
                    t.log.apply(action)
            except TrionfiError:
                log.exception("table %s: stored actions do not replay on the live table; rebuilding it", t.id)
                await self._reload(t)
                return
            t.row = replace(row, n_actions=t.row.n_actions + len(acts))
            if (row.seats, row.status, row.stand_in) != before:
                self._seats_changed(t)
            self._push(t)

    def _gone(self, t: LiveTable, closed: bool = False) -> None:
        """The table is no longer in the store (it expired, or its creator closed it): tell its connections and
        forget it."""
        self.tables.pop(t.id, None)
        if t.watching_later is not None:
            t.watching_later.cancel()
        if closed:
            message = error("unknown_table", "this table was closed by its creator")
        else:
            message = error("unknown_table", f"the table {t.id!r} expired")
        for conn in list(t.conns):
            conn.send(message)
            conn.table = None
        t.conns.clear()

    # --- bots ----------------------------------------------------------------------------------------------
    def _schedule_bot(self, t: LiveTable) -> None:
        if t.row.status != "playing":
            return
        seat = t.state.current_player
        if seat is None or played_by(t.row.seats[seat]) != "bot":
            return
        key = (seat, t.version(seat))
        if t.bot_task is not None and not t.bot_task.done() and t.bot_key == key:
            return
        t.bot_key = key
        t.bot_task = asyncio.get_running_loop().create_task(self._bot_move(t, seat, key[1]))

    def wake_bot(self, t: LiveTable) -> None:
        """A bot that should be thinking and is not (after a restart, or a process that died): start it."""
        self._schedule_bot(t)

    async def _bot_move(self, t: LiveTable, seat: int, version: int) -> None:
        try:
            if self.settings.bot_pause > 0:
                await asyncio.sleep(self.settings.bot_pause)
            s = t.row.seats[seat]
            name = bot_of(s)
            if name is None or t.state.current_player != seat or t.version(seat) != version or played_by(s) != "bot":
                return
            obs_text = t.observation(seat)
            obs = json.loads(obs_text)  # the bot's own copy of its seat's observation, and nothing else
            choice = await self._think(t, seat, name, obs)
            try:
                await self.act(t, seat, choice, version, bot=True)
            except ProtocolError as e:
                if e.code != "illegal_action":
                    return  # the table moved on (a person came back, another process's bot moved)
                log.error("table %s: the %s bot at seat %d chose %r, refused: %s", t.id, name, seat, choice, e.message)
                await self.act(t, seat, random.choice(obs["legal_actions"]), version, bot=True)
        except asyncio.CancelledError:
            raise
        except ProtocolError as e:
            log.info("table %s: bot move at seat %d dropped: %s", t.id, seat, e.message)
        except Exception:
            log.exception("table %s: the bot at seat %d failed", t.id, seat)

    async def _think(self, t: LiveTable, seat: int, name: str, obs: dict[str, Any]) -> str:
        loop = asyncio.get_running_loop()
        seed = bots.bot_seed(t.row.seed, seat)
        if bots.is_quick(name):
            agent = t.agents.get(seat)
            if agent is None or getattr(agent, "_server_name", None) != name:
                agent = trionfi.agents.make_agent(name, seed, game=t.game)
                agent._server_name = name
                t.agents[seat] = agent
            future = loop.run_in_executor(self.thread_bots, agent.choose, obs)
        else:
            key = (t.id, seat, name, t.row.seed)
            future = loop.run_in_executor(
                self._process_pool(t.id, seat), bots.choose_in_process, t.row.game, t.row.options, name, seed, key, obs
            )
        try:
            return str(await asyncio.wait_for(future, self.settings.bot_timeout))
        except TimeoutError:
            log.warning(
                "table %s: the %s bot at seat %d took over %.0f s: a random move instead",
                t.id,
                name,
                seat,
                self.settings.bot_timeout,
            )
            return random.choice(obs["legal_actions"])

    def _process_pool(self, table: str, seat: int) -> ProcessPoolExecutor:
        """The one-process pool that plays this seat of this table: always the same one, so that the bot it keeps
        there remembers the deal (its manners: a statement or a proposal is not made twice; a search's reading)."""
        if not self._process_bots:
            # forkserver: a fork of this threaded process could inherit a held lock
            context = multiprocessing.get_context("forkserver")
            self._process_bots = [
                ProcessPoolExecutor(max_workers=1, mp_context=context) for _ in range(self.settings.bot_processes)
            ]
        return self._process_bots[bots.worker_for(table, seat, len(self._process_bots))]

    # --- housekeeping --------------------------------------------------------------------------------------
    async def _housekeeping(self) -> None:
        every = min(self.settings.expire_every, 60.0)
        last_expiry = 0.0
        while True:
            await asyncio.sleep(every)
            try:
                now = time.monotonic()
                if now - last_expiry >= self.settings.expire_every:
                    last_expiry = now
                    await self.expire()
                self.evict()
            except Exception:
                log.exception("housekeeping failed")

    async def expire(self) -> list[str]:
        """Delete the unfinished tables idle longer than ``expire_after``; their ids."""
        ids = await self._commit(self.store.expire(time.time() - self.settings.expire_after))
        for table_id in ids:
            t = self.tables.get(table_id)
            if t is not None:
                self._gone(t)
        if ids:
            log.info("expired %d idle table(s)", len(ids))
        return ids

    def evict(self) -> None:
        """Forget the tables nobody watches and no bot plays (they are loaded again when asked for)."""
        cutoff = time.monotonic() - self.settings.evict_after
        for table_id, t in list(self.tables.items()):
            if (
                not t.conns
                and (t.bot_task is None or t.bot_task.done())
                and t.last_used < cutoff
                and not t.lock.locked()
            ):
                del self.tables[table_id]
                self.shared.forget(table_id)

    # --- connections ---------------------------------------------------------------------------------------
    def attach(self, t: LiveTable, conn: Connection) -> None:
        conn.table = t
        t.conns.add(conn)

    def detach(self, conn: Connection) -> None:
        t = conn.table
        if t is not None:
            t.conns.discard(conn)
            t.last_used = time.monotonic()
            conn.table = None
            self._tell_presence(t)

    def _tell_presence(self, t: LiveTable, newcomer: Connection | None = None, now: bool = False) -> None:
        """A ``presence`` message to the table when the seats connected changed. When only the number watching
        changed, to a newcomer at once and to everyone WATCHING_PAUSE seconds later (``now``), with whatever
        came and went meanwhile: a crowd of spectators coming and going costs one message to everyone in that
        time, not one each."""
        message = t.presence()
        message["connected"], message["watching"] = self.shared.connected(
            t.id, message["connected"], message["watching"]
        )
        _note_offline(t, message["connected"])
        t.awaited.difference_update(message["connected"])
        message["awaited"] = sorted(t.awaited)
        told = (message["connected"], message["awaited"], message["watching"])
        if told != t.presence_told and (now or t.presence_told is None or told[:2] != t.presence_told[:2]):
            t.presence_told = told
            self._broadcast(t, message)
            return
        if newcomer is not None:
            newcomer.send(message)
        if told != t.presence_told and t.watching_later is None:
            t.watching_later = asyncio.get_running_loop().call_later(WATCHING_PAUSE, self._tell_watching, t)

    def _tell_watching(self, t: LiveTable) -> None:
        t.watching_later = None
        self._tell_presence(t, now=True)

    async def welcome(self, t: LiveTable, conn: Connection, version: int, full: bool) -> None:
        async with t.lock:  # nothing half-committed is shown, and welcome comes first
            self.attach(t, conn)
            message = {"type": "welcome", "seat": conn.seat, "version": t.version(conn.seat), **_welcome_facts(t)}
            message["absent_grace"] = self.settings.absent_grace
            message["said"] = t.said
            conn.send(message)
            current = t.version(conn.seat)
            if version > current:
                conn.send(
                    error(
                        "bad_version",
                        f"version {version} is ahead of this viewer's version {current}: here is a snapshot",
                    )
                )
                version = current + 1  # forces the snapshot below
                conn.version = current
                text = t.observation(conn.seat)
                conn.obs_text = text
                conn.send(f'{{"type":"snapshot","table":{json.dumps(t.id)},"version":{current},"observation":{text}}}')
            else:
                self.sync(t, conn, since=version, full=full)
            self._tell_presence(t, conn)
        self.wake_bot(t)


def tune_gc() -> None:
    """Start-up is over: what it built (modules, the app) stays for good, so the collector stops walking it
    (``gc.freeze``), and collects far less often (GC_THRESHOLDS)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def _welcome_facts(t: LiveTable) -> dict[str, Any]:
    facts = t.public()
    return {
        "table": facts["table"],
        "game": facts["game"],
        "title": facts["title"],
        "options": facts["options"],
        "kind": facts["kind"],
        "status": facts["status"],
        "seeded": facts["seeded"],
        "stand_in": facts["stand_in"],
        "seats": facts["seats"],
        "card_order": card_order(t.game),
    }


def _note_offline(t: LiveTable, connected: list[int]) -> None:
    """Since when each person's seat of ``t`` has had no page open (``connected``: the seats that have one)."""
    now = time.monotonic()
    for s in t.row.seats:
        if s.kind not in PERSON_KINDS or s.seat in connected:
            t.offline_since.pop(s.seat, None)
        else:
            t.offline_since.setdefault(s.seat, now)


def _maybe_start(row: TableRow) -> TableRow:
    if row.status == "waiting" and ready(row.seats):
        row.status = "playing"
    return row


def distinct_name(name: str, seats: list[SeatRow], seat: int) -> str:
    """``name`` for ``seat``, told apart from the other seats' names: a second Ann at the table is "Ann 2" (two
    players named alike, say two on one phone whose name box remembers the first, read as one in every
    sentence). Case and spaces do not tell names apart; the number keeps within the names' length."""
    taken = {s.name.casefold().strip() for s in seats if s.seat != seat and s.name}
    taken |= {bot_name(s.seat).casefold() for s in seats if s.kind == "bot"}  # a person is not "Bot 1"
    if name.casefold().strip() not in taken:
        return name
    n = 2
    while True:
        tail = f" {n}"
        candidate = name[: MAX_NAME - len(tail)].rstrip() + tail
        if candidate.casefold().strip() not in taken:
            return candidate
        n += 1


def _bad_token(table_id: str) -> ProtocolError:
    return ProtocolError("bad_token", f"this token is no seat token of table {table_id!r}", 403)


def invite_link(base: str, table_id: str, token: str) -> str:
    return f"{base}/t/{table_id}#token={token}"


def websocket_url(base: str) -> str:
    return re.sub(r"^http", "ws", base) + "/ws"
