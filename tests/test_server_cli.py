"""`trionfi serve` and `trionfi join` at the command line: clear errors, and a person playing a whole deal
through `trionfi join` typed at its prompt."""

from __future__ import annotations

import asyncio
import contextlib
import os
import queue
import re
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner

from server_support import SRC, Player, ServerThread
from trionfi.cli import app
from trionfi.server.client import LinkError, parse_link
from trionfi.server.settings import Settings


def cli_env() -> dict[str, str]:
    """The environment of a `python -m trionfi.cli` subprocess: this checkout's package, a wide terminal."""
    return {**os.environ, "PYTHONPATH": f"{SRC}{os.pathsep}{os.environ.get('PYTHONPATH', '')}", "COLUMNS": "200"}


def join_as(invite: str, name: str) -> tuple[subprocess.Popen, queue.Queue[str | None]]:
    """`trionfi join INVITE --name NAME` in a subprocess, typed to on its standard input; its lines as they come
    (None at the end)."""
    cmd = [sys.executable, "-m", "trionfi.cli", "join", invite, "--name", name]
    proc = subprocess.Popen(
        cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=cli_env()
    )
    lines: queue.Queue[str | None] = queue.Queue()
    threading.Thread(target=lambda: [*map(lines.put, proc.stdout), lines.put(None)], daemon=True).start()
    return proc, lines


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--workers", "2"], "several --workers share tables through PostgreSQL"),
        (["--players", "4"], "describe the table of --table GAME"),
        (["--qr"], "--stand-in and --qr describe the table of --table GAME"),
        (["--table", "bridge"], "no game named 'bridge'"),
        (["--table", "briscola", "--players", "4", "--bots", "1,7"], "seat 7 does not exist"),
        (["--table", "briscola", "--bots", "one"], "seat numbers separated by commas"),
        (["--table", "briscola", "--level", "genius", "--bots", "1"], "no bot named 'genius'"),
        (["--expire-after", "soon"], "a duration is a number"),
        (["--bot-processes", "0"], "Invalid value for '--bot-processes'"),
    ],
)
def test_serve_refuses_bad_arguments_before_starting(tmp_path: Path, args: list[str], words: str) -> None:
    result = CliRunner().invoke(app, ["serve", "--db", f"sqlite:///{tmp_path / 's.db'}", *args])
    assert result.exit_code == 2, result.output
    assert words in " ".join(result.output.split())


@pytest.mark.parametrize(
    ("db", "words"),
    [
        ("foo://bar", "--db is a SQLAlchemy database URL, e.g. sqlite:////"),
        ("/tmp/plain.db", "not '/tmp/plain.db'"),
        ("sqlite:////no/such/folder/t.db", "the folder '/no/such/folder' does not exist"),
        (
            "postgresql+psycopg://u:secret@127.0.0.1:1/x",
            "cannot open the store postgresql+psycopg://u:***@127.0.0.1:1/x",
        ),
    ],
)
def test_serve_refuses_a_store_it_cannot_use_in_one_line(monkeypatch: pytest.MonkeyPatch, db: str, words: str) -> None:
    """A --db that is no URL, names no known database, an SQLite file in a missing folder, or a database that
    cannot be reached ended in a SQLAlchemy traceback (the server's start, or the --table's creation)."""
    from trionfi import cli_online

    def started(*args: Any) -> None:
        raise AssertionError("the server started")

    monkeypatch.setattr(cli_online, "_run_uvicorn", started)
    result = CliRunner().invoke(app, ["serve", "--db", db, "--table", "briscola", "--bots", "1"])
    assert result.exit_code == 2, result.output
    assert words in " ".join(result.output.split()) and "Traceback" not in result.output
    assert "secret" not in result.output


