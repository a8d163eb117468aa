"""Sampling a full Briscola state from one seat's observation (``Briscola.sample_state``), for search bots.

The sampled state is built on a fresh deal whose fields are overwritten from the observation: the seat's own
hand, the trick on the table, the completed tricks and the points, the stock's size, the indicator at its
bottom and its holder, table talk and views. Only the places the seat cannot see get random cards, drawn
uniformly from the cards it has not seen, with every fact the observation states respected:

* hand sizes, and the cards known to be in a hand: the indicator in its drawer's hand (``known_cards``), whole
  hands shown (``open_hands``: Scoperta, partners after the stock with ``show_partner_after_stock``), the
  Schembil rais's look at a partner (``views``: that partner still holds the cards of the snapshot he has not
  played) and a partner's signal (signals are truthful: the signalled trump is in his hand until he plays it);
* in Scoperta the face-up top of the stock (``stock_top``);
* Briscolone with ``must_follow_suit``: a player who did not follow the suit led held none of it *then*. Since
  the hands are refilled from the stock, a card of that suit may be in his hand now only if he drew it
  later. The opponent's sampled hand must admit such a history: each of his cards, played or held, is given
  a moment when he got it (the deal or one of his draws, each draw one card) so that every card was held
  before it was played and no card of a suit he failed to follow was held when he failed. Hands are drawn
  uniformly and rejected until one admits a history (an earliest-deadline-first check), which makes every
  admissible hand equally likely (not weighted by how many histories each admits: a small simplification).

Table talk is public information copied as it stands: the messages the seat heard, the questions and orders
already used in this trick, the Schembil floor and the rais who have looked. Answers to questions are not
used as constraints. The history of the sampled state is left empty: it is a position to play on, not a
record.
"""

from __future__ import annotations

import heapq
import random
from typing import Any

from ..cards import Card, card
from ..engine import END, PLAY, Trick
from ..shuffling import shuffle
from .briscola import Briscola, BriscolaState
from .briscola_talk import ORDERS, TALK, Message, Talk
from .hidden_deal import public_tricks

PHASES = {PLAY: PLAY, TALK: TALK, END: END}
ORDER_KEYS = {text: key for key, text in ORDERS.items()}
MAX_TRIES = 300  # Briscolone follow-suit: rejection tries before the constructive fallback


def sample_state(game: Briscola, observation: dict[str, Any], rng: random.Random) -> BriscolaState:
    """A playable state ``observation`` could come from, the unseen cards dealt at random (module docstring)."""
    obs = observation
    seat = obs["seat"]
    n = game.players
    state: BriscolaState = game.deal(seed=0, dealer=obs["dealer"])  # type: ignore[assignment]

    tricks = public_tricks(obs)
    trick_pairs = [(s, card(c)) for s, c in obs["trick"]]
    played = {c for t in tricks for c in t.cards} | {c for _, c in trick_pairs}
    sizes = list(obs["hand_sizes"])
    stock_size = obs["stock"]

    # Known cards in other hands.
    known: list[list[Card]] = [[] for _ in range(n)]
    for s, codes in (obs.get("known_cards") or {}).items():
        known[int(s)] = [card(c) for c in codes]
    for s, codes in (obs.get("open_hands") or {}).items():
        known[int(s)] = [card(c) for c in codes]  # the whole hand, in its order (which is shown too)
    for p, codes in (obs.get("views") or {}).items():
        for c in map(card, codes):
            if c not in played and c not in known[int(p)]:
                known[int(p)].append(c)
    trump = obs["trump"]
    for m in obs.get("messages") or []:
        if m["kind"] == "signal" and m["sender"] != seat:
            c = card(m["text"].split()[3] + trump)  # "I hold the <rank> of trumps"
            if c not in played and c not in known[m["sender"]]:
                known[m["sender"]].append(c)

    own = [card(c) for c in obs["hand"]]
    # The stock, kept top-last as in the engine: the indicator at the bottom, Scoperta's face-up top.
    stock: list[Card | None] = [None] * stock_size
    indicator = card(obs["indicator"]) if obs.get("indicator") else None
    if indicator is not None and stock_size:
        stock[0] = indicator
    top = obs.get("stock_top")
    if top and stock_size > 1:
        stock[-1] = card(top)

    seen = set(own) | played | {c for k in known for c in k} | {c for c in stock if c is not None}
    unseen = [c for c in game.deck if c not in seen]
    slots = sum(sizes[s] - len(known[s]) for s in range(n) if s != seat) + stock.count(None)
    if slots != len(unseen):
        raise ValueError(
            f"the observation is inconsistent: {len(unseen)} unseen cards for {slots} hidden places "
            "(is it an observation of this game?)"
        )

    others = [s for s in range(n) if s != seat]
    hands: list[list[Card]] = [[] for _ in range(n)]
    hands[seat] = own
    voids = _follow_voids(game, obs, seat) if game.restriction.__name__ == "follow" else {}
    if voids:
        hidden = _sample_with_voids(game, obs, seat, sizes, known, unseen, voids, rng)
    else:
        hidden = unseen[:]
        shuffle(hidden, rng)
    at = 0
    for s in others:
        need = sizes[s] - len(known[s])
        hands[s] = known[s] + hidden[at : at + need]
        at += need
    rest = iter(hidden[at:])
    state.stock = [c if c is not None else next(rest) for c in stock]

    _set_play(state, game, obs, hands, tricks, trick_pairs)
    _set_indicator(state, obs, seat, indicator, tricks)
    if game.has_extras:
        _set_talk(state, game, obs, seat, played)
    return state


