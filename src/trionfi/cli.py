"""The ``trionfi`` command: list the games, read their rules, play in the terminal, simulate, replay records.

Everything shown to a player comes from ``observation(seat)``, so the table is drawn the same way for every
game; bots are handed only their own seat's observation. Errors from the engine (unknown game or option,
bad value, illegal move) are shown as one red line, never a traceback; a bad command line exits with code 2.
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

import trionfi

from .agents import Agent, make_agent
from .engine import Game
from .errors import TrionfiError
from .match import Match
from .options import parse_assignments
from .records import initial_state, read_record, save
from .records import replay as replay_record

app = typer.Typer(
    help="The triumph family of trick-taking card games: Briscola and its variants.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
out = Console(highlight=False)
err = Console(stderr=True, highlight=False, soft_wrap=True)  # an error stays on one line

QUIT_WORDS = ("quit", "exit", "q")
# In Briscola a 31 counting the points won is the skill being tested, so a player is not shown them.

GameArg = Annotated[str, typer.Argument(metavar="GAME", help="The game's name, e.g. briscola (see `trionfi games`).")]
OptionOpt = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", metavar="NAME=VALUE", help="A game option as name=value (repeatable)."),
]
PlayersOpt = Annotated[int | None, typer.Option("--players", "-p", help="Number of players.")]
BotOpt = Annotated[
    str,
    typer.Option(
        "--bots",
        "--bot",
        help="The bots: a level (easy, medium, hard) or a name (random, heuristic, search, solver).",
    ),
]


# --- errors and set-up --------------------------------------------------------------------------------------
class UsageError(TrionfiError):
    """A command-line value the engine never sees (a seat out of range, a missing file)."""


@contextmanager
def _clear_errors() -> Iterator[None]:
    """Turn any trionfi error into one red line on stderr and exit code 2: a user needs the message, not a
    traceback."""
    try:
        yield
    except TrionfiError as e:
        err.print(f"[bold red]error:[/] {escape(str(e))}")
        raise typer.Exit(2) from None


def _load_game(name: str, players: int | None, option_items: list[str] | None) -> Game:
    # Option values stay text: the game's Option declarations convert "true", "121" and friends.
    options: dict[str, Any] = parse_assignments(option_items or [])
    if players is not None:
        options["players"] = players
    return trionfi.load(name, **options)


def _check_seat(seat: int, game: Game) -> None:
    if not 0 <= seat < game.players:
        raise UsageError(f"--seat must be a seat from 0 to {game.players - 1}, not {seat}")


def progress_bar(show: bool) -> Progress:
    """The progress bar of long commands, on stderr (so that --json output stays clean)."""
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err,
        disable=not show,
        transient=True,
    )


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in a game seeded with ``seed``: fixed, so a seeded game is repeatable."""
    return random.Random(seed * 1009 + seat).getrandbits(32)


def make_bots(name: str, seed: int, seats: list[int], game: Game | None = None) -> dict[int, Agent]:
    return {s: make_agent(name, bot_seed(seed, s), game=game) for s in seats}


def _deal_of(state: Any) -> Any:
    """The deal in progress: a match's current deal, or the state itself."""
    return state.state if isinstance(state, Match) else state


# --- how seats, sides and cards are named -------------------------------------------------------------------
def seat_label(seat: int, obs: dict[str, Any], me: int | None) -> str:
    """How a seat is named: you, seat 1 (partner), seat 3 (opponent); plain "seat 2" when nobody is you."""
    if me is None:
        return f"seat {seat}"
    if seat == me:
        return "you"
    sides = obs["sides"]
    mine = next(i for i, side in enumerate(sides) if me in side)
    if me in sides[mine] and seat in sides[mine]:
        return f"seat {seat} (partner)"
    if len(sides) == 2:
        return f"seat {seat} (opponent)"
    return f"seat {seat}"


def side_label(index: int, obs: dict[str, Any], me: int | None) -> str:
    side = obs["sides"][index]
    seats = ", ".join(map(str, side))
    if me is not None and me in side:
        return "you" if len(side) == 1 else f"your team (seats {seats})"
    if len(side) == 1:
        return seat_label(side[0], obs, me)
    return f"opponents (seats {seats})" if me is not None and len(obs["sides"]) == 2 else f"seats {seats}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def action_text(action: str, you: bool) -> str:
    """An action in words: plays Kd (play Kd for you) for a card, does: claim for another action."""
    try:
        trionfi.card(action)
    except TrionfiError:
        return f"{'do' if you else 'does'}: [bold]{escape(action)}[/]"
    return f"{'play' if you else 'plays'} [bold]{escape(action)}[/]"


def _points_hidden(obs: dict[str, Any]) -> bool:
    return not obs.get("show_points", True)


def _trump_text(game: Game, obs: dict[str, Any]) -> str:
    trump = obs.get("trump")
    if not trump and "auction" in obs and not obs.get("called"):
        return "Trumps: not chosen yet (the auction's winner calls a card, and its suit is trumps)"
    if not trump and obs.get("phase") not in (None, "play", "end"):
        return "Trumps: not known yet"
    if not trump:
        return "No trumps"
    name = obs.get("suit_names", {}).get(trump, trump)
    return f"Trumps: [bold]{escape(name)}[/] ({escape(trump)})"


