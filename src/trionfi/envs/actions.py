"""The fixed integer action space of each game, for the research adapters.

The engine knows no action ids: its actions are cards and :class:`~trionfi.engine.Action` texts. An adapter needs
a fixed, finite space per game (with its options), so this module numbers them once:

* ids ``0 .. D-1`` are the cards of the game's deck, in the deck's own order (``game.deck``): playing a card,
  and also a chance outcome of the deal (the next card of the shuffled pack);
* ids ``D ..`` are the game's *named* actions, every text its rules can ever offer in ``legal_actions()`` with
  these options, enumerated from the game module's own Action constants (listed below per game).

Where the engine accepts free text beyond its list (Trionfetti's ``say <anything>`` and ``comanda <any ranking>``),
the adapters offer exactly what ``legal_actions()`` lists: the common comande and the fixed remarks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..cards import Card
from ..engine import Game

Enumerator = Callable[[Game], list[str]]


def _briscola(game: Any) -> list[str]:
    from ..games import briscola_talk as bt
    from ..games.briscola import CLAIM

    names: list[str] = []
    if game.variant == "a31":
        names.append(str(CLAIM))
    if game.communication == "signals":
        names += [f"signal {rank}" for rank in game.rank_table.order[:5]]
    elif game.communication == "conversation":
        suits = list(dict.fromkeys(c.suit for c in game.deck))
        topics = [*bt.QUESTIONS, *(f"head {s}" for s in suits)]
        named = game.players > 4  # with six players the action names the partner addressed
        partners = range(game.players) if named else [None]
        for p in partners:
            who = f"{p} " if p is not None else ""
            names += [f"ask {who}{q}" for q in topics]
            names += [f"order {who}{o}" for o in bt.ORDERS]
        if game.variant == "schembil":
            names += [f"view {p}" for p in range(game.players)]
            names.append(str(bt.DONE))
    return names


def _chiamata(game: Any) -> list[str]:
    from ..games.briscola_chiamata import BIDS, CALLS, PASS

    return [str(PASS), *map(str, BIDS), *(str(a) for calls in CALLS.values() for a in calls)]


def _trijumf(game: Any) -> list[str]:
    from ..cards import ITALIAN_SUITS
    from ..games.trijumf import CLAIM, CUT_ACTIONS, pair_text

    names = [str(a) for a in CUT_ACTIONS.values()] if game.options["cut_option"] is None else []
    return [*names, str(CLAIM), *(f"declare {pair_text(s)}" for s in ITALIAN_SUITS)]


def _triomphe(game: Any) -> list[str]:
    from ..games.triomphe import ACCEPT, CONCEDE, DISCARDS, PASS, REFUSE, ROBS

    names: list[str] = []
    if game.options["rob_stock"]:
        names += [str(PASS), *(str(ROBS[c]) for c in game.deck), *(str(DISCARDS[c]) for c in game.deck)]
    if game.options["allow_concession_offer"]:
        names += [str(CONCEDE), str(ACCEPT), str(REFUSE)]
    # "next dealer <seat>" is asked only between the deals of a match: an adapter plays one deal.
    return names


def _trionfetti(game: Any) -> list[str]:
    from ..games.trionfetti import ACCEPT, CONCEDE, SAY_ACTIONS, SIGNAL_ACTIONS, VAGARESTO

    names = [str(VAGARESTO), str(ACCEPT), str(CONCEDE)]
    if game.fixed is None:
        names += [str(a) for a in game.comanda_actions]
    if game.talk:
        names += [str(a) for a in (*SAY_ACTIONS, *SIGNAL_ACTIONS)]
    return names


def _troccas(game: Any) -> list[str]:
    from ..games.troccas import (
        AGREE,
        DEMANDS,
        DISCARDS,
        DOUBLES,
        KEEP,
        KNOCK,
        NO_DEMAND,
        NO_TRUMP_REDEAL,
        PASS,
        PATTERN_ACTIONS,
        PROPOSE,
        REFUSE,
        SAY,
    )

    names = [str(a) for a in PATTERN_ACTIONS.values()]
    names += [str(PASS), str(PROPOSE), str(AGREE), str(REFUSE), *(str(a) for a in SAY.values())]
    names += [str(DISCARDS[c]) for c in game.deck if c not in KEEP]
    names += [str(NO_TRUMP_REDEAL), *(str(a) for a in DOUBLES.values()), *(str(a) for a in DEMANDS.values())]
    names.append(str(NO_DEMAND))
    if game.knock:
        names.append(str(KNOCK))
    return names


NAMED: dict[str, Enumerator] = {
    "briscola": _briscola,
    "briscola-chiamata": _chiamata,
    "trijumf": _trijumf,
    "triomphe": _triomphe,
    "trionfetti": _trionfetti,
    "troccas": _troccas,
}


class ActionTable:
    """Action ids of one game (with its options): the deck's cards, then its named actions."""

    def __init__(self, game: Game) -> None:
        enumerate_named = NAMED.get(game.name)
        if enumerate_named is None:
            raise NotImplementedError(f"{game.name} has no action table in trionfi.envs yet")
        self.game = game
        self.cards: tuple[Card, ...] = tuple(game.deck)
        self.named: tuple[str, ...] = tuple(dict.fromkeys(enumerate_named(game)))
        self.texts: tuple[str, ...] = (*map(str, self.cards), *self.named)
        # Cards and actions are str subclasses: one table keyed by text finds both (a card equals its code).
        self.ids: dict[str, int] = {text: i for i, text in enumerate(self.texts)}
        self._lower = {text.lower(): i for i, text in enumerate(self.texts)}
        self.num_cards = len(self.cards)

    def __len__(self) -> int:
        return len(self.texts)

    def id_of(self, action: Any) -> int:
        """The id of an engine action (a card or an action's text); a clear error for one outside the table."""
        found = self.ids.get(action)
        if found is None:
            found = self._lower.get(str(action).lower())
        if found is None:
            raise ValueError(
                f"{action!r} has no id in the {self.game.name} action table (cards of {self.game.deck.name} and "
                f"{len(self.named)} named actions): the engine offered an action trionfi.envs does not know"
            )
        return found

    def ids_of(self, actions: Sequence[Any]) -> list[int]:
        """Sorted ids of engine actions (OpenSpiel wants legal actions in ascending order)."""
        ids = self.ids
        try:
            return sorted([ids[a] for a in actions])
        except KeyError:
            return sorted(self.id_of(a) for a in actions)

    def text(self, action_id: int) -> str:
        if not isinstance(action_id, int) or not 0 <= action_id < len(self.texts):
            raise ValueError(f"action id {action_id!r} is outside 0..{len(self.texts) - 1} for {self.game.name}")
        return self.texts[action_id]

    def engine_action(self, state: Any, action_id: int) -> Any:
        """The legal engine action with this id in ``state``, or a ValueError naming what is legal."""
        if 0 <= action_id < self.num_cards:
            c = self.cards[action_id]
            if c in state._legal():
                return c
        else:
            text = self.text(action_id)
            for a in state._legal():
                if a == text:
                    return a
        legal = ", ".join(f"{self.ids_of([a])[0]}={a}" for a in state._legal())
        raise ValueError(f"action {action_id} ({self.text(action_id)}) is not legal now; legal: {legal}")
