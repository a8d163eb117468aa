"""How likely a sampled Briscola Chiamata world is, by the cards the other seats played in it.

The sampler deals the unseen cards at random (the called card by :mod:`~trionfi.agents.chiamata_reading`'s
partner odds), yet a card played says something of the cards kept: the medium level leads its cheapest card,
loads a trick its side is winning, takes a loaded one cheaply. The playouts already play the medium level's own
card (:func:`~trionfi.agents.briscola_playout.chiamata_card`, exact), so the same function reads the past: in a
sampled world, each card another seat played in the last ``READ`` tricks and in the trick on the table is put
beside the card medium would have played from that seat's hand then, with what that seat saw then (the other
hands as unseen cards, the partner only once the called card showed or if it is himself). Chiamata deals every
card, so a past hand is the world's hand with the seat's later cards put back: exact, no draw to guess. A play
medium makes (or an equal card: two blanks of plain suits) counts 1, another ``MISS``: a player who is not
medium is weighed down, never ruled out. The true world of a table of medium players weighs 1, a random world
about 0.15 (tests).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..cards import Card
from .briscola_playout import chiamata_card

MISS = 0.3  # the weight of a card the medium level would not have played from the world's hand
READ = 2  # the finished tricks read besides the one on the table (older ones cost time and moved nothing)


class _Past:
    """The part of a state the medium card reads, set to a past decision of a sampled world."""

    __slots__ = (
        "_partner",
        "_revealed",
        "caller",
        "current_player",
        "game",
        "hands",
        "indicator",
        "trick",
        "trick_seats",
        "trump",
    )

    def _partner_for(self, seat: int) -> int | None:
        """The partner as ``seat`` knew it then (``ChiamataState._partner_for``)."""
        if self._revealed or seat == self._partner:
            return self._partner
        return None


def world_weight(game: Any, observation: dict[str, Any]) -> Callable[[Any], float] | None:
    """A function of a sampled world: how well it explains the other seats' recent cards (module docstring);
    None outside the card play."""
    if observation.get("phase") != "play" or not (observation.get("tricks") or observation.get("trick")):
        return None
    me = observation["seat"]
    points, strength = game.card_points, game.strength

    def weight(world: Any) -> float:
        trump = world.trump
        past = _Past()
        past.game, past.trump, past.indicator = game, trump, None
        past.caller, past._partner = world.caller, world.partner
        tricks: list[tuple[list[Card], tuple[int, ...]]] = [(list(t.cards), t.seats) for t in world.tricks]
        tricks.append((list(world.trick), world.trick_seats))
        order = [c for cards, _ in tricks for c in cards]
        shown = order.index(world.called) if world.called in order else len(order)
        hands = [list(h) for h in world.hands]
        w = 1.0
        at = len(order)  # the place in the deal's play of the card being read
        for cards, seats in reversed(tricks[max(0, len(tricks) - 1 - READ) :]):
            for i in range(len(cards) - 1, -1, -1):  # backwards: each card goes back into its hand
                at -= 1
                s, played = seats[i], cards[i]
                hands[s].append(played)
                if s == me or len(hands[s]) == 1:
                    continue
                past.hands, past.trick, past.trick_seats, past.current_player = hands, cards[:i], seats, s
                past._revealed = shown < at
                rule = chiamata_card(past, hands[s])
                if rule != played and not (
                    (rule.suit == trump) == (played.suit == trump)
                    and (points[rule], strength[rule]) == (points[played], strength[played])
                ):
                    w *= MISS
        return w

    return weight
