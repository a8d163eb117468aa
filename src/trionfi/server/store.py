"""The store: SQLite (one process) or PostgreSQL (several), through SQLAlchemy 2.

A table's record is its row in ``tables`` (game, options, kind, seed, dealer), its ``seats`` and its ordered
``actions``: replaying the actions rebuilds it exactly. Every change to a table runs in a transaction that first
locks the table's row (``SELECT ... FOR UPDATE`` on PostgreSQL; SQLite's ``BEGIN IMMEDIATE`` locks the whole
file), so two processes never append the same action number: the second finds ``n_actions`` moved on and gets
:data:`CONFLICT`.

Writes go through :class:`Writer` threads that commit several waiting changes in one transaction (group
commit): a change is committed before its future resolves, so the server broadcasts only what is stored, and
a thousand busy tables share the commits instead of queueing for one each.
"""

from __future__ import annotations

import json
import logging
import queue
import threading
import time
import uuid
from collections.abc import Callable, Iterable
from concurrent.futures import Future
from dataclasses import dataclass, field, replace
from typing import Any

from sqlalchemy import Connection, Engine, bindparam, create_engine, delete, event, func, insert, select, text, update
from sqlalchemy.engine import make_url

from .schema import actions, messages, seats, tables

log = logging.getLogger("trionfi.server")

CHANNEL = "trionfi"
OK = "ok"
CONFLICT = "conflict"  # the table moved on in the store (another process acted first)
MISSING = "missing"  # the table is not in the store (expired)


# The statements of the hot path, built once (building one costs more than SQLite takes to run it).
_LOCK = select(tables.c.n_actions).where(tables.c.id == bindparam("tid")).with_for_update()
_NOTIFY = text("SELECT pg_notify(:channel, :payload)")
_TABLE = select(tables).where(tables.c.id == bindparam("tid"))
_SEATS = (
    select(*[c for c in seats.c if c.name != "table_id"])
    .where(seats.c.table_id == bindparam("tid"))
    .order_by(seats.c.seat)
)
_ACTIONS = (
    select(actions.c.seat, actions.c.action)
    .where(actions.c.table_id == bindparam("tid"))
    .where(actions.c.idx >= bindparam("since"))
    .order_by(actions.c.idx)
)
_MESSAGE_FIELDS = ["idx", "seat", "name", "text", "phrase", "at"]
_MESSAGES = (
    select(*[messages.c[f] for f in _MESSAGE_FIELDS])
    .where(messages.c.table_id == bindparam("tid"))
    .order_by(messages.c.idx.desc())
    .limit(bindparam("n"))
)
_LAST_MESSAGE = select(func.max(messages.c.idx)).where(messages.c.table_id == bindparam("tid"))
_TABLE_META = update(tables).where(tables.c.id == bindparam("b_tid"))  # SET: the keys given when executed
_SEAT_ROW = update(seats).where(seats.c.table_id == bindparam("b_tid")).where(seats.c.seat == bindparam("b_seat"))
_TABLE_FIELDS = [c.name for c in tables.c]
_SEAT_FIELDS = [c.name for c in seats.c if c.name != "table_id"]


@dataclass
class SeatRow:
    seat: int
    kind: str  # open | reserved | bot
    bot: str | None = None
    name: str | None = None
    token_hash: str | None = None
    away: bool = False
    stand_in: str | None = None


@dataclass
class TableRow:
    id: str
    game: str
    options: dict[str, Any]
    kind: str  # deal | match
    seed: int
    dealer: int | None
    seeded: bool
    status: str
    creator_hash: str
    stand_in: str | None
    n_actions: int
    created: float
    updated: float
    seats: list[SeatRow] = field(default_factory=list)


def _table_values(row: TableRow) -> dict[str, Any]:
    return {
        "id": row.id,
        "game": row.game,
        "options": row.options,
        "kind": row.kind,
        "seed": row.seed,
        "dealer": row.dealer,
        "seeded": row.seeded,
        "status": row.status,
        "creator_hash": row.creator_hash,
        "stand_in": row.stand_in,
        "n_actions": row.n_actions,
        "created": row.created,
        "updated": row.updated,
    }


def _seat_values(table_id: str, s: SeatRow) -> dict[str, Any]:
    return {
        "table_id": table_id,
        "seat": s.seat,
        "kind": s.kind,
        "bot": s.bot,
        "name": s.name,
        "token_hash": s.token_hash,
        "away": s.away,
        "stand_in": s.stand_in,
    }


