"""What the hard level reads from its opponents' play in French Triomphe: how likely a sampled world is.

The sampler deals the unseen cards at random among the other hands and the dead stock, respecting only the
rules (voids shown, the robbed cards). With five cards in each hand and 47 cards unseen, that leaves the worlds
nearly uniform, while the opponents' decisions say much more, read as the medium level makes them:

* **Robbing.** The holder of the ace of trumps may take the turn-up, and the rule of thumb always does: an
  opponent who passed does not hold that ace (the sampler put it in his hand in about a third of the worlds
  where nobody robbed, though it then lies in the dead stock).
* **Leads.** The rule of thumb leads trumps with three of them, or with the highest trump out and another, and
  otherwise a plain card (a master card, else the lowest of its longest suit): a plain lead says the leader is
  short of trumps, a trump lead that he is long in them.
* **Following.** Which card it gives to a trick (the cheapest winner, a sure card, the cheapest card) shows the
  cards it does not hold.

:func:`world_weight` weighs a world by each opponent decision since the deal began: a decision the rule of
thumb makes from that world's hand (worked back from the cards played since) counts 1, another counts
``MISS`` (a player who is not the rule of thumb, or a choice it makes from information the world leaves out,
is not ruled out). The partner is not read: at the hard level he is the search itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..cards import FRENCH_52, Card, card
from .heuristics.triomphe import choose_follow, choose_lead, rules_for

MISS = 0.15  # the weight of an opponent decision the rule of thumb would not make from the world's hand


def world_weight(observation: dict[str, Any]) -> Callable[[Any], float] | None:
    """A function of a sampled French Triomphe world: how well it explains the opponents' decisions so far
    (module docstring); None when there is nothing to read."""
    if observation.get("ruleset") != "french":
        return None
    seat = observation["seat"]
    sides = observation["sides"]
    mine = next(i for i, members in enumerate(sides) if seat in members)
    opponents = frozenset(s for i, members in enumerate(sides) if i != mine for s in members)
    trump = observation["trump"]
    rules = rules_for(False, trump)
    ace = card("A" + trump)
    turned = [card(c) for c in observation.get("turned") or []]
    taken = {card(c) for c in observation.get("taken") or []}
    robber = observation.get("robber")
    # Who passed while he could have robbed: the ace was turned up (only the dealer is asked) or not.
    passed = set()
    if turned and turned[0] != ace and robber is None:
        passed = {s for s, text in observation.get("public_actions") or [] if text == "pass" and s in opponents}
    visible = {c for c in turned if c not in taken}  # turned cards left in the stock: seen by all
    plays = observation["tricks"], observation["trick"]
    if (
        not passed
        and not any(s in opponents for t in plays[0] for s, _ in t["cards"])
        and not any(s in opponents for s, _ in plays[1])
    ):
        return None
    players = observation["players"]

    def weight(world: Any) -> float:
        w = 1.0
        for s in passed:
            if ace in world.hands[s]:
                w *= MISS
        sequence: list[tuple[int, Card, int]] = []  # (seat, card, index of its trick)
        for k, t in enumerate(world.tricks):
            sequence.extend((s, c, k) for s, c in zip(t.seats, t.cards, strict=True))
        sequence.extend((s, c, len(world.tricks)) for s, c in zip(world.trick_seats, world.trick, strict=False))
        held = [list(h) for h in world.hands]
        for s, c, _ in sequence:
            held[s].append(c)
        gone = set(visible)
        trick: list[tuple[int, Card]] = []
        trick_no = 0
        strength = world._strength
        restriction = world._restriction
        for s, c, k in sequence:
            if k != trick_no:
                trick, trick_no = [], k
            hand = held[s]
            if s in opponents and len(hand) > 1:
                # The rule breaks ties between equal cards (two kings, two low cards of other suits) by the
                # order of the hand, which the world does not know: the card played first wins every tie.
                hand.remove(c)
                hand.insert(0, c)
                out = set(FRENCH_52).difference(hand, gone)
                if s == robber:
                    out.difference_update(taken, world.discards)
                if not trick:
                    choice = choose_lead(rules, hand, out)
                else:
                    lawful = restriction(hand, [x for _, x in trick], trump, strength)
                    if len(lawful) > 1:
                        obs = {"seat": s, "trick": trick, "sides": sides, "players": players}
                        choice = choose_follow(obs, rules, lawful, out)
                    else:
                        choice = c
                if choice != c:
                    w *= MISS
            hand.remove(c)
            gone.add(c)
            trick.append((s, c))
        return w

    return weight
