"""The ``trionfi`` command: list the games, read their rules, play in the terminal, simulate, replay records.

Everything shown to a player comes from ``observation(seat)`` and the seat's events (the game at the terminal
lives in :mod:`trionfi.terminal`); bots are handed only their own seat's observation. Errors from the engine
(unknown game or option, bad value, illegal move) are shown as one red line, never a traceback; a bad command
line exits with code 2.
"""

from __future__ import annotations

import json
import random
import re
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
from rich.measure import Measurement
from rich.progress import Progress
from rich.table import Table

import trionfi

from .agents import Agent, make_agent
from .cli_online import online as online_commands
from .cli_progress import LineProgress, progress_bar
from .cli_style import QuietGroup, run
from .engine import Game
from .errors import TrionfiError
from .options import parse_assignments
from .records import initial_state, read_record, save
from .records import replay as replay_record
from .terminal import QUIT_WORDS, PlaySession, Replayer, deal_of
from .texts import game_help

app = typer.Typer(
    cls=QuietGroup,
    help="The triumph family of trick-taking card games: Briscola with its variants, Briscola Chiamata, "
    "Trijumf, Triomphe, Trionfetti and Troccas, against bots in the terminal or with friends online.\n\n"
    "Start with: trionfi games, then trionfi rules GAME and trionfi play GAME. To play with friends: "
    "trionfi serve, then open its address in a browser (or trionfi join LINK at a terminal).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)
out = Console(highlight=False)
err = Console(stderr=True, highlight=False, soft_wrap=True)  # an error stays on one line

# In Briscola a 31 counting the points won is the skill being tested, so a player is not shown them.

GameArg = Annotated[str, typer.Argument(metavar="GAME", help="The game's name, e.g. briscola (see `trionfi games`).")]
OptionOpt = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", metavar="NAME=VALUE", help="A game option as name=value (repeatable)."),
]
PlayersOpt = Annotated[
    int | None, typer.Option("--players", "-p", metavar="N", help="Number of players (default: the game's).")
]
BotOpt = Annotated[
    str,
    typer.Option(
        "--bots",
        "--bot",
        metavar="BOT",
        help="The bots: a level (easy, medium, hard) or a name (random, heuristic, search, solver).",
    ),
]


def _version(show: bool) -> None:
    if show:
        out.print(f"trionfi {trionfi.__version__}", markup=False)
        raise typer.Exit()