class Store:
    """The server's database. Methods run in threads (never on the event loop); writes go through ``write``."""

    def __init__(self, url: str) -> None:
        self.url = make_url(url)
        self.postgres = self.url.get_backend_name() == "postgresql"
        self.instance = uuid.uuid4().hex[:12]  # names this process in notifications, to skip its own
        if self.url.get_backend_name() == "sqlite":
            self.engine = _sqlite_engine(url, immediate=True)
            self.reader = _sqlite_engine(url, immediate=False)
            self.writer: Writer | InlineWriter = InlineWriter(self.engine)
            self.checkpoints: Checkpoints | None = Checkpoints(self.reader)
        else:
            # No pre-ping (a round trip per transaction): a connection the database dropped fails one write, which
            # is refused with "try again", and the pool replaces it.
            self.engine = create_engine(url, pool_size=6, max_overflow=4, pool_recycle=3600)
            self.reader = self.engine
            self.writer = Writer(self.engine, 3)  # network round trips: several transactions at once
            self.checkpoints = None
        p = "%s" if self.postgres else "?"  # the drivers' placeholders (psycopg, sqlite3)
        self._sql = {
            "exists": f"SELECT 1 FROM tables WHERE id = {p}",
            "insert": f"INSERT INTO actions (table_id, idx, seat, action, at) VALUES ({p}, {p}, {p}, {p}, {p})",
            # Locks the table's row and moves its count on only if the count is the one expected (an UPDATE
            # waiting for another transaction's lock reads the row again once it has it).
            "count": f"UPDATE tables SET n_actions = {p}, updated = {p}, status = {p} "
            f"WHERE id = {p} AND n_actions = {p}",
            "notify": f"SELECT pg_notify({p}, {p})",
        }

    def close(self) -> None:
        self.writer.stop()
        if self.checkpoints is not None:
            self.checkpoints.stop()
        self.engine.dispose()
        if self.reader is not self.engine:
            self.reader.dispose()

    # --- schema --------------------------------------------------------------------------------------------
    def migrate(self) -> None:
        """Apply the package's Alembic migrations up to the newest (several processes may start at once: on
        PostgreSQL an advisory lock lets one migrate while the others wait)."""
        from alembic import command
        from alembic.config import Config

        config = Config()
        config.set_main_option("script_location", "trionfi.server:migrations")
        with self.engine.begin() as conn:
            if self.postgres:
                conn.execute(text("SELECT pg_advisory_xact_lock(7140142)"))
            config.attributes["connection"] = conn
            command.upgrade(config, "head")

    def postgres_conninfo(self) -> str:
        """The store's URL as libpq understands it (for the LISTEN connection)."""
        return self.url.set(drivername="postgresql").render_as_string(hide_password=False)

    # --- reads ---------------------------------------------------------------------------------------------
    def load(self, table_id: str) -> tuple[TableRow, list[tuple[int | None, str]]] | None:
        """A table with its seats and its actions, or None."""
        with self.reader.begin() as conn:
            row = _read_table(conn, table_id)
            if row is None:
                return None
            acts = _read_actions(conn, table_id, 0)
        return row, acts

    def changes(self, table_id: str, since: int) -> tuple[TableRow, list[tuple[int | None, str]]] | None:
        """The table's row and seats now, and its actions from number ``since`` on."""
        with self.reader.begin() as conn:
            row = _read_table(conn, table_id)
            if row is None:
                return None
            return row, _read_actions(conn, table_id, since)

    def open_tables(self, limit: int = 100) -> list[TableRow]:
        with self.reader.begin() as conn:
            ids = conn.execute(
                select(tables.c.id)
                .where(tables.c.status != "finished")
                .where(
                    tables.c.id.in_(
                        select(seats.c.table_id).where(seats.c.kind == "open").where(seats.c.name.is_(None))
                    )
                )
                .order_by(tables.c.created.desc())
                .limit(limit)
            ).scalars()
            return [r for r in (_read_table(conn, i) for i in list(ids)) if r is not None]

    def messages(self, table_id: str, last: int) -> list[dict[str, Any]]:
        """The table's ``last`` messages, oldest first (each as the ``said`` message has it, without its type)."""
        with self.reader.begin() as conn:
            rows = conn.execute(_MESSAGES, {"tid": table_id, "n": last}).all()
        return [_said(r) for r in reversed(rows)]

    def ping(self) -> None:
        with self.reader.connect() as conn:
            conn.execute(text("SELECT 1"))

    # --- writes (each returns a Future, resolved once committed) ---------------------------------------------
    def create(self, row: TableRow) -> Future:
        def job(conn: Connection) -> str:
            conn.execute(insert(tables).values(_table_values(row)))
            conn.execute(insert(seats), [_seat_values(row.id, s) for s in row.seats])
            return OK

        return self.writer.submit(row.id, job)

    def append(self, table_id: str, expected: int, seat: int | None, action: str, status: str) -> Future:
        """Store action number ``expected`` of the table; CONFLICT when the store holds another count."""

        sql = self._sql

        def job(conn: Connection) -> str:
            # The hot path in plain SQL on the driver's cursor (inside SQLAlchemy's transaction): every action of
            # every table comes here, and SQLAlchemy's statement handling would cost more than the database does.
            cursor = conn.connection.cursor()
            try:
                now = time.time()
                cursor.execute(sql["count"], (expected + 1, now, status, table_id, expected))
                if cursor.rowcount != 1:  # another count (another process acted first), or no such table
                    cursor.execute(sql["exists"], (table_id,))
                    return CONFLICT if cursor.fetchone() is not None else MISSING
                cursor.execute(sql["insert"], (table_id, expected, seat, action, now))
                if self.postgres:
                    # The action itself rides along, so the other processes need not read it back.
                    who = "-" if seat is None else str(seat)
                    payload = f"{self.instance} {table_id} {expected} {who} {action}"
                    cursor.execute(sql["notify"], (CHANNEL, payload))
            finally:
                cursor.close()
            return OK

        return self.writer.submit(table_id, job)

    def change(self, table_id: str, fn: Callable[[TableRow], Any]) -> Future:
        """Change a table's seats, status or stand-in: ``fn`` gets the stored row (locked) and returns the new
        one, or anything else (a refusal) to change nothing. Resolves to the new row, the refusal, or MISSING."""

        def job(conn: Connection) -> Any:
            if _lock(conn, table_id) is None:
                return MISSING
            old = _read_table(conn, table_id)
            assert old is not None
            new = fn(replace(old, seats=[replace(s) for s in old.seats]))
            if not isinstance(new, TableRow):
                return new
            new.updated = time.time()
            meta = {"b_tid": table_id, "status": new.status, "stand_in": new.stand_in, "updated": new.updated}
            conn.execute(_TABLE_META, meta)
            for before, after in zip(old.seats, new.seats, strict=True):
                if before != after:
                    values = {k: v for k, v in _seat_values(table_id, after).items() if k not in ("table_id", "seat")}
                    conn.execute(_SEAT_ROW, {"b_tid": table_id, "b_seat": after.seat, **values})
            self._notify(conn, table_id)
            return new

        return self.writer.submit(table_id, job)

    def say(self, table_id: str, seat: int, name: str, text: str | None, phrase: str | None, keep: int) -> Future:
        """Store what ``seat`` said at the table, keeping its ``keep`` last messages; resolves to the message (as
        :meth:`messages` gives it) or MISSING. On PostgreSQL the other processes hear it with the commit."""

        def job(conn: Connection) -> Any:
            if _lock(conn, table_id) is None:
                return MISSING
            last = conn.execute(_LAST_MESSAGE, {"tid": table_id}).scalar()
            said = {"idx": 0 if last is None else last + 1, "seat": seat, "name": name, "text": text,
                    "phrase": phrase, "at": time.time()}  # fmt: skip
            conn.execute(insert(messages).values(table_id=table_id, **said))
            conn.execute(
                delete(messages).where(messages.c.table_id == table_id).where(messages.c.idx <= said["idx"] - keep)
            )
            said = _said([said[f] for f in _MESSAGE_FIELDS])
            if self.postgres:  # the message rides along ("~said" is a fanout tell): nobody reads it back
                payload = f"{self.instance} {table_id} ~said {json.dumps(said, separators=(',', ':'))}"
                conn.execute(_NOTIFY, {"channel": CHANNEL, "payload": payload})
            return said

        return self.writer.submit(table_id, job)

    def expire(self, before: float) -> Future:
        """Delete the unfinished tables idle since ``before``; resolves to their ids."""

        def job(conn: Connection) -> list[str]:
            ids = list(
                conn.execute(
                    select(tables.c.id).where(tables.c.status != "finished").where(tables.c.updated < before)
                ).scalars()
            )
            _delete(conn, ids)
            for table_id in ids:
                self._notify(conn, table_id)
            return ids

        return self.writer.submit("", job)

    def close_table(self, table_id: str, check: Callable[[TableRow], Any]) -> Future:
        """Delete a table its creator closes: ``check`` gets the stored row (locked) and returns a refusal, or
        None to delete it. Resolves to OK, the refusal, or MISSING. (The hub tells the other processes.)"""

        def job(conn: Connection) -> Any:
            if _lock(conn, table_id) is None:
                return MISSING
            row = _read_table(conn, table_id)
            assert row is not None
            refusal = check(row)
            if refusal is not None:
                return refusal
            _delete(conn, [table_id])
            return OK

        return self.writer.submit(table_id, job)

    def _notify(self, conn: Connection, table_id: str) -> None:
        if self.postgres:  # delivered to the listeners when (and only if) the transaction commits
            conn.execute(_NOTIFY, {"channel": CHANNEL, "payload": f"{self.instance} {table_id}"})


