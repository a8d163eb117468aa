"""trionfi.envs without any framework: the core imports none of them, and the action tables and encodings."""

from __future__ import annotations

import random
import subprocess
import sys

import numpy as np
import pytest

import trionfi
from envs_support import CONFIGS, IDS
from trionfi.envs.actions import ActionTable
from trionfi.envs.encoding import Encoder

FRAMEWORKS = ("pyspiel", "open_spiel", "pettingzoo", "gymnasium", "torch")


def test_importing_trionfi_imports_no_research_framework():
    code = (
        "import sys, trionfi, trionfi.envs, trionfi.envs.actions, trionfi.envs.encoding, trionfi.envs.common\n"
        f"loaded = [m for m in {FRAMEWORKS!r} if m in sys.modules]\n"
        "assert not loaded, loaded"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_every_legal_action_has_an_id_and_the_tensor_fits_its_pieces(name, options):
    game = trionfi.load(name, **options)
    table = ActionTable(game)
    encoder = Encoder(game)
    assert table.texts[: len(game.deck)] == tuple(str(c) for c in game.deck)
    assert len(set(table.texts)) == len(table)
    assert encoder.size == sum(int(np.prod(shape)) for _, shape in encoder.pieces())
    rng = random.Random(3)
    for seed in range(2):
        state = game.deal(seed=seed)
        while not state.is_terminal():
            for seat in range(game.players):
                tensor = encoder.encode(state.observation(seat))
                assert tensor.dtype == np.float32 and tensor.shape == (encoder.size,)
                assert tensor.min() >= 0.0 and tensor.max() <= 1.0
            legal = state.legal_actions()
            ids = table.ids_of(legal)
            assert [table.text(i) for i in ids] == sorted(map(str, legal), key=table.id_of)
            state.apply(table.engine_action(state, rng.choice(ids)))


def test_the_tensor_pieces_say_what_the_seat_sees():
    game = trionfi.load("briscola", players=4)
    encoder = Encoder(game)
    state = game.deal(seed=5)
    for _ in range(6):  # a trick and two cards of the next
        state.apply(state.legal_actions()[0])
    obs = state.observation(1)
    v = encoder.views(encoder.encode(obs))
    index = {str(c): i for i, c in enumerate(game.deck)}
    assert sorted(np.flatnonzero(v["hand"])) == sorted(index[c] for c in obs["hand"])
    assert v["played"].sum() == 4
    for seat, c in obs["trick"]:
        assert v["trick"][(seat - 1) % 4, index[c]] == 1.0  # row 0 is the observer, row 1 the next seat
    assert v["trump"][encoder.suit_index[obs["trump"]]] == 1.0
    assert v["turned_up"][index[obs["indicator"]]] == 1.0
    assert v["to_play"][(obs["current_player"] - 1) % 4] == 1.0


def test_voids_are_read_only_where_a_rule_forces_following():
    trijumf = trionfi.load("trijumf", players=2, cut_option="cut")
    encoder = Encoder(trijumf)
    obs = trijumf.deal(seed=1).observation(0)
    obs = {**obs, "trick": [], "tricks": [{"cards": [[1, "Ad"], [0, "2c"]], "leader": 1, "winner": 1, "points": 11}]}
    obs["trump"] = "s"
    voids = encoder.views(encoder.encode(obs))["voids"]
    assert voids[0, encoder.suit_index["d"]] == 1.0  # did not follow coins
    assert voids[0, encoder.suit_index["s"]] == 1.0  # nor trump: no swords either
    assert voids[1].sum() == 0
    briscola = Encoder(trionfi.load("briscola"))
    assert briscola.follow is None  # any card may be played: play shows no void
