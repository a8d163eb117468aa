"""The `trionfi` command line: listing, rules, an interactive game fed through stdin, simulate and replay."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

import trionfi
from trionfi import cli
from trionfi.records import initial_state
from trionfi.view import sorted_hand

runner = CliRunner()


def run(*args: str, input: str | None = None) -> Any:
    return runner.invoke(cli.app, list(args), input=input)


def human_moves(
    seed: int, seat: int = 0, match: bool = False, bot: str = "random", **options: Any
) -> tuple[list[str], Any]:
    """What a player at ``seat`` types to play the first legal action every turn, found by playing the same
    seeded game with the same seeded bots through the API; and the finished state."""
    game = trionfi.load("briscola", **options)
    state = game.match(seed=seed) if match else game.deal(seed=seed)
    bots = cli.make_bots(bot, seed, [s for s in range(game.players) if s != seat], game=game)
    moves: list[str] = []
    while not state.is_terminal():
        p = state.current_player
        if p == seat:
            action = str(state.legal_actions()[0])
            moves.append(action)
        else:
            action = bots[p].choose(state.observation(p))
        state.apply(action)
    return moves, state


def test_games_lists_briscola():
    result = run("games")
    assert result.exit_code == 0
    assert "briscola" in result.stdout and "2, 3, 4 or 6" in result.stdout and "Italian 40" in result.stdout


def test_rules_shows_summary_and_options():
    result = run("rules", "briscola")
    assert result.exit_code == 0
    for text in ("60", "variant", "scoperta", "must_follow_suit", "default", "allowed"):
        assert text in result.stdout
    changed = run("rules", "briscola", "--option", "variant=a31")
    assert changed.exit_code == 0 and "now a31" in changed.stdout


def test_play_a_full_deal_through_stdin():
    moves, state = human_moves(seed=5)
    assert len(moves) == 20
    # Lower case is accepted: card codes are case-insensitive.
    result = run(
        "play", "--bots", "random", "briscola", "--seed", "5", input="\n".join(m.lower() for m in moves) + "\n"
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Trick 20:" in out and "end of the deal" in out
    you, them = state.points()
    assert f"Card points: you {you} · seat 1 (opponent) {them}" in out
    verdict = "You win the deal." if you > 60 else "Seat 1 (opponent) wins the deal." if them > 60 else "drawn"
    assert verdict in out


def test_play_against_the_medium_default_and_the_hard_level():
    # The bots' moves are seeded: the same deal through the API tells what the player types and how it ends.
    for level, extra in (("medium", ()), ("hard", ("--bots", "hard"))):
        moves, state = human_moves(seed=7, bot=level)
        result = run("play", "briscola", "--seed", "7", *extra, input="\n".join(moves) + "\n")
        assert result.exit_code == 0, result.output
        you, them = state.points()
        assert "Trick 20:" in result.stdout
        assert f"Card points: you {you} · seat 1 (opponent) {them}" in result.stdout


def test_wrong_input_gets_the_engine_message_and_the_game_goes_on():
    moves, _ = human_moves(seed=5)
    hand = trionfi.load("briscola").deal(seed=5).hand(0)
    elsewhere = next(c for c in trionfi.load("briscola").deck if c not in hand)
    typed = ["Zz", elsewhere, "", *moves]  # no card, a card that is not in hand, an empty line
    result = run("play", "--bots", "random", "briscola", "--seed", "5", input="\n".join(typed) + "\n")
    assert result.exit_code == 0, result.output
    assert "'Zz' is neither a card code" in result.stdout and "allowed:" in result.stdout
    # The engine's message, worded for the player ("seat 0" is "you"), the cards in the prompt's order.
    shown = ", ".join(sorted_hand(trionfi.load("briscola"), trionfi.load("briscola").deal(seed=5).observation(0)))
    assert f"{elsewhere} is not in your hand; you may play: {shown}" in result.stdout
    assert "end of the deal" in result.stdout


def test_commands_help_hand_last():
    moves, _ = human_moves(seed=9)
    typed = ["last", "help", moves[0], "last", "hand", "quit"]
    result = run("play", "--bots", "random", "briscola", "--seed", "9", input="\n".join(typed) + "\n")
    assert result.exit_code == 0, result.output
    assert "No trick has been completed yet" in result.stdout
    assert "show the last completed trick" in result.stdout
    assert result.stdout.count("Trick 1:") == 2  # announced when it ended, then again by `last`
    assert "Game stopped." in result.stdout


def test_quit_with_save_writes_a_replayable_record(tmp_path: Path):
    moves, _ = human_moves(seed=11)
    path = tmp_path / "game.json"
    result = run(
        "play",
        "--bots",
        "random",
        "briscola",
        "--seed",
        "11",
        "--save",
        str(path),
        input=f"{moves[0]}\n{moves[1]}\nquit\n",
    )
    assert result.exit_code == 0, result.output
    record = json.loads(path.read_text())
    state = trionfi.replay(record)
    assert not state.is_terminal()
    assert record["actions"][0] == moves[0] and moves[1] in record["actions"]


def test_end_of_input_quits_cleanly_and_still_saves(tmp_path: Path):
    path = tmp_path / "eof.json"
    result = run("play", "--bots", "random", "briscola", "--seed", "1", "--save", str(path), input="")
    assert result.exit_code == 0, result.output
    assert "Game stopped." in result.stdout
    assert trionfi.replay(json.loads(path.read_text())).legal_actions()


def test_play_a_match_prints_the_score_after_each_deal(tmp_path: Path):
    moves, state = human_moves(seed=2, match=True)
    path = tmp_path / "match.json"
    result = run(
        "play",
        "--bots",
        "random",
        "briscola",
        "--seed",
        "2",
        "--match",
        "--save",
        str(path),
        input="\n".join(moves) + "\n",
    )
    assert result.exit_code == 0, result.output
    deals = len(state.finished)
    assert result.stdout.count("Match score after deal") == deals
    # What the score counts, as at every table of the match ("Match score: ... (deals won, to 2)").
    after = [line for line in result.stdout.splitlines() if line.startswith("Match score after deal")]
    assert all(line.endswith(" (deals won, to 2)") for line in after), after
    assert "end of the match" in result.stdout
    assert trionfi.replay(json.loads(path.read_text())).is_terminal()


def test_four_players_label_partner_and_opponents():
    moves, _ = human_moves(seed=4, players=4)
    result = run("play", "--bots", "random", "briscola", "--players", "4", "--seed", "4", input="\n".join(moves) + "\n")
    assert result.exit_code == 0, result.output
    assert "seat 2 (partner)" in result.stdout and "seat 1 (opponent)" in result.stdout
    assert "your team (seats 0, 2)" in result.stdout


def test_a31_hides_the_running_points():
    moves, _ = human_moves(seed=6, variant="a31")
    result = run(
        "play", "--bots", "random", "briscola", "-o", "variant=a31", "--seed", "6", input=moves[0] + "\nquit\n"
    )
    assert result.exit_code == 0, result.output
    assert "Card points are not shown" in result.stdout
    assert "Card points: you" not in result.stdout
    assert "claim" in result.stdout  # offered as another action


def test_simulate_json_adds_up():
    result = run("simulate", "briscola", "-n", "20", "--seed", "3", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["deals"] == 20
    for side in data["sides"]:
        assert side["wins"] + side["draws"] + side["losses"] == 20
    assert sum(side["mean_points"] for side in data["sides"]) == 120
    again = json.loads(run("simulate", "briscola", "-n", "20", "--seed", "3", "--json").stdout)
    assert again["sides"] == data["sides"]  # a seeded run is repeatable


def test_simulate_table():
    result = run("simulate", "briscola", "-n", "10", "--players", "4", "--seed", "1")
    assert result.exit_code == 0, result.output
    assert "seats 0 2" in result.stdout and "deals per second" in result.stdout


def test_rules_in_italian_follow_the_options():
    result = run("rules", "briscola", "--players", "4", "--lang", "it")
    assert result.exit_code == 0, result.output
    assert "In quattro" in result.stdout and "In due" not in result.stdout and "Carte e punti" in result.stdout
    assert "Cards and points" not in result.stdout


def test_errors_exit_2_with_one_clear_line():
    cases = [
        (["play", "nosuchgame"], "no game named 'nosuchgame'"),
        (["rules", "briscola", "-o", "colour=red"], "briscola has no option 'colour'"),
        (["rules", "briscola", "--lang", "fr"], "--lang 'fr': the rules are written in en and it"),
        (["simulate", "briscola", "-o", "variant=nope", "-n", "2"], "variant='nope' is not allowed"),
        (["play", "briscola", "-o", "variant"], "name=value"),
        (["play", "briscola", "--seat", "2"], "--seat must be a seat from 0 to 1"),
        (["play", "briscola", "--bot", "genius"], "no bot named 'genius'"),
        # A list, as the tournament takes it, was "no bot named 'medium,random'": the way to what was meant.
        (["play", "briscola", "--bots", "medium,random"], "play --bots takes one bot, for every seat but yours"),
        (["simulate", "briscola", "--bots", "hard,random"], "trionfi tournament GAME --bots hard,random"),
    ]
    for args, message in cases:
        result = run(*args)
        assert result.exit_code == 2, (args, result.output)
        assert message in result.stderr
        assert result.stderr.startswith("error:") and result.stderr.count("\n") == 1
        assert "Traceback" not in result.output


def test_replay_prints_the_tricks(tmp_path: Path):
    _moves, state = human_moves(seed=8)
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(state.to_record()))
    result = run("replay", str(path), "--all")
    assert result.exit_code == 0, result.output
    assert "Trick 1:" in result.stdout and "Trick 20:" in result.stdout and "end of the deal" in result.stdout
    seen = run("replay", str(path), "--seat", "1", "--step", input="\n\nq\n")
    assert seen.exit_code == 0 and "  3. " in seen.stdout and "  4. " not in seen.stdout


def test_replay_of_a_match_shows_the_hands_of_every_deal(tmp_path: Path):
    """The whole record of a match showed the hands of its first deal only; and a game that deals after a cut
    (Trijumf) began with "Seat 0 holds:" and nothing after it."""
    import random

    for name, options in (("briscola", {}), ("trijumf", {"players": 2})):
        match = trionfi.load(name, **options).match(seed=4)
        rng = random.Random(4)
        while not match.is_terminal():
            match.apply(rng.choice(match.legal_actions()))
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(match.to_record()))
        result = run("replay", str(path), "--all")
        assert result.exit_code == 0, result.output
        holds = [line.strip() for line in result.stdout.splitlines() if " holds:" in line]
        assert all(re.fullmatch(r"Seat \d holds: \S.*", line) for line in holds), holds
        if name == "briscola":
            assert len(match.finished) > 1 and len(holds) == 2 * len(match.finished)
            second = initial_state(match.finished[1].to_record())  # the second deal as it was dealt
            assert f"Seat 1 holds: {' '.join(second.hand(1))}" in holds


def _bot_record(name: str, seed: int, **options: Any) -> tuple[dict[str, Any], list[list[list[str]]]]:
    """A deal of ``name`` played by heuristic bots, and the hands of each dealing as they were dealt: at the step
    after which the hands last grew before a card first left one (a Trionfetti smazzata deals every hand of
    three tricks anew)."""
    game = trionfi.load(name, **options)
    state = game.deal(seed=seed)
    bots = cli.make_bots("heuristic", seed, list(range(game.players)), game=game)
    while not state.is_terminal():
        p = state.current_player
        state.apply(bots[p].choose(state.observation(p)))
    record = state.to_record()
    replayed = initial_state(record)
    hands = [replayed.hand(s) for s in range(game.players)]
    dealings, dealt = [], hands if any(hands) else None
    for action in record["actions"]:
        replayed.apply(action)
        before, hands = hands, [replayed.hand(s) for s in range(game.players)]
        if any(set(b) - set(h) for b, h in zip(before, hands, strict=True)):  # a card left a hand
            if dealt is not None:
                dealings.append(dealt)
            dealt = hands if all(len(set(h) - set(b)) >= 3 for b, h in zip(before, hands, strict=True)) else None
        elif any(set(h) - set(b) for b, h in zip(before, hands, strict=True)):
            dealt = hands
    return record, dealings


def test_replay_shows_the_hands_of_games_that_deal_after_a_cut_or_a_comanda(tmp_path: Path):
    """Trijumf deals after the cut, Trionfetti after the comanda (and each hand of three tricks anew), Troccas in
    packets with talk between: the replay of a whole record showed none of their hands (Troccas only its first
    six cards)."""
    for name, dealt_by in (("trijumf", "1. Seat 2 cuts"), ("trionfetti", "» Seat 2: comanda: "), ("troccas", None)):
        record, dealings = _bot_record(name, seed=3)
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(record))
        result = run("replay", str(path), "--all")
        assert result.exit_code == 0, result.output
        lines = [line.strip() for line in result.stdout.splitlines()]
        holds = [line for line in lines if " holds:" in line]
        expected = [f"Seat {s} holds: {' '.join(hand)}" for hands in dealings for s, hand in enumerate(hands)]
        assert holds == expected, (name, result.stdout)
        first = lines.index(expected[0])
        assert not any(re.match(r"\d+\. Seat \d (plays|discards)", line) for line in lines[:first]), name
        if dealt_by is not None:
            assert any(line.startswith(dealt_by) for line in lines[:first]), name
    assert [len(hand) for hand in dealings[0]] == [19, 19, 19, 21]  # Troccas: all packets, the dealer's 21


def test_replay_header_counts_the_numbered_actions_apart_from_talk(tmp_path: Path):
    """Table talk is told as what was said, unnumbered; the header counted it among the actions (43 actions over
    40 numbered lines)."""
    for options, talk in (({"players": 4, "communication": "conversation"}, True), ({}, False)):
        game = trionfi.load("briscola", **options)
        state = game.deal(seed=3)
        bots = cli.make_bots("heuristic", 3, list(range(game.players)), game=game)
        while not state.is_terminal():
            state.apply(bots[state.current_player].choose(state.observation(state.current_player)))
        path = tmp_path / "deal.json"
        path.write_text(json.dumps(state.to_record()))
        result = run("replay", str(path), "--all")
        assert result.exit_code == 0, result.output
        header = result.stdout.splitlines()[0]
        numbers = [int(m[1]) for m in re.finditer(r"^ *(\d+)\. ", result.stdout, re.MULTILINE)]
        assert numbers == list(range(1, len(numbers) + 1))
        said = len(state.to_record()["actions"]) - len(numbers)
        if talk:
            assert said > 0 and header.endswith(f", {len(numbers)} numbered actions, {said} said aloud"), header
        else:
            assert said == 0 and header.endswith(f", {len(numbers)} actions"), header


def test_replay_of_a_bad_file_exits_2(tmp_path: Path):
    path = tmp_path / "bad.json"
    path.write_text('{"game": "briscola"')
    result = run("replay", str(path))
    assert result.exit_code == 2
    assert "a record must be JSON" in result.stderr
    result = run("replay", str(tmp_path / "missing.json"))
    assert result.exit_code == 2 and "cannot read the record" in result.stderr
    # A server's record link (README: "/api/tables/TABLE/record") was read as a path: "cannot read the record
    # 'http:/127.0.0.1...': No such file or directory".
    link = "http://127.0.0.1:8000/api/tables/T/record"
    result = run("replay", link)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert f"replay reads a record file, not a link: save it first, e.g. curl -o record.json '{link}'" in " ".join(
        result.stderr.split()
    )


def test_signals_reach_the_partner_only():
    """Seed 0: partner (seat 2) and an opponent (seat 3) both signal; the player hears only the partner."""
    options = {"players": 4, "communication": "signals"}
    moves, state = human_moves(seed=0, **options)
    args = ["play", "--bots", "random", "briscola", "--seed", "0", "-o", "players=4", "-o", "communication=signals"]
    result = run(*args, input="\n".join(moves) + "\n")
    assert result.exit_code == 0, result.output
    heard = [line for line in result.stdout.splitlines() if line.startswith("» ")]
    assert heard and all(line.startswith("» Seat 2 (partner) to you: I hold the") for line in heard)
    assert "signal" not in result.stdout.replace("Other actions: signal", "").replace(", signal", "")
    assert sum(a.startswith("signal") for a in state.to_record()["actions"]) > len(heard)
