"""The links a person can get wrong: each says what is wrong at once, never a blank page or a useless prompt."""

from __future__ import annotations

from typing import Any

import pytest

from web_support import PHONE, browser, live_server, module_page, new_page, page, static_url  # noqa: F401 (fixtures)

BOT = {"kind": "bot", "bot": "easy"}
OPEN = {"kind": "open"}


def test_a_link_to_no_table_says_so_before_asking_a_name(new_page, live_server):  # noqa: F811
    new_page.allowed.append("404")  # the page asks whether the table exists; the browser logs the answer
    tab = new_page()  # a newcomer: no name chosen yet
    tab.add_init_script("localStorage.setItem('trionfi.lang', 'en');")
    tab.goto(f"{live_server.base}/t/AAAAAAAAAAA#token=not-a-token")
    tab.wait_for_selector("body[data-ready=true] .fatal")
    assert "no table 'AAAAAAAAAAA'" in tab.locator(".fatal").inner_text()
    assert tab.locator("#name-input").count() == 0


# A link cut right after "#token=" read as no token: the friend watched, with no word that the link was cut.
@pytest.mark.parametrize("token", ["cut-short", ""])
def test_a_wrong_seat_link_says_so_and_offers_to_watch(new_page, live_server, token):  # noqa: F811
    created = live_server.create(game="briscola", seats=[{"kind": "open"}, BOT])
    table = created["table"]
    tab = new_page()
    tab.add_init_script("localStorage.setItem('trionfi.name', 'Ann'); localStorage.setItem('trionfi.lang', 'en');")
    tab.goto(f"{live_server.base}/t/{table}#token={token}")
    tab.wait_for_selector("body[data-ready=true] .fatal")
    assert "This invite link opens no seat at this table" in tab.locator(".fatal").inner_text()
    tab.locator(".fatal a", has_text="Watch").click()
    tab.wait_for_selector(".badge[data-seat='1']")  # the public view of the same table, no hand, no error
    assert tab.locator(".hand .card").count() == 0 and tab.locator(".fatal").count() == 0


def test_a_newcomer_s_wrong_seat_link_says_so_before_asking_a_name(new_page, live_server):  # noqa: F811
    # The friend's first visit (no name chosen yet) with a link cut short: asked a name first, they typed it and
    # only then heard the link was wrong.
    new_page.allowed.append("403")  # the page asks whether the link opens a seat; the browser logs the answer
    created = live_server.create(game="briscola", seats=[{"kind": "open"}, BOT])
    tab = new_page()
    tab.add_init_script("localStorage.setItem('trionfi.lang', 'en');")
    tab.goto(f"{live_server.base}/t/{created['table']}#token=cut-short")
    tab.wait_for_selector("body[data-ready=true] .fatal")
    assert "This invite link opens no seat at this table" in tab.locator(".fatal").inner_text()
    assert tab.locator("#name-input").count() == 0


def test_a_seat_link_opened_on_another_device_offers_the_seat_s_name(new_page, live_server):  # noqa: F811
    import httpx

    created = live_server.create(game="briscola", seats=[{"kind": "open"}, BOT])
    token = created["seats"][0]["token"]
    joined = httpx.post(
        f"{live_server.base}/api/tables/{created['table']}/join",
        json={"name": "Bea"},
        headers={"Authorization": f"Bearer {token}"},
    )
    joined.raise_for_status()
    tab = new_page()  # Bea's phone: no name chosen in this browser yet
    tab.add_init_script("localStorage.setItem('trionfi.lang', 'en');")
    tab.goto(f"{live_server.base}/t/{created['table']}#token={token}")
    tab.wait_for_selector("#name-input")
    assert tab.locator("#name-input").input_value() == "Bea"
    tab.click("form.dialog button[type=submit]")
    tab.wait_for_selector("body[data-status=playing] .hand .card")
    assert httpx.get(f"{live_server.base}/api/tables/{created['table']}").json()["seats"][0]["name"] == "Bea"


def test_a_game_word_a_newcomer_cannot_guess_is_explained_under_its_button(page, static_url):  # noqa: F811
    """Trionfetti's Vagaresto button alone tells a newcomer nothing: a line under it says what it does."""
    texts = action_help(page, static_url, [{"kind": "vagaresto", "actions": ["vagaresto"]}], "italian", "trionfetti")
    texts = {code: " ".join(lines) for code, lines in texts.items()}
    assert "raises the stake of this hand" in texts["en"] and "alza la posta" in texts["it"], texts


def test_the_lobby_says_when_the_server_cannot_be_reached(new_page, live_server):  # noqa: F811
    new_page.allowed.append("net::ERR_FAILED")  # the request the test cuts, as the browser logs it
    tab = new_page()
    tab.add_init_script("localStorage.setItem('trionfi.name', 'Ann'); localStorage.setItem('trionfi.lang', 'en');")
    tab.goto(f"{live_server.base}/")
    tab.wait_for_selector("body[data-ready=true] #create-form")
    tab.route("**/api/tables", lambda route: route.abort())  # the server went away after the page was loaded
    tab.click("#create-form button[type=submit]")
    error = tab.locator("#create-form .error, .create-panel .error").first
    error.wait_for()
    assert "The server cannot be reached" in error.inner_text(), error.inner_text()


