"""The table page's chat, between real browsers on the real server: any text before the first card, the set
phrases in each reader's language while the cards are played, a bubble by the speaker's seat, a count on *Scores*
where the side panel is out of sight (a phone), and the text being typed kept while the table moves on.

Each test opens real pages in Debian's Chromium; no page may log an error (the ``new_page`` fixture checks).
"""

from __future__ import annotations

from playwright.sync_api import expect

from server_support import Player, play_out
from web_support import (  # noqa: F401 (fixtures)
    DESKTOP,
    PHONE,
    SIDEWAYS,
    browser,
    live_server,
    module_page,
    new_page,
    open_table,
    page,
    page_url,
    run_apart,
    static_url,
)

OPEN = {"kind": "open"}
BOT = {"kind": "bot", "bot": "easy"}


def say_phrase(tab, phrase: str) -> None:
    tab.select_option(".chat-phrase", phrase)
    tab.locator(".chat-form .chat-row:not(form) button").click()


def test_friends_say_phrases_until_the_game_is_over_each_in_their_language(new_page, live_server):  # noqa: F811
    created = live_server.create(game="briscola", options={"players": 4}, seats=[OPEN, BOT, OPEN, BOT], seed=3)
    ann = open_table(new_page, live_server, created["seats"][0]["invite"], viewport=DESKTOP)
    ann.wait_for_selector("#hand .card")  # (the cards are dealt while the table waits: no text box yet)
    expect(ann.locator("form.chat-row")).to_be_hidden()
    say_phrase(ann, "one_moment")
    expect(ann.locator(".chat-log li")).to_have_text(["You: One moment, please."])
    expect(ann.locator(".bubble[data-seat='0']")).to_have_text("One moment, please.")

    # Bea on a phone, in Italian: she reads what Ann said before she came, with no bubble for it (old news).
    bea = new_page(viewport=PHONE, has_touch=True, is_mobile=True)
    bea.add_init_script("localStorage.setItem('trionfi.name', 'Bea'); localStorage.setItem('trionfi.lang', 'it');")
    bea.goto(page_url(live_server, created["seats"][2]["invite"]))
    bea.wait_for_selector("body[data-ready=true] .hand .card")
    expect(bea.locator(".chat-log li")).to_have_text(["Ann: Un momento, per favore."])
    expect(bea.locator(".bubble")).to_have_count(0)
    expect(bea.locator("#panel-toggle")).not_to_have_attribute("data-unread", "1")

    # The cards are played: no text box, the phrases only, and a line that says why.
    expect(ann.locator("form.chat-row")).to_be_hidden()
    expect(ann.locator(".chat-note")).to_contain_text("only these phrases")
    bea.locator("#panel-toggle").click()
    expect(bea.locator("form.chat-row")).to_be_hidden()
    say_phrase(bea, "good_luck")
    expect(bea.locator(".chat-log li").last).to_have_text("Tu: Buona fortuna!")
    expect(ann.locator(".chat-log li").last).to_have_text("Bea: Good luck!")
    bubble = ann.locator(".bubble[data-seat='2']")
    expect(bubble).to_have_text("Good luck!")
    # The bubble is by Bea's seat (across the table from Ann: under its badge), not by anyone else's.
    seat = ann.locator(".seat[data-seat='2'] .badge").bounding_box()
    box = bubble.bounding_box()
    assert abs((box["x"] + box["width"] / 2) - (seat["x"] + seat["width"] / 2)) < 40, (box, seat)
    assert seat["y"] + seat["height"] <= box["y"] <= seat["y"] + seat["height"] + 60, (box, seat)

    # Bea's panel closed (a phone): what Ann says is a bubble, and a count on *Punti* until she opens it.
    bea.locator("#panel-toggle").click()
    say_phrase(ann, "well_played")
    expect(bea.locator(".bubble[data-seat='0']")).to_have_text("Ben giocato!")
    expect(bea.locator("#panel-toggle")).to_have_attribute("data-unread", "1")
    bea.locator("#panel-toggle").click()
    expect(bea.locator("#panel-toggle")).not_to_have_attribute("data-unread", "1")
    expect(bea.locator(".chat-log li").last).to_have_text("Ann: Ben giocato!")

    # A spectator reads the chat, and has nothing to say it with.
    watcher = open_table(new_page, live_server, created["spectate"], viewport=DESKTOP)
    expect(watcher.locator(".chat-log li")).to_have_count(3)
    expect(watcher.locator(".chat-form")).to_be_hidden()
    for tab in (watcher, bea, ann):
        tab.close()


