"""The OpenSpiel adapter (trionfi.envs.openspiel): OpenSpiel's own random simulation test on every game, and
agreement with the engine move by move (legal actions, returns), clones, resampling, hidden information."""

from __future__ import annotations

import contextlib
import pickle
import random

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the rl extra is not installed: pip install 'trionfi[rl]'")

import trionfi  # noqa: E402
from envs_support import CONFIGS, IDS  # noqa: E402
from trionfi.envs import openspiel as tos  # noqa: E402
from trionfi.envs.actions import ActionTable  # noqa: E402


def load(name, options=None):
    return pyspiel.load_game(tos.short_name(name), options or {})


def deal(game, rng):
    """A state just after the shuffle, and the pack the chance nodes drew."""
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    return state


def play_random(state, rng, steps=None):
    n = 0
    while not state.is_terminal() and (steps is None or n < steps):
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        n += 1
    return state


def test_every_game_is_registered_under_its_python_trionfi_name():
    names = set(pyspiel.registered_names())
    for name in trionfi.games():
        assert tos.short_name(name) in names
    assert tos.short_name("briscola-chiamata") == "python_trionfi_briscola_chiamata"


# OpenSpiel's own checks: chance outcomes sum to 1, legal actions sorted and in range, returns within the
# utilities and zero-sum, the game length bound, observation and information state strings and tensors for
# every player at every state, and serialization round trips at every state.
SLOW = {
    "briscola-players=6-variant=schembil",
    "briscola-players=4-communication=conversation",
    "troccas-default",
    "troccas-allow_knock=True-session_balance=-20",
    "briscola-chiamata-default",
}


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_openspiel_random_sim_test_with_serialization(name, options, request):
    game = load(name, options)
    sims = 1 if request.node.callspec.id in SLOW else 2
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_the_adapter_agrees_with_the_engine_move_by_move(name, options):
    """The same pack dealt by the engine: at every step the same legal actions, at the end the same returns."""
    game = load(name, options)
    engine_game = trionfi.load(name, **options)
    table = ActionTable(engine_game)
    rng = random.Random(11)
    for _ in range(3):
        state = deal(game, rng)
        pack = [str(engine_game.deck[i]) for i in state.history()]
        twin = engine_game.deal(deck=pack, seed=0)
        while not state.is_terminal():
            if state.is_chance_node():  # a cancelled Troccas deal: compared up to here
                break
            assert state.current_player() == twin.current_player
            legal = state.legal_actions()
            assert legal == sorted(table.id_of(a) for a in twin.legal_actions())
            assert [state.action_to_string(a) for a in legal] == sorted(
                (str(a) for a in twin.legal_actions()), key=table.id_of
            )
            action = rng.choice(legal)
            state.apply_action(action)
            twin.apply(table.text(action))
        else:
            assert state.returns() == twin.returns()
            assert state.rewards() == twin.returns()


def test_points_scoring_is_the_side_points_above_the_mean():
    game = load("briscola", {"scoring": "points"})
    state = play_random(game.new_initial_state(), random.Random(2))
    points = state.engine.points()
    assert state.returns() == [points[0] - 60.0, points[1] - 60.0]
    assert game.min_utility() == -120 and game.max_utility() == 120


def test_options_are_parameters_and_bad_ones_are_refused():
    game = load("briscola", {"players": 4, "communication": "signals"})
    assert game.num_players() == 4
    assert game.num_distinct_actions() == 40 + 5  # the pack, then "signal A" .. "signal J"
    assert game.max_chance_outcomes() == 40
    again = pyspiel.load_game(str(game))
    assert again.num_players() == 4
    bosnian = pyspiel.load_game("python_trionfi_briscola(players=4,variant=bosnian,partnerships=no,rais=0 1)")
    assert len(bosnian.spec.game.sides) == 4  # each for himself
    with pytest.raises((ValueError, pyspiel.SpielError), match="players"):
        load("briscola", {"players": 5})
    with pytest.raises((ValueError, pyspiel.SpielError), match="scoring"):
        load("briscola", {"scoring": "money"})


