"""Dealing the cards a seat cannot see among the places it cannot see, under constraints (for the samplers).

A sampler knows which cards are unseen, the hidden places with their sizes (other hands, a face-down stock,
a hidden discard) and, per card, the places it may be in (a player void in a suit cannot hold its cards, a
robbed card is in the robber's hand or his discard, only certain cards may be discarded). :func:`deal_hidden`
draws one assignment at random that fills every place exactly and respects every card's allowed places.

The draw is sequential: the constrained cards first, in random order, each put into one of its allowed
places with probability proportional to the room left there; a choice that would leave the rest impossible
(checked with Hall's condition over the subsets of places, which are few) is not taken. The free cards then
fill the room left in a random order. Without constraints this is a uniform random deal; with them it is
close to uniform and never impossible when an assignment exists.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from ..cards import card
from ..engine import Trick
from ..shuffling import shuffle

T = TypeVar("T")


class Inconsistent(ValueError):
    """No way to place the unseen cards: the observation contradicts itself (or a sampler's reading of it)."""


def deal_hidden(
    cards: Sequence[T], sizes: Sequence[int], allowed: Mapping[T, int], rng: random.Random
) -> list[list[T]]:
    """Place ``cards`` into ``len(sizes)`` places holding exactly ``sizes[i]`` cards each.

    ``allowed[c]`` is a bit mask of the places card ``c`` may go to (bit ``i``: place ``i``); a card missing
    from ``allowed`` may go anywhere. Raises :class:`Inconsistent` when no assignment exists.
    """
    k = len(sizes)
    full = (1 << k) - 1
    if sum(sizes) != len(cards):
        raise Inconsistent(f"{len(cards)} unseen cards for {sum(sizes)} hidden places")
    cap = list(sizes)
    # A place with no room is no option for anybody.
    open_mask = sum(1 << i for i in range(k) if cap[i] > 0)
    constrained: list[tuple[T, int]] = []
    free: list[T] = []
    for c in cards:
        m = allowed.get(c, full) & open_mask
        if m == 0:
            raise Inconsistent(f"card {c} has no place it may go to")
        if m == open_mask:
            free.append(c)
        else:
            constrained.append((c, m))
    out: list[list[T]] = [[] for _ in range(k)]
    if constrained:
        counts: dict[int, int] = {}
        for _, m in constrained:
            counts[m] = counts.get(m, 0) + 1
        if not _hall(counts, cap, k, len(free)):
            raise Inconsistent("the unseen cards cannot be placed under the constraints")
        shuffle(constrained, rng)
        # The most constrained first: fewer dead ends to test.
        constrained.sort(key=lambda cm: bin(cm[1]).count("1"))
        for c, m in constrained:
            counts[m] -= 1
            options = [i for i in range(k) if m >> i & 1 and cap[i] > 0]
            while True:
                if not options:  # pragma: no cover - Hall's condition held before this card
                    raise Inconsistent("the unseen cards cannot be placed under the constraints")
                i = _weighted(options, cap, rng)
                cap[i] -= 1
                if _hall(counts, cap, k, len(free)):
                    out[i].append(c)
                    break
                cap[i] += 1
                options.remove(i)
    shuffle(free, rng)
    pos = 0
    for i in range(k):
        if cap[i]:
            out[i].extend(free[pos : pos + cap[i]])
            pos += cap[i]
    return out


def _weighted(options: list[int], cap: list[int], rng: random.Random) -> int:
    total = sum(cap[i] for i in options)
    r = rng.randrange(total)
    for i in options:
        r -= cap[i]
        if r < 0:
            return i
    return options[-1]  # pragma: no cover


def _hall(counts: Mapping[int, int], cap: Sequence[int], k: int, free: int) -> bool:
    """Whether the constrained cards (``counts``: mask -> number) and ``free`` cards fit the room ``cap``:
    for every set S of places, the cards that must go into S are no more than S's room (Hall's condition),
    a place without room counting as no option."""
    room_mask = 0
    for i in range(k):
        if cap[i] > 0:
            room_mask |= 1 << i
    merged: dict[int, int] = {}
    placed = 0
    for m, n in counts.items():
        if n:
            e = m & room_mask
            if e == 0:
                return False
            merged[e] = merged.get(e, 0) + n
            placed += n
    if placed + free != sum(cap):
        return False
    masks = list(merged.items())
    s = room_mask
    sub = (s - 1) & room_mask
    while sub:  # every proper, non-empty subset of the places with room
        need = 0
        for m, n in masks:
            if m & ~sub == 0:
                need += n
        if need:
            room = 0
            for i in range(k):
                if sub >> i & 1:
                    room += cap[i]
            if need > room:
                return False
        sub = (sub - 1) & room_mask
    return True


def places_mask(indices: Sequence[int]) -> int:
    """The bit mask of the given place indices."""
    m = 0
    for i in indices:
        m |= 1 << i
    return m


def public_tricks(observation: dict[str, Any]) -> list[Trick]:
    """The finished tricks an observation lists, as the engine's Trick records (every sampler needs them)."""
    return [
        Trick(
            t["leader"],
            tuple(s for s, _ in t["cards"]),
            tuple(card(c) for _, c in t["cards"]),
            t["winner"],
            t["points"],
        )
        for t in observation["tricks"]
    ]
