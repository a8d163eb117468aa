"""One deal of every game through the page, against bots, by clicking what the page highlights: every phase of
every game must offer a control the player can use (cards, buttons, lists, the comanda box)."""

from __future__ import annotations

import re

import pytest

from test_web_play import BOT, OPEN, my_turn, play_highlighted, play_until_summary
from web_support import (  # noqa: F401 (fixtures)
    DESKTOP,
    PHONE,
    SMALL_SIDEWAYS,
    browser,
    live_server,
    module_page,
    new_page,
    open_table,
    shoot,
    static_url,
)

GAMES = [
    ("briscola-scoperta", "briscola", {"variant": "scoperta"}, 2),
    ("briscola-chiamata", "briscola-chiamata", {}, 5),
    ("trijumf", "trijumf", {}, 4),
    ("triomphe", "triomphe", {}, 4),
    ("trionfetti", "trionfetti", {}, 4),
    ("troccas", "troccas", {}, 4),
]


@pytest.mark.parametrize(("name", "game", "options", "players"), GAMES, ids=[g[0] for g in GAMES])
def test_one_deal_of_every_game_by_clicks(new_page, live_server, shoot, name, game, options, players):  # noqa: F811
    created = live_server.create(game=game, options=options, seats=[OPEN] + [BOT] * (players - 1))
    page = open_table(new_page, live_server, created["seats"][0]["invite"])
    moves = 0
    shots = {2: (DESKTOP, f"{name}-desktop"), 4: (PHONE, f"{name}-phone")}
    deadline = page.evaluate("Date.now()") + 90_000
    while not page.locator(".summary").count():
        assert page.evaluate("Date.now()") < deadline, f"{name}: the deal did not end"
        if my_turn(page):
            if moves in shots:
                viewport, shot = shots.pop(moves)
                page.set_viewport_size(viewport)
                page.wait_for_timeout(300)  # the page redraws for the new width
                shoot(page, shot)
            assert play_highlighted(page, bid=True), f"{name}: my turn but nothing to click"
            page.wait_for_selector("body[data-pending=false]")
            moves += 1
        else:
            page.wait_for_timeout(40)
    assert moves > 0
    assert page.locator(".summary .verdict").inner_text()


def test_a_comanda_typed_wrong_then_right(new_page, live_server, shoot):  # noqa: F811
    # Seed 0: in the match's first smazzata seat 0 cuts and announces the comanda.
    created = live_server.create(game="trionfetti", match=True, seed=0, seats=[OPEN, BOT, BOT, BOT])
    page = open_table(new_page, live_server, created["seats"][0]["invite"])
    box = page.locator("#comanda-text")
    box.wait_for()
    # While typing, before anything is sent: the engine's reading, here its message with the word marked.
    box.press_sequentially("manco e cavalloz", delay=5)
    preview = page.locator("#comanda-preview[data-state=problem]")
    preview.wait_for()
    assert preview.locator(".comanda-marked mark").inner_text() == "cavalloz"
    assert "cavalli" in preview.locator(".error").inner_text()
    assert box.get_attribute("aria-invalid") == "true"
    shoot(page, "trionfetti-comanda-preview-desktop")
    # Sent anyway: the table refuses it the same way, and the text stays to be corrected.
    page.locator(".comanda button[type=submit]").click()
    # The engine's message in the comanda box, with the faulty word marked in what was typed.
    error = page.locator(".comanda-preview .error")
    error.wait_for()
    assert "cavalloz" in error.inner_text() and "cavalli" in error.inner_text()  # the word, and a suggestion
    assert page.locator(".comanda-marked mark").inner_text() == "cavalloz"
    assert box.input_value() == "manco e cavalloz"
    shoot(page, "trionfetti-comanda-phone" if page.viewport_size["width"] < 500 else "trionfetti-comanda-desktop")
    box.fill("manco e cavalli")
    # The order it sets, highest first, in words: the horses on top, then everything in reverse (aces, twos...).
    ranking = page.locator("#comanda-preview[data-state=ok] .ranking li")
    ranking.first.wait_for()
    assert [li.inner_text().split(maxsplit=1)[1] for li in ranking.all()[:3]] == ["horses", "aces", "twos"]
    assert box.get_attribute("aria-invalid") is None
    shoot(page, "trionfetti-comanda-ranking-desktop")
    page.locator(".comanda button[type=submit]").click()
    page.locator(".facts dd", has_text="manco e cavalli").first.wait_for()
    assert not error.is_visible()
    assert page.locator("#comanda-text").count() == 0
    # The sides as the score panel names them (the facts said "your team 0 · opponents 0").
    game = page.locator(".facts dt", has_text="game score").locator("xpath=following-sibling::dd[1]")
    assert game.inner_text() == "Your team: 0 · Bot 1 & Bot 3: 0 (game to 20)", game.inner_text()
    # The cut card is the card's corner, named for a screen reader (it read "Hd (cut by you)").
    cut = page.locator(".facts dt", has_text="cut card").locator("xpath=following-sibling::dd[1]")
    assert cut.inner_text().endswith("(cut by you)"), cut.inner_text()
    chip = cut.locator(".card-chip")
    assert re.fullmatch(
        r"(ace|two|three|four|five|six|seven|eight|nine|ten|jack|horse|king) of (coins|cups|swords|batons)",
        chip.get_attribute("aria-label"),
    ), chip.get_attribute("aria-label")


