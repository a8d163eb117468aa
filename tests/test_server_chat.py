"""What the people at a table say to each other (the ``say`` message): only the set phrases until the game is
over (a waiting table's seats hold their cards already), any short text after it; spectators read; kept across a
restart."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import httpx
import pytest

from server_support import Player, ServerThread, play_out, run
from trionfi.server import chat
from trionfi.server.settings import Settings


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> ServerThread:
    db = tmp_path_factory.mktemp("store") / "chat.db"
    with ServerThread(Settings(db_url=f"sqlite:///{db}", bot_pause=0)) as s:
        yield s


def two_people(server: ServerThread) -> dict:
    return server.create(game="briscola", options={"players": 2}, seats=[{"kind": "open"}, {"kind": "open"}], seed=4)


def said(p: Player) -> list[dict]:
    return [m for m in p.messages if m["type"] == "said"]


async def say(p: Player, **what: str) -> dict:
    """Send a say message; the error answering it, or None once the table's said message came back."""
    p.next_id += 1
    ident = p.next_id
    before = len(said(p))
    await p.send({"type": "say", "id": ident, **what})
    await p.wait(lambda: len(said(p)) > before or any(e.get("ref") == ident for e in p.errors))
    refused = [e for e in p.errors if e.get("ref") == ident]
    return refused[0] if refused else said(p)[-1]


def test_a_waiting_table_says_phrases_everyone_hears_and_no_text(server: ServerThread) -> None:
    created = two_people(server)

    async def game() -> None:
        ann = await Player(server.ws_url, created["table"], created["seats"][0]["token"], "Ann").connect()
        watcher = await Player(server.ws_url, created["table"]).connect()
        assert ann.obs["hand"]  # the cards are dealt: a text now could tell them
        refused = await say(ann, text="I hold the ace of coins")
        assert refused["code"] == "phrases_only" and "until the game is over" in refused["message"]
        heard = await say(ann, phrase="one_moment")
        assert heard == {
            "type": "said",
            "table": created["table"],
            "n": 0,
            "seat": 0,
            "name": "Ann",
            "phrase": "one_moment",
            "at": heard["at"],
        }
        await watcher.wait(lambda: said(watcher) == [heard])
        # A spectator reads, and may not speak.
        refused = await say(watcher, text="hello from the rail")
        assert refused["code"] == "not_a_seat" and "spectators read what the players say" in refused["message"]
        assert said(ann) == [heard]
        for p in (ann, watcher):
            await p.close()

    run(game())


@pytest.mark.parametrize(
    ("what", "code", "says"),
    [
        ({"text": "   \n "}, "bad_message", "the text is empty"),
        ({"text": "x" * (chat.MAX_TEXT + 1)}, "bad_message", f"at most {chat.MAX_TEXT} characters"),
        ({"phrase": "ace_of_cups"}, "bad_message", "the phrases are: hello, good_luck, well_played"),
        ({"text": "hi", "phrase": "hello"}, "bad_message", 'either a "text" or a "phrase"'),
        ({}, "bad_message", 'either a "text" or a "phrase"'),
        ({"text": 7}, "bad_message", '"text" must be a text'),
        ({"text": "hi", "to": 1}, "bad_message", "unknown field(s) 'to'"),
    ],
)
def test_a_malformed_say_is_refused_with_what_is_allowed(
    server: ServerThread, what: dict, code: str, says: str
) -> None:
    created = two_people(server)

    async def game() -> None:
        ann = await Player(server.ws_url, created["table"], created["seats"][0]["token"], "Ann").connect()
        refused = await say(ann, **what)
        assert refused["code"] == code and says in refused["message"], refused
        assert said(ann) == []
        ok = await say(ann, phrase="hello")  # nothing was stored: the next message is number 0
        assert ok["n"] == 0 and ok["phrase"] == "hello" and "text" not in ok
        await ann.close()

    run(game())


def test_while_the_cards_are_played_only_the_phrases_and_any_text_once_over(server: ServerThread) -> None:
    created = two_people(server)

    async def game() -> None:
        ann = await Player(server.ws_url, created["table"], created["seats"][0]["token"], "Ann").connect()
        bea = await Player(server.ws_url, created["table"], created["seats"][1]["token"], "Bea").connect()
        await ann.wait(lambda: ann.status == "playing")
        refused = await say(bea, text="I hold the ace of cups")
        assert refused["code"] == "phrases_only"
        assert "no word that could be about the cards" in refused["message"] and "well_played" in refused["message"]
        version = bea.version
        heard = await say(bea, phrase="good_luck")
        assert heard["phrase"] == "good_luck" and heard["name"] == "Bea" and heard["seat"] == 1
        await ann.wait(lambda: said(ann) and said(ann)[-1]["n"] == heard["n"])
        assert bea.version == version  # a message is not an event of the game: the versions stay
        await play_out([ann, bea])
        after = await say(ann, text="  Good game!\n\tAgain tomorrow?\u200b\x07 ")
        assert after["text"] == "Good game! Again tomorrow?" and "phrase" not in after
        for p in (ann, bea):
            await p.close()

    run(game())


