"""The server under load: many tables of two-player Briscola matches played by bot-speed clients on loopback.

For each configuration, ``trionfi serve`` runs in its own process(es) (one with SQLite; two with PostgreSQL,
each table's two seats connected to different processes), and this process drives N tables at once. Each
client answers when it is its turn, after ``--think`` seconds (a bot's pace: the server's bots wait 0.8 s by
default); ``--think 0`` measures throughput at saturation. A table that finishes its match starts another.

Measured: accepted actions per second, and the latency of an action's broadcast: from the client sending it to
the client receiving the ``events`` message that carries it (checked, stored, committed and sent back),
median and 99th percentile. The load generator shares the machine's two cores with the server(s).

    python benchmarks/server_load.py                      # the table in docs/benchmarks.md
    python benchmarks/server_load.py --tables 100 --think 0 --store sqlite
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "src"), str(ROOT / "tests"), str(ROOT / "benchmarks")]

import httpx  # noqa: E402
import orjson  # noqa: E402
import uvloop  # noqa: E402
from websockets.client import ClientProtocol  # noqa: E402
from websockets.frames import Opcode  # noqa: E402
from websockets.http11 import Response  # noqa: E402
from websockets.uri import parse_uri  # noqa: E402

from report import replace_section  # noqa: E402
from server_support import Postgres, PostgresUnavailable, ServerProcess  # noqa: E402


class Seat(asyncio.Protocol):
    """One seat's WebSocket on the sans-I/O protocol of the websockets library: messages are handled in the
    callback that reads them (no task, queue or lock per message), so the load generator, which shares the cores
    with the server, spends little per action."""

    def __init__(self, table: Table, seat: int, url: str) -> None:
        self.table, self.seat = table, seat
        self.protocol = ClientProtocol(parse_uri(url), max_size=2**22)
        self.transport: asyncio.Transport | None = None
        self.opened: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]
        self.protocol.send_request(self.protocol.connect())
        self._flush()

    def data_received(self, data: bytes) -> None:
        at = time.perf_counter()
        self.protocol.receive_data(data)
        for event in self.protocol.events_received():
            if isinstance(event, Response):
                if not self.opened.done():
                    self.opened.set_result(None)
            elif event.opcode is Opcode.TEXT and event.fin:  # the server sends each message in one frame
                self.table.received(self.seat, orjson.loads(event.data), at)
        self._flush()

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.opened.done():
            self.opened.set_exception(exc or ConnectionError("closed before the handshake"))
        self.table.lost()

    def send(self, message: dict[str, Any]) -> None:
        self.protocol.send_text(orjson.dumps(message))
        self._flush()

    def close(self) -> None:
        if self.transport is not None:
            self.transport.close()

    def _flush(self) -> None:
        for data in self.protocol.data_to_send():
            if data and self.transport is not None:
                self.transport.write(data)


class Table:
    """A table's two seats: each acts when it is its turn, ``think`` seconds after it learned so."""

    def __init__(self, load: Load, seats: list[Seat]) -> None:
        self.load, self.seats = load, seats
        self.sent: dict[int, float] = {}
        self.version = [0, 0]
        self.legal: list[list[str]] = [[], []]
        self.playing = False
        self.counted = False
        self.ident = 0
        self.done: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def received(self, s: int, m: dict[str, Any], at: float) -> None:
        load = self.load
        kind = m["type"]
        if kind == "error":
            load.errors += 1
            load.codes[m["code"]] = load.codes.get(m["code"], 0) + 1
            self.sent.pop(s, None)
        elif kind in ("welcome", "table"):
            self.playing = m["status"] == "playing"
            if self.playing and not self.counted:
                self.counted = True
                load.started += 1
            if m["status"] == "finished":
                load.matches += 1
                self.finish()
                return
        elif kind in ("events", "snapshot"):
            self.version[s] = m["version"]
            self.legal[s] = m["observation"]["legal_actions"]
            if "ref" in m and s in self.sent:
                started = self.sent.pop(s)
                if load.measuring:
                    load.latencies.append(at - started)
                    load.actions += 1
        if self.playing and self.legal[s] and s not in self.sent:  # a table acts once every seat is taken
            self.sent[s] = 0.0  # (waiting: its time is set when it sends)
            if load.think:
                asyncio.get_running_loop().call_later(load.think, self.act, s)
            else:
                self.act(s)

    def act(self, s: int) -> None:
        if self.done.done():
            return
        self.ident += 1
        self.sent[s] = time.perf_counter()
        message = {"type": "action", "action": self.legal[s][0], "version": self.version[s], "id": self.ident}
        self.seats[s].send(message)

    def lost(self) -> None:
        self.finish()

    def finish(self) -> None:
        if not self.done.done():
            self.done.set_result(None)
        for seat in self.seats:
            seat.close()