def hand_text(hand: list[str], legal: list[str]) -> str:
    """The hand with playable cards bold green and the others dim in brackets (readable without colour).

    A card is "playable" when an action is the card or ends with it (``discard 7c``, ``rob Kd``)."""
    playable = {a.lower() for a in legal} | {a.split()[-1].lower() for a in legal if " " in a}
    parts = []
    for c in hand:
        if not legal or c.lower() in playable:
            parts.append(f"[bold green]{escape(c)}[/]" if legal else escape(c))
        else:
            parts.append(f"[dim]({escape(c)})[/]")
    return "  ".join(parts) if parts else "[dim](empty)[/]"


def trick_text(cards: list[list[Any]], obs: dict[str, Any], me: int | None) -> str:
    return ", ".join(f"{seat_label(s, obs, me)} {escape(str(c))}" for s, c in cards)


# --- the table ----------------------------------------------------------------------------------------------
def render_table(game: Game, obs: dict[str, Any], me: int | None, show_points: bool = True) -> None:
    """The table as ``obs``'s seat sees it: trumps, stock, scores, the trick so far, the hand."""
    tricks = obs.get("tricks", [])
    header = [f"trick {len(tricks) + 1}"]
    if "match" in obs:
        header.insert(0, f"deal {obs['match']['deal']}")
    if obs.get("phase") not in (None, "play", "end"):
        header.append(str(obs["phase"]))
    out.print()
    out.rule(f"[bold]{escape(game.title)}[/] · " + " · ".join(header), style="cyan")
    line = [_trump_text(game, obs)]
    if obs.get("indicator"):
        holder = obs.get("indicator_holder")
        where = "drawn last" if holder is None else f"in the hand of {seat_label(holder, obs, me)}"
        line.append(f"turned-up card [bold]{escape(str(obs['indicator']))}[/] ({where})")
    if obs.get("stock") is not None:
        stock = obs["stock"]
        line.append(f"stock: {stock} card{'s' if stock != 1 else ''}" if stock else "stock: empty")
    if obs.get("stock_top"):
        line.append(f"top of the stock: {escape(obs['stock_top'])}")
    out.print(" · ".join(line))
    if show_points and not _points_hidden(obs):
        scores = [f"{side_label(i, obs, me)} {p}" for i, p in enumerate(obs.get("points", []))]
        out.print(f"{obs.get('points_label', 'Card points')}: " + " · ".join(scores))
    elif show_points:
        out.print("[dim]Card points are not shown in this variant: counting them is up to you.[/]")
    if "match" in obs:
        m = obs["match"]
        score = " · ".join(f"{side_label(i, obs, me)} {_num(v)}" for i, v in enumerate(m["score"]))
        out.print(f"Match score: {score}")
    _render_others(obs, me)
    _render_contract(obs, me)
    _render_table_notes(obs)
    trick = obs.get("trick", [])
    if obs.get("phase") in (None, "play", "end"):
        out.print("Trick: " + (trick_text(trick, obs, me) if trick else "[dim]empty, waiting for the lead[/]"))
    if me is not None:
        legal = obs.get("legal_actions", [])
        out.print(f"Your hand: {hand_text(obs['hand'], legal)}")
        extra = [a for a in legal if a.lower() not in {c.lower() for c in obs["hand"]}]
        if extra:
            out.print("Other actions: " + ", ".join(f"[bold green]{escape(a)}[/]" for a in extra))


def _render_table_notes(obs: dict[str, Any]) -> None:
    """A game's own public facts (the cut chosen, declarations, running totals...): ``obs["table"]`` maps a
    label to a short value, shown as it is, so a new game needs no change here."""
    for label, value in obs.get("table", {}).items():
        if value in (None, "", [], {}):
            continue
        text = ", ".join(map(str, value)) if isinstance(value, list) else str(value)
        out.print(f"{escape(str(label))}: {escape(text)}")


def _render_contract(obs: dict[str, Any], me: int | None) -> None:
    """Games with an auction (Briscola Chiamata): the bids so far, the called card and what is known of the
    partner."""
    if "auction" not in obs:
        return
    bids = ", ".join(f"{seat_label(s, obs, me)} {escape(b)}" for s, b in obs["auction"])
    out.print("Auction: " + (bids or "[dim]no bid yet[/]"))
    if obs.get("called"):
        caller = seat_label(obs["caller"], obs, me)
        partner = obs.get("partner")
        known = "not known yet" if partner is None else seat_label(partner, obs, me)
        target = f", needs {obs['target']} card points" if obs.get("target") else ""
        out.print(f"Called card: [bold]{escape(obs['called'])}[/] by {caller}{target}; partner: {known}")


