"""Game records: a deal or a match is exactly ``(game, options, seed, dealer, stacked deck, actions)``.

:func:`replay` rebuilds the state from a record and checks it on the way: every malformed field and every
action that does not replay raises :class:`RecordError` saying what is wrong.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .errors import RecordError, TrionfiError

KINDS = ("deal", "match")
FIELDS = {"format", "version", "kind", "game", "options", "seed", "dealer", "deck", "actions"}


def replay(record: dict[str, Any] | str) -> Any:
    """The state (or match) a record describes, with all its actions applied."""
    record = check(record)
    state = initial_state(record)
    for i, action in enumerate(record["actions"]):
        if not isinstance(action, str):
            raise RecordError(f"action {i + 1} must be a text, not {action!r}")
        try:
            state.apply(action)
        except TrionfiError as e:
            raise RecordError(f"action {i + 1} ({action!r}) does not replay: {e}") from None
    return state


def initial_state(record: dict[str, Any] | str) -> Any:
    """The state (or match) of a record before its first action (to step through it)."""
    from .registry import load

    record = check(record)
    try:
        game = load(record["game"], **record["options"])
        if record.get("kind", "deal") == "match":
            return game.match(seed=record["seed"])
        return game.deal(seed=record["seed"], deck=record.get("deck"), dealer=record.get("dealer"))
    except TrionfiError as e:
        raise RecordError(f"the record's game cannot be set up: {e}") from None


def check(record: dict[str, Any] | str) -> dict[str, Any]:
    """The record as a dict, its fields checked (a JSON text is parsed first)."""
    if isinstance(record, str):
        try:
            record = json.loads(record)
        except json.JSONDecodeError as e:
            raise RecordError(f"a record must be JSON: {e}") from None
    if not isinstance(record, dict):
        raise RecordError(f"a record is a JSON object, not {type(record).__name__}")
    unknown = set(record) - FIELDS
    if unknown:
        raise RecordError(f"unknown record field(s) {sorted(unknown)}; allowed: {sorted(FIELDS)}")
    if record.get("format", "trionfi") != "trionfi":
        raise RecordError(f"not a trionfi record (format {record.get('format')!r})")
    if record.get("version", 1) != 1:
        raise RecordError(f"record version {record.get('version')!r} is not supported (only 1)")
    kind = record.get("kind", "deal")
    if kind not in KINDS:
        raise RecordError(f"record kind {kind!r} is unknown; allowed: {', '.join(KINDS)}")
    for name, typ in (("game", str), ("options", dict), ("seed", int), ("actions", list)):
        if name not in record:
            raise RecordError(f"the record has no {name!r} field")
        if not isinstance(record[name], typ) or (typ is int and isinstance(record[name], bool)):
            raise RecordError(f"record field {name!r} must be a {typ.__name__}, not {record[name]!r}")
    return record


def save(state: Any, path: str | Path) -> None:
    Path(path).write_text(json.dumps(state.to_record(), indent=1) + "\n")


def load_file(path: str | Path) -> Any:
    try:
        text = Path(path).read_text()
    except OSError as e:
        raise RecordError(f"cannot read the record {str(path)!r}: {e.strerror}") from None
    return replay(text)
