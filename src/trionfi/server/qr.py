"""A link as a QR code, for a friend in the same room to scan with a phone's camera instead of being sent the link
in a chat (the host's screen shows it beside the invite; a server started with ``--host 0.0.0.0`` gives links
that a phone on the same network opens). Made on the server by segno, as SVG: the page has no build step and no
QR encoder of its own. The link comes in a request's body (``POST /api/qr``): a seat's invite carries its token,
which never goes in an address."""

from __future__ import annotations

from urllib.parse import urlsplit

import segno

from .protocol import ProtocolError

MAX_LINK = 600  # an invite link is under 100 characters; a QR code of this many is still easy to scan


def qr_svg(link: str) -> str:
    """The QR code of ``link`` (an http or https address) as an SVG document, dark modules on white with the
    quiet zone the standard asks for; a refusal says what a link must be."""
    parts = urlsplit(link) if isinstance(link, str) else None
    if parts is None or parts.scheme not in ("http", "https") or not parts.netloc or any(c.isspace() for c in link):
        raise ProtocolError("bad_message", f"a QR code is made of an http or https link, not {link[:60]!r}")
    if len(link) > MAX_LINK:
        raise ProtocolError("too_large", f"a link for a QR code is at most {MAX_LINK} characters, not {len(link)}")
    # Error correction M: a screen's glare or a cracked phone still reads it.
    # (A viewBox, no size: the page sizes it.)
    return segno.make(link, error="m", micro=False).svg_inline(border=4, dark="#000", light="#fff", omitsize=True)
