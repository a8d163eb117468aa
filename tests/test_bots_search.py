"""The exact solver and the search bots: exact values agree with brute force, bots choose only legal actions,
a seeded search is reproducible."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trionfi
from briscola_support import play_random
from trionfi.agents import AGENTS, make_agent
from trionfi.agents.briscola2 import briscola2
from trionfi.agents.search import SearchAgent
from trionfi.agents.solver import Solver, SolverAgent, determined_state
from trionfi.cards import Card

seeds = st.integers(min_value=0, max_value=2**32)


def _json(obj):
    return json.loads(json.dumps(obj))


def minimax(state):
    """Brute force: side 0's final point margin under best play, every card tried (no pruning, no table)."""
    if state.is_terminal():
        points = state.points()
        return points[0] - points[1]
    side = state.game.side_of[state.current_player]
    values = []
    for a in state.legal_actions():
        if not isinstance(a, Card):
            continue
        child = state.clone()
        child.apply(a)
        values.append(minimax(child))
    return max(values) if side == 0 else min(values)


def win_minimax(state, target):
    """Brute force for Briscola a 31: side 0's return when a side claims as soon as it may rightly."""
    if state.is_terminal():
        return state.returns()[0]
    seat = state.current_player
    side = state.game.side_of[seat]
    if state.won[side] >= target:
        return 1 if side == 0 else -1
    values = []
    for a in state.legal_actions():
        if isinstance(a, Card):
            child = state.clone()
            child.apply(a)
            values.append(win_minimax(child, target))
    return max(values) if side == 0 else min(values)


def _end_position(game, seed, stock, extra_plays):
    state = game.deal(seed=seed)
    rng = random.Random(seed)
    while len(state.stock) > stock:
        play_random(state, rng, steps=1, cards_only=True)
    play_random(state, rng, steps=extra_plays, cards_only=True)
    return state


@pytest.mark.parametrize(
    "options", [{}, {"variant": "briscolone", "must_follow_suit": True}, {"deck": "french"}, {"variant": "bosnian"}]
)
@pytest.mark.parametrize(("stock", "extra"), [(0, 0), (0, 1), (0, 2), (0, 3), (2, 0), (2, 1)])
def test_solver_agrees_with_brute_force(options, stock, extra):
    game = trionfi.load("briscola", **options)
    fast = briscola2(game)
    for seed in range(4):
        state = _end_position(game, seed, stock, extra)
        truth = minimax(state)
        now = state.points()[0] - state.points()[1]
        value, best = Solver().solve(state)
        assert now + value == truth
        # The move it names reaches that value.
        child = state.clone()
        child.apply(best)
        assert minimax(child) == truth
        # The fast two-player path agrees.
        hands, stock_cards, leader, led, _, _, trump = fast.position(state)
        assert now + fast.solve(hands, stock_cards, leader, led, trump, {}) == truth


def test_solver_on_trijumf_and_briscola_a31():
    game = trionfi.load("trijumf", players=2, cut_option="knock")
    for seed in range(3):
        state = game.deal(seed=seed)
        rng = random.Random(seed)
        while state.stock or len(state.hands[state.current_player]) > 3:
            state.apply(rng.choice([a for a in state.legal_actions() if isinstance(a, Card)]))
        value, _ = Solver().solve(state)
        points = state.points()
        assert points[0] - points[1] + value == minimax(state)
    game = trionfi.load("briscola", variant="a31", claim_target=21)
    for seed in range(6):
        state = _end_position(game, seed, 0, seed % 3)
        if state.is_terminal():
            continue
        value, _ = Solver("returns").solve(state)
        assert value == win_minimax(state, 21)


def test_solver_agent_plays_the_exact_move_once_the_stock_is_gone():
    game = trionfi.load("briscola")
    for seed in range(6):
        state = _end_position(game, seed, 0, seed % 2)
        seat = state.current_player
        obs = _json(state.observation(seat))
        assert determined_state(game, obs, random.Random(0)) is not None
        agent = SolverAgent(game=game, seed=1)
        choice = agent.choose(obs)
        child = state.clone()
        child.apply(choice)
        best = minimax(state)
        assert minimax(child) == best
    # With a stock there is no single position: the solver defers to the search.
    state = game.deal(seed=1)
    assert determined_state(game, _json(state.observation(0)), random.Random(0)) is None


