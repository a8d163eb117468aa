"""The random bot: a uniformly random legal action, except that it claims only when the claim is right (a
random claim would end nearly every deal at once, and wrongly)."""

from __future__ import annotations

import random
from typing import Any

from .base import Agent

QUIET = ("claim",)


class RandomAgent(Agent):
    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.rng = random.Random(seed)

    def choose(self, observation: dict[str, Any]) -> str:
        legal = observation["legal_actions"]
        if not legal:
            raise ValueError("the observation offers no legal action: it is not this seat's turn")
        if "claim" in legal and _claim_is_right(observation):
            return "claim"
        plays = [a for a in legal if a.split()[0] not in QUIET]
        return self.rng.choice(plays or legal)


def _claim_is_right(observation: dict[str, Any]) -> bool:
    target = observation.get("claim_target")
    if target is None:
        return False
    seat = observation["seat"]
    side = next(i for i, members in enumerate(observation["sides"]) if seat in members)
    return observation["points"][side] >= target
