"""The hard level in Triomphe and Trijumf: two-player Trijumf's exact endgames on bit masks (the same values as
the engine's generic solver, and the hard level plays them once the stock is gone), French Triomphe's worlds
weighed by the opponents' decisions read as the rule of thumb, and its deals scored by what wins them."""

from __future__ import annotations

import random
from typing import Any

import trionfi
from trionfi.agents import make_agent
from trionfi.agents.playout_rules import TRIOMPHE_SCORING
from trionfi.agents.search import SearchAgent
from trionfi.agents.solver import Solver, determined_state
from trionfi.agents.trijumf2 import trijumf2
from trionfi.agents.triomphe_reading import MISS, world_weight
from trionfi.cards import Card, card


def _play(state: Any, until: Any, bots: list[Any] | None = None, seed: int = 0) -> Any:
    """Play ``state`` with medium bots (or ``bots``) until ``until(state)`` holds or the deal ends."""
    bots = bots or [make_agent("medium", seed=seed + s, game=state.game) for s in range(state.game.players)]
    while not state.is_terminal() and not until(state):
        state.apply(bots[state.current_player].choose(state.observation(state.current_player)))
    return state


def _random_play(state: Any, until: Any, rng: random.Random) -> Any:
    while not state.is_terminal() and not until(state):
        legal = state._legal()
        state.apply(rng.choice([a for a in legal if isinstance(a, Card)] or legal))
    return state


def _generic_values(state: Any) -> dict[Any, float]:
    return {a: v for a, v in Solver("points").values(state).items() if isinstance(a, Card)}


# --- Trijumf -----------------------------------------------------------------------------------------------
TRIJUMF2 = trionfi.load("trijumf", players=2, cut_option="cut")


def test_trijumf_bit_mask_values_match_the_generic_solver_after_the_stock() -> None:
    fast = trijumf2(TRIJUMF2)
    assert fast is not None
    for seed in range(6):
        rng = random.Random(seed)
        cards_left = rng.choice((6, 8))  # in the hands, both together
        state = _random_play(TRIJUMF2.deal(seed=seed), lambda s, n=cards_left: sum(map(len, s.hands)) <= n, rng)
        if seed % 2:
            state.apply(rng.choice([a for a in state._legal() if isinstance(a, Card)]))  # a card on the table
        assert not state.stock
        assert fast.values(state) == _generic_values(state)


def test_trijumf_bit_mask_values_match_the_generic_solver_with_a_stock() -> None:
    # Small hands over a stock of two (the turned-up card and one above it): the drawing, winner first.
    fast = trijumf2(TRIJUMF2)
    assert fast is not None
    for seed in range(4):
        state = TRIJUMF2.deal(seed=100 + seed)
        state.hands = [state.hands[0][:3], state.hands[1][:3]]
        state.stock = state.stock[:2]
        state._legal_cache = None
        assert fast.values(state) == _generic_values(state)


def test_hard_plays_trijumf_exactly_once_the_stock_is_gone() -> None:
    fast = trijumf2(TRIJUMF2)
    assert fast is not None
    hard = make_agent("hard", seed=3, game=TRIJUMF2)
    checked = 0
    for seed in range(4):
        state = _play(TRIJUMF2.deal(seed=seed), lambda s: not s.stock and len(s.hands[s.current_player]) == 8)
        if state.is_terminal():
            continue
        values = fast.values(state)
        sign = 1 if state.current_player == 0 else -1
        best = max(sign * v for v in values.values())
        chosen = card(hard.choose(state.observation(state.current_player)))
        assert sign * values[chosen] == best
        checked += 1
    assert checked >= 3


def test_trijumf2_is_only_for_two_player_trijumf() -> None:
    assert trijumf2(trionfi.load("trijumf", players=4)) is None
    assert trijumf2(trionfi.load("briscola")) is None


# --- Triomphe ----------------------------------------------------------------------------------------------
TRIOMPHE = trionfi.load("triomphe")


def test_the_true_deal_of_medium_players_explains_every_decision() -> None:
    # Every player is the rule of thumb: the real deal is a world the reading weighs fully, whoever looks.
    read = 0
    for seed in range(8):
        state = _play(TRIOMPHE.deal(seed=seed), lambda s, k=seed % 3 + 1: len(s.tricks) == k, seed=seed)
        if state.is_terminal():
            continue
        for seat in range(4):
            weigh = world_weight(state.observation(seat))
            if weigh is not None:
                assert weigh(state) == 1.0
                read += 1
    assert read >= 20


def test_the_order_of_a_hand_does_not_change_a_worlds_weight() -> None:
    # The rule of thumb breaks ties (two masters, two low cards) by its hand's order, which a world does not
    # know: the true deal with every hand shuffled still explains every decision.
    read = 0
    for seed in range(40):
        state = _play(TRIOMPHE.deal(seed=seed), lambda s: len(s.tricks) == 4, seed=seed)
        if state.is_terminal():
            continue
        rng = random.Random(seed)
        for seat in range(4):
            weigh = world_weight(state.observation(seat))
            if weigh is None:
                continue
            for _ in range(5):
                world = state.clone()
                for hand in world.hands:
                    rng.shuffle(hand)
                assert weigh(world) == 1.0
                read += 1
    assert read >= 40


