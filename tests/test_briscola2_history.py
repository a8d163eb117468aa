"""The opponent's whole history weighs a world (two-player Briscola, the hard level): the weight of a hand is
the mean over the draws the opponent may have made of how well its hands then explain its decisions, worked out
exactly (it agrees with brute force over every sequence of draws)."""

from __future__ import annotations

import itertools
import json
import math
import random

import pytest

import trionfi
from trionfi.agents.briscola2 import FastWorlds, briscola2, rule_card


def _position(seed: int, plies: int, options: dict | None = None):
    """Seat 0 plays at random, seat 1 by the playout rule, for ``plies``; then seat 0's observation, its
    worlds, and seat 1's true hand."""
    game = trionfi.load("briscola", **(options or {}))
    fb = briscola2(game)
    state = game.deal(seed=seed)
    rng = random.Random(seed)
    while len(state.history) < plies or state.current_player != 0:
        if state.current_player == 1:
            state.apply(fb.cards[rule_card(fb, state)], seat=1)
        else:
            state.apply(rng.choice(state._legal()), seat=0)
    obs = json.loads(json.dumps(state.observation(0)))
    maker = FastWorlds(fb, obs, game.hand_size)
    return fb, maker, [fb.number[c] for c in state.hands[1]]


def _exact(fb, maker, hand, rate) -> float:
    """The weight by brute force: every sequence of draws (one of the three cards held after each trick, but
    none after the opponent's lead on the table now), equally likely."""
    steps = maker.history
    lead_now = maker.led >= 0 and maker.leader != maker.seat
    total = 0.0
    draws = len(steps) - lead_now
    for picks in itertools.product(range(3), repeat=draws):
        held = list(hand)
        weight = 1.0
        picks_left = list(picks)
        for i, step in enumerate(steps):
            if not (i == 0 and lead_now):
                held.pop(picks_left.pop(0))
            held.append(step[0])
            weight *= maker._chance(fb, i, step, held, rate)
        total += weight
    return total / 3**draws


# (6, 21): ten draws and the opponent's lead on the table, 3^10 sequences by brute force. It was (6, 25), twelve
# draws, 3^12 sequences: about 6 of CI's 15 minutes went to that one case.
@pytest.mark.parametrize("seed,plies", [(1, 7), (2, 8), (3, 10), (4, 9), (6, 21)])
def test_the_weight_is_the_mean_over_every_sequence_of_draws(seed, plies):
    fb, maker, true_hand = _position(seed, plies)
    assert maker.history and len(maker.history) >= 3
    rng = random.Random(seed)
    hands = [true_hand] + [maker.world(rng)[0][1] for _ in range(6)]
    for rate in (0.9, 0.99, 1.0):
        for hand in hands:  # the sums shared between hands and asked again give the same answer
            exact = pytest.approx(_exact(fb, maker, hand, rate), rel=1e-9)
            assert maker.history_weight(fb, hand, rate) == exact
            assert maker.history_weight(fb, hand[::-1], rate) == exact


def test_a_rule_player_s_true_hand_explains_all_its_decisions():
    # Seat 1 plays by the rule: with the rule's chance at 1, its true hand keeps a weight above nothing (its
    # true draws explain every decision); and it weighs more than most hands the observation allows, in most
    # positions (a hand that explains every decision by more sequences of draws may weigh more), and on
    # average well over the mean of them (uniform weights would give about half and 1).
    above, ratios = 0, []
    for seed in range(12):
        fb, maker, true_hand = _position(seed, 12)
        draws = len(maker.history) - (maker.led >= 0)
        assert _exact(fb, maker, true_hand, 1.0) >= 3.0**-draws
        rng = random.Random(seed)
        mine = maker.history_weight(fb, true_hand, 0.9)
        others = [maker.history_weight(fb, maker.world(rng)[0][1], 0.9) for _ in range(200)]
        above += sum(w < mine for w in others) > len(others) / 2
        ratios.append(mine * len(others) / sum(others))
    assert above >= 10
    assert sum(ratios) / len(ratios) > 2


def test_no_history_where_every_card_is_placed_or_a_draw_is_seen():
    # Once the stock is gone, and in Scoperta (the top of the stock is face up): every world weighs the same.
    for options, plies in (({}, 36), ({"variant": "scoperta"}, 6)):
        fb, maker, true_hand = _position(5, plies, options)
        assert maker.history is None
        assert maker.history_weight(fb, true_hand, 0.9) == 1.0


