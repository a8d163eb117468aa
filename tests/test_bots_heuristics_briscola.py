"""The heuristic bots of Briscola (every variant), Briscola Chiamata and Trijumf: always a legal action, and the
club player's rules of thumb in hand-made positions (stacked decks)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import trionfi
from briscola_support import COMBOS, hands_deck
from trionfi.agents import make_agent
from trionfi.agents.heuristic import policy_for
from trionfi.agents.heuristics.briscola_chiamata import choose_bid, choose_call, suit_rating


def choose(state: Any, seat: int | None = None) -> str:
    seat = state.current_player if seat is None else seat
    obs = state.observation(seat)
    return policy_for(obs["game"])(obs, random.Random(0))


def play_to_end(state: Any, bots: dict[int, Any]) -> None:
    while not state.is_terminal():
        seat = state.current_player
        obs = state.observation(seat)
        action = bots[seat].choose(obs)
        assert action in obs["legal_actions"], (action, obs["legal_actions"])
        state.apply(action)


# --- always legal ----------------------------------------------------------------------------------------
GAMES = [("briscola", options) for _, options in COMBOS] + [
    ("briscola-chiamata", {}),
    ("briscola-chiamata", {"caller_leads": True}),
    *[("trijumf", {"players": n, "cut_option": cut}) for n in (2, 4) for cut in (None, "cut", "knock", "flip")],
]


@pytest.mark.parametrize(("name", "options"), GAMES, ids=[f"{n}-{o}" for n, o in GAMES])
def test_heuristic_always_chooses_a_legal_action(name: str, options: dict[str, Any]) -> None:
    game = trionfi.load(name, **options)
    rng = random.Random(hash((name, str(options))) & 0xFFFF)
    for deal in range(3):
        # All heuristic, then heuristic and random bots mixed: positions the heuristic would not reach itself.
        kinds = ["heuristic"] * game.players if deal == 0 else [rng.choice(["heuristic", "random"]) for _ in range(4)]
        bots = {s: make_agent(kinds[s % len(kinds)], seed=rng.getrandbits(32), game=game) for s in range(game.players)}
        state = game.deal(seed=rng.getrandbits(32))
        play_to_end(state, bots)


def test_heuristic_plays_whole_matches() -> None:
    for name, options in [("briscola", {"variant": "briscolone"}), ("trijumf", {"players": 2})]:
        game = trionfi.load(name, **options)
        match = game.match(seed=5)
        bots = {s: make_agent("heuristic", seed=s, game=game) for s in range(game.players)}
        play_to_end(match, bots)


# --- Briscola, two players --------------------------------------------------------------------------------
def briscola2(hand0: list[str], hand1: list[str], indicator: str, **options: Any) -> Any:
    """Two-player Briscola: seat 0 (to lead) and seat 1 get these cards, trumps are the indicator's suit."""
    game = trionfi.load("briscola", players=2, **options)
    return game.deal(deck=hands_deck(game, {0: hand0, 1: hand1}, {7: indicator}))


def test_a_led_ace_is_taken_with_a_low_trump() -> None:
    state = briscola2(["Ac", "4s", "5s"], ["2d", "6b", "7s"], "Kd")  # trumps: coins
    state.apply("Ac")
    assert choose(state) == "2d"


def test_a_loaded_trick_is_taken_with_the_lowest_trump_that_wins() -> None:
    state = briscola2(["3c", "4s", "5s"], ["Ad", "4d", "6b"], "Kd")
    state.apply("3c")
    assert choose(state) == "4d"


def test_a_higher_card_of_the_suit_led_is_preferred_to_a_trump() -> None:
    state = briscola2(["3c", "4s", "5s"], ["Ac", "2d", "6b"], "Kd")
    state.apply("3c")
    assert choose(state) == "Ac"


def test_last_to_play_takes_a_blank_with_a_load_of_its_suit() -> None:
    state = briscola2(["4c", "4s", "5s"], ["Ac", "2d", "6b"], "Kd")
    state.apply("4c")
    assert choose(state) == "Ac"


