"""The best answer to the playout rule with the draws unknown (Briscola2.respond_draws) against a plain
expectimax on the engine: the seat's choices maximised, the rule's cards played, and every order of the stock's
face-down cards averaged (each draw as likely as any other), from positions near the end of random deals."""

from __future__ import annotations

import random

import pytest

import trionfi
from trionfi.agents.briscola2 import briscola2, rule_card

WEIGHT = 0.1


def reference(state, me: int, fb) -> float:
    """Seat 0's expected score (the deal's sign plus WEIGHT times the margin over 120) by brute force."""
    if state.is_terminal():
        d = state.won[0] - state.won[1]
        return ((d > 0) - (d < 0)) + WEIGHT * d / 120
    p = state.current_player
    if p == me:
        values = [after(state, action, me, fb) for action in state.legal_actions()]
        return max(values) if me == 0 else min(values)
    return after(state, fb.cards[rule_card(fb, state)], me, fb)


def after(state, action, me: int, fb) -> float:
    """The value once ``action`` is played: a trick it completes draws every order of the face-down cards."""
    bottom = state.stock[:1] if state.indicator is not None else []  # the turned-up card, drawn last
    face_down = state.stock[len(bottom) :]
    if not state.trick or len(face_down) < 2:
        child = state.clone()
        child.apply(action)
        return reference(child, me, fb)
    total, count = 0.0, 0
    for a in face_down:
        for b in face_down:
            if a != b:  # the winner draws a (the top card), the loser b
                child = state.clone()
                rest = [c for c in face_down if c not in (a, b)]
                child.stock = [*bottom, *rest, b, a]
                child.apply(action)
                total += reference(child, me, fb)
                count += 1
    return total / count


def positions(game, count: int, stock: int, seed: int):
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = game.deal(seed=rng.getrandbits(32))
        while len(state.stock) > stock:
            state.apply(rng.choice(state.legal_actions()))
        if rng.random() < 0.5 and state.current_player is not None:  # half of them with a card led
            state.apply(rng.choice(state.legal_actions()))
        found.append(state)
    return found


@pytest.mark.parametrize("options", [{}, {"variant": "briscolone", "must_follow_suit": True}])
@pytest.mark.parametrize("stock", [2, 4])
def test_the_answer_with_unknown_draws_is_the_expectimax_of_the_rule(options, stock) -> None:
    game = trionfi.load("briscola", **options)
    fb = briscola2(game)
    for state in positions(game, 6, stock, seed=stock):
        me = state.current_player
        hands, deck, leader, led, won, _, trump = fb.position(state)
        memo: dict = {}
        for action in state.legal_actions():
            got = fb.respond_draws(
                hands, deck, leader, led, trump, me, fb.number[action], won[0] - won[1], WEIGHT, memo
            )
            want = after(state, action, me, fb)
            assert got == pytest.approx(want if me == 0 else -want), (state.history, action)


def test_every_order_of_the_stock_has_the_same_answer_so_worlds_share_one_memo() -> None:
    # The order of the face-down cards is not part of a position: one memo serves every world of a decision.
    game = trionfi.load("briscola")
    fb = briscola2(game)
    rng = random.Random(3)
    for state in positions(game, 6, 6, seed=11):
        me = state.current_player
        hands, deck, leader, led, won, _, trump = fb.position(state)
        shared: dict = {}
        first = {
            a: fb.respond_draws(hands, deck, leader, led, trump, me, fb.number[a], won[0] - won[1], WEIGHT, shared)
            for a in state.legal_actions()
        }
        shuffled = deck[:1] + rng.sample(deck[1:], len(deck) - 1)  # another order, the turned-up card kept
        for a, value in first.items():
            alone = fb.respond_draws(hands, shuffled, leader, led, trump, me, fb.number[a], won[0] - won[1], WEIGHT, {})
            again = fb.respond_draws(
                hands, shuffled, leader, led, trump, me, fb.number[a], won[0] - won[1], WEIGHT, shared
            )
            assert alone == pytest.approx(value) and again == pytest.approx(value)


def test_the_hard_level_with_unknown_draws_plays_its_endgames_by_them() -> None:
    from trionfi.agents import make_agent

    game = trionfi.load("briscola")
    for state in positions(game, 3, 4, seed=21):
        agent = make_agent("hard", seed=5, game=game)
        agent.draws = True
        action = agent.choose(state.observation(state.current_player))
        assert action in [str(a) for a in state.legal_actions()]
        assert agent._draws_memo  # the endgame was scored by respond_draws, its table shared by the worlds
