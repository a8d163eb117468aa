"""Property tests over every Briscola variant / player count (random deals, random legal play)."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import trionfi
from briscola_support import COMBOS, all_cards, play_random, ref_points, ref_winner

IDS = [label for label, _ in COMBOS]
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
seeds = st.integers(min_value=0, max_value=2**63 - 1)


def _order_and_points(game):
    ranks = [r for r in game.rank_table.order]
    return ranks, dict(game.rank_table.points)


def _load(options):
    return trionfi.load("briscola", **options)


@pytest.mark.parametrize("options", [o for _, o in COMBOS], ids=IDS)
@SETTINGS
@given(seed=seeds, play=seeds)
def test_every_card_in_exactly_one_place(options, seed, play):
    game = _load(options)
    deck = Counter(str(c) for c in game.deck)
    state = game.deal(seed=seed)
    rng = random.Random(play)
    assert all_cards(state) == deck
    while not state.is_terminal():
        play_random(state, rng, steps=1)
        assert all_cards(state) == deck
        sizes = [len(state.hand(s)) for s in range(game.players)]
        assert max(sizes) <= game.hand_size


@pytest.mark.parametrize("options", [o for _, o in COMBOS], ids=IDS)
@SETTINGS
@given(seed=seeds, play=seeds)
def test_random_play_shares_out_120_points(options, seed, play):
    game = _load(options)
    state = game.deal(seed=seed)
    play_random(state, random.Random(play))
    assert state.is_terminal()
    assert state.current_player is None and state.legal_actions() == []
    pts = state.points()
    assert len(pts) == len(game.sides)
    order, table = _order_and_points(game)
    won = [0] * len(game.sides)
    for t in state.tricks:
        assert t.winner == t.seats[ref_winner(t.cards, state.trump, order)]
        assert t.points == ref_points(t.cards, table)
        won[game.side_of[t.winner]] += t.points
    assert won == pts
    rets = state.returns()
    assert len(rets) == game.players
    assert abs(sum(rets)) < 1e-9
    if state.claim is not None:  # a31: ended by a claim
        seat, right = state.claim
        assert right is (pts[seat] >= 31)
        assert rets[seat] == (1.0 if right else -1.0)
        assert sum(pts) <= 120
        return
    assert sum(pts) == 120
    assert sum(len(t.cards) for t in state.tricks) == len(game.deck)
    assert all(state.hand(s) == [] for s in range(game.players))
    assert state.stock == []
    best = max(pts)
    for s in range(game.players):
        side = game.side_of[s]
        if pts.count(best) == len(pts):
            assert rets[s] == 0.0
        else:
            assert (rets[s] > 0) is (pts[side] == best)


@pytest.mark.parametrize("options", [o for _, o in COMBOS], ids=IDS)
@SETTINGS
@given(seed=seeds, play=seeds, cut=st.floats(min_value=0.0, max_value=1.0))
def test_replay_reproduces_the_state(options, seed, play, cut):
    game = _load(options)
    state = game.deal(seed=seed)
    full = state.clone()
    play_random(full, random.Random(play))
    play_random(state, random.Random(play), steps=int(cut * len(full.history)))
    record = state.to_record()
    json.dumps(record)
    again = trionfi.replay(json.loads(json.dumps(record)))
    assert again.to_record() == record
    assert [again.hand(s) for s in range(game.players)] == [state.hand(s) for s in range(game.players)]
    assert again.points() == state.points()
    assert [str(a) for a in again.history] == [str(a) for a in state.history]
    assert again.stock == state.stock
    assert again.tricks == state.tricks
    assert again.current_player == state.current_player
    for s in range(game.players):
        assert again.observation(s) == state.observation(s)


@pytest.mark.parametrize("options", [o for _, o in COMBOS], ids=IDS)
@SETTINGS
@given(seed=seeds, play=seeds, cut=st.integers(min_value=0, max_value=80))
def test_clone_is_independent_and_equal(options, seed, play, cut):
    game = _load(options)
    state = game.deal(seed=seed)
    rng = random.Random(play)
    play_random(state, rng, steps=cut)
    copy = state.clone()
    n = game.players
    views = [json.dumps(state.observation(s), sort_keys=True) for s in range(n)]
    assert [json.dumps(copy.observation(s), sort_keys=True) for s in range(n)] == views
    assert copy.to_record() == state.to_record()
    record = state.to_record()
    hands = [state.hand(s) for s in range(n)]
    stock = list(state.stock)
    play_random(copy, rng)  # play the clone to the end
    assert state.to_record() == record
    assert [state.hand(s) for s in range(n)] == hands
    assert list(state.stock) == stock
    assert [json.dumps(state.observation(s), sort_keys=True) for s in range(n)] == views
    if not state.is_terminal():
        play_random(state, random.Random(play))  # the original still plays on by itself
        assert state.is_terminal()


@pytest.mark.parametrize(
    "options",
    [{"variant": "briscolone"}, {"players": 2}, {"players": 4, "target": 121}],
    ids=["briscolone", "best-of-3", "first-to-121-4p"],
)
@settings(max_examples=3, deadline=None)
@given(seed=seeds, play=seeds)
def test_match_replay_and_clone(options, seed, play):
    game = _load(options)
    match = game.match(seed=seed)
    rng = random.Random(play)
    while not match.is_terminal():
        legal = match.legal_actions()
        match.apply(rng.choice(legal))
        if len(match.history) == 30:
            copy = match.clone()
            before = match.to_record()
            play_random(copy, random.Random(play))
            assert match.to_record() == before
    record = match.to_record()
    again = trionfi.replay(record)
    assert again.is_terminal()
    assert again.points() == match.points()
    assert again.returns() == match.returns()
    assert len(again.finished) == len(match.finished)
