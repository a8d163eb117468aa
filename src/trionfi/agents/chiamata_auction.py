"""Briscola Chiamata's auction and call valued by playouts (``SearchAgent(contracts=True)``, on at the hard
level since 4 Dec 2026: docs/benchmarks.md, "The hard level bids the contracts its card play makes").

The search's card playouts cannot value a bid (a playout would bid at random), so the medium level's rule of
thumb bids and calls for the search. Among medium players the caller's side makes its contract in about three
deals of four (1,000 deals of medium against itself), which suggested that good hands pass too often. Here a
contract is valued as the search values a card:

* **Worlds.** The cards the seat cannot see are dealt at random to the other four hands, each hand checked
  against what its owner said in the auction, as the medium level bids (:func:`fits_auction`): a bidder's hand
  supports his last bid, a player who passed had none of the bids then open to him (drawn again, a few times
  at most: the check is a likelihood, not a certainty).
* **Playouts.** Each world is played out with the called card's holder known to all (the search's own model
  of the play, ``search.greedy_card``, on plain lists: fast enough for a few hundred worlds per bid) and gives
  the card points of the caller's side. Over the contracts medium players won, the chance so estimated matched
  the rate they made (0.76 against 0.75 over 150 deals).
* **Bidding.** The medium level's bid; where that rule passes, the least committing bid when the playouts make
  that contract in more than ``SURE`` of the worlds. (Bidding by the playouts' chance alone, against what a
  non-caller scores on average, lost to the medium rule: it gave up contracts the rule makes.) The playouts
  play every seat by the rule of thumb, and the hard level's own card play makes more contracts than that:
  with the medium level's card play in the bidding seat the extra bids won about as many pairings as they
  lost (p > 0.7), with the hard level's they win most of them, so ``SURE`` is set for the hard level.
* **Calling.** Each card the caller may call is valued by the same playouts (its suit is trumps, its holder the
  partner) and the one with the best mean score is called.
"""

from __future__ import annotations

import random
from typing import Any

from ..cards import Card, card
from ..shuffling import shuffle
from .heuristics.briscola_chiamata import LADDER, _level, _needed, _suits, choose_call, rating_for
from .heuristics.briscola_chiamata import choose_bid as medium_bid

SUITS = ("d", "c", "s", "b")
ORDER = ("2", "4", "5", "6", "7", "J", "H", "K", "3", "A")  # weakest first: a card's strength is its index
POINTS = (0, 0, 0, 0, 0, 2, 3, 4, 10, 11)
PLAYERS = 5
TRICKS = 8
WORLDS = 300  # worlds per contract valued
SURE = 0.45  # the playouts' chance of making a contract above which the hard level bids where medium passes
MAX_TRIES = 20
OPEN_BIDS = 10  # the open bids a pass is read against (the point bids beyond are each a little harder)


def code(c: Card) -> int:
    """A card as a small number: suit * 10 + strength (0 the 2 ... 9 the ace)."""
    return SUITS.index(c.suit) * 10 + ORDER.index(c.rank)


def playout(hands: list[list[int]], side: list[int], trump: int, leader: int) -> int:
    """Play the deal out (hands of card codes, each seat's side 0 or 1) by the search's trick rule of thumb,
    every side known; the card points of side 0. The hands are consumed."""
    taken = 0
    for _ in range(TRICKS):
        trick: list[int] = []
        best = -1  # index in trick of the winning card
        on_table = 0
        for k in range(PLAYERS):
            seat = (leader + k) % PLAYERS
            hand = hands[seat]
            c = _choose(hand, trick, best, on_table, side, seat, leader, trump, k)
            hand.remove(c)
            trick.append(c)
            on_table += POINTS[c % 10]
            if best < 0 or _beats(c, trick[best], trump):
                best = k
        winner = (leader + best) % PLAYERS
        if side[winner] == 0:
            taken += on_table
        leader = winner
    return taken


def _beats(c: int, b: int, trump: int) -> bool:
    cs, bs = c // 10, b // 10
    if cs == bs:
        return c > b
    return cs == trump