def _render_others(obs: dict[str, Any], me: int | None) -> None:
    """Cards of other seats this seat may see (open hands, a known turned-up card) and the hand sizes."""
    for seat, cards in sorted(obs.get("open_hands", {}).items(), key=lambda kv: int(kv[0])):
        out.print(f"{_cap(seat_label(int(seat), obs, me))} holds: {escape(' '.join(cards))}")
    for seat, cards in sorted((obs.get("views") or {}).items(), key=lambda kv: int(kv[0])):
        out.print(f"When you looked, {seat_label(int(seat), obs, me)} held: {escape(' '.join(cards))}")
    for seat, cards in sorted(obs.get("known_cards", {}).items(), key=lambda kv: int(kv[0])):
        out.print(f"{_cap(seat_label(int(seat), obs, me))} is known to hold: {escape(' '.join(cards))}")
    sizes = obs.get("hand_sizes")
    if sizes and len(sizes) > 2:
        out.print("Cards in hand: " + ", ".join(f"{seat_label(s, obs, me)} {n}" for s, n in enumerate(sizes)))


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def announce_trick(
    trick: dict[str, Any], number: int, obs: dict[str, Any], me: int | None, show_points: bool = True
) -> None:
    cards = trick_text(trick["cards"], obs, me)
    if trick["winner"] is None:  # e.g. Trionfetti's void tricks
        out.print(f"[bold yellow]Trick {number}:[/] {cards} → nobody wins it")
        return
    who = seat_label(trick["winner"], obs, me)
    verb = "win" if who == "you" else "wins"
    show_points = show_points and obs.get("trick_points", True)
    worth = f" ({trick['points']} point{'s' if trick['points'] != 1 else ''})" if show_points else ""
    out.print(f"[bold yellow]Trick {number}:[/] {cards} → [bold]{escape(who)}[/] {verb} it{worth}")


def side_outcomes(state: Any, sides: list[list[int]]) -> list[float]:
    """The result per side (positive = won, 0 = drawn, negative = lost) from the per-seat returns."""
    returns = state.returns()
    return [returns[side[0]] for side in sides]


def announce_result(state: Any, obs: dict[str, Any], me: int | None, what: str) -> None:
    """Points per side and who won ``what`` ("the deal", "the match")."""
    outcomes = side_outcomes(state, obs["sides"])
    if what == "the deal":
        figures = " · ".join(f"{side_label(i, obs, me)} {p}" for i, p in enumerate(obs.get("points", [])))
        out.print(f"{obs.get('points_label', 'Card points')}: {figures}")
        if obs.get("claim"):
            seat, right = obs["claim"][:2]
            counted = f" (counted {obs['claim'][2]} of {obs.get('claim_target')})" if len(obs["claim"]) > 2 else ""
            out.print(f"{_cap(seat_label(seat, obs, me))} claimed {'rightly' if right else 'wrongly'}{counted}.")
    if what == "the match" and (obs.get("match") or {}).get("decided_by_deal"):
        out.print("The match was decided by a claim in its last deal.")
    winners = [i for i, v in enumerate(outcomes) if v > 0]
    if not winners:
        out.print(f"[bold]{_cap(what)} is drawn.[/]")
        return
    names = " and ".join(side_label(i, obs, me) for i in winners)
    verb = "win" if names == "you" or len(winners) > 1 else "wins"
    out.print(f"[bold]{escape(_cap(names))} {verb} {what}.[/]")


# --- games ----------------------------------------------------------------------------------------------
@app.command()
def games() -> None:
    """List the games."""
    table = Table(title="trionfi games")
    table.add_column("name", style="bold")
    table.add_column("title")
    for name in trionfi.games():
        cls = trionfi.registry.game_class(name)
        table.add_row(name, cls.title)
    out.print(table)


# --- rules ----------------------------------------------------------------------------------------------
def _show_value(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, tuple):
        return ",".join(map(str, value))
    return str(value)


def _allowed(opt: Any) -> str:
    # Choices are listed as they are typed on the command line, not as Python values.
    if opt.choices is not None:
        return ", ".join(_show_value(c) for c in opt.choices)
    return str(opt.allowed())


def _paragraphs(text: str) -> str:
    """Re-flow a docstring's hard-wrapped paragraphs so the terminal wraps them to its own width."""
    text = text.replace("``", "")  # reST literals read oddly in a terminal
    return "\n\n".join(" ".join(p.split()) for p in text.split("\n\n"))


@app.command()
def rules(game_name: GameArg, option: OptionOpt = None, players: PlayersOpt = None) -> None:
    """Show a game's rules summary and its options."""
    with _clear_errors():
        game = _load_game(game_name, players, option)
    out.rule(f"[bold]{escape(game.title)}[/]", style="cyan")
    out.print(escape(_paragraphs(game.rules_summary())))
    out.print()
    out.print(
        f"Players: {game.players} · sides: "
        + " v ".join("(" + " ".join(map(str, s)) + ")" for s in game.sides)
        + f" · match: {escape(game.match_policy().describe())}"
    )
    # Two columns read well even in an 80-column terminal: name with default, then doc with allowed values.
    table = Table(title="options (set with --option name=value)", show_lines=True, expand=True)
    table.add_column("option", no_wrap=True)
    table.add_column("what it does · allowed values", ratio=1)
    for opt in game.OPTIONS:
        now = game.options.get(opt.name, opt.default)
        name = f"[bold]{escape(opt.name)}[/]\n[dim]default[/] {escape(_show_value(opt.default))}"
        if now != opt.default:
            name += f"\n[bold green]now {escape(_show_value(now))}[/]"
        table.add_row(name, f"{escape(opt.doc)}\n[dim]allowed:[/] {escape(_allowed(opt))}")
    out.print(table)


