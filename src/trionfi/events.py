"""What each seat sees of each action: the engine's per-seat event view.

Every applied action becomes, for every seat and for a spectator, a short list of *events*: the action itself
(or its public form, or nothing), then what it caused that this viewer may know: messages heard, a completed
trick, cards received, cards shown, the trump turned, the end of the deal or match. The terminal prints exactly
these events; the online server sends exactly these.

Two sources decide what a viewer sees, and nothing else does:

* the game's :meth:`~trionfi.engine.Game.audience` says who sees an action as it is (a private signal, a hidden
  discard); every other action is public;
* everything an action caused is the difference between the viewer's observation before and after it, so an
  event can never hold more than ``observation(seat)`` does. A spectator's observation is what every seat
  agrees on (:func:`public_observation`).

Each viewer's log has its own numbering (its length): a table-wide action count would tell the opponents that a
private signal was given.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from typing import Any

import orjson

from .errors import IllegalAction, shown
from .records import initial_state

Event = dict[str, Any]
Viewer = int | None  # a seat, or None for a spectator

# Observation keys that hold another seat's cards this seat may see, keyed by that seat (as text).
SEAT_CARDS = ("open_hands", "known_cards", "views")
# Keys that are the viewer's own by nature: a spectator has none of them.
OWN_KEYS = {"seat": None, "hand": [], "legal_actions": []}


def _deal_of(state: Any) -> Any:
    """The deal in progress of a match (or the state itself)."""
    deal = getattr(state, "state", None)
    return deal if deal is not None else state


# --- the spectator's view ------------------------------------------------------------------------------------
def public_observation(state: Any) -> dict[str, Any]:
    """What a spectator may see of ``state`` (a deal or a match): what every seat's observation agrees on.

    A card another seat may see is public when every seat but its holder sees it (a Scoperta hand, a turned-up
    card in a hand); the rest of a value is kept only where all seats see the same.
    """
    n = _deal_of(state).game.players
    return meet([state.observation(s) for s in range(n)])


def meet(observations: list[dict[str, Any]]) -> dict[str, Any]:
    """The common part of the seats' observations (seat ``i`` is ``observations[i]``)."""
    first = observations[0]
    public: dict[str, Any] = {}
    for key in first:
        if key in OWN_KEYS:
            public[key] = OWN_KEYS[key]
            continue
        if not all(key in o for o in observations):
            continue
        values = [o[key] for o in observations]
        if key in SEAT_CARDS and all(isinstance(v, dict) for v in values):
            public[key] = _meet_seat_cards(values)
        else:
            public[key] = _meet(values)
    return public


def _meet_seat_cards(values: list[dict[str, Any]]) -> dict[str, Any]:
    """Seat k's cards are public when every seat other than k sees the same cards of it."""
    shown: dict[str, Any] = {}
    for k in {k for v in values for k in v}:
        others = [v.get(k) for i, v in enumerate(values) if str(i) != k]
        if others and others[0] is not None and all(o == others[0] for o in others):
            shown[k] = others[0]
    return dict(sorted(shown.items(), key=lambda kv: int(kv[0]) if kv[0].isdigit() else 0))


def _meet(values: list[Any]) -> Any:
    first = values[0]
    if all(v == first for v in values):
        return first
    if all(isinstance(v, dict) for v in values):
        return {k: _meet([v[k] for v in values]) for k in first if all(k in v for v in values)}
    if all(isinstance(v, list) for v in values):
        return _common_items(values)
    return None


def _common_items(lists: list[list[Any]]) -> list[Any]:
    """The items every list holds (as many times as every list holds them), in the first list's order."""
    counts = [Counter(_key(x) for x in lst) for lst in lists[1:]]
    kept = []
    for item in lists[0]:
        k = _key(item)
        if all(c[k] > 0 for c in counts):
            for c in counts:
                c[k] -= 1
            kept.append(item)
    return kept


def _key(item: Any) -> Any:
    return repr(item)


