"""The browser table against the real server on loopback: people play by clicking, as they would.

Each test opens real pages in Debian's Chromium; no page may log an error (the ``new_page`` fixture checks).
"""

from __future__ import annotations

import itertools
import json
import time

from playwright.sync_api import expect

import trionfi
from trionfi.server.tables import card_order
from web_support import (  # noqa: F401 (fixtures)
    DESKTOP,
    PHONE,
    browser,
    live_server,
    new_page,
    open_table,
    page_url,
    run_apart,
    seat_token,
    shoot,
)

BOT = {"kind": "bot", "bot": "easy"}
OPEN = {"kind": "open"}


def my_turn(page) -> bool:
    return page.locator("body[data-turn=true][data-pending=false][data-status=playing]").count() == 1


# A point of the card that no other card covers (in a fan its middle may lie under the next card, as with real
# cards: a person taps the strip that shows), in page coordinates; None if none shows.
VISIBLE_POINT = """(card) => {
  const r = card.getBoundingClientRect();
  for (let fy = 0.15; fy < 1; fy += 0.2) {
    for (let fx = 0.1; fx < 1; fx += 0.1) {
      const x = r.left + fx * r.width, y = r.top + fy * r.height;
      if (document.elementFromPoint(x, y)?.closest('.card') === card) return [x, y];
    }
  }
  return null;
}"""


def tap_card(page, card) -> None:
    """Tap ``card`` where it shows."""
    card.scroll_into_view_if_needed()
    box = None
    for _ in range(20):  # a playable card rises when it is marked: tap it where it comes to rest
        page.wait_for_timeout(40)
        box, last = card.bounding_box(), box
        if box == last:
            break
    point = card.evaluate(VISIBLE_POINT)
    assert point is not None, f"{card.get_attribute('data-card')}: the card is covered everywhere"
    page.mouse.click(*point)


def wait_taken(page, code: str) -> None:
    """Wait until the server has taken the card ``code``: no move waits for an answer and the card has left the
    hand. (Its showing in the trick is no proof either way: the bot's answer and its next lead can come in the
    same moment, and the page then draws the new trick only.)"""
    page.wait_for_function(
        "code => document.body.dataset.pending === 'false'"
        " && !document.querySelector(`.hand .card[data-card='${code}']`)",
        arg=code,
        timeout=20_000,
    )


def play_highlighted(page, bid: bool = False) -> str | None:
    """Click the first highlighted card (or, with no card to play, the first action button, the first choice of a
    list, or Trionfetti's first proposed comanda); what was chosen. With ``bid``, the lowest bid of an auction
    rather than a pass (a Chiamata deal where all five pass is over before a card is played)."""
    card = page.locator(".hand .card.playable").first
    if card.count():
        code = card.get_attribute("data-card")
        tap_card(page, card)
        return code
    if bid and page.locator("#actions button[data-action^='bid ']:not([disabled])").count():
        button = page.locator("#actions button[data-action^='bid ']:not([disabled])").first
        action = button.get_attribute("data-action")
        button.click()
        return action
    if bid and page.locator("#actions [data-action-list=bid]:not([disabled])").count():
        page.locator("#actions [data-action-list=bid]").click()  # (the list's first choice, the lowest bid)
        return "a bid"
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


ORDER = {code: i for i, code in enumerate(card_order(trionfi.load("briscola"))["*"])}


def hand_in_order(page) -> None:
    hand = page.locator(".hand .card").evaluate_all("cs => cs.map(c => c.dataset.card)")
    trump = page.locator(".trump-name").get_attribute("data-trump") if page.locator(".trump-name").count() else None
    suits = [c[-1] for c in hand]
    groups = list(dict.fromkeys(suits))
    assert suits == sorted(suits, key=groups.index), hand  # each suit together
    assert trump not in groups or groups[-1] == trump, (hand, trump)
    for a, b in itertools.pairwise(hand):
        assert a[-1] != b[-1] or ORDER[a] < ORDER[b], hand


