"""Exact play where nothing is hidden: alpha-beta over a perfect-information position, and the ``solver`` agent.

:class:`Solver` searches any two-sided game state through its public methods (``clone``, ``legal_actions``,
``apply``, ``points``, ``returns``, ``is_terminal``): a minimax with alpha-beta pruning, side 0 maximising
and side 1 minimising (the seat to move decides whose turn it is, so a trick winner leading twice in a row
needs no special case), a transposition table keyed on a compact position key, and move ordering (the move
that was best in the table first, then the moves that take the most points).

Two objectives:

* ``"points"`` (the default): the card points the two sides will still win, side 0's minus side 1's. The
  value of a position does not depend on the points already won, so transpositions reached with different
  totals share one table entry. A side that can win the deal at all wins it by playing this way, because
  winning is having the larger total (two sides, fixed points in the pack).
* ``"returns"``: the deal's final ``returns()`` of side 0 (win, draw or loss), for games where reaching a
  total first decides (Briscola a 31's claim): a claim that is right ends the search there; points already
  won are part of the key.

Non-card talk (signals, questions, orders, looks) changes nothing a perfect-information search cares about and
is left out; claims are left out of the ``"points"`` search (the agent claims when a claim is right).

Two things make the common cases fast: two-player Briscola card play is solved on small integers and bit
masks, with no state copies (:mod:`trionfi.agents.briscola2`), and the generic search keys its transposition
table of Briscola, Trijumf and French Triomphe states on hands, trick, stock and whose turn it is.

The ``solver`` agent (:class:`SolverAgent`) plays the exact best move when its observation determines every
card (two-player Briscola once the stock is gone: the opponent holds exactly the unseen cards; Scoperta at
the end; any position with every hand known); otherwise it defers to the ``search`` agent.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from ..cards import Card
from ..engine import PLAY, State
from .base import Agent, claim_is_right
from .briscola2 import briscola2
from .trijumf2 import trijumf2

TALK_KINDS = frozenset({"signal", "ask", "order", "view"})
INF = math.inf
CHECK_EVERY = 1024  # nodes between two looks at the clock


class OutOfTime(Exception):
    """The solver's deadline passed before the search was complete."""


