"""What the API hands out is the caller's own: editing any value a method of a deal or a match returns (an
observation, a record, legal_actions(), hand(), points(), ...) never changes the game.

Every public method of every game's deal and match that takes no argument or a seat is called at each step
of a random game; every list, dict and set in what it returns, however deep, is then edited, and the state's
record and every seat's observation must be as before.
"""

from __future__ import annotations

import dataclasses
import inspect
import json
import random
from typing import Any

import pytest

import trionfi

CONFIGS = [
    ("briscola", {}),
    ("briscola", {"players": 4, "communication": "conversation"}),
    ("briscola", {"variant": "schembil", "players": 6, "rais": [2, 3]}),
    ("briscola", {"variant": "a31"}),
    ("briscola", {"variant": "briscolone", "target": 31}),
    ("briscola-chiamata", {"deals": 2}),
    ("trijumf", {"target": 101}),
    ("trijumf", {"players": 2, "target": 101}),
    ("triomphe", {"target": 2}),
    ("triomphe", {"ruleset": "strasbourg", "players": 3, "target": 30}),
    ("trionfetti", {"start_scores": [1, 3], "target": 4, "games": 2}),
    ("trionfetti", {"comanda": "manco e cavalli", "start_scores": "2-2", "target": 3}),
    ("troccas", {"deals_per_session": 4}),
]
SKIP = {"apply", "clone", "enter_match", "set_match_context"}  # these change the state, by design
# events() replays the whole deal or match at every call (tests/test_events.py checks its results are the caller's)
SKIP |= {"events"}


def _calls(obj: Any, players: int) -> list[tuple[str, Any]]:
    """(method name, argument) for every public method of ``obj`` taking nothing or a seat."""
    out = []
    for name in dir(obj):
        if name.startswith("_") or name in SKIP:
            continue
        method = getattr(obj, name)
        if not inspect.ismethod(method):
            continue
        required = [p.name for p in inspect.signature(method).parameters.values() if p.default is p.empty]
        if not required:
            out.append((name, None))
        elif required == ["seat"]:
            out.extend((name, s) for s in range(players))
    return out


def _targets(state: Any, kind: str) -> list[Any]:
    return [state, state.state] if kind == "match" else [state]


def _call(target: Any, name: str, arg: Any) -> Any:
    method = getattr(target, name)
    return method() if arg is None else method(arg)


def _containers(value: Any, found: list[Any], seen: set[int]) -> None:
    if id(value) in seen:
        return
    seen.add(id(value))
    if isinstance(value, list | dict | set):
        found.append(value)
    if isinstance(value, dict):
        inner: Any = value.values()
    elif isinstance(value, list | tuple | set | frozenset):
        inner = value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        inner = vars(value).values()
    else:
        return
    for item in list(inner):
        _containers(item, found, seen)


def _vandalise(value: Any) -> None:
    """Edit every list, dict and set inside ``value`` (after finding them all, so nothing is missed)."""
    found: list[Any] = []
    _containers(value, found, set())
    for c in found:
        if isinstance(c, list):
            c[:] = ["edited", *c[1:]] if c else []
            c.append("edited")
        elif isinstance(c, dict):
            for key in list(c):
                c[key] = "edited"
            c["edited"] = "edited"
        else:
            c.add("edited")


def _snapshot(state: Any, players: int) -> str:
    facts = {
        "record": state.to_record(),
        "observations": [state.observation(s) for s in range(players)],
        "legal": [str(a) for a in state.legal_actions()],
        "points": state.points(),
        "returns": state.returns(),
        "hands": [state.hand(s) for s in range(players)] if not state.is_terminal() else [],
    }
    return json.dumps(facts, sort_keys=True, default=repr)


def _step(state: Any, rng: random.Random) -> None:
    legal = state.legal_actions()
    cards = [a for a in legal if a.__class__ is trionfi.Card]
    # Mostly cards, so that talk and signals do not drag the game out.
    state.apply(rng.choice(cards if cards and rng.random() < 0.8 else legal))


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=[f"{n}-{i}" for i, (n, _) in enumerate(CONFIGS)])
@pytest.mark.parametrize("kind", ["deal", "match"])
def test_editing_returned_values_never_changes_the_game(name, options, kind):
    game = trionfi.load(name, **options)
    players = game.players
    state = game.deal(seed=5) if kind == "deal" else game.match(seed=5)
    rng = random.Random(7)
    for step in range(600):
        if step > 20 and step % 8 and not state.is_terminal():  # every step at first, then every 8th: time
            _step(state, rng)
            continue
        before = _snapshot(state, players)
        calls = [(i, name, arg) for i, t in enumerate(_targets(state, kind)) for name, arg in _calls(t, players)]
        for i, method, arg in calls:
            _vandalise(_call(_targets(state, kind)[i], method, arg))
        if _snapshot(state, players) != before:
            # Name the culprits: the same calls one at a time on the state rebuilt from its record.
            culprits = []
            for i, method, arg in calls:
                fresh = trionfi.replay(json.loads(before)["record"])
                check = _snapshot(fresh, players)
                _vandalise(_call(_targets(fresh, kind)[i], method, arg))
                if _snapshot(fresh, players) != check:
                    culprits.append(f"{'match.state.' if i else ''}{method}({'' if arg is None else arg})")
            pytest.fail(f"{name} {kind}, step {step}: editing what these return changed the game: {culprits}")
        if state.is_terminal():
            break
        _step(state, rng)
    assert state.is_terminal() or step == 599


def test_the_vandal_reaches_nested_values():
    # The check above is only as good as the editing: it must reach a list inside a dict inside a tuple.
    inner = [1, 2]
    value = ({"a": [inner]},)
    _vandalise(value)
    assert inner[0] == "edited" and value[0]["a"] == "edited"


def test_a_shared_value_is_caught():
    # A state that hands out its own list must fail the snapshot comparison (so the test above can fail).
    state = trionfi.load("trionfetti", start_scores="1-3").deal(seed=1)
    options = state.game._given  # what the engine would share if it did not copy
    before = _snapshot(state, 4)
    _vandalise(options)
    assert _snapshot(state, 4) != before
