"""Heuristic Troccas: plain talk, a cheap discard, win cheaply, smear to a winning partner, save the Fool.

Rules of thumb, in the order the bot applies them:

* **Packets** (a team behind in a session): the usual 6 + 6 + 7.
* **Tschintschar**: after the full deal it says "in trochetg" (5-6 trumps) or "ina trocca" (7-8 trumps) when
  that is true, and otherwise passes; while the cards are being dealt it tells its partner, when true of the
  cards it has so far, "il narr" (the Fool and some trumps), else "in" (two honours), else "tric e trac" (half
  its cards are trumps), and otherwise passes. It only says what is true, and each thing once a deal. It
  proposes a new deal only when its full hand holds no trump (the Fool is none), and answers a proposal the
  same way: agree without a trump, refuse with one.
* **The dealer's discard**: with no trump he takes his privilege of a new deal. Otherwise he lays away two of
  the cards the rules allow (never a king, T1, T21 or the Fool): plain cards worth one point first, from his
  shortest suit (to make a void, so that he can trump it), the lowest first; trumps only when nothing else
  is left.
* **The jack demand**: the winner demands the jack whenever he may and does not hold it himself (the trick
  is his team's, so the jack, worth 2, replaces a card worth less or changes nothing).
* **Leading**: a king of a suit not yet led (it should win its first trick, and its winner may demand the
  jack), played together with its jack (``Ks+Js``) when allowed, so that the eight-card trick is his;
  otherwise the lowest card of his longest plain suit; with only trumps, the lowest one but T1 (the bagat,
  worth 5, is lost to any other trump). The Fool is never led while anything else may be.
* **Following**: it reckons which cards are still out (not in its hand, not played, not in its own discard).
  When its partner wins the trick and is sure to keep it (the bot plays last, or the partner's card is the
  highest of its suit still out and is a trump, or no trump is out) it smears: it gives the most valuable
  card it may (a queen, a cavalier, T1...; a king only when it is not the master of its suit). When its
  partner wins but may still be beaten, it plays its cheapest card. When an opponent wins, it takes the
  trick cheaply: the cheapest card sure to hold (the master of its suit, and a trump or no trump out), else
  the cheapest card that wins now (a plain card before a trump, the lowest first). Measured against random
  players, taking every trick it can beat this way scored far better than ducking cheap tricks (77 % against
  69 %).
* **The Fool**: saved for a trick its team would lose: it plays the Fool there when its cheapest other card
  would cost something (worth 2 or more, or a trump), or when only two cards are left; never on a trick its
  partner wins.
* Everything else that cannot win gets its cheapest card: plain cards worth one point before court cards and
  trumps, the lowest first; T1 is kept out of a lost trick when another trump will do.
* It never knocks, and in penalty mode it plays only cards the rules allow.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from ...cards import TAROT_78, Card, card
from ...games import troccas_talk as talk
from ...games.troccas_scoring import FOOL_CARD, JACK, KING, STRENGTH, SUITS, TRUMP, TRUMPS, VALUE, playable
from ..heuristic import register_policy

T1 = TRUMPS[0]


def _cards(codes: list[str]) -> list[Card]:
    return [card(c) for c in codes]


def trumps_in(hand: list[Card]) -> int:
    return sum(1 for c in hand if c.suit == TRUMP)


# While the cards are being dealt, the true statements worth telling a partner, the most telling first.
EARLY_NEWS = ("il narr", "in", "tric e trac")


def choose_talk(obs: dict[str, Any], hand: list[Card]) -> str:
    legal = obs["legal_actions"]
    late = "say in trochetg" in legal or "say fai scart" in legal
    n = trumps_in(hand)
    if late:
        if n == 0 and "propose redeal" in legal:
            return "propose redeal"
        if 5 <= n <= 6 and "say in trochetg" in legal:
            return "say in trochetg"
        if 7 <= n <= 8 and "say ina trocca" in legal:
            return "say ina trocca"
        return "pass"
    true = {s.name for s in talk.allowed(talk.EARLY, hand, truthful=True)}
    for name in EARLY_NEWS:
        if name in true and f"say {name}" in legal:
            return f"say {name}"  # said once a deal: the manners keep it from being said at the next pause
    return "pass"


def choose_discard(legal: list[str], hand: list[Card]) -> str:
    if "redeal" in legal:
        return "redeal"
    options = {a: card(a.split()[-1]) for a in legal if a.startswith("discard ")}
    length = {s: sum(1 for c in hand if c.suit == s) for s in SUITS}

    def key(a: str) -> tuple[int, int, int, int]:
        c = options[a]
        trump = c.suit == TRUMP
        return (int(trump), VALUE[c], 0 if trump else length[c.suit], STRENGTH[c])

    return min(options, key=key)


def cards_out(obs: dict[str, Any], hand: list[Card]) -> set[Card]:
    """Cards another seat may still play: not in the hand, not played, not in the seat's own discard."""
    gone = set(hand)
    for t in obs["tricks"]:
        gone.update(card(c) for _, c in t["cards"])
    gone.update(card(c) for _, c in obs["trick"])
    gone.update(card(c) for c in obs.get("discard") or [])
    return {c for c in TAROT_78 if c not in gone}


def winner_index(cards: list[Card]) -> int | None:
    """Index of the winning card so far (None while only the Fool is out)."""
    led = next((c.suit for c in cards if c is not FOOL_CARD), None)
    if led is None:
        return None
    best, key = None, -2
    for i, c in enumerate(cards):
        if c.suit != TRUMP and c.suit != led:
            continue
        if STRENGTH[c] > key:
            best, key = i, STRENGTH[c]
    return best


