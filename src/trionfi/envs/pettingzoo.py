"""Every trionfi game as a PettingZoo AEC environment: ``trionfi.envs.pettingzoo.env("briscola", players=4)``.

Agents are ``player_0`` .. ``player_{n-1}``, seat by seat. Each observation is a dict: ``"observation"``, the
seat's tensor (:mod:`trionfi.envs.encoding`, built from its observation only), and ``"action_mask"``, 1 for each
legal action id (:mod:`trionfi.envs.actions`; all zeros when it is not that agent's turn). One episode is one
deal; rewards come at its end (``scoring="result"``: the game's own result per seat, ``"points"``: the side's
points minus the mean). ``reset(seed=...)`` deals from that seed (the next resets draw their deals from it);
``render_mode="ansi"`` returns the table as the terminal draws it for the seat to play (seat 0 once the deal is
over). :meth:`TrionfiAEC.trionfi_observation` gives an agent's observation dict itself.

``env(...)`` wraps the raw environment as PettingZoo's classic games are: an illegal action ends the deal with
``illegal_reward`` for the agent that took it (the others get 0), and the call order is enforced.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from . import EXTRA_HINT

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as e:  # the rl extra is not installed
    raise ImportError(f"trionfi.envs.pettingzoo needs PettingZoo and Gymnasium: {EXTRA_HINT}") from e

from .common import Spec, load_game, table_text


class TrionfiAEC(AECEnv):
    """One trionfi game as an AEC environment (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "name": "trionfi_v0", "is_parallelizable": False}

    def __init__(self, game: str = "briscola", render_mode: str | None = None, scoring: str = "result", **options):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode={render_mode!r} is not allowed; allowed: None or 'ansi'")
        self.spec_ = Spec(load_game(game, options) if isinstance(game, str) else game, scoring)
        self.game = self.spec_.game
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"trionfi_{self.game.name.replace('-', '_')}_v0"}
        n = self.spec_.players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        size = self.spec_.encoder.size
        actions = self.spec_.num_actions
        space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (actions,), np.int8),
            }
        )
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self.state_: Any = None
        self._seeds = np.random.default_rng()

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # --- the episode -----------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        self.state_ = self.game.deal(seed=int(self._seeds.integers(2**63 - 1)))
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self._agent_to_play()

    def _agent_to_play(self) -> str:
        p = self.state_.current_player
        return self.possible_agents[p if p is not None else 0]

    def trionfi_observation(self, agent: str) -> dict[str, Any]:
        """The agent's trionfi observation (the dict its tensor is made from)."""
        return self.state_.observation(self.agent_name_mapping[agent])

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.agent_name_mapping[agent]
        state = self.state_
        mask = np.zeros(self.spec_.num_actions, np.int8)
        if state.current_player == seat:
            mask[self.spec_.table.ids_of(state._legal())] = 1
        return {"observation": self.spec_.encoder.encode(state.observation(seat)), "action_mask": mask}

    def step(self, action: int) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state_
        state.apply(self.spec_.table.engine_action(state, int(action)))
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        if state.is_terminal():
            returns = self.spec_.returns(state)
            self.rewards = {a: float(returns[i]) for i, a in enumerate(self.possible_agents)}
            self.terminations = {a: True for a in self.agents}
        self.agent_selection = self._agent_to_play()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        if self.state_ is None:
            return ""
        return table_text(self.game, self.state_, self.state_.current_player or 0)

    def close(self) -> None:
        pass


def raw_env(game: str = "briscola", render_mode: str | None = None, scoring: str = "result", **options) -> TrionfiAEC:
    """The unwrapped AEC environment."""
    return TrionfiAEC(game, render_mode=render_mode, scoring=scoring, **options)


def env(
    game: str = "briscola",
    render_mode: str | None = None,
    scoring: str = "result",
    illegal_reward: float | None = None,
    **options: Any,
) -> AECEnv:
    """The AEC environment of ``game`` with these options, wrapped as PettingZoo's classic games are.

    ``illegal_reward`` (default: the game's lowest return) is what an agent gets for an illegal action, which
    ends the deal."""
    raw = raw_env(game, render_mode=render_mode, scoring=scoring, **options)
    penalty = raw.spec_.low if illegal_reward is None else illegal_reward
    wrapped = wrappers.TerminateIllegalWrapper(raw, illegal_reward=penalty)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