@pytest.mark.parametrize("every_hand", [False, True])
def test_a_search_weighing_histories_is_legal_and_reproducible(every_hand):
    from trionfi.agents.search import SearchAgent

    game = trionfi.load("briscola")
    fb = briscola2(game)
    state = game.deal(seed=21)
    settings = {"samples": 60, "infer": 0.7, "history": 0.9, "pool": 200, "respond": True, "budget": 30}
    settings["every_hand"] = every_hand
    while not state.is_terminal():
        seat = state.current_player
        obs = json.loads(json.dumps(state.observation(seat)))
        if seat == 0:
            me = SearchAgent(game=game, seed=5, **settings)
            a = me.choose(obs)
            assert a == SearchAgent(game=game, seed=5, **settings).choose(obs)
            if obs["stock"] and (obs["tricks"] or obs["trick"]) and len(obs["legal_actions"]) > 1:
                # Worlds drawn by their weight, each scored once with how often it was drawn.
                assert me.last_stats["effective worlds"] <= me.last_stats["worlds"] <= 60
        else:
            a = fb.cards[rule_card(fb, state)]
        assert str(a) in obs["legal_actions"]
        state.apply(a, seat=seat)


def test_resampled_worlds_are_drawn_by_their_weight():
    from trionfi.agents.search import SearchAgent

    fb, maker, _ = _position(3, 20)
    me = SearchAgent(game=trionfi.load("briscola"), seed=1, samples=500, infer=0.7, history=0.9, pool=300)
    drawn = me._resampled(fb, maker, 0, random.Random(4))
    assert sum(n for _, n in drawn) == 500
    assert len(set(map(id, (p for p, _ in drawn)))) == len(drawn)  # each world once, with its count
    # Drawn by weight, the worlds' mean weight (each counted as often as drawn) is the mean of the squares of
    # the weights over their mean, well above the mean weight of worlds drawn alike.
    rng = random.Random(5)
    weights = [maker.history_weight(fb, maker.world(rng)[0][1], 0.9) for _ in range(3000)]
    mean = sum(weights) / len(weights)
    by_weight = sum(w * w for w in weights) / len(weights) / mean
    mean_drawn = sum(n * maker.history_weight(fb, p[0][1], 0.9) for p, n in drawn) / 500
    assert mean_drawn == pytest.approx(by_weight, rel=0.15)
    assert mean_drawn > 2 * mean


def test_every_hand_the_opponent_may_hold_once_and_its_world():
    _fb, maker, true_hand = _position(2, 14)
    hands = maker.hands()
    assert len(hands) == math.comb(len(maker.unseen), maker.need) > 1
    assert len(set(map(frozenset, hands))) == len(hands)
    assert all(set(h) <= set(maker.unseen) and len(h) == maker.need for h in hands)
    assert tuple(sorted(x for x in true_hand if x not in maker.known)) in {tuple(sorted(h)) for h in hands}
    rng = random.Random(3)
    for hand in hands[:: len(hands) // 7]:
        hands_now, stock, *_ = maker.world_with(hand, rng)
        assert sorted(hands_now[1]) == sorted(maker.known + list(hand))
        assert hands_now[0] == maker.own
        # Every unseen card once: in the opponent's hand or the stock, the turned-up card at the bottom.
        assert sorted(list(hand) + [x for x in stock if x != maker.bottom]) == sorted(maker.unseen)
        assert stock[0] == maker.bottom and len(stock) == maker.hidden_stock + 1


def test_worlds_from_every_hand_are_drawn_by_their_exact_weight():
    from trionfi.agents.search import SearchAgent

    fb, maker, _ = _position(3, 20)
    me = SearchAgent(game=trionfi.load("briscola"), seed=1, samples=2000, history=0.9, pool=300, every_hand=True)
    drawn = me._resampled(fb, maker, 0, random.Random(4))
    assert len(drawn) == 2000 and all(n == 1 for _, n in drawn)  # a world (its own stock) for each draw
    weights = {tuple(sorted(h)): maker.history_weight(fb, maker.known + list(h), 0.9) for h in maker.hands()}
    total = sum(weights.values())
    hidden = [tuple(sorted(set(p[0][1]) - set(maker.known))) for p, _ in drawn]  # each world's drawn hand
    # The drawn hands' mean weight is the mean of the squared weights over their mean, over every hand exactly.
    by_weight = sum(w * w for w in weights.values()) / total
    mean_drawn = sum(weights[h] for h in hidden) / len(drawn)
    assert mean_drawn == pytest.approx(by_weight, rel=0.1)
    # The likeliest hand comes up about as often as its share of the weight.
    best = max(weights, key=weights.get)
    share = hidden.count(best) / len(drawn)
    assert share == pytest.approx(weights[best] / total, abs=0.04)
    # Stocks differ between draws of the same hand.
    stocks = {tuple(p[1]) for (p, _), h in zip(drawn, hidden, strict=True) if h == best}
    assert len(stocks) > 1