# --- the event log -------------------------------------------------------------------------------------------
class EventLog:
    """A deal or match together with every viewer's event log; apply actions through it.

    ``EventLog(state)`` replays the state's history from its record, so the logs are the same whenever they
    are built. ``apply`` returns each viewer's new events.

    With ``spectator=False`` the spectator's log (the costliest: it needs every seat's observation and their
    meet) is only worked out when first asked for (``events``, ``version``, ``observation`` or a ``_json``
    method with ``None``), by replaying the record, and kept up from then on; until then ``apply`` returns the
    seats' events only. A server does this: most tables have no spectator.

    The logs, and the viewers' observations now, are held as JSON texts: what a server sends, immutable (what
    is handed out is always the caller's own), and nothing for the garbage collector to walk through (a
    thousand tables' observations, kept from one action to the next, made its collections long pauses).
    An observation reads back from its text exactly as the engine made it (plain JSON values), so the events
    worked out from the texts are the same.
    """

    def __init__(self, state: Any, *, spectator: bool = True, _live: tuple[Viewer, ...] | None = None) -> None:
        record = state.to_record()
        fresh = initial_state(record)
        n = _deal_of(fresh).game.players
        self.viewers: tuple[Viewer, ...] = (*range(n), None)
        # The viewers whose logs are kept (every seat, and the spectator unless it is left until asked for).
        self._live: tuple[Viewer, ...] = _live or (self.viewers if spectator else self.viewers[:-1])
        self._logs: dict[Viewer, list[str]] = {v: [] for v in self._live}
        self.state = fresh
        self._deal = _deal_of(fresh)
        self._deals = 1
        seen = self._observe(fresh)  # the live viewers' observations now (a match's, with its "match")
        self._texts = {v: _encode(o) for v, o in seen.items()}
        self._open_deal(seen)
        for action in record["actions"]:
            self.apply(action)
        self.state = state if state.to_record() == fresh.to_record() else fresh
        if self.state is state:  # follow the caller's object from now on
            self._deal = _deal_of(state)

    # --- reading ---------------------------------------------------------------------------------------
    def events(self, viewer: Viewer, since: int = 0) -> list[Event]:
        """``viewer``'s events from index ``since`` (a seat number, or None for a spectator)."""
        return json.loads(self.events_json(viewer, since))

    def events_json(self, viewer: Viewer, since: int = 0) -> str:
        """``events(viewer, since)`` as JSON text (a list), as a server sends it."""
        log = self._log(viewer, IllegalAction)
        if not isinstance(since, int) or isinstance(since, bool) or since < 0:
            raise IllegalAction(f"since is a whole number from 0, not {shown(since)}")
        return "[" + ",".join(log[since:]) + "]"

    def version(self, viewer: Viewer) -> int:
        """How many events ``viewer`` has: its version."""
        log = self._logs.get(viewer) if viewer is not None else self._log(None, KeyError)
        if log is None:
            raise KeyError(viewer)
        return len(log)

    def observation(self, viewer: Viewer) -> dict[str, Any]:
        """``viewer``'s observation now (a spectator's: :func:`public_observation`), the caller's own copy.

        The log works them out at every action anyway; a server sending them saves doing it twice."""
        self._log(viewer, ValueError)
        return orjson.loads(self._texts[viewer])

    def observation_json(self, viewer: Viewer) -> str:
        """``observation(viewer)`` as JSON text (worked out once per action and viewer)."""
        self._log(viewer, ValueError)
        return self._texts[viewer]

    def _log(self, viewer: Any, error: type[Exception]) -> list[str]:
        """The viewer's log (the spectator's worked out now if it was left until asked for)."""
        if viewer is None and None not in self._logs:
            self._spectate()
        log = self._logs.get(viewer) if viewer is None or _is_seat(viewer) else None
        if log is None:
            raise error(f"a viewer is a seat from 0 to {len(self.viewers) - 2} or None, not {shown(viewer)}")
        return log

    def _spectate(self) -> None:
        """Start keeping the spectator's log: replay the record for the spectator alone."""
        alone = EventLog(self.state, _live=(None,))
        self._logs[None] = alone._logs[None]
        self._texts[None] = alone._texts[None]
        self._live = self.viewers

    # --- writing ---------------------------------------------------------------------------------------
    def apply(self, action: Any, seat: int | None = None) -> dict[Viewer, list[Event]]:
        """Apply ``action`` (as ``state.apply`` does: same errors, nothing changes on error) and return each
        viewer's new events (the caller's own)."""
        deal = self._deal
        actor = deal.current_player
        self.state.apply(action, seat=seat)
        done = deal.history[-1]
        before = {v: orjson.loads(self._texts[v]) for v in self._live}
        now = self._observe(self.state)
        current = _deal_of(self.state)
        after = now if current is deal else self._observe(deal)  # a match that dealt again: the old deal's end
        audience = deal.game.audience(done, actor)
        new: dict[Viewer, list[Event]] = {}
        for v in self._live:
            events = _diff(before[v], after[v], v)
            heard = any(e["type"] == "message" and e.get("sender") == actor for e in events)
            shown = _action_event(done, actor, v, audience)
            if shown is not None and not heard:  # talk is shown as what was said
                events.insert(0, shown)
            if deal.is_terminal():
                events.append(self._end(deal, after[v]))
            new[v] = events
        self._texts = {v: _encode(o) for v, o in now.items()}
        if current is not deal:  # a match dealt again
            self._deal = current
            self._deals += 1
            opened = self._open_deal(now, record=False)
            for v in self._live:
                new[v] += opened[v]
        if current is not self.state and self.state.is_terminal():
            end = {"type": "match_end", "score": list(self.state.points()), "returns": list(self.state.returns())}
            for v in self._live:
                new[v].append(dict(end))
        for v in self._live:
            self._logs[v] += [_encode(e) for e in new[v]]
        return new

    def _open_deal(self, seen: dict[Viewer, dict[str, Any]], record: bool = True) -> dict[Viewer, list[Event]]:
        """The first events of a deal: who deals, then the cards and facts the deal shows each viewer (``seen``:
        their observations now)."""
        deal = self._deal
        opened = {}
        for v in self._live:
            head: Event = {"type": "deal", "deal": self._deals, "dealer": deal.dealer}
            opened[v] = [head, *_diff(_empty(seen[v]), seen[v], v, first=True)]
        if record:
            for v in self._live:
                self._logs[v] += [_encode(e) for e in opened[v]]
        return opened

    def _observe(self, source: Any) -> dict[Viewer, dict[str, Any]]:
        """The live viewers' observations of ``source`` (the match or state, or a deal of a match); a spectator's
        needs every seat's."""
        n = len(self.viewers) - 1
        if None not in self._live:
            return {s: source.observation(s) for s in range(n)}
        seats = [source.observation(s) for s in range(n)]
        return {**{s: seats[s] for s in self._live if s is not None}, None: meet(seats)}

    def _end(self, deal: Any, seen: dict[str, Any]) -> Event:
        """The end of ``deal`` as a viewer whose observation of it is ``seen`` learns it."""
        end: Event = {"type": "end", "points": list(deal.points()), "returns": list(deal.returns())}
        said = verdict(seen)
        if said is not None:  # in a match the next deal's observation no longer says it
            end["outcome"] = said
        if seen.get("cards_won") is not None:  # a game whose tricks do not hold every card won (Troccas' discard)
            end["cards_won"] = list(seen["cards_won"])
        if self.state is not deal:  # in a match: the match score after this deal
            end["match_score"] = list(self.state.points())
            if seen.get("scores") is not None:  # a game over several deals (Trionfetti's to 20): its score now
                end["game_score"] = list(seen["scores"])
        return end


