"""Who has a table open, over every server process of one PostgreSQL store.

A process knows its own connections only. With several processes each one tells the others (through the fanout's
NOTIFY, see fanout.py) the seats connected to it whenever they change, and a process that begins to serve a table
asks the others to say theirs again; the ``presence`` message then holds the seats connected anywhere. With one
process (SQLite) nothing is told and this is just the process's own seats."""

from __future__ import annotations

from collections.abc import Callable


class SharedPresence:
    def __init__(self, tell: Callable[[str, str, str], None] | None = None) -> None:
        self.tell = tell  # tell(table, kind, arg) to the other processes; None when there are none
        self.elsewhere: dict[str, dict[str, frozenset[int]]] = {}  # table -> instance -> seats connected there
        self.published: dict[str, tuple[int, ...]] = {}  # table -> the seats last told as connected here
        self.asked: set[str] = set()

    def connected(self, table_id: str, here: list[int]) -> list[int]:
        """The seats connected to ``table_id`` anywhere, ``here`` being this process's; tells the others when
        this process's seats changed since it last told them."""
        if self.tell is None:
            return here
        mine = tuple(sorted(here))
        if self.published.get(table_id, ()) != mine:
            self.published[table_id] = mine
            self.tell(table_id, "presence", ",".join(map(str, mine)) or "-")
        if table_id not in self.asked:  # new here: what the others hold is not known yet
            self.asked.add(table_id)
            self.elsewhere.pop(table_id, None)
            self.tell(table_id, "presence?", "")
        return self.known(table_id, here)

    def known(self, table_id: str, here: list[int]) -> list[int]:
        """The seats connected to ``table_id`` anywhere as far as this process has heard, telling nobody: the
        lobby's look at tables this process may not serve."""
        seats = set(here)
        for there in self.elsewhere.get(table_id, {}).values():
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
        seats = frozenset(int(s) for s in arg.split(",") if s.isdigit())
        there = self.elsewhere.setdefault(table_id, {})
        if there.get(instance, frozenset()) == seats:
            return False
        if seats:
            there[instance] = seats
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