class Load:
    def __init__(self, bases: list[str], think: float) -> None:
        self.bases = bases
        self.think = think
        self.measuring = False
        self.stop = False
        self.latencies: list[float] = []
        self.actions = 0
        self.errors = 0
        self.matches = 0
        self.codes: dict[str, int] = {}  # refusals by error code
        self.started = 0  # tables that have started playing
        self.opening = asyncio.Semaphore(20)  # tables being created and joined at once

    async def open(self, i: int, http: httpx.AsyncClient) -> Table:
        """A new match table with its two seats connected, each on its own server process when there are two
        (a few at a time: a thousand requests queued in httpx's pool cost the load generator more than the server)."""
        async with self.opening:
            r = await http.post(
                f"{self.bases[i % len(self.bases)]}/api/tables", json={"game": "briscola", "match": True}
            )
            created = r.json()
            seats: list[Seat] = []
            table = Table(self, seats)
            loop = asyncio.get_running_loop()
            for s in (0, 1):
                base = self.bases[(i + s) % len(self.bases)]
                url = base.replace("http", "ws") + "/ws"
                host, port = base.removeprefix("http://").split(":")
                _, seat = await loop.create_connection(lambda s=s, url=url: Seat(table, s, url), host, int(port))
                await asyncio.wait_for(seat.opened, 60)
                seats.append(seat)
                hello = {"type": "hello", "table": created["table"], "token": created["seats"][s]["token"]}
                seat.send({**hello, "name": f"L{s}"})
            return table

    async def table(self, i: int, http: httpx.AsyncClient) -> None:
        """One table after another."""
        while not self.stop:
            table = await self.open(i, http)
            try:
                await table.done
            finally:
                table.finish()


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU time of these processes (Linux /proc), to count the server's work per action whatever
    else the machine is doing."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in pids:
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


async def measure(
    bases: list[str], tables: int, think: float, warmup: float, duration: float, pids: list[int] | None = None
) -> dict[str, Any]:
    pids = pids or []
    load = Load(bases, think)
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(timeout=120, limits=limits) as http:
        ramp = time.perf_counter()
        workers = [asyncio.create_task(load.table(i, http)) for i in range(tables)]
        while load.started < tables and time.perf_counter() - ramp < 300:  # every table seated and playing
            await asyncio.sleep(0.1)
        ramp = time.perf_counter() - ramp
        await asyncio.sleep(warmup)
        load.measuring = True
        started = time.perf_counter()
        cpu = cpu_seconds(pids)
        mine = time.process_time()
        await asyncio.sleep(duration)
        load.measuring = False
        elapsed = time.perf_counter() - started
        cpu = cpu_seconds(pids) - cpu
        mine = time.process_time() - mine
        load.stop = True
        for w in workers:
            w.cancel()
        await asyncio.gather(*workers, return_exceptions=True)
    lat = sorted(load.latencies)
    return {
        "tables": tables,
        "think": think,
        "actions_per_second": load.actions / elapsed,
        "median_ms": 1000 * statistics.median(lat) if lat else None,
        "p99_ms": 1000 * lat[min(len(lat) - 1, int(0.99 * len(lat)))] if lat else None,
        "actions": load.actions,
        "errors": load.errors,
        "error_codes": load.codes,
        "server_cpu_ms_per_action": 1000 * cpu / load.actions if load.actions and pids else None,
        "server_cpu_share": cpu / elapsed,
        "client_cpu_share": mine / elapsed,
        "client_cpu_ms_per_action": 1000 * mine / load.actions if load.actions else None,
        "load_average": os.getloadavg()[0],
        "ramp_s": ramp,
    }