def test_an_empty_trick_gets_a_blank_not_a_load() -> None:
    state = briscola2(["4c", "4s", "5s"], ["As", "3b", "6b"], "Kd")
    state.apply("4c")
    assert choose(state) == "6b"


def test_no_trump_is_wasted_on_an_empty_trick() -> None:
    state = briscola2(["4c", "4s", "5s"], ["Ad", "2d", "6b"], "Kd")
    state.apply("4c")
    assert choose(state) == "6b"


def test_a_cheap_trump_beats_throwing_a_load() -> None:
    state = briscola2(["4c", "4s", "5s"], ["As", "3b", "2d"], "Kd")
    state.apply("4c")
    assert choose(state) == "2d"


def test_the_leader_leads_a_low_blank() -> None:
    state = briscola2(["Ac", "5s", "2d"], ["4c", "6s", "7s"], "Kd")
    assert choose(state) == "5s"


def test_the_leader_keeps_loads_and_trumps_when_it_has_only_those() -> None:
    state = briscola2(["Ac", "Kb", "2d"], ["4c", "6s", "7s"], "Kd")
    assert choose(state) == "Kb"  # a figure risks 4 points; the ace 11, the trump its power


def test_scoperta_uses_the_open_hand() -> None:
    # The opponent's hand is open: no trump and no higher cup, so the ace of cups led takes 11 for sure.
    state = briscola2(["Ac", "5s", "4b"], ["4c", "6s", "7s"], "Kd", variant="scoperta")
    assert choose(state) == "Ac"


def test_briscolone_takes_a_load_with_a_higher_card_of_the_suit() -> None:
    game = trionfi.load("briscola", variant="briscolone")
    deck = hands_deck(game, {0: ["3b", "4s", "5s", "6s", "7s"], 1: ["Ab", "2c", "4c", "5c", "6c"]})
    state = game.deal(deck=deck)
    state.apply("3b")
    assert choose(state) == "Ab"


def test_a31_claims_only_when_right() -> None:
    game = trionfi.load("briscola", variant="a31")
    bots = {s: make_agent("random", seed=s, game=game) for s in range(2)}
    rng = random.Random(3)
    checked = 0
    for _ in range(20):
        state = game.deal(seed=rng.getrandbits(32))
        while not state.is_terminal():
            seat = state.current_player
            obs = state.observation(seat)
            mine = state.points()[game.side_of[seat]]
            action = choose(state)
            assert (action == "claim") == (mine >= 31)
            checked += action == "claim"
            state.apply(bots[seat].choose(obs) if action != "claim" else "claim")
    assert checked > 0


def late_position(seed: int) -> Any | None:
    """Two-player Briscola on the last round of the stock (two cards left: one face down, the turned-up card):
    the leader holds a king of a plain suit, the other a low trump and two plain blanks, the ace of trumps lies
    turned up under the stock. Built by playing a deal to that point and redistributing the cards still unplayed
    (hands and stock); None when this deal lacks the cards."""
    game = trionfi.load("briscola", players=2)
    state = game.deal(seed=seed)
    rng = random.Random(seed)
    while len(state.stock) > 2:
        state.apply(rng.choice(state.legal_actions()))
    trump = state.trump
    unplayed = [c for h in state.hands for c in h] + state.stock
    codes = {str(c) for c in unplayed}
    ace = "A" + trump
    king = next((c for c in codes if c[0] == "K" and c[-1] != trump), None)
    low = next((c for c in codes if c in {"2" + trump, "4" + trump, "5" + trump}), None)
    blanks = sorted(c for c in codes if c[-1] != trump and c[0] in "24567")[:2]
    if ace not in codes or king is None or low is None or len(blanks) < 2:
        return None
    rest = [trionfi.card(c) for c in sorted(codes - {ace, king, low, *blanks})]
    leader = state.current_player
    state.hands[leader] = [trionfi.card(king), *rest[:2]]
    state.hands[1 - leader] = [trionfi.card(c) for c in (low, *blanks)]
    state.stock = [trionfi.card(ace), rest[2]]
    state.indicator = trionfi.card(ace)
    state._legal_cache = None
    state.apply(king)
    return state


