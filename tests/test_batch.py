"""The batched 2-player Briscola core against the engine, move by move (trionfi.batch).

Every supported option set plays random deals in both at once: the same legal cards at every move, the same
trick winners, points, hands and stock after every trick, the same results. TRIONFI_BATCH_DEALS sets the number of
deals in all (default 3,000: a few seconds); e.g. TRIONFI_BATCH_DEALS=200000 for a long run.
"""

from __future__ import annotations

import os
import random

import numpy as np
import pytest

import trionfi
from batch_support import rebuilt_pack
from trionfi.batch import BatchBriscola

CASES = [
    {},
    {"variant": "scoperta"},
    {"variant": "briscolone"},
    {"variant": "briscolone", "must_follow_suit": True},
    {"variant": "bosnian"},
    {"deck": "french"},
    {"deck": "french", "southern_order": True},
    {"reject_ace_three_indicator": True},
    {"variant": "bosnian", "reject_ace_three_indicator": True},
    {"deck": "french", "southern_order": True, "reject_ace_three_indicator": True, "deal_singly": False},
    {"deal_singly": False, "target": 121},
]
DEALS = int(os.environ.get("TRIONFI_BATCH_DEALS", "3000"))
PER_CASE = max(1, DEALS // (2 * len(CASES)))  # half from engine seeds, half from the batch's own shuffles


def hand_ids(batch: BatchBriscola, deal: int, seat: int) -> list[int]:
    return sorted(c for c in batch.hands[deal, seat].tolist() if c >= 0)


def check_same(batch: BatchBriscola, states: list[trionfi.State], moves: int) -> None:
    """Everything the batch holds equals the engine's states (after a trick, or at the start)."""
    ids = batch.tables.id_of
    left = batch.stock_left
    for i, state in enumerate(states):
        where = f"deal {i} after {moves} moves"
        assert state.current_player == (None if batch.done else batch.turn[i]), where
        assert state.points() == batch.points[i].tolist(), where
        assert state.leader == batch.leader[i], where
        for seat in (0, 1):
            assert sorted(ids[c] for c in state.hand(seat)) == hand_ids(batch, i, seat), where
        # The engine keeps its stock top-last; the batch in drawing order, the remaining ones last.
        assert [ids[c] for c in reversed(state.stock)] == batch.stock[i, batch.stock_size - left :].tolist(), where
        if state.indicator is not None:
            assert ids[state.indicator] == batch.trump_card[i], where
        else:
            assert batch.trump_card[i] == -1, where


def play_both(batch: BatchBriscola, states: list[trionfi.State], rng: random.Random) -> None:
    """Random moves chosen from the engine's legal actions, played in both, compared at every move."""
    ids = batch.tables.id_of
    check_same(batch, states, 0)
    while not batch.done:
        mask = batch.legal_mask()
        actions = np.empty(batch.n, dtype=np.int64)
        for i, state in enumerate(states):
            legal = state.legal_actions()
            assert sorted(ids[c] for c in legal) == np.flatnonzero(mask[i]).tolist(), f"deal {i}, move {batch.moves}"
            chosen = rng.choice(legal)
            actions[i] = ids[chosen]
            state.apply(chosen)
        answered = batch.answering
        batch.step(actions)
        if answered:
            for i, state in enumerate(states):
                assert state.tricks[-1].winner == batch.leader[i]
            check_same(batch, states, batch.moves)
    assert all(state.is_terminal() for state in states)
    assert not batch.legal_mask().any()
    assert batch.returns().tolist() == [state.returns() for state in states]
    assert batch.winners().tolist() == [(state.winners() or [-1])[0] for state in states]


@pytest.mark.parametrize("options", CASES, ids=[str(c) for c in CASES])
def test_same_as_the_engine_from_seeds(options: dict) -> None:
    game = trionfi.load("briscola", **options)
    batch = BatchBriscola(PER_CASE, **options)
    rng = random.Random(str(options))
    seeds = [rng.getrandbits(64) for _ in range(PER_CASE)]
    dealers = [rng.randrange(2) for _ in range(PER_CASE)]
    batch.reset(seeds=seeds, dealers=dealers)
    states = [game.deal(seed=s, dealer=d) for s, d in zip(seeds, dealers, strict=True)]
    play_both(batch, states, rng)


@pytest.mark.parametrize("options", CASES, ids=[str(c) for c in CASES])
def test_same_as_the_engine_from_numpy_deals(options: dict) -> None:
    """The batch's own shuffles (and vectorised A/3 rule) played against the engine dealing the same packs."""
    game = trionfi.load("briscola", **options)
    batch = BatchBriscola(PER_CASE, **options)
    rng = np.random.default_rng(len(str(options)))
    dealers = rng.integers(0, 2, PER_CASE)
    batch.reset(rng=rng, dealers=dealers)
    # A pack stacked with an acceptable turned-up card is dealt as it is, with or without the A/3 rule.
    states = [game.deal(seed=1, deck=rebuilt_pack(batch, i, 1 - int(d)), dealer=int(d)) for i, d in enumerate(dealers)]
    play_both(batch, states, random.Random(7))


@pytest.mark.parametrize("options", CASES[:6], ids=[str(c) for c in CASES[:6]])
def test_deals_in_progress_load_and_play_on_as_the_engine(options: dict) -> None:
    """Engine deals stopped after the same number of moves (mid-trick or between tricks) play on in the batch."""
    game = trionfi.load("briscola", **options)
    rng = random.Random(len(str(options)))
    for moves in (0, 1, 13, 30, 31):
        states = []
        for _ in range(PER_CASE // 4 + 2):
            state = game.deal(seed=rng.getrandbits(32), dealer=rng.randrange(2))
            for _ in range(moves):
                state.apply(rng.choice(state.legal_actions()))
            states.append(state)
        batch = BatchBriscola(len(states), **options)
        batch.load(states)
        assert batch.moves == moves and batch.answering == (moves % 2 == 1)
        play_both(batch, states, rng)


def test_loading_refuses_deals_at_different_points_and_changes_nothing() -> None:
    game = trionfi.load("briscola")
    states = [game.deal(seed=1), game.deal(seed=2)]
    states[1].apply(states[1].legal_actions()[0])
    batch = BatchBriscola(2)
    batch.reset(seeds=[5, 6])
    hands = batch.hands.copy()
    with pytest.raises(trionfi.OptionError, match="same number of moves, not \\[0, 1\\]"):
        batch.load(states)
    with pytest.raises(trionfi.OptionError, match="is not a deal of"):
        batch.load([game.deal(seed=1), trionfi.load("briscola", variant="bosnian").deal(seed=1)])
    with pytest.raises(trionfi.OptionError, match="load takes 2 states"):
        batch.load(states[:1])
    assert np.array_equal(hands, batch.hands) and batch.moves == 0


def test_sampled_worlds_of_a_decision_load_and_play_on_as_the_engine() -> None:
    """What a search does: the worlds a seat's observation admits, all played out at once."""
    for options in ({}, {"variant": "scoperta"}, {"variant": "briscolone", "must_follow_suit": True}):
        game = trionfi.load("briscola", **options)
        rng = random.Random(3)
        for moves in (5, 34, 37):
            state = game.deal(seed=moves)
            for _ in range(moves):
                state.apply(rng.choice(state.legal_actions()))
            seat = state.current_player
            worlds = [game.sample_state(state.observation(seat), rng) for _ in range(30)]
            batch = BatchBriscola(len(worlds), **options)
            batch.load(worlds)
            assert (batch.hands[:, seat] == batch.hands[0, seat]).all()  # the seat's own hand in every world
            play_both(batch, worlds, rng)
