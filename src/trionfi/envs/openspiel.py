"""Every trionfi game as an OpenSpiel Python game: ``pyspiel.load_game("python_trionfi_briscola(players=4)")``.

Importing this module registers one OpenSpiel game per trionfi game, named ``python_trionfi_<game>`` (a dash
becomes an underscore: ``python_trionfi_briscola_chiamata``). Its parameters are the game's options (an option
whose default is None takes the text ``"none"``; a pair like Schembil's ``rais`` is written ``"0 1"``) plus
``scoring``: ``"result"`` (default: the game's own result per seat, e.g. +1/-1 for a won or lost Briscola deal)
or ``"points"`` (the seat's side's points minus the mean of the sides', e.g. card points - 60 in 2-player
Briscola). Both are zero-sum.

* The deal is an explicit chance node: the shuffled pack, one card at a time, is the chance outcome (ids are the
  deck's cards in deck order, each remaining card equally likely); the engine then deals that stacked pack.
  A cancelled Troccas deal is shuffled again the same way.
* Actions are integers only here: ids ``0 .. D-1`` play the deck's cards, the game's named actions follow
  (:mod:`trionfi.envs.actions`).
* ``information_state_string(p)`` is seat p's whole observation (every trick, message and card it was shown);
  ``observation_string(p)`` a short text of the table now; both tensors come from :class:`trionfi.envs.encoding
  .Encoder`, through the observer that ``make_py_observer`` returns.
* ``clone()`` uses the engine's fast clone; ``resample_from_infostate(p, sampler)`` returns a state dealt by
  ``game.sample_state`` from seat p's observation (a position to search from: its ``history()`` is empty).
* Serialization replays: the packs and the actions (a resampled state: its observation, seed and the actions
  since).
"""

from __future__ import annotations

import json
import operator
import random
from functools import lru_cache
from itertools import repeat
from typing import Any, NamedTuple

import numpy as np

from ..shuffling import shuffle
from . import EXTRA_HINT

try:
    import pyspiel
except ImportError as e:  # the rl extra is not installed
    raise ImportError(f"trionfi.envs.openspiel needs OpenSpiel (open_spiel): {EXTRA_HINT}") from e

import trionfi

from ..cards import Card, card
from ..engine import Game
from .common import (
    Spec,
    check_scoring,
    dealing_observation,
    infostate_text,
    load_game,
    observation_text,
    option_defaults,
)

PREFIX = "python_trionfi_"
MAX_REDEALS = 20  # Troccas: a bound on cancelled deals in a row, for max_game_length (the rules set none)
PLAYER_RANGE = {
    "briscola": (2, 10),
    "briscola-chiamata": (5, 5),
    "trijumf": (2, 4),
    "triomphe": (2, 5),
    "trionfetti": (4, 4),
    "troccas": (4, 4),
}


def short_name(game: str) -> str:
    """The OpenSpiel name of a trionfi game: ``briscola-chiamata`` -> ``python_trionfi_briscola_chiamata``."""
    return PREFIX + game.replace("-", "_")


# --- pickling engine states (OpenSpiel's serialization pickles a state's attributes) ---------------------------
@lru_cache(maxsize=256)
def _game_for(name: str, options: str) -> Game:
    return trionfi.load(name, **json.loads(options))


def _key(game: Game) -> tuple[str, str]:
    return game.name, json.dumps(game._given, sort_keys=True)


