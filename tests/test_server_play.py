"""Online play end to end over real WebSockets on loopback: humans and bots at one table, reconnection,
stale and doubled actions, leaving and coming back."""

from __future__ import annotations

import asyncio
import json

import httpx
import pytest

import trionfi
from server_support import Player, ServerThread, any_change, play_out, run
from trionfi.events import EventLog
from trionfi.server.settings import Settings


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> ServerThread:
    db = tmp_path_factory.mktemp("store") / "play.db"
    with ServerThread(Settings(db_url=f"sqlite:///{db}", bot_pause=0)) as s:
        yield s


def four_seats(server: ServerThread, **extra: object) -> dict:
    seats = [{"kind": "open"}, {"kind": "bot", "bot": "easy"}, {"kind": "open"}, {"kind": "bot", "bot": "medium"}]
    return server.create(game="briscola", options={"players": 4}, seats=seats, **extra)


def seat_player(server: ServerThread, created: dict, seat: int, name: str) -> Player:
    return Player(server.ws_url, created["table"], created["seats"][seat]["token"], name)


def test_a_four_player_deal_with_two_people_and_two_bots(server: ServerThread, tmp_path) -> None:
    created = four_seats(server, seed=11)
    assert created["seats"][1]["token"] is None and created["seats"][0]["invite"].endswith(created["seats"][0]["token"])

    async def game() -> tuple[Player, Player, Player]:
        ann = await seat_player(server, created, 0, "Ann").connect()
        assert ann.status == "waiting"  # seat 2 has nobody yet
        bea = await seat_player(server, created, 2, "Bea").connect()
        watcher = await Player(server.ws_url, created["table"]).connect()
        await play_out([ann, bea])
        for p in (ann, bea, watcher):
            await p.wait(lambda p=p: p.status == "finished" and p.events and p.events[-1]["type"] == "end")
            await p.close()
        return ann, bea, watcher

    ann, bea, watcher = run(game())
    record = httpx.get(f"{server.base}/api/tables/{created['table']}/record").json()
    final = trionfi.replay(record)
    assert final.is_terminal() and len(record["actions"]) == 40
    # Each viewer was sent exactly its own log, numbered as the engine numbers it.
    log = EventLog(final)
    assert ann.events == log.events(0) and ann.version == len(log.events(0))
    assert bea.events == log.events(2)
    assert watcher.events == log.events(None)
    assert watcher.obs["seat"] is None and watcher.obs["hand"] == [] and watcher.obs["legal_actions"] == []
    assert ann.obs == final.observation(0)
    # The record replays in the terminal too.
    path = tmp_path / "online.json"
    path.write_text(json.dumps(record))
    from typer.testing import CliRunner

    from trionfi.cli import app

    result = CliRunner().invoke(app, ["replay", str(path), "--all"])
    assert result.exit_code == 0, result.output
    assert "end of the deal" in result.output


def test_reconnecting_mid_trick_replays_exactly_the_missed_events(server: ServerThread) -> None:
    created = four_seats(server, seed=5)
    table = created["table"]

    async def game() -> None:
        ann = await seat_player(server, created, 0, "Ann").connect()
        bea = await seat_player(server, created, 2, "Bea").connect()
        await ann.wait(ann.my_turn)  # seat 0 leads
        had = bea.version
        await bea.close()  # Bea drops before the trick starts
        answer = await ann.answer(await ann.act(ann.obs["legal_actions"][0]))
        assert answer["type"] == "events"
        live = server.hub.tables[table]
        await asyncio.sleep(0)
        # The bot at seat 1 plays second. (The server applies it on its own thread: its turn passes a moment
        # before its card's event is logged, so wait for the event too; a loaded CI run once read the log between.)
        while live.state.current_player != 2 or not any(e.get("seat") == 1 for e in live.log.events(2, had)):
            await asyncio.sleep(0.01)
        assert len(live.deal.trick) == 2  # the middle of a trick
        missed = live.log.events(2, had)
        assert missed, "Bea missed the lead and the bot's card"
        back = Player(server.ws_url, table, created["seats"][2]["token"])  # no name: the seat keeps Bea's
        back.events = list(bea.events)
        back.version = had
        await back.connect()
        replay = next(m for m in back.messages if m["type"] in ("events", "snapshot"))
        assert replay["type"] == "events" and replay["from"] == had and replay["events"] == missed
        assert back.obs == live.state.observation(2) and back.my_turn()
        assert next(m for m in back.messages if m["type"] == "welcome")["seats"][2]["name"] == "Bea"
        # A fresh connection that knows nothing gets a snapshot (shorter than the events), or everything if asked.
        fresh = await Player(server.ws_url, table, created["seats"][2]["token"]).connect(version=0)
        assert fresh.messages[1]["type"] in ("events", "snapshot")
        full = await Player(server.ws_url, table, created["seats"][2]["token"]).connect(version=0, full=True)
        assert full.messages[1]["type"] == "events" and full.events == live.log.events(2)
        await fresh.close()
        await full.close()
        await play_out([ann, back])
        assert back.events == live.log.events(2)
        await ann.close()
        await back.close()

    run(game())