def test_a_flood_is_slowed_per_seat_over_all_its_pages(server: ServerThread) -> None:
    created = two_people(server)

    async def game() -> None:
        ann = await Player(server.ws_url, created["table"], created["seats"][0]["token"], "Ann").connect()
        again = await Player(server.ws_url, created["table"], created["seats"][0]["token"], "Ann").connect()
        phrases = list(chat.PHRASES)
        for i in range(chat.BURST):
            assert (await say(ann if i % 2 else again, phrase=phrases[i]))["type"] == "said"
        refused = await say(ann, phrase="oops")
        assert refused["code"] == "rate_limited" and "the next in 2 s" in refused["message"]
        assert [m["phrase"] for m in said(ann)] == phrases[: chat.BURST]
        for p in (ann, again):
            await p.close()

    run(game())


def test_a_page_opened_later_and_a_restarted_server_show_what_was_said(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(chat, "BURST", 10_000)  # (the flood limit has its own test)
    monkeypatch.setattr(chat, "KEEP", 5)
    db = f"sqlite:///{tmp_path / 'kept.db'}"
    with ServerThread(Settings(db_url=db, bot_pause=0)) as first:
        created = two_people(first)
        token = created["seats"][0]["token"]

        async def talk() -> None:
            ann = await Player(first.ws_url, created["table"], token, "Ann").connect()
            for i in range(chat.KEEP + 3):
                await say(ann, phrase=list(chat.PHRASES)[i])
            await ann.close()

        run(talk())
    with ServerThread(Settings(db_url=db, bot_pause=0)) as second:

        async def come_back() -> list[dict]:
            watcher = await Player(second.ws_url, created["table"]).connect()
            await watcher.close()
            return watcher.messages[0]["said"]

        kept = run(come_back())
        assert [m["phrase"] for m in kept] == list(chat.PHRASES)[3 : chat.KEEP + 3]
        assert [m["n"] for m in kept] == list(range(3, chat.KEEP + 3)) and kept[0]["name"] == "Ann"
        r = httpx.get(f"{second.base}/api/tables/{created['table']}")
        assert r.status_code == 200


def test_a_message_told_by_another_process_late_keeps_its_place_and_is_not_said_twice(server: ServerThread) -> None:
    # On PostgreSQL, another process's message (number 0, its notice on its way) may come after one said here
    # later (number 1): both are sent, and a page opened after has them in the table's order. A notice that
    # comes twice is one message.
    created = two_people(server)
    table = created["table"]

    async def game() -> None:
        ann = await Player(server.ws_url, table, created["seats"][0]["token"], "Ann").connect()
        loop = server.hub._tasks[0].get_loop()
        for n in (1, 0, 0, 2):
            message = {"n": n, "seat": 1, "name": "Bea", "phrase": "hello", "at": 1.0}
            loop.call_soon_threadsafe(server.hub.told, table, "elsewhere", "said", json.dumps(message))
        await ann.wait(lambda: len(said(ann)) == 3)
        await asyncio.sleep(0.2)
        assert [m["n"] for m in said(ann)] == [1, 0, 2]
        late = await Player(server.ws_url, table).connect()
        assert [m["n"] for m in late.messages[0]["said"]] == [0, 1, 2]
        for p in (ann, late):
            await p.close()

    run(game())


@pytest.mark.parametrize(
    ("typed", "shown"),
    [
        ("  two\n\nlines\t here ", "two lines here"),
        ("a\u200bhidden\u202espoof\x1b[31m", "ahiddenspoof[31m"),  # (invisible, reversing and control characters)
        ("we are 👨\u200d👩\u200d👧 and 🇮🇹", "we are 👨\u200d👩\u200d👧 and 🇮🇹"),  # an emoji's joiners stay
    ],
)
def test_a_text_is_put_on_one_line_without_what_cannot_be_seen(typed: str, shown: str) -> None:
    assert chat.clean_text(typed) == shown


def test_the_page_offers_the_server_s_phrases_each_in_both_languages() -> None:
    # The table page lists the phrases in js/chat.js (no build step): the same keys as the server's, in its order,
    # each with its words in every language file (the English ones the server's own).
    web = Path(chat.__file__).resolve().parents[1] / "web"
    listed = re.search(r"export const PHRASES = \[(.*?)\];", (web / "js" / "chat.js").read_text()).group(1)
    assert re.findall(r'"(\w+)"', listed) == list(chat.PHRASES)
    english = json.loads((web / "lang" / "en.json").read_text())
    italian = json.loads((web / "lang" / "it.json").read_text())
    for key, words in chat.PHRASES.items():
        assert english[f"chat.phrase.{key}"] == words and italian[f"chat.phrase.{key}"]
