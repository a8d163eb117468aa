"""Game records: a deal or a match is exactly ``(game, options, seed, dealer, stacked deck, actions)``.

:func:`replay` rebuilds the state from a record and checks it on the way: every malformed field and every
action that does not replay raises :class:`RecordError` saying what is wrong.

Record files are UTF-8 JSON (a byte-order mark is allowed). :func:`read_json` reads them, and tournament
results too, refusing with the caller's error class what is not: another encoding, binary data, JSON nested
thousands deep, integers too long to convert, ``NaN`` and ``Infinity``.
"""

from __future__ import annotations

import json
import math
import random
from pathlib import Path
from typing import Any

from .errors import OptionError, RecordError, TrionfiError, shown

KINDS = ("deal", "match")
FIELDS = {"format", "version", "kind", "game", "options", "seed", "dealer", "deck", "actions"}
MAX_SEED = 2**64 - 1  # a seed fits in 64 bits, so that every JSON reader keeps it whole... as an integer


def seed_for(seed: Any) -> int:
    """The seed a deal or a match is played from: ``seed`` checked (a whole number from 0 to 2**64 - 1, which a
    record can hold), or a random one when it is None."""
    if seed is None:
        return random.getrandbits(63)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise OptionError(f"a seed is a whole number, not {shown(seed)}")
    if not 0 <= seed <= MAX_SEED:
        raise OptionError(f"a seed is a whole number from 0 to 2**64 - 1 ({MAX_SEED}), not {shown(seed)}")
    return seed


def replay(record: dict[str, Any] | str) -> Any:
    """The state (or match) a record describes, with all its actions applied."""
    record = check(record)
    state = initial_state(record)
    for i, action in enumerate(record["actions"]):
        if not isinstance(action, str):
            raise RecordError(f"action {i + 1} must be a text, not {shown(action)}")
        try:
            state.apply(action)
        except TrionfiError as e:
            raise RecordError(f"action {i + 1} ({shown(action)}) does not replay: {e}") from None
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
        record = loads(record, RecordError, "the record", "a record must be JSON: ")
    if not isinstance(record, dict):
        raise RecordError(f"a record is a JSON object, not {type(record).__name__}")
    keys = list(record)
    bad = [k for k in keys if not isinstance(k, str)]
    if bad:
        raise RecordError(f"record fields are named by texts, not {shown(bad[0])}")
    unknown = set(keys) - FIELDS
    if unknown:
        raise RecordError(f"unknown record field(s) {shown(sorted(unknown))}; allowed: {sorted(FIELDS)}")
    if record.get("format", "trionfi") != "trionfi":
        raise RecordError(f"not a trionfi record (format {shown(record.get('format'))})")
    if record.get("version", 1) != 1 or isinstance(record.get("version"), bool):
        raise RecordError(f"record version {shown(record.get('version'))} is not supported (only 1)")
    kind = record.get("kind", "deal")
    if not isinstance(kind, str) or kind not in KINDS:
        raise RecordError(f"record kind {shown(kind)} is unknown; allowed: {', '.join(KINDS)}")
    for name, typ in (("game", str), ("options", dict), ("seed", int), ("actions", list)):
        if name not in record:
            raise RecordError(f"the record has no {name!r} field")
        if not isinstance(record[name], typ) or (typ is int and isinstance(record[name], bool)):
            raise RecordError(f"record field {name!r} must be a {typ.__name__}, not {shown(record[name])}")
    bad = [k for k in record["options"] if not isinstance(k, str)]
    if bad:
        raise RecordError(f"option names in a record are texts, not {shown(bad[0])}")
    try:
        seed_for(record["seed"])
    except OptionError as e:
        raise RecordError(f"record field 'seed': {e}") from None
    if kind == "match":
        # A match deals every deal from its seed, the first dealer by the game's own rule: a deck or a dealer
        # would be ignored, so it is refused rather than silently dropped.
        extra = [name for name in ("deck", "dealer") if record.get(name) is not None]
        if extra:
            raise RecordError(
                f"a match record has no {' or '.join(map(repr, extra))} field: a match deals from its seed "
                "(record a single deal, kind 'deal', to stack its deck or choose its dealer)"
            )
    return record


def save(state: Any, path: str | Path) -> None:
    Path(path).write_text(json.dumps(state.to_record(), indent=1) + "\n", encoding="utf-8")


def load_file(path: str | Path) -> Any:
    """The state (or match) of the record in this file, with all its actions applied."""
    return replay(read_record(path))


def read_record(path: str | Path) -> dict[str, Any]:
    """The record in this file, its fields checked (its actions are not replayed)."""
    return check(read_json(path, RecordError, "the record", f"a record must be JSON, and {str(path)!r} is not: "))


# --- JSON files and texts, read with care -------------------------------------------------------------------
def read_json(path: str | Path, error: type[TrionfiError], what: str, not_json: str) -> Any:
    """The JSON value in the file at ``path``; anything that is not UTF-8 JSON raises ``error`` naming ``what``
    (malformed JSON: ``not_json`` followed by what the parser found)."""
    name = f"{what} {str(path)!r}"
    try:
        data = Path(path).read_bytes()
    except OSError as e:
        raise error(f"cannot read {name}: {e.strerror or e}") from None
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise error(f"{name} is UTF-16 (or UTF-32) text; save it as UTF-8")
    if b"\0" in data:
        raise error(f"{name} is not UTF-8 text: it holds NUL bytes (binary data, or UTF-16 or UTF-32 text)")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise error(
            f"{name} is not UTF-8 text: byte {e.start + 1} ({data[e.start]:#04x}) cannot be read "
            "(text in another encoding, such as Latin-1, or binary data?)"
        ) from None
    return loads(text, error, name, not_json)


def loads(text: str, error: type[TrionfiError], what: str, not_json: str) -> Any:
    """The JSON value in ``text``; malformed or hostile JSON raises ``error`` naming ``what`` (malformed JSON:
    ``not_json`` followed by what the parser found)."""
    try:
        return json.loads(text, parse_float=_finite(error, what), parse_constant=_constant(error, what))
    except json.JSONDecodeError as e:
        raise error(f"{not_json}{e.msg} at line {e.lineno}, column {e.colno}") from None
    except TrionfiError:  # from the number hooks
        raise
    except RecursionError:  # Python's reader stops at its recursion limit, cleanly
        raise error(f"{what} nests arrays and objects too deeply (thousands of levels)") from None
    except ValueError as e:  # the one other ValueError: an integer of more than sys.get_int_max_str_digits()
        raise error(f"{what} holds a number too long to read ({str(e).split(';')[0].lower()})") from None


def _finite(error: type[TrionfiError], what: str) -> Any:
    def parse(number: str) -> float:
        value = float(number)
        if not math.isfinite(value):
            raise error(f"{what} holds the number {number[:30]}, too large for a float")
        return value

    return parse


def _constant(error: type[TrionfiError], what: str) -> Any:
    def parse(name: str) -> float:
        raise error(f"{what} holds {name}, which is not a JSON number")

    return parse
