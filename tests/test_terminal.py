"""The game at the terminal, read as a player reads it: golden transcripts of one deal of every game, checked
for "seat N" where "you" is meant, and the screens the terminal promises (sorted hands, the trump in words,
the end of a deal in the game's own terms)."""

from __future__ import annotations

import io
import os
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

import trionfi
from trionfi import cli, terminal
from trionfi.texts import game_help

GOLDEN = Path(__file__).parent / "golden"
# One deal of every game, the player at seat 0 against random bots; regenerate with TRIONFI_GOLDEN=update.
DEALS = [
    ("briscola", {}, 5),
    ("briscola", {"players": 4, "communication": "conversation"}, 2),
    ("briscola-chiamata", {}, 3),
    ("trijumf", {"players": 2}, 4),
    ("triomphe", {}, 62),
    ("trionfetti", {}, 3),
    ("troccas", {}, 1),
]


def player_script(name: str, options: dict[str, Any], seed: int, seat: int = 0) -> tuple[list[str], Any]:
    """What the player types to play a plain deal (the first legal action, but never a claim or idle talk),
    found by playing the same seeded deal with the terminal's seeded bots."""
    game = trionfi.load(name, **options)
    state = game.deal(seed=seed)
    bots = cli.make_bots("random", seed, [s for s in range(game.players) if s != seat], game)
    typed: list[str] = []
    while not state.is_terminal():
        p = state.current_player
        if p != seat:
            state.apply(bots[p].choose(state.observation(p)))
            continue
        legal = [str(a) for a in state.legal_actions()]
        quiet = [a for a in legal if a != "claim" and not a.startswith(("say", "signal", "ask", "order", "propose"))]
        move = (quiet or legal)[0]
        typed.append(move)
        state.apply(move)
    return typed, state


def transcript(name: str, options: dict[str, Any], seed: int) -> str:
    typed, _ = player_script(name, options, seed)
    args = ["play", name, "--bots", "random", "--seed", str(seed)]
    for k, v in options.items():
        args += ["-o", f"{k}={v}"]
    result = CliRunner().invoke(cli.app, args, input="\n".join(typed) + "\n", terminal_width=100)
    assert result.exit_code == 0, result.output
    return result.stdout


def golden_name(name: str, options: dict[str, Any]) -> str:
    return "-".join([name, *(f"{k}={v}" for k, v in options.items())]) + ".txt"


@pytest.mark.parametrize(("name", "options", "seed"), DEALS, ids=[golden_name(n, o)[:-4] for n, o, _ in DEALS])
def test_one_deal_reads_as_the_golden_transcript(name, options, seed):
    text = transcript(name, options, seed)
    path = GOLDEN / golden_name(name, options)
    if os.environ.get("TRIONFI_GOLDEN") == "update" or not path.exists():
        path.parent.mkdir(exist_ok=True)
        path.write_text(text)
    assert text == path.read_text(), f"the terminal's transcript changed: compare with {path}"
    # The player is "you" everywhere: never "seat 0" (the seat number appears only in the opening line).
    body = text.split("\n", 1)[1]
    assert not re.search(r"\bseat 0\b", body, re.IGNORECASE), [
        line for line in body.splitlines() if re.search(r"\bseat 0\b", line, re.IGNORECASE)
    ]
    assert "end of the deal" in text and re.search(r"(win|wins) the deal|is drawn", text)
    assert "Traceback" not in text and "None" not in text


@pytest.mark.parametrize(("name", "options", "seed"), DEALS, ids=[golden_name(n, o)[:-4] for n, o, _ in DEALS])
def test_every_public_action_of_the_others_is_told(name, options, seed):
    """Every action of another seat that the player may see appears in the transcript, in words."""
    text = transcript(name, options, seed)
    _, state = player_script(name, options, seed)
    log = [e for e in state.events(0) if e["type"] == "action" and e["seat"] != 0]
    from trionfi.view import action_sentence

    obs = state.observation(0)
    for e in log:
        said = action_sentence(e["seat"], e["action"], obs, 0) if "action" in e else e["public"]
        assert said in text, said


