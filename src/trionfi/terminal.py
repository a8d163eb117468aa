"""The game at the terminal: the table drawn from the player's observation, what happens told from the player's
event log (:mod:`trionfi.events`), and a prompt with line editing, history and completion.

The terminal holds no rule: what may be typed is the engine's ``legal_actions``, what is shown is the seat's
observation and events, worded by :mod:`trionfi.view`.
"""

from __future__ import annotations

import re
import sys
import textwrap
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from .agents import Agent
from .engine import Game
from .errors import TrionfiError
from .events import EventLog
from .match import Match
from .records import initial_state
from .view import (
    cap,
    card_examples,
    deal_result,
    event_sentence,
    hand_groups,
    last_trick_line,
    mark_draws,
    match_line,
    number_text,
    pass_first,
    personal,
    refusal,
    seat_in_action,
    seat_label,
    side_label,
    trick_text,
    trump_text,
    turn_prompt,
    winner_line,
)

out = Console(highlight=False)

QUIT_WORDS = ("quit", "exit", "q")
COMMANDS = ("help", "hand", "last", "rules", "quit")
THINKING_AFTER = 0.4  # seconds a bot may think before the player is told it is thinking


def say(line: str) -> None:
    """Print one line of the narrative: at a terminal it wraps between words (the terminal itself would cut a
    word in two at its edge); piped, it stays one line, for a file or a program that reads it."""
    out.print(line, soft_wrap=not out.is_terminal)


# "  ask lisci      does your partner...": a term, two spaces or more, and where its meaning starts
TERM_AND_TEXT = re.compile(r"\s*\S(?:.*?\S)?\s{2,}(?=\S)")


def say_block(text: str) -> None:
    """Print a block of plain text (the game's help): at a terminal each line wraps between words, and a line that
    pairs a term with its meaning ("  ask lisci   does your partner hold...") goes on under the meaning, not at
    the terminal's left edge; piped, the text is printed as it is."""
    if not out.is_terminal:
        out.print(escape(text.rstrip("\n")), soft_wrap=True)
        return
    for line in text.rstrip("\n").split("\n"):
        term = TERM_AND_TEXT.match(line)
        indent = len(term.group()) if term else len(line) - len(line.lstrip())
        if indent > out.width // 2:  # a long term: its meaning goes on under the term instead
            indent = len(line) - len(line.lstrip())
        rows = textwrap.wrap(line, out.width, subsequent_indent=" " * indent, break_long_words=False) or [""]
        for row in rows:
            out.print(escape(row), soft_wrap=True)


HELP_TEXT = """\
Type a card code to play it (any letter case): rank then suit, e.g. {examples}.
Other allowed actions are listed under "Other actions"; type them as shown (Tab completes).
Cards of your hand in (brackets) may not be played now.
  hand  show the table and your hand again
  last  show the last completed trick
  rules the rules of this game, as its options make them
  help  this help
  quit  stop the game (with --save, the record is written)"""


def print_rules(game: Game, lang: str = "en") -> None:
    """The rules of ``game`` as its options make them (``trionfi rules``, and ``rules`` during a game)."""
    from rich.markdown import Markdown

    from .texts import rules_text

    out.rule(f"[bold]{escape(game.title)}[/]", style="cyan")
    out.print(Markdown(rules_text(game, lang)))


def deal_of(state: Any) -> Any:
    """The deal in progress: a match's current deal, or the state itself."""
    return state.state if isinstance(state, Match) else state


