"""The terminal client of ``trionfi join``: one WebSocket, reconnected by itself, the table drawn as in
``trionfi play`` (cli.py's functions), actions typed or chosen by a local bot (``--bot``)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import sys
import threading
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, urlsplit

from trionfi.errors import TrionfiError

from .chat import PHRASES
from .protocol import NAME_NEEDED, bot_name


class LinkError(TrionfiError):
    """A text that is no trionfi table link."""


@dataclass(frozen=True)
class Link:
    base: str  # http://host:port
    table: str
    token: str | None

    @property
    def websocket(self) -> str:
        return re.sub(r"^http", "ws", self.base) + "/ws"

    def at(self, table: str) -> str:
        """This seat's link (or the spectators', without a token) at another table of the server: a rematch
        keeps each person's token."""
        return f"{self.base}/t/{table}" + (f"#token={self.token}" if self.token else "")


def ask_rematch(link: Link) -> Link:
    """The rematch of the finished table of a seat's ``link`` (made now if nobody asked yet): its link."""
    if link.token is None:
        raise LinkError("a rematch is asked for with a seat's invite link, not with the spectators' link")
    r = _post_as_seat(link, "rematch", "to ask for the rematch")
    if r.status_code != 200:
        raise LinkError(f"no rematch of table {link.table}: {_refusal(r)}")
    return Link(link.base, r.json()["table"], link.token)


def claim_seat(link: Link, seat: int, name: str) -> Link:
    """Takes the free open seat ``seat`` of the table of a spectators' ``link`` (as the lobby's *Sit* does): the
    seat's own link."""
    import httpx

    if link.token is not None:
        raise LinkError("--sit takes a free seat with the spectators' link; this link is already a seat's")
    try:
        r = httpx.post(f"{link.base}/api/tables/{link.table}/seats/{seat}/claim", json={"name": name}, timeout=20)
    except httpx.HTTPError as e:
        raise LinkError(f"cannot reach {link.base} to take seat {seat}: {e}") from None
    if r.status_code != 200:
        raise LinkError(f"seat {seat} of table {link.table} cannot be taken: {_refusal(r)}")
    return Link(link.base, link.table, r.json()["token"])


def ask_stand_in(link: Link, seat: int) -> None:
    """Lets a bot play for the person of ``seat``, gone a while or who left (as the table page's offer does)."""
    r = _post_as_seat(link, f"seats/{seat}/stand-in", "to ask for a bot")
    if r.status_code != 200:
        raise LinkError(_refusal(r))


def _post_as_seat(link: Link, path: str, doing: str) -> Any:
    """``POST /api/tables/TABLE/PATH`` with the seat's token; what it answered."""
    import httpx

    try:
        return httpx.post(
            f"{link.base}/api/tables/{link.table}/{path}",
            headers={"Authorization": f"Bearer {link.token}"},
            timeout=20,
        )
    except httpx.HTTPError as e:
        raise LinkError(f"cannot reach {link.base} {doing}: {e}") from None


def _refusal(r: Any) -> str:
    """The server's message of a refused HTTP call (docs/protocol.md, section 7), or its status."""
    try:
        return str(r.json()["error"]["message"])
    except (ValueError, KeyError, TypeError):
        return f"HTTP {r.status_code}"


def parse_link(text: str) -> Link:
    """An invite link ``http://HOST:PORT/t/TABLE#token=TOKEN`` or a spectator link (no token)."""
    parts = urlsplit(text.strip())
    match = re.fullmatch(r"/t/([A-Za-z0-9_-]{1,32})/?", parts.path)
    if parts.scheme not in ("http", "https") or not parts.netloc or match is None:
        raise LinkError(
            f"{text!r} is not a trionfi table link; a link looks like http://127.0.0.1:8000/t/TABLE#token=TOKEN "
            "(as `trionfi serve` prints it, or as the table's creator got it)"
        )
    token = parse_qs(parts.fragment, keep_blank_values=True).get("token", [None])[0]
    if token == "":  # a seat's link cut short: watching instead would hide the mistake
        raise LinkError(
            f"{text!r} has no token after 'token=': the seat's link was cut short; copy it whole "
            f"(to watch the table, leave out '#token=': {parts.scheme}://{parts.netloc}{parts.path})"
        )
    return Link(f"{parts.scheme}://{parts.netloc}", match.group(1), token)


