"""The agent interface."""

from __future__ import annotations

from typing import Any


class Agent:
    """Chooses an action from an observation. Subclasses implement :meth:`choose`."""

    name = "agent"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, observation: dict[str, Any]) -> str:
        """The text of one of ``observation["legal_actions"]``."""
        raise NotImplementedError
