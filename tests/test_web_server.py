"""The HTTP endpoints and messages the browser table needs, against the real server on loopback (no browser):
the invite links open the table page, option declarations as fields, the game's card order, the comanda
preview, the replay of finished deals and the rematch that keeps the seats."""

from __future__ import annotations

import asyncio
import random

import httpx
import pytest

import trionfi
from server_support import Player, play_out
from trionfi.comanda import parse_comanda
from trionfi.server import hub
from trionfi.server.client import parse_link
from trionfi.server.replay import replay_deals
from web_support import live_server, run_apart  # noqa: F401 (fixture)

BOT = {"kind": "bot", "bot": "easy"}
OPEN = {"kind": "open"}


def test_invite_and_spectator_links_open_the_browser_table(live_server):  # noqa: F811
    created = live_server.create(game="briscola", seats=[OPEN, BOT])
    invite, spectate = created["seats"][0]["invite"], created["spectate"]
    for link in (invite, spectate):
        page = httpx.get(link.partition("#")[0], timeout=10)
        assert page.status_code == 200 and "/js/table.js" in page.text
        assert "trionfi join" in page.text  # what a terminal user does with the same link
    # The terminal client reads the very same links.
    assert parse_link(invite).table == created["table"] and parse_link(invite).token == created["seats"][0]["token"]
    replay = httpx.get(f"{live_server.base}/t/{created['table']}/replay", timeout=10)
    assert replay.status_code == 200 and "/js/replay.js" in replay.text


def test_every_page_has_the_icon_and_the_manifest_a_phone_installs(live_server):  # noqa: F811
    # A phone's "Add to Home screen" opens trionfi full screen, with its icon; the browser's bar takes the baize's
    # colour. Every page names them, and they are served.
    manifest = httpx.get(f"{live_server.base}/manifest.json", timeout=10).json()
    assert (manifest["name"], manifest["start_url"], manifest["display"]) == ("trionfi", "/", "standalone")
    icon = httpx.get(f"{live_server.base}{manifest['icons'][0]['src']}", timeout=10)
    assert icon.status_code == 200 and icon.text.lstrip().startswith("<svg")
    # Android's install wants PNG icons of 192 and 512 px, an iPhone's home screen a PNG of its own.
    pngs = {i["sizes"]: i["src"] for i in manifest["icons"] if i["type"] == "image/png"}
    assert set(pngs) == {"192x192", "512x512"}
    for src in [*pngs.values(), "/icon-180.png"]:
        png = httpx.get(f"{live_server.base}{src}", timeout=10)
        assert png.status_code == 200 and png.headers["content-type"] == "image/png" and png.content[:4] == b"\x89PNG"
    table = live_server.create(game="briscola", seats=[OPEN, BOT])["table"]
    for path in ("/", f"/t/{table}", f"/t/{table}/replay", "/cards.html"):
        head = httpx.get(f"{live_server.base}{path}", timeout=10).text.partition("</head>")[0]
        assert '<link rel="manifest" href="/manifest.json">' in head and 'href="/icon.svg"' in head, path
        assert '<link rel="apple-touch-icon" href="/icon-180.png">' in head, path
        assert f'<meta name="theme-color" content="{manifest["theme_color"]}">' in head, path
    lobby = httpx.get(f"{live_server.base}/", timeout=10).text  # the lobby's address sent in a chat
    assert '<meta property="og:description" content="Briscola, Trijumf' in lobby
    assert manifest["description"] in lobby


def test_option_declarations_come_as_fields(live_server):  # noqa: F811
    games = {g["name"]: g for g in httpx.get(f"{live_server.base}/api/games", timeout=10).json()["games"]}
    options = {o["name"]: o for o in games["briscola"]["options"]}
    players = options["players"]
    assert (players["kind"], players["low"], players["high"], players["default"]) == ("int", 2, 10, 2)
    assert players["default_text"] == "2 (schembil: 6)"
    assert options["variant"]["kind"] == "choice" and options["variant"]["choices"][:2] == ["standard", "a31"]
    assert options["partnerships"]["choices"] == [None, True, False]
    assert options["southern_order"]["kind"] == "bool" and options["southern_order"]["choices"] is None
    comanda = {o["name"]: o for o in games["trionfetti"]["options"]}["comanda"]
    assert comanda["kind"] == "text" and "manco e cavalli" in comanda["allowed"]


