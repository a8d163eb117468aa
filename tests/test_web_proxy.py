"""trionfi behind HTTPS, as docs/hosting.md tells a host to put it on the internet: Debian's Caddy in front, run
with the very Caddyfile of that page (a free loopback port and Caddy's own certificate authority in place of 443
and Let's Encrypt), a host and a friend playing through it in Chromium, and `trionfi join` through it.

Caddy comes from .ci/setup-debian.sh; where it is missing the test is skipped, except in CI, where it fails."""

from __future__ import annotations

import os
import re
import shutil
import ssl
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from server_support import ServerThread, free_port
from test_server_cli import cli_env
from test_web_play import play_until_summary
from web_support import CHROMIUM, CHROMIUM_ARGS, DESKTOP, PHONE, ConsoleWatch, _missing

HOSTING = Path(__file__).resolve().parents[1] / "docs" / "hosting.md"
NAME = "cards.example.org"  # the docs' name; Chromium is told it is this machine


def caddyfile_of_the_docs() -> str:
    found = re.search(r"```caddyfile\n(.*?)```", HOSTING.read_text(), re.S)
    assert found, "docs/hosting.md has no ```caddyfile block"
    return "\n".join(line.strip() for line in found.group(1).splitlines())


def test_the_docs_caddyfile_is_the_one_a_host_writes() -> None:
    # The test below changes the site's address and adds what a test machine needs; the rest is the page's.
    assert caddyfile_of_the_docs().split() == [NAME, "{", "reverse_proxy", "127.0.0.1:8000", "}"]


class Proxy:
    """Caddy in front of a trionfi server, on a free loopback port, with the docs' Caddyfile."""

    def __init__(self, folder: Path, port: int, upstream: int) -> None:
        self.port = port
        self.folder = folder
        self.base = f"https://{NAME}:{self.port}"
        site = caddyfile_of_the_docs()
        site = site.replace("127.0.0.1:8000", f"127.0.0.1:{upstream}")
        # The same site at `localhost` too: a terminal client finds that name without Chromium's mapping.
        site = site.replace(f"{NAME} {{", f"{self.base}, https://localhost:{self.port} {{\ntls internal", 1)
        test_only = f"""{{
admin off
skip_install_trust
auto_https disable_redirects
http_port {free_port()}
storage file_system {folder / "data"}
}}
"""
        (folder / "Caddyfile").write_text(test_only + site + "\n")
        self.root_ca = folder / "data" / "pki" / "authorities" / "local" / "root.crt"
        self.proc: subprocess.Popen | None = None

    def __enter__(self) -> Proxy:
        env = {**os.environ, "HOME": str(self.folder), "XDG_CONFIG_HOME": str(self.folder / "config")}
        env["XDG_DATA_HOME"] = str(self.folder / "xdg")
        log = (self.folder / "caddy.log").open("w")
        caddy = ["caddy", "run", "--config", str(self.folder / "Caddyfile"), "--adapter", "caddyfile"]
        self.proc = subprocess.Popen(caddy, stdout=log, stderr=subprocess.STDOUT, env=env)
        deadline = time.monotonic() + 30
        while True:
            assert self.proc.poll() is None, (self.folder / "caddy.log").read_text()
            if self.root_ca.exists():
                try:
                    trusted = ssl.create_default_context(cafile=str(self.root_ca))
                    if httpx.get(f"https://localhost:{self.port}/healthz", verify=trusted).is_success:
                        return self
                except httpx.HTTPError:
                    pass
            assert time.monotonic() < deadline, (self.folder / "caddy.log").read_text()
            time.sleep(0.2)

    def __exit__(self, *exc: Any) -> None:
        assert self.proc is not None
        self.proc.terminate()
        self.proc.wait(timeout=10)


@pytest.fixture(scope="module")
def behind_caddy(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ServerThread, Proxy]]:
    if shutil.which("caddy") is None:
        _missing("caddy is not installed (Debian package caddy: bash .ci/setup-debian.sh)")
    from trionfi.server.settings import Settings

    folder = tmp_path_factory.mktemp("proxy")
    port = free_port()  # the proxy's: the server puts it in its links
    settings = Settings(db_url=f"sqlite:///{folder / 'tables.db'}", bot_pause=0.05, public_url=f"https://{NAME}:{port}")
    with ServerThread(settings) as server, Proxy(folder, port, server.port) as proxy:
        yield server, proxy


@pytest.fixture(scope="module")
def chromium_here() -> Iterator[Any]:
    """Chromium that finds the docs' name at this machine, and trusts the certificate of Caddy's own authority
    (a certificate error ignored, as the browser cannot be given that authority without a profile's store)."""
    if not Path(CHROMIUM).exists():
        _missing(f"{CHROMIUM} is not installed (Debian package chromium: bash .ci/setup-debian.sh)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        args = [*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {NAME} 127.0.0.1"]
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=args)
        yield browser
        browser.close()


def test_a_host_and_a_friend_play_through_the_proxy_of_the_docs(behind_caddy, chromium_here) -> None:
    _, proxy = behind_caddy
    watch = ConsoleWatch()

    def person(name: str, viewport: dict[str, int], **more: Any) -> Any:
        options = {"ignore_https_errors": True, "reduced_motion": "reduce", **more}
        context = chromium_here.new_context(viewport=viewport, **options)
        context.set_default_timeout(15_000)
        page = watch.attach(context.new_page())
        chosen = f"localStorage.setItem('trionfi.name', {name!r}); localStorage.setItem('trionfi.lang', 'en');"
        page.add_init_script(chosen)
        return page

    host = person("Ann", DESKTOP)
    host.goto(f"{proxy.base}/")
    host.wait_for_selector("body[data-ready=true]")
    host.select_option("#seat-1", "open")
    host.click("#create-form button[type=submit]")
    host.wait_for_selector(".created")
    invite = host.locator(".created .invite[data-seat='1'] input.link").input_value()
    assert invite.startswith(f"{proxy.base}/t/") and "#token=" in invite, invite  # the address players reach
    assert host.locator(".created .invite[data-seat='1'] .qr-button").count() == 1  # not loopback: a code to scan
    host.click(".created a.go")
    host.wait_for_selector("body[data-ready=true]")
    friend = person("Bea", PHONE, is_mobile=True, has_touch=True)
    friend.goto(invite)
    friend.wait_for_selector("body[data-status=playing] .hand .card")
    for page in (host, friend):
        assert page.evaluate("window.isSecureContext && location.protocol") == "https:"
    play_until_summary([host, friend])
    assert "Bea" in host.locator(".summary").inner_text() and "Ann" in friend.locator(".summary").inner_text()
    assert not watch.errors, watch.errors
    for page in (host, friend):
        page.context.close()


def test_trionfi_join_follows_a_table_through_the_proxy(behind_caddy) -> None:
    server, proxy = behind_caddy
    bots = [{"kind": "bot", "bot": "random"}] * 2
    created = server.create(game="briscola", seats=bots)
    link = created["spectate"]
    assert link.startswith(f"{proxy.base}/t/")
    through = link.replace(proxy.base, f"https://localhost:{proxy.port}")  # a name a terminal finds
    done = subprocess.run(
        [sys.executable, "-m", "trionfi.cli", "join", through],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env={**cli_env(), "SSL_CERT_FILE": str(proxy.root_ca)},  # Caddy's own authority, as a host's is public
        timeout=90,
    )
    said = " ".join(done.stdout.split())
    assert done.returncode == 0 and "you are watching" in said and "end of the deal" in said, said + done.stderr
