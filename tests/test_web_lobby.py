"""The lobby: a table created from the form built from the game's option declarations, invite links, and a
second person taking the open seat from the list of open tables."""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import expect

from test_web_play import BOT
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


def open_lobby(new_page, server, name, viewport=None):  # noqa: F811
    page = new_page(viewport=viewport)
    page.add_init_script(f"localStorage.setItem('trionfi.name', {name!r}); localStorage.setItem('trionfi.lang', 'en');")
    page.goto(f"{server.base}/")
    page.wait_for_selector("body[data-ready=true]")
    return page


def test_the_form_follows_the_option_declarations(new_page, live_server):  # noqa: F811
    page = open_lobby(new_page, live_server, "Ann")
    games = page.locator("#game option").evaluate_all("os => os.map(o => o.value)")
    assert {"briscola", "trijumf", "triomphe", "trionfetti", "troccas", "briscola-chiamata"} <= set(games)
    # Briscola: players is a number box within its bounds, variant a list of its values, a flag a checkbox.
    players = page.locator("[data-option=players]")
    assert (players.get_attribute("type"), players.get_attribute("min"), players.get_attribute("max")) == (
        "number",
        "2",
        "10",
    )
    assert "default: 2 (schembil: 6)" in page.locator(".option:has([data-option=players]) .option-doc").inner_text()
    variants = page.locator("[data-option=variant] option").evaluate_all("os => os.map(o => JSON.parse(o.value))")
    assert variants[:3] == ["standard", "a31", "scoperta"]
    assert page.locator("[data-option=southern_order]").get_attribute("type") == "checkbox"
    # Two seats for two players, four when the players option says four.
    assert page.locator("[data-seat]").count() == 2
    page.select_option("#seat-1", "open")
    players.fill("4")
    assert page.locator("[data-seat]").count() == 4  # as it is typed, not when the box is left
    # Typing 10 goes through 1: seat 1 keeps its choice.
    players.fill("1")
    players.fill("10")
    assert page.locator("[data-seat]").count() == 10 and page.locator("#seat-1").input_value() == "open"
    players.fill("4")
    # Another game, its own options.
    page.select_option("#game", "trijumf")
    assert page.locator("[data-option=cut_option]").count() == 1
    assert page.locator("[data-option=variant]").count() == 0
    # A combination the engine refuses: its message, nothing created (the browser logs the 400 answer).
    new_page.allowed.append("status of 400")
    page.select_option("#game", "briscola")
    page.select_option("[data-option=variant]", '"schembil"')
    page.click("#create-form button[type=submit]")
    page.wait_for_selector("#created .error")
    assert "6" in page.locator("#created .error").inner_text()


def test_a_count_typed_then_create_clicked_at_once_creates_the_table(new_page, live_server):  # noqa: F811
    # The seats once followed the count when the box was left: the click that left it found the button moved
    # down by the new seats' rows, and nothing was created.
    page = open_lobby(new_page, live_server, "Ann")
    page.locator("[data-option=players]").click()
    page.keyboard.press("Control+A")
    page.keyboard.type("4")
    page.locator("#create-form button[type=submit]").click()
    # Ann against three bots: no link to send, so the lobby goes straight to her seat at the new table.
    page.wait_for_selector(".hand .card")
    assert page.locator(".seat .badge").count() == 4 and "/t/" in page.url
    assert page.locator("body[data-status=playing]").count() == 1


def test_a_name_typed_before_the_game_is_chosen_stays(new_page, live_server):  # noqa: F811
    # A first visit: the name typed, then Trionfetti chosen from the list; the form was drawn anew for the game and
    # the name box came back empty (and "Create the table" then only asked for a name). The whole-match box and the
    # stand-in stay as set too; the game's own options and seats are the new game's.
    page = new_page()  # a first visit: no name kept
    page.add_init_script("localStorage.setItem('trionfi.lang', 'en');")
    page.goto(f"{live_server.base}/")
    page.wait_for_selector("body[data-ready=true]")
    assert page.locator("#player-name").input_value() == ""
    page.fill("#player-name", "Marta")
    page.check("#opt-match")
    page.select_option("#opt-stand-in", "")
    page.select_option("#game", "trionfetti")
    assert page.locator("#player-name").input_value() == "Marta"
    assert page.locator("#opt-match").is_checked() and page.locator("#opt-stand-in").input_value() == ""
    assert page.locator("[data-seat]").count() == 4 and page.locator("[data-option=comanda]").count() == 1
    assert page.evaluate("document.activeElement.id") == "game"  # the list drawn anew keeps the focus
    page.locator("#create-form button[type=submit]").click()  # three bots: straight to the table
    page.wait_for_selector("body[data-status=playing]")
    assert page.evaluate("localStorage.getItem('trionfi.name')") == "Marta"  # the name she sits down with
    assert "/t/" in page.url


def test_an_option_with_one_value_is_said_not_asked(new_page, live_server):  # noqa: F811
    # Briscola Chiamata's players were a number box: a 4 typed there was refused only at Create ("Value must be
    # 5"). An option with a single value (Chiamata's five players, Troccas' four) now shows it as text.
    page = open_lobby(new_page, live_server, "Ann")
    for game, players in (("briscola-chiamata", "5"), ("troccas", "4")):
        page.select_option("#game", game)
        shown = page.locator("[data-option=players]")
        assert shown.evaluate("e => e.tagName") == "OUTPUT" and shown.inner_text() == players
        assert page.locator("[data-seat]").count() == int(players)
    assert page.locator("#game").evaluate("e => e.value") == "troccas"
    page.select_option("#game", "briscola")  # a range stays a number box
    assert page.locator("[data-option=players]").get_attribute("type") == "number"
    page.select_option("#game", "briscola-chiamata")
    page.locator("#create-form button[type=submit]").click()  # four bots: straight to the table
    page.wait_for_selector("body[data-status=playing]")
    assert page.locator(".seat").count() == 5


