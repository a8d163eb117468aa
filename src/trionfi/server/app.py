"""The FastAPI application: the HTTP API (tables and seats) and the WebSocket (docs/protocol.md)."""

from __future__ import annotations

import json
import logging
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Header, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.cors import CORSMiddleware
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from starlette.websockets import WebSocketDisconnect

import trionfi
from trionfi.errors import TrionfiError

from .connections import Connection
from .hub import Hub
from .lan import is_loopback
from .protocol import ProtocolError, error, parse, ref_of
from .quota import TableQuota
from .settings import Settings
from .store import Store
from .tables import LiveTable, card_order
from .tokens import token_hash

log = logging.getLogger("trionfi.server")
MAX_BODY = 64 * 1024


# --- request and answer bodies (they make the OpenAPI schema) ------------------------------------------------
class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatSpec(_Strict):
    kind: Literal["open", "reserved", "bot"] = "open"
    bot: str | None = Field(None, description="a bot seat's level (easy, medium, hard) or bot name; default medium")


class CreateTable(_Strict):
    game: str = Field(description="a game's name or alias, as `trionfi games` lists them")
    options: dict[str, str | int | bool | None] = Field(default_factory=dict, description="the game's options")
    match: bool = Field(False, description="a whole match instead of one deal")
    seats: list[SeatSpec] | None = Field(None, description="one per seat; default: every seat open")
    stand_in: str | None = Field(None, description="the bot that plays a person's seat while its person is away")
    seed: int | None = Field(None, ge=0, lt=2**63, description="shuffle seed; whoever picks it can know the hands")


class QrBody(_Strict):
    link: str = Field(description="an http or https link, such as a seat's invite link")


class NameBody(_Strict):
    name: str = Field(min_length=1, max_length=40)


class JoinBody(_Strict):
    name: str | None = Field(None, min_length=1, max_length=40)


class StandInBody(_Strict):
    bot: str | None
    seats: list[int] | None = None


class SeatLink(BaseModel):
    seat: int
    kind: str
    token: str | None
    invite: str | None


class TableCreated(BaseModel):
    table: str
    creator_token: str
    seats: list[SeatLink]
    spectate: str
    websocket: str


class SeatInfo(BaseModel):
    seat: int
    kind: str
    bot: str | None
    name: str | None
    away: bool
    played_by: Literal["person", "bot"] | None


class TableInfo(BaseModel):
    table: str
    game: str
    title: str
    options: dict[str, Any]
    kind: Literal["deal", "match"]
    status: Literal["waiting", "playing", "finished"]
    seeded: bool
    stand_in: str | None
    seats: list[SeatInfo]
    created: float
    updated: float


class TableLinked(TableInfo):
    spectate: str = Field(description="the spectators' link, at the address the links of this server use")


class SeatTableInfo(TableInfo):
    seat: int = Field(description="the seat the token belongs to")


class OpenTable(BaseModel):
    table: str
    game: str
    title: str
    options: dict[str, Any]
    kind: str
    status: str
    seeded: bool
    free_seats: list[int]
    seats: list[SeatInfo]
    created: float
    connected: list[int]
    idle: float


class OpenTables(BaseModel):
    tables: list[OpenTable]


class ComandaBody(_Strict):
    text: str = Field(max_length=2000, description="a comanda as a player would announce it")
    allow_explicit_tiers: bool = Field(True, description="the table's option: card notation allowed")


class ComandaProblem(BaseModel):
    message: str
    word: str | None
    position: int | None
    index: int | None
    suggestions: list[str]


class ComandaRead(BaseModel):
    text: str
    tiers: list[list[str]] | None
    notation: str | None
    labels: dict[str, list[str]] | None
    problem: ComandaProblem | None


class RematchInfo(BaseModel):
    table: str
    rematch: str | None


class Rematch(BaseModel):
    table: str
    seat: int
    invite: str
    creator_token: str | None
    spectate: str


