"""Troccas playouts for the hard level: the rest of a deal played by the medium bot's card rule, off the engine.

A Troccas deal is 19 tricks of four cards, so the search's playouts are most of its time. Through the engine a
random card costs about 4 µs a ply, and a rule worked out on the engine's state (a trick taker, commit 52d74df)
took four times as long. Here a sampled world is copied once into small integer tables (each hand split by
suit, sorted by strength) and played to the end by the medium bot's own rule
(:mod:`~trionfi.agents.heuristics.troccas`): each player judges from the cards *he* has not seen, which in a
world are the other three hands and, for all but the dealer, the discard. That is exactly what the medium bot
reckons with, so the playouts foresee the opponents' answers (and take the partner for a medium player too).

What the rule does, as the medium bot: lead the king of a suit not yet led, else the cheapest card of the
longest plain suit, else the lowest trump but T1; smear the most valuable card on a trick the partner keeps
for sure; take a trick with the cheapest card sure to hold, else the cheapest that wins now; save the Fool for
a lost trick where the cheapest card costs something; else the cheapest card. The winner of a suit's first
trick with its king in it demands the jack unless he holds it. Simplified: nobody plays king and jack together
in a playout (the medium bot leads ``Ks+Js`` when it may: the playout leads the king alone), and a team whose
won cards hold no one-point card when the Fool must be paid for at the end pays one point all the same.

The count is the engine's (RULES.md §5.2, §5.5): a trick is worth its values less 3 a group of four; when the
Fool's team loses the trick the Fool goes back to it and a one-point card goes the other way, so the winners
count the others + 1 and the Fool's team 5 - 1; the Fool is lost if its team takes no trick at all; the
discard (sum - 1) is the dealer's team's.
"""

from __future__ import annotations

from typing import Any

from ..cards import TAROT_78, Card
from ..engine import END, PLAY
from ..games.troccas import DISCARD, DISCARDS, KEEP
from ..games.troccas_scoring import FOOL_CARD, JACK, KING, STRENGTH, SUITS, TRUMP, TRUMPS, VALUE

TRUMP_SUIT = 4  # suit indices: the plain suits 0-3 in SUITS' order (the medium bot's order), trumps 4, the Fool 5
FOOL_SUIT = 5
SUIT_INDEX = {**{s: i for i, s in enumerate(SUITS)}, TRUMP: TRUMP_SUIT, FOOL_CARD.suit: FOOL_SUIT}
CARDS: tuple[Card, ...] = tuple(TAROT_78)
INDEX = {c: i for i, c in enumerate(CARDS)}
SUIT = [SUIT_INDEX[c.suit] for c in CARDS]
POWER = [STRENGTH[c] for c in CARDS]  # trumps 101-121, suit cards 1-14, the Fool -1
VAL = [VALUE[c] for c in CARDS]
FOOL = INDEX[FOOL_CARD]
T1 = INDEX[TRUMPS[0]]
KINGS = [INDEX[KING[s]] for s in SUITS]
JACKS = [INDEX[JACK[s]] for s in SUITS]
RETURNED = frozenset(INDEX[c] for c in CARDS if c.rank in ("Q", "H") and c.suit in SUITS)  # no jack for these
# What giving a card away costs (heuristics.troccas.cost): its value (T1 5 more), then trumps, then strength.
COST = [(VAL[i] + (5 if i == T1 else 0)) * 1000 + (200 if SUIT[i] == TRUMP_SUIT else 0) + POWER[i] for i in range(78)]


def _cost(i: int) -> int:
    return COST[i]


def _power(i: int) -> int:
    return POWER[i]