def play_until_summary(pages, timeout: float = 60.0, check=None, until: str = ".summary") -> int:
    """Every page plays its highlighted card whenever it is its turn, until every page shows the summary (or what
    ``until`` selects), ``check(page)`` before each of its moves."""
    deadline = time.monotonic() + timeout
    moves = 0
    while not all(p.locator(until).count() for p in pages):
        assert time.monotonic() < deadline, f"no {until} in time"
        acted = False
        for p in pages:
            if check is not None and not p.locator(until).count() and my_turn(p):
                check(p)
            if not p.locator(until).count() and my_turn(p) and play_highlighted(p):
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
    assert page.title() == "▶ Your turn · Briscola · trionfi"  # a player in another tab sees it is his turn
    shoot(page, "briscola2-desktop")
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(200)  # the page redraws for the new width
    shoot(page, "briscola2-phone")
    page.set_viewport_size(DESKTOP)
    page.wait_for_timeout(200)

    # A double click plays one card: the second click finds the hand locked (the server would refuse it as stale
    # too). Both clicks are one task of the page: Playwright's own dblclick on a loaded machine could land its
    # second click after the bot (a 50 ms pause here) has answered and the turn has come back, a new play.
    first = page.locator(".hand .card.playable").first
    code = first.get_attribute("data-card")
    first.evaluate("card => { card.click(); card.click(); }")
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

    # Until the end, the hand is always in the game's order within a suit (Briscola: 2 4 5 6 7 J H K 3 A), suits
    # kept together, the trump suit last.
    moves = 3 + play_until_summary([page], check=hand_in_order)
    assert moves == 20  # one card a trick, 20 tricks in the 40-card pack
    summary = page.locator(".summary")
    points = [int(td.inner_text()) for td in summary.locator("tbody td:nth-child(3)").all()]
    cards = [int(td.inner_text()) for td in summary.locator("tbody td:nth-child(2)").all()]
    assert sum(points) == 120 and sum(cards) == 40
    assert summary.locator(".verdict").inner_text()
    shoot(page, "briscola2-summary-desktop")
    page.locator("[data-summary=close]").click()
    assert page.locator("#status").inner_text() == "The deal is over."
    assert page.title() == "Briscola · trionfi"


# A browser's Screen Wake Lock that counts what the page asks of it.
WAKE_LOCK = """Object.defineProperty(navigator, "wakeLock", {configurable: true, value: {request: async (kind) => {
  window.__locks = (window.__locks || 0) + 1;
  const lock = new EventTarget();
  lock.release = async () => { window.__released = (window.__released || 0) + 1; };
  return lock;
}}});"""


def test_a_seated_players_screen_stays_on_until_the_deal_ends(new_page, live_server):  # noqa: F811
    created = live_server.create(game="briscola", seats=[OPEN, BOT])
    page = new_page(viewport=PHONE)
    page.add_init_script(WAKE_LOCK)
    page.add_init_script("localStorage.setItem('trionfi.name', 'Ann'); localStorage.setItem('trionfi.lang', 'en');")
    page.goto(page_url(live_server, created["seats"][0]["invite"]))
    page.wait_for_selector("body[data-turn=true]")
    assert page.evaluate("[window.__locks, window.__released || 0]") == [1, 0]  # asked once, held through the deal
    play_until_summary([page])
    page.wait_for_function("window.__released === 1")
    assert page.evaluate("window.__locks") == 1
    # A spectator's screen behaves as usual.
    watcher = new_page()
    watcher.add_init_script(WAKE_LOCK)
    watcher.goto(created["spectate"])
    watcher.wait_for_selector("body[data-ready=true]")
    assert watcher.evaluate("window.__locks || 0") == 0


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
    # A bot's level: said on a wide table; on a phone the tag says "bot" until tapped (a phone cannot hover).
    assert ann.locator(".badge[data-seat='1'] .tag.bot-level").inner_text() == "easy bot"
    phone_tag = bea.locator(".badge[data-seat='1'] .tag.bot-level")
    assert phone_tag.inner_text() == "bot" and phone_tag.get_attribute("aria-label") == "easy bot"
    phone_tag.click()
    expect(bea.locator(".badge[data-seat='3'] .tag.bot-level")).to_have_text("easy bot", use_inner_text=True)
    phone_tag.click()
    expect(phone_tag).to_have_text("bot", use_inner_text=True)
    assert set(ann.locator(".hand .card").evaluate_all("cs => cs.map(c => c.dataset.card)")).isdisjoint(
        bea.locator(".hand .card").evaluate_all("cs => cs.map(c => c.dataset.card)")
    )
    # Ann leads, the bot after her follows: then it is Bea's turn, with two cards on the table.
    ann.wait_for_selector("body[data-turn=true][data-status=playing] .hand .card.playable")
    led = play_highlighted(ann)
    bea.wait_for_selector("body[data-turn=true] .hand .card.playable")
    bea.wait_for_selector(".trick-card[data-seat='1']")
    assert bea.locator(".trick-card[data-seat='0'] .card-img").get_attribute("data-card") == led
    # Ann's page hears of the bot's card a moment after Bea's may: wait for it, then her status names Bea.
    ann.wait_for_selector(".trick-card[data-seat='1']")
    expect(ann.locator("#status")).to_contain_text("Bea")
    shoot(ann, "briscola4-desktop")
    shoot(bea, "briscola4-phone")
    play_until_summary([ann, bea])
    for page in (ann, bea):
        rows = page.locator(".summary tbody tr")
        assert rows.count() == 2  # two teams
        assert sum(int(td.inner_text()) for td in page.locator(".summary tbody td:nth-child(3)").all()) == 120
    assert "Your team" in ann.locator(".summary").inner_text()
    # Rematch: a new table with the same seats. Ann asks for it and sits at once; Bea is told and joins.
    ann.locator("[data-summary=rematch]").click()
    ann.wait_for_url(lambda url: "/t/" in url and created["table"] not in url)
    new = ann.url.rsplit("/t/", 1)[1].split("#")[0]
    ann.wait_for_url(f"**/t/{new}")
    assert seat_token(ann, new) == created["seats"][0]["token"]  # the same seat token
    ann.wait_for_selector("body[data-ready=true] .hand .card")
    # Bea's page of the finished table: Ann went on to the rematch, which is no news of a game that is over (her
    # leaving is told at once; a second for it to arrive).
    bea.wait_for_timeout(1000)
    expect(bea.locator(".badge[data-seat='0'] .tag.offline")).to_have_count(0)
    bea.locator("[data-summary=rematch]", has_text="Join the rematch").click()
    bea.wait_for_url(f"**/t/{new}")
    bea.wait_for_selector(".hand .card")
    assert seat_token(bea, new) == created["seats"][2]["token"]
    for page, other, name in ((ann, 2, "Bea"), (bea, 0, "Ann")):
        page.locator(f".badge[data-seat='{other}'] .badge-name", has_text=name).wait_for()
        assert page.locator(".badge[data-seat='1'] .tag", has_text="bot").count() == 1


