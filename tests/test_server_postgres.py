"""Several server processes on one PostgreSQL store: two people connected to different processes play one
table; a table's actions are serialised by the database, and events fan out by LISTEN/NOTIFY.

The test starts its own PostgreSQL (Debian's package). Where it cannot, it says why and is skipped, except in
CI (CI=true), where it fails instead: there it must run."""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

import trionfi
from server_support import Player, Postgres, PostgresUnavailable, ServerProcess, play_out, run
from trionfi.events import EventLog

TWO_PEOPLE_TWO_BOTS = [{"kind": "open"}, {"kind": "bot", "bot": "easy"}] * 2


@contextlib.contextmanager
def two_processes(postgres: Postgres, folder: Path, extra_b: list[str] | None = None) -> Iterator[tuple[Any, Any]]:
    """Two server processes on the store, started and ready, stopped at the end."""
    a = ServerProcess(postgres.url).launch(folder / "a.log")
    b = ServerProcess(postgres.url, extra=extra_b).launch(folder / "b.log")
    try:
        a.ready()
        b.ready()
        yield a, b
    finally:
        a.stop()
        b.stop()


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
    with two_processes(postgres, tmp_path, ["--workers", "2"]) as (a, b):
        created = a.create(game="briscola", options={"players": 4}, seats=TWO_PEOPLE_TWO_BOTS, seed=21)
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
            # (B's other worker may have loaded the table before Bea's join: it hears the start a moment later)
            await twin.wait(lambda: twin.status == "playing" and twin.my_turn())
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
    final = trionfi.replay(record)
    assert final.is_terminal() and len(record["actions"]) == 40
    log = EventLog(final)
    assert ann.events == log.events(0) and bea.events == log.events(2) and watcher.events == log.events(None)


def test_presence_talk_and_rematch_reach_every_process(postgres: Postgres, tmp_path: Path) -> None:
    # Two people on two processes: each page hears that the other is connected, and that the other left; what
    # one says reaches the other and the spectator; the rematch asked for on one process reaches a page of the
    # old table on the other.
    with two_processes(postgres, tmp_path) as (a, b):
        created = a.create(game="briscola", options={"players": 4}, seats=TWO_PEOPLE_TWO_BOTS, seed=5)
        table = created["table"]
        token = [s["token"] for s in created["seats"]]

        def connected(p: Player) -> list[int] | None:
            said = [m["connected"] for m in p.messages if m["type"] == "presence"]
            return said[-1] if said else None

        def watching(p: Player) -> int | None:
            said = [m["watching"] for m in p.messages if m["type"] == "presence"]
            return said[-1] if said else None

        async def game() -> str:
            ann = await Player(a.ws_url, table, token[0], "Ann").connect()
            bea = await Player(b.ws_url, table, token[2], "Bea").connect()  # the other process
            watcher = await Player(b.ws_url, table).connect()  # a spectator is no seat, but counted as watching
            await ann.wait(lambda: connected(ann) == [0, 2])
            await bea.wait(lambda: connected(bea) == [0, 2])
            await watcher.wait(lambda: connected(watcher) == [0, 2])
            await ann.wait(lambda: watching(ann) == 1)  # the spectator is on the other process
            other = await Player(a.ws_url, table).connect()  # and one more on Ann's
            await other.wait(lambda: watching(other) == 2)
            await bea.wait(lambda: watching(bea) == 2)
            await other.close()
            await bea.wait(lambda: watching(bea) == 1)
            await ann.send({"type": "say", "phrase": "hello"})
            await bea.send({"type": "say", "phrase": "good_luck"})
            for p in (ann, bea, watcher):  # one order for all: the store numbers them
                await p.wait(lambda p=p: len([m for m in p.messages if m["type"] == "said"]) == 2)
            talk = [
                [(m["n"], m["name"], m["phrase"]) for m in p.messages if m["type"] == "said"]
                for p in (ann, bea, watcher)
            ]
            assert talk[0] == talk[1] == talk[2] and [n for n, _, _ in talk[0]] == [0, 1]
            assert sorted(said for _, *said in talk[0]) == [["Ann", "hello"], ["Bea", "good_luck"]]
            await bea.close()
            await ann.wait(lambda: connected(ann) == [0])  # Bea's page closed, on the other process
            bea = await Player(b.ws_url, table, token[2]).connect()
            await ann.wait(lambda: connected(ann) == [0, 2])
            await play_out([ann, bea])
            await watcher.wait(lambda: watcher.status == "finished")
            async with httpx.AsyncClient() as http:
                answer = await http.post(
                    f"{a.base}/api/tables/{table}/rematch", headers={"Authorization": f"Bearer {token[0]}"}
                )
            rematch = answer.json()["table"]
            told = {"type": "rematch", "table": table, "rematch": rematch}
            await ann.wait(lambda: told in ann.messages)
            await bea.wait(lambda: told in bea.messages)  # connected to B, the rematch made on A
            await watcher.wait(lambda: told in watcher.messages)
            for p in (ann, bea, watcher):
                await p.close()
            return rematch

        rematch = run(game())
        assert httpx.get(f"{b.base}/api/tables/{table}/rematch").json()["rematch"] == rematch


