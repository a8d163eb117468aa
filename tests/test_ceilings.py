"""The Triomphe ceiling's best response (benchmarks/triomphe_ceiling.py) is a bound: on every game it scores at
least what any other line of the seeing side scores against the medium level, medium's own and double dummy's."""

import sys
from pathlib import Path

import pytest

import trionfi
from trionfi.tournament import deal_plan

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import triomphe_ceiling


@pytest.mark.parametrize("deal", range(8))
def test_best_response_bounds_the_other_lines(deal: int) -> None:
    game = trionfi.load("triomphe")
    plan = deal_plan(game, 2, 2035, deal)
    for lineup in plan["lineups"]:
        best = triomphe_ceiling.play_deal(game, plan, lineup, "best-response")
        assert best >= triomphe_ceiling.play_deal(game, plan, lineup, "medium")
        assert best >= triomphe_ceiling.play_deal(game, plan, lineup, "double-dummy")


def test_best_response_wins_more_than_double_dummy() -> None:
    """On the first 20 deals of seed 2035 the best response wins 25 games of 40, double dummy 23, medium 20."""
    game = trionfi.load("triomphe")
    wins = {"best-response": 0, "double-dummy": 0}
    for deal in range(20):
        plan = deal_plan(game, 2, 2035, deal)
        for lineup in plan["lineups"]:
            for mode in wins:
                wins[mode] += triomphe_ceiling.play_deal(game, plan, lineup, mode) > 0
    assert wins["best-response"] > wins["double-dummy"]