def _said(r: Any) -> dict[str, Any]:
    said = dict(zip(["n", "seat", "name", "text", "phrase", "at"], r, strict=True))
    if said["text"] is None:
        del said["text"]
    else:
        del said["phrase"]
    return said


def _delete(conn: Connection, ids: list[str]) -> None:
    for chunk in _chunks(ids, 500):
        conn.execute(delete(messages).where(messages.c.table_id.in_(chunk)))
        conn.execute(delete(actions).where(actions.c.table_id.in_(chunk)))
        conn.execute(delete(seats).where(seats.c.table_id.in_(chunk)))
        conn.execute(delete(tables).where(tables.c.id.in_(chunk)))


def _chunks(items: list[str], size: int) -> Iterable[list[str]]:
    for i in range(0, len(items), size):
        yield items[i : i + size]


def _lock(conn: Connection, table_id: str) -> int | None:
    """Lock the table's row for this transaction; its action count, or None when there is no such table."""
    return conn.execute(_LOCK, {"tid": table_id}).scalar()


def _read_table(conn: Connection, table_id: str) -> TableRow | None:
    r = conn.execute(_TABLE, {"tid": table_id}).first()
    if r is None:
        return None
    row = TableRow(**dict(zip(_TABLE_FIELDS, r, strict=True)))
    row.seats = [SeatRow(**dict(zip(_SEAT_FIELDS, s, strict=True))) for s in conn.execute(_SEATS, {"tid": table_id})]
    return row