def test_a_stale_or_doubled_action_is_refused_and_changes_nothing(server: ServerThread) -> None:
    created = four_seats(server, seed=9)
    table = created["table"]

    async def game() -> None:
        ann = await seat_player(server, created, 0, "Ann").connect()
        bea = await seat_player(server, created, 2, "Bea").connect()
        await ann.wait(ann.my_turn)
        live = server.hub.tables[table]
        card = ann.obs["legal_actions"][0]
        version = ann.version
        # A double click: the same card twice, both at the version the client had seen.
        first = await ann.act(card, version)
        second = await ann.act(card, version)
        assert (await ann.answer(first))["type"] == "events"
        refused = await ann.answer(second)
        assert refused["type"] == "error" and refused["code"] == "stale_version", refused
        assert "behind" in refused["message"] or "already taken" in refused["message"]
        assert live.row.n_actions >= 1
        assert [a for a in live.state.history].count(trionfi.card(card)) == 1
        # Later, with the table moved on, an action at the old version is refused too, and nothing changes.
        await play_until(bea, ann.my_turn)
        stored = live.row.n_actions
        stale = await ann.answer(await ann.act(ann.obs["legal_actions"][0], version))
        assert stale["code"] == "stale_version" and live.row.n_actions == stored
        ahead = await ann.answer(await ann.act(ann.obs["legal_actions"][0], ann.version + 5))
        assert ahead["code"] == "bad_version" and live.row.n_actions == stored
        illegal = await ann.answer(await ann.act("claim"))
        assert illegal["code"] == "illegal_action" and "may" in illegal["message"] and live.row.n_actions == stored
        not_mine = await bea.answer(await bea.act(bea.obs["hand"][0]))
        assert not_mine["code"] == "illegal_action" and "turn" in not_mine["message"]
        assert live.row.n_actions == stored
        await ann.close()
        await bea.close()

    run(game())


def test_a_table_waits_for_its_players_and_the_lobby_lists_it(server: ServerThread) -> None:
    created = four_seats(server)
    table = created["table"]
    listed = httpx.get(f"{server.base}/api/tables").json()["tables"]
    mine = next(t for t in listed if t["table"] == table)
    assert mine["free_seats"] == [0, 2] and mine["status"] == "waiting"
    assert mine["connected"] == [] and 0 <= mine["idle"] < 60  # nobody has it open yet; made a moment ago

    async def game() -> None:
        ann = await seat_player(server, created, 0, "Ann").connect()
        refused = await ann.answer(await ann.act(ann.obs["legal_actions"][0]))
        assert refused["code"] == "not_started" and "2" in refused["message"]
        # The lobby says who is there already: Ann and the bots; and Ann has the table open.
        listed = httpx.get(f"{server.base}/api/tables").json()["tables"]
        seats = next(t for t in listed if t["table"] == table)["seats"]
        assert next(t for t in listed if t["table"] == table)["connected"] == [0]
        assert [(s["name"], s["kind"], s["bot"]) for s in seats] == [
            ("Ann", "open", None),
            (None, "bot", "easy"),
            (None, "open", None),
            (None, "bot", "medium"),
        ]
        # Someone claims seat 2 from the lobby: a new token; the old invite link no longer works.
        claim = httpx.post(f"{server.base}/api/tables/{table}/seats/2/claim", json={"name": "Cy"})
        assert claim.status_code == 200, claim.text
        await ann.wait(lambda: ann.status == "playing")
        again = httpx.post(f"{server.base}/api/tables/{table}/seats/2/claim", json={"name": "Di"})
        assert again.status_code == 409 and again.json()["error"]["code"] == "seat_taken"
        old = await seat_player(server, created, 2, "Eve").connect()
        assert old.errors and old.errors[0]["code"] == "bad_token"
        cy = await Player(server.ws_url, table, claim.json()["token"]).connect()
        assert cy.seat == 2
        await play_out([ann, cy])
        for p in (ann, cy, old):
            await p.close()

    run(game())
    assert table not in [t["table"] for t in httpx.get(f"{server.base}/api/tables").json()["tables"]]


