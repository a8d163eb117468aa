"""Sampling a full Triomphe state from one seat's observation (``Triomphe.sample_state``), for search bots.

The sampled state is a fresh deal whose fields are overwritten from the observation: the seat's own hand, the
trick on the table and the completed tricks, the turn-up and the other cards turned from the stock, the
robbing (who robbed, what he took, how many cards he laid away), the concession, the match context. Only the
places the seat cannot see get cards, drawn at random from the cards it has not seen:

* the other hands (their sizes are public), a partner's hand excepted when ``partners_see_hands`` shows it;
* the robber's discards, unless the seat is the robber (they are laid away face down);
* the stock below the cards turned (never seen by anybody).

Every fact the observation states is respected:

* the cards the robber took and has not played are in his hand or among his discards (he may lay a robbed
  card away again), and so is the ace of trumps he robbed with (French rules, the turn-up not an ace);
* the Strasbourg dealer pays for a taken card with a card worth nothing, so his discards are 10-to-2 cards;
* play reveals voids. A follower who did not follow the (effective) suit led held none of it. French rules:
  one who then did not trump held no trump (or, with ``undertrump_when_cannot_overtrump=false`` and a trump
  already in the trick, none above it); one who trumped or discarded under a trump in the trick held no trump
  above it; with ``must_head_trick`` one who followed without heading the trick (when it may be headed) held
  no higher card of that suit. Strasbourg with ``must_trump``: not trumping when void means no trump. Cards
  only leave a hand during play (robbing comes first), so a void shown earlier still holds.

The history of the sampled state is left empty: it is a position to play on, not a record.
"""

from __future__ import annotations

import random
from typing import Any

from ..cards import FRENCH_52, Card, card
from ..engine import PLAY, Trick
from . import strasbourg as sb
from .hidden_deal import deal_hidden, public_tricks
from .triomphe import ACCEPT, CONCEDE, DISCARDS, NEXT, PASS, REFUSE, ROBS, Triomphe, TriompheState


def _game_for(game: Triomphe, obs: dict[str, Any]) -> Triomphe:
    """The game with the observation's options (a bot may hold the same rules under another object)."""
    if dict(game._given) == obs["options"]:
        return game
    return type(game)(**obs["options"])