def _cheap(c: int, trump: int) -> tuple[bool, int, int]:
    return (c // 10 == trump, POINTS[c % 10], c % 10)


def _choose(
    hand: list[int],
    trick: list[int],
    best: int,
    on_table: int,
    side: list[int],
    seat: int,
    leader: int,
    trump: int,
    k: int,
) -> int:
    """``search.greedy_card`` on codes, except that a seat loads its side's trick whenever only its own side
    is still to play (not only when it is last)."""
    if len(hand) == 1:
        return hand[0]
    if not trick:
        return min(hand, key=lambda c: _cheap(c, trump))
    top = trick[best]
    me = side[seat]
    if side[(leader + best) % PLAYERS] == me:
        if all(side[(leader + j) % PLAYERS] == me for j in range(k + 1, PLAYERS)):
            return max(hand, key=lambda c: (c // 10 != trump, POINTS[c % 10], -(c % 10)))
        return min(hand, key=lambda c: _cheap(c, trump))
    last = k == PLAYERS - 1
    if top // 10 != trump:
        higher = [c for c in hand if c // 10 == top // 10 and c > top]
        if higher:
            return max(higher, key=lambda c: (POINTS[c % 10], c))
        if on_table >= 10 or (on_table >= 3 and last):
            trumps = [c for c in hand if c // 10 == trump]
            if trumps:
                return min(trumps, key=lambda c: (POINTS[c % 10], c))
    elif on_table >= 10:
        higher = [c for c in hand if c // 10 == trump and c > top]
        if higher:
            return min(higher, key=lambda c: (POINTS[c % 10], c))
    return min(hand, key=lambda c: _cheap(c, trump))


# --- what the auction says of the other hands --------------------------------------------------------------------
def fits_auction(hand: list[Card], said: list[tuple[str, list[str]]], suits: list[str]) -> bool:
    """Whether a hand fits what its owner said in the auction, as the medium level bids: each bid is one its
    rule makes (the hand's rating for that bid reaches what the bid needs), each pass came when none of the
    bids then open reached it. ``said``: (the text said, the bids then open) in order."""
    for text, open_bids in said:
        if text == "pass":
            for bid in open_bids:  # the rule bids the first of them the hand supports
                level = _level(bid)
                if rating_for(hand, suits, LADDER[min(level, len(LADDER) - 1)])[0] >= _needed(level):
                    return False
        else:
            level = _level(text)
            if rating_for(hand, suits, LADDER[min(level, len(LADDER) - 1)])[0] < _needed(level):
                return False
    return True


def auction_said(observation: dict[str, Any]) -> dict[int, list[tuple[str, list[str]]]]:
    """Per seat, what it said in the auction so far and the bids open to it then (the ladder below the high bid)."""
    from ..games.briscola_chiamata import BIDS, LAST_RANK

    said: dict[int, list[tuple[str, list[str]]]] = {}
    high = -1
    for seat, text in observation["auction"]:
        open_bids = BIDS[high + 1 : LAST_RANK + 1] if high < LAST_RANK else BIDS[high + 1 :]
        said.setdefault(seat, []).append((text, [str(b) for b in open_bids[:OPEN_BIDS]]))
        if text != "pass":
            high = _level(text)
    return said


def draw_world(
    observation: dict[str, Any], rng: random.Random, said: dict[int, list[tuple[str, list[str]]]]
) -> list[list[Card]]:
    """The five hands of a world before any card is played: the seat's own, the others drawn one after the other
    from the unseen cards, each drawn again (``MAX_TRIES`` at most) until it fits what its owner said."""
    seat = observation["seat"]
    own = [card(c) for c in observation["hand"]]
    suits = _suits(observation)
    from ..cards import ITALIAN_40

    unseen = [c for c in ITALIAN_40 if c not in set(own)]
    hands: list[list[Card]] = [[] for _ in range(PLAYERS)]
    hands[seat] = own
    others = [s for s in range(PLAYERS) if s != seat]
    # The players who said something first (their hands are the rarer ones), the silent last.
    others.sort(key=lambda s: -len(said.get(s, ())))
    for i, s in enumerate(others):
        if i == len(others) - 1:
            hands[s] = unseen
            break
        for _ in range(MAX_TRIES):
            shuffle(unseen, rng)
            pick = unseen[:TRICKS]
            if s not in said or fits_auction(pick, said[s], suits):
                break
        hands[s] = pick
        unseen = unseen[TRICKS:]
    return hands


# --- valuing contracts ------------------------------------------------------------------------------------------
def caller_points(hands: list[list[Card]], caller: int, called: Card, leader: int) -> int:
    """The card points the caller's side takes in a playout of this world with ``called`` called."""
    partner = next(s for s, h in enumerate(hands) if called in h)
    side = [0 if s in (caller, partner) else 1 for s in range(PLAYERS)]
    return playout([[code(c) for c in h] for h in hands], side, SUITS.index(called.suit), leader)


def contract_chance(
    observation: dict[str, Any], level: int, rng: random.Random, worlds: int = WORLDS
) -> tuple[float, str]:
    """(the chance the seat makes the contract of ``level`` as caller, the card the medium rule calls then)."""
    from ..games.briscola_chiamata import bid_target

    seat = observation["seat"]
    rank = LADDER[min(level, len(LADDER) - 1)]
    own = [card(c) for c in observation["hand"]]
    _, suit = rating_for(own, _suits(observation), rank)
    called = card(rank + suit)
    target = bid_target(level)
    leader = seat if (observation.get("options") or {}).get("caller_leads") else (observation["dealer"] + 1) % PLAYERS
    said = auction_said(observation)
    made = 0
    for _ in range(worlds):
        hands = draw_world(observation, rng, said)
        made += caller_points(hands, seat, called, leader) >= target
    return made / worlds, str(called)


def choose_bid(observation: dict[str, Any], rng: random.Random) -> str:
    """The hard level's bid: the medium level's bid; where that rule passes, the least committing bid when the
    playouts make that contract in more than ``SURE`` of the worlds (module docstring)."""
    liked = medium_bid(observation)
    if liked != "pass":
        return liked
    bids = sorted((a for a in observation["legal_actions"] if a.startswith("bid ")), key=_level)
    if not bids:
        return "pass"
    p, _ = contract_chance(observation, _level(bids[0]), rng)
    return bids[0] if p > SURE else "pass"


def best_call(observation: dict[str, Any], rng: random.Random, worlds: int = WORLDS) -> str:
    """The hard level's call: each card it may call valued by playouts on the same worlds (its mean score as
    caller: 2 when the contract is made, -2 when not, plus a share of the points above the target)."""
    from ..games.briscola_chiamata import bid_target

    calls = [a for a in observation["legal_actions"] if a.startswith("call ")]
    own = set(observation["hand"])
    lacking = [a for a in calls if a.split()[1] not in own]
    if len(lacking) <= 1:
        return lacking[0] if lacking else choose_call(observation)  # holding all four: the medium rule's
    seat = observation["seat"]
    target = bid_target(_level(observation["high_bid"]))
    leader = seat if (observation.get("options") or {}).get("caller_leads") else (observation["dealer"] + 1) % PLAYERS
    said = auction_said(observation)
    totals = dict.fromkeys(lacking, 0.0)
    for _ in range(worlds):
        hands = draw_world(observation, rng, said)
        for a in lacking:
            points = caller_points([h[:] for h in hands], seat, card(a.split()[1]), leader)
            totals[a] += (2.0 if points >= target else -2.0) + (points - target) / 60.0
    liked = choose_call(observation)
    return max(lacking, key=lambda a: (totals[a], a == liked))


def searched_contract(game: Any, observation: dict[str, Any], rng: random.Random) -> str | None:
    """The hard level's bid or call in Briscola Chiamata (:func:`choose_bid`, :func:`best_call`); None in other
    games and phases (the medium level's rule decides there)."""
    if game is None or game.name != "briscola-chiamata":
        return None
    phase = observation.get("phase")
    if phase == "auction":
        return choose_bid(observation, rng)
    if phase == "call":
        return best_call(observation, rng)
    return None