def test_two_people_named_alike_are_told_apart(server: ServerThread) -> None:
    # Two on one phone (its name box remembers the first's name) both sat as "Ann": every sentence of the table
    # ("Ann plays 4c") could be either. The second is "Ann 2"; a name the other seat does not have is kept.
    seats = [{"kind": "open"}, {"kind": "open"}, {"kind": "open"}, {"kind": "bot", "bot": "easy"}]
    created = server.create(game="briscola", options={"players": 4}, seats=seats)
    table = created["table"]

    def names() -> list[str | None]:
        return [s["name"] for s in httpx.get(f"{server.base}/api/tables/{table}").json()["seats"]]

    async def game() -> None:
        ann = await seat_player(server, created, 0, "Ann").connect()
        other = await seat_player(server, created, 2, " ann ").connect()
        assert names() == ["Ann", None, "ann 2", None]
        again = await seat_player(server, created, 2, " ann ").connect()  # the page again: the same name
        assert again.seat == 2 and names() == ["Ann", None, "ann 2", None]
        long = "A" * 40
        renamed = [await seat_player(server, created, seat, long).connect() for seat in (0, 2)]
        assert names() == [long, None, "A" * 38 + " 2", None]
        claim = httpx.post(f"{server.base}/api/tables/{table}/seats/1/claim", json={"name": long})
        assert claim.status_code == 200, claim.text
        assert names() == [long, "A" * 38 + " 3", "A" * 38 + " 2", None]
        bea = await seat_player(server, created, 2, "Bea").connect()
        assert names()[2] == "Bea"
        posing = await seat_player(server, created, 2, "bot 3").connect()  # seat 3 is a bot, shown as "Bot 3"
        assert names()[2] == "bot 3 2"
        renamed.append(posing)
        for p in (ann, other, again, bea, *renamed):
            await p.close()

    run(game())


def test_a_stand_in_bot_plays_a_seat_that_was_left_and_gives_it_back(server: ServerThread) -> None:
    created = four_seats(server, seed=3)
    table = created["table"]
    creator = {"Authorization": f"Bearer {created['creator_token']}"}

    async def game() -> None:
        ann = await seat_player(server, created, 0, "Ann").connect()
        bea = await seat_player(server, created, 2, "Bea").connect()
        live = server.hub.tables[table]
        # Without a stand-in the table waits for a person who left.
        await bea.send({"type": "leave"})
        await ann.wait(lambda: any(m["type"] == "table" and m["seats"][2]["away"] for m in ann.messages))
        await play_until(ann, lambda: live.state.current_player == 2)
        await asyncio.sleep(0.3)
        assert live.state.current_player == 2  # nobody plays for Bea
        wrong = httpx.put(
            f"{server.base}/api/tables/{table}/stand-in",
            json={"bot": "easy"},
            headers={"Authorization": f"Bearer {created['seats'][0]['token']}"},
        )
        assert wrong.status_code == 403 and wrong.json()["error"]["code"] == "bad_token"
        r = httpx.put(f"{server.base}/api/tables/{table}/stand-in", json={"bot": "easy"}, headers=creator)
        assert r.status_code == 200 and r.json()["seats"][2]["played_by"] == "bot"
        await ann.wait(lambda: live.state.current_player != 2)  # the stand-in played Bea's card
        assert any(e.get("seat") == 2 and e["type"] == "action" for e in live.log.events(2))
        # Bea comes back with an action on her connection: the seat is hers again.
        await play_until(ann, lambda: live.state.current_player == 2 or live.state.is_terminal())
        if not live.state.is_terminal():
            await bea.wait(bea.my_turn)
            answer = await bea.answer(await bea.act(bea.obs["legal_actions"][0]))
            assert live.row.seats[2].away is False
            if answer["type"] == "error":
                # The stand-in (no pause in these tests) may have played that turn first: her action is then
                # stale, but it brought her back all the same; from now on only she plays seat 2.
                assert answer["code"] == "stale_version", answer
                await play_until(ann, lambda: live.state.current_player == 2 or live.state.is_terminal())
                if not live.state.is_terminal():
                    await bea.wait(bea.my_turn)
                    answer = await bea.answer(await bea.act(bea.obs["legal_actions"][0]))
                    assert answer["type"] == "events", answer
        # (With no pause the stand-in may have played Bea's cards to the end of the deal: her connection's last
        # view, still on its way, may show her turn, and an action on it would be stale.)
        await bea.wait(lambda: bea.version >= live.log.version(2))
        await play_out([ann, bea])
        await ann.close()
        await bea.close()

    run(game())


