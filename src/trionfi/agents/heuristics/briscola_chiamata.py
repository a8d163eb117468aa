"""Heuristic Briscola Chiamata: bid by the strength of the hand, call a card one lacks in the best suit, then
play Briscola with the sides half known.

Bidding. Each suit is rated as trumps: its cards count by rank (ace 4, three 3.5, king 2.5, horse 2, jack 1.75,
each other card 1.25: length matters in trumps), and the aces and threes of the other suits add 1.5 and 1 (they
are winners or loads in hand). A bid of a lower rank means calling a weaker partner card, so each step down the
ladder (A, 3, K, ... 2, then the point bids 61, 62, ...) needs a stronger hand: the bot rates the hand for each
bid as its best suit in which it does not hold the card it would call (holding all four, it would play alone:
its best suit rated 5 lower), and makes the least committing bid (the first step down the ladder, or a
jump over ranks whose card it holds in its best suit) whose rating reaches ``7.5 + 0.5 * step`` (a quarter point
per point bid above 61); when none does, it passes.

Calling. Of the four cards of the rank it won with, it calls the one of its best-rated suit that it does not
hold (so that the suit is trumps and the called card is a partner's, not its own); holding all four, it plays
alone in its best suit.

Play. The trick play is Briscola's (see :mod:`trionfi.agents.heuristics.briscola`): keep trumps and loads for
tricks worth them, take loaded tricks with the cheapest winner, load a trick one's side is sure to win, lead low
blank cards. What differs is who is a partner:

* the partner knows the caller (he holds the called card), and the caller and partner are known to everyone once
  the called card is played;
* before that, the caller takes each other player for his partner with the chance that he holds the called card
  (how many cards he still holds over all the cards the caller cannot see), and a defender takes each other player
  except the caller for a fellow defender unless he holds the called card, with the same kind of chance. A trick
  is then worth to the bot the chance that its winner plays on its side.
"""

from __future__ import annotations

from typing import Any

from ...cards import Card, card
from ..heuristic import register_policy
from .briscola import Table, best_card, is_card

RANK_WEIGHT = {"A": 4.0, "3": 3.5, "K": 2.5, "H": 2.0, "J": 1.75}
OTHER_WEIGHT = 1.25
SIDE_WEIGHT = {"A": 1.5, "3": 1.0}
ALONE_PENALTY = 5.0
FIRST_STEP = 7.5  # the rating needed to open with the ace
STEP = 0.5  # more needed for each lower rank
POINT_STEP = 0.25  # more needed per point bid above 61
LADDER = ("A", "3", "K", "H", "J", "7", "6", "5", "4", "2")


def suit_rating(hand: list[Card], suit: str) -> float:
    """How good ``hand`` is with ``suit`` as trumps."""
    rating = 0.0
    for c in hand:
        if c.suit == suit:
            rating += RANK_WEIGHT.get(c.rank, OTHER_WEIGHT)
        else:
            rating += SIDE_WEIGHT.get(c.rank, 0.0)
    return rating


def _suits(obs: dict[str, Any]) -> list[str]:
    return list(obs.get("suit_names") or {"d": "", "c": "", "s": "", "b": ""})


def rating_for(hand: list[Card], suits: list[str], rank: str) -> tuple[float, str]:
    """(the hand's rating, the suit to call) when the caller must call a card of ``rank``: its best suit in which
    it lacks that card, or, holding all four, its best suit played alone (rated lower)."""
    lacking = [s for s in suits if card(rank + s) not in hand]
    if lacking:
        return max((suit_rating(hand, s), s) for s in lacking)
    rating, suit = max((suit_rating(hand, s), s) for s in suits)
    return rating - ALONE_PENALTY, suit


def _level(text: str) -> int:
    """The step of a bid text on the ladder: 0 for the ace ... 9 for the 2, 10 for 61, 11 for 62 ..."""
    value = text.split()[1]
    if value in LADDER:
        return LADDER.index(value)
    return len(LADDER) + int(value) - 61


def _needed(level: int) -> float:
    if level < len(LADDER):
        return FIRST_STEP + STEP * level
    return FIRST_STEP + STEP * (len(LADDER) - 1) + POINT_STEP * (level - len(LADDER) + 1)


def choose_bid(obs: dict[str, Any]) -> str:
    hand = [card(c) for c in obs["hand"]]
    bids = sorted((a for a in obs["legal_actions"] if a.startswith("bid ")), key=_level)
    if not bids:
        return "pass"
    suits = _suits(obs)
    # The least committing bid the hand supports: a jump skips ranks whose card it holds in its best suit.
    for bid in bids:
        level = _level(bid)
        rating, _ = rating_for(hand, suits, LADDER[min(level, len(LADDER) - 1)])
        if rating >= _needed(level):
            return bid
    return "pass"


def choose_call(obs: dict[str, Any]) -> str:
    hand = [card(c) for c in obs["hand"]]
    calls = [a for a in obs["legal_actions"] if a.startswith("call ")]
    rank = card(calls[0].split()[1]).rank
    _, suit = rating_for(hand, _suits(obs), rank)
    wanted = f"call {card(rank + suit)}"
    return wanted if wanted in calls else calls[0]


def ally_chances(obs: dict[str, Any]) -> Any:
    """The chance that each seat plays on this seat's side, as this seat knows it."""
    seat, caller, partner = obs["seat"], obs["caller"], obs.get("partner")
    n = obs["players"]
    if partner is not None:  # known: this seat holds the called card, or it has been played
        side = {caller, partner}
        mine = seat in side
        return lambda s: 1.0 if (s in side) == mine else 0.0
    sizes = obs["hand_sizes"]
    others = [s for s in range(n) if s != seat]
    total = sum(sizes[s] for s in others) or 1
    holds = {s: sizes[s] / total for s in others}  # chance of holding the called card
    if seat == caller:
        return lambda s: holds.get(s, 1.0) if s != seat else 1.0
    return lambda s: 1.0 if s == seat else 0.0 if s == caller else 1.0 - holds.get(s, 0.0)


@register_policy("briscola-chiamata")
def policy(observation: dict[str, Any], rng: Any) -> str:
    phase = observation["phase"]
    legal = observation["legal_actions"]
    if phase == "auction":
        return choose_bid(observation)
    if phase == "call":
        return choose_call(observation)
    cards = [a for a in legal if is_card(a)]
    if not cards:
        return legal[0]
    return best_card(Table(observation, ally=ally_chances(observation)), cards)
