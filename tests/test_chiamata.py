"""Briscola Chiamata (RULES.md §2.12, BR-22, BR-23): deal, auction, call, secret partner, scores."""

from __future__ import annotations

import json
import random

import pytest

import trionfi
from trionfi.cards import ITALIAN_40
from trionfi.games.briscola_chiamata import ChiamataState, deal_scores
from trionfi.match import Fixed

# BR-23, caller alone: seat 0 holds the four aces and four low coins; tricks 1-4 are his aces (50 points).
ALONE_HANDS = [
    ["Ad", "Ac", "As", "Ab", "2d", "4d", "5d", "6d"],
    ["Kc", "5c", "6s", "7b", "3d", "Kd", "Hc", "Js"],
    ["Jc", "4c", "5s", "6b", "3c", "Ks", "Hs", "Jb"],
    ["7c", "2c", "4s", "5b", "3s", "Kb", "Hb", "2b"],
    ["6c", "7s", "2s", "4b", "3b", "Hd", "Jd", "7d"],
]
# Each trick as {seat: card}; the seat to act is read from the state.
ALONE_TRICKS = [
    {0: "Ad", 1: "Kc", 2: "Jc", 3: "7c", 4: "6c"},  # 17 to the caller
    {0: "Ac", 1: "5c", 2: "4c", 3: "2c", 4: "7s"},  # 11
    {0: "As", 1: "6s", 2: "5s", 3: "4s", 4: "2s"},  # 11
    {0: "Ab", 1: "7b", 2: "6b", 3: "5b", 4: "4b"},  # 11: the caller has 50
    {0: "2d", 1: "3d", 2: "3c", 3: "3s", 4: "3b"},  # seat 1 trumps higher
    {1: "Kd", 2: "Ks", 3: "Kb", 4: "Hd", 0: "4d"},
    {1: "Hc", 2: "Hs", 3: "Hb", 4: "Jd", 0: "5d"},  # seat 4 wins with Jd
    {4: "7d", 0: "6d", 1: "Js", 2: "Jb", 3: "2b"},
]
# BR-23 with a partner: seat 0 calls Ad, held by seat 1; together they take 65.
PARTNER_HANDS = [
    ["Ac", "As", "Ab", "3d", "2d", "4d", "5d", "6d"],
    ["Kc", "2c", "6s", "Ad", "Hc", "Hb", "Jb", "Hs"],
    ["Jc", "4c", "5s", "5c", "Js", "Kd", "Hd", "Jd"],
    ["7c", "2s", "4s", "7b", "4b", "3c", "Ks", "7d"],
    ["6c", "7s", "2b", "6b", "5b", "3s", "3b", "Kb"],
]
PARTNER_TRICKS = [
    {0: "Ac", 1: "Kc", 2: "Jc", 3: "7c", 4: "6c"},  # 17 to the caller
    {0: "As", 1: "2c", 2: "4c", 3: "2s", 4: "7s"},  # 11
    {0: "Ab", 1: "6s", 2: "5s", 3: "4s", 4: "2b"},  # 11
    {0: "3d", 1: "Ad", 2: "5c", 3: "7b", 4: "6b"},  # 21 to the partner, who shows himself
    {1: "Hc", 2: "Js", 3: "4b", 4: "5b", 0: "2d"},  # 5 to the caller: 65 in all
    {0: "4d", 1: "Hb", 2: "Kd", 3: "3c", 4: "3s"},
    {2: "Hd", 3: "Ks", 4: "3b", 0: "5d", 1: "Jb"},
    {2: "Jd", 3: "7d", 4: "Kb", 0: "6d", 1: "Hs"},
]