# --- the table ---------------------------------------------------------------------------------------------------
def render_table(game: Game, obs: dict[str, Any], me: int | None) -> None:
    """The table as ``obs``'s seat sees it: one line per fact, then the trick and the hand."""
    header = []
    if "match" in obs:
        header.append(f"deal {obs['match']['deal']}")
    phase = obs.get("phase")
    if phase == "play" and obs.get("trick_number") and obs.get("hand_number"):
        # A deal of several hands (Trionfetti) numbers the tricks within the hand, the narrative within the deal
        # ("Trick 8" is the hand's second): the header says which hand.
        header.append(f"hand {obs['hand_number']} · trick {obs['trick_number']}")
    elif phase == "play":
        header.append(f"trick {len(obs.get('tricks', [])) + 1}")
    elif phase not in (None, "end"):
        header.append(str(phase))
    out.print()
    out.rule(f"[bold]{escape(game.title)}[/]" + "".join(f" · {escape(h)}" for h in header), style="cyan")
    line = [trump_text(obs)]
    if obs.get("indicator"):
        holder = obs.get("indicator_holder")
        where = ""
        if holder is not None:
            where = ", in your hand" if holder == me else f", in the hand of {seat_label(holder, obs, me)}"
        line.append(f"turned-up card [bold]{escape(str(obs['indicator']))}[/]{escape(where)}")
    if obs.get("stock") is not None:
        stock = obs["stock"]
        line.append(f"stock: {stock} card{'s' if stock != 1 else ''}" if stock else "stock: empty")
    if obs.get("stock_top"):
        line.append(f"top of the stock: {escape(obs['stock_top'])}")
    out.print(" · ".join(line))
    if obs.get("show_points", True) and obs.get("points") and (phase == "play" or any(obs["points"])):
        scores = [f"{side_label(i, obs, me)} {p}" for i, p in enumerate(obs["points"])]
        out.print(f"{escape(obs.get('points_label') or 'Card points')}: " + escape(" · ".join(scores)))
    elif not obs.get("show_points", True) and me is not None:
        out.print("[dim]Card points are not shown in this variant: counting them is up to you.[/]")
    if "match" in obs:
        out.print(escape(match_line(obs["match"]["score"], obs, me)))
    _render_others(obs, me)
    _render_contract(obs, me)
    _render_table_notes(obs)
    if phase in (None, "play"):
        trick = obs.get("trick", [])
        out.print("Trick: " + (escape(trick_text(trick, obs, me)) if trick else "[dim]empty, waiting for the lead[/]"))
    if me is not None:
        legal = obs.get("legal_actions", [])
        out.print(f"Your hand: {hand_text(game, obs, legal)}")
        hand = {c.lower() for c in obs["hand"]}
        extra = sorted((a for a in legal if a.lower() not in hand), key=pass_first)  # as the prompt
        if extra:
            named = ((a, seat_in_action(a, obs)) for a in extra)  # "next dealer 1 (Ann)"
            out.print(
                "Other actions: "
                + ", ".join(f"[bold green]{escape(a)}[/]" + (f" ({escape(n)})" if n else "") for a, n in named)
            )


def hand_text(game: Game, obs: dict[str, Any], legal: list[str]) -> str:
    """The hand by suit, trumps last and marked; playable cards bold green, the others dim in brackets (readable
    without colour). A card is playable when an action is the card or ends with it (``discard 7c``)."""
    playable = {a.lower() for a in legal} | {a.split()[-1].lower() for a in legal if " " in a}
    trump = obs.get("trump")
    groups = []
    for suit, cards in hand_groups(game, obs):
        parts = []
        for c in cards:
            if not legal or c.lower() in playable:
                parts.append(f"[bold green]{escape(c)}[/]" if legal else escape(c))
            else:
                parts.append(f"[dim]({escape(c)})[/]")
        text = " ".join(parts)
        groups.append(f"[yellow]trumps:[/] {text}" if suit == trump else text)
    return "  │  ".join(groups) if groups else "[dim](empty)[/]"


def _render_table_notes(obs: dict[str, Any]) -> None:
    """A game's own public facts (the cut chosen, declarations, running totals...): ``obs["table"]`` maps a
    label to a short value, shown as it is, so a new game needs no change here."""
    me = obs.get("seat")
    for label, value in obs.get("table", {}).items():
        if value in (None, "", [], {}):
            continue
        text = ", ".join(map(str, value)) if isinstance(value, list) else str(value)
        out.print(f"{escape(cap(str(label)))}: {escape(personal(text, me, obs))}")


def _render_contract(obs: dict[str, Any], me: int | None) -> None:
    """Games with an auction (Briscola Chiamata): the bids so far, the called card and the partner if known."""
    if "auction" not in obs:
        return
    bids = ", ".join(f"{seat_label(s, obs, me)} {b}" for s, b in obs["auction"])
    out.print("Auction: " + (escape(bids) if bids else "[dim]no bid yet[/]"))
    if obs.get("called"):
        caller = seat_label(obs["caller"], obs, me)
        partner = obs.get("partner")
        known = "not known yet" if partner is None else seat_label(partner, obs, me)
        if partner == obs["caller"]:
            known = f"{caller} (the called card is in the caller's own hand)"
        target = f", needs {obs['target']} card points" if obs.get("target") else ""
        out.print(
            f"Called card: [bold]{escape(obs['called'])}[/] by {escape(caller)}{target}; partner: {escape(known)}"
        )


