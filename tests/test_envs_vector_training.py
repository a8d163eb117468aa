"""The training example's pieces that need no torch (trionfi.envs.vector_training): both seats as one batch with
same-step autoreset and shaped rewards, and the duplicate evaluation; and the example itself for a few hundred
steps where sb3-contrib and torch are installed (the rl-examples extra; CI does not install it, so it skips)."""

from __future__ import annotations

import json
import runpy
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from trionfi.agents import make_agent
from trionfi.envs import vector_training
from trionfi.envs.vector import BriscolaVectorEnv
from trionfi.envs.vector_training import POINTS, BothSeats, evaluate, imitation_data, random_policy

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "train_ppo_briscola.py"


def test_both_seats_shape_the_reward_and_deal_again_within_the_step() -> None:
    envs = BothSeats(6, "medium")
    obs = envs.reset(seed=4)
    assert obs.shape == (12, envs.observation_size) and envs.num_actions == 40
    for s, side in enumerate(envs.sides):
        assert side.seat == s and side.opponents == "medium"
        assert np.array_equal(obs[6 * s : 6 * (s + 1)], side._observe()["observation"])
    policy = random_policy(1)
    totals = np.zeros(12)
    for trick in range(20):
        masks = envs.action_masks()
        assert masks.any(axis=1).all()  # same-step autoreset: every row always has a card to play
        obs, rewards, dones, infos = envs.step(policy(obs, masks))
        totals += rewards
        assert dones.all() == (trick == 19) and dones.all() == dones.any()
    # A deal's rewards add up to its result plus the point difference / 120.
    points = np.array([info["points"] for info in infos])
    assert (points.sum(axis=1) == 120).all()
    results = np.array([info["result"] for info in infos])
    assert np.allclose(totals, results + (points[:, 0] - points[:, 1]) / POINTS)
    assert np.array_equal(results, np.sign(points[:, 0] - 60))
    assert all(info["terminal_observation"].shape == (envs.observation_size,) for info in infos)
    # Dealt again at once: fresh hands, no points, the first trick to play.
    assert all(side.batch.moves <= 1 and not side.batch.points.any() for side in envs.sides)
    assert not np.array_equal(obs, np.stack([info["terminal_observation"] for info in infos]))


def test_evaluation_plays_each_deal_from_both_seats(monkeypatch: pytest.MonkeyPatch) -> None:
    """The medium bot evaluated against itself scores exactly one half: each deal is played from both seats with
    the same cards (duplicate), so whatever one seat wins, the other loses, and a draw counts half on each."""
    built: list[BriscolaVectorEnv] = []

    class Kept(BriscolaVectorEnv):
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            built.append(self)

    monkeypatch.setattr(vector_training, "BriscolaVectorEnv", Kept)
    bot = make_agent("medium", seed=0)

    def medium(observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        env = built[-1]
        ids = env.spec_.table.ids
        chosen = [ids[bot.choose(state.observation(env.seat))] for state in env.states]
        assert all(masks[i, c] for i, c in enumerate(chosen))
        return np.array(chosen)

    result = evaluate(medium, deals=60, opponents="medium", batch=25)
    assert [env.num_envs for env in built] == [25, 25, 25, 25, 10, 10]
    assert result["score"] == 0.5 and result["games"] == 120
    seat0, seat1 = result["seat0"], result["seat1"]
    assert seat0["wins"] == seat1["losses"] and seat0["draws"] == seat1["draws"]
    assert sum(seat0.values()) == 60 and 0 < seat0["wins"] < 60  # the seats differ: some deals favour the leader


def test_evaluation_is_fixed_by_its_seed() -> None:
    first = evaluate(random_policy(5), deals=40, opponents="random", seed=9)
    assert first == evaluate(random_policy(5), deals=40, opponents="random", seed=9)
    assert first != evaluate(random_policy(5), deals=40, opponents="random", seed=10)
    medium = evaluate(random_policy(5), deals=40, opponents="medium", seed=9)
    assert medium["score"] < first["score"]  # random play loses to the medium bot far more than to chance


def test_the_training_example_runs_a_few_hundred_steps(tmp_path: Path) -> None:
    pytest.importorskip("sb3_contrib")  # the rl-examples extra (torch, sb3-contrib): not installed in CI
    example = runpy.run_path(str(EXAMPLE))
    plot = tmp_path / "ppo.png"
    argv = ["--steps", "400", "--envs", "4", "--eval-every", "200", "--eval-deals", "10", "--plot", str(plot)]
    model = tmp_path / "model.zip"
    assert example["main"]([*argv, "--imitate", "1", "--imitate-epochs", "1", "--save", str(model)]) == 0
    record = json.loads(plot.with_suffix(".json").read_text())
    assert record["imitation"]["decisions"] == 20 * 8 and 0.0 <= record["imitation"]["agreement"] <= 1.0
    steps = [point["steps"] for point in record["curve"]]
    assert steps[0] == 0 and steps[-1] >= 400 and len(steps) >= 3
    assert all(0.0 <= point["vs_medium"] <= 1.0 and point["medium"]["games"] == 20 for point in record["curve"])
    assert plot.stat().st_size > 10_000
    # A saved model evaluated again on deals of its own: the figures join the JSON.
    assert example["main"](["--evaluate", str(model), "--eval-deals", "6", "--plot", str(plot)]) == 0
    held_out = json.loads(plot.with_suffix(".json").read_text())["held_out"]
    assert held_out["medium"]["games"] == 12 and held_out["random"]["games"] == 12


def test_imitation_data_holds_the_medium_bots_cards_and_the_returns_that_followed() -> None:
    envs = BothSeats(3, "medium")
    data = imitation_data(envs, deals=2, seed=5)
    steps = 2 * 20 * 6  # two deals of 20 tricks in each of the 6 rows
    assert data["observations"].shape == (steps, envs.observation_size) and data["masks"].shape == (steps, 40)
    assert data["masks"][np.arange(steps), data["actions"]].all()  # the teacher plays legal cards
    # Replayed: the same deals, the medium bot on the agent's seats as well (a bot of the test's own), choose
    # the same cards; the returns are the rewards still to come in the deal.
    replay = BothSeats(3, "medium")
    obs = replay.reset(seed=5)
    bot = make_agent("medium", seed=1)
    rewards = []
    for trick in range(20):
        chosen = []
        for side in replay.sides:
            ids = side.spec_.table.ids
            chosen += [ids[bot.choose(state.observation(side.seat))] for state in side.states]
        assert np.array_equal(data["actions"][6 * trick : 6 * (trick + 1)], chosen)
        assert np.array_equal(data["observations"][6 * trick : 6 * (trick + 1)], obs)
        obs, reward, _, infos = replay.step(np.array(chosen))
        rewards.append(reward)
    still_to_come = np.cumsum(np.array(rewards)[::-1], axis=0)[::-1]
    assert np.allclose(data["returns"][:120].reshape(20, 6), still_to_come)
    results = np.array([info["result"] + (info["points"][0] - info["points"][1]) / POINTS for info in infos])
    assert np.allclose(still_to_come[0], results)
    with pytest.raises(ValueError, match="opponents='medium'"):
        vector_training.teacher_actions(BothSeats(2, "random"))
