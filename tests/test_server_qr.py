"""An invite link as a QR code (POST /api/qr), for a friend in the same room to scan with a phone's camera."""

from __future__ import annotations

import re

import httpx
import pytest
import segno

from server_support import ServerThread
from trionfi.server.settings import Settings


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> ServerThread:
    db = tmp_path_factory.mktemp("store") / "qr.db"
    with ServerThread(Settings(db_url=f"sqlite:///{db}", bot_pause=0)) as s:
        yield s


def modules(svg: str) -> str:
    """The drawing of a QR code's dark modules (its one line path; the other is the white ground), what a camera
    reads."""
    found = re.findall(r'<path[^>]*class="qrline"[^>]* d="([^"]+)"', svg)
    assert len(found) == 1, svg
    return found[0]


def test_a_link_comes_back_as_its_qr_code(server: ServerThread) -> None:
    created = server.create(game="briscola", seats=[{"kind": "open"}, {"kind": "bot"}])
    invite = created["seats"][0]["invite"]
    r = httpx.post(f"{server.base}/api/qr", json={"link": invite})
    assert r.status_code == 200 and r.headers["content-type"] == "image/svg+xml"
    assert r.headers["cache-control"] == "no-store"  # it holds a seat's token
    assert r.text.startswith("<svg") and r.text.rstrip().endswith("</svg>")
    # The code of this very link, with the error correction a screen's glare allows for, and no other link's.
    assert modules(r.text) == modules(segno.make(invite, error="m").svg_inline(border=4, omitsize=True))
    other = httpx.post(f"{server.base}/api/qr", json={"link": created["spectate"]}).text
    assert modules(other) != modules(r.text)


@pytest.mark.parametrize(
    ("link", "status", "code", "message"),
    [
        ("abc", 400, "bad_message", "a QR code is made of an http or https link, not 'abc'"),
        ("javascript:alert(1)", 400, "bad_message", "not 'javascript:alert(1)'"),
        ("http://", 400, "bad_message", "an http or https link"),
        ("http://a b/", 400, "bad_message", "an http or https link"),
        ("http://example.org/" + "x" * 600, 400, "too_large", "at most 600 characters, not 619"),
    ],
)
def test_anything_but_a_link_is_refused_saying_what_a_link_is(server: ServerThread, link, status, code, message):
    r = httpx.post(f"{server.base}/api/qr", json={"link": link})
    assert r.status_code == status, r.text
    error = r.json()["error"]
    assert error["code"] == code and message in error["message"], error


def test_a_malformed_request_says_what_was_wrong(server: ServerThread) -> None:
    r = httpx.post(f"{server.base}/api/qr", json={"url": "http://x/"})
    assert r.status_code == 422
    assert "link: Field required" in r.json()["error"]["message"]