def test_the_reduced_pack_is_whole_number_parameters_in_a_game_string():
    small = pyspiel.load_game("python_trionfi_briscola(ranks=3,suits=2,hand_size=2)")
    assert small.num_distinct_actions() == small.max_chance_outcomes() == 6  # A 3 K of coins and cups
    assert small.get_parameters()["ranks"] == 3 and small.spec.game.hand_size == 2
    assert pyspiel.load_game("python_trionfi_briscola(ranks=0)").max_chance_outcomes() == 40  # 0: every rank
    assert pyspiel.load_game(str(small)).spec.game.deck == small.spec.game.deck
    with pytest.raises(trionfi.OptionError, match="leaves 9 cards; 2 players with 3 cards in hand need an even"):
        pyspiel.load_game("python_trionfi_briscola(ranks=3,suits=3)")
    with pytest.raises(trionfi.OptionError, match="2-player standard Briscola only"):
        pyspiel.load_game("python_trionfi_briscola(ranks=3,players=4)")


def test_the_small_research_briscola_has_perfect_recall():
    """Walk the whole 6-card tree: at every decision with a choice, everything with the same information-state
    string got there through the same information states and actions of that seat (what CFR and exact best
    response assume). Two pack orders dealing the same hands would break it, were hands listed as dealt."""
    game = pyspiel.load_game("python_trionfi_briscola(ranks=3,suits=2,hand_size=2)")
    pasts: dict[str, tuple] = {}
    stack = [(game.new_initial_state(), ((), ()))]
    while stack:
        state, past = stack.pop()
        if state.is_terminal():
            continue
        if state.is_chance_node():
            stack += [(state.child(a), past) for a, _ in state.chance_outcomes()]
            continue
        seat, actions = state.current_player(), state.legal_actions()
        mine = past[seat]
        if len(actions) > 1:
            key = state.information_state_string(seat)
            assert pasts.setdefault(key, mine) == mine, key
            mine = (*mine, key)
        for a in actions:
            stack.append((state.child(a), ((*mine, a), past[1]) if seat == 0 else (past[0], (*mine, a))))
    assert len(pasts) == 1680


def test_the_deal_is_one_chance_node_per_card_of_the_pack():
    game = load("briscola")
    state = game.new_initial_state()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 40 and sum(p for _, p in outcomes) == pytest.approx(1.0)
    state.apply_action(7)
    assert 7 not in dict(state.chance_outcomes()) and len(state.chance_outcomes()) == 39
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 7) == "deal " + str(trionfi.load("briscola").deck[7])


@pytest.mark.parametrize(("name", "options"), [("briscola", {}), ("troccas", {})], ids=["briscola", "troccas"])
def test_the_queries_answered_in_python_agree_with_openspiel_cpp(name, options):
    """legal_actions, is_chance_node, is_player_node and history are answered on the Python side for speed:
    at every node they must equal what OpenSpiel's C++ State computes."""
    game = load(name, options)
    rng = random.Random(6)
    state = game.new_initial_state()
    while not state.is_terminal():
        assert state.legal_actions() == pyspiel.State.legal_actions(state)
        chance = (pyspiel.PlayerId.CHANCE,) if state.is_chance_node() else ()  # C++ refuses it elsewhere
        for player in (*chance, *range(game.num_players())):
            assert state.legal_actions(player) == pyspiel.State.legal_actions(state, player)
        assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
        assert state.is_player_node() == pyspiel.State.is_player_node(state)
        assert state.history() == pyspiel.State.history(state)
        assert state.move_number() == pyspiel.State.move_number(state)
        assert state.is_initial_state() == pyspiel.State.is_initial_state(state)
        assert [(e.player, e.action) for e in state.full_history()] == [
            (e.player, e.action) for e in pyspiel.State.full_history(state)
        ]
        pyspiel.State.apply_action(state, rng.choice(state.legal_actions()))  # C++ keeps its history this way
    assert state.legal_actions() == pyspiel.State.legal_actions(state) == []


