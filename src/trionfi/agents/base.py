"""The agent interface: what a program that plays a seat receives, and what it answers."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from .manners import Manners

if TYPE_CHECKING:
    from ..engine import Game


class Agent:
    """Chooses an action from an observation.

    An agent is built with the static ``game`` (its rules and options: public knowledge), a ``seed`` for its
    random generator ``rng`` and a time ``budget`` in seconds per move (None: the agent's default). It is then
    handed only ``observation(seat)``, never the state, and answers with the text of one of
    ``observation["legal_actions"]``. Subclasses implement :meth:`decide`; :meth:`choose` wraps it in the
    table manners every bot keeps (:mod:`~trionfi.agents.manners`: talk already used in the deal is not
    offered again).
    """

    name = "agent"

    def __init__(self, game: Game | None = None, seed: int | None = None, budget: float | None = None) -> None:
        self.game = game
        self.seed = seed
        self.rng = random.Random(seed)
        self.budget = budget
        self.manners = Manners()

    def choose(self, observation: dict[str, Any]) -> str:
        """The text of one of ``observation["legal_actions"]``."""
        offered = self.manners.offer(observation)
        action = self.decide(offered)
        self.manners.note(offered, action)
        return action

    def decide(self, observation: dict[str, Any]) -> str:
        """The choice itself, among the actions the manners leave in ``observation["legal_actions"]``."""
        raise NotImplementedError

    @staticmethod
    def legal(observation: dict[str, Any]) -> list[str]:
        legal = observation.get("legal_actions") or []
        if not legal:
            raise ValueError("the observation offers no legal action: it is not this seat's turn")
        return list(legal)


def claim_is_right(observation: dict[str, Any]) -> bool:
    """Whether a claim now would be right: the seat's side has reached the claim target (Briscola a 31,
    Trijumf). Every bot claims exactly then: a right claim wins at once, a wrong one loses."""
    target = observation.get("claim_target")
    if target is None:
        return False
    seat = observation["seat"]
    side = next(i for i, members in enumerate(observation["sides"]) if seat in members)
    points = observation.get("claim_points") or observation["points"]
    return points[side] >= target
