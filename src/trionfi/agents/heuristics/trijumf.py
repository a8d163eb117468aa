"""Heuristic Trijumf: cut plainly, declare every pair allowed, follow and trump economically, claim when right.

* The cut: the bot always takes the plain cut (any option is fair on a shuffled pack; the plain cut keeps the
  usual face-up trump).
* The claim: it claims as soon as its side's total (earlier deals + tricks won + declarations, the observation's
  ``claim_points``) reaches the target, and never before.
* Declarations: before its first card it declares every King-Horse pair it may. With two players, who may declare
  one pair, it declares the trump pair (40) if it has it. After a four-player knock the first pair declared makes
  trumps, so it names first the pair of the suit it would best like as trumps (the most and highest cards).
* Card play is Briscola's reckoning (see :mod:`trionfi.agents.heuristics.briscola`) under Trijumf's duties: a player
  must follow suit, else trump, else play anything. It counts the cards played, the cards it has seen drawn or
  declared, the four-player turned-up card in the dealer's left hand, and the voids shown by play (a player who did
  not follow has none of that suit; one who neither followed nor trumped has no trumps either), and estimates each
  card's chance to take the trick: an opponent can beat a card of the suit led only with a higher card of that
  suit, or with a trump if he has none of the suit. So it wins cheaply (a higher card of the suit led, else the
  lowest trump that wins), keeps its aces and threes of trumps for tricks worth them, throws its cheapest card
  when it cannot win, and smears points (its aces and threes) on a trick its partner is sure to win. The last
  trick counts 10 more (the ultima), which the reckoning includes.
"""

from __future__ import annotations

from typing import Any

from ...cards import card
from ..heuristic import register_policy
from .briscola import FOLLOW, Table, best_card, claim_is_right, is_card
from .briscola_chiamata import suit_rating

ULTIMA = 10


def voids_shown(obs: dict[str, Any], knock_trump: str | None) -> dict[int, set[str]]:
    """Suits each seat is known to lack: it did not follow (no card of the suit led), and, when there were
    trumps, did not trump either (no trumps)."""
    voids: dict[int, set[str]] = {}
    tricks = [t["cards"] for t in obs["tricks"]]
    if obs["trick"]:
        tricks.append(obs["trick"])
    knock4 = obs.get("cut") == "knock" and obs["players"] == 4
    for number, cards in enumerate(tricks):
        # After a four-player knock the first trick has no trumps, and the later ones the declared pair's suit.
        trump = (None if number == 0 else knock_trump) if knock4 else obs["trump"]
        led = card(cards[0][1]).suit
        for seat, code in cards[1:]:
            c = card(code)
            if c.suit == led:
                continue
            lacks = voids.setdefault(seat, set())
            lacks.add(led)
            if trump is not None and c.suit != trump:
                lacks.add(trump)
    return voids


def _knock_trump(obs: dict[str, Any]) -> str | None:
    """After a four-player knock: the suit of the first pair declared (trumps from the second trick)."""
    if obs.get("cut") == "knock" and obs["players"] == 4 and obs.get("declarations"):
        return card(obs["declarations"][0][1].split("+")[0]).suit
    return None


def choose_declaration(obs: dict[str, Any], declares: list[str]) -> str:
    hand = [card(c) for c in obs["hand"]]
    suit = {a: card(a.split()[1].split("+")[0]).suit for a in declares}
    if obs["players"] == 4 and obs.get("cut") == "knock" and not obs.get("declarations"):
        return max(declares, key=lambda a: suit_rating(hand, suit[a]))
    trump = obs.get("trump")
    return next((a for a in declares if suit[a] == trump), declares[0])


@register_policy("trijumf")
def policy(observation: dict[str, Any], rng: Any) -> str:
    legal = observation["legal_actions"]
    if "claim" in legal and claim_is_right(observation):
        return "claim"
    if observation["phase"] == "cut":
        return "cut" if "cut" in legal else next(a for a in legal if a != "claim")
    declares = [a for a in legal if a.startswith("declare ")]
    if declares:
        return choose_declaration(observation, declares)
    cards = [a for a in legal if is_card(a)]
    if not cards:
        return next((a for a in legal if a != "claim"), legal[0])
    knock = _knock_trump(observation)
    table = Table(
        observation,
        voids=voids_shown(observation, knock),
        rule=FOLLOW,
        future_trump=observation.get("trump") or knock,
        last_bonus=ULTIMA,
    )
    return best_card(table, cards)