# --- play -----------------------------------------------------------------------------------------------
HELP_TEXT = """\
Type a card code to play it (case does not matter), e.g. [bold]Kd[/], [bold]10s[/], [bold]Hb[/],
or the text of any other allowed action (shown under "Other actions").
  [bold]hand[/]  show the table and your hand again
  [bold]last[/]  show the last completed trick
  [bold]help[/]  this help
  [bold]quit[/]  stop the game (with --save, the record is written)"""


class PlaySession:
    """One interactive game: the human at ``me``, bots elsewhere, output through ``out``."""

    def __init__(self, game: Game, state: Any, me: int, bots: dict[int, Agent]) -> None:
        self.game = game
        self.state = state
        self.me = me
        self.bots = bots
        self.deal = _deal_of(state)
        self.tricks_seen = 0
        self.messages_seen = 0
        self.deal_scores: list[tuple[int, list[int], list[float]]] = []  # (deal, points, match score after)

    def obs(self) -> dict[str, Any]:
        return self.state.observation(self.me)

    def run(self) -> bool:
        """Play to the end; False when the player quits (or input ends) first."""
        while not self.state.is_terminal():
            seat = self.state.current_player
            if seat == self.me:
                if not self._human_turn():
                    return False
            else:
                action = self.bots[seat].choose(self.state.observation(seat))
                try:
                    self._apply(seat, action)
                except TrionfiError as e:  # a bot's bug: say which bot, not a traceback
                    raise UsageError(f"the bot at seat {seat} chose {action!r}, which the game refused: {e}") from None
        return True

    def _human_turn(self) -> bool:
        self._show_table()
        while True:
            try:
                text = out.input("[bold cyan]your move>[/] ").strip()
            except (EOFError, KeyboardInterrupt):
                out.print()
                return False
            if not text:
                continue
            legal = [a.lower() for a in self.state.legal_actions()]
            # A legal action wins over a command word, so a game may name an action "last" or "hand".
            if text.lower() not in legal:
                word = text.lower()
                if word in QUIT_WORDS:
                    return False
                if word == "help":
                    out.print(HELP_TEXT)
                    continue
                if word in ("hand", "table"):
                    self._show_table()
                    continue
                if word == "last":
                    self._show_last()
                    continue
            try:
                self._apply(self.me, text)
            except TrionfiError as e:
                out.print(f"[red]{escape(str(e))}[/]", soft_wrap=True)
                continue
            return True

    def _apply(self, seat: int, action: str) -> None:
        before = self.obs()
        deal = _deal_of(self.state)
        self.state.apply(action)
        # The deal's history holds the canonical text ("kd" typed -> "Kd"), also when a match dealt anew.
        text = str(deal.history[-1])
        after = deal.observation(self.me)
        speaks = len(after.get("messages") or []) > self.messages_seen
        if (seat == self.me and not speaks) or (seat != self.me and shows_action(text, after, speaks)):
            out.print(f"{_cap(seat_label(seat, before, self.me))} {action_text(text, seat == self.me)}")
        self._after_action(before["hand"] if deal is _deal_of(self.state) else None)

    def _after_action(self, hand_before: list[str] | None) -> None:
        """Announce what the last action completed: tricks, the cards drawn, messages, the end of a deal."""
        deal = self.deal
        obs = deal.observation(self.me)
        show = not _points_hidden(obs)
        for i, trick in enumerate(obs["tricks"][self.tricks_seen :], start=self.tricks_seen + 1):
            announce_trick(trick, i, obs, self.me, show)
        self.tricks_seen = len(obs["tricks"])
        drawn = [c for c in obs["hand"] if hand_before is not None and c not in hand_before]
        if drawn:
            # Outside card play (a deal in packets, after a cut) the new cards are dealt, not drawn.
            verb = "You drew" if hand_before and obs.get("phase") == "play" else "You receive"
            out.print(f"{verb}: [bold]{escape(' '.join(drawn))}[/]")
        messages = obs.get("messages") or []
        for message in messages[self.messages_seen :]:
            out.print(f"[magenta]» {escape(_message_text(message, obs, self.me))}[/]")
        self.messages_seen = len(messages)
        if deal.is_terminal():
            self._deal_over(deal, obs)

    def _deal_over(self, deal: Any, obs: dict[str, Any]) -> None:
        out.rule("end of the deal", style="yellow")
        announce_result(deal, obs, self.me, "the deal")
        if isinstance(self.state, Match):
            m = self.state.observation(self.me)["match"]
            self.deal_scores.append((len(self.deal_scores) + 1, deal.points(), list(m["score"])))
            score = " · ".join(f"{side_label(i, obs, self.me)} {_num(v)}" for i, v in enumerate(m["score"]))
            out.print(f"Match score after deal {len(self.deal_scores)}: {score}")
            if not self.state.is_terminal():
                new = self.state.observation(self.me)
                dealer, leader = new["dealer"], new.get("current_player")
                who = f"; {seat_label(leader, new, self.me)} to play first" if leader is not None else ""
                out.print(
                    f"[bold]Deal {new['match']['deal']}:[/] {seat_label(dealer, new, self.me)} "
                    f"{'deal' if dealer == self.me else 'deals'}{who}."
                )
        self.deal = _deal_of(self.state)
        self.tricks_seen = 0
        self.messages_seen = 0

    def _show_table(self) -> None:
        obs = self.obs()
        render_table(self.game, obs, self.me)
        legal = obs["legal_actions"]
        what = _what_to_type(legal, obs["hand"])
        shown = ", ".join(legal[:8]) + (", …" if len(legal) > 8 else "")
        out.print(f"[bold]Your turn[/] — type {what} ({escape(shown)}) or help")

    def _show_last(self) -> None:
        obs = self.deal.observation(self.me)
        if not obs["tricks"]:
            out.print("No trick has been completed yet in this deal.")
            return
        announce_trick(obs["tricks"][-1], len(obs["tricks"]), obs, self.me, not _points_hidden(obs))