def test_the_lobby_of_every_process_says_who_waits_at_a_table(postgres: Postgres, tmp_path: Path) -> None:
    # Ann waits at her table, served by process A; a friend's lobby is served by B, which never loaded it: B's
    # lobby set her table apart as left by everyone.
    with two_processes(postgres, tmp_path) as (a, b):
        created = a.create(game="briscola", seats=[{"kind": "open"}, {"kind": "open"}])
        table = created["table"]

        def connected_on_b() -> list[int]:
            listed = httpx.get(f"{b.base}/api/tables").json()["tables"]
            return next(t for t in listed if t["table"] == table)["connected"]

        async def wait_for(want: list[int]) -> None:
            for _ in range(100):
                if await asyncio.to_thread(connected_on_b) == want:
                    return
                await asyncio.sleep(0.1)
            assert connected_on_b() == want

        async def game() -> None:
            await wait_for([])
            ann = await Player(a.ws_url, table, created["seats"][0]["token"], "Ann").connect()
            await wait_for([0])
            await ann.close()
            await wait_for([])

        run(game())


def test_a_table_closed_on_one_process_is_closed_on_every_process(postgres: Postgres, tmp_path: Path) -> None:
    with two_processes(postgres, tmp_path) as (a, b):
        created = a.create(game="briscola", seats=[{"kind": "open"}, {"kind": "open"}])
        table = created["table"]

        async def game() -> None:
            bea = await Player(b.ws_url, table, created["seats"][1]["token"], "Bea").connect()  # on B
            async with httpx.AsyncClient() as http:
                closed = await http.delete(
                    f"{a.base}/api/tables/{table}", headers={"Authorization": f"Bearer {created['creator_token']}"}
                )
            assert closed.status_code == 204, closed.text
            await bea.wait(lambda: bool(bea.errors))
            assert [e["message"] for e in bea.errors] == ["this table was closed by its creator"]
            await bea.close()

        run(game())
        assert httpx.get(f"{b.base}/api/tables/{table}").status_code == 404


def test_a_seat_given_to_someone_new_drops_its_old_page_on_every_process(postgres: Postgres, tmp_path: Path) -> None:
    # Bea, on process B, leaves; the creator gives her seat to Cal on process A: Bea's page (still open on B) is
    # told and sees nothing more of the seat, and Cal plays it on.
    with two_processes(postgres, tmp_path) as (a, b):
        created = a.create(game="briscola", options={"players": 4}, seats=TWO_PEOPLE_TWO_BOTS, seed=8)
        table = created["table"]
        token = [s["token"] for s in created["seats"]]

        async def game() -> None:
            ann = await Player(a.ws_url, table, token[0], "Ann").connect()
            bea = await Player(b.ws_url, table, token[2], "Bea").connect()
            await ann.wait(lambda: ann.status == "playing")
            await bea.send({"type": "leave"})
            await ann.wait(lambda: any(m["type"] == "table" and m["seats"][2]["away"] for m in ann.messages))
            async with httpx.AsyncClient() as http:
                answer = await http.post(
                    f"{a.base}/api/tables/{table}/seats/2/invite",
                    headers={"Authorization": f"Bearer {created['creator_token']}"},
                )
            assert answer.status_code == 200, answer.text
            # Cal's page checks his new link on process B at once (if B has not heard of it yet, it reads the store).
            async with httpx.AsyncClient() as http:
                checked = await http.get(
                    f"{b.base}/api/tables/{table}/seat",
                    headers={"Authorization": f"Bearer {answer.json()['token']}"},
                )
            assert checked.status_code == 200 and checked.json()["seat"] == 2, checked.text
            await bea.wait(lambda: any(e["code"] == "bad_token" for e in bea.errors))
            seen = len(bea.messages)
            cal = await Player(a.ws_url, table, answer.json()["token"], "Cal").connect()
            await play_out([ann, cal])
            assert len(bea.messages) == seen
            for p in (ann, bea, cal):
                await p.close()

        run(game())