class Solver:
    """Alpha-beta with a transposition table on a two-sided perfect-information state (module docstring).

    ``solve(state)`` returns ``(value, best action)``; the value is side 0's (future point difference, or
    final return with ``objective="returns"``). The table is kept between calls: reuse one Solver for the
    positions of one deal, make a new one for another deal (keys do not name the deal's fixed facts).
    """

    def __init__(self, objective: str = "points", deadline: float | None = None, max_nodes: int | None = None) -> None:
        if objective not in ("points", "returns"):
            raise ValueError(f"objective is 'points' or 'returns', not {objective!r}")
        self.objective = objective
        self.deadline = deadline  # a time.perf_counter() value: past it, the search raises OutOfTime
        self.max_nodes = max_nodes  # past this many positions, too (a limit that does not depend on speed)
        self.table: dict[Any, tuple[float, float, Any]] = {}
        self.nodes = 0
        self._side_of: tuple[int, ...] = ()
        self._seat0 = 0
        self._key: Callable[[State], Any] | None = None

    # --- the search ---------------------------------------------------------------------------------------
    def solve(self, state: State) -> tuple[float, Any]:
        """Side 0's value of ``state`` under best play by both sides, and the best action for the side to move."""
        game = state.game
        if len(game.sides) != 2:
            raise ValueError(f"the solver needs two sides, this game has {len(game.sides)}")
        self._side_of = game.side_of
        self._seat0 = game.sides[0][0]
        self._key = key_function(state, with_points=self.objective == "returns")
        if state.is_terminal():
            return self._terminal(state), None
        moves = self.moves(state)
        if len(moves) == 1 and self.objective == "points":
            # One choice: its value still matters to callers that compare positions.
            child = state.clone()
            child.apply(moves[0])
            return self._gain(state, child) + self._search(child, -INF, INF), moves[0]
        value, best = self._root(state, moves)
        return value, best

    def values(self, state: State) -> dict[Any, float]:
        """Every candidate move's exact value (side 0's), e.g. to compare moves that tie."""
        self.solve(state)  # fills the table and sets the game's facts
        found = {}
        for a in self.moves(state):
            child = state.clone()
            child.apply(a)
            gain = self._gain(state, child)
            found[a] = gain + self._search(child, -INF, INF)
        return found

    def _root(self, state: State, moves: list[Any]) -> tuple[float, Any]:
        maximizing = self._side_of[state.current_player] == 0  # type: ignore[index]
        alpha, beta = -INF, INF
        best_value, best_move = (-INF if maximizing else INF), moves[0]
        for a in moves:
            child = state.clone()
            child.apply(a)
            gain = self._gain(state, child)
            v = gain + self._search(child, alpha - gain, beta - gain)
            if (v > best_value) if maximizing else (v < best_value):
                best_value, best_move = v, a
                if maximizing:
                    alpha = max(alpha, v)
                else:
                    beta = min(beta, v)
        return best_value, best_move

    def _search(self, state: State, alpha: float, beta: float) -> float:
        self.nodes += 1
        if not self.nodes % CHECK_EVERY and (
            (self.deadline is not None and time.perf_counter() > self.deadline)
            or (self.max_nodes is not None and self.nodes > self.max_nodes)
        ):
            raise OutOfTime(f"no exact value within the limits ({self.nodes} positions searched)")
        if state.current_player is None:
            return self._terminal(state)
        key = self._key(state) if self._key is not None else None
        hint = None
        if key is not None:
            hit = self.table.get(key)
            if hit is not None:
                lo, hi, hint = hit
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                alpha = max(alpha, lo)
                beta = min(beta, hi)
        moves = self.moves(state, hint)
        maximizing = self._side_of[state.current_player] == 0
        a0, b0 = alpha, beta
        best_value = -INF if maximizing else INF
        best_move = None
        points = self.objective == "points"
        base = state.points() if points else None
        for a in moves:
            child = state.clone()
            child.apply(a)
            if points:
                after = child.points()
                gain = (after[0] - base[0]) - (after[1] - base[1])  # type: ignore[index]
                v = gain + self._search(child, alpha - gain, beta - gain)
            else:
                v = self._search(child, alpha, beta)
            if maximizing:
                if v > best_value:
                    best_value, best_move = v, a
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            elif v < best_value:
                best_value, best_move = v, a
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        if key is not None:
            lo, hi = -INF, INF
            old = self.table.get(key)
            if old is not None:
                lo, hi = old[0], old[1]
            if best_value <= a0:
                hi = min(hi, best_value)
            elif best_value >= b0:
                lo = max(lo, best_value)
            else:
                lo = hi = best_value
            self.table[key] = (lo, hi, best_move)
        return best_value

    # --- moves and values ---------------------------------------------------------------------------------
    def moves(self, state: State, hint: Any = None) -> list[Any]:
        """The moves searched, best guesses first: talk and (for the points objective) claims left out."""
        legal = state._legal()
        if len(legal) == 1:
            return list(legal)
        moves = []
        for a in legal:
            if a.__class__ is Card:
                moves.append(a)
            elif a.kind in TALK_KINDS:
                continue
            elif a.kind == "claim":
                if self.objective == "returns" and self._claim_wins(state, a):
                    return [a]  # a right claim ends the deal in a win: nothing can be better
            else:
                moves.append(a)
        if not moves:
            moves = [a for a in legal if not (a.__class__ is not Card and a.kind == "claim")] or list(legal)
        points = getattr(state, "_points", None)
        if points is not None:
            moves.sort(key=lambda a: -points.get(a, 0) if a.__class__ is Card else -100)
        if hint is not None and hint in moves:
            moves.remove(hint)
            moves.insert(0, hint)
        return moves

    def _claim_wins(self, state: State, claim: Any) -> bool:
        seat = state.current_player
        child = state.clone()
        child.apply(claim)
        return child.returns()[seat] > 0  # type: ignore[index]

    def _terminal(self, state: State) -> float:
        if self.objective == "points":
            return 0.0
        return state.returns()[self._seat0]

    def _gain(self, before: State, after: State) -> float:
        if self.objective != "points":
            return 0.0
        b, a = before.points(), after.points()
        return (a[0] - b[0]) - (a[1] - b[1])


