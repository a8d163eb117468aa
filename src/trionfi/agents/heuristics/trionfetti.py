"""Heuristic Trionfetti: a comanda that favours the cutter's side, the comanda's top cards to win two tricks,
the lowest card on a trick already lost or already won by the partner, a rare and safe vagaresto.

Rules of thumb, in the order the bot applies them:

* **The comanda** (as cutter): it tries each command offered in the legal actions. Were there cards in its
  hand it would take the command under which they rank highest; in this game the cutter announces before the
  deal, so its hand is empty and it takes the command with the most equal cards (pairs of cards in one tier):
  of equal top cards the first played wins, and the cutter's partner, on the dealer's right, leads the first
  trick of every hand. Ties break in the order offered (the default order first). With
  ``tie_rule=void_trick`` equal cards win nothing, and it announces the first command offered.
* **Which cards are out**: cards not in its hand, not played in this smazzata, not the cut card, not the
  leftovers once it has seen them, not in its partner's hand when a vagaresto shows it. A card *holds* when it
  is stronger than every card out and than every card on the table (equal is not enough: the first played of
  equal cards wins, and void_trick voids a tie).
* **Leading**: a card that holds, the cheapest such; else, when its partner has signalled the top card in
  this trick, its lowest card; else its highest card (the next players must spend a better one).
* **Following**: when its partner wins the trick so far and is sure to keep it (it plays last, or the
  partner's card holds, or the partner has signalled the top card), it throws its lowest card; when an
  opponent wins and it cannot beat him, it throws its lowest card too. Otherwise it beats the trick as
  cheaply as it can: the cheapest card that holds, else the cheapest card that is higher than the trick.
* **Vagaresto**: it calls only when the hand is certain: it holds at least as many cards that hold as its
  side still needs tricks (two, less those already won in this hand); then the opponents either concede a
  point or pay the stake.
* **Answering a vagaresto**: with the partner's hand in view, it estimates the chance that its side's best
  cards take the tricks it still needs (each must beat every opponent card, the opponents' cards taken to be
  any of the cards out) and accepts when winning the stake with that chance is worth more than the point a
  concession costs: chance x stake - (1 - chance) x stake > -1.
* **Talk**: it says nothing and gives no signal (a signal made at its own turn would come just before it
  plays the card it speaks of). It does read its partner's signals: a partner who signalled ``padrona`` in
  this trick and has still to play is trusted to win it, so the bot throws its lowest card.
"""

from __future__ import annotations

from typing import Any

from ...cards import ITALIAN_52, Card, card
from ..heuristic import register_policy


def strength_of(tiers: list[list[str]]) -> dict[Card, int]:
    return {card(c): i for i, tier in enumerate(tiers) for c in tier}