def beats(c: Card, best: Card, led: str) -> bool:
    if c is FOOL_CARD:
        return False
    if c.suit == best.suit:
        return STRENGTH[c] > STRENGTH[best]
    return c.suit == TRUMP


def master(c: Card, out: set[Card]) -> bool:
    """No card out of its suit is stronger."""
    return not any(x.suit == c.suit and STRENGTH[x] > STRENGTH[c] for x in out)


def holds(c: Card, out: set[Card], led: str) -> bool:
    """Nothing out can beat ``c`` in this trick: the master of its suit, and a trump or no trump out."""
    if not master(c, out):
        return False
    return c.suit == TRUMP or not any(x.suit == TRUMP for x in out)


def cost(c: Card) -> tuple[int, int, int]:
    """What giving a card away costs: its value, then trumps (they win tricks), then strength; T1 dearest."""
    return (VALUE[c] + (5 if c is T1 else 0), int(c.suit == TRUMP), STRENGTH[c])


def choose_lead(obs: dict[str, Any], hand: list[Card], legal: list[str]) -> str:
    opened = set()
    for t in obs["tricks"]:
        led = next((card(c).suit for _, c in t["cards"] if card(c) is not FOOL_CARD), None)
        if led is not None:
            opened.add(led)
    for s in SUITS:
        if s not in opened and KING[s] in hand:
            double = f"{KING[s]}+{JACK[s]}"
            return double if double in legal else str(KING[s])
    plain = [c for c in hand if c.suit != TRUMP and c is not FOOL_CARD]
    if plain:
        length = {s: sum(1 for c in plain if c.suit == s) for s in SUITS}
        longest = max(length.values())
        pool = [c for c in plain if length[c.suit] == longest]
        return str(min(pool, key=cost))
    trumps = sorted((c for c in hand if c.suit == TRUMP), key=STRENGTH.__getitem__)
    if trumps:
        pick = next((c for c in trumps if c is not T1), trumps[0])
        return str(pick)
    return str(hand[0])


def choose_follow(obs: dict[str, Any], hand: list[Card], allowed: list[Card], legal: list[str]) -> str:
    seat = obs["seat"]
    partner = next(s for members in obs["sides"] if seat in members for s in members if s != seat)
    trick = [(s, card(c)) for s, c in obs["trick"]]
    cards = [c for _, c in trick]
    i = winner_index(cards)
    out = cards_out(obs, hand)
    size = 8 if len(trick) >= 4 or _double_in_trick(trick) else 4
    last = len(trick) == size - 1
    plays = [c for c in allowed if c is not FOOL_CARD] or allowed
    cheapest = min(plays, key=cost)
    if i is None:  # the Fool was led: this card sets the suit, as a lead would
        return choose_lead(obs, plays, legal)
    best_seat, best = trick[i]
    led = next(c.suit for c in cards if c is not FOOL_CARD)
    if best_seat == partner:
        safe = last or holds(best, out, led)
        if safe:
            return str(max(plays, key=lambda c: smear_value(c, out)))
        return str(cheapest)
    winners = [c for c in plays if beats(c, best, led)]
    sure = [c for c in winners if holds(c, out, led)]
    if sure:
        return str(min(sure, key=cost_to_win))
    if winners:
        return str(min(winners, key=cost_to_win))
    # The trick is lost: the Fool saves a card that costs something.
    if FOOL_CARD in allowed and (cost(cheapest)[0] >= 2 or cheapest.suit == TRUMP or len(hand) <= 2):
        return str(FOOL_CARD)
    return str(cheapest)


def cost_to_win(c: Card) -> tuple[int, int]:
    """The cheapest winner: a plain card before a trump, the lowest first (T1 is a fine winner: it is saved)."""
    return (int(c.suit == TRUMP), STRENGTH[c])


def smear_value(c: Card, out: set[Card]) -> tuple[int, int]:
    """How good a card is to give a partner who keeps the trick: its value, but not a king that may still
    win a trick of its own, and not a trump that may win one (T1 excepted: it wins nothing)."""
    v = VALUE[c]
    if c.rank == "K" and c.suit != TRUMP and master(c, out):
        v = 0
    if c.suit == TRUMP and c is not T1:
        v = -1
    return (v, -STRENGTH[c])


def _double_in_trick(trick: list[tuple[int, Card]]) -> bool:
    return any(a[0] == b[0] for a, b in pairwise(trick))


@register_policy("troccas")
def policy(observation: dict[str, Any], rng: Any) -> str:
    obs = observation
    legal = obs["legal_actions"]
    phase = obs["phase"]
    hand = _cards(obs["hand"])
    if phase == "pattern":
        return "deal 6+6+7" if "deal 6+6+7" in legal else legal[0]
    if phase == "talk":
        return choose_talk(obs, hand)
    if phase == "poll":
        return "agree" if trumps_in(hand) == 0 else "refuse"
    if phase == "discard":
        return choose_discard(legal, hand)
    demands = [a for a in legal if a.startswith("demand ")]
    if demands:
        jack = card(demands[0].split()[1])
        return "no demand" if jack in hand else demands[0]
    allowed = playable(hand, [card(c) for _, c in obs["trick"]])
    if not obs["trick"]:
        return choose_lead(obs, hand, legal)
    return choose_follow(obs, hand, allowed, legal)
