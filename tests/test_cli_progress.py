"""Long commands show their progress where no terminal shows rich's bar: a line now and then on stderr."""

from __future__ import annotations

import io

from rich.console import Console
from typer.testing import CliRunner

from trionfi import cli, cli_progress
from trionfi.cli_progress import LineProgress


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def lines(console: Console) -> list[str]:
    return console.file.getvalue().splitlines()  # type: ignore[attr-defined]


def test_a_line_after_half_a_minute_then_one_a_minute_then_the_end():
    console, clock = Console(file=io.StringIO(), width=200), Clock()
    with LineProgress(console, clock) as progress:
        task = progress.add_task("duplicate deals", total=300)
        for done in range(1, 301):
            clock.now += 2.0  # a deal every two seconds: 600 s in all
            progress.update(task, completed=done)
    said = lines(console)
    assert said[0] == "duplicate deals: 15 of 300 (5 %), about 10 min left"  # at 30 s: 570 s
    assert said[1] == "duplicate deals: 45 of 300 (15 %), about 8 min left"  # 60 s later: 510 s
    assert len(said) == 1 + 570 // 60 + 1 and said[-1] == "duplicate deals: 300 of 300 (100 %), done in 10 min"


def test_a_short_run_says_nothing_and_an_interrupted_one_no_last_word():
    console, clock = Console(file=io.StringIO()), Clock()
    with LineProgress(console, clock) as progress:
        task = progress.add_task("playing deals", total=10)
        for _ in range(10):
            clock.now += 1.0
            progress.advance(task)
    assert lines(console) == []
    console, clock = Console(file=io.StringIO(), width=200), Clock()
    try:
        with LineProgress(console, clock) as progress:
            task = progress.add_task("playing deals", total=10)
            clock.now = 40.0
            progress.advance(task)
            raise KeyboardInterrupt
    except KeyboardInterrupt:
        pass
    assert lines(console) == ["playing deals: 1 of 10 (10 %)"]  # no pace yet: one report


def test_the_tournament_and_simulate_commands_say_their_progress_off_a_terminal(monkeypatch):
    monkeypatch.setattr(cli_progress, "FIRST_LINE", 0.0)
    monkeypatch.setattr(cli_progress, "EVERY", 0.0)
    runner = CliRunner()
    result = runner.invoke(cli.app, ["tournament", "briscola", "--bots", "random,random", "-n", "3", "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert "duplicate deals: 2 of 3 (67 %), about" in result.stderr
    assert result.stderr.count("duplicate deals: 3 of 3 (100 %), done in") == 1
    assert "duplicate deals:" not in result.stdout  # the results table alone
    result = runner.invoke(cli.app, ["simulate", "briscola", "-n", "2", "--seed", "1"])
    assert result.exit_code == 0 and "playing deals: 2 of 2 (100 %), done in" in result.stderr, result.stderr
    result = runner.invoke(cli.app, ["simulate", "briscola", "-n", "2", "--seed", "1", "--json"])
    assert result.exit_code == 0 and result.stderr == ""  # --json: nothing but the JSON


def test_a_tournament_going_on_from_its_log_says_the_time_left_at_its_own_pace():
    # 140 deals came from the log at once; at 30 s, 10 more: 150 left at a deal every 3 s is 7.5 min, not the
    # 30 s that 150 deals in 30 s would say.
    console, clock = Console(file=io.StringIO(), width=200), Clock()
    with LineProgress(console, clock) as progress:
        task = progress.add_task("duplicate deals", total=300)
        progress.update(task, completed=140)
        clock.now = 30.0
        progress.update(task, completed=150)
    assert lines(console)[0] == "duplicate deals: 150 of 300 (50 %), about 8 min left"
