"""The table page's link preview: what a chat app shows under an invite link ("Briscola, 4 players / Waiting for
one more player. At the table: Ann, Bot 1, Bot 3.") instead of a bare "trionfi · table". The words are the
page's own (web/lang/*.json), in the language the fetcher asks for. Seat links and spectator links are the same
address (the token stays in the fragment, which never reaches the server), so the text suits both."""

from __future__ import annotations

import html
import json
import re
from functools import cache
from importlib import resources
from typing import Any

LANGUAGES = ("en", "it")
TEMPLATE_TITLE = "<title>trionfi · table</title>"  # table.html's, replaced by the table's own


@cache
def _words(lang: str) -> dict[str, str]:
    text = resources.files("trionfi").joinpath(f"web/lang/{lang}.json").read_text(encoding="utf-8")
    return json.loads(text)


def language(accept: str | None) -> str:
    """The first language of an Accept-Language header the pages speak, by its weight; English otherwise."""
    wanted = []
    for i, part in enumerate((accept or "").split(",")):
        tag, _, params = part.strip().partition(";")
        q = re.search(r"q=([^;\s]*)", params)
        try:
            weight = float(q[1]) if q else 1.0
        except ValueError:
            weight = 0.0
        wanted.append((-weight, i, tag.strip().lower().split("-")[0]))
    return next((lang for _, _, lang in sorted(wanted) if lang in LANGUAGES), "en")


def _say(words: dict[str, str], key: str, **values: Any) -> str:
    return re.sub(r"\{(\w+)\}", lambda m: str(values.get(m[1], m[0])), words[key])


def titled(title: str, options: dict[str, Any], lang: str) -> str:
    """A table's name as the pages give it (options.js's tableTitle): the game's title, or the variant's or
    ruleset's when one is chosen ("Briscola a 31", "Triomphe · Strasbourg (1637)")."""
    for name in ("variant", "ruleset"):
        value = options.get(name)
        if value is None or value == "standard":
            continue
        said = _words(lang).get(f"option.value.{name}.{value}", str(value))
        return said if said.startswith(title) else f"{title} · {said}"
    return title


def preview(table: dict[str, Any], lang: str) -> tuple[str, str]:
    """The title and the description of a table (as GET /api/tables/{table} gives it)."""
    words = _words(lang)
    seats = table["seats"]
    game = titled(table["title"], table.get("options") or {}, lang)
    title = _say(words, "preview.title", game=game, n=len(seats))
    names = [s["name"] or _say(words, "seat.bot", n=s["seat"]) for s in seats if s["name"] or s["kind"] == "bot"]
    who = _say(words, "lobby.seated", names=", ".join(names)) if names else words["lobby.nobodyYet"]
    missing = sum(1 for s in seats if s["played_by"] is None)  # nobody there yet (a reserved seat's person too)
    if table["status"] == "waiting":
        state = words["preview.waitingOne"] if missing <= 1 else _say(words, "preview.waiting", n=missing)
    else:
        state = words["preview.finished" if table["status"] == "finished" else "preview.playing"]
    return title, f"{state} {who}."


def with_preview(page: str, table: dict[str, Any], lang: str, base: str) -> str:
    """``page`` (table.html) with the table's title, its Open Graph description and picture (the icon, by its
    address from ``base``, the server's as its links give it), every name escaped."""
    title, description = (html.escape(s, quote=True) for s in preview(table, lang))
    image = html.escape(f"{base}/icon-512.png", quote=True)
    head = (
        f"<title>{title} · trionfi</title>\n"
        f'  <meta name="description" content="{description}">\n'
        f'  <meta property="og:site_name" content="trionfi">\n'
        f'  <meta property="og:type" content="website">\n'
        f'  <meta property="og:title" content="{title}">\n'
        f'  <meta property="og:description" content="{description}">\n'
        f'  <meta property="og:image" content="{image}">'
    )
    return page.replace(TEMPLATE_TITLE, head, 1).replace('<html lang="en">', f'<html lang="{lang}">', 1)