def test_serve_refuses_a_port_in_use_before_it_makes_the_table(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A second `trionfi serve` on a port in use created its --table and printed the table's links, then uvicorn
    failed to bind: links to a table no server served."""
    import socket

    from trionfi import cli_online

    def started(*args: Any) -> None:
        raise AssertionError("the server started")

    monkeypatch.setattr(cli_online, "_run_uvicorn", started)
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        args = ["serve", "--port", str(port), "--db", f"sqlite:///{tmp_path / 's.db'}", "--table", "briscola"]
        result = CliRunner().invoke(app, [*args, "--bots", "1"])
    assert result.exit_code == 2, result.output
    text = " ".join(result.output.split())
    assert f"cannot listen on 127.0.0.1:{port}: Address already in use (another server there?" in text
    assert "seat 0:" not in text and "trionfi join" not in text  # no links to a table nobody serves


def test_join_refuses_a_negative_retry_time() -> None:
    """--retry-for -1 was taken: a client that gives up before it tries."""
    result = CliRunner().invoke(app, ["join", "http://127.0.0.1:9/t/T#token=x", "--retry-for", "-1"])
    assert result.exit_code == 2 and "Invalid value for '--retry-for'" in " ".join(result.output.split())


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
    with pytest.raises(LinkError, match=r"cut short.*to watch the table, leave out '#token=': http://h:1/t/abc"):
        parse_link("http://h:1/t/abc#token=")  # a seat's link cut short, which read as the spectators' link


def test_join_with_a_wrong_token_says_what_to_do_and_not_that_the_seat_is_yours(tmp_path: Path) -> None:
    """A seat link cut short (or mistyped) is refused with the page's advice and the spectators' command; with no
    input, join waited for no answer and said "The seat stays yours" of a seat it never had."""
    with ServerThread(Settings(db_url=f"sqlite:///{tmp_path / 's.db'}", bot_pause=0)) as server:
        created = server.create(game="briscola", seats=[{"kind": "open"}, {"kind": "bot", "bot": "easy"}])
        link = created["seats"][0]["invite"][:-10]
        cmd = [sys.executable, "-m", "trionfi.cli", "join", link, "--name", "Ann"]
        done = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, text=True, env=cli_env(), timeout=60)
    said = " ".join((done.stdout + done.stderr).split())
    assert done.returncode == 1, said
    assert "no seat token" in said and "may be cut short or mistyped" in said, said
    assert f"To watch the table: trionfi join '{server.base}/t/{created['table']}'" in said
    assert "stays yours" not in said


def test_a_person_plays_a_deal_through_trionfi_join(tmp_path: Path) -> None:
    with ServerThread(Settings(db_url=f"sqlite:///{tmp_path / 's.db'}", bot_pause=0)) as server:
        created = server.create(game="briscola", seats=[{"kind": "open"}, {"kind": "bot", "bot": "easy"}])
        env = cli_env()
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
                turn = re.search(r"Your turn — type a card \((.*)\), or help", line)
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


def test_join_with_no_input_watches_on_and_a_seat_is_told_why_it_stops(tmp_path: Path) -> None:
    """`trionfi join LINK < /dev/null` quit at once without a word: a spectator, who needs no input, now watches
    the game to its end, and a table that ended before they came tells its result (its snapshot held only the
    points); a seat, which cannot be played without input, says why it stops."""
    with ServerThread(Settings(db_url=f"sqlite:///{tmp_path / 's.db'}", bot_pause=0.15)) as server:
        env = cli_env()

        def join(link: str, *more: str) -> str:
            done = subprocess.run(
                [sys.executable, "-m", "trionfi.cli", "join", link, *more],
                stdin=subprocess.DEVNULL,
                capture_output=True,
                text=True,
                env=env,
                timeout=60,
            )
            return " ".join(done.stdout.split()) + f" (exit {done.returncode})"

        bots = [{"kind": "bot", "bot": "random"}] * 2
        live = join(server.create(game="briscola", seats=bots)["spectate"])
        assert "you are watching" in live and "Trick 20:" in live and "end of the deal" in live, live
        assert live.endswith("(exit 0)")
        ended = server.create(game="briscola", seats=bots, seed=3)
        deadline = time.monotonic() + 30
        while httpx.get(f"{server.base}/api/tables/{ended['table']}").json()["status"] != "finished":
            assert time.monotonic() < deadline
            time.sleep(0.2)
        late = join(ended["spectate"])
        assert "end of the deal" in late and re.search(r"Bot \d wins the deal\.|The deal is drawn\.", late), late
        assert "Trick 1:" not in late  # the result, not the whole deal again
        seated = server.create(game="briscola", seats=[{"kind": "open"}, {"kind": "bot", "bot": "random"}])
        played = join(seated["seats"][0]["invite"], "--name", "Ann")
    assert "Input closed (Ctrl-D, or no terminal): nothing more can be typed, so join stops." in played, played


def _said(client_run: Any) -> str:
    from trionfi.terminal import out

    with out.capture() as captured:
        client_run()
    return captured.get()


def _caught_up(game: str, seat: int, names: tuple[str, ...], obs: dict[str, Any]) -> list[dict[str, Any]]:
    """What a server sends a seat that joins a table in play: its welcome, then the events up to now."""
    seats = [
        {"seat": s, "kind": "open", "name": n, "bot": None, "away": False, "played_by": "person"}
        for s, n in enumerate(names)
    ]
    welcome = {"type": "welcome", "seat": seat, "status": "playing", "game": game, "options": {}}
    welcome |= {"title": game.capitalize(), "table": "T", "seats": seats, "version": 3}
    return [welcome, {"type": "events", "from": 3, "version": 3, "events": [], "observation": obs}]


def test_join_says_your_turn_again_when_it_comes_back() -> None:
    """A reconnection at your turn prints the table and the prompt again: the lines printed while the server was
    away had pushed them out of sight, and "Back at the table." alone does not say that you are to play."""
    import asyncio

    import trionfi
    from trionfi.server.client import TerminalClient

    obs = trionfi.load("briscola").deal(seed=3).observation(0)
    welcome, caught_up = _caught_up("briscola", 0, ("Ann", "Bea"), obs)
    client = TerminalClient(parse_link("http://127.0.0.1:9/t/T#token=x"), "Ann")

    def receive(*messages: dict[str, Any]) -> None:
        for message in messages:
            client._receive(message)
        asyncio.run(client._maybe_play())

    client.version = 3
    assert "Your turn" in _said(lambda: receive(welcome, caught_up))
    again = _said(lambda: receive(welcome, caught_up))
    assert "Back at the table." in again and "Your turn — type a card (" in again and "Your hand" in again


def test_join_rings_the_bell_at_a_turn_that_came_after_a_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    """As the table page chimes: a turn after 8 s of the others' play rings the terminal's bell (a player waiting
    for friends is in another window); a quick turn does not, nor one printed into a pipe or a file."""
    import asyncio

    import trionfi
    from trionfi.server.client import TerminalClient
    from trionfi.terminal import out

    obs = trionfi.load("briscola").deal(seed=3).observation(0)
    welcome, caught_up = _caught_up("briscola", 0, ("Ann", "Bea"), obs)
    client = TerminalClient(parse_link("http://127.0.0.1:9/t/T#token=x"), "Ann")
    client.version = 3

    def turn(waited: float) -> str:
        client.turn_over = time.monotonic() - waited

        def receive() -> None:
            for message in (welcome, caught_up):
                client._receive(message)
            asyncio.run(client._maybe_play())

        said = _said(receive)
        assert "Your turn" in said
        return said

    monkeypatch.setattr(out, "_force_terminal", True)
    assert "\a" not in turn(2.0)
    assert turn(9.0).count("\a") == 1
    monkeypatch.setattr(out, "_force_terminal", False)
    assert "\a" not in turn(9.0)


def test_join_says_once_that_the_server_is_away() -> None:
    """Retrying every 2 s, the client says the server is away once, not a line per attempt. A server never
    reached is not a table lost: a mistyped port read "Lost the table (...); trying again..." for ever."""
    import asyncio

    from trionfi.server.client import TerminalClient

    client = TerminalClient(parse_link("http://127.0.0.1:9/t/T#token=x"), "Ann", bot="random", retry_for=1)
    said = _said(lambda: asyncio.run(client.run()))
    assert said.count("Cannot reach the server at http://127.0.0.1:9 (") == 1 and "Ctrl+C stops" in said, said
    assert "Lost the table" not in said and "giving up" in said and client.reconnects >= 3, said


def test_serve_starts_without_the_migrations_chatter(monkeypatch: pytest.MonkeyPatch) -> None:
    """`trionfi serve` prints its address and the access log, not Alembic's plugin set-up at every start."""
    import logging

    import uvicorn

    from trionfi.cli_online import _run_uvicorn

    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: None)
    monkeypatch.setattr(logging.getLogger("alembic"), "level", logging.NOTSET)
    monkeypatch.setattr(logging.getLogger(), "level", logging.INFO)  # as serve's basicConfig sets it
    _run_uvicorn(Settings(db_url="sqlite://"), "127.0.0.1", 8000, 1, "info")
    assert logging.getLogger("alembic.runtime.plugins").getEffectiveLevel() > logging.INFO


