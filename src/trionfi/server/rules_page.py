"""A game's rules for players as a web page, as they apply to a table's options: ``/t/{table}/rules`` (linked
from the table, and from an invite before the name is given) and ``/rules/{game}?option=value`` (linked from
the lobby's form as it is filled in). The text is the one ``trionfi rules`` prints (trionfi/texts/<game>.md),
rendered on the server: the page needs no script and opens beside the table without disturbing it.

The page speaks the reader's language: ``?lang=it``, the language the table page or the lobby is in; else the
browser's."""

from __future__ import annotations

import html
from functools import cache
from typing import Literal

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

# The page's own words (the other pages' are in web/lang/*.json, read by their scripts; this page has none).
WORDS = {
    "en": {
        "title": "How to play {game}",
        "table": "{game} for {n} players, with this table's options.",
        "chosen": "{game} for {n} players, with the options chosen.",
        "default": "{game} for {n} players.",
        "cards": "See the cards of this pack",
        "index": "How to play",
        "index_note": "The rules of each game, as trionfi plays them; a table's own options are in its link.",
        "refused": "No such rules",
    },
    "it": {
        "title": "Come si gioca a {game}",
        "table": "{game} in {n} giocatori, con le opzioni di questo tavolo.",
        "chosen": "{game} in {n} giocatori, con le opzioni scelte.",
        "default": "{game} in {n} giocatori.",
        "cards": "Guarda le carte di questo mazzo",
        "index": "Come si gioca",
        "index_note": "Le regole di ogni gioco, come le gioca trionfi; le opzioni di un tavolo sono nel suo link.",
        "refused": "Nessuna regola così",
    },
}


@cache
def _rendered(markdown: str) -> str:
    return _MARKDOWN.render(markdown)


def display_title(game: Game, lang: str) -> str:
    """The game's name as the lobby and the table give it: its variant's or ruleset's when one other than the
    default is chosen ("Briscola a 31", "Triomphe · Strasbourg (1637)")."""
    from .preview import titled

    defaults = {o.name: o.default for o in game.OPTIONS}
    chosen = {name: value for name, value in game.options.items() if value != defaults.get(name)}
    return titled(type(game).title, chosen, lang)


def rules_html(game: Game, lang: str, which: Literal["table", "chosen", "default"]) -> str:
    """The page of ``game``'s rules as its options make them, in ``lang`` (every game's rules are written in
    every language of the pages); ``which`` options they are: a table's, chosen in the lobby's form, or the
    defaults."""
    from trionfi.texts import rules_text

    lang = lang if lang in WORDS else "en"
    words = WORDS[lang]
    name = display_title(game, lang)
    title = words["title"].format(game=name)
    note = words[which].format(game=name, n=game.players)
    # The gallery's section of the game's pack: a Swiss tarot or a 52-card Italian pack is new to most readers.
    cards = f'<a href="/cards.html#{game.deck.family}" data-cards>{html.escape(words["cards"])}</a>'
    body = (
        f"    <h1>{html.escape(title)}</h1>\n"
        f'    <p class="rules-note">{html.escape(note)} {cards}</p>\n'
        f'    <article class="rules-text">\n{_rendered(rules_text(game, lang))}    </article>'
    )
    return _page(lang, title, body)


def _games(lang: str) -> str:
    """Every game's rules page as a list: its title linked, and the first sentence of its rules."""
    import trionfi
    from trionfi.texts.rules import sections

    items = []
    for name in trionfi.games():
        title = trionfi.registry.game_class(name).title
        opening = sections(name, lang)[0].body.split("\n\n")[0]
        first = opening.split(". ")[0].rstrip(".") + "."
        link = f'<a href="/rules/{name}?lang={lang}">{html.escape(title)}</a>'
        items.append(f'      <li data-game="{name}">{link}: {html.escape(first)}</li>')
    return '    <ul class="rules-games">\n' + "\n".join(items) + "\n    </ul>"


def _page(lang: str, title: str, body: str) -> str:
    page = _PAGE.format(title=html.escape(f"trionfi · {title}"), body=body)
    return page.replace('<html lang="en">', f'<html lang="{lang}">', 1)


def index_html(lang: str) -> str:
    """``/rules``: every game, with its first sentence, linked to its rules (the lobby's *Rules*)."""
    lang = lang if lang in WORDS else "en"
    words = WORDS[lang]
    note = f'    <p class="rules-note">{html.escape(words["index_note"])}</p>'
    return _page(lang, words["index"], f"    <h1>{html.escape(words['index'])}</h1>\n{note}\n{_games(lang)}")


def refusal_html(message: str, lang: str) -> str:
    """The page of rules asked for with a wrong game or option: what was wrong (the engine's words), and every
    game's rules."""
    lang = lang if lang in WORDS else "en"
    words = WORDS[lang]
    body = (
        f'    <h1>{html.escape(words["refused"])}</h1>\n    <p class="error">{html.escape(message)}</p>\n{_games(lang)}'
    )
    return _page(lang, words["refused"], body)