def test_create_invite_and_a_friend_takes_the_open_seat(new_page, live_server, shoot):  # noqa: F811
    ann = open_lobby(new_page, live_server, "Ann")
    ann.select_option("#seat-1", "open")
    ann.click("#create-form button[type=submit]")
    ann.wait_for_selector(".created")
    links = ann.locator(".created input.link").evaluate_all("is => is.map(i => i.value)")
    assert len(links) == 2 and "#token=" in links[0] and "#" not in links[1]  # seat 1's invite, the spectators'
    assert ann.locator(".created button.copy").count() == 2
    # Nothing but the links and their buttons: a loopback link has no QR code, and its place read "null".
    said = ann.locator(".created .invite[data-seat='1']").inner_text()
    assert said.split() == ["Seat", "1", "·", "invite", "link", "Copy"], said
    # Links to 127.0.0.1 open on this computer only: the page says how a friend on another device can join.
    assert "--host 0.0.0.0" in ann.locator(".created .local-only").inner_text()
    shoot(ann, "lobby-desktop")
    table = links[1].rsplit("/t/", 1)[1]

    bea = open_lobby(new_page, live_server, "Bea", viewport=PHONE)
    bea.locator(f".open-tables li[data-table='{table}'] button").first.wait_for()
    # Ann's own seat ("me") is not offered to others, even before she reaches the table.
    assert bea.locator(f".open-tables li[data-table='{table}'] button").all_inner_texts() == ["Sit at seat 1"]
    # Who is there already (Bea was told "my table is in the lobby"), and since when: Ann's seat is kept for her,
    # named once she reaches it (below).
    who = bea.locator(f".open-tables li[data-table='{table}'] small.who")
    assert re.fullmatch(r"Nobody seated yet · (just now|\d+ minutes? ago)", who.inner_text()), who.inner_text()
    # On a phone the tables to join come first, in sight without scrolling past the form.
    box = bea.locator(".tables-panel").bounding_box()
    assert box is not None and box["y"] + 60 < PHONE["height"], box
    # Each option's choice under its name, the row's width: beside it, half a phone's width cut its value.
    widths = bea.locator(".options .option select").evaluate_all(
        "ss => ss.map(s => [s.getBoundingClientRect().width, s.closest('.option').getBoundingClientRect().width])"
    )
    assert widths and all(w >= row - 1 for w, row in widths), widths
    shoot(bea, "lobby-phone")
    # A phone's share sheet, as the table page finds it (navigator.share), recording what it is given.
    ann.add_init_script("navigator.share = async (data) => { window.__shared = data; };")
    ann.click(".created a.go")
    ann.wait_for_selector(".hand .card")
    expect(who).to_have_text(re.compile(r"At the table: Ann · (just now|\d+ minutes? ago)"), timeout=15_000)
    # Ann went to her seat before sending the link: her table page offers it while the seat is empty.
    assert "your-turn" not in (ann.locator("#status").get_attribute("class") or "")  # waiting is nobody's turn
    invite = ann.locator("[data-notice=invites] .invite[data-seat='1']")
    assert invite.locator("input.link").input_value() == links[0]
    invite.locator("button.share").click()
    assert ann.evaluate("window.__shared.url") == links[0]
    bea.locator(f".open-tables li[data-table='{table}'] button", has_text="Sit at seat 1").click()
    bea.wait_for_selector(".hand .card")
    assert bea.locator(".badge[data-seat='0'] .badge-name").inner_text().endswith("Ann")
    ann.locator(".badge[data-seat='1'] .badge-name", has_text="Bea").wait_for()
    expect(ann.locator("[data-notice=invites]")).to_have_count(0)  # every seat taken: nothing left to send


def test_the_creator_is_not_offered_a_friend_s_seat_at_their_own_table(new_page, live_server):  # noqa: F811
    # Once made, Ann's table is in the open tables (a friend's seat is open), first on a phone: it offered Ann
    # "Sit at seat 1", and a tap took her friend's seat, the link she had sent no longer opening it.
    ann = open_lobby(new_page, live_server, "Ann", viewport=PHONE)
    ann.select_option("#seat-1", "open")
    ann.click("#create-form button[type=submit]")
    ann.wait_for_selector(".created")
    table = ann.locator(".created input.link").nth(1).input_value().rsplit("/t/", 1)[1]
    row = ann.locator(f".open-tables li[data-table='{table}']")
    row.wait_for()
    assert row.locator("button", has_text="Sit at").count() == 0, row.inner_text()
    row.locator("a", has_text="Go to my seat").click()
    ann.wait_for_selector(".hand .card")
    assert ann.locator(".badge[data-seat='0'].me").count() == 1  # her own seat
    # Reopened later, the lobby still knows it: her seat, not her friend's.
    ann.goto(f"{live_server.base}/")
    ann.wait_for_selector("body[data-ready=true]")
    row.wait_for()
    assert row.locator("button", has_text="Sit at").count() == 0 and row.locator("a", has_text="Go to my seat").count()


def test_a_table_the_game_refuses_says_why_in_sight_on_a_phone(new_page, live_server):  # noqa: F811
    # Five players for standard Briscola: the engine's message appeared under the Create button, below the fold of
    # a phone, and the tap seemed to do nothing.
    new_page.allowed.append("400")  # the refused request, as the browser logs it
    ann = open_lobby(new_page, live_server, "Ann", viewport=PHONE)
    ann.locator('[data-option="players"]').fill("5")
    create = ann.locator("#create-form button[type=submit]")
    create.evaluate("(b) => b.scrollIntoView({ block: 'end' })")  # scrolled down just to the button, as a thumb does
    box = create.bounding_box()
    ann.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    error = ann.locator("#created .error")
    error.wait_for()
    assert "five players play Briscola Chiamata" in error.inner_text()
    ann.wait_for_timeout(300)  # (a smooth scroll's time)
    box = error.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], box