def verdict(obs: dict[str, Any]) -> str | None:
    """The deal's verdict in the game's own words, from a finished deal's observation, where the game states one
    beside the points: Briscola Chiamata's contract, made or not; Triomphe's and Troccas' results."""
    table = obs.get("table") if isinstance(obs.get("table"), dict) else {}
    said = obs.get("outcome") or table.get("result") or table.get("deal result")
    return str(said) if said else None


def _encode(value: Any) -> str:
    """Compact JSON text (as ``json.dumps(value, separators=(",", ":"), ensure_ascii=False)``; several times
    quicker: a server encodes every observation it sends)."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


def _is_seat(viewer: Any) -> bool:
    return isinstance(viewer, int) and not isinstance(viewer, bool)


def _action_event(action: Any, actor: int, viewer: Viewer, audience: Any) -> Event | None:
    if audience is None or (viewer is not None and viewer in audience.seats):
        return {"type": "action", "seat": actor, "action": str(action)}
    if audience.public is not None:
        return {"type": "action", "seat": actor, "public": _copy(audience.public)}  # the caller's own
    return None


def _empty(obs: dict[str, Any]) -> dict[str, Any]:
    """An observation with nothing in it yet: the baseline a deal's first events are measured from."""
    return {
        "hand": [],
        "hand_sizes": [0] * len(obs.get("hand_sizes") or []),
        "tricks": [],
        "messages": [],
        "trump": None,
        "indicator": None,
        **{k: {} for k in SEAT_CARDS},
    }