def test_hands_are_sorted_by_suit_and_rank_with_trumps_last():
    from trionfi.view import hand_groups

    game = trionfi.load("briscola")
    obs = {"hand": ["2d", "Ad", "Kb", "3s", "7d"], "trump": "d"}
    assert hand_groups(game, obs) == [("s", ["3s"]), ("b", ["Kb"]), ("d", ["Ad", "7d", "2d"])]
    # Trionfetti sorts in the comanda's order: with "manco" the king is lowest and the horse highest.
    trionfetti = trionfi.load("trionfetti")
    ranking = [sorted(t) for t in trionfi.parse_comanda("manco e cavalli").to_list()]
    obs = {"hand": ["Kd", "Hd", "Ad", "5d"], "trump": None, "ranking": ranking}
    assert hand_groups(trionfetti, obs) == [("d", ["Hd", "Ad", "5d", "Kd"])]


def test_the_trump_is_named_in_words_in_every_game():
    from trionfi.view import trump_text

    for name in trionfi.games():
        game = trionfi.load(name)
        state = game.deal(seed=1)
        while not state.is_terminal() and not state.observation(0).get("trump"):
            state.apply(state.legal_actions()[0])
        obs = state.observation(0)
        if obs.get("trump"):
            text = trump_text(obs)
            assert text.startswith("Trumps: ") and re.search(r"[a-z]{4}", text), (name, text)
            assert f"Trumps: {obs['trump']}" != text and f"({obs['trump']})" not in text, (name, text)


def test_trionfetti_never_says_its_trumps_are_not_known_yet():
    """Before the comanda the table said "Trumps: not known yet", as if a trump suit were coming: Trionfetti has
    none, and says so in every phase."""
    from trionfi.view import trump_text

    state = trionfi.load("trionfetti").deal(seed=3)
    obs = state.observation(state.current_player)
    assert obs["phase"] == "comanda" and trump_text(obs) == "No trumps"
    assert trump_text(trionfi.load("trijumf", players=2).deal(seed=1).observation(0)) == "Trumps: not known yet"


def test_the_help_says_what_the_brackets_in_the_hand_mean():
    """The hand shows the cards that may not be played now in brackets ("(Ad) (2d)" through an auction); the help
    did not say so."""
    result = CliRunner().invoke(
        cli.app, ["play", "briscola-chiamata", "--bots", "random", "--seed", "5"], input="help\nquit\n"
    )
    assert result.exit_code == 0, result.output
    assert re.search(r"Your hand: \(\w+\)", result.stdout)
    assert "Cards of your hand in (brackets) may not be played now." in result.stdout


def test_rules_during_a_game_are_the_game_s_as_its_options_make_them():
    """A player at a terminal who forgot how the deal goes had to quit to read `trionfi rules`."""
    args = ["play", "trijumf", "--players", "2", "--bots", "random", "--seed", "5"]
    result = CliRunner().invoke(cli.app, args, input="help\nrules\nquit\n", terminal_width=100)
    assert result.exit_code == 0, result.output
    assert "  rules the rules of this game, as its options make them" in result.stdout  # the help says so
    rules = result.stdout.split("Trijumf", 1)[1]
    assert "The deal for two" in rules and "The deal for four" not in rules
    assert "Drawing, with two players" in rules and "Game stopped." in rules.split("Drawing", 1)[1]  # then quit


def test_chiamata_ends_with_the_callers_side_and_each_seats_score():
    text = transcript("briscola-chiamata", {}, 3)
    assert re.search(r"Seat \d calls [2-7JHKA][bcds]\n", text)  # (the easy bots' auction decides who)
    assert re.search(r"The caller's side took \d+ card points and needed \d+: (won|lost)\.", text)
    assert re.search(r"Scores this deal: you [+−]\d", text)


