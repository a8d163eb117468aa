"""Players that are programs. An agent sees only what its seat may see: it is handed ``observation(seat)``,
never the state, and answers with the text of one of ``observation["legal_actions"]``.

Agents by name (``make_agent``): ``random`` (uniform over legal actions, with a few sensible exceptions),
``heuristic`` (a per-game rule-of-thumb player), ``search`` (Monte Carlo over the hidden cards with playouts
and exact endgames) and ``solver`` (exact play once nothing is hidden, the search otherwise). Levels for
people: ``easy`` (random), ``medium`` (heuristic) and ``hard`` (search) name these with their settings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .base import Agent
from .heuristic import HeuristicAgent
from .random import RandomAgent
from .search import SearchAgent
from .solver import SolverAgent

if TYPE_CHECKING:
    from ..engine import Game

AGENTS: dict[str, type[Agent]] = {
    "random": RandomAgent,
    "heuristic": HeuristicAgent,
    "search": SearchAgent,
    "solver": SolverAgent,
}

# Level -> (agent name, time budget per move in seconds, the agent's settings). ``hard`` draws a fixed number of
# worlds (reproducible with a seed, whatever the machine's speed) and answers early when one move is clearly best;
# its time stays under a second per move (SearchAgent caps it).
LEVELS: dict[str, tuple[str, float | None, dict[str, Any]]] = {
    "easy": ("random", None, {}),
    "medium": ("heuristic", None, {}),
    "hard": ("search", None, {"samples": 1000, "prior": 0.03, "infer": 0.7, "learn": False}),
}


def make_agent(name: str, seed: int | None = None, game: Game | None = None, budget: float | None = None) -> Agent:
    """An agent by name or by level (``easy``, ``medium``, ``hard``)."""
    from ..errors import OptionError

    settings: dict[str, Any] = {}
    if name in LEVELS:
        name, level_budget, settings = LEVELS[name]
        budget = budget if budget is not None else level_budget
    if name not in AGENTS:
        raise OptionError(f"no bot named {name!r}; the bots are: {', '.join(AGENTS)}, or a level: {', '.join(LEVELS)}")
    agent = AGENTS[name](game=game, seed=seed, budget=budget)
    for key, value in settings.items():
        setattr(agent, key, value)
    return agent


__all__ = ["AGENTS", "LEVELS", "Agent", "HeuristicAgent", "RandomAgent", "SearchAgent", "SolverAgent", "make_agent"]