class Claimed(BaseModel):
    table: str
    seat: int
    token: str
    invite: str


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(settings.resolved_db_url())
        hub = Hub(settings, store)
        await hub.start()
        app.state.hub = hub
        try:
            yield
        finally:
            await hub.stop()

    app = FastAPI(
        title="trionfi",
        version=trionfi.__version__,
        description="Online play of the triumph family of card games. The WebSocket protocol is in docs/protocol.md.",
        lifespan=lifespan,
    )
    app.state.settings = settings
    app.state.replays = {}
    app.add_middleware(GZipMiddleware, minimum_size=4096)  # a replay's steps compress tenfold
    if settings.allow_origins:
        app.add_middleware(
            CORSMiddleware,
            allow_origins=settings.allow_origins,
            allow_methods=["GET", "POST", "PUT"],
            allow_headers=["Authorization", "Content-Type"],
        )

    @app.exception_handler(ProtocolError)
    async def _refused(_request: Request, exc: ProtocolError) -> JSONResponse:
        return JSONResponse({"error": {"code": exc.code, "message": exc.message}}, status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def _malformed(_request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc'] if p != 'body') or 'body'}: {e['msg']}" for e in exc.errors()[:5]
        )
        return JSONResponse({"error": {"code": "bad_message", "message": problems}}, status_code=422)

    @app.middleware("http")
    async def _body_limit(request: Request, call_next: Any) -> Any:
        size = request.headers.get("content-length")
        if size is not None and size.isdigit() and int(size) > MAX_BODY:
            message = f"a request body is at most {MAX_BODY} bytes"
            return JSONResponse({"error": {"code": "too_large", "message": message}}, status_code=413)
        return await call_next(request)

    def hub_of(request: Request | WebSocket) -> Hub:
        return request.app.state.hub

    async def at_table(request: Request, table: str) -> tuple[Hub, LiveTable]:
        """The hub and the table an HTTP request names (404 no_table when there is none)."""
        hub = hub_of(request)
        return hub, await hub.get(table)

    def base_of(request: Request) -> str:
        if settings.public_url:
            return settings.public_url.rstrip("/")
        if settings.lan_url and is_loopback(request.url.hostname):
            return settings.lan_url.rstrip("/")  # the lobby opened on this machine: links its network can open
        return str(request.base_url).rstrip("/")

    # --- HTTP ----------------------------------------------------------------------------------------------
    @app.get("/api/games")
    async def list_games() -> dict[str, Any]:
        """The games a table may be created for, with their options."""
        from trionfi.agents import AGENTS, LEVELS

        out = []
        for name in trionfi.games():
            cls = trionfi.registry.game_class(name)
            game = cls()
            options = [_option(o) for o in cls.OPTIONS]
            out.append({"name": name, "title": cls.title, "players": game.players, "options": options})
        return {"games": out, "levels": list(LEVELS), "bots": list(AGENTS)}

    quota = TableQuota(settings.tables_per_hour)

    @app.post("/api/tables", status_code=201, response_model=TableCreated)
    async def create_table(body: CreateTable, request: Request) -> dict[str, Any]:
        """Create a table: the answer holds the seats' invite links (with their tokens) and the creator token."""
        address = request.client.host if request.client else ""
        quota.check(address)
        created = await hub_of(request).create(body.model_dump(), base_of(request))
        quota.made(address)
        return created

    @app.get("/api/tables", response_model=OpenTables)
    async def open_tables(request: Request) -> dict[str, Any]:
        """Tables with a free open seat, newest first."""
        return {"tables": await hub_of(request).open_tables()}

    @app.get("/api/tables/{table}", response_model=TableLinked)
    async def table_info(table: str, request: Request) -> dict[str, Any]:
        # With the spectators' link as an invite has it (the network's address for a page opened on this machine):
        # a table page offers it, and a seat's own, to be opened on another device.
        return {**(await hub_of(request).get(table)).public(), "spectate": f"{base_of(request)}/t/{table}"}

    @app.get("/api/tables/{table}/seat", response_model=SeatTableInfo)
    async def my_seat(
        table: str, request: Request, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        """The seat a seat token opens, taking nothing: a page checks its invite link before it asks a name."""
        hub, t = await at_table(request, table)
        return {**t.public(), "seat": await hub.seat_of_token(t, _bearer(authorization))}

    @app.post("/api/tables/{table}/seats/{seat}/claim", response_model=Claimed)
    async def claim(table: str, seat: int, body: NameBody, request: Request) -> dict[str, Any]:
        """Take a free open seat: the answer holds its new token (the seat's old invite link stops working)."""
        from .hub import invite_link

        got = await hub_of(request).claim(table, seat, body.name)
        return {**got, "invite": invite_link(base_of(request), table, got["token"])}

    @app.post("/api/tables/{table}/seats/{seat}/invite", response_model=Claimed)
    async def invite(
        table: str, seat: int, request: Request, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        """The creator gives the seat of a person who left (or is not connected) to someone new: a new invite
        link; the old one stops working."""
        from .hub import invite_link

        hub = hub_of(request)
        got = await hub.hand_over(await hub.get(table), _bearer(authorization), seat)
        return {**got, "invite": invite_link(base_of(request), table, got["token"])}

    @app.post("/api/tables/{table}/join", response_model=SeatTableInfo)
    async def join(
        table: str, body: JoinBody, request: Request, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        hub, t = await at_table(request, table)
        seat = await hub.join(t, _bearer(authorization), body.name)
        return {**t.public(), "seat": seat}

    @app.post("/api/tables/{table}/leave", response_model=SeatTableInfo)
    async def leave(
        table: str, request: Request, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        hub, t = await at_table(request, table)
        seat = await hub.seat_of_token(t, _bearer(authorization))
        await hub.leave(t, seat)
        return {**t.public(), "seat": seat}

    @app.delete("/api/tables/{table}", status_code=204, response_class=Response)
    async def close_table(
        table: str, request: Request, authorization: Annotated[str | None, Header()] = None
    ) -> Response:
        """The creator closes a table still waiting for its players: it is deleted, its pages are told."""
        hub = hub_of(request)
        await hub.close(await hub.get(table), _bearer(authorization))
        return Response(status_code=204)

    @app.post("/api/tables/{table}/seats/{seat}/stand-in", response_model=TableInfo)
    async def ask_stand_in(
        table: str, seat: int, request: Request, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        """A player lets a bot play for a person gone for a while (or who left): see docs/protocol.md."""
        hub, t = await at_table(request, table)
        await hub.ask_stand_in(t, _bearer(authorization), seat)
        return t.public()

    @app.put("/api/tables/{table}/stand-in", response_model=TableInfo)
    async def stand_in(
        table: str, body: StandInBody, request: Request, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        """The creator chooses the bot that plays the seats of persons who left (or never came)."""
        hub, t = await at_table(request, table)
        await hub.set_stand_in(t, _bearer(authorization), body.bot, body.seats)
        return t.public()

    @app.get("/api/tables/{table}/record")
    async def record(table: str, request: Request) -> JSONResponse:
        """The finished deal or match as a trionfi record (`trionfi replay FILE` plays it)."""
        t = await hub_of(request).get(table)
        if t.row.status != "finished":
            raise ProtocolError("not_finished", "the record is ready when the game is over (it holds every hand)", 409)
        headers = {"Content-Disposition": f'attachment; filename="trionfi-{t.row.game}-{t.id}.json"'}
        return JSONResponse(t.record(), headers=headers)

    @app.get("/api/tables/{table}/replay")
    async def replay(table: str, request: Request, deal: int = 1) -> dict[str, Any]:
        """A finished table step by step, every hand face up: one deal (``?deal=N`` of a match)."""
        t = await hub_of(request).get(table)
        if t.row.status != "finished":
            raise ProtocolError("not_finished", "the replay is ready when the game is over (it shows every hand)", 409)
        deals = await _replay_of(request.app, t)
        if not 1 <= deal <= len(deals):
            raise ProtocolError("bad_message", f"deal must be from 1 to {len(deals)}, not {deal}", 422)
        return {
            "table": t.id,
            "game": t.row.game,
            "title": type(t.game).title,
            "options": t.row.options,
            "kind": t.row.kind,
            "seats": t.public()["seats"],
            "card_order": card_order(t.game),
            "deals": len(deals),
            "deal": deal,
            **deals[deal - 1],
        }

    @app.post("/api/tables/{table}/rematch", response_model=Rematch)
    async def rematch(
        table: str, request: Request, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        """A finished table's rematch, with the same seats (each person's token is the same): made at the first
        call, the same table at every later one. The table's connections are told (a ``rematch`` message)."""
        from .rematch import rematch

        hub = hub_of(request)
        return await rematch(hub, await hub.get(table), _bearer(authorization), base_of(request))

    @app.get("/api/tables/{table}/rematch", response_model=RematchInfo)
    async def rematch_info(table: str, request: Request) -> dict[str, Any]:
        """The id of the table's rematch, or null while nobody asked for one."""
        from .rematch import find

        hub = hub_of(request)
        found = await find(hub, await hub.get(table))
        return {"table": table, "rematch": None if found is None else found.id}

    @app.post("/api/comanda", response_model=ComandaRead)
    async def comanda(body: ComandaBody) -> dict[str, Any]:
        """What a Trionfetti comanda sets (tiers of equal cards, lowest first) or, as ``problem``, why the engine
        cannot read it, with the word and where it is: what a player sees while typing it. A comanda that
        cannot be read is an answer too (200), not a failed request."""
        from trionfi.comanda import parse_comanda
        from trionfi.errors import ComandaError
        from trionfi.games.trionfetti import _is_explicit

        read: dict[str, Any] = {"text": body.text, "tiers": None, "notation": None, "labels": None, "problem": None}
        try:
            if not body.allow_explicit_tiers and _is_explicit(body.text):
                raise ComandaError(
                    "card notation (an explicit tier list) is not allowed at this table (allow_explicit_tiers=false): "
                    "say the comanda in words, e.g. 'manco e cavalli'"
                )
            ranking = parse_comanda(body.text)
        except ComandaError as e:
            problem = {"message": str(e), "word": e.word, "position": e.position, "index": e.index}
            return {**read, "problem": {**problem, "suggestions": list(e.suggestions)}}
        labels = {lang: ranking.labels(lang) for lang in ("en", "it")}
        return {**read, "tiers": ranking.to_list(), "notation": ranking.notation(), "labels": labels}

    @app.post("/api/qr", response_class=Response, responses={200: {"content": {"image/svg+xml": {}}}})
    async def qr_code(body: QrBody) -> Response:
        """A link as a QR code (SVG), for a friend in the room to scan: the link in the body, as an invite's token
        never goes in an address."""
        from .qr import qr_svg

        return Response(qr_svg(body.link), media_type="image/svg+xml", headers={"Cache-Control": "no-store"})

    @app.get("/healthz")
    async def health(request: Request) -> dict[str, bool]:
        import asyncio

        await asyncio.to_thread(hub_of(request).store.ping)
        return {"ok": True}

    pages = resources.files("trionfi") / "web"

    @app.get("/t/{table}", response_class=HTMLResponse, include_in_schema=False)
    async def table_page(table: str, request: Request) -> str:
        # The invite and spectator links open the browser table (the page reads the table from its address
        # and the seat token from the fragment, which never reaches the server); `trionfi join LINK` reads the
        # same links without asking for this page. Its head says which table it is, for a chat's link preview.
        from .preview import language, with_preview

        page = (pages / "table.html").read_text()
        try:
            t = await hub_of(request).get(table)
        except ProtocolError:  # a wrong link: the page says so itself
            return page
        return with_preview(page, t.public(), language(request.headers.get("accept-language")), base_of(request))

    @app.get("/t/{table}/replay", response_class=HTMLResponse, include_in_schema=False)
    async def replay_page(table: str) -> str:
        return (pages / "replay.html").read_text()

    def rules_language(request: Request) -> str:
        """The rules page's language: the one its link asks for (the page's the reader came from), else the
        browser's."""
        from .preview import LANGUAGES, language

        asked = request.query_params.get("lang")
        return asked if asked in LANGUAGES else language(request.headers.get("accept-language"))

    @app.get("/rules", response_class=HTMLResponse, include_in_schema=False)
    async def rules_index(request: Request) -> str:
        """Every game, linked to its rules (the lobby's *Rules*)."""
        from .rules_page import index_html

        return index_html(rules_language(request))

    @app.get("/t/{table}/rules", response_class=HTMLResponse, include_in_schema=False)
    async def table_rules_page(table: str, request: Request) -> HTMLResponse:
        """The rules of the table's game as its options make them (a link of the table and of its invite)."""
        from .rules_page import refusal_html, rules_html

        try:
            t = await hub_of(request).get(table)
        except ProtocolError as e:
            return HTMLResponse(refusal_html(e.message, rules_language(request)), status_code=e.status)
        return HTMLResponse(rules_html(t.game, rules_language(request), "table"))

    @app.get("/rules/{game}", response_class=HTMLResponse, include_in_schema=False)
    async def rules_page(game: str, request: Request) -> HTMLResponse:
        """A game's rules with the options of the query (``/rules/trijumf?players=2``), as the lobby's form has
        them; each value is written as at a terminal (``trionfi rules GAME -o name=value``)."""
        from .rules_page import refusal_html, rules_html

        options = {k: v for k, v in request.query_params.items() if k != "lang"}
        try:
            loaded = trionfi.load(game, **options)
        except TrionfiError as e:
            return HTMLResponse(refusal_html(str(e), rules_language(request)), status_code=400)
        return HTMLResponse(rules_html(loaded, rules_language(request), "chosen" if options else "default"))

    # --- WebSocket -----------------------------------------------------------------------------------------
    open_sockets: dict[str, int] = {}  # client address -> its WebSocket connections now

    @app.websocket("/ws")
    async def websocket(ws: WebSocket) -> None:
        await ws.accept()
        origin = ws.headers.get("origin")
        if origin is not None and not _origin_allowed(origin, ws, settings):
            await ws.send_text(json.dumps(error("bad_origin", f"connections from {origin[:100]} are not allowed here")))
            await ws.close(code=1008)
            return
        # One address's connections at once are bounded: each holds a file descriptor, and a script opening
        # thousands would leave none for the players (a family behind one router opens a few pages each).
        address = ws.client.host if ws.client else ""
        cap = settings.connections_per_address
        if cap and open_sockets.get(address, 0) >= cap:
            message = f"more than {cap} connections from this address at once: close another page of the game first"
            await ws.send_text(json.dumps(error("rate_limited", message)))
            await ws.close(code=1008)
            return
        open_sockets[address] = open_sockets.get(address, 0) + 1
        hub = hub_of(ws)
        conn = Connection(ws, settings.send_queue, settings.rate, settings.burst)
        try:
            await _serve_connection(hub, conn, settings)
        except WebSocketDisconnect:
            pass
        finally:
            hub.detach(conn)
            await conn.stop()
            open_sockets[address] -= 1
            if not open_sockets[address]:
                del open_sockets[address]

    app.mount("/", StaticFiles(packages=[("trionfi", "web")], html=True), name="web")  # the browser client, last
    return app


async def _serve_connection(hub: Hub, conn: Connection, settings: Settings) -> None:
    ws = conn.websocket
    while True:
        frame = await ws.receive()
        if frame["type"] == "websocket.disconnect":
            return
        if not conn.limit.allow():
            if conn.limit.should_warn():
                message = (
                    f"more than {settings.rate:g} messages a second (bursts of {settings.burst}): "
                    "messages are ignored until the rate falls"
                )
                conn.send(error("rate_limited", message))
            continue
        text = frame.get("text")
        if text is None:
            conn.send(error("bad_json", "binary frames are not read: send JSON text"))
            continue
        if len(text) > settings.max_message or len(text.encode()) > settings.max_message:
            conn.send(error("too_large", f"a message is at most {settings.max_message} bytes"))
            continue
        ref = None
        try:
            msg = parse(text)
            ref = msg.get("id")
            await _handle(hub, conn, msg)
        except ProtocolError as e:
            conn.send(error(e.code, e.message, ref if ref is not None else ref_of(text)))
        except Exception:
            log.exception("a message failed")
            conn.send(error("internal", "the server failed on this message (it is logged); nothing changed", ref))


async def _handle(hub: Hub, conn: Connection, msg: dict[str, Any]) -> None:
    kind = msg["type"]
    if kind == "ping":
        conn.send({"type": "pong", "id": msg.get("id")} if "id" in msg else {"type": "pong"})
        return
    if kind == "hello":
        if conn.greeted:
            raise ProtocolError(
                "already_greeted", "this connection already said hello; open a new one for another seat"
            )
        t = await hub.get(msg["table"])
        token = msg.get("token")
        seat = None if token is None else await hub.join(t, token, msg.get("name"))
        conn.seat = seat
        conn.token_hash = None if token is None else token_hash(token)
        conn.greeted = True
        await hub.welcome(t, conn, msg.get("version", 0), msg.get("full", False))
        return
    if not conn.greeted:
        raise ProtocolError("hello_first", 'the first message of a connection is {"type": "hello", "table": ...}')
    t = conn.table
    if t is None:
        raise ProtocolError("unknown_table", "this connection's table expired")
    if kind == "sync":
        async with t.lock:
            current = t.version(conn.seat)
            if msg["version"] > current:
                raise ProtocolError(
                    "bad_version", f"version {msg['version']} is ahead of this viewer's version {current}"
                )
            hub.sync(t, conn, since=msg["version"], full=msg.get("full", False))
        return
    if conn.seat is None:
        if kind == "say":
            raise ProtocolError(
                "not_a_seat", "a spectator cannot speak at the table: spectators read what the players say"
            )
        raise ProtocolError("not_a_seat", "a spectator cannot act: connect with a seat token to play")
    if kind == "action":
        await hub.act(t, conn.seat, msg["action"], msg["version"], conn=conn, ref=msg.get("id"))
    elif kind == "leave":
        await hub.leave(t, conn.seat)
    elif kind == "say":
        await hub.say(t, conn.seat, msg.get("text"), msg.get("phrase"))


def _bearer(authorization: str | None) -> str:
    if authorization is None or not authorization.lower().startswith("bearer ") or not authorization[7:].strip():
        raise ProtocolError("bad_token", "send the token as an Authorization: Bearer TOKEN header", 403)
    return authorization[7:].strip()


def _origin_allowed(origin: str, ws: WebSocket, settings: Settings) -> bool:
    if origin in settings.allow_origins or "*" in settings.allow_origins:
        return True
    host = ws.headers.get("host")
    own = {f"http://{host}", f"https://{host}"}
    if settings.public_url:
        own.add(settings.public_url.rstrip("/"))
    return origin in own


def _jsonable(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def _option(o: Any) -> dict[str, Any]:
    """An option's declaration for a form: ``kind`` is choice, bool, int or text (a text the game reads, its
    ``allowed`` says how); ``choices``, ``low`` and ``high`` bound the value, ``default_text`` says a default
    that depends on other options."""
    kind = "choice" if o.choices is not None else {bool: "bool", int: "int"}.get(o.kind, "text")
    return {
        "name": o.name,
        "default": _jsonable(o.default),
        "doc": o.doc,
        "allowed": o.allowed(),
        "kind": kind,
        "choices": None if o.choices is None else [_jsonable(c) for c in o.choices],
        "low": o.low,
        "high": o.high,
        "default_text": o.default_text,
    }


async def _replay_of(app: FastAPI, t: Any) -> list[dict[str, Any]]:
    import asyncio

    from .replay import replay_deals

    cache = app.state.replays  # table id -> its deals' steps: a finished table never changes
    if t.id not in cache:
        deals = await asyncio.to_thread(replay_deals, t.record())
        while len(cache) >= 4:  # (a long match replays to several megabytes)
            cache.pop(next(iter(cache)))
        cache[t.id] = deals
    return cache[t.id]


def app_from_environment() -> FastAPI:
    """For ``uvicorn --factory`` with several workers: the settings come as JSON in TRIONFI_SERVER_SETTINGS."""
    raw = os.environ.get("TRIONFI_SERVER_SETTINGS")
    return create_app(Settings(**json.loads(raw)) if raw else Settings())
