"""Browser-test support: Debian's Chromium driven by Playwright, and a static server for the web files.

Test modules import the fixtures they use (``from web_support import browser, page, static_url``).

The browser is ``/usr/bin/chromium`` from Debian (installed by ``.ci/setup-debian.sh``), never a browser that
Playwright downloads. Without it (or without the playwright package) the browser tests skip with the reason,
except under ``CI=true``, where they fail: a CI run that silently skipped them would hide a broken set-up.
Playwright's ``launch`` gives every browser a fresh, empty ``--user-data-dir`` in a temporary folder; each test
gets its own context (its own storage), so nothing leaks from one test to another.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
WEB_ROOT = Path(__file__).resolve().parents[1] / "src" / "trionfi" / "web"
PHONE = {"width": 360, "height": 780}  # the narrowest phone the table is made for, portrait
DESKTOP = {"width": 1280, "height": 800}
SIDEWAYS = {"width": 740, "height": 360}  # a phone turned sideways (a common Android size)
SMALL_SIDEWAYS = {"width": 568, "height": 320}  # the shortest phone sideways (iPhone SE, first generation)


def _missing(reason: str) -> None:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"browser tests cannot run in CI: {reason} (see .ci/setup-debian.sh and pyproject's dev extra)")
    pytest.skip(reason)


# One loopback server for the whole run. Test modules import the fixtures, and pytest keeps a separate session
# fixture per importing module: the server itself lives here, so it is made once.
_SHARED: dict[str, Any] = {}


def _close_shared() -> None:
    with contextlib.suppress(Exception):
        _SHARED.pop("server").__exit__(None, None, None)
    _SHARED.pop("cleanup", None)


def _close_at_the_end(config: pytest.Config) -> None:
    if not _SHARED.get("cleanup"):
        _SHARED["cleanup"] = True
        config.add_cleanup(_close_shared)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One headless Chromium per test module (contexts keep the tests apart).

    Not one for the whole run: Playwright's sync API keeps an event loop running in the test's thread while it
    is started, and the server tests that run after the browser tests in the same run need asyncio.run there."""
    if not Path(CHROMIUM).exists():
        _missing(f"{CHROMIUM} is not installed (Debian package chromium: bash .ci/setup-debian.sh)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("the playwright package is not installed (pip install -e '.[dev]')")
    playwright = sync_playwright().start()
    try:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()
    finally:
        playwright.stop()


class ConsoleWatch:
    """Collects the errors a page reports (console.error, uncaught exceptions, failed requests)."""

    def __init__(self) -> None:
        self.errors: list[str] = []

    def attach(self, page: Any) -> Any:
        page.on("console", lambda m: self.errors.append(f"console.{m.type}: {m.text}") if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))
        return page


@pytest.fixture
def new_page(browser: Any) -> Iterator[Any]:
    """A factory of pages, each in a fresh context (own storage, as a second person's browser would be).

    ``new_page(viewport=PHONE)``; at the end of the test no page may have logged an error. Pages ask for reduced
    motion (a card played lies at once where it goes, as the layout checks measure it) unless a test asks
    ``reduced_motion="no-preference"``.
    """
    contexts: list[Any] = []
    watch = ConsoleWatch()

    def make(viewport: dict[str, int] | None = None, **options: Any) -> Any:
        context = browser.new_context(viewport=viewport or DESKTOP, **{"reduced_motion": "reduce", **options})
        context.set_default_timeout(10_000)
        contexts.append(context)
        return watch.attach(context.new_page())

    make.watch = watch  # type: ignore[attr-defined]
    make.allowed = []  # type: ignore[attr-defined]  # texts of errors a test provokes on purpose
    yield make
    for context in contexts:
        context.close()
    errors = [e for e in watch.errors if not any(a in e for a in make.allowed)]  # type: ignore[attr-defined]
    assert not errors, "the browser reported errors:\n" + "\n".join(errors)


@pytest.fixture
def page(new_page: Any) -> Any:
    return new_page()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="session")
def static_url() -> Iterator[str]:
    """The web folder served as plain static files on loopback (for pages that need no game server)."""
    handler = functools.partial(_QuietHandler, directory=str(WEB_ROOT))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        with contextlib.suppress(OSError):
            server.server_close()


@pytest.fixture
def shoot(tmp_path: Path) -> Any:
    """``shoot(page, name)`` saves a screenshot: into $TRIONFI_SCREENSHOTS when set (``make screenshots`` sets it
    to docs/screenshots/), else into the test's temporary folder, so a plain test run leaves the tree clean."""
    folder = Path(os.environ.get("TRIONFI_SCREENSHOTS") or tmp_path)

    def take(page: Any, name: str, full_page: bool = False) -> Path:
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{name}.png"
        page.screenshot(path=str(path), full_page=full_page)
        return path

    return take


# ---- the real server on loopback -----------------------------------------------------------------------------
@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory, pytestconfig: pytest.Config) -> Any:
    """``trionfi serve`` in a thread on a free loopback port, with its own SQLite store and quick bots."""
    _close_at_the_end(pytestconfig)
    if "server" not in _SHARED:
        from server_support import ServerThread
        from trionfi.server.settings import Settings

        db = tmp_path_factory.mktemp("web-server") / "tables.db"
        _SHARED["server"] = ServerThread(Settings(db_url=f"sqlite:///{db}", bot_pause=0.05)).__enter__()
    return _SHARED["server"]


def run_apart(coro: Any) -> Any:
    """``asyncio.run(coro)`` in a thread of its own: Playwright's sync API keeps an event loop running in the
    test's thread once a browser started, and a test's own WebSocket clients need theirs."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coro).result()


def module_page(tab: Any, base: str) -> Any:
    """``tab`` on the page that loads no table (cards.html), ready for a test to import the page's modules."""
    tab.goto(f"{base}/cards.html")
    tab.wait_for_selector("body[data-ready=true]")
    return tab


def page_url(server: Any, link: str) -> str:
    """The page of an invite or spectator link (``http://HOST/t/TABLE#token=...``): the link itself, on the test
    server (the server answers ``/t/TABLE`` with the browser table)."""
    path, _, fragment = link.partition("#")
    table = path.rstrip("/").rsplit("/t/", 1)[1]
    return f"{server.base}/t/{table}" + (f"#{fragment}" if fragment else "")


def seat_token(page: Any, table: str) -> str | None:
    """The seat token the table page of this tab keeps for ``table`` (its address no longer holds it)."""
    return page.evaluate("(table) => sessionStorage.getItem(`trionfi.seat.${table}`)", table)


def open_table(new_page: Any, server: Any, link: str, name: str = "Ann", viewport: dict[str, int] | None = None) -> Any:
    """A new person's browser opening a link: own storage, the name already chosen once, English."""
    page = new_page(viewport=viewport)
    page.add_init_script(f"localStorage.setItem('trionfi.name', {name!r}); localStorage.setItem('trionfi.lang', 'en');")
    page.goto(page_url(server, link))
    page.wait_for_selector("body[data-ready=true]")
    return page