def key_function(state: State, with_points: bool) -> Callable[[State], Any] | None:
    """A compact position key for the states whose future depends only on the fields it names, else None
    (no table: plain alpha-beta stays correct for games whose state holds more)."""
    from ..games.briscola import BriscolaState
    from ..games.trijumf import TrijumfState
    from ..games.triomphe import TriompheState

    if type(state) is BriscolaState:

        def briscola_key(s: Any) -> Any:
            talk = s.talk.floor if s.talk is not None else None
            key = (
                s.current_player,
                s.phase,
                tuple(map(frozenset, s.hands)),
                tuple(s.trick),
                tuple(s.stock),
                s.trick_seats,
                talk,
            )
            return (key, tuple(s.won)) if with_points else key

        return briscola_key
    if type(state) is TrijumfState:

        def trijumf_key(s: Any) -> Any:
            key = (
                s.current_player,
                s.phase,
                s.trump,
                tuple(map(frozenset, s.hands)),
                tuple(s.trick),
                tuple(s.stock),
                bool(s.tricks),
                s.declarations,
            )
            return (key, tuple(s.points())) if with_points else key

        return trijumf_key
    g = state.game
    if type(state) is TriompheState and not g.strasbourg and g.enforce and not g.concession:  # type: ignore[attr-defined]
        # French card play (no penalty mode, no concession, whose refusal changes what a margin scores): the
        # trump is the deal's and the robbing is over; what is to come depends on the hands, the trick and who
        # plays (the tricks taken only with their totals).
        def triomphe_key(s: Any) -> Any:
            key = (s.current_player, s.phase, tuple(map(frozenset, s.hands)), tuple(s.trick), s.trick_seats)
            return (key, tuple(s.tricks_won)) if with_points else key

        return triomphe_key
    return None


class SolverAgent(Agent):
    """Exact play when the observation determines every hidden card; the ``search`` agent otherwise.

    The exact search gets most of the move's time budget (or, with ``samples=N`` as for the search agent, a
    fixed number of positions, so that the choice does not depend on the machine's speed); a position too big
    to solve in that time (Trijumf with ten cards each) is left to the search agent as well."""

    name = "solver"

    def __init__(self, game: Any = None, seed: int | None = None, budget: float | None = None, **search: Any) -> None:
        super().__init__(game=game, seed=seed, budget=budget)
        self.samples: int | None = search.get("samples")
        self._search_options = search
        self._fallback: Agent | None = None

    def decide(self, observation: dict[str, Any]) -> str:
        legal = self.legal(observation)
        if "claim" in legal and claim_is_right(observation):
            return "claim"
        candidates = [a for a in legal if a.split()[0] not in ("claim", *TALK_KINDS)] or legal
        if len(candidates) == 1:
            return candidates[0]
        start = time.perf_counter()
        state = determined_state(self.game, observation, self.rng)
        if state is not None:
            move = exact_move(state, observation["seat"], candidates, *exact_limits(self.budget, self.samples))
            if move is not None:
                return move
        return self._defer(observation, time.perf_counter() - start)

    def _defer(self, observation: dict[str, Any], spent: float) -> str:
        from .search import DEFAULT_BUDGET, MAX_BUDGET, SearchAgent

        if self._fallback is None:
            self._fallback = SearchAgent(game=self.game, seed=self.rng.getrandbits(63))
        for k, v in self._search_options.items():
            setattr(self._fallback, k, v)
        self._fallback.samples = self.samples  # type: ignore[attr-defined]
        budget = min(self.budget if self.budget is not None else DEFAULT_BUDGET, MAX_BUDGET)
        self._fallback.budget = max(0.05, budget - spent)  # what is left of this move's time
        return self._fallback.choose(observation)


