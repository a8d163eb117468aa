"""A friend opens an invite on a phone: how long until the hand shows, over a network as slow as a phone's.

``trionfi serve`` runs on loopback (SQLite); Debian's Chromium, on a 390x844 touch screen with a fresh profile
each time (nothing cached), opens a new two-player Briscola table's invite with the player's name already known,
and the time is taken from the address typed to the first card of the hand drawn. Chromium's network emulation
(DevTools) adds a round trip to every request and caps the bandwidth: none (loopback), a 150 ms round trip at
4 Mbit/s, and a 300 ms one at 1.5 Mbit/s (a slow mobile network). The lobby is timed to its form the same way.

    python benchmarks/page_load.py                 # the table in docs/benchmarks.md
    python benchmarks/page_load.py --runs 9
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "src"), str(ROOT / "tests"), str(ROOT / "benchmarks")]

import httpx  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from report import replace_section  # noqa: E402
from server_support import ServerProcess  # noqa: E402

# name: (added round trip in ms, download and upload in bytes per second), or None for loopback as it is
NETWORKS = {
    "loopback": None,
    "150 ms, 4 Mbit/s": (150, 500_000, 250_000),
    "300 ms, 1.5 Mbit/s": (300, 187_500, 93_750),
}
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def timed(browser, network: tuple[int, int, int] | None, url: str, ready: str) -> float:
    """Seconds from opening ``url`` in a fresh phone browser to ``ready`` (a selector) drawn."""
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        if network is not None:
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            latency, down, up = network
            cdp.send(
                "Network.emulateNetworkConditions",
                {"offline": False, "latency": latency, "downloadThroughput": down, "uploadThroughput": up},
            )
        page.add_init_script("localStorage.setItem('trionfi.name', 'Bea'); localStorage.setItem('trionfi.lang', 'en')")
        start = time.perf_counter()
        page.goto(url)
        page.wait_for_selector(ready, timeout=60_000)
        return time.perf_counter() - start
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="pages opened per network and page (the median is shown)")
    parser.add_argument("--write", type=Path, help="put the table into this markdown file (docs/benchmarks.md)")
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory(prefix="trionfi-page-") as tmp:
        server = ServerProcess(f"sqlite:///{Path(tmp) / 'tables.db'}").start(Path(tmp) / "server.log")
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
                for name, network in NETWORKS.items():
                    hand, lobby = [], []
                    for _ in range(args.runs):
                        seats = [{"kind": "open"}, {"kind": "bot", "bot": "easy"}]
                        invite = httpx.post(f"{server.base}/api/tables", json={"game": "briscola", "seats": seats})
                        hand.append(timed(browser, network, invite.json()["seats"][0]["invite"], ".hand .card"))
                        lobby.append(timed(browser, network, server.base + "/", "#create-form"))
                    rows.append((name, statistics.median(hand), max(hand), statistics.median(lobby)))
                    print(rows[-1], file=sys.stderr)
                browser.close()
        finally:
            server.stop()
    lines = [
        "## Opening a page on a phone",
        "",
        f"`python {' '.join(['benchmarks/page_load.py', *sys.argv[1:]])}` ({platform.machine()}, Chromium, a fresh",
        f"profile each time, {args.runs} pages per row): from the invite's address to the friend's hand drawn, and",
        "from the lobby's address to its form. The network is Chromium's emulation of a phone's.",
        "",
        "| network | invite → hand (median) | (slowest) | lobby → form (median) |",
        "|---|---:|---:|---:|",
        *(f"| {name} | {h:.2f} s | {m:.2f} s | {lb:.2f} s |" for name, h, m, lb in rows),
    ]
    text = "\n".join(lines)
    print(text)
    if args.write:
        replace_section(args.write, "page-load", text)


if __name__ == "__main__":
    main()
