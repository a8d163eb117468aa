"""A game's rules for players as a web page, as they apply to a table's options: ``/t/{table}/rules`` (linked
from the table, and from an invite before the name is given) and ``/rules/{game}?option=value`` (linked from
the lobby's form as it is filled in). The text is the one ``trionfi rules`` prints (trionfi/texts/<game>.md),
rendered on the server: the page needs no script and opens beside the table without disturbing it.

The rules are written in English only; a reader whose browser asks for Italian is told so in Italian."""

from __future__ import annotations

import html
from functools import cache

from markdown_it import MarkdownIt

from trionfi.engine import Game

# The texts are ours, but a page never passes raw HTML through: "js-default" escapes it.
_MARKDOWN = MarkdownIt("js-default")

_PAGE = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{title}</title>
  <link rel="icon" href="/icon.svg" type="image/svg+xml">
  <meta name="theme-color" content="#154d31">
  <link rel="stylesheet" href="/css/style.css">
</head>
<body class="page rules-page">
  <header class="topbar">
    <a class="brand" href="/">trionfi</a>
    <span class="topbar-spacer"></span>
  </header>
  <main class="rules">
{body}
  </main>
</body>
</html>
"""

# What an Italian reader is told above the English text (the pages' other words are in web/lang/*.json, read by
# their scripts; this page has none).
_IN_ENGLISH = {"it": "Le regole sono scritte in inglese."}


@cache
def _rendered(markdown: str) -> str:
    return _MARKDOWN.render(markdown)


def rules_html(game: Game, lang: str, note: str = "") -> str:
    """The page of ``game``'s rules as its options make them; ``note`` (plain text) says which table they are for."""
    from trionfi.texts import rules_text

    title = f"How to play {game.title}"
    parts = [f"    <h1>{html.escape(title)}</h1>"]
    if note:
        parts.append(f'    <p class="rules-note">{html.escape(note)}</p>')
    if lang in _IN_ENGLISH:
        parts.append(f'    <p class="rules-note" lang="{lang}">{html.escape(_IN_ENGLISH[lang])}</p>')
    parts.append(f'    <article class="rules-text">\n{_rendered(rules_text(game))}    </article>')
    return _PAGE.format(title=html.escape(f"trionfi · {title}"), body="\n".join(parts))


def refusal_html(message: str, choices: list[tuple[str, str]]) -> str:
    """The page of rules asked for with a wrong game or option: what was wrong, and links to what there is."""
    items = "\n".join(f'      <li><a href="{html.escape(href)}">{html.escape(text)}</a></li>' for href, text in choices)
    body = f'    <h1>No such rules</h1>\n    <p class="error">{html.escape(message)}</p>\n    <ul>\n{items}\n    </ul>'
    return _PAGE.format(title="trionfi · rules", body=body)
