"""Duplicate-deal tournaments, their figures, files and plots, openskill ratings, the CLI commands and the Ray
backend (against a local Ray)."""

from __future__ import annotations

import json
import math
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

import trionfi
from trionfi import cli, tournament
from trionfi.errors import OptionError
from trionfi.ratings import ranks_of, rate_results, teams_of
from trionfi.tournament import (
    TournamentError,
    deal_plan,
    load_result,
    plot_result,
    rate_interval,
    run_tournament,
    running_rates,
    save_result,
    summarize,
)

runner = CliRunner()
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def spy_deals(monkeypatch: pytest.MonkeyPatch, game_class: type) -> list[dict[str, Any]]:
    """Record every deal a tournament makes: its stacked deck, seed, dealer and the hands dealt."""
    dealt: list[dict[str, Any]] = []
    original = game_class.deal

    def deal(self, seed=None, deck=None, dealer=None):
        state = original(self, seed=seed, deck=deck, dealer=dealer)
        hands = [state.hand(s) for s in range(self.players)]
        dealt.append({"deck": list(map(str, deck)), "seed": seed, "dealer": dealer, "hands": hands})
        return state

    monkeypatch.setattr(game_class, "deal", deal)
    return dealt


# --- duplicate deals --------------------------------------------------------------------------------------------
def test_duplicate_deals_replay_the_same_cards_with_the_seats_swapped(monkeypatch):
    game = trionfi.load("briscola")
    dealt = spy_deals(monkeypatch, type(game))
    result = run_tournament(game, "heuristic,random", 5, seed=11, jobs=1)
    assert len(dealt) == 10  # two games per deal
    for d, entry in enumerate(result["log"]):
        first, second = dealt[2 * d], dealt[2 * d + 1]
        assert first["deck"] == second["deck"] and first["seed"] == second["seed"] == entry["seed"]
        assert first["hands"] == second["hands"] and first["dealer"] == second["dealer"]
        lineups = [g["seats"] for g in entry["games"]]
        assert sorted(lineups) == [["heuristic", "random"], ["random", "heuristic"]]
    assert len({tuple(d["deck"]) for d in dealt}) == 5  # a new deck every deal


def test_more_seats_than_bots_rotate_round_robin():
    game = trionfi.load("briscola", players=4)
    plan = deal_plan(game, 2, seed=3, index=0)
    # Partners hold the same bot; the two distinct rotations put each bot on each side.
    assert sorted(plan["lineups"]) == [[0, 1, 0, 1], [1, 0, 1, 0]]
    three = deal_plan(trionfi.load("briscola", players=3), 3, seed=3, index=1)["lineups"]
    assert len(three) == 3 and all(sorted(column) == [0, 1, 2] for column in zip(*three, strict=True))
    assert sorted(deal_plan(game, 2, seed=3, index=0)["deck"]) == sorted(map(str, game.deck))


def test_a_bot_against_itself_scores_exactly_half():
    # The bot at a seat gets that seat's seed whoever it is: two copies of a bot play mirror games.
    result = run_tournament(trionfi.load("briscola"), "random,random", 20, seed=2, jobs=1)
    assert [r["bot"] for r in result["results"]] == ["random", "random#2"]
    assert all(r["score_rate"] == 0.5 for r in result["results"])


def test_results_are_deterministic_and_independent_of_jobs():
    game = trionfi.load("trijumf")
    one = run_tournament(game, "heuristic,random", 8, seed=5, jobs=1)
    two = run_tournament(game, "heuristic,random", 8, seed=5, jobs=2, chunk_size=3)
    again = run_tournament(game, "heuristic,random", 8, seed=5, jobs=1, chunk_size=1)
    assert one["log"] == two["log"] == again["log"]
    assert one["results"] == two["results"]
    other = run_tournament(game, "heuristic,random", 8, seed=6, jobs=1)
    assert other["log"] != one["log"]


CROSS_PROCESS = """
import json, trionfi
from trionfi.tournament import run_tournament as run
print(json.dumps({g: run(trionfi.load(g), "heuristic,random", 4, seed=8, jobs=1)["log"] for g in trionfi.games()}))
"""


