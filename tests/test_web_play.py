"""The browser table against the real server on loopback: people play by clicking, as they would.

Each test opens real pages in Debian's Chromium; no page may log an error (the ``new_page`` fixture checks).
"""

from __future__ import annotations

import time

from web_support import (  # noqa: F401 (fixtures)
    DESKTOP,
    PHONE,
    browser,
    live_server,
    new_page,
    open_table,
    shoot,
)

BOT = {"kind": "bot", "bot": "easy"}
OPEN = {"kind": "open"}


def my_turn(page) -> bool:
    return page.locator("body[data-turn=true][data-pending=false][data-status=playing]").count() == 1


def play_highlighted(page) -> str | None:
    """Click the first highlighted card (or, with no card to play, the first action button, the first choice of a
    list, or Trionfetti's first proposed comanda); what was chosen."""
    card = page.locator(".hand .card.playable").first
    if card.count():
        code = card.get_attribute("data-card")
        card.click()
        return code
    button = page.locator("#actions button[data-action]:not([disabled])").first
    if button.count():
        action = button.get_attribute("data-action")
        button.click()
        return action
    listed = page.locator("#actions [data-action-list]:not([disabled])").first
    if listed.count():
        listed.click()
        return "from a list"
    if page.locator("#comanda-text:not([disabled])").count():
        page.locator(".comanda-presets button").first.click()
        page.locator(".comanda button[type=submit]").click()
        return "comanda"
    return None


def play_until_summary(pages, timeout: float = 60.0) -> int:
    """Every page plays its highlighted card whenever it is its turn, until every page shows the summary."""
    deadline = time.monotonic() + timeout
    moves = 0
    while not all(p.locator(".summary").count() for p in pages):
        assert time.monotonic() < deadline, "the deal did not end in time"
        acted = False
        for p in pages:
            if not p.locator(".summary").count() and my_turn(p) and play_highlighted(p):
                p.wait_for_selector("body[data-pending=false]")
                moves += 1
                acted = True
        if not acted:
            pages[0].wait_for_timeout(40)
    return moves


def test_a_whole_briscola_deal_against_a_bot_by_clicking(new_page, live_server, shoot):  # noqa: F811
    created = live_server.create(game="briscola", seats=[OPEN, BOT])
    page = open_table(new_page, live_server, created["seats"][0]["invite"])
    page.wait_for_selector(".hand .card")
    assert page.locator(".hand .card").count() == 3
    # The turned-up card and the stock's size are on the table.
    assert page.locator(".stock .indicator").count() == 1
    assert page.locator(".stock-count").inner_text() == "34"
    page.wait_for_selector("body[data-turn=true]")
    shoot(page, "briscola2-desktop")

    # A double click plays one card: the second click finds the hand locked, or the server refuses it as stale.
    first = page.locator(".hand .card.playable").first
    code = first.get_attribute("data-card")
    first.dblclick()
    page.wait_for_selector("body[data-pending=false]")
    page.wait_for_function("document.querySelectorAll('.log li').length > 0")
    mine = page.locator(".log li", has_text="You: ")
    assert mine.count() == 1, [li.inner_text() for li in page.locator(".log li").all()]
    assert page.locator(f".hand .card[data-card='{code}']").count() == 0
    assert not page.locator("#error").is_visible()

    # The keyboard: the arrows move along the hand and Enter plays; or the card's code typed, then Enter.
    page.wait_for_selector("body[data-turn=true][data-pending=false]")
    playable = page.locator(".hand .card.playable").evaluate_all("cs => cs.map(c => c.dataset.card)")
    page.keyboard.type(playable[-1].lower())
    assert playable[-1].lower() in page.locator("#typed-hint").inner_text().lower()
    page.keyboard.press("Enter")
    page.wait_for_selector(f".hand .card[data-card='{playable[-1]}']", state="detached")
    page.wait_for_selector("body[data-turn=true][data-pending=false]")
    page.locator(".hand .card[tabindex='0']").focus()
    page.keyboard.press("ArrowRight")
    focused = page.evaluate("document.activeElement.dataset.card")
    page.keyboard.press("Enter")
    page.wait_for_selector(f".hand .card[data-card='{focused}']", state="detached")

    moves = 3 + play_until_summary([page])
    assert moves == 20  # one card a trick, 20 tricks in the 40-card pack
    summary = page.locator(".summary")
    points = [int(td.inner_text()) for td in summary.locator("tbody td:nth-child(3)").all()]
    cards = [int(td.inner_text()) for td in summary.locator("tbody td:nth-child(2)").all()]
    assert sum(points) == 120 and sum(cards) == 40
    assert summary.locator(".verdict").inner_text()
    shoot(page, "briscola2-summary-desktop")
    page.locator("[data-summary=close]").click()
    assert page.locator("#status").inner_text() == "The deal is over."


