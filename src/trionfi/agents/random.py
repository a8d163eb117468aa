"""The random bot: a uniformly random legal action (card plays and other actions alike, except that it never
makes a claim or talks unless nothing else is allowed: random claims would end every deal at once)."""

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
        plays = [a for a in legal if a.split()[0] not in QUIET]
        return self.rng.choice(plays or legal)