def stack(hands: list[list[str]]) -> list[str]:
    """The deck that deals these hands with dealer 4: card k goes to seat k % 5."""
    return [hands[k % 5][k // 5] for k in range(40)]


def game(**options: object) -> trionfi.Game:
    return trionfi.load("briscola-chiamata", **options)


def play_tricks(state: ChiamataState, tricks: list[dict[int, str]]) -> None:
    for trick in tricks:
        for _ in range(5):
            state.apply(trick[state.current_player])


def won_auction(hands: list[list[str]], bids: list[str], call: str) -> ChiamataState:
    state = game().deal(deck=stack(hands), dealer=4)
    for a in bids:
        state.apply(a)
    state.apply(call)
    return state  # type: ignore[return-value]


def random_deal(seed: int) -> tuple[ChiamataState, random.Random]:
    """A shuffled deal and a random source for playing it with :func:`random_step`."""
    return game().deal(seed=seed), random.Random(seed)  # type: ignore[return-value]


def random_step(state: ChiamataState, rng: random.Random, pass_rate: float = 0.4) -> None:
    """One random legal action; in the auction, pass with ``pass_rate`` so that auctions vary in length."""
    legal = state.legal_actions()
    if state.phase == "auction" and rng.random() < pass_rate:
        state.apply("pass")
    else:
        state.apply(rng.choice(legal))


# --- loading and dealing -------------------------------------------------------------------------------
def test_load_by_name_alias_and_briscola_variant():
    assert "briscola-chiamata" in trionfi.games()
    for g in (
        game(),
        trionfi.load("chiamata"),
        trionfi.load("briscola_chiamata"),
        trionfi.load("briscola", variant="chiamata"),
    ):
        assert g.name == "briscola-chiamata"
        assert g.players == 5
        assert g.sides == ((0,), (1,), (2,), (3,), (4,))
    assert game().match_policy() == Fixed(5)
    assert game(deals=10).match_policy() == Fixed(10)


def test_unknown_or_bad_option_is_an_error():
    with pytest.raises(trionfi.OptionError, match="no option"):
        game(stock=3)
    with pytest.raises(ValueError):
        game(players=4)
    with pytest.raises(ValueError):
        game(caller_leads="maybe")


def test_deal_layout_singly_from_the_dealers_right():
    deck = [str(c) for c in ITALIAN_40]
    state = game().deal(deck=deck, dealer=4)
    for seat in range(5):
        assert state.hand(seat) == deck[seat::5]  # seat 0: cards 1, 6, 11, ...
    assert state.phase == "auction"
    assert state.current_player == 0
    assert state.trump is None
    # Another dealer: his right (the next seat) gets the first card and bids first.
    state = game().deal(deck=deck, dealer=1)
    assert state.hand(2) == deck[0::5]
    assert state.current_player == 2


# --- the auction (BR-22) -------------------------------------------------------------------------------
def test_br22_rank_bids_go_down():
    state = game().deal(seed=1)
    state.apply("bid K")
    texts = [str(a) for a in state.legal_actions()]
    assert texts == ["pass", "bid H", "bid J", "bid 7", "bid 6", "bid 5", "bid 4", "bid 2"]
    with pytest.raises(trionfi.IllegalAction, match="lower rank"):
        state.apply("bid 3")
    with pytest.raises(trionfi.IllegalAction):
        state.apply("bid 61")  # point bids only follow a 2
    state.apply("bid h")  # case-insensitive
    assert str(state.history[-1]) == "bid H"


def test_br22_point_bids_after_the_two_must_rise():
    state = game().deal(seed=1)
    state.apply("bid 2")
    texts = [str(a) for a in state.legal_actions()]
    assert texts[:3] == ["pass", "bid 61", "bid 62"]
    assert texts[-1] == "bid 120"
    assert not any(t in texts for t in ("bid 2", "bid 4", "bid 60"))
    state.apply("bid 65")
    with pytest.raises(trionfi.IllegalAction, match="higher than the last"):
        state.apply("bid 64")
    with pytest.raises(trionfi.IllegalAction):
        state.apply("bid 65")
    state.apply("bid 2 with 70")  # the long spelling
    assert str(state.history[-1]) == "bid 70"
    state.apply("bid 120")
    assert [str(a) for a in state.legal_actions()] == ["pass"]


def test_passing_is_permanent_and_passed_players_are_skipped():
    state = game().deal(seed=2)
    state.apply("bid A")  # seat 0
    state.apply("pass")  # seat 1
    state.apply("bid 3")  # seat 2
    state.apply("pass")  # seat 3
    state.apply("bid K")  # seat 4
    assert state.current_player == 0
    state.apply("bid H")  # seat 0; seat 1 passed, so seat 2 is next
    assert state.current_player == 2
    state.apply("bid J")
    assert state.current_player == 4  # seat 3 is skipped too
    obs = state.observation(1)
    assert obs["passed"] == [1, 3]
    assert obs["auction"][:2] == [[0, "bid A"], [1, "pass"]]
    assert obs["high_bid"] == "bid J" and obs["high_bidder"] == 2


def test_auction_ends_when_the_others_have_passed():
    state = game().deal(seed=3)
    for a in ["bid A", "bid 3", "pass", "pass", "pass", "bid K"]:  # seats 0 1 2 3 4 0
        state.apply(a)
    assert state.phase == "auction" and state.current_player == 1
    state.apply("pass")  # seat 1 passes: seat 0 is the last bidder left
    assert state.phase == "call"
    assert state.caller == 0
    assert state.current_player == 0
    assert [str(a) for a in state.legal_actions()] == ["call Kd", "call Kc", "call Ks", "call Kb"]
    assert state.observation(3)["target"] == 61


def test_last_player_left_without_a_bid_may_still_bid():
    state = game().deal(seed=4)
    for _ in range(4):
        state.apply("pass")
    assert state.current_player == 4 and state.phase == "auction"
    state.apply("bid 7")
    assert state.phase == "call" and state.caller == 4


def test_all_pass_is_a_void_deal():
    state = game().deal(seed=5)
    for _ in range(5):
        state.apply("pass")
    assert state.is_terminal()
    assert state.passed_out
    assert state.returns() == [0.0] * 5
    assert state.side_returns() == [0.0] * 5
    assert state.winners() == []
    assert state.points() == [0] * 5
    assert state.observation(2)["outcome"] == "passed out"
    assert state.observation(2)["partner"] is None
    assert trionfi.replay(state.to_record()).passed_out


# --- the call and the secret partner -------------------------------------------------------------------
def test_call_sets_trumps_and_the_secret_partner():
    state = won_auction(PARTNER_HANDS, ["bid A", "pass", "pass", "pass", "pass"], "call ad")
    assert state.trump == "d"
    assert state.called == "Ad"
    assert state.caller == 0
    assert state.partner == 1
    assert state.phase == "play"
    assert state.current_player == 0  # the dealer's right leads (default)
    views = [state.observation(s) for s in range(5)]
    assert [v["partner"] for v in views] == [None, 1, None, None, None]  # the caller does not know yet
    assert all(v["called"] == "Ad" and v["trump"] == "d" and v["caller"] == 0 for v in views)


def test_caller_leads_option():
    state = game(caller_leads=True).deal(seed=6)
    for a in ["pass", "bid 3", "pass", "pass", "pass"]:
        state.apply(a)
    state.apply(state.legal_actions()[0])
    assert state.caller == 1 and state.current_player == 1 and state.leader == 1
    state = game().deal(seed=6)
    for a in ["pass", "bid 3", "pass", "pass", "pass"]:
        state.apply(a)
    state.apply(state.legal_actions()[0])
    assert state.current_player == 0


def test_partner_revealed_when_the_called_card_is_played():
    state = won_auction(PARTNER_HANDS, ["bid A", "pass", "pass", "pass", "pass"], "call Ad")
    play_tricks(state, PARTNER_TRICKS[:3])
    state.apply("3d")  # the caller leads; the partner has not played the ace yet
    assert [state.observation(s)["partner"] for s in range(5)] == [None, 1, None, None, None]
    state.apply("Ad")
    assert [state.observation(s)["partner"] for s in range(5)] == [1] * 5


def test_caller_alone_knows_it_and_others_do_not():
    state = won_auction(ALONE_HANDS, ["bid A", "pass", "pass", "pass", "pass"], "call Ad")
    assert state.partner == 0
    assert [state.observation(s)["partner"] for s in range(5)] == [0, None, None, None, None]


# --- scores (BR-23) ------------------------------------------------------------------------------------
def test_br23_score_function():
    assert deal_scores(5, 0, 1, 65, 61) == [2, 1, -1, -1, -1]
    assert deal_scores(5, 0, 0, 50, 61) == [-4, 1, 1, 1, 1]
    assert deal_scores(5, 3, 1, 60, 61) == [1, -1, 1, -2, 1]
    assert deal_scores(5, 3, 3, 61, 61) == [-1, -1, -1, 4, -1]
    assert deal_scores(5, 2, 4, 70, 75) == [1, 1, -2, 1, -1]  # a point bid raises the target


def test_br23_caller_and_partner_take_65():
    state = won_auction(PARTNER_HANDS, ["bid A", "pass", "pass", "pass", "pass"], "call Ad")
    play_tricks(state, PARTNER_TRICKS)
    assert state.is_terminal()
    pts = state.points()
    assert pts[0] + pts[1] == 65 and sum(pts) == 120
    assert state.returns() == [2.0, 1.0, -1.0, -1.0, -1.0]
    assert state.side_returns() == state.returns()
    assert state.winners() == [0, 1]


def test_br23_caller_alone_takes_50():
    state = won_auction(ALONE_HANDS, ["bid A", "pass", "pass", "pass", "pass"], "call Ad")
    play_tricks(state, ALONE_TRICKS)
    assert state.is_terminal()
    assert state.points()[0] == 50
    assert state.returns() == [-4.0, 1.0, 1.0, 1.0, 1.0]
    assert state.winners() == [1, 2, 3, 4]
    assert "lost" in state.observation(0)["outcome"]


def test_point_bid_sets_the_target():
    state = won_auction(PARTNER_HANDS, ["bid 2", "bid 64", "pass", "pass", "pass", "bid 66", "pass"], "call 2d")
    assert state.caller == 0 and state.target() == 66
    assert state.trump == "d" and state.partner == 0  # seat 0 holds the 2d himself


# --- random deals --------------------------------------------------------------------------------------
def test_random_deals_end_with_120_points_and_zero_sum():
    void = 0
    for seed in range(200):
        state, rng = random_deal(seed)
        steps = 0
        while not state.is_terminal():
            random_step(state, rng)
            steps += 1
            assert steps < 200
        total = sum(state.returns())
        assert total == 0
        if state.passed_out:
            void += 1
            assert state.points() == [0] * 5
            continue
        assert sum(state.points()) == 120
        assert len(state.tricks) == 8
        assert sorted(state.returns()) in ([-1, -1, -1, 1, 2], [-2, -1, 1, 1, 1], [-1, -1, -1, -1, 4], [-4, 1, 1, 1, 1])
        assert set(state.winners()) <= set(range(5)) and state.winners()
    assert void < 200


def test_partner_never_leaks_to_other_seats():
    for seed in range(30):
        state, rng = random_deal(seed)
        while not state.is_terminal():
            for seat in range(5):
                obs = state.observation(seat)
                text = json.dumps(obs)  # JSON-serialisable
                assert "partner" in obs
                shown = state.partner is not None and (seat == state.partner or state.revealed)
                assert obs["partner"] == (state.partner if shown else None)
                if not shown:
                    assert json.loads(text)["partner"] is None
            random_step(state, rng)


def test_observation_of_another_seat_does_not_depend_on_where_the_called_card_is():
    # Swap the called card Ad (seat 1) with a card of seat 3: seats 0, 2 and 4 must see exactly the same.
    hands_b = [h[:] for h in PARTNER_HANDS]
    hands_b[1][hands_b[1].index("Ad")], hands_b[3][0] = hands_b[3][0], "Ad"
    bids = ["bid A", "pass", "pass", "pass", "pass"]
    a = won_auction(PARTNER_HANDS, bids, "call Ad")
    b = won_auction(hands_b, bids, "call Ad")
    assert a.partner == 1 and b.partner == 3
    for seat in (0, 2, 4):
        assert a.observation(seat) == b.observation(seat)
    assert a.observation(1)["partner"] == 1 and b.observation(1)["partner"] is None


# --- clone, records, bad input -------------------------------------------------------------------------
def test_clone_is_independent():
    state, rng = random_deal(11)
    for _ in range(3):
        state.apply("pass")
    copy = state.clone()
    before = state.to_record()
    while not copy.is_terminal():
        random_step(copy, rng)
    assert state.to_record() == before
    assert state.phase == "auction" and state.passed == [True, True, True, False, False]
    assert sum(len(state.hand(s)) for s in range(5)) == 40
    # And a clone in mid-play.
    mid = won_auction(PARTNER_HANDS, ["bid A", "pass", "pass", "pass", "pass"], "call Ad")
    play_tricks(mid, PARTNER_TRICKS[:2])
    copy = mid.clone()
    play_tricks(copy, PARTNER_TRICKS[2:])
    assert copy.is_terminal() and not mid.is_terminal()
    assert len(mid.tricks) == 2 and not mid.revealed and copy.revealed
    assert mid.hand(1) == [c for c in PARTNER_HANDS[1] if c not in ("Kc", "2c")]


def test_record_round_trip():
    for seed in (1, 2, 3):
        state, rng = random_deal(seed)
        for _ in range(25):
            if state.is_terminal():
                break
            random_step(state, rng)
        record = json.loads(json.dumps(state.to_record()))
        assert record["game"] == "briscola-chiamata"
        again = trionfi.replay(record)
        assert again.to_record() == state.to_record()
        assert [again.observation(s) for s in range(5)] == [state.observation(s) for s in range(5)]
    stacked = won_auction(ALONE_HANDS, ["bid A", "pass", "pass", "pass", "pass"], "call Ad")
    play_tricks(stacked, ALONE_TRICKS)
    again = trionfi.replay(stacked.to_record())
    assert again.returns() == [-4.0, 1.0, 1.0, 1.0, 1.0]


@pytest.mark.parametrize(
    ("setup", "bad"),
    [
        ([], "Ad"),  # a card during the auction
        ([], "bid 61"),  # a point bid before any 2
        ([], "bid 8"),  # no such rank
        (["bid K"], "bid 3"),  # a bid out of order
        (["bid K"], "bid K"),  # a bid must be strictly lower
        (["bid 2", "bid 70"], "bid 65"),  # points must rise
        (["bid 2"], "bid 4"),  # no rank bids after the 2
        (["bid K", "pass", "pass", "pass", "pass"], "call Ad"),  # calling a card of another rank
        (["bid K", "pass", "pass", "pass", "pass"], "Kd"),  # a card before the call
        (["bid K", "pass", "pass", "pass", "pass"], "pass"),  # the auction is over
        (["pass", "pass", "pass", "pass", "pass"], "bid A"),  # a void deal is over
        ([], 42),  # not a text
    ],
)
def test_bad_input_raises_and_leaves_the_state_unchanged(setup: list[str], bad: object):
    state = game().deal(deck=stack(ALONE_HANDS), dealer=4)
    for a in setup:
        state.apply(a)
    before = state.to_record()
    obs = [state.observation(s) for s in range(5)]
    with pytest.raises(ValueError) as info:
        state.apply(bad)  # type: ignore[arg-type]
    assert isinstance(info.value, trionfi.IllegalAction)
    assert state.to_record() == before
    assert [state.observation(s) for s in range(5)] == obs


def test_error_messages_say_what_is_allowed():
    state = game().deal(deck=stack(ALONE_HANDS), dealer=4)
    with pytest.raises(trionfi.IllegalAction, match="auction comes first"):
        state.apply("Ad")
    for a in ["bid K", "pass", "pass", "pass", "pass"]:
        state.apply(a)
    with pytest.raises(trionfi.IllegalAction, match=r"must call a card of that rank.*call Kd, call Kc"):
        state.apply("call Ad")


def test_wrong_seat_is_refused():
    state = game().deal(seed=9)
    with pytest.raises(trionfi.IllegalAction, match="turn"):
        state.apply("pass", seat=3)


def test_match_of_five_deals_adds_returns():
    g = game()
    match = g.match(seed=4)
    rng = random.Random(4)
    while not match.is_terminal():
        legal = match.legal_actions()
        match.apply("pass" if match.state.phase == "auction" and rng.random() < 0.4 else rng.choice(legal))
    assert len(match.finished) == 5
    assert [st.dealer for st in match.finished] == [4, 0, 1, 2, 3]
    totals = [sum(st.returns()[s] for st in match.finished) for s in range(5)]
    assert match.points() == totals
    assert sum(match.returns()) == pytest.approx(0)