def test_a_claim_asks_first_and_no_answer_keeps_the_game_going():
    runner = CliRunner()
    result = runner.invoke(
        cli.app,
        ["play", "trijumf", "--players", "2", "--seed", "3", "--bots", "random"],
        input="cut\nclaim\nMaybe\nN\nquit\n",
    )
    assert result.exit_code == 0
    assert "Claim? [y/N]" in result.stdout and "claimed" not in result.stdout and "Game stopped" in result.stdout
    assert "'Maybe' is no answer here" in result.stdout and result.stdout.count("Claim? [y/N]") == 2


def test_another_deal_is_offered_and_played():
    # A card typed once too often ("3b") at the question ended the program as a no: it is asked again.
    typed, _ = player_script("briscola", {}, 5)
    second, _ = player_script("briscola", {}, 6)
    result = CliRunner().invoke(
        cli.app,
        ["play", "briscola", "--bots", "random", "--seed", "5"],
        input="\n".join([*typed, "3b", "y", *second, "n"]),
    )
    assert result.exit_code == 0, result.output
    assert result.stdout.count("end of the deal") == 2 and result.stdout.count("Play another deal?") == 3
    assert "'3b' is no answer here: type y for yes, or n (or just Enter) for no." in result.stdout
    assert "seed 6" in result.stdout


@pytest.mark.parametrize(
    ("me", "expected"),
    [
        (None, "Seats 1, 3 win the deal."),  # a replay or a spectator: no "you"
        (0, "Opponents (seats 1, 3) win the deal."),
        (1, "Your team (seats 1, 3) wins the deal."),
    ],
)
def test_the_winning_side_agrees_with_its_verb(me: int | None, expected: str) -> None:
    from trionfi.view import winner_line

    obs = {"sides": [[0, 2], [1, 3]]}
    assert winner_line(obs, [-1, 1, -1, 1], me, "the deal") == expected


def test_a_refused_card_lists_the_allowed_cards_as_the_prompt_does() -> None:
    """The prompt lists the hand in its shown order ("2c, Kb, 4b") but a refusal listed the engine's ("Kb, 4b,
    2c"): the same three cards in two orders one line apart. The refusal now uses the prompt's order."""
    from trionfi.view import sorted_hand

    game = trionfi.load("briscola")
    obs = game.deal(seed=6).observation(0)
    shown = ", ".join(sorted_hand(game, obs))
    assert [str(a) for a in obs["legal_actions"]] != sorted_hand(game, obs)  # the engine's order differs here
    result = CliRunner().invoke(
        cli.app, ["play", "briscola", "--bots", "random", "--seed", "6"], input="9z\nAd\nquit\n"
    )
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.split())
    assert f"type a card ({shown})" in text
    assert f"nor an action you may take now; allowed: {shown}" in text
    assert f"Ad is not in your hand; you may play: {shown}" in text


def test_the_prompt_names_pass_first_however_long_the_list() -> None:
    """Troccas' tschintschar allows a dozen sayings; "pass", the usual answer, was cut off after the first eight
    (at the terminal and in `trionfi join`). Both prompts now name it first, then the cards, then the rest."""
    from trionfi.view import sorted_hand, turn_prompt

    game = trionfi.load("troccas")
    state = game.deal(seed=5)
    obs = state.observation(state.current_player)
    assert len(obs["legal_actions"]) > 8 and "pass" in obs["legal_actions"][8:]  # the engine lists it late
    prompt = turn_prompt(game, obs)
    assert prompt.startswith("an action (pass, say ") and prompt.endswith(", …)")
    chiamata = trionfi.load("briscola-chiamata")
    first = chiamata.deal(seed=3)
    assert turn_prompt(chiamata, first.observation(first.current_player)).startswith("an action (pass, bid A, ")
    briscola = trionfi.load("briscola")
    play = briscola.deal(seed=5)
    obs = play.observation(0)
    assert turn_prompt(briscola, obs) == f"a card ({', '.join(sorted_hand(briscola, obs))})"


