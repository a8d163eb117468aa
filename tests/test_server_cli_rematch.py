"""`trionfi join` and what the server says besides the game: who is connected (said when it changes), the
rematch offered at the end (`--rematch` sits at it, the same seat) and told when someone else asked for it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import httpx

from server_support import SRC, ServerThread
from trionfi.server.client import TerminalClient, parse_link
from trionfi.server.settings import Settings

OPEN = {"kind": "open"}


def join(link: str, *extra: str) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": f"{SRC}{os.pathsep}{os.environ.get('PYTHONPATH', '')}", "COLUMNS": "300"}
    cmd = [sys.executable, "-m", "trionfi.cli", "join", link, "--bot", "easy", *extra]
    return subprocess.Popen(
        cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env
    )


def both(links: list[str], *extra: str) -> list[str]:
    """Two people's `trionfi join` at once, to the end of the game: their outputs."""
    procs = [join(link, "--name", name, *extra) for link, name in zip(links, ("Ann", "Bea"), strict=True)]
    outputs = []
    try:
        for proc in procs:
            output, _ = proc.communicate(timeout=60)
            assert proc.returncode == 0, output
            outputs.append(output)
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
    return outputs


def test_the_rematch_offered_at_the_end_and_taken_with_join_rematch(tmp_path: Path) -> None:
    with ServerThread(Settings(db_url=f"sqlite:///{tmp_path / 's.db'}", bot_pause=0)) as server:
        created = server.create(game="briscola", seats=[OPEN, OPEN])
        table = created["table"]
        links = [s["invite"] for s in created["seats"]]
        ann, bea = both(links)
        # Who is connected, once the other person came (the first one alone had nothing worth saying).
        assert "Connected: you, Bea (seat 1)" in ann or "Connected: Ann (seat 0), you" in bea, (ann, bea)
        # At the end: how to sit at the rematch, with the seat's own link.
        for output, link in ((ann, links[0]), (bea, links[1])):
            assert f"trionfi join {link} --rematch" in " ".join(output.split()), output
        # Opened again, the table says it is over, and how to ask for the rematch.
        late = join(links[0])
        output = " ".join(late.communicate(timeout=30)[0].split())
        assert late.returncode == 0 and f"trionfi join {links[0]} --rematch" in output, output
        # Both take it: one makes it, the other finds the same table; the same seats, the same tokens.
        again = both(links, "--rematch")
        rematch = httpx.get(f"{server.base}/api/tables/{table}/rematch").json()["rematch"]
        assert rematch is not None and rematch != table
        assert all(f"at table {rematch}: you are seat {i}" in out for i, out in enumerate(again)), again
        assert httpx.get(f"{server.base}/api/tables/{rematch}").json()["status"] == "finished"
        # The old table opened now says where its rematch is, with the seat's own link.
        late = join(links[1])
        output = " ".join(late.communicate(timeout=30)[0].split())
        assert late.returncode == 0, output
        assert f"A rematch is ready (your seat there): trionfi join {server.base}/t/{rematch}#token=" in output, output
        # A spectator's link cannot ask for one; nor can a table that is not over.
        spectate = subprocess.run(
            [sys.executable, "-m", "trionfi.cli", "join", f"{server.base}/t/{table}", "--rematch"],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONPATH": str(SRC)},
        )
        assert spectate.returncode == 2 and "seat's invite link" in spectate.stderr
        fresh = server.create(game="briscola", seats=[OPEN, OPEN])["seats"][0]["invite"]
        early = join(fresh, "--rematch")
        output, _ = early.communicate(timeout=30)
        assert early.returncode == 2 and "once the game is over" in output, output


def test_a_spectator_at_a_terminal_is_told_who_else_watches() -> None:
    client = TerminalClient(parse_link("http://127.0.0.1:8000/t/OldTable"))
    said: list[str] = []
    client.say = lambda text, link=False: said.append(text)  # type: ignore[method-assign]
    client.seats = []
    for n in (1, 3, 3, 2, 1):  # itself alone at first: nothing to say
        client._receive({"type": "presence", "table": "OldTable", "connected": [], "watching": n})
    assert said == [
        "[dim]Watching with you: 2 other people.[/]",
        "[dim]Watching with you: 1 other person.[/]",
        "[dim]Nobody else is watching now.[/]",
    ]


def test_presence_and_a_rematch_told_while_connected_are_printed() -> None:
    client = TerminalClient(parse_link("http://127.0.0.1:8000/t/OldTable#token=tok"))
    said: list[str] = []
    client.say = lambda text, link=False: said.append(text)  # type: ignore[method-assign]
    client.seat = 0
    person = {"kind": "open", "bot": None, "away": False, "played_by": "person"}
    client.seats = [{"seat": 0, "name": "Ann", **person}, {"seat": 1, "name": "Bea", **person}]
    client._receive({"type": "presence", "table": "OldTable", "connected": [0]})
    assert said == ["[dim]Connected: you · not connected: Bea (seat 1)[/]"]
    client._receive({"type": "presence", "table": "OldTable", "connected": [0]})  # no change: nothing said
    client._receive({"type": "presence", "table": "OldTable", "connected": [0, 1]})
    assert said[1:] == ["[dim]Connected: you, Bea (seat 1)[/]"]
    client._receive({"type": "presence", "table": "OldTable", "connected": [0], "awaited": [1]})
    assert said[2:] == ["[dim]Connected: you · not here yet: Bea (seat 1)[/]"]  # a rematch: she has not come yet
    client.obs, client.status = {"current_player": 1}, "playing"
    assert client._waiting_for() == "Waiting for Bea (not here yet)..."
    client._receive({"type": "presence", "table": "OldTable", "connected": [0], "awaited": []})
    assert said[3:] == ["[dim]Connected: you · not connected: Bea (seat 1)[/]"]
    assert client._waiting_for() == "Waiting for Bea (not connected)..."
    del said[2:]
    # Who watches, said when their number changes.
    client._receive({"type": "presence", "table": "OldTable", "connected": [0], "watching": 2})
    client._receive({"type": "presence", "table": "OldTable", "connected": [0], "watching": 2})
    client._receive({"type": "presence", "table": "OldTable", "connected": [0], "watching": 1})
    client._receive({"type": "presence", "table": "OldTable", "connected": [0], "watching": 0})
    assert said[2:] == [
        "[dim]Watching the table: 2 people.[/]",
        "[dim]Watching the table: 1 person.[/]",
        "[dim]Nobody is watching now.[/]",
    ]
    del said[2:]
    client._receive({"type": "rematch", "table": "OldTable", "rematch": "NewTable"})
    client._receive({"type": "rematch", "table": "OldTable", "rematch": "NewTable"})  # told twice, said once
    assert said[2:] == [
        "[bold]A rematch is ready[/] (your seat there): "
        "[bold]trionfi join http://127.0.0.1:8000/t/NewTable#token=tok[/]"
    ]