def test_the_comanda_preview_reads_it_or_points_at_the_word(live_server):  # noqa: F811
    url = f"{live_server.base}/api/comanda"
    good = httpx.post(url, json={"text": "manco e cavalli"}, timeout=10)
    assert good.status_code == 200
    answer = good.json()
    assert answer["problem"] is None and answer["tiers"] == parse_comanda("manco e cavalli").to_list()
    assert answer["tiers"][-1] == ["Hd", "Hc", "Hs", "Hb"]  # the horses on top
    assert answer["labels"]["en"][-1] == "horses" and answer["labels"]["it"][-1] == "cavalli"
    # A comanda that cannot be read is an answer (a preview typed letter by letter logs no failed request).
    bad = httpx.post(url, json={"text": "manco e cavalloz"}, timeout=10)
    assert bad.status_code == 200
    read = bad.json()
    assert read["tiers"] is None
    problem = read["problem"]
    assert (problem["word"], problem["position"], problem["index"]) == ("cavalloz", 8, 3)
    assert "cavalli" in problem["suggestions"] and "cavalloz" in problem["message"]
    # A table that allows the spoken words only refuses card notation; a text too long is refused at once.
    notation = httpx.post(url, json={"text": "8 9 10 J H K 2 3 4 5 A 6 7", "allow_explicit_tiers": False}).json()
    assert notation["tiers"] is None and "allow_explicit_tiers" in notation["problem"]["message"]
    assert httpx.post(url, json={"text": "8 9 10 J H K 2 3 4 5 A 6 7"}).json()["problem"] is None
    assert httpx.post(url, json={"text": "piu " * 600}).json()["error"]["code"] == "bad_message"


def test_the_welcome_carries_the_games_card_order(live_server):  # noqa: F811
    async def welcome(game: str, options: dict) -> dict:
        created = live_server.create(game=game, options=options, seats=[OPEN] + [BOT] * (options.get("players", 4) - 1))
        p = await Player(live_server.ws_url, created["table"]).connect()
        await p.close()
        return next(m for m in p.messages if m["type"] == "welcome")

    briscola = run_apart(welcome("briscola", {"players": 2}))["card_order"]
    assert [c for c in briscola["*"] if c.endswith("d")] == ["2d", "4d", "5d", "6d", "7d", "Jd", "Hd", "Kd", "3d", "Ad"]
    assert set(briscola) == {"*"}
    # Strasbourg Triomphe: the order depends on the trump suit, one order per trump.
    strasbourg = run_apart(welcome("triomphe", {"ruleset": "strasbourg", "players": 4}))["card_order"]
    assert {"*", "h", "d", "c", "s"} <= set(strasbourg)
    assert strasbourg["h"] != strasbourg["*"]


def _play_to_the_end(server, created: dict, names: list[str]) -> None:
    async def go() -> None:
        people = [
            await Player(server.ws_url, created["table"], s["token"], name).connect()
            for s, name in zip([s for s in created["seats"] if s["token"]], names, strict=True)
        ]
        await play_out(people)
        for p in people:
            await p.close()

    run_apart(go())


def test_a_finished_deal_replays_step_by_step_with_every_hand(live_server):  # noqa: F811
    created = live_server.create(game="briscola", seats=[OPEN, BOT])
    table = created["table"]
    early = httpx.get(f"{live_server.base}/api/tables/{table}/replay", timeout=10)
    assert early.status_code == 409 and early.json()["error"]["code"] == "not_finished"
    _play_to_the_end(live_server, created, ["Ann"])
    replay = httpx.get(f"{live_server.base}/api/tables/{table}/replay", timeout=10).json()
    record = httpx.get(f"{live_server.base}/api/tables/{table}/record", timeout=10).json()
    steps = replay["steps"]
    assert (replay["deals"], replay["deal"], len(steps)) == (1, 1, 41)
    assert [s["action"] for s in steps[1:]] == record["actions"]
    assert all(len(hand) == 3 for hand in steps[0]["hands"])  # every hand, face up, from the deal on
    assert steps[0]["events"][0]["type"] == "deal" and steps[-1]["events"][-1]["type"] == "end"
    assert len(replay["tricks"]) == 20 and replay["tricks"][-1] == 40
    taken = steps[replay["tricks"][0]]
    assert taken["observation"]["tricks"][0]["cards"] == [[s["seat"], s["action"]] for s in steps[1:3]]
    assert steps[-1]["hands"] == [[], []] and replay["seats"][0]["name"] == "Ann"
    assert httpx.get(f"{live_server.base}/api/tables/{table}/replay?deal=2").json()["error"]["code"] == "bad_message"


