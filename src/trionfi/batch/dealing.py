"""Dealing for the batched core: shuffled packs from seeds (exactly the engine's deals), stacked packs, or numpy's
generator, and the A/3 turn-up rule, vectorised.

Every function returns a *layout*: an ``(N, pack size)`` int8 array of card ids whose first ``2 * hand size``
entries are the cards dealt, top of the pack first, and whose rest is the stock in drawing order (with trumps,
the turned-up card last).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np

from ..cards import Card
from ..games.briscola import Briscola, _turn_up_again
from ..records import seed_for
from ..shuffling import shuffle
from .tables import CardTables

SHUFFLE_ROWS = 1 << 16


def layout_from_order(game: Briscola, order: list[Card], rng: random.Random) -> list[Card]:
    """The layout of one deal from its pack order, as the engine deals it (its A/3 rule drawing on ``rng``)."""
    dealt = 2 * game.hand_size
    if not game.has_trump:
        return order  # no turned-up card: the stock is drawn from the top
    indicator, face_down = order[dealt], order[dealt + 1 :]
    if game.options["reject_ace_three_indicator"]:
        indicator = _turn_up_again(indicator, face_down, game.top_two, rng)
    return [*order[:dealt], *face_down, indicator]


def layouts_from_seeds(game: Briscola, tables: CardTables, seeds: Sequence[int]) -> np.ndarray:
    """The deals ``game.deal(seed=s)`` makes, one per seed (one Python shuffle each: exact, not fast)."""
    out = np.empty((len(seeds), tables.size), dtype=np.int8)
    id_of = tables.id_of
    for row, seed in enumerate(seeds):
        rng = random.Random(seed_for(seed))
        order = list(game.deck)
        shuffle(order, rng)
        out[row] = [id_of[c] for c in layout_from_order(game, order, rng)]
    return out


def layouts_from_decks(
    game: Briscola, tables: CardTables, decks: np.ndarray, seeds: Sequence[int] | None, rng: np.random.Generator
) -> np.ndarray:
    """The deals of stacked packs (ids, top first). The A/3 rule draws on ``random.Random(seed)`` per deal when
    seeds are given (as ``game.deal(seed=s, deck=...)`` does), else on ``rng``, vectorised."""
    if seeds is None or not game.options["reject_ace_three_indicator"]:
        return turn_up(game, tables, decks, rng)
    out = np.empty_like(decks)
    cards = tables.cards
    id_of = tables.id_of
    for row, seed in enumerate(seeds):
        order = [cards[i] for i in decks[row].tolist()]
        out[row] = [id_of[c] for c in layout_from_order(game, order, random.Random(seed_for(seed)))]
    return out


def shuffled(tables: CardTables, n: int, rng: np.random.Generator) -> np.ndarray:
    """``n`` packs shuffled with numpy: each is the order of 32-bit random keys. Two equal keys (probability
    below 2e-7 a deal) keep their cards' pack order: a bias far below anything measurable."""
    out = np.empty((n, tables.size), dtype=np.int8)
    for start in range(0, n, SHUFFLE_ROWS):  # in slices: argsort's int64 answer is 8 bytes a card
        rows = min(SHUFFLE_ROWS, n - start)
        keys = rng.integers(0, 2**32, size=(rows, tables.size), dtype=np.uint32)
        out[start : start + rows] = np.argsort(keys, axis=1)
    return out


def turn_up(game: Briscola, tables: CardTables, orders: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Layouts of packs in play order, the A/3 turn-up rule (when chosen) applied to all deals at once."""
    dealt = 2 * game.hand_size
    if not game.has_trump:
        return orders.copy()
    indicator = orders[:, dealt].copy()
    face_down = orders[:, dealt + 1 :].copy()
    if game.options["reject_ace_three_indicator"]:
        # As the engine's rule: while the turned card is rejected, turn the next face-down card and put the
        # rejected one back strictly inside the rest (a 2-player stock always holds an acceptable card).
        length = face_down.shape[1] - 1  # the face-down cards once one is turned
        columns = np.arange(length + 1)
        while True:
            redo = np.flatnonzero(tables.rejected[indicator])
            if not redo.size:
                break
            back = indicator[redo]
            rest = face_down[redo, 1:]
            indicator[redo] = face_down[redo, 0]
            where = rng.integers(1, length, size=redo.size)[:, None]  # 1 to length - 1, as randint(1, len - 1)
            kept = np.concatenate([rest, rest[:, -1:]], axis=1)  # column j: rest[j], before the re-inserted card
            shifted = np.concatenate([rest[:, :1], rest], axis=1)  # column j: rest[j - 1], after it
            face_down[redo] = np.where(columns < where, kept, np.where(columns == where, back[:, None], shifted))
    return np.concatenate([orders[:, :dealt], face_down, indicator[:, None]], axis=1)
