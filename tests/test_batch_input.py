"""The batched core refuses what it cannot do, with an error saying what is allowed, and changes nothing."""

from __future__ import annotations

import numpy as np
import pytest

from trionfi import IllegalAction, OptionError, TrionfiError
from trionfi.batch import BatchBriscola


def snapshot(batch: BatchBriscola) -> list:
    return [
        batch.hands.copy(),
        batch.stock.copy(),
        batch.points.copy(),
        batch.trick.copy(),
        batch.leader.copy(),
        batch.turn.copy(),
        batch.trump_card.copy(),
        batch.moves,
        batch.stock_left,
    ]


def assert_unchanged(before: list, batch: BatchBriscola) -> None:
    for old, new in zip(before, snapshot(batch), strict=True):
        assert np.array_equal(old, new)


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"variant": "a31"}, "variant=a31"),
        ({"variant": "double"}, "variant=double"),
        ({"players": 4}, "not 4"),
        ({"players": 3}, "not 3"),
        ({"variant": "bosnian", "players": 5}, "not 5"),
    ],
)
def test_unsupported_options_name_what_is_supported(options: dict, named: str) -> None:
    with pytest.raises(OptionError) as caught:
        BatchBriscola(8, **options)
    assert named in str(caught.value)
    assert "supported: 2 players; variant standard, scoperta, briscolone" in str(caught.value)


def test_options_the_engine_refuses_are_refused_as_the_engine_does() -> None:
    with pytest.raises(OptionError, match="allowed: 'standard'"):
        BatchBriscola(2, variant="nope")
    with pytest.raises(OptionError, match="must_follow_suit applies only"):
        BatchBriscola(2, must_follow_suit=True)
    for n in (0, -3, 2.0, True, "8", 2**21 + 1, 10**12):
        with pytest.raises(OptionError, match="number of deals"):
            BatchBriscola(n)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "actions",
    [
        [0, 1],  # one short
        np.zeros((3, 1), dtype=int),
        [0.0, 1.0, 2.0],
        [True, False, True],
        "Ad",
        [-1, 0, 0],  # an empty slot is -1: never a card
        [40, 0, 0],
        None,
    ],
)
def test_malformed_actions_are_refused(actions: object) -> None:
    batch = BatchBriscola(3)
    batch.reset(seeds=[1, 2, 3])
    before = snapshot(batch)
    with pytest.raises(IllegalAction):
        batch.step(actions)
    assert_unchanged(before, batch)


def test_a_card_not_in_hand_is_refused_naming_the_deal_and_the_legal_cards() -> None:
    batch = BatchBriscola(3)
    batch.reset(seeds=[1, 2, 3])
    actions = batch.random_actions(np.random.default_rng(0))
    wrong = int(batch.hands[1, 1, 0])  # seat 1's card, seat 0 to play
    actions[1] = wrong
    before = snapshot(batch)
    with pytest.raises(IllegalAction) as caught:
        batch.step(actions)
    text = str(caught.value)
    may = " ".join(batch.tables.codes(np.flatnonzero(batch.legal_mask()[1])))
    assert f"deal 1: seat 0 may not play {batch.tables.cards[wrong]}" in text
    assert f"may: {may}" in text
    assert "deal 0" not in text and "deal 2" not in text
    assert_unchanged(before, batch)


def test_briscolone_follow_suit_is_enforced() -> None:
    batch = BatchBriscola(400, variant="briscolone", must_follow_suit=True)
    batch.reset(rng=5)
    batch.step(batch.random_actions(np.random.default_rng(1)))
    suit = batch.tables.suit
    hands = batch.hands
    led = suit[batch.trick]
    # A deal where the second player holds the suit led and another suit: playing the other suit is refused.
    deal = next(
        i
        for i in range(batch.n)
        if any(suit[c] == led[i] for c in hands[i, 1]) and any(suit[c] != led[i] for c in hands[i, 1])
    )
    off_suit = next(int(c) for c in hands[deal, 1] if suit[c] != led[deal])
    actions = batch.random_actions(np.random.default_rng(2))
    assert suit[actions[deal]] == led[deal]
    assert not batch.legal_mask()[deal, off_suit]
    actions[deal] = off_suit
    before = snapshot(batch)
    with pytest.raises(IllegalAction, match=f"deal {deal}: seat 1 may not play"):
        batch.step(actions)
    assert_unchanged(before, batch)


def test_finished_deals_are_left_alone() -> None:
    batch = BatchBriscola(5)
    with pytest.raises(IllegalAction, match="call reset"):
        batch.step([0] * 5)  # nothing dealt yet
    batch.reset(rng=1)
    rng = np.random.default_rng(1)
    while not batch.done:
        assert not batch.finished().any()
        batch.step(batch.random_actions(rng))
    assert batch.finished().all()
    assert batch.moves == 40
    before = snapshot(batch)
    for attempt in (lambda: batch.step([0] * 5), lambda: batch.random_actions(rng)):
        with pytest.raises(IllegalAction, match="the deals are over"):
            attempt()
    assert not batch.legal_mask().any()
    assert_unchanged(before, batch)


@pytest.mark.parametrize(
    "arguments",
    [
        {"seeds": [1, 2]},
        {"seeds": [1, 2, "3"]},
        {"seeds": [1, 2, -3]},
        {"seeds": "123"},
        {"seeds": [1, 2, 2.0]},
        {"decks": "Ad 2d"},
        {"decks": [list(range(40))] * 2},
        {"decks": [[0] * 40] * 3},
        {"decks": [[*range(39), 40]] * 3},
        {"decks": [[1, 2], [3]]},
        {"decks": [["Ad"] * 40] * 3},
        {"decks": [["Ah", *range(39)]] * 3},
        {"dealers": [0, 1, 2]},
        {"dealers": [0, 1]},
        {"dealers": [0.0, 1.0, 0.0]},
    ],
)
def test_bad_deals_are_refused_and_change_nothing(arguments: dict) -> None:
    batch = BatchBriscola(3)
    batch.reset(seeds=[4, 5, 6])
    batch.step(batch.random_actions(np.random.default_rng(0)))
    before = snapshot(batch)
    with pytest.raises(TrionfiError):
        batch.reset(**arguments)
    assert_unchanged(before, batch)


def test_stacked_decks_by_id_or_code_deal_alike() -> None:
    by_id = BatchBriscola(2, deck="french")
    by_code = BatchBriscola(2, deck="french")
    rng = np.random.default_rng(3)
    ids = np.stack([rng.permutation(40) for _ in range(2)])
    by_id.reset(decks=ids)
    by_code.reset(decks=[[by_id.tables.cards[i].lower() for i in row] for row in ids.tolist()])
    assert np.array_equal(by_id.hands, by_code.hands)
    assert np.array_equal(by_id.stock, by_code.stock)
    # Dealt singly from the top, seat 0 (the dealer's right) first.
    assert sorted(by_id.hands[0, 0].tolist()) == sorted(ids[0, 0:6:2].tolist())
    assert by_id.trump_card[0] == ids[0, 6]


def test_a_clone_plays_on_alone() -> None:
    batch = BatchBriscola(50)
    batch.reset(rng=4)
    rng = np.random.default_rng(4)
    for _ in range(7):
        batch.step(batch.random_actions(rng))
    before = snapshot(batch)
    copy = batch.clone()
    assert_unchanged(before, copy)
    while not copy.done:
        copy.step(copy.random_actions(rng))
    assert_unchanged(before, batch)  # the original is where it was, and plays on by itself
    batch.step(batch.random_actions(rng))
    assert batch.moves == 8 and copy.moves == 40
