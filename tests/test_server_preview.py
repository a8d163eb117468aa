"""The table page's head names its table, for the preview a chat app shows under an invite link."""

from __future__ import annotations

import html
import re

import httpx
import pytest

from server_support import Player, ServerThread, run
from trionfi.server.preview import language
from trionfi.server.settings import Settings


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> ServerThread:
    db = tmp_path_factory.mktemp("store") / "preview.db"
    with ServerThread(Settings(db_url=f"sqlite:///{db}", bot_pause=0)) as s:
        yield s


def head(server: ServerThread, table: str, lang: str | None = None) -> dict[str, str]:
    """The page's title and its meta descriptions, unescaped."""
    r = httpx.get(f"{server.base}/t/{table}", headers={"Accept-Language": lang} if lang else {})
    assert r.status_code == 200 and 'src="/js/table.js"' in r.text
    found = {"title": html.unescape(re.search(r"<title>(.*?)</title>", r.text)[1])}
    for key, value in re.findall(r'<meta (?:property|name)="([\w:]+)" content="([^"]*)">', r.text):
        found[key] = html.unescape(value)
    return found


def test_an_invite_link_s_preview_says_the_game_and_who_is_there(server: ServerThread) -> None:
    # A friend sent an invite link saw "trionfi · table" under it in the chat: no word of the game or the host.
    seats = [{"kind": "open"}, {"kind": "bot", "bot": "medium"}, {"kind": "open"}, {"kind": "bot", "bot": "easy"}]
    created = server.create(game="briscola", options={"players": 4}, seats=seats)
    table = created["table"]
    got = head(server, table)
    assert got["og:title"] == "Briscola, 4 players" and got["title"] == "Briscola, 4 players · trionfi"
    assert got["og:description"] == got["description"] == "Waiting for 2 more players. At the table: Bot 1, Bot 3."
    assert got["og:site_name"] == "trionfi"
    picture = httpx.get(got["og:image"])  # the icon, by its whole address
    assert got["og:image"] == f"{server.base}/icon-512.png" and picture.headers["content-type"] == "image/png"

    async def sit() -> None:
        ann = await Player(server.ws_url, table, created["seats"][0]["token"], '<b>"Ann" & co</b>').connect()
        got = head(server, table, "it-IT,it;q=0.9,en;q=0.8")
        assert got["og:title"] == "Briscola, 4 giocatori"
        assert got["og:description"] == 'Manca un giocatore. Al tavolo: <b>"Ann" & co</b>, Bot 1, Bot 3.'
        assert '<html lang="it">' in httpx.get(f"{server.base}/t/{table}", headers={"Accept-Language": "it"}).text
        raw = httpx.get(f"{server.base}/t/{table}").text
        assert "<b>" not in raw and "&lt;b&gt;&quot;Ann&quot; &amp; co&lt;/b&gt;" in raw  # a name is text, never markup
        bea = await Player(server.ws_url, table, created["seats"][2]["token"], "Bea").connect()
        await ann.wait(lambda: ann.status == "playing")
        assert head(server, table, "fr, en;q=0.5")["og:description"].startswith("A game in play. At the table: ")
        for p in (ann, bea):
            await p.close()

    run(sit())


def test_a_variant_s_table_is_named_as_the_lobby_names_it(server: ServerThread) -> None:
    # A Briscola a 31 table's link said "Briscola, 2 players"; a Strasbourg table's "Triomphe (Strasbourg rules)",
    # and its table page "Triomphe (Strasbourg rules) · Strasbourg (1637)".
    a31 = server.create(game="briscola", options={"variant": "a31"})
    assert head(server, a31["table"])["og:title"] == "Briscola a 31, 2 players"
    options = {"ruleset": "strasbourg", "players": 4}
    strasbourg = server.create(game="triomphe", options=options)
    assert head(server, strasbourg["table"])["og:title"] == "Triomphe · Strasbourg (1637), 4 players"
    assert head(server, strasbourg["table"], "it")["og:title"] == "Triomphe · Strasburgo (1637), 4 giocatori"
    # The table's title is the game's: the pages add the ruleset's name from the options, as the lobby does.
    assert httpx.get(f"{server.base}/api/tables/{strasbourg['table']}").json()["title"] == "Triomphe"


def test_a_wrong_link_gets_the_page_as_it_is(server: ServerThread) -> None:
    for table in ("noSuchTable1", "x" * 300, "%3Cscript%3E"):
        r = httpx.get(f"{server.base}/t/{table}")
        assert r.status_code == 200 and "<title>trionfi · table</title>" in r.text and "og:" not in r.text


@pytest.mark.parametrize(
    ("accept", "lang"),
    [
        (None, "en"),
        ("", "en"),
        ("it", "it"),
        ("IT-ch", "it"),
        ("fr-FR, it;q=0.5, en;q=0.4", "it"),
        ("en;q=0.3, it;q=0.6", "it"),
        ("de, fr;q=0.9", "en"),
        ("it;q=bad, en", "en"),
        ("*", "en"),
    ],
)
def test_the_preview_speaks_the_first_language_asked_for_that_the_pages_speak(accept, lang) -> None:
    assert language(accept) == lang
