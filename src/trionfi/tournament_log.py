"""A tournament's deals kept as they finish, so that a long run can stop and go on (``trionfi tournament --log``).

A tournament of searching bots takes hours; one stopped before its end (Ctrl-C, a deadline, a machine needed for
other work) would leave nothing. With a log, each finished deal is appended to a JSON-lines file: the first
line says which tournament it belongs to (game, options, bots, seed, mode, budget), every other line is one
deal's entry, exactly as in the result's ``log``. Running the same command again plays only the deals the file
lacks; a larger ``-n`` extends the run (deal ``i`` of a seed is the same whatever the number of deals and
whichever process plays it). A line cut short by a killed process is the only damage a run can leave, and it
is dropped; any other line that is not a deal of this tournament is refused and the file left as it is.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .errors import shown

LOG_FORMAT = "trionfi-tournament-log"
LOG_VERSION = 1


def log_header(
    game: str, options: dict[str, Any], specs: Sequence[str], seed: int, mode: str, budget: float | None
) -> dict[str, Any]:
    """The first line of a log: what makes two runs the same tournament."""
    return {
        "format": LOG_FORMAT,
        "version": LOG_VERSION,
        "game": game,
        "options": options,
        "bots": list(specs),
        "seed": seed,
        "mode": mode,
        "budget": budget,
    }


class DealLog:
    """An open log: the deals it holds (by number) and :meth:`add` to append finished ones."""

    def __init__(self, path: str | Path, header: dict[str, Any], lineups: int | None, error: type[Exception]):
        """Read ``path`` (created with ``header`` when missing or empty), refusing a file of another tournament.
        ``lineups`` is the number of games per deal (None: any); ``error`` the exception to raise."""
        self.path = Path(path)
        self.deals: dict[int, dict[str, Any]] = {}
        self._cut: int | None = None
        where = repr(str(self.path))
        if self.path.is_dir():
            raise error(f"cannot keep the deals in {where}: it is a folder; give a file name")
        text = self.path.read_text(encoding="utf-8") if self.path.exists() else ""
        if not text.strip():
            self.path.write_text(json.dumps(header) + "\n", encoding="utf-8")
            return
        lines = text.split("\n")
        # A last line without its newline was being written when its process died: drop it (and it alone).
        cut = len(text) - len(lines[-1]) if lines[-1] else None
        complete = lines[:-1]
        try:
            first = json.loads(complete[0]) if complete else None
        except json.JSONDecodeError:
            first = None
        if not isinstance(first, dict) or first.get("format") != LOG_FORMAT:
            raise error(f"{where} is not a tournament's log of deals (written by `trionfi tournament --log`)")
        if first.get("version") != LOG_VERSION:
            raise error(f"{where} is a log of version {shown(first.get('version'))}; this trionfi keeps {LOG_VERSION}")
        differ = [
            f"its {key} {shown(first.get(key))}, not {shown(value)}"
            for key, value in header.items()
            if key not in ("format", "version") and first.get(key) != value
        ]
        if differ:
            raise error(
                f"{where} holds the deals of another tournament ({'; '.join(differ)}): run the same tournament"
                " to go on with it, or give another --log file"
            )
        for number, line in enumerate(complete[1:], start=2):
            if not line.strip():
                continue
            try:
                entry = json.loads(line)
            except json.JSONDecodeError as e:
                raise error(f"{where}, line {number}: not JSON ({e.msg}); the file is left as it is") from None
            if not (
                isinstance(entry, dict)
                and type(entry.get("deal")) is int
                and entry["deal"] >= 0
                and isinstance(entry.get("games"), list)
                and (lineups is None or len(entry["games"]) == lineups)
            ):
                raise error(
                    f"{where}, line {number}: not a deal of this tournament (a deal is"
                    ' {"deal": N, "seed": ..., "games": [...]}, one game per lineup); the file is left as it is'
                )
            self.deals[entry["deal"]] = entry
        # Dropped when the first deal is added, so that a run refused before it plays leaves the file as it was.
        self._cut = len(text[:cut].encode("utf-8")) if cut is not None else None

    def add(self, entries: Sequence[dict[str, Any]]) -> None:
        """Append finished deals, each on its own line, and make them reach the file now."""
        if self._cut is not None:
            with self.path.open("r+b") as f:
                f.truncate(self._cut)
            self._cut = None
        with self.path.open("a", encoding="utf-8") as f:
            for entry in entries:
                f.write(json.dumps(entry) + "\n")
                self.deals[entry["deal"]] = entry
            f.flush()