def pairs_equal(tiers: list[list[str]]) -> int:
    return sum(len(t) * (len(t) - 1) // 2 for t in tiers)


def choose_comanda(obs: dict[str, Any]) -> str:
    from ...comanda import parse_comanda

    legal = obs["legal_actions"]
    hand = [card(c) for c in obs["hand"]]
    if obs["options"].get("tie_rule") == "void_trick" and not hand:
        return legal[0]
    best, best_score = legal[0], None
    for a in legal:
        try:
            ranking = parse_comanda(a.split(" ", 1)[1])
        except ValueError:  # pragma: no cover - every offered command parses
            continue
        tiers = [sorted(t) for t in ranking.tiers]
        strength = ranking.strength
        score = (sum(strength[c] for c in hand), pairs_equal(tiers))
        if best_score is None or score > best_score:
            best, best_score = a, score
    return best


class View:
    """What the seat knows of the hand being played."""

    def __init__(self, obs: dict[str, Any]) -> None:
        self.obs = obs
        self.seat = obs["seat"]
        self.partner = (self.seat + 2) % 4
        self.side = next(i for i, members in enumerate(obs["sides"]) if self.seat in members)
        self.strength = strength_of(obs["ranking"])
        self.hand = [card(c) for c in obs["hand"]]
        self.trick = [(s, card(c)) for s, c in obs["trick"]]
        partner_cards = [card(c) for c in (obs.get("open_hands") or {}).get(str(self.partner), [])]
        self.partner_cards = partner_cards
        seen = set(self.hand) | {c for _, c in self.trick} | set(partner_cards)
        for t in obs["tricks"]:
            seen.update(card(c) for _, c in t["cards"])
        seen.add(card(obs["cut_card"]))
        seen.update(card(c) for c in obs.get("leftovers") or [])
        self.out = [c for c in ITALIAN_52 if c not in seen]
        self.top_out = max((self.strength[c] for c in self.out), default=-1)
        self.table_top = max((self.strength[c] for _, c in self.trick), default=-1)
        won = obs["hand_tricks"]
        self.needed = 2 - sum(1 for w in won if w == self.side)
        self.partner_to_play = self.partner not in {s for s, _ in self.trick}
        self.partner_padrona = any(
            m["kind"] == "signal"
            and m["sender"] == self.partner
            and m["hand"] == obs["hand_number"]
            and m["trick"] == len(won) + 1
            and "(padrona)" in m["text"]
            for m in obs.get("messages") or []
        )

    def holds(self, c: Card) -> bool:
        s = self.strength[c]
        return s > self.top_out and s > self.table_top

    def sure(self, cards: list[Card]) -> list[Card]:
        return [c for c in cards if self.holds(c)]


def winning(view: View) -> tuple[int, Card] | None:
    """(seat, card) winning the trick so far: the highest, the first played of equals."""
    best = None
    for s, c in view.trick:
        if best is None or view.strength[c] > view.strength[best[1]]:
            best = (s, c)
    return best


def choose_card(view: View) -> Card:
    st = view.strength
    hand = sorted(view.hand, key=st.__getitem__)
    lowest = hand[0]
    sure = view.sure(hand)
    if not view.trick:
        if sure:
            return sure[0]
        if view.partner_padrona:
            return lowest
        return hand[-1]
    best_seat, best = winning(view)  # type: ignore[misc]
    last = len(view.trick) == 3
    if best_seat == view.partner:
        partner_safe = last or st[best] > view.top_out or (view.partner_padrona and view.partner_to_play)
        if partner_safe:
            return lowest
    elif view.partner_padrona and view.partner_to_play:
        return lowest
    higher = [c for c in hand if st[c] > st[best]]
    if best_seat == view.partner:
        # The partner may be beaten: back him only with a card that holds.
        return next((c for c in hand if c in sure), lowest)
    if not higher:
        return lowest
    holding = [c for c in higher if c in sure]
    return holding[0] if holding else higher[0]


def should_call(view: View) -> bool:
    return view.needed > 0 and len(view.sure(view.hand)) >= view.needed


def win_chance(view: View, cards: list[Card], opponents: int) -> float:
    """A rough chance that ``cards`` (the side's) take the tricks the side still needs: its best cards each
    have to beat every card of the opponents, whose cards are taken to be any of the cards out."""
    if view.needed <= 0:
        return 1.0
    st = view.strength
    out = sorted(st[c] for c in view.out)
    best = sorted(cards, key=st.__getitem__, reverse=True)[: view.needed]
    if len(best) < view.needed or not out:
        return 0.0 if len(best) < view.needed else 1.0
    chance = 1.0
    for i, c in enumerate(best):
        if i == 0 and st[c] <= view.table_top and winning(view) is not None and winning(view)[0] != view.partner:
            return 0.0  # the trick on the table is the opponents' already
        below = sum(1 for x in out if x < st[c])
        chance *= (below / len(out)) ** opponents
    return chance


def should_accept(view: View) -> bool:
    """Accept when the chance to win the stake beats conceding a point: p * stake - (1 - p) * stake > -1."""
    stake = (view.obs.get("vagaresto") or {}).get("stake", 1)
    team = view.hand + view.partner_cards
    sizes = view.obs["hand_sizes"]
    opponents = sum(sizes[s] for s in range(4) if s % 2 != view.seat % 2)
    p = win_chance(view, team, opponents)
    return p * stake - (1 - p) * stake > -1


@register_policy("trionfetti")
def policy(observation: dict[str, Any], rng: Any) -> str:
    obs = observation
    legal = obs["legal_actions"]
    phase = obs["phase"]
    if phase == "comanda":
        return choose_comanda(obs)
    view = View(obs)
    if phase == "vagaresto":
        return "accept" if should_accept(view) else "concede"
    if "vagaresto" in legal and should_call(view):
        return "vagaresto"
    return str(choose_card(view))