def test_a_long_line_wraps_between_words_at_a_terminal_and_stays_whole_in_a_pipe(monkeypatch) -> None:
    # A trick of four at 80 columns ended "... Fool, yo" and went on "u 1b -> seat 1 wins it": the terminal cut it.
    line = "Trick 18: seat 1 (opponent) T16, seat 2 (partner) Qb, seat 3 (opponent) Fool, you 1b → seat 1 wins it"
    words = set(line.split())
    for is_terminal in (True, False):
        screen = io.StringIO()
        monkeypatch.setattr(
            terminal, "out", Console(file=screen, width=40, force_terminal=is_terminal, color_system=None)
        )
        terminal.say(line)
        printed = screen.getvalue().splitlines()
        if is_terminal:
            assert len(printed) == 3 and all(len(row) <= 40 for row in printed), printed
            assert all(set(row.split()) <= words for row in printed), printed  # no word cut in two
        else:
            assert printed == [line]


def test_the_help_wraps_under_each_meaning_at_a_terminal_and_stays_as_written_in_a_pipe(monkeypatch) -> None:
    # At 80 columns "  ask briscoline    does he hold a low trump (2 4 5 6; the 7 is neither low nor" went on at the
    # terminal's left edge with "dressed)?", under the terms.
    text = game_help(trionfi.load("briscola", players=4, communication="conversation"))
    for is_terminal in (True, False):
        screen = io.StringIO()
        monkeypatch.setattr(
            terminal, "out", Console(file=screen, width=60, force_terminal=is_terminal, color_system=None)
        )
        terminal.say_block(text)
        printed = screen.getvalue()
        if not is_terminal:
            assert printed == text
            continue
        rows = printed.splitlines()
        assert all(len(row) <= 60 for row in rows), rows
        ask = rows.index(next(r for r in rows if r.startswith("  ask briscoline ")))
        column = rows[ask].index("does he hold")
        assert rows[ask + 1].startswith(" " * column) and not rows[ask + 1][column].isspace(), rows[ask : ask + 2]
        assert " ".join(" ".join(rows).split()) == " ".join(text.split())  # every word, none cut or lost


def test_personal_says_yours_where_the_seat_ends_the_phrase_and_names_seats_it_is_given() -> None:
    from trionfi.view import NAMES, personal, seat_label, side_label

    assert personal("it is seat 1's turn, not seat 0's", 0) == "it is seat 1's turn, not yours"
    assert personal("Seat 0's turn; seat 0's cards", 0) == "Your turn; your cards"
    named = {NAMES: ["Ann", "Bea", "Bot 2"], "sides": [[0], [1], [2]]}
    assert personal("it is seat 1's turn, not seat 0's", 0, named) == "it is Bea's turn, not yours"
    assert personal("seat 2 holds it", None, named) == "Bot 2 holds it"  # a spectator: every seat by its name
    assert [seat_label(s, named, None) for s in range(3)] == ["Ann", "Bea", "Bot 2"]
    teams = {NAMES: ["Ann", "Bea", "Bot 2", None], "sides": [[0, 2], [1, 3]]}
    assert [side_label(i, teams, 1) for i in range(2)] == ["opponents (Ann, Bot 2)", "your team (you, seat 3)"]
    assert [side_label(i, teams, None) for i in range(2)] == ["Ann, Bot 2", "Bea, seat 3"]
    assert seat_label(3, teams, 1) == "seat 3 (partner)"  # a seat nobody took yet keeps its number
    # The engine's "seats 0+2" (Triomphe's game score, Trionfetti's hands) is the side, as the scores name it.
    plain = {"sides": [[0, 2], [1, 3]]}
    assert personal("seats 0+2: 0 · seats 1+3: 2 (to 5)", 1, plain) == "opponents: 0 · your team: 2 (to 5)"
    assert personal("Seats 1+3 win the game", None, plain) == "Seats 1+3 win the game"
    # "your team" takes a singular verb ("Your team win the game" beside "Your team (seats 0, 2) wins the deal").
    assert personal("Seats 1+3 win the game", 1, plain) == "Your team wins the game"
    assert personal("seats 1+3 score 2 points", 3, plain) == "your team scores 2 points"
    assert personal("seats 1+3 score 2 points", 0, plain) == "opponents score 2 points"
    assert personal("Seats 1+3 win the game", None, teams) == "Bea & seat 3 win the game"
    assert personal("seats 0+1 and seat 2", 2, plain) == "seats 0+1 and you"  # not a side: left as it is
    said = "hand 2 to seats 1+3: 1 point; game score 2-1 to seats 1+3"  # (Trionfetti's table, to everyone)
    assert personal(said, 0, plain) == "hand 2 to opponents: 1 point; game score 2-1 to opponents"
    assert personal(said, 3, plain) == "hand 2 to your team: 1 point; game score 2-1 to your team"