def test_after_the_game_any_text_and_it_stays_while_the_table_moves_on(new_page, live_server):  # noqa: F811
    # Once the game is over, a text box. The page is drawn again at every message (here Bea asks for the
    # rematch): the chat block is kept as it is, with what is typed in it and the keyboard's focus.
    created = live_server.create(game="briscola", seats=[OPEN, OPEN], seed=5)
    table, tokens = created["table"], [s["token"] for s in created["seats"]]

    async def play() -> None:
        people = [
            await Player(live_server.ws_url, table, tokens[i], name).connect() for i, name in enumerate(["Ann", "Bea"])
        ]
        await play_out(people)
        for p in people:
            await p.close()

    run_apart(play())
    ann = open_table(new_page, live_server, created["seats"][0]["invite"], viewport=DESKTOP)
    ann.locator("[data-summary=close]").click()
    # The panel holds a text box now, and scrolls: its rows keep within it (the list of phrases shrinks).
    inside = ann.evaluate(
        """() => { const side = document.getElementById("side").getBoundingClientRect().right;
        return [...document.querySelectorAll(".chat-row > *")]
          .every((e) => e.getBoundingClientRect().right <= side); }"""
    )
    assert inside
    ann.locator(".chat-text").click()
    ann.keyboard.type("  Good game!   Same time tom")
    bea = open_table(new_page, live_server, created["seats"][1]["invite"], name="Bea", viewport=DESKTOP)
    bea.locator("[data-summary=rematch]").click()
    expect(ann.locator("[data-notice=rematch]")).to_be_visible()  # the page was drawn again under Ann
    ann.keyboard.type("orrow?")
    expect(ann.locator(".chat-text")).to_have_value("  Good game!   Same time tomorrow?")
    ann.keyboard.press("Enter")
    # (The rematch takes Bea's page to the new table: a spectator of this one reads what Ann said.)
    watcher = open_table(new_page, live_server, created["spectate"], viewport=DESKTOP)
    expect(watcher.locator(".chat-log li")).to_have_text(["Ann: Good game! Same time tomorrow?"])
    expect(ann.locator(".chat-text")).to_have_value("")  # sent and heard back: the box is empty again
    expect(ann.locator(".chat-text")).to_be_focused()
    for tab in (watcher, bea, ann):
        tab.close()


def test_the_chat_stays_where_it_is_while_the_narrative_grows(new_page, live_server):  # noqa: F811
    # The narrative grew a line at every move until its 240 px: *Say* under it moved down under a finger
    # pressing it while a bot played (and the rules' link, the links and *Leave* with it).
    created = live_server.create(game="briscola", seats=[OPEN, BOT], seed=8)
    ann = open_table(new_page, live_server, created["seats"][0]["invite"], viewport=DESKTOP)
    ann.wait_for_selector("body[data-turn=true] .hand .card.playable")
    before = ann.locator(".chat-phrase").bounding_box()["y"]
    for _ in range(3):
        version = int(ann.locator("body").get_attribute("data-version"))
        ann.locator(".hand .card.playable").first.click()
        ann.wait_for_function(f"+document.body.dataset.version > {version + 2}")
        ann.wait_for_selector("body[data-turn=true][data-pending=false] .hand .card.playable")
    assert ann.locator("#side .log li").count() >= 12
    assert ann.locator(".chat-phrase").bounding_box()["y"] == before
    ann.close()


def test_say_stays_where_it_is_while_the_others_talk(new_page, live_server):  # noqa: F811
    # The chat's lines grew above *Say*: a line said by a friend while a finger pressed it moved it away.
    created = live_server.create(game="briscola", seats=[OPEN, OPEN], seed=10)
    ann = open_table(new_page, live_server, created["seats"][0]["invite"], viewport=DESKTOP)
    expect(ann.locator(".chat-log li")).to_have_text(["Nothing said yet."])
    before = ann.locator(".chat-form button").first.bounding_box()

    async def talk() -> None:
        bea = await Player(live_server.ws_url, created["table"], created["seats"][1]["token"], "Bea").connect()
        for phrase in ("hello", "good_luck", "thanks", "oops", "one_moment"):  # (five at once at most)
            await bea.send({"type": "say", "phrase": phrase})
        await bea.wait(lambda: len([m for m in bea.messages if m["type"] == "said"]) == 5)
        await bea.close()

    run_apart(talk())
    expect(ann.locator(".chat-log li")).to_have_count(5)
    assert ann.locator(".chat-form button").first.bounding_box() == before
    ann.close()