def _set_play(
    state: BriscolaState,
    game: Briscola,
    obs: dict[str, Any],
    hands: list[list[Card]],
    tricks: list[Trick],
    trick_pairs: list[tuple[int, Card]],
) -> None:
    state.hands = hands
    state.trump = obs["trump"]
    state.tricks = tricks
    state.trick = [c for _, c in trick_pairs]
    state.leader = obs["leader"]
    state.won = list(obs["points"])
    state.current_player = obs["current_player"]
    state.phase = PHASES[obs["phase"]]
    state.claim = tuple(obs["claim"]) if obs.get("claim") else None  # type: ignore[assignment]
    state.history = []
    state._legal_cache = None
    # The seats of this trick, as the engine chose them when it began (hand sizes then: now + cards played).
    start = [len(h) for h in hands]
    for s, _ in trick_pairs:
        start[s] += 1
    leader = state.leader
    seats = game.rotations[leader]
    size = start[leader]
    if start[seats[-1]] != size or start[seats[1]] != size:
        seats = tuple(s for s in game.draw_order[leader] if start[s] == size) * game.laps
    state.trick_seats = seats


def _set_indicator(
    state: BriscolaState, obs: dict[str, Any], seat: int, indicator: Card | None, tricks: list[Trick]
) -> None:
    holder = obs.get("indicator_holder")
    state.indicator_holder = holder
    if indicator is not None or state.trump is None:
        state.indicator = indicator
        return
    # The stock is gone: the indicator is in its holder's hand (shown to the others) or was played. Which card
    # it was only matters for what the seat is shown, so a trump the holder played (or any trump) stands in.
    trump = obs["trump"]
    shown = (obs.get("known_cards") or {}).get(str(holder))
    if shown:
        state.indicator = card(shown[0])
        return
    candidates = [c for t in tricks for s, c in zip(t.seats, t.cards, strict=True) if s == holder and c.suit == trump]
    if holder == seat:
        candidates = [c for c in state.hands[seat] if c.suit == trump] + candidates
    candidates += [c for t in tricks for c in t.cards if c.suit == trump]
    state.indicator = candidates[0] if candidates else next(c for c in state.game.deck if c.suit == trump)


def _set_talk(state: BriscolaState, game: Briscola, obs: dict[str, Any], seat: int, played: set[Card]) -> None:
    """Copy the table talk the seat heard, and rebuild what the talk rules remember from it."""
    messages = [
        Message(m["trick"], m["sender"], tuple(m["to"]), tuple(m["recipients"]), m["kind"], m["text"])
        for m in obs.get("messages") or []
    ]
    state.messages = messages
    number = len(state.tricks) + 1
    signalled = frozenset((m.sender, m.text.split()[3]) for m in messages if m.kind == "signal")
    used: set[tuple[int, int, str]] = set()
    for m in messages:
        if m.trick != number:
            continue
        if m.kind == "question":
            used.add((m.sender, m.to[0], "ask " + m.text[:-1]))
        elif m.kind == "order":
            used.add((m.sender, m.to[0], "order " + ORDER_KEYS[m.text]))
    viewed = frozenset(m.sender for m in messages if m.kind == "view")
    floor: tuple[int, ...] = ()
    if state.phase is TALK:
        full = tuple(s for s in state.trick_seats if s in game.rais and s != state.leader)
        floor = full[full.index(state.current_player) :] if state.current_player in full else full
    state.talk = Talk(signalled, frozenset(used), floor, viewed)
    # Views: the seat's own snapshot as shown; another rais's snapshot is unknown, so his partner's sampled
    # hand plus what that partner has played since the look stands in for it.
    views: dict[int, tuple[int, tuple[Card, ...]]] = {}
    for p, codes in (obs.get("views") or {}).items():
        views[seat] = (int(p), tuple(map(card, codes)))
    for m in messages:
        if m.kind == "view" and m.sender != seat:
            partner = m.to[0]
            later = [
                c for t in state.tricks[m.trick - 1 :] for s, c in zip(t.seats, t.cards, strict=True) if s == partner
            ]
            later += [c for s, c in zip(state.trick_seats, state.trick, strict=False) if s == partner]
            views[m.sender] = (partner, tuple(state.hands[partner] + later))
    state.views = views


