"""Heuristic Briscola: the rules of thumb of a careful club player, for every variant (2, 3, 4 and 6 players,
partnerships, Briscola a 31, Scoperta, Briscolone with or without following suit, Bosnian, double Briškula,
Schembil, signals and conversation).

The bot sees only its observation. It keeps count of the cards: every card played (``observation["tricks"]``
and the trick on the table), its own hand, the turned-up card while it lies under the stock, the top of the
stock in Scoperta, and every card it knows to be in another hand (``known_cards``, ``open_hands``, a Schembil
``views`` snapshot, a partner's signal). Everything else is "unseen": spread at random over the other hands and
the face-down stock. From that count it estimates, for each card it may play, the chance that its side ends up
winning the trick (each later opponent beats the winning card if he can; each later partner rescues a trick
the opponents are winning if he can), and scores the card

    (2 * chance - 1) * points in the trick once the card is played  -  what the card is worth if kept

and plays the best card. The value of a card kept is what gives the rules of thumb their shape:

* A trump is worth keeping: a few points of "capture power" that grow with its rank (the ace of trumps the most),
  plus its own points when no higher trump is out (nothing can take them from it; half of them otherwise). So
  trumps and loads are not wasted on empty tricks; a loaded trick (an ace or three led) is taken with the
  cheapest winner: a higher card of the suit led before any trump, a low trump before a high one; a trick of a
  few points is left to the opponent. The power shrinks to nothing over the last tricks, when keeping a trump no
  longer helps.
* A plain card kept is worth a quarter of its points (a load at home may still take a low card of its suit, or go
  safely onto a partner's trick later): so the bot leads its low blank cards (lisci) first, throws blanks on
  tricks it cannot or need not win, and does not lead a load the opponents can easily take.
* Loading: when a partner is winning the trick and is sure or nearly sure to keep it (he played the highest trump
  still out, or nobody after him can beat him), the chance is about one and the load (an ace or three of a plain
  suit) scores most: it goes onto the partner's trick. When he is likely to be beaten, the loads stay home.
* Last to play it wins anything it can win at a profit: a higher card of the suit led gives its points for free.
* The turned-up card: on the last round of the stock (two players) the loser of the trick takes the turned-up
  trump, so a good turned-up card makes losing a cheap trick worthwhile; in Scoperta the visible top of the stock,
  which the winner draws, is weighed the same way, and the opponent's open hand makes every chance exact.
* Briscola a 31: it claims as soon as its side has 31 points (the observation's ``points``), never before.
* Briscolone: no trumps, so only a higher card of the suit led wins; with following suit the opponent's duty to
  follow is taken into account.
* Talk (``briscola_talk``): with signals it tells its partners truthfully which of the three highest trumps it
  holds, and reads their signals as known cards; in conversation a leader holding a sure winner asks "carichi?"
  and, to a yes, orders a carico and leads the winner; every seat reads a "no" as cards a hand lacks, and a
  partner's orders are followed. A Schembil rais looks at a partner's hand when he may, and otherwise yields
  the floor.

The same machinery (:class:`Table`, :func:`best_card`) plays Briscola Chiamata and Trijumf, which add who is a
partner (with a probability, in Chiamata), the duty to follow suit or trump, voids shown by play, and the ultima.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any

import trionfi

from ...cards import Card, CardError, card
from ...tricks import winning_index
from ..base import claim_is_right
from ..heuristic import register_policy
from . import briscola_talk as talk

# The value of keeping a trump: BASE + STEP per trump below it (the 2 of trumps BASE, the ace BASE + 9 STEP).
TRUMP_BASE = 4.0
TRUMP_STEP = 0.8
# Over how many tricks still to come a trump keeps its full value (it fades to nothing at the last trick).
HORIZON = 3
# How much a card's own points are "safe" in hand when a higher trump is still out.
AT_RISK = 0.5
# The share of its points a plain card is worth kept (an ace or three led is easily trumped).
LOAD_KEEP = 0.25
EPS = 1e-3
FREE, FOLLOW = "free", "follow"  # FOLLOW: follow suit if able, else trump if able (or anything)


@lru_cache(maxsize=256)
def _load(name: str, options: str) -> Any:
    return trionfi.load(name, **json.loads(options))


@lru_cache(maxsize=256)
def _below(game: Any) -> dict[Card, int]:
    """Per card, how many cards of its suit in the game's pack rank below it."""
    strength = game.strength
    return {c: sum(1 for x in game.deck if x.suit == c.suit and strength[x] < strength[c]) for c in game.deck}


