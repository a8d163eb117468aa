"""``trionfi serve`` and ``trionfi join``: online play. The server's modules (FastAPI, SQLAlchemy...) are imported
only when these commands run, so the other commands start as fast as before."""

from __future__ import annotations

import asyncio
import json
import os
import re
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

online = typer.Typer()

DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([smhd]?)\s*$")
UNITS = {"": 1, "s": 1, "m": 60, "h": 3600, "d": 86400}


def parse_duration(text: str) -> float:
    from .cli import UsageError

    match = DURATION.match(text)
    if match is None:
        raise UsageError(
            f"a duration is a number of seconds or a number with s, m, h or d (e.g. 90, 30m, 7d); not {text!r}"
        )
    return float(match.group(1)) * UNITS[match.group(2)]


def parse_seats(text: str | None, players: int, what: str) -> list[int]:
    from .cli import UsageError

    if not text:
        return []
    try:
        seats = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise UsageError(f"{what} takes seat numbers separated by commas, e.g. 1,3; not {text!r}") from None
    bad = [s for s in seats if not 0 <= s < players]
    if bad:
        raise UsageError(f"{what}: seat {bad[0]} does not exist; the seats are 0 to {players - 1}")
    return seats


@online.command()
def serve(
    host: Annotated[
        str, typer.Option("--host", help="The address to listen on (default 127.0.0.1: this machine only).")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help="The port to listen on (default 8000).")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            metavar="URL",
            help="The store: a SQLAlchemy URL (sqlite:///file.db, postgresql+psycopg://user@host/db). "
            "Default: an SQLite file in your data directory.",
        ),
    ] = None,
    workers: Annotated[
        int, typer.Option("--workers", min=1, help="Server processes (more than one needs PostgreSQL).")
    ] = 1,
    public_url: Annotated[
        str | None,
        typer.Option(
            "--public-url", help="The address players reach the server at, for the links (default: the one they used)."
        ),
    ] = None,
    allow_origin: Annotated[
        list[str] | None,
        typer.Option(
            "--allow-origin",
            metavar="URL",
            help="Another web origin allowed to use the API and the WebSocket (repeatable).",
        ),
    ] = None,
    bot_pause: Annotated[
        float, typer.Option("--bot-pause", min=0, help="Seconds a bot waits before it moves (default 0.8).")
    ] = 0.8,
    bot_processes: Annotated[
        int,
        typer.Option(
            "--bot-processes",
            min=1,
            help="Processes for the bots that search (hard): each plays its own seats (default 1).",
        ),
    ] = 1,
    expire_after: Annotated[
        str, typer.Option("--expire-after", help="Delete unfinished tables idle this long (default 7d; e.g. 12h, 30m).")
    ] = "7d",
    max_message: Annotated[
        int, typer.Option("--max-message", min=256, help="Largest client message, in bytes (default 4096).")
    ] = 4096,
    rate: Annotated[
        float,
        typer.Option("--rate", min=1, help="Messages a second per connection, bursts of twice that (default 20)."),
    ] = 20.0,
    tables_per_hour: Annotated[
        float,
        typer.Option(
            "--tables-per-hour",
            min=0,
            metavar="N",
            help="Tables one address may make in an hour, bursts of a sixth of that (default 120; 0: no limit).",
        ),
    ] = 120.0,
    connections_per_address: Annotated[
        int,
        typer.Option(
            "--connections-per-address",
            min=0,
            metavar="N",
            help="WebSocket connections one address may hold (default 50; 0: any).",
        ),
    ] = 50,
    table: Annotated[
        str | None,
        typer.Option("--table", metavar="GAME", help="Create a table of this game on start and print its links."),
    ] = None,
    players: Annotated[int | None, typer.Option("--players", "-p", help="With --table: the number of players.")] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", metavar="NAME=VALUE", help="With --table: a game option (repeatable)."),
    ] = None,
    bots: Annotated[
        str | None, typer.Option("--bots", metavar="SEATS", help="With --table: the seats bots play, e.g. 1,3.")
    ] = None,
    level: Annotated[
        str, typer.Option("--level", help="With --table: the bots' level or name (default medium).")
    ] = "medium",
    match: Annotated[bool, typer.Option("--match", help="With --table: a whole match.")] = False,
    stand_in: Annotated[
        str | None, typer.Option("--stand-in", help="With --table: the bot that plays a seat its person left.")
    ] = None,
    qr: Annotated[
        bool,
        typer.Option("--qr", help="With --table: each seat's link as a QR code too, for a phone in the room to scan."),
    ] = False,
    log_level: Annotated[str, typer.Option("--log-level", help="debug, info, warning or error.")] = "info",
) -> None:
    """Run the trionfi server: tables to play online, by invite link, with bots (docs/protocol.md)."""
    from .cli import UsageError, _clear_errors, err, out

    with _clear_errors():
        from .server.lan import is_loopback, lan_address
        from .server.settings import Settings

        settings = Settings(
            db_url=db or "",
            public_url=public_url.rstrip("/") if public_url else None,
            allow_origins=list(allow_origin or []),
            bot_pause=bot_pause,
            bot_processes=bot_processes,
            expire_after=parse_duration(expire_after),
            max_message=max_message,
            rate=rate,
            burst=int(rate * 2),
            tables_per_hour=tables_per_hour,
            connections_per_address=connections_per_address,
            tune_gc=True,
        )
        url = settings.resolved_db_url()
        settings.db_url = url
        _check_db(url)
        if workers > 1 and not url.startswith("postgresql"):
            raise UsageError("several --workers share tables through PostgreSQL: add --db postgresql+psycopg://...")
        if table is None and (match or qr or any(v is not None for v in (players, option, bots, stand_in))):
            raise UsageError(
                "--players, --option, --bots, --match, --stand-in and --qr describe the table of --table GAME"
            )
        _check_port(host, port)  # before a --table is made that the server could not serve
        everywhere = host in ("0.0.0.0", "::")
        if everywhere and not settings.public_url:
            lan = lan_address()  # links a phone on the same network can open, even from a lobby opened here
            settings.lan_url = f"http://{lan}:{port}" if lan else None
        base = settings.public_url or settings.lan_url or f"http://{'127.0.0.1' if everywhere else host}:{port}"
        created = (
            _create_start_table(settings, base, table, players, option, bots, level, match, stand_in) if table else None
        )
    if created is not None:
        _print_links(out, created, qr)
    shown = "*" if everywhere else host
    err.print(f"trionfi server on http://{shown}:{port} · store {_safe_url(url)} · Ctrl+C stops it")
    if settings.public_url:  # behind a proxy (docs/hosting.md), which reaches it on this machine
        err.print(f"players reach it at {settings.public_url}/ (the invite links use it)")
    elif settings.lan_url:
        err.print(f"on your network: {settings.lan_url}/ (the lobby's invite links use it, for phones on your Wi-Fi)")
    elif is_loopback(host):
        err.print("this computer only: to invite a friend on another device, start it with --host 0.0.0.0")
    _run_uvicorn(settings, host, port, workers, log_level)