def test_the_creator_puts_a_bot_in_a_seat_nobody_took(new_page, live_server):  # noqa: F811
    # The friend never came: from the table page, a bot takes the empty seat and the deal starts.
    ann = open_lobby(new_page, live_server, "Ann")
    ann.select_option("#seat-1", "open")
    ann.click("#create-form button[type=submit]")
    ann.wait_for_selector(".created")
    ann.click(".created a.go")
    ann.wait_for_selector("body[data-status=waiting] [data-notice=invites]")
    ann.locator(".invite[data-seat='1'] [data-stand-in]", has_text="A bot instead").click()
    ann.wait_for_selector("body[data-status=playing][data-turn=true] .hand .card.playable")
    expect(ann.locator("[data-notice=invites]")).to_have_count(0)
    # Nobody sat there: no one is "away" or to "open their link again" (as if a friend had left).
    expect(ann.locator("[data-notice=stand-in][data-seat='1']")).to_have_text(
        "A bot plays for Seat 1 until someone opens its invite link."
    )
    expect(ann.locator(".badge[data-seat='1'] .tag.away")).to_have_count(0)
    ann.locator(".hand .card.playable").first.click()
    ann.wait_for_selector(".trick-card[data-seat='1']")  # the bot answered


def test_a_seat_freed_during_a_game_is_offered_in_the_lobby(new_page, live_server):  # noqa: F811
    # Bob left a game in progress and the creator gave his seat to someone new: Dan, in the lobby, sees the table
    # marked as a game in progress, sits, and gets Bob's hand at the table.
    import httpx

    created = live_server.create(game="briscola", seats=[{"kind": "open"}, {"kind": "open"}])
    table, (ann, bob) = created["table"], [{"Authorization": f"Bearer {s['token']}"} for s in created["seats"]]
    httpx.post(f"{live_server.base}/api/tables/{table}/join", json={"name": "Ann"}, headers=ann).raise_for_status()
    httpx.post(f"{live_server.base}/api/tables/{table}/join", json={"name": "Bob"}, headers=bob).raise_for_status()
    httpx.post(f"{live_server.base}/api/tables/{table}/leave", headers=bob).raise_for_status()
    creator = {"Authorization": f"Bearer {created['creator_token']}"}
    httpx.post(f"{live_server.base}/api/tables/{table}/seats/1/invite", headers=creator).raise_for_status()
    dan = open_lobby(new_page, live_server, "Dan", viewport=PHONE)
    item = dan.locator(f".open-tables li[data-table='{table}']")
    expect(item.locator(".in-play")).to_have_text("game in progress")
    item.locator("button", has_text="Sit at seat 1").click()
    dan.wait_for_selector("body[data-status=playing] .hand .card")
    assert dan.locator(".hand .card").count() == 3
    seats = httpx.get(f"{live_server.base}/api/tables/{table}").json()["seats"]
    assert seats[1]["name"] == "Dan" and seats[1]["played_by"] == "person"


def test_a_spectator_takes_a_free_seat_from_the_table_page(new_page, live_server):  # noqa: F811
    # Cal was sent the table's public link (or opened Watch in the lobby): its free open seat is offered on the
    # table page itself, not only in the lobby; a reserved seat (its link only) is not.
    import httpx

    seats = [{"kind": "open"}, BOT, {"kind": "reserved"}, BOT]
    created = live_server.create(game="briscola", options={"players": 4}, seats=seats)
    table = created["table"]
    cal = new_page(viewport=PHONE)  # no name chosen yet
    cal.add_init_script("localStorage.setItem('trionfi.lang', 'en');")
    cal.goto(f"{live_server.base}/t/{table}")
    offer = cal.locator("[data-notice=free-seats]")
    expect(offer).to_contain_text("This table waits for players. Take a free seat:")
    assert offer.locator("button").all_inner_texts() == ["Sit at seat 0"]
    # Tapped by mistake: "Just watch" leaves him a spectator, nothing taken.
    offer.locator("button").click()
    cal.locator("form.dialog [data-name=cancel]").click()
    expect(cal.locator("#name-input")).to_have_count(0)
    assert httpx.get(f"{live_server.base}/api/tables/{table}").json()["seats"][0]["name"] is None
    offer.locator("button").click()
    cal.fill("#name-input", "Cal")
    cal.click("form.dialog button[type=submit]")
    cal.wait_for_selector(".hand .card")  # his own hand: the page is seat 0's now, and stays so on a reload
    expect(cal.locator("[data-notice=free-seats]")).to_have_count(0)
    assert httpx.get(f"{live_server.base}/api/tables/{table}").json()["seats"][0]["name"] == "Cal"
    assert "#token=" not in cal.url and seat_token(cal, table)  # kept by the page, out of its address
    cal.reload()
    cal.wait_for_selector(".hand .card")
    assert cal.locator(".badge[data-seat='0'].me").count() == 1
    # Another spectator now sees no free seat (the reserved one waits for its link).
    dee = new_page()
    dee.add_init_script("localStorage.setItem('trionfi.lang', 'en');")
    dee.goto(f"{live_server.base}/t/{table}")
    dee.wait_for_selector(".badge[data-seat='1']")
    expect(dee.locator("[data-notice=free-seats]")).to_have_count(0)


async def ann_comes(ws_url: str, table: str, token: str) -> None:
    """Ann's page opens at the table, and stays open a moment."""
    import asyncio

    from server_support import Player

    ann = await Player(ws_url, table, token).connect()
    await ann.wait(lambda: any(m["type"] == "presence" for m in ann.messages))
    await asyncio.sleep(1.0)
    await ann.close()


