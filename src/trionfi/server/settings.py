"""What ``trionfi serve`` may set, with the defaults documented in docs/protocol.md."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


def default_db_url() -> str:
    """An SQLite file in the user's data directory (created on first use)."""
    import platformdirs

    folder = Path(platformdirs.user_data_dir("trionfi", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'trionfi.db'}"


@dataclass
class Settings:
    db_url: str = ""  # empty: default_db_url()
    public_url: str | None = None  # the base of the links handed out; default: where the request came to
    # With --host 0.0.0.0: the base of the links handed to a page opened on this machine itself (127.0.0.1), this
    # machine's address on its network, so that a friend's phone can open them (server/lan.py).
    lan_url: str | None = None
    allow_origins: list[str] = field(default_factory=list)  # other origins than the server's own (CORS, WebSocket)
    max_message: int = 4096  # bytes of one client message
    hard_max_message: int = 1 << 20  # a frame over this is not read at all (the connection is closed)
    rate: float = 20.0  # messages per second per connection
    burst: int = 40
    # Tables one client address may make in an hour (server/quota.py); 0: no limit, as for a server started inside
    # another program (the tests'); `trionfi serve` sets 120.
    tables_per_hour: float = 0.0
    # WebSocket connections one client address may hold at once; 0: no limit (as above); `trionfi serve` sets 50.
    connections_per_address: int = 0
    # Seconds a person's seat has no page open before any other player may let a bot play for it (the creator may
    # at once): the table no longer hangs on a creator whose own phone died.
    absent_grace: float = 60.0
    bot_pause: float = 0.8  # seconds a bot waits before it moves
    bot_timeout: float = 10.0  # a bot that thinks longer than this plays a random legal action instead
    expire_after: float = 7 * 24 * 3600.0  # seconds without activity after which an unfinished table is deleted
    expire_every: float = 600.0  # how often expired tables are looked for
    evict_after: float = 300.0  # seconds an unwatched table stays in memory
    bot_processes: int = 1  # processes for the bots that search (hard, search, solver)
    send_queue: int = 2000  # messages waiting for a slow client before it is disconnected
    # Tune the garbage collector for a server once started (trionfi serve: the process is the server's own;
    # a server started inside another program, as in the tests, leaves that program's collector alone).
    tune_gc: bool = False

    def resolved_db_url(self) -> str:
        return self.db_url or default_db_url()