def test_the_comanda_box_fits_a_phone(new_page, live_server, shoot):  # noqa: F811
    # The text box kept the width of twenty letters: on a 360 px phone the box and its Announce button were 23 px
    # wider than the screen, the button cut off at the edge and the page sliding sideways.
    created = live_server.create(game="trionfetti", match=True, seed=0, seats=[OPEN, BOT, BOT, BOT])
    page = open_table(new_page, live_server, created["seats"][0]["invite"], viewport=PHONE)
    box = page.locator("#comanda-text")
    box.wait_for()
    box.press_sequentially("manco e cavalloz", delay=5)
    page.locator("#comanda-preview[data-state=problem]").wait_for()
    announce = page.locator(".comanda button[type=submit]")
    announce.scroll_into_view_if_needed()
    shoot(page, "trionfetti-comanda-phone")
    width = page.evaluate("innerWidth")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width
    for part in (announce, box, page.locator("#comanda-preview .error")):
        left, right = part.evaluate("(e) => { const r = e.getBoundingClientRect(); return [r.left, r.right]; }")
        assert left >= 0 and right <= width, (part, left, right, width)


@pytest.mark.parametrize(
    "viewport", [SMALL_SIDEWAYS, {"width": 360, "height": 420}], ids=["shortest-sideways", "upright-keyboard-up"]
)
def test_the_comanda_box_is_wide_enough_to_read_what_is_typed(new_page, live_server, shoot, viewport):  # noqa: F811
    # On the shortest phone sideways the box shrank beside its button to 50 px: what was typed could not be read,
    # and a tap on it opened the suggestions' arrow, so the letters typed went nowhere. An upright phone whose
    # keyboard is up (some browsers shrink the page to the room above it, here 420 px) took the sideways layout,
    # the box in a column beside the table.
    created = live_server.create(game="trionfetti", match=True, seed=0, seats=[OPEN, BOT, BOT, BOT])
    page = open_table(new_page, live_server, created["seats"][0]["invite"], viewport=viewport)
    box = page.locator("#comanda-text")
    box.wait_for()
    box.click()  # (a click where a finger taps: its middle)
    page.keyboard.type("manco e cavalli")
    assert box.input_value() == "manco e cavalli"
    page.locator("#comanda-preview[data-state=ok]").wait_for()
    left, right = box.evaluate("(e) => { const r = e.getBoundingClientRect(); return [r.left, r.right]; }")
    assert right - left >= 150 and left >= 0 and right <= viewport["width"], (left, right)
    if viewport["width"] < viewport["height"]:  # upright: the play under the table, as on any upright phone
        felt, play = (page.locator(s).bounding_box() for s in ("#felt", ".play-area"))
        assert play["y"] >= felt["y"] + felt["height"] - 1, (felt, play)
    shoot(page, f"trionfetti-comanda-{viewport['width']}x{viewport['height']}")