def test_a_bot_client_waits_for_the_table_to_start_before_it_moves(tmp_path: Path) -> None:
    """`trionfi join --bot` at a table that still waits for a player sends no move (each would be refused, and
    such a flood, rate-limited, could leave its first real move unanswered); once the other seat is taken, the
    two clients play the deal to its end."""
    with ServerThread(Settings(db_url=f"sqlite:///{tmp_path / 's.db'}", bot_pause=0)) as server:
        created = server.create(game="briscola")
        env = cli_env()
        procs = []
        try:
            for seat in created["seats"]:
                cmd = [sys.executable, "-m", "trionfi.cli", "join", seat["invite"], "--bot", "easy", "--name", "B"]
                log = open(tmp_path / f"client{seat['seat']}.log", "w")  # noqa: SIM115 (closed with the process)
                procs.append(
                    subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env)
                )
                if seat["seat"] == 0:
                    deadline = time.monotonic() + 60
                    while "Waiting for the other players" not in (tmp_path / "client0.log").read_text():
                        assert time.monotonic() < deadline and procs[0].poll() is None
                        time.sleep(0.05)
                    time.sleep(0.5)  # time enough for a client that moves too early to try
            for proc in procs:
                assert proc.wait(timeout=60) == 0
        finally:
            for proc in procs:
                if proc.poll() is None:
                    proc.kill()
    first = (tmp_path / "client0.log").read_text()
    assert "waits for players" not in first and "end of the deal" in first


def test_a_move_the_rate_limit_drops_is_sent_again(tmp_path: Path) -> None:
    """The server drops messages over its rate and says so at most once a second, so a move can go unanswered:
    the client sends it again (same id and version) instead of waiting for ever. Here every message over 4 a
    second is dropped, and a bot client that answers at once plays its first move within a few ms of its hello."""
    import asyncio

    from trionfi.server.client import TerminalClient

    settings = Settings(db_url=f"sqlite:///{tmp_path / 's.db'}", bot_pause=0, rate=4.0, burst=1)
    with ServerThread(settings) as server:
        created = server.create(game="briscola", seats=[{"kind": "open"}, {"kind": "bot", "bot": "easy"}], seed=5)
        client = TerminalClient(parse_link(created["seats"][0]["invite"]), "Ann", bot="random", retry_for=5)
        client.resend_after = 0.3

        async def play() -> bool:
            return await asyncio.wait_for(client.run(), timeout=60)

        said = _said(lambda: asyncio.run(play()) or None)
    assert "messages a second" in said, said  # a move was dropped (the first of them with a warning)
    assert "end of the deal" in said and client.finished, said
    assert client.resent >= 1


def _join_at_a_terminal(link: str, typed: list[tuple[str, str]]) -> str:
    """`trionfi join LINK` with a terminal as its standard input: each (text, line) types the line once the text
    has been printed; the last line quits the unfinished game (exit status 1). Returns what it printed."""
    import pty

    env = cli_env()
    leader, follower = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "trionfi.cli", "join", link],
        stdin=follower,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    os.close(follower)
    lines: queue.Queue[str | None] = queue.Queue()
    threading.Thread(target=lambda: [*map(lines.put, proc.stdout), lines.put(None)], daemon=True).start()
    seen = ""
    deadline = time.monotonic() + 60
    try:
        for text, line in typed:
            while text not in seen:
                got = lines.get(timeout=max(0.1, deadline - time.monotonic()))
                assert got is not None, seen
                seen += got
            os.write(leader, (line + "\n").encode())
        assert proc.wait(timeout=30) == 1, seen
        seen += "".join(iter(lines.get, None))
    finally:
        os.close(leader)
        if proc.poll() is None:
            proc.kill()
    return seen


