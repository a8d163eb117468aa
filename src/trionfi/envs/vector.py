"""2-player Briscola as a Gymnasium vector environment, played on the batched core (:mod:`trionfi.batch`).

    from trionfi.envs.vector import BriscolaVectorEnv
    envs = BriscolaVectorEnv(num_envs=1024, variant="briscolone", must_follow_suit=True)
    obs, infos = envs.reset(seed=1)
    obs, rewards, terminations, truncations, infos = envs.step(actions)   # (1024,) action ids

Each sub-environment is what ``trionfi/Briscola-v0`` with ``players=2`` is: one seat (``seat``, default 0) against
a random opponent, one episode a deal, the same observation dict (``"observation"``, the seat's tensor of
:mod:`trionfi.envs.encoding`, and ``"action_mask"``), the same action ids (the pack's cards in order), the same
rewards (``scoring``: ``result`` or ``points``), given at the end of the deal; the options are those the batched
core supports. The opponent (``opponents``) is ``"random"``, the batched core's random player (the fast one), or
``"medium"``, the medium bot (:mod:`trionfi.agents.heuristic`): then every sub-environment also keeps the deal as
an engine state, played move by move beside the batch, and the opponent's card is what one medium agent per
sub-environment chooses from that seat's own observation (``state.observation(seat)``: nothing hidden reaches it).
Against it a step costs about 0.1 ms of CPU per sub-environment, nearly all of it the bot's own choice (the
engine states a few per cent: docs/benchmarks.md, ``benchmarks/vector_opponents.py``), against 0.004 ms with the
random player; masked PPO's own work per step is about one and a half times that (docs/research.md), so the
opponent is not what bounds training, and the engine states stay the simple exact way.

One ``step`` is one trick: where the opponent leads, its card is already on the table when the agent is asked,
as in the single environment. Every deal lasts the same number of tricks, so all sub-environments end on the same
step and, in Gymnasium's next-step autoreset mode, are dealt again together on the step after (their actions then
ignored). An action that is not legal raises :class:`trionfi.IllegalAction` naming the sub-environments and
changes nothing: mask the actions (``action_mask``); the single environment's ``on_illegal="lose"`` would end one
deal early, which lockstep deals cannot do.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from . import EXTRA_HINT

try:
    import gymnasium
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode
    from gymnasium.vector.utils import batch_space
except ImportError as e:  # the rl extra is not installed
    raise ImportError(f"trionfi.envs.vector needs Gymnasium: {EXTRA_HINT}") from e

from ..agents import make_agent
from ..batch import BatchBriscola
from ..errors import IllegalAction, OptionError, shown
from .common import Spec

OPPONENTS = ("random", "medium")


class BriscolaVectorEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` deals of 2-player Briscola, one seat each against a random or medium opponent (see the module)."""

    metadata: ClassVar[dict[str, Any]] = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(
        self, num_envs: int = 64, seat: int = 0, opponents: str = "random", scoring: str = "result", **options: Any
    ) -> None:
        if opponents not in OPPONENTS:
            raise OptionError(
                f"opponents={shown(opponents)} is not available in the vector environment; allowed: 'random' (the "
                "batched core's random player) or 'medium' (the medium bot); the other bots play one deal at a "
                "time: trionfi/Briscola-v0"
            )
        if type(seat) is not int or seat not in (0, 1):
            raise OptionError(f"seat must be 0 or 1, not {shown(seat)}")
        self.batch = batch = BatchBriscola(num_envs, **options)
        self.spec_ = Spec(batch.game, scoring)
        self.num_envs = num_envs
        self.seat = seat
        self.opponents = opponents
        # With the medium opponent: each deal as an engine state beside the batch, the card led already played.
        self.states: list[Any] = []
        self._bots: list[Any] = []
        encoder = self.spec_.encoder
        self.single_observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (encoder.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.spec_.num_actions,), np.int8),
            }
        )
        self.single_action_space = spaces.Discrete(self.spec_.num_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        cards, suits = batch.tables.size, batch.tables.suits
        self._rows = np.arange(num_envs)
        self._played = np.zeros((num_envs, cards), dtype=bool)  # the cards of finished tricks
        self._voids = np.zeros((num_envs, 2, suits + 1), dtype=bool)  # by seat: suits shown missing
        self._holder = np.full(num_envs, -1, dtype=np.int8)  # who drew the turned-up card
        self._lead = np.full(num_envs, -1, dtype=np.int8)  # the opponent's card led to this trick, or -1
        self.last_trick = np.full((num_envs, 2), -1, dtype=np.int8)  # the last trick's cards, lead first
        self._dealt = False
        self._autoreset = False

    # --- episodes ------------------------------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict, dict]:
        super().reset(seed=seed)
        self._deal()
        return self._observe(), {}

    def _deal(self) -> None:
        if self.opponents == "random":
            self.batch.reset(rng=self.np_random)
        else:  # dealt from seeds, as the engine deals them: the engine states are the same deals
            game, rng = self.batch.game, self.np_random
            seeds = rng.integers(2**63 - 1, size=self.num_envs).tolist()
            self.batch.reset(seeds=seeds)
            self.states = [game.deal(seed=s) for s in seeds]
            bot_seeds = rng.integers(2**31, size=self.num_envs).tolist()
            self._bots = [make_agent("medium", seed=s, game=game) for s in bot_seeds]
        self._played[:] = False
        self._voids[:] = False
        self._holder[:] = -1
        self.last_trick[:] = -1
        self._dealt = True
        self._autoreset = False
        self._opponent_leads()

    def _opponent_leads(self) -> None:
        """Where the opponent leads the next trick, choose its card now: the agent sees it on the table."""
        batch = self.batch
        if batch.done:
            self._lead[:] = -1
            return
        self._lead[:] = np.where(batch.turn != self.seat, self._opponent_cards(), -1)
        self._follow_engine(self._lead, self._lead >= 0)  # the engine states: the card is on the table

    def _opponent_cards(self) -> np.ndarray:
        """(num_envs,) the opponent's card in every deal where it is to move (anything elsewhere)."""
        if self.opponents == "random":
            return self.batch.random_actions(self.np_random)
        chosen = np.full(self.num_envs, -1, dtype=np.int8)
        them = 1 - self.seat
        id_of = self.spec_.table.ids
        for i, (state, bot) in enumerate(zip(self.states, self._bots, strict=True)):
            if state.current_player == them:
                chosen[i] = id_of[bot.choose(state.observation(them))]
        return chosen

    def _follow_engine(self, cards: np.ndarray, where: np.ndarray) -> None:
        """Play the card ``cards[i]`` (ids) in the engine state of each deal ``i`` where ``where[i]`` (with the
        medium opponent: ``states`` are then always the deals as the agent sees them, its turn to play)."""
        if self.opponents == "random":
            return
        codes = self.batch.tables.cards
        for i in np.flatnonzero(where).tolist():
            self.states[i].apply(codes[cards[i]])

    def step(self, actions: Any) -> tuple[dict, np.ndarray, np.ndarray, np.ndarray, dict]:
        if not self._dealt:
            raise IllegalAction("call reset() before step()")
        n = self.num_envs
        if self._autoreset:  # next-step autoreset: the deals ended on the last step; the actions are ignored
            self._deal()
            return self._observe(), np.zeros(n), np.zeros(n, dtype=bool), np.zeros(n, dtype=bool), {}
        played = self._check(actions)
        batch = self.batch
        opponent_led = self._lead >= 0
        first = np.where(opponent_led, self._lead, played)
        stock_before = batch.stock_left
        leader = batch.leader.copy()
        batch.step(first)
        self._follow_engine(first, ~opponent_led)  # the opponent's lead is already in the engine states
        second = np.where(opponent_led, played, self._opponent_cards())
        batch.step(second)
        self._follow_engine(second, np.ones(n, dtype=bool))
        tables = batch.tables
        self._played[self._rows, first] = True
        self._played[self._rows, second] = True
        if batch.follow_suit:
            off = tables.suit[second] != tables.suit[first]
            self._voids[self._rows[off], 1 - leader[off], tables.suit[first][off]] = True
        if stock_before and not batch.stock_left and batch.game.has_trump:
            self._holder[:] = 1 - batch.leader  # the loser of the trick draws the turned-up card, last
        self.last_trick[:, 0] = first
        self.last_trick[:, 1] = second
        done = batch.done
        rewards = np.zeros(n)
        if done:
            rewards = self._rewards()
            self._autoreset = True
        self._opponent_leads()
        return self._observe(), rewards, np.full(n, done), np.zeros(n, dtype=bool), {}

    def _rewards(self) -> np.ndarray:
        points = self.batch.points.astype(np.float64)
        if self.spec_.scoring == "result":
            return self.batch.returns()[:, self.seat].astype(np.float64)
        return points[:, self.seat] - points.mean(axis=1)

    def _check(self, actions: Any) -> np.ndarray:
        given = np.asarray(actions)
        n = self.num_envs
        if given.shape != (n,) or given.dtype.kind not in "iu":
            raise IllegalAction(f"step takes {n} action ids (whole numbers), not {shown(actions)}")
        size = self.spec_.num_actions
        inside = (given >= 0) & (given < size)
        legal = np.zeros(n, dtype=bool)
        legal[inside] = self.action_masks()[self._rows[inside], given[inside]]
        if not legal.all():
            codes = self.batch.tables.codes
            bad = np.flatnonzero(~legal)
            mask = self.action_masks()
            shown_bad = "; ".join(
                f"env {i}: {int(given[i])} is not legal (legal: {' '.join(codes(np.flatnonzero(mask[i])))})"
                for i in bad[:3].tolist()
            )
            more = f"; and {bad.size - 3} more" if bad.size > 3 else ""
            raise IllegalAction(f"{shown_bad}{more}; nothing was played (use the action_mask)")
        return given.astype(np.int8)

    # --- what the agent sees --------------------------------------------------------------------------------
    def action_masks(self) -> np.ndarray:
        """(num_envs, actions) bool: the agent's legal action ids in each sub-environment."""
        batch = self.batch
        size = batch.tables.size
        mask = np.zeros((self.num_envs, size + 1), dtype=bool)  # the last column takes the empty slots (-1)
        if batch.done:
            return mask[:, :size]
        hand = batch.hands[:, self.seat]
        if batch.follow_suit:
            suit = batch.tables.suit
            led = np.where(self._lead >= 0, suit[self._lead], -1)  # -1: no card led, nothing to follow
            same = suit[hand] == led[:, None]
            hand = np.where(same | ~same.any(axis=1, keepdims=True), hand, -1)
        mask[self._rows[:, None], hand] = True
        return mask[:, :size]

    def _observe(self) -> dict[str, np.ndarray]:
        """The tensors :class:`trionfi.envs.encoding.Encoder` makes of each seat's observation, for all deals."""
        batch, encoder = self.batch, self.spec_.encoder
        n, rows, me, them = self.num_envs, self._rows, self.seat, 1 - self.seat
        out = np.zeros((n, encoder.size), dtype=np.float32)
        v = {name: out[:, start:end].reshape(n, *shape) for name, (start, end, shape) in encoder.offsets.items()}
        hands = batch.hands
        lead = self._lead
        led = lead >= 0
        _mark(v["hand"], hands[:, me])
        v["played"][:] = self._played
        v["trick"][rows[led], 1, lead[led]] = 1.0
        known = v["known"][:, 1]
        if batch.game.open_hands:  # Scoperta: the opponent's hand, less the card it has just led
            _mark(known, hands[:, them])
            known[rows[led], lead[led]] = 0.0
        # The turned-up card, drawn by the opponent, is known to be in its hand until played.
        trump_card = batch.trump_card
        shown_card = (self._holder == them) & (hands[:, them] == trump_card[:, None]).any(axis=1) & (lead != trump_card)
        known[rows[shown_card], trump_card[shown_card]] = 1.0
        if batch.stock_left and batch.game.has_trump:
            v["turned_up"][rows, trump_card] = 1.0
        v["trump"][rows, batch.trump] = 1.0
        if encoder.follow is not None:
            v["voids"][:] = self._voids[:, [me, them], : batch.tables.suits]
        points = batch.points
        v["points"][:] = np.clip(points[:, [me, them]] / encoder.points_scale, 0.0, 1.0)
        sizes = (hands >= 0).sum(axis=2)
        v["hand_sizes"][:, 0] = np.minimum(sizes[:, me] / encoder.max_hand, 1.0)
        v["hand_sizes"][:, 1] = np.minimum((sizes[:, them] - led) / encoder.max_hand, 1.0)
        v["stock"][:, 0] = batch.stock_left / batch.tables.size
        v["phase"][:, encoder.phases.index("end" if batch.done else "play")] = 1.0
        if not batch.done:
            v["to_play"][:, 0] = 1.0
        v["leader"][rows, (batch.leader - me) % 2] = 1.0
        held = self._holder >= 0
        v["indicator_holder"][rows[held], (self._holder[held] - me) % 2] = 1.0
        return {"observation": out, "action_mask": self.action_masks().astype(np.int8)}


def _mark(view: np.ndarray, cards: np.ndarray) -> None:
    """Set ``view[i, c]`` for every card id ``c`` of row ``i`` of ``cards`` (-1: none)."""
    rows, slots = np.nonzero(cards >= 0)
    view[rows, cards[rows, slots]] = 1.0
