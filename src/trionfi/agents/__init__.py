"""Players that are programs. An agent sees only what its seat may see: it is handed ``observation(seat)``,
never the state, and answers with the text of one of ``observation["legal_actions"]``.

Agents by name (``make_agent``): ``random`` (uniform over legal actions, with a few sensible exceptions),
``heuristic`` (a per-game rule-of-thumb player). Levels for people (``make_level``): ``easy``, ``medium`` and
``hard`` map to these with time budgets.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .base import Agent
from .heuristic import HeuristicAgent
from .random import RandomAgent

if TYPE_CHECKING:
    from ..engine import Game

AGENTS: dict[str, type[Agent]] = {"random": RandomAgent, "heuristic": HeuristicAgent}

# Level -> (agent name, time budget per move in seconds). Stronger agents take the harder levels as they land.
LEVELS: dict[str, tuple[str, float | None]] = {
    "easy": ("random", None),
    "medium": ("heuristic", None),
    "hard": ("heuristic", None),
}


def make_agent(name: str, seed: int | None = None, game: Game | None = None, budget: float | None = None) -> Agent:
    """An agent by name or by level (``easy``, ``medium``, ``hard``)."""
    from ..errors import OptionError

    if name in LEVELS:
        name, level_budget = LEVELS[name]
        budget = budget if budget is not None else level_budget
    if name not in AGENTS:
        raise OptionError(f"no bot named {name!r}; the bots are: {', '.join(AGENTS)}, or a level: {', '.join(LEVELS)}")
    return AGENTS[name](game=game, seed=seed, budget=budget)


__all__ = ["AGENTS", "LEVELS", "Agent", "HeuristicAgent", "RandomAgent", "make_agent"]