class _Engine:
    """Holds the engine state inside an OpenSpiel state: copied by the engine's clone, pickled as a replay.

    ``packs`` are the packs the chance nodes shuffled (one per dealing): the state is (game, packs, actions).
    A resampled state has no packs but its ``origin``, the observation and the seed it was sampled from: it is
    (game, origin, actions since)."""

    __slots__ = ("origin", "packs", "state")

    def __init__(self, state: Any, packs: tuple[tuple[Card, ...], ...] | None, origin: Any = None) -> None:
        self.state = state
        self.packs = packs
        self.origin = origin

    def __deepcopy__(self, memo: Any) -> _Engine:
        return _Engine(self.state.clone(), self.packs, self.origin)

    def __reduce__(self) -> Any:
        state = self.state
        if self.packs is None:  # a sampler may replay public actions into the sample: only the later ones count
            actions = tuple(str(a) for a in state.history[self.origin[2] :])
            return (_resample, (*_key(state.game), self.origin, actions))
        actions = tuple(str(a) for a in state.history)
        packs = tuple(tuple(str(c) for c in pack) for pack in self.packs)
        return (_replay, (*_key(state.game), packs, actions))


def _replay(name: str, options: str, packs: tuple[tuple[str, ...], ...], actions: tuple[str, ...]) -> _Engine:
    """The engine state dealt from ``packs`` (a Troccas redeal takes the next one) after ``actions``."""
    game = _game_for(name, options)
    state = game.deal(deck=list(packs[0]), seed=0)
    _sort_dealt_hands(state)
    dealt = 1
    for action in actions:
        state.apply(action)
        if name == "troccas" and len(state.redeals) >= dealt:
            _gather(state)
            if dealt < len(packs):  # else the pickled state was still shuffling the new pack
                _deal_again(state, [card(c) for c in packs[dealt]])
            dealt += 1
    return _Engine(state, tuple(tuple(card(c) for c in pack) for pack in packs))


def _resample(name: str, options: str, origin: tuple[str, int, int], actions: tuple[str, ...]) -> _Engine:
    """A resampled state again: the same sample (same observation, same seed), then the actions played on it."""
    observation, seed, _ = origin
    state = _game_for(name, options).sample_state(json.loads(observation), random.Random(seed))
    for action in actions:
        state.apply(action)
    return _Engine(state, None, origin)


def _sort_dealt_hands(state: Any, position: Any = None) -> None:
    """Briscola: list each hand as dealt in deck order. The chance nodes shuffle the whole pack, so packs that
    deal the same hands in another order are different histories; were each hand listed in the order the pack
    dealt it, a seat would see that order (its information state would hold it) and forget it once a card is
    played: information-state strings without perfect recall. Listed in deck order, those packs give one state;
    cards drawn later still follow in the order they came."""
    if state.game.name == "briscola":
        index = position or state.game.deck.index  # a card's place in the deck (the action table's ids: faster)
        for hand in state.hands:
            hand.sort(key=index)


def _gather(state: Any) -> None:
    """Troccas cancelled the deal and dealt again from its seed (``TroccasState._redeal``, which recorded the
    cancellation): take those cards back, to deal the pack the chance nodes shuffle instead."""
    state.hands = [[] for _ in state.hands]
    state.face_up = {}
    state.said = []
    state.pack = []


def _deal_again(state: Any, pack: list[Card]) -> None:
    """Troccas deals the cancelled deal again: the same dealer and packets, the new pack."""
    state.pack = pack
    state._start_deal(state.pattern)


class _Shared:
    """Static facts of one loaded game, shared by all its states (never copied)."""

    def __init__(self, name: str, params: dict[str, Any]) -> None:
        self.name = name
        self.params = dict(params)
        options = {k: v for k, v in params.items() if k != "scoring"}
        self.spec = Spec(load_game(name, options), check_scoring(params.get("scoring", "result")))
        self.deck = self.spec.deck
        self.table = self.spec.table
        self.troccas = name == "troccas"
        self.all_ids = list(range(len(self.deck)))

    def __deepcopy__(self, memo: Any) -> _Shared:
        return self

    def __reduce__(self) -> Any:
        return (_shared_for, (self.name, tuple(sorted(self.params.items()))))


@lru_cache(maxsize=256)
def _shared_for(name: str, params: tuple[tuple[str, Any], ...]) -> _Shared:
    return _Shared(name, dict(params))


