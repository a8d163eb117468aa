"""The WebSocket messages (docs/protocol.md): checking what clients send, and the server's error codes."""

from __future__ import annotations

import json
import re
from typing import Any

ERROR_CODES = (
    "bad_json",
    "bad_message",
    "unknown_type",
    "too_large",
    "rate_limited",
    "hello_first",
    "already_greeted",
    "unknown_table",
    "bad_token",
    "not_a_seat",
    "seat_taken",
    "not_started",
    "stale_version",
    "bad_version",
    "illegal_action",
    "bad_options",
    "not_finished",
    "not_waiting",
    "not_absent",
    "phrases_only",
    "bad_origin",
    "internal",
)

# Said to a seat's first hello without a name; `trionfi join` reads it to ask the person's name only then.
NAME_NEEDED = 'the first hello of a seat needs a "name" (1 to 40 characters)'


def bot_name(seat: int) -> str:
    """A bot's name as every client shows it ("Bot 3"; the pages' lang files say it as ``seat.bot``)."""
    return f"Bot {seat}"


SERVER_TYPES = ("welcome", "events", "snapshot", "table", "presence", "rematch", "said", "pong", "error")


class ProtocolError(Exception):
    """A refused message or request: a code a program tests and a message a person reads."""

    def __init__(self, code: str, message: str, status: int = 400) -> None:
        assert code in ERROR_CODES, code
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status


# Each client message: its fields -> (allowed JSON types, required). Every message may carry an "id".
_TEXT = (str,)
_OPT_TEXT = (str, type(None))
_INT = (int,)
_BOOL = (bool,)
CLIENT_MESSAGES: dict[str, dict[str, tuple[tuple[type, ...], bool]]] = {
    "hello": {
        "table": (_TEXT, True),
        "token": (_OPT_TEXT, False),
        "name": (_OPT_TEXT, False),
        "version": (_INT, False),
        "full": (_BOOL, False),
    },
    "action": {"action": (_TEXT, True), "version": (_INT, True)},
    "sync": {"version": (_INT, True), "full": (_BOOL, False)},
    "leave": {},
    "say": {"text": (_TEXT, False), "phrase": (_TEXT, False)},
    "ping": {},
}
_TYPE_NAMES = {str: "a text", int: "a whole number", bool: "true or false", type(None): "null"}
MAX_NAME = 40
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def parse(text: str) -> dict[str, Any]:
    """The client message in ``text``, checked; a :class:`ProtocolError` says what is wrong with it."""
    try:
        msg = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise ProtocolError("bad_json", "a message is one JSON object in a text frame; this is not JSON") from None
    return check(msg)


def check(msg: Any) -> dict[str, Any]:
    if not isinstance(msg, dict):
        raise ProtocolError("bad_message", f"a message is a JSON object, not {_json_kind(msg)}")
    kind = msg.get("type")
    if not isinstance(kind, str):
        raise ProtocolError("bad_message", 'a message needs a "type" text, e.g. {"type": "hello", ...}')
    fields = CLIENT_MESSAGES.get(kind)
    if fields is None:
        known = ", ".join(CLIENT_MESSAGES)
        raise ProtocolError("unknown_type", f"unknown message type {kind[:40]!r}; the types are: {known}")
    allowed = {"type", "id", *fields}
    unknown = sorted(set(msg) - allowed)
    if unknown:
        names = ", ".join(repr(k[:40]) for k in unknown[:5])
        raise ProtocolError("bad_message", f"{kind}: unknown field(s) {names}; allowed: {', '.join(sorted(allowed))}")
    for name, (types, required) in fields.items():
        if name not in msg:
            if required:
                raise ProtocolError("bad_message", f'{kind}: the field "{name}" is missing')
            continue
        value = msg[name]
        if not isinstance(value, types) or (bool not in types and isinstance(value, bool)):
            want = " or ".join(_TYPE_NAMES[t] for t in types)
            raise ProtocolError("bad_message", f'{kind}: "{name}" must be {want}, not {_json_kind(value)}')
    if "id" in msg:
        ident = msg["id"]
        if isinstance(ident, bool) or not isinstance(ident, (str, int)) or len(str(ident)) > 64:
            raise ProtocolError(
                "bad_message", f'{kind}: "id" must be a text or a whole number of at most 64 characters'
            )
    for name in ("version",):
        if name in msg and msg[name] < 0:
            raise ProtocolError("bad_version", f"{kind}: a version is 0 or more, not {msg[name]}")
    if kind == "say" and ("text" in msg) == ("phrase" in msg):
        raise ProtocolError("bad_message", 'say: give either a "text" or a "phrase", not both or neither')
    if kind == "hello" and msg.get("name") is not None:
        msg["name"] = check_name(msg["name"])
    return msg


def ref_of(text: str) -> Any:
    """The "id" of a message that was refused, when it has a usable one (so the error can name it)."""
    try:
        msg = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        return None
    ident = msg.get("id") if isinstance(msg, dict) else None
    if isinstance(ident, bool) or not isinstance(ident, (str, int)) or len(str(ident)) > 64:
        return None
    return ident


def check_name(name: str) -> str:
    name = " ".join(name.split())
    if not 1 <= len(name) <= MAX_NAME or _CONTROL.search(name):
        raise ProtocolError("bad_message", f"a name is 1 to {MAX_NAME} characters without control characters")
    return name


def _json_kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a text"
    if isinstance(value, list):
        return "a list"
    return "an object"


def error(code: str, message: str, ref: Any = None) -> dict[str, Any]:
    msg: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if ref is not None:
        msg["ref"] = ref
    return msg