def test_the_table_facts_name_the_seats_as_the_badges_do(new_page, live_server):  # noqa: F811
    # The engine's facts say "seat 2"; the English page says the seat's name ("cut by Bot 2", "cut by you").
    created = live_server.create(game="trijumf", seats=[OPEN, BOT, BOT, BOT])
    page = open_table(new_page, live_server, created["seats"][0]["invite"])
    cut = page.locator(".facts dt:text-is('Cut') + dd")
    cut.wait_for()
    said = cut.inner_text()
    assert "seat " not in said and ("Bot " in said or "you" in said), said  # the cutter, by name


def test_the_summary_names_the_caller_and_the_partner_who_won_a_chiamata_deal(new_page, static_url):  # noqa: F811
    # Briscola Chiamata's sides are the five seats, and a deal the caller's side won returns 2 to the caller and 1
    # to the partner: the summary named the caller alone ("Bot 4 won"), as if the partner had lost.
    tab = module_page(new_page(), static_url)
    verdicts = tab.evaluate("""async () => {
        const i18n = await import("/js/i18n.js");
        const { summaryPanel } = await import("/js/tableview.js");
        await i18n.loadLanguage("en");
        const seats = [0, 1, 2, 3, 4].map((seat) => ({ seat, kind: "bot", name: null }));
        const verdict = (me, returns) => {
            const ctx = { me, seats, n: 5, obs: { game: "briscola-chiamata", sides: [[0], [1], [2], [3], [4]] } };
            const summary = { points: [32, 0, 32, 19, 37], returns, cardsWon: null, matchEnd: null };
            return summaryPanel(summary, ctx, { finished: true }).querySelector(".verdict").textContent;
        };
        const said = [verdict(null, [-1, -1, 1, -1, 2]), verdict(1, [-1, -1, 1, -1, 2]), verdict(2, [-1, -1, 1, -1, 2]),
                      verdict(1, [1, 1, -2, 1, -1])];
        // Four-player Briscola's teams: a seat of the side that lost.
        const teams = { me: 1, seats: seats.slice(0, 4), n: 4, obs: { game: "briscola", sides: [[0, 2], [1, 3]] } };
        const lost = { points: [70, 50], returns: [1, -1, 1, -1], cardsWon: null, matchEnd: null };
        said.push(summaryPanel(lost, teams, { finished: true }).querySelector(".verdict").textContent);
        const two = { me: 1, seats: seats.slice(0, 2), n: 2, obs: { game: "briscola", sides: [[0], [1]] } };
        const lostTwo = summaryPanel({ ...lost, returns: [1, -1] }, two, { finished: true });
        said.push(lostTwo.querySelector(".verdict").textContent);
        await i18n.loadLanguage("it");
        said.push(verdict(1, [-1, -1, 1, -1, 2]));
        await i18n.loadLanguage("en");
        return said;
    }""")
    # A spectator; a seat that lost (it was told "Bot 2, Bot 4 won" and left to work out that it had lost); the
    # partner (it was told "Bot 4 won"); a seat of the three who beat them; a team that lost (two sides: who beat
    # it goes without saying); the loser of a two-player deal; the seat that lost in Italian.
    assert verdicts == [
        "Bot 2 and Bot 4 won",
        "You lost: Bot 2 and Bot 4 won",
        "You won",
        "You won",
        "Your team lost",
        "You lost",
        "Hai perso. Vince: Bot 2 e Bot 4",
    ], verdicts


