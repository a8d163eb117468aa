"""N deals of 2-player Briscola as numpy arrays, played in lockstep (see docs/batch.md).

Two players play every card of the pack, one trick of two cards at a time, drawing one card each while the stock
lasts: every deal of one game lasts the same number of moves, and after ``k`` moves every deal of a batch is at the
same point (a trick to lead or to answer, the same hand sizes, the same stock left). The step therefore works on
whole columns, with no per-deal branching: only who holds which card, who leads and who wins differ.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from functools import reduce
from typing import Any

import numpy as np

from ..errors import IllegalAction, OptionError, shown
from ..games.briscola import Briscola
from ..tricks import follow
from .dealing import layouts_from_decks, layouts_from_seeds, shuffled, turn_up
from .tables import NO_CARD, CardTables

MAX_DEALS = 2**21  # about 400 MB at its peak, when dealing: beyond, a memory error would be the answer
SUPPORTED_VARIANTS = ("standard", "scoperta", "briscolone", "bosnian")
SUPPORTED = (
    "2 players; variant standard, scoperta, briscolone (must_follow_suit true or false) or bosnian; deck italian or "
    "french (southern_order true or false); deal_singly; reject_ace_three_indicator; the match options target and "
    "best_of are accepted and play no part in a deal"
)
UNSUPPORTED_WHY = {
    "a31": "a claim ends the deal at any move",
    "double": "four cards a hand, each player plays twice to a trick",
    "schembil": "six players",
}


def two_player_game(options: dict[str, Any]) -> Briscola:
    """The engine game of these options (the engine checks them), refused with the list of what the batched core
    supports when it is not 2-player Briscola played card by card."""
    game = Briscola(**options)
    if game.variant not in SUPPORTED_VARIANTS:
        why = UNSUPPORTED_WHY.get(game.variant, "not two players playing card by card")
        raise OptionError(f"the batched core does not play variant={game.variant} ({why}); supported: {SUPPORTED}")
    if game.players != 2:
        raise OptionError(f"the batched core plays 2 players, not {game.players}; supported: {SUPPORTED}")
    return game


class BatchBriscola:
    """``n`` deals of 2-player Briscola with the given options (those of ``trionfi.load("briscola", ...)``).

    Read-only views (do not write them): ``hands`` (n, 2, hand size) card ids, -1 for an empty slot, in no
    particular order; ``stock`` (n, stock size) in drawing order, of which the last ``stock_left`` remain;
    ``trump_card`` (n,) the turned-up card (-1 in Briscolone); ``trump`` (n,) its suit index (``tables.suits``:
    none); ``trick`` (n,) the card led to the current trick, -1 when a trick is to be led; ``points`` (n, 2) card
    points won by each seat; ``leader`` (n,) who leads the current trick (after a trick: who won it); ``turn`` (n,)
    whose turn it is. A card's id is its index in ``game.deck`` (see :mod:`trionfi.batch.tables`).

    Inside, a seat's hand slot, a stock place and a seat's points are each one contiguous row of ``n`` values, so
    that the step is a few dozen operations on rows of small ints (numpy is slow on short inner axes), and choices
    between the seats are bit masks (``x ^ ((x ^ y) & mask)``) rather than ``np.where``.
    """

    def __init__(self, n: int, **options: Any) -> None:
        if type(n) is not int or not 1 <= n <= MAX_DEALS:
            raise OptionError(f"the number of deals is a whole number from 1 to {MAX_DEALS:,}, not {shown(n)}")
        self.game = game = two_player_game(options)
        self.tables = tables = CardTables(game)
        self.n = n
        self.hand_size = size = game.hand_size
        self.stock_size = tables.size - 2 * size
        self.moves_per_deal = tables.size  # two players play the whole pack
        self.follow_suit = game.restriction is follow
        self._rows = np.arange(n)
        self._mask_rows = self._rows * (tables.size + 1)  # row starts in legal_mask's (n, pack size + 1) scratch
        self._hands = np.full((2, size, n), NO_CARD, dtype=np.int8)  # seat, slot, deal
        self._stock = np.full((self.stock_size, n), NO_CARD, dtype=np.int8)  # place, deal
        self._points = np.zeros((2, n), dtype=np.int16)  # seat, deal
        self.trump_card = np.full(n, NO_CARD, dtype=np.int8)
        self.trump = np.full(n, tables.suits, dtype=np.int8)
        self.trick = np.full(n, NO_CARD, dtype=np.int8)
        self.leader = np.zeros(n, dtype=np.int8)
        self.turn = np.zeros(n, dtype=np.int8)
        self._trick_at = np.zeros(n, dtype=np.int16)  # the trump's block of tables.trick
        self.moves = self.moves_per_deal  # no deal yet: as finished, step() asks for reset() first
        self._size = 0  # the cards in each hand when the current trick began
        self._drawn = 0
        self._hand_cache: list[np.ndarray] | None = None

    @property
    def hands(self) -> np.ndarray:
        return self._hands.transpose(2, 0, 1)

    @property
    def stock(self) -> np.ndarray:
        return self._stock.T

    @property
    def points(self) -> np.ndarray:
        return self._points.T

    # --- dealing -----------------------------------------------------------------------------------
    def reset(
        self,
        seeds: Sequence[int] | None = None,
        decks: Any = None,
        rng: np.random.Generator | int | None = None,
        dealers: Any = None,
    ) -> None:
        """Deal all ``n`` deals afresh: from ``seeds`` (exactly ``game.deal(seed=s)``: one Python shuffle a deal,
        for tests and replays), from stacked ``decks`` (card ids or codes, top first; with seeds, the A/3 rule
        draws as ``game.deal(seed=s, deck=...)`` does), or else shuffled with numpy (``rng``: a Generator or a
        seed; the fast way). ``dealers`` (seat 0 or 1 per deal, default 1 as in the engine): the other seat
        receives first and leads. Bad arguments raise :class:`trionfi.OptionError` and change nothing."""
        game, tables = self.game, self.tables
        generator = rng if isinstance(rng, np.random.Generator) else np.random.default_rng(rng)
        if seeds is not None:
            seeds = self._check_seeds(seeds)
        first = self._first_seats(dealers)
        if decks is not None:
            layout = layouts_from_decks(game, tables, self._check_decks(decks), seeds, generator)
        elif seeds is not None:
            layout = layouts_from_seeds(game, tables, seeds)
        else:
            layout = turn_up(game, tables, shuffled(tables, self.n, generator), generator)
        layout = np.ascontiguousarray(layout.T)  # one row per place in the pack
        size = self.hand_size
        if game.options["deal_singly"]:
            to_first, to_second = layout[0 : 2 * size : 2], layout[1 : 2 * size : 2]
        else:
            to_first, to_second = layout[:size], layout[size : 2 * size]
        swap = (to_first ^ to_second) & -first  # first is 0 or 1: -first is a mask of 0 or all bits
        self._hands[0] = to_first ^ swap
        self._hands[1] = to_second ^ swap
        self._stock[:] = layout[2 * size :]
        self.trump_card[:] = self._stock[-1] if game.has_trump else NO_CARD
        self.trump[:] = tables.suit[self.trump_card]
        self._trick_at[:] = self.trump.astype(np.int16) * (tables.size * tables.size)
        self.trick[:] = NO_CARD
        self._points[:] = 0
        self.leader[:] = first
        self.turn[:] = first
        self.moves = 0
        self._size = size
        self._drawn = 0
        self._hand_cache = None

    def load(self, states: Sequence[Any]) -> None:
        """Take ``n`` engine deals of this game in progress (``game.deal(...)`` states, or worlds from
        ``game.sample_state``), all after the same number of moves: the batch plays on from where they are (a
        search plays out all the worlds of a decision at once). The states are only read. Deals at different
        points raise :class:`trionfi.OptionError`, and nothing changes."""
        game, tables = self.game, self.tables
        if isinstance(states, (str, bytes)) or not hasattr(states, "__len__") or len(states) != self.n:
            raise OptionError(f"load takes {self.n} states of this game, not {shown(states)}")
        for i, state in enumerate(states):
            if getattr(state, "game", None) is None or state.game.name != game.name or state.game._given != game._given:
                raise OptionError(f"state {i} is not a deal of {game!r}")
        # Two players play cards only: the moves played are the cards on the table and in the tricks (a sampled
        # world has no history to count).
        moves = {2 * len(state.tricks) + len(state.trick) for state in states}
        if len(moves) != 1:
            raise OptionError(f"the states must all be after the same number of moves, not {sorted(moves)}")
        played = moves.pop()
        id_of = tables.id_of
        size = self.hand_size
        hands = np.full((self.n, 2, size), NO_CARD, dtype=np.int8)
        stock = np.full((self.n, self.stock_size), NO_CARD, dtype=np.int8)
        for i, state in enumerate(states):
            for seat in (0, 1):
                held = [id_of[c] for c in state.hands[seat]]
                hands[i, seat, : len(held)] = held
            left = [id_of[c] for c in reversed(state.stock)]  # the engine draws from the end of its list
            stock[i, self.stock_size - len(left) :] = left
        first = states[0]
        self._hands[:] = hands.transpose(1, 2, 0)
        self._stock[:] = stock.T
        self.trump_card[:] = [id_of[s.indicator] if s.indicator is not None else NO_CARD for s in states]
        suits = tables.suit_letters
        self.trump[:] = [suits.index(s.trump) if s.trump is not None else tables.suits for s in states]
        self._trick_at[:] = self.trump.astype(np.int16) * (tables.size * tables.size)
        self.trick[:] = [id_of[s.trick[0]] if s.trick else NO_CARD for s in states]
        self._points[:] = np.array([s.won for s in states], dtype=np.int16).T
        self.leader[:] = [s.leader for s in states]
        self.turn[:] = [s.current_player if s.current_player is not None else s.leader for s in states]
        self.moves = played
        # The cards each hand held when this trick began: the hand of the player to move (who has not played).
        mover = first.current_player if first.current_player is not None else first.leader
        self._size = len(first.hands[mover])
        self._drawn = self.stock_size - len(first.stock)
        self._hand_cache = None

    def load_arrays(self, hands: Any, stock: Any, trick: Any, points: Any, leader: Any, trump_card: Any) -> None:
        """Take ``n`` deals in progress given as arrays (sampled worlds, no engine states): ``hands`` (n, 2, k)
        card ids, each hand packed in its first slots with -1 after; ``stock`` (n, left) the cards still to
        draw, in drawing order (with trumps, the turned-up card last); ``trick`` (n,) the card led or -1;
        ``points`` (n, 2); ``leader`` (n,); ``trump_card`` (n,) or one id (-1: no trumps). All deals must be at
        the same point (lockstep): the same hand sizes, stock and trick state. Bad shapes raise
        :class:`trionfi.OptionError`, and nothing changes."""
        n, size, tables = self.n, self.hand_size, self.tables
        hands = np.asarray(hands, dtype=np.int8)
        stock = np.asarray(stock, dtype=np.int8).reshape(n, -1) if np.size(stock) else np.zeros((n, 0), np.int8)
        trick = np.broadcast_to(np.asarray(trick, dtype=np.int8), (n,))
        if hands.ndim != 3 or hands.shape[:2] != (n, 2) or hands.shape[2] > size or stock.shape[1] > self.stock_size:
            raise OptionError(
                f"load_arrays takes hands of shape ({n}, 2, at most {size}) and a stock of ({n}, at most "
                f"{self.stock_size}), not {hands.shape} and {stock.shape}"
            )
        held = (hands >= 0).sum(axis=2)
        led = trick[0] >= 0
        mover_cards = held.max(axis=1)
        if (mover_cards != mover_cards[0]).any() or ((trick >= 0) != led).any():
            raise OptionError("load_arrays takes deals at the same point: the same hand sizes and trick state")
        left = stock.shape[1]
        self._hands[:] = NO_CARD
        self._hands[:, : hands.shape[2]] = hands.transpose(1, 2, 0)
        self._stock[:] = NO_CARD
        self._stock[self.stock_size - left :] = stock.T
        self.trump_card[:] = trump_card
        self.trump[:] = tables.suit[self.trump_card]
        self._trick_at[:] = self.trump.astype(np.int16) * (tables.size * tables.size)
        self.trick[:] = trick
        self._points[:] = np.asarray(points, dtype=np.int16).T
        self.leader[:] = leader
        self.turn[:] = self.leader ^ np.int8(led)
        self._size = int(mover_cards[0])
        self._drawn = self.stock_size - left
        # Cards played: the pack less the cards in the hands and the stock.
        self.moves = tables.size - int(held[0].sum()) - left
        self._hand_cache = None

    def mover_hand(self) -> list[np.ndarray]:
        """The hand of the player to move in every deal, one (n,) row of card ids per filled slot (the same
        number in every deal: lockstep). Read-only: for playout policies working on whole rows."""
        return self._mover_hand()

    def _check_seeds(self, seeds: Any) -> list[int]:
        if isinstance(seeds, (str, bytes)) or not hasattr(seeds, "__len__") or len(seeds) != self.n:
            raise OptionError(f"seeds must be a sequence of {self.n} whole numbers (one a deal), not {shown(seeds)}")
        out = []
        for s in seeds:
            if isinstance(s, np.integer):
                s = int(s)
            if type(s) is not int:
                raise OptionError(f"a seed is a whole number, not {shown(s)}")
            out.append(s)
        return out

    def _check_decks(self, decks: Any) -> np.ndarray:
        tables = self.tables
        shape = (self.n, tables.size)
        if isinstance(decks, (str, bytes)):
            raise OptionError(f"decks must be {shape[0]} stacked packs, not {shown(decks)}")
        try:
            ids = np.asarray(decks)
        except ValueError:  # rows of different lengths
            ids = np.zeros(0)
        if ids.dtype.kind not in "iu" and ids.size:
            try:
                ids = np.array([tables.ids(list(deck)) for deck in decks], dtype=np.int16)
            except TypeError:
                raise OptionError(f"decks must be {shape[0]} stacked packs, not {shown(decks)}") from None
        if ids.shape != shape:
            raise OptionError(
                f"decks must be {shape[0]} packs of {shape[1]} cards (card ids or codes, top first), not {shown(decks)}"
            )
        complete = ((ids >= 0) & (ids < tables.size)).all(axis=1)
        complete[complete] = (np.sort(ids[complete], axis=1) == np.arange(tables.size)).all(axis=1)
        if not complete.all():
            bad = int(np.flatnonzero(~complete)[0])
            raise OptionError(
                f"deck {bad} must hold each of the {tables.size} cards of the {self.game.deck.name} pack once "
                f"(ids 0 to {tables.size - 1}), not {shown(ids[bad].tolist())}"
            )
        return ids.astype(np.int8)

    def _first_seats(self, dealers: Any) -> np.ndarray:
        if dealers is None:
            return np.zeros(self.n, dtype=np.int8)  # the engine's dealer, seat 1: seat 0 receives first
        given = np.asarray(dealers)
        if given.shape != (self.n,) or given.dtype.kind not in "iu" or ((given != 0) & (given != 1)).any():
            raise OptionError(f"dealers must be {self.n} seats, each 0 or 1, not {shown(dealers)}")
        return (1 - given).astype(np.int8)

    def clone(self) -> BatchBriscola:
        """An independent copy of the batch (its arrays copied; the game and the tables shared: never written)."""
        new = object.__new__(BatchBriscola)
        new.__dict__.update(self.__dict__)
        for name in ("_hands", "_stock", "_points", "trump_card", "trump", "trick", "leader", "turn", "_trick_at"):
            setattr(new, name, getattr(self, name).copy())
        new._hand_cache = None
        return new

    # --- where the deals are -----------------------------------------------------------------------
    @property
    def done(self) -> bool:
        """Whether the deals are over (all of them: they move in lockstep)."""
        return self.moves >= self.moves_per_deal

    @property
    def stock_left(self) -> int:
        """The cards left in every deal's stock (the last ``stock_left`` of ``stock``)."""
        return self.stock_size - self._drawn

    @property
    def answering(self) -> bool:
        """Whether the player to move answers a card led (else leads a trick)."""
        return self.moves % 2 == 1

    def finished(self) -> np.ndarray:
        """(n,) bool: which deals are over."""
        return np.full(self.n, self.done)

    def _mover_hand(self) -> list[np.ndarray]:
        """The filled slots of the hand of the player to move: one row of card ids a slot (kept until the next
        move: the mask, the random player and the step all start from it; nobody writes into it)."""
        hand = self._hand_cache
        if hand is None:
            seat1 = -self.turn  # a mask: all bits where seat 1 is to move
            size = self._size
            seat0_rows, seat1_rows = self._hands[0, :size], self._hands[1, :size]
            hand = [a ^ ((a ^ b) & seat1) for a, b in zip(seat0_rows, seat1_rows, strict=True)]
            self._hand_cache = hand
        return hand

    def _playable(self, hand: list[np.ndarray]) -> list[np.ndarray] | None:
        """Which of ``hand``'s slots may be played (a bool row a slot), or None when every card may."""
        if not (self.follow_suit and self.answering):
            return None
        suit = self.tables.suit
        led = suit[self.trick]
        same = [suit[cards] == led for cards in hand]
        none = ~reduce(operator.or_, same)
        return [s | none for s in same]

    def legal_mask(self) -> np.ndarray:
        """(n, pack size) bool: the cards the player to move may play, per deal (none once the deals are over)."""
        size = self.tables.size
        mask = np.zeros((self.n, size + 1), dtype=bool)
        if not self.done:
            hand = self._mover_hand()
            playable = self._playable(hand)
            flat = mask.reshape(-1)
            for j, cards in enumerate(hand):
                # A card left out becomes -1: the last column of the row before (of the last row for row 0),
                # a column that is cut off below.
                flat[self._mask_rows + (cards if playable is None else np.where(playable[j], cards, NO_CARD))] = True
        return mask[:, :size]

    def random_actions(self, rng: np.random.Generator) -> np.ndarray:
        """(n,) int8: a card chosen uniformly among the legal ones, per deal (what a random player plays)."""
        if self.done:
            raise IllegalAction("the deals are over: call reset() to deal again")
        hand = self._mover_hand()
        playable = self._playable(hand)
        if playable is None:
            slot = rng.integers(0, len(hand), self.n, dtype=np.int8)
        else:
            keys = rng.random((len(hand), self.n))
            keys[~np.array(playable)] = -1.0
            slot = keys.argmax(axis=0).astype(np.int8)
        chosen = hand[0].copy()
        for j in range(1, len(hand)):
            chosen ^= (chosen ^ hand[j]) & -(slot == j).view(np.int8)
        return chosen

    # --- playing -----------------------------------------------------------------------------------
    def step(self, actions: Any) -> None:
        """Play one card in every deal: ``actions`` (n,) card ids, each legal for the player to move in its deal.

        Raises :class:`trionfi.IllegalAction` naming the first deals where it is not (or when the deals are over)
        and then changes nothing."""
        if self.done:
            raise IllegalAction("the deals are over: call reset() to deal again")
        played = self._check_actions(actions)
        size = self._size
        hand = self._mover_hand()
        held = [cards == played for cards in hand]
        playable = self._playable(hand)
        if playable is not None:
            held = [h & p for h, p in zip(held, playable, strict=True)]
        allowed = reduce(operator.or_, held)
        if not allowed.all():
            self._refuse(played, allowed)
        self._hand_cache = None
        # The hand stays packed in its first slots: its last card moves into the hole, the last slot empties.
        seat1 = -self.turn
        seat0 = ~seat1
        hands = self._hands
        last = hand[-1]
        for j in range(size - 1):
            change = (hand[j] ^ last) & -held[j].view(np.int8)
            hands[0, j] ^= change & seat0
            hands[1, j] ^= change & seat1
        hands[0, size - 1] |= seat0
        hands[1, size - 1] |= seat1
        if not self.answering:
            self.trick[:] = played
            self.turn ^= 1
            self.moves += 1
            return
        tables = self.tables
        code = np.take(tables.trick, self._trick_at + (self.trick * np.int16(tables.size) + played))
        winner = self.leader ^ (code & 1)
        points = code >> 1
        won1 = points & -winner  # the trick's points where seat 1 won
        self._points[0] += points ^ won1
        self._points[1] += won1
        if self._drawn < self.stock_size:
            # The winner draws first, the other seat the next card, into the slot each just emptied.
            first = self._stock[self._drawn]
            second = self._stock[self._drawn + 1]
            swap = (first ^ second) & -winner
            hands[0, size - 1] = first ^ swap
            hands[1, size - 1] = second ^ swap
            self._drawn += 2
        else:
            self._size = size - 1
        self.leader[:] = winner
        self.turn[:] = winner
        self.trick[:] = NO_CARD
        self.moves += 1

    def _check_actions(self, actions: Any) -> np.ndarray:
        played = np.asarray(actions)
        if played.shape != (self.n,) or played.dtype.kind not in "iu":
            raise IllegalAction(
                f"step takes one card id per deal: {self.n} whole numbers, not {shown(actions)} "
                f"(shape {played.shape}, {played.dtype})"
            )
        size = self.tables.size
        if ((played < 0) | (played >= size)).any():
            raise IllegalAction(f"a card id is a whole number from 0 to {size - 1}, not {shown(played.tolist())}")
        return played.astype(np.int8, copy=False)

    def _refuse(self, played: np.ndarray, allowed: np.ndarray) -> None:
        legal = self.legal_mask()
        codes = self.tables.codes
        parts = []
        for deal in np.flatnonzero(~allowed)[:3].tolist():
            card = int(played[deal])
            may = " ".join(codes(np.flatnonzero(legal[deal])))
            seat = int(self.turn[deal])
            parts.append(f"deal {deal}: seat {seat} may not play {codes([card])[0]} (id {card}); may: {may}")
        more = int((~allowed).sum()) - len(parts)
        raise IllegalAction("; ".join(parts) + (f"; and {more} more deals" if more else "") + "; nothing was played")

    # --- results -----------------------------------------------------------------------------------
    def winners(self) -> np.ndarray:
        """(n,) int8: the seat that won each deal (more than 60 of the 120 points), -1 for a tie or before the
        end."""
        if not self.done:
            return np.full(self.n, -1, dtype=np.int8)
        diff = self._points[0] - self._points[1]
        return np.where(diff > 0, 0, np.where(diff < 0, 1, -1)).astype(np.int8)

    def returns(self) -> np.ndarray:
        """(n, 2) float32: each seat's result as the engine's ``returns()`` (1 a win, -1 a loss, 0 a tie or before
        the end)."""
        sign = np.sign(self._points[0] - self._points[1]).astype(np.float32) if self.done else np.zeros(self.n)
        return np.stack([sign, -sign], axis=1).astype(np.float32)