HIDE = 'Object.defineProperty(document, "hidden", { configurable: true, get: () => %s })'


def test_what_is_said_while_the_page_is_in_another_tab_is_counted_in_its_title(new_page, live_server):  # noqa: F811
    created = live_server.create(game="briscola", seats=[OPEN, OPEN], seed=12)
    ann = open_table(new_page, live_server, created["seats"][0]["invite"], viewport=DESKTOP)
    ann.wait_for_selector("#hand .card")
    ann.evaluate(HIDE % "true")  # Ann went to another tab while Bea comes

    async def talk() -> None:
        bea = await Player(live_server.ws_url, created["table"], created["seats"][1]["token"], "Bea").connect()
        for phrase in ("hello", "good_luck"):
            await bea.send({"type": "say", "phrase": phrase})
        await bea.wait(lambda: len([m for m in bea.messages if m["type"] == "said"]) == 2)
        await bea.close()

    run_apart(talk())
    expect(ann).to_have_title("(2) ▶ Your turn · Briscola · trionfi")
    ann.evaluate(HIDE % "false")
    ann.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    expect(ann).to_have_title("▶ Your turn · Briscola · trionfi")
    ann.close()


def test_scores_opened_for_what_was_said_shows_the_chat(new_page, live_server):  # noqa: F811
    # On a phone turned sideways the side panel opens beside the table, the chat under the points and the
    # narrative, out of sight: opened for the count on *Scores*, it shows the chat.
    created = live_server.create(game="briscola", seats=[OPEN, OPEN], seed=9)
    ann = open_table(new_page, live_server, created["seats"][0]["invite"], viewport=DESKTOP)
    bea = new_page(viewport=SIDEWAYS, has_touch=True, is_mobile=True)
    bea.add_init_script("localStorage.setItem('trionfi.name', 'Bea'); localStorage.setItem('trionfi.lang', 'en');")
    bea.goto(page_url(live_server, created["seats"][1]["invite"]))
    bea.wait_for_selector("body[data-ready=true] .hand .card")
    say_phrase(ann, "hello")
    expect(bea.locator("#panel-toggle")).to_have_attribute("data-unread", "1")
    expect(bea.locator("#panel-toggle")).to_have_accessible_name("Scores, 1 new in the chat")
    bea.locator("#panel-toggle").click()
    expect(bea.locator("#panel-toggle")).to_have_accessible_name("Scores")
    expect(bea.locator(".chat-log li").last).to_have_text("Ann: Hello!")
    expect(bea.locator(".chat-log li").last).to_be_in_viewport()
    expect(bea.locator(".chat-phrase")).to_be_in_viewport()
    for tab in (bea, ann):
        tab.close()


def test_nobody_at_a_table_said_anything_a_spectator_sees_no_chat(new_page, live_server):  # noqa: F811
    created = live_server.create(game="briscola", seats=[OPEN, BOT])
    watcher = open_table(new_page, live_server, created["spectate"], viewport=PHONE)
    watcher.wait_for_selector("#felt .seat")
    expect(watcher.locator(".chat-block")).to_have_count(0)
    watcher.close()


KEPT_PART = """async () => {
  const { el, replaceIfChanged } = await import("/js/dom.js");
  const box = el("div", {});
  document.body.append(box);
  const input = el("input", { value: "Who else is c" });
  const chat = el("section", {}, input);
  replaceIfChanged(box, [el("p", {}, "scores"), chat, el("p", {}, "rules")]);
  input.focus();
  // The game starts: what happened appears before the chat, and the rules' block changes after it.
  const changed = replaceIfChanged(box, [el("p", {}, "scores"), el("ol", {}, "Deal 1"), chat, el("p", {}, "rules!")]);
  return { changed, focused: document.activeElement === input, same: box.children[2] === chat,
    order: [...box.children].map((e) => e.textContent || e.querySelector("input")?.value) };
}"""


def test_a_part_kept_from_draw_to_draw_keeps_its_place_and_the_keyboard(page, static_url):  # noqa: F811
    # A part new before the chat used to take the chat's place and push it along (the chat was moved, and the
    # text box lost the keyboard's focus); now the new part goes in before it and the chat stays where it is.
    got = module_page(page, static_url).evaluate(KEPT_PART)
    assert got == {
        "changed": True,
        "focused": True,
        "same": True,
        "order": ["scores", "Deal 1", "Who else is c", "rules!"],
    }
