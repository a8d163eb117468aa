"""Touch targets on a phone: every button of the lobby and of the table is at least 44x44 CSS px (the size a
finger hits without aiming, WCAG 2.5.5), and no page grows wider than the 360 px screen for it, in English and in
Italian (whose words are longer)."""

from __future__ import annotations

import pytest

from test_web_layout import HAND, IN_SIGHT
from test_web_play import BOT, OPEN, my_turn, play_highlighted
from test_web_replay import finished_table
from web_support import SIDEWAYS, browser, live_server, new_page, page_url  # noqa: F401 (fixtures)

PHONES = [{"width": 360, "height": 740}, {"width": 390, "height": 844}]
SMALLEST = 44

# Every visible control a finger taps. Not measured: the links of a line of text (the brand "trionfi", "Cards" in
# the lobby's top bar and the links inside sentences) are words among words, as on any page; a bot's "bot" tag on
# a seat's badge is measured apart (TAG_REACH), its box being a word's. A checkbox is tapped on itself or on its
# label (either ticks it): the two together make its target.
CONTROLS = "button, [role=button]:not(.tag), a.button, select, summary, input[type=checkbox]"
TOO_SMALL = """([selector, smallest]) => [...document.querySelectorAll(selector)]
  .filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== "hidden")
  .map((e) => { let r = e.getBoundingClientRect();
    const label = e.type === "checkbox" && e.id && document.querySelector(`label[for="${e.id}"]`);
    if (label) { const l = label.getBoundingClientRect();
      r = { width: Math.max(r.right, l.right) - Math.min(r.left, l.left),
            height: Math.max(r.bottom, l.bottom) - Math.min(r.top, l.top) }; }
    return { what: (e.id ? "#" + e.id : e.tagName.toLowerCase() + "." + [...e.classList].join(".")) + " "
      + JSON.stringify((e.textContent || e.getAttribute("aria-label") || "").trim().slice(0, 30)),
      w: Math.round(r.width * 10) / 10, h: Math.round(r.height * 10) / 10 }; })
  .filter(({ w, h }) => w < smallest || h < smallest)"""
# A tappable tag too small to draw at 44 px without making every badge taller than the table allows: the tap
# reaches it anywhere in the 44x44 square around its middle (a transparent margin of its own).
TAG_REACH = """(smallest) => [...document.querySelectorAll(".tag[role=button]")]
  .filter((e) => { const r = e.getBoundingClientRect();  // (a dialog over the table covers the tags: not tapped)
    return r.width && document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)?.closest(".tag") === e; })
  .flatMap((e) => { const r = e.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2,
    d = smallest / 2 - 1;
    // (A corner off the screen, the page scrolled a little as it drew, is no tap another element takes.)
    return [[x - d, y - d], [x + d, y - d], [x - d, y + d], [x + d, y + d]]
      .filter(([px, py]) => px >= 0 && py >= 0 && px < innerWidth && py < innerHeight)
      .filter(([px, py]) => !document.elementFromPoint(px, py)?.closest(".tag[role=button]"))
      .map(([px, py]) => `${e.textContent} at ${Math.round(px)},${Math.round(py)}: `
        + (document.elementFromPoint(px, py)?.className || "nothing")); })"""


def touch_phone(new_page, viewport, lang):  # noqa: F811
    page = new_page(viewport=viewport, has_touch=True, is_mobile=True)
    page.add_init_script(
        f"localStorage.setItem('trionfi.name', 'Ann'); localStorage.setItem('trionfi.lang', '{lang}');"
    )
    return page