# The card examples are the game's own (an Italian pack has no 10s), and the game's help follows, as in
# `trionfi play`; a spectator is told what watching allows.
HELP = """\
Type a card code to play it (any letter case): rank then suit, e.g. {examples}.
Other allowed actions are listed under "Other actions"; type them as shown.
  [bold]hand[/]   show the table again
  [bold]last[/]   show the last completed trick
  [bold]rules[/]  the rules of this game, as the table's options make them
  [bold]leave[/]  leave the seat (a stand-in bot plays it, if the creator set one; come back with join)
  [bold]bot[/]    let a bot play for the person the table waits for, gone a while or who left (they take their
         seat back by opening their link)
  [bold]chat[/] TEXT  say something to the table; until the game is over, only one of the set phrases
         ([bold]chat[/] alone lists them: [bold]chat good_luck[/])
  [bold]help[/]   this help
  [bold]quit[/]   disconnect (the seat stays yours: join again with the same link)"""
WATCH_HELP = """\
You are watching: the table's play is told as it happens (the public view only), and what the players say.
  [bold]hand[/]   show the table again
  [bold]last[/]   show the last completed trick
  [bold]rules[/]  the rules of this game, as the table's options make them
  [bold]help[/]   this help
  [bold]quit[/]   stop watching"""


