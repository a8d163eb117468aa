"""trionfi.shuffling.shuffle must be random.Random.shuffle, draw for draw: seeded deals depend on it."""

from __future__ import annotations

import random

import hypothesis.strategies as st
from hypothesis import given

import trionfi
from trionfi.shuffling import shuffle


@given(seed=st.integers(min_value=0, max_value=2**64), length=st.integers(min_value=0, max_value=128))
def test_the_same_order_and_the_generator_left_in_the_same_state(seed: int, length: int) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    mine, stdlib = list(range(length)), list(range(length))
    shuffle(mine, ours)
    theirs.shuffle(stdlib)
    assert mine == stdlib
    assert ours.getstate() == theirs.getstate()


def test_every_pack_size_many_times_in_a_row() -> None:
    # Bounds just above a power of two redraw most often: every size up to 128, twenty shuffles each.
    ours, theirs = random.Random("packs"), random.Random("packs")
    for length in range(129):
        mine, stdlib = list(range(length)), list(range(length))
        for _ in range(20):
            shuffle(mine, ours)
            theirs.shuffle(stdlib)
            assert mine == stdlib, length


def test_longer_lists_and_other_generators_are_left_to_their_own_shuffle() -> None:
    class Counting(random.Random):
        calls = 0

        def shuffle(self, x):  # type: ignore[no-untyped-def, override]
            Counting.calls += 1
            super().shuffle(x)

    rng = Counting(3)
    shuffle(list(range(10)), rng)
    assert Counting.calls == 1
    long, expected = list(range(500)), list(range(500))
    shuffle(long, random.Random(4))
    random.Random(4).shuffle(expected)
    assert long == expected


def test_seeded_deals_are_those_random_shuffle_made() -> None:
    # Hands and turned-up cards of seeds 0, 1, 2 as the engine dealt them with random.Random.shuffle.
    game = trionfi.load("briscola")
    before = [(["Ad", "3c", "Ks"], "Hb"), (["4s", "2c", "Jb"], "6d"), (["7s", "Kb", "5b"], "Ks")]
    for seed, (hand, indicator) in enumerate(before):
        state = game.deal(seed=seed)
        assert (state.hand(0), state.observation(0)["indicator"]) == (hand, indicator)
