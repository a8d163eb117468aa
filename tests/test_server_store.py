"""The store: the migrations build exactly the schema the server uses, writes are checked, expiry deletes only
idle unfinished tables."""

from __future__ import annotations

import time
from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from trionfi.server.schema import metadata
from trionfi.server.store import CONFLICT, MISSING, OK, SeatRow, Store, TableRow


def row(table_id: str, status: str = "playing", updated: float | None = None) -> TableRow:
    now = time.time() if updated is None else updated
    seats = [SeatRow(0, "open", token_hash="h0"), SeatRow(1, "bot", bot="easy")]
    return TableRow(table_id, "briscola", {"players": 2}, "deal", 5, None, False, status, "c", None, 0, now, now, seats)


def test_the_migrations_build_the_schema_and_run_twice(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 's.db'}")
    try:
        store.migrate()
        store.migrate()  # a restart: nothing to do
        with store.engine.connect() as conn:
            diff = compare_metadata(MigrationContext.configure(conn), metadata)
        assert diff == []
    finally:
        store.close()


def test_a_store_made_before_the_chat_gains_it_and_keeps_its_tables(tmp_path: Path) -> None:
    # A server upgraded in place: its store at the first revision (tables, seats, actions) gets the messages.
    from alembic import command
    from alembic.config import Config

    store = Store(f"sqlite:///{tmp_path / 's.db'}")
    try:
        config = Config()
        config.set_main_option("script_location", "trionfi.server:migrations")
        with store.engine.begin() as conn:
            config.attributes["connection"] = conn
            command.upgrade(config, "0001")
        assert store.create(row("old")).result() == OK
        assert store.append("old", 0, 0, "Kb", "playing").result() == OK
        store.migrate()
        assert store.load("old")[1] == [(0, "Kb")]
        assert store.say("old", 0, "Ann", None, "hello", keep=10).result()["n"] == 0
        assert [m["phrase"] for m in store.messages("old", 10)] == ["hello"]
    finally:
        store.close()


def test_actions_are_numbered_and_a_stale_count_is_a_conflict(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 's.db'}")
    try:
        store.migrate()
        assert store.create(row("t1")).result() == OK
        assert store.append("t1", 0, 0, "Kb", "playing").result() == OK
        assert store.append("t1", 0, 1, "3b", "playing").result() == CONFLICT  # number 0 is taken
        assert store.append("nope", 0, 0, "Kb", "playing").result() == MISSING
        loaded, acts = store.load("t1")
        assert loaded.n_actions == 1 and acts == [(0, "Kb")] and loaded.seats[1].bot == "easy"

        def claim(r: TableRow) -> TableRow:
            r.seats[0].name = "Ann"
            return r

        assert store.change("t1", claim).result().seats[0].name == "Ann"
        assert store.change("t1", lambda r: "refused").result() == "refused"
        assert store.load("t1")[0].seats[0].name == "Ann"
    finally:
        store.close()


def test_expiry_deletes_idle_unfinished_tables_only(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 's.db'}")
    try:
        store.migrate()
        long_ago = time.time() - 10 * 86400
        for r in (row("idle", updated=long_ago), row("done", "finished", long_ago), row("busy")):
            store.create(r).result()
        store.append("idle", 0, 0, "Kb", "playing").result()
        for table_id in ("idle", "busy"):
            assert store.say(table_id, 0, "Ann", "hi", None, keep=10).result()["n"] == 0
        # Appending touched "idle" again: make it idle once more, as it would be after days.
        with store.engine.begin() as conn:
            conn.exec_driver_sql("UPDATE tables SET updated = ? WHERE id = 'idle'", (long_ago,))
        assert store.expire(time.time() - 7 * 86400).result() == ["idle"]
        assert store.load("idle") is None and store.messages("idle", 10) == []
        assert [m["text"] for m in store.messages("busy", 10)] == ["hi"]
        assert store.load("done") is not None and store.load("busy") is not None
        assert [r.id for r in store.open_tables()] == ["busy"]
    finally:
        store.close()


def test_one_turn_of_the_loop_is_one_commit_and_a_failing_write_fails_alone(tmp_path: Path) -> None:
    """SQLite's writes submitted in one turn of the event loop are committed together, before any of them is
    answered; a write that fails is refused alone (the others of its turn are committed) and the store goes on."""
    import asyncio

    import pytest

    from trionfi.server.store import StoreError

    store = Store(f"sqlite:///{tmp_path / 's.db'}")
    store.migrate()
    store.create(row("t1")).result()
    store.create(row("t2")).result()
    commits: list[int] = []

    async def main() -> None:
        from sqlalchemy import event

        event.listen(store.engine, "commit", lambda conn: commits.append(1))
        first = store.append("t1", 0, 0, "Kb", "playing")
        second = store.append("t2", 0, 0, "3b", "playing")
        assert not first.done()  # nothing is answered before the commit
        assert await first == OK and await second == OK
        assert len(commits) == 1

        def broken(conn: object) -> str:
            raise RuntimeError("a write that fails")

        third = store.append("t1", 1, 1, "3b", "playing")
        doomed = store.writer.submit("t1", broken)
        with pytest.raises(StoreError):
            await doomed
        assert await third == OK  # committed without the failed one
        assert await store.append("t2", 1, 1, "Kb", "playing") == OK  # the writer goes on after a failure

    try:
        asyncio.run(main())
        assert store.load("t1")[1] == [(0, "Kb"), (1, "3b")] and store.load("t2")[1] == [(0, "3b"), (1, "Kb")]
    finally:
        store.close()
    assert commits, "the writes were committed"