class TerminalClient:
    """Plays one seat (or watches) until the game ends or the user quits; reconnects when the link drops."""

    # A move the server's rate limit dropped gets no answer (one rate_limited error a second at most): the same
    # message (same id and version) goes again after this long. A move that did get through is refused the
    # second time ("already taken") and the events show it.
    resend_after = 3.0
    # A person at the table who has not moved after this long: "Waiting for Ann..." (a bot moves sooner; a person
    # in the terminal sees no turn marker, as the table page shows one).
    slow_after = 4.0
    # A turn that comes after this long of the others' play (or of waiting for the table) rings the terminal's
    # bell, as the table page chimes: a player waiting for friends is often in another window.
    bell_after = 8.0

    def __init__(
        self,
        link: Link,
        name: str | None = None,
        bot: str | None = None,
        *,
        retry_for: float | None = None,
        quiet: bool = False,
        ask_name: bool = False,
        default_name: str = "player",
    ) -> None:
        self.link = link
        # Sent with the first hello only if given: a seat that has a name keeps it, and one that has none yet is
        # named when the server asks (typed at the prompt with ``ask_name``, else ``default_name``).
        self.name = name
        self.ask_name = ask_name
        self.default_name = default_name
        self.naming = False  # the next line typed is the seat's name
        self.bot = None
        if bot is not None:
            from trionfi.agents import make_agent

            self.bot = make_agent(bot)
        self.retry_for = retry_for  # seconds of failed reconnection before giving up; None: for ever
        self.quiet = quiet
        self.version = 0
        self.seat: int | None = None
        self.obs: dict[str, Any] | None = None
        self.game: Any = None
        self.status = "waiting"
        self.finished = False
        self.ws: Any = None
        self.next_id = 0
        self.pending: int | None = None  # the version we sent an action at (no second one until the answer)
        self.sent: dict[str, Any] | None = None  # that action's message, sent again if no answer comes
        self.resent = 0
        self.reconnects = 0
        self.actions_sent = 0
        self.lines: asyncio.Queue[str | None] | None = None
        self.shown_turn = -1
        self.drawn = -1  # the version whose table was last drawn (a snapshot's is not drawn again at your turn)
        self.asked_end = self.ending = False  # a finished table's result asked for (once), its answer awaited
        self.seats: list[dict[str, Any]] = []  # as the server last told them (welcome, table)
        self.connected: list[int] | None = None  # the seats with a page or terminal open, as last printed
        self.watching = 0  # how many watch without a seat, as last printed
        self.heard: set[int] = set()  # the numbers of the things said at the table that were printed
        self.awaited: list[int] = []  # the people's seats not opened at this table yet, as last printed
        self.absent_grace: float | None = None  # seconds a person is gone before `bot` may play for them (welcome)
        self.rematch: str | None = None  # the rematch's table, once someone asked for it
        self.over = False  # the table was over when we came: its end is said once it is drawn
        self.waited = -1  # the version at which "Waiting for Ann..." was said
        self.turn_over = time.monotonic()  # when this seat last played (at first: when it came)

    # --- output (cli.py draws the table) --------------------------------------------------------------------
    def say(self, text: str, link: bool = False) -> None:
        """One line: at a terminal it wraps between words, as `trionfi play` does (terminal.say); a line that
        carries a link is left to the terminal, so the link copies whole."""
        if not self.quiet:
            from trionfi.terminal import out, say

            if link:
                out.print(text, soft_wrap=True)
            else:
                say(text)

    def show_table(self) -> None:
        if self.quiet or self.obs is None or self.game is None:
            return
        from trionfi.terminal import render_table

        render_table(self.game, self._named(self.obs), self.seat)
        self.drawn = self.version

    def show_help(self) -> None:
        from rich.markup import escape

        if self.seat is None:
            self.say(WATCH_HELP)
            return
        if self.game is None:
            self.say(HELP.format(examples="Kd, 7c"))
            return
        from trionfi.texts import game_help
        from trionfi.view import card_examples

        examples = card_examples(self.game)
        self.say(HELP.format(examples=escape(examples)))
        self.say("")
        if not self.quiet:
            from trionfi.terminal import say_block

            say_block(game_help(self.game))

    def show_last(self) -> None:
        from rich.markup import escape

        from trionfi.view import last_trick_line

        self.say(escape(last_trick_line(self._named(self.obs or {}), self.seat)))

    def show_events(self, events: list[dict[str, Any]]) -> None:
        """The events told as `trionfi play` tells them (trionfi.terminal, trionfi.view)."""
        if self.quiet or self.obs is None:
            return
        from rich.markup import escape

        from trionfi.terminal import match_sheet, out, print_events
        from trionfi.view import deal_result, match_line, winner_line

        obs, me = self._named(self.obs), self.seat
        chunk: list[dict[str, Any]] = []
        for e in events:
            if e["type"] not in ("end", "match_end"):
                chunk.append(e)
                continue
            print_events(chunk, obs, me)
            chunk = []
            if e["type"] == "end":
                out.rule("end of the deal", style="yellow")
                for line in deal_result(obs, e, me):
                    self.say(escape(line))
                if "match_score" in e:
                    out.print(escape(match_line(e["match_score"], obs, me)))
            else:
                out.rule("end of the match", style="yellow")
                if (obs.get("match") or {}).get("deals"):  # the match deal by deal, as `trionfi play` ends one
                    out.print(match_sheet(obs, me))
                out.print(f"[bold]{escape(winner_line(obs, e['returns'], me, 'the match'))}[/]")
        print_events(chunk, obs, me)

    # --- the connection ------------------------------------------------------------------------------------
    async def run(self) -> bool:
        """Play to the end: True when the game ended, False when the user quit or the server stayed away."""
        import websockets

        if self.bot is None:
            self.lines = asyncio.Queue()
            _read_lines(asyncio.get_running_loop(), self.lines)
        delay = 0.25
        waited = told = 0.0
        while True:
            try:
                async with websockets.connect(self.link.websocket, open_timeout=5, max_size=2**22) as ws:
                    self.ws = ws
                    self.pending = None
                    await self._hello()
                    delay, waited = 0.25, 0.0
                    result = await self._session(ws)
                    if result is not None:
                        return result
            except (OSError, TimeoutError) as e:
                reason = str(e) or type(e).__name__
            except websockets.ConnectionClosed as e:
                reason = f"the connection closed ({e.code})"
            except websockets.InvalidHandshake as e:
                reason = str(e)
            finally:
                self.ws = None
            if self.finished:
                return True
            if self.retry_for is not None and waited >= self.retry_for:
                self.say(f"[red]The server stayed unreachable for {waited:.0f} s; giving up.[/]")
                return False
            # Said once an outage starts, then every half minute: a line every 2 s would bury the table.
            if waited == 0 or waited - told >= 30:
                told = waited
                again = "trying again" if waited == 0 else f"still trying after {waited:.0f} s"
                if self.game is None:  # never reached (a wrong address, a server not started): nothing was lost
                    from rich.markup import escape

                    where = escape(f"{self.link.base} ({reason})")
                    self.say(f"[yellow]Cannot reach the server at {where}; {again} (Ctrl+C stops)...[/]")
                else:
                    self.say(f"[yellow]Lost the table ({reason}); {again}...[/]")
            self.reconnects += 1
            await asyncio.sleep(delay)
            waited += delay
            delay = min(delay * 2, 2.0)

    async def _hello(self) -> None:
        message = {"type": "hello", "table": self.link.table, "token": self.link.token, "version": self.version}
        await self._send({**message, "name": self.name})

    async def _name_needed(self) -> None:
        """The seat has no name yet: ask the person for one, or take the default."""
        if self.ask_name and self.lines is not None:
            self.naming = True
            self.say("Your name at the table:")
        else:
            self.name = self.default_name
            await self._hello()

    async def _send(self, message: dict[str, Any]) -> None:
        await self.ws.send(json.dumps({k: v for k, v in message.items() if v is not None}))

    async def _session(self, ws: Any) -> bool | None:
        reader = asyncio.ensure_future(ws.recv())
        typing = asyncio.ensure_future(self.lines.get()) if self.lines is not None else None
        closed = False  # the input closed while the server's welcome was awaited
        try:
            while True:
                waiting = {reader} | ({typing} if typing is not None else set())
                slow = self._waiting_for() is not None and self.waited != self.version
                timeout = self.resend_after if self.pending is not None else self.slow_after if slow else None
                done, _ = await asyncio.wait(waiting, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
                if not done and self.pending is not None and self.sent is not None:
                    self.resent += 1
                    await self._send(self.sent)
                    continue
                if not done and slow:  # a person is taking their time: say whom the table waits for, once
                    self._say_waiting()
                    continue
                if reader in done:
                    message = json.loads(reader.result())
                    said = self._receive(message)
                    if said == "fatal":
                        return False
                    if closed and self.game is not None:  # the input closed before the seat was known: now it is
                        self._input_closed()
                        return False
                    if said == "name":
                        await self._name_needed()
                    if said == "ask_end":
                        await self._send({"type": "sync", "version": 0, "full": True})
                    if self.finished:
                        return True
                    await self._maybe_play()
                    reader = asyncio.ensure_future(ws.recv())
                if typing is not None and typing in done:
                    line = typing.result()
                    if line is None and self.link.token is None:
                        typing = None  # input closed (< /dev/null, Ctrl-D): a spectator needs none, and watches on
                        continue
                    if line is None and self.game is None:
                        typing, closed = None, True  # the server's answer first: the link may open no seat
                        continue
                    if line is None:
                        self._input_closed()
                        return False
                    if not await self._typed(line):
                        return False
                    typing = asyncio.ensure_future(self.lines.get())
        finally:
            reader.cancel()
            if typing is not None:
                typing.cancel()

    def _input_closed(self) -> None:
        self.say(
            "[yellow]Input closed (Ctrl-D, or no terminal): nothing more can be typed, so join stops."
            " The seat stays yours: join again with the same link (--bot LEVEL lets a bot play it).[/]"
        )

    def _receive(self, m: dict[str, Any]) -> str | None:
        kind = m.get("type")
        if kind == "welcome":
            import trionfi

            first = self.game is None
            self.seat = m["seat"]
            self.status = m["status"]
            self.game = trionfi.load(m["game"], **m["options"])
            self.name = None  # named once: a reconnection keeps the seat's name
            if first:
                from rich.markup import escape

                from .preview import titled

                who = "watching" if self.seat is None else f"seat {self.seat}"
                name = escape(titled(m["title"], m["options"], "en"))  # "Triomphe · Strasbourg (1637)"
                self.say(f"[bold]{name}[/] at table {m['table']}: you are {who}. Type [bold]help[/] for the commands.")
                self._show_seats(m["seats"])
                free = [s["seat"] for s in m["seats"] if s["kind"] == "open" and s["name"] is None]
                if self.seat is None and free and m["status"] != "finished":
                    # A spectator may take a free open seat, as the lobby and the table page offer it.
                    spectators = f"{self.link.base}/t/{self.link.table}"
                    sit = f"trionfi join '{spectators}' --sit {free[0]}"
                    self.say(f"Seat {free[0]} is free: to play it, {sit}", link=True)
            else:
                self.say("[green]Back at the table.[/]")
                self.shown_turn = -1  # your turn is said again: the lines in between may have pushed it away
                self.drawn = -1  # and the table with it
            self.seats = m["seats"]
            self._show_said(m.get("said", [])[-SAID_SHOWN:])
            self.absent_grace = m.get("absent_grace")
            if self.status == "waiting":
                self.say("[dim]Waiting for the other players to join...[/]")
            self.over = self.status == "finished"
        elif kind == "events":
            if self.ending:  # the whole log of a finished table, asked for its end only (below)
                self.ending = False
                ends = [i for i, e in enumerate(m["events"]) if e["type"] == "end"]
                m["events"] = m["events"][ends[-1] :] if ends else []
            elif m["from"] != self.version and m["from"] < self.version:
                m["events"] = m["events"][self.version - m["from"] :]  # already shown
            self.obs = m["observation"]
            self.show_events(m["events"])
            self.version = m["version"]
            self.pending = None
            if self.over:
                self._the_end()
        elif kind == "snapshot":
            self.obs = m["observation"]
            self.version = m["version"]
            self.pending = None
            self.show_table()
            if self.over and not self.finished and not self.asked_end:
                # A table that ended before we came: its snapshot holds no result, the log's end does.
                self.asked_end = self.ending = True
                return "ask_end"
            if self.over:
                self._the_end()
        elif kind == "table":
            if m["status"] != self.status and m["status"] == "playing":
                self.say("[green]Every seat is taken: the game starts.[/]")
            self.status = m["status"]
            self.seats = m["seats"]
            self._show_seats(m["seats"])
            if self.status == "finished":
                self._the_end()
        elif kind == "presence":
            self._show_presence(m["connected"], m.get("awaited", []))
            self._show_watching(m.get("watching", 0))
        elif kind == "rematch":
            self._show_rematch(m["rematch"])
        elif kind == "said":
            self._show_said([m])
        elif kind == "error":
            if m["message"] == NAME_NEEDED and self.game is None:
                return "name"  # asked (or defaulted) by the session, then hello again
            from rich.markup import escape

            from trionfi.view import refusal

            self.pending = None
            self.say(f"[red]{escape(refusal(m['message'], self.game, self._named(self.obs), self.seat))}[/]")
            if m["code"] == "bad_token" and self.link.token is not None:  # what to do about it, as the page says
                watch = f"trionfi join '{self.link.base}/t/{self.link.table}'"
                self.say(
                    "The link may be cut short or mistyped, or the table's creator gave the seat to someone else:"
                    " ask for the link again. To watch the table:"
                )
                self.say(f"  {escape(watch)}", link=True)
            if m["code"] in ("unknown_table", "bad_token", "bad_origin"):
                return "fatal"
        return None

    def _show_seats(self, seats: list[dict[str, Any]]) -> None:
        parts = []
        for s in seats:
            who = s["name"] or (f"{bot_name(s['seat'])} ({s['bot']})" if s["kind"] == "bot" else "free")
            if s["away"]:
                who += " (away" + (", a bot plays" if s["played_by"] == "bot" else "") + ")"
            parts.append(f"{s['seat']}: {who}")
        self.say("[dim]Seats: " + " · ".join(parts) + "[/]")

    def _the_end(self) -> None:
        """The table is over: where its record is, and its rematch (or how to ask for one)."""
        if self.finished:
            return
        self.finished = True
        self.over = False
        self.say(f"The record: {self.link.base}/api/tables/{self.link.table}/record", link=True)
        if self.rematch is None:
            with contextlib.suppress(Exception):  # only a hint: without an answer, the way to ask for it is said
                import httpx

                found = httpx.get(f"{self.link.base}/api/tables/{self.link.table}/rematch", timeout=5).json()
                if found.get("rematch"):
                    self._show_rematch(found["rematch"])
        if self.rematch is None and self.link.token is not None:
            self.say(
                "A rematch with the same seats (a new shuffle, the next dealer): "
                f"[bold]trionfi join {self.link.at(self.link.table)} --rematch[/]",
                link=True,
            )

    def _show_rematch(self, table: str) -> None:
        if table != self.rematch:
            self.rematch = table
            how = "your seat there" if self.link.token else "to watch it"
            self.say(f"[bold]A rematch is ready[/] ({how}): [bold]trionfi join {self.link.at(table)}[/]", link=True)

    def _show_presence(self, connected: list[int], awaited: list[int]) -> None:
        """Who has the table open, said when it changes (the people's seats; bots are always there); who has not
        come yet (a rematch's other people, still at the last table) is told apart from who went."""
        if connected == self.connected and awaited == self.awaited:
            return
        first = self.connected is None
        self.connected, self.awaited = connected, awaited
        away = [s["seat"] for s in self.seats if s.get("played_by") == "person" and s["seat"] not in connected]
        if first and not away:
            return  # everyone is here: nothing worth a line
        here = ", ".join(self._seat_name(s) for s in connected) or "nobody"
        line = f"Connected: {here}"
        gone = [s for s in away if s not in awaited]
        if gone:
            line += " · not connected: " + ", ".join(self._seat_name(s) for s in gone)
        if len(gone) < len(away):
            line += " · not here yet: " + ", ".join(self._seat_name(s) for s in away if s in awaited)
        self.say(f"[dim]{line}[/]")

    def _show_said(self, said: list[dict[str, Any]]) -> None:
        """What was said at the table and not printed yet (a reconnection's welcome repeats the last ones)."""
        from rich.markup import escape

        for m in said:
            if m["n"] in self.heard:
                continue
            self.heard.add(m["n"])
            words = m["text"] if "text" in m else PHRASES.get(m["phrase"], m["phrase"])
            who = "You say" if m["seat"] == self.seat and self.seat is not None else f"{escape(m['name'])} says"
            self.say(f"[magenta]{who}:[/] “{escape(words)}”")

    async def _chat(self, text: str) -> None:
        """``chat TEXT``: a phrase by its key (or its words), else the text; ``chat`` alone lists the phrases."""
        if not text:
            listed = ", ".join(f"[bold]{key}[/] ({words})" for key, words in PHRASES.items())
            self.say(f"The phrases, which may be said at any time: {listed}.")
            if self.status != "finished":
                self.say("Until the game is over only these: no word about the cards. Any text once it is over.")
            return
        wanted = text.lower().replace(" ", "_").rstrip("!.?")
        for key, words in PHRASES.items():
            if wanted in (key, words.lower().replace(" ", "_").rstrip("!.?")):
                await self._send({"type": "say", "phrase": key})
                return
        await self._send({"type": "say", "text": text})

    def _show_watching(self, n: int) -> None:
        """How many watch the table, said when that changes (as the page shows an eye and a number); a spectator's
        own connection is not news to it."""
        itself = 1 if self.link.token is None else 0
        before, self.watching = self.watching, n
        others = max(0, n - itself)
        if others == max(0, before - itself):
            return
        if others <= 0:
            self.say(
                "[dim]Nobody else is watching now.[/]" if self.link.token is None else "[dim]Nobody is watching now.[/]"
            )
        elif self.link.token is None:
            self.say(f"[dim]Watching with you: {others} other {'person' if others == 1 else 'people'}.[/]")
        else:
            self.say(f"[dim]Watching the table: {others} {'person' if others == 1 else 'people'}.[/]")

    def _waiting_for(self) -> str | None:
        """The line while another person is to move, "Waiting for Ann..." (not a bot, nor a seat a bot plays for
        now)."""
        turn = (self.obs or {}).get("current_player")
        if self.status != "playing" or self.quiet or turn is None or turn == self.seat:
            return None
        info = next((s for s in self.seats if s["seat"] == turn), None)
        if info is None or info.get("played_by") != "person" or info["kind"] == "bot":
            return None
        away = self.connected is not None and turn not in self.connected
        name = info.get("name") or f"seat {turn}"
        if not away:
            return f"Waiting for {name}..."
        waits = f"Waiting for {name}" + (" (not here yet)..." if turn in self.awaited else " (not connected)...")
        if self.absent_grace is None or self.seat is None:  # (a spectator cannot ask for a bot)
            return waits
        return f"{waits} Type bot to let a bot play for them once they have been gone {self.absent_grace:g} seconds."

    def _say_waiting(self) -> None:
        from rich.markup import escape

        self.waited = self.version
        self.say(f"[dim]{escape(self._waiting_for() or '')}[/]")

    def _named(self, obs: dict[str, Any] | None) -> dict[str, Any] | None:
        """``obs`` with the seats' names, as the table page names them (Ann, Bot 2): the narrative says "Ann
        (opponent) plays 4c" rather than "seat 1 (opponent)". The bot, if any, is given the plain observation."""
        if not obs or not self.seats:
            return obs
        from trionfi.view import NAMES

        names = {s["seat"]: s["name"] or (bot_name(s["seat"]) if s["kind"] == "bot" else None) for s in self.seats}
        return {**obs, NAMES: [names.get(seat) for seat in range(max(names) + 1)]}

    def _seat_name(self, seat: int) -> str:
        if seat == self.seat:
            return "you"
        info = next((s for s in self.seats if s["seat"] == seat), None)
        return f"{info['name']} (seat {seat})" if info and info.get("name") else f"seat {seat}"

    async def _maybe_play(self) -> None:
        obs = self.obs
        if obs is None or self.seat is None or not obs.get("legal_actions") or self.pending is not None:
            return
        if self.status != "playing":
            # Not before every seat is taken: each refusal ("not_started") would be answered by another try, and
            # that flood, rate-limited, could leave the real move unanswered once the table starts.
            return
        if self.bot is not None:
            await self._act(str(self.bot.choose(obs)))
        elif self.shown_turn != self.version and self.game is not None:  # the welcome named the game
            from rich.markup import escape

            self.shown_turn = self.version
            if self.drawn != self.version:  # a snapshot at your turn has just drawn it
                self.show_table()
            from trionfi.view import turn_prompt

            self.say(f"[bold]Your turn[/] — type {escape(turn_prompt(self.game, obs))}, or help")
            self._ring_if_waited()

    def _ring_if_waited(self) -> None:
        """The terminal's bell at a turn that came after a wait (never into a pipe or a file)."""
        from trionfi.terminal import out

        if not self.quiet and out.is_terminal and time.monotonic() - self.turn_over >= self.bell_after:
            out.bell()

    async def _act(self, action: str) -> None:
        self.turn_over = time.monotonic()
        self.next_id += 1
        self.pending = self.version
        self.actions_sent += 1
        self.sent = {"type": "action", "action": action, "version": self.version, "id": self.next_id}
        await self._send(self.sent)

    async def _ask_bot(self) -> None:
        """``bot``: a bot plays for the person the table waits for (the server says whether they are gone long
        enough, and for how long they have been)."""
        from rich.markup import escape

        turn = (self.obs or {}).get("current_player")
        if self.status != "playing" or turn is None or turn == self.seat:
            self.say("The table waits for nobody: [bold]bot[/] lets a bot play for the person it waits for.")
            return
        try:
            await asyncio.to_thread(ask_stand_in, self.link, turn)
        except LinkError as e:
            self.say(f"[red]{escape(str(e))}[/]")

    async def _typed(self, line: str) -> bool:
        """A line the user typed; False to quit."""
        word = line.strip()
        if self.naming:
            if word.lower() in ("quit", "exit"):
                return False
            if not 1 <= len(word) <= 40:
                self.say("A name is 1 to 40 characters. Your name at the table:")
                return True
            self.naming = False
            self.name = word
            await self._hello()
            return True
        if not word:
            return True
        legal = {a.lower() for a in (self.obs or {}).get("legal_actions", [])}
        if word.lower() not in legal:
            if word.lower() in ("quit", "exit", "q"):
                return False
            if word.lower() == "help":
                self.show_help()
                return True
            if word.lower() == "last":
                self.show_last()
                return True
            if word.lower() == "rules" and self.game is not None:
                from trionfi.terminal import print_rules

                if not self.quiet:
                    print_rules(self.game)
                return True
            if word.lower() in ("hand", "table"):
                self.show_table()
                return True
            if word.lower() == "bot" and self.seat is not None:
                await self._ask_bot()
                return True
            command, _, rest = word.partition(" ")
            if command.lower() == "chat":
                if self.seat is None:
                    self.say("[red]You are watching: spectators read what the players say, and do not speak.[/]")
                else:
                    await self._chat(rest.strip())
                return True
            if word.lower() == "leave":
                await self._send({"type": "leave"})
                self.say("You left the seat. Type an action to take it back, or quit.")
                return True
        if self.seat is None:
            self.say("[red]You are watching: spectators cannot act.[/]")
            return True
        await self._act(word)  # the server says whether it is legal, and why not
        return True


SAID_SHOWN = 5  # the last things said that a person coming to the table is shown


def _read_lines(loop: asyncio.AbstractEventLoop, lines: asyncio.Queue[str | None]) -> None:
    """Standard input, line by line, into ``lines`` (None at its end), from a thread: input() blocks."""

    def run() -> None:
        while True:
            try:
                line = sys.stdin.readline()
            except (OSError, ValueError):
                line = ""
            with contextlib.suppress(RuntimeError):  # the loop closed: the client is done
                loop.call_soon_threadsafe(lines.put_nowait, line.rstrip("\n") if line else None)
            if not line:
                return

    threading.Thread(target=run, name="trionfi-stdin", daemon=True).start()