def _render_others(obs: dict[str, Any], me: int | None) -> None:
    """Cards of other seats this seat may see (open hands, a known turned-up card) and the hand sizes."""
    for seat, cards in sorted(obs.get("open_hands", {}).items(), key=lambda kv: int(kv[0])):
        out.print(f"{escape(cap(seat_label(int(seat), obs, me)))} holds: {escape(' '.join(cards))}")
    for seat, cards in sorted((obs.get("views") or {}).items(), key=lambda kv: int(kv[0])):
        out.print(f"When you looked, {escape(seat_label(int(seat), obs, me))} held: {escape(' '.join(cards))}")
    for seat, cards in sorted(obs.get("known_cards", {}).items(), key=lambda kv: int(kv[0])):
        out.print(f"{escape(cap(seat_label(int(seat), obs, me)))} is known to hold: {escape(' '.join(cards))}")
    sizes = obs.get("hand_sizes")
    if sizes and len(sizes) > 2 and any(sizes):
        out.print("Cards in hand: " + escape(", ".join(f"{seat_label(s, obs, me)} {n}" for s, n in enumerate(sizes))))


# --- telling what happens ----------------------------------------------------------------------------------------
STYLES = {"trick": "bold yellow", "message": "magenta", "deal": "bold", "trump": "cyan", "reveal": "cyan"}


def print_events(
    events: list[dict[str, Any]], obs: dict[str, Any], me: int | None, numbers: list[int] | None = None
) -> None:
    """Tell ``events`` (one viewer's, in order) as sentences; the end of a deal is told by the caller. With
    ``numbers`` (a one-item counter), actions are numbered as they are seen (a replay)."""
    show = obs.get("show_points", True)
    named: set[str] = set()  # the cards the last action named: "rob 2d" needs no "you receive 2d"
    for e in mark_draws(events, obs):
        if e["type"] in ("end", "match_end"):
            continue
        if e["type"] == "action":
            named = set(str(e.get("action", "")).split())
        elif e["type"] == "receive" and set(e.get("cards") or ()) <= named and e.get("cards"):
            continue
        text = event_sentence(e, obs, me, show)
        if text is None:
            continue
        style = STYLES.get(e["type"])
        if e["type"] == "action" and e.get("seat") == me:
            style = "green"
        if e["type"] == "message":
            text = f"» {text}"
        line = f"[{style}]{escape(text)}[/]" if style else escape(text)
        if numbers is not None:
            if e["type"] == "action":
                numbers[0] += 1
                line = f"{numbers[0]:>3}. {line}"
            else:
                line = f"     {line}"
        say(line)


class Prompt:
    """Reads a line: with editing, history and Tab completion at a terminal, plain ``input`` otherwise."""

    def __init__(self) -> None:
        self._session: Any = None
        if sys.stdin.isatty() and sys.stdout.isatty():
            try:
                from prompt_toolkit import PromptSession
                from prompt_toolkit.history import InMemoryHistory

                self._session = PromptSession(history=InMemoryHistory())
            except Exception:  # no usable terminal after all: plain input still works
                self._session = None

    def ask(self, text: str, words: list[str]) -> str:
        if self._session is None:
            return out.input(f"[bold cyan]{escape(text)}[/] ")
        from prompt_toolkit.completion import WordCompleter

        completer = WordCompleter(words, ignore_case=True, sentence=True)
        return self._session.prompt(f"{text} ", completer=completer)


def yes_or_no(ask: Callable[[], str]) -> bool:
    """A [y/N] question's answer: y or yes; n, no or Enter alone for no; anything else is asked again, saying
    what to type (a mistyped card at "Play another deal?" ended the program). The input's end is no."""
    while True:
        try:
            typed = ask().strip()
        except (EOFError, KeyboardInterrupt):
            out.print()
            return False
        if typed.lower() in ("y", "yes"):
            return True
        if typed.lower() in ("", "n", "no"):
            return False
        say(f"[red]{escape(repr(typed[:40]))} is no answer here: type y for yes, or n (or just Enter) for no.[/]")