def shows_action(text: str, obs: dict[str, Any], speaks: bool) -> bool:
    """Whether another seat's action may be shown to the player whose observation (after it) is ``obs``.

    Only what the observation reveals may be shown: a signal to a partner is hidden from the opponents.
    An action is shown when its text appears in the observation (a card on the table, a bid in a public
    auction); when it produced messages the player hears, the messages say it instead.
    """
    return not speaks and json.dumps(text) in json.dumps(obs)


def _what_to_type(legal: list[str], hand: list[str]) -> str:
    cards = {c.lower() for c in hand}
    playable = [a.lower() in cards for a in legal]
    if all(playable):
        return "a card"
    return "a card or an action" if any(playable) else "an action"


def _message_text(message: Any, obs: dict[str, Any], me: int | None) -> str:
    """A table message (talk, signals) in words; the games' message shapes vary, so be lenient."""
    if isinstance(message, dict):
        seat = message.get("sender", message.get("seat", message.get("from")))
        text = message.get("text") or message.get("message") or json.dumps(message)
        if not isinstance(seat, int):
            return str(text)
        to = message.get("to")
        heard = f" to {', '.join(seat_label(t, obs, me) for t in to)}" if isinstance(to, list) and to else ""
        return f"{_cap(seat_label(seat, obs, me))}{heard}: {text}"
    if isinstance(message, (list, tuple)) and len(message) == 2 and isinstance(message[0], int):
        return f"{seat_label(message[0], obs, me)}: {message[1]}"
    return str(message)


def _final_summary(session: PlaySession) -> None:
    state = session.state
    if not isinstance(state, Match):
        return  # a single deal was summed up when it ended
    obs = state.observation(session.me)
    out.rule("end of the match", style="yellow")
    table = Table(title=f"match: {state.policy.describe()}")
    table.add_column("deal")
    for i in range(len(obs["sides"])):
        table.add_column(f"points {side_label(i, obs, session.me)}")
    table.add_column("match score")
    for number, points, score in session.deal_scores:
        table.add_row(str(number), *map(str, points), " – ".join(_num(v) for v in score))
    out.print(table)
    announce_result(state, obs, session.me, "the match")


@app.command()
def play(
    game_name: GameArg,
    players: PlayersOpt = None,
    option: OptionOpt = None,
    seat: Annotated[int, typer.Option("--seat", help="Your seat (0 leads the first trick).")] = 0,
    seed: Annotated[int | None, typer.Option("--seed", help="Shuffle seed (default: random).")] = None,
    match: Annotated[bool, typer.Option("--match", help="Play a whole match, not one deal.")] = False,
    save_to: Annotated[
        Path | None, typer.Option("--save", metavar="FILE", help="Write the game record to this file.")
    ] = None,
    bot: BotOpt = "medium",
) -> None:
    """Play a game in the terminal against bots."""
    with _clear_errors():
        game = _load_game(game_name, players, option)
        _check_seat(seat, game)
        _writable(save_to, "record")  # fail now, not after a whole game
        if seed is None:
            seed = random.SystemRandom().randrange(1_000_000)  # short enough to type back with --seed
        state = game.match(seed=seed) if match else game.deal(seed=seed)
        bots = make_bots(bot, seed, [s for s in range(game.players) if s != seat], game)
    out.print(
        f"[bold]{escape(game.title)}[/], {game.players} players, seed {seed}"
        f"{' · match: ' + escape(game.match_policy().describe()) if match else ''}. "
        f"You are seat {seat}. Type [bold]help[/] for the commands."
    )
    session = PlaySession(game, state, seat, bots)
    with _clear_errors():
        try:
            finished = session.run()
        except TrionfiError:
            if save_to is not None:  # the record of a failed game is what a bug report needs
                _save(state, save_to)
            raise
    if finished:
        _final_summary(session)
    else:
        out.print(f"Game stopped. (The same deal again: --seed {seed}.)")
    if save_to is not None:  # also when the player stopped early
        with _clear_errors():
            _save(state, save_to)


def _save(state: Any, path: Path) -> None:
    try:
        save(state, path)
    except OSError as e:
        raise UsageError(f"cannot write the record {str(path)!r}: {e.strerror}") from None
    out.print(f"Record saved to {escape(str(path))} (see it again with: trionfi replay {escape(str(path))})")


