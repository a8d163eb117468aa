"""The command line around the play loop: the help, --version, games, rules, simulate --match, Ctrl-C, and
the tournament plot."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from typer.testing import CliRunner

import trionfi
from trionfi import cli, cli_style
from trionfi.tournament import plot_figure, run_tournament

runner = CliRunner()
COMMANDS = ["games", "rules", "play", "simulate", "replay", "comanda", "tournament", "ratings"]


def run(*args: str, input: str | None = None) -> Any:
    return runner.invoke(cli.app, list(args), input=input)


# --- help and version ----------------------------------------------------------------------------------------
def test_top_level_help_names_every_game_and_takes_h():
    for flag in ("-h", "--help"):
        result = run(flag)
        assert result.exit_code == 0, result.output
        text = " ".join(result.stdout.split())
        for game in ("Briscola", "Briscola Chiamata", "Trijumf", "Triomphe", "Trionfetti", "Troccas"):
            assert game in text
        assert "--version" in text
    assert run().exit_code in (0, 2) and "Usage" in run().output  # no arguments: the help


def test_version():
    result = run("--version")
    assert result.exit_code == 0 and result.stdout.strip() == f"trionfi {trionfi.__version__}"


@pytest.mark.parametrize("command", COMMANDS)
def test_command_help_has_no_type_noise(command):
    result = run(command, "-h")
    assert result.exit_code == 0, result.output
    text = result.stdout
    for noise in ("<bool>", "<int>", "<str>", "<path>", "<float>", "[default:", "x>=", "{GAME}", "{FILE}"):
        assert noise not in text, (command, noise)
    assert re.search(r"Usage: .*" + command, text)


def test_option_help_says_the_defaults_in_words():
    text = " ".join(run("simulate", "-h").stdout.split())
    assert "(default: random)" in text  # the seed
    assert "(100)" in text  # the number of deals


# --- games -----------------------------------------------------------------------------------------------------
def test_games_shows_players_and_pack():
    result = run("games")
    assert result.exit_code == 0, result.output
    rows = {
        line.split()[0]: line
        for line in result.stdout.splitlines()
        if line.strip() and line.split()[0] in trionfi.games()
    }
    assert set(rows) == set(trionfi.games())
    assert "2, 3, 4 or 6" in rows["briscola"] and "bosnian: 2 to 10" in rows["briscola"]
    assert " 5 " in rows["briscola-chiamata"] and "Italian 40" in rows["briscola-chiamata"]
    assert "2 or 4" in rows["trijumf"]
    assert "strasbourg: 2 to 5" in rows["triomphe"] and "French 52" in rows["triomphe"]
    assert "Italian 52" in rows["trionfetti"] and "Swiss tarot 78" in rows["troccas"]


def test_player_counts_come_from_the_games():
    assert cli.player_counts("briscola-chiamata") == "5"
    assert cli.player_counts("troccas") == "4"
    assert cli.player_counts("trijumf") == "2 or 4"


# --- rules -----------------------------------------------------------------------------------------------------
def test_rules_are_written_for_players():
    result = run("rules", "briscola")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Cards and points" in out and "• ace 11, three 10, king 4, horse 3, jack 2" in out
    assert "points()" not in out and "RULES.md" not in out and "``" not in out
    assert "This table: 2 players, each for himself" in out
    assert "options (set with --option name=value)" in out


def test_rules_show_the_chosen_variant():
    result = run("rules", "briscola", "-o", "variant=briscolone")
    assert result.exit_code == 0, result.output
    assert "Briscolone" in result.stdout and "no trumps at all" in result.stdout
    assert "Each team has a captain" not in result.stdout  # Schembil's section
    assert "Each team has a captain" in run("rules", "briscola", "-o", "variant=schembil").stdout


def test_rules_option_table_reads_naturally():
    out = " ".join(run("rules", "briscola").stdout.split())
    assert "default: with 4 or 6 players" in out and ">=" not in out
    players = next(o for o in trionfi.load("briscola").OPTIONS if o.name == "players")
    assert cli._allowed(players) == "a whole number from 2 to 10"
    assert "flip4_packet_order" not in " ".join(run("rules", "trijumf").stdout.split())  # one value: not an option


# --- players and variants -----------------------------------------------------------------------------------
def test_five_players_point_to_briscola_chiamata():
    for args in (["play", "briscola", "--players", "5"], ["rules", "briscola", "-p", "5"]):
        result = run(*args)
        assert result.exit_code == 2
        assert "briscola-chiamata" in result.stderr and result.stderr.count("\n") == 1


def test_schembil_means_six_players():
    result = run("rules", "briscola", "-o", "variant=schembil")
    assert result.exit_code == 0, result.output
    assert "This table: 6 players" in result.stdout and "now 6" in result.stdout
    assert trionfi.load("briscola", variant="schembil").players == 6
    refused = run("rules", "briscola", "-o", "variant=schembil", "-p", "4")
    assert refused.exit_code == 2 and "played by 6 players, not 4" in refused.stderr


def test_simulate_schembil_without_players():
    result = run("simulate", "briscola", "-o", "variant=schembil", "-n", "2", "--seed", "1", "--json")
    assert result.exit_code == 0, result.output
    assert [side["seats"] for side in json.loads(result.stdout)["sides"]] == [[0, 2, 4], [1, 3, 5]]


# --- simulate --match --------------------------------------------------------------------------------------
def test_simulate_match_speaks_of_matches():
    result = run("simulate", "briscola", "--match", "-n", "4", "--seed", "2")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "4 matches" in out and "matches won" in out and "mean match score" in out
    assert "best of 3 deals" in out and "deals played" in out
    assert re.search(r"matches per second|too fast to time", out) and "deals per second" not in out
    data = json.loads(run("simulate", "briscola", "--match", "-n", "4", "--seed", "2", "--json").stdout)
    assert data["unit"] == "matches" and data["matches"] == 4 and data["deals"] >= 8
    assert "matches_per_second" in data and all("mean_score" in side for side in data["sides"])


def test_simulate_deals_keep_their_words():
    out = run("simulate", "briscola", "-n", "3", "--seed", "2").stdout
    assert "deals won" in out and "mean points" in out and "match" not in out


# --- Ctrl-C ---------------------------------------------------------------------------------------------------
def test_ctrl_c_exits_130_with_one_line(monkeypatch):
    def interrupted(*args: Any, **kwargs: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "simulate_deals", interrupted)
    result = run("simulate", "briscola", "-n", "5")
    assert result.exit_code == 130
    assert result.stderr.strip() == "Interrupted."
    assert "Traceback" not in result.output


def test_ctrl_c_outside_a_command_exits_130(monkeypatch, capsys):
    class App:
        def __call__(self) -> None:
            raise KeyboardInterrupt

    with pytest.raises(SystemExit) as stopped:
        cli_style.run(App())  # type: ignore[arg-type]
    assert stopped.value.code == 130
    assert "Interrupted." in capsys.readouterr().err


# --- the tournament plot -------------------------------------------------------------------------------------
@pytest.mark.parametrize("deals", [1, 3, 13])
def test_the_plot_has_whole_number_ticks_and_nothing_over_the_curves(deals):
    import matplotlib.pyplot as plt

    game = trionfi.load("briscola")
    result = run_tournament(game, "heuristic,random", deals, seed=4, jobs=1)
    fig = plot_figure(result)
    try:
        fig.canvas.draw()
        ax = fig.axes[0]
        low, high = ax.get_xlim()
        ticks = [t for t in ax.get_xticks() if low <= t <= high]
        assert ticks and all(float(t).is_integer() for t in ticks)
        bottom, top = ax.get_ylim()
        assert bottom < 0 and top > 1  # a curve along 0 % or 100 % stays visible
        shown = [t.get_text() for t in ax.get_yticklabels() if bottom <= t.get_position()[1] <= top]
        assert shown == ["0%", "25%", "50%", "75%", "100%"]
        # No text inside the plotting area: the legend and the notes lie below the axes.
        box = ax.get_window_extent()
        legend = ax.get_legend().get_window_extent()
        assert legend.y1 <= box.y0
        assert not ax.texts
        for text in fig.texts:
            assert text.get_window_extent().y1 <= box.y0
    finally:
        plt.close(fig)
