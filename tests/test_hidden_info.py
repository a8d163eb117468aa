"""observation(seat) shows what that seat may know and nothing more (DESIGN.md: hidden information)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trionfi
from briscola_support import COMBOS, play_random

IDS = [label for label, _ in COMBOS]
seeds = st.integers(min_value=0, max_value=2**63 - 1)


def _position(options, seed, play, steps):
    game = trionfi.load("briscola", **options)
    state = game.deal(seed=seed)
    play_random(state, random.Random(play), steps=steps, cards_only=True)
    return game, state


def hidden_places(state, seat):
    """Places (('hand', s, i) or ('stock', j)) holding a card that ``seat`` cannot see."""
    game = state.game
    places = []
    partners_open = game.options["show_partner_after_stock"] and not state.stock
    for s in range(game.players):
        if s == seat or game.open_hands or (partners_open and game.side_of[s] == game.side_of[seat]):
            continue
        for i, c in enumerate(state.hands[s]):
            if state.indicator_holder == s and c == state.indicator:
                continue  # everybody saw the indicator go into that hand
            places.append(("hand", s, i))
    stock = state.stock
    for j in range(len(stock)):
        if state.indicator is not None and j == 0:
            continue  # the face-up indicator at the bottom
        if game.open_hands and j == len(stock) - 1:
            continue  # scoperta: the top card is face up
        places.append(("stock", j))
    return places


def _get(state, place):
    return state.hands[place[1]][place[2]] if place[0] == "hand" else state.stock[place[1]]


def _set(state, place, c):
    if place[0] == "hand":
        state.hands[place[1]][place[2]] = c
    else:
        state.stock[place[1]] = c


def public_cards(state, seat):
    """Cards of other hands that ``seat`` may see."""
    seen = set()
    h = state.indicator_holder
    if h is not None and h != seat and state.indicator in state.hands[h]:
        seen.add(str(state.indicator))
    game = state.game
    if game.open_hands:
        for s in range(game.players):
            seen.update(str(c) for c in state.hands[s])
    view = state.views.get(seat)
    if view is not None:  # schembil: the rais looked at a partner's hand
        seen.update(str(c) for c in view[1])
    if game.options["show_partner_after_stock"] and not state.stock:
        for s in game.sides[game.side_of[seat]]:
            seen.update(str(c) for c in state.hands[s])
    return seen


@pytest.mark.parametrize("options", [o for _, o in COMBOS], ids=IDS)
@settings(max_examples=15, deadline=None)
@given(seed=seeds, play=seeds, steps=st.integers(min_value=0, max_value=60), pick=seeds)
def test_swapping_unseen_cards_leaves_the_observation_unchanged(options, seed, play, steps, pick):
    game, state = _position(options, seed, play, steps)
    rng = random.Random(pick)
    for seat in range(game.players):
        places = hidden_places(state, seat)
        if len(places) < 2:
            continue
        view = json.dumps(state.observation(seat), sort_keys=True)
        for _ in range(3):
            a, b = rng.sample(places, 2)
            other = state.clone()
            ca, cb = _get(other, a), _get(other, b)
            _set(other, a, cb)
            _set(other, b, ca)
            other._legal_cache = None
            assert json.dumps(other.observation(seat), sort_keys=True) == view, (seat, a, b)


@pytest.mark.parametrize("options", [o for _, o in COMBOS], ids=IDS)
@settings(max_examples=15, deadline=None)
@given(seed=seeds, play=seeds, steps=st.integers(min_value=0, max_value=80))
def test_no_hidden_card_in_the_observation_json(options, seed, play, steps):
    game, state = _position(options, seed, play, steps)
    for seat in range(game.players):
        text = json.dumps(state.observation(seat))
        visible = public_cards(state, seat)
        for place in hidden_places(state, seat):
            c = str(_get(state, place))
            if c in visible:
                continue
            assert f'"{c}"' not in text, f"seat {seat} sees {c} at {place}"


@pytest.mark.parametrize("options", [o for _, o in COMBOS], ids=IDS)
@settings(max_examples=10, deadline=None)
@given(seed=seeds, play=seeds, steps=st.integers(min_value=0, max_value=80))
def test_legal_actions_only_for_the_seat_to_act(options, seed, play, steps):
    game, state = _position(options, seed, play, steps)
    for seat in range(game.players):
        obs = state.observation(seat)
        assert obs["hand"] == [str(c) for c in state.hand(seat)]
        assert obs["hand_sizes"] == [len(state.hand(s)) for s in range(game.players)]
        if seat == state.current_player:
            assert obs["legal_actions"] == [str(a) for a in state.legal_actions()]
            assert obs["legal_actions"]
        else:
            assert obs["legal_actions"] == []


def test_observation_of_a_fresh_two_player_deal():
    game = trionfi.load("briscola", players=2)
    deck = [str(c) for c in game.deck]
    state = game.deal(deck=deck, seed=1)
    obs = state.observation(1)
    assert obs["hand"] == deck[1:6:2]
    assert obs["indicator"] == deck[6]
    assert obs["stock"] == 34
    assert obs["open_hands"] == {} and obs["known_cards"] == {}
    assert "stock_top" not in obs
    text = json.dumps(obs)
    for c in deck[0:6:2] + deck[7:]:
        assert f'"{c}"' not in text
    assert "seed" not in obs and "actions" not in obs
    assert not isinstance(obs.get("deck"), list)  # at most the pack's name, never the stacked order


def test_indicator_holder_is_known_to_the_others():
    game = trionfi.load("briscola", players=2)
    deck = [str(c) for c in game.deck]
    state = game.deal(deck=deck, seed=1)
    rng = random.Random(3)
    while state.stock:
        play_random(state, rng, steps=1)
    holder = state.indicator_holder
    assert deck[6] in state.hand(holder)
    assert state.observation(1 - holder)["known_cards"] == {str(holder): [deck[6]]}
    assert state.observation(holder)["known_cards"] == {}
    assert state.observation(1 - holder)["indicator"] is None
    # Once played, it is no longer "known in hand".
    while deck[6] in state.hand(holder):
        play_random(state, rng, steps=1)
    assert state.observation(1 - holder)["known_cards"] == {}


def test_scoperta_shows_hands_and_the_top_of_the_stock():
    game = trionfi.load("briscola", variant="scoperta")
    deck = [str(c) for c in game.deck]
    state = game.deal(deck=deck, seed=1)
    obs = state.observation(0)
    assert obs["open_hands"] == {"1": deck[1:6:2]}
    assert obs["stock_top"] == deck[7]
    assert obs["indicator"] == deck[6]
    text = json.dumps(obs)
    for c in deck[8:]:
        assert f'"{c}"' not in text
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])
    assert state.observation(1)["stock_top"] == deck[9]


def test_match_observation_hides_the_other_hand():
    match = trionfi.load("briscola", variant="briscolone").match(seed=4)
    other = [str(c) for c in match.hand(1)]
    text = json.dumps(match.observation(0))
    for c in other:
        assert f'"{c}"' not in text
    assert match.observation(0)["match"]["deal"] == 1
