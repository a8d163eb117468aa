"""The ``search`` agent: Monte Carlo over the hidden cards (perfect-information Monte Carlo).

For each move the agent draws many *worlds*, full states its observation could come from
(``game.sample_state(observation, rng)``: the unseen cards dealt at random among the places it cannot see,
respecting everything it knows), and scores every candidate action in every world:

* near the end of a deal of a two-sided game (at most ``solve_cards`` cards left in the hands and the stock),
  exactly, by the alpha-beta :class:`~trionfi.agents.solver.Solver` on that world;
* before that, by ``rollouts`` playouts to the end of the deal with a cheap policy working on the state (a
  rule of thumb for trick games: lead low, take a loaded trick cheaply, load a trick the partner wins, throw
  the cheapest card; in Trionfetti the medium bot's card rule, in French Triomphe a trick taker seeing every
  hand, in Troccas the medium bot's card rule played off the engine (``playout_rules.playout_points``, one
  playout per world: the rule draws no random numbers); random in the others; with
  probability ``epsilon`` a random legal card instead, so that playouts vary; in two-player Briscola with
  ``self_noise`` only the searching seat's cards, the opponent keeping its rule: measured without a gain). A
  Trionfetti playout ends with the hand (:mod:`~trionfi.agents.playout_rules`).

Every action is scored on the same worlds (common random numbers). Every 100 worlds (20 in Troccas) the
actions that fall clearly behind the best (by ``DROP_Z`` standard errors) are dropped, and when one is left the
agent answers.
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

With ``history`` > 0 (two-player Briscola while the stock lasts, where every draw is unseen: 0.99 at the hard
level) a world is weighed by every decision of the opponent in the deal instead: the product over them of
``history`` times the chance the playout rule makes it plus the rest times a uniform choice, its hands then
worked back from that world's hand (:meth:`~trionfi.agents.briscola2.FastWorlds.history_weight`). With
``pool`` > 0 (4,000 at the hard level) that many worlds are drawn and weighed, and the worlds scored are drawn
from them by weight, each scored once with how often it was drawn: the search spends its time on the worlds
that explain the opponent's play; with ``every_hand`` as well (off: measured without a gain) every set of cards
the opponent may hold is weighed once instead of a random pool, and each world scored is drawn by weight from
them with a stock of its own. With ``respond`` (two-player Briscola; on at the hard level) the exact
endgames are the best answer to the opponent's playout rule, the model the playouts already make of it,
rather than to an opponent who sees every card (:meth:`~trionfi.agents.briscola2.Briscola2.respond`).
With ``draws`` as well (off at the hard level: no measured gain, docs/benchmarks.md), those endgames do not
read the world's stock order: each draw is any face-down card
(:meth:`~trionfi.agents.briscola2.Briscola2.respond_draws`), and the worlds of a decision share one table.
With ``lookahead`` (two-player Briscola while the playouts decide, not Briscola a 31; off by default) a playout
no longer takes the rule's card for the seat's own next decision: after each candidate the opponent answers by
the rule up to that decision, every card the seat may play then is played out, and a world's score is that of
the card which scores best over the other worlds where the seat would see the same (the opponent's cards, its
own hand): a choice made on what the seat will know then, not on the world (``_look_means``).
With ``respond_cards`` > 0 (Briscola Chiamata; off at the hard level: measured without a gain) a world is scored
in the last tricks, from that many cards in the seat's hand, by the seat's best line of cards against the other
seats' playout rule (:meth:`SearchAgent._answer_rule`), as ``respond`` does in two-player Briscola's endgames.
With ``own_rule`` (standard two-player Briscola; off: measured without a gain) the playouts play the seat's own
later cards by a learnt rule (:mod:`~trionfi.agents.briscola2_learnt`) and the opponent's still by the rule
of thumb.

The time budget is ``budget`` seconds per move (0.5 by default, never above 1); ``samples=N`` instead draws
(at most) N worlds and ``work=W`` stops after W plies of work (actions applied in playouts, positions stored by
exact searches, ``WORLD_COST`` for drawing a world), which with a seed makes the choice reproducible whatever
the machine's speed or load, under a safety cap of 0.9 s (or 0.9 * ``budget``) of processor time that only a
far slower machine reaches. When the
observation leaves no card's place in doubt (two-player Briscola once the stock is gone) one world is solved
exactly. Talk is left to the heuristic agent (it has no model of what talk would achieve): in a phase of talk
only, and beside the cards when the heuristic agent would talk; it claims when a claim is right and never
otherwise. A game without a sampler is played by the heuristic agent, and so are the bids and the call of
Briscola Chiamata (unless ``contracts``, as at the hard level: they are valued by playouts,
:mod:`~trionfi.agents.chiamata_auction`) and Trionfetti's comanda; a sure vagaresto is called as the
heuristic agent calls it, other calls are searched like a card (``playout_rules.searched_gamble``), and one
is answered by :func:`~trionfi.agents.reading.vagaresto_answer` or the heuristic agent. A Chiamata
defender's worlds fit the auction (:func:`~trionfi.agents.reading.world_check`), and until the called card
shows the caller's and the defenders' worlds deal it by how the bidding and the play read
(:mod:`~trionfi.agents.chiamata_reading`), and weighed by how well the other seats' recent cards fit the
medium level's card (:mod:`~trionfi.agents.chiamata_history`); French Triomphe's worlds are
weighed by how well the opponents' decisions fit the medium level's rule
(:func:`~trionfi.agents.reading.world_weight`), and its deals scored by the win first
(:func:`~trionfi.agents.playout_rules.scoring`), its last tricks (``solve_cards`` cards in the four hands)
solved exactly in each world. Two-player Trijumf after the stock is solved exactly on bit
masks (:mod:`~trionfi.agents.trijumf2`). Equivalent Troccas cards are searched once
(:mod:`~trionfi.agents.equivalence`).
"""

