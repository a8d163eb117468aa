"""Every trionfi game as a single-agent Gymnasium environment, the other seats played by trionfi bots.

Importing this module registers ``trionfi/Briscola-v0``, ``trionfi/BriscolaChiamata-v0``, ``trionfi/Trijumf-v0``,
``trionfi/Triomphe-v0``, ``trionfi/Trionfetti-v0`` and ``trionfi/Troccas-v0``::

    import gymnasium, trionfi.envs.gymnasium
    env = gymnasium.make("trionfi/Briscola-v0", opponents="medium", players=4)

(``gymnasium.make("trionfi.envs.gymnasium:trionfi/Briscola-v0")`` imports it for you.) Keyword arguments are the
game's options plus ``seat`` (the agent's seat, default 0), ``opponents`` (a bot level ``easy``/``medium``/``hard``
or a bot name from :mod:`trionfi.agents`, default ``random``), ``scoring`` (``result`` or ``points``) and
``on_illegal``: ``"lose"`` (default: the deal ends and the agent gets the game's lowest return, with
``info["illegal_action"]``) or ``"raise"``.

Observations are dicts: ``"observation"`` (the seat's tensor, :mod:`trionfi.envs.encoding`) and ``"action_mask"``
(1 for each legal action id); :meth:`TrionfiEnv.action_masks` gives the mask alone, as masked PPO wants it. One
episode is one deal, its reward the seat's return at the end. ``reset(seed=...)`` deals from the seed and seeds
the bots.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from . import EXTRA_HINT

try:
    import gymnasium
    from gymnasium import spaces
except ImportError as e:  # the rl extra is not installed
    raise ImportError(f"trionfi.envs.gymnasium needs Gymnasium: {EXTRA_HINT}") from e

from ..agents import make_agent
from .common import Spec, load_game, table_text

ENV_IDS = {
    "briscola": "trionfi/Briscola-v0",
    "briscola-chiamata": "trionfi/BriscolaChiamata-v0",
    "trijumf": "trionfi/Trijumf-v0",
    "triomphe": "trionfi/Triomphe-v0",
    "trionfetti": "trionfi/Trionfetti-v0",
    "troccas": "trionfi/Troccas-v0",
}
ILLEGAL = ("lose", "raise")
MAX_REDEALS = 100  # reset deals again when the bots end a deal before the agent's first turn


class TrionfiEnv(gymnasium.Env):
    """One seat of a trionfi game against bots (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(
        self,
        game: str = "briscola",
        opponents: str = "random",
        seat: int = 0,
        scoring: str = "result",
        on_illegal: str = "lose",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode={render_mode!r} is not allowed; allowed: None or 'ansi'")
        if on_illegal not in ILLEGAL:
            raise ValueError(f"on_illegal={on_illegal!r} is not allowed; allowed: 'lose' or 'raise'")
        self.spec_ = Spec(load_game(game, options), scoring)
        self.game = self.spec_.game
        n = self.spec_.players
        if not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"seat must be a number from 0 to {n - 1}, not {seat!r}")
        make_agent(opponents, game=self.game)  # an unknown bot name fails here, with the list of bots
        self.seat = seat
        self.opponents = opponents
        self.on_illegal = on_illegal
        self.render_mode = render_mode
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (self.spec_.encoder.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.spec_.num_actions,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(self.spec_.num_actions)
        self.state: Any = None
        self.bots: dict[int, Any] = {}

    # --- the episode -------------------------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict, dict]:
        super().reset(seed=seed)
        rng = self.np_random
        self.bots = {
            s: make_agent(self.opponents, seed=int(rng.integers(2**31)), game=self.game)
            for s in range(self.spec_.players)
            if s != self.seat
        }
        for _ in range(MAX_REDEALS):
            self.state = self.game.deal(seed=int(rng.integers(2**63 - 1)))
            self._play_bots()
            if not self.state.is_terminal():
                break
        return self._observe(), {}

    def _play_bots(self) -> None:
        state = self.state
        while state.current_player is not None and state.current_player != self.seat:
            seat = state.current_player
            state.apply(self.bots[seat].choose(state.observation(seat)))

    def _observe(self) -> dict[str, np.ndarray]:
        return {
            "observation": self.spec_.tensor(self.state, self.seat),
            "action_mask": self.action_masks().astype(np.int8),
        }

    def action_masks(self) -> np.ndarray:
        """1 (True) for each legal action id of the agent now."""
        mask = np.zeros(self.spec_.num_actions, bool)
        if self.state is not None and self.state.current_player == self.seat:
            mask[self.spec_.table.ids_of(self.state._legal())] = True
        return mask

    def step(self, action: int) -> tuple[dict, float, bool, bool, dict]:
        if self.state is None:
            raise RuntimeError("call reset() before step()")
        state = self.state
        if state.is_terminal():
            raise RuntimeError("the deal is over: call reset()")
        try:
            move = self.spec_.table.engine_action(state, int(action))
        except ValueError:
            if self.on_illegal == "raise":
                raise
            return self._observe(), float(self.spec_.low), True, False, {"illegal_action": True}
        state.apply(move)
        self._play_bots()
        done = state.is_terminal()
        reward = float(self.spec_.returns(state)[self.seat]) if done else 0.0
        return self._observe(), reward, done, False, {}

    def render(self) -> str | None:
        if self.render_mode is None or self.state is None:
            return None
        return table_text(self.game, self.state, self.seat)


def _make(name: str):
    def make(**kwargs: Any) -> TrionfiEnv:
        return TrionfiEnv(game=name, **kwargs)

    make.__name__ = f"make_{name.replace('-', '_')}"
    return make


def register_envs() -> list[str]:
    """Register every game's environment with Gymnasium (done on import; again is harmless)."""
    for name, env_id in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=f"{__name__}:{_maker_name(name)}")
    return list(ENV_IDS.values())


def _maker_name(name: str) -> str:
    return f"make_{name.replace('-', '_')}"


make_briscola = _make("briscola")
make_briscola_chiamata = _make("briscola-chiamata")
make_trijumf = _make("trijumf")
make_triomphe = _make("triomphe")
make_trionfetti = _make("trionfetti")
make_troccas = _make("troccas")

register_envs()