def sample_state(game: Triomphe, observation: dict[str, Any], rng: random.Random) -> TriompheState:
    """A playable state ``observation`` could come from, the unseen cards dealt at random (module docstring)."""
    obs = observation
    game = _game_for(game, obs)
    seat = obs["seat"]
    n = game.players
    state: TriompheState = game.deal(seed=0, dealer=obs["dealer"])  # type: ignore[assignment]

    trump = obs["trump"]
    if game.strasbourg:
        suit_of: dict[Card, str] | None = game.tables.suit_of[trump]
        strength = game.tables.strength[trump]
        state._suit_of = suit_of
        state._strength = strength
        state._restriction = game.tables.restriction[trump]
    else:
        suit_of = None
        strength = game.strength
        state._suit_of = None
        state._strength = strength
        state._restriction = game.restriction
    state.trump = trump

    tricks = public_tricks(obs)
    trick = [card(c) for _, c in obs["trick"]]
    played: set[Card] = {c for t in tricks for c in t.cards} | set(trick)
    turned = [card(c) for c in obs["turned"]]
    taken = [card(c) for c in obs["taken"]]
    robber = obs["robber"]
    own_hand = [card(c) for c in obs["hand"]]
    sizes = list(obs["hand_sizes"])
    stock_size = len(FRENCH_52) - n * game.hand_size
    discard_count = obs["discard_count"]
    own_discards = [card(c) for c in obs["discards"]] if seat == robber else []

    open_hands = {int(s): [card(c) for c in codes] for s, codes in (obs.get("open_hands") or {}).items()}
    hands: list[list[Card] | None] = [None] * n
    hands[seat] = own_hand
    for s, cs in open_hands.items():
        hands[s] = cs[:]
    placed: set[Card] = set(own_hand) | set(own_discards)  # cards whose place the seat sees
    for cs in open_hands.values():
        placed.update(cs)
    seen = placed | played | set(turned)

    # The hidden places: other hands, the robber's discards, the stock below the turned cards.
    places: list[tuple[str, int]] = [("hand", s) for s in range(n) if hands[s] is None]
    place_sizes = [sizes[s] for _, s in places]
    hidden_discards = robber is not None and robber != seat and discard_count > 0
    if hidden_discards:
        places.append(("discards", robber))
        place_sizes.append(discard_count)
    rest = stock_size - len(turned)
    places.append(("stock", 0))
    place_sizes.append(rest)
    index = {p: i for i, p in enumerate(places)}

    unseen = [c for c in FRENCH_52 if c not in seen]
    # Robbed cards not played and not seen elsewhere are in the robber's hand or discards, beside the unseen.
    robbed = [c for c in taken if c not in played and c not in placed]
    pool = unseen + robbed
    in_pool = set(pool)
    allowed: dict[Card, int] = {}

    def restrict(c: Card, keep: int) -> None:
        allowed[c] = allowed.get(c, (1 << len(places)) - 1) & keep

    robber_places = 0
    if robber is not None and robber != seat:
        if ("hand", robber) in index:
            robber_places |= 1 << index[("hand", robber)]
        if hidden_discards:
            robber_places |= 1 << index[("discards", robber)]
        for c in robbed:
            restrict(c, robber_places)
        ace = card("A" + trump)
        if not game.strasbourg and turned[0].rank != "A" and ace in unseen:
            restrict(ace, robber_places)  # he robbed by holding the ace of trumps
    if hidden_discards:
        d = 1 << index[("discards", robber)]
        if game.strasbourg:
            for c in pool:
                if c not in sb.WORTHLESS:
                    restrict(c, ~d)
    for s, forbidden in _voids(game, obs, tricks, trick, trump, suit_of, strength).items():
        if ("hand", s) in index:
            bit = 1 << index[("hand", s)]
            for c in forbidden:
                if c in in_pool:
                    restrict(c, ~bit)
    dealt = deal_hidden(pool, place_sizes, allowed, rng)

    discards = own_discards[:]
    stock_rest: list[Card] = []
    for (kind, s), cs in zip(places, dealt, strict=True):
        if kind == "hand":
            hands[s] = cs
        elif kind == "discards":
            discards = cs
        else:
            stock_rest = cs
    state.hands = [h if h is not None else [] for h in hands]
    state.stock_cards = turned + stock_rest
    state.turned = len(turned)

    _set_play(state, game, obs, tricks, trick)
    _set_robbing(state, game, obs, seat, taken, discards, trump)
    _set_outcome(state, obs)
    state._legal_cache = None
    return state


def _set_play(
    state: TriompheState, game: Triomphe, obs: dict[str, Any], tricks: list[Trick], trick: list[Card]
) -> None:
    leader = obs["leader"]
    state.leader = leader
    state.trick_seats = game.rotations[leader]
    state.trick = trick[:]
    state.tricks = tricks
    won = [0] * len(game.sides)
    for t in tricks:
        won[game.side_of[t.winner]] += t.points
    state.won = won
    state.tricks_won = list(obs["tricks_won"])
    state.phase = obs["phase"]
    state.current_player = obs["current_player"]
    state.history = []


