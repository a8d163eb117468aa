"""The replay of a finished table, step by step, with every hand face up (GET /api/tables/{table}/replay).

The browser's replay viewer steps forward and back through a deal without any rule of the game: each step
carries what the table showed after one action (the spectators' observation, the public events the action
caused) and every seat's hand at that moment. Only finished tables are replayed, so no hand is shown while it
still matters; a match is split into its deals.
"""

from __future__ import annotations

from typing import Any

from trionfi.events import EventLog, meet
from trionfi.records import initial_state

Step = dict[str, Any]


def _deal_of(state: Any) -> Any:
    deal = getattr(state, "state", None)
    return deal if deal is not None else state


def _view(state: Any, deal: Any, n: int) -> tuple[dict[str, Any], list[list[str]]]:
    """The spectators' observation and every hand, of ``deal`` (the match's view while it is the match's deal:
    its observation then carries the match score)."""
    source = state if _deal_of(state) is deal else deal
    seats = [source.observation(s) for s in range(n)]
    return meet(seats), [list(o.get("hand", [])) for o in seats]


def _step(seat: int | None, action: str | None, events: list[dict], view: tuple[dict, list]) -> Step:
    observation, hands = view
    return {"seat": seat, "action": action, "events": events, "observation": observation, "hands": hands}


def replay_deals(record: dict[str, Any]) -> list[dict[str, Any]]:
    """The deals of a finished record: each ``{"dealer", "steps", "tricks"}``. Step 0 is the deal as dealt;
    step k the table after the deal's k-th action. ``tricks[i]`` is the step at which trick i + 1 was taken."""
    state = initial_state(record)
    n = _deal_of(state).game.players
    log = EventLog(state)
    state = log.state
    deal = _deal_of(state)
    deals = [{"dealer": deal.dealer, "steps": [_step(None, None, log.events(None), _view(state, deal, n))]}]
    for action in record["actions"]:
        seat = deal.current_player
        events = log.apply(action)[None]
        # A match that dealt again: this action's events up to the new deal belong to the deal it ended.
        cut = next((i for i, e in enumerate(events) if e["type"] == "deal"), len(events))
        deals[-1]["steps"].append(_step(seat, str(deal.history[-1]), events[:cut], _view(state, deal, n)))
        if _deal_of(state) is not deal:
            deal = _deal_of(state)
            opened = [e for e in events[cut:] if e["type"] != "match_end"]
            deals.append({"dealer": deal.dealer, "steps": [_step(None, None, opened, _view(state, deal, n))]})
    for d in deals:
        d["tricks"] = [i for i, step in enumerate(d["steps"]) for e in step["events"] if e["type"] == "trick"]
    return deals