def test_a_seat_s_token_leaves_the_address_and_the_page_offers_the_table_s_links(new_page, live_server):  # noqa: F811
    # The table page kept the seat's token in its address: a player who copied it, or shared the page from the
    # phone's menu, to let a friend watch, gave away their seat (the friend played their cards). The address is
    # now the spectators' link; each tab keeps its own seat across a reload, even where another tab of the same
    # browser took another seat since; and the page's *Links to this table* has the spectators' link and the
    # player's own, for another device of theirs.
    created = live_server.create(game="briscola", options={"players": 3}, seats=[OPEN, OPEN, BOT])
    table, (ann_link, bea_link) = created["table"], [s["invite"] for s in created["seats"][:2]]
    ann = open_table(new_page, live_server, ann_link, "Ann")
    assert ann.url == f"{live_server.base}/t/{table}"
    assert seat_token(ann, table) == created["seats"][0]["token"]
    bea = ann.context.new_page()  # another tab of the same browser, at the second seat
    new_page.watch.attach(bea)
    bea.goto(page_url(live_server, bea_link))
    bea.wait_for_selector("body[data-ready=true] .badge[data-seat='1'].me")
    assert bea.url == f"{live_server.base}/t/{table}"
    ann.reload()
    ann.wait_for_selector("body[data-ready=true] .hand .card")
    assert ann.locator(".badge.me").get_attribute("data-seat") == "0"  # still Ann's tab
    links = ann.locator("#side .links-block")
    assert links.get_attribute("open") is None and links.locator("summary").inner_text() == "Links to this table"
    links.locator("summary").click()
    watch = links.locator("[data-link=watch]")
    expect(watch.locator("input.link")).to_have_value(created["spectate"])
    assert watch.locator("p").inner_text() == "For someone to watch: they see the cards played, no one's hand."
    expect(links.locator("[data-link=mine] input.link")).to_have_value(ann_link)
    assert "whoever opens this link plays your cards" in links.locator("[data-link=mine] p").inner_text()
    assert links.locator("[data-link=mine] button", has_text="Copy").count() == 1
    # Open still once the table is drawn again (a card played).
    before = ann.locator(".trick-card").count()
    player = ann if my_turn(ann) else bea if my_turn(bea) else None
    if player is not None:
        play_highlighted(player)
        expect(ann.locator(".trick-card")).not_to_have_count(before)
    assert links.get_attribute("open") is not None and links.locator("input.link").count() == 2
    # A spectator is offered the spectators' link alone.
    watcher = new_page()
    watcher.add_init_script("localStorage.setItem('trionfi.lang', 'en');")
    watcher.goto(created["spectate"])
    watcher.wait_for_selector("body[data-ready=true]")
    watcher.locator("#side .links-block summary").click()
    expect(watcher.locator("[data-link=watch] input.link")).to_have_value(created["spectate"])
    assert watcher.locator("[data-link=mine]").count() == 0


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
    # Presence: Bob's seat says so (in words) when his page is closed, and no longer once he is back.
    assert ann.locator(".badge[data-seat='1'] .tag.offline").count() == 0
    bob.close()
    ann.locator(".badge[data-seat='1'] .tag.offline", has_text="not connected").wait_for()
    bob = open_table(new_page, live_server, created["seats"][1]["invite"], "Bob")
    ann.locator(".badge[data-seat='1'] .tag.offline").wait_for(state="detached")


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
    # The player sees that someone watches (in a moment: the server tells a change in their number at most
    # every two seconds); the spectator alone there sees no count of itself.
    expect(ann.locator("#watching")).to_be_visible()
    expect(ann.locator("#watching")).to_have_attribute("title", "1 person is watching the table")
    assert ann.locator("#watching .n").inner_text() == "1"
    expect(watcher.locator("#watching")).to_be_hidden()
    # On a phone the top bar hides the title: the line over the table says it ("Waiting for Ann…" read as if
    # the spectator sat at the table).
    ann.wait_for_selector("body[data-turn=true][data-pending=false] .hand .card.playable")
    ann.evaluate("document.querySelector('.hand .card').dataset.mark = 'kept'")
    phone = open_table(new_page, live_server, created["spectate"], "Viewer", viewport=PHONE)
    phone.wait_for_selector(".trick-card")
    expect(phone.locator("#status")).to_contain_text("You are watching: ")
    expect(ann.locator("#watching")).to_have_attribute("title", "2 people are watching the table")
    # Only the eye was redrawn: not the hand Ann may be tapping (a card redrawn under a finger loses the tap).
    assert ann.locator(".hand .card[data-mark=kept]").count() == 1
    expect(watcher.locator("#watching")).to_have_attribute("title", "you and 1 other person are watching the table")
    expect(phone.locator("#watching")).to_be_visible()  # the eye and the number stay in a phone's top bar
    # Every seat's hand shows as backs only.
    assert watcher.locator(".mini-hand .card-img:not(.back)").count() == 0
    assert watcher.locator(".mini-hand .back").count() >= 8
    shoot(watcher, "spectator-desktop")
    phone.context.close()
    expect(ann.locator("#watching")).to_have_attribute("title", "1 person is watching the table")
    watcher.context.close()
    expect(ann.locator("#watching")).to_be_hidden()