def test_join_asks_a_name_only_for_a_seat_that_has_none(tmp_path: Path) -> None:
    """A person at a terminal is asked their name the first time their seat is taken; joining again (after a
    dropped terminal, or at the rematch) keeps the seat's name instead of asking it again, and a `--bot` joining
    without `--name` does not rename the seat."""
    with ServerThread(Settings(db_url=f"sqlite:///{tmp_path / 's.db'}", bot_pause=0)) as server:
        created = server.create(game="briscola", seats=[{"kind": "open"}, {"kind": "bot", "bot": "easy"}])
        link = created["seats"][0]["invite"]

        def name() -> str | None:
            return httpx.get(f"{server.base}/api/tables/{created['table']}").json()["seats"][0]["name"]

        _join_at_a_terminal(link, [("Your name at the table", "quit")])  # "quit" is not taken for a name
        assert name() is None
        first = _join_at_a_terminal(
            link, [("Your name at the table", ""), ("1 to 40 characters", "Cal"), ("Your turn", "quit")]
        )
        assert "you are seat 0" in first and name() == "Cal", first
        again = _join_at_a_terminal(link, [("Your turn", "quit")])
        assert "you are seat 0" in again and "Your name" not in again, again
        bot = subprocess.run(
            [sys.executable, "-m", "trionfi.cli", "join", link, "--bot", "random", "--quiet"],
            capture_output=True,
            text=True,
            timeout=60,
            env={**os.environ, "PYTHONPATH": str(SRC)},
        )
        assert bot.returncode == 0, bot.stdout + bot.stderr
        assert httpx.get(f"{server.base}/api/tables/{created['table']}").json()["status"] == "finished"
        assert name() == "Cal"


def test_join_lists_a_refusals_allowed_cards_as_its_prompt() -> None:
    """The server's refusal names the allowed cards in the engine's order; `trionfi join` shows them in the order
    of its prompt and hand."""
    import trionfi
    from trionfi.server.client import TerminalClient
    from trionfi.view import sorted_hand

    game = trionfi.load("briscola")
    state = game.deal(seed=6)
    obs = state.observation(0)
    try:
        state.apply("Ad")
    except trionfi.IllegalAction as e:
        message = str(e)
    assert "Kb, 4b, 2c" in message  # the engine's order
    client = TerminalClient(parse_link("http://127.0.0.1:9/t/T#token=x"), "Ann")
    for m in _caught_up("briscola", 0, ("Ann", "Bea"), obs):
        client._receive(m)
    said = _said(lambda: client._receive({"type": "error", "code": "illegal_action", "message": message}))
    assert f"Ad is not in your hand; you may play: {', '.join(sorted_hand(game, obs))}" in " ".join(said.split())


def test_join_names_pass_first_at_a_troccas_tschintschar() -> None:
    """`trionfi join` listed the first eight actions as the engine orders them: "pass" was cut off."""
    import asyncio

    import trionfi
    from trionfi.server.client import TerminalClient

    state = trionfi.load("troccas").deal(seed=5)
    seat = state.current_player
    obs = state.observation(seat)
    welcome, caught_up = _caught_up("troccas", seat, ("P0", "P1", "P2", "P3"), obs)
    client = TerminalClient(parse_link("http://127.0.0.1:9/t/T#token=x"), "Ann")
    client.version = 3

    def receive() -> None:
        for message in (welcome, caught_up):
            client._receive(message)
        asyncio.run(client._maybe_play())

    said = _said(receive)
    assert "Your turn — type an action (pass, say " in said, said


def test_join_help_is_the_games_own_and_a_spectator_is_told_what_watching_allows() -> None:
    """`help` at `trionfi join` gave "e.g. Kd, 10s" at a Briscola table (no 10 in an Italian pack), none of the
    game's help that `trionfi play` gives, and told a spectator to play cards and leave the seat; `last`, which
    `trionfi play` knows, was refused as a move."""
    import asyncio

    import trionfi
    from trionfi.server.client import TerminalClient

    state = trionfi.load("briscola").deal(seed=3)
    for _ in range(2):
        state.apply(state.legal_actions()[0])
    obs = state.observation(0)
    client = TerminalClient(parse_link("http://127.0.0.1:9/t/T#token=x"), "Ann")
    for m in _caught_up("briscola", 0, ("Ann", "Bea"), obs):
        client._receive(m)
    said = " ".join(_said(lambda: asyncio.run(client._typed("help"))).split())
    assert "10s" not in said and re.search(r"e\.g\. \w+, \w+", said)
    assert "Briscola: cards and actions" in said and "order in every suit, high to low: A 3 K H J" in said
    last = _said(lambda: asyncio.run(client._typed("last")))
    assert last.startswith("Trick 1: ") and client.actions_sent == 0  # told, not sent to the server as a move
    watcher = TerminalClient(parse_link("http://127.0.0.1:9/t/T"), None)
    welcome, caught_up = _caught_up("briscola", 0, ("Ann", "Bea"), obs)
    for m in ({**welcome, "seat": None}, caught_up):
        watcher._receive(m)
    said = " ".join(_said(lambda: asyncio.run(watcher._typed("help"))).split())
    assert "You are watching" in said and "leave the seat" not in said and "card code" not in said


