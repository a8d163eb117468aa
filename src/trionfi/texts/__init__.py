"""Texts for players: each game's rules (``trionfi rules GAME`` and the docs pages) and the in-game help.

The rules are Markdown files in this package, one per game (:mod:`trionfi.texts.rules` says how they are
read); the help is built from the game itself (:mod:`trionfi.texts.help`). ``python -m trionfi.texts docs``
writes the rules into ``docs/<game>.md``.
"""

from .help import game_help
from .rules import full_rules_text, languages, rules_text

__all__ = ["full_rules_text", "game_help", "languages", "rules_text"]
