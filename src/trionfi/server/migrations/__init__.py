"""Alembic migrations of the server's store, applied on start by :func:`trionfi.server.store.migrate`."""
