"""Helpers of the server tests: a real server on a loopback port (in a thread or a subprocess) and players that
talk to it over real WebSockets."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import uvicorn
import websockets

from trionfi.server.app import create_app
from trionfi.server.settings import Settings

SRC = Path(__file__).resolve().parents[1] / "src"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerThread:
    """``trionfi serve`` in a thread of the test process, on a free port."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws_url = f"ws://127.0.0.1:{self.port}/ws"
        self.app = create_app(settings)
        config = uvicorn.Config(
            self.app,
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            ws_max_size=settings.hard_max_message,
            ws_per_message_deflate=False,
            lifespan="on",
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> ServerThread:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=20)

    @property
    def hub(self) -> Any:
        return self.app.state.hub

    def create(self, **body: Any) -> dict[str, Any]:
        r = httpx.post(f"{self.base}/api/tables", json=body, timeout=20)
        assert r.status_code == 201, r.text
        return r.json()


class ServerProcess:
    """``python -m trionfi.cli serve`` in a subprocess (to kill it with SIGKILL, or run several)."""

    def __init__(self, db_url: str, port: int | None = None, extra: list[str] | None = None) -> None:
        self.db_url = db_url
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws_url = f"ws://127.0.0.1:{self.port}/ws"
        self.extra = extra or []
        self.proc: subprocess.Popen | None = None
        self.log_path: Path | None = None

    def start(self, log_path: Path) -> ServerProcess:
        return self.launch(log_path).ready()

    def launch(self, log_path: Path) -> ServerProcess:
        """Start the process; ``ready()`` waits until it answers (start several, then wait for them all)."""
        self.log_path = log_path
        env = {**os.environ, "PYTHONPATH": f"{SRC}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
        cmd = [sys.executable, "-m", "trionfi.cli", "serve", "--port", str(self.port), "--db", self.db_url]
        cmd += ["--bot-pause", "0", *self.extra]
        with open(log_path, "ab") as log:
            self.proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env)
        return self

    def ready(self) -> ServerProcess:
        assert self.proc is not None and self.log_path is not None
        log_path = self.log_path
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{self.base}/healthz", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the server did not start:\n{log_path.read_text()[-3000:]}")
            time.sleep(0.1)

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()  # SIGKILL: no goodbye, no flush
            self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def create(self, **body: Any) -> dict[str, Any]:
        r = httpx.post(f"{self.base}/api/tables", json=body, timeout=20)
        assert r.status_code == 201, r.text
        return r.json()


class Player:
    """One WebSocket connection: records every message, keeps the viewer's version, observation and event log
    as a client would, and acts with the version it has seen."""

    def __init__(self, ws_url: str, table: str, token: str | None = None, name: str | None = None) -> None:
        self.ws_url, self.table, self.token, self.name = ws_url, table, token, name
        self.ws: Any = None
        self.messages: list[dict[str, Any]] = []
        self.events: list[dict[str, Any]] = []  # the viewer's log as received (rebuilt from a snapshot: a gap)
        self.version = 0
        self.obs: dict[str, Any] | None = None
        self.seat: int | None = None
        self.status: str | None = None
        self.errors: list[dict[str, Any]] = []
        self.changed = asyncio.Event()
        self.reader: asyncio.Task | None = None
        self.next_id = 0

    async def connect(self, version: int | None = None, full: bool = False, **extra: Any) -> Player:
        self.ws = await websockets.connect(self.ws_url, max_size=2**24, **extra)
        self.reader = asyncio.create_task(self._read())
        hello: dict[str, Any] = {
            "type": "hello",
            "table": self.table,
            "version": self.version if version is None else version,
        }
        if self.token is not None:
            hello["token"] = self.token
        if self.name is not None:
            hello["name"] = self.name
        if full:
            hello["full"] = True
        await self.send(hello)
        await self.wait(lambda: bool(self.errors) or any(m["type"] in ("events", "snapshot") for m in self.messages))
        return self

    async def send(self, message: dict[str, Any] | str) -> None:
        await self.ws.send(message if isinstance(message, str) else json.dumps(message))

    async def _read(self) -> None:
        with contextlib.suppress(websockets.ConnectionClosed):
            async for raw in self.ws:
                m = json.loads(raw)
                self.messages.append(m)
                self._take(m)
                self.changed.set()

    def _take(self, m: dict[str, Any]) -> None:
        kind = m["type"]
        if kind == "welcome":
            self.seat, self.status = m["seat"], m["status"]
        elif kind == "table":
            self.status = m["status"]
        elif kind == "events":
            assert m["from"] <= self.version or not self.events, (m["from"], self.version)
            self.events[m["from"] :] = m["events"]
            self.version, self.obs = m["version"], m["observation"]
        elif kind == "snapshot":
            self.version, self.obs = m["version"], m["observation"]
        elif kind == "error":
            self.errors.append(m)

    async def wait(self, predicate: Any, timeout: float = 20.0) -> None:
        deadline = time.monotonic() + timeout
        while not predicate():
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"waited {timeout} s; last messages: {self.messages[-3:]}")
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), min(left, 0.5))

    def my_turn(self) -> bool:
        return bool(self.obs and self.obs.get("legal_actions"))

    async def act(self, action: str, version: int | None = None) -> int:
        self.next_id += 1
        await self.send(
            {
                "type": "action",
                "action": action,
                "version": self.version if version is None else version,
                "id": self.next_id,
            }
        )
        return self.next_id

    async def answer(self, ident: int, timeout: float = 20.0) -> dict[str, Any]:
        """The events message or the error that answers the message with this id."""
        found: list[dict[str, Any]] = []

        def seen() -> bool:
            found[:] = [m for m in self.messages if m.get("ref") == ident]
            return bool(found)

        await self.wait(seen, timeout)
        return found[0]

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self.reader is not None:
            with contextlib.suppress(BaseException):
                await self.reader


