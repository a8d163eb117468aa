"""Who has a table open, over every server process of one PostgreSQL store.

A process knows its own connections only. With several processes each one tells the others (through the fanout's
NOTIFY, see fanout.py) the seats connected to it, and how many spectators, whenever they change, and a process
that begins to serve a table asks the others to say theirs again; the ``presence`` message then holds the seats
connected anywhere and everyone watching. With one process (SQLite) nothing is told and this is just the process's
own."""

from __future__ import annotations

from collections.abc import Callable


class SharedPresence:
    def __init__(self, tell: Callable[[str, str, str], None] | None = None) -> None:
        self.tell = tell  # tell(table, kind, arg) to the other processes; None when there are none
        # table -> instance -> (the seats connected there, how many spectators there)
        self.elsewhere: dict[str, dict[str, tuple[frozenset[int], int]]] = {}
        self.published: dict[str, tuple[tuple[int, ...], int]] = {}  # table -> (seats, spectators) last told here
        self.asked: set[str] = set()

    def connected(self, table_id: str, here: list[int], watching: int) -> tuple[list[int], int]:
        """The seats connected to ``table_id`` anywhere and the number of spectators anywhere, ``here`` and
        ``watching`` being this process's; tells the others when this process's changed since it last told them
        (as "0,2/3": seats, then spectators)."""
        if self.tell is None:
            return here, watching
        mine = (tuple(sorted(here)), watching)
        if self.published.get(table_id, ((), 0)) != mine:
            self.published[table_id] = mine
            self.tell(table_id, "presence", f"{','.join(map(str, mine[0])) or '-'}/{watching}")
        if table_id not in self.asked:  # new here: what the others hold is not known yet
            self.asked.add(table_id)
            self.elsewhere.pop(table_id, None)
            self.tell(table_id, "presence?", "")
        return self.known(table_id, here), watching + sum(n for _, n in self.elsewhere.get(table_id, {}).values())

    def known(self, table_id: str, here: list[int]) -> list[int]:
        """The seats connected to ``table_id`` anywhere as far as this process has heard, telling nobody: the
        lobby's look at tables this process may not serve."""
        seats = set(here)
        for there, _ in self.elsewhere.get(table_id, {}).values():
            seats |= there
        return sorted(seats)

    def heard(self, table_id: str, instance: str, kind: str, arg: str) -> bool:
        """Another process told something about ``table_id``: True when this process should tell its own
        connections the presence again (the seats connected elsewhere changed, or it is asked to say its own)."""
        if kind == "presence?":
            self.published.pop(table_id, None)  # say it again at the next look (if there is anything to say)
            return True
        if kind != "presence":
            return False
        told, _, watching = arg.partition("/")
        seats = frozenset(int(s) for s in told.split(",") if s.isdigit())
        now = (seats, int(watching) if watching.isdigit() else 0)
        there = self.elsewhere.setdefault(table_id, {})
        if there.get(instance, (frozenset(), 0)) == now:
            if not there:
                del self.elsewhere[table_id]
            return False
        if now != (frozenset(), 0):
            there[instance] = now
        else:
            there.pop(instance, None)
            if not there:
                del self.elsewhere[table_id]
        return True

    def forget(self, table_id: str) -> None:
        """The table is no longer served here."""
        self.elsewhere.pop(table_id, None)
        self.published.pop(table_id, None)
        self.asked.discard(table_id)