@pytest.mark.parametrize(("name", "options"), [("briscola", {}), ("troccas", {})], ids=["briscola", "troccas"])
def test_a_move_made_from_python_is_the_move_cpp_makes(name, options):
    """apply_action and child called from Python skip OpenSpiel's C++ ApplyAction (for speed): they must reach the
    same state as it, and refuse what it refuses."""
    game = load(name, options)
    rng = random.Random(8)
    by_python, by_cpp = game.new_initial_state(), game.new_initial_state()
    while not by_cpp.is_terminal():
        action = rng.choice(by_cpp.legal_actions())
        child = by_python.child(action)
        assert str(child) == str(pyspiel.State.child(by_cpp, action))
        by_python.apply_action(action)
        pyspiel.State.apply_action(by_cpp, action)
        assert str(by_python) == str(by_cpp) == str(child)
        assert by_python.history() == by_cpp.history() == pyspiel.State.history(by_cpp)
        assert by_python.returns() == by_cpp.returns()
    fresh = game.new_initial_state()
    fresh.apply_action(3)
    with pytest.raises(ValueError, match="chance outcome 3 is not possible now"):
        fresh.apply_action(3)
    with pytest.raises(TypeError):
        fresh.apply_action(4.0)


def test_clone_is_independent_and_keeps_the_history():
    rng = random.Random(4)
    state = play_random(deal(load("briscola", {"players": 4}), rng), rng, steps=9)
    copy = state.clone()
    assert copy.history() == state.history()
    assert str(copy) == str(state)
    before = str(state)
    play_random(copy, rng)
    assert str(state) == before and not state.is_terminal() and copy.is_terminal()
    assert copy.history()[: len(state.history())] == state.history()


@pytest.mark.parametrize(("name", "options"), [c for c in CONFIGS if not c[1]], ids=lambda c: str(c))
def test_a_resampled_state_has_the_same_information_state_and_plays_on(name, options):
    game = load(name, options)
    rng = random.Random(8)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for steps in (0, 7, 25):
        state = play_random(deal(game, rng), rng, steps=steps)
        if state.is_terminal() or state.is_chance_node():
            continue
        player = state.current_player()
        sample = state.resample_from_infostate(player, sampler)
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert sample.observation_tensor(player) == state.observation_tensor(player)
        assert sample.legal_actions() == state.legal_actions()
        play_random(sample, rng, steps=3)
        back = game.deserialize_state(sample.serialize())  # the same sample drawn again, the same moves
        assert str(back) == str(sample) and back.legal_actions() == sample.legal_actions()
        play_random(sample, rng)
        assert sample.is_terminal()


def test_troccas_shuffles_a_cancelled_deal_again_by_chance_nodes():
    game = load("troccas")
    rng = random.Random(5)
    state = deal(game, rng)
    propose = ActionTable(trionfi.load("troccas")).id_of("propose redeal")
    first_hands = [state.engine.hand(s) for s in range(4)]
    for _ in range(4):  # all four ask for a new deal
        state.apply_action(propose)
    assert state.is_chance_node() and len(state.chance_outcomes()) == 78
    assert all(not state.engine.hand(s) for s in range(4))  # the cards are gathered while shuffling
    half = state.clone()
    play_random(state, rng, steps=78)
    assert not state.is_chance_node()
    assert [state.engine.hand(s) for s in range(4)] != first_hands
    assert [e.action for e in state.full_history()] == state.history()
    again = game.deserialize_state(state.serialize())
    assert str(again) == str(state) and again.history() == state.history()
    # A state pickled while still shuffling comes back still shuffling
    back = game.deserialize_state(half.serialize())
    assert back.is_chance_node() and str(back) == str(half)
    play_random(state, rng)
    assert state.is_terminal()


