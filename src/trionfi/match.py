"""Matches: several deals to the game's target, with the same interface as a single deal.

A match deals again automatically when a deal ends and the match is not decided; the deal passes to the
next seat in play order. Deal ``i`` is shuffled from a seed derived from the match seed, so a match is
reproduced from ``(game, options, seed, actions)``.

Policies (how a match is decided) are data: :class:`BestOf` counts deals won, :class:`Target` adds card
points up to a cumulative target (checked at the end of each deal; if several sides reach it the higher
total wins, and equal totals play another deal), :class:`Fixed` plays a fixed number of deals and adds the
deals' returns.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from .engine import Game, State, side_results
from .records import seed_for


@dataclass(frozen=True)
class BestOf:
    deals: int

    def describe(self) -> str:
        return f"best of {self.deals} deals (drawn deals do not count)"

    def goal(self) -> str:
        return f"deals won, to {self.deals // 2 + 1}"

    def winning_score(self) -> int | None:
        return self.deals // 2 + 1

    def score(self, match: Match) -> list[float]:
        wins = [0] * len(match.game.sides)
        for st in match.finished:
            w = st.winners()  # type: ignore[attr-defined]
            if len(w) == 1:
                wins[w[0]] += 1
        return wins

    def decided(self, match: Match, score: list[float]) -> bool:
        return max(score) >= self.deals // 2 + 1


@dataclass(frozen=True)
class Target:
    points: int

    def describe(self) -> str:
        return f"first to {self.points} cumulative card points (checked after each deal)"

    def goal(self) -> str:
        return f"card points, to {self.points}"

    def winning_score(self) -> int | None:
        return self.points

    def score(self, match: Match) -> list[float]:
        total = [0] * len(match.game.sides)
        for st in match.finished:
            for i, p in enumerate(st.points()):
                total[i] += p
        return total

    def decided(self, match: Match, score: list[float]) -> bool:
        top = max(score)
        return top >= self.points and score.count(top) == 1


@dataclass(frozen=True)
class Fixed:
    deals: int

    def describe(self) -> str:
        return f"{self.deals} deals, results added up"

    def goal(self) -> str:
        return f"{self.deals} deals in all"

    def winning_score(self) -> int | None:
        return None  # the deals are counted, not the score

    def score(self, match: Match) -> list[float]:
        total = [0.0] * len(match.game.sides)
        for st in match.finished:
            for i, r in enumerate(st.side_returns()):  # type: ignore[attr-defined]
                total[i] += r
        return total

    def decided(self, match: Match, score: list[float]) -> bool:
        return len(match.finished) >= self.deals


class Match:
    """Deals to the game's target. ``state`` is the deal in progress (or the last one)."""

    MAX_DEALS = 500  # a guard against a policy that never decides (e.g. endless drawn deals)
    _verdict: list[int] | None = None  # winning sides when a deal decided the match (a claim)

    def __init__(self, game: Game, seed: int | None = None) -> None:
        seed = seed_for(seed)
        self.game = game
        self.seed = seed
        self.policy = game.match_policy()
        self._seeds = random.Random(seed)
        self.finished: list[State] = []
        self.scores_after: list[list[float]] = []  # the match score after each finished deal: the score sheet
        self.history: list[Any] = []
        self._over = False
        self._verdict = None
        self.state = self._new_deal(game.players - 1)

    def _new_deal(self, dealer: int) -> State:
        state = self.game.deal(seed=self._seeds.getrandbits(63), dealer=dealer)
        enter = getattr(state, "enter_match", None)
        if enter is not None:  # e.g. Trijumf: a claim counts the totals of the earlier deals
            enter(self.policy.score(self))
        return state

    # --- the state interface -----------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self._over else self.state.current_player

    def legal_actions(self) -> list[Any]:
        return [] if self._over else self.state.legal_actions()

    def apply(self, action: Any, seat: int | None = None) -> None:
        if self._over:
            from .errors import IllegalAction, shown

            raise IllegalAction(f"the match is over: {shown(action)} cannot be played")
        self.state.apply(action, seat=seat)
        self.history.append(self.state.history[-1])
        if self.state.is_terminal():
            self._deal_over()
            self.scores_after.append(list(self.points()))

    def _deal_over(self) -> None:
        self.finished.append(self.state)
        verdict = getattr(self.state, "match_verdict", None)
        self._verdict = verdict() if verdict is not None else None
        if (
            self._verdict is not None
            or self.policy.decided(self, self.policy.score(self))
            or len(self.finished) >= self.MAX_DEALS
        ):
            self._over = True
            return
        self.state = self._new_deal((self.state.dealer + 1) % self.game.players)

    def is_terminal(self) -> bool:
        return self._over

    def hand(self, seat: int) -> list[str]:
        return self.state.hand(seat)

    def points(self) -> list[float]:
        """The match score per side: deals won (best-of) or cumulative points (target)."""
        return self.policy.score(self)

    def _final(self) -> tuple[list[float], list[int]]:
        if self._verdict is not None:
            return side_results([1 if i in self._verdict else 0 for i in range(len(self.game.sides))])
        return side_results(self.policy.score(self))

    def returns(self) -> list[float]:
        if not self._over:
            return [0.0] * self.game.players
        values, _ = self._final()
        return [values[s] for s in self.game.side_of]

    def winners(self) -> list[int]:
        return self._final()[1] if self._over else []

    def observation(self, seat: int) -> dict[str, Any]:
        obs = self.state.observation(seat)
        obs["match"] = {
            "policy": self.policy.describe(),
            "goal": self.policy.goal(),  # the score's unit and target in a few words ("games won, to 3")
            "to_win": self.policy.winning_score(),  # the score that wins the match (None: a number of deals)
            "deal": len(self.finished) + (0 if self._over else 1),
            "score": self.points(),
            "deals": [
                {"dealer": st.dealer, "points": st.points(), "returns": st.returns(), "score": list(score)}
                for st, score in zip(self.finished, self.scores_after, strict=True)
            ],
            "over": self._over,
            "decided_by_deal": self._verdict is not None,  # e.g. a Trijumf claim
        }
        return obs

    def events(self, seat: int | None, since: int = 0) -> list[dict[str, Any]]:
        """What ``seat`` (None: a spectator) has seen happen in the match so far (see :mod:`trionfi.events`)."""
        from .events import EventLog

        return EventLog(self, spectator=seat is None).events(seat, since)  # a seat needs no spectator log

    def to_record(self) -> dict[str, Any]:
        return {
            "format": "trionfi",
            "version": 1,
            "kind": "match",
            "game": self.game.name,
            "options": dict(self.game._given),
            "seed": self.seed,
            "actions": [str(a) for a in self.history],
        }

    def clone(self) -> Match:
        new = type(self).__new__(type(self))  # subclasses (a game's own match) clone as themselves
        new.game, new.seed, new.policy = self.game, self.seed, self.policy
        new._seeds = random.Random()
        new._seeds.setstate(self._seeds.getstate())
        new.finished = self.finished[:]
        new.scores_after = self.scores_after[:]
        new.history = self.history[:]
        new.state = self.state.clone()
        new._over = self._over
        new._verdict = self._verdict
        return new
