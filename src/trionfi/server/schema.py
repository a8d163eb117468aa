"""The store's tables (SQLAlchemy Core). The migrations in ``migrations/versions`` create exactly these;
``tests/test_server_store.py`` checks that they agree."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
)

metadata = MetaData()

# One row per table: what rebuilds it (game, options, kind, seed, dealer) and its standing.
tables = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("options", JSON, nullable=False),
    Column("kind", String(8), nullable=False),  # deal | match
    Column("seed", BigInteger, nullable=False),
    Column("dealer", Integer, nullable=True),
    Column("seeded", Boolean, nullable=False),  # the creator chose the seed
    Column("status", String(16), nullable=False),  # waiting | playing | finished
    Column("creator_hash", String(64), nullable=False),
    Column("stand_in", String(32), nullable=True),
    Column("n_actions", Integer, nullable=False),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
    Index("ix_tables_status_updated", "status", "updated"),
)

seats = Table(
    "seats",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(16), nullable=False),  # open | reserved | bot
    Column("bot", String(32), nullable=True),  # the bot of a bot seat
    Column("name", String(64), nullable=True),  # the display name of the person who joined
    Column("token_hash", String(64), nullable=True),
    Column("away", Boolean, nullable=False),
    Column("stand_in", String(32), nullable=True),  # the bot playing while its person is away or not come
)

actions = Table(
    "actions",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("idx", Integer, primary_key=True),  # 0, 1, 2... the order the engine applied them
    Column("seat", Integer, nullable=True),
    Column("action", String(200), nullable=False),
    Column("at", Float, nullable=False),
)

# What the people at a table said (chat.py): its last chat.STORED messages; a message has a text or a phrase.
messages = Table(
    "messages",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("idx", Integer, primary_key=True),  # 0, 1, 2... the order said
    Column("seat", Integer, nullable=False),
    Column("name", String(64), nullable=False),  # the seat's name when it was said
    Column("text", String(400), nullable=True),
    Column("phrase", String(32), nullable=True),
    Column("at", Float, nullable=False),
)