# --- one game ----------------------------------------------------------------------------------------------------
class PlaySession:
    """One interactive game: the human at ``me``, bots elsewhere; the table and events through ``out``."""

    def __init__(self, game: Game, state: Any, me: int, bots: dict[int, Agent], help_text: str = "") -> None:
        self.game = game
        self.log = EventLog(state, spectator=False)  # a player's terminal never shows the spectator's log
        self.state = self.log.state
        self.me = me
        self.bots = bots
        self.help_text = help_text
        self.seen = 0
        self.deals_done = 0
        self.prompt = Prompt()

    def obs(self) -> dict[str, Any]:
        return self.state.observation(self.me)

    def run(self) -> bool:
        """Play to the end; False when the player quits (or input ends) first."""
        self._tell()
        while not self.state.is_terminal():
            seat = self.state.current_player
            if seat == self.me:
                if not self._human_turn():
                    return False
                continue
            action = self._bot_choice(seat)
            try:
                self.log.apply(action)
            except TrionfiError as e:  # a bot's bug: say which bot, not a traceback
                raise TrionfiError(f"the bot at seat {seat} chose {action!r}, which the game refused: {e}") from None
            self._tell()
        return True

    def _bot_choice(self, seat: int) -> str:
        bot, obs = self.bots[seat], self.state.observation(seat)
        if not out.is_terminal:
            return bot.choose(obs)
        with ThreadPoolExecutor(1) as pool:  # a moment's thought goes unannounced, a longer one is shown
            future = pool.submit(bot.choose, obs)
            try:
                return future.result(timeout=THINKING_AFTER)
            except FutureTimeout:
                with out.status(f"{cap(seat_label(seat, obs, self.me))} is thinking…"):
                    return future.result()

    def _human_turn(self) -> bool:
        self._show_table()
        while True:
            legal = [str(a) for a in self.state.legal_actions()]
            try:
                text = self.prompt.ask("your move>", [*legal, *COMMANDS]).strip()
            except EOFError:  # the input has ended: the game stops (Ctrl-C interrupts the command)
                out.print()
                return False
            if not text:
                continue
            # A legal action wins over a command word, so a game may name an action "last" or "hand".
            word = text.lower()
            if word not in {a.lower() for a in legal}:
                if word in QUIT_WORDS:
                    return False
                if word == "help":
                    self._show_help()
                    continue
                if word in ("hand", "table"):
                    self._show_table()
                    continue
                if word == "last":
                    self._show_last()
                    continue
                if word == "rules":
                    print_rules(self.game)
                    continue
            if word == "claim" and not self._confirm_claim():
                continue
            try:
                self.log.apply(text, seat=self.me)
            except TrionfiError as e:
                say(f"[red]{escape(refusal(str(e), self.game, self.obs(), self.me))}[/]")
                continue
            self._tell()
            return True

    def _confirm_claim(self) -> bool:
        obs = self.obs()
        target = obs.get("claim_target") or (obs.get("match") or {}).get("target")
        short = f"short of {target}" if target else "short of the target"
        what = "the match" if isinstance(self.state, Match) else "the deal"
        question = f"A claim ends the deal now, and if your side is {short} it loses {what}. Claim? [y/N]"
        return yes_or_no(lambda: self.prompt.ask(question, ["y", "n"]))

    def _tell(self) -> None:
        """Tell every event the player has not seen yet, and sum up each deal and the match as they end."""
        events = self.log.events(self.me, self.seen)
        self.seen += len(events)
        chunk: list[dict[str, Any]] = []
        for e in events:
            if e["type"] not in ("end", "match_end"):
                chunk.append(e)
                continue
            print_events(chunk, self._deal_obs(), self.me)
            chunk = []
            if e["type"] == "end":
                self._deal_over(e)
        print_events(chunk, self.obs(), self.me)

    def _deal_obs(self) -> dict[str, Any]:
        """The observation of the deal the events so far belong to (a match may have dealt again already)."""
        if isinstance(self.state, Match) and self.deals_done < len(self.state.finished):
            return self.state.finished[self.deals_done].observation(self.me)
        return deal_of(self.state).observation(self.me)

    def _deal_over(self, end: dict[str, Any]) -> None:
        obs = self._deal_obs()
        out.rule("end of the deal", style="yellow")
        for line in deal_result(obs, end, self.me):
            say(escape(line))
        self.deals_done += 1
        if "match_score" in end:
            goal = _match_goal(self.state)
            out.print(escape(match_line(end["match_score"], obs, self.me, after=self.deals_done, goal=goal)))

    def _show_table(self) -> None:
        obs = self.obs()
        render_table(self.game, obs, self.me)
        out.print(f"[bold]Your turn[/] — type {escape(turn_prompt(self.game, obs))}, or help")

    def _show_help(self) -> None:
        examples = card_examples(self.game)
        say_block(HELP_TEXT.format(examples=examples))
        if self.help_text:
            out.print()
            say_block(self.help_text)

    def _show_last(self) -> None:
        out.print(escape(last_trick_line(deal_of(self.state).observation(self.me), self.me)))

    def final_summary(self) -> None:
        """The match table and its winner (a single deal was summed up when it ended)."""
        state = self.state
        if not isinstance(state, Match):
            return
        obs = state.observation(self.me)
        out.rule("end of the match", style="yellow")
        say(escape(cap(f"match: {state.policy.describe()}")))  # (as a table's title it wrapped to the table's width)
        out.print(match_sheet(obs, self.me))
        if (obs.get("match") or {}).get("decided_by_deal"):
            out.print("The match was decided by a claim in its last deal.")
        out.print(f"[bold]{escape(winner_line(obs, state.returns(), self.me, 'the match'))}[/]")