from __future__ import annotations

import math
import random
import time
from functools import lru_cache
from typing import Any

from ..cards import Card, card
from ..engine import PLAY, State
from ..tricks import winning_index
from .base import Agent, claim_is_right
from .briscola2 import (
    Briscola2,
    FastWorlds,
    OpponentModel,
    advance,
    briscola2,
    fast_playout,
    playout_tables,
    rule_move,
)
from .briscola2_learnt import fitted_for
from .chiamata_auction import searched_contract
from .equivalence import distinct_cards
from .manners import is_talk
from .playout_rules import (
    believed_sides,
    margin_return,
    playout_answer,
    playout_card,
    playout_end,
    playout_points,
    scoring,
    searched_gamble,
    side_points,
)
from .reading import vagaresto_answer, world_check, world_sampler, world_weight
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
# Chiamata's auction and call, Trionfetti's comanda and its answer to a vagaresto: the playouts would bid at
# random, so the search cannot value a contract (it passed every time and lost to the heuristic); a comanda is
# chosen before any card is seen; and a playout cannot tell a bluff from a sure hand (the search accepted sure
# vagarestos and lost stakes of up to 20): it concedes when the caller may be sure (reading.vagaresto_answer),
# else answers as the heuristic bot. The heuristic bot makes the other choices, the search plays the cards.
CONTRACT_PHASES = ("auction", "call", "comanda", "vagaresto")
WORLD_NODES = 20_000  # an exact search of one sampled world that needs more is left to playouts
# The work of drawing a world and setting it up on the engine's path, in plies (it takes about as long as 50
# actions applied: a work limit that left it out let a move of short playouts or small solves run long).
WORLD_COST = 50
MAX_TRIES = 20  # draws of a world that fails the seat's knowledge before the last is taken anyway
CHECK_EVERY = 100  # worlds between two looks for candidates that are clearly worse than the best
# Games whose worlds are costly look more often: a Troccas world is one playout of the whole deal per candidate,
# so the work limit ends a move after about a hundred worlds, often before the first look at 100.
CHECK_EVERY_GAME = {"troccas": 20}
DROP_Z = 3.5  # how many standard errors behind the best a candidate must fall to be dropped
EVERY_HAND_MAX = 20_000  # ``every_hand``: more hands than this (none in two-player Briscola) fall back to ``pool``
MIN_ERROR = 0.005  # a floor on the standard error: exact scores can agree world after world
GREEDY_GAMES = ("briscola", "trijumf", "briscola-chiamata")  # trick games the playout rule of thumb knows
# Phases of talk only (Troccas' tschintschar and its poll on a redeal, a Schembil rais's floor): the heuristic's.
TALK_PHASES = ("talk", "poll")


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
        work: int | None = None,
        history: float = 0.0,
        pool: int = 0,
        respond: bool = False,
        draws: bool = False,
        self_noise: bool = False,
        lookahead: bool = False,
        every_hand: bool = False,
        own_rule: bool = False,
        contracts: bool = False,
        respond_cards: int = 0,
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
        self.work = work
        self.history = history
        self.pool = pool
        self.respond = respond
        self.draws = draws
        self.self_noise = self_noise
        self.lookahead = lookahead
        self.every_hand = every_hand
        self.own_rule = own_rule
        self._own = False  # this move's playouts play the seat's own cards by the learnt rule
        self._looks: list[dict[str, Any] | None] = []  # per world: candidate -> (what the seat sees next, values)
        self._draws_memo: dict[Any, float] = {}
        self.contracts = contracts
        self.respond_cards = respond_cards
        self.last_stats: dict[str, Any] = {}
        self._start = 0.0
        self._cpu_start = 0.0
        self._pack = 1.0
        self._margin = points_weight  # this game's weight of the point margin (playout_rules.scoring)
        self._vole = 1.0  # this game's share of a deal's return beyond a plain win (playout_rules.scoring)
        self._fallback: Agent | None = None
        self._model: OpponentModel | None = None
        self._liked: str | None = None  # the heuristic agent's choice for this move, once asked
        self._same: dict[str, str] = {}  # this move's cards left out of the search -> the equivalent searched

    # --- choosing ---------------------------------------------------------------------------------------
    def decide(self, observation: dict[str, Any]) -> str:
        self._start = time.perf_counter()  # the budget counts from here, an exact attempt included
        self._cpu_start = time.process_time()
        legal = self.legal(observation)
        if "claim" in legal and claim_is_right(observation):
            return "claim"
        self._liked = None
        if observation.get("phase") in CONTRACT_PHASES + TALK_PHASES:
            searched = searched_contract(self.game, observation, self.rng) if self.contracts else None
            return searched or vagaresto_answer(observation) or self._heuristic(observation)
        if any(_is_talk(a) for a in legal):
            # Talk is the rule of thumb's: what a question or a signal is worth is not in the playouts.
            liked = self._liked = self._heuristic(observation)
            if _is_talk(liked):
                return liked
        if any(a.split()[0] in RARE for a in legal):
            # A deal-ending gamble (Trionfetti's vagaresto): the rule of thumb's sure call stands; otherwise the
            # search weighs calling like a card, the playouts answering as the medium bot (searched_gamble).
            liked = self._liked = self._liked if self._liked is not None else self._heuristic(observation)
            if liked.split()[0] in RARE:
                return liked
        gamble = searched_gamble(self.game) if self.game is not None else None
        candidates = [a for a in legal if (a.split()[0] not in ("claim", *RARE) or a == gamble) and not _is_talk(a)]
        if not candidates:
            candidates = [a for a in legal if a != "claim"] or legal
        candidates, self._same = distinct_cards(observation, candidates)
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
        limits = exact_limits(self.budget, self.samples)
        move = exact_move(state, observation["seat"], candidates, *limits, respond=self.respond)
        self.last_stats = {"worlds": 1, "exact": move is not None}
        return move

    def _monte_carlo(self, observation: dict[str, Any], candidates: list[str]) -> str:
        game = self.game
        seat = observation["seat"]
        rng = self.rng
        budget = min(self.budget if self.budget is not None else DEFAULT_BUDGET, MAX_BUDGET)
        start = self._start
        deadline = start + budget * 0.9  # leave room for the last world and the answer
        # With samples=N, a cap on the processor time this move took: the clock on the wall also counts the time
        # other programs took the processor, and a choice that depends on the load is not reproducible.
        cap = self._cpu_start + 0.9 * (self.budget if self.budget is not None else MAX_BUDGET)
        scores: dict[str, list[float]] = {a: [] for a in candidates}
        self._pack = pack_points(game)
        self._margin, self._vole = scoring(game, self.points_weight)
        fb = briscola2(game)
        if fb is not None and game.has_extras and game.variant != "a31":
            fb = None  # table talk: the engine's path
        self._own = bool(self.own_rule and fb is not None and fitted_for(game))
        maker = FastWorlds(fb, observation, game.hand_size) if fb is not None and not fb.follow else None
        weights: list[float] = []
        # Every decision of the opponent weighs a world where its history is worked out, else its latest one.
        histories = bool(self.history and maker is not None and maker.history)
        wanted = self.infer and not histories and maker is not None and maker.evidence
        model = self._opponent_model(maker) if wanted else None
        rate = model.rate() if model is not None else 0.0
        explained = [0.0, 0.0]  # summed rule and uniform chances of the opponent's decision over the worlds
        number = {text: fb.number[card(text)] for text in candidates} if fb is not None else {}
        check = world_check(game, observation) if fb is None else None
        weigh = world_weight(game, observation) if fb is None else None  # French Triomphe: the opponents' play
        draw = world_sampler(game, observation) if fb is None else None
        active = list(candidates)
        every = CHECK_EVERY_GAME.get(game.name, CHECK_EVERY)
        worlds = 0
        plies = 0  # the work done: actions applied in playouts, positions solved (module docstring)
        exact = False
        drawn = self._resampled(fb, maker, seat, rng) if histories and self.pool else None
        self._draws_memo = {}  # the exact answers with unknown draws: one table for every world of this decision
        self._looks = []
        while True:
            if fb is not None:
                if drawn is not None:
                    if worlds >= len(drawn):
                        break  # every world of the resample scored
                    position, count = drawn[worlds]
                    weights.append(count)
                elif maker is not None:
                    position = maker.world(rng)
                else:
                    position = fb.position(game.sample_state(observation, rng))
                if drawn is None and histories:
                    weights.append(maker.history_weight(fb, position[0][1 - seat], self.history))
                elif drawn is None and model is not None:
                    rule, uniform = maker.explain(fb, position[0][1 - seat])
                    weights.append(rate * rule + (1.0 - rate) * uniform)
                    explained[0] += rule
                    explained[1] += uniform
                found, solved, cost = self._fast_world(fb, position, [(a, number[a]) for a in active], seat, rng)
                plies += cost
            else:
                world, tries = _sample(game, observation, rng, check, draw)
                if weigh is not None:
                    weights.append(weigh(world))
                found, solved, cost = self._engine_world(world, active, seat, rng)
                plies += cost + WORLD_COST * tries
            exact |= solved
            for text, value in found.items():
                scores[text].append(value)
            worlds += 1
            if self.samples is not None:
                if worlds >= self.samples or time.process_time() >= cap:
                    break  # the cap: on a slow or busy machine it ends some moves (docs/benchmarks.md)
                if self.work is not None and plies >= self.work:
                    break  # the work limit: as reproducible as the sample count
            elif time.perf_counter() >= deadline:
                break
            if len(active) > 1 and worlds % every == 0:
                active = _survivors(active, scores, weights or None)
                if len(active) == 1:
                    break  # the others are clearly worse: answer early (still reproducible with samples=N)
        if model is not None:  # what this decision tells of the opponent, for the next moves
            model.learn(maker.evidence, explained[0] / worlds, explained[1] / worlds)
        means = {a: _mean(v, weights or None) for a, v in scores.items() if v}
        if self._looks and len(self._looks) == worlds and len(active) > 1:
            means.update(_look_means(self._looks, active, weights or None))
        self.last_stats = {
            "worlds": worlds,
            "plies": plies,
            "exact": exact,
            "seconds": time.perf_counter() - start,
            "cpu seconds": time.process_time() - self._cpu_start,
            "scores": means,
            "active": active,
        }
        if weights:  # how many equally weighted worlds the weighted ones are worth
            self.last_stats["effective worlds"] = sum(weights) ** 2 / sum(w * w for w in weights)
        final = {a: means[a] for a in active if a in means}
        if self.prior and len(final) > 1:
            liked = self._liked if self._liked is not None else self._heuristic(observation)
            liked = self._same.get(liked, liked)  # the card searched for its equivalent group
            if liked in final:
                final[liked] += self.prior  # among near-equal scores, the rule of thumb's card
        return _best(final, active)

    def _resampled(
        self, fb: Briscola2, maker: FastWorlds, seat: int, rng: random.Random
    ) -> list[tuple[tuple[Any, ...], int]]:
        """Worlds drawn in proportion to how well they explain the opponent's decisions, each once with the
        number of times it was drawn: ``pool`` worlds are drawn and weighed (cheap), then as many as the
        search may score are drawn from them by weight (sampling importance resampling). The likely worlds are
        scored, and each only once, rather than many worlds of almost no weight. With ``every_hand`` every hand
        the opponent may hold is weighed instead of a pool, and each world scored is a hand drawn by weight with
        a stock shuffled of its own (a count of 1 each)."""
        if self.every_hand and maker.need > 0 and math.comb(len(maker.unseen), maker.need) <= EVERY_HAND_MAX:
            hands = maker.hands()
            weights = [maker.history_weight(fb, maker.known + list(h), self.history) for h in hands]
            drawn = rng.choices(range(len(hands)), weights=weights, k=self.samples or self.pool)
            return [(maker.world_with(hands[i], rng), 1) for i in drawn]  # a stock of its own for each
        pool = [maker.world(rng) for _ in range(self.pool)]
        weights = [maker.history_weight(fb, p[0][1 - seat], self.history) for p in pool]
        counts: dict[int, int] = {}
        for i in rng.choices(range(len(pool)), weights=weights, k=self.samples or len(pool)):
            counts[i] = counts.get(i, 0) + 1  # in the order first drawn: a random order
        return [(pool[i], n) for i, n in counts.items()]

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
    ) -> tuple[dict[str, float], bool, int]:
        """Score the candidates on one world through the engine: exactly near the end, else by playouts.
        Also returns the work it took (actions applied, positions solved)."""
        quiet = quiet_game(world.game)
        if quiet is not world.game:
            world.game = quiet  # type: ignore[misc]
            world._legal_cache = None
        actions = _actions(world, active)
        plies = 0
        if self._endgame(world):
            found, plies = self._solve_world(world, actions, seat)
            if found is not None:
                return found, True, plies
        rule = playout_card(world.game)
        if (
            rule is not None
            and world.phase == PLAY
            and len(world.game.sides) > 2
            and 0 < len(world.hands[seat]) <= self.respond_cards
        ):
            found = {}
            for text, action in actions:
                child = world.clone()
                child.apply(action)
                found[text], work = self._answer_rule(child, seat, rule)
                plies += 1 + work
            return found, False, plies
        found = dict.fromkeys((text for text, _ in actions), 0.0)
        fast = playout_points(world.game)
        if fast is not None:  # a game's own playout off the engine (Troccas), by its rule: one is enough
            for text, action in actions:
                child = world.clone()
                child.apply(action)
                plies += 1 + sum(map(len, child.hands))
                points = fast(child)
                if points is None:  # not in play (a new deal asked for): the engine's playout
                    found[text] = self._playout(child, seat, rng)
                    plies += len(child.history)
                else:
                    found[text] = self._score_points(points, world.game.side_of[seat])
            return found, False, plies
        for _ in range(self.rollouts):
            seed = rng.getrandbits(32)  # the same playout randomness for every action
            for text, action in actions:
                child = world.clone()
                child.apply(action)
                before = len(child.history)
                found[text] += self._playout(child, seat, random.Random(seed)) / self.rollouts
                plies += 1 + len(child.history) - before
        return found, False, plies

    def _answer_rule(self, state: State, seat: int, rule: Any) -> tuple[float, int]:
        """The best score ``seat`` reaches from ``state`` (consumed) choosing each of its later cards, the other
        seats playing the playout rule (``respond_cards``: the endgame as a best answer to the model of the
        others, as ``respond`` in two-player Briscola); and the plies it took."""
        plies = 0
        while state.current_player is not None:
            cards = state._legal()
            if len(cards) > 1 and state.current_player == seat:
                best = -math.inf
                for c in cards:
                    child = state.clone()
                    child.apply(c)
                    value, work = self._answer_rule(child, seat, rule)
                    best = max(best, value)
                    plies += 1 + work
                return best, plies
            state.apply(cards[0] if len(cards) == 1 else rule(state, cards))
            plies += 1
        return self._score(state, seat), plies

    def _solve_world(
        self, world: State, actions: list[tuple[str, Any]], seat: int
    ) -> tuple[dict[str, float] | None, int]:
        """Score the actions on one world exactly (the generic solver), and the positions it searched; None
        for the scores if it is too big to solve."""
        solver = Solver(self._objective(), max_nodes=WORLD_NODES)
        found = {}
        try:
            for text, action in actions:
                child = world.clone()
                child.apply(action)
                value, _ = solver.solve(child)
                found[text] = self._score_exact(child, seat, value)
        except OutOfTime:
            return None, solver.nodes
        return found, solver.nodes + len(actions)

    def _fast_world(
        self, fb: Briscola2, position: tuple[Any, ...], numbers: list[tuple[str, int]], seat: int, rng: random.Random
    ) -> tuple[dict[str, float], bool, int]:
        """Score the candidates on one world of two-player Briscola by the fast path (exactly near the end), and
        the work it took: the positions the exact search stored (its playouts are cheap enough not to count)."""
        hands, stock, leader, led, won, unplayed, trump = position
        target = self.game.options["claim_target"] if self.game.variant == "a31" else 0
        exact = not target and sum(map(len, hands)) + len(stock) <= self.solve_cards
        memo: dict[Any, Any] = {}
        pack = fb.pack_points
        pw = self.points_weight
        eps = self.epsilon
        runs = 1 if exact or not eps else self.rollouts
        found = dict.fromkeys((text for text, _ in numbers), 0.0)
        if self.lookahead and not exact and not target and not eps:
            return self._look_world(fb, position, numbers, seat, rng), False, 0
        if exact and self.respond and self.draws:
            # The best answer to the rule with the draws unknown: the stock's order of this world is not read, so
            # the table of positions is the decision's, shared by its worlds (the work counts what this one added).
            shared = self._draws_memo
            before = len(shared)
            for text, number in numbers:
                found[text] = fb.respond_draws(
                    hands, stock, leader, led, trump, seat, number, won[0] - won[1], pw, shared
                )
            return found, exact, len(shared) - before
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
                elif exact and self.respond:
                    if h[0] or h[1]:  # the best answer to the opponent's playout rule (module docstring)
                        w[0] += fb.respond(h, st, lead, on_table, trump, seat, memo)
                elif exact:
                    if h[0] or h[1]:
                        w[0] += fb.solve(h, st, lead, on_table, trump, memo)  # only the margin matters now
                elif h[0] or h[1]:
                    claim = fast_playout(
                        fb,
                        h,
                        st,
                        lead,
                        on_table,
                        w,
                        left,
                        trump,
                        target,
                        eps,
                        random.Random(seed) if eps else rng,
                        seat if self.self_noise else -1,
                        seat if self._own else -1,
                    )
                margin = w[seat] - w[1 - seat]
                ret = (1.0 if claim == seat else -1.0) if claim >= 0 else (margin > 0) - (margin < 0)
                found[text] += (ret + pw * margin / pack) / runs
        return found, exact, len(memo)

    def _look_world(
        self, fb: Briscola2, position: tuple[Any, ...], numbers: list[tuple[str, int]], seat: int, rng: random.Random
    ) -> dict[str, float]:
        """Score the candidates on one world with the seat's next card chosen, not the rule's (``lookahead``):
        after each candidate the other seat answers by the rule up to the seat's next decision, and every card it
        may play then is played out by the rule. The world's score is the rule's card's (as without
        ``lookahead``); what the seat would see then and each card's score are kept for :meth:`_look_means`."""
        hands, stock, leader, led, won, unplayed, trump = position
        pack = fb.pack_points
        pw = self.points_weight
        tables = playout_tables(fb, trump)
        found: dict[str, float] = {}
        looks: dict[str, Any] = {}
        for text, number in numbers:
            h = [hands[0][:], hands[1][:]]
            st = stock[:]
            w = won[:]
            lead, on_table = fb.step(h, st, leader, led, number, w, trump)
            lead, on_table, left, seen = advance(fb, h, st, lead, on_table, w, unplayed & ~fb.bit[number], trump, seat)
            if not h[seat]:
                margin = w[seat] - w[1 - seat]
                found[text] = (margin > 0) - (margin < 0) + pw * margin / pack
                looks[text] = (None, [found[text]], 0)
                continue
            hand = h[seat]
            follows = [x for x in hand if fb.suit[x] == fb.suit[on_table]] if on_table >= 0 and fb.follow else []
            options = sorted(follows or hand)
            ruled = rule_move(fb, tables, h, st, lead, on_table, left, trump)
            values = []
            for d in options:
                h2 = [h[0][:], h[1][:]]
                st2 = st[:]
                w2 = w[:]
                lead2, on2 = fb.step(h2, st2, lead, on_table, d, w2, trump)
                if h2[0] or h2[1]:
                    fast_playout(fb, h2, st2, lead2, on2, w2, left & ~fb.bit[d], trump, 0, 0.0, rng)
                margin = w2[seat] - w2[1 - seat]
                values.append((margin > 0) - (margin < 0) + pw * margin / pack)
            rule = options.index(ruled)
            found[text] = values[rule]
            looks[text] = ((seen, tuple(sorted(hand))), values, rule)
        self._looks.append(looks)
        return found

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
        ret = self._shaped(state.returns()[seat])
        if not self._margin:
            return ret
        ours, theirs = side_points(state, seat)
        margin = ours - theirs
        return ret + self._margin * margin / self._pack

    def _score_points(self, points: list[int], side: int) -> float:
        """The score of a finished deal of two sides for ``side`` from their counted points (a fast playout's)."""
        margin = points[side] - points[1 - side]
        return (margin > 0) - (margin < 0) + self.points_weight * margin / self._pack

    def _score_exact(self, state: State, seat: int, value: float) -> float:
        """The score of an exactly solved position (``value``: side 0's future difference, or return)."""
        g = state.game
        sign = 1 if g.side_of[seat] == 0 else -1
        if self._objective() == "returns":
            return sign * value
        points = state.points()
        margin = sign * (points[0] - points[1] + value)
        return self._shaped(margin_return(g, margin)) + self._margin * margin / self._pack

    def _shaped(self, ret: float) -> float:
        """A deal's return as the search counts it: beyond a plain win (a vole) only the game's share."""
        if self._vole != 1.0 and abs(ret) > 1:
            return math.copysign(1 + self._vole * (abs(ret) - 1), ret)
        return ret

    def _playout(self, state: State, seat: int, rng: random.Random) -> float:
        """Play ``state`` to the end with the cheap policy and score it for ``seat``."""
        g = state.game
        rule = playout_card(g) if self.policy == "greedy" else None
        greedy = self.policy == "greedy" and g.name in GREEDY_GAMES and rule is None  # a game's own rule first
        done = playout_end(state)
        a31 = getattr(g, "variant", None) == "a31"
        target = g.options.get("claim_target", 31) if a31 else 0
        eps = self.epsilon
        rand = rng.random
        choice = rng.choice
        while state.current_player is not None and not done(state):
            legal = state._legal()
            if legal[-1].__class__ is Card:
                cards = legal
            else:
                if a31 and state.won[g.side_of[state.current_player]] >= target:  # type: ignore[attr-defined]
                    state.apply(legal[-1])  # the claim (always listed last): right, so it wins
                    continue
                cards = [a for a in legal if a.__class__ is Card]
                if not cards:
                    state.apply(playout_answer(state) or _other_action(legal, choice))
                    continue
            if len(cards) == 1:
                state.apply(cards[0])
            elif greedy and rand() >= eps:
                state.apply(greedy_card(state, cards))
            elif rule is not None and rand() >= eps:
                state.apply(rule(state, cards))
            else:
                state.apply(choice(cards))
        return self._score(state, seat)


