"""A page opened on a phone far away: every module it imports, and the English texts, are asked for at once by the
page itself, not one import level after another (six levels deep for the table page, a round trip each on a slow
network; the time to a friend's hand is measured by benchmarks/page_load.py, in docs/benchmarks.md)."""

from __future__ import annotations

import re

import pytest

from test_web_play import BOT, OPEN
from web_support import WEB_ROOT, browser, live_server, new_page, open_table  # noqa: F401 (fixtures)

PAGES = ["table.html", "index.html", "replay.html", "cards.html"]


def imported(entry: str) -> set[str]:
    """Every module ``entry`` imports, directly or through another, itself left out."""
    seen: set[str] = set()
    todo = [entry]
    while todo:
        module = todo.pop()
        for name in re.findall(r'from "\./([\w.]+)"', (WEB_ROOT / "js" / module).read_text(encoding="utf-8")):
            if name not in seen:
                seen.add(name)
                todo.append(name)
    seen.discard(entry)
    return seen


@pytest.mark.parametrize("page", PAGES)
def test_a_page_preloads_every_module_it_imports_and_the_english_texts(page: str) -> None:
    html = (WEB_ROOT / page).read_text(encoding="utf-8")
    (entry,) = re.findall(r'<script type="module" src="/js/([\w.]+)"></script>', html)
    preloaded = set(re.findall(r'<link rel="modulepreload" href="/js/([\w.]+)">', html))
    assert preloaded == imported(entry), f"{page}: preloaded {sorted(preloaded)}, imported {sorted(imported(entry))}"
    # (as=fetch with crossorigin: the request i18n.js makes, so that the preload is the one used)
    assert '<link rel="preload" href="/lang/en.json" as="fetch" crossorigin>' in html


def test_what_is_preloaded_is_what_the_page_uses_once(new_page, live_server):  # noqa: F811
    # A preload that does not match the page's own request (another URL, another credentials mode) is fetched
    # twice, and Chromium warns that it went unused.
    created = live_server.create(game="briscola", seats=[OPEN, BOT])
    page = new_page()
    asked: list[str] = []
    warnings: list[str] = []
    page.on("request", lambda r: asked.append(r.url.removeprefix(live_server.base)))
    page.on("console", lambda m: m.type == "warning" and warnings.append(m.text))
    open_table(lambda **_: page, live_server, created["seats"][0]["invite"])
    page.wait_for_selector(".hand .card")
    page.wait_for_timeout(3500)  # (Chromium says a preload went unused after 3 s)
    fetched = [url for url in asked if url.startswith(("/js/", "/lang/"))]
    assert sorted(fetched) == sorted({*fetched}), fetched
    assert {"/js/table.js", "/lang/en.json"} | {f"/js/{m}" for m in imported("table.js")} == set(fetched)
    assert not [w for w in warnings if "preload" in w], warnings