def test_the_creator_gives_a_seat_whose_person_left_to_someone_new(server: ServerThread) -> None:
    """Bea has to go and Cal arrives: the creator asks a new invite for Bea's seat. Only the creator, and only
    for a seat whose person left or is not connected; Bea's old link stops working (a page of hers still open is
    told and sees nothing more of the seat); Cal opens the new link, names himself and plays her hand on."""
    created = four_seats(server, seed=5, stand_in="easy")
    table = created["table"]
    creator = {"Authorization": f"Bearer {created['creator_token']}"}

    def invite(seat: int, headers: dict[str, str]) -> httpx.Response:
        return httpx.post(f"{server.base}/api/tables/{table}/seats/{seat}/invite", headers=headers)

    async def game() -> None:
        ann = await seat_player(server, created, 0, "Ann").connect()
        bea = await seat_player(server, created, 2, "Bea").connect()
        live = server.hub.tables[table]
        await play_until([ann, bea], lambda: live.state.current_player == 2)
        # Bea is at the table: her seat is not given away; nor by anyone but the creator; nor a bot's seat.
        taken = invite(2, creator)
        assert taken.status_code == 409 and "who is at the table" in taken.json()["error"]["message"], taken.text
        not_creator = invite(2, {"Authorization": f"Bearer {created['seats'][0]['token']}"})
        assert not_creator.status_code == 403 and not_creator.json()["error"]["code"] == "bad_token"
        assert invite(1, creator).json()["error"]["message"] == "seat 1 is a bot's seat, not a person's"
        assert invite(9, creator).status_code == 422
        await bea.send({"type": "leave"})
        await ann.wait(lambda: any(m["type"] == "table" and m["seats"][2]["away"] for m in ann.messages))
        hand = live.state.hands[2][:]
        given = invite(2, creator)
        assert given.status_code == 200, given.text
        new = given.json()
        assert new["seat"] == 2 and new["invite"].endswith(f"/t/{table}#token={new['token']}")
        # Bea's page is told and dropped; her old link is refused.
        await bea.wait(lambda: any(e["code"] == "bad_token" for e in bea.errors))
        seen = len(bea.messages)
        old = await Player(server.ws_url, table, created["seats"][2]["token"], "Bea").connect()
        assert old.errors and old.errors[0]["code"] == "bad_token"
        public = httpx.get(f"{server.base}/api/tables/{table}").json()["seats"][2]
        assert public["name"] is None and public["played_by"] == "bot"  # the stand-in plays until Cal comes
        listed = [t for t in httpx.get(f"{server.base}/api/tables").json()["tables"] if t["table"] == table]
        assert listed and listed[0]["free_seats"] == [2]  # the lobby offers it too
        cal = await Player(server.ws_url, table, new["token"], "Cal").connect()
        # Bea's hand, played on (a trick at most was played and drawn meanwhile): not a new deal.
        assert cal.seat == 2 and len(set(cal.obs["hand"]) & {str(c) for c in hand}) >= 2, (cal.obs["hand"], hand)
        assert httpx.get(f"{server.base}/api/tables/{table}").json()["seats"][2]["name"] == "Cal"
        await play_out([ann, cal])
        assert len(bea.messages) == seen  # Bea's page saw nothing of Cal's hand
        for p in (ann, bea, old, cal):
            await p.close()

    run(game())