def run_store(store: str, counts: list[int], think: float, warmup: float, duration: float, folder: Path) -> list[dict]:
    rows = []
    pg: Postgres | None = None
    try:
        if store == "postgresql":
            pg = Postgres().start()
        for n in counts:
            url = pg.url if pg is not None else f"sqlite:///{folder / f'load-{n}.db'}"
            # One client makes every table and holds every connection: no limit per address.
            unlimited = ["--log-level", "warning", "--rate", "1000", "--tables-per-hour", "0"]
            unlimited += ["--connections-per-address", "0"]
            servers = [ServerProcess(url, extra=unlimited)]
            if pg is not None:
                servers.append(ServerProcess(url, extra=unlimited))
            for i, s in enumerate(servers):
                s.launch(folder / f"server-{store}-{n}-{i}.log")
            for s in servers:
                s.ready()
            try:
                pids = [s.proc.pid for s in servers if s.proc is not None]
                pids += [int(p) for pid in pids for p in _children(pid)]  # uvicorn's worker processes, if any
                with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:  # the cheaper loop, as the server's
                    result = runner.run(measure([s.base for s in servers], n, think, warmup, duration, pids))
            finally:
                for s in servers:
                    s.stop()
            result.update(store=store, processes=len(servers))
            print(json.dumps(result), flush=True)
            rows.append(result)
    finally:
        if pg is not None:
            pg.stop()
    return rows


def _children(pid: int) -> list[str]:
    with contextlib.suppress(OSError):
        return Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return []


def table(rows: list[dict], command: str) -> str:
    lines = [
        "## Server under load",
        "",
        "Two-player Briscola matches on loopback, each seat a client that answers on its turn after the think time "
        "(1 s: each table makes one move a second, so N tables make nearly N actions/s; 0 s: as fast as it can). "
        "Latency: from a client sending its action to its receiving the `events` message with it (checked, "
        "committed to the store, broadcast). The load generator runs on the same two cores; every table is seated "
        "and playing before the measurement starts.",
        "",
        "CPU ms/action is a process's CPU time per accepted action (server: the server processes'; client: the "
        "load generator's); CPU shares are of one core; the load average counts everything else running on the "
        "machine too.",
        "",
        f"`{command}` · {platform.python_implementation()} {platform.python_version()}, {os.cpu_count()} cores",
        "",
        "| store | processes | tables | think (s) | actions/s | median (ms) | p99 (ms) | server CPU ms/action "
        "| client CPU ms/action | server CPU | client CPU | load avg | refused |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        med = "–" if r["median_ms"] is None else f"{r['median_ms']:.1f}"
        p99 = "–" if r["p99_ms"] is None else f"{r['p99_ms']:.1f}"
        per = "–" if r["server_cpu_ms_per_action"] is None else f"{r['server_cpu_ms_per_action']:.2f}"
        mine = "–" if r["client_cpu_ms_per_action"] is None else f"{r['client_cpu_ms_per_action']:.2f}"
        lines.append(
            f"| {r['store']} | {r['processes']} | {r['tables']} | {r['think']:g} | {r['actions_per_second']:.0f} "
            f"| {med} | {p99} | {per} | {mine} | {r['server_cpu_share']:.0%} | {r['client_cpu_share']:.0%} "
            f"| {r['load_average']:.1f} | {r['errors']} |"
        )
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, nargs="*", default=[1, 100, 1000])
    parser.add_argument("--think", type=float, nargs="*", default=[1.0], help="seconds a client waits on its turn")
    parser.add_argument("--store", choices=["sqlite", "postgresql", "both"], default="both")
    parser.add_argument("--warmup", type=float, default=10.0)
    parser.add_argument("--duration", type=float, default=20.0)
    parser.add_argument("--write", type=Path, help="put the table into this markdown file (docs/benchmarks.md)")
    args = parser.parse_args()
    stores = ["sqlite", "postgresql"] if args.store == "both" else [args.store]
    rows: list[dict] = []
    with tempfile.TemporaryDirectory(prefix="trionfi-load-") as tmp:
        for store in stores:
            for think in args.think:
                try:
                    rows += run_store(store, args.tables, think, args.warmup, args.duration, Path(tmp))
                except PostgresUnavailable as e:
                    print(f"skipping PostgreSQL: {e}", file=sys.stderr)
    text = table(rows, "python benchmarks/server_load.py " + " ".join(sys.argv[1:]))
    print(text)
    if args.write:
        replace_section(args.write, "server", text)


if __name__ == "__main__":
    main()