def _set_robbing(
    state: TriompheState,
    game: Triomphe,
    obs: dict[str, Any],
    seat: int,
    taken: list[Card],
    discards: list[Card],
    trump: str,
) -> None:
    robber = obs["robber"]
    up = state.stock_cards[0]
    state.robber = robber
    state.taken = taken[:]
    state.discards = discards[:]
    if not game.rob:
        state.rob_right, state.rob_queue = None, ()
    elif up.rank == "A":
        state.rob_right, state.rob_queue = state.dealer, (state.dealer,)
    elif game.strasbourg:
        state.rob_right, state.rob_queue = None, ()
    else:
        state.rob_queue = game.rotations[(state.dealer + 1) % game.players]
        if robber is not None:
            state.rob_right = robber
        else:
            ace = card("A" + trump)
            state.rob_right = next((s for s, h in enumerate(state.hands) if ace in h), None)
    # The public actions, the others' discards given the sampled cards in order.
    public = []
    hidden = iter(discards)
    passes = 0
    for s, text in obs["public_actions"]:
        words = text.split()
        kind = words[0]
        if kind == "discard":  # the robber's own discards name their card; the others' are hidden
            c = card(words[1]) if len(words) > 1 else next(hidden)
            public.append((s, DISCARDS[c]))
        elif kind == "rob":
            public.append((s, ROBS[card(words[1])]))
        elif kind == "pass":
            if robber is None or not any(a.kind == "rob" for _, a in public):
                passes += 1
            public.append((s, PASS))
        elif kind == "concede":
            public.append((s, CONCEDE))
        elif kind == "accept":
            public.append((s, ACCEPT))
        elif kind == "refuse":
            public.append((s, REFUSE))
        elif kind == "next":
            public.append((s, NEXT[int(words[-1])]))
    state.public = public
    state.rob_pos = passes


def _set_outcome(state: TriompheState, obs: dict[str, Any]) -> None:
    state.offer = obs["offer"]
    answer = obs["offer_answer"]
    state.offer_answer = {None: None, "accept": ACCEPT, "refuse": REFUSE}[answer]
    rv = obs["revoke"]
    state.revoke = (rv[0], card(rv[1])) if rv is not None else None
    state.next_choice = obs["next_dealer"]
    state.done = obs["phase"] not in (PLAY, "rob", "discard", "concession")
    if obs["game_score"] is not None:
        before = [g - s for g, s in zip(obs["game_score"], obs["score"], strict=True)]
        state.context = (before, obs["target"])
    else:
        state.context = None


def _voids(
    game: Triomphe,
    obs: dict[str, Any],
    tricks: list[Trick],
    trick: list[Card],
    trump: str,
    suit_of: dict[Card, str] | None,
    strength: dict[Card, int],
) -> dict[int, set[Card]]:
    """Seat -> the cards play has shown it cannot hold (module docstring)."""

    def eff(c: Card) -> str:
        return suit_of[c] if suit_of is not None else c.suit

    by_suit: dict[str, list[Card]] = {}
    for c in FRENCH_52:
        by_suit.setdefault(eff(c), []).append(c)
    o = game.options
    undertrump = o["undertrump_when_cannot_overtrump"]
    head = o["must_head_trick"]
    must_trump = o["must_trump"]
    revoke = obs["revoke"]
    out: dict[int, set[Card]] = {}

    def above(suit: str, top: int) -> list[Card]:
        return [c for c in by_suit.get(suit, []) if strength[c] > top]

    seqs = [list(zip(t.seats, t.cards, strict=True)) for t in tricks]
    seqs.append([(s, card(c)) for s, c in obs["trick"]])
    for seq in seqs:
        for i in range(1, len(seq)):
            s, c = seq[i]
            if revoke is not None and revoke[0] == s and str(c) == revoke[1]:
                continue  # an unlawful card shows nothing
            prior = [x for _, x in seq[:i]]
            led = eff(prior[0])
            bad = out.setdefault(s, set())
            trumps_in = [strength[x] for x in prior if eff(x) == trump]
            if eff(c) != led:
                bad.update(by_suit.get(led, []))
                if game.strasbourg:
                    if must_trump and eff(c) != trump:
                        bad.update(by_suit.get(trump, []))
                    continue
                if eff(c) != trump:
                    if not trumps_in or undertrump:
                        bad.update(by_suit.get(trump, []))
                    else:
                        bad.update(above(trump, max(trumps_in)))
                elif trumps_in and strength[c] < max(trumps_in):
                    bad.update(above(trump, max(trumps_in)))
            elif head and not game.strasbourg and (led == trump or not trumps_in):
                top = max(strength[x] for x in prior if eff(x) == led)
                if strength[c] < top:
                    bad.update(above(led, top))
    return out
