"""The Briscola state sampler: a sampled state is one the observation could come from, for every variant."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trionfi
from briscola_support import COMBOS, play_random
from trionfi.cards import card
from trionfi.games import briscola_sample

IDS = [label for label, _ in COMBOS]
seeds = st.integers(min_value=0, max_value=2**32)


def _json(obj):
    return json.loads(json.dumps(obj))


def _position(options, seed, steps, talk=False):
    game = trionfi.load("briscola", **options)
    state = game.deal(seed=seed)
    rng = random.Random(seed + 1)
    play_random(state, rng, steps=steps, cards_only=not talk)
    return game, state


def unseen(game, obs):
    """Cards the observation does not show anywhere."""
    seen = set(obs["hand"])
    seen |= {c for t in obs["tricks"] for _, c in t["cards"]} | {c for _, c in obs["trick"]}
    for key in ("known_cards", "open_hands", "views"):
        seen |= {c for codes in (obs.get(key) or {}).values() for c in codes}
    if obs.get("stock"):
        seen |= {c for c in (obs.get("indicator"), obs.get("stock_top")) if c}
    return {str(c) for c in game.deck} - seen


def where(state):
    """Card -> ('hand', seat) or ('stock',) or ('played',) for every card of the sampled deal."""
    places = {}
    for s, h in enumerate(state.hands):
        for c in h:
            places[str(c)] = ("hand", s)
    for c in state.stock:
        places[str(c)] = ("stock",)
    for c in [*state.trick, *(c for t in state.tricks for c in t.cards)]:
        places[str(c)] = ("played",)
    return places


@pytest.mark.parametrize("options", [o for _, o in COMBOS], ids=IDS)
@settings(max_examples=8, deadline=None)
@given(seed=seeds, steps=st.integers(min_value=0, max_value=70), pick=seeds, talk=st.booleans())
def test_sampled_state_gives_back_the_observation(options, seed, steps, pick, talk):
    game, state = _position(options, seed, steps, talk)
    rng = random.Random(pick)
    for seat in range(game.players):
        obs = _json(state.observation(seat))
        sampled = game.sample_state(obs, rng)
        assert _json(sampled.observation(seat)) == obs
        # Every card is somewhere exactly once, and the hidden places hold only cards the seat cannot see.
        places = where(sampled)
        assert sorted(places) == sorted(str(c) for c in game.deck)
        hidden = unseen(game, obs)
        for c, place in places.items():
            if c in hidden:
                assert place != ("played",) and place != ("hand", seat)
        assert sum(1 for c, p in places.items() if c in hidden) == len(hidden)
        # The sampled state plays on like a real one.
        if seat == state.current_player:
            assert [str(a) for a in sampled.legal_actions()] == obs["legal_actions"]
            play_random(sampled, rng, cards_only=True)
            assert sampled.is_terminal()
            assert sum(sampled.points()) == sum(game.card_points.values())


@pytest.mark.parametrize(
    ("options", "steps"),
    [({"players": 2}, 4), ({"players": 3}, 3), ({"players": 4}, 5), ({"variant": "bosnian", "players": 5}, 7)],
)
def test_every_unseen_card_can_land_in_every_hidden_place(options, steps):
    game, state = _position(options, 11, steps)
    seat = state.current_player
    obs = _json(state.observation(seat))
    hidden = unseen(game, obs)
    rng = random.Random(5)
    landed: Counter[tuple[str, tuple]] = Counter()
    for _ in range(300):
        for c, place in where(game.sample_state(obs, rng)).items():
            if c in hidden:
                landed[c, place] += 1
    allowed = [("hand", s) for s in range(game.players) if s != seat] + [("stock",)]
    for c in hidden:
        for place in allowed:
            assert landed[c, place] > 0, (c, place)


def test_the_sampler_reads_nothing_but_the_observation():
    game, state = _position({"players": 4}, 3, 6)
    seat = state.current_player
    other = state.clone()
    # Swap two cards the seat cannot see (two opponents' hands): same observation, so the same samples.
    a, b = (seat + 1) % 4, (seat + 3) % 4
    other.hands[a][0], other.hands[b][0] = other.hands[b][0], other.hands[a][0]
    obs, obs2 = _json(state.observation(seat)), _json(other.observation(seat))
    assert obs == obs2
    first = game.sample_state(obs, random.Random(9))
    second = game.sample_state(obs2, random.Random(9))
    assert first.hands == second.hands and first.stock == second.stock


def test_the_indicator_stays_with_its_holder():
    game = trionfi.load("briscola")
    state = game.deal(seed=8)
    rng = random.Random(1)
    while state.stock:
        play_random(state, rng, steps=1)
    holder = state.indicator_holder
    seat = 1 - holder
    while state.current_player != seat:
        play_random(state, rng, steps=1)
    obs = _json(state.observation(seat))
    if obs["known_cards"]:
        for _ in range(20):
            sampled = game.sample_state(obs, rng)
            assert str(state.indicator) in map(str, sampled.hands[holder])
    # With the stock gone, the opponent holds exactly the unseen cards: every sample is the real position.
    sampled = game.sample_state(obs, rng)
    assert sorted(map(str, sampled.hands[holder])) == sorted(map(str, state.hands[holder]))


def test_scoperta_keeps_open_hands_and_the_stock_top():
    game, state = _position({"variant": "scoperta"}, 4, 6)
    seat = state.current_player
    obs = _json(state.observation(seat))
    for _ in range(20):
        sampled = game.sample_state(obs, random.Random(_))
        assert sampled.hands == state.hands
        assert sampled.stock[-1] == state.stock[-1] and sampled.stock[0] == state.stock[0]


def test_a_partners_signal_and_a_rais_view_place_cards():
    game = trionfi.load("briscola", players=4, communication="signals")
    for seed in range(40):
        state = game.deal(seed=seed)
        signal = next((a for a in state.legal_actions() if str(a).startswith("signal")), None)
        if signal is not None:
            break
    sender = state.current_player
    state.apply(signal)
    partner = (sender + 2) % 4
    signalled = card(str(signal).split()[1] + state.trump)
    obs = _json(state.observation(partner))
    for i in range(30):
        assert signalled in game.sample_state(obs, random.Random(i)).hands[sender]

    game = trionfi.load("briscola", variant="schembil", players=6)
    rng = random.Random(2)
    state = game.deal(seed=5)
    while not state.views:
        views = [a for a in state.legal_actions() if str(a).startswith("view")]
        cards = [a for a in state.legal_actions() if isinstance(a, trionfi.Card)]
        state.apply(views[0] if views else rng.choice(cards or ["done"]))
    (rais, (partner, _)) = next(iter(state.views.items()))
    obs = _json(state.observation(rais))
    for i in range(10):
        sampled = game.sample_state(obs, random.Random(i))
        assert sorted(sampled.hands[partner]) == sorted(state.hands[partner])
        assert _json(sampled.observation(rais)) == obs


# --- Briscolone with the follow-suit rule ------------------------------------------------------------------
def could_hold(game, obs, who, hand):
    """Brute force: is there an order of ``who``'s cards (dealt, then one drawn after each trick while the
    stock lasts) under which he held every card he played and never held the suit led when not following?"""
    tricks = [t["cards"] for t in obs["tricks"]]
    plays = {i: card(c) for i, cards in enumerate(tricks) for s, c in cards if s == who}
    fails = {
        i: card(cards[0][1]).suit
        for i, cards in enumerate(tricks)
        if cards[0][0] != who and card(cards[1][1]).suit != card(cards[0][1]).suit
    }
    pool = set(plays.values()) | set(hand)
    first_stock = len(game.deck) - 2 * game.hand_size

    def walk(i, held, rest):
        if i == len(tricks):
            return not rest and held == set(hand)
        c = plays[i]
        if c not in held or (i in fails and any(x.suit == fails[i] for x in held)):
            return False
        held = held - {c}
        if first_stock - 2 * i > 0:
            return any(walk(i + 1, held | {d}, rest - {d}) for d in rest)
        return walk(i + 1, held, rest)

    return any(walk(0, set(start), pool - set(start)) for start in itertools.combinations(sorted(pool), game.hand_size))


def test_briscolone_follow_voids_are_respected():
    game = trionfi.load("briscola", variant="briscolone", must_follow_suit=True)
    checked = 0
    for seed in range(60):
        state = game.deal(seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randint(4, 10)):
            play_random(state, rng, steps=1)
        while state.trick:
            play_random(state, rng, steps=1)
        seat = state.current_player
        other = 1 - seat
        obs = _json(state.observation(seat))
        voids = briscola_sample._follow_voids(game, obs, seat).get(other)
        if not voids:
            continue
        checked += 1
        admits = briscola_sample._history_check(game, obs, other, voids)
        assert admits(list(state.hands[other]))  # the real hand has a history
        if len(obs["tricks"]) <= 6:
            for i in range(5):
                hand = game.sample_state(obs, random.Random(i)).hands[other]
                assert could_hold(game, obs, other, hand)
    assert checked >= 10


def test_briscolone_follow_rules_out_a_suit_just_failed():
    game = trionfi.load("briscola", variant="briscolone", must_follow_suit=True)
    for seed in range(200):
        state = game.deal(seed=seed)
        rng = random.Random(seed)
        play_random(state, rng, steps=6)
        last = state.tricks[-1]
        follower = last.seats[1]
        if last.cards[1].suit != last.cards[0].suit and state.current_player != follower:
            break
    suit = last.cards[0].suit
    seat = 1 - follower
    obs = _json(state.observation(seat))
    voids = briscola_sample._follow_voids(game, obs, seat)[follower]
    admits = briscola_sample._history_check(game, obs, follower, voids)
    pool = [card(c) for c in unseen(game, obs)]
    suited = [c for c in pool if c.suit == suit]
    plain = [c for c in pool if c.suit not in {s for _, s in voids}]
    size = len(state.hands[follower])
    # One card of the suit may have been drawn after that trick; two may not.
    assert admits(suited[:1] + plain[: size - 1])
    assert not admits(suited[:2] + plain[: size - 2])
    for i in range(50):
        hand = game.sample_state(obs, random.Random(i)).hands[follower]
        assert sum(c.suit == suit for c in hand) <= 1