def test_a_card_pressed_while_the_table_changes_is_played(new_page, live_server):  # noqa: F811
    # The page redraws the table at every message; a message between a finger's press and its lift (a friend's
    # phone losing its connection, someone coming to watch) drew a new hand under the finger, and the tap was
    # lost: the card stayed in the hand. A hand drawn the same is left as it is.
    created = live_server.create(game="briscola", options={"players": 4}, seats=[OPEN, OPEN, BOT, BOT], seed=2)
    ann = open_table(new_page, live_server, created["seats"][0]["invite"], "Ann")
    bob = open_table(new_page, live_server, created["seats"][1]["invite"], "Bob")
    deadline = time.monotonic() + 30
    while not my_turn(ann):
        assert time.monotonic() < deadline, "Ann's turn never came"
        if my_turn(bob):
            played = play_highlighted(bob)
            wait_taken(bob, played)
        ann.wait_for_timeout(50)
    ann.wait_for_selector(".hand .card.playable")
    card = ann.locator(".hand .card.playable").first
    code = card.get_attribute("data-card")
    ann.wait_for_timeout(300)  # the raised card at rest
    ann.mouse.move(*card.evaluate(VISIBLE_POINT))
    ann.mouse.down()
    bob.context.close()  # Bob's phone is gone
    expect(ann.locator(".tag.offline")).to_have_count(1)
    watcher = new_page()  # and someone comes to watch
    watcher.goto(page_url(live_server, created["spectate"]))
    expect(ann.locator("#watching")).to_be_visible()
    ann.mouse.up()
    wait_taken(ann, code)


async def play_from_another_tab(server, created: dict, seat: int, action: str) -> None:
    """The seat's ``action`` sent by another connection of its own (as from a second tab)."""
    from server_support import Player

    other = await Player(server.ws_url, created["table"], created["seats"][seat]["token"]).connect()
    await other.wait(other.my_turn)
    answer = await other.answer(await other.act(action))
    assert answer["type"] == "events", answer
    await other.close()


def test_the_side_panel_takes_a_press_while_the_bots_play(new_page, live_server):  # noqa: F811
    # The side panel was drawn anew at every move: against bots (a move a second), a press on *Deal by deal* or
    # *Links to this table* was often lost under the next move. The parts that did not change stay.
    created = live_server.create(game="briscola", match=True, seats=[OPEN, BOT], seed=6)
    page = open_table(new_page, live_server, created["seats"][0]["invite"])
    play_until_summary([page])
    page.locator("[data-summary=next]").click()
    page.wait_for_selector("body[data-turn=true][data-pending=false] .hand .card.playable")
    code = page.locator(".hand .card.playable").first.get_attribute("data-card")
    version = int(page.locator("body").get_attribute("data-version"))
    summary = page.locator("#side .score-sheet summary")
    box = summary.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    run_apart(play_from_another_tab(live_server, created, 0, code))  # while the finger is down: the bot answers
    page.wait_for_function(f"+document.body.dataset.version >= {version + 2}")  # Ann's card and the bot's
    page.mouse.up()
    expect(page.locator("#side .score-sheet")).to_have_attribute("open", "")


def press_while_a_friend_goes(page, target, friend) -> None:
    """A finger pressed on ``target`` while a friend's page closes (the table says so), then lifted."""
    box = target.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    friend.context.close()
    expect(page.locator(".tag.offline")).to_have_count(1)
    page.mouse.up()