def test_rules_at_join_are_the_table_s_game_as_its_options_make_them() -> None:
    """`rules` at `trionfi join` went to the server as a move and was refused: a player who forgot how the game
    goes had nowhere to read it but another terminal."""
    import asyncio

    import trionfi
    from trionfi.server.client import TerminalClient

    obs = trionfi.load("trijumf", players=4).deal(seed=3).observation(0)
    for seat in (0, None):
        client = TerminalClient(parse_link("http://127.0.0.1:9/t/T" + ("#token=x" if seat == 0 else "")), "Ann")
        welcome, caught_up = _caught_up("trijumf", 0, ("Ann", "Bea", "Cy", "Di"), obs)
        for m in ({**welcome, "seat": seat, "options": {"players": 4}}, caught_up):
            client._receive(m)
        assert "rules" in _said(lambda c=client: asyncio.run(c._typed("help")))
        said = " ".join(_said(lambda c=client: asyncio.run(c._typed("rules"))).split())
        assert "The deal for four" in said and "The deal for two" not in said, said
        assert client.actions_sent == 0  # told, not sent to the server as a move


def test_serve_with_qr_prints_each_seat_s_link_as_a_qr_code_a_camera_reads() -> None:
    """A host at a terminal with friends in the room had them type the link or sent it by chat: `--qr` draws each
    seat's link as a QR code (in half blocks, light on a dark terminal), under its line; none for a bot's seat."""
    import io

    import segno
    from rich.console import Console

    from trionfi.cli_online import _print_links

    link = "http://192.168.1.20:8000/t/T1#token=abcdefghijklmnopqrstuvwxyz012345"
    created = {
        "table": "T1",
        "seats": [{"seat": 0, "invite": link}, {"seat": 1, "invite": None}],
        "spectate": "http://192.168.1.20:8000/t/T1",
        "creator_token": "c",
    }
    screen = io.StringIO()
    _print_links(Console(file=screen, width=100, color_system=None), created, qr=True)
    lines = screen.getvalue().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("  seat 0: trionfi join"))
    end = next(i for i, line in enumerate(lines) if line.startswith("  seat 1: a bot"))
    block = lines[start + 1 : end]
    assert block and all(set(line) <= set(" ▀▄█") for line in block)
    # Read back as a camera does: each character is two modules, lit (light) or not (dark), the quiet zone lit.
    lit = [row for line in block for row in ([ch in "█▀" for ch in line], [ch in "█▄" for ch in line])]
    code = segno.make(link, error="m").matrix
    size = len(code) + 8  # a quiet zone of four modules round the code
    expected = [
        [not (4 <= r < size - 4 and 4 <= c < size - 4 and code[r - 4][c - 4]) for c in range(size)] for r in range(size)
    ]
    assert lit[:size] == expected
    assert not any(any(row) for row in lit[size:])  # (an odd count of rows: the last half line is dark)
    assert "▀" not in "\n".join(lines[end:])  # no code for a bot's seat or the spectators' link


def _receive(client: Any, *messages: dict[str, Any]) -> None:
    """``messages`` as the terminal client takes them from the server, then its turn if it has one."""
    import asyncio

    for message in messages:
        client._receive(message)
    asyncio.run(client._maybe_play())


def test_join_at_your_turn_from_a_snapshot_draws_the_table_once() -> None:
    """Joining a table in play at your turn, the server's snapshot drew the table, then "your turn" drew it
    again: the same six lines twice, one under the other."""

    import trionfi
    from trionfi.server.client import TerminalClient

    obs = trionfi.load("briscola").deal(seed=3).observation(0)
    welcome, _ = _caught_up("briscola", 0, ("Ann", "Bea"), obs)
    snapshot = {"type": "snapshot", "table": "T", "version": 3, "observation": obs}
    client = TerminalClient(parse_link("http://127.0.0.1:9/t/T#token=x"), "Ann")
    said = _said(lambda: _receive(client, welcome, snapshot))
    assert said.count("Your hand") == 1 and said.count("Your turn — type a card (") == 1, said
    again = _said(lambda: _receive(client, welcome, snapshot))  # a reconnection: the table once more, once
    assert "Back at the table." in again and again.count("Your hand") == 1 and "Your turn" in again, again


def test_join_ends_a_match_with_its_sheet_deal_by_deal() -> None:
    """`trionfi play` ends a match with each deal's points and the score after it; `trionfi join` said only who
    won. Its sheet is the observation's, so a terminal that joined late has every deal on it too."""
    import random

    import trionfi
    from trionfi.events import EventLog
    from trionfi.server.client import TerminalClient

    match = trionfi.load("briscola").match(seed=4)
    log, rng = EventLog(match), random.Random(4)
    while not match.is_terminal():
        log.apply(rng.choice(match.legal_actions()))
    events, obs = log.events(0), match.observation(0)
    welcome, _ = _caught_up("briscola", 0, ("Ann", "Bea"), obs)
    welcome |= {"status": "playing", "version": len(events) - 3, "kind": "match"}
    last = {"type": "events", "from": len(events) - 3, "version": len(events), "events": events[-3:]}
    last["observation"] = obs
    client = TerminalClient(parse_link("http://127.0.0.1:9/t/T#token=x"), "Ann")
    said = _said(lambda: _receive(client, welcome, last))
    assert "end of the match" in said and "match score" in said, said
    rows = [line for line in said.splitlines() if re.match(r"^\W*\d+\W", line) and " – " in line]
    assert len(rows) == len(match.finished) >= 2, said
    for row, deal in zip(rows, obs["match"]["deals"], strict=True):
        assert " – ".join(f"{v:g}" for v in deal["score"]) in row and str(deal["points"][0]) in row, row


