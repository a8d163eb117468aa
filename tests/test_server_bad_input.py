"""Bad input at the server: each gets a clear error, changes nothing, and the connection stays usable."""

from __future__ import annotations

import asyncio
import json

import httpx
import pytest
import websockets

from server_support import Player, ServerThread, run
from trionfi.server.settings import Settings


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> ServerThread:
    db = tmp_path_factory.mktemp("store") / "bad.db"
    settings = Settings(db_url=f"sqlite:///{db}", bot_pause=0, rate=20, burst=40, allow_origins=["http://good.example"])
    with ServerThread(settings) as s:
        yield s


@pytest.fixture(scope="module")
def table(server: ServerThread) -> dict:
    return server.create(game="briscola", seats=[{"kind": "open"}, {"kind": "open"}], seed=1)


async def still_answers(p: Player) -> None:
    await p.send({"type": "ping", "id": "still"})
    await p.wait(lambda: any(m.get("id") == "still" for m in p.messages if m["type"] == "pong"))


async def raw_error(ws_url: str, frames: list, **extra) -> tuple[list[dict], websockets.ClientConnection]:
    ws = await websockets.connect(ws_url, **extra)
    for frame in frames:
        await ws.send(frame)
    answers = [json.loads(await asyncio.wait_for(ws.recv(), 5)) for _ in frames]
    return answers, ws


BEFORE_HELLO = [
    ("hello there", "bad_json"),
    (b"\x00\x01", "bad_json"),
    ("[1, 2]", "bad_message"),
    ('{"table": "x"}', "bad_message"),
    ('{"type": 7}', "bad_message"),
    ('{"type": "teleport"}', "unknown_type"),
    ('{"type": "action", "action": "Kb", "version": 0}', "hello_first"),
    ('{"type": "sync", "version": 0}', "hello_first"),
    ('{"type": "hello"}', "bad_message"),
    ('{"type": "hello", "table": "nosuchtable"}', "unknown_table"),
    ('{"type": "hello", "table": "../../etc"}', "unknown_table"),
    ('{"type": "hello", "table": "T", "version": "3"}', "bad_message"),
    ('{"type": "hello", "table": "T", "version": -1}', "bad_version"),
    ('{"type": "hello", "table": "T", "colour": "red"}', "bad_message"),
    ('{"type": "hello", "table": "T", "name": "' + "x" * 41 + '"}', "bad_message"),
    ('{"type": "hello", "table": "T", "name": "a\\u0007b"}', "bad_message"),
    ('{"type": "hello", "table": "T", "token": "not-a-token", "name": "Z"}', "bad_token"),
    ('{"type": "ping", "id": {"a": 1}}', "bad_message"),
    ('{"type": "ping", "id": true}', "bad_message"),
]


def test_malformed_messages_get_clear_errors_and_the_socket_stays_open(server: ServerThread, table: dict) -> None:
    async def go() -> None:
        frames = [f.replace('"T"', json.dumps(table["table"])) if isinstance(f, str) else f for f, _ in BEFORE_HELLO]
        answers, ws = await raw_error(server.ws_url, frames)
        for (frame, code), answer in zip(BEFORE_HELLO, answers, strict=True):
            assert answer["type"] == "error" and answer["code"] == code, (frame, answer)
            assert len(answer["message"]) > 10
        # After all that, the same connection still greets and plays.
        await ws.send(
            json.dumps({"type": "hello", "table": table["table"], "token": table["seats"][0]["token"], "name": "Ann"})
        )
        assert json.loads(await asyncio.wait_for(ws.recv(), 5))["type"] == "welcome"
        await ws.close()

    run(go())
    assert server.hub.tables[table["table"]].row.n_actions == 0


def test_errors_name_what_is_allowed(server: ServerThread, table: dict) -> None:
    async def go() -> None:
        answers, ws = await raw_error(
            server.ws_url, ['{"type": "teleport"}', '{"type": "hello", "table": "x", "colour": 1}']
        )
        assert "hello" in answers[0]["message"] and "action" in answers[0]["message"]
        assert "'colour'" in answers[1]["message"] and "version" in answers[1]["message"]
        await ws.close()

    run(go())


