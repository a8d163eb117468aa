"""Partnership communication in Briscola: signals, conversation, Schembil (RULES.md §2.13, §2.5, BR-24, BR-25)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import trionfi
from trionfi.cards import ITALIAN_40, Card
from trionfi.games import briscola_talk
from trionfi.games.briscola import BriscolaState

QUESTION_WORDS = ("ask", "order", "view", "done", "signal")


def talk_actions(state: Any) -> list[str]:
    return [str(a) for a in state.legal_actions() if str(a).split()[0] in QUESTION_WORDS]


def play_card(state: Any) -> None:
    """Play the first legal card, yielding the Schembil floor first if needed."""
    while state.phase == "talk":
        state.apply("done")
    state.apply(next(a for a in state.legal_actions() if isinstance(a, Card)))


def play_trick(state: Any) -> None:
    done = len(state.tricks)
    while len(state.tricks) == done and not state.is_terminal():
        play_card(state)


def stacked(fixed: dict[int, str]) -> list[str]:
    """A full Italian 40 deck with the given cards at the given positions (0 = first dealt)."""
    rest = [str(c) for c in ITALIAN_40 if str(c) not in fixed.values()]
    return [fixed[i] if i in fixed else rest.pop(0) for i in range(40)]


def assert_rejected(state: Any, action: str) -> None:
    before = state.to_record()
    obs = [json.dumps(state.observation(s)) for s in range(state.game.players)]
    with pytest.raises(trionfi.IllegalAction):
        state.apply(action)
    assert state.to_record() == before
    assert [json.dumps(state.observation(s)) for s in range(state.game.players)] == obs


def conversation(players: int = 4, seed: int = 1) -> Any:
    return trionfi.load("briscola", players=players, communication="conversation").deal(seed=seed)


# --- BR-24 -------------------------------------------------------------------------------------------------
def br24_state() -> Any:
    """Four-card Briškula (4 players), trumps c: after trick 1 seat 2 holds exactly {2c, 7c, Kc, 4s}.

    Seat 0 leads the Ac and wins trick 1, so the draws go 0 1 2 3 0 1 2 3: seat 2 draws cards 19 and 23.
    """
    deck = stacked({0: "Ac", 2: "2c", 6: "7c", 10: "6d", 14: "7d", 16: "6c", 19: "Kc", 23: "4s"})
    game = trionfi.load("briscola", players=4, variant="double", communication="conversation")
    state = game.deal(deck=deck)
    for seat, code in ((0, "Ac"), (1, None), (2, "6d"), (3, None), (0, None), (1, None), (2, "7d"), (3, None)):
        state.apply(code or state.hand(seat)[0], seat=seat)
    assert state.trump == "c" and state.leader == 0
    assert sorted(state.hand(2)) == sorted(["2c", "7c", "Kc", "4s"])
    return state


def test_br24_briscoline_vestite_carichi() -> None:
    state = br24_state()
    for question in ("briscoline", "vestite", "carichi", "lisci"):
        state.apply(f"ask {question}")
    said = [(m.sender, m.kind, m.text) for m in state.messages]
    assert said == [
        (0, "question", "briscoline?"),
        (2, "answer", "briscoline: yes"),
        (0, "question", "vestite?"),
        (2, "answer", "vestite: yes"),
        (0, "question", "carichi?"),
        (2, "answer", "carichi: no"),
        (0, "question", "lisci?"),
        (2, "answer", "lisci: yes"),
    ]
    assert all(m.trick == 2 for m in state.messages)


@pytest.mark.parametrize(
    ("hand", "briscoline", "vestite", "carichi", "lisci"),
    [
        (["7c", "As", "Kd"], False, False, True, False),  # the 7 of trumps is neither
        (["2c", "Jc", "3d"], True, True, True, False),
        (["Ac", "3c", "Ks"], False, False, False, False),  # the A and 3 of trumps are not vestite
        (["6c", "Hc", "5b"], True, True, False, True),
    ],
)
def test_answers_follow_the_definitions(
    hand: list[str], briscoline: bool, vestite: bool, carichi: bool, lisci: bool
) -> None:
    state = br24_state()
    state.hands[2] = [trionfi.card(c) for c in hand]
    got = [briscola_talk._answer(state, 0, 2, q) for q in ("briscoline", "vestite", "carichi", "lisci")]
    assert got == [briscoline, vestite, carichi, lisci]


def test_head_question_ignores_the_askers_own_cards() -> None:
    state = conversation()
    play_trick(state)
    asker = state.leader
    partner = (asker + 2) % 4
    trump = state.trump
    played = {c for t in state.tricks for c in t.cards}
    # A non-trump suit whose A, 3 and K are all still out.
    suit = next(s for s in "dcsb" if s != trump and not played & {trionfi.card(r + s) for r in "A3K"})
    top = [trionfi.card(r + suit) for r in ("A", "3", "K")]
    state.hands[partner] = [top[1]]
    state.hands[asker] = [top[2]]
    assert not briscola_talk._answer(state, asker, partner, f"head {suit}")  # the ace is still out
    state.hands[asker] = [top[0]]
    assert briscola_talk._answer(state, asker, partner, f"head {suit}")  # the asker holds the ace
    state.hands[partner] = [trionfi.card("2" + trump)]
    assert not briscola_talk._answer(state, asker, partner, f"head {suit}")  # no card of the suit


# --- conversation ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [4, 6])
def test_no_talk_in_trick_one(players: int) -> None:
    state = conversation(players)
    for _ in range(players):
        assert talk_actions(state) == []
        assert_rejected(state, "ask lisci" if players == 4 else "ask 2 lisci")
        play_card(state)
    assert talk_actions(state)


@pytest.mark.parametrize("players", [4, 6])
def test_only_the_leader_may_talk_before_leading(players: int) -> None:
    state = conversation(players, seed=5)
    play_trick(state)
    leader = state.leader
    assert state.current_player == leader and talk_actions(state)
    play_card(state)
    while state.trick:
        assert talk_actions(state) == []
        partner = (state.current_player + 2) % players
        assert_rejected(state, "order head" if players == 4 else f"order {partner} head")
        play_card(state)


def test_four_player_texts() -> None:
    state = conversation()
    play_trick(state)
    trump = state.trump
    heads = [f"ask head {s}" for s in "dcsb" if s != trump]
    assert talk_actions(state) == [
        "ask lisci",
        "ask briscoline",
        "ask vestite",
        "ask carichi",
        *heads,
        "order liscio",
        "order trump high",
        "order trump low",
        "order head",
        "order carico",
    ]
    assert_rejected(state, f"ask head {trump}")  # no heading question about the trump suit


def test_six_player_questions_name_a_partner() -> None:
    state = conversation(6, seed=2)
    play_trick(state)
    leader = state.leader
    partners = {(leader + 2) % 6, (leader + 4) % 6}
    named = {int(t.split()[1]) for t in talk_actions(state)}
    assert named == partners
    assert_rejected(state, "ask lisci")
    assert_rejected(state, f"ask {(leader + 1) % 6} lisci")  # an opponent
    assert_rejected(state, f"ask {leader} lisci")  # himself
    p = min(partners)
    state.apply(f"ask {p} vestite")
    assert [(m.sender, m.to) for m in state.messages] == [(leader, (p,)), (p, (leader,))]


def test_each_question_and_order_once_per_trick_and_partner() -> None:
    state = conversation(6, seed=3)
    play_trick(state)
    leader = state.leader
    a, b = (leader + 2) % 6, (leader + 4) % 6
    state.apply(f"ask {a} lisci")
    state.apply(f"order {a} carico")
    assert_rejected(state, f"ask {a} lisci")
    assert_rejected(state, f"order {a} carico")
    state.apply(f"ask {b} lisci")  # the other partner may still be asked
    state.apply(f"order {b} carico")
    assert len(state.messages) == 6


def test_conversation_is_public() -> None:
    state = conversation(seed=4)
    play_trick(state)
    state.apply("ask briscoline")
    state.apply("order trump low")
    for seat in range(4):
        texts = [m["text"] for m in state.observation(seat)["messages"]]
        assert texts[0] == "briscoline?" and texts[1].startswith("briscoline: ")
        assert texts[2] == "play a low trump"
        assert state.observation(seat)["messages"][0]["recipients"] == [0, 1, 2, 3]


def test_orders_are_advisory() -> None:
    state = conversation(seed=6)
    play_trick(state)
    state.apply("order carico")
    play_card(state)  # the leader leads
    partner_cards = [a for a in state.legal_actions() if isinstance(a, Card)]
    assert len(partner_cards) == len(state.hand(state.current_player))  # any card, whatever the order


# --- signals -----------------------------------------------------------------------------------------------
def held_high_trumps(state: Any, seat: int) -> list[str]:
    return [f"signal {r}" for r in ("A", "3", "K", "H", "J") if any(c == r + state.trump for c in state.hand(seat))]


@pytest.mark.parametrize("players", [4, 6])
def test_signals_only_for_held_trumps_once_each(players: int) -> None:
    game = trionfi.load("briscola", players=players, communication="signals")
    seen = 0
    for seed in range(40):
        state = game.deal(seed=seed)
        sent: set[tuple[int, str]] = set()
        while not state.is_terminal():
            seat = state.current_player
            expected = [t for t in held_high_trumps(state, seat) if (seat, t) not in sent]
            assert talk_actions(state) == expected
            if expected:
                seen += 1
                state.apply(expected[0])
                sent.add((seat, expected[0]))
                assert_rejected(state, expected[0])
            not_held = [
                f"signal {r}" for r in ("A", "3", "K", "H", "J") if f"signal {r}" not in held_high_trumps(state, seat)
            ]
            if not_held:
                assert_rejected(state, not_held[0])
            play_card(state)
        assert sum(state.points()) == 120
    assert seen > 10


def test_french_pack_signals_the_queen() -> None:
    game = trionfi.load("briscola", players=4, communication="signals", deck="french")
    seen = {t for seed in range(100) for t in talk_actions(game.deal(seed=seed))}
    assert seen == {"signal A", "signal 3", "signal K", "signal Q", "signal J"}


def first_signal(players: int) -> tuple[Any, str]:
    game = trionfi.load("briscola", players=players, communication="signals")
    for seed in range(100):
        state = game.deal(seed=seed)
        while not state.is_terminal():
            signals = talk_actions(state)
            if signals:
                return state, signals[0]
            play_card(state)
    raise AssertionError("no signal found")


@pytest.mark.parametrize("players", [4, 6])
def test_signals_are_invisible_to_opponents(players: int) -> None:
    state, signal = first_signal(players)
    sender = state.current_player
    quiet = state.clone()
    state.apply(signal)
    for seat in range(players):
        loud_obs, quiet_obs = state.observation(seat), quiet.observation(seat)
        if seat % 2 == sender % 2:
            assert [m["text"] for m in loud_obs["messages"]][-1] == f"I hold the {signal.split()[1]} of trumps"
            assert len(loud_obs["messages"]) == len(quiet_obs["messages"]) + 1
        else:
            assert json.dumps(loud_obs, sort_keys=True) == json.dumps(quiet_obs, sort_keys=True)
    # The same after the rest of the deal is played identically in both.
    while not quiet.is_terminal():
        move = next(a for a in quiet.legal_actions() if isinstance(a, Card))
        quiet.apply(move)
        state.apply(move)
        for seat in range(players):
            if seat % 2 != sender % 2:
                assert json.dumps(state.observation(seat)) == json.dumps(quiet.observation(seat))


# --- Schembil ----------------------------------------------------------------------------------------------
def schembil(seed: int = 1, rais: str = "0,1") -> Any:
    return trionfi.load("briscola", players=6, variant="schembil", rais=rais).deal(seed=seed)


def test_schembil_floor_then_the_leader_plays() -> None:
    for seed in range(20):
        state = schembil(seed)
        assert state.phase == "play" and talk_actions(state) == []
        play_trick(state)
        leader = state.leader
        order = [s for s in state.trick_seats if s in (0, 1) and s != leader]
        for rais in order:
            assert state.phase == "talk" and state.current_player == rais
            assert "done" in talk_actions(state)
            assert all(not isinstance(a, Card) for a in state.legal_actions())  # no card play in the talk phase
            state.apply("done")
        assert state.phase == "play" and state.current_player == leader
        assert ("ask 2 lisci" in talk_actions(state)) == (leader == 0)


def test_br25_non_rais_questions_are_rejected() -> None:
    state = schembil(seed=2)
    play_trick(state)
    while state.phase == "talk":
        state.apply("done")
    if state.leader in (0, 1):
        play_card(state)  # let a non-rais be on turn
    assert state.current_player not in (0, 1)
    seat = state.current_player
    partner = (seat + 2) % 6
    assert talk_actions(state) == []
    assert_rejected(state, f"ask {partner} lisci")
    assert_rejected(state, f"order {partner} head")


def test_schembil_rais_talks_only_to_his_partners() -> None:
    state = schembil(seed=3, rais="2,5")
    play_trick(state)
    rais = state.current_player
    assert rais in (2, 5)
    named = {int(t.split()[1]) for t in talk_actions(state) if t.split()[0] in ("ask", "order")}
    assert named == {(rais + 2) % 6, (rais + 4) % 6}
    partner = (rais + 2) % 6
    state.apply(f"ask {partner} carichi")
    assert state.messages[-1].sender == partner and state.messages[-1].kind == "answer"
    assert_rejected(state, f"ask {partner} carichi")
    assert_rejected(state, f"ask {(rais + 1) % 6} carichi")


def test_br25_rais_views_one_partner_once_after_the_stock() -> None:
    state = schembil(seed=4)
    while state.stock:
        assert not any(t.startswith("view") for t in talk_actions(state))
        play_trick(state)
    rais = state.current_player if state.phase == "talk" else state.leader
    assert rais in (0, 1)
    partners = [(rais + 2) % 6, (rais + 4) % 6]
    assert [t for t in talk_actions(state) if t.startswith("view")] == [f"view {p}" for p in partners]
    assert_rejected(state, f"view {(rais + 1) % 6}")
    state.apply(f"view {partners[1]}")
    snapshot = state.hand(partners[1])
    assert state.observation(rais)["views"] == {str(partners[1]): snapshot}
    assert all(state.observation(s)["views"] == {} for s in range(6) if s != rais)
    assert not any(t.startswith("view") for t in talk_actions(state))
    assert_rejected(state, f"view {partners[0]}")
    play_trick(state)
    while not state.is_terminal():
        if state.current_player == rais:
            assert not any(t.startswith("view") for t in talk_actions(state))
        play_card(state)
    assert state.observation(rais)["views"] == {str(partners[1]): snapshot}  # a snapshot, kept


# --- show_partner_after_stock ------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [4, 6])
def test_partners_see_hands_once_the_stock_is_gone(players: int) -> None:
    state = trionfi.load("briscola", players=players, show_partner_after_stock=True).deal(seed=7)
    while state.stock:
        assert all(state.observation(s)["open_hands"] == {} for s in range(players))
        play_trick(state)
    for seat in range(players):
        shown = state.observation(seat)["open_hands"]
        assert set(shown) == {str(p) for p in range(seat % 2, players, 2) if p != seat}
        assert all(shown[str(p)] == state.hand(p) for p in range(seat % 2, players, 2) if p != seat)


def test_partner_hands_hidden_by_default() -> None:
    state = conversation()
    while state.stock:
        play_trick(state)
    assert all(state.observation(s)["open_hands"] == {} for s in range(4))


# --- robustness --------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "options",
    [
        {"players": 4, "communication": "conversation"},
        {"players": 4, "communication": "signals"},
        {"players": 6, "communication": "conversation"},
        {"players": 6, "communication": "signals"},
        {"players": 6, "variant": "schembil"},
        {"players": 4, "variant": "double", "communication": "conversation"},
    ],
)
def test_random_play_with_talk_terminates(options: dict[str, Any]) -> None:
    game = trionfi.load("briscola", **options)
    rng = random.Random(11)
    talked = 0
    for seed in range(100):
        state = game.deal(seed=seed)
        steps = 0
        while not state.is_terminal():
            action = rng.choice(state.legal_actions())
            talked += not isinstance(action, Card)
            state.apply(action)
            steps += 1
            assert steps < 2000
        assert sum(state.points()) == 120
        assert trionfi.replay(state.to_record()).to_record() == state.to_record()
    assert talked > 0


def test_illegal_talk_leaves_the_state_unchanged() -> None:
    state = conversation(seed=8)
    for bad in ("ask lisci", "signal A", "view 2", "done", "ask", "order", "ask 2 lisci"):
        assert_rejected(state, bad)
    play_trick(state)
    for bad in ("ask", "ask trumps", "ask head", "order jump", "signal A", "view 2", "done", "ask 2 lisci"):
        assert_rejected(state, bad)
    state.apply("ask lisci")
    assert_rejected(state, "ask lisci")


def test_clone_keeps_talk_apart() -> None:
    state = conversation(seed=9)
    play_trick(state)
    other = state.clone()
    state.apply("ask vestite")
    assert other.messages == [] and "ask vestite" in talk_actions(other)
    assert isinstance(other, BriscolaState)
