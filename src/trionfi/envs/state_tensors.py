"""Briscola's tensor written straight from the engine state: the numbers of ``Encoder.encode(observation)``,
several times faster (the adapters' speed is set by it: a random PettingZoo or Gymnasium step builds one tensor).

Building ``state.observation(seat)`` (a dict of lists of texts, every past trick included) and encoding it costs
about ten times an engine move. For Briscola without talk, claims or a follow rule, every piece of the tensor
is a plain function of a few fields of the state that the observation itself is made of, so it is read from
them: the seat's own hand, the tricks and the trick on the table, the turned-up card while the stock lasts and
who drew it, the points won, hand sizes, stock size, phase, turn and leader; with open hands (scoperta) the other
hands. Nothing else of the state is touched, and ``tests/test_envs_state_tensors.py`` checks every tensor equal
to the observation's, seat by seat, over random deals of each variant. Every other game and variant is encoded
from its observation as before (:meth:`StateTensor.write` says which).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .encoding import Encoder


class StateTensor:
    """Writes a seat's tensor from a Briscola state, for the options where the observation allows it."""

    def __init__(self, encoder: Encoder) -> None:
        game: Any = encoder.game
        self.encoder = encoder
        # Talk, claims (extras) and a follow rule (voids read from play) are left to the observation's encoder.
        self.enabled = game.name == "briscola" and not game.has_extras and encoder.follow is None
        if not self.enabled:
            return
        off = {name: start for name, (start, _, _) in encoder.offsets.items()}
        d, n = len(encoder.deck), encoder.n
        self.n, self.d, self.sides = n, d, encoder.sides
        index = {c: i for i, c in enumerate(encoder.deck)}
        self.index = index

        def at(piece: str, row: int = 0) -> dict[Any, int]:
            # Each card's place in the flat tensor, worked out once: card -> offset of (row, card) in the piece.
            return {c: off[piece] + row * d + i for c, i in index.items()}

        self.hand, self.played, self.turned = at("hand"), at("played"), at("turned_up")
        self.trick = [at("trick", r) for r in range(n)]  # by relative seat
        self.known = [at("known", r) for r in range(n)]
        self.trump = {s: off["trump"] + i for i, s in enumerate(encoder.suits)}
        self.no_trump = off["trump"] + len(encoder.suits)
        self.points, self.hand_sizes, self.stock = off["points"], off["hand_sizes"], off["stock"]
        self.phase = {p: off["phase"] + i for i, p in enumerate(encoder.phases)}
        self.other_phase = off["phase"] + len(encoder.phases)
        self.to_play, self.leader = off["to_play"], off["leader"]
        self.holder = off["indicator_holder"]
        self.side_of = game.side_of
        self.points_scale = encoder.points_scale
        self.max_hand = encoder.max_hand
        self.open_hands = game.open_hands
        # The played cards' places of the last tricks list written (the list, its length then, the places): the
        # next write for the same deal adds only the tricks since. Tricks are only ever appended to a deal's list.
        self._played: tuple[list, int, list[int]] = ([], 0, [])

    def write(self, state: Any, seat: int, out: np.ndarray) -> bool:
        """Write ``seat``'s tensor into ``out`` and return True; False (``out`` untouched) where this game or
        variant is encoded from the observation instead."""
        if not self.enabled:
            return False
        n = self.n
        if seat.__class__ is not int or not 0 <= seat < n:
            state._check_seat(seat)  # the observation's own error for a seat that is not one
        out.fill(0.0)
        v = memoryview(out)  # one number at a time: a memoryview writes faster than numpy's indexing
        at = self.hand
        for c in state.hands[seat]:
            v[at[c]] = 1.0
        tricks = state.tricks
        known, count, places = self._played
        if known is not tricks or len(tricks) != count:
            places = self._played_places(tricks)
        for i in places:
            v[i] = 1.0
        trick = self.trick
        for s, c in zip(state.trick_seats, state.trick, strict=False):
            v[trick[(s - seat) % n][c]] = 1.0
        stock = state.stock
        indicator = state.indicator
        if stock and indicator is not None:
            v[self.turned[indicator]] = 1.0
        holder = state.indicator_holder
        if holder is not None:
            v[self.holder + (holder - seat) % n] = 1.0
            if holder != seat and indicator in state.hands[holder]:  # the card drawn last, known to all
                v[self.known[(holder - seat) % n][indicator]] = 1.0
        if self.open_hands:
            for s, hand in enumerate(state.hands):
                if s != seat:
                    at = self.known[(s - seat) % n]
                    for c in hand:
                        v[at[c]] = 1.0
        trump = state.trump
        v[self.trump.get(trump, self.no_trump) if trump is not None else self.no_trump] = 1.0
        v[self.phase.get(state.phase, self.other_phase)] = 1.0
        if state.current_player is not None:
            v[self.to_play + (state.current_player - seat) % n] = 1.0
        if state.leader is not None:
            v[self.leader + (state.leader - seat) % n] = 1.0
        sides, my_side, scale = self.sides, self.side_of[seat], self.points_scale
        for i, p in enumerate(state.won):
            v[self.points + (i - my_side) % sides] = min(max(p / scale, 0.0), 1.0)
        max_hand = self.max_hand
        for s, hand in enumerate(state.hands):
            v[self.hand_sizes + (s - seat) % n] = min(len(hand) / max_hand, 1.0)
        v[self.stock] = len(stock) / self.d
        return True

    def _played_places(self, tricks: list) -> list[int]:
        """The places of every card in ``tricks`` in the "played" piece."""
        known, count, places = self._played
        if known is not tricks or len(tricks) < count:
            count, places = 0, []
        if len(tricks) > count:
            played = self.played
            places = places + [played[c] for t in tricks[count:] for c in t.cards]
            self._played = (tricks, len(tricks), places)
        return places
