"""The replay viewer in the browser: a finished deal step by step (forward, back, jump to a trick), every hand
face up, reached from the table's link and from the end-of-deal summary."""

from __future__ import annotations

import httpx

from server_support import Player, play_out
from test_web_play import BOT, OPEN
from web_support import (  # noqa: F401 (fixtures)
    DESKTOP,
    PHONE,
    browser,
    live_server,
    new_page,
    open_table,
    run_apart,
    seat_token,
    shoot,
)


def finished_table(server, game: str = "briscola", options: dict | None = None, players: int = 2) -> dict:
    """A table played to the end by a quick client over the WebSocket (the browser only watches the replay)."""
    created = server.create(game=game, options=options or {}, seats=[OPEN] + [BOT] * (players - 1))

    async def play() -> None:
        ann = await Player(server.ws_url, created["table"], created["seats"][0]["token"], "Ann").connect()
        await play_out([ann])
        await ann.close()

    run_apart(play())
    return created


def hands_shown(page) -> list[list[str]]:
    """Each seat's cards as the page lists them, face up, by seat number."""
    rows = page.locator(".replay-hand").evaluate_all(
        "rs => rs.map(r => [+r.dataset.seat, [...r.querySelectorAll('.card-img')].map(c => c.dataset.card)])"
    )
    return [sorted(cards) for _, cards in sorted(rows)]


def hands_of(step: dict) -> list[list[str]]:
    return [sorted(hand) for hand in step["hands"]]


def test_the_replay_steps_through_a_finished_deal_with_every_hand(new_page, live_server, shoot):  # noqa: F811
    created = finished_table(live_server)
    table = created["table"]
    replay = httpx.get(f"{live_server.base}/api/tables/{table}/replay", timeout=10).json()
    page = new_page()
    page.add_init_script("localStorage.setItem('trionfi.lang', 'en');")
    page.goto(f"{live_server.base}/t/{table}/replay#deal=1&step=0&seat=0")
    page.wait_for_selector("body[data-ready=true][data-step='0']")
    # Step 0: the deal as dealt, both hands face up (no card back among them), as the server has them.
    assert hands_shown(page) == hands_of(replay["steps"][0])
    assert "step 0 of 40" in page.locator(".replay-count").inner_text()
    # Forward: the first card played lies on the table; the hand it came from has one card less.
    page.locator("[data-replay=forward]").click()
    page.wait_for_selector("body[data-step='1']")
    first = replay["steps"][1]
    card = page.locator(f".trick-card[data-seat='{first['seat']}'] .card-img")
    assert card.get_attribute("data-card") == first["action"]
    assert hands_shown(page) == hands_of(first)
    assert "Ann" in page.locator("#status").inner_text()
    # Back, with the keyboard too.
    page.locator("[data-replay=back]").click()
    page.wait_for_selector("body[data-step='0']")
    assert page.locator(".trick-card").count() == 0
    page.keyboard.press("ArrowRight")
    page.wait_for_selector("body[data-step='1']")
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector("body[data-step='0']")
    # Jump to a trick: the step it was taken at, its two cards on the table and who took them.
    page.select_option("#replay-trick", label="trick 5")
    at = replay["tricks"][4]
    page.wait_for_selector(f"body[data-step='{at}']")
    taken = replay["steps"][at]["observation"]["tricks"][4]
    shown = page.locator(".trick-card").evaluate_all(
        "ts => ts.map(t => [+t.dataset.seat, t.querySelector('.card-img').dataset.card])"
    )
    assert shown == taken["cards"]
    winner = taken["winner"]
    took = page.locator(f".trick-card[data-seat='{winner}'] .played-by.took")
    assert took.inner_text().startswith("✓")  # marked by a sign, not by colour only
    assert "took the trick" in page.locator(".taken-by").inner_text()  # and in words, for screen readers
    assert hands_shown(page) == hands_of(replay["steps"][at])
    shoot(page, "replay-desktop")
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(150)
    shoot(page, "replay-phone")
    # The end: the hands are empty, the narrative says who won; the address keeps the step (a link to it).
    page.locator("[data-replay=end]").click()
    page.wait_for_selector("body[data-step='40']")
    assert page.url.endswith("#deal=1&step=40&seat=0")
    assert page.locator("[data-replay=forward]").is_disabled()


def test_the_replay_is_refused_before_the_end_and_reached_from_the_summary(new_page, live_server):  # noqa: F811
    created = live_server.create(game="briscola", seats=[OPEN, BOT])
    page = new_page()
    page.add_init_script("localStorage.setItem('trionfi.lang', 'en');")
    new_page.allowed.append("status of 409")  # the replay asked for too early: the browser logs the answer
    page.goto(f"{live_server.base}/t/{created['table']}/replay")
    page.wait_for_selector("body[data-ready=true] .fatal")
    assert "when the game is over" in page.locator(".fatal").inner_text()
    # Played to the end, the table's own page (the invite link) offers the replay in its summary.
    finished = finished_table(live_server)
    table = open_table(new_page, live_server, finished["seats"][0]["invite"], "Ann")
    assert table.url == f"{live_server.base}/t/{finished['table']}" and seat_token(table, finished["table"])
    table.locator("[data-summary=replay]").click()
    # From the deal as dealt (it opened at the end: empty hands, a bare table), every hand face up.
    table.wait_for_selector("body[data-ready=true][data-step='0']")
    assert "step 0 of 40" in table.locator(".replay-count").inner_text()
    assert "replay" in table.locator("#table-title").inner_text()