def _read_actions(conn: Connection, table_id: str, since: int) -> list[tuple[int | None, str]]:
    return [(r[0], r[1]) for r in conn.execute(_ACTIONS, {"tid": table_id, "since": since})]


def _sqlite_engine(url: str, immediate: bool) -> Engine:
    """SQLite in WAL mode: readers never wait for the writer, and a commit needs no fsync of the database file
    (synchronous=NORMAL: a commit survives the process being killed; only a power cut may lose the last ones).
    The writer (``immediate``) never checkpoints: :class:`Checkpoints` does, in a thread of its own."""
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})
    pragmas = ["journal_mode=WAL", "synchronous=NORMAL", "foreign_keys=ON", "busy_timeout=30000"]
    if immediate:  # (and the log file is cut back to 32 MB when it starts over after a checkpoint)
        pragmas += ["wal_autocheckpoint=0", f"journal_size_limit={32 << 20}"]

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.isolation_level = None  # SQLAlchemy emits BEGIN itself (below)
        cursor = dbapi_conn.cursor()
        for pragma in pragmas:
            cursor.execute(f"PRAGMA {pragma}")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Connection) -> None:
        conn.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

    return engine


class Checkpoints:
    """SQLite's checkpoints (the write-ahead log copied into the database file, and synced) in a thread, every
    ``every`` seconds. Left to the writer, a commit now and then did one on the event loop's thread, and a sync
    on a busy disk held every table up for a tenth of a second or more. A passive checkpoint never waits for
    the writer, nor makes it wait."""

    def __init__(self, reader: Engine, every: float = 1.0) -> None:
        self.reader, self.every = reader, every
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._run, name="trionfi-checkpoints", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while not self.stopping.wait(self.every):
            try:
                with self.reader.connect() as conn:
                    conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
            except Exception:
                log.exception("SQLite checkpoint failed (the next one will try again)")

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join(timeout=10)