def test_a_seat_freed_during_a_game_is_offered_to_its_spectators(new_page, live_server):  # noqa: F811
    # Bob left a game in progress and the creator gave his seat to someone new: Dan, watching, takes it from the
    # table page and plays Bob's hand on (his name remembered from an earlier visit: no dialog).
    import httpx

    created = live_server.create(game="briscola", seats=[{"kind": "open"}, {"kind": "open"}])
    table, (ann, bob) = created["table"], [{"Authorization": f"Bearer {s['token']}"} for s in created["seats"]]
    httpx.post(f"{live_server.base}/api/tables/{table}/join", json={"name": "Ann"}, headers=ann).raise_for_status()
    httpx.post(f"{live_server.base}/api/tables/{table}/join", json={"name": "Bob"}, headers=bob).raise_for_status()
    dan = new_page(viewport=PHONE)
    dan.add_init_script("localStorage.setItem('trionfi.name', 'Dan'); localStorage.setItem('trionfi.lang', 'en');")
    dan.goto(f"{live_server.base}/t/{table}")
    dan.wait_for_selector("body[data-status=playing] .badge[data-seat='1']")
    expect(dan.locator("[data-notice=free-seats]")).to_have_count(0)  # both seats are taken
    httpx.post(f"{live_server.base}/api/tables/{table}/leave", headers=bob).raise_for_status()
    creator = {"Authorization": f"Bearer {created['creator_token']}"}
    httpx.post(f"{live_server.base}/api/tables/{table}/seats/1/invite", headers=creator).raise_for_status()
    offer = dan.locator("[data-notice=free-seats]")
    expect(offer).to_contain_text("A seat is free (the game is on: you play on from where the seat is):")
    # Dan's finger is on *Sit* when Ann's page opens and closes (the table's presence changes, the page is drawn
    # again): the press is not lost for it.
    sit = offer.locator("button", has_text="Sit at seat 1").bounding_box()
    dan.mouse.move(sit["x"] + sit["width"] / 2, sit["y"] + sit["height"] / 2)
    dan.mouse.down()
    expect(dan.locator(".badge[data-seat='0'] .tag.offline")).to_have_count(1)
    run_apart(ann_comes(live_server.ws_url, table, created["seats"][0]["token"]))  # (she came and went)
    dan.mouse.up()
    dan.wait_for_selector("body[data-status=playing] .hand .card")
    assert dan.locator(".hand .card").count() == 3
    seats = httpx.get(f"{live_server.base}/api/tables/{table}").json()["seats"]
    assert seats[1]["name"] == "Dan" and seats[1]["played_by"] == "person"


# A page opened at the host's network address (plain http from another device) has no clipboard API; the copy
# command is spied on: what was selected when it ran, and whether it "worked".
NO_CLIPBOARD = """
Object.defineProperty(navigator, "clipboard", { value: undefined, configurable: true });
window.__copies = []; window.__copyWorks = true;
document.execCommand = (command) => {
  const box = document.activeElement;
  window.__copies.push([command, box.value.slice(box.selectionStart, box.selectionEnd)]);
  return window.__copyWorks;
};
"""


def test_copy_works_without_the_clipboard_api_or_says_to_copy_by_hand(new_page, live_server):  # noqa: F811
    ann = open_lobby(new_page, live_server, "Ann")
    ann.add_init_script(NO_CLIPBOARD)
    ann.reload()
    ann.wait_for_selector("#create-form")
    ann.select_option("#seat-1", "open")
    ann.click("#create-form button[type=submit]")
    row = ann.locator(".created .invite[data-seat='1']")
    link = row.locator("input.link").input_value()
    row.locator("button.copy").click()
    expect(row.locator("button.copy")).to_have_text("Copied")
    expect(row.locator("button.copy")).to_be_focused()  # the focus comes back from the hidden text box
    assert ann.evaluate("window.__copies") == [["copy", link]]
    # The copy command refused (an old phone): the link is selected for a copy by hand, and the button says so.
    ann.evaluate("window.__copyWorks = false")
    row.locator("button.copy").click()
    expect(row.locator("button.copy")).to_have_text("Selected: copy it")
    assert row.locator("input.link").evaluate(
        "i => [document.activeElement === i, i.selectionStart, i.selectionEnd]"
    ) == [
        True,
        0,
        len(link),
    ]


