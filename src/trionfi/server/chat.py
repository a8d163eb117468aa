"""What the people at a table say to each other (the ``say`` message, docs/protocol.md).

While the cards are played, no game lets its players talk about them (RULES.md: Briscola's ``communication`` is
``none`` unless chosen, Triomphe and Troccas allow no word, Trionfetti only its own talk, which the engine
keeps as actions), and a free text could tell a partner anything. The cards are dealt when the table is made, and
a seat sees its hand while the table waits for the others: so until the game is over a seat may say only one of
:data:`PHRASES`, which name no card and no suit (a greeting, thanks, a moment's wait, a goodbye); once it is
over, any short text. Only the seats speak; spectators read. Each page and
``trionfi join`` says a phrase in its reader's language, so a table of several languages understands it.
"""

from __future__ import annotations

import re
import time

from .protocol import ProtocolError

# key -> its English wording (the pages' lang files say each as ``chat.phrase.KEY``), in the order offered.
PHRASES: dict[str, str] = {
    "hello": "Hello!",
    "good_luck": "Good luck!",
    "well_played": "Well played!",
    "thanks": "Thanks!",
    "oops": "Oops!",
    "one_moment": "One moment, please.",
    "back_soon": "I'll be right back.",
    "have_to_go": "Sorry, I have to go.",
    "good_game": "Good game!",
    "another": "Another one?",
}
MAX_TEXT = 200  # characters of a free text
KEEP = 50  # the last messages a page is sent when it opens the table
STORED = 200  # the last messages the store keeps of a table
RATE, BURST = 0.5, 5  # a seat's messages: one every 2 s, five at once (a few quick words)

_SPACES = re.compile(r"\s+")
# (Not the zero-width joiner, U+200D: emoji such as a family or a flag of several are made with it.)
_INVISIBLE = re.compile(r"[\x00-\x1f\x7f\u200b\u200c\u200e\u200f\u2028-\u202e\u2060-\u2064\ufeff]")


def clean_text(text: str) -> str:
    """``text`` as it is shown: on one line (a run of spaces or line breaks is one space), without control or
    invisible characters (which could make a line look like someone else's); refused if empty or too long."""
    text = _SPACES.sub(" ", _INVISIBLE.sub("", _SPACES.sub(" ", text))).strip()
    if not text:
        raise ProtocolError("bad_message", "say: the text is empty")
    if len(text) > MAX_TEXT:
        raise ProtocolError("bad_message", f"say: a text is at most {MAX_TEXT} characters, not {len(text)}")
    return text


def check_phrase(phrase: str) -> str:
    if phrase not in PHRASES:
        raise ProtocolError(
            "bad_message", f"say: unknown phrase {phrase[:40]!r}; the phrases are: {', '.join(PHRASES)}"
        )
    return phrase


def phrases_only() -> ProtocolError:
    return ProtocolError(
        "phrases_only",
        "until the game is over, no word that could be about the cards: say one of the phrases "
        f"({', '.join(PHRASES)}); any text once the game is over",
    )


class SayLimit:
    """A seat's token bucket (:data:`RATE` a second, bursts of :data:`BURST`), over all its pages."""

    def __init__(self) -> None:
        self.tokens = float(BURST)
        self.last = time.monotonic()

    def take(self) -> None:
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.last) * RATE)
        self.last = now
        if self.tokens < 1:
            wait = max(1, round((1 - self.tokens) / RATE))
            raise ProtocolError("rate_limited", f"say: too many messages at once; the next in {wait} s")
        self.tokens -= 1
