"""`trionfi serve` and `trionfi join` at the command line: clear errors, and a person playing a whole deal
through `trionfi join` typed at its prompt."""

from __future__ import annotations

import os
import queue
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from server_support import SRC, ServerThread
from trionfi.cli import app
from trionfi.server.client import LinkError, parse_link
from trionfi.server.settings import Settings


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--workers", "2"], "several --workers share tables through PostgreSQL"),
        (["--players", "4"], "describe the table of --table GAME"),
        (["--table", "bridge"], "no game named 'bridge'"),
        (["--table", "briscola", "--players", "4", "--bots", "1,7"], "seat 7 does not exist"),
        (["--table", "briscola", "--bots", "one"], "seat numbers separated by commas"),
        (["--table", "briscola", "--level", "genius", "--bots", "1"], "no bot named 'genius'"),
        (["--expire-after", "soon"], "a duration is a number"),
    ],
)
def test_serve_refuses_bad_arguments_before_starting(tmp_path: Path, args: list[str], words: str) -> None:
    result = CliRunner().invoke(app, ["serve", "--db", f"sqlite:///{tmp_path / 's.db'}", *args])
    assert result.exit_code == 2, result.output
    assert words in " ".join(result.output.split())


def test_links_are_read_or_refused_clearly() -> None:
    link = parse_link("http://127.0.0.1:8000/t/q3VbXk2LmZ0#token=abc-DEF_1")
    assert (link.base, link.table, link.token, link.websocket) == (
        "http://127.0.0.1:8000",
        "q3VbXk2LmZ0",
        "abc-DEF_1",
        "ws://127.0.0.1:8000/ws",
    )
    assert parse_link("https://cards.example/t/abc").token is None
    assert parse_link("https://cards.example/t/abc").websocket == "wss://cards.example/ws"
    for bad in ("127.0.0.1:8000/t/abc", "http://127.0.0.1:8000/tables/abc", "ftp://x/t/abc"):
        with pytest.raises(LinkError, match="not a trionfi table link"):
            parse_link(bad)
    result = CliRunner().invoke(app, ["join", "not a link"])
    assert result.exit_code == 2 and "not a trionfi table link" in result.output


def test_a_person_plays_a_deal_through_trionfi_join(tmp_path: Path) -> None:
    with ServerThread(Settings(db_url=f"sqlite:///{tmp_path / 's.db'}", bot_pause=0)) as server:
        created = server.create(game="briscola", seats=[{"kind": "open"}, {"kind": "bot", "bot": "easy"}])
        env = {**os.environ, "PYTHONPATH": f"{SRC}{os.pathsep}{os.environ.get('PYTHONPATH', '')}", "COLUMNS": "200"}
        cmd = [sys.executable, "-m", "trionfi.cli", "join", created["seats"][0]["invite"], "--name", "Ann"]
        proc = subprocess.Popen(
            cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env
        )
        lines: queue.Queue[str | None] = queue.Queue()

        def read() -> None:
            for line in proc.stdout:
                lines.put(line)
            lines.put(None)

        threading.Thread(target=read, daemon=True).start()
        seen: list[str] = []
        typed_help = False
        deadline = time.monotonic() + 60
        try:
            while True:
                line = lines.get(timeout=max(0.1, deadline - time.monotonic()))
                if line is None:
                    break
                seen.append(line)
                turn = re.search(r"Your turn — type one of: (.*) \(or help\)", line)
                if turn:
                    if not typed_help:
                        proc.stdin.write("help\nhand\n")
                        typed_help = True
                    proc.stdin.write(turn.group(1).split(", ")[0].rstrip(" …") + "\n")
                    proc.stdin.flush()
            assert proc.wait(timeout=30) == 0
        finally:
            if proc.poll() is None:
                proc.kill()
    text = "".join(seen)
    assert "you are seat 0" in text and "Trumps" in text and "Your hand" in text
    assert "leave the seat" in text  # the help
    assert "end of the deal" in text and "the deal" in text.split("end of the deal")[1]
    assert f"/api/tables/{created['table']}/record" in text
