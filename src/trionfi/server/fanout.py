"""Several processes on one PostgreSQL store: each LISTENs on one channel, and every committed change of a
table NOTIFYs it (``store.Store._notify``, inside the same transaction: only committed changes are announced).

What is not in the store is told on the same channel by ``Fanout.tell`` ("instance table ~kind arg"): a rematch
made (its id) and the seats connected to this process (presence.py), so that every process's connections hear it."""

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
        told: Callable[[str, str, str, str], None] | None = None,
    ) -> None:
        self.conninfo = conninfo
        self.instance = instance
        self.notified = notified
        self.reconnected = reconnected
        self.told = told  # told(table, instance, kind, arg): another process's news (see tell)
        self.conn: object | None = None
        self.task: asyncio.Task | None = None
        # Telling goes through a connection of its own: the listening one is busy waiting for notices.
        self.sender: object | None = None
        self.sending = asyncio.Lock()  # one NOTIFY at a time, in the order told
        self.telling: set[asyncio.Task] = set()

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
                        if action.startswith("~"):  # news that is not in the store (tell)
                            if self.told is not None:
                                kind, _, arg = action[1:].partition(" ")
                                self.told(table_id, instance, kind, arg)
                        else:
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

    def tell(self, table_id: str, kind: str, arg: str = "") -> None:
        """Tell the other processes ``kind`` about ``table_id`` (``told`` is called there). Best effort: news
        lost with the database is not repeated (a page finds a rematch by asking; presence is told again at
        the next change)."""
        task = asyncio.get_running_loop().create_task(self._tell(f"{self.instance} {table_id} ~{kind} {arg}".rstrip()))
        self.telling.add(task)
        task.add_done_callback(self.telling.discard)

    async def _tell(self, payload: str) -> None:
        import psycopg

        from .store import CHANNEL

        async with self.sending:
            try:
                if self.sender is None or self.sender.closed:  # type: ignore[attr-defined]
                    self.sender = await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True)
                await self.sender.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload))  # type: ignore[attr-defined]
            except Exception as e:
                log.warning("cannot tell the other processes (%s): %s", payload, e)
                with contextlib.suppress(Exception):
                    await self.sender.close()  # type: ignore[union-attr]
                self.sender = None

    async def stop(self) -> None:
        for task in list(self.telling):
            with contextlib.suppress(Exception):
                await asyncio.wait_for(task, 2.0)
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.task
        for conn in (self.conn, self.sender):
            if conn is not None:
                with contextlib.suppress(Exception):
                    await conn.close()  # type: ignore[attr-defined]
