"""Bots at online tables: quick bots think in threads, searching bots in other processes, never on the event
loop; a bot is handed only its seat's observation."""

from __future__ import annotations

import random
import zlib
from collections import OrderedDict
from typing import Any

from trionfi.agents import LEVELS, make_agent

QUICK = ("random", "heuristic")  # answer in well under a millisecond: a thread is enough


def agent_name(bot: str) -> str:
    return LEVELS[bot][0] if bot in LEVELS else bot


def is_quick(bot: str) -> bool:
    return agent_name(bot) in QUICK


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot at ``seat`` at a table shuffled from ``seed`` (as the terminal's bots)."""
    return random.Random(seed * 1009 + seat).getrandbits(32)


def check_bot(bot: str) -> None:
    """An OptionError naming the bots and levels when ``bot`` is none of them."""
    make_agent(bot)


def worker_for(table: str, seat: int, workers: int) -> int:
    """Which of ``workers`` bot processes plays ``seat`` at ``table``: always the same one (a stable hash, not
    Python's salted one), so that the agent it keeps there remembers the deal."""
    return zlib.crc32(f"{table}/{seat}".encode()) % workers


# A worker process keeps the agents it built, so a searching bot keeps what it learned during the deal.
_AGENTS: OrderedDict[tuple[Any, ...], Any] = OrderedDict()
_KEEP = 256


def choose_in_process(game: str, options: dict[str, Any], bot: str, seed: int, key: tuple[Any, ...], obs: dict) -> str:
    """Run in a worker process: the agent of ``key`` (built on first use) chooses from ``obs``."""
    import trionfi

    agent = _AGENTS.get(key)
    if agent is None:
        agent = make_agent(bot, seed, game=trionfi.load(game, **options))
        _AGENTS[key] = agent
        while len(_AGENTS) > _KEEP:
            _AGENTS.popitem(last=False)
    else:
        _AGENTS.move_to_end(key)
    return str(agent.choose(obs))
