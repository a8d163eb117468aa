"""Players that are programs. An agent sees only what its seat may see: it is handed ``observation(seat)``,
never the state, and answers with the text of one of ``observation["legal_actions"]``."""

from .base import Agent
from .random import RandomAgent

AGENTS = {"random": RandomAgent}


def make_agent(name: str, seed: int | None = None) -> Agent:
    from ..errors import OptionError

    if name not in AGENTS:
        raise OptionError(f"no bot named {name!r}; the bots are: {', '.join(AGENTS)}")
    return AGENTS[name](seed=seed)


__all__ = ["AGENTS", "Agent", "RandomAgent", "make_agent"]
