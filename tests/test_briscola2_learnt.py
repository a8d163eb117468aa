"""The learnt playout rule of two-player Briscola (agents/briscola2_learnt.py): it plays a legal card, it
chooses from what its seat sees only, it beats the rule of thumb it was fitted on, and the hard search that plays
its own later cards by it in the playouts stays legal and reproducible."""

from __future__ import annotations

import json
import random

import pytest

import trionfi
from trionfi.agents.briscola2 import briscola2, fast_playout, playout_tables, rule_card
from trionfi.agents.briscola2_learnt import FOLLOW_WEIGHTS, LEAD_WEIGHTS, learnt_follow, learnt_lead


def _learnt_card(fb, position, mover):
    hands, stock, _, led, _, unplayed, trump = position
    tables = playout_tables(fb, trump)
    hand = hands[mover]
    turned = stock[0] if stock else -1
    if led < 0:
        return learnt_lead(fb, tables, hand, unplayed, len(stock), len(hands[1 - mover]), turned)
    return learnt_follow(fb, tables, hand, hand, led, unplayed, len(stock), turned)


def _positions(count: int):
    """Positions of rule-of-thumb deals with more than one card in the mover's hand, and the mover."""
    game = trionfi.load("briscola")
    fb = briscola2(game)
    found = []
    for seed in range(count):
        state = game.deal(seed=seed)
        for _ in range(random.Random(seed).randrange(0, 34)):
            state.apply(fb.cards[rule_card(fb, state)], seat=state.current_player)
        found.append((fb, state, fb.position(state), state.current_player))
    return found


def test_the_weights_are_fitted_numbers():
    assert len(LEAD_WEIGHTS) == 17 and len(FOLLOW_WEIGHTS) == 18
    assert any(LEAD_WEIGHTS) and any(FOLLOW_WEIGHTS)


def test_the_learnt_card_is_in_the_hand():
    for fb, state, position, mover in _positions(60):
        c = _learnt_card(fb, position, mover)
        assert str(fb.cards[c]) in state.observation(mover)["legal_actions"]


def test_the_learnt_card_depends_only_on_what_the_seat_sees():
    """The opponent's hand and the stock's order under the turned-up card, dealt again from the same unseen
    cards, never change the card chosen."""
    changed = 0
    for fb, _, position, mover in _positions(60):
        hands, stock, leader, led, won, unplayed, trump = position
        mine = _learnt_card(fb, position, mover)
        unseen = hands[1 - mover] + stock[1:]
        rng = random.Random(len(unseen))
        for _ in range(5):
            rng.shuffle(unseen)
            other = unseen[: len(hands[1 - mover])]
            again = [None, None]
            again[mover], again[1 - mover] = hands[mover][:], other
            new_stock = stock[:1] + unseen[len(other) :]
            changed += sorted(other) != sorted(hands[1 - mover])
            assert _learnt_card(fb, (again, new_stock, leader, led, won, unplayed, trump), mover) == mine
    assert changed > 100  # the opponent's hand really was dealt again


def _duel(deals: int, own: bool) -> float:
    """The score of seat ``s`` in deal pairs (both seats of each deal) where only ``s`` plays by the learnt
    rule when ``own``, the rule of thumb everywhere else."""
    game = trionfi.load("briscola")
    fb = briscola2(game)
    total = 0.0
    for d in range(deals):
        for seat in (0, 1):
            hands, stock, leader, led, won, unplayed, trump = fb.position(game.deal(seed=900_000 + d))
            mine = seat if own else -1
            fast_playout(fb, hands, stock, leader, led, won, unplayed, trump, 0, 0.0, random.Random(d), -1, mine)
            margin = won[seat] - won[1 - seat]
            total += ((margin > 0) - (margin < 0) + 1) / 2
    return total / (2 * deals)


def test_the_learnt_rule_beats_the_rule_of_thumb():
    # The same deals from each seat: the rule of thumb against itself scores one half exactly.
    assert _duel(1000, own=False) == 0.5
    assert _duel(1000, own=True) > 0.54


