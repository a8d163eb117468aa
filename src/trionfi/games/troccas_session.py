"""A Troccas session: the draw for partners and the first dealer, then a fixed number of deals.

The draw (RULES.md §5.1, TC-2): from a shuffled pack, cards are handed out one at a time in play order; a
player who already holds a trump is skipped, until all four hold one. The two highest trumps play together
against the two lowest, and the lowest trump deals first. The players then sit so that partners face each
other. Seats are places at the table, so our CHOICE for who moves: the player who drew first keeps seat 0,
his partner takes seat 2 and the other two take seats 1 and 3 in the order they drew.

A session is ``deals_per_session`` deals (RULES.md §5.8 CHOICE, default 8: each player deals twice); each
deal adds ±(points - 36) to the team's running score, the deal passes to the right (the next seat), and a
team whose running score is -9 or lower may ask for a catch-up deal (the running score of seats 0+2 goes to
each deal as its ``session_balance`` option, so a deal's own record replays alone). With
``shuffle_each_deal=False`` the next pack is the previous deal's cards gathered (the won piles of seats 0+2,
then of seats 1+3, the discard with its team's pile) and cut by the dealer's left-hand neighbour at a point
drawn from the session's seed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import TAROT_78, Card
from ..engine import State
from ..match import Match
from ..shuffling import shuffle
from .troccas_scoring import TRUMP

PLAYERS = 4


@dataclass(frozen=True)
class Draw:
    """The draw for partners, by drawing position (0 = the first to receive, then in play order)."""

    received: tuple[tuple[Card, ...], ...]  # the cards each position was handed, its trump last
    trumps: tuple[Card, ...]
    high: tuple[int, int]  # the positions of the two highest trumps: one team
    low: tuple[int, int]  # the two lowest: the other team
    first_dealer: int  # the position holding the lowest trump


def draw_for_partners(pack: Sequence[Card]) -> Draw:
    """Hand out ``pack`` (top first) one card at a time, skipping whoever holds a trump, until all four hold
    one (the Fool is no trump)."""
    received: list[list[Card]] = [[] for _ in range(PLAYERS)]
    trumps: list[Card | None] = [None] * PLAYERS
    cards = iter(pack)
    position = 0
    while any(t is None for t in trumps):
        if trumps[position] is None:
            c = next(cards)
            received[position].append(c)
            if c.suit == TRUMP:
                trumps[position] = c
        position = (position + 1) % PLAYERS
    held: list[Card] = [t for t in trumps if t is not None]
    by_rank = sorted(range(PLAYERS), key=lambda p: int(held[p].rank))
    return Draw(
        received=tuple(tuple(r) for r in received),
        trumps=tuple(held),
        high=(by_rank[2], by_rank[3]),
        low=(by_rank[0], by_rank[1]),
        first_dealer=by_rank[0],
    )


def seating(draw: Draw) -> tuple[int, ...]:
    """The seat each drawing position takes so that partners sit opposite (seats 0+2 and 1+3): position 0
    keeps seat 0, its partner takes seat 2, the other two seats 1 and 3 in drawing order."""
    team = draw.high if 0 in draw.high else draw.low
    partner = team[1] if team[0] == 0 else team[0]
    others = sorted(p for p in range(PLAYERS) if p not in (0, partner))
    seat = [0] * PLAYERS
    seat[partner] = 2
    seat[others[0]], seat[others[1]] = 1, 3
    return tuple(seat)


class TroccasMatch(Match):
    """A session of Troccas deals (see the module docstring); the same interface as a single deal."""

    draw: Draw | None = None  # made before the first deal
    seat_of: tuple[int, ...] = ()  # drawing position -> seat

    def _new_deal(self, dealer: int) -> State:
        previous: State | None = getattr(self, "state", None)  # the deal just over (none before the first)
        if self.draw is None:
            # The draw for partners comes first; its lowest trump deals the first deal.
            pack = list(TAROT_78)
            shuffle(pack, self._seeds)
            self.draw = draw_for_partners(pack)
            self.seat_of = seating(self.draw)
            dealer = self.seat_of[self.draw.first_dealer]
            previous = None
        seed = self._seeds.getrandbits(63)
        deck = None
        if previous is not None and not self.game.options["shuffle_each_deal"]:
            pack = previous.gathered()  # type: ignore[attr-defined]
            cut = self._seeds.randint(1, len(pack) - 1)
            deck = [str(c) for c in pack[cut:] + pack[:cut]]
        game = self.game.for_balance(self._balance())  # type: ignore[attr-defined]
        return game.deal(seed=seed, deck=deck, dealer=dealer)

    def _balance(self) -> int:
        """The running session balance of seats 0+2 (each deal is zero-sum: seats 1+3 have the opposite)."""
        return int(self.policy.score(self)[0])

    def draw_text(self) -> str:
        """The draw in words, by the seats the players took."""
        d = self.draw
        assert d is not None  # made with the first deal
        drawn = ", ".join(
            f"seat {self.seat_of[p]} {d.trumps[p]}" for p in sorted(range(PLAYERS), key=self.seat_of.__getitem__)
        )
        low = d.trumps[d.first_dealer]
        return f"{drawn}; {low} is the lowest: seat {self.seat_of[d.first_dealer]} dealt first"

    def observation(self, seat: int) -> dict[str, Any]:
        obs = super().observation(seat)
        # (The deal number and the session's score are the match's, shown beside every match's table.)
        table = {"draw for partners": self.draw_text()}
        table.update(obs.get("table", {}))
        obs["table"] = table
        d = self.draw
        assert d is not None
        obs["draw"] = {
            "trumps": {str(self.seat_of[p]): str(t) for p, t in enumerate(d.trumps)},
            "first_dealer": self.seat_of[d.first_dealer],
        }
        return obs

    def clone(self) -> TroccasMatch:
        new = super().clone()  # Match.clone builds a TroccasMatch
        new.draw, new.seat_of = self.draw, self.seat_of
        return new  # type: ignore[return-value]