def finished(players: list[Player]) -> bool:
    return all(p.status == "finished" for p in players)


async def play_out(players: list[Player], choose: Any = None, timeout: float = 60.0) -> None:
    """Every player acts whenever it is its turn (the first legal action, or ``choose(obs)``) until the end."""
    deadline = time.monotonic() + timeout
    while not finished(players):
        if time.monotonic() > deadline:
            raise TimeoutError(f"the game did not end in {timeout} s")
        acted = False
        for p in players:
            if p.status == "playing" and p.my_turn():
                action = choose(p.obs) if choose is not None else p.obs["legal_actions"][0]
                ident = await p.act(action)
                answer = await p.answer(ident)
                assert answer["type"] == "events", answer
                acted = True
        if not acted:
            await any_change(players, 0.2)


async def any_change(players: list[Player], timeout: float) -> None:
    for p in players:
        p.changed.clear()
    waiters = [asyncio.ensure_future(p.changed.wait()) for p in players]
    await asyncio.wait(waiters, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
    for w in waiters:
        w.cancel()


def run(coro: Any) -> Any:
    return asyncio.run(coro)


class PostgresUnavailable(Exception):
    """Why a PostgreSQL server could not be started here."""


class Postgres:
    """A throwaway PostgreSQL server (Debian's ``postgresql`` package) on a free loopback port, in a temporary
    folder, run as ``nobody`` when the tests run as root (PostgreSQL refuses to run as root)."""

    def __init__(self) -> None:
        import glob
        import shutil
        import tempfile

        initdbs = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
        if not initdbs:
            raise PostgresUnavailable(
                "no PostgreSQL server here (/usr/lib/postgresql/*/bin/initdb is missing): "
                "install Debian's postgresql package, e.g. with .ci/setup-debian.sh"
            )
        self.bin = Path(initdbs[-1]).parent
        self.port = free_port()
        self.root = Path(tempfile.mkdtemp(prefix="trionfi-pg-"))
        self.data = self.root / "data"
        self.as_user: list[str] = []
        if os.geteuid() == 0:
            runuser = shutil.which("runuser")
            if runuser is None:
                raise PostgresUnavailable("running as root and there is no runuser to start PostgreSQL as nobody")
            import pwd

            nobody = pwd.getpwnam("nobody")
            self.root.chmod(0o755)
            os.chown(self.root, nobody.pw_uid, nobody.pw_gid)
            self.as_user = [runuser, "-u", "nobody", "--"]
        self.url = f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, *args: str) -> None:
        done = subprocess.run([*self.as_user, *args], capture_output=True, text=True, timeout=60, cwd=self.root)
        if done.returncode != 0:
            raise PostgresUnavailable(f"{Path(args[0]).name} failed: {(done.stderr or done.stdout).strip()[-800:]}")

    def start(self) -> Postgres:
        self._run(
            str(self.bin / "initdb"), "-D", str(self.data), "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"
        )
        options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100"
        self._run(
            str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.root / "log"), "-o", options, "-w", "start"
        )
        return self

    def stop(self) -> None:
        import shutil

        if self.data.exists():
            subprocess.run(
                [*self.as_user, str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop"],
                capture_output=True,
                timeout=60,
            )
        shutil.rmtree(self.root, ignore_errors=True)