# --- the game --------------------------------------------------------------------------------------------------
def _max_game_length(spec: Spec) -> int:
    """A bound on the number of player actions in one deal (chance nodes not counted)."""
    g: Any = spec.game
    d, named = len(spec.deck), len(spec.table.named)
    tricks = d // g.players + 2
    if spec.name == "briscola":
        return d + 2 * (tricks + 1) * named + 1
    if spec.name == "briscola-chiamata":
        return d + named + g.players
    if spec.name == "trijumf":
        return d + 10
    if spec.name == "triomphe":
        return 3 * d + g.players + 5
    if spec.name == "trionfetti":
        from ..games.trionfetti import MAX_TALK

        return d * (2 + MAX_TALK) + 20
    # troccas: each dealing at most 3 pauses of 4 statements and 3 answers; the deal itself well under 400
    return (MAX_REDEALS + 1) * 30 + 400


def _game_type(name: str) -> pyspiel.GameType:
    low, high = PLAYER_RANGE[name]
    params = {**option_defaults(name), "scoring": "result"}
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"trionfi {trionfi.registry.game_class(name).title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


class TrionfiGame(pyspiel.Game):
    """A trionfi game with its options, as an OpenSpiel game (see the module docstring)."""

    NAME = "briscola"  # each registered game is a subclass naming its trionfi game (see register)

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        name = self.NAME
        params = {**option_defaults(name), "scoring": "result", **(params or {})}
        self.shared = _shared_for(name, tuple(sorted(params.items())))
        spec = self.shared.spec
        self.spec = spec
        self.max_redeals = MAX_REDEALS if name == "troccas" else 0
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.num_actions,
            max_chance_outcomes=len(spec.deck),
            num_players=spec.players,
            min_utility=spec.low,
            max_utility=spec.high,
            utility_sum=0.0,
            max_game_length=_max_game_length(spec),
        )
        super().__init__(_game_type(name), info, params)

    def new_initial_state(self, *args: Any) -> TrionfiState:
        return TrionfiState(self)

    def max_chance_nodes_in_history(self) -> int:
        return len(self.spec.deck) * (1 + self.max_redeals)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> TrionfiObserver:
        return TrionfiObserver(self.shared, iig_obs_type, params)


class _Data:
    """Everything a :class:`TrionfiState` holds, in one attribute: pybind11 attributes are slow to set, and
    OpenSpiel's own clone deep-copies each attribute, so there is one, which copies itself with the engine's
    clone."""

    __slots__ = ("box", "chance", "left", "pack", "redeals", "shared", "shuffling")

    def __deepcopy__(self, memo: Any) -> _Data:
        return self.copy()

    def copy(self) -> _Data:
        new = _new(_Data)
        new.shared = self.shared
        new.redeals = self.redeals
        new.chance = self.chance
        box = self.box
        if self.shuffling:
            new.shuffling = True
            new.pack = self.pack[:]
            new.left = self.left[:]
            new.box = _Engine(box.state.clone(), box.packs) if box is not None else None
        else:  # the pack and what is left of it are empty and never change
            new.shuffling = False
            new.pack = self.pack
            new.left = self.left
            new.box = _Engine(box.state.clone(), box.packs)
        return new