def test_a_bid_chosen_in_a_list_stays_chosen_while_the_table_changes(new_page, live_server):  # noqa: F811
    # Briscola Chiamata's bids are a list and a Send button; a redraw for a message that changes nothing in them
    # put the list back to its first bid, and Send sent a bid the player had not chosen.
    created = live_server.create(game="briscola-chiamata", seed=3, seats=[OPEN, BOT, BOT, BOT, OPEN])
    page = open_table(new_page, live_server, created["seats"][0]["invite"], "Ann")
    sent: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda frame: sent.append(str(frame))))
    page.reload()  # (the socket made after the listener)
    bob = open_table(new_page, live_server, created["seats"][4]["invite"], "Bob")
    page.wait_for_selector("body[data-turn=true][data-pending=false] #list-bid")
    bids = page.locator("#list-bid")
    chosen = bids.locator("option").nth(2).get_attribute("value")
    bids.select_option(chosen)
    press_while_a_friend_goes(page, page.locator("#actions [data-action-list=bid]"), bob)
    page.wait_for_selector("body[data-pending=false]")
    actions = [json.loads(frame)["action"] for frame in sent if json.loads(frame)["type"] == "action"]
    assert actions == [chosen], (chosen, actions)


def test_next_deal_pressed_while_the_table_changes_goes_on(new_page, live_server):  # noqa: F811
    created = live_server.create(game="briscola", options={"players": 3}, match=True, seats=[OPEN, OPEN, BOT], seed=4)
    ann = open_table(new_page, live_server, created["seats"][0]["invite"], "Ann")
    bob = open_table(new_page, live_server, created["seats"][1]["invite"], "Bob")
    play_until_summary([ann, bob])
    press_while_a_friend_goes(ann, ann.locator("[data-summary=next]"), bob)
    expect(ann.locator(".summary")).to_have_count(0)


def test_an_action_the_rate_limit_drops_is_sent_again(new_page, tmp_path):  # noqa: F811
    """The server drops messages over its rate limit and warns at most once a second, so a card played can go
    unanswered: the page sends it again (same id) rather than keeping the hand locked for ever. Here the hello
    takes the only message the server allows in 5 s, so the card played just after it is dropped."""
    from server_support import ServerThread
    from trionfi.server.settings import Settings

    settings = Settings(db_url=f"sqlite:///{tmp_path / 'tables.db'}", bot_pause=0.05, rate=0.2, burst=1)
    with ServerThread(settings) as server:
        created = server.create(game="briscola", seats=[OPEN, BOT], seed=5)
        page = open_table(new_page, server, created["seats"][0]["invite"])
        page.wait_for_selector("body[data-turn=true][data-status=playing] .hand .card.playable")
        played = play_highlighted(page)
        expect(page.locator("#error")).to_contain_text("messages a second")
        assert page.locator("body[data-pending=true]").count() == 1  # dropped: no answer, the hand stays locked
        wait_taken(page, played)
        expect(page.locator("#error")).to_be_hidden()  # the warning goes once the move is taken
        page.context.close()  # before its server stops: a page still open would log the refused reconnections


class FreezingProxy:
    """A TCP relay in front of the server whose open connections can be frozen: they stay open at both ends but
    carry nothing more, as a phone's connection does once the phone slept or moved to another network (neither
    side is told). Connections made after the freeze carry bytes as usual."""

    def __init__(self, port: int) -> None:
        import socket
        import threading

        self.upstream = port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.frozen: list[threading.Event] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        import socket
        import threading

        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            try:
                server = socket.create_connection(("127.0.0.1", self.upstream))
            except OSError:  # the server is gone (the test's end)
                client.close()
                continue
            frozen = threading.Event()
            self.frozen.append(frozen)
            for a, b in ((client, server), (server, client)):
                threading.Thread(target=self._relay, args=(a, b, frozen), daemon=True).start()

    @staticmethod
    def _relay(source, sink, frozen) -> None:
        try:
            while data := source.recv(65536):
                if not frozen.is_set():
                    sink.sendall(data)
        except OSError:
            pass
        finally:
            if not frozen.is_set():
                sink.close()

    def freeze(self) -> None:
        for frozen in self.frozen:
            frozen.set()

    def close(self) -> None:
        self.listener.close()


SEEN_RECONNECTING = """() => {
  const banner = document.getElementById("connection");
  new MutationObserver(() => {
    if (!banner.hidden && banner.dataset.state === "reconnecting") window.seenReconnecting = true;
  }).observe(banner, { attributes: true, childList: true });
}"""


