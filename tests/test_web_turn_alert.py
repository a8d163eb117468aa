"""The chime (and a phone's buzz) when the turn comes to a seat after a wait, in a real browser at a real table.

The page's audio and vibration are stood in for by counters: the test hears nothing, it counts the notes."""

from __future__ import annotations

import time

from test_web_play import OPEN, my_turn, play_highlighted
from web_support import browser, live_server, new_page, open_table  # noqa: F401 (fixtures)

# Two notes a chime; every buzz's length.
HEARING = """
window.__notes = 0; window.__buzz = [];
window.AudioContext = class {
  constructor() { this.state = "running"; this.currentTime = 0; this.destination = {}; }
  resume() {}
  createOscillator() { return { frequency: {}, connect: (g) => g, start: () => { window.__notes += 1; }, stop() {} }; }
  createGain() { return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (d) => d }; }
};
Object.defineProperty(Navigator.prototype, "vibrate",
  { configurable: true, value: (ms) => { window.__buzz.push(ms); return true; } });
"""
HIDE = 'Object.defineProperty(document, "hidden", { configurable: true, get: () => %s })'


def heard(page) -> tuple[int, int]:
    """Chimes and buzzes so far."""
    return page.evaluate("window.__notes") // 2, len(page.evaluate("window.__buzz"))


def move(page) -> None:
    assert my_turn(page)
    play_highlighted(page)
    page.wait_for_selector("body[data-pending=false]")


def to_play(pages, timeout: float = 10.0):
    """The page whose turn it is, once there is one (a finished trick may pause the table)."""
    deadline = time.monotonic() + timeout
    while not any(my_turn(p) for p in pages):
        assert time.monotonic() < deadline, "nobody's turn"
        time.sleep(0.05)
    return next(p for p in pages if my_turn(p))


def test_the_turn_is_announced_after_a_wait_or_in_a_hidden_tab_and_not_when_turned_off(new_page, live_server):  # noqa: F811
    # Two friends at a two-player Briscola: a player waiting for the other looked away, or went to a chat app,
    # and the table waited for her without a sound ("Waiting for Bea..." on the other's screen).
    created = live_server.create(game="briscola", seats=[OPEN, OPEN], seed=4)
    pages = []
    for seat, name in ((0, "Ann"), (1, "Bea")):
        page = new_page()
        page.add_init_script(HEARING)
        pages.append(open_table(lambda page=page, **_: page, live_server, created["seats"][seat]["invite"], name=name))
    for page in pages:
        page.wait_for_selector("body[data-status=playing]")
        page.locator("#status").click()  # a first tap: a page may sound only after one
    first = to_play(pages)
    other = pages[1 - pages.index(first)]
    assert heard(first) == heard(other) == (0, 0)  # the table started at once: nobody waited

    # In another tab (or app) when the turn comes: a chime and a buzz.
    other.evaluate(HIDE % "true")
    move(first)
    assert to_play(pages) is other
    assert heard(other) == (1, 1) and heard(first) == (0, 0)
    other.evaluate(HIDE % "false")

    # Quick turns in sight: nothing (against bots every turn would chime).
    for _ in range(4):
        move(to_play(pages))
    assert heard(other) == (1, 1) and heard(first) == (0, 0)

    # The other player thought for more than 8 s: the turn is announced, in sight too.
    leader = to_play(pages)
    follower = pages[1 - pages.index(leader)]
    before = heard(follower)
    time.sleep(8.5)
    move(leader)
    assert to_play(pages) is follower
    assert heard(follower) == (before[0] + 1, before[1] + 1)

    # Back on the page a moment ago (a phone's browser taken up again, its page frozen meanwhile): the person is
    # looking, nothing sounds.
    move(follower)
    leader = to_play(pages)
    follower = pages[1 - pages.index(leader)]
    before = heard(follower)
    time.sleep(8.5)
    follower.evaluate((HIDE % "false") + '; document.dispatchEvent(new Event("visibilitychange"))')
    move(leader)
    assert to_play(pages) is follower
    assert heard(follower) == before

    # Turned off (kept in this browser): nothing, hidden or not.
    box = follower.locator("#turn-sound")
    assert box.is_checked()
    box.uncheck()
    follower.evaluate(HIDE % "true")
    muted = heard(follower)
    move(follower)
    turn, other_moved = to_play(pages), False
    while not (turn is follower and other_moved):  # until its turn comes round from the other's play
        other_moved = other_moved or turn is not follower
        move(turn)
        turn = to_play(pages)
    assert heard(follower) == muted
    follower.reload()
    follower.wait_for_selector("#turn-sound")
    assert not follower.locator("#turn-sound").is_checked()