class TrionfiState(pyspiel.State):
    """One deal: first the chance nodes that shuffle the pack, then the engine's deal played by integer ids."""

    def __init__(self, game: TrionfiGame) -> None:
        super().__init__(game)
        d = _Data.__new__(_Data)
        d.shared = game.shared
        d.shuffling = True  # chance nodes: the pack is being shuffled, one card per node
        d.pack = []  # the pack shuffled so far (card ids)
        d.left = game.shared.all_ids[:]  # the card ids not shuffled yet
        d.box = None
        d.redeals = 0
        d.chance = ()  # (engine history length, pack) of each pack the chance nodes dealt: for history()
        self._d = d

    @property
    def engine(self) -> Any:
        """The trionfi state (None until the pack is shuffled)."""
        box = self._d.box
        return box.state if box is not None else None

    def clone(self) -> TrionfiState:
        """A copy made by the engine's clone (what search algorithms call most)."""
        new = _new_pystate(TrionfiState)
        _init_state(new, self.get_game())
        new._d = self._d.copy()
        return new

    # --- OpenSpiel API -----------------------------------------------------------------------------------
    def current_player(self) -> int:
        d = self._d
        if d.shuffling:
            return CHANCE
        p = d.box.state.current_player
        return TERMINAL if p is None else p

    def _legal_actions(self, player: int) -> list[int]:
        d = self._d
        return d.shared.table.ids_of(d.box.state._legal())

    # The queries search loops call most, answered here rather than through OpenSpiel's C++ (which calls back
    # into Python several times for each): the same answers, a fraction of the time.
    def legal_actions(self, player: int | None = None) -> list[int]:
        d = self._d
        if d.shuffling:
            return d.left[:]  # in ascending order; OpenSpiel gives the chance outcomes whoever asks
        state = d.box.state
        p = state.current_player
        if p is None or (player is not None and player != p):
            return []
        return d.shared.table.ids_of(state._legal())

    def is_chance_node(self) -> bool:
        return self._d.shuffling

    def is_player_node(self) -> bool:
        d = self._d
        return not d.shuffling and d.box.state.current_player is not None

    def chance_outcomes(self) -> list[tuple[int, float]]:
        left = self._d.left
        if not left:
            return []
        return list(zip(left, repeat(1.0 / len(left))))

    # A move made from Python goes straight to _apply_action: OpenSpiel's C++ State::ApplyAction would call back
    # into Python twice (current_player, _apply_action) only to append to a C++ history that Python never reads
    # (history, move_number and full_history are answered from the engine here). OpenSpiel's C++ algorithms
    # still go through State::ApplyAction, which makes the same move.
    def apply_action(self, action: int) -> None:
        self._apply_action(operator.index(action))

    def child(self, action: int) -> TrionfiState:
        new = self.clone()
        new._apply_action(operator.index(action))
        return new

    def _apply_action(self, action: int) -> None:
        d = self._d
        if d.shuffling:
            try:
                d.left.remove(action)
            except ValueError:
                raise ValueError(
                    f"chance outcome {action!r} is not possible now: the cards not shuffled yet are "
                    f"{', '.join(map(str, d.left))}"
                ) from None
            d.pack.append(action)
            if not d.left:
                self._dealt()
            return
        state = d.box.state
        state.apply(d.shared.table.engine_action(state, action))  # (d.pack and d.left stay empty: shared by clones)
        if d.shared.troccas and len(state.redeals) > d.redeals:
            self._cancel_deal(state)

    def _dealt(self) -> None:
        d = self._d
        deck = d.shared.deck
        pack = tuple(deck[i] for i in d.pack)
        box = d.box
        if box is None:
            # A fixed seed: the pack is the chance outcome; the seed only matters to Briscola's optional A/3
            # turn-up rule, whose reinsertion place it fixes (docs/research.md).
            game = d.shared.spec.game
            # The engine's own constructor, as game.deal(deck=...) calls it once the pack is checked: a pack
            # drawn from the deck by the chance nodes needs no check.
            dealt = game.state_class(game, 0, game.players - 1, list(pack))
            _sort_dealt_hands(dealt, d.shared.table.ids.__getitem__)
            d.box = _Engine(dealt, (pack,))
            d.chance = ((0, tuple(d.pack)),)
        else:
            d.chance = (*d.chance, (len(box.state.history), tuple(d.pack)))
            _deal_again(box.state, list(pack))
            if box.packs is not None:
                box.packs = (*box.packs, pack)
        d.pack = []
        d.left = []
        d.shuffling = False

    def _cancel_deal(self, state: Any) -> None:
        """Troccas cancelled the deal: gather the cards and shuffle again by chance nodes."""
        d = self._d
        d.redeals = len(state.redeals)
        _gather(state)
        d.pack = []
        d.left = d.shared.all_ids[:]
        d.shuffling = True

    def _action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            return f"deal {self._d.shared.deck[action]}"
        return self._d.shared.table.text(action)

    def is_terminal(self) -> bool:
        d = self._d
        return not d.shuffling and d.box.state.current_player is None

    def returns(self) -> list[float]:
        d = self._d
        if d.shuffling:
            return [0.0] * d.shared.spec.players
        return d.shared.spec.returns(d.box.state)

    def rewards(self) -> list[float]:
        return self.returns()  # rewards come at the end only: the returns then, zeros before

    # --- history, kept on the Python side (a clone made in Python has no C++ history) ------------------------
    def history(self) -> list[int]:
        """The chance outcomes and actions so far (a resampled state has none: it is a position, not a record)."""
        d = self._d
        box = d.box
        if box is None:
            return d.pack[:]
        if box.packs is None:
            return []
        table = d.shared.table
        actions = box.state.history
        out: list[int] = []
        done = 0
        for at, pack in d.chance:
            out += [table.id_of(a) for a in actions[done:at]]
            out += pack
            done = at
        out += [table.id_of(a) for a in actions[done:]]
        if d.shuffling:
            out += d.pack
        return out

    def history_str(self) -> str:
        return ", ".join(map(str, self.history()))

    def move_number(self) -> int:
        return len(self.history())

    def full_history(self) -> list[PlayerAction]:
        """``history()`` with the player of each entry (the chance player for the shuffle), worked out by
        replaying it on a fresh state: OpenSpiel's own list is kept only by its C++ ApplyAction."""
        replay = self.get_game().new_initial_state()
        out = []
        for action in self.history():
            out.append(PlayerAction(replay.current_player(), action))
            replay._apply_action(action)
        return out

    def is_initial_state(self) -> bool:
        d = self._d
        return d.box is None and not d.pack

    def observation_dict(self, player: int) -> dict[str, Any]:
        """Seat ``player``'s trionfi observation (a placeholder while the first pack is shuffled)."""
        d = self._d
        if d.box is None:
            return dealing_observation(d.shared.spec, player, len(d.pack))
        return d.box.state.observation(player)

    def resample_from_infostate(self, player: int, probability_sampler: Any) -> TrionfiState:
        """A state seat ``player`` cannot tell from this one, its hidden cards dealt by ``game.sample_state``."""
        seed = int(probability_sampler() * 2**52)
        rng = random.Random(seed)
        d = self._d
        if d.shuffling:
            new = self.clone()  # the pack shuffled so far is nobody's knowledge: any order of it will do
            shuffle(new._d.pack, rng)
            return new
        new = _new_state(self.get_game())
        nd = new._d
        obs = d.box.state.observation(player)
        sample = d.shared.spec.game.sample_state(obs, rng)
        origin = (json.dumps(obs, default=str), seed, len(sample.history))  # to draw the same sample again
        nd.box = _Engine(sample, None, origin)
        nd.redeals = d.redeals
        nd.shuffling = False
        nd.left = []
        return new

    def __str__(self) -> str:
        d = self._d
        deck = d.shared.deck
        if d.box is None:
            return "shuffling: " + " ".join(str(deck[i]) for i in d.pack)
        state = d.box.state
        lines = [f"{d.shared.name} phase {state.phase} to play {state.current_player}"]
        lines += [f"seat {s}: {' '.join(state.hand(s))}" for s in range(d.shared.spec.players)]
        lines.append("history: " + " ".join(str(a) for a in state.history))
        if d.shuffling:
            lines.append("shuffling again: " + " ".join(str(deck[i]) for i in d.pack))
        return "\n".join(lines)