def test_a_connection_that_died_silently_is_made_again(new_page, tmp_path):  # noqa: F811
    """A phone that slept or changed network keeps a connection the browser believes open, and nothing more comes
    through it: the page took taps it never sent, and waited for ever. Now, when the page comes back into sight
    (and every 15 s), it asks the server for a word; none within 4 s and it connects again and plays on."""
    from types import SimpleNamespace

    from server_support import ServerThread
    from trionfi.server.settings import Settings

    with ServerThread(Settings(db_url=f"sqlite:///{tmp_path / 'tables.db'}", bot_pause=0.05)) as server:
        proxy = FreezingProxy(server.port)
        try:
            created = server.create(game="briscola", seats=[OPEN, BOT])
            page = open_table(
                new_page, SimpleNamespace(base=f"http://127.0.0.1:{proxy.port}"), created["seats"][0]["invite"]
            )
            page.wait_for_selector("body[data-turn=true][data-pending=false][data-status=playing] .hand .card.playable")
            play_highlighted(page)
            page.wait_for_selector("body[data-turn=true][data-pending=false] .hand .card.playable", timeout=20_000)
            # The banner says "Reconnecting…" for as long as it takes (a moment): noted by the page itself.
            page.evaluate(SEEN_RECONNECTING)
            proxy.freeze()
            page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")  # the phone is picked up again
            page.wait_for_function("window.seenReconnecting", timeout=10_000)
            page.locator("#connection").wait_for(state="hidden", timeout=20_000)
            page.wait_for_selector("body[data-turn=true][data-pending=false] .hand .card.playable", timeout=20_000)
            played = play_highlighted(page)
            wait_taken(page, played)
            page.wait_for_selector("body[data-turn=true][data-pending=false] .hand .card.playable", timeout=20_000)
            page.context.close()  # before its server stops, as in the test above
        finally:
            proxy.close()


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
        page.context.close()  # before its server stops


def creator_page(new_page, server, created: dict):  # noqa: F811
    """Ann's page at seat 0 of the table she made (her browser keeps its creator token, as the lobby's does)."""
    ann = new_page()
    ann.add_init_script(f"localStorage.setItem('trionfi.creator.{created['table']}', {created['creator_token']!r});")
    ann.add_init_script("localStorage.setItem('trionfi.name', 'Ann'); localStorage.setItem('trionfi.lang', 'en');")
    ann.goto(page_url(server, created["seats"][0]["invite"]))
    return ann


def test_the_creator_lets_a_bot_play_for_a_friend_who_is_gone(new_page, live_server):  # noqa: F811
    # Ann made the table (her browser keeps its creator token); Bob's phone dies at his turn; Cat waits with Ann.
    created = live_server.create(game="briscola", options={"players": 4}, seats=[OPEN, OPEN, OPEN, BOT])
    table = created["table"]
    ann = creator_page(new_page, live_server, created)
    bob = open_table(new_page, live_server, created["seats"][1]["invite"], "Bob")
    cat = open_table(new_page, live_server, created["seats"][2]["invite"], "Cat", viewport=PHONE)
    ann.wait_for_selector("body[data-turn=true][data-status=playing] .hand .card.playable")
    play_highlighted(ann)
    bob.wait_for_selector("body[data-turn=true][data-pending=false] .hand .card.playable")
    bob_hand = bob.locator(".hand .card").evaluate_all("cs => cs.map(c => c.dataset.card)")
    assert ann.locator("[data-notice=absent]").count() == 0  # everyone is here
    bob.close()
    # Ann, the creator, may let a bot play for Bob; Cat is told why the table waits.
    offer = ann.locator("[data-notice=absent][data-seat='1']")
    expect(offer).to_contain_text("Bob is not connected.")
    expect(cat.locator("[data-notice=absent][data-seat='1']")).to_contain_text("The table waits for Bob")
    assert cat.locator("[data-stand-in]").count() == 0  # the creator's button; the others' after a minute
    offer.locator("button", has_text="Let a bot play for Bob").click()
    # The bot plays Bob's seat at once, a card of Bob's hand; everyone is told.
    ann.wait_for_selector(".trick-card[data-seat='1']")
    assert ann.locator(".trick-card[data-seat='1'] .card-img").get_attribute("data-card") in bob_hand
    for page in (ann, cat):
        expect(page.locator("[data-notice=stand-in][data-seat='1']")).to_contain_text("A bot plays for Bob")
        expect(page.locator("[data-notice=absent]")).to_have_count(0)
    assert ann.locator(".badge[data-seat='1'] .tag", has_text="bot").count() == 1
    # Bob opens his link again: the seat is his from his next turn on, the bot gone.
    bob = open_table(new_page, live_server, created["seats"][1]["invite"], "Bob")
    bob.wait_for_selector(".hand .card")
    expect(ann.locator("[data-notice=stand-in]")).to_have_count(0)
    expect(ann.locator(".badge[data-seat='1'] .tag", has_text="bot")).to_have_count(0)
    moves = play_until_summary([ann, bob, cat])
    assert moves >= 3 * 8  # Bob played his own cards again (the bot played one)
    # Bob asks for the rematch first; Ann, who made the table, is still the one who may let a bot play there.
    bob.locator("[data-summary=rematch]").click()
    bob.wait_for_url(lambda url: "/t/" in url and table not in url)
    new = bob.url.rsplit("/t/", 1)[1].split("#")[0]
    # The others are still on the last table's summary: not gone, only not come yet.
    bob.wait_for_selector(".hand .card")
    for seat in (0, 2):
        expect(bob.locator(f".badge[data-seat='{seat}'] .tag.offline")).to_have_text("not here yet")
    ann.locator("[data-summary=rematch]", has_text="Join the rematch").click()
    ann.wait_for_url(f"**/t/{new}")
    ann.wait_for_selector(".hand .card")
    assert seat_token(ann, new) == created["seats"][0]["token"]
    expect(bob.locator(".badge[data-seat='0'] .tag.offline")).to_have_count(0)
    expect(ann.locator("[data-notice=absent][data-seat='2'] > span")).to_have_text("Cat is not at the table yet.")
    expect(ann.locator(".badge[data-seat='2'] .tag.offline")).to_have_text("not here yet")
    bob.close()
    expect(ann.locator("[data-notice=absent][data-seat='1'] > span")).to_have_text("Bob is not connected.")
    expect(ann.locator("[data-notice=absent][data-seat='1'] [data-stand-in]")).to_have_text("Let a bot play for Bob")
    expect(ann.locator(".badge[data-seat='1'] .tag.offline")).to_have_text("not connected")


