"""Table talk in the browser: the talk box stays as the player left it while the table changes around it, and on
a phone what was said last shows under the table."""

from __future__ import annotations

from test_web_play import BOT, OPEN, play_until_summary
from test_web_touch import PHONES, at_a_talk_turn
from web_support import DESKTOP, PHONE, browser, live_server, new_page, open_table  # noqa: F401 (fixtures)


def test_the_talk_box_a_player_opened_stays_open_when_the_table_redraws(new_page, live_server):  # noqa: F811
    # Four-player Briscola with table talk, seat 0 leading a trick: the box comes folded during card play; opened,
    # it folded again at the table's next change, taking the question the player was about to ask away.
    page = at_a_talk_turn(new_page, live_server, PHONES[0], "en")
    talk = page.locator("#actions details.talk")
    assert not talk.evaluate("(d) => d.open")
    page.locator("#actions .talk summary").click()
    assert talk.evaluate("(d) => d.open")
    # A redraw that is no move: the phone's address bar slides away as the page scrolls, the screen grows. (The
    # buttons are not drawn again when they do not change: the box is the same box.)
    page.set_viewport_size({"width": 360, "height": 800})
    page.wait_for_timeout(300)
    assert talk.evaluate("(d) => d.open"), "the talk box folded when the table was redrawn"
    # A question asked: the page redraws while it waits, and again with the partner's answer; the box stays open
    # for the next question, the one asked gone from it.
    version = int(page.locator("body").get_attribute("data-version"))
    page.locator(".talk-button[data-action='ask lisci']").click()
    page.wait_for_function(f"+document.body.dataset.version > {version} && document.body.dataset.pending === 'false'")
    assert talk.evaluate("(d) => d.open"), "the talk box folded when the answer came"
    assert page.locator(".talk-button[data-action='ask lisci']").count() == 0
    # Folded by the player, it stays folded through the next redraw.
    page.locator("#actions .talk summary").click()
    page.set_viewport_size({"width": 360, "height": 740})
    page.wait_for_timeout(300)
    assert not talk.evaluate("(d) => d.open")


def test_a_partner_s_words_show_under_the_table_on_a_phone(new_page, live_server):  # noqa: F811
    # Troccas, two friends partners on phones: what Ann said was in the side panel only, behind "Scores", where
    # Bea, playing, does not look. Seat 0 speaks first at the pause after six cards.
    created = live_server.create(game="troccas", seats=[OPEN, BOT, OPEN, BOT], seed=3)
    ann = open_table(new_page, live_server, created["seats"][0]["invite"], viewport=PHONE)
    bea = open_table(new_page, live_server, created["seats"][2]["invite"], name="Bea", viewport=PHONE)
    ann.locator(".talk-button[data-action='say strusch in']").click()
    bea.wait_for_function("document.getElementById('talk-line').textContent.includes('Ann: strusch in')")
    assert "Ann: strusch in — exactly one honour" in bea.locator("#talk-line").inner_text()  # (a bot may follow)
    assert bea.locator("#talk-line").is_visible()
    ann.wait_for_function("document.getElementById('talk-line').textContent.includes('You: strusch in')")
    # Two lines at most, the last two things said; a wide screen has its side panel for the talk instead.
    ems = bea.evaluate(
        "(() => { const e = document.getElementById('talk-line');"
        " return e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).fontSize); })()"
    )
    assert ems <= 2.6, ems  # two lines of about 1.2 em
    bea.set_viewport_size(DESKTOP)
    bea.wait_for_function("getComputedStyle(document.getElementById('talk-line')).display === 'none'")
    assert "strusch in" in bea.locator("#side .messages").inner_text()


def test_the_newest_thing_said_is_whole_under_the_table_on_a_phone(new_page, live_server):  # noqa: F811
    # Trionfetti's table says each hand's result in full ("hand 1 to your team: 1 point; game score 1-0 to your
    # team"): after the comanda announced before it, the two ran past the line's two lines and the newest was cut
    # in the middle with "…". Where the two do not fit, the newest is shown alone, whole.
    created = live_server.create(game="trionfetti", seed=0, seats=[OPEN, BOT, BOT, BOT])
    page = open_table(new_page, live_server, created["seats"][0]["invite"], viewport=PHONE)
    play_until_summary([page], 120, until="#talk-line:has-text('hand 1 ')")
    talk = page.locator("#talk-line")
    said = talk.inner_text()
    assert said.startswith("The table: hand 1 ") and "; game score 1-0 to " in said, said
    assert said.endswith(("to your team", "to Bot 1 & Bot 3")), said
    assert talk.evaluate("(e) => e.scrollHeight <= e.clientHeight + 1"), said  # nothing cut
    # A wide screen shows both in its side panel, the newest last.
    assert page.locator("#side .messages li").last.inner_text() == said
