"""Games by name: ``games()`` lists them, ``load(name, **options)`` builds one (aliases accepted)."""

from __future__ import annotations

from typing import Any

from .engine import Game
from .errors import OptionError, shown

_GAMES: dict[str, type[Game]] = {}
_ALIASES: dict[str, str] = {}


def register(cls: type[Game]) -> type[Game]:
    _GAMES[cls.name] = cls
    for alias in cls.aliases:
        _ALIASES[alias] = cls.name
    return cls


def games() -> list[str]:
    """The names of the registered games."""
    return list(_GAMES)


def game_class(name: str) -> type[Game]:
    if not isinstance(name, str):
        raise OptionError(f"a game name is a text, not {shown(name)}")
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    if key not in _GAMES:
        raise OptionError(f"no game named {shown(name)}; the games are: {', '.join(_GAMES)}")
    return _GAMES[key]


def load(name: str, /, **options: Any) -> Game:
    """The game ``name`` with these options; an unknown name or option raises :class:`OptionError`.

    ``name`` is positional-only, so that an option called ``name`` (say, in a record) is an unknown option
    like any other, not a clash of arguments."""
    cls = game_class(name)
    key = name.strip().lower()
    # A few aliases select a variant of their family ("schembil" is Briscola with variant=schembil).
    implied = {"briscolone": "briscolone", "schembil": "schembil"}.get(key)
    if implied and "variant" not in options:
        options = {**options, "variant": implied}
    if cls.name == "briscola":
        options = _briscola_spellings(options)
        if options.get("variant") == "chiamata":
            options = {k: v for k, v in options.items() if k != "variant"}
            return _GAMES["briscola-chiamata"](**options)
    return cls(**options)


def _briscola_spellings(options: dict[str, Any]) -> dict[str, Any]:
    from .games.briscola import PLAYER_COUNT_VARIANTS
    from .options import whole_number

    variant = options.get("variant")
    if isinstance(variant, str) and variant.strip().lower() in PLAYER_COUNT_VARIANTS:
        count = PLAYER_COUNT_VARIANTS[variant.strip().lower()]
        if "players" in options and whole_number(options["players"]) != count:
            raise OptionError(f"variant={variant!r} means {count} players, but players={shown(options['players'])}")
        options = {**options, "variant": "standard", "players": count}
    elif isinstance(variant, str) and variant.strip().lower() == "chiamata":
        options = {**options, "variant": "chiamata"}
    return options
