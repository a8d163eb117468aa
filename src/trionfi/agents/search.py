"""The ``search`` agent: Monte Carlo over the hidden cards (perfect-information Monte Carlo).

For each move the agent draws many *worlds*, full states its observation could come from
(``game.sample_state(observation, rng)``: the unseen cards dealt at random among the places it cannot see,
respecting everything it knows), and scores every candidate action in every world:

* near the end of a deal of a two-sided game (at most ``solve_cards`` cards left in the hands and the stock),
  exactly, by the alpha-beta :class:`~trionfi.agents.solver.Solver` on that world;
* before that, by ``rollouts`` playouts to the end of the deal with a cheap policy working on the state (a
  rule of thumb for trick games: lead low, take a loaded trick cheaply, load a trick the partner wins, throw
  the cheapest card; with probability ``epsilon`` a random legal card instead, so that playouts vary).

Every action is scored on the same worlds (common random numbers). Every 100 worlds the actions that fall
clearly behind the best (by ``DROP_Z`` standard errors) are dropped, and when one is left the agent answers.
It plays the action with the best mean score, the heuristic agent's choice getting a bonus of ``prior``
(which settles near-ties that sampling cannot tell apart; 0 by default, 0.03 at the hard level). A score is
``returns()[seat]`` (win 1, draw 0, loss -1 in two-sided games) plus ``points_weight`` times the side's
final point difference over the pack's points: winning first, and among equal chances the larger margin (which
also tells moves apart when the outcome is already sure).

With ``infer`` > 0 (two-player Briscola; 0.7 at the hard level, 0 by default) the worlds are weighted by how
well they explain the opponent's latest decision: by the chance the playout rule makes it from that world's
hand, mixed with a uniform choice. The mix is fixed with ``learn=False`` (the hard level: the rule's chance at
0.7, the uniform one at 0.3) or learnt over the deal by the :class:`~trionfi.agents.briscola2.OpponentModel`
(rates from 0 to ``infer``). The rule is a simplification of the heuristic bot, so it explains even that
bot's plays only in part.

The time budget is ``budget`` seconds per move (0.5 by default, never above 1); ``samples=N`` instead draws
(at most) N worlds, which with a seed makes the choice reproducible whatever the machine's speed, under a
safety cap of 0.9 s (or 0.9 * ``budget``) that only a far slower machine reaches. When the
observation leaves no card's place in doubt (two-player Briscola once the stock is gone) one world is solved
exactly. The agent never talks (it has no model of what talk would achieve) except to send the private,
truthful signals of Briscola's ``communication=signals``, which only its partners hear; it claims when a
claim is right and never otherwise. A game without a sampler is played by the heuristic agent, and so are
the bids and the call of Briscola Chiamata.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from ..cards import Card, card
from ..engine import PLAY, State
from ..tricks import winning_index
from .base import Agent, claim_is_right
from .briscola2 import Briscola2, FastWorlds, OpponentModel, briscola2, fast_playout
from .solver import (
    TALK_KINDS,
    OutOfTime,
    Solver,
    determined_state,
    exact_limits,
    exact_move,
    key_function,
)

DEFAULT_BUDGET = 0.5
MAX_BUDGET = 1.0
RARE = ("vagaresto", "vaga")  # actions that end or decide a deal at once: never in playouts (random.py)
# Chiamata's auction and call: the playouts would bid at random, so the search cannot value a contract (it
# passed every time and lost to the heuristic); the heuristic bot bids and calls, the search plays the cards.
CONTRACT_PHASES = ("auction", "call")
WORLD_NODES = 20_000  # an exact search of one sampled world that needs more is left to playouts
CHECK_EVERY = 100  # worlds between two looks for candidates that are clearly worse than the best
DROP_Z = 3.5  # how many standard errors behind the best a candidate must fall to be dropped
MIN_ERROR = 0.005  # a floor on the standard error: exact scores can agree world after world
GREEDY_GAMES = ("briscola", "trijumf", "briscola-chiamata")  # trick games the playout rule of thumb knows


class SearchAgent(Agent):
    """Perfect-information Monte Carlo with playouts and exact endgames (module docstring)."""

    name = "search"

    def __init__(
        self,
        game: Any = None,
        seed: int | None = None,
        budget: float | None = None,
        *,
        samples: int | None = None,
        rollouts: int = 1,
        solve_cards: int = 10,
        points_weight: float = 2.0,
        epsilon: float = 0.0,
        policy: str = "greedy",
        prior: float = 0.0,
        infer: float = 0.0,
        learn: bool = True,
    ) -> None:
        super().__init__(game=game, seed=seed, budget=budget)
        self.samples = samples
        self.rollouts = rollouts
        self.solve_cards = solve_cards
        self.points_weight = points_weight
        self.epsilon = epsilon
        self.policy = policy
        self.prior = prior
        self.infer = infer
        self.learn = learn
        self.last_stats: dict[str, Any] = {}
        self._start = 0.0
        self._pack = 1.0
        self._fallback: Agent | None = None
        self._model: OpponentModel | None = None

    # --- choosing ---------------------------------------------------------------------------------------
    def choose(self, observation: dict[str, Any]) -> str:
        self._start = time.perf_counter()  # the budget counts from here, an exact attempt included
        legal = self.legal(observation)
        if "claim" in legal and claim_is_right(observation):
            return "claim"
        if observation.get("phase") in CONTRACT_PHASES:
            return self._heuristic(observation)
        candidates = [a for a in legal if a.split()[0] not in ("claim", *RARE, *TALK_KINDS)]
        signals = [a for a in legal if a.startswith("signal ")]
        if signals:
            return signals[0]  # private and truthful: it only helps the partners' sampling
        if not candidates:
            candidates = [a for a in legal if a != "claim"] or legal
        if len(candidates) == 1:
            return candidates[0]
        game = self.game
        if game is None:
            raise ValueError("the search agent needs the game (make_agent(..., game=game))")
        try:
            exact = determined_state(game, observation, self.rng)
        except NotImplementedError:
            return self._heuristic(observation)
        if exact is not None:
            move = self._exact(exact, observation, candidates)
            if move is not None:
                return move
        try:
            return self._monte_carlo(observation, candidates)
        except NotImplementedError:
            return self._heuristic(observation)

    def _heuristic(self, observation: dict[str, Any]) -> str:
        if self._fallback is None:
            from .heuristic import HeuristicAgent

            self._fallback = HeuristicAgent(game=self.game, seed=self.rng.getrandbits(63), budget=self.budget)
        return self._fallback.choose(observation)

    def _exact(self, state: State, observation: dict[str, Any], candidates: list[str]) -> str | None:
        """The exact best move of a determined position, or None when it is too big to solve in time."""
        move = exact_move(state, observation["seat"], candidates, *exact_limits(self.budget, self.samples))
        self.last_stats = {"worlds": 1, "exact": move is not None}
        return move

    def _monte_carlo(self, observation: dict[str, Any], candidates: list[str]) -> str:
        game = self.game
        seat = observation["seat"]
        rng = self.rng
        budget = min(self.budget if self.budget is not None else DEFAULT_BUDGET, MAX_BUDGET)
        start = self._start
        deadline = start + budget * 0.9  # leave room for the last world and the answer
        cap = start + 0.9 * (self.budget if self.budget is not None else MAX_BUDGET)  # with samples=N
        scores: dict[str, list[float]] = {a: [] for a in candidates}
        self._pack = pack_points(game)
        fb = briscola2(game)
        if fb is not None and game.has_extras and game.variant != "a31":
            fb = None  # table talk: the engine's path
        maker = FastWorlds(fb, observation, game.hand_size) if fb is not None and not fb.follow else None
        weights: list[float] = []
        model = self._opponent_model(maker) if self.infer and maker is not None and maker.evidence else None
        rate = model.rate() if model is not None else 0.0
        explained = [0.0, 0.0]  # summed rule and uniform chances of the opponent's decision over the worlds
        number = {text: fb.number[card(text)] for text in candidates} if fb is not None else {}
        active = list(candidates)
        worlds = 0
        exact = False
        while True:
            if fb is not None:
                position = maker.world(rng) if maker is not None else fb.position(game.sample_state(observation, rng))
                if model is not None:
                    rule, uniform = maker.explain(fb, position[0][1 - seat])
                    weights.append(rate * rule + (1.0 - rate) * uniform)
                    explained[0] += rule
                    explained[1] += uniform
                found, solved = self._fast_world(fb, position, [(a, number[a]) for a in active], seat, rng)
            else:
                found, solved = self._engine_world(game.sample_state(observation, rng), active, seat, rng)
            exact |= solved
            for text, value in found.items():
                scores[text].append(value)
            worlds += 1
            if self.samples is not None:
                if worlds >= self.samples or time.perf_counter() >= cap:
                    break  # the cap only bites on a machine far slower than ours
            elif time.perf_counter() >= deadline:
                break
            if len(active) > 1 and worlds % CHECK_EVERY == 0:
                active = _survivors(active, scores, weights or None)
                if len(active) == 1:
                    break  # the others are clearly worse: answer early (still reproducible with samples=N)
        if model is not None:  # what this decision tells of the opponent, for the next moves
            model.learn(maker.evidence, explained[0] / worlds, explained[1] / worlds)
        means = {a: _mean(v, weights or None) for a, v in scores.items() if v}
        self.last_stats = {
            "worlds": worlds,
            "exact": exact,
            "seconds": time.perf_counter() - start,
            "scores": means,
            "active": active,
        }
        final = {a: means[a] for a in active if a in means}
        if self.prior and len(final) > 1:
            liked = self._heuristic(observation)
            if liked in final:
                final[liked] += self.prior  # among near-equal scores, the rule of thumb's card
        return _best(final, active)

    def _opponent_model(self, maker: FastWorlds) -> OpponentModel:
        """The model of the opponent for this deal (a new one when a new deal has begun)."""
        model = self._model
        left = maker.unplayed.bit_count()
        if model is None or left > model.unplayed:
            model = self._model = OpponentModel(self.infer, 10 if self.learn else 0)
        model.unplayed = left
        return model

    def _engine_world(
        self, world: State, active: list[str], seat: int, rng: random.Random
    ) -> tuple[dict[str, float], bool]:
        """Score the candidates on one world through the engine: exactly near the end, else by playouts."""
        actions = _actions(world, active)
        if self._endgame(world):
            found = self._solve_world(world, actions, seat)
            if found is not None:
                return found, True
        found = dict.fromkeys((text for text, _ in actions), 0.0)
        for _ in range(self.rollouts):
            seed = rng.getrandbits(32)  # the same playout randomness for every action
            for text, action in actions:
                child = world.clone()
                child.apply(action)
                found[text] += self._playout(child, seat, random.Random(seed)) / self.rollouts
        return found, False

    def _solve_world(self, world: State, actions: list[tuple[str, Any]], seat: int) -> dict[str, float] | None:
        """Score the actions on one world exactly (the generic solver); None if it is too big to solve."""
        solver = Solver(self._objective(), max_nodes=WORLD_NODES)
        found = {}
        try:
            for text, action in actions:
                child = world.clone()
                child.apply(action)
                value, _ = solver.solve(child)
                found[text] = self._score_exact(child, seat, value)
        except OutOfTime:
            return None
        return found

    def _fast_world(
        self, fb: Briscola2, position: tuple[Any, ...], numbers: list[tuple[str, int]], seat: int, rng: random.Random
    ) -> tuple[dict[str, float], bool]:
        """Score the candidates on one world of two-player Briscola by the fast path (exactly near the end)."""
        hands, stock, leader, led, won, unplayed, trump = position
        target = self.game.options["claim_target"] if self.game.variant == "a31" else 0
        exact = not target and sum(map(len, hands)) + len(stock) <= self.solve_cards
        memo: dict[Any, Any] = {}
        pack = fb.pack_points
        pw = self.points_weight
        eps = self.epsilon
        runs = 1 if exact or not eps else self.rollouts
        found = dict.fromkeys((text for text, _ in numbers), 0.0)
        for _ in range(runs):
            seed = rng.getrandbits(32) if eps else 0  # the same playout randomness for every action
            for text, number in numbers:
                h = [hands[0][:], hands[1][:]]
                st = stock[:]
                w = won[:]
                lead, on_table = fb.step(h, st, leader, led, number, w, trump)
                left = unplayed & ~fb.bit[number]
                claim = -1
                if target and on_table < 0 and w[lead] >= target:
                    claim = lead
                elif exact:
                    if h[0] or h[1]:
                        w[0] += fb.solve(h, st, lead, on_table, trump, memo)  # only the margin matters now
                elif h[0] or h[1]:
                    claim = fast_playout(
                        fb, h, st, lead, on_table, w, left, trump, target, eps, random.Random(seed) if eps else rng
                    )
                margin = w[seat] - w[1 - seat]
                ret = (1.0 if claim == seat else -1.0) if claim >= 0 else (margin > 0) - (margin < 0)
                found[text] += (ret + pw * margin / pack) / runs
        return found, exact

    # --- evaluation -------------------------------------------------------------------------------------
    def _objective(self) -> str:
        return "returns" if getattr(self.game, "variant", None) == "a31" else "points"

    def _endgame(self, world: State) -> bool:
        game = self.game
        if len(game.sides) != 2 or self.solve_cards <= 0:
            return False
        if key_function(world, with_points=False) is None:
            return False
        left = sum(len(h) for h in world.hands) + len(getattr(world, "stock", ()))  # type: ignore[attr-defined]
        return world.phase == PLAY and 0 < left <= self.solve_cards

    def _score(self, state: State, seat: int) -> float:
        """The score of a finished deal for ``seat``: its return plus a share of its point margin."""
        g = state.game
        ret = state.returns()[seat]
        if not self.points_weight:
            return ret
        points = state.points()
        side = g.side_of[seat]
        others = [p for i, p in enumerate(points) if i != side]
        margin = points[side] - (max(others) if others else 0)
        return ret + self.points_weight * margin / self._pack

    def _score_exact(self, state: State, seat: int, value: float) -> float:
        """The score of an exactly solved position (``value``: side 0's future difference, or return)."""
        g = state.game
        sign = 1 if g.side_of[seat] == 0 else -1
        if self._objective() == "returns":
            return sign * value
        points = state.points()
        margin = sign * (points[0] - points[1] + value)
        ret = (margin > 0) - (margin < 0)
        return ret + self.points_weight * margin / self._pack

    def _playout(self, state: State, seat: int, rng: random.Random) -> float:
        """Play ``state`` to the end with the cheap policy and score it for ``seat``."""
        g = state.game
        greedy = self.policy == "greedy" and g.name in GREEDY_GAMES
        a31 = getattr(g, "variant", None) == "a31"
        target = g.options.get("claim_target", 31) if a31 else 0
        eps = self.epsilon
        rand = rng.random
        choice = rng.choice
        while state.current_player is not None:
            legal = state._legal()
            if legal[-1].__class__ is Card:
                cards = legal
            else:
                if a31 and state.won[g.side_of[state.current_player]] >= target:  # type: ignore[attr-defined]
                    state.apply(legal[-1])  # the claim (always listed last): right, so it wins
                    continue
                cards = [a for a in legal if a.__class__ is Card]
                if not cards:
                    state.apply(_other_action(legal, choice))
                    continue
            if len(cards) == 1:
                state.apply(cards[0])
            elif greedy and rand() >= eps:
                state.apply(greedy_card(state, cards))
            else:
                state.apply(choice(cards))
        return self._score(state, seat)


def _other_action(legal: list[Any], choice: Any) -> Any:
    """A playout's choice among non-card actions: not talk, not a claim, not a deal-ending gamble."""
    quiet = [a for a in legal if a.kind not in TALK_KINDS and a.kind != "claim" and a.kind not in RARE]
    return choice(quiet or [a for a in legal if a.kind != "claim"] or legal)


def greedy_card(state: Any, cards: list[Card]) -> Card:
    """A rule-of-thumb card for trick games with card points (Briscola family, Trijumf): lead the cheapest
    card; when a partner wins the trick, load it if nobody can overtake, else play cheap; otherwise win a trick
    worth having as cheaply as possible (a card of the suit led before a trump), or throw the cheapest card."""
    points = state._points
    strength = state._strength
    trump = state.trump
    trick = state.trick
    if not trick:
        return min(cards, key=lambda c: (c.suit == trump, points[c], strength[c]))
    g = state.game
    seats = state.trick_seats
    me = state.current_player
    w = winning_index(trick, trump, strength)
    best = trick[w]
    last = len(trick) == len(seats) - 1
    if g.side_of[seats[w]] == g.side_of[me]:
        if last:
            return max(cards, key=lambda c: (c.suit != trump, points[c], -strength[c]))
        return min(cards, key=lambda c: (c.suit == trump, points[c], strength[c]))
    on_table = 0
    for c in trick:
        on_table += points[c]
    if best.suit != trump:
        # The suit led is winning: a higher card of it takes the trick and adds its own points.
        higher = [c for c in cards if c.suit == best.suit and strength[c] > strength[best]]
        if higher:
            return max(higher, key=lambda c: (points[c], strength[c]))
        if on_table >= 10 or (on_table >= 3 and last):
            trumps = [c for c in cards if c.suit == trump]
            if trumps:
                return min(trumps, key=lambda c: (points[c], strength[c]))
    elif on_table >= 10:
        higher = [c for c in cards if c.suit == trump and strength[c] > strength[best]]
        if higher:
            return min(higher, key=lambda c: (points[c], strength[c]))
    return min(cards, key=lambda c: (c.suit == trump, points[c], strength[c]))


def _survivors(active: list[str], scores: dict[str, list[float]], weights: list[float] | None = None) -> list[str]:
    """The candidates not clearly worse than the best so far: a candidate whose mean score, world by world
    against the best one's, falls short by more than DROP_Z standard errors is dropped. With ``weights`` (how
    likely each world is), the means and errors are weighted ones."""
    means = {a: _mean(scores[a], weights) for a in active}
    best = max(active, key=lambda a: means[a])
    top = scores[best]
    kept = []
    for a in active:
        if a == best:
            kept.append(a)
            continue
        diffs = [x - y for x, y in zip(top, scores[a], strict=False)]
        if weights:
            w = weights[: len(diffs)]
            total = sum(w)
            mean = sum(wi * d for wi, d in zip(w, diffs, strict=True)) / total
            var = sum(wi * (d - mean) ** 2 for wi, d in zip(w, diffs, strict=True)) / total
            n = total * total / sum(wi * wi for wi in w)  # the effective number of worlds
            var *= n / max(n - 1, 1.0)
        else:
            n = len(diffs)
            mean = sum(diffs) / n
            var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        if mean <= DROP_Z * max(math.sqrt(var / n), MIN_ERROR):
            kept.append(a)
    return kept


def _mean(values: list[float], weights: list[float] | None) -> float:
    if not weights:
        return sum(values) / len(values)
    w = weights[: len(values)]
    return sum(wi * v for wi, v in zip(w, values, strict=True)) / sum(w)


def _actions(world: State, candidates: list[str]) -> list[tuple[str, Any]]:
    """The world's action objects for the candidate texts (a text the world does not offer is skipped)."""
    by_text = {str(a): a for a in world._legal()}
    return [(text, by_text[text]) for text in candidates if text in by_text]


def _best(scores: dict[str, float], candidates: list[str]) -> str:
    """The candidate with the highest score; ties go to the first in the legal order."""
    return max(candidates, key=lambda a: scores.get(a, -float("inf")))


def pack_points(game: Any) -> float:
    """The scale of a point margin: the card points in the pack, or for games whose tricks carry no card
    points (their points count tricks) the number of tricks in a deal."""
    table = getattr(game, "card_points", None)
    total = float(sum(table.values())) if table else 0.0
    if total <= 0:
        total = float(len(game.deck) // max(1, game.players))
    return total or 1.0
