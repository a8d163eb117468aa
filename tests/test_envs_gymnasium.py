"""The Gymnasium adapter (trionfi.envs.gymnasium): Gymnasium's own environment checker on every game, episodes
against bots that end with the engine's return for the agent's seat, and illegal actions."""

from __future__ import annotations

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium", reason="the rl extra is not installed: pip install 'trionfi[rl]'")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import trionfi  # noqa: E402
from trionfi.envs import gymnasium as tgym  # noqa: E402


@pytest.mark.parametrize("env_id", list(tgym.ENV_IDS.values()))
def test_gymnasium_check_env(env_id):
    env = gymnasium.make(env_id, render_mode="ansi")
    check_env(env.unwrapped, skip_render_check=False)


def test_make_with_options_and_a_bot_level():
    env = gymnasium.make("trionfi/Briscola-v0", opponents="medium", players=4, seat=1)
    obs, _ = env.reset(seed=2)
    raw = env.unwrapped
    assert raw.game.players == 4 and raw.state.current_player == 1
    assert obs["observation"].shape == raw.observation_space["observation"].shape
    again = gymnasium.make("trionfi.envs.gymnasium:trionfi/Briscola-v0")
    assert again.unwrapped.game.players == 2


@pytest.mark.parametrize("name", ["briscola", "trijumf", "troccas"])
def test_an_episode_ends_with_the_engine_return_of_the_seat(name):
    env = tgym.TrionfiEnv(name, opponents="random", seat=1)
    rng = np.random.default_rng(0)
    for seed in range(3):
        obs, _ = env.reset(seed=seed)
        done, reward = False, 0.0
        while not done:
            assert env.state.current_player == 1
            legal = np.flatnonzero(obs["action_mask"])
            assert np.array_equal(legal, np.flatnonzero(env.action_masks()))
            obs, reward, done, truncated, _ = env.step(int(rng.choice(legal)))
            assert not truncated
        assert reward == env.state.returns()[1]


def test_the_same_seed_gives_the_same_episode():
    env = tgym.TrionfiEnv("briscola", opponents="medium")
    runs = []
    for _ in range(2):
        obs, _ = env.reset(seed=7)
        trace = [obs["observation"].copy()]
        done = False
        while not done:
            obs, _, done, _, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
            trace.append(obs["observation"].copy())
        runs.append(trace)
    assert all(np.array_equal(a, b) for a, b in zip(*runs, strict=True))


def test_illegal_actions_lose_or_raise():
    env = tgym.TrionfiEnv("briscola")
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, done, _, info = env.step(illegal)
    assert done and reward == -1.0 and info["illegal_action"]
    strict = tgym.TrionfiEnv("briscola", on_illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(ValueError, match="not legal"):
        strict.step(illegal)


def test_bad_arguments_are_refused():
    with pytest.raises(trionfi.OptionError, match="bot"):
        tgym.TrionfiEnv("briscola", opponents="genius")
    with pytest.raises(ValueError, match="seat"):
        tgym.TrionfiEnv("briscola", seat=2)
    with pytest.raises(ValueError, match="on_illegal"):
        tgym.TrionfiEnv("briscola", on_illegal="ignore")


def test_the_package_entry_point_names_the_registering_function():
    import importlib
    import tomllib
    from pathlib import Path

    project = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text())
    target = project["project"]["entry-points"]["gymnasium.envs"]["trionfi"]
    module, _, name = target.partition(":")
    register = getattr(importlib.import_module(module), name)
    assert register() == list(tgym.ENV_IDS.values())
    assert all(env_id in gymnasium.registry for env_id in tgym.ENV_IDS.values())