@app.callback()
def _main_options(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Show the version and exit."),
    ] = False,
) -> None:
    """The triumph family of trick-taking card games."""


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


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in a game seeded with ``seed``: fixed, so a seeded game is repeatable."""
    return random.Random(seed * 1009 + seat).getrandbits(32)


def _one_bot(name: str, command: str) -> str:
    """The --bots of play and simulate: one bot for every seat it plays, so a list is refused with the way to
    set bots against each other (the tournament)."""
    if "," in name:
        seats = "every seat but yours" if command == "play" else "every seat"
        raise UsageError(
            f"{command} --bots takes one bot, for {seats}, not {name!r}; "
            f"to set bots against each other: trionfi tournament GAME --bots {name}"
        )
    return name


def make_bots(name: str, seed: int, seats: list[int], game: Game | None = None) -> dict[int, Agent]:
    return {s: make_agent(name, bot_seed(seed, s), game=game) for s in seats}


def side_outcomes(state: Any, sides: list[list[int]]) -> list[float]:
    """The result per side (positive = won, 0 = drawn, negative = lost) from the per-seat returns."""
    returns = state.returns()
    return [returns[side[0]] for side in sides]


# --- games ----------------------------------------------------------------------------------------------
@app.command()
def games() -> None:
    """List the games, with their numbers of players and their packs."""
    table = Table(title="trionfi games", box=box.SIMPLE_HEAD)
    table.add_column("name", style="bold", no_wrap=True)
    table.add_column("players")
    table.add_column("pack (cards)", no_wrap=True)
    for name in trionfi.games():
        game = trionfi.load(name)
        pack = game.deck.description.split(":")[0].removesuffix(" cards")  # "Italian 40"
        table.add_row(name, escape(player_counts(name)), escape(pack))
    out.print(table)
    out.print("The rules of a game: trionfi rules GAME · play it: trionfi play GAME", markup=False)


def _counts_text(counts: list[int]) -> str:
    """2, 3, 4 or 6; 2 to 10; 5."""
    if len(counts) > 2 and counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} to {counts[-1]}"
    return " or ".join([", ".join(map(str, counts[:-1])), str(counts[-1])]) if len(counts) > 1 else str(counts[0])


def player_counts(name: str) -> str:
    """How many may play ``name``, found by asking the game itself: the counts of its default rules, then
    those of a variant or rule set that allows others ("2, 3, 4 or 6; bosnian: 2 to 10")."""
    cls = trionfi.registry.game_class(name)
    names = {opt.name for opt in cls.OPTIONS}

    def counts(**options: Any) -> list[int]:
        if "players" not in names:
            return [trionfi.load(name, **options).players]
        found = []
        for n in range(1, 11):
            try:
                trionfi.load(name, **options, players=n)
            except TrionfiError:
                continue
            found.append(n)
        return found

    base = counts()
    text = _counts_text(base)
    for opt in cls.OPTIONS:
        if opt.name in ("variant", "ruleset") and opt.choices:
            for choice in opt.choices:
                more = counts(**{opt.name: choice})
                if more and not set(more) <= set(base):
                    text += f"; {choice}: {_counts_text(more)}"
    return text


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
    if opt.allowed_text is None and opt.kind is int and opt.low is not None and opt.high is not None:
        return f"a whole number from {opt.low} to {opt.high}"
    return str(opt.allowed())


def _fixed(opt: Any) -> bool:
    """An option with a single allowed value (kept for the record, e.g. players of a five-player game)."""
    return (opt.choices is not None and len(opt.choices) == 1) or (
        opt.kind is int and opt.low is not None and opt.low == opt.high
    )


def _sides_text(game: Game) -> str:
    if all(len(side) == 1 for side in game.sides):
        return "each for himself"
    teams = " against ".join(" ".join(map(str, side)) for side in game.sides)
    return f"{'two' if len(game.sides) == 2 else len(game.sides)} teams, seats {teams}"


@app.command()
def rules(
    game_name: GameArg,
    option: OptionOpt = None,
    players: PlayersOpt = None,
    lang: Annotated[
        str, typer.Option("--lang", metavar="LANG", help="The rules' language: en or it (the options stay in English).")
    ] = "en",
) -> None:
    """Show a game's rules, as they apply with these options, and the options."""
    from .terminal import print_rules
    from .texts import languages

    with _clear_errors():
        game = _load_game(game_name, players, option)
        if lang not in languages(game.name):
            raise UsageError(f"--lang {lang!r}: the rules are written in {' and '.join(languages(game.name))}")
    print_rules(game, lang)
    out.print()
    out.print(
        f"This table: {game.players} players, {_sides_text(game)} · match: {game.match_policy().describe()}",
        markup=False,
    )
    out.print()
    # Two columns read well even in an 80-column terminal: the name (and the value set), then what it does.
    table = Table(title="options (set with --option name=value)", show_lines=True, expand=True)
    table.add_column("option", no_wrap=True)
    table.add_column("what it does · default · allowed values", ratio=1)
    for opt in game.OPTIONS:
        if _fixed(opt):
            continue
        now = game.options.get(opt.name, opt.default)
        name = f"[bold]{escape(opt.name)}[/]"
        if now != opt.default:
            name += f"\n[bold green]now {escape(_show_value(now))}[/]"
        default = opt.default_text or _show_value(opt.default)
        table.add_row(
            name,
            f"{escape(opt.doc)}\n[dim]default:[/] {escape(default)} · [dim]allowed:[/] {escape(_allowed(opt))}",
        )
    out.print(table)


# --- play -----------------------------------------------------------------------------------------------
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
        _one_bot(bot, "play")
        _writable(save_to, "record")  # fail now, not after a whole game
        if seed is None:
            seed = random.SystemRandom().randrange(1_000_000)  # short enough to type back with --seed
        state = game.match(seed=seed) if match else game.deal(seed=seed)
        bots = make_bots(bot, seed, [s for s in range(game.players) if s != seat], game)
    number = 1
    while True:
        out.print(
            f"[bold]{escape(game.title)}[/], {game.players} players, seed {seed}"
            f"{' · match: ' + escape(game.match_policy().describe()) if match else ''}. "
            f"You are seat {seat}. Type [bold]help[/] for the commands."
        )
        session = PlaySession(game, state, seat, bots, help_text=game_help(game))
        target = save_to if save_to is None or number == 1 else save_to.with_stem(f"{save_to.stem}-{number}")
        with _clear_errors():
            try:
                finished = session.run()
            except (TrionfiError, KeyboardInterrupt):
                # The record of a failed or interrupted game is what a bug report (or a later look) needs.
                if target is not None:
                    _save(session.state, target)
                raise
        if finished:
            session.final_summary()
        else:
            out.print(f"Game stopped. (The same {'match' if match else 'deal'} again: --seed {seed}.)")
        if target is not None:  # also when the player stopped early
            with _clear_errors():
                _save(session.state, target)
        if not finished or not _another(match):
            return
        number += 1
        seed += 1
        state = game.match(seed=seed) if match else game.deal(seed=seed)
        bots = make_bots(bot, seed, [s for s in range(game.players) if s != seat], game)


