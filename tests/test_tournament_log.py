"""`trionfi tournament --log FILE`: a long run keeps each deal as it ends, and goes on where it stopped."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import trionfi
from trionfi import cli, tournament
from trionfi.tournament import TournamentError, run_tournament

runner = CliRunner()
BOTS = "heuristic,random"


def played(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The deal numbers this process plays from now on."""
    numbers: list[int] = []
    original = tournament.play_deal

    def play_deal(game, specs, labels, seed, index, budget, mode="rotate"):
        numbers.append(index)
        return original(game, specs, labels, seed, index, budget, mode)

    monkeypatch.setattr(tournament, "play_deal", play_deal)
    return numbers


def test_a_logged_run_is_the_plain_run_and_keeps_every_deal(tmp_path):
    game, path = trionfi.load("briscola"), tmp_path / "run.jsonl"
    plain = run_tournament(game, BOTS, 5, seed=4, jobs=1)
    logged = run_tournament(game, BOTS, 5, seed=4, jobs=1, log=path)
    assert logged["log"] == plain["log"] and logged["results"] == plain["results"] and logged["from_log"] == 0
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert (
        lines[0]["format"] == "trionfi-tournament-log" and lines[0]["seed"] == 4 and lines[0]["bots"] == BOTS.split(",")
    )
    assert lines[1:] == plain["log"]


def test_a_stopped_run_goes_on_and_a_larger_n_extends_it(tmp_path, monkeypatch):
    game, path = trionfi.load("briscola"), tmp_path / "run.jsonl"
    run_tournament(game, BOTS, 3, seed=9, jobs=1, log=path)
    numbers = played(monkeypatch)
    seen: list[tuple[int, int]] = []
    longer = run_tournament(game, BOTS, 7, seed=9, jobs=1, chunk_size=2, log=path, progress=lambda *a: seen.append(a))
    assert numbers == [3, 4, 5, 6]  # only the deals the log lacked
    assert seen[0] == (3, 7) and seen[-1] == (7, 7)
    assert longer["from_log"] == 3
    monkeypatch.undo()
    assert longer["log"] == run_tournament(game, BOTS, 7, seed=9, jobs=1)["log"]
    again = played(monkeypatch)
    assert run_tournament(game, BOTS, 7, seed=9, jobs=1, log=path)["log"] == longer["log"] and again == []


def test_a_line_cut_short_by_a_killed_run_is_dropped(tmp_path, monkeypatch):
    game, path = trionfi.load("briscola"), tmp_path / "run.jsonl"
    run_tournament(game, BOTS, 2, seed=2, jobs=1, log=path)
    whole = path.read_text()
    path.write_text(whole + '{"deal": 2, "seed": 12')  # the process died while writing deal 2
    numbers = played(monkeypatch)
    result = run_tournament(game, BOTS, 3, seed=2, jobs=1, log=path)
    assert numbers == [2]
    lines = path.read_text().splitlines()
    assert len(lines) == 4 and all(json.loads(line) for line in lines) and json.loads(lines[-1]) == result["log"][2]


def test_another_tournaments_log_or_a_damaged_one_is_refused_and_left_as_it_is(tmp_path):
    game, path = trionfi.load("briscola"), tmp_path / "run.jsonl"
    run_tournament(game, BOTS, 2, seed=1, jobs=1, log=path)
    before = path.read_bytes()
    for kwargs, words in [
        ({"seed": 2}, "its seed 1, not 2"),
        ({"seed": 1, "bots": "random,heuristic"}, "its bots"),
        ({"seed": 1, "mode": "seat", "bots": "easy,medium"}, "its mode"),
    ]:
        kwargs = {"bots": BOTS, **kwargs}
        with pytest.raises(TournamentError, match=words):
            run_tournament(game, kwargs.pop("bots"), 3, jobs=1, log=path, **kwargs)
        assert path.read_bytes() == before
    with pytest.raises(TournamentError, match="another tournament"):
        run_tournament(trionfi.load("briscola", players=4), BOTS, 3, seed=1, jobs=1, log=path)
    lines = before.decode().splitlines()
    damaged = [
        ("\n".join([lines[0], "not json", lines[2]]) + "\n", "line 2: not JSON"),
        ("\n".join([lines[0], '{"deal": "one", "games": []}', lines[2]]) + "\n", "line 2: not a deal"),
        ("\n".join([lines[0], json.dumps({**json.loads(lines[1]), "seed": 5})]) + "\n", "deal 0 is not the deal 0"),
        ("a results file\n", "not a tournament's log"),
    ]
    for text, words in damaged:
        path.write_text(text)
        with pytest.raises(TournamentError, match=words):
            run_tournament(game, BOTS, 3, seed=1, jobs=1, log=path)
        assert path.read_text() == text
    with pytest.raises(TournamentError, match="it is a folder"):
        run_tournament(game, BOTS, 3, seed=1, jobs=1, log=tmp_path)


def test_cli_log(tmp_path):
    path = tmp_path / "run.jsonl"
    args = ["tournament", "briscola", "--bots", BOTS, "-n", "3", "-j", "1", "--log", str(path)]
    refused = runner.invoke(cli.app, args)
    assert refused.exit_code != 0 and "--seed" in refused.output and not path.exists()
    first = runner.invoke(cli.app, [*args, "--seed", "6"])
    assert first.exit_code == 0, first.output
    assert len(path.read_text().splitlines()) == 4
    second = runner.invoke(cli.app, [*args[:5], "5", *args[6:], "--seed", "6"])
    assert second.exit_code == 0, second.output
    assert "5 duplicate deals" in second.stdout and "3 deals from" in " ".join(second.stdout.split())
    assert len(path.read_text().splitlines()) == 6
    other = runner.invoke(cli.app, [*args, "--seed", "7"])
    assert other.exit_code != 0 and "another tournament" in other.output and len(path.read_text().splitlines()) == 6


def test_cli_ctrl_c_says_the_log_keeps_the_deals_and_the_same_command_goes_on(tmp_path, monkeypatch):
    """Ctrl-C on a logged run said only "Interrupted.": nothing told the person that the run can go on."""
    path = tmp_path / "run.jsonl"
    args = ["tournament", "briscola", "--bots", BOTS, "-n", "4", "-j", "1", "--seed", "3", "--log", str(path)]
    original = tournament.play_deal

    def play_deal(game, specs, labels, seed, index, budget, mode="rotate"):
        if index == 2:
            raise KeyboardInterrupt
        return original(game, specs, labels, seed, index, budget, mode)

    monkeypatch.setattr(tournament, "play_deal", play_deal)
    stopped = runner.invoke(cli.app, args)
    assert stopped.exit_code == 130, stopped.output
    said = " ".join(stopped.stderr.split())
    assert f"The deals played are kept in {path}: the same command again goes on from there." in said
    assert said.endswith("Interrupted.") and len(path.read_text().splitlines()) == 3  # the header, deals 0 and 1
    monkeypatch.undo()
    again = runner.invoke(cli.app, args)
    assert again.exit_code == 0 and "2 deals from" in " ".join(again.stdout.split()), again.output