def test_a_spectator_in_the_terminal_is_told_of_a_free_seat_and_takes_it_with_sit(tmp_path: Path) -> None:
    """`trionfi join SPECTATORS_LINK` says which seat is free and how to take it; `--sit N` takes it (as the
    lobby's Sit does), prints the seat's own link and plays; a taken seat, a seat's link or a missing name are
    refused in one line each."""
    with ServerThread(Settings(db_url=f"sqlite:///{tmp_path / 's.db'}", bot_pause=0)) as server:
        created = server.create(game="briscola", seats=[{"kind": "bot", "bot": "easy"}, {"kind": "open"}])
        spectate = created["spectate"]
        env = cli_env()
        watch_log = tmp_path / "watch.log"
        with open(watch_log, "w") as log:
            watcher = subprocess.Popen(
                [sys.executable, "-m", "trionfi.cli", "join", spectate],
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                env=env,
            )
            try:
                deadline = time.monotonic() + 60
                while "--sit 1" not in watch_log.read_text():
                    assert time.monotonic() < deadline and watcher.poll() is None, watch_log.read_text()
                    time.sleep(0.05)
            finally:
                watcher.kill()
        assert f"Seat 1 is free: to play it, trionfi join '{spectate}' --sit 1" in watch_log.read_text()
        runner = CliRunner()
        no_name = runner.invoke(app, ["join", spectate, "--sit", "1"])
        assert no_name.exit_code == 2 and "--sit needs --name here" in no_name.output
        seat_link = runner.invoke(app, ["join", created["seats"][1]["invite"], "--sit", "1", "--name", "Cal"])
        assert seat_link.exit_code == 2 and "this link is already a seat's" in seat_link.output
        bot_seat = runner.invoke(app, ["join", spectate, "--sit", "0", "--name", "Cal"])
        assert bot_seat.exit_code == 2 and "seat 0 of table" in bot_seat.output and "bot seat" in bot_seat.output
        played = subprocess.run(
            [sys.executable, "-m", "trionfi.cli", "join", spectate, "--sit", "1", "--name", "Cal", "--bot", "easy"],
            capture_output=True,
            text=True,
            stdin=subprocess.DEVNULL,
            env=env,
            timeout=120,
        )
        assert played.returncode == 0, played.stdout + played.stderr
        assert "Seat 1 is yours. Its link, to come back to it (keep it to yourself): " in played.stdout
        assert "end of the deal" in played.stdout
        assert httpx.get(f"{server.base}/api/tables/{created['table']}").json()["seats"][1]["name"] == "Cal"
        taken = runner.invoke(app, ["join", spectate, "--sit", "1", "--name", "Dee"])
        assert taken.exit_code == 2 and "seat 1 was taken by Cal" in taken.output


def test_join_names_a_ruleset_s_table_as_the_pages_do() -> None:
    """The table's title is the game's ("Triomphe"): the first line adds the ruleset from the options."""
    import trionfi
    from trionfi.server.client import TerminalClient

    obs = trionfi.load("triomphe", ruleset="strasbourg", players=4).deal(seed=3).observation(0)
    client = TerminalClient(parse_link("http://127.0.0.1:9/t/T#token=x"), "Ann")
    welcome = _caught_up("triomphe", 0, ("Ann", "Bea", "Cy", "Di"), obs)[0]
    welcome |= {"title": "Triomphe", "options": {"ruleset": "strasbourg", "players": 4}}
    said = " ".join(_said(lambda: client._receive(welcome)).split())
    assert said.startswith("Triomphe · Strasbourg (1637) at table T: you are seat 0."), said


def test_join_wraps_its_lines_between_words_at_a_terminal_and_leaves_a_link_whole(monkeypatch) -> None:
    """At an 80-column terminal `trionfi join` said "Type help for the comman" / "ds.": the terminal cut its lines
    (`trionfi play` wraps them between words since its own fix). A line with a link is still left to the terminal,
    so the link copies in one piece."""
    import io

    from rich.console import Console

    import trionfi
    from trionfi import terminal
    from trionfi.server.client import TerminalClient

    screen = io.StringIO()
    monkeypatch.setattr(terminal, "out", Console(file=screen, width=40, force_terminal=True, color_system=None))
    obs = trionfi.load("briscola").deal(seed=3).observation(0)
    client = TerminalClient(parse_link("http://127.0.0.1:9/t/TABLE#token=a-long-token-of-the-seat"), "Ann")
    client._receive(_caught_up("briscola", 0, ("Ann", "Bea"), obs)[0])
    rows = [row.rstrip() for row in screen.getvalue().splitlines()]
    assert rows[:2] == ["Briscola at table T: you are seat 0.", "Type help for the commands."], rows
    assert all(len(row) <= 40 for row in rows), rows
    client._the_end()
    link = "trionfi join http://127.0.0.1:9/t/TABLE#token=a-long-token-of-the-seat --rematch"
    assert link in screen.getvalue()  # on one line: the terminal folds it, and a copy gives it whole