def test_a_match_replays_deal_by_deal() -> None:
    game = trionfi.load("trionfetti")
    state = game.match(seed=3)
    rng = random.Random(3)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    deals = replay_deals(state.to_record())
    assert len(deals) == len(state.finished) > 1
    for deal in deals:
        assert deal["steps"][0]["action"] is None and deal["steps"][0]["events"][0]["type"] == "deal"
        assert any(e["type"] == "end" for e in deal["steps"][-1]["events"])
        assert any(any(hand) for step in deal["steps"] for hand in step["hands"])  # each deal's own hands
    assert sum(len(d["steps"]) - 1 for d in deals) == len(state.to_record()["actions"])


def test_a_rematch_keeps_the_seats_and_tells_the_table(live_server):  # noqa: F811
    base = live_server.base
    created = live_server.create(game="briscola", options={"players": 4}, seats=[OPEN, BOT, OPEN, BOT])
    table = created["table"]
    ann_token, bea_token = created["seats"][0]["token"], created["seats"][2]["token"]

    def ask(token: str) -> httpx.Response:
        return httpx.post(f"{base}/api/tables/{table}/rematch", headers={"Authorization": f"Bearer {token}"})

    assert ask(ann_token).json()["error"]["code"] == "not_finished"
    assert httpx.get(f"{base}/api/tables/{table}/rematch").json() == {"table": table, "rematch": None}
    _play_to_the_end(live_server, created, ["Ann", "Bea"])
    assert ask("not-a-token").status_code == 403

    async def rematch() -> tuple[dict, list[dict]]:
        bea = await Player(live_server.ws_url, table, bea_token).connect()
        first = ask(ann_token)  # (a blocking call: the server runs in its own thread)
        assert first.status_code == 200, first.text
        await bea.wait(lambda: any(m["type"] == "rematch" for m in bea.messages))
        await bea.close()
        return first.json(), [m for m in bea.messages if m["type"] == "rematch"]

    first, told = run_apart(rematch())
    new = first["table"]
    assert told == [{"type": "rematch", "table": table, "rematch": new}]
    assert first["seat"] == 0 and first["invite"].endswith(f"/t/{new}#token={ann_token}")
    second = ask(bea_token).json()
    assert second["table"] == new and second["seat"] == 2
    # The host stays the host: the old table's creator token chooses the rematch's stand-ins; nobody gets another.
    assert first["creator_token"] is None and second["creator_token"] is None
    stand_in = httpx.put(
        f"{base}/api/tables/{new}/stand-in",
        json={"bot": "easy"},
        headers={"Authorization": f"Bearer {created['creator_token']}"},
        timeout=20,
    )
    assert stand_in.status_code == 200 and stand_in.json()["stand_in"] == "easy", stand_in.text
    refused = httpx.put(
        f"{base}/api/tables/{new}/stand-in", json={"bot": None}, headers={"Authorization": f"Bearer {ann_token}"}
    )
    assert refused.status_code == 403
    assert httpx.get(f"{base}/api/tables/{table}/rematch").json()["rematch"] == new
    info = httpx.get(f"{base}/api/tables/{new}").json()
    assert info["status"] == "playing" and info["options"] == {"players": 4}
    assert [(s["kind"], s["name"], s["bot"]) for s in info["seats"]] == [
        ("open", "Ann", None),
        ("bot", None, "easy"),
        ("open", "Bea", None),
        ("bot", None, "easy"),
    ]

    def presence(p: Player) -> tuple[list[int], list[int]]:
        last = [m for m in p.messages if m["type"] == "presence"][-1]
        return last["connected"], last["awaited"]

    async def bea_sits() -> tuple[int | None, list[tuple[list[int], list[int]]]]:
        # Ann comes first, Bea is still on the old table's summary: she has not come yet, which is not "gone".
        ann = await Player(live_server.ws_url, new, ann_token).connect()
        await ann.wait(lambda: any(m["type"] == "presence" for m in ann.messages))
        seen = [presence(ann)]
        bea = await Player(live_server.ws_url, new, bea_token).connect()
        await ann.wait(lambda: presence(ann) != seen[0])
        seen.append(presence(ann))
        await bea.close()
        await ann.wait(lambda: presence(ann) != seen[1])
        seen.append(presence(ann))  # she came and went: not connected, no longer awaited
        await ann.close()
        return bea.seat, seen

    seat, seen = run_apart(bea_sits())
    assert seat == 2  # the same token, the same seat
    assert seen == [([0], [2]), ([0, 2], []), ([0], [])]