def test_a_game_in_progress_is_found_again_from_the_lobby(new_page, live_server):  # noqa: F811
    # Ann's phone closed the table's tab mid-game: the lobby listed waiting tables only, and her seat's link was
    # nowhere but in the browser's history. The lobby now lists her games in progress first, with the way back.
    ann = open_lobby(new_page, live_server, "Ann", viewport=PHONE)
    ann.evaluate("localStorage.setItem('trionfi.seat.NoSuchTable', 'x')")  # a table the server no longer has
    new_page.allowed.append("status of 404")  # (the browser's own note of the answer for it)
    ann.click("#create-form button[type=submit]")  # Briscola against a bot: straight to her seat
    ann.wait_for_selector("body[data-status=playing] .hand .card")
    table = ann.url.split("/t/", 1)[1]
    token = seat_token(ann, table)
    assert token and "#" not in table
    hand = sorted(ann.locator(".hand .card").evaluate_all("cs => cs.map(c => c.dataset.card)"))
    ann.goto(f"{live_server.base}/")
    ann.wait_for_selector("body[data-ready=true]")
    item = ann.locator(f"#my-tables li[data-table='{table}']")
    item.wait_for()
    assert ann.locator("#my-tables h2").inner_text() == "Your games in progress"
    assert item.locator(".title").inner_text() == "Briscola"
    assert item.locator(".who").inner_text().startswith("At the table: Ann, Bot 1 · ")
    # First on a phone, above the form.
    assert ann.locator("#my-tables").bounding_box()["y"] < ann.locator(".create-panel").bounding_box()["y"]
    assert ann.evaluate("localStorage.getItem('trionfi.seat.NoSuchTable')") is None  # forgotten
    item.locator("a", has_text="Back to my seat").click()
    ann.wait_for_selector("body[data-status=playing] .hand .card")
    assert ann.url.endswith(f"/t/{table}") and seat_token(ann, table) == token
    assert sorted(ann.locator(".hand .card").evaluate_all("cs => cs.map(c => c.dataset.card)")) == hand
    # A finished game is not listed (and not asked about again).
    from test_web_server import _play_to_the_end

    created = live_server.create(game="briscola", seats=[{"kind": "open"}, {"kind": "bot", "bot": "easy"}])
    _play_to_the_end(live_server, created, ["Ann"])
    over = created["table"]
    ann.evaluate(f"localStorage.setItem('trionfi.seat.{over}', {created['seats'][0]['token']!r})")
    # And a seat its creator gave to someone new (its old link opens it no more) is forgotten.
    import httpx

    given = live_server.create(game="briscola", seats=[{"kind": "open"}, {"kind": "bot", "bot": "easy"}])
    old = given["seats"][0]["token"]
    base = f"{live_server.base}/api/tables/{given['table']}"
    httpx.post(f"{base}/join", json={"name": "Ann"}, headers={"Authorization": f"Bearer {old}"}).raise_for_status()
    creator = {"Authorization": f"Bearer {given['creator_token']}"}
    httpx.post(f"{base}/seats/0/invite", headers=creator).raise_for_status()
    ann.evaluate(f"localStorage.setItem('trionfi.seat.{given['table']}', {old!r})")
    new_page.allowed.append("status of 403")  # (the browser's own note of the answer for it)
    ann.goto(f"{live_server.base}/")
    item.wait_for()  # (the list drawn)
    assert ann.locator(f"#my-tables li[data-table='{over}']").count() == 0
    assert ann.evaluate(f"localStorage.getItem('trionfi.over.{over}')") == "1"
    assert ann.locator(f"#my-tables li[data-table='{given['table']}']").count() == 0
    assert ann.evaluate(f"localStorage.getItem('trionfi.seat.{given['table']}')") is None


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_seat_s_choice_reads_whole_on_a_phone(new_page, live_server, lang):  # noqa: F811
    # "open: a friend with the link, or anyone from the lobby" in a phone's seat box read "open: a friend with the".
    # The choices are short now; what they mean is said once under the seats.
    page = new_page(viewport=PHONE)
    page.add_init_script(
        f"localStorage.setItem('trionfi.name', 'Ann'); localStorage.setItem('trionfi.lang', '{lang}');"
    )
    page.goto(f"{live_server.base}/")
    page.wait_for_selector("body[data-ready=true]")
    cut = page.evaluate(
        """() => {
            const select = document.getElementById('seat-1');
            const style = getComputedStyle(select);
            const ruler = document.createElement('span');
            ruler.style.font = style.font;
            ruler.style.whiteSpace = 'pre';
            document.body.append(ruler);
            // The room for the text: the box less its padding and the arrow (about 24 px).
            const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 24;
            const width = (o) => { ruler.textContent = o.text; return ruler.offsetWidth; };
            const out = [...select.options].map((o) => [o.text, width(o)]).filter(([, w]) => w > room)
                .map(([text, w]) => `${text} (${w} > ${room})`);
            ruler.remove();
            return out;
        }"""
    )
    assert not cut, cut
    help_text = page.locator(".seats .seats-doc").inner_text()
    assert help_text.startswith({"en": "Open: a friend", "it": "Aperto: un amico"}[lang]), help_text


