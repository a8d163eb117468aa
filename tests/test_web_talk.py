"""Table talk in the browser: the talk box stays as the player left it while the table changes around it."""

from __future__ import annotations

from test_web_touch import PHONES, at_a_talk_turn
from web_support import browser, live_server, new_page  # noqa: F401 (fixtures)

# Counts the redraws of the actions (the talk box is drawn anew with them).
COUNT_REDRAWS = """() => { window.__redraws = 0;
  new MutationObserver(() => window.__redraws++).observe(document.getElementById("actions"), {childList: true}); }"""


def test_the_talk_box_a_player_opened_stays_open_when_the_table_redraws(new_page, live_server):  # noqa: F811
    # Four-player Briscola with table talk, seat 0 leading a trick: the box comes folded during card play; opened,
    # it folded again at the table's next change, taking the question the player was about to ask away.
    page = at_a_talk_turn(new_page, live_server, PHONES[0], "en")
    talk = page.locator("#actions details.talk")
    assert not talk.evaluate("(d) => d.open")
    page.locator("#actions .talk summary").click()
    assert talk.evaluate("(d) => d.open")
    page.evaluate(COUNT_REDRAWS)
    # A redraw that is no move: the phone's address bar slides away as the page scrolls, the screen grows.
    page.set_viewport_size({"width": 360, "height": 800})
    page.wait_for_function("window.__redraws > 0")
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
    redraws = page.evaluate("window.__redraws")
    page.set_viewport_size({"width": 360, "height": 740})
    page.wait_for_function(f"window.__redraws > {redraws}")
    assert not talk.evaluate("(d) => d.open")