def game_of(obs: dict[str, Any]) -> Any:
    """The static game of an observation (rules and options are public)."""
    return _load(obs["game"], json.dumps(obs.get("options") or {}, sort_keys=True))


def is_card(text: str) -> bool:
    try:
        card(text)
    except CardError:
        return False
    return True


def side_of(obs: dict[str, Any], seat: int) -> int:
    return next(i for i, members in enumerate(obs["sides"]) if seat in members)


def _none_chance(pool_size: int, bad: int, draws: int) -> float:
    """Chance that ``draws`` cards dealt from ``pool_size`` include none of ``bad`` given ones."""
    if draws <= 0 or bad <= 0:
        return 1.0
    if pool_size - bad < draws:
        return 0.0
    p = 1.0
    for i in range(draws):
        p *= (pool_size - bad - i) / (pool_size - i)
    return p


class Table:
    """What a seat knows about a trick-taking position, worked out from its observation.

    ``ally(seat)`` is the chance that a seat plays on this seat's side (1 or 0 in fixed partnerships),
    ``voids`` the suits a seat is known to lack, ``rule`` the play restriction (FREE or FOLLOW).
    """

    def __init__(
        self,
        obs: dict[str, Any],
        ally: Callable[[int], float] | None = None,
        voids: dict[int, set[str]] | None = None,
        rule: str = FREE,
        future_trump: str | None = None,
        last_bonus: int = 0,
    ) -> None:
        g = game_of(obs)
        self.obs = obs
        self.game = g
        self.seat = seat = obs["seat"]
        self.n = obs["players"]
        self.trump: str | None = obs.get("trump")
        self.future_trump = future_trump if future_trump is not None else self.trump
        self.strength: dict[Card, int] = g.strength
        self.points: dict[Card, int] = g.card_points
        self.rule = rule
        self.last_bonus = last_bonus
        self.hand = [card(c) for c in obs["hand"]]
        self.trick = [(s, card(c)) for s, c in obs["trick"]]
        played = {card(c) for t in obs["tricks"] for _, c in t["cards"]}
        played |= {c for _, c in self.trick}
        self.played = played
        self.voids = voids or {}
        self.known: dict[int, set[Card]] = {s: set() for s in range(self.n) if s != seat}
        for key in ("known_cards", "open_hands", "views"):
            for s, codes in (obs.get(key) or {}).items():
                if int(s) != seat:
                    self.known[int(s)] |= {card(c) for c in codes} - played
        self._read_signals()
        # Table talk (Briscola's conversation): an answer "no" rules cards out of a hand, an order to load
        # makes the partner's card a sure winner (agents/heuristics/briscola_talk.py).
        talking = obs["game"] == "briscola" and bool(obs.get("messages"))
        self.lacks: dict[int, set[Card]] = talk.lacking(obs, g) if talking else {}
        self.sure: set[int] = talk.sure_partners(obs) if talking else set()
        sizes = obs["hand_sizes"]
        self.hidden = {s: max(0, sizes[s] - len(k)) for s, k in self.known.items()}
        stock = obs.get("stock") or 0
        in_stock: set[Card] = set()
        if stock and obs.get("indicator"):
            in_stock.add(card(obs["indicator"]))
        if stock and obs.get("stock_top"):
            in_stock.add(card(obs["stock_top"]))
        self.stock = stock
        self.in_stock = in_stock
        seen = set(self.hand) | played | in_stock
        for k in self.known.values():
            seen |= k
        self.pool = [c for c in g.deck if c not in seen]
        self._ally = ally
        self._kept: dict[Card, float] = {}
        self._top_out: int | None = None  # the strength of the highest trump an opponent may hold
        self._average_kept: float | None = None
        self.side = side_of(obs, seat)
        self.remaining = self._remaining_seats()
        draws_per_trick = max(1, self.n)
        self.future = len(self.hand) - 1 + stock // draws_per_trick

    # --- what the seat knows ---------------------------------------------------------------------
    def _read_signals(self) -> None:
        """A partner's signal "I hold the X of trumps" puts that card in his hand (until it is played)."""
        trump = self.trump
        for m in self.obs.get("messages") or []:
            if m.get("kind") != "signal" or m["sender"] == self.seat or trump is None:
                continue
            words = m["text"].split()
            if len(words) >= 4 and words[0] == "I" and words[1] == "hold":
                try:
                    c = card(words[3] + trump)
                except CardError:
                    continue
                if c not in self.played and c not in self.hand:
                    self.known.setdefault(m["sender"], set()).add(c)

    def ally(self, seat: int) -> float:
        if seat == self.seat:
            return 1.0
        if self._ally is not None:
            return self._ally(seat)
        return 1.0 if side_of(self.obs, seat) == self.side else 0.0

    def _remaining_seats(self) -> list[int]:
        """The seats still to play to this trick after this one, in order."""
        obs, n, seat = self.obs, self.n, self.seat
        lead = self.trick[0][0] if self.trick else seat
        order = [(lead + i) % n for i in range(n)]
        if getattr(self.game, "laps", 1) > 1:
            seats = order * self.game.laps
            return seats[len(self.trick) + 1 :]
        sizes = obs["hand_sizes"]
        done = {s for s, _ in self.trick}
        after = order[order.index(seat) + 1 :]
        # A short Bosnian trick: only the players who drew (holding as many cards as this seat) play.
        return [s for s in after if s not in done and sizes[s] == sizes[seat]]

    # --- chances ---------------------------------------------------------------------------------
    def _holding(self, seat: int, exclude: Card | None) -> tuple[set[Card], list[Card], int]:
        """(known cards, unseen cards it may hold, how many of its cards are unseen) for ``seat``."""
        if seat == self.seat:
            return {c for c in self.hand if c != exclude}, [], 0
        voids = self.voids.get(seat)
        pool = [c for c in self.pool if c.suit not in voids] if voids else self.pool
        lacks = self.lacks.get(seat)
        if lacks:
            pool = [c for c in pool if c not in lacks]
        return self.known.get(seat, set()), pool, self.hidden.get(seat, 0)

    def chance(self, seat: int, wanted: set[Card], banned: set[Card], exclude: Card | None = None) -> float:
        """Chance that ``seat`` holds one of ``wanted`` and none of ``banned``."""
        known, pool, h = self._holding(seat, exclude)
        if known & banned:
            return 0.0
        n_pool = len(pool)
        bad = sum(1 for c in pool if c in banned)
        none_banned = _none_chance(n_pool, bad, h)
        if known & wanted:
            return none_banned
        both = bad + sum(1 for c in pool if c in wanted and c not in banned)
        return max(0.0, none_banned - _none_chance(n_pool, both, h))

    def beat_chance(self, seat: int, best: Card, led: str, exclude: Card | None = None) -> float:
        """Chance that ``seat`` may play a card beating ``best`` (the winning card of a trick led in ``led``)."""
        strength, trump, deck = self.strength, self.trump, self.game.deck
        higher = {c for c in deck if c.suit == best.suit and strength[c] > strength[best]}
        trumps = {c for c in deck if c.suit == trump} if trump is not None and best.suit != trump else set()
        if self.rule == FREE:
            return self.chance(seat, higher | trumps, set(), exclude)
        led_cards = {c for c in deck if c.suit == led}
        if best.suit == led:
            p = self.chance(seat, higher, set(), exclude)
            if trumps:
                p += self.chance(seat, trumps, led_cards, exclude)
            return min(1.0, p)
        # A trump wins a trick led in another suit: only a player without the suit led may over-trump.
        return self.chance(seat, higher, led_cards, exclude)

    # --- values ----------------------------------------------------------------------------------
    def keep_value(self, c: Card) -> float:
        """What ``c`` is worth kept in hand rather than played now."""
        value = self._kept.get(c)
        if value is None:
            value = self._kept[c] = self._keep_value(c)
        return value

    def _keep_value(self, c: Card) -> float:
        fade = min(1.0, self.future / HORIZON)
        trump = self.future_trump
        if trump is None or c.suit != trump:
            # A plain load kept may still take a low card of its suit, or go safely onto a partner's trick.
            return LOAD_KEEP * self.points[c] * fade
        if self._top_out is None:
            strength = self.strength
            self._top_out = max((strength[x] for x in self._out_cards() if x.suit == trump), default=0)
        higher_out = self._top_out > self.strength[c]
        own = self.points[c] * (AT_RISK if higher_out else 1.0)
        return (TRUMP_BASE + TRUMP_STEP * _below(self.game)[c]) * fade + own * (1.0 if fade else 0.0)

    def _out_cards(self) -> Iterable[Card]:
        """Cards that may be in an opponent's hand (or still to be drawn)."""
        yield from self.pool
        yield from self.in_stock
        for s, k in self.known.items():
            if self.ally(s) < 1.0:
                yield from k

    def win_chance(self, c: Card) -> tuple[float, int]:
        """(chance that this side takes the trick if ``c`` is played, the points then in the trick)."""
        seats = [s for s, _ in self.trick] + [self.seat]
        cards = [x for _, x in self.trick] + [c]
        i = winning_index(cards, self.trump, self.strength)
        best, led = cards[i], cards[0].suit
        p = self.ally(seats[i])
        for s in self.remaining if seats[i] not in self.sure else ():  # a partner's card sure to win
            b = self.beat_chance(s, best, led, exclude=c)
            a = self.ally(s)
            p = p * (1.0 - (1.0 - a) * b) + (1.0 - p) * a * b
        points = sum(self.points[x] for x in cards)
        if self.future == 0:
            points += self.last_bonus  # Trijumf's ultima
        return p, points

    def draw_value(self, p: float) -> float:
        """Two players with a stock: the winner draws the top card, the loser the next (the turned-up card last)."""
        if self.n != 2 or not self.stock:
            return 0.0
        if self._average_kept is None:
            values = [self.keep_value(x) for x in self.pool] or [0.0]
            self._average_kept = sum(values) / len(values)
        average = self._average_kept
        top = self.obs.get("stock_top")
        win_draw = self.keep_value(card(top)) if top and self.stock > 1 else average
        indicator = self.obs.get("indicator")
        lose_draw = self.keep_value(card(indicator)) if indicator and self.stock == 2 else average
        return (2.0 * p - 1.0) * (win_draw - lose_draw)

    def score(self, c: Card) -> float:
        p, points = self.win_chance(c)
        # Ties go to the weaker, cheaper card.
        tie = EPS * (self.strength[c] + self.points[c] + (10 if c.suit == self.trump else 0))
        return (2.0 * p - 1.0) * points - self.keep_value(c) + self.draw_value(p) - tie


def best_card(table: Table, legal: list[str]) -> str:
    """The legal card with the best score."""
    return max((a for a in legal if is_card(a)), key=lambda a: table.score(card(a)))


@register_policy("briscola")
def policy(observation: dict[str, Any], rng: Any) -> str:
    legal = observation["legal_actions"]
    if "claim" in legal and claim_is_right(observation):
        return "claim"
    cards = [a for a in legal if is_card(a)]
    if not cards:
        views = [a for a in legal if a.startswith("view ")]
        if views:
            return views[0]
        return "done" if "done" in legal else legal[0]
    table = Table(observation)
    said = talk.choose_talk(observation, table, legal)
    if said is not None:
        return said
    chosen = talk.ordered_lead(observation, table, cards) or talk.obey(observation, table, cards)
    return chosen or best_card(table, cards)
