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


PLAY_A_DEAL = """
env = gymnasium.make({env_id!r}, opponents="medium")
obs, _ = env.reset(seed=3)
done = False
while not done:
    obs, reward, done, _, _ = env.step(int(obs["action_mask"].nonzero()[0][0]))
assert reward in (-1.0, 0.0, 1.0) and env.unwrapped.opponents == "medium", reward
print("played")
"""


def _fresh_python(code):
    """Run ``code`` in a new interpreter (nothing registered yet), with this checkout's sources first."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    src = str(Path(__file__).parents[1] / "src")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([src, os.environ.get("PYTHONPATH", "")])}
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)


def test_gymnasium_make_imports_the_module_named_in_the_id():
    """Gymnasium 1.x loads no plugins: naming the module in the id is how a fresh interpreter finds the games."""
    done = _fresh_python("import gymnasium\n" + PLAY_A_DEAL.format(env_id="trionfi.envs.gymnasium:trionfi/Briscola-v0"))
    assert done.returncode == 0 and "played" in done.stdout, done.stderr


def test_the_installed_entry_point_registers_the_games_for_gymnasium_make():
    """The gymnasium.envs entry point of the installed package, loaded as a plugin loader does (Gymnasium 0.26 to
    0.29 at import; 1.x loads none), makes the plain id work in gymnasium.make."""
    from importlib.metadata import entry_points

    if not [e for e in entry_points(group="gymnasium.envs") if e.name == "trionfi"]:
        pytest.skip("trionfi is not installed (pip install -e '.[rl]'): no entry points to read")
    code = (
        "import gymnasium\nfrom importlib.metadata import entry_points\n"
        "(point,) = [e for e in entry_points(group='gymnasium.envs') if e.name == 'trionfi']\n"
        "assert 'trionfi/Briscola-v0' not in gymnasium.registry\n"
        "point.load()()\n" + PLAY_A_DEAL.format(env_id="trionfi/Briscola-v0")
    )
    done = _fresh_python(code)
    assert done.returncode == 0 and "played" in done.stdout, done.stderr


def test_the_reduced_research_pack_against_a_bot():
    env = gymnasium.make("trionfi/Briscola-v0", opponents="medium", ranks=3, suits=2, hand_size=2)
    check_env(env.unwrapped)
    obs, _ = env.reset(seed=4)
    assert obs["action_mask"].shape == (6,) and obs["action_mask"].sum() == 2  # two cards in hand
    with pytest.raises(trionfi.OptionError, match="2-player standard Briscola only"):
        gymnasium.make("trionfi/Briscola-v0", players=4, ranks=3)