def match_sheet(obs: dict[str, Any], me: int | None) -> Table:
    """The match deal by deal, as the observation's ``match.deals`` has it: each deal's points and the match
    score after it (`trionfi play` and `trionfi join` print it when the match is over)."""
    table = Table()
    table.add_column("deal")
    # Each deal's points as the game counts them: card points, or Triomphe's tricks, Trionfetti's hands.
    label = (obs.get("points_label") or "card points").lower()
    for i in range(len(obs["sides"])):
        table.add_column(f"{side_label(i, obs, me)}\n{label}")
    table.add_column("match score")
    for number, deal in enumerate(obs["match"]["deals"], 1):
        score = " – ".join(number_text(v) for v in deal.get("score", []))
        table.add_row(str(number), *map(str, deal["points"]), score)
    return table


def _match_goal(state: Any) -> str | None:
    """What a match counts ("points, to 5"): a finished deal's own observation does not say it."""
    return state.policy.goal() if isinstance(state, Match) else None


# --- watching a record -------------------------------------------------------------------------------------------
def dealt_steps(hands: list[tuple[Any, list[list[str]]]]) -> set[int]:
    """The steps after which a dealing is complete, for a replay to show every seat's hand as it was dealt:
    after a Trijumf cut, a Trionfetti comanda (and each of its hands of three tricks, dealt anew), the last of
    Troccas's packets, a redeal, each deal of a match. ``hands[k]`` is (the deal, every seat's hand) after the
    k-th action (0: at the start).

    A dealing is complete after the last step that brought cards into hands before a card first leaves one
    (is played, discarded or taken back by a redeal). A new dealing starts with a deal, or at a step that gives
    every seat at least two new cards, or cards to empty hands: a Briscola draw after a trick (one card) does not."""
    deal, now = hands[0]
    held = [Counter(hand) for hand in now]
    steps: set[int] = set()
    pending = 0 if any(held) else None  # the last step that dealt cards of the dealing not yet shown
    for k, (current, now) in enumerate(hands[1:], start=1):
        before = held
        if current is not deal:  # a match's next deal: the last one's dealing is over
            if pending is not None:
                steps.add(pending)
            deal, pending, before = current, None, [Counter() for _ in now]
        held = [Counter(hand) for hand in now]
        if pending is not None and any(b - h for b, h in zip(before, held, strict=True)):  # a card left a hand
            steps.add(pending)
            pending = None
        new = [h - b for b, h in zip(before, held, strict=True)]
        if any(new) and (pending is not None or not any(before) or all(n.total() >= 2 for n in new)):
            pending = k
    if pending is not None:  # the record ends before a card left a hand (a claim, a game saved early)
        steps.add(pending)
    return steps


