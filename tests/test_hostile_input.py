"""Random and hostile text everywhere a user or a file can put it: every game's ``apply``, ``trionfi.load``'s
options, ``trionfi.replay`` and record files, tournament result files and ``parse_comanda``.

The only exceptions allowed are trionfi's own (``TrionfiError`` subclasses, all ``ValueError``), and a refused
input leaves the state exactly as it was (its record and every seat's observation). The texts mix words of the
games, accents typed alone, digits of other scripts, digit runs thousands long and plain random Unicode.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import trionfi
from trionfi.errors import TrionfiError
from trionfi.ratings import rate_results
from trionfi.records import load_file
from trionfi.tournament import check_result, load_result, run_tournament

SETTINGS = settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", 60)), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)

# --- hostile text --------------------------------------------------------------------------------------------
WORDS = [
    "comanda", "say", "signal", "bid", "call", "claim", "pass", "vagaresto", "vaga", "accept", "concede", "rob",
    "take", "discard", "demand", "knock", "declare", "cut", "flip", "ask", "order", "view", "done", "agree",
    "refuse", "redeal", "seat", "dealer", "next", "più", "manco", "figure", "denari", "al", "fino", "tutto", "asso",
    "re", "cavalli", "spade", "di", "e", ",", ";", "[", "]", "{", "}", "(", ")", "=", "+", "-", "Kd", "10s", "Hb",
    "T21", "Fool", "K[dcs]", "7c=7d", "next dealer", "propose redeal", "no demand", "signal padrona", "bid 2 with",
]  # fmt: skip
COMBINING = ["\u0301", "\u0300", "\u0308", "\u0327", "\u20dd", "\u0338", "\u200d", "\ufe0f"]
ODD_DIGITS = ["❶", "➀", "፩", "٣", "²", "①", "１", "߀", "𝟙"]
SPACES = [" ", "  ", "\t", "\n", "\u00a0", "\u2028", ""]

piece = st.one_of(
    st.sampled_from(WORDS),
    st.sampled_from(COMBINING),
    st.sampled_from(ODD_DIGITS),
    st.integers(1, 6000).map(lambda n: "9" * n),
    st.integers(0, 120).map(str),
    st.text(max_size=6),
)
hostile_text = st.one_of(
    st.lists(st.tuples(piece, st.sampled_from(SPACES)), max_size=6).map(lambda ps: "".join(a + b for a, b in ps)),
    st.text(max_size=40),
    st.sampled_from(COMBINING).map(lambda c: c + " " + c),
)

# --- states to attack: every game, deals and matches, at several points of play --------------------------------
CONFIGS = [
    ("briscola", {}),
    ("briscola", {"players": 4, "communication": "conversation"}),
    ("briscola", {"variant": "a31"}),
    ("briscola", {"variant": "schembil", "players": 6}),
    ("briscola", {"variant": "bosnian", "players": 5}),
    ("briscola-chiamata", {}),
    ("trijumf", {}),
    ("trijumf", {"players": 2}),
    ("triomphe", {}),
    ("triomphe", {"ruleset": "strasbourg", "players": 3, "rob_stock": True}),
    ("trionfetti", {"start_scores": [3, 4]}),
    ("trionfetti", {"allow_explicit_tiers": False}),
    ("troccas", {}),
]
DEPTHS = (0, 1, 3, 8, 20, 45, 400)


@functools.cache
def _records() -> tuple[str, ...]:
    """Records (as JSON text) of states in every phase: each config, deal and match, after a few random moves."""
    out = []
    for name, options in CONFIGS:
        game = trionfi.load(name, **options)
        for kind in ("deal", "match"):
            for depth in DEPTHS:
                state = game.deal(seed=depth) if kind == "deal" else game.match(seed=depth)
                rng = random.Random(depth)
                for _ in range(depth):
                    if state.is_terminal():
                        break
                    state.apply(rng.choice(state.legal_actions()))
                out.append(json.dumps(state.to_record()))
    return tuple(out)


def _snapshot(state: Any) -> str:
    n = (state.game if hasattr(state, "game") else state.state.game).players
    return json.dumps([state.to_record(), [state.observation(s) for s in range(n)]], sort_keys=True)


def _attack(state: Any, action: Any, seat: Any = None) -> None:
    """Apply ``action``: refused with trionfi's own error and the state untouched, or accepted and recorded so
    that the record replays to the same state."""
    before = _snapshot(state)
    try:
        state.apply(action, seat=seat)
    except TrionfiError:
        assert _snapshot(state) == before, f"a refused {action!r} changed the state"
        return
    record = state.to_record()
    assert json.loads(json.dumps(record)) == record
    assert trionfi.replay(json.dumps(record)).to_record() == record


@SETTINGS
@given(index=st.integers(0, len(CONFIGS) * 2 * len(DEPTHS) - 1), text=hostile_text)
def test_apply_takes_any_text(index, text):
    _attack(trionfi.replay(_records()[index]), text)


@SETTINGS
@given(index=st.integers(0, len(CONFIGS) * 2 * len(DEPTHS) - 1), data=st.data())
def test_apply_takes_any_spoiled_legal_action(index, data):
    """A legal action with an accent, a foreign digit or a digit run glued on: near misses of real actions."""
    state = trionfi.replay(_records()[index])
    legal = [str(a) for a in state.legal_actions()] or ["Kd"]
    base = data.draw(st.sampled_from(legal))
    extra = data.draw(st.sampled_from([*COMBINING, *ODD_DIGITS, "9" * 5000, " ❶", " 99999999999999999999"]))
    where = data.draw(st.sampled_from(["before", "after", "inside"]))
    text = {"before": extra + base, "after": base + extra, "inside": base[:1] + extra + base[1:]}[where]
    _attack(state, text)


@SETTINGS
@given(
    index=st.integers(0, len(CONFIGS) * 2 * len(DEPTHS) - 1),
    seat=st.one_of(st.booleans(), st.floats(allow_nan=True), st.integers(-3, 12), st.text(max_size=3), st.none()),
)
def test_apply_takes_any_seat(index, seat):
    state = trionfi.replay(_records()[index])
    legal = state.legal_actions()
    _attack(state, legal[0] if legal else "Kd", seat=seat)


# --- options ---------------------------------------------------------------------------------------------------
class Huge:
    """Stands for an int too long to print (hypothesis prints its examples): :func:`real` makes it."""

    def __init__(self, digits: int) -> None:
        self.digits = digits

    def __repr__(self) -> str:
        return f"Huge({self.digits})"


def real(value: Any) -> Any:
    """``value`` with every :class:`Huge` made the int it stands for."""
    if isinstance(value, Huge):
        return 10 ** (value.digits - 1)
    if isinstance(value, list):
        return [real(v) for v in value]
    if isinstance(value, dict):
        return {k: real(v) for k, v in value.items()}
    return value


values = st.one_of(
    hostile_text,
    st.integers(),
    st.integers(4301, 6000).map(Huge),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.none(),
    st.lists(st.integers(-5, 30), max_size=3),
    st.sampled_from(["true", "false", "none", "inf", "nan", "-inf", "1e999", "3-4", "0,1", "2d", "italian"]),
)


@SETTINGS
@given(data=st.data())
def test_load_takes_any_options(data):
    name = data.draw(st.sampled_from(trionfi.games()))
    known = [o.name for o in trionfi.load(name).OPTIONS]
    keys = st.one_of(st.sampled_from([*known, "name", "self", "variant", "players"]), hostile_text)
    options = real(data.draw(st.dictionaries(keys, values, max_size=3)))
    try:
        game = trionfi.load(name, **options)
    except TrionfiError:
        return
    record = game.deal(seed=1).to_record()  # an accepted option makes a game whose record replays
    assert trionfi.replay(json.loads(json.dumps(record))).to_record() == record


# --- records ---------------------------------------------------------------------------------------------------
json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), hostile_text),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(hostile_text, inner, max_size=3),
    max_leaves=8,
)
FIELDS = ["format", "version", "kind", "game", "options", "seed", "dealer", "deck", "actions", "comment"]


def _replays_or_refuses(record: Any) -> None:
    try:
        state = trionfi.replay(record)
    except TrionfiError:
        return
    assert trionfi.replay(state.to_record()).to_record() == state.to_record()


@SETTINGS
@given(text=st.one_of(hostile_text, st.text()))
def test_replay_takes_any_text(text):
    _replays_or_refuses(text)


@SETTINGS
@given(index=st.integers(0, len(CONFIGS) * 2 * len(DEPTHS) - 1), data=st.data())
def test_replay_takes_any_spoiled_record(index, data):
    record = json.loads(_records()[index])
    how = data.draw(st.sampled_from(["field", "option", "action", "drop"]))
    if how == "field":
        record[data.draw(st.sampled_from(FIELDS))] = data.draw(json_values)
    elif how == "option":
        record["options"][data.draw(st.one_of(st.sampled_from(["name", "self", "players"]), hostile_text))] = real(
            data.draw(st.one_of(json_values, values))
        )
    elif how == "action":
        spot = data.draw(st.integers(0, len(record["actions"])))
        record["actions"].insert(spot, data.draw(st.one_of(hostile_text, json_values)))
    else:
        record.pop(data.draw(st.sampled_from(FIELDS)), None)
    _replays_or_refuses(record)
    try:
        text = json.dumps(record)
    except ValueError:  # an int of more than 4300 digits has no JSON text in Python
        return
    _replays_or_refuses(text)


@SETTINGS
@given(
    blob=st.one_of(
        st.binary(max_size=200),
        hostile_text.map(lambda t: t.encode("utf-8")),
        hostile_text.map(lambda t: t.encode("utf-16")),
        st.integers(1, 4000).map(lambda n: b"[" * n + b"]" * n),
    )
)
def test_record_and_result_files_take_any_bytes(tmp_path_factory, blob):
    path = tmp_path_factory.mktemp("files") / "file.json"
    path.write_bytes(blob)
    with contextlib.suppress(TrionfiError):
        load_file(path)
    with contextlib.suppress(TrionfiError):
        rate_results([load_result(path)])


@functools.cache
def _result() -> str:
    return json.dumps(run_tournament(trionfi.load("briscola", players=4), "random,random", 2, seed=3, jobs=1))


@SETTINGS
@given(data=st.data())
def test_tournament_results_take_any_spoiling(data):
    result = json.loads(_result())
    entry = result["log"][0]["games"][0]
    target = data.draw(st.sampled_from(["top", "bots", "sides", "seats", "returns", "points", "game"]))
    value = data.draw(json_values)
    if target == "top":
        result[data.draw(st.sampled_from(["format", "version", "bots", "sides", "log"]))] = value
    elif target == "bots":
        result["bots"][0] = value
    elif target == "sides":
        result["sides"][data.draw(st.integers(0, 1))] = value
    elif target == "game":
        result["log"][0]["games"][0] = value
    else:
        entry[target] = value
    try:
        check_result(result)
    except TrionfiError:
        return
    rate_results([result])  # what the check lets through, the ratings can read


# --- the comanda ---------------------------------------------------------------------------------------------
@SETTINGS
@given(text=hostile_text, nick=st.one_of(st.none(), hostile_text))
def test_parse_comanda_takes_any_text(text, nick):
    nicknames = {"mia": nick, "tua": "mia mia"} if nick is not None else None
    try:
        ranking = trionfi.parse_comanda(text, nicknames)
    except TrionfiError:
        return
    assert sum(len(t) for t in ranking.tiers) == 52
