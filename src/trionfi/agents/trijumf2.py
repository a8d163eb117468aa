"""Two-player Trijumf card play on small integers: the exact endgames of the hard level.

Once the stock of a two-player Trijumf deal is gone every card is known (each drawn card is shown to the
opponent, so the unseen cards are exactly the opponent's hand), and the last ten tricks are a perfect-information
game. The engine's generic solver takes about 0.7 s for ten cards each, too slow for a move, so the hard level
used to play those tricks by playouts. Here the card play (follow suit, else trump, else anything; the winner of
a trick draws first while the stock lasts; the last trick's ultima of 10) is solved on card numbers and bit masks,
like two-player Briscola (:mod:`~trionfi.agents.briscola2`), with two savings of its own: the strict duties
leave the follower few cards, and cards worth nothing that lie next to each other in a suit (no unplayed card
between them) are the same card to the search, so only the lowest of them is tried.

The engine's rules stay the reference: the tests check the values against the engine's generic solver.
"""

from __future__ import annotations

from typing import Any

from ..cards import Card
from .briscola2 import _bits

ULTIMA = 10
NONE = -1000
ALL = 1000


class Trijumf2:
    """The card tables of two-player Trijumf and its exact solver (:meth:`solve`). Built once per game
    (:func:`trijumf2`). A position: ``hands`` (two lists of card numbers), ``stock`` (top last; ``stock[0]`` is
    the turned-up card, the last drawn), ``leader``, ``led`` (the card on the table or -1), ``trump`` (a suit
    number)."""

    def __init__(self, game: Any) -> None:
        # Cheapest first, as in Briscola2: the highest bits are the loads and high cards, tried first.
        deck = sorted(game.deck, key=lambda c: (game.card_points[c], game.strength[c], c.suit))
        self.cards = deck
        self.number = {c: i for i, c in enumerate(deck)}
        suits = list(dict.fromkeys(c.suit for c in deck))
        self.suit_names = suits
        self.suit = [suits.index(c.suit) for c in deck]
        self.strength = [game.strength[c] for c in deck]
        self.points = [game.card_points[c] for c in deck]
        self.bit = [1 << i for i in range(len(deck))]
        self.suit_mask = [sum(1 << i for i, c in enumerate(deck) if c.suit == s) for s in suits]
        # For a card worth nothing: the cards worth nothing below it in its suit (all of them lower numbers, so
        # the highest unplayed one among them is the next card down).
        self.below = [
            sum(
                1 << j
                for j, d in enumerate(deck)
                if self.points[i] == 0 and d.suit == c.suit and self.strength[j] < self.strength[i]
            )
            for i, c in enumerate(deck)
        ]

    def position(self, state: Any) -> tuple[list[list[int]], list[int], int, int, int]:
        """(hands, stock, leader, led, trump suit number) of a two-player Trijumf state in play."""
        num = self.number
        hands = [[num[c] for c in h] for h in state.hands]
        stock = [num[c] for c in state.stock]
        led = num[state.trick[0]] if state.trick else -1
        return hands, stock, state.leader, led, self.suit_names.index(state.trump)

    def values(self, state: Any) -> dict[Card, int]:
        """Each legal card's exact future margin for seat 0 (the points still to be won by seat 0, ultima
        included, minus seat 1's) under best play on both sides."""
        hands, stock, leader, led, trump = self.position(state)
        memo: dict[Any, Any] = {}
        found = {}
        for c in state._legal():
            if c.__class__ is Card:
                found[c] = self.after(hands, stock, leader, led, self.number[c], trump, memo)
        return found

    def after(
        self, hands: list[list[int]], stock: list[int], leader: int, led: int, c: int, trump: int, memo: dict
    ) -> int:
        """Seat 0's exact future margin once the seat to move has played card ``c``."""
        m = [sum(1 << x for x in hands[0]), sum(1 << x for x in hands[1])]
        mover = leader if led < 0 else 1 - leader
        m[mover] &= ~self.bit[c]
        if led < 0:
            return self._value(m[0], m[1], stock, len(stock), leader, c, trump, NONE, ALL, memo)
        return self._trick(m[0], m[1], stock, len(stock), leader, led, c, trump, NONE, ALL, memo)

    def solve(
        self, hands: list[list[int]], stock: list[int], leader: int, led: int, trump: int, memo: dict[Any, Any]
    ) -> int:
        """Seat 0's exact future margin under best play. ``memo`` is the table of one stock order and trump."""
        m0 = sum(1 << x for x in hands[0])
        m1 = sum(1 << x for x in hands[1])
        return self._value(m0, m1, stock, len(stock), leader, led, trump, NONE, ALL, memo)

    def _trick(
        self, m0: int, m1: int, stock: list[int], n: int, leader: int, led: int, c: int, trump: int,
        alpha: int, beta: int, memo: dict,
    ) -> int:  # fmt: skip
        """The value once card ``c`` has answered ``led`` (both already out of the masks)."""
        suit = self.suit
        if suit[c] == suit[led]:
            win = 1 - leader if self.strength[c] > self.strength[led] else leader
        else:
            win = 1 - leader if suit[c] == trump else leader
        gain = self.points[c] + self.points[led]
        if n:
            top, nxt = 1 << stock[n - 1], 1 << stock[n - 2]
            if win == 0:
                m0, m1 = m0 | top, m1 | nxt
            else:
                m0, m1 = m0 | nxt, m1 | top
            n -= 2
        elif not (m0 or m1):
            gain += ULTIMA
        if win:
            gain = -gain
        if not (m0 or m1):
            return gain
        return gain + self._value(m0, m1, stock, n, win, -1, trump, alpha - gain, beta - gain, memo)

    def _value(
        self, m0: int, m1: int, stock: list[int], n: int, leader: int, led: int, trump: int,
        alpha: int, beta: int, memo: dict,
    ) -> int:  # fmt: skip
        key = (m0, m1, n, leader, led)
        hit = memo.get(key)
        if hit is not None:
            lo, hi = hit
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            alpha, beta = max(alpha, lo), min(beta, hi)
        a0, b0 = alpha, beta
        if led < 0:
            mover = leader
            hand = m0 if mover == 0 else m1
            options = hand
        else:
            mover = 1 - leader
            hand = m0 if mover == 0 else m1
            options = hand & self.suit_mask[self.suit[led]] or hand & self.suit_mask[trump] or hand
        unplayed = m0 | m1 | (1 << led if led >= 0 else 0)  # the led card parts two of ours it lies between
        for i in range(n):
            unplayed |= 1 << stock[i]
        below = self.below
        maximizing = mover == 0
        best = NONE if maximizing else ALL
        for c in _bits(options):
            lower = unplayed & below[c]
            if lower and hand >> (lower.bit_length() - 1) & 1:
                continue  # the next card down in the suit is ours and worth as little: the same card
            bit = 1 << c
            n0, n1 = (m0 & ~bit, m1) if mover == 0 else (m0, m1 & ~bit)
            if led < 0:
                v = self._value(n0, n1, stock, n, leader, c, trump, alpha, beta, memo)
            else:
                v = self._trick(n0, n1, stock, n, leader, led, c, trump, alpha, beta, memo)
            if maximizing:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            elif v < best:
                best = v
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        lo, hi = hit if hit is not None else (NONE, ALL)
        if best <= a0:
            hi = min(hi, best)
        elif best >= b0:
            lo = max(lo, best)
        else:
            lo = hi = best
        memo[key] = (lo, hi)
        return best


_TRIJUMF2: dict[int, tuple[Any, Trijumf2]] = {}


def trijumf2(game: Any) -> Trijumf2 | None:
    """The fast tables of a two-player Trijumf game, or None for any other game."""
    if getattr(game, "name", None) != "trijumf" or game.players != 2:
        return None
    found = _TRIJUMF2.get(id(game))
    if found is None or found[0] is not game:
        found = _TRIJUMF2[id(game)] = (game, Trijumf2(game))
    return found[1]
