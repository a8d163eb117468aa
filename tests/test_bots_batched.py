"""The batched search agent of 2-player Briscola (trionfi.agents.batched) and its vectorised world sampler."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

import trionfi
from test_batch import CASES
from trionfi.agents import make_agent
from trionfi.agents.batched import BatchedSearchAgent
from trionfi.agents.batched_worlds import BatchWorlds
from trionfi.agents.briscola2 import briscola2
from trionfi.batch import BatchBriscola
from trionfi.batch.tables import CardTables
from trionfi.cards import card

OPTION_SETS = CASES  # every option set the batched core plays (its own tests' list)
UNIFORM_SETS = [o for o in CASES if not o.get("must_follow_suit")]  # where the worlds are uniform deals


def small_agent(game: trionfi.Game, seed: int, **settings: object) -> BatchedSearchAgent:
    settings.setdefault("worlds", 64)
    settings.setdefault("hard_samples", 30)  # the endgames and follow-suit Briscolone: the hard level, kept quick
    return BatchedSearchAgent(game=game, seed=seed, **settings)  # type: ignore[arg-type]


def play(game: trionfi.Game, seed: int, agent: BatchedSearchAgent, searched: list[bool] | None = None) -> list[str]:
    """A deal of the agent (seat 0) against the medium bot; the agent's choices (and in ``searched``, whether
    each was searched in the batch rather than handed to the hard level)."""
    state = game.deal(seed=seed)
    other = make_agent("medium", seed=seed, game=game)
    chosen = []
    while state.current_player is not None:
        p = state.current_player
        observation = state.observation(p)
        action = (agent if p == 0 else other).choose(observation)
        if p == 0:
            assert action in observation["legal_actions"]
            chosen.append(action)
            if searched is not None and len(observation["legal_actions"]) > 1:
                searched.append("worlds" in agent.last_stats)
        state.apply(action, seat=p)  # raises on an illegal card
    return chosen


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "std")
def test_plays_only_legal_cards(options: dict) -> None:
    game = trionfi.load("briscola", **options)
    agent = small_agent(game, 3)
    searched: list[bool] = []
    for seed in (1, 2):
        play(game, seed, agent, searched)
    # Briscolone with following suit is the hard level's (voids); elsewhere the deep-stock moves are batched.
    assert any(searched) != (options.get("must_follow_suit") is True)
    assert not all(searched)  # the endgame is the exact solver's


def test_searches_in_the_batch_and_hands_the_endgame_over() -> None:
    game = trionfi.load("briscola")
    state = game.deal(seed=4)
    agent = small_agent(game, 1)
    observation = state.observation(state.current_player)
    agent.choose(observation)
    assert agent.last_stats["worlds"] == 64 and len(agent.last_stats["scores"]) == 3
    while state.stock:  # play on to an empty stock: the hard level's exact endgame decides
        state.apply(state.legal_actions()[0])
    agent.choose(state.observation(state.current_player))
    assert agent.last_stats == {"delegated": True}


@pytest.mark.parametrize("settings", [{}, {"prior": 0.03, "infer": 0.7}, {"policy": "random", "epsilon": 0.2}], ids=str)
def test_reproducible_for_a_seed(settings: dict) -> None:
    game = trionfi.load("briscola")
    first = play(game, 9, small_agent(game, 5, **settings))
    assert first == play(game, 9, small_agent(game, 5, **settings))
    assert first != play(game, 9, small_agent(game, 6, worlds=1, **settings))  # the seed and worlds matter


def _mid_deal(game: trionfi.Game, seed: int, moves: int) -> trionfi.State:
    state = game.deal(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        legal = state.legal_actions()
        state.apply(legal[int(rng.integers(len(legal)))])
    return state


def _swapped(state: trionfi.State, seat: int, k: int) -> trionfi.State:
    """The same deal with one of the opponent's cards and one face-down stock card exchanged: a deal the seat
    cannot tell apart from ``state``."""
    other = state.clone()
    opp = other.hands[1 - seat]  # type: ignore[attr-defined]
    stock = other.stock  # type: ignore[attr-defined]
    place = 1 + k % (len(stock) - 1)  # never the turned-up card at the bottom (stock[0])
    opp[0], stock[place] = stock[place], opp[0]
    return other


@pytest.mark.parametrize("options", [{}, {"variant": "briscolone"}, {"deck": "french"}])
@pytest.mark.parametrize("moves", [0, 3, 8])
def test_never_uses_hidden_information(options: dict, moves: int) -> None:
    game = trionfi.load("briscola", **options)
    state = _mid_deal(game, 21 + moves, moves)
    seat = state.current_player
    swapped = _swapped(state, seat, moves)
    assert [sorted(map(str, h)) for h in state.hands] != [sorted(map(str, h)) for h in swapped.hands]
    assert state.observation(seat) == swapped.observation(seat)
    tables = CardTables(game)
    fb = briscola2(game)
    worlds = [
        BatchWorlds(fb, tables, s.observation(seat), game.hand_size).draw(200, np.random.default_rng(7))
        for s in (state, swapped)
    ]
    for key in worlds[0]:
        assert np.array_equal(worlds[0][key], worlds[1][key]), key
    choices = []
    for s in (state, swapped):
        agent = small_agent(game, 11, prior=0.03, infer=0.7)  # the opponent model reads the observation only
        choices.append((agent.choose(s.observation(seat)), agent.last_stats["scores"]))
    assert choices[0] == choices[1]


def _check_worlds(game: trionfi.Game, state: trionfi.State, n: int = 300) -> None:
    seat = state.current_player
    observation = state.observation(seat)
    tables = CardTables(game)
    worlds = BatchWorlds(briscola2(game), tables, observation, game.hand_size).draw(n, np.random.default_rng(3))
    ids = tables.ids
    played = ids([str(c) for t in observation["tricks"] for _, c in t["cards"]] + [c for _, c in observation["trick"]])
    own = sorted(ids(observation["hand"]))
    known = ids(
        [c for key in ("known_cards", "open_hands") for c in (observation.get(key) or {}).get(str(1 - seat), [])]
    )
    hands, stock = worlds["hands"], worlds["stock"]
    assert stock.shape == (n, observation["stock"])
    for w in range(n):
        mine = [c for c in hands[w, seat].tolist() if c >= 0]
        theirs = [c for c in hands[w, 1 - seat].tolist() if c >= 0]
        assert sorted(mine) == own
        assert len(theirs) == observation["hand_sizes"][1 - seat]
        assert set(known) <= set(theirs)
        places = Counter(mine + theirs + stock[w].tolist() + played)
        assert sorted(places) == list(range(tables.size)) and set(places.values()) == {1}
        if observation["stock"] and observation.get("indicator"):
            assert stock[w, -1] == tables.id_of[card(observation["indicator"])]
        if observation.get("stock_top"):
            assert stock[w, 0] == tables.id_of[card(observation["stock_top"])]
    # The batch takes the worlds as they are and plays them on.
    batch = BatchBriscola(n, **game._given)
    batch.load_arrays(**worlds)
    assert batch.moves == len(played) and batch.stock_left == observation["stock"]
    assert (batch.turn == seat).all()
    legal = batch.legal_mask()[0]
    assert sorted(np.flatnonzero(legal).tolist()) == sorted(ids(observation["legal_actions"]))


@pytest.mark.parametrize("options", UNIFORM_SETS, ids=str)
@pytest.mark.parametrize("moves", [0, 1, 6, 17, 30])
def test_sampled_worlds_agree_with_the_observation(options: dict, moves: int) -> None:
    game = trionfi.load("briscola", **options)
    state = _mid_deal(game, moves, min(moves, len(game.deck) - 2))
    _check_worlds(game, state)


def test_sampled_worlds_are_uniform() -> None:
    """Each unseen card lands in the opponent's hand about as often as its share of the hidden places."""
    game = trionfi.load("briscola")
    state = game.deal(seed=2)
    observation = state.observation(0)
    tables = CardTables(game)
    n = 20000
    worlds = BatchWorlds(briscola2(game), tables, observation, 3).draw(n, np.random.default_rng(1))
    counts = np.bincount(worlds["hands"][:, 1].ravel(), minlength=tables.size)
    unseen = [i for i in range(tables.size) if counts[i]]
    assert len(unseen) == 36  # 40 less our 3 and the turned-up card
    share = 3 / 36
    assert np.allclose(counts[unseen] / n, share, atol=0.012)


def test_load_arrays_refuses_bad_shapes() -> None:
    batch = BatchBriscola(4)
    with pytest.raises(trionfi.OptionError, match="load_arrays takes hands"):
        batch.load_arrays(np.zeros((4, 3, 3)), np.zeros((4, 34)), -1, np.zeros((4, 2)), 0, 5)


def test_unknown_policy_is_refused() -> None:
    game = trionfi.load("briscola")
    agent = small_agent(game, 1, policy="smart")
    with pytest.raises(ValueError, match="policy is one of rule, random"):
        agent.choose(game.deal(seed=1).observation(0))