def _another(match: bool) -> bool:
    """Whether the player wants another deal (or match); no when the input has ended."""
    from trionfi.terminal import yes_or_no

    return yes_or_no(lambda: out.input(escape(f"Play another {'match' if match else 'deal'}? [y/N] ")))


def _save(state: Any, path: Path) -> None:
    try:
        save(state, path)
    except OSError as e:
        raise UsageError(f"cannot write the record {str(path)!r}: {e.strerror}") from None
    out.print(f"Record saved to {escape(str(path))} (see it again with: trionfi replay {escape(str(path))})")


# --- simulate -------------------------------------------------------------------------------------------
def simulate_deals(
    game: Game, deals: int, seed: int, bot: str, progress: Progress | LineProgress | None = None, matches: bool = False
) -> dict[str, Any]:
    """Play ``deals`` bot-vs-bot deals (or ``deals`` whole matches); the figures per side as a JSON-ready dict.

    For deals, ``mean_points`` is what ``points()`` counts for a deal (card points, tricks...); for matches,
    ``mean_score`` is the match score (deals won, points added up...: ``match_policy`` in words), and
    ``deals`` counts the deals the matches took."""
    seeds = random.Random(seed)
    n_sides = len(game.sides)
    wins, draws, losses = [0] * n_sides, [0] * n_sides, [0] * n_sides
    points = [0.0] * n_sides
    unit = "matches" if matches else "deals"
    played = 0
    task = progress.add_task(f"playing {unit}", total=deals) if progress is not None else None
    start = time.perf_counter()
    for _ in range(deals):
        deal_seed = seeds.getrandbits(63)
        state = game.match(seed=deal_seed) if matches else game.deal(seed=deal_seed)
        bots = make_bots(bot, deal_seed, list(range(game.players)), game)
        while not state.is_terminal():
            p = state.current_player
            state.apply(bots[p].choose(state.observation(p)))
        played += len(state.finished) if matches else 1
        for i, v in enumerate(side_outcomes(state, [list(s) for s in game.sides])):
            (wins if v > 0 else losses if v < 0 else draws)[i] += 1
        for i, p in enumerate(state.points()):
            points[i] += p
        if progress is not None and task is not None:
            progress.advance(task)
    elapsed = time.perf_counter() - start
    mean = "mean_score" if matches else "mean_points"
    result: dict[str, Any] = {
        "game": game.name,
        "options": dict(game._given),
        "unit": unit,
        unit: deals,
        "seed": seed,
        "bot": bot,
        "sides": [
            {
                "seats": list(side),
                "wins": wins[i],
                "draws": draws[i],
                "losses": losses[i],
                mean: round(points[i] / deals, 3) if deals else 0.0,
            }
            for i, side in enumerate(game.sides)
        ],
        "seconds": round(elapsed, 4),
        f"{unit}_per_second": round(deals / elapsed, 1) if elapsed > 0 else None,
    }
    if matches:
        result["match"] = game.match_policy().describe()
        result["deals"] = played
    return result