def test_join_names_the_seats_as_the_table_does() -> None:
    """Online, the terminal names the other seats as the table page does ("Bea (opponent) plays", "Bot 2
    (partner)"), the sides by their members, and the engine's "seat 1" in a refusal by the seat's name."""
    import trionfi
    from trionfi.events import EventLog
    from trionfi.server.client import TerminalClient

    state = trionfi.load("briscola", players=4).deal(seed=5)
    log = EventLog(state)
    welcome, caught_up = _caught_up("briscola", 0, ("Ann", "Bea", "", ""), state.observation(0))
    for s in welcome["seats"][2:]:
        s |= {"kind": "bot", "bot": "medium", "name": None, "played_by": "bot"}
    client = TerminalClient(parse_link("http://127.0.0.1:9/t/T#token=x"), "Ann")
    client.version = 3
    said = _said(lambda: [client._receive(m) for m in (welcome, caught_up)])
    assert "Seats: 0: Ann · 1: Bea · 2: Bot 2 (medium) · 3: Bot 3 (medium)" in said
    first = log.version(0)
    for _ in range(3):  # you, Bea, Bot 2
        log.apply(log.state.legal_actions()[0])
    events = {"type": "events", "from": 3, "version": 4, "events": log.events(0, first)}
    events["observation"] = log.state.observation(0)
    said = " ".join(_said(lambda: client._receive(events)).split())
    assert re.search(r"You play \w\w Bea \(opponent\) plays \w\w Bot 2 \(partner\) plays \w\w", said), said
    drawn = " ".join(_said(client.show_table).split())
    assert "Card points: your team (you, Bot 2) 0 · opponents (Bea, Bot 3) 0" in drawn, drawn
    assert "Trick: you " in drawn and ", Bea (opponent) " in drawn and ", Bot 2 (partner) " in drawn
    refused = {"type": "error", "code": "illegal_action", "message": "it is seat 3's turn, not seat 0's"}
    assert "it is Bot 3's turn, not yours" in _said(lambda: client._receive(refused))


def test_join_says_whom_the_table_waits_for_when_a_person_takes_their_time(tmp_path: Path) -> None:
    """The table page marks whose turn it is; in the terminal, after a few seconds of a person's turn (never a
    bot's), a line says whom the table waits for, and that they are not connected when they are not."""
    with ServerThread(Settings(db_url=f"sqlite:///{tmp_path / 's.db'}", bot_pause=0)) as server:
        created = server.create(game="briscola", seats=[{"kind": "open"}, {"kind": "open"}])
        bea = created["seats"][1]["token"]
        joined = httpx.post(  # Bea takes her seat and has not opened the table yet: the game starts without her
            f"{server.base}/api/tables/{created['table']}/join",
            json={"name": "Bea"},
            headers={"Authorization": f"Bearer {bea}"},
        )
        assert joined.status_code == 200, joined.text
        proc, lines = join_as(created["seats"][0]["invite"], "Ann")
        seen: list[str] = []
        try:
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                try:
                    line = lines.get(timeout=1)
                except queue.Empty:
                    continue
                if line is None or "Waiting for" in line:
                    seen.append(line or "")
                    break
                seen.append(line)
                if line.startswith("Your turn"):
                    proc.stdin.write(re.search(r"a card \((\w+)", line).group(1) + "\n")
                    proc.stdin.flush()
        finally:
            proc.kill()
    text = "".join(seen)
    assert "Waiting for Bea (not here yet)..." in text, text  # (not "not connected": she has never come)
    assert text.count("Waiting for") == 1


def test_serve_limits_what_one_address_makes_and_holds(tmp_path: Path) -> None:
    # On the internet (docs/hosting.md) anyone may post tables: each a row kept a week, and one of bots alone
    # plays itself out on the server; and open connections, each a file descriptor. Counted per address, the
    # proxy's X-Forwarded-For heeded from loopback.
    import asyncio
    import json

    import websockets

    from server_support import ServerProcess

    limits = ["--tables-per-hour", "12", "--connections-per-address", "3"]
    server = ServerProcess(f"sqlite:///{tmp_path / 's.db'}", extra=limits).start(tmp_path / "log")
    try:
        body = {"game": "briscola", "seats": [{"kind": "bot", "bot": "random"}] * 2}

        def post(json: dict[str, Any], via: str | None = None) -> httpx.Response:
            headers = {"X-Forwarded-For": via} if via else {}
            return httpx.post(f"{server.base}/api/tables", json=json, headers=headers, timeout=20)

        refused = post({**body, "options": {"players": 5}})
        assert refused.status_code == 400  # the game refused it: no table, nothing counted
        assert [post(body).status_code for _ in range(2)] == [201, 201]  # bursts of a sixth of an hour's 12
        third = post(body)
        assert third.status_code == 429 and third.json()["error"]["code"] == "rate_limited", third.text
        said = third.json()["error"]["message"]
        assert re.fullmatch(
            r"too many tables made from this address: at most 12 an hour, 2 at once; the next can be made in "
            r"(\d+) seconds",
            said,
        ), said
        assert 200 < int(re.search(r"(\d+) seconds", said).group(1)) <= 300  # one table every 5 minutes
        assert post(body, via="192.0.2.9").status_code == 201  # another friend, through the proxy
        assert post(body, via="192.0.2.9").status_code == 201
        assert post(body, via="192.0.2.9").status_code == 429

        async def sockets() -> None:
            ws_url = f"ws://127.0.0.1:{server.port}/ws"
            held = [await websockets.connect(ws_url) for _ in range(3)]
            for ws in held:
                await ws.send(json.dumps({"type": "ping"}))
                assert json.loads(await ws.recv()) == {"type": "pong"}
            fourth = await websockets.connect(ws_url)
            said = json.loads(await fourth.recv())
            assert said["code"] == "rate_limited", said
            assert said["message"] == (
                "more than 3 connections from this address at once: close another page of the game first"
            )
            await fourth.wait_closed()
            assert fourth.close_code == 1008
            other = await websockets.connect(ws_url, additional_headers={"X-Forwarded-For": "192.0.2.9"})
            await other.send(json.dumps({"type": "ping"}))
            assert json.loads(await other.recv()) == {"type": "pong"}  # another friend, through the proxy
            await held.pop().close()
            await asyncio.sleep(0.2)
            again = await websockets.connect(ws_url)  # one closed: room for one more
            await again.send(json.dumps({"type": "ping"}))
            assert json.loads(await again.recv()) == {"type": "pong"}
            for ws in (*held, other, again):
                await ws.close()

        asyncio.run(sockets())
    finally:
        server.stop()


