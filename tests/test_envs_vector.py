"""The batched vector environment: the single environment's encoding in every sub-environment, Gymnasium's vector
API (spaces, seeding, next-step autoreset, wrappers), refusals; against the random player and against the medium
bot, whose every card is checked against a medium agent of the test choosing from the same observation."""

from __future__ import annotations

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import data_equivalence  # noqa: E402
from gymnasium.wrappers.vector import RecordEpisodeStatistics  # noqa: E402

import trionfi  # noqa: E402
from batch_support import rebuilt_pack  # noqa: E402
from trionfi import IllegalAction, OptionError  # noqa: E402
from trionfi.agents import make_agent  # noqa: E402
from trionfi.envs.vector import BriscolaVectorEnv  # noqa: E402

CASES = [
    {},
    {"variant": "scoperta"},
    {"variant": "briscolone", "must_follow_suit": True},
    {"variant": "bosnian", "reject_ace_three_indicator": True},
    {"deck": "french", "southern_order": True},
]


def random_legal(obs: dict, rng: np.random.Generator) -> np.ndarray:
    """A random legal action per sub-environment (0 where none is: the deals are over)."""
    mask = obs["action_mask"].astype(bool)
    keys = rng.random(mask.shape)
    keys[~mask] = -1.0
    return keys.argmax(axis=1)


def check_encoding(envs: BriscolaVectorEnv, states: list, obs: dict) -> None:
    spec = envs.spec_
    assert envs.observation_space.contains(obs)
    for i, state in enumerate(states):
        expected = spec.encoder.encode(state.observation(envs.seat))
        assert np.array_equal(obs["observation"][i], expected), f"env {i}"
        legal = spec.table.ids_of(state.legal_actions()) if state.current_player == envs.seat else []
        assert np.flatnonzero(obs["action_mask"][i]).tolist() == legal, f"env {i}"


def opponent_check(envs: BriscolaVectorEnv, game: trionfi.Game):
    """With the medium opponent, a function asserting that the opponent's card in an engine state (the test's
    own, before the card) is what a medium agent of the test chooses from that seat's observation. The medium
    Briscola policy draws no random numbers, so the test's agents need not share the environment's seeds."""
    if envs.opponents != "medium":
        return lambda state, card: None
    them = 1 - envs.seat
    bot = make_agent("medium", seed=0, game=game)

    def check(state, card) -> None:
        assert state.current_player == them
        assert bot.choose(state.observation(them)) == card

    return check


@pytest.mark.parametrize("options", CASES, ids=[str(c) for c in CASES])
@pytest.mark.parametrize("seat", [0, 1])
@pytest.mark.parametrize("opponents", ["random", "medium"])
def test_every_sub_environment_sees_what_the_single_environment_encodes(
    options: dict, seat: int, opponents: str
) -> None:
    envs = BriscolaVectorEnv(40, seat=seat, opponents=opponents, **options)
    game = trionfi.load("briscola", **options)
    obs, _ = envs.reset(seed=seat + len(options))
    batch = envs.batch
    opponent_played = opponent_check(envs, game)
    # The engine deals the same packs; the opponent's first lead, chosen at reset, is played in it too.
    states = [game.deal(seed=1, deck=rebuilt_pack(batch, i, 0)) for i in range(envs.num_envs)]
    lead = envs._lead.copy()
    for i, state in enumerate(states):
        if lead[i] >= 0:
            opponent_played(state, batch.tables.cards[lead[i]])
            state.apply(batch.tables.cards[lead[i]])
    check_encoding(envs, states, obs)
    rng = np.random.default_rng(3)
    done = False
    steps = 0
    while not done:
        actions = random_legal(obs, rng)
        agent_leads = envs._lead < 0
        obs, rewards, terminated, truncated, _ = envs.step(actions)
        steps += 1
        done = bool(terminated[0])
        assert (terminated == done).all() and not truncated.any()
        for i, state in enumerate(states):
            first, second = (batch.tables.cards[c] for c in envs.last_trick[i])
            if agent_leads[i]:  # the agent's card, then the opponent's answer (else already led: the answer)
                state.apply(first)
                opponent_played(state, second)
            state.apply(second)
            if envs._lead[i] >= 0:
                opponent_played(state, batch.tables.cards[envs._lead[i]])
                state.apply(batch.tables.cards[envs._lead[i]])
            assert rewards[i] == (state.returns()[seat] if done else 0.0)
        check_encoding(envs, states, obs)
    assert steps == batch.moves_per_deal // 2