class Replayer:
    """Tells what the watcher of a record saw, action by action: a seat's events, or (no seat) every action with
    the public events and every seat's hand once it is dealt.

    The events of all ``actions`` (the record's) are worked out first: a dealing's end, and how many actions
    are numbered, are known only from what follows. ``apply`` then tells them one action at a time."""

    def __init__(self, game: Game, state: Any, me: int | None, actions: list[str] | None = None) -> None:
        self.game, self.me = game, me
        record = state.to_record()
        log = EventLog(state, spectator=me is None)
        self.opening = log.events(me)
        self.steps: list[list[dict[str, Any]]] = []
        hands = [self._hands_of(log.state)]
        for action in actions or []:
            deal = deal_of(log.state)
            seat = deal.current_player
            new = log.apply(action)[me]
            if me is None:  # the whole record: private actions too, as they were
                full = {"type": "action", "seat": seat, "action": str(deal.history[-1])}
                new = [e for e in new if not (e["type"] == "action" and e.get("seat") == seat)]
                if not any(e["type"] == "message" and e.get("sender") == seat for e in new):
                    new.insert(0, full)
            self.steps.append(new)
            hands.append(self._hands_of(log.state))
        self.dealt = dealt_steps(hands) if me is None else set()
        self.state = initial_state(record)  # walked again as the events are told, for what each line needs
        self.deals_done = 0
        self.numbers = [0]
        self.step = 0

    def _hands_of(self, state: Any) -> tuple[Any, list[list[str]]]:
        deal = deal_of(state)
        return deal, [list(deal.hand(s)) for s in range(self.game.players)]

    @property
    def numbered(self) -> int:
        """How many lines of the replay are numbered: the actions, not what was said aloud (a "» " line)."""
        return sum(e["type"] == "action" for events in self.steps for e in events)

    def show_hands(self) -> None:
        obs = deal_of(self.state).observation(self.me if self.me is not None else 0)
        if 0 in self.dealt:
            self._hands("")
        out.print(
            escape(trump_text(obs))
            + (f" · turned-up card {escape(str(obs['indicator']))}" if obs.get("indicator") else "")
        )

    def _hands(self, indent: str) -> None:
        """Every seat's hand, at the step a dealing is complete (:func:`dealt_steps`)."""
        for s in range(self.game.players):
            out.print(f"{indent}Seat {s} holds: {escape(' '.join(deal_of(self.state).hand(s)))}", soft_wrap=True)

    def start(self) -> None:
        self._print(self.opening)

    def apply(self, action: str) -> bool:
        """Apply the record's next action and tell what the watcher saw of it; False when nothing of it could
        be seen."""
        self.state.apply(action)
        new = self.steps[self.step]
        self.step += 1
        self._print(new)
        if self.step in self.dealt and not any(e["type"] == "deal" for e in new):
            self._hands("     ")
        return any(e["type"] != "receive" for e in new)

    def _print(self, events: list[dict[str, Any]]) -> None:
        view = self.me
        chunk: list[dict[str, Any]] = []
        for e in events:
            if e["type"] == "deal" and self.step in self.dealt and e.get("deal", 1) > 1:
                # A match's next deal dealt at once (Briscola): its hands come with its opening.
                print_events([*chunk, e], self._obs(), view, self.numbers)
                chunk = []
                self._hands("     ")
                continue
            if e["type"] not in ("end", "match_end"):
                chunk.append(e)
                continue
            obs = self._obs()
            print_events(chunk, obs, view, self.numbers)
            chunk = []
            if e["type"] == "end":
                out.rule("end of the deal", style="yellow")
                for line in deal_result(obs, e, view):
                    say(escape(line))
                if "match_score" in e:
                    goal = _match_goal(self.state)
                    out.print(escape(match_line(e["match_score"], obs, view, after=self.deals_done + 1, goal=goal)))
                self.deals_done += 1
            else:
                out.rule("end of the match", style="yellow")
                out.print(f"[bold]{escape(winner_line(obs, e['returns'], view, 'the match'))}[/]")
        print_events(chunk, self._obs(), view, self.numbers)

    def _obs(self) -> dict[str, Any]:
        seat = self.me if self.me is not None else 0
        if isinstance(self.state, Match) and self.deals_done < len(self.state.finished):
            obs = self.state.finished[self.deals_done].observation(seat)
        else:
            obs = deal_of(self.state).observation(seat)
        return obs
