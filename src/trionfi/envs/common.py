"""What the three adapters share: game parameters, scoring, utility bounds and the observation texts.

No research framework is imported here (only numpy), so the other modules of :mod:`trionfi.envs` build on it
whichever framework is installed.
"""

from __future__ import annotations

import io
import json
from typing import Any

import numpy as np

import trionfi

from ..engine import Game
from ..registry import game_class
from .actions import ActionTable
from .encoding import POINTS_SCALE, Encoder
from .state_tensors import StateTensor

SCORINGS = ("result", "points")
NONE = "none"  # an option whose default is None is given as this text to frameworks that want typed values
# Options whose default is None but whose usual value is a number: frameworks that want typed values take them as
# whole numbers, 0 standing for none (OpenSpiel reads "ranks=3" in a game string as a number, never as text).
NUMBER_OR_NONE = {"briscola": ("ranks", "suits", "hand_size")}


def option_defaults(name: str) -> dict[str, Any]:
    """The game's options with their defaults as plain values (bool, int, str): what OpenSpiel accepts."""
    out: dict[str, Any] = {}
    for opt in game_class(name).OPTIONS:
        if opt.choices is not None and len(opt.choices) == 1:
            continue  # an option with one allowed value is no parameter (and OpenSpiel's strings cannot hold commas)
        value = opt.default
        if value is None:
            value = 0 if opt.name in NUMBER_OR_NONE.get(name, ()) else NONE
        elif isinstance(value, (tuple, list)):
            value = " ".join(str(v) for v in value)  # "0 1": OpenSpiel's game strings take no comma or dash here
        out[opt.name] = value
    return out


def load_game(name: str, options: dict[str, Any]) -> Game:
    """The trionfi game from adapter parameters: defaults and "none" are left to the game, the rest passed on."""
    defaults = option_defaults(name)
    given = {k: v for k, v in options.items() if k in defaults and v != defaults[k] and v != NONE}
    given = {k: v for k, v in given.items() if not (k in NUMBER_OR_NONE.get(name, ()) and v == 0)}
    unknown = [k for k in options if k not in defaults]
    if unknown:
        raise ValueError(
            f"{name} has no option {', '.join(map(repr, unknown))}; its options are: {', '.join(defaults)}"
        )
    return trionfi.load(name, **given)


def check_scoring(scoring: str) -> str:
    if scoring not in SCORINGS:
        raise ValueError(
            f"scoring={scoring!r} is not allowed; allowed: 'result' (the game's own result per seat) "
            "or 'points' (the side's points minus the mean of the sides')"
        )
    return scoring


class Spec:
    """One game with its options, as every adapter sees it: action ids, the encoder, scoring and bounds."""

    def __init__(self, game: Game, scoring: str = "result") -> None:
        self.game = game
        self.name = game.name
        self.players = game.players
        self.scoring = check_scoring(scoring)
        self.table = ActionTable(game)
        self.encoder = Encoder(game)
        self.state_tensor = StateTensor(self.encoder)
        self.deck = tuple(game.deck)
        self.num_actions = len(self.table)
        self.low, self.high = utility_bounds(game, self.scoring)

    def tensor(self, state: Any, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """Seat ``seat``'s tensor now: the encoding of its observation (written into ``out`` when given)."""
        if out is None:
            out = np.empty(self.encoder.size, np.float32)
        if not self.state_tensor.write(state, seat, out):
            self.encoder.encode(state.observation(seat), out)
        return out

    def returns(self, state: Any) -> list[float]:
        """Per seat, as the scoring says; zeros before the end. Both scorings are zero-sum."""
        if not state.is_terminal():
            return [0.0] * self.players
        if self.scoring == "result":
            return [float(r) for r in state.returns()]
        pts = state.points()
        mean = sum(pts) / len(pts)
        return [float(pts[s] - mean) for s in self.game.side_of]


def utility_bounds(game: Any, scoring: str) -> tuple[float, float]:
    """The lowest and highest value a seat can receive in one deal under this scoring."""
    sides = len(game.sides)
    if scoring == "points":
        top = float(POINTS_SCALE[game.name](game))
        return -top, top
    name = game.name
    if name == "briscola-chiamata":
        return -(game.players - 1.0), game.players - 1.0
    if name == "troccas":
        return -36.0, 36.0
    if name == "trionfetti":
        return -(game.target + 4.0), game.target + 4.0
    if name == "triomphe" and not game.strasbourg:
        top = float(max(game.target, game.options["vole_points"], 2))
        return -top, top
    # side_results: one winning side gains what the others lose, 1 each
    return -1.0, float(max(sides - 1, 1))


# --- observation texts -----------------------------------------------------------------------------------------
STATIC_KEYS = ("options", "suit_names")


def infostate_text(obs: dict[str, Any]) -> str:
    """The seat's whole observation as canonical JSON (static keys left out): its information state."""
    return json.dumps(
        {k: v for k, v in obs.items() if k not in STATIC_KEYS},
        sort_keys=True,
        ensure_ascii=False,
        separators=(",", ":"),
        default=str,
    )


def observation_text(obs: dict[str, Any]) -> str:
    """A short text of what the seat sees now (no past tricks): hand, trick, trump, points, phase, turn."""
    parts = [f"seat {obs['seat']}", f"phase {obs.get('phase')}"]
    parts.append("hand " + (" ".join(obs.get("hand") or ()) or "-"))
    trick = obs.get("trick") or ()
    parts.append("trick " + (" ".join(f"{s}:{c}" for s, c in trick) or "-"))
    if obs.get("trump") is not None:
        parts.append(f"trump {obs['trump']}")
    for key in ("indicator", "turn_up", "cut_card"):
        if obs.get(key):
            parts.append(f"{key} {obs[key]}")
    if isinstance(obs.get("stock"), int):
        parts.append(f"stock {obs['stock']}")
    parts.append("points " + " ".join(str(p) for p in obs.get("points") or ()))
    parts.append(f"tricks {len(obs.get('tricks') or ())}")
    if obs.get("current_player") is not None:
        parts.append(f"to play {obs['current_player']}")
    return " | ".join(parts)


def dealing_observation(spec: Spec, seat: int, dealt: int) -> dict[str, Any]:
    """What a seat sees while the pack is being shuffled and dealt (OpenSpiel's chance nodes): nothing yet."""
    n = spec.players
    return {
        "game": spec.name,
        "seat": seat,
        "players": n,
        "phase": "deal",
        "current_player": None,
        "hand": [],
        "hand_sizes": [0] * n,
        "trick": [],
        "tricks": [],
        "points": [0] * len(spec.game.sides),
        "legal_actions": [],
        "cards_shuffled": dealt,
    }


def table_text(game: Any, state: Any, seat: int) -> str:
    """The table as the terminal draws it for ``seat`` (rich markup rendered as plain text)."""
    from rich.console import Console

    from .. import terminal

    buffer = io.StringIO()
    saved = terminal.out
    terminal.out = Console(file=buffer, force_terminal=False, color_system=None, width=100, highlight=False)
    try:
        terminal.render_table(game, state.observation(seat), seat)
    finally:
        terminal.out = saved
    return buffer.getvalue()
