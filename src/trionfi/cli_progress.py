"""The progress of long commands (simulations, tournaments), on stderr so that --json output stays clean.

On a terminal, rich's bar. Elsewhere (``nohup ... > run.log``, a CI log, a pipe) the bar draws nothing, and an
hours-long tournament said nothing until it ended: there a line now and then says how far it is and about how
long is left. A short run (the tests' included) prints no line at all.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

FIRST_LINE = 30.0  # seconds before the first line: a run shorter than this says nothing
EVERY = 60.0  # seconds between two lines


def progress_bar(console: Console, show: bool = True) -> Progress | LineProgress:
    """Rich's bar on a terminal, lines now and then elsewhere; nothing with ``show`` False."""
    if show and not console.is_terminal:
        return LineProgress(console)
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        disable=not show,
        transient=True,
    )


class LineProgress:
    """The part of rich's ``Progress`` the commands use, as plain lines: "duplicate deals: 137 of 300 (46 %),
    about 41 min left"."""

    def __init__(self, console: Console, clock: Callable[[], float] = time.monotonic) -> None:
        self.console, self.clock = console, clock
        self.tasks: list[dict[str, Any]] = []
        self.start = self.last = clock()
        self.said = False

    def __enter__(self) -> LineProgress:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.said and exc[0] is None:
            for task in self.tasks:
                if task.get("said") != task["completed"]:
                    self._say(task)  # the last word: done

    def add_task(self, description: str, total: float | None = None, **_: Any) -> int:
        self.tasks.append({"description": description, "total": total, "completed": 0.0, "first": None})
        return len(self.tasks) - 1

    def advance(self, task: int, advance: float = 1) -> None:
        self.update(task, completed=self.tasks[task]["completed"] + advance)

    def update(self, task: int, completed: float | None = None, **_: Any) -> None:
        now = self.clock()
        if completed is not None:
            self.tasks[task]["completed"] = completed
            if self.tasks[task]["first"] is None:
                # The pace is measured from the first report on: a tournament going on from its log reports
                # the deals it already holds at once.
                self.tasks[task]["first"] = (now, completed)
        if now - self.start >= FIRST_LINE and (not self.said or now - self.last >= EVERY):
            self.last, self.said = now, True
            self._say(self.tasks[task])

    def _say(self, task: dict[str, Any]) -> None:
        done, total = task["completed"], task["total"]
        task["said"] = done
        line = f"{task['description']}: {done:g}"
        if total:
            line += f" of {total:g} ({100 * done / total:.0f} %)"
            now = self.clock()
            since, then = task["first"] or (self.start, 0.0)
            if done < total and done > then and now > since:
                left = (now - since) * (total - done) / (done - then)
                line += f", about {_duration(left)} left"
            elif done >= total:
                line += f", done in {_duration(now - self.start)}"
        self.console.print(line, highlight=False, markup=False, soft_wrap=True)


def _duration(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 90 * 60:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"