def test_presence_says_who_has_the_table_open(live_server):  # noqa: F811
    created = live_server.create(game="briscola", options={"players": 4}, seats=[OPEN, BOT, OPEN, BOT])
    table, seats = created["table"], created["seats"]

    def last(p: Player) -> dict:
        return [m for m in p.messages if m["type"] == "presence"][-1]

    async def visit() -> list[dict]:
        ann = await Player(live_server.ws_url, table, seats[0]["token"], "Ann").connect()
        await ann.wait(lambda: any(m["type"] == "presence" for m in ann.messages))
        seen = [last(ann)]
        bea = await Player(live_server.ws_url, table, seats[2]["token"], "Bea").connect()
        await ann.wait(lambda: last(ann)["connected"] == [0, 2])
        seen.append(last(ann))
        await bea.wait(lambda: any(m["type"] == "presence" for m in bea.messages))
        seen.append(last(bea))  # a newcomer is told too (after its welcome and first events)
        assert bea.messages[0]["type"] == "welcome"
        told = len([m for m in ann.messages if m["type"] == "presence"])
        watcher = await Player(live_server.ws_url, table).connect()
        await watcher.wait(lambda: any(m["type"] == "presence" for m in watcher.messages))
        seen.append(last(watcher))  # the spectator is told at once, itself counted
        # The players are told a moment later (WATCHING_PAUSE): a pong Ann asks for now comes after anything the
        # server queued for her when the spectator came, and nothing was.
        await ann.send({"type": "ping", "id": "after"})
        await ann.wait(lambda: any(m.get("id") == "after" for m in ann.messages))
        assert len([m for m in ann.messages if m["type"] == "presence"]) == told
        await ann.wait(lambda: last(ann)["watching"] == 1)
        seen.append(last(ann))
        # A crowd coming and going within the pause costs the players one message, with the number at its end.
        told = len([m for m in ann.messages if m["type"] == "presence"])
        crowd = [await Player(live_server.ws_url, table).connect() for _ in range(5)]
        for p in crowd:
            await p.wait(lambda p=p: any(m["type"] == "presence" for m in p.messages))
        for p in crowd[:3]:
            await p.close()
        await ann.wait(lambda: last(ann)["watching"] == 3)
        await asyncio.sleep(hub.WATCHING_PAUSE + 0.5)  # nothing more comes
        assert [m["watching"] for m in ann.messages if m["type"] == "presence"][told:] == [3]
        # A seat's change is told at once, with the number watching as it is.
        await bea.close()
        await ann.wait(lambda: last(ann)["connected"] == [0])
        seen.append(last(ann))
        for p in [watcher, *crowd[3:]]:
            await p.close()
        await ann.wait(lambda: last(ann)["watching"] == 0)
        seen.append(last(ann))
        await ann.close()
        return seen

    seen = run_apart(visit())
    assert [m["connected"] for m in seen] == [[0], [0, 2], [0, 2], [0, 2], [0, 2], [0], [0]]
    assert [m["watching"] for m in seen] == [0, 0, 0, 1, 1, 3, 0]
    # Bea had not come yet at first (a person's seat nobody opened at this table since it was made).
    assert [m["awaited"] for m in seen] == [[2], [], [], [], [], [], []]
    assert seen[0] == {"type": "presence", "table": table, "connected": [0], "awaited": [2], "watching": 0}


@pytest.mark.parametrize("path", ["/api/tables/nope/replay", "/api/tables/nope/rematch"])
def test_unknown_tables_are_refused(live_server, path):  # noqa: F811
    answer = httpx.get(f"{live_server.base}{path}", timeout=10)
    assert answer.status_code == 404 and answer.json()["error"]["code"] == "unknown_table"