GAMES = [
    ("briscola", {}),
    ("briscola", {"players": 4, "communication": "signals"}),
    ("briscola", {"players": 3}),
    ("briscola", {"variant": "a31"}),
    ("briscola", {"variant": "scoperta"}),
    ("briscola", {"variant": "briscolone", "must_follow_suit": True}),
    ("briscola", {"variant": "double", "players": 2}),
    ("briscola", {"variant": "schembil", "players": 6}),
    ("briscola", {"variant": "bosnian", "players": 5}),
    ("trijumf", {"players": 2}),
    ("trijumf", {"players": 4}),
    ("briscola-chiamata", {}),
    ("triomphe", {}),
    ("trionfetti", {}),
    ("troccas", {}),
]


def _random_position(name, options, seed, steps):
    game = trionfi.load(name, **options)
    state = game.deal(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        legal = [a for a in state.legal_actions() if str(a) != "claim"] or state.legal_actions()
        state.apply(rng.choice(legal))
    return game, state


@pytest.mark.parametrize(("name", "options"), GAMES, ids=[f"{n}-{o}" for n, o in GAMES])
@settings(max_examples=4, deadline=None)
@given(seed=seeds, steps=st.integers(min_value=0, max_value=60))
def test_search_and_solver_choose_legal_actions(name, options, seed, steps):
    game, state = _random_position(name, options, seed, steps)
    if state.is_terminal():
        return
    seat = state.current_player
    obs = _json(state.observation(seat))
    for agent in (
        SearchAgent(game=game, seed=seed, samples=2),
        SolverAgent(game=game, seed=seed, samples=2),
    ):
        assert agent.choose(obs) in obs["legal_actions"]


def test_a_seeded_search_is_reproducible():
    game = trionfi.load("briscola")
    state = game.deal(seed=12)
    play_random(state, random.Random(3), steps=9)
    obs = _json(state.observation(state.current_player))
    # Long budgets: the safety cap (0.9 of the budget) must not cut the worlds short on a loaded machine.
    first = SearchAgent(game=game, seed=7, samples=40, budget=30)
    second = SearchAgent(game=game, seed=7, samples=40, budget=30)
    choice = first.choose(obs)
    assert choice == second.choose(obs)
    assert first.last_stats["scores"] == second.last_stats["scores"]
    # Budget-independent: another time budget does not change a fixed sample count.
    third = SearchAgent(game=game, seed=7, budget=10, samples=40)
    assert third.choose(obs) == choice
    assert third.last_stats["worlds"] == first.last_stats["worlds"]
    # The hard level is a seeded search too.
    hard = [make_agent("hard", seed=3, game=game, budget=30) for _ in range(2)]
    assert hard[0].choose(obs) == hard[1].choose(obs)


def test_search_claims_only_when_right_and_falls_back_without_a_sampler(monkeypatch):
    game = trionfi.load("briscola", variant="a31")
    state = game.deal(seed=2)
    rng = random.Random(1)
    while not state.is_terminal():
        seat = state.current_player
        obs = _json(state.observation(seat))
        choice = SearchAgent(game=game, seed=1, samples=3).choose(obs)
        right = state.won[game.side_of[seat]] >= 31
        assert (choice == "claim") == right
        state.apply(choice if choice == "claim" else rng.choice([a for a in obs["legal_actions"] if a != "claim"]))
    assert state.claim is not None and state.claim[1]

    def no_sampler(observation, rng):
        raise NotImplementedError

    game = trionfi.load("briscola")
    monkeypatch.setattr(game, "sample_state", no_sampler)
    obs = _json(game.deal(seed=3).observation(0))
    assert SearchAgent(game=game, seed=1, samples=5).choose(obs) in obs["legal_actions"]


def test_agents_are_registered():
    assert AGENTS["search"] is SearchAgent and AGENTS["solver"] is SolverAgent
    game = trionfi.load("briscola")
    assert isinstance(make_agent("search", seed=1, game=game, budget=0.05), SearchAgent)


def test_search_leaves_chiamata_bids_and_call_to_the_heuristic():
    # Its playouts would bid at random: it used to pass every hand and lose to the heuristic bot.
    game = trionfi.load("briscola-chiamata")
    bids = []
    for seed in range(4):
        state = game.deal(seed=seed)
        search = SearchAgent(game=game, seed=1, samples=20, budget=30)
        heuristic = make_agent("heuristic", seed=1, game=game)
        while state.phase in ("auction", "call"):
            obs = _json(state.observation(state.current_player))
            choice = search.choose(obs)
            assert choice == heuristic.choose(obs)
            bids.append(choice)
            state.apply(choice)
    assert any(b.startswith("bid") for b in bids) and any(b.startswith("call") for b in bids)
