"""Training and evaluation on the vector environment, without any learning framework: the pieces of
``examples/train_ppo_briscola.py`` that need no torch, so that the tests check them where torch is not installed.

* :class:`BothSeats` plays ``n`` deals from each seat at once (two :class:`~trionfi.envs.vector.BriscolaVectorEnv`)
  as one batch of ``2 n`` sub-environments with same-step autoreset (a finished deal is dealt again within the
  step that ended it, its last observation kept in the step's infos): what Stable-Baselines3's ``VecEnv`` wants.
  Its reward is shaped: each trick pays the card points it moved (the seat's minus the opponent's) / 120, and the
  deal's end pays the result (+1 win, -1 loss, 0 draw) on top. A deal's rewards thus add up to the result plus
  the point difference / 120: the win the evaluation counts, and a dense signal for each trick on the way.
* :func:`evaluate` plays a fixed set of deals against a bot, each deal from both seats (duplicate: the same cards
  on both sides, so the luck of the deal cancels), and gives the score with a draw counted as half a win.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from ..agents import make_agent
from .vector import BriscolaVectorEnv

# A policy for evaluation: (observations (n, size) float32, legal masks (n, actions) bool) -> (n,) action ids.
Policy = Callable[[np.ndarray, np.ndarray], np.ndarray]
POINTS = 120.0  # the card points of a Briscola pack: a deal's point difference / POINTS lies in [-1, 1]


class BothSeats:
    """``n`` deals from seat 0 and ``n`` from seat 1 against ``opponents``, as ``2 n`` sub-environments (see the
    module): rows ``0 .. n-1`` play seat 0, rows ``n .. 2n-1`` seat 1."""

    def __init__(self, n: int, opponents: str = "medium", **options: Any) -> None:
        self.sides = [BriscolaVectorEnv(n, seat=s, opponents=opponents, scoring="result", **options) for s in (0, 1)]
        self.n = n
        self.num_envs = 2 * n
        first = self.sides[0]
        self.observation_size = first.single_observation_space["observation"].shape[0]
        self.num_actions = int(first.single_action_space.n)
        self._margin = np.zeros(2 * n)  # the seat's points less the opponent's, so far in the deal
        self._masks = np.zeros((2 * n, self.num_actions), dtype=bool)

    def reset(self, seed: int | None = None) -> np.ndarray:
        """Deal every sub-environment; the first observations (2 n, size)."""
        out = [side.reset(seed=None if seed is None else seed + s)[0] for s, side in enumerate(self.sides)]
        self._margin[:] = 0.0
        return self._take(out)

    def action_masks(self) -> np.ndarray:
        """(2 n, actions) bool: the legal action ids of every sub-environment now."""
        return self._masks.copy()

    def step(self, actions: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[dict[str, Any]]]:
        """Play one trick in every deal: (observations, rewards, dones, infos); a deal that ended is dealt again at
        once (``infos[i]``: ``terminal_observation`` its last observation, ``result`` its result, ``points`` the card
        points of the seat and of the opponent)."""
        actions = np.asarray(actions)
        n = self.n
        out, results = [], []
        for s, side in enumerate(self.sides):
            obs, result, done, _, _ = side.step(actions[s * n : (s + 1) * n].astype(np.int64))
            out.append(obs)
            results.append(result)
        margin = np.concatenate(
            [side.batch.points[:, s] - side.batch.points[:, 1 - s] for s, side in enumerate(self.sides)]
        )
        rewards = (margin - self._margin) / POINTS
        self._margin[:] = margin
        done = bool(self.sides[0].batch.done)  # lockstep: every deal of both sides ends on the same step
        infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        observations = self._take(out)
        if done:
            result = np.concatenate(results)
            rewards = rewards + result
            points = np.concatenate([side.batch.points[:, [s, 1 - s]] for s, side in enumerate(self.sides)]).tolist()
            for i, row in enumerate(observations):
                infos[i] = {"terminal_observation": row, "result": float(result[i]), "points": points[i]}
            # Next-step autoreset underneath: the step after the last deals again (the actions are ignored).
            dummy = np.zeros(n, dtype=np.int64)
            observations = self._take([side.step(dummy)[0] for side in self.sides])
            self._margin[:] = 0.0
        return observations, rewards, np.full(self.num_envs, done), infos

    def _take(self, out: list[dict[str, np.ndarray]]) -> np.ndarray:
        self._masks[:] = np.concatenate([o["action_mask"] for o in out]).astype(bool)
        return np.concatenate([o["observation"] for o in out])


def teacher_actions(envs: BothSeats) -> np.ndarray:
    """(2 n,) the card the medium bot would play in every row's seat now, from that seat's own observation of
    the deal (the engine states the vector environments keep with the medium opponent): the labels to imitate."""
    out = []
    for side in envs.sides:
        if side.opponents != "medium":
            raise ValueError("teacher_actions needs opponents='medium' (the engine states come with that opponent)")
        ids = side.spec_.table.ids
        bot = _teacher(side)
        out.append([ids[bot.choose(state.observation(side.seat))] for state in side.states])
    return np.concatenate(out)


def _teacher(side: BriscolaVectorEnv) -> Any:
    bot = getattr(side, "_teacher", None)
    if bot is None:  # one bot serves every deal: the medium Briscola policy keeps nothing from one call to the next
        bot = side._teacher = make_agent("medium", seed=0, game=side.batch.game)
    return bot


def imitation_data(envs: BothSeats, deals: int, seed: int = 0) -> dict[str, np.ndarray]:
    """Play ``deals`` rounds of ``2 n`` deals with the medium bot on the agent's seats too (the teacher), and keep
    what a policy learns to imitate: ``observations``, ``masks``, the teacher's ``actions`` and the ``returns``
    (the shaped rewards still to come in the deal, to teach a value function)."""
    obs = envs.reset(seed=seed)
    rows: dict[str, list[np.ndarray]] = {"observations": [], "masks": [], "actions": [], "rewards": []}
    for _ in range(deals):
        for _ in range(envs.sides[0].batch.moves_per_deal // 2):
            masks = envs.action_masks()
            actions = teacher_actions(envs)
            rows["observations"].append(obs)
            rows["masks"].append(masks)
            rows["actions"].append(actions)
            obs, rewards, _, _ = envs.step(actions)
            rows["rewards"].append(rewards)
    rewards = np.stack(rows["rewards"])  # (steps, envs), the deals ending together every moves_per_deal // 2
    tricks = envs.sides[0].batch.moves_per_deal // 2
    per_deal = rewards.reshape(deals, tricks, -1)
    returns = np.flip(np.cumsum(np.flip(per_deal, axis=1), axis=1), axis=1).reshape(rewards.shape)
    return {
        "observations": np.concatenate(rows["observations"]),
        "masks": np.concatenate(rows["masks"]),
        "actions": np.concatenate(rows["actions"]),
        "returns": returns.reshape(-1).astype(np.float32),
    }


def evaluate(
    policy: Policy, deals: int = 1000, opponents: str = "medium", seed: int = 2026, batch: int = 250, **options: Any
) -> dict[str, Any]:
    """Play ``deals`` fixed deals (from ``seed``) from both seats against ``opponents``: the policy's score (wins
    plus half the draws, over the ``2 deals`` games) and the counts per seat. The same ``seed`` gives the same
    deals, whatever the policy: the curve of a training run is measured on one set of deals."""
    counts = {seat: {"wins": 0, "draws": 0, "losses": 0} for seat in (0, 1)}
    for k, start in enumerate(range(0, deals, batch)):
        for seat in (0, 1):
            env = BriscolaVectorEnv(
                min(batch, deals - start), seat=seat, opponents=opponents, scoring="result", **options
            )
            obs, _ = env.reset(seed=seed + k)  # the same seed on both seats: the same deals, seats swapped
            done = False
            while not done:
                actions = np.asarray(policy(obs["observation"], obs["action_mask"].astype(bool)), dtype=np.int64)
                obs, result, terminated, _, _ = env.step(actions)
                done = bool(terminated[0])
            counts[seat]["wins"] += int((result > 0).sum())
            counts[seat]["draws"] += int((result == 0).sum())
            counts[seat]["losses"] += int((result < 0).sum())
    wins = sum(c["wins"] for c in counts.values())
    draws = sum(c["draws"] for c in counts.values())
    return {
        "opponents": opponents,
        "deals": deals,
        "games": 2 * deals,
        "score": (wins + 0.5 * draws) / (2 * deals),
        "seat0": counts[0],
        "seat1": counts[1],
    }


def random_policy(seed: int = 0) -> Policy:
    """A uniformly random legal action (a yardstick and a stand-in for a trained policy in tests)."""
    rng = np.random.default_rng(seed)

    def policy(observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        keys = rng.random(masks.shape)
        keys[~masks] = -1.0
        return keys.argmax(axis=1)

    return policy
