"""The PettingZoo adapter (trionfi.envs.pettingzoo): PettingZoo's own API and seed tests on every game, and
agreement with the engine (legal actions as the mask, rewards as the returns), rendering, illegal actions."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed: pip install 'trionfi[rl]'")

from pettingzoo.test import api_test, seed_test

import trionfi
from envs_support import CONFIGS, IDS
from trionfi.envs import pettingzoo as tpz

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")  # api_test's advice on dict observations


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_pettingzoo_api_test_and_seed_test(name, options):
    api_test(tpz.env(name, **options), num_cycles=60, verbose_progress=False)
    seed_test(lambda: tpz.env(name, **options), num_cycles=60)


def test_a_seed_fixes_the_deal_and_another_seed_changes_it():
    env = tpz.env("briscola", players=4)
    hands = []
    for seed in (3, 3, 4):
        env.reset(seed=seed)
        hands.append([env.unwrapped.state_.hand(s) for s in range(4)])
    assert hands[0] == hands[1] != hands[2]
    env.reset(seed=3)
    env.reset()  # the next deal comes from the same seed's stream, and differs
    assert [env.unwrapped.state_.hand(s) for s in range(4)] != hands[0]


@pytest.mark.parametrize(("name", "options"), CONFIGS[::3], ids=IDS[::3])
def test_masks_are_the_engine_legal_actions_and_rewards_its_returns(name, options):
    env = tpz.env(name, **options)
    raw = env.unwrapped
    table = raw.spec_.table
    rng = np.random.default_rng(1)
    for seed in range(3):
        env.reset(seed=seed)
        total = {a: 0.0 for a in env.possible_agents}
        for agent in env.agent_iter():
            obs, reward, term, trunc, _ = env.last()
            total[agent] += reward
            if term or trunc:
                env.step(None)
                continue
            state = raw.state_
            assert raw.agent_name_mapping[agent] == state.current_player
            legal = np.flatnonzero(obs["action_mask"])
            assert list(legal) == sorted(table.id_of(a) for a in state.legal_actions())
            for other in env.possible_agents:
                if other != agent:
                    assert not raw.observe(other)["action_mask"].any()
            env.step(int(rng.choice(legal)))
        returns = raw.state_.returns()
        assert [total[a] for a in env.possible_agents] == returns


def test_ansi_render_is_the_terminal_table_of_the_seat_to_play():
    env = tpz.env("briscola", render_mode="ansi")
    env.reset(seed=9)
    text = env.render()
    state = env.unwrapped.state_
    assert "Briscola" in text and "Your hand" in text
    for c in state.hand(state.current_player):
        assert c in text
    silent = tpz.env("briscola")
    silent.reset(seed=9)
    assert silent.render() is None


def test_an_illegal_action_ends_the_deal_with_the_penalty():
    env = tpz.env("briscola")
    env.reset(seed=1)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    env.step(illegal)
    assert all(env.terminations.values())
    assert env.rewards[agent] == -1.0


def test_bad_options_are_refused_with_the_game_message():
    with pytest.raises(trionfi.OptionError, match="players"):
        tpz.env("briscola", players=5)
    with pytest.raises(ValueError, match="render_mode"):
        tpz.env("briscola", render_mode="human")


def test_the_checks_of_the_classic_wrappers_are_made_by_the_environment():
    from pettingzoo.utils.env_logger import EnvLogger

    env = tpz.env("briscola")
    for call in (lambda: env.step(0), lambda: env.observe("player_0"), env.render, env.agent_iter):
        with pytest.raises(Exception, match="reset"):  # PettingZoo's own errors, as OrderEnforcingWrapper raises
            call()
    with pytest.raises(AttributeError):
        _ = env.agent_selection
    env.reset(seed=2)
    for bad in (-1, env.action_space("player_0").n, 2.0, "3", None, True):
        with pytest.raises(ValueError, match="not in the action space: a whole number from 0 to"):
            env.step(bad)
    assert not any(env.terminations.values())  # a refused action changes nothing
    raw = tpz.raw_env("briscola")
    raw.reset(seed=2)
    illegal = int(np.flatnonzero(raw.observe(raw.agent_selection)["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="is not legal now; legal:"):
        raw.step(illegal)
    for _agent in env.agent_iter():  # play the deal out, then one step too many is warned of and ignored
        obs, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))
    assert not env.agents
    EnvLogger.suppress_output()
    try:
        env.step(None)
    finally:
        EnvLogger.unsuppress_output()
    assert not env.agents
