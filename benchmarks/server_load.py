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
import websockets  # noqa: E402

from report import replace_section  # noqa: E402
from server_support import Postgres, PostgresUnavailable, ServerProcess  # noqa: E402


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

    async def table(self, i: int, http: httpx.AsyncClient) -> None:
        """One table after another: two seats, each on its own server process when there are two."""
        while not self.stop:
            r = await http.post(
                f"{self.bases[i % len(self.bases)]}/api/tables", json={"game": "briscola", "match": True}
            )
            created = r.json()
            sockets = []
            for s in (0, 1):
                ws_url = self.bases[(i + s) % len(self.bases)].replace("http", "ws") + "/ws"
                ws = await websockets.connect(ws_url, max_size=2**22, open_timeout=60, ping_interval=None)
                hello = {
                    "type": "hello",
                    "table": created["table"],
                    "token": created["seats"][s]["token"],
                    "name": f"L{s}",
                }
                await ws.send(json.dumps(hello))
                sockets.append(ws)
            try:
                await self._play(sockets)
            finally:
                for ws in sockets:
                    with contextlib.suppress(Exception):
                        await ws.close()

    async def _play(self, sockets: list[Any]) -> None:
        inbox: asyncio.Queue[tuple[int, dict[str, Any], float]] = asyncio.Queue()

        async def read(s: int, ws: Any) -> None:
            with contextlib.suppress(websockets.ConnectionClosed):
                async for raw in ws:
                    inbox.put_nowait((s, json.loads(raw), time.perf_counter()))

        readers = [asyncio.create_task(read(s, ws)) for s, ws in enumerate(sockets)]
        sent: dict[int, float] = {}
        version = [0, 0]
        legal: list[list[str]] = [[], []]
        playing = False
        ident = 0
        try:
            while not self.stop:
                s, m, at = await inbox.get()
                kind = m["type"]
                if kind == "error":
                    self.errors += 1
                    self.codes[m["code"]] = self.codes.get(m["code"], 0) + 1
                    sent.pop(s, None)
                elif kind in ("welcome", "table"):
                    playing = m["status"] == "playing"
                    if m["status"] == "finished":
                        self.matches += 1
                        return
                elif kind in ("events", "snapshot"):
                    version[s] = m["version"]
                    legal[s] = m["observation"]["legal_actions"]
                    if "ref" in m and s in sent:
                        started = sent.pop(s)
                        if self.measuring:
                            self.latencies.append(at - started)
                            self.actions += 1
                if playing and legal[s] and s not in sent:  # a table acts once every seat is taken
                    if self.think:
                        await asyncio.sleep(self.think)
                    ident += 1
                    sent[s] = time.perf_counter()
                    message = {"type": "action", "action": legal[s][0], "version": version[s], "id": ident}
                    await sockets[s].send(json.dumps(message))
        finally:
            for r in readers:
                r.cancel()


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
        workers = []
        for i in range(tables):  # opened a few at a time, as people would arrive
            workers.append(asyncio.create_task(load.table(i, http)))
            if i % 50 == 49:
                await asyncio.sleep(0.05)
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
        "load_average": os.getloadavg()[0],
    }


def run_store(store: str, counts: list[int], think: float, warmup: float, duration: float, folder: Path) -> list[dict]:
    rows = []
    pg: Postgres | None = None
    try:
        if store == "postgresql":
            pg = Postgres().start()
        for n in counts:
            url = pg.url if pg is not None else f"sqlite:///{folder / f'load-{n}.db'}"
            servers = [ServerProcess(url, extra=["--log-level", "warning", "--rate", "1000"])]
            if pg is not None:
                servers.append(ServerProcess(url, extra=["--log-level", "warning", "--rate", "1000"]))
            for i, s in enumerate(servers):
                s.launch(folder / f"server-{store}-{n}-{i}.log")
            for s in servers:
                s.ready()
            try:
                pids = [s.proc.pid for s in servers if s.proc is not None]
                pids += [int(p) for pid in pids for p in _children(pid)]  # uvicorn's worker processes, if any
                result = asyncio.run(measure([s.base for s in servers], n, think, warmup, duration, pids))
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
        "(0 s: as fast as it can). Latency: from a client sending its action to its receiving the `events` message "
        "with it (checked, committed to the store, broadcast). The load generator runs on the same two cores.",
        "",
        "Server CPU ms/action is the server processes' CPU time per accepted action (load-independent: the "
        "capacity of one core is 1000 / it actions/s); CPU shares are of one core; the load average counts "
        "everything else running on the machine too.",
        "",
        f"`{command}` · {platform.python_implementation()} {platform.python_version()}, {os.cpu_count()} cores",
        "",
        "| store | processes | tables | think (s) | actions/s | median (ms) | p99 (ms) | server CPU ms/action "
        "| server CPU | client CPU | load avg | refused |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        med = "–" if r["median_ms"] is None else f"{r['median_ms']:.1f}"
        p99 = "–" if r["p99_ms"] is None else f"{r['p99_ms']:.1f}"
        per = "–" if r["server_cpu_ms_per_action"] is None else f"{r['server_cpu_ms_per_action']:.2f}"
        lines.append(
            f"| {r['store']} | {r['processes']} | {r['tables']} | {r['think']:g} | {r['actions_per_second']:.0f} "
            f"| {med} | {p99} | {per} | {r['server_cpu_share']:.0%} | {r['client_cpu_share']:.0%} "
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