def test_four_players_two_browsers_and_two_bots(new_page, live_server, shoot):  # noqa: F811
    created = live_server.create(game="briscola", options={"players": 4}, seats=[OPEN, BOT, OPEN, BOT])
    ann = open_table(new_page, live_server, created["seats"][0]["invite"], "Ann")
    bea = open_table(new_page, live_server, created["seats"][2]["invite"], "Bea", viewport=PHONE)
    for page in (ann, bea):
        page.wait_for_selector(".hand .card")
    # Each sees only their own hand; the partner's cards are backs, named by the partner's name.
    assert ann.locator(".badge[data-seat='2'] .badge-name").inner_text().endswith("Bea")
    assert bea.locator(".badge[data-seat='0'] .badge-name").inner_text().endswith("Ann")
    assert ann.locator(".seat[data-seat='2'] .mini-hand .back").count() == 3
    assert set(ann.locator(".hand .card").evaluate_all("cs => cs.map(c => c.dataset.card)")).isdisjoint(
        bea.locator(".hand .card").evaluate_all("cs => cs.map(c => c.dataset.card)")
    )
    # Ann leads, the bot after her follows: then it is Bea's turn, with two cards on the table.
    ann.wait_for_selector("body[data-turn=true][data-status=playing] .hand .card.playable")
    led = play_highlighted(ann)
    bea.wait_for_selector("body[data-turn=true] .hand .card.playable")
    bea.wait_for_selector(".trick-card[data-seat='1']")
    assert bea.locator(".trick-card[data-seat='0'] .card-img").get_attribute("data-card") == led
    assert "Bea" in ann.locator("#status").inner_text()
    shoot(ann, "briscola4-desktop")
    shoot(bea, "briscola4-phone")
    play_until_summary([ann, bea])
    for page in (ann, bea):
        rows = page.locator(".summary tbody tr")
        assert rows.count() == 2  # two teams
        assert sum(int(td.inner_text()) for td in page.locator(".summary tbody td:nth-child(3)").all()) == 120
    assert "Your team" in ann.locator(".summary").inner_text()
    # Rematch: the lobby's form again, with the same game and seats (Bea's seat open for her).
    ann.locator("[data-summary=rematch]").click()
    ann.wait_for_selector("#create-form")
    assert ann.locator("#game").input_value() == "briscola"
    assert ann.locator("[data-option=players]").input_value() == "4"
    seats = ann.locator("[data-seat]").evaluate_all("ss => ss.map(s => s.value)")
    assert seats == ["me", "bot:easy", "open", "bot:easy"]