EXACT_SHARE = 0.6  # of the move's time budget, for an exact search that may not finish
EXACT_NODES = 50_000  # with a fixed sample count: the positions an exact search may visit (about 1 s)


def exact_limits(budget: float | None, samples: int | None) -> tuple[float | None, int | None]:
    """(deadline, node limit) for an exact search of one move."""
    if samples is not None:
        return None, EXACT_NODES
    return time.perf_counter() + EXACT_SHARE * min(budget if budget is not None else 0.5, 1.0), None


def exact_move(
    state: State,
    seat: int,
    candidates: list[str],
    deadline: float | None,
    max_nodes: int | None,
    respond: bool = False,
) -> str | None:
    """The candidate with the best exact value for ``seat`` (ties: the fewest points given away now, then the
    legal order), or None when the search does not finish within the limits. With ``respond`` (two-player
    Briscola only) the best against the opponent's playout rule rather than against perfect play."""
    game = state.game
    objective = "returns" if getattr(game, "variant", None) == "a31" else "points"
    fast = briscola2(game)
    tj = trijumf2(game)
    if fast is not None and objective == "points" and not game.has_extras:
        # Small: the stock is (nearly) gone.
        values = {str(a): v for a, v in fast.values(state, seat if respond else None).items()}
    elif tj is not None and not state.stock and state.phase == PLAY:  # type: ignore[attr-defined]
        # Two-player Trijumf once the stock is gone: ten cards each solved on bit masks (trijumf2).
        values = {str(a): v for a, v in tj.values(state).items()}
    else:
        solver = Solver(objective, deadline=deadline, max_nodes=max_nodes)
        try:
            values = {str(a): v for a, v in solver.values(state).items()}
        except OutOfTime:
            return None
    sign = 1 if game.side_of[seat] == 0 else -1
    scored = [a for a in candidates if a in values]
    if not scored:
        return None
    points = getattr(state, "_points", {})
    return max(scored, key=lambda a: (sign * values[a], -points.get(a, 0), -candidates.index(a)))


def determined_state(game: Any, observation: dict[str, Any], rng: Any) -> State | None:
    """The one state the observation allows, when every hidden card's place is forced; else None."""
    if game is None or len(game.sides) != 2:
        return None
    try:
        first = game.sample_state(observation, rng)
    except NotImplementedError:
        return None
    # Only the games whose hidden places the solver knows (hands and stock); before the deal (a cut to choose)
    # the whole pack is hidden.
    if key_function(first, with_points=False) is None or first.phase != PLAY or not any(first.hands):  # type: ignore[attr-defined]
        return None
    hidden = _hidden_places(first, observation)
    if hidden is None or hidden > 1:
        return None
    return first


def _hidden_places(state: State, observation: dict[str, Any]) -> int | None:
    """How many distinct places of cards the seat cannot see there are (1 when they all lie in one hand
    with no alternative; None when the state is of an unknown kind)."""
    seat = observation["seat"]
    hands = getattr(state, "hands", None)
    if hands is None:
        return None
    known = {str(c) for codes in (observation.get("open_hands") or {}).values() for c in codes}
    known |= {str(c) for codes in (observation.get("known_cards") or {}).values() for c in codes}
    known |= {str(c) for codes in (observation.get("views") or {}).values() for c in codes}
    places = 0
    for s, h in enumerate(hands):
        if s != seat and any(str(c) not in known for c in h):
            places += 1
    stock = getattr(state, "stock", None) or []
    if hasattr(state, "stock_cards"):  # Triomphe: the stock below the cards turned up is never seen
        stock = state.stock_cards[state.turned :]  # type: ignore[attr-defined]
    if observation.get("stock_top") is not None:
        stock = stock[:-1]
    if observation.get("indicator") is not None:
        stock = stock[1:]
    if stock:
        places += 1 if places == 0 and len(stock) == 1 else 2
    return places
