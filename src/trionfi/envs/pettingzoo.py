"""Every trionfi game as a PettingZoo AEC environment: ``trionfi.envs.pettingzoo.env("briscola", players=4)``.

Agents are ``player_0`` .. ``player_{n-1}``, seat by seat. Each observation is a dict: ``"observation"``, the
seat's tensor (:mod:`trionfi.envs.encoding`, built from its observation only), and ``"action_mask"``, 1 for each
legal action id (:mod:`trionfi.envs.actions`; all zeros when it is not that agent's turn). One episode is one
deal; rewards come at its end (``scoring="result"``: the game's own result per seat, ``"points"``: the side's
points minus the mean). ``reset(seed=...)`` deals from that seed (the next resets draw their deals from it);
``render_mode="ansi"`` returns the table as the terminal draws it for the seat to play (seat 0 once the deal is
over). :meth:`TrionfiAEC.trionfi_observation` gives an agent's observation dict itself.

``env(...)`` checks what PettingZoo's classic games check through their wrappers (TerminateIllegal,
AssertOutOfBounds, OrderEnforcing), with the same outcomes: an illegal action ends the deal with
``illegal_reward`` for the agent that took it (the others get 0), an action outside the action space is refused,
and ``step``, ``observe``, ``render`` and ``agent_iter`` refuse to run before ``reset``. The checks are made inside
the environment rather than by the wrappers: each wrapper forwards every attribute read through ``__getattr__``
(``last()`` reads six), which cost more than the engine's move. ``raw_env(...)`` has no penalty: an illegal action
raises a ValueError naming the legal ones.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from . import EXTRA_HINT

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils.env_logger import EnvLogger
except ImportError as e:  # the rl extra is not installed
    raise ImportError(f"trionfi.envs.pettingzoo needs PettingZoo and Gymnasium: {EXTRA_HINT}") from e

from .common import Spec, load_game, table_text


class TrionfiAEC(AECEnv):
    """One trionfi game as an AEC environment (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "name": "trionfi_v0", "is_parallelizable": False}

    def __init__(
        self,
        game: str = "briscola",
        render_mode: str | None = None,
        scoring: str = "result",
        illegal_reward: float | None = None,
        **options: Any,
    ):
        super().__init__()
        self.illegal_reward = illegal_reward  # None: an illegal action raises (the raw environment)
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
        state = self.state_
        if state is None:
            EnvLogger.error_observe_before_reset()
        seat = self.agent_name_mapping[agent]
        spec = self.spec_
        mask = np.zeros(spec.num_actions, np.int8)
        if state.current_player == seat:
            ids, m = spec.table.ids, memoryview(mask)  # one id at a time: faster than numpy's indexing
            for a in state._legal():
                m[ids[a] if a in ids else spec.table.id_of(a)] = 1
        return {"observation": spec.tensor(state, seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        state = self.state_
        if state is None:
            EnvLogger.error_step_before_reset()
        if not self.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if (
            not isinstance(action, (int, np.integer))
            or action.__class__ is bool
            or not 0 <= action < self.spec_.num_actions
        ):
            raise ValueError(
                f"action {action!r} is not in the action space: a whole number from 0 to {self.spec_.num_actions - 1}"
                " (None only once the agent's deal is over)"
            )
        try:
            move = self.spec_.table.engine_action(state, int(action))
        except ValueError:
            if self.illegal_reward is None:
                raise
            self._end_for_illegal_action(agent)
            return
        state.apply(move)
        self._cumulative_rewards[agent] = 0.0
        if state.current_player is None:  # the deal is over: the rewards, all 0 until now, are the returns
            returns = self.spec_.returns(state)
            self.rewards = {a: float(returns[i]) for i, a in enumerate(self.possible_agents)}
            self.terminations = {a: True for a in self.agents}
            self._accumulate_rewards()
        self.agent_selection = self._agent_to_play()

    def _end_for_illegal_action(self, agent: str) -> None:
        """What PettingZoo's TerminateIllegalWrapper does: the deal ends, the agent gets the penalty."""
        EnvLogger.warn_on_illegal_move()
        self._cumulative_rewards[agent] = 0.0
        self.terminations = {a: True for a in self.agents}
        self.truncations = {a: True for a in self.agents}
        self.rewards = {a: 0.0 for a in self.agents}
        self.rewards[agent] = float(self.illegal_reward)  # type: ignore[arg-type]
        self.infos[agent] = {**self.infos[agent], "illegal_action": True}
        self._accumulate_rewards()
        self._deads_step_first()

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        if self.state_ is None:
            EnvLogger.error_agent_iter_before_reset()
        return super().agent_iter(max_iter)

    def render(self) -> str | None:
        if self.state_ is None:
            EnvLogger.error_render_before_reset()
        if self.render_mode is None:
            return None
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
) -> TrionfiAEC:
    """The AEC environment of ``game`` with these options and the checks of PettingZoo's classic games.

    ``illegal_reward`` (default: the game's lowest return) is what an agent gets for an illegal action, which
    ends the deal."""
    raw = raw_env(game, render_mode=render_mode, scoring=scoring, **options)
    raw.illegal_reward = raw.spec_.low if illegal_reward is None else illegal_reward
    return raw