def test_the_creator_gives_the_seat_of_a_friend_who_left_to_someone_new(new_page, live_server):  # noqa: F811
    # Ann made the table; Bob has to go and leaves; Cal arrives: Ann gives him Bob's seat with a new link.
    created = live_server.create(game="briscola", options={"players": 4}, seats=[OPEN, OPEN, BOT, BOT])
    table = created["table"]
    ann = creator_page(new_page, live_server, created)
    bob = open_table(new_page, live_server, created["seats"][1]["invite"], "Bob", viewport=PHONE)
    ann.wait_for_selector("body[data-turn=true][data-status=playing] .hand .card.playable")
    play_highlighted(ann)
    bob.wait_for_selector("body[data-turn=true][data-pending=false] .hand .card.playable")
    bob_hand = bob.locator(".hand .card").evaluate_all("cs => cs.map(c => c.dataset.card)")
    bob.locator("#panel-toggle").click()
    bob.locator("[data-leave=ask]").click()
    bob.locator("[data-leave=confirm]").click()
    bob.wait_for_url("**/")
    offer = ann.locator("[data-notice=absent][data-seat='1']")
    expect(offer).to_contain_text("Bob left the table.")
    offer.locator("[data-hand-over]", has_text="Someone else instead").click()
    row = ann.locator("[data-notice=invites] .invite[data-seat='1']")
    expect(row).to_be_visible()
    expect(ann.locator("[data-notice=invites]")).to_contain_text("Send the new link")
    link = row.locator("input.link").input_value()
    assert f"/t/{table}#token=" in link and created["seats"][1]["token"] not in link
    # Bob's old link no longer opens his seat.
    stale = open_table(new_page, live_server, created["seats"][1]["invite"], "Bob")
    expect(stale.locator(".fatal")).to_contain_text("gave the seat to someone else")
    # Cal opens the new link and plays Bob's hand on; Ann's invite row goes.
    cal = open_table(new_page, live_server, link, "Cal", viewport=PHONE)
    cal.wait_for_selector("body[data-turn=true][data-pending=false] .hand .card.playable")
    assert cal.locator(".hand .card").evaluate_all("cs => cs.map(c => c.dataset.card)") == bob_hand
    expect(row).to_have_count(0)
    expect(ann.locator(".badge[data-seat='1']")).to_contain_text("Cal")
    moves = play_until_summary([ann, cal])
    assert moves >= 2 * 9


def test_a_player_who_has_to_go_leaves_and_the_stand_in_bot_plays_on(new_page, live_server):  # noqa: F811
    created = live_server.create(game="briscola", options={"players": 4}, seats=[OPEN, OPEN, BOT, BOT], stand_in="easy")
    ann = open_table(new_page, live_server, created["seats"][0]["invite"], "Ann")
    bob = open_table(new_page, live_server, created["seats"][1]["invite"], "Bob", viewport=PHONE)
    bob.wait_for_selector("body[data-status=playing] .hand .card")
    # On a phone the button is in the folded side panel, behind *Scores*.
    bob.locator("#panel-toggle").click()
    bob.locator("[data-leave=ask]").click()
    expect(bob.locator(".dialog")).to_contain_text("A bot (easy) plays your cards")
    expect(bob.locator("[data-leave=stay]")).to_be_focused()  # the safe choice, for a keyboard or a screen reader
    bob.locator("[data-leave=stay]").click()  # changed his mind: nothing happens
    expect(bob.locator(".dialog")).to_have_count(0)
    assert ann.locator("[data-notice=stand-in]").count() == 0
    bob.locator("[data-leave=ask]").click()
    bob.locator("[data-leave=confirm]").click()
    bob.wait_for_url(f"{live_server.base}/")
    # The lobby does not offer him back the game he left among his games in progress.
    bob.wait_for_selector("body[data-ready=true]")
    assert bob.evaluate(f"localStorage.getItem('trionfi.seat.{created['table']}')") is None
    # Ann plays the deal to its end with the bot in Bob's seat; she is told who plays it.
    expect(ann.locator("[data-notice=stand-in][data-seat='1']")).to_contain_text("A bot plays for Bob")
    assert play_until_summary([ann]) == 10


