"""Sampling a full Trijumf state from one seat's observation (``Trijumf.sample_state``), for search bots.

Before the cut nothing is dealt: the sample is a fresh deal of a freshly shuffled pack, with the same dealer,
the same totals of the earlier deals, waiting for the same cutter.

After the cut, the sample is a fresh deal whose fields are overwritten from the observation: the seat's own hand
(in its order), the trick on the table, the completed tricks, the declarations, the totals, the trumps (and after
a four-player knock the suit of the first pair declared, trumps from the second trick), and the stock's size with
the turned-up card at its bottom (two players). The places the seat cannot see (the unknown part of the other
hands and, with two players, the face-down stock above the turned-up card, in random order) get the cards it has
not seen, at random, respecting every fact the observation shows:

* hand sizes, and the cards known to be in a hand (``known_cards``): cards drawn (with two players every drawn card
  is shown to the opponent), declared King-Horse pairs, and with four players the turned-up card, which belongs to
  the dealer's left and is public until he plays it;
* voids shown by play: a player who did not follow the suit led holds none of it, and one who neither followed nor
  trumped (when there were trumps: not in the first trick after a four-player knock) holds no trumps. With two
  players the hands are refilled from the stock, but every card drawn is shown, so the cards of his hand the seat
  does not know were all dealt to him and the voids hold for them.

The unseen cards are dealt uniformly when the voids allow it (tried a few times); otherwise each card in turn goes
to a random place that may still hold it, with a check (Hall's condition over the suits) that the cards left can
still be placed, so every admissible place stays reachable. Which of the seat's own cards were drawn, and so shown
to the opponent, is not in its observation: the sample marks only its declared cards (and the four-player
turned-up card) as shown. The history of the sampled state is left empty: it is a position to play on, not a record.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

from ..cards import Card, card
from ..engine import PLAY, Trick
from ..shuffling import shuffle
from .hidden_deal import public_tricks
from .trijumf import CUT, CUTTING, FLIP, KNOCK, Declaration, Trijumf, TrijumfState

UNIFORM_TRIES = 30  # uniform deals tried before placing the cards one by one


def sample_state(game: Trijumf, observation: dict[str, Any], rng: random.Random) -> TrijumfState:
    """A playable state ``observation`` could come from, the unseen cards dealt at random (module docstring)."""
    obs = observation
    seat, n = obs["seat"], game.players
    state: TrijumfState = game.deal(seed=rng.getrandbits(63), dealer=obs["dealer"])  # type: ignore[assignment]
    state.carried = list(obs["carried"])
    if obs["phase"] == CUTTING:
        return state  # nothing is dealt yet: any shuffled pack will do

    tricks = public_tricks(obs)
    trick_pairs = [(s, card(c)) for s, c in obs["trick"]]
    played = {c for t in tricks for c in t.cards} | {c for _, c in trick_pairs}
    own = [card(c) for c in obs["hand"]]
    known: list[list[Card]] = [[] for _ in range(n)]
    for s, codes in (obs.get("known_cards") or {}).items():
        known[int(s)] = [card(c) for c in codes]
    sizes = obs["hand_sizes"]
    stock_size = obs.get("stock") or 0
    indicator = card(obs["indicator"]) if obs.get("indicator") else None
    under_stock = indicator if stock_size and n == 2 else None

    seen = set(own) | played | {c for k in known for c in k} | ({under_stock} if under_stock else set())
    unseen = [c for c in game.deck if c not in seen]
    others = [s for s in range(n) if s != seat]
    places = [sizes[s] - len(known[s]) for s in others]
    if stock_size:
        places.append(stock_size - 1)  # the face-down cards above the turned-up one
    if sum(places) != len(unseen) or min(places, default=0) < 0:
        raise ValueError(
            f"the observation is inconsistent: {len(unseen)} unseen cards for {sum(places)} hidden places "
            "(is it an observation of this game?)"
        )
    knock_trump = _knock_trump(obs)
    lacks = voids(obs, knock_trump)
    banned = [frozenset(lacks.get(s, ())) for s in others] + ([frozenset()] if stock_size else [])
    dealt = deal_hidden(unseen, places, banned, rng)

    hands: list[list[Card]] = [[] for _ in range(n)]
    hands[seat] = own
    for s, got in zip(others, dealt, strict=False):
        hands[s] = known[s] + got
    state.stock = [under_stock, *dealt[len(others)]] if stock_size else []  # type: ignore[list-item]

    state.hands = hands
    state.cut = obs["cut"]
    state.trump = obs["trump"]
    state.knock_trump = knock_trump
    state.indicator = _indicator(game, obs, indicator, tricks, trick_pairs)
    state.declarations = tuple(
        Declaration(s, card(pair.split("+")[0]).suit, value) for s, pair, value in obs["declarations"]
    )
    bonus = [0] * len(game.sides)
    for d in state.declarations:
        bonus[game.side_of[d.seat]] += d.value
    state.bonus = bonus
    won = [0] * len(game.sides)
    for t in tricks:
        won[game.side_of[t.winner]] += t.points
    state.won = won
    mine = {c for d in state.declarations if d.seat == seat for c in (card("K" + d.suit), card("H" + d.suit))}
    if n == 4 and indicator is not None and seat == (state.dealer + 1) % n:
        mine.add(indicator)
    state.shown = tuple(frozenset(mine) if s == seat else frozenset(known[s]) for s in range(n))
    state.tricks = tricks
    state.trick = [c for _, c in trick_pairs]
    state.leader = obs["leader"]
    state.trick_seats = game.rotations[state.leader]
    state.current_player = obs["current_player"]
    state.phase = PLAY
    state.claim = None
    state.revoke = None
    state.history = []
    state._legal_cache = None
    return state


def _knock_trump(obs: dict[str, Any]) -> str | None:
    """After a four-player knock, the suit of the first pair declared (trumps from the second trick)."""
    if obs["cut"] == KNOCK and obs["players"] == 4 and obs["declarations"]:
        return card(obs["declarations"][0][1].split("+")[0]).suit
    return None


def voids(obs: dict[str, Any], knock_trump: str | None) -> dict[int, set[str]]:
    """The suits each seat is shown to lack by its plays (module docstring)."""
    found: dict[int, set[str]] = {}
    tricks = [t["cards"] for t in obs["tricks"]] + ([obs["trick"]] if obs["trick"] else [])
    knock4 = obs["cut"] == KNOCK and obs["players"] == 4
    for number, cards in enumerate(tricks):
        trump = (None if number == 0 else knock_trump) if knock4 else obs["trump"]
        led = card(cards[0][1]).suit
        for s, code in cards[1:]:
            c = card(code)
            if c.suit != led:
                lacks = found.setdefault(s, set())
                lacks.add(led)
                if trump is not None and c.suit != trump:
                    lacks.add(trump)
    return found


def _indicator(
    game: Trijumf,
    obs: dict[str, Any],
    indicator: Card | None,
    tricks: list[Trick],
    trick_pairs: list[tuple[int, Card]],
) -> Card | None:
    """The turned-up card. Once it is out of sight only what the seat is shown depends on it: with four players
    it must then be out of the dealer's left's hand, so a trump he played stands in for it."""
    if indicator is not None or game.players == 2 or obs["cut"] not in (FLIP, CUT):
        return indicator
    left = (obs["dealer"] + 1) % game.players
    trump = obs["trump"]
    plays = [(s, c) for t in tricks for s, c in zip(t.seats, t.cards, strict=True)] + trick_pairs
    by_left = [c for s, c in plays if s == left]
    return next((c for c in by_left if c.suit == trump), by_left[0] if by_left else None)


# --- dealing unseen cards under suit restrictions ---------------------------------------------------------------
def deal_hidden(
    cards: list[Card], sizes: list[int], banned: list[frozenset[str]], rng: random.Random
) -> list[list[Card]]:
    """``cards`` dealt at random into places of the given ``sizes``, no place getting a suit it bans.

    Uniform when a few uniform deals find an admissible one; otherwise card by card, each to a random place that
    may take it (weighted by the room left), keeping the rest placeable."""
    order = cards[:]
    if not any(banned):
        shuffle(order, rng)
        return _cut(order, sizes)
    for _ in range(UNIFORM_TRIES):
        shuffle(order, rng)
        dealt = _cut(order, sizes)
        if all(not (banned[i] and any(c.suit in banned[i] for c in got)) for i, got in enumerate(dealt)):
            return dealt
    return _place_one_by_one(order, sizes, banned, rng)


def _cut(order: list[Card], sizes: list[int]) -> list[list[Card]]:
    out, at = [], 0
    for size in sizes:
        out.append(order[at : at + size])
        at += size
    return out


def _place_one_by_one(
    cards: list[Card], sizes: list[int], banned: list[frozenset[str]], rng: random.Random
) -> list[list[Card]]:
    room = list(sizes)
    left: dict[str, int] = {}
    for c in cards:
        left[c.suit] = left.get(c.suit, 0) + 1
    if not _placeable(left, room, banned):
        raise ValueError("the observation is inconsistent: the unseen cards cannot be placed (voids, hand sizes)")
    out: list[list[Card]] = [[] for _ in sizes]
    order = cards[:]
    shuffle(order, rng)
    for c in order:
        left[c.suit] -= 1
        choices = [i for i, r in enumerate(room) if r > 0 and c.suit not in banned[i]]
        while choices:
            i = rng.choices(choices, weights=[room[j] for j in choices])[0]
            room[i] -= 1
            if _placeable(left, room, banned):
                out[i].append(c)
                break
            room[i] += 1
            choices.remove(i)
        else:  # cannot happen while the check above holds
            raise ValueError("the unseen cards cannot be placed")
    for got in out:
        shuffle(got, rng)
    return out


def _placeable(left: dict[str, int], room: list[int], banned: list[frozenset[str]]) -> bool:
    """Hall's condition: every set of suits fits in the room of the places that accept one of them."""
    suits = [s for s, k in left.items() if k > 0]
    for size in range(1, len(suits) + 1):
        for group in combinations(suits, size):
            need = sum(left[s] for s in group)
            fit = sum(r for r, b in zip(room, banned, strict=True) if any(s not in b for s in group))
            if need > fit:
                return False
    return sum(left.values()) == sum(room)
