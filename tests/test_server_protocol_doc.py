"""docs/protocol.md is exact: every example in it is a message the server accepts (client messages) or has the
very fields of what the server sends (server messages and HTTP answers); its error codes are the server's."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import httpx
import pytest

from server_support import Player, ServerThread, play_out, run
from trionfi.server.app import CreateTable
from trionfi.server.protocol import CLIENT_MESSAGES, ERROR_CODES, SERVER_TYPES, check
from trionfi.server.settings import Settings

DOC = Path(__file__).resolve().parents[1] / "docs" / "protocol.md"


def examples() -> list[tuple[str, Any]]:
    """(the heading above it, the parsed example) for every ```json block of the document."""
    found, heading = [], ""
    for part in re.split(r"(^#+ [^\n]*$|```json\n.*?```)", DOC.read_text(), flags=re.M | re.S):
        if part.startswith("#"):
            heading = part.lstrip("# ").strip()
        elif part.startswith("```json"):
            found.append((heading, json.loads(part[len("```json") : -3])))
    return found


@pytest.fixture(scope="module")
def sent(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """What a real server sends and answers, by message type and by HTTP call."""
    db = tmp_path_factory.mktemp("store") / "doc.db"
    with ServerThread(Settings(db_url=f"sqlite:///{db}", bot_pause=0)) as server:
        base = server.base
        http: dict[str, Any] = {"games": httpx.get(f"{base}/api/games").json()}
        seats = [{"kind": "open"}, {"kind": "bot", "bot": "easy"}, {"kind": "reserved"}, {"kind": "bot"}]
        created = server.create(game="briscola", options={"players": 4}, seats=seats, stand_in="easy")
        http["created"] = created
        http["open"] = httpx.get(f"{base}/api/tables").json()
        table = created["table"]
        claim = httpx.post(f"{base}/api/tables/{table}/seats/0/claim", json={"name": "Ann"}).json()
        http["claim"] = claim

        async def session() -> list[dict]:
            ann = await Player(server.ws_url, table, claim["token"], "Ann").connect()
            bea = await Player(server.ws_url, table, created["seats"][2]["token"], "Bea").connect()
            await ann.send({"type": "ping", "id": "p1"})
            await ann.send({"type": "teleport", "id": "t3"})
            await ann.send({"type": "sync", "version": 0})
            await ann.wait(lambda: any(m["type"] == "pong" for m in ann.messages))
            await play_out([ann, bea])
            await bea.send({"type": "say", "phrase": "good_game"})
            await ann.wait(lambda: any(m["type"] == "said" for m in ann.messages))
            auth = {"Authorization": f"Bearer {claim['token']}"}
            http["rematch"] = httpx.post(f"{base}/api/tables/{table}/rematch", headers=auth).json()
            await bea.wait(lambda: any(m["type"] == "rematch" for m in bea.messages))
            late = await Player(server.ws_url, table).connect(version=0)
            await bea.send({"type": "leave"})
            await bea.wait(lambda: bea.messages[-1]["type"] == "table" and bea.messages[-1]["seats"][2]["away"])
            for p in (ann, bea, late):
                await p.close()
            return ann.messages + bea.messages + late.messages

        messages = run(session())
        http["table"] = httpx.get(f"{base}/api/tables/{table}").json()
        http["record"] = httpx.get(f"{base}/api/tables/{table}/record").json()
        http["replay"] = httpx.get(f"{base}/api/tables/{table}/replay").json()
        http["rematch_info"] = httpx.get(f"{base}/api/tables/{table}/rematch").json()
        http["comanda"] = httpx.post(f"{base}/api/comanda", json={"text": "manco e cavalli"}).json()
        http["bad_comanda"] = httpx.post(f"{base}/api/comanda", json={"text": "manco e cavalloz"}).json()
    by_type: dict[str, list[dict]] = {}
    for m in messages:
        by_type.setdefault(m["type"], []).append(m)
    return {"ws": by_type, "http": http}


def keys(value: dict) -> set[str]:
    return {k for k in value if k != "..."}


def test_every_client_example_is_accepted() -> None:
    client = [e for _, e in examples() if isinstance(e, dict) and e.get("type") in CLIENT_MESSAGES]
    assert {e["type"] for e in client} == set(CLIENT_MESSAGES)
    for example in client:
        check(example)


def test_every_server_example_has_the_fields_the_server_sends(sent: dict[str, Any]) -> None:
    server = [e for _, e in examples() if isinstance(e, dict) and e.get("type") in SERVER_TYPES]
    assert {e["type"] for e in server} == set(SERVER_TYPES), "every server message has an example"
    for example in server:
        real = sent["ws"][example["type"]]
        assert any(keys(example) == set(m) for m in real), (example["type"], sorted(example), [sorted(m) for m in real])
        if "seats" in example:
            assert set(example["seats"][0]) == set(real[0]["seats"][0])
        if "observation" in example:
            observed = set(real[-1]["observation"])
            assert keys(example["observation"]) <= observed


def test_the_http_examples_are_what_the_server_answers(sent: dict[str, Any]) -> None:
    http = sent["http"]
    by_heading: dict[str, list[Any]] = {}
    for heading, example in examples():
        by_heading.setdefault(heading, []).append(example)
    games = by_heading["`GET /api/games`"][0]
    assert set(games) == set(http["games"]) and set(games["games"][0]) == set(http["games"]["games"][0])
    assert set(games["games"][0]["options"][0]) == set(http["games"]["games"][0]["options"][0])
    request, answer = by_heading["`POST /api/tables`"]
    CreateTable(**request)
    assert set(answer) == set(http["created"]) and set(answer["seats"][0]) == set(http["created"]["seats"][0])
    listed = by_heading["`GET /api/tables`"][0]
    assert set(listed["tables"][0]) == set(http["open"]["tables"][0])
    info = by_heading["`GET /api/tables/{table}`"][0]
    assert set(info) == set(http["table"]) and set(info["seats"][0]) == set(http["table"]["seats"][0])
    claim = by_heading["`POST /api/tables/{table}/seats/{seat}/claim`"][0]
    assert set(claim) == set(http["claim"])
    record = by_heading["`GET /api/tables/{table}/record`"][0]
    assert set(record) == set(http["record"])
    comanda, bad = by_heading["`POST /api/comanda`"]
    assert set(comanda) == set(http["comanda"]) and comanda["tiers"][0] == http["comanda"]["tiers"][0]
    assert set(bad) == set(http["bad_comanda"]) and bad["problem"] == http["bad_comanda"]["problem"]
    replay = by_heading["`GET /api/tables/{table}/replay`"][0]
    assert set(replay) == set(http["replay"]) and set(replay["seats"][0]) == set(http["replay"]["seats"][0])
    assert set(replay["steps"][0]) == set(http["replay"]["steps"][0])
    rematch = by_heading["`POST /api/tables/{table}/rematch`, `GET /api/tables/{table}/rematch`"][0]
    assert set(rematch) == set(http["rematch"])
    assert http["rematch_info"] == {"table": http["table"]["table"], "rematch": http["rematch"]["table"]}


def test_the_error_table_lists_exactly_the_server_codes() -> None:
    text = DOC.read_text()
    table = text[text.index("## 7. Errors") : text.index("## 8. Limits")]
    documented = re.findall(r"^\| `([a-z_]+)`", table, flags=re.M)
    assert sorted(documented) == sorted(ERROR_CODES)