def test_an_action_that_names_a_seat_by_number_says_whose_it_is_where_seats_have_names() -> None:
    """Online, Triomphe's dealer types "next dealer 1": the table shows whose seat 1 is ("next dealer 1 (Ann)")."""
    import random

    from trionfi.view import NAMES

    match = trionfi.load("triomphe").match(seed=11)
    rng = random.Random(1)
    while match.state.phase != "next dealer":
        match.apply(rng.choice(match.legal_actions()))
    me = match.current_player
    obs = match.observation(me)
    names = ["Ann", "Bea", "Cal", "Dan"]
    with terminal.out.capture() as captured:
        terminal.render_table(trionfi.load("triomphe"), {**obs, NAMES: names}, me)
    right, left = (me + 1) % 4, (me + 3) % 4
    shown = " ".join(captured.get().split())
    assert f"Other actions: next dealer {right} ({names[right]}), next dealer {left} ({names[left]})" in shown, shown
    with terminal.out.capture() as captured:
        terminal.render_table(trionfi.load("triomphe"), obs, me)  # in `trionfi play` the number is the seat's name
    assert f"Other actions: next dealer {right}, next dealer {left}" in " ".join(captured.get().split())


def test_the_turned_up_card_in_your_own_hand_reads_in_your_hand():
    # Trijumf's turned-up card goes to the dealer's partner: "turned-up card Hd, in the hand of you".
    result = CliRunner().invoke(cli.app, ["play", "trijumf", "--seed", "4", "--bots", "easy"], input="quit\n")
    assert result.exit_code == 0, result.output
    assert "turned-up card Hd, in your hand" in result.stdout and "hand of you" not in result.stdout


def test_a_triomphe_match_table_heads_its_columns_with_tricks():
    # The table at the end of a match headed Triomphe's tricks per deal "points your team".
    from trionfi.terminal import PlaySession

    game = trionfi.load("triomphe")
    session = PlaySession(game, game.match(seed=6), 0, {})
    session.deal_scores = [(1, [3, 2], [1, 0])]
    with terminal.out.capture() as captured:
        session.final_summary()
    text = captured.get()
    assert "tricks taken" in text and "your team" in text and "points your team" not in text, text


@pytest.mark.parametrize(
    ("name", "goal", "twice"),
    [("triomphe", "(points, to 5)", "Game score:"), ("trionfetti", "(games won, to 3)", "Games won:")],
)
def test_a_match_table_says_the_match_score_once_with_its_goal(name: str, goal: str, twice: str):
    # Triomphe's table said "Match score: your team 0 · opponents 0" and then "Game score: your team: 0 ·
    # opponents: 0 (to 5)"; Trionfetti's "Games won: ..." under its match score: the same numbers twice.
    result = CliRunner().invoke(cli.app, ["play", name, "--match", "--seed", "3", "--bots", "easy"], input="quit\n")
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.split())  # (a line may wrap at the runner's 80 columns)
    assert text.count("Match score") == 1, result.stdout
    assert f"Match score: your team (seats 0, 2) 0 · opponents (seats 1, 3) 0 {goal}" in text, result.stdout
    assert twice not in text
