"""A server killed with SIGKILL in the middle of a match serves it again after a restart, at the same versions;
the terminal clients (`trionfi join`) reconnect by themselves and finish the match; nothing is lost; no token is
ever written to the server's log."""

from __future__ import annotations

import asyncio
import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import httpx

import trionfi
from server_support import SRC, Player, ServerProcess, run
from trionfi.events import EventLog


def stored_actions(db: Path) -> list[str]:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        return [r[0] for r in conn.execute("SELECT action FROM actions ORDER BY table_id, idx")]


def join(link: str, log: Path) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": f"{SRC}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    cmd = [sys.executable, "-m", "trionfi.cli", "join", link, "--bot", "easy", "--name", "T", "--retry-for", "60"]
    with open(log, "ab") as out:
        return subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env)


def test_kill_9_mid_match_and_the_match_goes_on(tmp_path: Path) -> None:
    db = tmp_path / "store.db"
    logs = [tmp_path / "server1.log", tmp_path / "server2.log"]
    # The server's bots wait a little before they move, so that the match lasts long enough to be killed.
    table_args = ["--table", "briscola", "--players", "4", "--bots", "1,3", "--match", "--level", "easy"]
    server = ServerProcess(f"sqlite:///{db}", extra=[*table_args, "--bot-pause", "0.02"])
    server.start(logs[0])
    printed = logs[0].read_text()
    links = re.findall(r"seat (\d): trionfi join '([^']+)'", printed)
    watch = re.search(r"watch: +trionfi join '([^']+)'", printed).group(1)
    assert [s for s, _ in links] == ["0", "2"] and "seat 1: a bot" in printed
    table = watch.rsplit("/", 1)[1]
    tokens = [link.split("#token=")[1] for _, link in links]
    tokens.append(re.search(r"creator token .*: (\S+)", printed).group(1))
    client_logs = [tmp_path / "client0.log", tmp_path / "client2.log"]
    clients: list[subprocess.Popen] = []
    watcher = Player(server.ws_url, table)
    try:

        async def first_half() -> tuple[int, list[str]]:
            await watcher.connect()
            for (_, link), log in zip(links, client_logs, strict=True):
                clients.append(join(link, log))
            deadline = asyncio.get_running_loop().time() + 120
            while len(stored_actions(db)) < 50:  # into the second deal
                assert asyncio.get_running_loop().time() < deadline, [log.read_text()[-800:] for log in client_logs]
                await asyncio.sleep(0.01)
            server.kill()
            await asyncio.wait_for(watcher.reader, 10)  # the watcher sees its connection drop
            return watcher.version, stored_actions(db)

        version, before = run(first_half())
        assert 50 <= len(before) < 120
        server.extra = ["--bot-pause", "0.02"]  # no --table: the same store serves the same table
        server.start(logs[1])

        async def second_half() -> None:
            again = Player(server.ws_url, table)
            again.events, again.version = list(watcher.events), version
            await again.connect()  # it asks for what it missed since its version: the numbering is unchanged
            first = next(m for m in again.messages if m["type"] in ("events", "snapshot"))
            assert first["type"] == "events" and first["from"] == version
            await again.wait(lambda: again.status == "finished" and again.events[-1]["type"] == "match_end", 60)
            watcher.events = again.events
            await again.close()

        run(second_half())
        for client, log in zip(clients, client_logs, strict=True):
            assert client.wait(timeout=60) == 0, log.read_text()[-2000:]
            assert "Lost the table" in log.read_text() and "Back at the table" in log.read_text()
        record = httpx.get(f"{server.base}/api/tables/{table}/record").json()
    finally:
        for client in clients:
            if client.poll() is None:
                client.kill()
        server.stop()
    assert record["kind"] == "match" and record["actions"][: len(before)] == before  # nothing lost or changed
    final = trionfi.replay(record)
    assert final.is_terminal()
    assert watcher.events == EventLog(final).events(None)  # one numbering before and after the kill
    # Tokens: printed once, as the links, when the table was made; never in a log line.
    for log in logs:
        lines = [
            line for line in log.read_text().splitlines() if "trionfi join" not in line and "creator token" not in line
        ]
        text = "\n".join(lines)
        assert '"WebSocket /ws" [accepted]' in text and "GET /healthz" in text  # the access log is on
        for token in tokens:
            assert token not in text