# --- what changed between two observations --------------------------------------------------------------------
def _diff(before: dict[str, Any], after: dict[str, Any], viewer: Viewer, first: bool = False) -> list[Event]:
    """The events that take ``viewer`` from observation ``before`` to ``after``, in the order they happen:
    the trick completed, what was said, the cards received and shown, the trump."""
    events: list[Event] = []
    old_tricks = before.get("tricks") or []
    tricks = after.get("tricks") or []
    start = len(old_tricks) if tricks[: len(old_tricks)] == old_tricks else 0
    for number, t in enumerate(tricks[start:], start=start + 1):
        events.append(
            {
                "type": "trick",
                "number": number,
                "leader": t.get("leader"),
                "cards": [list(p) for p in t["cards"]],
                "winner": t.get("winner"),
                "points": t.get("points"),
            }
        )
    # What was said comes after the trick it ends (a hand's result) and before the cards it deals or shows.
    events += [_message(m) for m in _added(before.get("messages") or [], after.get("messages") or [])]
    shown = _shown(before, after)
    if viewer is not None:
        got = _added_cards(before.get("hand") or [], after.get("hand") or [])
        if got:
            events.append({"type": "receive", "seat": viewer, "cards": got})
    old_sizes = before.get("hand_sizes") or []
    for seat, size in enumerate(after.get("hand_sizes") or []):
        grew = size - (old_sizes[seat] if seat < len(old_sizes) else 0)
        if seat == viewer or grew <= 0:
            continue
        event: Event = {"type": "receive", "seat": seat, "count": grew}
        seen = shown.get(seat, [])
        if seen and len(seen) <= grew:  # an open hand: the cards received are seen as they arrive
            event["cards"] = shown.pop(seat)
        events.append(event)
    for seat, cards in sorted(shown.items()):
        events.append({"type": "reveal", "seat": seat, "cards": cards})
    trump, indicator = after.get("trump"), after.get("indicator")
    changed = trump != before.get("trump") or (indicator is not None and indicator != before.get("indicator"))
    if changed and (trump is not None or indicator is not None or not first):
        events.append({"type": "trump", "trump": trump, "indicator": None if indicator is None else str(indicator)})
    return events


def _shown(before: dict[str, Any], after: dict[str, Any]) -> dict[int, list[str]]:
    """Cards of other seats that became visible (an open hand, a shown card, a look at a hand)."""
    shown: dict[int, list[str]] = {}
    for key in SEAT_CARDS:
        old, now = before.get(key) or {}, after.get(key) or {}
        for k, cards in now.items():
            added = _added_cards(old.get(k) or [], cards)
            if added and k.lstrip("-").isdigit():
                have = shown.setdefault(int(k), [])
                have += [c for c in added if c not in have]
    return shown


def _added(old: list[Any], new: list[Any]) -> list[Any]:
    """Items of ``new`` that ``old`` does not hold (usually a list that grew at its end)."""
    if new[: len(old)] == old:
        return new[len(old) :]
    return _added_cards(old, new)


def _added_cards(old: Iterable[Any], new: list[Any]) -> list[Any]:
    left = Counter(_key(x) for x in old)
    added = []
    for x in new:
        k = _key(x)
        if left[k] > 0:
            left[k] -= 1
        else:
            added.append(x)
    return added


def _message(m: Any) -> Event:
    """A message in one shape, whatever the game's own shape (dicts with sender/text, or pairs)."""
    if isinstance(m, dict):
        return {
            "type": "message",
            "sender": m.get("sender", m.get("seat")),
            "to": list(m.get("to") or []),
            "kind": m.get("kind", "say"),
            "text": str(m.get("text", "")),
        }
    if isinstance(m, (list, tuple)) and len(m) == 2:
        return {"type": "message", "sender": m[0], "to": [], "kind": "say", "text": str(m[1])}
    return {"type": "message", "sender": None, "to": [], "kind": "say", "text": str(m)}


def _copy(value: Any) -> Any:
    """A copy of JSON-like data (dicts, lists, immutable leaves): several times quicker than copy.deepcopy."""
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value
