"""Briscola Chiamata's playout card, and Briscola's for three or more seats: the medium bot's card, worked out
fast from a sampled world.

The playouts are the hard level's model of the other seats. The generic rule of thumb (``search.greedy_card``)
made the medium bot's card in about half of their decisions before the last card of a trick (Chiamata 45 to
64 %, four-player Briscola 50 to 66 % after the lead; ``benchmarks/playout_agree.py``), so the search valued
its cards against players who are not at the table. This is the medium rule itself
(:mod:`~trionfi.agents.heuristics.briscola`'s ``Table.score``; in Chiamata with the partner chances of
:func:`~trionfi.agents.heuristics.briscola_chiamata.ally_chances`), computed on card masks from what the player
on turn sees in the world: its hand, the cards played, the hand sizes, the turned-up card (under the stock, then
in its holder's hand), and who the partner is only when it knows. Every card it has not seen is in another hand
or face down in the stock, and a seat still to play to the trick holds as many cards as it does (in a short
Bosnian trick only those play). The arithmetic is the medium bot's, step for step, so the two agree card for
card (the tests play medium deals and check every decision).

The hard level plays Chiamata's playouts by it (``playout_rules.playout_card``), where it sits alone among
medium players and gained (docs/benchmarks.md). Four-player Briscola's playouts keep the rule of thumb: with
this card (:func:`briscola_card`, three times the rule's cost a playout) the level's moves ran into the time cap
and it scored worse on the first deals measured, its partner at the table being another hard bot.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..cards import Card
from ..tricks import winning_index
from .heuristics.briscola import AT_RISK, EPS, HORIZON, LOAD_KEEP, TRUMP_BASE, TRUMP_STEP
from .heuristics.briscola import _none_chance as none_chance


class _Tables:
    """A game's cards as bits: each card's bit, the cards of its suit above it, each suit's cards."""

    def __init__(self, game: Any) -> None:
        deck = list(game.deck)
        strength = game.strength
        self.bit = {c: 1 << i for i, c in enumerate(deck)}
        self.suit = {s: sum(self.bit[c] for c in deck if c.suit == s) for s in {c.suit for c in deck}}
        self.higher = {
            c: sum(self.bit[x] for x in deck if x.suit == c.suit and strength[x] > strength[c]) for c in deck
        }
        self.below = {c: sum(1 for x in deck if x.suit == c.suit and strength[x] < strength[c]) for c in deck}
        self.strength = strength
        self.points = game.card_points
        # The cards of each suit from the strongest: the highest trump out is the first one found in the pool.
        self.by_strength = {
            s: [(self.bit[c], strength[c]) for c in sorted(deck, key=strength.__getitem__, reverse=True) if c.suit == s]
            for s in self.suit
        }


@lru_cache(maxsize=8)
def _tables(game: Any) -> _Tables:
    return _Tables(game)


# The medium bot's chance that a hand holds none of some unseen cards, memoised: few distinct arguments recur.
_none_chance = lru_cache(maxsize=4096)(none_chance)


def chiamata_card(state: Any, cards: list[Card]) -> Card:
    """The card the medium bot plays in this Briscola Chiamata world's position (module docstring)."""
    me = state.current_player
    hands = state.hands
    bit = _tables(state.game).bit
    pool = 0  # the cards this player has not seen: the other hands'
    for s in range(len(hands)):
        if s != me:
            for c in hands[s]:
                pool |= bit[c]
    sizes = [len(h) for h in hands]
    return _medium_card(state, cards, pool, sizes, {}, _ally_chances(state, me, sizes), len(hands[me]) - 1)