def test_results_do_not_depend_on_the_process():
    # Ray workers and fresh processes have their own string-hash seeds: a bot that iterated over a set of card
    # codes would play differently there. Compare every game in a process with another hash seed.
    here = {
        name: run_tournament(trionfi.load(name), "heuristic,random", 4, seed=8, jobs=1)["log"]
        for name in trionfi.games()
    }
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    done = subprocess.run([sys.executable, "-c", CROSS_PROCESS], capture_output=True, text=True, env=env, check=True)
    there = json.loads(done.stdout)
    assert [name for name in here if here[name] != there[name]] == []


def test_progress_reaches_the_total():
    seen: list[tuple[int, int]] = []
    run_tournament(
        trionfi.load("briscola"),
        "random,heuristic",
        7,
        seed=1,
        jobs=1,
        chunk_size=2,
        progress=lambda *a: seen.append(a),
    )
    assert seen[-1] == (7, 7) and [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_bad_tournaments_are_refused():
    game = trionfi.load("briscola")
    with pytest.raises(TournamentError, match="at least two bots"):
        run_tournament(game, "random", 2)
    with pytest.raises(OptionError, match="no bot named 'wizard'"):
        run_tournament(game, "random,wizard", 2)
    with pytest.raises(TournamentError, match="unknown backend"):
        run_tournament(game, "random,random", 2, backend="slurm")
    with pytest.raises(TournamentError, match="at least 1"):
        run_tournament(game, "random,random", 0)


# --- the figures ------------------------------------------------------------------------------------------------
def hand_made_log() -> list[dict[str, Any]]:
    """Four duplicate deals of A v B: A wins both games, splits, draws then wins, loses both."""

    def game(seats: list[str], ret0: float, points: list[float]) -> dict[str, Any]:
        return {"seats": seats, "returns": [ret0, -ret0], "points": points}

    return [
        {"deal": 0, "seed": 1, "games": [game(["A", "B"], 1, [80, 40]), game(["B", "A"], -1, [50, 70])]},
        {"deal": 1, "seed": 2, "games": [game(["A", "B"], 1, [70, 50]), game(["B", "A"], 1, [65, 55])]},
        {"deal": 2, "seed": 3, "games": [game(["A", "B"], 0, [60, 60]), game(["B", "A"], -1, [30, 90])]},
        {"deal": 3, "seed": 4, "games": [game(["A", "B"], -1, [20, 100]), game(["B", "A"], 1, [61, 59])]},
    ]


def wilson(p: float, n: float, z: float = 1.959964) -> list[float]:
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return [centre - half, centre + half]


def test_rates_and_intervals_on_a_hand_made_log():
    a, b = summarize(hand_made_log(), ["A", "B"], [[0], [1]])
    assert (a["games"], a["wins"], a["draws"], a["losses"]) == (8, 4, 1, 3)
    assert (b["games"], b["wins"], b["draws"], b["losses"]) == (8, 3, 1, 4)
    assert a["score_rate"] == pytest.approx(4.5 / 8) and b["score_rate"] == pytest.approx(3.5 / 8)
    # Paired deals: the variance is that of the four per-deal means of A; Wilson's interval for the games it is
    # worth.
    means = [1.0, 0.5, 0.75, 0.0]
    for row, rate in ((a, 4.5 / 8), (b, 3.5 / 8)):
        effective = rate * (1 - rate) / (statistics.stdev(means) ** 2 / 4)
        assert row["interval"] == pytest.approx(wilson(rate, effective), abs=1e-5)
    assert a["mean_points"] == pytest.approx((80 + 70 + 70 + 55 + 60 + 90 + 20 + 59) / 8)
    assert a["points_per_deal"] == pytest.approx((1 + 1 + 1 - 1 + 0 + 1 - 1 - 1) / 8)


def test_interval_with_unequal_deals_and_running_rates():
    pairs = [(2.0, 2), (0.5, 1), (3.0, 4), (0.0, 0), (1.0, 3)]
    rate, low, high = rate_interval(pairs)
    played = [(s, g) for s, g in pairs if g]
    total = sum(g for _, g in played)
    assert rate == pytest.approx(6.5 / 10)
    variance = 4 / 3 * sum((s - rate * g) ** 2 for s, g in played) / total**2
    assert [low, high] == pytest.approx(wilson(rate, rate * (1 - rate) / variance), abs=1e-6)
    series = running_rates(pairs)
    assert series[-1] == pytest.approx((rate, low, high))
    assert series[0] == pytest.approx((1.0, *wilson(1.0, 2)))  # one deal: its games count as independent
    assert series[3] == series[2]  # a deal the bot sat out changes nothing


def test_intervals_at_the_edges():
    # Every deal won: no spread to measure, so Wilson on the games, not a zero-width interval.
    rate, low, high = rate_interval([(2.0, 2)] * 5)
    assert rate == 1.0 and high == pytest.approx(1.0) and low == pytest.approx(wilson(1.0, 10)[0]) and low < 0.75
    # Two copies of one bot: every deal exactly half, which the duplicate makes exact.
    assert rate_interval([(1.0, 2)] * 5) == (0.5, 0.5, 0.5)
    assert rate_interval([]) == (0.0, 0.0, 1.0)
    # A long run: close to the normal interval over per-deal means.
    means = [1.0, 0.5, 0.0, 0.5, 1.0, 0.5, 1.0, 0.0] * 100
    rate, low, high = rate_interval([(2 * x, 2) for x in means])
    assert high - low == pytest.approx(2 * 1.959964 * statistics.stdev(means) / math.sqrt(len(means)), rel=0.01)


def test_partnerships_count_once_per_side():
    sides = [[0, 2], [1, 3]]
    log = [
        {
            "deal": 0,
            "seed": 0,
            "games": [{"seats": ["A", "B", "A", "B"], "returns": [1, -1, 1, -1], "points": [70, 50]}],
        }
    ]
    a, b = summarize(log, ["A", "B"], sides)
    assert (a["games"], a["wins"], a["mean_points"]) == (1, 1, 70)
    assert (b["games"], b["losses"], b["mean_points"]) == (1, 1, 50)


# --- the seat mode (games of more than two sides) ---------------------------------------------------------------
def test_seat_mode_plays_a_baseline_then_the_first_bot_alone_in_each_seat(monkeypatch):
    game = trionfi.load("briscola-chiamata")
    assert deal_plan(game, 2, seed=3, index=0, mode="seat")["lineups"] == [
        [1, 1, 1, 1, 1],
        [0, 1, 1, 1, 1],
        [1, 0, 1, 1, 1],
        [1, 1, 0, 1, 1],
        [1, 1, 1, 0, 1],
        [1, 1, 1, 1, 0],
    ]
    dealt = spy_deals(monkeypatch, type(game))
    result = run_tournament(game, "heuristic,random", 3, seed=4, jobs=1, mode="seat")
    assert len(dealt) == 18 and result["mode"] == "seat"
    for d in range(3):
        assert len({(tuple(x["deck"]), x["seed"]) for x in dealt[6 * d : 6 * d + 6]}) == 1  # one deck per deal
    heuristic, rand = result["results"]
    assert heuristic["games"] == rand["games"] == 15  # a pairing per seat and deal
    assert (heuristic["wins"], heuristic["draws"], heuristic["losses"]) == (rand["losses"], rand["draws"], rand["wins"])
    assert heuristic["score_rate"] + rand["score_rate"] == pytest.approx(1.0)
    # The baseline's returns are zero-sum over the five seats: its mean over the pairings is 0.
    assert rand["points_per_deal"] == pytest.approx(0.0)
    # The ratings read the same games (the baseline, one bot alone, rates nobody).
    assert [(row["bot"], row["games"]) for row in rate_results([result])] == [("heuristic", 15), ("random", 15)]


def test_seat_mode_of_a_bot_against_itself_is_all_draws():
    result = run_tournament(trionfi.load("briscola-chiamata"), "heuristic,heuristic", 4, seed=2, jobs=1, mode="seat")
    assert [(r["draws"], r["score_rate"]) for r in result["results"]] == [(20, 0.5), (20, 0.5)]


def test_seat_mode_pairings_on_a_hand_made_deal():
    # Three single seats: B everywhere, then A in seat 0, 1, 2. A's seat beats the baseline in seat 0 (+2 to
    # -1), ties in seat 1 (-1 and -1) and loses in seat 2 (+1 to -1). The camp is the seats sharing the result.
    def game(seats: list[str], returns: list[float], points: list[float]) -> dict[str, Any]:
        return {"seats": seats, "returns": returns, "points": points}

    base = game(["B", "B", "B"], [-1, -1, 2], [30, 20, 70])
    deal = {
        "deal": 0,
        "seed": 0,
        "games": [
            base,
            game(["A", "B", "B"], [2, -1, -1], [70, 20, 30]),
            game(["B", "A", "B"], [-1, -1, 2], [25, 30, 65]),
            game(["B", "B", "A"], [2, -1, -1], [61, 39, 20]),
        ],
    }
    sides = [[0], [1], [2]]
    assert tournament.seat_pairings(deal, ["A", "B"], sides) == [
        (1.0, (2, -1), (70.0, 50.0)),
        (0.5, (-1, -1), (55.0, 50.0)),
        (0.0, (-1, 2), (59.0, 70.0)),
    ]
    a, b = summarize([deal], ["A", "B"], sides, mode="seat")
    assert (a["wins"], a["draws"], a["losses"], a["score_rate"]) == (1, 1, 1, 0.5)
    # The tie in seat 1 goes to A's camp: 55 card points against the baseline camp's 50.
    broken = a["points_breaking_ties"]
    assert (broken["wins"], broken["draws"], broken["losses"], broken["games"]) == (2, 0, 1, 3)
    assert b["points_breaking_ties"]["score_rate"] == pytest.approx(1 / 3)
    assert a["mean_points"] == pytest.approx(184 / 3) and b["points_per_deal"] == pytest.approx(0.0)


def test_seat_mode_is_refused_for_other_than_two_bots_and_checked_in_files(tmp_path):
    game = trionfi.load("briscola-chiamata")
    with pytest.raises(TournamentError, match="compares two bots"):
        run_tournament(game, "heuristic,random,random", 1, mode="seat")
    with pytest.raises(TournamentError, match="unknown mode 'solo'"):
        run_tournament(game, "heuristic,random", 1, mode="solo")
    result = run_tournament(game, "heuristic,random", 2, seed=1, jobs=1, mode="seat")
    path = tmp_path / "seat.json"
    save_result(result, path)
    assert load_result(path)["results"] == result["results"]
    plot_result(result, tmp_path / "seat.png")
    result["log"][0]["games"].reverse()
    save_result(result, path)
    with pytest.raises(TournamentError, match="a seat mode deal is the second bot's game"):
        load_result(path)


# --- files and plots --------------------------------------------------------------------------------------------
def test_json_export_round_trips(tmp_path):
    result = run_tournament(trionfi.load("briscola", players=4), "heuristic,random", 4, seed=9, jobs=1)
    path = tmp_path / "t.json"
    save_result(result, path)
    loaded = load_result(path)
    assert loaded == json.loads(json.dumps(result))
    labels = [b["label"] for b in loaded["bots"]]
    assert summarize(loaded["log"], labels, loaded["sides"]) == loaded["results"]


def test_bad_result_files_are_refused(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(TournamentError, match="is not JSON"):
        load_result(bad)
    bad.write_text(json.dumps({"format": "trionfi", "kind": "deal"}))
    with pytest.raises(TournamentError, match="not a tournament result"):
        load_result(bad)
    with pytest.raises(TournamentError, match="cannot read"):
        load_result(tmp_path / "missing.json")


def test_the_plot_is_a_png(tmp_path):
    result = run_tournament(trionfi.load("briscola"), "heuristic,random", 6, seed=1, jobs=1)
    path = tmp_path / "plot.png"
    plot_result(result, path)
    data = path.read_bytes()
    assert data.startswith(PNG_MAGIC) and len(data) > 10_000


# --- ratings ----------------------------------------------------------------------------------------------------
def made_up_result(bots: list[str], sides: list[list[int]], games: list[tuple[list[str], list[float]]]):
    log = [
        {"deal": i, "seed": i, "games": [{"seats": s, "returns": r, "points": [0] * len(sides)}]}
        for i, (s, r) in enumerate(games)
    ]
    return {
        "format": tournament.FORMAT,
        "version": tournament.VERSION,
        "game": "briscola",
        "options": {},
        "players": len(games[0][0]),
        "sides": sides,
        "bots": [{"label": b, "spec": b} for b in bots],
        "deals": len(log),
        "seed": 0,
        "results": [],
        "log": log,
    }


def test_ratings_rank_a_strong_bot_above_random(tmp_path):
    games = []
    for i in range(60):
        strong_wins = i % 5 != 0  # 80 %
        seats = ["strong", "random"] if i % 2 else ["random", "strong"]
        me = seats.index("strong")
        games.append((seats, [1.0 if (s == me) == strong_wins else -1.0 for s in range(2)]))
    path = tmp_path / "made-up.json"
    path.write_text(json.dumps(made_up_result(["strong", "random"], [[0], [1]], games)))
    table = rate_results([load_result(path)])
    assert [row["bot"] for row in table] == ["strong", "random"]
    assert table[0]["mu"] > table[1]["mu"] + 5 and table[0]["games"] == 60
    cli_table = runner.invoke(cli.app, ["ratings", str(path), "--json"])
    assert cli_table.exit_code == 0 and json.loads(cli_table.stdout) == table


def test_ratings_rate_partnerships_as_teams():
    # A+B always beat C+D whatever the seats: both partners rise, both opponents fall.
    games = [(["A", "C", "B", "D"], [1.0, -1.0, 1.0, -1.0]), (["C", "A", "D", "B"], [-1.0, 1.0, -1.0, 1.0])] * 15
    table = rate_results([made_up_result(["A", "B", "C", "D"], [[0, 2], [1, 3]], games)])
    assert {row["bot"] for row in table[:2]} == {"A", "B"} and table[2]["mu"] < 25 < table[0]["mu"]


def test_teams_of_a_game():
    partners = [[0, 2], [1, 3]]
    assert teams_of(["A", "B", "A", "B"], [1, -1, 1, -1], partners) == [(["A"], 1.0), (["B"], -1.0)]
    assert teams_of(["A", "C", "B", "D"], [1, -1, 1, -1], partners) == [(["A", "B"], 1.0), (["C", "D"], -1.0)]
    # A on both sides is rated on its own with its mean result.
    assert teams_of(["A", "B", "C", "A"], [1, -1, 1, -1], partners) == [(["C"], 1.0), (["B"], -1.0), (["A"], 0.0)]
    singles = [[0], [1], [2]]
    assert teams_of(["A", "B", "A"], [2, -1, -1], singles) == [(["B"], -1.0), (["A"], 0.5)]
    assert ranks_of([2.0, 1.0, -1.0, -1.0]) == [1, 2, 3, 3]


# --- the command line -------------------------------------------------------------------------------------------
def test_cli_tournament_table_json_and_plot(tmp_path):
    json_file, png = tmp_path / "out.json", tmp_path / "out.png"
    args = ["tournament", "briscola", "--bots", "heuristic,random", "-n", "5", "--seed", "3", "--jobs", "1"]
    result = runner.invoke(cli.app, [*args, "--json", str(json_file), "--plot", str(png)])
    assert result.exit_code == 0, result.output
    for text in ("heuristic", "random", "score [95 % interval]", "W-D-L", "card pts", "5 duplicate deals"):
        assert text in result.stdout
    text = " ".join(result.stdout.split())  # the caption wraps
    assert "local, 1 job" in text and "1 jobs" not in text  # --jobs 1: one job, said in the singular
    assert f"(rate them with: trionfi ratings {json_file})" in text  # the command to copy, not "FILE"
    assert load_result(json_file)["deals"] == 5 and png.read_bytes().startswith(PNG_MAGIC)
    rated = runner.invoke(cli.app, ["ratings", str(json_file), str(json_file)])
    assert rated.exit_code == 0 and "ordinal" in rated.stdout and "heuristic" in rated.stdout


def test_cli_tournament_seat_mode():
    args = ["tournament", "chiamata", "--bots", "medium,easy", "-n", "2", "--seed", "3", "-j", "1", "--mode", "seat"]
    result = runner.invoke(cli.app, args)
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.split())  # the table wraps its title
    assert "5 pairings of one seat with the baseline" in text and "pairings won" in text
    assert "card points breaking the ties" in text


@pytest.mark.parametrize("width", [40, 60, 80, 100])
def test_cli_tournament_keeps_the_bot_names_whole_at_a_narrow_terminal(monkeypatch, width):
    """At 60 columns rich cut every column of the table alike: "med…", "ran…", "heuris…". From 80 the table is
    as it was."""
    monkeypatch.setattr(cli, "out", Console(width=width, highlight=False))
    bots = ("medium", "random", "heuristic")
    args = ["tournament", "briscola", "--bots", ",".join(bots), "-n", "2", "--seed", "3", "-j", "1"]
    result = runner.invoke(cli.app, args)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert "…" not in result.stdout and max(len(line) for line in lines) <= width, result.stdout
    for bot in bots:
        assert any(re.match(rf" ?{bot}\b", line) for line in lines), (bot, result.stdout)
    wide = "bot        games  W-D-L  score [95 % interval]  card pts  score/deal"
    assert (wide in result.stdout) == (width >= 80), result.stdout


def test_cli_tournament_with_players_and_options(tmp_path):
    json_file = tmp_path / "four.json"
    args = [
        "tournament",
        "briscola",
        "-p",
        "4",
        "-o",
        "communication=signals",
        "--bots",
        "easy,medium",
        "-n",
        "2",
        "--jobs",
        "1",
    ]
    result = runner.invoke(cli.app, [*args, "--json", str(json_file)])
    assert result.exit_code == 0, result.output
    data = load_result(json_file)
    assert data["players"] == 4 and data["options"] == {"players": 4, "communication": "signals"}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["tournament", "briscola", "--bots", "random,wizard"], "no bot named 'wizard'"),
        (["tournament", "whist", "--bots", "random,random"], "whist"),
        (["tournament", "briscola", "--bots", "random"], "at least two bots"),
        (["tournament", "briscola", "--address", "10.0.0.1:6379"], "--backend ray"),
        (["tournament", "briscola", "--backend", "slurm"], "local or ray"),
        (["tournament", "briscola", "--plot", "out.txt"], "ending in .png"),
        (["tournament", "briscola", "--mode", "solo"], "rotate or seat"),
        (["tournament", "briscola", "--mode", "seat", "--bots", "easy,medium,hard"], "compares two bots"),
        (["tournament", "briscola", "--json", "/no/such/folder/x.json"], "does not exist"),
        (["tournament", "briscola", "-o", "colour=red"], "colour"),
        (["ratings", "/no/such/file.json"], "cannot read"),
    ],
)
def test_cli_bad_input_exits_2_with_a_clear_message(args, message):
    result = runner.invoke(cli.app, args)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_cli_ratings_refuses_a_record(tmp_path):
    record = tmp_path / "deal.json"
    record.write_text(json.dumps(trionfi.load("briscola").deal(seed=1).to_record()))
    result = runner.invoke(cli.app, ["ratings", str(record)])
    assert result.exit_code == 2 and "not a tournament result" in result.output


# --- Ray --------------------------------------------------------------------------------------------------------
def test_ray_backend_gives_the_same_results_as_local_processes():
    pytest.importorskip("ray", reason="Ray is not installed: pip install -e '.[ray]' (make test installs it)")
    game = trionfi.load("briscola")
    local = run_tournament(game, "heuristic,random", 6, seed=21, jobs=2, chunk_size=2)
    on_ray = run_tournament(game, "heuristic,random", 6, seed=21, jobs=2, chunk_size=2, backend="ray")
    assert on_ray["backend"] == "ray"
    assert on_ray["log"] == local["log"] and on_ray["results"] == local["results"]


def test_docs_name_the_commands():
    text = (Path(__file__).parent.parent / "docs" / "tournaments.md").read_text()
    for command in ("trionfi tournament", "trionfi ratings", "--backend ray", "trionfi[ray]"):
        assert command in text
