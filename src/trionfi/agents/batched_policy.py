"""The playout rule of thumb of 2-player Briscola as array operations over a whole batch of deals.

The same rule as :func:`trionfi.agents.briscola2.fast_playout` (its keep values and tie-breaks come from
:func:`~trionfi.agents.briscola2.playout_tables`, its odds from ``SAFE``): a lead scores (2 * the chance the
opponent cannot beat it - 1) * its points - what keeping it is worth; an answer scores the trick's points, won
or lost, - what keeping it is worth. Here the choice is made for every deal of a
:class:`~trionfi.batch.BatchBriscola` at once, one hand slot at a time, with the cards not yet played kept as a
64-bit mask per deal. Every deal of a batch is at the same point (lockstep), so the hand sizes, the stock left
and the fading of the keep values are plain numbers.
"""

from __future__ import annotations

import numpy as np

from ..batch import BatchBriscola
from .briscola2 import FADE, SAFE, Briscola2, playout_tables


def _padded(values: list[float] | np.ndarray, dtype: type = np.float32) -> np.ndarray:
    """A per-card table with one more entry, read through the id -1 (an empty slot): zero."""
    return np.append(np.asarray(values, dtype=dtype), np.zeros(1, dtype=dtype))


class RulePolicy:
    """The rule of thumb for every deal of ``batch`` (a game with one trump suit for all its deals)."""

    def __init__(self, fb: Briscola2, batch: BatchBriscola, trump_card: int) -> None:
        tables = batch.tables
        size = tables.size
        number = [fb.number[c] for c in tables.cards]  # batch id -> fast-path number
        trump_suit = int(tables.suit[trump_card]) if trump_card >= 0 else tables.suits
        fb_trump = fb.suit_names.index(tables.suit_letters[trump_suit]) if trump_card >= 0 else -1
        keep, _, tie, is_trump, trump_points = playout_tables(fb, fb_trump)
        self.keep = _padded([keep[i] for i in number])
        self.tie = _padded([tie[i] for i in number])
        self.trump_points = _padded([trump_points[i] if is_trump[i] else 0.0 for i in number])
        self.points = _padded(tables.points[:size].astype(np.float32))
        self.bit = _padded([1 << i for i in range(size)], np.uint64)
        codes = tables.trick.reshape(tables.suits + 1, size, size)[trump_suit]
        beats = (codes & 1).astype(bool)  # [led, answer]: the answer wins the trick
        self.beaters = _padded([sum(1 << j for j in np.flatnonzero(beats[i]).tolist()) for i in range(size)], np.uint64)
        same = tables.suit[:size, None] == tables.suit[None, :size]
        higher = same & (tables.strength[None, :size] > tables.strength[:size, None])
        self.higher = _padded([sum(1 << j for j in np.flatnonzero(higher[i]).tolist()) for i in range(size)], np.uint64)
        self.wins = np.zeros((size + 1, size + 1), dtype=bool)
        self.wins[:size, :size] = beats
        self.turned = trump_card
        self.turned_bit = np.uint64(1 << trump_card) if trump_card >= 0 else np.uint64(0)
        rows = max(len(SAFE), 1)
        pools = len(SAFE[0])
        self.safe = np.zeros((rows, pools, pools), dtype=np.float32)
        for other in range(rows):
            for pool in range(pools):
                self.safe[other, pool, : pool + 1] = SAFE[other][pool]
        self.unplayed = np.zeros(batch.n, dtype=np.uint64)

    def start(self, batch: BatchBriscola) -> None:
        """Take the cards not yet played from the batch as it stands (before the playouts)."""
        bit = self.bit
        unplayed = np.zeros(batch.n, dtype=np.uint64)
        for seat in (0, 1):
            for slot in range(batch.hand_size):
                unplayed |= bit[batch.hands[:, seat, slot]]
        for place in range(batch.stock_size - batch.stock_left, batch.stock_size):
            unplayed |= bit[batch.stock[:, place]]
        self.unplayed = unplayed

    def actions(self, batch: BatchBriscola) -> np.ndarray:
        """The rule's card in every deal, for the player to move."""
        hand = batch.mover_hand()
        if len(hand) == 1:
            return hand[0]
        bit = self.bit
        own = np.zeros(batch.n, dtype=np.uint64)
        for cards in hand:
            own |= bit[cards]
        out = self.unplayed & ~own
        left = len(hand) - 1 + (batch.stock_left >> 1)
        fade = 1.0 if left >= FADE else left / FADE
        scores = []
        if batch.answering:
            led = batch.trick
            on_table = self.points[led]
            for cards in hand:
                p = on_table + self.points[cards]
                score = np.where(self.wins[led, cards], p, -p) - self._keep(cards, out, fade)
                scores.append(score)
        else:
            unseen = out & ~self.turned_bit if batch.stock_left else out
            pool = np.bitwise_count(unseen)
            safe_of = self.safe[min(len(hand), len(self.safe) - 1)]  # the opponent holds as many cards
            for cards in hand:
                safe = safe_of[pool, np.bitwise_count(self.beaters[cards] & unseen)]
                scores.append((2.0 * safe - 1.0) * self.points[cards] - self._keep(cards, out, fade))
        best = np.argmax(np.stack(scores), axis=0)
        chosen = hand[0].copy()
        for j in range(1, len(hand)):
            chosen[best == j] = hand[j][best == j]
        return chosen

    def _keep(self, cards: np.ndarray, out: np.ndarray, fade: float) -> np.ndarray:
        """What keeping ``cards`` is worth (faded), plus the tie-break: a trump's own points count half while a
        higher trump is still out."""
        keep = self.keep[cards] * fade + self.tie[cards]
        if fade:
            half = (self.higher[cards] & out) != 0
            keep = keep + self.trump_points[cards] * np.where(half, 0.5, 1.0)
        return keep

    def played(self, actions: np.ndarray) -> None:
        """Note the cards just played."""
        self.unplayed &= ~self.bit[actions]
