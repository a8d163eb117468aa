"""What the hard level reads from its opponents' play in Briscola for three or more players: how likely a
sampled world is.

The sampler deals the unseen cards uniformly among the other hands and the stock: in four-player Briscola
each opponent holds three of some thirty unseen cards, and every world is alike. Yet a card played says
something of the cards kept: the medium level leads its cheapest card, as many players do (a lead of a
three says the rest of the hand is trumps or worth more), and the last to play takes a trick worth having
as cheaply as it can, or throws its cheapest card. Read as the search's own playout rule
(:func:`~trionfi.agents.search.greedy_card`), the medium level's card agrees with it in 94 % of its leads,
91 % of its last plays and 53 % / 66 % of the second and third (4 players, 60 deals).

:func:`world_weight` weighs a world by the opponents' plays of the trick on the table and of the last trick:
a play the rule makes from that world's hand counts 1, another counts the position's ``MISS`` (a player who
is not the rule, or a choice it made from what the world leaves out, is not ruled out). The hand a play was
made from is worked back from the world's: the card played added, and for the last trick the card drawn
since taken out (any card of the hand, alike; the turned-up card when the opponent drew it). Older tricks
are not read: each draw since widens the hands a play could have come from, and three tricks back weighed the
true deal of medium players 1.75 times the average world against 1.59 for the last trick alone, at four times
the cost (docs/benchmarks.md). The partner is not read: at the hard level he is the search itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..cards import Card

# The weight of an opponent's play the rule would not make from the world's hand, by its place in the trick
# (lead, second, third, fourth...): the medium level's agreement with the rule, each a floor of 0.15.
MISS = (0.15, 0.5, 0.3, 0.15)


class _Seen:
    """The part of a state the playout rule reads, set to a past moment of a sampled world (every world of a
    decision has the same game and trump: one is made per decision)."""

    __slots__ = ("_points", "_strength", "current_player", "game", "trick", "trick_seats", "trump")

    def __init__(self, game: Any, trump: str | None) -> None:
        self.game = game
        self._points = game.card_points
        self._strength = game.strength
        self.trump = trump
        self.trick: list[Card] = []
        self.trick_seats: tuple[int, ...] = ()
        self.current_player = 0


def world_weight(game: Any, observation: dict[str, Any]) -> Callable[[Any], float] | None:
    """A function of a sampled world of Briscola for three or more players (card play only, any card at any
    time): how well it explains the opponents' plays of this trick and the last (module docstring); None when
    there is nothing to read."""
    from .search import greedy_card

    seat = observation["seat"]
    side_of = game.side_of
    opponents = {s for s in range(game.players) if side_of[s] != side_of[seat]}
    tricks = observation["tricks"]
    read_now = [(i, s) for i, (s, _) in enumerate(observation["trick"]) if s in opponents]
    last = tricks[-1] if tricks else None
    read_last = [(i, s) for i, (s, _) in enumerate(last["cards"]) if s in opponents] if last else []
    if not read_now and not read_last:
        return None
    rounds = (len(game.deck) - game.players * game.hand_size) // game.players
    drew = last is not None and len(tricks) <= rounds  # every seat drew a card after the last trick
    final_draw = drew and len(tricks) == rounds  # ...the last of them the turned-up card
    seen = _Seen(game, observation.get("trump"))

    def likely(seen: _Seen, hand: list[Card], seats: tuple[int, ...], cards: list[Card], i: int) -> float:
        if len(hand) <= 1:
            return 1.0
        seen.trick = cards[:i]
        seen.trick_seats = seats
        seen.current_player = seats[i]
        rule = greedy_card(seen, hand)
        played = cards[i]
        if rule == played:
            return 1.0
        points, strength, trump = seen._points, seen._strength, seen.trump
        if (rule.suit == trump) == (played.suit == trump) and (points[rule], strength[rule]) == (
            points[played],
            strength[played],
        ):
            return 1.0  # an equal card (two low cards of plain suits): the rule's tie is the hand's order
        return MISS[min(i, len(MISS) - 1)]

    def weight(world: Any) -> float:
        w = 1.0
        now_cards = list(world.trick)
        now_seats = world.trick_seats
        for i, s in read_now:
            w *= likely(seen, [*world.hands[s], now_cards[i]], now_seats, now_cards, i)
        if read_last:
            t = world.tricks[-1]
            cards = list(t.cards)
            for i, s in read_last:
                base = list(world.hands[s])
                base += [c for j, c in enumerate(now_cards) if now_seats[j] == s]
                if not drew:
                    w *= likely(seen, [*base, cards[i]], t.seats, cards, i)
                    continue
                turned = world.indicator
                drawn = [turned] if final_draw and world.indicator_holder == s and turned in base else base
                total = 0.0
                for x in drawn:
                    hand = base.copy()
                    hand.remove(x)
                    hand.append(cards[i])
                    total += likely(seen, hand, t.seats, cards, i)
                w *= total / len(drawn)
        return w

    return weight