@app.command()
def simulate(
    game_name: GameArg,
    n: Annotated[
        int,
        typer.Option("-n", "--deals", min=1, metavar="N", help="Number of deals, or of matches with --match (100)."),
    ] = 100,
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
        make_agent(_one_bot(bot, "simulate"))  # fail on an unknown bot before any dealing
        if seed is None:
            seed = random.SystemRandom().randrange(1_000_000)
        with progress_bar(err, show=not as_json) as progress:
            result = simulate_deals(game, n, seed, bot, progress, matches=match)
    if as_json:
        print(json.dumps(result))
        return
    unit = result["unit"]
    one = "match" if match else "deal"
    table = Table(title=f"{escape(game.title)}: {n} {unit if n != 1 else one}, {bot} bots, seed {seed}")
    if match:
        table.caption = escape(f"match: {result['match']} · {result['deals']} deals played")
    columns = ("side", f"{unit} won", "drawn", "lost", "mean match score" if match else "mean points")
    for column in columns:
        table.add_column(column, justify="left" if column == "side" else "right")
    for side in result["sides"]:
        table.add_row(
            ("seats " if len(side["seats"]) > 1 else "seat ") + " ".join(map(str, side["seats"])),
            str(side["wins"]),
            str(side["draws"]),
            str(side["losses"]),
            f"{side['mean_score' if match else 'mean_points']:.2f}",
        )
    out.print(table)
    rate = result[f"{unit}_per_second"]
    out.print(f"{rate:,.1f} {unit} per second" if rate else "too fast to time")


# --- replay ---------------------------------------------------------------------------------------------
def _read_record(path: Path) -> dict[str, Any]:
    record = read_record(path)
    replay_record(record)  # checks the whole record first, so a bad file fails before anything is shown
    return record


@app.command()
def replay(
    file: Annotated[str, typer.Argument(metavar="FILE", help="A record written by `trionfi play --save`.")],
    seat: Annotated[int | None, typer.Option("--seat", help="Watch from this seat (default: see all hands).")] = None,
    step: Annotated[
        bool | None,
        typer.Option("--step/--all", help="Pause after each action (default: when the input is a terminal)."),
    ] = None,
) -> None:
    """Step through a saved game record, action by action."""
    with _clear_errors():
        if re.match(r"https?://", file):  # a server's /api/tables/TABLE/record (a Path would read "http:/...")
            raise UsageError(
                f"replay reads a record file, not a link: save it first, e.g. curl -o record.json '{file}', "
                "then trionfi replay record.json"
            )
        record = _read_record(Path(file))
        state = initial_state(record)
        game = deal_of(state).game
        if seat is not None:
            _check_seat(seat, game)
    if step is None:
        step = sys.stdin.isatty()
    options = ", ".join(f"{k}={v}" for k, v in record["options"].items()) or "default options"
    viewer = Replayer(game, state, seat, record["actions"])
    # The count is of the numbered lines: what was said aloud (talk, a comanda) is told unnumbered, as said.
    spoken = len(record["actions"]) - viewer.numbered
    count = f", {viewer.numbered} numbered actions, {spoken} said aloud" if spoken else f", {viewer.numbered} actions"
    if seat is not None:
        count = f", watched from seat {seat}"
    out.print(
        f"[bold]{escape(game.title)}[/] {record.get('kind', 'deal')} ({escape(options)}), seed {record['seed']}{count}",
        soft_wrap=True,
    )
    viewer.show_hands()
    viewer.start()
    for number, action in enumerate(record["actions"], start=1):
        shown = viewer.apply(action)
        if step and shown and number < len(record["actions"]):
            try:
                answer = out.input("[dim]Enter: next, q: quit[/] ")
            except (EOFError, KeyboardInterrupt):
                break
            if answer.strip().lower() in QUIT_WORDS:
                break


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
    if path is not None:
        # A folder that takes no new file (no permission, a read-only disk, /proc) is found by trying: opened to
        # append, a file is left as it was; one made here is removed again.
        existed = path.exists()
        try:
            with path.open("a"):
                pass
        except OSError as e:
            raise UsageError(f"cannot write the {what} {str(path)!r}: {e.strerror}") from None
        if not existed:
            path.unlink(missing_ok=True)


@contextmanager
def _resume_hint(log: Path | None) -> Iterator[None]:
    """A run with --log stopped by Ctrl-C says where its deals are and that the same command goes on."""
    try:
        yield
    except KeyboardInterrupt:
        if log is not None:
            err.print(
                escape(f"\nThe deals played are kept in {log}: the same command again goes on from there."),
                highlight=False,
            )
        raise


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
    log: Annotated[
        Path | None,
        typer.Option(
            "--log",
            metavar="FILE",
            help="Keep each deal in this file as it finishes; the same command again plays only the deals it lacks"
            " (a stopped run goes on; a larger -n extends it). Needs --seed.",
        ),
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
    mode: Annotated[
        str,
        typer.Option(
            "--mode",
            metavar="rotate|seat",
            help="rotate: every bot in every seat; seat: the first bot alone in each seat in turn, compared with"
            " the same deal played by the second bot there (games of more than two sides, e.g. Briscola Chiamata).",
        ),
    ] = "rotate",
) -> None:
    """Bots against bots on duplicate deals: every deck is played again with the seats rotated."""
    from .tournament import parse_bots, plot_result, run_tournament, save_result

    with _clear_errors():
        game = _load_game(game_name, players, option)
        specs = parse_bots(bots)
        if backend not in ("local", "ray"):
            raise UsageError(f"--backend is local or ray, not {backend!r}")
        if mode not in ("rotate", "seat"):
            raise UsageError(f"--mode is rotate or seat, not {mode!r}")
        if mode == "seat" and len(specs) != 2:
            raise UsageError(f"--mode seat compares two bots (the first alone in one seat), not {len(specs)}")
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
        _writable(log, "deals")
        if log is not None and seed is None:
            raise UsageError("--log goes on with a tournament of one seed: give --seed too, e.g. --seed 1")
        if seed is None:
            seed = random.SystemRandom().randrange(1_000_000)
        with progress_bar(err) as progress, _resume_hint(log):
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
                mode=mode,
                log=log,
            )
    games_per_deal = sum(len(entry["games"]) for entry in result["log"]) / max(1, n)
    if mode == "seat":
        each = f"{games_per_deal:g} games each: {game.players} pairings of one seat with the baseline"
        scored = "score = (pairings won + drawn/2) / pairings; card pts: the seat's camp; score/deal: the seat's"
    else:
        each, scored = f"{games_per_deal:g} games each", "score = (wins + draws/2) / games"
    jobs_text = f"{result['jobs']} job{'s' if result['jobs'] != 1 else ''}"
    title = f"{escape(game.title)}: {n} duplicate deals ({each}), seed {seed}"
    caption = f"{scored} · {result['seconds']:.1f} s, {backend}, {jobs_text}" + (
        f" · {result['from_log']} deals from {escape(str(log))}" if result.get("from_log") else ""
    )
    _print_results(title, caption, result["results"])
    if mode == "seat":
        broken = [(row["bot"], row["points_breaking_ties"]) for row in result["results"]]
        out.print(
            "With the camp's card points breaking the ties of the returns: "
            + "; ".join(
                f"{escape(bot)} {b['wins']}-{b['draws']}-{b['losses']}, {b['score_rate']:.1%}"
                f" [{b['interval'][0]:.1%}, {b['interval'][1]:.1%}]"
                for bot, b in broken
            )
        )
    with _clear_errors():
        if json_file is not None:
            try:
                save_result(result, json_file)
            except OSError as e:
                raise UsageError(f"cannot write the results {str(json_file)!r}: {e.strerror}") from None
            shown = escape(str(json_file))
            out.print(f"Results written to {shown} (rate them with: trionfi ratings {shown})")
        if plot is not None:
            try:
                plot_result(result, plot)
            except OSError as e:
                raise UsageError(f"cannot write the plot {str(plot)!r}: {e.strerror}") from None
            out.print(f"Plot written to {escape(str(plot))}")


