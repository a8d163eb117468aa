"""The best answer to the opponent's playout rule (``Briscola2.respond``, the hard level's endgame in two-player
Briscola) against a brute force through the engine, and against the exact solver's bounds."""

from __future__ import annotations

import random

import pytest

import trionfi
from trionfi.agents.briscola2 import briscola2, rule_card


def _position(seed: int, stock: int):
    game = trionfi.load("briscola")
    state = game.deal(seed=seed)
    rng = random.Random(seed)
    while len(state.stock) > stock or (seed % 2 and not state.trick):  # odd seeds: a card on the table
        state.apply(rng.choice(state._legal()))
    return game, briscola2(game), state


def _brute(fb, state, me: int) -> int:
    """Seat 0's final margin through the engine: ``me`` tries every card, the other seat plays the rule."""
    if state.is_terminal():
        return state.won[0] - state.won[1]
    if state.current_player != me:
        child = state.clone()
        child.apply(fb.cards[rule_card(fb, state)])
        return _brute(fb, child, me)
    values = []
    for c in state._legal():
        child = state.clone()
        child.apply(c)
        values.append(_brute(fb, child, me))
    return max(values) if me == 0 else min(values)


@pytest.mark.parametrize("seed", range(12))
def test_the_best_answer_to_the_rule_is_the_brute_force_one(seed):
    _, fb, state = _position(seed, 2)
    hands, stock, leader, led, won, _, trump = fb.position(state)
    for me in (0, 1):
        value = fb.respond([h[:] for h in hands], stock[:], leader, led, trump, me, {})
        assert won[0] - won[1] + value == _brute(fb, state, me)


@pytest.mark.parametrize("seed", range(40))
def test_an_opponent_held_to_the_rule_is_worth_no_more_than_a_perfect_one(seed):
    # Against the rule a seat does at least as well as against perfect play (the solver), never better
    # than with perfect play on its side.
    _, fb, state = _position(seed, 4)
    hands, stock, leader, led, _, _, trump = fb.position(state)
    best = fb.solve([h[:] for h in hands], stock[:], leader, led, trump, {})
    mine = fb.respond([h[:] for h in hands], stock[:], leader, led, trump, 0, {})
    theirs = fb.respond([h[:] for h in hands], stock[:], leader, led, trump, 1, {})
    assert theirs <= best <= mine
