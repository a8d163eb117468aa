"""benchmarks/strength.py: the Strength table's rows say how each was measured, a seat-mode row included."""

import sys
from pathlib import Path

import matplotlib.pyplot as plt
import pytest

import trionfi
from trionfi.tournament import plot_figure, run_tournament

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import strength


@pytest.fixture(scope="module")
def seat_result():
    return run_tournament(trionfi.load("briscola-chiamata"), "heuristic,random", 2, seed=5, jobs=1, mode="seat")


def test_the_seat_mode_row_is_chiamatas_head_to_head_measure_and_its_command_says_so():
    seat = [m for m in strength.MATCHUPS if m.mode == "seat"]
    assert [(m.game, m.bots) for m in seat] == [("briscola-chiamata", "hard,heuristic")]
    assert strength.command(seat[0]) == (
        "trionfi tournament briscola-chiamata --bots hard,heuristic --mode seat -n 300 --seed 2031"
    )
    rotation = next(m for m in strength.MATCHUPS if m.key == "chiamata-hard-heuristic")
    assert "--mode" not in strength.command(rotation)
    assert len({m.key for m in strength.MATCHUPS}) == len(strength.MATCHUPS)


def test_a_seat_mode_result_is_not_taken_for_the_rotation_of_the_same_deals(seat_result):
    m = strength.Matchup("x", "briscola-chiamata", {}, "heuristic,random", 2, 5, "")
    assert not strength.same(seat_result, m)
    assert strength.same(seat_result, m._replace(mode="seat"))


def test_a_seat_mode_row_counts_pairings_and_names_its_mode(seat_result):
    line = strength.row("x", seat_result, "≥ 60 %")
    assert line.startswith("| Briscola Chiamata, seat mode | heuristic vs random | 2 (10 pairings) |")
    rotation = run_tournament(trionfi.load("briscola"), "heuristic,random", 2, seed=5, jobs=1)
    assert strength.row("y", rotation, "").startswith("| Briscola | heuristic vs random | 2 (4 games) |")


def test_the_plot_of_a_seat_mode_run_says_its_rates_are_of_pairings(seat_result):
    fig = plot_figure(seat_result)
    try:
        assert fig.axes[0].get_title().endswith("heuristic v random, seat mode")
    finally:
        plt.close(fig)
