"""Heuristic Triomphe (both rule sets): rob when allowed, follow and trump economically, lead trumps when strong.

Rules of thumb, in the order the bot applies them:

* **Robbing**: it takes every card it may rob (the French holder of the ace of trumps, the Strasbourg dealer
  with a turned-up ace) and lays away its weakest card that is not a trump (Strasbourg: its weakest allowed
  card, which is worth nothing anyway); only with trumps alone does it give its lowest trump.
* **Leading**: it reckons the cards still out (not in its hand, not played, not turned up from the stock and
  left there; with the French rules most of them are in the dead stock, so "out" is a worst case). Holding the
  highest trump out plus another trump, or at least three trumps, it leads trumps (the highest when it is the
  master, else the lowest) to draw the opponents'. Otherwise it leads a master card of a plain suit (one no
  card out beats), else the lowest card of its longest plain suit.
* **Following**: it works out who wins the trick so far. When its partner wins, it plays its cheapest lawful
  card: it never over-trumps a partner unless the rules force it to (then as low as it may). When an opponent
  wins, it takes the trick cheaply: last to play, the cheapest card that wins; else the cheapest card sure to
  hold (nothing out beats it); else the cheapest card that wins now (French rules: every trick counts;
  Strasbourg: only when the trick already holds card points). Plain cards go before trumps. A
  trick it cannot win gets its cheapest card: plain cards before trumps, the lowest first (Strasbourg: cards
  worth nothing first, as the card points go to the winner).
* **Concession offers** (French, ``allow_concession_offer``): it offers to concede only when its hand is
  hopeless (no trump and no master card); answering an offer, it refuses only with a hand that should take
  all five tricks (four trumps or more, or three with the master trump and a master card) and accepts
  otherwise.
* **Next dealer** (a French match): the first opponent offered (his right-hand opponent).
* **Penalty mode**: it plays only cards the rules allow (``lawful_cards``), never a revoke.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...cards import FRENCH_52, Card, card
from ...games import strasbourg as sb
from ...ranking import TRIOMPHE
from ..heuristic import register_policy

FRENCH_STRENGTH = TRIOMPHE.strengths(FRENCH_52)


class Rules:
    """The static card tables for one trump suit: effective suits, strengths, card points."""

    def __init__(self, strasbourg: bool, trump: str) -> None:
        self.trump = trump
        self.strasbourg = strasbourg
        if strasbourg:
            self.suit_of = sb.effective_suits(trump)
            self.strength = sb.strengths(trump)
            self.points = sb.CARD_POINTS
        else:
            self.suit_of = {c: c.suit for c in FRENCH_52}
            self.strength = FRENCH_STRENGTH
            self.points = dict.fromkeys(FRENCH_52, 0)

    def is_trump(self, c: Card) -> bool:
        return self.suit_of[c] == self.trump

    def beats(self, c: Card, best: Card) -> bool:
        """Whether ``c`` played now beats ``best``, the card winning the trick (of the suit led or a trump)."""
        sc, sb_ = self.suit_of[c], self.suit_of[best]
        if sc == sb_:
            return self.strength[c] > self.strength[best]
        return sc == self.trump

    def cheap(self, c: Card) -> tuple[int, int, int]:
        """Ordering key of what a card costs to give away: points, then trumps, then strength."""
        return (self.points[c], int(self.is_trump(c)), self.strength[c])


@lru_cache(maxsize=16)
def rules_for(strasbourg: bool, trump: str) -> Rules:
    return Rules(strasbourg, trump)


def trick_best(rules: Rules, trick: list[tuple[int, Card]]) -> tuple[int, Card]:
    """(seat, card) winning the cards on the table so far."""
    best_seat, best = trick[0]
    for s, c in trick[1:]:
        if rules.beats(c, best):
            best_seat, best = s, c
    return best_seat, best


def cards_out(obs: dict[str, Any], hand: list[Card]) -> set[Card]:
    """Cards that may still be played by another seat: not in the hand, not played, not left in the stock."""
    gone = set(hand)
    for t in obs["tricks"]:
        gone.update(card(c) for _, c in t["cards"])
    gone.update(card(c) for _, c in obs["trick"])
    taken = {card(c) for c in obs.get("taken") or []}
    if obs.get("robber") == obs["seat"]:
        gone.update(taken)
        gone.update(card(c) for c in obs.get("discards") or [])
    gone.update(c for c in map(card, obs.get("turned") or []) if c not in taken)
    for codes in (obs.get("open_hands") or {}).values():
        gone.update(card(c) for c in codes)  # a partner's cards are no danger
    return {c for c in FRENCH_52 if c not in gone}


def is_master(rules: Rules, c: Card, out: set[Card]) -> bool:
    """No card out of its (effective) suit is stronger."""
    suit = rules.suit_of[c]
    return not any(rules.suit_of[x] == suit and rules.strength[x] > rules.strength[c] for x in out)


def choose_discard(rules: Rules, legal: list[str]) -> str:
    cards = {a: card(a.split()[-1]) for a in legal}
    plain = [a for a in legal if not rules.is_trump(cards[a])]
    pool = plain or legal
    return min(pool, key=lambda a: (rules.points[cards[a]], rules.strength[cards[a]]))


def hopeless(rules: Rules, hand: list[Card], out: set[Card]) -> bool:
    return not any(rules.is_trump(c) or is_master(rules, c, out) for c in hand)


def strong_enough_to_refuse(rules: Rules, hand: list[Card], out: set[Card]) -> bool:
    trumps = [c for c in hand if rules.is_trump(c)]
    if len(trumps) >= 4:
        return True
    top = any(is_master(rules, c, out) for c in trumps)
    plain_master = any(not rules.is_trump(c) and is_master(rules, c, out) for c in hand)
    return len(trumps) >= 3 and top and plain_master


def choose_lead(rules: Rules, hand: list[Card], out: set[Card]) -> Card:
    trumps = sorted((c for c in hand if rules.is_trump(c)), key=rules.strength.__getitem__)
    top_trump = bool(trumps) and is_master(rules, trumps[-1], out)
    if (top_trump and len(trumps) >= 2) or len(trumps) >= 3:
        return trumps[-1] if top_trump else trumps[0]
    plain = [c for c in hand if not rules.is_trump(c)]
    masters = [c for c in plain if is_master(rules, c, out)]
    if masters:
        return min(masters, key=rules.cheap)
    if plain:
        length: dict[str, int] = {}
        for c in plain:
            length[rules.suit_of[c]] = length.get(rules.suit_of[c], 0) + 1
        longest = max(length.values())
        pool = [c for c in plain if length[rules.suit_of[c]] == longest]
        return min(pool, key=rules.cheap)
    return trumps[0]


def choose_follow(obs: dict[str, Any], rules: Rules, cards: list[Card], out: set[Card]) -> Card:
    seat = obs["seat"]
    trick = [(s, card(c)) for s, c in obs["trick"]]
    side = next(i for i, members in enumerate(obs["sides"]) if seat in members)
    partners = set(obs["sides"][side])
    best_seat, best = trick_best(rules, trick)
    last = len(trick) == obs["players"] - 1
    cheapest = min(cards, key=rules.cheap)
    if best_seat in partners:
        return cheapest  # never over-trump a partner unless forced (then as low as allowed)
    winners = [c for c in cards if rules.beats(c, best)]
    if not winners:
        return cheapest
    if last:
        return min(winners, key=lambda c: (int(rules.is_trump(c)), rules.strength[c]))

    def holds(c: Card) -> bool:
        """Nothing out can beat ``c`` here: no higher card of its suit, and no trump if it is a plain card."""
        if not is_master(rules, c, out):
            return False
        return rules.is_trump(c) or not any(rules.is_trump(x) for x in out)

    sure = [c for c in winners if holds(c)]
    if sure:
        return min(sure, key=lambda c: (int(rules.is_trump(c)), rules.strength[c]))
    worth = sum(rules.points[c] for _, c in trick)
    if not rules.strasbourg or worth > 0:
        return min(winners, key=lambda c: (int(rules.is_trump(c)), rules.strength[c]))
    return cheapest


@register_policy("triomphe")
def policy(observation: dict[str, Any], rng: Any) -> str:
    obs = observation
    legal = obs["legal_actions"]
    phase = obs["phase"]
    rules = rules_for(obs.get("ruleset") == "strasbourg", obs["trump"])
    hand = [card(c) for c in obs["hand"]]
    if phase == "rob":
        return next((a for a in legal if a.startswith("rob ")), "pass")
    if phase == "discard":
        return choose_discard(rules, legal)
    if phase == "next dealer":
        return legal[0]
    out = cards_out(obs, hand)
    if phase == "concession":
        return "refuse" if strong_enough_to_refuse(rules, hand, out) else "accept"
    if "concede" in legal and hopeless(rules, hand, out):
        return "concede"
    lawful = obs.get("lawful_cards")
    texts = lawful if lawful else [a for a in legal if a != "concede"]
    cards = [card(a) for a in texts]
    if not obs["trick"]:
        return str(choose_lead(rules, cards, out))
    return str(choose_follow(obs, rules, cards, out))
