"""Links a friend's phone can open: a server listening on every interface (--host 0.0.0.0) hands a lobby opened
on the machine itself (127.0.0.1) links with the machine's network address; otherwise links are where the request
came to, and `trionfi serve` says which."""

from __future__ import annotations

import socket
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner

from server_support import ServerThread
from trionfi.cli import app
from trionfi.server import lan
from trionfi.server.settings import Settings


class FakeProbe:
    """A UDP socket whose system answers ``address`` (or refuses: no network)."""

    address: Any = "192.168.1.7"

    def __init__(self, *args: Any) -> None:
        pass

    def __enter__(self) -> FakeProbe:
        return self

    def __exit__(self, *exc: Any) -> None:
        pass

    def connect(self, target: tuple[str, int]) -> None:
        if self.address is OSError:
            raise OSError("Network is unreachable")

    def getsockname(self) -> tuple[str, int]:
        return (self.address, 40000)


@pytest.mark.parametrize(
    ("answer", "expected"),
    [("192.168.1.7", "192.168.1.7"), ("10.0.0.3", "10.0.0.3"), ("127.0.1.1", None), ("0.0.0.0", None), (OSError, None)],
)
def test_the_network_address_is_the_one_facing_the_network(monkeypatch, answer, expected) -> None:
    monkeypatch.setattr(FakeProbe, "address", answer)
    monkeypatch.setattr(socket, "socket", FakeProbe)
    assert lan.lan_address() == expected


def test_this_machines_own_names_are_loopback() -> None:
    assert all(lan.is_loopback(h) for h in ("127.0.0.1", "127.1.2.3", "localhost", "LOCALHOST", "::1", "[::1]"))
    assert not any(lan.is_loopback(h) for h in ("192.168.1.7", "example.org", "", None, "0.0.0.0"))


def test_a_lobby_opened_on_this_machine_gets_links_its_network_can_open(tmp_path) -> None:
    settings = Settings(db_url=f"sqlite:///{tmp_path / 's.db'}", lan_url="http://192.0.2.7:8000")
    seats = [{"kind": "open"}, {"kind": "bot", "bot": "easy"}]
    with ServerThread(settings) as server:
        created = server.create(game="briscola", seats=seats)
        assert created["seats"][0]["invite"].startswith("http://192.0.2.7:8000/t/")
        assert created["spectate"].startswith("http://192.0.2.7:8000/t/")
        # The table's facts say the same spectators' link: a table page opened here offers it, and a seat's own.
        assert httpx.get(f"{server.base}/api/tables/{created['table']}").json()["spectate"] == created["spectate"]
        # A page opened by another name (the network's, a proxy's) gets links to where it came to.
        r = httpx.post(
            f"{server.base}/api/tables", json={"game": "briscola", "seats": seats}, headers={"Host": "cards.example:81"}
        )
        assert r.status_code == 201 and r.json()["spectate"].startswith("http://cards.example:81/t/"), r.text
        facts = httpx.get(f"{server.base}/api/tables/{r.json()['table']}", headers={"Host": "cards.example:81"})
        assert facts.json()["spectate"] == r.json()["spectate"]
    with ServerThread(Settings(db_url=f"sqlite:///{tmp_path / 't.db'}")) as server:
        assert server.create(game="briscola", seats=seats)["spectate"].startswith(f"{server.base}/t/")


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--host", "0.0.0.0", "--port", "8123"], "on your network: http://192.0.2.7:8123/"),
        ([], "this computer only: to invite a friend on another device, start it with --host 0.0.0.0"),
        # Behind a proxy on this machine (docs/hosting.md): reached from everywhere, at the address given.
        (["--public-url", "https://cards.example.org/"], "players reach it at https://cards.example.org/"),
    ],
)
def test_serve_says_where_a_friend_can_reach_it(monkeypatch, tmp_path, args, said) -> None:
    import trionfi.cli_online as cli_online

    started: list[Any] = []
    monkeypatch.setattr(lan, "lan_address", lambda: "192.0.2.7")
    monkeypatch.setattr(cli_online, "_run_uvicorn", lambda settings, *rest: started.append(settings))
    result = CliRunner().invoke(app, ["serve", "--db", f"sqlite:///{tmp_path / 's.db'}", *args])
    assert result.exit_code == 0, result.output
    assert said in result.output, result.output
    assert started[0].lan_url == ("http://192.0.2.7:8123" if "--host" in args else None)
    assert "this computer only" not in result.output or not args