def test_reload_in_the_middle_of_a_trick_restores_the_table(new_page, live_server):  # noqa: F811
    # Seat 1 is a second person who does not play yet: after Ann's card the trick waits, half played.
    created = live_server.create(game="briscola", options={"players": 4}, seats=[OPEN, OPEN, BOT, BOT])
    ann = open_table(new_page, live_server, created["seats"][0]["invite"], "Ann")
    bob = open_table(new_page, live_server, created["seats"][1]["invite"], "Bob")
    ann.wait_for_selector("body[data-turn=true][data-status=playing] .hand .card.playable")
    played = play_highlighted(ann)
    bob.wait_for_selector("body[data-turn=true][data-status=playing] .hand .card.playable")
    ann.wait_for_selector(f".trick-card[data-seat='0'] [data-card='{played}']")

    def table_of(page):
        return {
            "trick": page.locator(".trick-card").evaluate_all(
                "ts => ts.map(t => [t.dataset.seat, t.querySelector('[data-card]').dataset.card])"
            ),
            "hand": page.locator(".hand .card").evaluate_all("cs => cs.map(c => c.dataset.card)"),
            "stock": page.locator(".stock-count").inner_text(),
            "status": page.locator("#status").inner_text(),
            "version": page.evaluate("document.body.dataset.version"),
        }

    before = table_of(ann)
    assert before["trick"] == [["0", played]] and len(before["hand"]) == 2
    ann.reload()
    ann.wait_for_selector("body[data-ready=true]")
    ann.wait_for_selector(".hand .card")
    assert table_of(ann) == before
    assert ann.locator("#connection").is_hidden()
    # The table goes on from there.
    bob_card = play_highlighted(bob)
    assert bob_card
    ann.locator(".log li", has_text="Bob: ").first.wait_for()


def test_a_spectator_sees_the_table_but_no_hand(new_page, live_server, shoot):  # noqa: F811
    created = live_server.create(game="briscola", options={"players": 4}, seats=[OPEN, BOT, BOT, BOT])
    ann = open_table(new_page, live_server, created["seats"][0]["invite"], "Ann")
    ann.wait_for_selector("body[data-turn=true] .hand .card.playable")
    play_highlighted(ann)
    watcher = open_table(new_page, live_server, created["spectate"], "Viewer")
    watcher.wait_for_selector(".trick-card")
    assert watcher.locator(".hand .card").count() == 0
    assert watcher.locator(".card-img:not(.back) >> visible=true").count() >= 1  # the trick and the turned-up card
    assert "watching" in watcher.locator("#table-title").inner_text()
    # Every seat's hand shows as backs only.
    assert watcher.locator(".mini-hand .card-img:not(.back)").count() == 0
    assert watcher.locator(".mini-hand .back").count() >= 8
    shoot(watcher, "spectator-desktop")


def test_a_dropped_connection_shows_reconnecting_and_restores_the_table(new_page, tmp_path, shoot):  # noqa: F811
    # A server of this test's own, stopped and started again on the same port and store: every connection drops.
    from server_support import ServerThread
    from trionfi.server.settings import Settings

    settings = Settings(db_url=f"sqlite:///{tmp_path / 'tables.db'}", bot_pause=0.05)
    new_page.allowed.append("ERR_CONNECTION_REFUSED")  # the browser logs each try while the server is down
    first = ServerThread(settings).__enter__()
    try:
        created = first.create(game="briscola", seats=[OPEN, BOT])
        page = open_table(new_page, first, created["seats"][0]["invite"])
        page.wait_for_selector("body[data-turn=true][data-status=playing] .hand .card.playable")
        play_highlighted(page)
        page.wait_for_selector("body[data-turn=true][data-pending=false] .hand .card.playable")
        hand = page.locator(".hand .card").evaluate_all("cs => cs.map(c => c.dataset.card)")
        version = page.evaluate("document.body.dataset.version")
    finally:
        first.__exit__(None, None, None)
    banner = page.locator("#connection")
    banner.wait_for()
    assert banner.inner_text() == "Reconnecting…"
    shoot(page, "reconnecting-desktop")
    # While it is away nothing can be played.
    assert page.locator(".hand .card.playable").count() == 0
    second = ServerThread(settings)
    second.server.config.port = second.port = first.port
    second.base, second.ws_url = first.base, first.ws_url
    with second:
        banner.wait_for(state="hidden", timeout=20_000)
        page.wait_for_selector(".hand .card.playable")
        assert page.locator(".hand .card").evaluate_all("cs => cs.map(c => c.dataset.card)") == hand
        assert page.evaluate("document.body.dataset.version") == version
        assert play_highlighted(page)
        page.wait_for_selector("body[data-pending=false]")
