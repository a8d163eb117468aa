"""The heuristic bot: a per-game rule-of-thumb player.

Each game registers a function ``policy(observation, rng) -> action text`` in :data:`POLICIES` (the
modules in :mod:`trionfi.agents.heuristics`); a game without one falls back to the random bot's choice.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from .random import RandomAgent

Policy = Callable[[dict[str, Any], Any], str]
POLICIES: dict[str, Policy] = {}


def register_policy(game_name: str) -> Callable[[Policy], Policy]:
    def wrap(policy: Policy) -> Policy:
        POLICIES[game_name] = policy
        return policy

    return wrap


def policy_for(game_name: str) -> Policy | None:
    if game_name not in POLICIES:
        module = game_name.replace("-", "_")
        try:
            importlib.import_module(f"{__package__}.heuristics.{module}")
        except ModuleNotFoundError as e:
            if e.name != f"{__package__}.heuristics.{module}":
                raise
    return POLICIES.get(game_name)


class HeuristicAgent(RandomAgent):
    name = "heuristic"

    def decide(self, observation: dict[str, Any]) -> str:
        policy = policy_for(observation["game"])
        if policy is None:
            return super().decide(observation)
        return policy(observation, self.rng)