async def play_until(players: Player | list[Player], done) -> None:
    """The players play their turns until ``done()``."""
    players = players if isinstance(players, list) else [players]
    while not done():
        for player in players:
            if player.my_turn() and not done():
                answer = await player.answer(await player.act(player.obs["legal_actions"][0]))
                assert answer["type"] == "events", answer
        await any_change(players, 0.05)


def test_a_searching_bot_thinks_in_another_process(server: ServerThread) -> None:
    created = server.create(game="briscola", seats=[{"kind": "open"}, {"kind": "bot", "bot": "hard"}], seed=4)

    async def game() -> None:
        ann = await seat_player(server, created, 0, "Ann").connect()
        await ann.wait(ann.my_turn)
        await ann.answer(await ann.act(ann.obs["legal_actions"][0]))
        await ann.wait(lambda: any(e["type"] == "action" and e["seat"] == 1 for e in ann.events), 60)
        await ann.close()

    run(game())
    assert server.hub._process_bots  # the hard bot's search ran in a process of its own


def test_a_bot_seat_is_always_played_by_the_same_process() -> None:
    # With several bot processes, each (table, seat) goes to one of them, always the same (the agent kept there
    # remembers the deal: a statement or a proposal is not made twice), and the seats spread over them all.
    from trionfi.server.bots import worker_for

    seats = [(f"table{i}", seat) for i in range(50) for seat in range(4)]
    first = [worker_for(table, seat, 3) for table, seat in seats]
    assert first == [worker_for(table, seat, 3) for table, seat in seats]
    assert sorted(set(first)) == [0, 1, 2]
    assert all(worker_for(table, seat, 1) == 0 for table, seat in seats)


def test_the_creator_closes_a_table_still_waiting_and_only_then(server: ServerThread) -> None:
    # A table made by mistake, or whose friends did not come, stayed in the lobby until it expired a week later.
    created = server.create(game="briscola", seats=[{"kind": "open"}, {"kind": "open"}])
    table = created["table"]
    url = f"{server.base}/api/tables/{table}"
    creator = {"Authorization": f"Bearer {created['creator_token']}"}

    async def game() -> None:
        ann = await seat_player(server, created, 0, "Ann").connect()
        watcher = await Player(server.ws_url, table).connect()
        async with httpx.AsyncClient() as http:
            wrong = await http.delete(url, headers={"Authorization": f"Bearer {created['seats'][0]['token']}"})
            assert wrong.status_code == 403 and wrong.json()["error"]["code"] == "bad_token"
            assert (await http.get(url)).status_code == 200  # still there
            closed = await http.delete(url, headers=creator)
            assert closed.status_code == 204 and closed.content == b"", closed.text
        told = "this table was closed by its creator"
        for p in (ann, watcher):
            await p.wait(lambda p=p: any(e["code"] == "unknown_table" for e in p.errors))
            assert [e["message"] for e in p.errors] == [told]
            await p.close()

    run(game())
    assert httpx.get(url).status_code == 404
    assert table not in [t["table"] for t in httpx.get(f"{server.base}/api/tables").json()["tables"]]
    bea = {"Authorization": f"Bearer {created['seats'][1]['token']}"}
    gone = httpx.post(f"{url}/join", json={"name": "Bea"}, headers=bea)
    assert gone.status_code == 404 and gone.json()["error"]["code"] == "unknown_table"
    assert httpx.delete(url, headers=creator).status_code == 404  # closed once

    # A game begun is its players' own.
    playing = server.create(game="briscola", seats=[{"kind": "open"}, {"kind": "bot", "bot": "easy"}])
    ann = {"Authorization": f"Bearer {playing['seats'][0]['token']}"}
    url = f"{server.base}/api/tables/{playing['table']}"
    httpx.post(f"{url}/join", json={"name": "Ann"}, headers=ann).raise_for_status()
    refused = httpx.delete(url, headers={"Authorization": f"Bearer {playing['creator_token']}"})
    assert refused.status_code == 409 and refused.json()["error"] == {
        "code": "not_waiting",
        "message": "the game has begun: only a table still waiting for its players can be closed",
    }
    assert httpx.get(url).json()["status"] == "playing"