class PlayerAction(NamedTuple):
    """An entry of ``full_history()``, with the fields of OpenSpiel's PlayerAction."""

    player: int
    action: int


_new = object.__new__
CHANCE = pyspiel.PlayerId.CHANCE
TERMINAL = pyspiel.PlayerId.TERMINAL


_init_state = pyspiel.State.__init__
_new_pystate = pyspiel.State.__new__


def _new_state(game: TrionfiGame) -> TrionfiState:
    """A state whose ``_d`` the caller fills (a resample)."""
    new = _new_pystate(TrionfiState)
    _init_state(new, game)
    new._d = _new_data(game.shared)
    return new


def _new_data(shared: _Shared) -> _Data:
    d = _Data.__new__(_Data)
    d.shared = shared
    d.shuffling = True
    d.pack = []
    d.left = shared.all_ids[:]
    d.box = None
    d.redeals = 0
    d.chance = ()
    return d


# --- the observer -------------------------------------------------------------------------------------------
class TrionfiObserver:
    """OpenSpiel's PyObserver: a tensor (``self.tensor`` and its named pieces ``self.dict``) and a string.

    With ``perfect_recall`` (the information state) the string is the seat's whole observation as JSON; without
    it a short text of the table now. ``private_info=NONE`` observes what every seat sees (a spectator).
    """

    def __init__(self, shared: _Shared, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"the trionfi observer takes no parameters; got {params!r}")
        self.shared = shared
        self.encoder = shared.spec.encoder
        self.state_tensor = shared.spec.state_tensor
        self.perfect_recall = bool(iig_obs_type.perfect_recall) if iig_obs_type is not None else False
        private = iig_obs_type.private_info if iig_obs_type is not None else pyspiel.PrivateInfoType.SINGLE_PLAYER
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("trionfi observers see one seat's private information or none, not every seat's")
        self.public_only = private == pyspiel.PrivateInfoType.NONE
        self.tensor = np.zeros(self.encoder.size, np.float32)
        self.dict = self.encoder.views(self.tensor)
        self._fresh: np.ndarray | None = None

    def _obs(self, state: TrionfiState, player: int) -> dict[str, Any]:
        if self.public_only and state.engine is not None:
            from ..events import public_observation

            obs = public_observation(state.engine)
            obs["seat"] = player  # relative seats are counted from this player; no hand is in it
            return obs
        return state.observation_dict(player)

    def set_from(self, state: TrionfiState, player: int) -> None:
        if state._d.box is None and not state._d.pack:
            # OpenSpiel asks for the tensor shape by writing a fresh state's tensor at every tensor call: the
            # fresh state's tensor is the same every time, so it is worked out once.
            if self._fresh is None:
                self.encoder.encode(self._obs(state, player), self.tensor)
                self._fresh = self.tensor.copy()
            self.tensor[:] = self._fresh
            return
        engine = state._d.box.state if state._d.box is not None else None
        if engine is not None and not self.public_only and self.state_tensor.write(engine, player, self.tensor):
            return
        self.encoder.encode(self._obs(state, player), self.tensor)

    def string_from(self, state: TrionfiState, player: int) -> str:
        obs = self._obs(state, player)
        return infostate_text(obs) if self.perfect_recall else observation_text(obs)


def register() -> list[str]:
    """Register every trionfi game with OpenSpiel (done on import; registering again is harmless)."""
    registered = set(pyspiel.registered_names())
    names = []
    for name in trionfi.games():
        short = short_name(name)
        if short not in registered:
            # A class, not a closure, is what OpenSpiel keeps: a Python closure held by its registry crashes the
            # interpreter at exit.
            cls = type(f"TrionfiGame_{name.replace('-', '_')}", (TrionfiGame,), {"NAME": name})
            pyspiel.register_game(_game_type(name), cls)
        names.append(short)
    return names


GAMES = register()
