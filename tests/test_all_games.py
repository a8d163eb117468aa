"""One API test run over every registered game (the OpenSpiel habit): random legal play from the deal to the
end and through a whole match, with the contract checked at every step."""

import json
import random

import pytest
from typer.testing import CliRunner

import trionfi
from trionfi.cli import app

GAMES = trionfi.games()


def pick(legal, rng):
    """A random legal action, claims aside while anything else is allowed (a random claim ends a deal at once)."""
    return rng.choice([a for a in legal if a != "claim"] or legal)


def play_randomly(state, rng, check=None):
    steps = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal, "a state that is not over offers at least one action"
        assert all(isinstance(str(a), str) and str(a) for a in legal)
        if check is not None:
            check(state, legal)
        state.apply(pick(legal, rng))
        steps += 1
        assert steps < 5000, "random play must end"
    assert state.current_player is None and state.legal_actions() == []
    return steps


def test_every_game_is_registered():
    assert GAMES == ["briscola", "briscola-chiamata", "trijumf", "triomphe", "trionfetti", "troccas"]


@pytest.mark.parametrize("name", GAMES)
def test_random_deal_keeps_the_contract(name):
    game = trionfi.load(name)
    rng = random.Random(7)

    def check(state, legal):
        seat = state.current_player
        for s in range(game.players):
            obs = state.observation(s)
            json.dumps(obs)  # JSON-serialisable
            assert obs["seat"] == s
            assert (obs["legal_actions"] != []) == (s == seat), "only the seat to act sees legal actions"
        assert state.observation(seat)["legal_actions"] == [str(a) for a in legal]

    for seed in range(3):
        state = game.deal(seed=seed)
        play_randomly(state, rng, check)
        assert len(state.points()) == len(game.sides)
        assert len(state.returns()) == game.players
        again = trionfi.replay(json.loads(json.dumps(state.to_record())))
        assert again.points() == state.points() and again.returns() == state.returns()


@pytest.mark.parametrize("name", GAMES)
def test_clone_is_independent(name):
    game = trionfi.load(name)
    rng = random.Random(3)
    state = game.deal(seed=11)
    for _ in range(12):
        state.apply(pick(state.legal_actions(), rng))
    before = json.dumps(state.to_record())
    seen = [json.dumps(state.observation(s)) for s in range(game.players)]
    copy = state.clone()
    assert [json.dumps(copy.observation(s)) for s in range(game.players)] == seen
    play_randomly(copy, rng)
    assert json.dumps(state.to_record()) == before
    assert [json.dumps(state.observation(s)) for s in range(game.players)] == seen
    play_randomly(state, rng)  # the original still plays on


@pytest.mark.parametrize("name", GAMES)
def test_a_whole_match_plays_and_replays(name):
    game = trionfi.load(name)
    match = game.match(seed=5)
    play_randomly(match, random.Random(5))
    assert match.is_terminal() and match.winners()
    assert sorted(set(match.returns())) != [0.0]
    again = trionfi.replay(match.to_record())
    assert again.returns() == match.returns() and again.points() == match.points()


@pytest.mark.parametrize("name", GAMES)
def test_simulate_matches_from_the_command_line(name):
    result = CliRunner().invoke(app, ["simulate", name, "--match", "-n", "2", "--seed", "1", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["unit"] == "matches" and data["matches"] == 2 and data["deals"] >= 2
    for side in data["sides"]:
        assert side["wins"] + side["draws"] + side["losses"] == 2


@pytest.mark.parametrize("name", GAMES)
def test_unknown_option_is_refused_with_the_allowed_ones(name):
    with pytest.raises(trionfi.OptionError, match=r"no option 'colour'.*its options are"):
        trionfi.load(name, colour="red")