def test_the_troccas_summary_counts_the_discard_and_the_fool_with_their_sides(new_page, static_url):  # noqa: F811
    # The summary counted the cards of the tricks each side took: 76 of Troccas' 78, the dealer's two laid-away
    # cards left out (and the Fool with whoever took its trick). A deal played by the engine, read by the page.
    import random

    import trionfi
    from trionfi.events import EventLog

    state = trionfi.load("troccas").deal(seed=3)
    log, rng = EventLog(state), random.Random(3)
    while not state.is_terminal():
        log.apply(rng.choice(state.legal_actions()))
    won = [len(p) for p in state.piles]
    won[state.game.side_of[state.dealer]] += 2
    events, obs = log.events(1), state.observation(1)
    tab = module_page(new_page(), static_url)
    cells = tab.evaluate(
        """async ([events, obs]) => {
        const i18n = await import("/js/i18n.js");
        const { dealSummary, summaryFromObservation, summaryPanel } = await import("/js/tableview.js");
        await i18n.loadLanguage("en");
        const seats = [0, 1, 2, 3].map((seat) => ({ seat, kind: "bot", name: null }));
        const ctx = { me: 1, seats, n: 4, family: "tarot", obs, events };
        const end = events.map((e) => e.type).lastIndexOf("end");
        const column = (summary) => [...summaryPanel(summary, ctx, { finished: true }).querySelectorAll("tr")]
            .slice(1).map((row) => Number(row.children[1].textContent));  // under the head row
        return [column(dealSummary(ctx, end)), column(summaryFromObservation(ctx))];  // as it ends; after a reload
    }""",
        [events, obs],
    )
    assert sum(won) == 78
    assert cells == [won, won], (cells, won)


def test_the_end_of_a_match_names_who_won_the_match_not_its_last_deal(new_page, static_url):  # noqa: F811
    # The summary at the end of a match read the last deal's returns: "You won" over totals of 3 to 5 against you.
    tab = module_page(new_page(), static_url)
    verdicts = tab.evaluate("""async () => {
        const i18n = await import("/js/i18n.js");
        const { summaryPanel } = await import("/js/tableview.js");
        await i18n.loadLanguage("en");
        const seats = [0, 1].map((seat) => ({ seat, kind: "bot", name: null }));
        const verdict = (match, matchEnd, matchOver) => {
            const ctx = { me: 0, seats, n: 2, obs: { game: "briscola", sides: [[0], [1]], match } };
            const summary = { points: [70, 50], returns: [1, -1], cardsWon: null, matchEnd, outcome: null };
            return summaryPanel(summary, ctx, { finished: matchOver, matchOver }).querySelector(".verdict").textContent;
        };
        const lost = { over: true, score: [3, 5], decided_by_deal: false, deal: 8 };
        return [
            verdict(lost, { type: "match_end", score: [3, 5], returns: [-1, 1] }, true),  // as it ends
            verdict(lost, null, true),  // after a reload: the match's score
            verdict({ ...lost, score: [4, 4] }, null, true),
            verdict({ ...lost, decided_by_deal: true }, null, true),  // a claim decided the match in this deal
            verdict({ ...lost, over: false }, null, false),  // a deal of a match going on: the deal's verdict
        ];
    }""")
    assert verdicts == ["You lost", "You lost", "A draw", "You won", "You won"], verdicts


def test_the_status_says_discard_when_the_cards_tapped_are_laid_away(new_page, static_url):  # noqa: F811
    # Troccas' dealer lays two cards away by tapping them (Triomphe's robber one): the line over the hand said
    # "Your turn: play a card."
    tab = module_page(new_page(), static_url)
    said = tab.evaluate("""async () => {
        const i18n = await import("/js/i18n.js");
        const { statusText } = await import("/js/tableview.js");
        const at = (plays) => ({ me: 3, status: "playing", connection: "open", obs: { current_player: 3 },
                                 plays: new Map(plays) });
        const lines = {};
        for (const code of ["en", "it"]) {
            await i18n.loadLanguage(code);
            const discards = at([["5d", "discard 5d"], ["kc", "discard Kc"]]);
            lines[code] = [statusText(discards), statusText(at([["5d", "5d"]]))];
        }
        return lines;
    }""")
    assert said == {
        "en": ["Your turn: discard a card.", "Your turn: play a card."],
        "it": ["Tocca a te: scarta una carta.", "Tocca a te: gioca una carta."],
    }, said