# --- Briscolone with the follow-suit rule --------------------------------------------------------------------
def _follow_voids(game: Briscola, obs: dict[str, Any], seat: int) -> dict[int, list[tuple[int, str]]]:
    """Per other seat, the (trick index, suit) of every trick in which it did not follow the suit led."""
    voids: dict[int, list[tuple[int, str]]] = {}
    tricks = [t["cards"] for t in obs["tricks"]]
    if obs["trick"]:
        tricks.append(obs["trick"])
    for i, cards in enumerate(tricks):
        led = card(cards[0][1]).suit
        for s, c in cards[1:]:
            if s != seat and card(c).suit != led:
                voids.setdefault(s, []).append((i, led))
    return voids


def _sample_with_voids(
    game: Briscola,
    obs: dict[str, Any],
    seat: int,
    sizes: list[int],
    known: list[list[Card]],
    unseen: list[Card],
    voids: dict[int, list[tuple[int, str]]],
    rng: random.Random,
) -> list[Card]:
    """The unseen cards in dealing order (other hands by seat, then the stock), each constrained hand
    admitting a history (module docstring). Two players only: Briscolone is a two-player game."""
    (other,) = [s for s in range(game.players) if s != seat]
    need = sizes[other] - len(known[other])
    check = _history_check(game, obs, other, voids[other])
    order = unseen[:]
    for _ in range(MAX_TRIES):
        shuffle(order, rng)
        if check(known[other] + order[:need]):
            return order
    # Rare: fill the hand with the least constrained cards first, so that some admissible hand is found.
    void_suits = {suit for _, suit in voids[other]}
    shuffle(order, rng)
    order.sort(key=lambda c: c.suit in void_suits)
    return order


def _history_check(game: Briscola, obs: dict[str, Any], who: int, voids: list[tuple[int, str]]) -> Any:
    """A test of whether ``who`` could hold a given hand now (Briscolone follow-suit, two players)."""
    tricks = [t["cards"] for t in obs["tricks"]] + ([obs["trick"]] if obs["trick"] else [])
    plays = [(i, card(c)) for i, cards in enumerate(tricks) for s, c in cards if s == who]
    # Moments a card can come in: 0 is the deal (hand_size cards), k >= 1 the draw after trick k - 1.
    first_stock = len(game.deck) - game.players * game.hand_size
    draws = [k + 1 for k in range(len(obs["tricks"])) if first_stock - game.players * k > 0]
    capacity = [game.hand_size] + [1] * len(draws)
    last = len(draws)

    def earliest(c: Card, used_at: int) -> int:
        # Held when it failed to follow its suit: only a card played before that trick; else got after it.
        return max((t + 1 for t, suit in voids if suit == c.suit and t < used_at), default=0)

    def admits(hand: list[Card]) -> bool:
        # Unit jobs (a card) with a release and a deadline moment, moments with capacities: earliest deadline
        # first finds an assignment whenever one exists.
        never = len(tricks) + 1
        jobs = [(earliest(c, i), min(i, last)) for i, c in plays] + [(earliest(c, never), last) for c in hand]
        jobs.sort()
        pending: list[int] = []
        j = 0
        for moment, cap in enumerate(capacity):
            while j < len(jobs) and jobs[j][0] <= moment:
                heapq.heappush(pending, jobs[j][1])
                j += 1
            for _ in range(min(cap, len(pending))):
                if heapq.heappop(pending) < moment:
                    return False
        return j == len(jobs) and not pending

    return admits
