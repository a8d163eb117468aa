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
        self.token_hash: str | None = None  # the seat token it said hello with (a seat handed over drops it)
        self.greeted = False
        self.version = 0  # the viewer's version this connection was last sent
        self.obs_text: str | None = None  # the observation it was last sent
        self.limit = RateLimit(rate, burst)
        self.queue: asyncio.Queue[str | _Unfinished | None] = asyncio.Queue()
        self.max_queue = max_queue
        self.closed = False
        self.busy = False  # the sender task holds a message (so a new one queues behind it)
        self.sender = asyncio.create_task(self._send_loop())

    @property
    def viewer(self) -> int | None:
        return self.seat

    def send(self, message: dict[str, Any] | str) -> None:
        if self.closed:
            return
        text = message if isinstance(message, str) else json.dumps(message, separators=(",", ":"))
        if not self.busy and self.queue.empty():
            self._send_now(text)
            return
        if self.queue.qsize() >= self.max_queue:  # a client that reads nothing: let it reconnect and resync
            log.warning("closing a connection that does not read its messages")
            self.close()
            return
        self.queue.put_nowait(text)

    def _send_now(self, text: str) -> None:
        """Send at once, without waking the sender task: a WebSocket send completes without waiting unless the
        client reads too slowly (its transport is paused). Then the sender task finishes this send, and the
        messages after it queue behind it. (A task wake-up per message was a tenth of a busy server's work.)"""
        coro = self.websocket.send_text(text)
        try:
            waiting = coro.send(None)
        except StopIteration:
            return
        except Exception:  # the client went away: the receive loop sees it too
            self.closed = True
            return
        self.queue.put_nowait(_Unfinished(coro, waiting))

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.queue.put_nowait(None)

    async def _send_loop(self) -> None:
        try:
            while True:
                item = await self.queue.get()
                if item is None:
                    with contextlib.suppress(Exception):
                        await self.websocket.close(code=1013)
                    return
                self.busy = True
                if isinstance(item, str):
                    await self.websocket.send_text(item)
                else:
                    await item.finish()
                self.busy = False
        except asyncio.CancelledError:
            raise
        except Exception:  # the client went away: the receive loop sees it too
            self.closed = True

    async def stop(self) -> None:
        self.closed = True
        self.sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self.sender


class _Unfinished:
    """A send that had to wait (``coro`` yielded ``waiting``, the future it waits for), finished by the sender."""

    def __init__(self, coro: Any, waiting: Any) -> None:
        self.coro, self.waiting = coro, waiting

    async def finish(self) -> None:
        while True:
            try:
                await self.waiting
            except asyncio.CancelledError:
                self.coro.close()
                raise
            except Exception:
                pass  # the send sees it too: the future's result raises it inside
            try:
                self.waiting = self.coro.send(None)
            except StopIteration:
                return