def _create_start_table(
    settings: Any,
    base: str,
    game: str,
    players: int | None,
    option: list[str] | None,
    bots: str | None,
    level: str,
    match: bool,
    stand_in: str | None,
) -> dict[str, Any]:
    """The --table of `trionfi serve`, created in the store before the server starts (once, whatever --workers)."""
    from .cli import _load_game
    from .server.hub import Hub
    from .server.store import Store

    loaded = _load_game(game, players, option)  # the same errors as `trionfi play`
    bot_seats = parse_seats(bots, loaded.players, "--bots")
    spec = {
        "game": game,
        "options": {**{k: v for k, v in _options(option).items()}, **({"players": players} if players else {})},
        "match": match,
        "seats": [{"kind": "bot", "bot": level} if s in bot_seats else {"kind": "open"} for s in range(loaded.players)],
        "stand_in": stand_in,
    }

    async def create() -> dict[str, Any]:
        hub = Hub(settings, Store(settings.db_url))
        await hub.start()
        try:
            return await hub.create(spec, base)
        finally:
            await hub.stop()

    from sqlalchemy.exc import OperationalError

    from .cli import UsageError
    from .server.protocol import ProtocolError

    try:
        return asyncio.run(create())
    except ProtocolError as e:
        raise UsageError(e.message) from None
    except OperationalError as e:  # a database that is not there, or refuses us
        raise UsageError(f"cannot open the store {_safe_url(settings.db_url)}: {e.orig}") from None


def _options(items: list[str] | None) -> dict[str, str]:
    from .options import parse_assignments

    return parse_assignments(items or [])


def _print_links(out: Any, created: dict[str, Any], qr: bool = False) -> None:
    from rich.markup import escape

    # soft_wrap: a link cut in two by the terminal's width could not be copied
    out.print(
        f"[bold]Table {created['table']}[/]. Give each player their seat's link (their key to the seat):",
        soft_wrap=True,
    )
    for s in created["seats"]:
        if s["invite"]:
            out.print(f"  seat {s['seat']}: trionfi join '{escape(s['invite'])}'", soft_wrap=True)
            if qr:
                out.print(_qr_text(s["invite"]), soft_wrap=True, markup=False, highlight=False)
        else:
            out.print(f"  seat {s['seat']}: a bot", soft_wrap=True)
    out.print(f"  watch:  trionfi join '{escape(created['spectate'])}'", soft_wrap=True)
    out.print(f"  creator token (to choose stand-in bots): {escape(created['creator_token'])}", soft_wrap=True)
    out.print("Each link opens the table in a browser too (the same seat).", soft_wrap=True)


def _qr_text(link: str) -> str:
    """``link`` as a QR code in a terminal's text: two rows of modules a line, in half blocks drawn for a dark
    background (as segno draws them), with the quiet zone a camera needs."""
    import io

    import segno

    text = io.StringIO()
    segno.make(link, error="m", micro=False).terminal(out=text, compact=True)
    return text.getvalue().rstrip("\n")


