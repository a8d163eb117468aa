"""How many tables one address may make: a server on the internet (docs/hosting.md) takes requests from anyone,
every table is a row kept a week, and one played by bots alone plays itself out on the server's CPU.

Counted per client address (behind a proxy on this machine, the address the proxy forwards for: ``trionfi
serve`` reads the ``X-Forwarded-For`` of loopback peers). Only a table made counts (a request the game refuses
does not), and a rematch does not: it needs a finished table, one at most for each."""

from __future__ import annotations

import math
import time

from .protocol import ProtocolError

FORGET_AT = 10_000  # addresses kept before those that could make a whole burst again are forgotten


class TableQuota:
    """A token bucket per address: ``per_hour`` tables an hour, bursts of a sixth of that (20 of 120)."""

    def __init__(self, per_hour: float) -> None:
        self.per_hour = per_hour
        self.burst = max(1, round(per_hour / 6))
        self.buckets: dict[str, tuple[float, float]] = {}  # address -> (tables it may make, when that was so)

    def _left(self, address: str, now: float) -> float:
        tables, then = self.buckets.get(address, (self.burst, now))
        return min(self.burst, tables + (now - then) * self.per_hour / 3600)

    def check(self, address: str) -> None:
        """``rate_limited``, saying when the next table can be made, if ``address`` may make none now."""
        if self.per_hour <= 0:  # no limit (--tables-per-hour 0)
            return
        left = self._left(address, time.monotonic())
        if left < 1:
            wait = math.ceil((1 - left) * 3600 / self.per_hour)
            raise ProtocolError(
                "rate_limited",
                f"too many tables made from this address: at most {self.per_hour:g} an hour, {self.burst} at "
                f"once; the next can be made in {wait} seconds",
                429,
            )

    def made(self, address: str) -> None:
        if self.per_hour <= 0:
            return
        now = time.monotonic()
        if address not in self.buckets and len(self.buckets) >= FORGET_AT:
            self.buckets = {a: b for a, b in self.buckets.items() if self._left(a, now) < self.burst}
        self.buckets[address] = (self._left(address, now) - 1, now)
