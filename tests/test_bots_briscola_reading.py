"""The hard level's reading of the opponents' plays in Briscola for three or more players
(agents/briscola_reading.py): worlds whose hands explain a play weigh more than worlds that contradict it."""

from __future__ import annotations

import random
import statistics

import pytest

import trionfi
from trionfi.agents import make_agent
from trionfi.agents.briscola_reading import MISS
from trionfi.agents.reading import world_weight
from trionfi.agents.search import greedy_card

FOUR = trionfi.load("briscola", players=4)


def key(state, c):
    return (c.suit == state.trump, state._points[c], state._strength[c])


def led_above_the_cheapest(tricks: int = 0, wanted: int = 1):
    """A deal whose first leader (seat 0) leads its rule card, played on by the rule to the end of ``tricks``
    tricks, with ``wanted`` cards left in the stock that the rule would rather have led: (state, the lead,
    those cards)."""
    for seed in range(300):
        state = FOUR.deal(seed=seed)
        lead = greedy_card(state, state.hands[0])
        while len(state.tricks) < tricks or not state.history:
            state.apply(greedy_card(state, state.hands[state.current_player]))
        cheaper = [c for c in state.stock[1:] if key(state, c) < key(state, lead)]  # not the turned-up card
        if len(cheaper) >= wanted:
            return state, lead, cheaper
    raise AssertionError("no such deal")


def swapped(state, seat: int, out, into):
    """``state`` with ``into`` (from the stock) in ``seat``'s hand instead of ``out``: another world."""
    world = state.clone()
    hand, stock = world.hands[seat], world.stock
    hand[hand.index(out)], stock[stock.index(into)] = into, out
    return world


def test_a_lead_is_read_against_the_cheaper_card_a_world_gives_the_leader():
    state, lead, cheaper = led_above_the_cheapest()
    assert state.history == [lead] and state.current_player == 1
    weigh = world_weight(FOUR, state.observation(1))  # seat 1 reads seat 0, an opponent
    assert weigh is not None
    assert weigh(state) == 1.0  # the true hand: the lead is the rule's card
    contradicting = swapped(state, 0, state.hands[0][0], cheaper[0])
    assert weigh(contradicting) == MISS[0]
    # The partner is not read: seat 2 sees every world alike.
    assert world_weight(FOUR, state.observation(2)) is None


def test_the_last_tricks_plays_are_read_whichever_card_was_drawn_since():
    state, _, cheaper = led_above_the_cheapest(tricks=1, wanted=2)
    assert len(state.tricks) == 1 and not state.trick and all(len(h) == 3 for h in state.hands)
    weigh = world_weight(FOUR, state.observation(1))
    assert weigh is not None
    # Two cheaper cards in the leader's hand: whichever of its three was drawn, it held a cheaper card then, so
    # its factor is MISS; in the true hands it is at least 1/3 (the true drawn card left out: the lead fits) plus
    # 2/3 MISS; nothing else changes.
    hand = state.hands[0]
    world = swapped(swapped(state, 0, hand[0], cheaper[0]), 0, hand[1], cheaper[1])
    assert weigh(world) / weigh(state) <= MISS[0] / (1 / 3 + 2 / 3 * MISS[0]) + 1e-9


def test_nothing_is_read_in_two_player_briscola_or_before_an_opponent_plays():
    two = trionfi.load("briscola")
    state = two.deal(seed=1)
    state.apply(state.legal_actions()[0])
    assert world_weight(two, state.observation(1)) is None  # two players: the fast path reads its own way
    first = FOUR.deal(seed=1)
    assert world_weight(FOUR, first.observation(0)) is None


def test_the_true_deal_of_medium_players_weighs_more_than_the_sampled_worlds():
    rng = random.Random(7)
    ratios = []
    for seed in range(6):
        state = FOUR.deal(seed=seed)
        bots = [make_agent("medium", seed=seed * 10 + s, game=FOUR) for s in range(4)]
        while not state.is_terminal():
            p = state.current_player
            obs = state.observation(p)
            weigh = world_weight(FOUR, obs)
            if weigh is not None and len(state.tricks) % 2 == 0:
                sampled = [weigh(FOUR.sample_state(obs, rng)) for _ in range(60)]
                ratios.append(weigh(state) / statistics.mean(sampled))
            state.apply(bots[p].choose(obs))
    assert len(ratios) > 40
    assert statistics.mean(ratios) > 1.2 and statistics.median(ratios) > 1.0


@pytest.mark.parametrize(
    "options",
    [
        {"players": 4},
        {"players": 3},
        {"players": 6},
        {"players": 5, "variant": "bosnian"},
        {"players": 4, "variant": "double"},
    ],
)
def test_the_hard_level_plays_a_deal_through_with_the_reading(options):
    game = trionfi.load("briscola", **options)
    state = game.deal(seed=3)
    bots = [make_agent("hard" if s % 2 == 0 else "medium", seed=s, game=game) for s in range(game.players)]
    for bot in bots:
        if hasattr(bot, "samples"):
            bot.samples, bot.work = 30, 3000  # a quick deal: the reading, not the strength, is under test
    weighted = 0
    while not state.is_terminal():
        p = state.current_player
        state.apply(bots[p].choose(state.observation(p)))
        weighted += "effective worlds" in getattr(bots[p], "last_stats", {})
    assert weighted > 0  # the search weighed its worlds
    assert sum(state.points()) == sum(game.card_points[c] for c in game.deck)
