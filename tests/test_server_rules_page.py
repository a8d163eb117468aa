"""A game's rules as a web page (/t/{table}/rules, /rules/{game}?option=value): a friend who came by an invite
link to a game new to them reads how it goes, as the table's options make it."""

from __future__ import annotations

import html
import re

import httpx
import pytest

import trionfi
from server_support import ServerThread
from trionfi.server.settings import Settings
from trionfi.texts import rules_text


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> ServerThread:
    db = tmp_path_factory.mktemp("store") / "rules.db"
    with ServerThread(Settings(db_url=f"sqlite:///{db}", bot_pause=0)) as s:
        yield s


def headings(page: str) -> list[str]:
    return [html.unescape(h) for h in re.findall(r"<h3>(.*?)</h3>", page)]


def sections_of(game: trionfi.Game, lang: str = "en") -> list[str]:
    """The section headings ``trionfi rules`` shows for ``game`` (in English), or the Italian text has."""
    return re.findall(r"^### (.+)$", rules_text(game, lang), flags=re.MULTILINE)


def test_a_table_s_rules_page_has_the_sections_its_options_make(server: ServerThread) -> None:
    two, four = "The deal for two", "The deal for four"
    for players, own, other in ((2, two, four), (4, four, two)):
        created = server.create(game="trijumf", options={"players": players}, seats=[{"kind": "bot"}] * players)
        r = httpx.get(f"{server.base}/t/{created['table']}/rules")
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
        page = r.text
        assert "<h1>How to play Trijumf</h1>" in page
        assert f"Trijumf for {players} players, with this table&#x27;s options." in page
        assert headings(page) == sections_of(trionfi.load("trijumf", players=players))
        assert own in headings(page) and other not in headings(page)
        assert "<li>order in every suit, from high to low: ace, three, king, horse" in page  # Markdown made HTML
        assert "{players" not in page and "###" not in page


def test_the_lobby_s_rules_page_reads_the_options_as_a_terminal_does(server: ServerThread) -> None:
    for query, options in (
        ("", {}),
        ("?players=2", {"players": 2}),
        ("?variant=briscolone&must_follow_suit=true", {"variant": "briscolone", "must_follow_suit": True}),
    ):
        game = "trijumf" if "players" in options else "briscola"
        r = httpx.get(f"{server.base}/rules/{game}{query}")
        assert r.status_code == 200, r.text
        assert headings(r.text) == sections_of(trionfi.load(game, **options))
    assert "Following suit in Briscolone" in headings(r.text)
    plain = httpx.get(f"{server.base}/rules/briscola?variant=briscolone").text
    assert "Following suit in Briscolone" not in headings(plain)
    for name in trionfi.games():  # every game's page, with its defaults
        page = httpx.get(f"{server.base}/rules/{name}").text
        title = trionfi.registry.game_class(name).title
        assert f"<h1>How to play {html.escape(title)}</h1>" in page and len(headings(page)) >= 4, name


def test_every_game_s_rules_are_listed_with_the_first_sentence_of_each(server: ServerThread) -> None:
    for lang, heading, troccas in (
        ("en", "How to play", "Troccas is the tarot game of the Surselva, in the Swiss canton of Grisons: "),
        (
            "it",
            "Come si gioca",
            "Il troccas è il gioco di tarocchi della Surselva, nel cantone svizzero dei Grigioni: ",
        ),
    ):
        page = httpx.get(f"{server.base}/rules?lang={lang}").text
        assert f'<html lang="{lang}">' in page and f"<h1>{heading}</h1>" in page
        items = re.findall(r'<li data-game="([\w-]+)"><a href="([^"]+)">([^<]+)</a>: ([^<]+)</li>', page)
        assert [(name, href) for name, href, _, _ in items] == [(n, f"/rules/{n}?lang={lang}") for n in trionfi.games()]
        said = {name: html.unescape(first) for name, _, _, first in items}
        assert said["troccas"].startswith(troccas) and said["troccas"].endswith(
            "78 carte." if lang == "it" else "pack."
        )
        assert all(first.endswith(".") and first.count(". ") == 0 for first in said.values()), said  # one sentence


