"""The ``batched`` agent: the search of 2-player Briscola with its worlds played out in the batched core.

For each decision while the stock is deep, the agent draws ``worlds`` worlds of its observation at once
(:class:`~trionfi.agents.batched_worlds.BatchWorlds`: the unseen cards dealt uniformly into the opponent's
unknown cards and the face-down stock), loads them once per candidate card into one
:class:`~trionfi.batch.BatchBriscola`, plays the candidate in its block of worlds, and plays every deal to the
end in lockstep with a playout policy over the whole batch (``policy="rule"``, the rule of thumb of
:mod:`~trionfi.agents.batched_policy`, a random card instead with probability ``epsilon``, 0.1 by default: it
measured better than the pure rule; or ``"random"``). A world scores ``returns()[seat]`` (win 1, tie 0, loss
-1) plus ``points_weight`` times the final point margin over the pack's points, every candidate on the same
worlds; the best mean wins (ties: the first in the legal order).

Near the end (at most ``solve_cards`` cards in the hands and the stock) and in what the batched core does not
play (Briscolone with following suit, whose voids the uniform worlds would ignore; other games), the agent hands
the decision to the hard level (:class:`~trionfi.agents.search.SearchAgent` with the level's settings), whose
exact endgame (:meth:`~trionfi.agents.briscola2.Briscola2.solve`) is kept as it is.

Reproducible for a seed: the worlds and playouts draw from a numpy generator seeded from the agent's ``rng``.
The time per move grows with ``worlds`` times the candidates, not with the machine's load: the defaults stay
well under the one-second budget on one core (docs/benchmarks.md).
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from ..batch import BatchBriscola
from ..batch.core import SUPPORTED_VARIANTS
from .base import Agent
from .batched_policy import RulePolicy
from .batched_worlds import BatchWorlds
from .briscola2 import Briscola2, briscola2

POLICIES = ("rule", "random")


class BatchedSearchAgent(Agent):
    """Monte Carlo over the hidden cards with batched playouts (module docstring)."""

    name = "batched"

    def __init__(
        self,
        game: Any = None,
        seed: int | None = None,
        budget: float | None = None,
        *,
        worlds: int = 2000,
        policy: str = "rule",
        points_weight: float = 2.0,
        solve_cards: int = 10,
        epsilon: float = 0.1,
        prior: float = 0.0,
        infer: float = 0.0,
        hard_samples: int | None = None,
    ) -> None:
        super().__init__(game=game, seed=seed, budget=budget)
        self.worlds = worlds
        self.policy = policy
        self.points_weight = points_weight
        self.solve_cards = solve_cards
        self.epsilon = epsilon
        self.prior = prior
        self.infer = infer
        self.hard_samples = hard_samples  # the hard level's worlds when it decides for this agent (None: its own)
        self.last_stats: dict[str, Any] = {}
        self._hard: Agent | None = None
        self._batches: dict[int, BatchBriscola] = {}
        self._fb: Briscola2 | None = None
        self._medium: Agent | None = None

    def _delegate(self, observation: dict[str, Any]) -> str:
        if self._hard is None:
            from . import make_agent

            self._hard = make_agent("hard", seed=self.rng.getrandbits(63), game=self.game, budget=self.budget)
            if self.hard_samples is not None:
                self._hard.samples = self.hard_samples  # type: ignore[attr-defined]
        self.last_stats = {"delegated": True}
        return self._hard.choose(observation)

    def _plays_batched(self, observation: dict[str, Any]) -> bool:
        game = self.game
        if game is None or game.name != "briscola" or game.players != 2 or game.variant not in SUPPORTED_VARIANTS:
            return False
        if game.has_extras or game.restriction.__name__ == "follow":
            return False
        left = sum(observation["hand_sizes"]) + (observation.get("stock") or 0)
        return left > self.solve_cards

    def choose(self, observation: dict[str, Any]) -> str:
        legal = self.legal(observation)
        if len(legal) == 1:
            return legal[0]
        if self.policy not in POLICIES:
            raise ValueError(f"policy is one of {', '.join(POLICIES)}, not {self.policy!r}")
        if not self._plays_batched(observation):
            return self._delegate(observation)
        start = time.process_time()
        game = self.game
        if self._fb is None:
            self._fb = briscola2(game)
        fb = self._fb
        rng = np.random.default_rng(self.rng.getrandbits(64))
        k = len(legal)
        n = self.worlds
        batch = self._batches.get(k)
        if batch is None:
            batch = self._batches[k] = BatchBriscola(k * n, **game._given)
        sampler = BatchWorlds(fb, batch.tables, observation, game.hand_size)
        drawn = sampler.draw(n, rng)
        batch.load_arrays(**{key: np.tile(value, (k,) + (1,) * (value.ndim - 1)) for key, value in drawn.items()})
        ids = np.array(batch.tables.ids(legal), dtype=np.int8)
        policy = RulePolicy(fb, batch, sampler.trump_card) if self.policy == "rule" else None
        if policy is not None:
            policy.start(batch)
        actions = np.repeat(ids, n)
        while True:
            batch.step(actions)
            if policy is not None:
                policy.played(actions)
            if batch.done:
                break
            actions = batch.random_actions(rng) if policy is None else policy.actions(batch)
            if policy is not None and self.epsilon:
                wild = rng.random(batch.n) < self.epsilon
                actions = np.where(wild, batch.random_actions(rng), actions)
        seat = observation["seat"]
        points = batch.points.astype(np.float32)
        margin = points[:, seat] - points[:, 1 - seat]
        score = batch.returns()[:, seat] + self.points_weight * margin / fb.pack_points
        weights = sampler.explained(drawn["hands"], self.infer) if self.infer else None
        means = np.average(score.reshape(k, n), axis=1, weights=weights)
        if self.prior:
            means[legal.index(self._liked(observation))] += self.prior  # settles near-ties
        best = int(np.argmax(means))  # the first of equal means: the legal order
        self.last_stats = {
            "worlds": n,
            "scores": dict(zip(legal, means.tolist(), strict=True)),
            "cpu_seconds": time.process_time() - start,
        }
        return legal[best]

    def _liked(self, observation: dict[str, Any]) -> str:
        """The medium level's card (the rule-of-thumb player)."""
        if self._medium is None:
            from . import make_agent

            self._medium = make_agent("medium", seed=self.rng.getrandbits(63), game=self.game)
        return self._medium.choose(observation)


def register() -> None:
    """Make ``batched`` a bot name for ``make_agent`` and tournaments (in this process and its forks)."""
    from . import AGENTS

    AGENTS.setdefault(BatchedSearchAgent.name, BatchedSearchAgent)


register()