def test_a_player_lets_a_bot_play_for_someone_gone_a_while(tmp_path) -> None:
    # Only the creator could let a bot play for a friend whose phone died: when the creator's own phone was the one
    # that died, the others waited for good. After the grace any player may; at once for one who left.
    settings = Settings(db_url=f"sqlite:///{tmp_path / 'p.db'}", bot_pause=0, absent_grace=1.0)
    with ServerThread(settings) as server:
        people = [{"kind": "open"}] * 3
        created = server.create(game="briscola", options={"players": 3}, seats=people, seed=2)
        table = created["table"]
        url = f"{server.base}/api/tables/{table}/seats"
        token = [{"Authorization": f"Bearer {s['token']}"} for s in created["seats"]]

        def seats_of(p: Player) -> list[dict]:
            return [m for m in p.messages if m["type"] in ("welcome", "table")][-1]["seats"]

        def ask(asker: int, seat: int) -> httpx.Response:
            return httpx.post(f"{url}/{seat}/stand-in", headers=token[asker])

        async def game() -> None:
            ann = await seat_player(server, created, 0, "Ann").connect()
            bea = await seat_player(server, created, 1, "Bea").connect()
            cy = await seat_player(server, created, 2, "Cy").connect()
            assert ann.messages[0]["absent_grace"] == 1.0  # (the welcome says it)
            await ann.wait(lambda: ann.status == "playing")
            here = await asyncio.to_thread(ask, 0, 1)
            assert here.status_code == 409 and here.json()["error"] == {
                "code": "not_absent",
                "message": "Bea is at the table: the table waits for their move",
            }
            await bea.close()  # her phone died
            await ann.wait(lambda: [m["connected"] for m in ann.messages if m["type"] == "presence"][-1] == [0, 2])
            early = await asyncio.to_thread(ask, 0, 1)
            assert early.status_code == 409 and early.json()["error"]["message"] == (
                "Bea has been gone 0 seconds: after 1, anyone at the table may let a bot play for them"
            )
            mine = await asyncio.to_thread(ask, 0, 0)
            assert mine.status_code == 400 and mine.json()["error"]["code"] == "bad_options"
            nobody = await asyncio.to_thread(lambda: httpx.post(f"{url}/1/stand-in"))
            assert nobody.status_code == 403 and nobody.json()["error"]["code"] == "bad_token"
            await asyncio.sleep(1.1)
            done = await asyncio.to_thread(ask, 2, 1)  # Cy, not the creator (nobody here holds the creator token)
            assert done.status_code == 200, done.text
            bea_seat = done.json()["seats"][1]
            assert (bea_seat["played_by"], bea_seat["away"]) == ("bot", True)
            again = await asyncio.to_thread(ask, 0, 1)
            assert again.status_code == 409 and again.json()["error"]["message"] == "a bot plays seat 1 already"
            # The bot plays her cards; she comes back by opening her link, and plays on.
            back = await seat_player(server, created, 1, "Bea").connect()
            await ann.wait(lambda: seats_of(ann)[1]["played_by"] == "person")
            await play_out([ann, back, cy])
            for p in (ann, back, cy):
                await p.close()

        run(game())

        # One who left is gone at once.
        left = server.create(game="briscola", seats=[{"kind": "open"}] * 2)
        lurl = f"{server.base}/api/tables/{left['table']}"
        ltok = [{"Authorization": f"Bearer {s['token']}"} for s in left["seats"]]
        for i, name in enumerate(["Ann", "Bea"]):
            httpx.post(f"{lurl}/join", json={"name": name}, headers=ltok[i]).raise_for_status()
        httpx.post(f"{lurl}/leave", headers=ltok[1]).raise_for_status()
        taken = httpx.post(f"{lurl}/seats/1/stand-in", headers=ltok[0])
        assert taken.status_code == 200 and taken.json()["seats"][1]["played_by"] == "bot", taken.text
