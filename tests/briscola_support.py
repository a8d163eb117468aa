"""Shared helpers for the Briscola tests: stacked decks, deal positions, a reference trick rule, random play.

The reference rule here is written from RULES.md §2 independently of the engine, so tests that compare the
engine with it can fail.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import trionfi

# RULES.md §2.1 / §2.10: rank order (highest first) and card points, per pack.
ORDER_ITALIAN = ("A", "3", "K", "H", "J", "7", "6", "5", "4", "2")
ORDER_FRENCH = ("A", "3", "K", "Q", "J", "7", "6", "5", "4", "2")
ORDER_SOUTHERN = ("A", "3", "K", "J", "Q", "7", "6", "5", "4", "2")
ORDER_BOSNIAN = ("A", "10", "K", "Q", "J", "9", "8", "7")
POINTS_ITALIAN = {"A": 11, "3": 10, "K": 4, "H": 3, "J": 2}
POINTS_FRENCH = {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2}
POINTS_SOUTHERN = {"A": 11, "3": 10, "K": 4, "J": 3, "Q": 2}
POINTS_BOSNIAN = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}

# Every variant/players combination the engine supports: (label, options).
COMBOS: list[tuple[str, dict[str, Any]]] = [
    ("standard-2", {"players": 2}),
    ("standard-3", {"players": 3}),
    ("standard-4", {"players": 4}),
    ("standard-6", {"players": 6}),
    ("standard-2-french-southern", {"players": 2, "deck": "french", "southern_order": True}),
    ("standard-4-packets", {"players": 4, "deal_singly": False}),
    ("a31", {"variant": "a31"}),
    ("scoperta", {"variant": "scoperta"}),
    ("briscolone", {"variant": "briscolone"}),
    ("briscolone-follow", {"variant": "briscolone", "must_follow_suit": True}),
    *[(f"bosnian-{n}", {"variant": "bosnian", "players": n}) for n in range(2, 11)],
    ("bosnian-4-solo", {"variant": "bosnian", "players": 4, "partnerships": False}),
    ("bosnian-4-partners", {"variant": "bosnian", "players": 4, "partnerships": True}),
    ("double-2", {"variant": "double", "players": 2}),
    ("double-4", {"variant": "double", "players": 4}),
    ("schembil", {"variant": "schembil", "players": 6}),
    ("standard-4-signals", {"players": 4, "communication": "signals"}),
    ("standard-4-conversation", {"players": 4, "communication": "conversation"}),
    ("standard-6-conversation", {"players": 6, "communication": "conversation"}),
    ("standard-4-show-partner", {"players": 4, "show_partner_after_stock": True}),
]


def split(code: str) -> tuple[str, str]:
    """(rank, suit) of a suited card code."""
    return code[:-1], code[-1]


def stacked(game: Any, placed: Mapping[int, str]) -> list[str]:
    """A full stacked deck of ``game``: ``placed`` maps 1-based positions (top = 1) to card codes, and the
    remaining cards of the game's deck fill the other positions in the pack's natural order."""
    size = len(game.deck)
    chosen = {pos: str(trionfi.card(c)) for pos, c in placed.items()}
    assert all(1 <= p <= size for p in chosen), f"positions must be 1..{size}"
    assert len(set(chosen.values())) == len(chosen), "a card placed twice"
    rest = iter(str(c) for c in game.deck if str(c) not in chosen.values())
    deck = [chosen[p] if p in chosen else next(rest) for p in range(1, size + 1)]
    assert sorted(deck) == sorted(str(c) for c in game.deck)
    return deck


def deal_positions(game: Any, seat: int, dealer: int | None = None) -> list[int]:
    """The 1-based deck positions dealt to ``seat`` (singly, or in one packet with deal_singly=false)."""
    n = game.players
    size = game.hand_size
    dealer = n - 1 if dealer is None else dealer
    k = (seat - dealer - 1) % n  # 0 for the dealer's right, who receives first
    if game.options["deal_singly"]:
        return [k + 1 + j * n for j in range(size)]
    return [k * size + j + 1 for j in range(size)]


def hands_deck(
    game: Any, hands: Mapping[int, Sequence[str]], extra: Mapping[int, str] | None = None, dealer: int | None = None
) -> list[str]:
    """A stacked deck giving ``hands[seat]`` (a prefix of the seat's cards, in deal order) to each seat, with
    further cards at explicit positions in ``extra`` (e.g. the indicator)."""
    placed: dict[int, str] = dict(extra or {})
    for seat, codes in hands.items():
        for pos, code in zip(deal_positions(game, seat, dealer), codes, strict=False):
            placed[pos] = code
    return stacked(game, placed)


def ref_winner(cards: Sequence[str], trump: str | None, order: Sequence[str]) -> int:
    """Index of the winning card by RULES.md §2.1: the highest trump, else the highest card of the suit led."""
    strength = {r: len(order) - i for i, r in enumerate(order)}
    trumps = [i for i, c in enumerate(cards) if split(c)[1] == trump]
    pool = trumps or [i for i, c in enumerate(cards) if split(c)[1] == split(cards[0])[1]]
    return max(pool, key=lambda i: (strength[split(cards[i])[0]], -i))


def ref_points(cards: Iterable[str], points: Mapping[str, int]) -> int:
    return sum(points.get(split(c)[0], 0) for c in cards)


def all_cards(state: Any) -> Counter[str]:
    """Every card of the deal, wherever it is: hands, stock, the trick on the table, completed tricks."""
    found: Counter[str] = Counter()
    for seat in range(state.game.players):
        found.update(str(c) for c in state.hand(seat))
    found.update(str(c) for c in state.stock)
    found.update(str(c) for c in state.trick)
    for t in state.tricks:
        found.update(str(c) for c in t.cards)
    return found


def play_random(state: Any, rng: random.Random, steps: int | None = None, cards_only: bool = False) -> None:
    """Apply random legal actions until the end (or for ``steps`` actions)."""
    done = 0
    while not state.is_terminal() and (steps is None or done < steps):
        legal = state.legal_actions()
        if cards_only:
            legal = [a for a in legal if isinstance(a, trionfi.Card)] or legal
        state.apply(rng.choice(legal))
        done += 1


def play_cards(state: Any, codes: Iterable[str]) -> None:
    """Play these cards in turn, each by the seat to act."""
    for code in codes:
        state.apply(code, seat=state.current_player)