class Deal:
    """A world's deal in play, in integer tables, played to the end by :meth:`finish`."""

    __slots__ = ("dealer", "discard", "fool_side", "hands", "led", "opened", "opening", "points", "size", "won")

    def __init__(self, state: Any) -> None:
        self.hands = [[[] for _ in range(6)] for _ in range(4)]  # seat -> suit -> cards by rising strength
        for seat, hand in enumerate(state.hands):
            by_suit = self.hands[seat]
            for c in hand:
                i = INDEX[c]
                by_suit[SUIT[i]].append(i)
            for cards in by_suit:
                cards.sort(key=_power)
        self.dealer = state.dealer
        self.discard = [INDEX[c] for c in state.discard]
        self.opened = {SUIT_INDEX[s] for s in state.opened}
        self.led = SUIT_INDEX[state.led] if state.led is not None else None
        self.opening = state.opening
        self.size = 8 if state.double_by is not None else 4  # king and jack played together: 8 cards
        self.points = state.points()  # the sides' counted points so far (an owed card counted as given)
        self.won = state.tricks_won[:]
        self.fool_side: int | None = state.debtor

    # --- what a player reckons with ---------------------------------------------------------------------
    def top_out(self, seat: int, suit: int) -> int:
        """The strongest card of ``suit`` that ``seat`` has not seen (-1: none)."""
        top = -1
        hands = self.hands
        for other in range(4):
            if other != seat:
                cards = hands[other][suit]
                if cards and POWER[cards[-1]] > top:
                    top = POWER[cards[-1]]
        if seat != self.dealer:
            for i in self.discard:
                if SUIT[i] == suit and POWER[i] > top:
                    top = POWER[i]
        return top

    def holds(self, seat: int, i: int) -> bool:
        """Nothing ``seat`` has not seen can beat ``i``: the master of its suit, and a trump or no trump out."""
        suit = SUIT[i]
        if POWER[i] < self.top_out(seat, suit):
            return False
        return suit == TRUMP_SUIT or self.top_out(seat, TRUMP_SUIT) < 0

    # --- the medium bot's card -----------------------------------------------------------------------
    def lead(self, seat: int, with_fool: bool = False) -> int:
        """The card ``seat`` leads (or plays after a Fool lead, which sets the suit as a lead would)."""
        hand = self.hands[seat]
        opened = self.opened
        for s in range(4):
            cards = hand[s]
            if cards and cards[-1] == KINGS[s] and s not in opened:
                return KINGS[s]
        longest = max(len(hand[0]), len(hand[1]), len(hand[2]), len(hand[3]))
        if longest:
            return min((i for s in range(4) if len(hand[s]) == longest for i in hand[s]), key=_cost)
        trumps = hand[TRUMP_SUIT]
        if trumps:
            return trumps[1] if trumps[0] == T1 and len(trumps) > 1 else trumps[0]
        return FOOL

    def follow(self, seat: int, trick: list[int], seats: list[int]) -> int:
        """The card ``seat`` plays to a trick already led (RULES.md §5.4's duties, the medium bot's choice)."""
        hand = self.hands[seat]
        led = self.led
        if led is None:  # only the Fool is out: this card sets the suit
            return self.lead(seat)
        fool = bool(hand[FOOL_SUIT])
        plays = hand[led] or hand[TRUMP_SUIT]
        if plays:
            # One suit, by rising strength: its cheapest card is the weakest (numerals before court cards),
            # but T1 (worth 5 and more to keep) when another trump will do.
            cheapest = plays[1] if plays[0] == T1 and len(plays) > 1 else plays[0]
        else:
            plays = [i for s in range(5) for i in hand[s]]
            if not plays:
                return FOOL
            cheapest = min(plays, key=_cost)
        best_at = _winner(trick, led)
        best = trick[best_at]
        if seats[best_at] == (seat + 2) % 4:  # the partner wins the trick
            if len(trick) == self.size - 1 or self.holds(seat, best):
                return max(plays, key=lambda i: self._smear(seat, i))
            return cheapest
        power = POWER[best]
        suit = SUIT[best]
        winners = [i for i in plays if POWER[i] > power and SUIT[i] in (suit, TRUMP_SUIT)]
        if winners:
            # The winners are of one suit (plays are): the cheapest sure to hold, else the cheapest.
            first = winners[0]
            top = self.top_out(seat, SUIT[first])
            if SUIT[first] == TRUMP_SUIT or self.top_out(seat, TRUMP_SUIT) < 0:
                sure = [i for i in winners if POWER[i] > top]
                if sure:
                    return sure[0]
            return first
        if fool and (VAL[cheapest] >= 2 or cheapest == T1 or SUIT[cheapest] == TRUMP_SUIT or self._left(seat) <= 2):
            return FOOL
        return cheapest

    def _smear(self, seat: int, i: int) -> int:
        """How good ``i`` is to give a partner who keeps the trick (heuristics.troccas.smear_value)."""
        v = VAL[i]
        suit = SUIT[i]
        if suit == TRUMP_SUIT:
            if i != T1:
                v = -1
        elif i in KINGS and POWER[i] > self.top_out(seat, suit):
            v = 0
        return v * 1000 - POWER[i]

    def _left(self, seat: int) -> int:
        return sum(len(cards) for cards in self.hands[seat])

    # --- playing on -------------------------------------------------------------------------------------
    def play(self, seat: int, i: int) -> None:
        self.hands[seat][SUIT[i]].remove(i)

    def finish(self, trick: list[int], seats: list[int], queue: list[int], moves: list[Any] | None = None) -> None:
        """Play the deal to its end from ``trick`` (the cards on the table, by ``seats``), ``queue`` the seats
        still to play to it; ``moves`` (for tests) receives every card played and every demand."""
        hands = self.hands
        while True:
            for seat in queue:
                i = self.follow(seat, trick, seats) if trick else self.lead(seat)
                hands[seat][SUIT[i]].remove(i)
                if self.led is None and i != FOOL:
                    self.led = SUIT[i]
                    if SUIT[i] < TRUMP_SUIT and SUIT[i] not in self.opened:
                        self.opening = True
                        self.opened.add(SUIT[i])
                trick.append(i)
                seats.append(seat)
                if moves is not None:
                    moves.append(CARDS[i])
            winner = seats[_winner(trick, self.led)]
            if self.opening and KINGS[self.led] in trick:
                self._demand(winner, trick, seats, moves)
            self._collect(winner, trick, seats)
            if not any(hands[winner]):
                break
            trick, seats = [], []
            queue = [(winner + k) % 4 for k in range(4)]
            self.led = None
            self.opening = False
            self.size = 4
        self._end()

    def _demand(self, winner: int, trick: list[int], seats: list[int], moves: list[Any] | None) -> None:
        """The winner demands the jack of the suit led unless he holds it (or it is already played)."""
        suit: int = self.led  # type: ignore[assignment]
        jack = JACKS[suit]
        holder = next((s for s in range(4) if jack in self.hands[s][suit]), None)
        if holder is None and jack not in self.discard:
            return  # played already (in this trick or before): nobody is asked
        if holder == winner:
            if moves is not None:
                moves.append("no demand")
            return
        if moves is not None:
            moves.append(f"demand {CARDS[jack]}")
        if holder is None:
            return  # in the discard
        at = seats.index(holder)
        given = trick[at]
        if given == FOOL or given in RETURNED:
            return
        cards = self.hands[holder][SUIT[given]]
        self.hands[holder][suit].remove(jack)
        cards.append(given)
        cards.sort(key=_power)
        trick[at] = jack

    def _collect(self, winner: int, trick: list[int], seats: list[int]) -> None:
        side = winner % 2
        points = self.points
        groups = 3 * (len(trick) // 4)
        if FOOL in trick and seats[trick.index(FOOL)] % 2 != side:
            fool_side = 1 - side
            points[side] += sum([VAL[i] for i in trick]) - VAL[FOOL] + 1 - groups
            points[fool_side] += VAL[FOOL] - 1
            self.fool_side = fool_side
        else:
            points[side] += sum([VAL[i] for i in trick]) - groups
        self.won[side] += 1

    def _end(self) -> None:
        points = self.points
        fool_side = self.fool_side
        if fool_side is not None and self.won[fool_side] == 0:  # the Fool is lost with its one-point card
            points[fool_side] -= VAL[FOOL] - 1
            points[1 - fool_side] += VAL[FOOL] - 1
        if len(self.discard) == 2:
            points[self.dealer % 2] += VAL[self.discard[0]] + VAL[self.discard[1]] - 1


def _winner(trick: list[int], led: int | None) -> int:
    """Index of the winning card: the highest trump, else the highest card of the suit led."""
    best, top = 0, -2
    for k, i in enumerate(trick):
        suit = SUIT[i]
        if suit in (led, TRUMP_SUIT) and POWER[i] > top:
            best, top = k, POWER[i]
    return best


def settle(state: Any) -> None:
    """Make the engine state's pending choices by the medium bot's rule: the dealer's second discard, a jack
    demand; the playout then starts from a card to play (or the end)."""
    while state.current_player is not None:
        if state.phase == DISCARD:
            hand = state.hands[state.dealer]
            length = {s: sum(1 for c in hand if c.suit == s) for s in SUITS}
            options = [c for c in hand if c not in KEEP]
            c = min(
                options,
                key=lambda c: (c.suit == TRUMP, VALUE[c], 0 if c.suit == TRUMP else length[c.suit], STRENGTH[c]),
            )
            state.apply(DISCARDS[c])
        elif state.demand is not None:
            legal = state._legal()
            jack = JACK[state.demand]
            state.apply(legal[1] if jack in state.hands[state.current_player] else legal[0])
        else:
            return


def playout_points(state: Any, moves: list[Any] | None = None) -> list[int] | None:
    """The sides' final counted points when the deal in ``state`` (after the searched action) is played out by
    the medium bot's rule (module docstring), or None when it is not in play (a new deal was asked for: the
    search plays that on through the engine). ``state`` is changed (settled, not played on)."""
    settle(state)
    if state.current_player is None or state.phase == END:
        return state.points()
    if state.phase != PLAY:
        return None
    deal = Deal(state)
    trick = [INDEX[c] for c in state.trick]
    deal.finish(trick, list(state.trick_seats), list(state.queue[state.qpos :]), moves)
    return deal.points


def plies(state: Any) -> int:
    """The cards still to be played in ``state``: a playout's work, as the search counts it."""
    return sum(len(h) for h in state.hands)