def briscola_card(state: Any, cards: list[Card]) -> Card:
    """The card the medium bot plays in this world's position of Briscola for three or more seats in fixed
    sides, without talk or open hands: as in Chiamata, with the face-down stock among the unseen cards, the
    turned-up card seen while it lies under the stock, and in its holder's hand once he drew it (the holder's
    other cards unseen)."""
    me = state.current_player
    hands = state.hands
    bit = _tables(state.game).bit
    n = len(hands)
    stock = state.stock
    indicator = state.indicator
    pool = 0
    for c in stock:
        pool |= bit[c]
    if stock and indicator is not None:
        pool &= ~bit[indicator]  # face up under the stock
    known: dict[int, int] = {}
    holder = state.indicator_holder
    for s in range(n):
        if s != me:
            for c in hands[s]:
                pool |= bit[c]
    if holder is not None and holder != me and indicator in hands[holder]:
        known[holder] = bit[indicator]
        pool &= ~bit[indicator]
    sizes = [len(h) for h in hands]
    side = state.game.side_of
    ally = [1.0 if side[s] == side[me] else 0.0 for s in range(n)]
    return _medium_card(state, cards, pool, sizes, known, ally, len(hands[me]) - 1 + len(stock) // n)


def _medium_card(
    state: Any,
    cards: list[Card],
    pool: int,
    sizes: list[int],
    known: dict[int, int],
    ally: list[float],
    future: int,
) -> Card:
    """The medium bot's card (``heuristics.briscola.Table.score``, the best of the legal ``cards``) from the
    cards the player on turn has not seen (``pool``, a mask), the cards it knows in another hand (``known``:
    seat -> mask), each seat's chance of playing on its side and the tricks still to come after this one."""
    t = _tables(state.game)
    n_pool = pool.bit_count()
    trump = state.trump
    strength, points = t.strength, t.points
    trump_bits = t.suit.get(trump, 0) if trump is not None else 0
    fade = min(1.0, future / HORIZON)
    # The highest trump an opponent may hold: unseen, face up under the stock, or known in an opponent's hand.
    out = pool
    stock = getattr(state, "stock", None)
    if stock and state.indicator is not None:
        out |= t.bit[state.indicator]
    for s, k in known.items():
        if ally[s] < 1.0:
            out |= k
    top_out = next((st for b, st in t.by_strength[trump] if out & b), 0) if trump is not None else 0
    trick = state.trick
    seats = state.trick_seats
    played = len(trick)
    remaining = seats[played + 1 :]  # the engine seats only those who play (a short Bosnian trick)
    on_table = 0
    for c in trick:
        on_table += points[c]
    if trick:
        w = winning_index(trick, trump, strength)
        top, top_seat = trick[w], seats[w]
    # The seats still to play: their chances of being on this side, the cards known in their hands, and how
    # many unseen cards they hold. Mostly none is known and all hold as many: one chance of beating serves all.
    allies = [ally[s] for s in remaining]
    held = [known.get(s, 0) for s in remaining]
    unseen = [sizes[s] - k.bit_count() for s, k in zip(remaining, held, strict=True)]
    uniform = not any(held) and len(set(unseen)) <= 1
    beaten: dict[Card, Any] = {}  # per winning card, the chance of beating it (uniform) or each seat's
    best_card, best_score = cards[0], None
    for c in cards:
        # The trick's winner once c is played: c itself when it leads or beats the card winning so far.
        if not trick or ((strength[c] > strength[top]) if c.suit == top.suit else (c.suit == trump)):
            best, p = c, 1.0
        else:
            best, p = top, ally[top_seat]
        if allies:
            chance = beaten.get(best)
            if chance is None:
                beaters = t.higher[best] | (trump_bits if best.suit != trump else 0)
                k = (pool & beaters).bit_count()
                if uniform:
                    chance = max(0.0, 1.0 - _none_chance(n_pool, k, unseen[0]))
                else:
                    chance = [
                        1.0 if h & beaters else max(0.0, 1.0 - _none_chance(n_pool, k, u))
                        for h, u in zip(held, unseen, strict=True)
                    ]
                beaten[best] = chance
            if uniform:
                b = chance
                for a in allies:
                    p = p * (1.0 - (1.0 - a) * b) + (1.0 - p) * a * b
            else:
                for a, b in zip(allies, chance, strict=True):
                    p = p * (1.0 - (1.0 - a) * b) + (1.0 - p) * a * b
        if c.suit == trump:
            own = points[c] * (AT_RISK if top_out > strength[c] else 1.0)
            keep = (TRUMP_BASE + TRUMP_STEP * t.below[c]) * fade + own * (1.0 if fade else 0.0)
        else:
            keep = LOAD_KEEP * points[c] * fade
        tie = EPS * (strength[c] + points[c] + (10 if c.suit == trump else 0))
        score = (2.0 * p - 1.0) * (on_table + points[c]) - keep + 0.0 - tie
        if best_score is None or score > best_score:
            best_card, best_score = c, score
    return best_card


def _ally_chances(state: Any, me: int, sizes: list[int]) -> list[float]:
    """Each seat's chance of playing on ``me``'s side as ``me`` knows it (``heuristics.briscola_chiamata.
    ally_chances``): sure once it knows the partner, else by the share of the unseen cards each holds."""
    n = len(sizes)
    caller = state.caller
    partner = state._partner_for(me)
    if partner is not None:
        mine = me in (caller, partner)
        return [1.0 if s == me else 1.0 if (s in (caller, partner)) == mine else 0.0 for s in range(n)]
    total = sum(sizes[s] for s in range(n) if s != me) or 1
    if me == caller:
        return [1.0 if s == me else sizes[s] / total for s in range(n)]
    return [1.0 if s == me else 0.0 if s == caller else 1.0 - sizes[s] / total for s in range(n)]
