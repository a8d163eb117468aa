"""Rank orders and card points, as data.

A :class:`RankTable` names the ranks of a suit from highest to lowest and the points each rank is worth.
Games turn it into per-card look-up tables once per game (``strengths`` and ``card_points``), so the hot
path never parses a rank.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from .cards import Card


@dataclass(frozen=True)
class RankTable:
    name: str
    order: tuple[str, ...]  # highest first
    points: Mapping[str, int] = field(default_factory=dict)

    def strengths(self, deck: Iterable[Card]) -> dict[Card, int]:
        """Card -> strength within its suit (higher beats lower); cards of ranks not in the order get 0."""
        top = len(self.order)
        index = {rank: top - i for i, rank in enumerate(self.order)}
        return {c: index.get(c.rank, 0) for c in deck}

    def card_points(self, deck: Iterable[Card]) -> dict[Card, int]:
        return {c: self.points.get(c.rank, 0) for c in deck}

    def describe(self) -> str:
        pts = ", ".join(f"{r} {p}" for r, p in self.points.items())
        return f"{' > '.join(self.order)} (points: {pts}; others 0)"


# Briscola and Trijumf: A 3 K H J 7 6 5 4 2, the ace and three are the counting cards.
BRISCOLA = RankTable(
    "briscola", ("A", "3", "K", "H", "J", "7", "6", "5", "4", "2"), {"A": 11, "3": 10, "K": 4, "H": 3, "J": 2}
)
# The same with a French pack, northern order (K Q J) ...
BRISCOLA_FRENCH = RankTable(
    "briscola-french", ("A", "3", "K", "Q", "J", "7", "6", "5", "4", "2"), {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2}
)
# ... and the southern order, where the jack outranks the queen and is worth her 3 points.
BRISCOLA_SOUTHERN = RankTable(
    "briscola-southern", ("A", "3", "K", "J", "Q", "7", "6", "5", "4", "2"), {"A": 11, "3": 10, "K": 4, "J": 3, "Q": 2}
)
# Bosnian 32-card Briškula: the ten takes the three's place.
BOSNIAN = RankTable("bosnian", ("A", "10", "K", "Q", "J", "9", "8", "7"), {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2})
# Triomphe, French rules: the court cards above the ace, which ranks just above the ten (no card points).
TRIOMPHE = RankTable("triomphe", ("K", "Q", "J", "A", "10", "9", "8", "7", "6", "5", "4", "3", "2"))
# Triomphe, Strasbourg rules: aces high, and the honours carry points (10 a suit, 40 in the pack).
STRASBOURG = RankTable(
    "strasbourg", ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"), {"A": 4, "K": 3, "Q": 2, "J": 1}
)
