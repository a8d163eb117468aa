"""Several server processes on one PostgreSQL store: two people connected to different processes play one
table; a table's actions are serialised by the database, and events fan out by LISTEN/NOTIFY.

The test starts its own PostgreSQL (Debian's package). Where it cannot, it says why and is skipped, except in
CI (CI=true), where it fails instead: there it must run."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import httpx
import pytest

import trionfi
from server_support import Player, Postgres, PostgresUnavailable, ServerProcess, play_out, run
from trionfi.events import EventLog


@pytest.fixture(scope="module")
def postgres() -> Postgres:
    try:
        pg = Postgres().start()
    except PostgresUnavailable as e:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"CI must run the PostgreSQL tests, but PostgreSQL did not start: {e}")
        pytest.skip(f"PostgreSQL could not be started here: {e}")
    yield pg
    pg.stop()


def test_two_processes_serve_one_table(postgres: Postgres, tmp_path: Path) -> None:
    a = ServerProcess(postgres.url).launch(tmp_path / "a.log")
    b = ServerProcess(postgres.url, extra=["--workers", "2"]).launch(tmp_path / "b.log")
    try:
        a.ready()
        b.ready()
        seats = [{"kind": "open"}, {"kind": "bot", "bot": "easy"}, {"kind": "open"}, {"kind": "bot", "bot": "medium"}]
        created = a.create(game="briscola", options={"players": 4}, seats=seats, seed=21)
        table = created["table"]
        token = [s["token"] for s in created["seats"]]
        assert httpx.get(f"{b.base}/api/tables/{table}").json()["seats"][0]["played_by"] is None

        async def game() -> tuple[Player, Player, Player]:
            ann = await Player(a.ws_url, table, token[0], "Ann").connect()
            bea = await Player(b.ws_url, table, token[2], "Bea").connect()  # another process
            watcher = await Player(b.ws_url, table).connect()
            await ann.wait(lambda: ann.status == "playing")  # Bea's join on B reached A
            # The same card sent at once to both processes, at the same version: the database lets one in.
            twin = await Player(b.ws_url, table, token[0]).connect()
            await ann.wait(ann.my_turn)
            await twin.wait(twin.my_turn)
            card = ann.obs["legal_actions"][0]
            ids = await asyncio.gather(ann.act(card), twin.act(card))
            answers = [await ann.answer(ids[0]), await twin.answer(ids[1])]
            assert sorted(m["type"] for m in answers) == ["error", "events"], answers
            assert next(m for m in answers if m["type"] == "error")["code"] == "stale_version"
            await twin.close()
            await play_out([ann, bea])
            for p in (ann, bea, watcher):
                await p.wait(lambda p=p: p.status == "finished" and p.events[-1]["type"] == "end", 30)
                await p.close()
            return ann, bea, watcher

        ann, bea, watcher = run(game())
        record = httpx.get(f"{b.base}/api/tables/{table}/record").json()
    finally:
        a.stop()
        b.stop()
    final = trionfi.replay(record)
    assert final.is_terminal() and len(record["actions"]) == 40
    log = EventLog(final)
    assert ann.events == log.events(0) and bea.events == log.events(2) and watcher.events == log.events(None)
