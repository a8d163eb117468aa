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
# worlds and does a fixed amount of work at most (plies of playouts and positions solved: Troccas' long playouts
# reach it long before the worlds run out), so that it is reproducible with a seed whatever the machine's speed;
# it answers early when one move is clearly best. Its time stays well under a second per move (a safety cap in
# SearchAgent stops a move at 0.9 s on a machine far slower than ours).
HARD_WORK = 100_000
LEVELS: dict[str, tuple[str, float | None, dict[str, Any]]] = {
    "easy": ("random", None, {}),
    "medium": ("heuristic", None, {}),
    "hard": (
        "search",
        None,
        # history, pool, respond: two-player Briscola only (docs/benchmarks.md, "The hard level, step by step").
        {
            "samples": 1000,
            "work": HARD_WORK,
            "prior": 0.03,
            "infer": 0.7,
            "learn": False,
            "history": 0.99,
            "pool": 4000,
            "respond": True,
        },
    ),
}


# (level, game) -> settings that replace the level's for that game. Troccas: its playouts run off the engine by
# the medium rule, and 30,000 plies (a few dozen worlds early in a deal) chose the card 100,000 chose in most
# positions (docs/benchmarks.md, "The hard level in the other games") at a third of the time. Briscola
# Chiamata: the hard level also bids the contracts its playouts make where the medium rule passes, and calls
# by them (agents/chiamata_auction.py): its card play makes most of them.
GAME_LEVELS: dict[tuple[str, str], dict[str, Any]] = {
    ("hard", "troccas"): {"work": 30_000},
    ("hard", "briscola-chiamata"): {"contracts": True},
}


def make_agent(name: str, seed: int | None = None, game: Game | None = None, budget: float | None = None) -> Agent:
    """An agent by name or by level (``easy``, ``medium``, ``hard``)."""
    from ..errors import OptionError

    settings: dict[str, Any] = {}
    if name in LEVELS:
        level = name
        name, level_budget, settings = LEVELS[name]
        if game is not None:
            settings = {**settings, **GAME_LEVELS.get((level, game.name), {})}
        budget = budget if budget is not None else level_budget
    if name not in AGENTS:
        raise OptionError(f"no bot named {name!r}; the bots are: {', '.join(AGENTS)}, or a level: {', '.join(LEVELS)}")
    agent = AGENTS[name](game=game, seed=seed, budget=budget)
    for key, value in settings.items():
        setattr(agent, key, value)
    return agent


__all__ = [
    "AGENTS",
    "GAME_LEVELS",
    "LEVELS",
    "Agent",
    "HeuristicAgent",
    "RandomAgent",
    "SearchAgent",
    "SolverAgent",
    "make_agent",
]