ACTION_HELP = """async ([groups, family, game]) => {
    const i18n = await import("/js/i18n.js");
    const { renderActions } = await import("/js/actions.js");
    const said = {};
    for (const code of ["en", "it"]) {
        await i18n.loadLanguage(code);
        const box = document.createElement("div");
        renderActions(box, { groups, family, send: () => {}, locked: false, obs: { game } });
        said[code] = [...box.querySelectorAll(".action-help")].map((p) => p.textContent);
    }
    return said;
}"""


def action_help(tab: Any, base: str, groups: list[dict[str, Any]], family: str, game: str) -> dict[str, Any]:
    """The lines under a game's action buttons, in English and Italian: {"en": [...], "it": [...]}."""
    return module_page(tab, base).evaluate(ACTION_HELP, [groups, family, game])


def test_trijumf_s_cut_and_a_claim_say_what_they_do_under_their_buttons(page, static_url):  # noqa: F811
    # Cut, Knock, Flip and Claim were bare words at Trijumf's cut; a Claim tapped to see what it does ends the
    # game, lost if the side has not the points (Trijumf's 401, Briscola a 31's 31).
    groups = [{"kind": "cut", "actions": ["cut", "knock", "flip"]}, {"kind": "claim", "actions": ["claim"]}]
    texts = action_help(page, static_url, groups, "italian", "trijumf")
    # Troccas' knock is another thing (a signal): no cut's line there.
    troccas = action_help(page, static_url, [{"kind": "knock", "actions": ["knock"]}], "tarot78", "troccas")
    for code in ("en", "it"):
        texts[code].append(len(troccas[code]))
    assert len(texts["en"]) == len(texts["it"]) == 5, texts
    cut, knock, flip, claim, troccas = texts["en"]
    assert troccas == texts["it"][4] == 0, texts
    assert "trumps" in cut and "ten cards" in knock and "top card" in flip, texts
    assert "wins at once" in claim and "loses" in claim, texts
    assert "vince subito" in texts["it"][3], texts


def test_the_answer_to_a_vagaresto_says_what_each_answer_does(page, static_url):  # noqa: F811
    # The opponents of a vagaresto got Accept and Concede and "Your turn: choose.", nothing saying what either does
    # (the call itself is only in the side panel, behind Scores on a phone).
    groups = [{"kind": "accept", "actions": ["accept"]}, {"kind": "concede", "actions": ["concede"]}]
    texts = action_help(page, static_url, groups, "italian", "trionfetti")
    accept, concede = texts["en"]
    assert "vagaresto" in accept and "20" in accept and "vagaresto" in concede and "1 point" in concede, texts
    assert len(texts["it"]) == 2 and "vagaresto" in texts["it"][0], texts


def test_troccas_demand_for_the_jack_says_what_it_does(page, static_url):  # noqa: F811
    # "Demand J♠" and "No demand" came with no word on the rule (the jack takes the place of the card its holder
    # played to the trick).
    groups = [{"kind": "demand", "actions": ["demand Js"]}, {"kind": "no", "actions": ["no demand"]}]
    texts = action_help(page, static_url, groups, "tarot78", "troccas")
    assert len(texts["en"]) == len(texts["it"]) == 1, texts
    assert "takes back the card" in texts["en"][0] and "riprende la carta" in texts["it"][0], texts


def test_an_invite_opened_the_first_time_says_what_the_name_is_for(new_page, live_server):  # noqa: F811
    # A friend's first visit: the name dialog over an empty table said nothing of the game or of who invited them.
    import httpx

    created = live_server.create(game="briscola", options={"players": 4}, seats=[OPEN, BOT, OPEN, BOT])
    httpx.post(
        f"{live_server.base}/api/tables/{created['table']}/join",
        json={"name": "Ann"},
        headers={"Authorization": f"Bearer {created['seats'][0]['token']}"},
    ).raise_for_status()
    tab = new_page(viewport=PHONE)  # Bea's phone, no name chosen in this browser yet
    tab.add_init_script("localStorage.setItem('trionfi.lang', 'en');")
    tab.goto(f"{live_server.base}/t/{created['table']}#token={created['seats'][2]['token']}")
    tab.wait_for_selector("#name-input")
    about = tab.locator("form.dialog .invite-about")
    assert about.locator(".invite-game").inner_text() == "Briscola, 4 players"
    assert about.locator(".muted").inner_text() == "At the table: Ann, Bot 1, Bot 3"  # not her own seat
    # Legible on the dialog's paper (the table page's grey for the baize is near white).
    colour = about.locator(".muted").evaluate("(e) => getComputedStyle(e).color")
    assert colour != "rgba(255, 255, 255, 0.78)", colour
    tab.fill("#name-input", "Bea")
    tab.click("form.dialog button[type=submit]")
    tab.wait_for_selector("body[data-status=playing] .hand .card")
