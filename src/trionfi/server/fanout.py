"""Several processes on one PostgreSQL store: each LISTENs on one channel, and every committed change of a
table NOTIFYs it (``store.Store._notify``, inside the same transaction: only committed changes are announced)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable

log = logging.getLogger("trionfi.server")


class Fanout:
    def __init__(
        self,
        conninfo: str,
        instance: str,
        notified: Callable[[str, str], None],
        reconnected: Callable[[], None] | None = None,
    ) -> None:
        self.conninfo = conninfo
        self.instance = instance
        self.notified = notified
        self.reconnected = reconnected
        self.conn: object | None = None
        self.task: asyncio.Task | None = None

    async def start(self) -> None:
        await self._connect()
        self.task = asyncio.create_task(self._run())

    async def _connect(self) -> None:
        import psycopg

        from .store import CHANNEL

        self.conn = await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True)
        await self.conn.execute(f"LISTEN {CHANNEL}")

    async def _run(self) -> None:
        while True:
            try:
                async for note in self.conn.notifies():  # type: ignore[union-attr]
                    # "instance table" (the table's seats or status changed), or "instance table n seat action"
                    instance, _, rest = note.payload.partition(" ")
                    if instance != self.instance:
                        table_id, _, action = rest.partition(" ")
                        self.notified(table_id, action)
            except asyncio.CancelledError:
                raise
            except Exception as e:  # the database went away: listen again, then look at every table we hold
                log.warning("lost the PostgreSQL notification connection (%s); reconnecting", e)
            while True:
                await asyncio.sleep(1.0)
                try:
                    await self._connect()
                    break
                except Exception as e:
                    log.warning("cannot reconnect to PostgreSQL for notifications: %s", e)
            if self.reconnected is not None:
                self.reconnected()

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.task
        if self.conn is not None:
            with contextlib.suppress(Exception):
                await self.conn.close()  # type: ignore[attr-defined]
