"""Online play: the trionfi server (HTTP + WebSocket), its tables and seats, the store, the bot runner.

Nothing here is imported by ``trionfi play``: the ``serve`` and ``join`` commands import it when they run.
The protocol is written down in ``docs/protocol.md``; the modules:

- ``settings``: what ``trionfi serve`` may set (address, store, limits, bot pause, expiry, origins)
- ``schema`` and ``migrations/``: the store's tables (applied by Alembic on start); ``store``: reading and
  writing them, with the one writer thread that commits actions in batches
- ``tables``: a table in memory (the engine's event log, the seats, the connections), rebuilt from the store
- ``hub``: the tables of this process, the action path (check, apply, commit, broadcast) and the bots
- ``fanout``: how the processes sharing a PostgreSQL store learn of each other's actions (LISTEN/NOTIFY)
- ``protocol``: the WebSocket messages, checked; ``app``: the FastAPI application
- ``client``: the terminal client of ``trionfi join``
"""
