"""How the batched core deals: the vectorised A/3 turn-up rule, stacked packs with seeds, the random player."""

from __future__ import annotations

import numpy as np

import trionfi
from trionfi.batch import BatchBriscola


def stacked(batch: BatchBriscola, rng: np.random.Generator, turned: list[str]) -> np.ndarray:
    """Packs (ids, top first) with the cards ``turned`` right after the six dealt, the rest shuffled."""
    ids = [batch.tables.id_of[trionfi.card(c)] for c in turned]
    others = [i for i in range(batch.tables.size) if i not in ids]
    packs = []
    for _ in range(batch.n):
        rest = rng.permutation(others).tolist()
        packs.append(rest[:6] + ids + rest[6:])
    return np.array(packs)


def test_a3_rule_vectorised_puts_the_rejected_card_strictly_inside_the_stock() -> None:
    batch = BatchBriscola(3000, reject_ace_three_indicator=True)
    rng = np.random.default_rng(11)
    packs = stacked(batch, rng, ["Ad", "5c"])  # the ace is turned up, then the 5 of cups
    batch.reset(decks=packs, rng=rng)
    ace = batch.tables.id_of[trionfi.card("Ad")]
    assert (batch.trump_card == batch.tables.id_of[trionfi.card("5c")]).all()
    face_down = batch.stock[:, :-1]
    where = np.argmax(face_down == ace, axis=1)
    assert (face_down[np.arange(batch.n), where] == ace).all()
    # randint(1, len - 1) over the 32 cards left: never first drawn, never just above the turned-up card.
    assert sorted(set(where.tolist())) == list(range(1, 32))
    for deal in range(batch.n):
        kept = [c for c in face_down[deal].tolist() if c != ace]
        assert kept == packs[deal, 8:].tolist()  # the other cards keep their order


def test_a3_rule_repeats_while_the_turned_card_is_an_ace_or_a_three() -> None:
    for options in ({}, {"deck": "french"}, {"variant": "bosnian"}):
        batch = BatchBriscola(2000, reject_ace_three_indicator=True, **options)
        game = batch.game
        top = [c for c in game.deck if c.rank in game.top_two][:4]
        rng = np.random.default_rng(5)
        packs = stacked(batch, rng, top)  # four rejected cards in a row, to turn up one after the other
        batch.reset(decks=packs, rng=rng)
        assert not batch.tables.rejected[batch.trump_card].any()
        for deal in range(batch.n):
            whole = batch.hands[deal].ravel().tolist() + batch.stock[deal].tolist()
            assert sorted(whole) == list(range(batch.tables.size))
        # A card sent back may come up again: the turned-up card is the first acceptable one after them as
        # often as with the engine's rule (2,000 deals each: 4 standard deviations at most).
        vectorised = (batch.trump_card == packs[:, 10]).mean()
        seeds = list(range(batch.n))
        batch.reset(decks=packs, seeds=seeds)  # with seeds, the rule draws as the engine does
        engine = []
        for deal in range(batch.n):
            state = game.deal(seed=seeds[deal], deck=batch.tables.codes(packs[deal]))
            assert [batch.tables.id_of[c] for c in reversed(state.stock)] == batch.stock[deal].tolist()
            engine.append(batch.tables.id_of[state.indicator] == packs[deal, 10])
        p = np.mean(engine)
        assert 0.2 < p < 0.95
        assert abs(vectorised - p) < 4 * np.sqrt(2 * p * (1 - p) / batch.n)


def test_numpy_deals_turn_up_every_card_alike() -> None:
    batch = BatchBriscola(20000, reject_ace_three_indicator=True)
    batch.reset(rng=3)
    counts = np.bincount(batch.trump_card, minlength=40)
    rejected = batch.tables.rejected[:40]
    assert (counts[rejected] == 0).all()
    share = counts[~rejected] / batch.n
    assert np.abs(share - 1 / 32).max() < 0.006  # 625 a card expected; a deviation of 0.006 is 6 sigma


def test_the_random_player_is_legal_and_uniform() -> None:
    for options in ({}, {"variant": "briscolone", "must_follow_suit": True}):
        batch = BatchBriscola(30000, **options)
        batch.reset(rng=2)
        rng = np.random.default_rng(4)
        while not batch.done:
            mask = batch.legal_mask()
            chosen = batch.random_actions(rng)
            assert mask[np.arange(batch.n), chosen].all()
            if batch.moves == 1:
                # Each legal card as often as another: the share of the lowest-id legal card is 1 / legal count.
                legal = mask.sum(axis=1)
                lowest = mask.argmax(axis=1)
                for count in (1, 2, 3, 5):
                    picked = (chosen == lowest)[legal == count]
                    if picked.size > 1000:
                        assert abs(picked.mean() - 1 / count) < 4 * np.sqrt(1 / count / picked.size)
            batch.step(chosen)
        assert (batch.points.sum(axis=1) == 120).all()


def test_seeded_deals_are_the_engine_deals_and_dealer_changes_who_leads() -> None:
    batch = BatchBriscola(4)
    game = trionfi.load("briscola")
    batch.reset(seeds=[9, 9, 10, 10], dealers=[1, 0, 1, 0])
    assert batch.turn.tolist() == [0, 1, 0, 1]
    for deal, (seed, dealer) in enumerate([(9, 1), (9, 0), (10, 1), (10, 0)]):
        state = game.deal(seed=seed, dealer=dealer)
        for seat in (0, 1):
            assert sorted(batch.tables.ids(state.hand(seat))) == sorted(batch.hands[deal, seat].tolist())
