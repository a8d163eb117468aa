"""The search's ``lookahead`` in two-player Briscola: the seat's next card chosen from what it would see then."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trionfi
from briscola_support import play_random
from trionfi.agents.briscola2 import FastWorlds, advance, briscola2, fast_playout, playout_tables, rule_move
from trionfi.agents.search import SearchAgent, _look_means

seeds = st.integers(min_value=0, max_value=2**32)


def _position(options, seed, steps):
    game = trionfi.load("briscola", **options)
    state = game.deal(seed=seed)
    play_random(state, random.Random(seed), steps=steps, cards_only=True)
    return game, state


@pytest.mark.parametrize("options", [{}, {"deck": "french"}, {"variant": "briscolone"}], ids=str)
@settings(max_examples=30, deadline=None)
@given(seed=seeds, steps=st.integers(min_value=0, max_value=38), seat=st.sampled_from([0, 1]))
def test_the_other_seat_s_cards_up_to_the_next_decision_are_the_playout_s(options, seed, steps, seat):
    # advance() and then the rule's card for the seat, played out by the rule, is the rule's playout itself.
    game, state = _position(options, seed, steps)
    if state.is_terminal():
        return
    fb = briscola2(game)
    hands, stock, leader, led, won, unplayed, trump = fb.position(state)
    whole = [[h[:] for h in hands], stock[:], won[:]]
    fast_playout(fb, whole[0], whole[1], leader, led, whole[2], unplayed, trump, 0, 0.0, random.Random(0))
    h, s, w = [x[:] for x in hands], stock[:], won[:]
    leader, led, unplayed, seen = advance(fb, h, s, leader, led, w, unplayed, trump, seat)
    assert all(not fb.bit[c] & unplayed for c in seen)
    if h[seat]:
        assert (leader if led < 0 else 1 - leader) == seat  # stopped at the seat's turn
        c = rule_move(fb, playout_tables(fb, trump), h, s, leader, led, unplayed, trump)
        leader, led = fb.step(h, s, leader, led, c, w, trump)
        if h[0] or h[1]:
            fast_playout(fb, h, s, leader, led, w, unplayed & ~fb.bit[c], trump, 0, 0.0, random.Random(0))
    assert w == whole[2]


@settings(max_examples=15, deadline=None)
@given(seed=seeds, steps=st.integers(min_value=0, max_value=24))
def test_a_world_s_score_with_lookahead_is_the_rule_s_playout(seed, steps):
    # Each world still scores a candidate as the playout does (the rule's next card); the lookahead only adds
    # every other next card's score beside it.
    game, state = _position({}, seed, steps)
    if state.is_terminal() or len(state.stock) < 6:
        return
    seat = state.current_player
    obs = json.loads(json.dumps(state.observation(seat)))
    fb = briscola2(game)
    maker = FastWorlds(fb, obs, game.hand_size)
    numbers = [(a, fb.number[trionfi.card(a)]) for a in obs["legal_actions"]]
    plain = SearchAgent(game=game, seed=1)
    look = SearchAgent(game=game, seed=1, lookahead=True)
    rng = random.Random(seed)
    for _ in range(5):
        world = maker.world(rng)
        found, exact, _ = plain._fast_world(fb, world, numbers, seat, random.Random(0))
        again, _, _ = look._fast_world(fb, world, numbers, seat, random.Random(0))
        assert not exact and again == found
        for text, (_, values, rule) in look._looks[-1].items():
            assert values[rule] == found[text]


def test_the_next_card_is_chosen_by_the_other_worlds_seen_alike():
    # For "a" the seat sees the same thing in all three worlds and its second card is better in every one: chosen.
    # For "b" one lucky world makes the second card look best overall, but in that world the others choose the
    # first card (leave one out): a world's own luck never picks its card.
    k = ("seen", (1, 2))
    rows = [
        {"a": (k, [0.0, 1.0], 0), "b": (k, [0.0, 3.0], 0)},
        {"a": (k, [0.0, 1.0], 0), "b": (k, [0.5, 0.0], 0)},
        {"a": (k, [0.0, 1.0], 0), "b": (k, [0.5, 0.0], 0)},
    ]
    means = _look_means(rows, ["a", "b"], None)
    assert means["a"] == 1.0
    # world 0: the others sum to [1.0, 0.0] -> card 0 (0.0); worlds 1, 2: [0.5, 3.0] -> card 1 (0.0 each).
    assert means["b"] == 0.0
    # Nothing else seen alike: the rule's card; with weights, a weighted mean.
    lone = [{"a": (("x",), [0.2, 1.0], 0)}, {"a": (("y",), [0.4, 1.0], 1)}]
    assert _look_means(lone, ["a"], [3.0, 1.0]) == {"a": pytest.approx((3 * 0.2 + 1 * 1.0) / 4)}


def test_a_search_with_lookahead_is_legal_and_reproducible():
    game = trionfi.load("briscola")
    state = game.deal(seed=33)
    rng = random.Random(3)
    while not state.is_terminal():
        seat = state.current_player
        obs = json.loads(json.dumps(state.observation(seat)))
        if seat == 1:
            agent = SearchAgent(game=game, seed=5, samples=40, lookahead=True, budget=30)
            a = agent.choose(obs)
            assert a == SearchAgent(game=game, seed=5, samples=40, lookahead=True, budget=30).choose(obs)
        else:
            a = rng.choice(obs["legal_actions"])
        assert a in obs["legal_actions"]
        state.apply(a, seat=seat)
