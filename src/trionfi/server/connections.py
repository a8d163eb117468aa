"""One WebSocket connection: its seat (or spectator), what it was sent, its send queue and its rate limit."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from starlette.websockets import WebSocket

    from .tables import LiveTable

log = logging.getLogger("trionfi.server")


class RateLimit:
    """A token bucket: ``rate`` messages a second, bursts of ``burst``."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.last = time.monotonic()
        self.warned = -1.0  # when the last rate_limited error was sent

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def should_warn(self) -> bool:
        """At most one rate_limited error a second: answering every message of a flood would double it."""
        now = time.monotonic()
        if now - self.warned >= 1.0:
            self.warned = now
            return True
        return False


class Connection:
    """What the server knows of one client: set by ``hello``; its messages leave through one sender task so a
    slow client never holds a table up."""

    def __init__(self, websocket: WebSocket, max_queue: int, rate: float, burst: int) -> None:
        self.websocket = websocket
        self.table: LiveTable | None = None
        self.seat: int | None = None  # None: a spectator (or before hello)
        self.greeted = False
        self.version = 0  # the viewer's version this connection was last sent
        self.obs_text: str | None = None  # the observation it was last sent
        self.limit = RateLimit(rate, burst)
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.max_queue = max_queue
        self.closed = False
        self.sender = asyncio.create_task(self._send_loop())

    @property
    def viewer(self) -> int | None:
        return self.seat

    def send(self, message: dict[str, Any] | str) -> None:
        if self.closed:
            return
        if self.queue.qsize() >= self.max_queue:  # a client that reads nothing: let it reconnect and resync
            log.warning("closing a connection that does not read its messages")
            self.close()
            return
        self.queue.put_nowait(message if isinstance(message, str) else json.dumps(message, separators=(",", ":")))

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.queue.put_nowait(None)

    async def _send_loop(self) -> None:
        try:
            while True:
                text = await self.queue.get()
                if text is None:
                    with contextlib.suppress(Exception):
                        await self.websocket.close(code=1013)
                    return
                await self.websocket.send_text(text)
        except asyncio.CancelledError:
            raise
        except Exception:  # the client went away: the receive loop sees it too
            self.closed = True

    async def stop(self) -> None:
        self.closed = True
        self.sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self.sender