@pytest.mark.parametrize("seed", [3, 4])
def test_a_search_with_the_learnt_playouts_is_legal_and_reproducible(seed):
    from trionfi.agents import make_agent

    game = trionfi.load("briscola")
    fb = briscola2(game)
    state = game.deal(seed=seed)
    while not state.is_terminal():
        seat = state.current_player
        obs = json.loads(json.dumps(state.observation(seat)))
        if seat == 0:
            me = make_agent("hard", seed=seed, game=game)
            me.own_rule, me.samples, me.pool = True, 40, 200
            a = me.choose(obs)
            again = make_agent("hard", seed=seed, game=game)
            again.own_rule, again.samples, again.pool = True, 40, 200
            assert again.choose(obs) == a
        else:
            a = fb.cards[rule_card(fb, state)]
        assert str(a) in obs["legal_actions"]
        state.apply(a, seat=seat)


def test_the_fast_scores_are_the_weights_times_the_features():
    """learnt_lead and learnt_follow gather the sum by feature: they choose the card of the highest weights
    times features, with random weights too (each feature's term checked, not only the fitted ones)."""
    from trionfi.agents.briscola2_learnt import follow_features, lead_features

    rng = random.Random(5)
    for fb, _, position, mover in _positions(80):
        hands, stock, _, led, _, unplayed, trump = position
        tables = playout_tables(fb, trump)
        hand = hands[mover]
        turned = stock[0] if stock else -1
        for weights in [None] + [[rng.uniform(-1, 1) * 10 ** rng.uniform(-2, 1) for _ in range(18)] for _ in range(20)]:
            if led < 0:
                w = list(LEAD_WEIGHTS) if weights is None else weights[:17]
                other = len(hands[1 - mover])
                feats = {x: lead_features(fb, tables, hand, x, unplayed, len(stock), other, turned) for x in hand}
                chosen = learnt_lead(fb, tables, hand, unplayed, len(stock), len(hands[1 - mover]), turned, w)
            else:
                w = list(FOLLOW_WEIGHTS) if weights is None else weights
                feats = {x: follow_features(fb, tables, hand, x, led, unplayed, len(stock), turned) for x in hand}
                chosen = learnt_follow(fb, tables, hand, hand, led, unplayed, len(stock), turned, w)
            score = {x: sum(a * b for a, b in zip(w, f, strict=True)) - tables[2][x] for x, f in feats.items()}
            assert score[chosen] == pytest.approx(max(score.values()), abs=1e-9)


def test_the_rule_is_used_only_on_the_rules_it_was_fitted_on():
    from trionfi.agents.briscola2_learnt import fitted_for

    assert fitted_for(trionfi.load("briscola"))
    assert fitted_for(trionfi.load("briscola", deck="french"))  # the same forty cards under other faces
    for options in ({"variant": "a31"}, {"variant": "briscolone"}, {"variant": "scoperta"}):
        assert not fitted_for(trionfi.load("briscola", **options))


def test_the_rule_feature_is_the_rule_of_thumb_s_score():
    """The first feature of a lead and of an answer is the rule of thumb's own score, written again for the
    fit: weighed alone, the learnt rule chooses the rule of thumb's card everywhere."""
    from trionfi.agents.briscola2 import rule_move

    lead_only, follow_only = (1.0,) + (0.0,) * 16, (1.0,) + (0.0,) * 17
    for fb, _, position, mover in _positions(200):
        hands, stock, leader, led, _, unplayed, trump = position
        tables = playout_tables(fb, trump)
        hand = hands[mover]
        turned = stock[0] if stock else -1
        if led < 0:
            mine = learnt_lead(fb, tables, hand, unplayed, len(stock), len(hands[1 - mover]), turned, lead_only)
        else:
            mine = learnt_follow(fb, tables, hand, hand, led, unplayed, len(stock), turned, follow_only)
        assert mine == rule_move(fb, tables, hands, stock, leader, led, unplayed, trump)
