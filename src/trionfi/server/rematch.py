"""A rematch that keeps the seats: the same game, options and seats (bots stay bots, each person keeps the seat
and the token), a new shuffle. Its id is worked out from the finished table's, so that every process and every
page of the old table finds the same rematch, and asking twice makes one table (POST and GET
/api/tables/{table}/rematch; docs/protocol.md)."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import secrets
import time
import weakref
from typing import Any

from .hub import Hub, invite_link
from .protocol import ProtocolError
from .store import SeatRow, TableRow
from .tables import LiveTable, ready

# One rematch made at a time by a hub (two pages asking at once get one table).
_CREATING: weakref.WeakKeyDictionary[Hub, asyncio.Lock] = weakref.WeakKeyDictionary()


def rematch_id(table_id: str) -> str:
    digest = hashlib.sha256(f"trionfi rematch of {table_id}".encode()).digest()
    return base64.urlsafe_b64encode(digest).decode()[:11]


async def find(hub: Hub, t: LiveTable) -> LiveTable | None:
    """The rematch of ``t``, if someone asked for it."""
    try:
        return await hub.get(rematch_id(t.id))
    except ProtocolError as e:
        if e.code == "unknown_table":
            return None
        raise


def _next_dealer(t: LiveTable) -> int | None:
    # One deal: the deal passes to the next seat, as in a match. A match draws its own first dealer.
    return None if t.row.kind == "match" else (t.deal.dealer + 1) % len(t.row.seats)


async def rematch(hub: Hub, t: LiveTable, token: str, base: str) -> dict[str, Any]:
    """The rematch of the finished table ``t`` for the seat of ``token``: made now if nobody asked before."""
    seat = await hub.seat_of_token(t, token)
    if t.row.status != "finished":
        raise ProtocolError("not_finished", "a rematch is asked for once the game is over", 409)
    async with _CREATING.setdefault(hub, asyncio.Lock()):
        new = await find(hub, t)
        if new is None:
            now = time.time()
            seats = [SeatRow(s.seat, s.kind, s.bot, s.name, s.token_hash, s.away, s.stand_in) for s in t.row.seats]
            row = TableRow(
                id=rematch_id(t.id),
                game=t.row.game,
                options=dict(t.row.options),
                kind=t.row.kind,
                seed=secrets.randbits(63),
                dealer=_next_dealer(t),
                seeded=False,
                status="playing" if ready(seats) else "waiting",
                creator_hash=t.row.creator_hash,  # the host stays the host: the same creator token
                stand_in=t.row.stand_in,
                n_actions=0,
                created=now,
                updated=now,
                seats=seats,
            )
            try:
                new = await hub.add(row)
            except Exception:
                new = await find(hub, t)  # another process made it first (the id is the same)
                if new is None:
                    raise
            else:
                hub.tell_rematch(t, new.id)
    return {
        "table": new.id,
        "seat": seat,
        "invite": invite_link(base, new.id, token),
        "creator_token": None,  # (the old table's creator token is the rematch's)
        "spectate": f"{base}/t/{new.id}",
    }