def test_a_card_played_slides_in_from_its_seat_and_not_for_who_asks_for_less_motion(new_page, live_server):  # noqa: F811
    # The cards of the trick appeared in place at once: with bots 0.8 s apart a player could not follow who
    # played what. A card just played now comes in from its seat's side; the cards already on the table when the
    # page opens lie still, and a system set to reduce motion gets none.
    created = live_server.create(game="briscola", options={"players": 4}, seats=[OPEN, BOT, BOT, BOT], seed=2)
    link = created["seats"][0]["invite"]
    moving = open_table(lambda **o: new_page(reduced_motion="no-preference", **o), live_server, link)
    still = open_table(new_page, live_server, link)
    slides = """() => [...document.querySelectorAll(".trick-card")].map((c) => [c.dataset.seat,
      c.classList.contains("arriving"), getComputedStyle(c).animationName])"""
    for page in (moving, still):
        page.evaluate("""() => { window.__slid = []; new MutationObserver(() => document
          .querySelectorAll(".trick-card.arriving")
          .forEach((c) => window.__slid.push([c.dataset.seat, getComputedStyle(c).animationName])))
          .observe(document.getElementById("felt"), { childList: true, subtree: true }); }""")
    expect(moving.locator("body[data-turn=true]")).to_have_count(1)
    play_highlighted(moving)
    moving.wait_for_function("window.__slid.some(([seat]) => seat === '1')")  # the bot after me
    slid = moving.evaluate("window.__slid")
    assert {seat for seat, _ in slid} >= {"0", "1"} and all(name == "trick-in" for _, name in slid), slid
    still.wait_for_function("window.__slid.length > 0")
    assert all(name == "none" for _, name in still.evaluate("window.__slid")), still.evaluate("window.__slid")
    # Opened again mid-trick: the cards on the table lie still.
    moving.reload()
    moving.wait_for_selector("body[data-ready=true] .trick-card")
    assert not any(arriving for _, arriving, _ in moving.evaluate(slides)), moving.evaluate(slides)


def test_the_players_let_a_bot_play_for_a_creator_whose_phone_died(new_page, tmp_path):  # noqa: F811
    # Ann made the table and her phone died at her turn: only she could let a bot play for someone, and Bob and
    # Cat waited for good. After the grace (two seconds here, a minute by default) either of them may.
    from server_support import ServerThread
    from trionfi.server.settings import Settings

    settings = Settings(db_url=f"sqlite:///{tmp_path / 'grace.db'}", bot_pause=0.05, absent_grace=2.0)
    with ServerThread(settings) as server:
        created = server.create(game="briscola", options={"players": 3}, seats=[OPEN, OPEN, OPEN], seed=4)
        ann = creator_page(new_page, server, created)
        bob = open_table(new_page, server, created["seats"][1]["invite"], "Bob")
        cat = open_table(new_page, server, created["seats"][2]["invite"], "Cat", viewport=PHONE)
        ann.wait_for_selector("body[data-status=playing] .hand .card")
        ann.close()
        # Bob and Cat play until the table waits for Ann.
        notice = cat.locator("[data-notice=absent][data-seat='0']")
        deadline = time.monotonic() + 30
        while not notice.count():
            assert time.monotonic() < deadline, "the table never came to Ann"
            for page in (bob, cat):
                if my_turn(page) and play_highlighted(page):
                    page.wait_for_selector("body[data-pending=false]")
            cat.wait_for_timeout(40)
        expect(notice).to_contain_text(
            "The table waits for Ann, who is not connected; if they are not back within 2 seconds, you can let a bot"
            " play for them."
        )
        button = notice.locator("button[data-stand-in]")
        expect(button).to_have_text("Let a bot play for Ann", timeout=5_000)  # the wait over
        expect(bob.locator("[data-notice=absent][data-seat='0'] button")).to_have_text("Let a bot play for Ann")
        # Under the hand on a phone, and under the status line too, in sight without scrolling.
        in_sight = cat.locator("#wait-line button[data-stand-in-now='0']")
        expect(in_sight).to_have_text("Let a bot play for Ann")
        box = in_sight.bounding_box()
        assert box is not None and box["y"] + box["height"] <= PHONE["height"], box
        in_sight.click()
        for page in (bob, cat):
            expect(page.locator("[data-notice=stand-in][data-seat='0']")).to_contain_text("A bot plays for Ann")
        play_until_summary([bob, cat])
