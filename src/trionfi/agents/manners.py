"""Table manners shared by every bot: say a thing once.

A bot that may talk would otherwise repeat itself: a search that finds a proposal worth a try finds it again
at the next pause, and a random talker may say the same statement at every turn. Before a bot chooses,
:meth:`Manners.offer` takes out of the legal actions what it has already done in this deal:

* a *proposal* (Troccas' ``propose redeal``) or a *statement* (``say ...``), once made, is not made again in
  the same deal: refused or ignored, it would not fare better the second time;
* a question, an order, a signal or a knock is given at most once per trick (the partner has heard it; the
  engines allow some of them again in every trick, the bots do not need to use that).

Only these talk actions are ever taken out, and never the last legal action. The bot sees nothing but its
observation, so a new deal is recognised from it: the dealer changed, or fewer tricks or fewer messages than
at the seat's previous choice (both only grow within a deal; a Troccas deal cancelled and dealt again keeps
its messages and is the same deal here, so a refused redeal is not proposed again after it either).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

ONCE_PER_DEAL = ("propose", "say")
ONCE_PER_TRICK = ("ask", "order", "signal", "knock")
TALK_WORDS = ONCE_PER_DEAL + ONCE_PER_TRICK


def is_talk(action: str) -> bool:
    """Whether an action text is table talk (a proposal, a statement, a question, an order, a signal, a knock)."""
    return action.split(" ", 1)[0] in TALK_WORDS


@dataclass
class _Seat:
    """What one seat has done in the deal it is playing."""

    dealer: Any = None
    progress: tuple[int, int] = (0, 0)  # (tricks done, messages heard) at its latest choice
    done: set[tuple[Any, str]] = field(default_factory=set)  # (when, action text)


class Manners:
    """Remembers, per seat, the talk a bot used in the current deal (module docstring)."""

    def __init__(self) -> None:
        self._seats: dict[int, _Seat] = {}

    def offer(self, observation: dict[str, Any]) -> dict[str, Any]:
        """The observation with the talk already used taken out of ``legal_actions`` (a shallow copy)."""
        legal = observation.get("legal_actions") or []
        if not any(is_talk(a) for a in legal):
            return observation
        record = self._record(observation)
        trick = _tricks_done(observation)
        kept = [a for a in legal if not is_talk(a) or (_when(a, trick), a) not in record.done]
        if not kept or len(kept) == len(legal):
            return observation
        return {**observation, "legal_actions": kept}

    def note(self, observation: dict[str, Any], action: str) -> None:
        """Remember that the seat of ``observation`` took ``action`` (only talk is remembered)."""
        if is_talk(action):
            self._record(observation).done.add((_when(action, _tricks_done(observation)), action))

    def _record(self, observation: dict[str, Any]) -> _Seat:
        seat = observation["seat"]
        progress = (_tricks_done(observation), len(observation.get("messages") or []))
        dealer = observation.get("dealer")
        record = self._seats.get(seat)
        if record is None or record.dealer != dealer or progress < record.progress:
            record = self._seats[seat] = _Seat(dealer)  # a new deal
        record.progress = progress
        return record


def _tricks_done(observation: dict[str, Any]) -> int:
    return len(observation.get("tricks") or [])


def _when(action: str, trick: int) -> Any:
    """The span within which ``action`` is not repeated: the deal (None) or one trick."""
    return None if action.split(" ", 1)[0] in ONCE_PER_DEAL else trick
