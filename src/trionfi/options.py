"""Game options declared as data: name, default, allowed values, and a line of documentation.

Every game lists its options; :func:`resolve` checks keyword arguments against that list, so an unknown
option or a value out of range is a clear :class:`OptionError` naming what is allowed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .errors import OptionError, shown

_WHOLE = re.compile(r"[+-]?[0-9]{1,18}")


def whole_number(value: Any) -> int | None:
    """An int, or a text of ASCII digits (at most 18, with a sign), as an int; None for anything else.

    Stricter than ``int()``: no floats (``inf``, ``31.5``), no booleans, no other digits (``٣``, ``❶``) and
    no digit runs too long to convert.
    """
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and _WHOLE.fullmatch(value.strip()):
        return int(value.strip())
    return None


@dataclass(frozen=True)
class Option:
    name: str
    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None  # the allowed values, when they are few
    kind: type | None = None  # bool, int or str when choices is None
    aliases: Mapping[str, Any] | None = None  # other spellings of allowed values
    low: int | None = None  # for int options
    high: int | None = None
    allowed_text: str | None = None  # what a custom option accepts, in words
    default_text: str | None = None  # the default in words when the value does not say it ("with 4 or 6 players")

    def allowed(self) -> str:
        if self.allowed_text is not None:
            return self.allowed_text
        if self.choices is not None:
            return ", ".join(repr(c) for c in self.choices)
        if self.kind is bool:
            return "true or false"
        if self.kind is int and self.low is not None and self.low == self.high:
            return str(self.low)  # "allowed: 5", not "a whole number >= 5 and <= 5"
        if self.kind is int:
            lo = "" if self.low is None else f" >= {self.low}"
            hi = "" if self.high is None else f" <= {self.high}"
            return f"a whole number{lo}{' and' if lo and hi else ''}{hi}"
        return "a text"

    def convert(self, value: Any) -> Any:
        """The canonical value, or an OptionError saying what is allowed."""
        v = value
        if isinstance(v, str) and self.kind is not str:
            text = v.strip().lower()
            if self.aliases and text in self.aliases:
                v = self.aliases[text]
            elif text in ("none", "auto") and self.choices is not None and None in self.choices:
                v = None
            elif self.kind is bool or (self.choices and any(isinstance(c, bool) for c in self.choices)):
                truth = {
                    "true": True,
                    "yes": True,
                    "on": True,
                    "1": True,
                    "false": False,
                    "no": False,
                    "off": False,
                    "0": False,
                }
                if text in truth:
                    v = truth[text]
            elif self.kind is int or (
                self.choices and any(isinstance(c, int) and not isinstance(c, bool) for c in self.choices)
            ):
                number = whole_number(text)
                v = v if number is None else number
            elif self.choices is not None:
                # Case-insensitive, but the canonical spelling is kept.
                v = next((c for c in self.choices if isinstance(c, str) and c.lower() == text), text)
        elif isinstance(v, str) and self.aliases and v.strip().lower() in self.aliases:
            v = self.aliases[v.strip().lower()]
        ok = True
        if self.choices is not None:
            ok = any(v == c and type(v) is type(c) for c in self.choices)
        elif self.kind is bool:
            ok = isinstance(v, bool)
        elif self.kind is int:
            ok = isinstance(v, int) and not isinstance(v, bool)
            ok = ok and (self.low is None or v >= self.low) and (self.high is None or v <= self.high)
        elif self.kind is str:
            ok = isinstance(v, str)
        if not ok:
            raise OptionError(f"option {self.name}={shown(value)} is not allowed; allowed: {self.allowed()}")
        return v


def resolve(game: str, declared: Iterable[Option], given: Mapping[str, Any]) -> dict[str, Any]:
    """Defaults overridden by ``given``, each value checked. Unknown names raise :class:`OptionError`."""
    table = {o.name: o for o in declared}
    unknown = [k for k in given if k not in table]
    if unknown:
        names = ", ".join(map(shown, unknown))
        raise OptionError(f"{game} has no option {names}; its options are: {', '.join(table)}")
    values = {name: opt.default for name, opt in table.items()}
    for name, value in given.items():
        values[name] = table[name].convert(value)
    return values


def parse_assignments(items: Iterable[str]) -> dict[str, str]:
    """``["k=v", ...]`` from the command line into a dict (values stay text; options convert them)."""
    out: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise OptionError(f"an option is written name=value, e.g. variant=scoperta; got {shown(item)}")
        out[key.strip()] = value.strip()
    return out