def check_targets(page, where: str) -> None:
    page.wait_for_timeout(100)  # (a redraw for the language or the width)
    small = page.evaluate(TOO_SMALL, [CONTROLS, SMALLEST])
    assert not small, f"{where}: " + "; ".join(f"{s['what']} {s['w']}x{s['h']}" for s in small)
    unreached = page.evaluate(TAG_REACH, SMALLEST)
    assert not unreached, f"{where}: " + "; ".join(unreached)
    width = page.evaluate("innerWidth")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width, f"{where}: wider than the screen"


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("viewport", PHONES, ids=[f"{v['width']}x{v['height']}" for v in PHONES])
def test_the_lobby_and_a_waiting_table_have_buttons_big_enough_for_a_finger(new_page, live_server, viewport, lang):  # noqa: F811
    # The lobby with a table made (its invite links' Copy and Share, Go to my seat) and someone else's open table
    # listed (Sit, Watch); the options folded away opened.
    other = live_server.create(game="briscola", seats=[OPEN, OPEN])
    page = touch_phone(new_page, viewport, lang)
    page.goto(f"{live_server.base}/")
    page.wait_for_selector("body[data-ready=true]")
    page.locator(f".open-tables li[data-table='{other['table']}']").wait_for()
    page.locator(".more-options summary").click()
    # Every option's name begins with a capital, as shown: a checkbox's taller label on a touch screen read "one
    # card at a time" under "Players" (CSS's first letter does not reach into it).
    names = page.locator(".option-name").evaluate_all("ls => ls.map(l => l.innerText)")
    assert names and all(n[:1].isupper() for n in names), names
    page.select_option("#seat-1", "open")
    page.click("#create-form button[type=submit]")
    page.wait_for_selector(".created .invite")
    check_targets(page, f"lobby {lang}")
    # Its table, waiting for the friend: the invite link's Copy and Share, and "A bot instead".
    page.click(".created a.go")
    page.wait_for_selector("body[data-status=waiting] [data-notice=invites] [data-stand-in]")
    check_targets(page, f"waiting table {lang}")


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("viewport", PHONES, ids=[f"{v['width']}x{v['height']}" for v in PHONES])
def test_the_table_s_buttons_are_big_enough_for_a_finger(new_page, live_server, viewport, lang):  # noqa: F811
    # Playing: Last trick and Scores in the top bar, the side panel's Leave, the last trick's Close; a bot's tag.
    created = live_server.create(game="briscola", seats=[OPEN, BOT])
    page = touch_phone(new_page, viewport, lang)
    page.goto(page_url(live_server, created["seats"][0]["invite"]))
    page.wait_for_selector("body[data-status=playing]")
    while not page.locator("#last-trick:not([hidden])").count():
        if my_turn(page):
            assert play_highlighted(page)
            page.wait_for_selector("body[data-pending=false]")
        else:
            page.wait_for_timeout(40)
    check_targets(page, f"table {lang}")
    page.click("#panel-toggle")
    check_targets(page, f"side panel {lang}")
    page.click("#side .links-block summary")
    page.wait_for_selector("#side [data-link=mine] button")
    check_targets(page, f"the table's links {lang}")
    page.click("#last-trick")
    page.wait_for_selector(".dialog")
    check_targets(page, f"last trick {lang}")


@pytest.mark.parametrize("lang", ["en", "it"])
def test_trionfetti_s_comanda_presets_are_big_enough_for_a_finger(new_page, live_server, lang):  # noqa: F811
    # Seed 0: in the match's first smazzata seat 0 cuts and announces the comanda.
    created = live_server.create(game="trionfetti", match=True, seed=0, seats=[OPEN, BOT, BOT, BOT])
    page = touch_phone(new_page, PHONES[0], lang)
    page.goto(page_url(live_server, created["seats"][0]["invite"]))
    page.locator(".comanda-presets button").first.wait_for()
    check_targets(page, f"comanda {lang}")


def at_a_talk_turn(new_page, server, viewport, lang):  # noqa: F811
    """A phone at seat 0 of four-player Briscola with table talk, at a turn where it may talk: the leader of a
    trick after the first. Seat 0 leads one only if it took a trick: a deal it never takes one is dealt again."""
    for seed in range(8):
        created = server.create(
            game="briscola",
            options={"players": 4, "communication": "conversation"},
            seats=[OPEN, BOT, BOT, BOT],
            seed=seed,
        )
        page = touch_phone(new_page, viewport, lang)
        page.goto(page_url(server, created["seats"][0]["invite"]))
        page.wait_for_selector("body[data-ready=true]")
        deadline = page.evaluate("Date.now()") + 60_000
        while not page.locator(".summary").count():
            assert page.evaluate("Date.now()") < deadline, "the deal did not end"
            if my_turn(page) and page.locator("#actions .talk").count():
                return page
            if my_turn(page):
                assert play_highlighted(page)
                page.wait_for_selector("body[data-pending=false]")
            else:
                page.wait_for_timeout(40)
        page.close()
    raise AssertionError("seat 0 never led a trick after the first in eight deals")


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_talk_buttons_are_big_enough_for_a_finger(new_page, live_server, lang):  # noqa: F811
    # The leader's questions and orders to the partner, in the talk box.
    page = at_a_talk_turn(new_page, live_server, PHONES[0], lang)
    page.locator("#actions .talk summary").click()
    check_targets(page, f"talk {lang}")


def test_a_touch_phone_turned_sideways_keeps_the_table_and_the_hand_in_sight(new_page, live_server):  # noqa: F811
    # The top bar's buttons grown to 44 px made the short table shorter: the bottom seat's badge (two lines of tags,
    # Trijumf's trump holder) reached under the screen's edge and the page scrolled.
    created = live_server.create(game="trijumf", seats=[OPEN, BOT, BOT, BOT], seed=0)
    page = touch_phone(new_page, SIDEWAYS, "en")
    page.goto(page_url(live_server, created["seats"][0]["invite"]))
    page.wait_for_function("document.querySelectorAll('.hand .card').length === 10")
    check_targets(page, "sideways")
    assert page.evaluate(IN_SIGHT, HAND) == []


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_replay_s_buttons_are_big_enough_for_a_finger(new_page, live_server, lang):  # noqa: F811
    # Its step buttons were 40 px on a phone, its deal list 36 px.
    created = finished_table(live_server)
    page = touch_phone(new_page, PHONES[0], lang)
    page.goto(f"{live_server.base}/t/{created['table']}/replay#deal=1&step=0&seat=0")
    page.wait_for_selector("body[data-ready=true][data-step='0']")
    check_targets(page, f"replay {lang}")
