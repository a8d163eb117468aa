"""Briscola's tensor read from the state (trionfi.envs.state_tensors) is the observation's tensor, number for number,
and every other game and variant is still encoded from its observation."""

from __future__ import annotations

import random

import numpy as np
import pytest

import trionfi
from envs_support import CONFIGS, IDS
from trionfi.envs.common import Spec

# Every Briscola configuration the state path covers, and what decides it: open hands, no trumps, short stocks,
# two laps, partnerships, three players (a 2 removed), the French pack, packets, the A/3 turn-up rule.
FAST = [
    {},
    {"players": 3},
    {"players": 4},
    {"players": 6},
    {"variant": "scoperta"},
    {"variant": "briscolone"},
    {"players": 7, "variant": "bosnian"},
    {"players": 4, "variant": "bosnian", "partnerships": True},
    {"players": 4, "variant": "double"},
    {"deck": "french", "southern_order": True},
    {"deal_singly": False, "reject_ace_three_indicator": True},
    {"ranks": 3, "suits": 2, "hand_size": 2},
]


@pytest.mark.parametrize("options", FAST, ids=[str(o) or "default" for o in FAST])
def test_the_state_tensor_is_the_observation_tensor_at_every_step_for_every_seat(options):
    game = trionfi.load("briscola", **options)
    spec = Spec(game)
    assert spec.state_tensor.enabled
    rng = random.Random(11)
    out = np.full(spec.encoder.size, 7.0, np.float32)  # stale numbers in the buffer must all be overwritten
    for seed in range(6):
        state = game.deal(seed=seed)
        while True:
            for seat in range(game.players):
                expected = spec.encoder.encode(state.observation(seat))
                assert np.array_equal(spec.tensor(state, seat), expected)
                assert np.array_equal(spec.tensor(state, seat, out), expected)
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_talk_claims_follow_rules_and_other_games_are_encoded_from_the_observation(name, options):
    game = trionfi.load(name, **options)
    spec = Spec(game)
    plain = [{}, {"players": 3}, {"variant": "scoperta"}, {"players": 5, "variant": "bosnian"}, FAST[8], FAST[-1]]
    assert spec.state_tensor.enabled == (name == "briscola" and options in plain)
    state = game.deal(seed=2)
    for seat in range(game.players):
        assert np.array_equal(spec.tensor(state, seat), spec.encoder.encode(state.observation(seat)))


def test_a_bad_seat_is_refused_as_the_observation_refuses_it():
    game = trionfi.load("briscola")
    spec = Spec(game)
    state = game.deal(seed=1)
    with pytest.raises(Exception) as from_observation:
        state.observation(2)
    with pytest.raises(type(from_observation.value), match=str(from_observation.value)[:20]):
        spec.tensor(state, 2)


def test_clones_of_a_deal_written_in_turn_keep_their_own_tricks():
    """The played cards are remembered per tricks list between writes: a clone that plays on has its own."""
    game = trionfi.load("briscola")
    spec = Spec(game)
    rng = random.Random(5)
    state = game.deal(seed=5)
    for _ in range(12):
        state.apply(rng.choice(state.legal_actions()))
    ahead = state.clone()
    for step in range(20):
        if not ahead.is_terminal():
            ahead.apply(rng.choice(ahead.legal_actions()))
        for s in (ahead, state, ahead) if step % 2 else (state, ahead, state):
            assert np.array_equal(spec.tensor(s, 0), spec.encoder.encode(s.observation(0)))
