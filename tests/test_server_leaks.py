"""No message the server sends carries a card its viewer may not see.

Random deals of every game are played by clients at every seat, with a spectator watching. Afterwards the
record is replayed step by step: a message to a viewer must hold exactly that viewer's events (as the engine
numbers them), an observation the viewer had at that version, and no card code that the viewer had not been
shown by then (in any observation it had up to that moment). No message carries a token.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import httpx
import pytest

import trionfi
from server_support import Player, ServerThread, any_change, run
from trionfi.events import EventLog, public_observation
from trionfi.records import initial_state
from trionfi.server.settings import Settings

GAMES = [
    ("briscola", {}),
    ("briscola", {"players": 4, "communication": "signals"}),
    ("briscola", {"variant": "scoperta"}),
    ("briscola", {"players": 3}),
    ("briscola-chiamata", {}),
    ("trijumf", {"players": 4}),
    ("triomphe", {}),
    ("trionfetti", {}),
    ("troccas", {}),
]
TOKEN = re.compile(r"[A-Za-z0-9]+")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> ServerThread:
    db = tmp_path_factory.mktemp("store") / "leaks.db"
    with ServerThread(Settings(db_url=f"sqlite:///{db}", bot_pause=0, rate=1000, burst=2000)) as s:
        yield s


def card_codes(value: Any, deck: set[str]) -> set[str]:
    """Every card code of ``deck`` written anywhere in ``value`` (also inside texts such as "discard 7c")."""
    found: set[str] = set()
    if isinstance(value, str):
        found.update(t for t in TOKEN.findall(value) if t in deck)
    elif isinstance(value, dict):
        for k, v in value.items():
            found |= card_codes(k, deck) | card_codes(v, deck)
    elif isinstance(value, list):
        for v in value:
            found |= card_codes(v, deck)
    return found


async def play_random(players: list[Player], rng: random.Random) -> None:
    while not all(p.status == "finished" for p in players):
        movers = [p for p in players if p.status == "playing" and p.my_turn()]
        if not movers:
            await any_change(players, 0.2)
            continue
        p = movers[0]
        answer = await p.answer(await p.act(rng.choice(p.obs["legal_actions"])))
        if answer["type"] == "error":  # acted on a view that was already old: wait for the news
            assert answer["code"] == "stale_version", answer
            await any_change([p], 0.2)


@pytest.mark.parametrize(("game", "options"), GAMES, ids=[f"{g}-{o}" for g, o in GAMES])
def test_no_message_carries_a_card_its_viewer_may_not_see(server: ServerThread, game: str, options: dict) -> None:
    n = trionfi.load(game, **options).players
    created = server.create(game=game, options=options, seed=random.Random(game + str(options)).getrandbits(40))
    tokens = [s["token"] for s in created["seats"]] + [created["creator_token"]]

    async def table() -> list[Player]:
        players = [
            await Player(server.ws_url, created["table"], created["seats"][s]["token"], f"P{s}").connect()
            for s in range(n)
        ]
        watcher = await Player(server.ws_url, created["table"]).connect()
        await play_random(players, random.Random(7))
        for p in [*players, watcher]:
            await p.wait(
                lambda p=p: p.status == "finished" and bool(p.events) and p.events[-1]["type"] in ("end", "match_end")
            )
            await p.close()
        return [*players, watcher]

    viewers = run(table())
    record = httpx.get(f"{server.base}/api/tables/{created['table']}/record").json()
    log = EventLog(initial_state(record))
    state = log.state
    deck = {str(c) for c in trionfi.load(game, **options).deck}
    # The truth at every step: each viewer's observation and the length of its log.
    steps: dict[int | None, list[tuple[int, dict, set[str]]]] = {v: [] for v in [*range(n), None]}

    def look() -> None:
        for v in steps:
            obs = public_observation(state) if v is None else state.observation(v)
            seen = card_codes(obs, deck) | (steps[v][-1][2] if steps[v] else set())
            steps[v].append((len(log.events(v)), obs, seen))

    look()
    for action in record["actions"]:
        log.apply(action)
        look()
    final = EventLog(state)  # the log rebuilt from the finished state: the same as the one built step by step
    for p in viewers:
        v = p.seat
        for m in p.messages:
            text = json.dumps(m)
            assert not any(t in text for t in tokens), f"a token was sent to viewer {v}: {m['type']}"
            if m["type"] not in ("events", "snapshot"):
                if m["type"] == "welcome":  # the game's rank order: the whole pack, the same for everyone
                    assert all(set(order) == deck for order in m["card_order"].values()), m["card_order"]
                    m = {k: v for k, v in m.items() if k != "card_order"}
                assert not card_codes(m, deck), m
                continue
            moments = [
                i for i, (length, obs, _) in enumerate(steps[v]) if length == m["version"] and obs == m["observation"]
            ]
            assert moments, f"viewer {v} was sent an observation it never had at version {m['version']}"
            allowed = steps[v][moments[-1]][2]
            leaked = card_codes(m, deck) - allowed
            assert not leaked, f"viewer {v} was sent {sorted(leaked)} in {m['type']} at version {m['version']}"
            if m["type"] == "events":
                assert m["events"] == final.events(v)[m["from"] : m["version"]]
        assert p.events == final.events(v)
