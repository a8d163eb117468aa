"""The two-player Briscola fast path agrees with the engine: its worlds are ones the observation could come from,
its card play follows the rules, its playouts end with every point won."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trionfi
from briscola_support import play_random
from trionfi.agents.briscola2 import FastWorlds, briscola2, fast_playout, lead_card, playout_tables
from trionfi.cards import Card

seeds = st.integers(min_value=0, max_value=2**32)
OPTIONS = [{}, {"deck": "french"}, {"variant": "a31"}, {"variant": "bosnian"}]


def _position(options, seed, steps):
    game = trionfi.load("briscola", **options)
    state = game.deal(seed=seed)
    play_random(state, random.Random(seed), steps=steps, cards_only=True)
    return game, state


@pytest.mark.parametrize("options", OPTIONS, ids=str)
@settings(max_examples=10, deadline=None)
@given(seed=seeds, steps=st.integers(min_value=0, max_value=39))
def test_fast_worlds_agree_with_the_observation(options, seed, steps):
    game, state = _position(options, seed, steps)
    if state.is_terminal():
        return
    seat = state.current_player
    obs = json.loads(json.dumps(state.observation(seat)))
    fb = briscola2(game)
    maker = FastWorlds(fb, obs)
    real = fb.position(state)
    rng = random.Random(seed)
    for _ in range(5):
        hands, stock, leader, led, won, unplayed, trump = maker.world(rng)
        # What the seat sees is as it is: its hand, the trick, the points, the leader, the trump suit.
        assert sorted(hands[seat]) == sorted(real[0][seat])
        assert (leader, led, won, trump) == (real[2], real[3], real[4], real[6])
        assert len(hands[1 - seat]) == len(real[0][1 - seat]) and len(stock) == len(real[1])
        # The turned-up card stays at the bottom of the stock, drawn last.
        if stock and obs.get("indicator"):
            assert fb.cards[stock[0]] == obs["indicator"]
        # Every card not yet played is in exactly one place, and no played card comes back.
        places = Counter(hands[0] + hands[1] + stock)
        assert max(places.values()) == 1
        assert sum(1 << c for c in places) == unplayed == real[5]


def test_every_unseen_card_reaches_both_hidden_places():
    game, state = _position({}, 4, 6)
    seat = state.current_player
    obs = state.observation(seat)
    fb = briscola2(game)
    maker = FastWorlds(fb, obs)
    rng = random.Random(1)
    seen_in: dict[int, set[str]] = {c: set() for c in maker.unseen}
    for _ in range(400):
        hands, stock, *_ = maker.world(rng)
        for c in hands[1 - seat]:
            seen_in[c].add("hand")
        for c in stock[1:]:
            seen_in[c].add("stock")
    assert all(places == {"hand", "stock"} for places in seen_in.values())


@pytest.mark.parametrize("options", OPTIONS, ids=str)
@settings(max_examples=10, deadline=None)
@given(seed=seeds)
def test_fast_card_play_follows_the_engine(options, seed):
    # The same random cards through the engine and through Briscola2.step: the same tricks, draws and points.
    game = trionfi.load("briscola", **options)
    state = game.deal(seed=seed)
    fb = briscola2(game)
    hands, stock, leader, led, won, _, trump = fb.position(state)
    rng = random.Random(seed)
    while not state.is_terminal():
        cards = [a for a in state.legal_actions() if isinstance(a, Card)]
        if not cards:  # a right claim in Briscola a 31: the deal would end here
            break
        c = rng.choice(cards)
        state.apply(c)
        leader, led = fb.step(hands, stock, leader, led, fb.number[c], won, trump)
        assert [sorted(h) for h in hands] == [sorted(fb.number[x] for x in h) for h in state.hands]
        assert won == list(state.won)
        assert [fb.number[x] for x in state.stock] == stock


@settings(max_examples=20, deadline=None)
@given(seed=seeds, steps=st.integers(min_value=0, max_value=38), eps=st.sampled_from([0.0, 0.3]))
def test_a_fast_playout_plays_every_card_and_wins_every_point(seed, steps, eps):
    game, state = _position({}, seed, steps)
    if state.is_terminal():
        return
    fb = briscola2(game)
    hands, stock, leader, led, won, unplayed, trump = fb.position(state)
    result = fast_playout(fb, hands, stock, leader, led, won, unplayed, trump, 0, eps, random.Random(seed))
    assert result == -1 and hands == [[], []] and stock == []
    assert sum(won) == 120


@pytest.mark.parametrize("noisy", [-1, 0, 1])
def test_a_playout_s_random_cards_are_only_the_noisy_seat_s(monkeypatch, noisy):
    # With epsilon 1 every choice of a noisy seat is random, so the rule is asked only for the other seat's choices
    # (the search's ``self_noise``: its own side varies, the opponent plays its rule exactly).
    import trionfi.agents.briscola2 as fast

    asked: list[int] = []
    for seed in range(30):
        game, state = _position({}, seed, 0)
        fb = briscola2(game)
        hands, stock, leader, led, won, unplayed, trump = fb.position(state)
        seat_of = {id(hands[0]): 0, id(hands[1]): 1}
        for name in ("lead_card", "follow_card"):
            rule = getattr(fast, name)
            monkeypatch.setattr(
                fast,
                name,
                lambda fb, t, hand, *a, rule=rule, seats=seat_of: (
                    asked.append(seats[id(hand)]) or rule(fb, t, hand, *a)
                ),
            )
        fast_playout(fb, hands, stock, leader, led, won, unplayed, trump, 0, 1.0, random.Random(seed), noisy)
        assert sum(won) == 120
        monkeypatch.undo()
    assert set(asked) == ({0, 1} - {noisy} if noisy >= 0 else set())


@settings(max_examples=25, deadline=None)
@given(seed=seeds, steps=st.integers(min_value=0, max_value=30))
def test_the_opponent_model_favours_hands_that_explain_its_lead(seed, steps):
    # The opponent leads by the playout rule; the seat to follow weighs worlds by how well they explain it.
    game, state = _position({}, seed, steps)
    if state.is_terminal() or state.trick:
        return
    fb = briscola2(game)
    hands, stock, leader, _, _, unplayed, trump = fb.position(state)
    hand = hands[leader]
    if len(hand) < 2:
        return
    turned = stock[0] if stock and trump >= 0 else -1
    tables = playout_tables(fb, trump)
    lead = lead_card(fb, tables, hand, unplayed, len(stock), len(hands[1 - leader]), turned)
    state.apply(fb.cards[lead])
    obs = json.loads(json.dumps(state.observation(1 - leader)))
    maker = FastWorlds(fb, obs, game.hand_size)
    true_hand = [fb.number[c] for c in state.hands[leader]]

    def weight(world: list[int]) -> float:  # the hard level's mix: the rule at 0.7, a uniform choice at 0.3
        rule, uniform = maker.explain(fb, world)
        return 0.7 * rule + 0.3 * uniform

    best = weight(true_hand)
    assert best == pytest.approx(0.7 + 0.3 / len(hand))
    rng = random.Random(seed)
    for _ in range(20):
        world = maker.world(rng)[0][leader]
        assert 0.3 / len(hand) - 1e-12 <= weight(world) <= best + 1e-12
    # Before the opponent has decided anything, every hand explains the (no) evidence fully.
    first = game.deal(seed=seed)
    fresh = FastWorlds(fb, json.loads(json.dumps(first.observation(first.current_player))), game.hand_size)
    assert fresh.evidence is None and fresh.explain(fb, true_hand) == (1.0, 1.0)


def test_a_search_with_the_opponent_model_is_legal_and_reproducible():
    from trionfi.agents.search import SearchAgent

    game = trionfi.load("briscola")
    state = game.deal(seed=21)
    rng = random.Random(2)
    while not state.is_terminal():
        seat = state.current_player
        obs = json.loads(json.dumps(state.observation(seat)))
        if seat == 0:
            # A long budget: the safety cap (0.9 of it) must not cut the worlds short on a loaded machine.
            a = SearchAgent(game=game, seed=5, samples=60, infer=0.7, budget=30).choose(obs)
            assert a == SearchAgent(game=game, seed=5, samples=60, infer=0.7, budget=30).choose(obs)
        else:
            a = rng.choice(obs["legal_actions"])
        assert a in obs["legal_actions"]
        state.apply(a, seat=seat)


def test_the_safe_table_is_the_chance_that_no_beating_card_was_dealt():
    # SAFE[other][pool][b]: none of `other` cards out of `pool` unseen is one of the `b` that beat the lead.
    from math import comb

    from trionfi.agents.briscola2 import SAFE

    for other in range(len(SAFE)):
        for pool in range(41):
            for b in range(pool + 1):
                want = comb(pool - b, other) / comb(pool, other) if other <= pool else 0.0
                assert SAFE[other][pool][b] == pytest.approx(want), (other, pool, b)


def test_the_opponent_model_learns_how_often_the_rule_explains_the_plays():
    from trionfi.agents.briscola2 import OpponentModel

    follower, chooser = OpponentModel(1.0), OpponentModel(1.0)
    assert follower.rate() == pytest.approx(0.5)  # the prior: every rate from 0 to 1 equally likely
    for turn in range(12):
        follower.learn(("lead", turn), 0.9, 1 / 3)  # the rule's card, in most worlds
        chooser.learn(("lead", turn), 0.05, 1 / 3)  # a card the rule seldom plays
    assert follower.rate() > 0.8 and chooser.rate() < 0.15
    before = follower.rate()
    follower.learn(("lead", 11), 0.0, 1 / 3)  # the same decision again: already learnt from
    assert follower.rate() == before
    follower.learn(("lead", 12), 0.0, 1 / 3)  # one play the rule never makes does not silence the model
    assert 0.5 < follower.rate() < before


def test_a_fixed_rate_model_learns_nothing():
    from trionfi.agents.briscola2 import OpponentModel

    model = OpponentModel(0.7, 0)
    for turn in range(12):
        model.learn(("lead", turn), 0.0, 1 / 3)  # plays the rule never makes leave a fixed rate alone
    assert model.rate() == pytest.approx(0.7)


def test_the_hard_level_weighs_worlds_by_the_opponent_s_history_in_two_player_briscola():
    from trionfi.agents import make_agent

    game = trionfi.load("briscola")
    hard = make_agent("hard", seed=3, game=game)
    assert (hard.history, hard.pool, hard.respond) == (0.99, 4000, True)
    state = game.deal(seed=4)
    rng = random.Random(4)
    weighed = 0
    while len(state.stock) > 20:
        seat = state.current_player
        obs = state.observation(seat)
        a = hard.choose(obs) if seat == 0 else rng.choice(obs["legal_actions"])
        weighed += seat == 0 and "effective worlds" in hard.last_stats
        state.apply(a, seat=seat)
    # Its whole history weighs the worlds while the stock lasts: the latest decision's model is not used.
    assert weighed and hard._model is None


def test_a_fixed_rate_model_weighs_the_latest_decision_where_no_history_is_worked_out():
    from trionfi.agents.search import SearchAgent

    game = trionfi.load("briscola", variant="scoperta")
    me = SearchAgent(game=game, seed=3, samples=50, infer=0.7, learn=False, history=0.9, budget=30)
    state = game.deal(seed=4)
    rng = random.Random(4)
    while len(state.stock) > 20:
        seat = state.current_player
        obs = state.observation(seat)
        a = me.choose(obs) if seat == 0 else rng.choice(obs["legal_actions"])
        state.apply(a, seat=seat)
    assert me._model is not None and me._model.rate() == pytest.approx(0.7)


def test_a_search_learns_from_each_opponent_decision_once_and_anew_each_deal():
    from trionfi.agents.search import SearchAgent

    game = trionfi.load("briscola")
    me = SearchAgent(game=game, seed=5, samples=30, infer=1.0, budget=30)
    rng = random.Random(9)
    seen = []
    for deal in (8, 9):
        state = game.deal(seed=deal)
        models = set()
        while not state.is_terminal():
            seat = state.current_player
            obs = state.observation(seat)
            if seat == 0:
                a = me.choose(obs)
                if obs["tricks"] or obs["trick"]:  # the opponent has played: there is something to learn
                    models.add(id(me._model))
                    again = me._model.weights[:]
                    me.choose(obs)
                    assert me._model.weights == again  # asked twice: learnt once
            else:
                a = rng.choice(obs["legal_actions"])
            state.apply(a, seat=seat)
        assert len(models) == 1  # one model for the deal
        assert me._model.weights != [1.0] * len(me._model.weights)  # and it has learnt
        seen.append(me._model)
    assert seen[0] is not seen[1]  # a new deal, a new model


@pytest.mark.parametrize("options", [{}, {"deck": "french"}, {"variant": "scoperta"}], ids=str)
def test_the_playout_rule_makes_the_medium_bot_s_card_at_every_decision(options):
    # The rule is the search's model of the medium bot: in its worlds, its playouts and its reading of the
    # opponent's history. It must make that bot's choice everywhere, the last draw included, where the bot
    # weighs the turned-up card the trick's loser takes (the rule once missed a fifth of those answers), and in
    # Scoperta, where it sees the other hand and the card the trick's winner will draw (once one in seven).
    from trionfi.agents import make_agent
    from trionfi.agents.briscola2 import rule_move

    game = trionfi.load("briscola", **options)
    fb = briscola2(game)
    last_draw = 0
    for seed in range(40):
        state = game.deal(seed=seed)
        medium = make_agent("medium", seed=seed, game=game)
        while state.current_player is not None:
            p = state.current_player
            action = medium.choose(state.observation(p))
            hands, stock, leader, led, _, unplayed, trump = fb.position(state)
            if len(state.legal_actions()) > 1:
                rule = rule_move(fb, playout_tables(fb, trump), hands, stock, leader, led, unplayed, trump)
                assert str(fb.cards[rule]) == str(action), (seed, len(stock), hands[p], action)
                last_draw += len(stock) == 2
            state.apply(action, seat=p)
    assert last_draw == 80  # a lead and an answer on the last draw of each deal