def test_a_phone_shows_the_chiamata_auction_and_the_call_under_the_table(new_page, live_server, shoot):  # noqa: F811
    # On a phone the auction's highest bid, the caller and the called card were only in the side panel, behind
    # Scores: the table itself said nothing of who bid what or who called which card.
    created = live_server.create(game="briscola-chiamata", seed=3, seats=[OPEN, BOT, BOT, BOT, BOT])
    page = open_table(new_page, live_server, created["seats"][0]["invite"], viewport=PHONE)
    line = page.locator("#facts-line")
    deadline = page.evaluate("Date.now()") + 60_000
    said = []
    while not page.locator(".summary").count() and page.locator(".hand .card.playable").count() == 0:
        assert page.evaluate("Date.now()") < deadline, "the auction did not end"
        if my_turn(page):
            bids = page.locator("#list-bid")
            if bids.count():
                bids.select_option(index=0)  # the lowest bid left: the auction goes on
                page.locator("#actions [data-action-list]").click()
            else:
                assert play_highlighted(page)  # the call
            page.wait_for_selector("body[data-pending=false]")
        if line.is_visible():
            said.append(line.inner_text())
        page.wait_for_timeout(40)
    page.wait_for_function("document.getElementById('facts-line').textContent.includes('called card')")
    shoot(page, "chiamata-called-phone")
    assert any(text.startswith("highest bid: ") and "bid " not in text for text in said), said
    assert "caller: " in line.inner_text() and "points to make: " in line.inner_text(), line.inner_text()
    assert line.is_visible()


def test_the_summary_says_whether_the_chiamata_contract_was_made_and_each_seat_s_score(new_page, live_server):  # noqa: F811
    # The summary gave each seat's card points alone: not the points the caller's side needed, nor that the caller
    # scores twice what the partner does. In a match the next deal is dealt at once and its observation no longer
    # says how the last one ended: the end event does.
    created = live_server.create(
        game="briscola-chiamata", options={"deals": 2}, match=True, seed=4, seats=[OPEN, BOT, BOT, BOT, BOT]
    )
    page = open_table(new_page, live_server, created["seats"][0]["invite"])
    play_until_summary([page], 90)
    summary = page.locator(".summary")
    said = summary.locator(".outcome").inner_text()
    made = re.fullmatch(r"The caller's side took (\d+) card points and needed (\d+): (won|lost)", said)
    assert made, said
    took, needed = int(made[1]), int(made[2])
    assert (took >= needed) == (made[3] == "won") and 61 <= needed <= 120
    heads = summary.locator("thead th").all_inner_texts()
    assert heads[1:] == ["Cards won", "Points", "Score", "Match (2 deals in all)"], heads
    rows = [r.locator("td").all_inner_texts() for r in summary.locator("tbody tr").all()]
    points = [int(r[1]) for r in rows]
    scores = [int(r[2].replace("−", "-").replace("±", "")) for r in rows]
    assert sum(points) == 120 and sum(scores) == 0, rows
    # The caller's side: the seats that gained if it won, the seats that lost if it lost.
    side = [s for s, v in enumerate(scores) if (v > 0) == (made[3] == "won") and v != 0]
    assert sum(points[s] for s in side) == took, (rows, said)
    assert max(abs(v) for v in scores) >= 2  # the caller's share
    # After the match's first deal its totals are that deal's scores, written with the same minus sign.
    assert [r[3] for r in rows] == [r[2].lstrip("+±") for r in rows], rows