def test_worlds_that_contradict_an_opponents_play_weigh_less() -> None:
    lighter = 0
    for seed in range(6):
        state = _play(TRIOMPHE.deal(seed=seed), lambda s: len(s.tricks) == 2, seed=seed)
        if state.is_terminal():
            continue
        obs = state.observation(0)
        weigh = world_weight(obs)
        assert weigh is not None
        rng = random.Random(seed)
        weights = [weigh(TRIOMPHE.sample_state(obs, rng)) for _ in range(40)]
        assert all(w in (1.0,) or w <= MISS + 1e-12 for w in weights)
        lighter += sum(w < 1.0 for w in weights)
    assert lighter > 0


def test_an_opponent_who_passed_the_robbing_does_not_hold_the_ace() -> None:
    for seed in range(40):
        state = _play(TRIOMPHE.deal(seed=seed), lambda s: s.phase == "play")
        ace = card("A" + state.trump)
        if state.robber is not None or state.stock_cards[0] == ace or any(ace in h for h in state.hands):
            continue
        obs = state.observation(0)  # nobody robbed: the ace lies in the stock, and seats 1 and 3 passed
        weigh = world_weight(obs)
        assert weigh is not None
        world = TRIOMPHE.sample_state(obs, random.Random(seed))
        assert world.stock_cards.count(ace) + sum(h.count(ace) for h in world.hands) == 1
        if ace in world.stock_cards:
            k = world.stock_cards.index(ace)
            stock = list(world.stock_cards)
            stock[k], world.hands[1][0] = world.hands[1][0], ace  # the ace moved to an opponent who passed
            world.stock_cards = stock
        else:
            assert ace in world.hands[1] + world.hands[2] + world.hands[3]
        assert weigh(world) <= MISS
        return
    raise AssertionError("no deal where nobody robbed")


def test_the_search_scores_a_triomphe_deal_by_the_win_first() -> None:
    agent = make_agent("hard", seed=1, game=TRIOMPHE)
    assert isinstance(agent, SearchAgent)
    margin, vole = TRIOMPHE_SCORING
    seen = set()
    for seed in range(200):
        state = _random_play(TRIOMPHE.deal(seed=seed), lambda s: False, random.Random(seed))
        agent._pack = 13.0
        agent._margin, agent._vole = margin, vole
        tricks = state.tricks_won
        for seat in (0, 1):
            ours, theirs = tricks[seat % 2], tricks[1 - seat % 2]
            win = 1 if ours >= 3 else -1
            extra = vole if max(ours, theirs) == 5 else 0.0
            expected = win * (1 + extra) + margin * (ours - theirs) / 13
            assert abs(agent._score(state, seat) - expected) < 1e-9
            seen.add(max(ours, theirs))
    assert 5 in seen and 3 in seen


def _brute_tricks(state: Any) -> int:
    """Side 0's final trick margin under best play, every card tried (no pruning, no table)."""
    if state.is_terminal():
        return state.tricks_won[0] - state.tricks_won[1]
    side = state.game.side_of[state.current_player]
    values = []
    for c in state._legal():
        child = state.clone()
        child.apply(c)
        values.append(_brute_tricks(child))
    return max(values) if side == 0 else min(values)


def _endgames(cards: int, seeds: range) -> list[Any]:
    """French Triomphe positions of the card play with ``cards`` cards or fewer in the hands, some mid-trick."""
    found = []
    for seed in seeds:
        rng = random.Random(seed)
        state = _random_play(TRIOMPHE.deal(seed=seed), lambda s: s.phase == "play", rng)
        state = _random_play(state, lambda s, k=cards - seed % 3: sum(map(len, s.hands)) <= k, rng)
        if not state.is_terminal():
            found.append(state)
    return found


def test_the_solver_plays_a_triomphe_endgame_exactly() -> None:
    # The generic solver's table covers French Triomphe now: its values are brute force's, whoever is to play.
    for state in _endgames(9, range(12)):
        now = state.tricks_won[0] - state.tricks_won[1]
        value, best = Solver("points").solve(state)
        assert now + value == _brute_tricks(state)
        child = state.clone()
        child.apply(best)
        assert child.tricks_won[0] - child.tricks_won[1] + Solver("points").solve(child)[0] == now + value


def test_an_exact_triomphe_score_is_the_score_of_the_deal_it_foresees() -> None:
    # The search scores a solved world by its margin; played out along the solver's line, the finished deal
    # scores the same, a vole's extra point included (counted as the search counts it).
    agent = make_agent("hard", seed=1, game=TRIOMPHE)
    agent._pack, (agent._margin, agent._vole) = 13.0, TRIOMPHE_SCORING
    voles = 0
    for state in _endgames(12, range(40)):
        solver = Solver("points")
        value, _ = solver.solve(state)
        end = state.clone()
        while not end.is_terminal():
            end.apply(solver.solve(end)[1])
        voles += max(end.tricks_won) == 5
        for seat in range(4):
            assert abs(agent._score_exact(state, seat, value) - agent._score(end, seat)) < 1e-9
    assert voles >= 3


def test_the_hard_level_solves_the_last_tricks_of_triomphe() -> None:
    agent = make_agent("hard", seed=3, game=TRIOMPHE)
    solved = 0
    for state in _endgames(10, range(20)):
        seat = state.current_player
        if len(state._legal()) < 2:
            continue
        obs = state.observation(seat)
        assert determined_state(TRIOMPHE, obs, random.Random(0)) is None  # the stock is never seen
        assert agent.choose(obs) in {str(c) for c in state._legal()}
        solved += agent.last_stats["exact"]
    assert solved >= 5
