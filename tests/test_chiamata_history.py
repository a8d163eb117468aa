"""Briscola Chiamata's worlds weighed by the other seats' recent cards (agents/chiamata_history.py): the true
world of a table of medium players weighs 1, sampled worlds far less, a player who is not medium is weighed
down but never ruled out, and the weight reads nothing of the world the seat could not know then."""

from __future__ import annotations

import random

import trionfi
from trionfi.agents import make_agent
from trionfi.agents.chiamata_history import MISS, READ, world_weight
from trionfi.agents.reading import world_weight as reading_weight

GAME = trionfi.load("briscola-chiamata")


def _decisions(seeds, bots_for):
    """(state, seat, observation) at every card decision after the first card of a deal."""
    for seed in seeds:
        state = GAME.deal(seed=seed)
        bots = bots_for(seed)
        while state.current_player is not None:
            p = state.current_player
            obs = state.observation(p)
            if obs.get("phase") == "play" and (state.tricks or state.trick):
                yield state, p, obs
            state.apply(bots[p].choose(obs), seat=p)


def _medium(seed):
    return [make_agent("medium", seed=seed * 10 + s, game=GAME) for s in range(5)]


def test_the_true_world_of_medium_players_weighs_one_and_sampled_worlds_less():
    rng = random.Random(3)
    true = sampled = ones = 0
    total = 0.0
    for state, _, obs in _decisions(range(12), _medium):
        weigh = world_weight(GAME, obs)
        assert reading_weight(GAME, obs) is not None  # the search asks reading.world_weight
        assert weigh(state) == 1.0
        true += 1
        for _ in range(3):
            w = weigh(GAME.sample_state(obs, rng))
            assert 0 < w <= 1
            total += w
            ones += w == 1.0
            sampled += 1
    assert true > 300
    assert total / sampled < 0.3  # about 0.15 (measured)
    assert 0 < ones < sampled // 3


def test_a_player_who_is_not_medium_is_weighed_down_never_out():
    # Seat 1 plays at random among medium players: the true world is less likely than 1, never impossible.
    def bots(seed):
        out = _medium(seed)
        out[1] = make_agent("random", seed=seed, game=GAME)
        return out

    lower = 0
    floor = MISS ** (4 * (READ + 1))  # at most four other cards a trick
    for state, p, obs in _decisions(range(8), bots):
        if p != 1:
            w = world_weight(GAME, obs)(state)
            assert floor <= w <= 1
            lower += w < 1
    assert lower > 20


def test_the_weight_is_outside_the_card_play_none():
    state = GAME.deal(seed=1)
    assert world_weight(GAME, state.observation(state.current_player)) is None  # the auction