def test_a_variant_s_rules_are_named_as_the_lobby_names_it(server: ServerThread) -> None:
    page = httpx.get(f"{server.base}/rules/briscola?variant=a31&lang=en").text
    assert "<h1>How to play Briscola a 31</h1>" in page and "Briscola a 31 for 2 players" in page
    created = server.create(game="triomphe", options={"ruleset": "strasbourg"}, seats=[{"kind": "bot"}] * 4)
    page = httpx.get(f"{server.base}/t/{created['table']}/rules?lang=it").text
    assert "<h1>Come si gioca a Triomphe · Strasburgo (1637)</h1>" in page
    assert "<h1>How to play Triomphe</h1>" in httpx.get(f"{server.base}/rules/triomphe?ruleset=french").text  # default


def test_the_rules_link_the_cards_of_the_game_s_pack(server: ServerThread) -> None:
    for path, family in (
        ("/rules/troccas", "tarot"),
        ("/rules/triomphe", "french"),
        ("/rules/briscola", "italian"),
        ("/rules/briscola?deck=french", "french"),
        ("/rules/briscola?variant=bosnian", "french"),
        ("/rules/trionfetti?lang=it", "italian"),
    ):
        page = httpx.get(f"{server.base}{path}").text
        assert re.findall(r'<a href="([^"]+)" data-cards>', page) == [f"/cards.html#{family}"], path
    assert ">Guarda le carte di questo mazzo</a>" in page


def test_rules_asked_for_wrongly_say_what_was_wrong_and_what_there_is(server: ServerThread) -> None:
    def refused(path: str, status: int, message: str) -> str:
        r = httpx.get(f"{server.base}{path}")
        assert r.status_code == status, (path, r.status_code)
        assert "<h1>No such rules</h1>" in r.text
        shown = html.unescape(re.search(r'<p class="error">(.*?)</p>', r.text)[1])
        assert message in shown, shown
        for name in trionfi.games():  # and where the rules are
            assert f'<a href="/rules/{name}?lang=en">' in r.text
        return r.text

    refused("/rules/trijumf?players=3", 400, "option players='3' is not allowed; allowed: 2, 4")
    refused("/rules/whist", 400, "no game named 'whist'; the games are: briscola, briscola-chiamata, trijumf")
    refused("/rules/trijumf?colour=red", 400, "colour")
    refused("/t/no-such-table/rules", 404, "no table 'no-such-table'")
    page = refused("/rules/trijumf?players=%3Cscript%3Ealert(1)%3C/script%3E", 400, "<script>alert(1)</script>")
    assert "<script>" not in page  # what was asked is shown as text, never as markup


def test_the_page_speaks_the_reader_s_language(server: ServerThread) -> None:
    def get(path: str, accept: str = "en") -> str:
        r = httpx.get(f"{server.base}{path}", headers={"Accept-Language": accept})
        assert r.status_code == 200, r.text
        return r.text

    # Briscola in Italian: the Italian text, as the options make it.
    page = get("/rules/briscola?players=4&lang=it")
    assert '<html lang="it">' in page and "<h1>Come si gioca a Briscola</h1>" in page
    assert "Briscola in 4 giocatori, con le opzioni scelte." in page
    assert headings(page) == sections_of(trionfi.load("briscola", players=4), "it")
    assert "In quattro" in headings(page) and "In due" not in headings(page)
    # The page's language is the link's (the page the reader came from), else the browser's.
    assert "<h1>Come si gioca a Briscola</h1>" in get("/rules/briscola", "it-IT,it;q=0.9")
    assert "<h1>How to play Briscola</h1>" in get("/rules/briscola?lang=en", "it-IT,it;q=0.9")
    assert "<h1>Come si gioca a Briscola</h1>" in get(
        "/rules/briscola?lang=xx", "it"
    )  # no such language: the browser's
    page = get("/rules/troccas?lang=it")  # every game's rules are written in Italian too
    assert "<h1>Come si gioca a Troccas</h1>" in page and "Il Matto" in headings(page)
    assert headings(page) == sections_of(trionfi.load("troccas"), "it")
    created = server.create(game="trionfetti", seats=[{"kind": "bot"}] * 4)
    page = get(f"/t/{created['table']}/rules?lang=it")
    assert "Trionfetti in 4 giocatori, con le opzioni di questo tavolo." in page and "La comanda" in headings(page)