def test_acting_for_a_seat_one_does_not_hold_is_refused(server: ServerThread, table: dict) -> None:
    live_table = table["table"]

    async def go() -> None:
        ann = await Player(server.ws_url, live_table, table["seats"][0]["token"], "Ann").connect()
        bob = await Player(server.ws_url, live_table, table["seats"][1]["token"], "Bob").connect()
        watcher = await Player(server.ws_url, live_table).connect()
        before = server.hub.tables[live_table].row.n_actions
        mover, other = (ann, bob) if ann.my_turn() else (bob, ann)
        # The spectator cannot act or leave; the other seat cannot play the mover's card.
        await watcher.send(
            {"type": "action", "action": mover.obs["legal_actions"][0], "version": watcher.version, "id": 1}
        )
        await watcher.send({"type": "leave", "id": 2})
        await watcher.wait(lambda: len(watcher.errors) == 2)
        assert [e["code"] for e in watcher.errors] == ["not_a_seat", "not_a_seat"] and watcher.errors[0]["ref"] == 1
        refused = await other.answer(await other.act(mover.obs["legal_actions"][0]))
        assert refused["code"] == "illegal_action" and "turn" in refused["message"]
        second = await other.answer(await other.act(other.obs["hand"][0]))
        assert second["code"] == "illegal_action"
        # A second hello on a connection is refused; the connection keeps its seat.
        await mover.send({"type": "hello", "table": live_table, "token": other.token, "name": "Mallory"})
        await mover.wait(lambda: any(e["code"] == "already_greeted" for e in mover.errors))
        assert server.hub.tables[live_table].row.n_actions == before
        assert server.hub.tables[live_table].row.seats[other.seat].name == other.name
        for p in (ann, bob, watcher):
            await still_answers(p)
            await p.close()

    run(go())


def test_an_oversized_message_is_refused_and_a_huge_frame_closes(server: ServerThread, table: dict) -> None:
    async def go() -> None:
        p = await Player(server.ws_url, table["table"]).connect()
        await p.send(json.dumps({"type": "ping", "id": "x", "pad": "y" * 5000}))
        await p.wait(lambda: bool(p.errors))
        assert p.errors[0]["code"] == "too_large" and "4096" in p.errors[0]["message"]
        await still_answers(p)
        try:
            await p.send("z" * (2 << 20))  # over the hard limit: not read at all
        except websockets.ConnectionClosed as closed:
            # the server may close before the client has finished writing the frame
            assert closed.rcvd is not None and closed.rcvd.code == 1009
        await asyncio.wait_for(p.reader, 5)
        assert p.ws.close_code == 1009

    run(go())


def test_a_flood_is_rate_limited_with_one_error_a_second(server: ServerThread, table: dict) -> None:
    async def go() -> None:
        p = await Player(server.ws_url, table["table"]).connect()
        for i in range(150):
            await p.send({"type": "ping", "id": i})
        await p.send({"type": "ping", "id": "last"})
        await asyncio.sleep(0.5)
        pongs = [m for m in p.messages if m["type"] == "pong"]
        limited = [e for e in p.errors if e["code"] == "rate_limited"]
        assert 35 <= len(pongs) < 80 and len(limited) == 1, (len(pongs), len(limited))
        assert "20 messages a second" in limited[0]["message"]
        await asyncio.sleep(1.0)  # the bucket fills again
        await still_answers(p)
        await p.close()

    run(go())


def test_origins_are_locked_down_unless_allowed(server: ServerThread, table: dict) -> None:
    async def go() -> None:
        _, ws = await raw_error(server.ws_url, [], origin="http://evil.example")
        message = json.loads(await asyncio.wait_for(ws.recv(), 5))
        assert message["code"] == "bad_origin"
        with pytest.raises(websockets.ConnectionClosed):
            await asyncio.wait_for(ws.recv(), 5)
        assert ws.close_code == 1008
        ok = Player(server.ws_url, table["table"])
        await ok.connect(origin="http://good.example")
        assert not ok.errors
        own = Player(server.ws_url, table["table"])
        await own.connect(origin=server.base)
        assert not own.errors
        await ok.close()
        await own.close()

    run(go())
    good = httpx.options(
        f"{server.base}/api/tables", headers={"Origin": "http://good.example", "Access-Control-Request-Method": "POST"}
    )
    assert good.headers.get("access-control-allow-origin") == "http://good.example"
    evil = httpx.get(f"{server.base}/api/tables", headers={"Origin": "http://evil.example"})
    assert "access-control-allow-origin" not in evil.headers


