"""Partnership communication in Briscola (RULES.md §2.13): placeholder until the talk module lands."""

from __future__ import annotations

from typing import Any


def start_trick(state: Any) -> None:
    return None


def actions(state: Any, seat: int) -> list[Any]:
    return []


def act(state: Any, action: Any) -> None:
    raise NotImplementedError(action)


def observe(state: Any, seat: int, obs: dict[str, Any]) -> None:
    return None