# --- simulate -------------------------------------------------------------------------------------------
def simulate_deals(
    game: Game, deals: int, seed: int, bot: str, progress: Progress | None = None, matches: bool = False
) -> dict[str, Any]:
    """Play ``deals`` bot-vs-bot deals (or whole matches); the figures per side as a JSON-ready dict."""
    seeds = random.Random(seed)
    n_sides = len(game.sides)
    wins, draws, losses = [0] * n_sides, [0] * n_sides, [0] * n_sides
    points = [0.0] * n_sides
    unit = "matches" if matches else "deals"
    task = progress.add_task(f"playing {unit}", total=deals) if progress is not None else None
    start = time.perf_counter()
    for _ in range(deals):
        deal_seed = seeds.getrandbits(63)
        state = game.match(seed=deal_seed) if matches else game.deal(seed=deal_seed)
        bots = make_bots(bot, deal_seed, list(range(game.players)), game)
        while not state.is_terminal():
            p = state.current_player
            state.apply(bots[p].choose(state.observation(p)))
        for i, v in enumerate(side_outcomes(state, [list(s) for s in game.sides])):
            (wins if v > 0 else losses if v < 0 else draws)[i] += 1
        for i, p in enumerate(state.points()):
            points[i] += p
        if progress is not None and task is not None:
            progress.advance(task)
    elapsed = time.perf_counter() - start
    return {
        "game": game.name,
        "options": dict(game._given),
        "unit": unit,
        "deals": deals,
        "seed": seed,
        "bot": bot,
        "sides": [
            {
                "seats": list(side),
                "wins": wins[i],
                "draws": draws[i],
                "losses": losses[i],
                "mean_points": round(points[i] / deals, 3) if deals else 0.0,
            }
            for i, side in enumerate(game.sides)
        ],
        "seconds": round(elapsed, 4),
        "deals_per_second": round(deals / elapsed, 1) if elapsed > 0 else None,
    }


@app.command()
def simulate(
    game_name: GameArg,
    n: Annotated[int, typer.Option("-n", "--deals", min=1, help="Number of deals (or matches).")] = 100,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed of the whole run (default: random).")] = None,
    players: PlayersOpt = None,
    option: OptionOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of a table.")] = False,
    bot: BotOpt = "random",
    match: Annotated[bool, typer.Option("--match", help="Play whole matches (to the game's target).")] = False,
) -> None:
    """Let bots play deals (or matches) against each other and tabulate the results."""
    with _clear_errors():
        game = _load_game(game_name, players, option)
        make_agent(bot)  # fail on an unknown bot before any dealing
        if seed is None:
            seed = random.SystemRandom().randrange(1_000_000)
        show_bar = not as_json and err.is_terminal
        with progress_bar(show_bar) as progress:
            result = simulate_deals(game, n, seed, bot, progress, matches=match)
    if as_json:
        print(json.dumps(result))
        return
    unit = result["unit"]
    table = Table(title=f"{game.title}: {n} {unit}, {bot} bots, seed {seed}")
    for column in ("side", "wins", "draws", "losses", "mean score" if match else "mean points"):
        table.add_column(column, justify="left" if column == "side" else "right")
    for side in result["sides"]:
        table.add_row(
            ("seats " if len(side["seats"]) > 1 else "seat ") + " ".join(map(str, side["seats"])),
            str(side["wins"]),
            str(side["draws"]),
            str(side["losses"]),
            f"{side['mean_points']:.2f}",
        )
    out.print(table)
    rate = result["deals_per_second"]
    out.print(f"{rate:,.1f} {unit} per second" if rate else "too fast to time")


# --- replay ---------------------------------------------------------------------------------------------
def _read_record(path: Path) -> dict[str, Any]:
    record = read_record(path)
    replay_record(record)  # checks the whole record first, so a bad file fails before anything is shown
    return record


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A record written by `trionfi play --save`.")],
    seat: Annotated[int | None, typer.Option("--seat", help="Watch from this seat (default: see all hands).")] = None,
    step: Annotated[
        bool | None,
        typer.Option("--step/--all", help="Pause after each action (default: when the input is a terminal)."),
    ] = None,
) -> None:
    """Step through a saved game record, action by action."""
    with _clear_errors():
        record = _read_record(file)
        state = initial_state(record)
        game = _deal_of(state).game
        if seat is not None:
            _check_seat(seat, game)
    if step is None:
        step = sys.stdin.isatty()
    view = 0 if seat is None else seat
    options = ", ".join(f"{k}={v}" for k, v in record["options"].items()) or "default options"
    count = f", {len(record['actions'])} actions" if seat is None else f", watched from seat {seat}"
    out.print(
        f"[bold]{escape(game.title)}[/] {record.get('kind', 'deal')} ({escape(options)}), seed {record['seed']}{count}"
    )
    viewer = Replayer(game, state, seat, view)
    viewer.show_hands()
    for number, action in enumerate(record["actions"], start=1):
        shown = viewer.apply(action)
        if step and shown and number < len(record["actions"]):
            try:
                answer = out.input("[dim]Enter: next, q: quit[/] ")
            except (EOFError, KeyboardInterrupt):
                break
            if answer.strip().lower() in QUIT_WORDS:
                break
    if isinstance(state, Match) and state.is_terminal():
        out.rule("end of the match", style="yellow")
        announce_result(state, state.observation(view), seat, "the match")