def test_a_match_keeps_its_sheet_deal_by_deal_and_ends_with_its_curve(new_page, live_server, shoot):  # noqa: F811
    # The match's score was there only as it stood: who won which deal, and by how much, was gone once the next
    # deal was dealt. The side panel keeps the sheet (folded, and open through every redraw once opened), and the
    # match-over summary draws it: one line a side, the viewer's own solid. Both read the observation: a reload
    # has them too.
    created = live_server.create(
        game="briscola-chiamata", options={"deals": 2}, match=True, seed=4, seats=[OPEN, BOT, BOT, BOT, BOT]
    )
    page = open_table(new_page, live_server, created["seats"][0]["invite"])
    assert page.locator(".score-sheet").count() == 0  # nothing to keep before a deal is over
    play_until_summary([page], 90)
    first = [r.locator("td").last.inner_text() for r in page.locator(".summary tbody tr").all()]
    page.click("[data-summary=next]")
    sheet = page.locator("#side .score-sheet")
    assert sheet.get_attribute("open") is None and sheet.locator("summary").inner_text() == "Deal by deal"
    sheet.locator("summary").click()
    heads = sheet.locator("thead th").all_inner_texts()
    assert heads[0] == "Deal" and heads[1] == "You" and len(heads) == 6, heads
    row = sheet.locator("tbody tr")
    assert row.count() == 1 and row.locator("th").inner_text() == "1"
    cells = row.locator("td").all()
    # Each score with what the deal changed under it (nothing under a side the deal left where it was).
    assert [c.inner_text().split("\n")[0] for c in cells] == first, first
    for cell, total in zip(cells, first, strict=True):
        change = cell.locator(".change")
        told = f"+{total}".replace("+−", "−")
        assert change.count() == (total != "0") and (total == "0" or change.inner_text() == told)
    play_until_summary([page], 90)
    sheet = page.locator("#side .score-sheet")
    assert sheet.get_attribute("open") is not None and sheet.locator("tbody tr").count() == 2  # still open
    summary = page.locator(".summary")
    assert summary.locator("h2").inner_text() == "The match is over"
    totals = [r.locator("td").last.inner_text() for r in summary.locator("tbody tr").all()]
    assert [c.inner_text().split("\n")[0] for c in sheet.locator("tbody tr").nth(1).locator("td").all()] == totals
    names = summary.locator("tbody th").all_inner_texts()

    def curve_is_drawn() -> None:
        chart = page.locator(".summary .score-chart")
        assert chart.locator("polyline").count() == 5 and chart.locator("circle").count() == 10
        assert chart.locator("line.goal").count() == 0  # two deals in all: no score wins
        assert chart.locator("polyline:not([stroke-dasharray])").count() == 1  # the viewer's own line
        assert chart.locator(".chart-legend li").all_inner_texts() == names
        assert chart.locator(".chart-legend li.own").inner_text() == "You"
        label = chart.locator("[role=img]").get_attribute("aria-label")
        assert label.startswith("The match score after each of the 2 deals; at the end: You ") and totals[0] in label

    curve_is_drawn()
    shoot(page, "match-over-desktop")
    page.reload()
    page.wait_for_selector(".summary .score-chart")
    curve_is_drawn()


CHART = """async ([match, names, mine]) => {
  const m = await import('/js/scoresheet.js');
  const chart = m.scoreChart(match, names, mine);
  document.body.append(chart);
  const at = (selector) => [...chart.querySelectorAll(selector)];
  const goal = chart.querySelector('line.goal');
  return { texts: at('svg text').map((e) => e.textContent), goal: goal && Number(goal.getAttribute('y1')),
    axis: Number(chart.querySelector('line.axis').getAttribute('y1')),
    top: Math.min(...at('circle').map((c) => Number(c.getAttribute('cy')))),
    legend: at('.chart-legend li').map((li) => li.textContent) };
}"""


def test_the_match_curve_draws_the_score_that_wins(new_page, static_url):  # noqa: F811
    # A race to 401 drawn without the 401: whether the leader was near it could not be seen. The score that wins
    # (the observation's match.to_win) is a dotted line, named under the chart; a match of a number of deals has none.
    page = module_page(new_page(), static_url)
    deals = [{"score": [48, 82]}, {"score": [132, 258]}, {"score": [294, 410]}]
    drawn = page.evaluate(CHART, [{"deals": deals, "score": [294, 410], "to_win": 401}, ["You", "Bea"], 0])
    assert drawn["legend"] == ["You", "Bea", "401 to win"]
    assert drawn["top"] < drawn["goal"] < drawn["axis"]  # just under Bea's 410
    assert sorted(drawn["texts"]) == ["0", "1", "2", "3", "401"]  # (410 is left out: it would cover 401)
    counted = page.evaluate(CHART, [{"deals": deals, "score": [294, 410], "to_win": None}, ["You", "Bea"], 0])
    assert counted["goal"] is None and counted["legend"] == ["You", "Bea"]
    assert sorted(counted["texts"]) == ["0", "1", "2", "3", "410"]