def test_the_turned_up_ace_of_trumps_is_left_to_come_to_the_loser() -> None:
    # A king led would be taken with a low trump, but the loser of this trick draws the ace of trumps.
    found = 0
    for seed in range(60):
        state = late_position(seed)
        if state is None:
            continue
        found += 1
        chosen = choose(state)
        assert trionfi.card(chosen).suit != state.trump, (seed, chosen, state.hand(state.current_player))
    assert found >= 3


# --- Briscola, partners -------------------------------------------------------------------------------------
def briscola4(hands: dict[int, list[str]], indicator: str) -> Any:
    game = trionfi.load("briscola", players=4)
    return game.deal(deck=hands_deck(game, hands, {13: indicator}))


def test_a_partner_sure_to_win_gets_a_load() -> None:
    # Seat 0 leads the ace of trumps: nothing can beat it, so its partner (seat 2) adds his ace of swords.
    state = briscola4(
        {0: ["Ad", "4c", "5c"], 1: ["2b", "4b", "5b"], 2: ["As", "6c", "2d"], 3: ["7b", "6b", "7c"]}, "Kd"
    )
    state.apply("Ad")
    state.apply("2b")
    assert choose(state) == "As"


def test_last_player_loads_a_trick_its_partner_wins() -> None:
    # Seat 1 played the 3 of trumps and seat 3, his partner, plays last: his side has won the trick.
    state = briscola4(
        {0: ["4c", "5c", "6c"], 1: ["3d", "4b", "5b"], 2: ["7c", "Jc", "2s"], 3: ["Ab", "6b", "2d"]}, "Kd"
    )
    for code in ("4c", "3d", "7c"):
        state.apply(code)
    assert choose(state) == "Ab"


def test_no_load_on_a_partner_trick_the_last_opponent_can_still_beat() -> None:
    # Seat 0 leads a blank and is winning, but seat 3 plays after his partner (seat 2): no load yet.
    state = briscola4(
        {0: ["4c", "5c", "6c"], 1: ["2c", "3s", "7b"], 2: ["As", "3b", "7s"], 3: ["Ac", "6b", "2d"]}, "Kd"
    )
    state.apply("4c")
    state.apply("2c")
    assert choose(state) == "7s"


# --- Briscola Chiamata ------------------------------------------------------------------------------------
def chiamata_obs(hand: list[str], legal: list[str], phase: str = "auction") -> dict[str, Any]:
    return {"game": "briscola-chiamata", "options": {}, "phase": phase, "hand": hand, "legal_actions": legal}


RANK_BIDS = ["bid A", "bid 3", "bid K", "bid H", "bid J", "bid 7", "bid 6", "bid 5", "bid 4", "bid 2"]


def test_chiamata_a_weak_hand_passes() -> None:
    hand = ["2d", "4c", "5s", "6b", "7d", "Jc", "4s", "5b"]
    assert choose_bid(chiamata_obs(hand, ["pass", *RANK_BIDS])) == "pass"


def test_chiamata_a_strong_hand_bids_low() -> None:
    hand = ["Ad", "3d", "Kd", "Hd", "5d", "Ac", "3s", "2b"]
    obs = chiamata_obs(hand, ["pass", *RANK_BIDS[5:]])  # the bidding is down to the 7 already
    assert choose_bid(obs) == "bid 7"


def test_chiamata_bids_skip_a_card_it_holds() -> None:
    # Holding the ace of its best suit, the bidder does not call it (it would play alone): it bids the 3.
    hand = ["Ad", "Kd", "Hd", "5d", "4d", "Ac", "2s", "2b"]
    assert choose_bid(chiamata_obs(hand, ["pass", *RANK_BIDS])) == "bid 3"


def test_chiamata_calls_a_card_it_lacks_in_its_best_suit() -> None:
    hand = ["Ad", "Kd", "Hd", "5d", "4d", "Ac", "2s", "2b"]
    calls = ["call 3d", "call 3c", "call 3s", "call 3b"]
    assert choose_call(chiamata_obs(hand, calls, "call")) == "call 3d"
    assert suit_rating([trionfi.card(c) for c in hand], "d") > suit_rating([trionfi.card(c) for c in hand], "c")