class Writer:
    """Threads that run write jobs, several per transaction. A job that fails alone fails its own future only."""

    MAX_BATCH = 256

    def __init__(self, engine: Engine, threads: int) -> None:
        self.engine = engine
        self.jobs: queue.Queue[tuple[str, Callable[[Connection], Any], Future] | None] = queue.Queue()
        self.threads = [
            threading.Thread(target=self._run, name=f"trionfi-writer-{i}", daemon=True) for i in range(threads)
        ]
        for t in self.threads:
            t.start()

    def submit(self, table_id: str, fn: Callable[[Connection], Any]) -> Future:
        future: Future = Future()
        self.jobs.put((table_id, fn, future))
        return future

    def stop(self) -> None:
        for _ in self.threads:
            self.jobs.put(None)
        for t in self.threads:
            t.join(timeout=10)

    def _run(self) -> None:
        while True:
            first = self.jobs.get()
            if first is None:
                return
            batch = [first]
            while len(batch) < self.MAX_BATCH:
                try:
                    job = self.jobs.get_nowait()
                except queue.Empty:
                    break
                if job is None:  # stop after this batch
                    self.jobs.put(None)
                    break
                batch.append(job)
            _run_batch(self.engine, batch, _set_concurrent)


class InlineWriter:
    """SQLite's writer: jobs run on the event loop's own thread, those submitted in one turn of the loop in one
    transaction (a group commit at the end of the turn). A commit takes a tenth of a millisecond; handing each one
    to a thread and back would cost more, above all on a busy machine. Without a running loop, a job runs at once.
    """

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.pending: list[tuple[str, Callable[[Connection], Any], Any]] = []
        self.scheduled = False
        self.conn: Connection | None = None  # kept open: a pool checkout per commit cost more than the commit

    def submit(self, table_id: str, fn: Callable[[Connection], Any]) -> Any:
        import asyncio

        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            future: Future = Future()
            _run_batch(self.engine, [(table_id, fn, future)], _set_concurrent)
            return future
        waiting = loop.create_future()
        self.pending.append((table_id, fn, waiting))
        if not self.scheduled:
            self.scheduled = True
            loop.call_soon(self._flush)
        return waiting

    def _flush(self) -> None:
        batch, self.pending, self.scheduled = self.pending, [], False
        if self.conn is None:
            self.conn = self.engine.connect()
        if not _run_batch(self.conn, batch, _set_asyncio):
            self.conn.close()  # after a failed write: a fresh connection for the next one
            self.conn = None

    def stop(self) -> None:
        if self.pending:
            self._flush()
        if self.conn is not None:
            self.conn.close()
            self.conn = None


def _set_concurrent(future: Any, result: Any = None, exc: BaseException | None = None) -> None:
    if exc is not None:
        future.set_exception(exc)
    else:
        future.set_result(result)


def _set_asyncio(future: Any, result: Any = None, exc: BaseException | None = None) -> None:
    if future.done():  # its waiter was cancelled; what was committed stays committed
        return
    _set_concurrent(future, result, exc)


def _run_batch(
    where: Engine | Connection, batch: list[tuple[str, Callable[[Connection], Any], Any]], settle: Any
) -> bool:
    """Run the jobs in one transaction (rows locked in table order), on an open connection or one of the
    engine's; if it fails, each job alone, so that only the faulty one fails. False if a job failed."""
    batch.sort(key=lambda j: j[0])
    try:
        if isinstance(where, Connection):
            with where.begin():
                results = [fn(where) for _, fn, _ in batch]
        else:
            with where.begin() as conn:
                results = [fn(conn) for _, fn, _ in batch]
    except Exception:
        if len(batch) > 1:
            return all([_run_batch(where, [job], settle) for job in batch])
        log.exception("store write failed")
        settle(batch[0][2], exc=_store_error())
        return False
    for (_, _, future), result in zip(batch, results, strict=True):
        settle(future, result)
    return True


class StoreError(RuntimeError):
    """The store refused or failed a write (the details are in the server's log)."""


def _store_error() -> StoreError:
    return StoreError("the store failed to write; nothing was changed")
