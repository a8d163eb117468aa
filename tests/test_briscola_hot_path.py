"""Two-player Briscola's short way (``BriscolaState.apply`` and ``legal_actions`` when any card may be played)
agrees with the general path move by move, and refuses what the general path refuses, with its errors.

A card given as a ``Card`` takes the short way; the same card given as its text takes the general one
(``State.apply``, ``_play``, ``_end_trick``, ``_after_trick``)."""

from __future__ import annotations

import random

import pytest

import trionfi
from trionfi.cards import Card
from trionfi.tricks import winning_index

# Every two-player game whose card play is free (the short way), and two that are not (for contrast).
SHORT = [
    {},
    {"deck": "french"},
    {"deck": "french", "southern_order": True},
    {"variant": "scoperta"},
    {"variant": "briscolone"},
    {"variant": "bosnian"},
    {"reject_ace_three_indicator": True},
    {"deal_singly": False},
    {"ranks": 3, "suits": 2, "hand_size": 2},
]
GENERAL = [{"variant": "briscolone", "must_follow_suit": True}, {"variant": "a31"}]


def _fields(state):
    return (
        state.history,
        state.hands,
        state.trick,
        state.tricks,
        state.won,
        state.stock,
        state.indicator_holder,
        state.current_player,
        state.leader,
        state.trick_seats,
        state.phase,
    )


def _play_both(fast, slow, rng):
    """Random cards to the end, as cards in ``fast`` and as their texts in ``slow``, compared at every move."""
    while not fast.is_terminal():
        legal = fast.legal_actions()
        assert legal == slow.legal_actions()
        pick = rng.choice([a for a in legal if a.__class__ is Card])
        seat = fast.current_player if rng.random() < 0.5 else None
        fast.apply(pick, seat=seat)
        slow.apply(str(pick).lower(), seat=seat)  # text: the general path
        assert _fields(fast) == _fields(slow)
        for s in range(2):
            assert fast.observation(s) == slow.observation(s)
    assert slow.is_terminal() and fast.returns() == slow.returns()
    assert sum(fast.points()) == sum(fast.game.card_points.values())


@pytest.mark.parametrize("options", SHORT + GENERAL, ids=str)
def test_cards_and_their_texts_give_the_same_deal(options):
    game = trionfi.load("briscola", **options)
    assert game.free_pairs == (options in SHORT)
    for seed in range(30):
        fast, slow = game.deal(seed=seed), game.deal(seed=seed)
        _play_both(fast, slow, random.Random(seed))
        assert fast.to_record() == slow.to_record()


@pytest.mark.parametrize("options", [{}, {"variant": "briscolone"}], ids=str)
def test_a_sampled_world_takes_the_short_way_as_the_general_path(options):
    # A sampler deals from seed 0, then sets the hands, the stock and the trump of the world it draws.
    game = trionfi.load("briscola", **options)
    rng = random.Random(7)
    for seed in range(10):
        state = game.deal(seed=seed)
        for _ in range(rng.randrange(30)):
            state.apply(rng.choice(state.legal_actions()))
        world = game.sample_state(state.observation(state.current_player), rng)
        _play_both(world, world.clone(), rng)


def _refused(state, action, message, **kw):
    before = (state.to_record(), state.observation(0), state.observation(1), state.legal_actions())
    with pytest.raises(trionfi.IllegalAction, match=message):
        state.apply(action, **kw)
    assert (state.to_record(), state.observation(0), state.observation(1), state.legal_actions()) == before


def test_the_short_way_refuses_what_the_general_path_refuses():
    state = trionfi.load("briscola").deal(seed=3)
    theirs = trionfi.card(state.hand(1)[0])
    mine = trionfi.card(state.hand(0)[0])
    _refused(state, theirs, rf"{theirs} is not in seat 0's hand; seat 0 may play: ")
    _refused(state, mine, r"it is seat 0's turn, not seat 1's", seat=1)
    _refused(state, mine, r"seat must be a number from 0 to 1, not True", seat=True)
    _refused(state, mine, r"seat must be a number from 0 to 1", seat=1.0)
    foreign = next(c for c in trionfi.load("briscola", deck="french").deck if c not in state.game.deck)
    _refused(state, foreign, rf"{foreign} is not in this game's deck")
    state.apply(mine)
    _refused(state, mine, rf"{mine} is not in seat 1's hand")  # already on the table
    while not state.is_terminal():
        state.apply(state.legal_actions()[0], seat=state.current_player)
    _refused(state, mine, r"the deal is over")
    _refused(state, mine, r"the deal is over", seat=0)
    assert state.legal_actions() == []


def test_the_legal_actions_are_a_copy_and_an_observation_does_not_leave_them_stale():
    state = trionfi.load("briscola").deal(seed=5)
    legal = state.legal_actions()
    legal.clear()
    assert len(state.legal_actions()) == 3
    seat = state.current_player
    assert state.observation(seat)["legal_actions"] == [str(c) for c in state.hand(seat)]  # fills the cache
    state.apply(state.legal_actions()[1])
    other = state.current_player
    assert state.observation(other)["legal_actions"] == [str(c) for c in state.hand(other)]
    clone = state.clone()
    assert clone.legal_actions() == state.legal_actions()
    clone.apply(clone.legal_actions()[0])
    assert clone.history != state.history and len(state.trick) == 1


@pytest.mark.parametrize("options", [{}, {"deck": "french", "southern_order": True}, {"ranks": 4, "suits": 3}], ids=str)
def test_the_trick_table_holds_every_two_card_trick_of_the_pack(options):
    game = trionfi.load("briscola", **options)
    game.deal(seed=1)
    tables = game.pair_outcomes
    assert set(tables) == {c.suit for c in game.deck} | {None}  # every trump, made at once
    for trump, table in tables.items():
        for lead in game.deck:
            for second in game.deck:
                if second is not lead:
                    outcome = table[lead][second]
                    assert outcome & 1 == winning_index((lead, second), trump, game.strength)
                    assert outcome >> 1 == game.card_points[lead] + game.card_points[second]