def test_the_rules_are_a_link_away_in_the_lobby_the_invite_and_the_table(new_page, live_server, shoot):  # noqa: F811
    # A friend sent a link to Trijumf, a game new to her, had nowhere in the browser to read how it goes.
    host = open_lobby(new_page, live_server, "Ann", viewport=PHONE)
    # Every game's rules from the lobby's top bar, in the page's language.
    assert host.locator("#rules-top").inner_text() == "Rules"
    assert host.locator("#rules-top").get_attribute("href") == "/rules?lang=en"
    rules = host.locator("#create-form [data-rules]")
    assert (rules.inner_text(), rules.get_attribute("href")) == ("How to play Briscola", "/rules/briscola?lang=en")
    host.select_option("#game", "trijumf")
    host.select_option("[data-option=players]", "2")
    assert (rules.inner_text(), rules.get_attribute("href")) == (
        "How to play Trijumf",
        "/rules/trijumf?players=2&lang=en",
    )
    with host.context.expect_page() as opened:
        rules.click()
    page = opened.value
    page.wait_for_load_state()
    expect(page.locator("h1")).to_have_text("How to play Trijumf")
    headings = page.locator(".rules-text h3").all_inner_texts()
    assert "The deal for two" in headings and "The deal for four" not in headings
    shoot(page, "rules-phone")
    assert host.locator("#game").input_value() == "trijumf"  # the form stays as it was, in its own tab
    host.locator("#lang-slot select").select_option("it")
    expect(host.locator("#rules-top")).to_have_attribute("href", "/rules?lang=it")
    bar = host.locator(".topbar")
    assert bar.evaluate("b => b.scrollWidth <= b.clientWidth")  # Regole, Carte and the language on a phone
    host.click("#rules-top")
    expect(host.locator("h1")).to_have_text("Come si gioca")
    assert host.locator(".rules-games li").count() == 6
    host.go_back()
    host.wait_for_selector("#create-form")

    seats = [{"kind": "open"}, {"kind": "open"}, BOT, BOT]
    created = live_server.create(game="trijumf", options={"players": 4}, seats=seats)
    own = f"/t/{created['table']}/rules?lang=en"
    friend = new_page(viewport=PHONE)
    friend.add_init_script("localStorage.setItem('trionfi.lang', 'en');")
    friend.goto(created["seats"][0]["invite"])
    link = friend.locator(".dialog [data-rules]")
    expect(link).to_have_text("How to play Trijumf")  # before her name is asked for
    assert link.get_attribute("href") == own and link.get_attribute("target") == "_blank"
    friend.fill("#name-input", "Bea")
    friend.keyboard.press("Enter")
    friend.wait_for_selector("body[data-ready=true]")
    # While the other friend is awaited, the rules are in sight on the phone's screen, not behind Scores.
    waiting = friend.locator("[data-notice=wait-rules]")
    expect(waiting).to_have_text("While the others come: How to play Trijumf")
    assert waiting.locator("[data-rules]").get_attribute("href") == own
    box = waiting.bounding_box()
    assert box is not None and box["y"] + box["height"] <= PHONE["height"], box
    side = friend.locator(".side [data-rules]")
    assert side.get_attribute("href") == own and not side.is_visible()  # behind Scores on a phone
    friend.click("#panel-toggle")
    expect(side).to_be_visible()
    with friend.context.expect_page() as opened:
        side.click()
    page = opened.value
    page.wait_for_load_state()
    headings = page.locator(".rules-text h3").all_inner_texts()
    assert "The deal for four" in headings and "The deal for two" not in headings
    watcher = new_page()
    watcher.add_init_script("localStorage.setItem('trionfi.lang', 'it');")
    watcher.goto(f"{live_server.base}/t/{created['table']}")
    # For whoever watches too, in the page's language.
    expect(watcher.locator(".side [data-rules]")).to_have_attribute("href", own.replace("lang=en", "lang=it"))
    assert watcher.locator(".side [data-rules]").inner_text() == "Come si gioca a Trijumf"
    # Once everybody is there the wait line goes (the side panel keeps the link).
    import httpx

    token = created["seats"][1]["token"]
    joined = httpx.post(
        f"{live_server.base}/api/tables/{created['table']}/join",
        json={"name": "Cy"},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert joined.status_code == 200, joined.text
    expect(waiting).to_be_hidden()
    assert friend.locator(".side [data-rules]").count() == 1


@pytest.fixture(scope="module")
def lan_server(tmp_path_factory):
    """A server whose links carry a network address (as `trionfi serve --host 0.0.0.0` gives), pages on loopback."""
    from server_support import ServerThread
    from trionfi.server.settings import Settings

    db = tmp_path_factory.mktemp("lan") / "tables.db"
    settings = Settings(db_url=f"sqlite:///{db}", bot_pause=0.05, public_url="http://192.168.1.20:8000")
    with ServerThread(settings) as server:
        yield server


def test_an_invite_shows_as_a_qr_code_for_a_friend_in_the_room(new_page, live_server, lan_server, shoot):  # noqa: F811
    # A friend beside the host had the link sent by chat to the phone in their hand, or typed it.
    import httpx

    def path_of(svg: str) -> str:
        return re.search(r'<path[^>]*class="qrline"[^>]* d="([^"]+)"', svg)[1]  # the dark modules

    # A link to this machine's loopback address opens on no phone: no QR code is offered for it.
    ann = open_lobby(new_page, live_server, "Ann")
    ann.select_option("#seat-1", "open")
    ann.click("#create-form button[type=submit]")
    ann.wait_for_selector(".created")
    assert ann.locator(".created .qr-button").count() == 0

    ann = open_lobby(new_page, lan_server, "Ann", viewport=PHONE)
    ann.select_option("#seat-1", "open")
    ann.click("#create-form button[type=submit]")
    row = ann.locator(".created .invite[data-seat='1']")
    link = row.locator("input.link").input_value()
    assert link.startswith("http://192.168.1.20:8000/t/") and "#token=" in link
    button, figure = row.locator(".qr-button"), row.locator("figure.qr")
    assert (button.inner_text(), button.get_attribute("aria-expanded")) == ("QR code", "false")
    assert not figure.is_visible()
    # A code the server could not make says why, and the next tap asks again.
    new_page.allowed.append("status of 400")
    refusal = {"error": {"code": "bad_message", "message": "a QR code is made of an http or https link, not 'x'"}}
    answers = iter([lambda route: route.fulfill(status=400, json=refusal)])
    ann.route("**/api/qr", lambda route: next(answers, lambda r: r.continue_())(route))
    button.click()
    expect(figure.locator("figcaption.error")).to_have_text(
        "No QR code: a QR code is made of an http or https link, not 'x'"
    )
    button.click()
    expect(figure).to_be_hidden()
    button.click()
    expect(figure.locator(".qr-code svg path.qrline")).to_be_visible()
    drawn = figure.locator(".qr-code svg path.qrline").get_attribute("d")
    assert drawn == path_of(httpx.post(f"{lan_server.base}/api/qr", json={"link": link}).text)  # seat 1's own link
    box = figure.locator(".qr-code svg").bounding_box()
    assert box is not None and 180 <= box["width"] <= PHONE["width"] and box["x"] >= 0, box  # big enough to scan
    assert figure.locator("figcaption").inner_text() == "A friend here scans it with their phone's camera."
    assert figure.locator(".qr-code").get_attribute("aria-label") == "the invite link as a QR code"
    assert (button.inner_text(), button.get_attribute("aria-expanded")) == ("Hide QR code", "true")
    button.click()
    expect(figure).to_be_hidden()
    # The spectators' link has its code too (a friend who came late, a television in the room).
    table = link.split("/t/", 1)[1].split("#")[0]
    watch = ann.locator(".created .invite[data-link=watch]")
    assert watch.locator("input.link").input_value() == f"http://192.168.1.20:8000/t/{table}"
    watch.locator(".qr-button").click()
    expect(watch.locator(".qr-code svg path.qrline")).to_be_visible()
    spectators = path_of(
        httpx.post(f"{lan_server.base}/api/qr", json={"link": f"http://192.168.1.20:8000/t/{table}"}).text
    )
    assert watch.locator(".qr-code svg path.qrline").get_attribute("d") == spectators
    # At the table, the seat still to fill: its code stays shown while the page is drawn again (in Italian).
    ann.click(".created a.go")
    ann.wait_for_selector("body[data-ready=true]")
    invite = ann.locator("[data-notice=invites] .invite[data-seat='1']")
    invite.locator(".qr-button").click()
    expect(invite.locator(".qr-code svg path.qrline")).to_have_attribute("d", drawn)
    invite.scroll_into_view_if_needed()
    shoot(ann, "invite-qr-phone")
    ann.locator("#lang-slot select").select_option("it")
    expect(invite.locator(".qr-button")).to_have_text("Nascondi QR")
    expect(invite.locator(".qr-code svg path.qrline")).to_have_attribute("d", drawn)
    # The table's own links, at the address the invites use: the host's seat, to be scanned by another device of
    # theirs, and the spectators'.
    ann.click("#panel-toggle")
    ann.click("#side .links-block summary")
    mine = ann.locator("#side [data-link=mine]")
    expect(mine.locator("input.link")).to_have_value(re.compile(rf"^http://192\.168\.1\.20:8000/t/{table}#token=.+"))
    assert mine.locator(".qr-button").count() == 1 and mine.locator(".share").count() == 0
    expect(ann.locator("#side [data-link=watch] input.link")).to_have_value(f"http://192.168.1.20:8000/t/{table}")
    ann.locator("#side .links-block").scroll_into_view_if_needed()
    shoot(ann, "table-links-phone")


def test_a_ruleset_s_table_is_named_once(new_page, live_server):  # noqa: F811
    # The top bar read "Triomphe (Strasbourg rules) · Strasbourg (1637)": the engine's title and the option's words.
    created = live_server.create(game="triomphe", options={"ruleset": "strasbourg", "players": 4}, seats=[BOT] * 4)
    watcher = new_page()
    watcher.add_init_script("localStorage.setItem('trionfi.lang', 'en');")
    watcher.goto(f"{live_server.base}/t/{created['table']}")
    expect(watcher.locator("#table-title")).to_have_text("Triomphe · Strasbourg (1637) · watching")


@pytest.fixture()
def empty_server(tmp_path):
    """A server of its own: the shared one's tables, made by every other test, would be in its lobby. Asked for
    before ``new_page``, so that it stops after the pages close (a lobby's refresh must not find it gone)."""
    from server_support import ServerThread
    from trionfi.server.settings import Settings

    with ServerThread(Settings(db_url=f"sqlite:///{tmp_path / 'tables.db'}", bot_pause=0.05)) as server:
        yield server


def test_tables_everyone_left_are_set_apart_from_those_where_someone_waits(empty_server, new_page):  # noqa: F811
    # A waiting table is kept a week for its links: the lobby listed every table made and left that week, Bea's
    # among them, first on a phone, above the form a host came to fill in. Whoever sat down at one waited alone.
    import sqlite3
    import time

    import httpx

    server = empty_server
    left = server.create(game="briscola", seats=[{"kind": "open"}, {"kind": "open"}])
    bea = {"Authorization": f"Bearer {left['seats'][0]['token']}"}
    httpx.post(f"{server.base}/api/tables/{left['table']}/join", json={"name": "Bea"}, headers=bea).raise_for_status()
    # Bea made it an hour ago and went (the store's clock, as the server reads it).
    db = sqlite3.connect(server.settings.db_url.removeprefix("sqlite:///"))
    with db:
        db.execute(
            "UPDATE tables SET updated = ?, created = ? WHERE id = ?", (time.time() - 3600,) * 2 + (left["table"],)
        )
    db.close()
    listed = httpx.get(f"{server.base}/api/tables").json()["tables"]
    assert [(t["connected"], t["idle"] > 3000) for t in listed] == [([], True)]

    cy = open_lobby(new_page, server, "Cy", viewport=PHONE)
    quiet = cy.locator("details.quiet-tables")
    expect(quiet.locator("summary")).to_have_text("Tables nobody is at now (1)")
    item = quiet.locator(f"li[data-table='{left['table']}']")
    expect(item).to_be_hidden()  # folded away
    assert cy.locator("#open-tables > p").inner_text() == "No table is waiting for players."
    # Nothing to join now: the form comes first on a phone.
    assert cy.locator(".create-panel").bounding_box()["y"] < cy.locator(".tables-panel").bounding_box()["y"]
    quiet.locator("summary").click()
    assert item.locator(".who").inner_text() == "At the table: Bea (away) · 1 hour ago"
    # A finger's size on a touch screen, as every control of the lobby (test_web_touch.py).
    finger = new_page(viewport=PHONE, has_touch=True, is_mobile=True)
    finger.goto(f"{server.base}/")
    assert finger.locator("details.quiet-tables summary").bounding_box()["height"] >= 44
    assert item.locator("button").all_inner_texts() == ["Sit at seat 1"]  # still there for her link's friend

    # Dan makes a table and waits at it: listed, first on a phone, and Dan is there.
    waiting = server.create(game="briscola", seats=[{"kind": "open"}, {"kind": "open"}])
    dan = open_table(new_page, server, waiting["seats"][0]["invite"], name="Dan", viewport=PHONE)
    listed_item = cy.locator(f".open-tables.lively li[data-table='{waiting['table']}']")
    expect(listed_item.locator(".who")).to_have_text(
        re.compile(r"At the table: Dan · (just now|1 minute ago)"), timeout=15_000
    )
    expect(cy.locator("#open-tables > p")).to_have_count(0)
    assert cy.locator(".tables-panel").bounding_box()["y"] < cy.locator(".create-panel").bounding_box()["y"]
    # The folded list stayed open while the lobby drew the tables again.
    expect(item).to_be_visible()
    # Bea, back in the lobby of the browser she made it with, finds her own table in sight.
    bea_again = new_page(viewport=PHONE)
    bea_again.add_init_script(f"localStorage.setItem('trionfi.seat.{left['table']}', {left['seats'][0]['token']!r});")
    bea_again.goto(f"{server.base}/")
    own = bea_again.locator(f".open-tables.lively li[data-table='{left['table']}']")
    expect(own.locator("a", has_text="Go to my seat")).to_be_visible()
    # Dan closes his page: he is away, and his table is still listed (it was made a moment ago).
    dan.close()
    expect(listed_item.locator(".who")).to_have_text(re.compile(r"At the table: Dan \(away\) · "), timeout=15_000)


def test_the_creator_closes_a_table_whose_friends_did_not_come(new_page, live_server):  # noqa: F811
    # A table made by mistake stayed in the lobby, its link still opening it, until it expired a week later.
    ann = open_lobby(new_page, live_server, "Ann", viewport=PHONE)
    ann.select_option("#seat-1", "open")
    ann.click("#create-form button[type=submit]")
    ann.wait_for_selector(".created")
    invite = ann.locator(".created .invite[data-seat='1'] input.link").input_value()
    table = invite.split("/t/", 1)[1].split("#")[0]
    ann.click(".created a.go")
    ann.wait_for_selector("body[data-ready=true] [data-notice=invites]")
    bea = open_table(new_page, live_server, invite.replace("#token=", "#no-token="), "Bea", viewport=PHONE)  # watching
    expect(bea.locator("[data-notice=close]")).to_have_count(0)  # the creator's only
    close = ann.locator("[data-notice=close]")
    expect(close).to_have_text("Close this table")
    asked = []
    ann.once("dialog", lambda d: (asked.append(d.message), d.dismiss()))
    close.click()
    assert asked == ["Close this table? Its links will open nothing any more, and it leaves the lobby."]
    assert httpx.get(f"{live_server.base}/api/tables/{table}").status_code == 200  # not closed: she said no
    ann.once("dialog", lambda d: d.accept())
    close.click()
    ann.wait_for_url(f"{live_server.base}/")
    ann.wait_for_selector("body[data-ready=true]")
    assert ann.locator(f"li[data-table='{table}']").count() == 0
    kept = ann.evaluate(f"Object.keys(localStorage).filter((k) => k.endsWith('.{table}'))")
    assert kept == [], kept  # nothing of it kept
    # The spectator is told, and led back to the lobby.
    expect(bea.locator(".fatal")).to_contain_text("This table was closed by its creator")
    assert bea.locator(".fatal a[href='/']").count() == 1
    assert httpx.get(f"{live_server.base}/api/tables/{table}").status_code == 404
    # The invite opened later says what may have become of the table.
    new_page.allowed.append("status of 404")  # (the browser's own note of the answer for it)
    late = open_table(new_page, live_server, invite, "Cal", viewport=PHONE)
    expect(late.locator(".fatal")).to_contain_text("(a wrong link, or it was closed or expired)")


def test_the_creator_closes_a_waiting_table_from_the_lobby(new_page, live_server):  # noqa: F811
    ann = open_lobby(new_page, live_server, "Ann", viewport=PHONE)
    ann.select_option("#seat-1", "open")
    ann.click("#create-form button[type=submit]")
    ann.wait_for_selector(".created")
    table = ann.locator(".created input.link").last.input_value().rsplit("/t/", 1)[1]
    row = ann.locator(f".open-tables li[data-table='{table}']")
    close = row.locator("button[data-close]")
    expect(close).to_have_text("Close this table")
    bea = open_lobby(new_page, live_server, "Bea", viewport=PHONE)
    expect(bea.locator(f".open-tables li[data-table='{table}'] button", has_text="Sit at seat 1")).to_be_visible()
    assert bea.locator(f".open-tables li[data-table='{table}'] button[data-close]").count() == 0  # Ann's only
    ann.once("dialog", lambda d: d.accept())
    close.click()
    expect(row).to_have_count(0)
    assert httpx.get(f"{live_server.base}/api/tables/{table}").status_code == 404
    expect(bea.locator(f".open-tables li[data-table='{table}']")).to_have_count(0, timeout=10_000)  # at its next look


def test_a_press_on_watch_is_not_lost_to_the_lists_refresh(empty_server, new_page):  # noqa: F811
    # The open tables are asked for again every 5 s; the list was drawn anew each time, so the row under a finger
    # pressing *Watch* (or *Sit*) was replaced and the press did nothing. A list that has not changed stays.
    created = empty_server.create(game="briscola", seats=[{"kind": "open"}, {"kind": "open"}])
    page = new_page()
    page.goto(empty_server.base + "/")
    watch = page.locator(f"#open-tables li[data-table='{created['table']}'] a", has_text="Watch")
    box = watch.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    with page.expect_response(lambda r: r.url.endswith("/api/tables")):  # a refresh while the finger is down
        pass
    page.wait_for_timeout(300)
    page.mouse.up()
    page.wait_for_url(f"{empty_server.base}/t/{created['table']}")