def _sample(
    game: Any, observation: dict[str, Any], rng: random.Random, check: Any, draw: Any = None
) -> tuple[State, int]:
    """A world ``observation`` could come from that passes ``check`` (what the seat knows beyond the sampler's
    rules, :func:`~trionfi.agents.reading.world_check`), and the draws it took; after ``MAX_TRIES`` draws
    the last one is taken as it is (the check is a likelihood, not a certainty). ``draw(rng)``, when given,
    draws instead of the game's sampler (:func:`~trionfi.agents.reading.world_sampler`)."""
    tries = 0
    while True:
        world = draw(rng) if draw is not None else game.sample_state(observation, rng)
        tries += 1
        if check is None or tries >= MAX_TRIES or check(world):
            return world, tries


def _is_talk(action: str) -> bool:
    return is_talk(action) or action.startswith("view ")


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
    seats = state.trick_seats
    me = state.current_player
    w = winning_index(trick, trump, strength)
    best = trick[w]
    last = len(trick) == len(seats) - 1
    side_of = believed_sides(state, me)  # Chiamata's partners are a side here, once the player knows it
    if side_of[seats[w]] == side_of[me]:
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


def _look_means(looks: list[dict[str, Any]], active: list[str], weights: list[float] | None) -> dict[str, float]:
    """Each candidate's mean score when the seat's next card is chosen from what it would see then
    (``lookahead``): in each world, the card with the best summed score over the other worlds where the seat
    sees the same (leave one out, so that a world's own luck does not choose its card); the rule's card where
    no other world is seen alike or none does better with another card."""
    w = weights[: len(looks)] if weights else [1.0] * len(looks)
    means = {}
    for a in active:
        sums: dict[Any, list[float]] = {}
        for i, row in enumerate(looks):
            key, values, _ = row[a]
            acc = sums.setdefault(key, [0.0] * len(values))
            for j, v in enumerate(values):
                acc[j] += w[i] * v
        total = 0.0
        for i, row in enumerate(looks):
            key, values, pick = row[a]
            others = [s - w[i] * v for s, v in zip(sums[key], values, strict=True)]
            best = max(range(len(values)), key=others.__getitem__)
            if others[best] > others[pick] + 1e-12:
                pick = best
            total += w[i] * values[pick]
        means[a] = total / sum(w)
    return means


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


@lru_cache(maxsize=64)
def quiet_game(game: Any) -> Any:
    """The game the playouts are played in: Briscola's talk (signals, conversation) changes nothing of the
    cards' play, and offering its actions at every lead doubled a playout's time, so a sampled world is played
    on as the same game without it (a Schembil rais's floor is part of the play's order: kept)."""
    if getattr(game, "communication", "none") == "none" or game.variant == "schembil":
        return game
    return type(game)(**{**game._given, "communication": "none"})


def pack_points(game: Any) -> float:
    """The scale of a point margin: the card points in the pack, or for games whose tricks carry no card
    points (their points count tricks) the number of tricks in a deal. A game whose count is not the sum of
    its cards' values names its total (Troccas: ``points_in_pack``, 72 after the groups of four; its margin
    was once scaled by its 19 tricks, which made 2 card points weigh as much as a fifth of a won deal)."""
    given = getattr(game, "points_in_pack", None)
    if given:
        return float(given)
    table = getattr(game, "card_points", None)
    total = float(sum(table.values())) if table else 0.0
    if total <= 0:
        total = float(len(game.deck) // max(1, game.players))
    return total or 1.0