@pytest.mark.parametrize("opponents", ["random", "medium"])
def test_seeding_autoreset_and_fresh_data(opponents: str) -> None:
    a, b = BriscolaVectorEnv(16, opponents=opponents), BriscolaVectorEnv(16, opponents=opponents)
    obs_a, _ = a.reset(seed=7)
    obs_b, _ = b.reset(seed=7)
    assert data_equivalence(obs_a, obs_b)
    rng = np.random.default_rng(1)
    kept = obs_a["observation"].copy()
    for step in range(25):
        actions = random_legal(obs_a, rng)
        out_a, out_b = a.step(actions), b.step(actions)
        for x, y in zip(out_a, out_b, strict=True):
            assert data_equivalence(x, y)
        assert out_a[0]["observation"] is not obs_a["observation"]  # fresh arrays, never the previous ones
        obs_a = out_a[0]
        if step == 19:  # every deal ends on its 20th trick
            assert out_a[2].all() and (out_a[1] != 0).any()
        elif step == 20:  # next-step autoreset: dealt again, the actions ignored, no reward
            assert not out_a[2].any() and not out_a[1].any()
            assert obs_a["action_mask"].any(axis=1).all()
        else:
            assert not out_a[2].any()
    again = BriscolaVectorEnv(16, opponents=opponents)
    assert np.array_equal(kept, again.reset(seed=7)[0]["observation"])
    assert not np.array_equal(kept, again.reset(seed=8)[0]["observation"])


def test_spaces_and_gymnasium_wrappers() -> None:
    envs = BriscolaVectorEnv(8, scoring="points")
    assert envs.single_action_space == gymnasium.spaces.Discrete(40)
    assert envs.action_space == gymnasium.spaces.MultiDiscrete([40] * 8)
    assert envs.observation_space["observation"].shape == (8, envs.spec_.encoder.size)
    wrapped = RecordEpisodeStatistics(envs)
    obs, _ = wrapped.reset(seed=2)
    rng = np.random.default_rng(2)
    episodes = []
    for _ in range(20):
        obs, rewards, terminated, _, infos = wrapped.step(random_legal(obs, rng))
        if terminated.any():
            episodes = infos["episode"]
            total = rewards
    assert np.array_equal(episodes["r"], total) and (episodes["l"] == 20).all()
    assert (total == envs.batch.points[:, 0] - 60).all()  # points scoring: own points less the mean


def test_illegal_and_malformed_actions_are_refused_and_change_nothing() -> None:
    envs = BriscolaVectorEnv(4)
    with pytest.raises(IllegalAction, match="reset"):
        envs.step([0, 0, 0, 0])
    obs, _ = envs.reset(seed=3)
    actions = random_legal(obs, np.random.default_rng(0))
    before = (envs.batch.hands.copy(), envs._lead.copy(), envs.batch.moves)
    illegal = int(np.flatnonzero(~obs["action_mask"][2].astype(bool))[0])
    for bad in ([*actions[:2], illegal, actions[3]], [0, 1], [0.0, 1.0, 2.0, 3.0], [40, 0, 0, 0], [-1, 0, 0, 0]):
        with pytest.raises(IllegalAction):
            envs.step(bad)
    with pytest.raises(IllegalAction, match=f"env 2: {illegal} is not legal"):
        envs.step([*actions[:2], illegal, actions[3]])
    assert np.array_equal(before[0], envs.batch.hands) and np.array_equal(before[1], envs._lead)
    assert before[2] == envs.batch.moves
    with pytest.raises(OptionError, match=r"allowed: 'random' .* or 'medium'"):
        BriscolaVectorEnv(4, opponents="hard")
    with pytest.raises(OptionError, match="seat must be 0 or 1"):
        BriscolaVectorEnv(4, seat=2)
    with pytest.raises(OptionError, match="supported: 2 players"):
        BriscolaVectorEnv(4, players=4)
