"""Alembic's environment: run with the connection :func:`trionfi.server.store.migrate` passes in."""

from __future__ import annotations

from alembic import context

from trionfi.server.schema import metadata

connection = context.config.attributes.get("connection")
if connection is None:  # `alembic` run by hand: the URL comes from the config (sqlalchemy.url)
    from sqlalchemy import create_engine

    engine = create_engine(context.config.get_main_option("sqlalchemy.url"))
    with engine.begin() as connection:
        context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
        context.run_migrations()
else:
    context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()