def test_chiamata_the_partner_loads_the_callers_winning_trick() -> None:
    game = trionfi.load("briscola-chiamata", caller_leads=True)
    # Deal singly from seat 0 (the dealer is 4): seat s gets cards s+1, s+6, ... Seat 0 will call the 3 of coins
    # held by seat 1, lead the ace of coins (the top trump) and seat 1 should smear his ace of swords on it.
    hands = {
        0: ["Ad", "Kd", "Hd", "5d", "4d", "Ac", "2s", "2b"],
        1: ["3d", "As", "4c", "5c", "6c", "7c", "Jc", "Hc"],
    }
    placed: dict[int, str] = {}
    for seat, codes in hands.items():
        for j, code in enumerate(codes):
            placed[seat + 1 + 5 * j] = code
    rest = iter(str(c) for c in game.deck if str(c) not in placed.values())
    deck = [placed.get(p) or next(rest) for p in range(1, 41)]
    state = game.deal(deck=deck)
    for action in ("bid 3", "pass", "pass", "pass", "pass", "call 3d", "Ad"):
        state.apply(action)
    assert state.current_player == 1
    assert choose(state) == "As"


# --- Trijumf ------------------------------------------------------------------------------------------------
def trijumf2(hand0: list[str], hand1: list[str], indicator: str) -> Any:
    """Two-player Trijumf after a knock: seat 0 (the dealer's left, to lead) gets cards 1-10, seat 1 11-20,
    card 21 is the turned-up trump."""
    game = trionfi.load("trijumf", players=2, cut_option="knock")
    top = [*hand0, *hand1, indicator]
    deck = top + [str(c) for c in game.deck if str(c) not in top]
    return game.deal(deck=deck)


HAND0 = ["4c", "5c", "6c", "7c", "4s", "5s", "6s", "7s", "4b", "5b"]
OTHER = ["Ac", "2c", "Jd", "2d", "As", "3s", "Ks", "Js", "7b", "3b"]  # no King-Horse pair


def test_trijumf_cuts_plainly_and_claims_when_right() -> None:
    game = trionfi.load("trijumf", players=2)
    state = game.deal(seed=1)
    assert state.phase == "cut"
    assert choose(state) == "cut"
    state.enter_match([401, 0])  # the cutter (seat 0, before the dealer) has 401 from the earlier deals
    assert state.current_player == 0
    assert choose(state) == "claim"
    state.enter_match([400, 0])
    assert choose(state) == "cut"


def test_trijumf_declares_the_trump_pair_first_with_two_players() -> None:
    state = trijumf2(["Kc", "Hc", "Kd", "Hd", "4s", "5s", "6s", "7s", "4b", "5b"], OTHER, "7d")
    assert choose(state) == "declare Kd+Hd"


def test_trijumf_last_player_takes_with_the_ace_of_the_suit_led() -> None:
    state = trijumf2(HAND0, OTHER, "6d")
    state.apply("4c")
    assert choose(state) == "Ac"


def test_trijumf_trumps_with_the_lowest_trump_when_void() -> None:
    state = trijumf2(
        ["3c", "5c", "6c", "7c", "4s", "5s", "6s", "7s", "4b", "5b"],
        ["Ad", "2d", "Jd", "As", "3s", "Ks", "Js", "2s", "3b", "Ab"],
        "6d",
    )
    state.apply("3c")
    assert choose(state) == "2d"


def test_trijumf_does_not_trump_a_blank_with_a_high_trump() -> None:
    # Void in cups with only the ace and three of trumps: a trump must be played; the three costs less.
    state = trijumf2(
        ["4c", "5c", "6c", "7c", "4s", "5s", "6s", "7s", "4b", "5b"],
        ["Ad", "3d", "As", "3s", "Ks", "Js", "2s", "7b", "3b", "Ab"],
        "6d",
    )
    state.apply("4c")
    assert choose(state) == "3d"