class Replayer:
    """Applies a record's actions one by one and shows the table after each trick."""

    def __init__(self, game: Game, state: Any, me: int | None, view: int) -> None:
        self.game, self.state, self.me, self.view = game, state, me, view
        self.deal = _deal_of(state)
        self.tricks_seen = 0
        self.messages_seen = 0
        self.shown = 0

    def show_hands(self) -> None:
        obs = self.state.observation(self.view)
        if self.me is None:
            for s in range(self.game.players):
                out.print(f"Seat {s} holds: {escape(' '.join(self.state.hand(s)))}")
        else:
            out.print(f"Your hand: {escape(' '.join(obs['hand']))}")
        out.print(
            _cap(_trump_text(self.game, obs))
            + (f" · turned-up card {escape(str(obs['indicator']))}" if obs.get("indicator") else "")
        )

    def _show_standing(self, deal: Any, obs: dict[str, Any]) -> None:
        """After a trick: the card points so far, the stock and the hands being watched."""
        figures = " · ".join(f"{side_label(i, obs, self.me)} {p}" for i, p in enumerate(obs.get("points", [])))
        stock = f" · stock {obs['stock']}" if "stock" in obs else ""
        out.print(f"     [dim]card points: {escape(figures)}{stock}[/]")
        seats = range(self.game.players) if self.me is None else [self.me]
        hands = " · ".join(f"{seat_label(s, obs, self.me)}: {' '.join(deal.hand(s))}" for s in seats)
        out.print(f"     [dim]hands: {escape(hands)}[/]")

    def apply(self, action: str) -> bool:
        """Apply one action and show what the watcher may see of it; False when nothing could be shown."""
        seat = self.state.current_player
        obs = self.state.observation(self.view)
        self.state.apply(action)
        deal = self.deal
        action = str(deal.history[-1])  # the canonical text, whatever case the record used
        dobs = deal.observation(self.view)
        messages = dobs.get("messages") or []
        # Watching from a seat shows only what that seat saw; without --seat the whole record is shown.
        shown = len(messages) > self.messages_seen
        if self.me is None or seat == self.me or shows_action(action, dobs, shown):
            self.shown += 1  # numbered as seen, so hidden actions leave no gaps
            out.print(f"{self.shown:>3}. {_cap(seat_label(seat, obs, self.me))}: [bold]{escape(action)}[/]")
            shown = True
        for message in messages[self.messages_seen :]:
            out.print(f"     [magenta]» {escape(_message_text(message, dobs, self.me))}[/]")
        self.messages_seen = len(messages)
        for i, trick in enumerate(dobs["tricks"][self.tricks_seen :], start=self.tricks_seen + 1):
            announce_trick(trick, i, dobs, self.me)
            if not deal.is_terminal():
                self._show_standing(deal, dobs)
        self.tricks_seen = len(dobs["tricks"])
        if deal.is_terminal():
            out.rule("end of the deal", style="yellow")
            announce_result(deal, dobs, self.me, "the deal")
            if isinstance(self.state, Match):
                m = self.state.observation(self.view)["match"]
                score = " · ".join(f"{side_label(i, dobs, self.me)} {_num(v)}" for i, v in enumerate(m["score"]))
                out.print(f"Match score after deal {len(self.state.finished)}: {score}")
            self.deal = _deal_of(self.state)
            self.tricks_seen = 0
            self.messages_seen = 0
            if not self.state.is_terminal():
                self.show_hands()
        return shown


# --- comanda (Trionfetti's spoken ranking) ---------------------------------------------------------------------
@app.command()
def comanda(
    text: Annotated[str, typer.Argument(metavar="TEXT", help='A comanda, e.g. "manco e cavalli" (quote it).')],
    as_json: Annotated[bool, typer.Option("--json", help="Print the tiers as a JSON list of lists.")] = False,
) -> None:
    """Read a Trionfetti comanda and print the card order it sets, lowest first."""
    from .comanda import parse_comanda  # only this command needs the parser

    with _clear_errors():
        ranking = parse_comanda(text)
    if as_json:
        print(json.dumps(ranking.to_list()))
        return
    table = Table(title=f"{escape(text)}: {len(ranking)} tiers, lowest first")
    for column in ("#", "cards", "carte", "codes"):
        table.add_column(column, justify="right" if column == "#" else "left")
    rows = zip(ranking.labels("en"), ranking.labels("it"), ranking.to_list(), strict=True)
    for i, (english, italian, codes) in enumerate(rows, 1):
        table.add_row(str(i), english, italian, " ".join(codes))
    out.print(table)
    # K[dcs] is not rich markup; a long order is left for the terminal to wrap.
    out.print(escape(f"order: {ranking.notation()}"), soft_wrap=True)
    out.print(escape(f"in Trionfetti's letters: {ranking.notation(trionfetti=True)}"), soft_wrap=True)


# --- tournament and ratings (duplicate deals between bots; openskill ratings) -----------------------------
def _writable(path: Path | None, what: str) -> None:
    """Fail before a long game or tournament, not after it, when its output cannot be written."""
    if path is not None and path.is_dir():
        raise UsageError(f"cannot write the {what} to {str(path)!r}: it is a folder; give a file name")
    if path is not None and not path.parent.is_dir():
        raise UsageError(f"cannot write the {what} {str(path)!r}: the folder {str(path.parent)!r} does not exist")


