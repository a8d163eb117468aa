"""Worlds of a 2-player Briscola observation drawn thousands at a time, as arrays for the batched core.

A seat's observation leaves two kinds of places unseen: the opponent's cards it has not been shown and the
face-down stock. A world deals the unseen cards uniformly into those places; everything the observation states
stays where it says (the seat's own hand, the opponent's shown cards, the turned-up card at the stock's bottom,
a stock top shown face up, the cards played, the points). The observation is parsed once by
:class:`~trionfi.agents.briscola2.FastWorlds` (the search agent's own reading of it); the drawing itself is one
``argsort`` of random keys for all the worlds, where ``game.sample_state`` builds one engine state per world.

Only the observation is read: nothing here can see the deal's hidden cards. Not for Briscolone with following
suit, where a card not followed tells of a void the uniform deal would ignore.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..batch.tables import NO_CARD, CardTables
from ..cards import card
from .briscola2 import Briscola2, FastWorlds


class BatchWorlds:
    """The worlds of one observation (``draw``), in the batched core's card ids (``tables``)."""

    def __init__(self, fb: Briscola2, tables: CardTables, observation: dict[str, Any], hand_size: int) -> None:
        self.parsed = parsed = FastWorlds(fb, observation, hand_size)  # ValueError: inconsistent observation
        self.fb = fb
        to_id = np.array([tables.id_of[c] for c in fb.cards], dtype=np.int8)  # fast-path number -> batch id
        self.seat = seat = parsed.seat
        self.unseen = to_id[parsed.unseen] if parsed.unseen else np.zeros(0, np.int8)
        self.own = to_id[parsed.own] if parsed.own else np.zeros(0, np.int8)
        self.known = to_id[parsed.known] if parsed.known else np.zeros(0, np.int8)
        self.need = parsed.need
        self.hidden_stock = parsed.hidden_stock
        self.bottom = int(to_id[parsed.bottom]) if parsed.bottom >= 0 else NO_CARD
        self.top = int(to_id[parsed.top]) if parsed.top >= 0 else NO_CARD
        self.leader = parsed.leader
        self.trick = int(to_id[parsed.led]) if parsed.led >= 0 else NO_CARD
        self.points = list(parsed.won)
        # The turned-up card, or once it is drawn (the observation no longer names it) a card of the trump suit
        # standing for it: the batch reads only its suit then.
        indicator, trump = observation.get("indicator"), observation.get("trump")
        if indicator is not None and trump:
            self.trump_card = tables.id_of[card(indicator)]
        elif trump:
            suit = tables.suit_letters.index(trump)
            self.trump_card = int(np.flatnonzero(tables.suit[:-1] == suit)[0])
        else:
            self.trump_card = NO_CARD
        self.width = max(len(self.own), len(self.known) + self.need)  # hand slots the worlds need
        self.other = 1 - seat
        self.to_number = np.zeros(tables.size + 1, dtype=np.int16)  # batch id -> fast-path number (-1 -> 0)
        self.to_number[to_id] = np.arange(len(fb.cards))

    def explained(self, hands: np.ndarray, rate: float) -> np.ndarray | None:
        """How well each world explains the opponent's latest decision (None when there is none): ``rate`` times
        the chance the playout rule makes it from that world's hand plus (1 - ``rate``) times a uniform
        choice's chance (:meth:`FastWorlds.explain`, one world at a time; only the opponent's hands differ)."""
        if self.parsed.evidence is None:
            return None
        fb, explain = self.fb, self.parsed.explain
        to_number = self.to_number
        weights = np.empty(len(hands))
        seen: dict[tuple[int, ...], float] = {}
        for w, held in enumerate(hands[:, self.other].tolist()):
            key = tuple(sorted(c for c in held if c >= 0))
            found = seen.get(key)
            if found is None:
                rule, uniform = explain(fb, [int(to_number[c]) for c in key])
                found = seen[key] = rate * rule + (1.0 - rate) * uniform
            weights[w] = found
        return weights

    def draw(self, n: int, rng: np.random.Generator) -> dict[str, np.ndarray]:
        """``n`` worlds: ``hands`` (n, 2, width) packed, ``stock`` (n, left) in drawing order, and the
        ``trick``, ``points``, ``leader`` and ``trump_card`` that every world shares (the arguments of
        :meth:`trionfi.batch.BatchBriscola.load_arrays`)."""
        u = len(self.unseen)
        order = np.argsort(rng.random((n, u)), axis=1) if u else np.zeros((n, 0), dtype=np.intp)
        dealt = self.unseen[order]  # (n, u): a uniform permutation of the unseen cards per world
        hands = np.full((n, 2, self.width), NO_CARD, dtype=np.int8)
        hands[:, self.seat, : len(self.own)] = self.own
        k = len(self.known)
        hands[:, self.other, :k] = self.known
        hands[:, self.other, k : k + self.need] = dealt[:, : self.need]
        parts = []
        if self.top >= 0:
            parts.append(np.full((n, 1), self.top, dtype=np.int8))  # drawn next
        parts.append(dealt[:, self.need :])
        if self.bottom >= 0:
            parts.append(np.full((n, 1), self.bottom, dtype=np.int8))  # the turned-up card, drawn last
        stock = np.concatenate(parts, axis=1)
        return {
            "hands": hands,
            "stock": stock,
            "trick": np.full(n, self.trick, dtype=np.int8),
            "points": np.tile(np.array(self.points, dtype=np.int16), (n, 1)),
            "leader": np.full(n, self.leader, dtype=np.int8),
            "trump_card": np.full(n, self.trump_card, dtype=np.int8),
        }