def _check_port(host: str, port: int) -> None:
    """The address is tried before anything else: a port in use (another server) or a host that is none of this
    computer's addresses is said in one line, not by uvicorn after the table's links were printed."""
    import socket

    from .cli import UsageError

    if port == 0:
        return
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except (socket.gaierror, UnicodeError) as e:
        raise UsageError(f"--host {host!r} is not an address of this computer ({e})") from None
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn does
        try:
            probe.bind(address)
        except OSError as e:
            import errno

            hint = "another server there? choose another --port" if e.errno == errno.EADDRINUSE else "see --host"
            raise UsageError(f"cannot listen on {host}:{port}: {e.strerror} ({hint})") from None


def _check_db(url: str) -> None:
    """A --db that can be no store is refused in one line, not by a traceback as the server starts."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, NoSuchModuleError

    from .cli import UsageError

    example = "e.g. sqlite:////home/me/trionfi.db or postgresql+psycopg://user@host/trionfi"
    try:
        parsed = make_url(url)
        parsed.get_dialect()
    except (ArgumentError, NoSuchModuleError, ValueError):
        raise UsageError(f"--db is a SQLAlchemy database URL, {example}; not {url!r}") from None
    if parsed.get_backend_name() == "sqlite" and parsed.database not in (None, "", ":memory:"):
        folder = Path(parsed.database).expanduser().parent
        if not folder.is_dir():
            raise UsageError(f"--db {_safe_url(url)}: the folder {str(folder)!r} does not exist")


def _safe_url(url: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)


def _run_uvicorn(settings: Any, host: str, port: int, workers: int, log_level: str) -> None:
    import dataclasses
    import logging

    import uvicorn

    logging.basicConfig(level=log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if log_level != "debug":  # the migrations' plugin set-up, eight lines at every start, tells a player nothing
        logging.getLogger("alembic").setLevel(logging.WARNING)
    common = {
        "host": host,
        "port": port,
        "log_level": log_level,
        "ws_max_size": settings.hard_max_message,
        # Messages are a few kilobytes: compressing each costs the server more CPU than it saves anyone time.
        "ws_per_message_deflate": False,
        # A proxy on this machine (docs/hosting.md) says whom it forwards for (X-Forwarded-For: the address a
        # table quota counts) and that it was reached by https (the links' scheme). Only a loopback peer is heeded.
        "proxy_headers": True,
        "forwarded_allow_ips": "127.0.0.1,::1",
    }
    if workers > 1:
        os.environ["TRIONFI_SERVER_SETTINGS"] = json.dumps(dataclasses.asdict(settings))
        uvicorn.run("trionfi.server.app:app_from_environment", factory=True, workers=workers, **common)
    else:
        from .server.app import create_app

        uvicorn.run(create_app(settings), **common)


@online.command()
def join(
    link: Annotated[str, typer.Argument(metavar="LINK", help="A seat's invite link, or a table's spectator link.")],
    name: Annotated[
        str | None, typer.Option("--name", help="Your name at the table (asked if the seat has none yet).")
    ] = None,
    bot: Annotated[
        str | None, typer.Option("--bot", help="Let a bot of this level or name play your seat (to test a table).")
    ] = None,
    retry_for: Annotated[
        float | None,
        typer.Option(
            "--retry-for",
            min=0,
            metavar="SECONDS",
            help="Give up after the server stays unreachable this long (default: keep trying).",
        ),
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", help="Print nothing but errors (with --bot).")] = False,
    rematch: Annotated[
        bool,
        typer.Option(
            "--rematch", help="The link's table is over: sit at its rematch (the same seats; made if need be)."
        ),
    ] = False,
    sit: Annotated[
        int | None,
        typer.Option(
            "--sit",
            min=0,
            metavar="SEAT",
            help="With the spectators' link: take this free seat (an open one nobody took) and play it.",
        ),
    ] = None,
) -> None:
    """Play at an online table in the terminal (the server reconnects you by itself if the link drops)."""
    from .cli import _clear_errors
    from .server.client import LinkError, TerminalClient, ask_rematch, claim_seat, parse_link

    with _clear_errors():
        parsed = parse_link(link)
        if rematch:
            parsed = ask_rematch(parsed)
        if bot is not None:
            from .agents import make_agent

            make_agent(bot)
        if sit is not None:
            if name is None and bot is None and not sys.stdin.isatty():
                raise LinkError("--sit needs --name here: there is no one to ask for it")
            if name is None:
                name = f"{bot} bot" if bot else typer.prompt("Your name at the table")
            parsed = claim_seat(parsed, sit, name)
            typer.echo(f"Seat {sit} is yours. Its link, to come back to it (keep it to yourself): ", nl=False)
            typer.echo(f"{parsed.base}/t/{parsed.table}#token={parsed.token}")
        # The name is asked only if the seat has none yet (the server says so): a seat taken again, or at its
        # rematch, keeps its name.
        client = TerminalClient(
            parsed,
            name,
            bot,
            retry_for=retry_for,
            quiet=quiet,
            ask_name=bot is None and sys.stdin.isatty(),
            default_name=f"{bot} bot" if bot else "player",
        )
    try:
        finished = asyncio.run(client.run())
    except KeyboardInterrupt:
        finished = False
    if not finished:
        raise typer.Exit(1)