def test_a_trionfetti_summary_says_the_game_score_and_the_games_won(new_page, live_server):  # noqa: F811
    # The summary of a smazzata won said "Points this smazzata 3 · Total 0": the total was the match's games won,
    # and where the game to 20 stood was nowhere. Now a column for the game and the match's saying what it counts.
    created = live_server.create(game="trionfetti", match=True, seed=0, seats=[OPEN, BOT, BOT, BOT])
    page = open_table(new_page, live_server, created["seats"][0]["invite"])
    play_until_summary([page], 120)
    summary = page.locator(".summary")
    heads = summary.locator("thead th").all_inner_texts()
    assert heads[1:] == ["Points this smazzata", "Game (to 20)", "Match (games won, to 3)"], heads
    rows = [r.locator("td").all_inner_texts() for r in summary.locator("tbody tr").all()]
    # The first smazzata of the first game: the game stands at its points; no game is won yet.
    assert [r[1] for r in rows] == [r[0] for r in rows] and [r[2] for r in rows] == ["0", "0"], rows
    assert sum(int(r[0]) for r in rows) >= 1, rows
    # In Italian, the same columns.
    italian = page.evaluate(
        """async (goal) => {
            const i18n = await import('/js/i18n.js');
            await i18n.loadLanguage('it');
            return [i18n.t('summary.game', { target: 20 }), i18n.t('summary.match', { goal: i18n.enginePhrase(goal) })];
        }""",
        "games won, to 3",
    )
    assert italian == ["Gioco (a 20)", "Partita (giochi vinti, a 3)"], italian


def test_the_summary_says_no_verdict_where_the_points_say_it_all(new_page, static_url):  # noqa: F811
    # Two-player Briscola's end event has no outcome: no line beside the points, no score column. Where tricks
    # carry no points (French Triomphe, Trionfetti) the cards won are no column either: Triomphe's said 20 and 0
    # beside 5 and 0 tricks.
    tab = module_page(new_page(), static_url)
    shown = tab.evaluate("""async () => {
        const i18n = await import("/js/i18n.js");
        const { summaryPanel } = await import("/js/tableview.js");
        await i18n.loadLanguage("en");
        const seats = [0, 1].map((seat) => ({ seat, kind: "bot", name: null }));
        const panel = (obs, points) => {
            const ctx = { me: 0, seats, n: 2, obs: { sides: [[0], [1]], ...obs } };
            const summary = { points, returns: [1, -1], cardsWon: [20, 20], matchEnd: null };
            return summaryPanel(summary, ctx, { finished: true });
        };
        const heads = (p) => [...p.querySelectorAll("thead th")].map((th) => th.textContent);
        const briscola = panel({ game: "briscola" }, [68, 52]);
        const triomphe = panel({ game: "triomphe", trick_points: false, points_label: "Tricks taken" }, [3, 2]);
        return [briscola.querySelectorAll(".outcome").length, heads(briscola), heads(triomphe)];
    }""")
    assert shown == [0, ["", "Cards won", "Points"], ["", "Tricks taken"]], shown


def test_triomphe_s_dealer_names_the_next_dealer_by_name(new_page, live_server, shoot):  # noqa: F811
    # In a match the dealer names which opponent deals next: the buttons read "next dealer 1", "next dealer 3".
    # Shuffle 0 makes seat 0 (the person) the first dealer, so the choice is theirs at the end of the first deal.
    created = live_server.create(game="triomphe", match=True, seats=[OPEN, BOT, BOT, BOT], seed=0)
    page = open_table(new_page, live_server, created["seats"][0]["invite"], viewport=PHONE)
    play_until_summary([page], 90, until='#actions button[data-action^="next dealer"]')
    buttons = page.locator("#actions button[data-action]")
    actions = buttons.evaluate_all("bs => bs.map(b => b.dataset.action)")
    labels = dict(zip(actions, buttons.all_inner_texts(), strict=True))
    assert labels == {"next dealer 3": "Bot 3 deals next", "next dealer 1": "Bot 1 deals next"}, labels
    assert "name which of your two opponents deals the next one" in page.locator("#actions .action-help").inner_text()
    # The summary comes after the choice: the line over the hand says what the deal gave first.
    said = page.locator("#status").inner_text()
    assert re.fullmatch(r"The deal is over: \+[12] for (your team|Bot 1 & Bot 3)\. Name the next dealer\.", said), said
    shoot(page, "triomphe-next-dealer-phone")
    # The interface's other language says it too.
    page.select_option(".lang-switch", "it")
    page.wait_for_function(
        "document.querySelector('#actions button[data-action=\"next dealer 3\"]')?.textContent"
        " === 'Prossimo mazziere: Bot 3'"
    )
    assert page.locator("#status").inner_text().startswith("Smazzata finita: +")
    page.select_option(".lang-switch", "en")
    page.locator('#actions button[data-action="next dealer 3"]').click()
    page.wait_for_selector("body[data-pending=false]")
    # The second deal is Bot 3's, and the narrative says whom the person named.
    page.wait_for_selector('.seat[data-seat="3"] .tag.dealer', timeout=15_000)
    log = page.locator("#side .log").text_content()
    assert "You: Bot 3 deals next" in log, log