# The columns of a tournament's results, and their headers when the terminal is narrow: on two lines.
_RESULT_HEADERS = {
    "bot": "bot",
    "games": "games",
    "W-D-L": "W-D-L",
    "score [95 % interval]": "score\n[95 % interval]",
    "card pts": "card\npts",
    "score/deal": "score/\ndeal",
}


def _print_results(title: str, caption: str, results: list[dict[str, Any]]) -> None:
    """A tournament's table, as wide as it comes when the terminal has room; narrower, the headers and the
    interval on two lines; narrower still, a paragraph a bot. A bot's name is never cut (rich cut every column
    alike at 60 columns: "med…", "ran…")."""
    rows = [
        (
            escape(row["bot"]),
            str(row["games"]),
            f"{row['wins']}-{row['draws']}-{row['losses']}",
            f"{row['score_rate']:.1%}",
            f"[{row['interval'][0]:.1%}, {row['interval'][1]:.1%}]",
            f"{row['mean_points']:.1f}",
            f"{row['points_per_deal']:+.3f}",
        )
        for row in results
    ]
    for narrow in (False, True):
        table = Table(title=title, caption=caption, box=box.SIMPLE_HEAD, collapse_padding=True, pad_edge=False)
        for column, two_lines in _RESULT_HEADERS.items():
            header = two_lines if narrow else column
            table.add_column(header, justify="left" if column == "bot" else "right", no_wrap=True)
        for bot, games, wdl, rate, interval, points, per_deal in rows:
            score = f"{rate}\n{interval}" if narrow else f"{rate} {interval}"
            table.add_row(bot, games, wdl, score, points, per_deal)
        if Measurement.get(out, out.options.update_width(10_000), table).maximum <= out.width:  # its own width
            out.print(table)
            return
    out.print(title)
    for bot, games, wdl, rate, interval, points, per_deal in rows:
        out.print(
            f"[bold]{bot}[/]: {games} games, W-D-L {wdl}, score {rate} {interval}, card pts {points}, "
            f"score/deal {per_deal}"
        )
    out.print(f"[dim]{caption}[/]")


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


app.add_typer(online_commands)  # serve, join: online play (trionfi/cli_online.py)


def main() -> None:
    """The ``trionfi`` console script."""
    run(app)


if __name__ == "__main__":
    main()