def test_a_table_quota_fills_up_again_and_forgets_whom_it_no_longer_holds(monkeypatch: pytest.MonkeyPatch) -> None:
    from trionfi.server import quota
    from trionfi.server.protocol import ProtocolError

    clock = [1000.0]
    monkeypatch.setattr(quota.time, "monotonic", lambda: clock[0])
    monkeypatch.setattr(quota, "FORGET_AT", 3)
    q = quota.TableQuota(per_hour=60)  # one a minute, bursts of 10
    for _ in range(10):
        q.check("a")
        q.made("a")
    with pytest.raises(ProtocolError, match="the next can be made in 60 seconds"):
        q.check("a")
    clock[0] += 30
    with pytest.raises(ProtocolError, match="in 30 seconds"):
        q.check("a")
    clock[0] += 30
    q.check("a")  # a minute on: one more
    q.made("b")
    q.made("c")
    clock[0] += 3600  # an hour later both are full again: the next newcomer makes room by forgetting them
    q.made("d")
    assert set(q.buckets) == {"d"}
    quota.TableQuota(per_hour=0).check("a")  # 0: no limit


def test_join_lets_a_bot_play_for_the_person_the_table_waits_for(tmp_path: Path) -> None:
    # At a terminal, as on the table page: Bea sat down and went; after the grace Ann types `bot`.
    settings = Settings(db_url=f"sqlite:///{tmp_path / 's.db'}", bot_pause=0.05, absent_grace=0.3)
    with ServerThread(settings) as server:
        created = server.create(game="briscola", seats=[{"kind": "open"}] * 2, seed=3)  # seat 0 leads
        bea = {"Authorization": f"Bearer {created['seats'][0]['token']}"}
        httpx.post(f"{server.base}/api/tables/{created['table']}/join", json={"name": "Bea"}, headers=bea)
        said = _join_at_a_terminal(
            created["seats"][1]["invite"],
            [("Your name at the table", "Ann"), ("Waiting for Bea", "bot"), ("Your turn", "quit")],
        )
    said = " ".join(said.split())
    assert "Type bot to let a bot play for them once they have been gone 0.3 seconds." in said, said
    assert "Seats: 0: Bea (away, a bot plays) · 1: Ann" in said, said
    assert re.search(r"Bea \(opponent\) plays \w+", said), said  # the bot played her card: Ann's turn came


def test_join_chats_with_the_table_and_prints_what_the_others_say(tmp_path: Path) -> None:
    """`chat` says a phrase by its key or its words until the game is over (a text is refused, the phrases
    listed); what the others say is printed as it comes, and the last things said before Ann came are printed
    when she comes."""
    with ServerThread(Settings(db_url=f"sqlite:///{tmp_path / 's.db'}", bot_pause=0)) as server:
        created = server.create(game="briscola", seats=[{"kind": "open"}, {"kind": "open"}])
        bea = Player(server.ws_url, created["table"], created["seats"][1]["token"], "Bea")
        proc, lines = join_as(created["seats"][0]["invite"], "Ann")
        seen: list[str] = []

        def until(words: str) -> None:
            deadline = time.monotonic() + 30
            while not any(words in line for line in seen):
                assert time.monotonic() < deadline, f"no {words!r} in:\n{''.join(seen)}"
                with contextlib.suppress(queue.Empty):
                    line = lines.get(timeout=0.5)
                    assert line is not None, "".join(seen)
                    seen.append(line)

        def typed(text: str) -> None:
            proc.stdin.write(text + "\n")
            proc.stdin.flush()

        async def talk() -> None:
            await bea.connect()  # before Ann: the table waits for her
            await bea.send({"type": "say", "phrase": "hello"})
            await bea.wait(lambda: any(m["type"] == "said" for m in bea.messages))

        try:
            asyncio.run(talk())
            until("Bea says: “Hello!”")  # said before she came
            until("You are dealt")
            typed("chat I hold the ace of coins")
            until("no word that could be about the cards")
            typed("chat")
            until("good_luck (Good luck!)")
            typed("chat good luck!")
            until("You say: “Good luck!”")
        finally:
            proc.kill()
    text = "".join(seen)
    assert "I hold the ace" not in text.split("no word that could be about the cards")[1]