@app.command()
def tournament(
    game_name: GameArg,
    bots: Annotated[
        str,
        typer.Option(
            "--bots", metavar="BOT,BOT[,...]", help="Bots or levels, separated by commas, e.g. hard,heuristic."
        ),
    ] = "heuristic,random",
    n: Annotated[int, typer.Option("-n", "--deals", min=1, help="Number of duplicate deals.")] = 100,
    players: PlayersOpt = None,
    option: OptionOpt = None,
    jobs: Annotated[
        int | None, typer.Option("--jobs", "-j", min=1, help="Worker processes (default: the number of cores).")
    ] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed of the whole tournament (default: random).")] = None,
    json_file: Annotated[
        Path | None, typer.Option("--json", metavar="FILE", help="Write the results and the per-deal log here.")
    ] = None,
    plot: Annotated[
        Path | None, typer.Option("--plot", metavar="FILE.png", help="Plot the running score rates to a PNG.")
    ] = None,
    backend: Annotated[
        str, typer.Option("--backend", metavar="local|ray", help="Local processes, or a Ray cluster.")
    ] = "local",
    address: Annotated[
        str | None, typer.Option("--address", help="The Ray cluster to join (default: start a local Ray).")
    ] = None,
    budget: Annotated[
        float | None, typer.Option("--budget", min=0, help="Seconds per move for every bot (default: the bot's).")
    ] = None,
) -> None:
    """Bots against bots on duplicate deals: every deck is played again with the seats rotated."""
    from .tournament import parse_bots, plot_result, run_tournament, save_result

    with _clear_errors():
        game = _load_game(game_name, players, option)
        specs = parse_bots(bots)
        if backend not in ("local", "ray"):
            raise UsageError(f"--backend is local or ray, not {backend!r}")
        if address is not None and backend != "ray":
            raise UsageError("--address is for the ray backend: add --backend ray")
        if backend == "ray":
            try:
                import ray  # noqa: F401
            except ImportError:
                raise UsageError("--backend ray needs Ray: pip install 'trionfi[ray]'") from None
        _writable(json_file, "results")
        _writable(plot, "plot")
        if plot is not None and plot.suffix.lower() != ".png":
            raise UsageError(f"--plot writes a PNG: give a file name ending in .png, not {str(plot)!r}")
        if seed is None:
            seed = random.SystemRandom().randrange(1_000_000)
        with progress_bar(err.is_terminal) as progress:
            task = progress.add_task("duplicate deals", total=n)
            result = run_tournament(
                game,
                specs,
                n,
                seed=seed,
                jobs=jobs,
                backend=backend,
                address=address,
                budget=budget,
                progress=lambda done, total: progress.update(task, completed=done),
            )
    games_per_deal = sum(len(entry["games"]) for entry in result["log"]) / max(1, n)
    table = Table(
        title=f"{escape(game.title)}: {n} duplicate deals ({games_per_deal:g} games each), seed {seed}",
        caption=f"score = (wins + draws/2) / games · {result['seconds']:.1f} s, {backend}, {result['jobs']} jobs",
        box=box.SIMPLE_HEAD,
        collapse_padding=True,
        pad_edge=False,
    )
    for column in ("bot", "games", "W-D-L", "score [95 % interval]", "card pts", "score/deal"):
        table.add_column(column, justify="left" if column == "bot" else "right", no_wrap=True)
    for row in result["results"]:
        low, high = row["interval"]
        table.add_row(
            escape(row["bot"]),
            str(row["games"]),
            f"{row['wins']}-{row['draws']}-{row['losses']}",
            f"{row['score_rate']:.1%} [{low:.1%}, {high:.1%}]",
            f"{row['mean_points']:.1f}",
            f"{row['points_per_deal']:+.3f}",
        )
    out.print(table)
    with _clear_errors():
        if json_file is not None:
            try:
                save_result(result, json_file)
            except OSError as e:
                raise UsageError(f"cannot write the results {str(json_file)!r}: {e.strerror}") from None
            out.print(f"Results written to {escape(str(json_file))} (rate them with: trionfi ratings FILE)")
        if plot is not None:
            try:
                plot_result(result, plot)
            except OSError as e:
                raise UsageError(f"cannot write the plot {str(plot)!r}: {e.strerror}") from None
            out.print(f"Plot written to {escape(str(plot))}")


@app.command()
def ratings(
    files: Annotated[
        list[Path], typer.Argument(metavar="FILE.json...", help="Results written by `trionfi tournament --json`.")
    ],
    as_json: Annotated[bool, typer.Option("--json", help="Print the ratings as JSON instead of a table.")] = False,
) -> None:
    """Openskill ratings of the bots in tournament results, partnerships rated as teams."""
    from .ratings import rate_results
    from .tournament import load_result

    with _clear_errors():
        results = [load_result(path) for path in files]
        table_rows = rate_results(results)
    if as_json:
        print(json.dumps(table_rows))
        return
    games = sum(len(entry["games"]) for result in results for entry in result["log"])
    table = Table(
        title=f"openskill ratings from {games} games",
        caption="ranked by ordinal = mu - 3 sigma (openskill, Plackett-Luce)",
        box=box.SIMPLE_HEAD,
    )
    for column in ("#", "bot", "mu", "sigma", "ordinal", "games"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for i, row in enumerate(table_rows, 1):
        table.add_row(
            str(i),
            escape(row["bot"]),
            f"{row['mu']:.2f}",
            f"{row['sigma']:.2f}",
            f"{row['ordinal']:.2f}",
            str(row["games"]),
        )
    out.print(table)


def main() -> None:
    """The ``trionfi`` console script."""
    app()


if __name__ == "__main__":
    main()