def test_a_troccas_team_behind_chooses_its_packets_in_words(new_page, live_server):  # noqa: F811
    # A team 18 points behind in the session chooses the packets: the buttons read "deal 6+6+7", "deal 9+10" and
    # "deal 19", in English in the Italian interface too, with nothing to say what they were.
    created = live_server.create(game="troccas", options={"session_balance": -18}, seats=[OPEN, BOT, BOT, BOT])
    page = open_table(new_page, live_server, created["seats"][0]["invite"], viewport=PHONE)
    page.wait_for_selector('#actions button[data-action="deal 19"]')
    buttons = page.locator("#actions button[data-action]")
    actions = buttons.evaluate_all("bs => bs.map(b => b.dataset.action)")
    assert dict(zip(actions, buttons.all_inner_texts(), strict=True)) == {
        "deal 6+6+7": "Usual packets: 6, 6, 7",
        "deal 9+10": "Packets of 9 and 10",
        "deal 19": "All 19 at once",
    }
    assert "9 or more points behind in the session" in page.locator("#actions .action-help").inner_text()
    page.select_option(".lang-switch", "it")
    page.wait_for_function(
        "document.querySelector('#actions button[data-action=\"deal 19\"]')?.textContent === 'Tutte le 19 in una volta'"
    )
    page.locator('#actions button[data-action="deal 19"]').click()
    page.wait_for_function("document.querySelectorAll('.hand .card').length === 19")


def test_troccas_king_and_jack_together_is_a_button_of_two_cards(new_page, static_url):  # noqa: F811
    # The button for playing king and jack together read "Ks+Js", the engine's code, in both languages.
    tab = module_page(new_page(), static_url)
    shown = tab.evaluate("""async () => {
        const i18n = await import("/js/i18n.js");
        const { splitActions, renderActions } = await import("/js/actions.js");
        const out = {};
        for (const code of ["en", "it"]) {
            await i18n.loadLanguage(code);
            const { plays, others } = splitActions(["Ks", "Js", "Ks+Js"], ["Ks", "Js", "3c"], "tarot");
            const box = document.createElement("div");
            renderActions(box, { groups: others, family: "tarot", send: () => {}, locked: false,
                                 obs: { game: "troccas" } });
            const button = box.querySelector('button[data-action="Ks+Js"]');
            out[code] = [[...plays.keys()], button.getAttribute("aria-label"), button.querySelectorAll(".chip").length,
                         box.querySelector(".action-help").textContent];
            if (code === "en") {  // the narrative's line in the same words
                const { narrate } = await import("/js/tableview.js");
                const ctx = { me: 0, family: "tarot", seats: [], welcome: { seats: [] }, obs: { game: "troccas" } };
                out.said = narrate({ type: "action", seat: 0, action: "Ks+Js" }, ctx);
            }
        }
        return out;
    }""")
    en, it = shown["en"], shown["it"]
    assert en[0] == ["ks", "js"] and en[2] == 2, en  # the cards alone are still played by a tap
    assert en[1] == "Play both king of swords and jack of swords", en  # read out as words, not "plus"
    assert shown["said"].endswith("Play both king of swords and jack of swords"), shown["said"]
    assert en[3].startswith("Play your king and jack of this suit together"), en
    assert it[1].startswith("Gioca insieme re di spade e fante di spade"), it
    assert it[3].startswith("Gioca insieme il re e il fante"), it