def test_pickle_keeps_cards_interned():
    game = load("briscola")
    state = play_random(deal(game, random.Random(3)), random.Random(3), steps=5)
    back = game.deserialize_state(state.serialize())
    engine = back.engine
    assert all(c is trionfi.card(str(c)) for hand in engine.hands for c in hand)
    assert pickle.loads(pickle.dumps(state.history())) == back.history()


def test_the_observer_gives_named_tensors_and_a_public_view():
    game = load("briscola", {"players": 4})
    state = play_random(deal(game, random.Random(1)), random.Random(1), steps=6)
    observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False))
    observer.set_from(state, 0)
    assert observer.dict["hand"].sum() == len(state.engine.hand(0))
    assert observer.dict["trick"].shape == (4, 40)
    public = game.make_py_observer(
        pyspiel.IIGObservationType(perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE)
    )
    public.set_from(state, 0)
    assert public.dict["hand"].sum() == 0  # a spectator holds no hand
    assert public.dict["played"].sum() == observer.dict["played"].sum()
    assert public.string_from(state, 0) == public.string_from(state, 1).replace("seat 1", "seat 0")


def _swap(ids, a, b):
    return [b if i == a else a if i == b else i for i in ids]


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_tensors_never_depend_on_a_card_the_seat_cannot_see(name, options):
    """Swap two cards a seat never saw (in the pack and in every action playing them) and replay through the
    adapter: wherever the seat's observation is the same, its tensors and strings are the same too."""
    game = load(name, options)
    engine_game = trionfi.load(name, **options)
    d = len(engine_game.deck)
    rng = random.Random(17)
    checked = 0
    small = d <= 12  # a research pack is played out in a few moves: stop early, while cards are still hidden
    for attempt in range(20 if small else 8):
        state = deal(game, rng)
        seat = attempt % game.num_players()
        views = []
        stop = rng.randrange(1, 3) if small else rng.randrange(4, 40)
        while not state.is_terminal() and not state.is_chance_node() and len(views) < stop:
            views.append(_view(state, seat))
            state.apply_action(rng.choice(state.legal_actions()))
        if state.is_chance_node():
            continue
        history = state.history()
        seen = set()
        for view_state in _prefixes(game, history):
            seen |= _cards_named(view_state.observation_dict(seat), engine_game)
        hidden = [i for i in range(d) if str(engine_game.deck[i]) not in seen]
        if len(hidden) < 2:
            continue
        a, b = rng.sample(hidden, 2)
        other = game.new_initial_state()
        try:
            for k, action in enumerate(_swap(history, a, b)):
                if k >= d:
                    obs, tensors = _view(other, seat)
                    if obs == views[k - d][0]:  # a truthful answer about the swapped cards may tell the seat
                        assert tensors == views[k - d][1]
                        checked += 1
                other.apply_action(action)
        except (ValueError, pyspiel.SpielError):
            continue  # the relabelling changed what is legal (following suit): no test of the tensor
    assert checked >= 10


def _view(state, seat):
    return state.observation_dict(seat), (
        state.observation_tensor(seat),
        state.information_state_tensor(seat),
        state.observation_string(seat),
        state.information_state_string(seat),
    )


def _prefixes(game, history):
    state = game.new_initial_state()
    for action in history:
        state.apply_action(action)
        if not state.is_chance_node():
            yield state


def _cards_named(value, game):
    from trionfi.cards import CardError, card

    found = set()
    if isinstance(value, dict):
        for k, v in value.items():
            if k not in ("ranking", "suit_names", "options"):
                found |= _cards_named(v, game)
    elif isinstance(value, list | tuple):
        for v in value:
            found |= _cards_named(v, game)
    elif isinstance(value, str):
        for word in value.replace("(", " ").replace(")", " ").replace(",", " ").replace("+", " ").split():
            with contextlib.suppress(CardError, ValueError):
                found.add(str(card(word)))
    return found