@pytest.mark.parametrize(
    ("body", "status", "code", "words"),
    [
        ({"game": "bridge"}, 400, "bad_options", "no game named 'bridge'"),
        ({"game": "briscola", "options": {"colour": "red"}}, 400, "bad_options", "has no option 'colour'"),
        ({"game": "briscola", "options": {"players": 11}}, 400, "bad_options", "players"),
        ({"game": "briscola", "seats": [{"kind": "open"}]}, 400, "bad_options", "has 2 seats; 1 were given"),
        (
            {"game": "briscola", "seats": [{"kind": "open"}, {"kind": "bot", "bot": "genius"}]},
            400,
            "bad_options",
            "no bot named 'genius'",
        ),
        (
            {"game": "briscola", "seats": [{"kind": "open", "bot": "easy"}, {"kind": "open"}]},
            400,
            "bad_options",
            "only a bot seat",
        ),
        ({"game": "briscola", "seats": [{"kind": "ghost"}, {"kind": "open"}]}, 422, "bad_message", "seats.0.kind"),
        ({"game": "briscola", "stand_in": "genius"}, 400, "bad_options", "no bot named"),
        ({"game": "briscola", "seed": -4}, 422, "bad_message", "seed"),
        ({"game": "briscola", "colour": 1}, 422, "bad_message", "colour"),
        ({}, 422, "bad_message", "game"),
    ],
)
def test_creating_a_table_with_bad_settings(
    server: ServerThread, body: dict, status: int, code: str, words: str
) -> None:
    r = httpx.post(f"{server.base}/api/tables", json=body)
    assert r.status_code == status, r.text
    assert r.json()["error"]["code"] == code and words in r.json()["error"]["message"], r.json()


def test_http_calls_on_unknown_tables_and_without_tokens(server: ServerThread, table: dict) -> None:
    base, t = server.base, table["table"]
    missing = httpx.get(f"{base}/api/tables/nosuchtable")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "unknown_table"
    assert httpx.get(f"{base}/api/tables/{t}/record").json()["error"]["code"] == "not_finished"
    no_token = httpx.post(f"{base}/api/tables/{t}/join", json={"name": "Z"})
    assert no_token.status_code == 403 and "Authorization: Bearer" in no_token.json()["error"]["message"]
    wrong = httpx.post(f"{base}/api/tables/{t}/leave", headers={"Authorization": "Bearer nope"})
    assert wrong.status_code == 403 and wrong.json()["error"]["code"] == "bad_token"
    # The link check the browser makes before it asks a name: the seat a token opens, or why none.
    seat_1 = {"Authorization": f"Bearer {table['seats'][1]['token']}"}
    seats = httpx.get(f"{base}/api/tables/{t}").json()["seats"]
    checked = httpx.get(f"{base}/api/tables/{t}/seat", headers=seat_1)
    assert checked.status_code == 200 and checked.json()["seat"] == 1 and checked.json()["table"] == t
    for headers in ({"Authorization": "Bearer cut-short"}, {}, {"Authorization": f"Bearer {table['creator_token']}"}):
        refused = httpx.get(f"{base}/api/tables/{t}/seat", headers=headers)
        assert refused.status_code == 403 and refused.json()["error"]["code"] == "bad_token", headers
    assert httpx.get(f"{base}/api/tables/nosuchtable/seat", headers=seat_1).status_code == 404
    assert httpx.get(f"{base}/api/tables/{t}").json()["seats"] == seats  # the check took nothing
    creator_as_seat = httpx.post(
        f"{base}/api/tables/{t}/join", json={"name": "Z"}, headers={"Authorization": f"Bearer {table['creator_token']}"}
    )
    assert creator_as_seat.status_code == 403
    seat_as_creator = httpx.put(
        f"{base}/api/tables/{t}/stand-in",
        json={"bot": "easy"},
        headers={"Authorization": f"Bearer {table['seats'][0]['token']}"},
    )
    assert seat_as_creator.status_code == 403
    bad_bot = httpx.put(
        f"{base}/api/tables/{t}/stand-in",
        json={"bot": "genius"},
        headers={"Authorization": f"Bearer {table['creator_token']}"},
    )
    assert bad_bot.status_code == 400 and "no bot named" in bad_bot.json()["error"]["message"]
    bad_seat = httpx.post(f"{base}/api/tables/{t}/seats/7/claim", json={"name": "Z"})
    assert bad_seat.status_code == 422 and "seat must be from 0 to 1" in bad_seat.json()["error"]["message"]
    huge = httpx.post(
        f"{base}/api/tables", content=b"{" + b" " * 70000 + b"}", headers={"Content-Type": "application/json"}
    )
    assert huge.status_code == 413 and huge.json()["error"]["code"] == "too_large"
    assert server.hub.tables[t].row.seats[0].token_hash is not None
    schema = httpx.get(f"{base}/openapi.json").json()
    assert "/api/tables" in schema["paths"] and "/api/tables/{table}/record" in schema["paths"]
