"""Each game's rules written for players, stored as Markdown in ``trionfi/texts/<game>.md``, and in Italian in
``<game>.it.md`` (the browser's rules page in Italian; the same sections with the same conditions in the same
order, and the same figures, which a test holds them to).

A file is an opening paragraph or two and then ``###`` sections. A section heading may end in a condition in
braces, ``### Briscolone {variant=briscolone}``: the terminal (``trionfi rules``) shows that section only when
the game's options match it, while the docs page (``docs/<game>.md``) shows every section, the condition
written after its heading in brackets. A condition is a space-separated list of ``name=value`` or
``name!=value`` terms, all of which must hold; a term may list several values, ``players=4|6``. ``name`` is an
option of the game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from ..engine import Game

HEADING = re.compile(r"^### (?P<title>.+?)(?:\s*\{(?P<condition>[^}]*)\})?\s*$")
TERM = re.compile(r"^(?P<name>\w+)(?P<op>!=|=)(?P<values>[^\s=!]+)$")
DOCS_START = "<!-- rules for players: generated from src/trionfi/texts/{name}.md, do not edit here -->"
DOCS_END = "<!-- end of the rules for players -->"


@dataclass(frozen=True)
class Section:
    title: str | None  # None: the opening paragraphs
    condition: str  # "" when the section always applies
    body: str

    def markdown(self, show_condition: bool = False) -> str:
        """The section as Markdown; ``show_condition`` adds the options it applies to to its heading, as the
        docs page shows every section ("### Briscolone (variant=briscolone)")."""
        if self.title is None:
            return self.body
        when = f" ({', '.join(self.condition.split())})" if show_condition and self.condition else ""
        return f"### {self.title}{when}\n\n{self.body}"


def _file(name: str, lang: str) -> str:
    return f"{name}.md" if lang == "en" else f"{name}.{lang}.md"


@cache
def languages(name: str) -> tuple[str, ...]:
    """The languages the game ``name``'s rules are written in (English first, the source of the docs pages)."""
    return tuple(lang for lang in ("en", "it") if resources.files(__package__).joinpath(_file(name, lang)).is_file())


@cache
def sections(name: str, lang: str = "en") -> tuple[Section, ...]:
    """The sections of the game ``name``'s rules file in ``lang``, in order (the opening paragraphs first)."""
    text = resources.files(__package__).joinpath(_file(name, lang)).read_text(encoding="utf-8")
    found: list[Section] = []
    title: str | None = None
    condition = ""
    lines: list[str] = []
    for line in [*text.splitlines(), "### end"]:
        m = HEADING.match(line)
        if m is None:
            lines.append(line)
            continue
        body = "\n".join(lines).strip()
        if body or title is not None:
            found.append(Section(title, condition, body))
        title, condition, lines = m["title"], (m["condition"] or "").strip(), []
    for section in found:
        for term in section.condition.split():
            if TERM.match(term) is None:
                raise ValueError(f"{_file(name, lang)}, section {section.title!r}: cannot read the condition {term!r}")
    return tuple(found)


def _show(value: Any) -> str:
    """An option value as a condition writes it: true, false, none, 4, briscolone."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


def _value(game: Game, name: str) -> str:
    if name not in game.options:
        raise ValueError(f"{game.name} has no option {name!r} (in a condition of its rules text)")
    # Some options are settled by others (players by the variant, partnerships by players): read what the game
    # made of them when it keeps a plain value under the same name.
    settled = getattr(game, name, None)
    if settled is None or not isinstance(settled, (str, int, bool)):
        settled = game.options[name]
    return _show(settled)


def applies(game: Game, condition: str) -> bool:
    """Whether every term of ``condition`` holds for ``game``'s options."""
    for term in condition.split():
        m = TERM.match(term)
        if m is None:
            raise ValueError(f"cannot read the condition {term!r}")
        inside = _value(game, m["name"]) in m["values"].split("|")
        if inside != (m["op"] == "="):
            return False
    return True


def rules_text(game: Game, lang: str = "en") -> str:
    """The rules of ``game`` for a player, as Markdown: the sections that apply to its options, in ``lang`` if
    they are written in it (see :func:`languages`), else in English."""
    lang = lang if lang in languages(game.name) else "en"
    return "\n\n".join(s.markdown() for s in sections(game.name, lang) if applies(game, s.condition)) + "\n"


def full_rules_text(name: str) -> str:
    """Every section of the game ``name``'s rules, as the docs page shows them: each heading says which options
    its section is for."""
    return "\n\n".join(s.markdown(show_condition=True) for s in sections(name)) + "\n"


def docs_block(name: str) -> str:
    """The block of ``docs/<name>.md`` that holds the rules for players, markers included."""
    return f"{DOCS_START.format(name=name)}\n\n{full_rules_text(name)}\n{DOCS_END}"


def write_docs(folder: Path, names: list[str]) -> list[Path]:
    """Put each game's rules into its docs page, between the markers (appended when a page has none yet).

    Returns the pages that changed."""
    changed = []
    for name in names:
        path = folder / f"{name}.md"
        old = path.read_text(encoding="utf-8") if path.exists() else f"# {name}\n"
        start = old.find(DOCS_START.format(name=name))
        end = old.find(DOCS_END)
        block = docs_block(name)
        if start >= 0 and end > start:
            new = old[:start] + block + old[end + len(DOCS_END) :]
        else:
            new = old.rstrip("\n") + "\n\n## The rules for players\n\n" + block + "\n"
        if new != old:
            path.write_text(new, encoding="utf-8")
            changed.append(path)
    return changed
