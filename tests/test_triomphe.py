"""Triomphe, French and Strasbourg rules: RULES.md §6.3 TR-01…TR-15, deal layouts, robbing, the match and the
next-dealer choice, penalty mode, the concession offer, properties, hidden information and bad input.

The reference rules here (rank orders, packet layouts, the trick winner) are written from RULES.md §3
independently of the engine, so the tests comparing the two can fail.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import trionfi
from trionfi import cli
from trionfi.games import strasbourg as sb
from trionfi.games.triomphe import TriompheMatch, draw_for_dealer

# RULES.md §3.1 / §3.2, highest first.
FRENCH_ORDER = ("K", "Q", "J", "A", "10", "9", "8", "7", "6", "5", "4", "3", "2")
STRAS_ORDER = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
STRAS_POINTS = {"A": 4, "K": 3, "Q": 2, "J": 1}
PACKETS = {"french": (2, 3), "strasbourg": (3, 3, 3)}

seeds = st.integers(min_value=0, max_value=2**63 - 1)
FAST = settings(max_examples=30, deadline=None)


# --- helpers ------------------------------------------------------------------------------------------------
def french(**options: Any) -> Any:
    return trionfi.load("triomphe", **options)


def stras(**options: Any) -> Any:
    return trionfi.load("triomphe", ruleset="strasbourg", **options)


def split(code: str) -> tuple[str, str]:
    return code[:-1], code[-1]


def positions(game: Any, dealer: int | None = None) -> tuple[dict[int, list[int]], int]:
    """seat -> its 1-based deck positions (packets from the dealer's right), and the turn-up's position."""
    n = game.players
    dealer = n - 1 if dealer is None else dealer
    first = (dealer + 1) % n
    where: dict[int, list[int]] = {s: [] for s in range(n)}
    k = 1
    for size in PACKETS[game.options["ruleset"]]:
        for i in range(n):
            where[(first + i) % n] += range(k, k + size)
            k += size
    return where, k


def deck_for(
    game: Any, hands: Mapping[int, Sequence[str]], stock: Sequence[str] = (), dealer: int | None = None
) -> list[str]:
    """A stacked deck dealing ``hands`` (seat -> cards) and putting ``stock`` (top first) right after the deal,
    the first of them turned up; the other cards fill the remaining places in pack order."""
    where, up = positions(game, dealer)
    placed: dict[int, str] = {}
    for seat, codes in hands.items():
        for pos, code in zip(where[seat], codes, strict=False):
            placed[pos] = str(trionfi.card(code))
    for i, code in enumerate(stock):
        placed[up + i] = str(trionfi.card(code))
    assert len(set(placed.values())) == len(placed), "a card placed twice"
    rest = iter(str(c) for c in game.deck if str(c) not in placed.values())
    return [placed[p] if p in placed else next(rest) for p in range(1, len(game.deck) + 1)]


def dealt(game: Any, hands: Mapping[int, Sequence[str]], stock: Sequence[str] = (), **kw: Any) -> Any:
    return game.deal(deck=deck_for(game, hands, stock, kw.get("dealer")), seed=1, **kw)


def skip_robbing(state: Any) -> None:
    while state.phase == "rob":
        state.apply("pass")


def legal(state: Any) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def play_first(state: Any) -> None:
    """Play to the end, always the first legal action (a fixed, repeatable line of play)."""
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])


def play_random(state: Any, rng: random.Random, steps: int | None = None) -> None:
    done = 0
    while not state.is_terminal() and (steps is None or done < steps):
        state.apply(rng.choice(state.legal_actions()))
        done += 1


def ref_strength(code: str, order: Sequence[str]) -> int:
    return len(order) - order.index(split(code)[0])


def all_cards(state: Any) -> Counter[str]:
    """Every card of the deal wherever it is: hands, the trick, the tricks, laid away, the stock (face down and
    face up)."""
    found: Counter[str] = Counter()
    for s in range(state.game.players):
        found.update(state.hand(s))
    found.update(str(c) for c in state.trick)
    for t in state.tricks:
        found.update(str(c) for c in t.cards)
    found.update(str(c) for c in state.discards)
    found.update(str(c) for c in state.stock_cards[state.turned :])
    found.update(str(c) for c in state.stock_cards[: state.turned] if c not in state.taken)
    return found


# Hands used by several cases: trumps are spades (turn-up 7s), the ace of spades deep in the stock.
NO_ROB_STOCK = ["7s"]


# --- TR-01 … TR-08: ranking and the duty of play ---------------------------------------------------------------
def test_tr01_rank_order_k_q_j_a_10_to_2():
    game = french()
    for suit in "hdcs":
        cards = [f"{r}{suit}" for r in FRENCH_ORDER]
        shuffled = random.Random(suit).sample(cards, len(cards))
        assert sorted(shuffled, key=lambda c: -game.strength[trionfi.card(c)]) == cards
    assert trionfi.ranking.TRIOMPHE.order == FRENCH_ORDER


@FAST
@given(pick=st.lists(st.sampled_from(FRENCH_ORDER), min_size=4, max_size=4, unique=True))
def test_tr01_the_highest_heart_by_game_order_wins_a_trick(pick):
    # Seats 0-3 each play one heart; no one can trump (spades are trumps, nobody holds one).
    hearts = [f"{r}h" for r in pick]
    fill = iter(["2d", "3d", "4d", "5d", "6d", "7d", "8d", "9d", "2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c"])
    hands = {s: [hearts[s]] + [next(fill) for _ in range(4)] for s in range(4)}
    state = dealt(french(), hands, NO_ROB_STOCK)
    skip_robbing(state)
    for s in range(4):
        state.apply(hearts[s], seat=s)
    best = max(range(4), key=lambda i: ref_strength(hearts[i], FRENCH_ORDER))
    assert state.tricks[0].winner == best


@pytest.mark.parametrize(
    ("cards", "winner"),
    [(["Ah", "Kh", "2s", "Qh"], 2), (["Ah", "Kh", "Qh", "10h"], 1)],
    ids=["trumped-by-2s", "Kh-heads-hearts"],
)
def test_tr02_trick_winner(cards, winner):
    fill = iter(["2d", "3d", "4d", "5d", "6d", "7d", "8d", "9d", "2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c"])
    hands = {s: [cards[s]] + [next(fill) for _ in range(4)] for s in range(4)}
    state = dealt(french(), hands, NO_ROB_STOCK)
    assert state.trump == "s"
    skip_robbing(state)
    for s, c in enumerate(cards):
        assert c in legal(state)
        state.apply(c, seat=s)
    assert state.tricks[0].winner == winner
    assert str(state.tricks[0].cards[winner]) == ("2s" if winner == 2 else "Kh")


def _after(lead: Iterable[str], hands: Mapping[int, Sequence[str]], **options: Any) -> Any:
    """A French deal (trumps spades) where the cards ``lead`` have been played by seats 0, 1, ..."""
    state = dealt(french(**options), hands, NO_ROB_STOCK)
    skip_robbing(state)
    for c in lead:
        state.apply(c, seat=state.current_player)
    return state


def test_tr03_must_follow_suit():
    game = french()
    assert game.restriction(trionfi.cards(["10h", "3c", "4s"]), trionfi.cards(["2h"]), "s", game.strength) == ["10h"]
    state = _after(["2h"], {0: ["2h", "2d", "3d", "4d", "5d"], 1: ["10h", "3c", "4s", "5c", "6d"]})
    assert legal(state) == {"10h"}


def test_tr04_void_in_the_suit_led_must_trump():
    game = french()
    got = game.restriction(trionfi.cards(["3c", "4s", "Ks"]), trionfi.cards(["2h"]), "s", game.strength)
    assert set(got) == {"4s", "Ks"}
    state = _after(["2h"], {0: ["2h", "2d", "3d", "4d", "5d"], 1: ["3c", "4s", "Ks", "5c", "6d"]})
    assert legal(state) == {"4s", "Ks"}


TR05_HANDS = {0: ["Ah", "2d", "3d", "4d", "5d"], 1: ["4s", "6d", "7d", "8d", "9d"], 3: ["2h", "3h", "4h", "5h", "6h"]}


def test_tr05_must_over_trump():
    game = french()
    got = game.restriction(trionfi.cards(["2s", "9s", "3c"]), trionfi.cards(["Ah", "4s"]), "s", game.strength)
    assert got == ["9s"]
    state = _after(["Ah", "4s"], {**TR05_HANDS, 2: ["2s", "9s", "3c", "4c", "5c"]})
    assert legal(state) == {"9s"}


def test_tr06_unable_to_over_trump_still_trumps():
    game = french()
    got = game.restriction(trionfi.cards(["2s", "3s", "3c"]), trionfi.cards(["Ah", "4s"]), "s", game.strength)
    assert set(got) == {"2s", "3s"}
    state = _after(["Ah", "4s"], {**TR05_HANDS, 2: ["2s", "3s", "3c", "4c", "5c"]})
    assert legal(state) == {"2s", "3s"}


def test_tr06_choice_switch_free_discard_when_unable_to_over_trump():
    state = _after(
        ["Ah", "4s"], {**TR05_HANDS, 2: ["2s", "3s", "3c", "4c", "5c"]}, undertrump_when_cannot_overtrump=False
    )
    assert legal(state) == {"2s", "3s", "3c", "4c", "5c"}
    # A player who can over-trump still must.
    state = _after(
        ["Ah", "4s"], {**TR05_HANDS, 2: ["2s", "9s", "3c", "4c", "5c"]}, undertrump_when_cannot_overtrump=False
    )
    assert legal(state) == {"9s"}


def test_tr07_jack_beats_ace_when_over_trumping():
    game = french()
    got = game.restriction(trionfi.cards(["Js", "10s"]), trionfi.cards(["2h", "As"]), "s", game.strength)
    assert got == ["Js"]
    # The holder of the ace of trumps may rob: he passes here.
    hands = {0: ["2h", "2d", "3d", "4d", "5d"], 1: ["As", "6d", "7d", "8d", "9d"], 2: ["Js", "10s", "3c", "4c", "5c"]}
    state = _after(["2h", "As"], hands)
    assert legal(state) == {"Js"}


def test_tr07_no_exemption_over_a_partners_trump():
    # Seat 0 leads 2h, seat 1 (void) trumps, seat 2 follows; seat 3, void in hearts, must over-trump his
    # partner's trump.
    hands = {
        0: ["2h", "2d", "3d", "4d", "5d"],
        1: ["4s", "6d", "7d", "8d", "9d"],
        2: ["3h", "3c", "4c", "5c", "6c"],
        3: ["9s", "2s", "7c", "8c", "9c"],
    }
    state = _after(["2h", "4s", "3h"], hands)
    assert legal(state) == {"9s"}


def test_tr08_void_in_suit_and_trumps_plays_anything():
    game = french()
    got = game.restriction(trionfi.cards(["3c", "5d"]), trionfi.cards(["2h"]), "s", game.strength)
    assert set(got) == {"3c", "5d"}
    state = _after(["2h"], {0: ["2h", "2d", "3d", "4d", "6d"], 1: ["3c", "5d", "4c", "7d", "8d"]})
    assert legal(state) == {"3c", "5d", "4c", "7d", "8d"}


def test_no_duty_to_beat_by_default_and_the_must_head_trick_option():
    hands = {0: ["9h", "2d", "3d", "4d", "5d"], 1: ["Kh", "2h", "3c", "4c", "5c"]}
    assert legal(_after(["9h"], hands)) == {"Kh", "2h"}
    assert legal(_after(["9h"], hands, must_head_trick=True)) == {"Kh"}
    # Trumps led: over-trump only with must_head_trick.
    hands = {0: ["9s", "2d", "3d", "4d", "5d"], 1: ["Ks", "2s", "3c", "4c", "5c"]}
    assert legal(_after(["9s"], hands)) == {"Ks", "2s"}
    assert legal(_after(["9s"], hands, must_head_trick=True)) == {"Ks"}
    # A trumped plain suit cannot be headed by following suit: any card of the suit.
    hands = {
        0: ["9h", "2d", "3d", "4d", "5d"],
        1: ["4s", "6d", "7d", "8d", "9d"],
        2: ["Kh", "2h", "3c", "4c", "5c"],
    }
    assert legal(_after(["9h", "4s"], hands, must_head_trick=True)) == {"Kh", "2h"}


# --- TR-09, TR-10: scoring and the game ----------------------------------------------------------------------
# Seats 2 and 3 hold neither hearts nor spades; the weak hand holds only hearts high enough to beat 2h 3h, so
# that any line of play gives the same tricks.
OTHERS = {
    2: ["2d", "3d", "4d", "5d", "6d"],
    3: ["7d", "8d", "9d", "10d", "Jd"],
}
STRONG = ["Ks", "Qs", "Js", "2h", "3h"]
WEAK = ["Kh", "Qh", "Jh", "10h", "9h"]


@pytest.mark.parametrize(
    ("hand0", "hand1", "tricks", "score"),
    [
        (["Ks", "Qs", "Js", "2h", "3h"], WEAK, [3, 2], [1, 0]),
        (["Ks", "Qs", "Js", "10s", "2h"], WEAK, [4, 1], [1, 0]),
        (["Ks", "Qs", "Js", "10s", "9s"], WEAK, [5, 0], [2, 0]),
    ],
    ids=["3-tricks", "4-tricks", "5-tricks"],
)
def test_tr09_deal_score(hand0, hand1, tricks, score):
    state = dealt(french(), {0: hand0, 1: hand1, **OTHERS}, NO_ROB_STOCK)
    play_first(state)
    assert state.points() == tricks
    assert state.score() == score
    assert state.returns() == [score[0] - score[1], score[1] - score[0]] * 2
    assert state.winners() == [0]


def test_tr09_the_other_side_scores_too():
    # Seat 1 (side 1) holds the top trumps; seat 0 leads Kh and Qh, then seat 1 trumps the Jh.
    state = dealt(french(), {1: STRONG, 0: WEAK, **OTHERS}, NO_ROB_STOCK)
    play_first(state)
    assert state.points() == [2, 3]
    assert state.score() == [0, 1]


def test_tr09_vole_points_option():
    state = dealt(french(vole_points=5), {0: ["Ks", "Qs", "Js", "10s", "9s"], **OTHERS}, NO_ROB_STOCK)
    play_first(state)
    assert state.score() == [5, 0]


def _finished(game: Any, side: int) -> Any:
    """A finished deal in which ``side`` takes three tricks (1 point)."""
    state = dealt(game, {side: STRONG, 1 - side: WEAK, **OTHERS}, NO_ROB_STOCK)
    play_first(state)
    assert state.score()[side] == 1
    return state


def _played(match: Any, deals: list[Any]) -> None:
    """``match`` as if ``deals`` had been played in it, its score sheet too."""
    for deal in deals:
        match.finished.append(deal)
        match.scores_after.append(match.points())


@pytest.mark.parametrize(("before", "over"), [(4, True), (3, True), (2, False)])
def test_tr10_a_side_on_4_taking_all_five_wins_the_game(before, over):
    game = french()
    match = game.match(seed=3)
    _played(match, [_finished(game, 0) for _ in range(before)])
    assert match.points() == [before, 0]
    vole = dealt(game, {0: ["Ks", "Qs", "Js", "10s", "9s"], **OTHERS}, NO_ROB_STOCK)
    vole.set_match_context(match.points(), 5)
    match.state = vole
    while vole.phase != "next dealer" and not match.is_terminal():
        match.apply(vole.legal_actions()[0])
    assert vole.observation(0)["game_score"] == [before + 2, 0]
    assert match.is_terminal() is over
    if over:
        assert match.points() == [before + 2, 0]
        assert match.winners() == [0] and match.returns() == [1.0, -1.0, 1.0, -1.0]
        assert vole.is_terminal()  # the game is over: nobody names a next dealer
        assert vole.observation(1)["game_score"] == [before + 2, 0]
        # The match's score is the game score: the table does not say it a second time.
        assert match.observation(1)["match"]["score"] == [before + 2, 0]
        assert [d["score"] for d in match.observation(1)["match"]["deals"]][-2:] == [[before, 0], [before + 2, 0]]
        assert "game score" not in vole.observation(1)["table"]
    else:
        assert legal(match) == {"next dealer 0", "next dealer 2"}


def test_a_side_is_named_seats_0_plus_2_in_the_deal_result():
    """ "Seats 1 3 score 1." read like a slip: a side is "seats 1+3", as Trionfetti and Troccas name it."""
    deal = dealt(french(), {0: ["Ks", "Qs", "Js", "10s", "9s"], **OTHERS}, NO_ROB_STOCK)
    while not deal.is_terminal() and deal.phase != "next dealer":
        deal.apply(deal.legal_actions()[0])
    assert deal.observation(1)["table"]["deal result"] == "seats 0+2 score 2 points"
    assert not re.search(r"seats \d \d", json.dumps(deal.observation(1)["table"]))


def test_match_target_option():
    match = french(target=1).match(seed=4)
    play_random(match, random.Random(4))
    assert match.is_terminal() and len(match.finished) == 1
    assert max(match.points()) >= 1


# --- deal layout ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dealer", [3, 1])
def test_french_deal_in_packets_of_two_then_three(dealer):
    game = french(rob_stock=False)
    deck = [str(c) for c in game.deck]
    state = game.deal(deck=deck, seed=1, dealer=dealer)
    first = (dealer + 1) % 4
    for i in range(4):
        seat = (first + i) % 4
        # Cards 1-8 in packets of two, 9-20 in packets of three, from the dealer's right.
        assert state.hand(seat) == deck[2 * i : 2 * i + 2] + deck[8 + 3 * i : 11 + 3 * i]
    assert state.observation(0)["turn_up"] == deck[20]
    assert state.trump == deck[20][-1]
    assert list(map(str, state.stock_cards)) == deck[20:]
    assert len(state.stock_cards) == 32
    assert state.current_player == first and state.leader == first


def test_strasbourg_deal_nine_each_in_threes():
    game = stras()
    deck = [str(c) for c in game.deck]
    state = game.deal(deck=deck, seed=1)
    for seat in range(4):
        packets = [deck[12 * r + 3 * seat : 12 * r + 3 * seat + 3] for r in range(3)]
        assert state.hand(seat) == packets[0] + packets[1] + packets[2]
    assert state.observation(2)["turn_up"] == deck[36]
    assert len(state.stock_cards) == 16
    five = stras(players=5).deal(seed=1)
    assert [len(five.hand(s)) for s in range(5)] == [9] * 5 and len(five.stock_cards) == 7


# --- TR-11, TR-12: robbing the stock ----------------------------------------------------------------------------
ROB_HANDS = {
    0: ["2h", "3h", "4h", "5h", "6h"],
    1: ["2d", "3d", "4d", "5d", "6d"],
    2: ["As", "2c", "3c", "4c", "5c"],
    3: ["7h", "8h", "9h", "10h", "Jh"],
}


def test_tr11_robbing_the_turn_up_and_the_next_trumps():
    state = dealt(french(), ROB_HANDS, ["7s", "Js", "9d", "Qs"])
    assert state.phase == "rob" and state.trump == "s"
    # Everyone is asked in turn from the dealer's right; only the holder of the ace may rob.
    assert state.current_player == 0 and legal(state) == {"pass"}
    state.apply("pass")
    assert state.current_player == 1 and legal(state) == {"pass"}
    state.apply("pass")
    assert state.current_player == 2 and legal(state) == {"rob 7s", "pass"}
    state.apply("rob 7s")
    assert state.phase == "discard" and len(state.hand(2)) == 6
    assert legal(state) == {f"discard {c}" for c in ["As", "2c", "3c", "4c", "5c", "7s"]}
    state.apply("discard 2c")
    # Card 22 is turned: the jack of trumps may be robbed too.
    assert state.phase == "rob" and state.current_player == 2 and legal(state) == {"rob Js", "pass"}
    state.apply("rob Js")
    state.apply("3c")  # the card code alone lays it away
    # Card 23 (9d) is no trump: the robbing is over and the dealer's right leads.
    assert state.phase == "play" and state.current_player == 0
    assert sorted(state.hand(2)) == sorted(["As", "4c", "5c", "7s", "Js"])
    assert [str(c) for c in state.discards] == ["2c", "3c"]
    obs = state.observation(1)
    assert obs["turned"] == ["7s", "Js", "9d"] and obs["taken"] == ["7s", "Js"] and obs["robber"] == 2
    assert obs["table"]["robbing"] == "seat 2 took 7s Js and laid away 2 cards face down"
    assert obs["table"]["turned from the stock"] == ["Js", "9d"]
    assert all(len(state.hand(s)) == 5 for s in range(4))


def test_tr11_the_robber_may_stop_early():
    state = dealt(french(), ROB_HANDS, ["7s", "Js", "9d"])
    state.apply("pass")
    state.apply("pass")
    state.apply("rob 7s")
    state.apply("discard 5c")
    state.apply("pass")  # he leaves the jack of trumps face up
    assert state.phase == "play" and state.turned == 2
    assert "Js" not in state.hand(2)
    assert state.observation(0)["turned"] == ["7s", "Js"]


def test_tr11_a_holder_who_declines_is_asked_like_everyone_else():
    state = dealt(french(), ROB_HANDS, ["7s", "Js", "9d"])
    for seat in range(4):
        assert state.current_player == seat
        state.apply("pass")
    assert state.phase == "play" and state.robber is None
    assert [a for _, a in state.observation(0)["public_actions"]] == ["pass"] * 4
    assert state.observation(0)["table"]["robbing"] == "nobody robbed"


def test_tr11_nobody_robs_when_the_ace_of_trumps_is_in_the_stock():
    hands = {**ROB_HANDS, 2: ["Ks", "2c", "3c", "4c", "5c"]}
    state = dealt(french(), hands, ["7s", "Js", "As"])
    for _ in range(4):
        assert legal(state) == {"pass"}
        state.apply("pass")
    assert state.phase == "play"


def test_tr12_a_turned_up_ace_lets_the_dealer_rob():
    state = dealt(french(), ROB_HANDS | {2: ["Qs", "2c", "3c", "4c", "5c"]}, ["As", "5s", "Kd"])
    # Only the dealer is asked: the turned ace shows everyone that the right is his.
    assert state.current_player == 3 and legal(state) == {"rob As", "pass"}
    assert state.observation(0)["rob_right"] == 3
    state.apply("rob As")
    state.apply("discard 7h")
    assert legal(state) == {"rob 5s", "pass"}
    state.apply("rob 5s")
    state.apply("discard 8h")
    assert state.phase == "play" and state.current_player == 0
    assert sorted(state.hand(3)) == sorted(["9h", "10h", "Jh", "As", "5s"])


def test_tr12_the_dealer_may_leave_the_ace():
    state = dealt(french(), ROB_HANDS | {2: ["Qs", "2c", "3c", "4c", "5c"]}, ["As", "5s", "Kd"])
    state.apply("pass")
    assert state.phase == "play" and state.current_player == 0 and state.robber is None


def test_no_robbing_when_switched_off():
    state = dealt(french(rob_stock=False), ROB_HANDS, ["7s", "Js", "9d"])
    assert state.phase == "play" and legal(state) == set(ROB_HANDS[0])


# --- TR-13: penalty mode ----------------------------------------------------------------------------------------
PENALTY_HANDS = {
    0: ["Kh", "2d", "3d", "4d", "5d"],
    1: ["2h", "2c", "3c", "4c", "5c"],
    2: ["3h", "6d", "7d", "8d", "9d"],
    3: ["4h", "6c", "7c", "8c", "9c"],
}


def test_tr13_a_revoke_by_side_b_gives_side_a_the_game():
    state = dealt(french(enforce_legal_moves=False), PENALTY_HANDS, NO_ROB_STOCK)
    skip_robbing(state)
    state.apply("Kh")
    # Every card of the hand may be played; the observation says which ones are lawful.
    assert legal(state) == set(PENALTY_HANDS[1])
    assert state.observation(1)["lawful_cards"] == ["2h"]
    state.apply("2c")  # seat 1 holds 2h: a revoke
    assert state.is_terminal()
    assert state.revoke == (1, "2c")
    assert state.winners() == [0]
    assert state.returns() == [5.0, -5.0, 5.0, -5.0]
    assert "seat 1 revoked with 2c" in state.observation(0)["table"]["revoke"]


def test_tr13_a_revoke_ends_the_match_whatever_the_score():
    game = french(enforce_legal_moves=False)
    match = game.match(seed=2)
    _played(match, [_finished(french(), 1) for _ in range(4)])  # side 1 on 4 points
    assert match.points() == [0, 4]
    deal = dealt(game, PENALTY_HANDS, NO_ROB_STOCK)
    deal.set_match_context(match.points(), 5)
    match.state = deal
    skip_robbing(deal)
    match.apply("Kh")
    match.apply("3c")  # side B (seats 1 3) revokes
    assert match.is_terminal()
    assert match.winners() == [0]
    assert match.returns() == [1.0, -1.0, 1.0, -1.0]


def test_tr13_lawful_play_goes_on_in_penalty_mode():
    state = dealt(french(enforce_legal_moves=False), PENALTY_HANDS, NO_ROB_STOCK)
    skip_robbing(state)
    for c in ["Kh", "2h", "3h", "4h"]:
        state.apply(c)
    assert not state.is_terminal() and state.revoke is None and state.tricks[0].winner == 0


def test_illegal_cards_are_refused_by_default():
    state = dealt(french(), PENALTY_HANDS, NO_ROB_STOCK)
    skip_robbing(state)
    state.apply("Kh")
    with pytest.raises(trionfi.IllegalAction, match=r"must follow suit \(hearts\).*may play: 2h"):
        state.apply("2c")


# --- TR-14, TR-15: Strasbourg ----------------------------------------------------------------------------------
def test_tr14_fixed_top_trumps_above_the_trump_suit():
    expected = ["Ah", "Kd", "Qs", "Jc", "Ac", "Kc", "Qc", "10c", "9c", "8c", "7c", "6c", "5c", "4c", "3c", "2c"]
    assert [str(c) for c in sb.trump_order("c")] == expected
    # With hearts trumps the ace of hearts is the top trump once, not twice.
    assert [str(c) for c in sb.trump_order("h")][:6] == ["Ah", "Kd", "Qs", "Jc", "Kh", "Qh"]
    cards = trionfi.cards(["Ac", "Qs"])
    assert sb.winning_index_by(cards, "c", sb.effective_suits("c"), sb.strengths("c")) == 1


def test_tr14_queen_of_spades_beats_ace_of_clubs_in_play():
    hands = {
        0: ["Ac", "2d", "3d", "4d", "5d", "6d", "7d", "8d", "9d"],
        1: ["Qs", "2h", "3h", "4h", "5h", "6h", "7h", "8h", "9h"],
        2: ["3c", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s"],
        3: ["4c", "10h", "Jh", "Qh", "Kh", "10d", "Jd", "Qd", "10s"],
    }
    state = dealt(stras(), hands, ["2c"])
    assert state.trump == "c" and state.phase == "play"
    state.apply("Ac")
    # The queen of spades is a trump: it follows a trump lead, and it is seat 1's only one.
    assert legal(state) == {"Qs"}
    state.apply("Qs")
    state.apply("3c")
    state.apply("4c")
    assert state.tricks[0].winner == 1
    assert state.points() == [0, 6, 0, 0]  # A 4 + Q 2


def test_tr14_a_top_trump_is_not_a_card_of_its_printed_suit():
    hands = {
        0: ["2h", "2d", "3d", "4d", "5d", "6d", "7d", "8d", "9d"],
        1: ["Ah", "Kh", "3c", "4c", "5c", "6c", "7c", "8c", "9c"],
    }
    state = dealt(stras(), hands, ["2c"])
    state.apply("2h")
    assert legal(state) == {"Kh"}  # the ace of hearts is a club (a trump) here
    # Void in the suit led, a player may keep his trumps (must_trump=false) ...
    hands = {0: ["2h", "2d", "3d", "4d", "5d", "6d", "7d", "8d", "9d"], 1: ["Ah", "10c", "3s", "4s", "5s", "6s", "7s"]}
    state = dealt(stras(), hands, ["2c"])
    state.apply("2h")
    assert legal(state) == set(state.hand(1))
    # ... or must trump with must_trump=true, the ace of hearts included.
    state = dealt(stras(must_trump=True), hands, ["2c"])
    state.apply("2h")
    assert legal(state) == {"Ah", "10c"}


def test_tr15_card_points_and_the_pack_total():
    assert sum(sb.CARD_POINTS[trionfi.card(c)] for c in ["As", "Kh", "Qd", "Jc", "10s"]) == 10
    assert sum(sb.CARD_POINTS.values()) == 40
    for c, p in sb.CARD_POINTS.items():
        assert p == STRAS_POINTS.get(c.rank, 0)


def test_tr15_a_slam_scores_80():
    hands = {0: ["Ah", "Kd", "Qs", "Jc", "Ac", "Kc", "Qc", "10c", "9c"]}
    state = dealt(stras(), hands, ["2c"])
    play_first(state)
    assert [t.winner for t in state.tricks] == [0] * 9
    assert state.points() == [80, 0, 0, 0]
    assert state.returns() == [3.0, -1.0, -1.0, -1.0]
    assert state.observation(1)["table"]["deal result"] == "slam by seat 0: 80 points"


@FAST
@given(seed=seeds, play=seeds)
def test_strasbourg_points_are_the_card_points_taken(seed, play):
    state = stras().deal(seed=seed)
    play_random(state, random.Random(play))
    taken = [0] * 4
    for t in state.tricks:
        assert t.points == sum(STRAS_POINTS.get(split(str(c))[0], 0) for c in t.cards)
        taken[t.winner] += t.points
    if any(sum(1 for t in state.tricks if t.winner == s) == 9 for s in range(4)):
        assert sorted(state.points()) == [0, 0, 0, 80]
    else:
        assert state.points() == taken
    assert sum(taken) <= 40


# --- the Strasbourg ace turn-up exchange ----------------------------------------------------------------------
EXCHANGE_HANDS = {
    0: ["2h", "3h", "4h", "5h", "6h", "7h", "8h", "9h", "10h"],
    1: ["2d", "3d", "4d", "5d", "6d", "7d", "8d", "9d", "10d"],
    2: ["2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c", "10c"],
    3: ["Kh", "Qh", "Jh", "Ks", "2s", "Qd", "Jd", "Ad", "3s"],
}


def test_strasbourg_dealer_takes_a_turned_ace_for_a_worthless_card():
    state = dealt(stras(), EXCHANGE_HANDS, ["As", "Jc", "4s", "Kc"])
    assert state.trump == "s" and state.current_player == 3
    assert legal(state) == {"rob As", "pass"}
    state.apply("rob As")
    # Only a card worth nothing (10 to 2) may be given for it.
    assert legal(state) == {"discard 2s", "discard 3s"}
    with pytest.raises(trionfi.IllegalAction, match="worth nothing"):
        state.apply("discard Kh")
    state.apply("discard 2s")
    # The jack of clubs is a top trump: the dealer may take it too.
    assert legal(state) == {"rob Jc", "pass"}
    state.apply("rob Jc")
    state.apply("discard 3s")
    # The 4s is a trump but the dealer has no worthless card left to give.
    assert legal(state) == {"pass"}
    state.apply("pass")
    assert state.phase == "play" and sorted(state.hand(3)) == sorted(
        ["Kh", "Qh", "Jh", "Ks", "Qd", "Jd", "Ad", "As", "Jc"]
    )


def test_strasbourg_no_exchange_without_an_ace():
    state = dealt(stras(), EXCHANGE_HANDS, ["Kc"])
    assert state.phase == "play" and state.current_player == 0


# --- the match: first dealer, next dealer ----------------------------------------------------------------------
def test_first_dealer_is_the_highest_card_drawn_and_ties_draw_again():
    game = french()
    for seed in range(40):
        rounds, dealer = draw_for_dealer(game, random.Random(seed))
        for i, rnd in enumerate(rounds):
            best = max(ref_strength(str(c), FRENCH_ORDER) for _, c in rnd)
            top = [s for s, c in rnd if ref_strength(str(c), FRENCH_ORDER) == best]
            if i + 1 < len(rounds):
                assert len(top) > 1 and [s for s, _ in rounds[i + 1]] == top
            else:
                assert top == [dealer]
        drawn = [str(c) for rnd in rounds for _, c in rnd]
        assert len(drawn) == len(set(drawn))


def test_strasbourg_first_dealer_is_the_lowest_card():
    game = stras()
    for seed in range(20):
        rounds, dealer = draw_for_dealer(game, random.Random(seed))
        last = rounds[-1]
        low = min(ref_strength(str(c), STRAS_ORDER) for _, c in last)
        assert [s for s, c in last if ref_strength(str(c), STRAS_ORDER) == low] == [dealer]


def test_match_first_deal_by_the_draw_and_shown_on_the_table():
    ties = None
    for seed in range(60):
        match = french().match(seed=seed)
        assert match.state.dealer == match.first_dealer
        assert match.first_dealer == draw_for_dealer(french(), random.Random(random.Random(seed).getrandbits(63)))[1]
        obs = match.observation(0)
        assert obs["match"]["first_dealer"] == match.first_dealer
        assert obs["table"]["draw for the first dealer"].endswith(f"→ seat {match.first_dealer} deals")
        if len(match.draw) > 1:
            ties = match
    assert ties is not None and "again" in ties.observation(1)["table"]["draw for the first dealer"]


def test_the_dealer_names_the_next_dealer_from_the_other_side():
    match = french().match(seed=11)
    dealer = match.state.dealer
    rng = random.Random(1)
    while match.state.phase != "next dealer":
        match.apply(rng.choice(match.legal_actions()))
    assert match.current_player == dealer
    right, left = (dealer + 1) % 4, (dealer + 3) % 4
    assert [str(a) for a in match.legal_actions()] == [f"next dealer {right}", f"next dealer {left}"]
    with pytest.raises(trionfi.IllegalAction, match="one of the dealer's two opponents"):
        match.apply(f"next dealer {(dealer + 2) % 4}")
    match.apply(f"seat {left}")  # short forms are accepted
    assert len(match.finished) == 1 and match.state.dealer == left
    record = match.finished[0].to_record()
    assert "next dealer" not in record["actions"][-1]
    assert trionfi.replay(record).points() == match.finished[0].points()  # the deal replays on its own
    assert match.history[-1] == f"next dealer {left}"


def test_without_the_choice_the_deal_passes_to_the_right():
    match = french(choose_next_dealer=False).match(seed=11)
    dealer = match.state.dealer
    rng = random.Random(1)
    while not match.finished:
        assert match.state.phase != "next dealer"
        match.apply(rng.choice(match.legal_actions()))
    assert match.state.dealer == (dealer + 1) % 4


def test_a_single_deal_asks_for_no_next_dealer():
    state = french().deal(seed=5)
    play_random(state, random.Random(5))
    assert state.is_terminal() and all(a.kind != "next" for a in state.history if not isinstance(a, trionfi.Card))


@pytest.mark.parametrize("ruleset", ["french", "strasbourg"])
def test_match_plays_to_the_end_and_its_record_replays(ruleset):
    game = trionfi.load("triomphe", ruleset=ruleset)
    match = game.match(seed=21)
    assert isinstance(match, TriompheMatch)
    play_random(match, random.Random(21))
    assert match.is_terminal() and match.legal_actions() == []
    score = match.points()
    assert max(score) >= game.target and score.count(max(score)) == 1
    assert sum(match.returns()) == pytest.approx(0)
    again = trionfi.replay(json.loads(json.dumps(match.to_record())))
    assert again.points() == score and len(again.finished) == len(match.finished)
    assert [d.dealer for d in again.finished] == [d.dealer for d in match.finished]
    if ruleset == "strasbourg":  # the deal rotates to the right
        dealers = [d.dealer for d in match.finished]
        assert all(b == (a + 1) % 4 for a, b in itertools.pairwise(dealers))


def test_match_clone_is_independent():
    match = french().match(seed=8)
    play_random(match, random.Random(8), steps=30)
    before = json.dumps(match.to_record()), json.dumps(match.observation(0))
    other = match.clone()
    play_random(other, random.Random(9))
    assert (json.dumps(match.to_record()), json.dumps(match.observation(0))) == before
    play_random(match, random.Random(9))
    assert match.points() == other.points()


# --- the concession offer -----------------------------------------------------------------------------------
def test_concession_accepted_scores_one_for_the_other_side():
    state = dealt(french(allow_concession_offer=True), PENALTY_HANDS, NO_ROB_STOCK)
    skip_robbing(state)
    assert "concede" in legal(state)
    state.apply("concede")
    assert state.phase == "concession" and state.current_player == 1
    assert legal(state) == {"accept", "refuse"}
    state.apply("accept")
    assert state.is_terminal() and state.score() == [0, 1] and state.returns() == [-1.0, 1.0, -1.0, 1.0]


def test_concession_refused_the_refusers_must_take_all_five():
    # Seat 1 holds the top trumps but offers to concede all the same.
    hands = {**PENALTY_HANDS, 1: ["2h", "Ks", "Qs", "Js", "10s"]}
    state = dealt(french(allow_concession_offer=True), hands, NO_ROB_STOCK)
    skip_robbing(state)
    state.apply("Kh")
    # Seat 1's side has not played yet: it may offer; seat 2's side has.
    state.apply("concede")
    assert state.current_player == 2
    state.apply("refuse")
    assert state.current_player == 1 and "concede" not in legal(state)
    play_first(state)
    assert state.tricks_won[0] < 5
    assert state.score() == [0, 2]  # the refusing side (seats 0 2) failed: the conceding side scores 2


def test_concession_refused_and_made_scores_the_vole():
    hands = {0: ["Ks", "Qs", "Js", "10s", "9s"], **OTHERS}
    state = dealt(french(allow_concession_offer=True), hands, NO_ROB_STOCK)
    skip_robbing(state)
    state.apply("Ks")
    state.apply("concede")
    state.apply("refuse")
    play_first(state)
    assert state.tricks_won == [5, 0] and state.score() == [2, 0]


def test_concession_only_before_a_sides_first_card_and_once():
    state = dealt(french(allow_concession_offer=True), PENALTY_HANDS, NO_ROB_STOCK)
    skip_robbing(state)
    state.apply("Kh")
    state.apply("2h")
    assert "concede" not in legal(state)  # seat 2's partner has played
    state.apply("3h")
    state.apply("4h")
    assert "concede" not in legal(state)  # the first trick is over
    assert "concede" not in legal(dealt_after_robbing(french(), PENALTY_HANDS))


def dealt_after_robbing(game: Any, hands: Mapping[int, Sequence[str]]) -> Any:
    state = dealt(game, hands, NO_ROB_STOCK)
    skip_robbing(state)
    return state


# --- partners see hands -----------------------------------------------------------------------------------------
def test_partners_see_hands_option():
    state = dealt_after_robbing(french(partners_see_hands=True), PENALTY_HANDS)
    assert state.observation(0)["open_hands"] == {"2": PENALTY_HANDS[2]}
    assert state.observation(1)["open_hands"] == {"3": PENALTY_HANDS[3]}
    assert dealt_after_robbing(french(), PENALTY_HANDS).observation(0)["open_hands"] == {}


# --- properties ---------------------------------------------------------------------------------------------------
CONFIGS = [
    {},
    {"rob_stock": False},
    {"must_head_trick": True, "undertrump_when_cannot_overtrump": False},
    {"allow_concession_offer": True, "partners_see_hands": True},
    {"enforce_legal_moves": False},
    {"ruleset": "strasbourg"},
    {"ruleset": "strasbourg", "players": 5, "must_trump": True},
    {"ruleset": "strasbourg", "players": 2},
    {"ruleset": "strasbourg", "partnerships": True, "enforce_legal_moves": False},
]
CONFIG_IDS = ["-".join(f"{k}={v}" for k, v in c.items()) or "default" for c in CONFIGS]


@pytest.mark.parametrize("options", CONFIGS, ids=CONFIG_IDS)
@settings(max_examples=30, deadline=None)
@given(seed=seeds, play=seeds)
def test_every_card_in_exactly_one_place_and_play_ends(options, seed, play):
    game = trionfi.load("triomphe", **options)
    deck = Counter(str(c) for c in game.deck)
    state = game.deal(seed=seed)
    rng = random.Random(play)
    steps = 0
    while not state.is_terminal():
        assert all_cards(state) == deck
        assert state.legal_actions()
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
        assert steps < 200
    assert all_cards(state) == deck
    assert state.current_player is None and state.legal_actions() == []
    assert sum(state.returns()) == pytest.approx(0)
    if state.revoke is None and state.offer_answer is None:
        assert len(state.tricks) == game.hand_size
        assert sum(state.tricks_won) == game.hand_size
    if game.options["ruleset"] == "french" and state.revoke is None and state.offer is None:
        won = state.tricks_won
        assert state.score() == [(2 if w == 5 else 1) if w >= 3 else 0 for w in won]


@pytest.mark.parametrize("options", CONFIGS, ids=CONFIG_IDS)
@settings(max_examples=20, deadline=None)
@given(seed=seeds, play=seeds)
def test_tricks_follow_the_reference_winner_and_duty(options, seed, play):
    game = trionfi.load("triomphe", **options)
    state = game.deal(seed=seed)
    play_random(state, random.Random(play))
    strasbourg = game.options["ruleset"] == "strasbourg"
    order = STRAS_ORDER if strasbourg else FRENCH_ORDER
    top = ["Ah", "Kd", "Qs", "Jc"] if strasbourg else []

    def key(c: str) -> tuple[str, int]:
        if c in top:
            return state.trump, 100 - top.index(c)
        return split(c)[1], ref_strength(c, order)

    for t in state.tricks:
        cards = [str(c) for c in t.cards]
        led = key(cards[0])[0]
        trumps = [i for i, c in enumerate(cards) if key(c)[0] == state.trump]
        pool = trumps or [i for i, c in enumerate(cards) if key(c)[0] == led]
        assert t.winner == t.seats[max(pool, key=lambda i: key(cards[i])[1])]


@pytest.mark.parametrize("options", CONFIGS, ids=CONFIG_IDS)
@settings(max_examples=20, deadline=None)
@given(seed=seeds, play=seeds, steps=st.integers(min_value=0, max_value=40))
def test_record_round_trip_and_clone_independence(options, seed, play, steps):
    game = trionfi.load("triomphe", **options)
    state = game.deal(seed=seed)
    play_random(state, random.Random(play), steps=steps)
    record = json.loads(json.dumps(state.to_record()))
    again = trionfi.replay(record)
    for s in range(game.players):
        assert again.observation(s) == state.observation(s)
    snapshot = [json.dumps(state.observation(s)) for s in range(game.players)]
    other = state.clone()
    play_random(other, random.Random(play + 1))
    assert [json.dumps(state.observation(s)) for s in range(game.players)] == snapshot
    assert all_cards(other) == all_cards(state)


# --- hidden information -------------------------------------------------------------------------------------------
def hidden_places(state: Any, seat: int) -> list[tuple[Any, ...]]:
    """Where the cards ``seat`` cannot see lie: other hands (not an open partner's), the face-down stock, and
    the robber's discards (unless ``seat`` is the robber)."""
    game = state.game
    places: list[tuple[Any, ...]] = []
    for s in range(game.players):
        if s == seat or (game.see_partner and game.side_of[s] == game.side_of[seat]):
            continue
        places += [("hand", s, i) for i in range(len(state.hands[s]))]
    places += [("stock", j) for j in range(state.turned, len(state.stock_cards))]
    if seat != state.robber:
        places += [("discard", i) for i in range(len(state.discards))]
    return places


def _get(state: Any, place: tuple[Any, ...]) -> Any:
    if place[0] == "hand":
        return state.hands[place[1]][place[2]]
    return (state.stock_cards if place[0] == "stock" else state.discards)[place[1]]


def _set(state: Any, place: tuple[Any, ...], c: Any) -> None:
    if place[0] == "hand":
        state.hands[place[1]][place[2]] = c
    else:
        (state.stock_cards if place[0] == "stock" else state.discards)[place[1]] = c


def _position(options: dict[str, Any], seed: int, play: int, steps: int) -> Any:
    state = trionfi.load("triomphe", **options).deal(seed=seed)
    play_random(state, random.Random(play), steps=steps)
    return state


@pytest.mark.parametrize("options", CONFIGS, ids=CONFIG_IDS)
@settings(max_examples=25, deadline=None)
@given(seed=seeds, play=seeds, steps=st.integers(min_value=0, max_value=30), pick=seeds)
def test_swapping_unseen_cards_leaves_the_observation_unchanged(options, seed, play, steps, pick):
    state = _position(options, seed, play, steps)
    rng = random.Random(pick)
    for seat in range(state.game.players):
        places = hidden_places(state, seat)
        view = json.dumps(state.observation(seat), sort_keys=True)
        for _ in range(3):
            if len(places) < 2:
                break
            a, b = rng.sample(places, 2)
            other = state.clone()
            other.stock_cards = list(other.stock_cards)  # shared between clones: copy before changing
            ca, cb = _get(other, a), _get(other, b)
            _set(other, a, cb)
            _set(other, b, ca)
            other._legal_cache = None
            assert json.dumps(other.observation(seat), sort_keys=True) == view, (seat, a, b)


def _robbed() -> Any:
    state = dealt(french(), ROB_HANDS, ["7s", "Js", "9d"])
    state.apply("pass")
    state.apply("pass")
    state.apply("rob 7s")
    state.apply("discard 7s")  # he may even lay the robbed card away again
    state.apply("rob Js")
    state.apply("discard 2c")
    return state


def test_robbed_discards_are_known_to_the_robber_only():
    state = _robbed()
    mine = state.observation(2)
    assert mine["discards"] == ["7s", "2c"] and mine["table"]["your discards"] == ["7s", "2c"]
    for seat in (0, 1, 3):
        obs = state.observation(seat)
        assert obs["discards"] == [] and obs["discard_count"] == 2
        assert "your discards" not in obs["table"]
        assert ["2", "discard"] in [[str(s), a] for s, a in obs["public_actions"]]
        # Whether he kept the robbed 7s is his secret: it is not listed as known to be in his hand.
        assert obs["known_cards"] == {}
        assert '"2c"' not in json.dumps(obs)
    # Laying away 3c instead of 2c looks the same to the others.
    other = dealt(french(), ROB_HANDS, ["7s", "Js", "9d"])
    for a in ["pass", "pass", "rob 7s", "discard 7s", "rob Js", "discard 3c"]:
        other.apply(a)
    for seat in (0, 1, 3):
        assert other.observation(seat) == state.observation(seat)
    assert other.observation(2) != state.observation(2)


def test_a_declining_holder_looks_like_anyone_else():
    # The same deal with the ace of trumps in seat 2's hand or in the stock: after four passes the others'
    # observations do not differ.
    with_ace = dealt(french(), ROB_HANDS, ["7s", "Js", "9d", "Kc"])
    without = dealt(french(), ROB_HANDS | {2: ["Kc", "2c", "3c", "4c", "5c"]}, ["7s", "Js", "9d", "As"])
    for st_ in (with_ace, without):
        for _ in range(4):
            st_.apply("pass")
    for seat in (0, 1, 3):
        assert with_ace.observation(seat) == without.observation(seat)


def test_legal_actions_only_for_the_seat_to_act():
    state = french().deal(seed=9)
    rng = random.Random(9)
    while not state.is_terminal():
        for s in range(4):
            obs = state.observation(s)
            assert obs["hand"] == state.hand(s)
            assert obs["legal_actions"] == (
                [str(a) for a in state.legal_actions()] if s == state.current_player else []
            )
        state.apply(rng.choice(state.legal_actions()))


# --- bad input ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 3}, "French rules are for 4 players"),
        ({"partnerships": False}, "partnership game"),
        ({"must_trump": True}, "must_trump applies only to ruleset=strasbourg"),
        ({"ruleset": "strasbourg", "vole_points": 5}, "vole_points applies only to ruleset=french"),
        ({"ruleset": "strasbourg", "allow_concession_offer": True}, "allow_concession_offer applies only"),
        ({"ruleset": "strasbourg", "players": 6}, r"players=6 is not allowed"),
        ({"ruleset": "strasbourg", "players": 3, "partnerships": True}, "partnerships need 4 players"),
        ({"ruleset": "strasbourg", "partners_see_hands": True}, "partners_see_hands applies only to partnership"),
        ({"vole_points": 3}, r"vole_points=3 is not allowed; allowed: 2, 5"),
        ({"target": 0}, "target=0 is not allowed"),
        ({"target": "lots"}, "target='lots' is not allowed"),
        ({"ruleset": "spanish"}, "ruleset='spanish' is not allowed; allowed: 'french', 'strasbourg'"),
        ({"robbing": True}, "triomphe has no option 'robbing'; its options are: ruleset"),
    ],
)
def test_bad_options(options, message):
    with pytest.raises(trionfi.OptionError, match=message):
        trionfi.load("triomphe", **options)


def test_option_values_from_the_command_line_are_converted():
    game = trionfi.load("triomphe", vole_points="5", rob_stock="false", target="7")
    assert game.options["vole_points"] == 5 and game.options["rob_stock"] is False and game.target == 7
    assert trionfi.load("french-ruff").name == "triomphe"


def _snapshot(state: Any) -> Any:
    return json.dumps(state.to_record()), [json.dumps(state.observation(s)) for s in range(state.game.players)]


@pytest.mark.parametrize(
    ("setup", "action", "message"),
    [
        (0, "rob 7s", "only the holder of the ace of trumps may rob"),
        (0, "2h", "robbing of the stock comes before the first lead"),
        (0, "discard 2h", "only a robber lays cards away"),
        (2, "discard 2h", r"'discard 2h' is not allowed: lay away a card of your hand"),
        (2, "5h", r"not in seat 2's hand"),
        (2, "pass", "'pass' is neither.*nor an action seat 2 may take now; allowed: discard As"),
        (3, "rob Js", "robbing happens before the first lead"),
        (3, "concede", "concession offers are off"),
        (3, "next dealer 1", "names the next dealer at the end of a deal in a match"),
        (3, "Zz", "neither a card code"),
        (3, "Qd", "Qd is not in seat 0's hand"),
    ],
)
def test_bad_actions_leave_the_state_unchanged(setup, action, message):
    state = dealt(french(), ROB_HANDS, ["7s", "Js", "9d"])
    for a in ["pass", "pass", "rob 7s", "discard 2c", "rob Js", "discard 3c"][: {0: 0, 2: 3, 3: 6}[setup]]:
        state.apply(a)
    before = _snapshot(state)
    with pytest.raises(trionfi.IllegalAction, match=message) as info:
        state.apply(action)
    assert isinstance(info.value, ValueError)
    assert _snapshot(state) == before


def test_wrong_seat_and_after_the_end():
    state = dealt(french(), ROB_HANDS, ["7s", "Js", "9d"])
    with pytest.raises(trionfi.IllegalAction, match="seat 0's turn, not seat 2's"):
        state.apply("pass", seat=2)
    play_first(state)
    with pytest.raises(trionfi.IllegalAction, match="the deal is over"):
        state.apply("pass")
    match = french(target=1).match(seed=1)
    play_random(match, random.Random(1))
    with pytest.raises(trionfi.IllegalAction, match="the match is over"):
        match.apply("pass")
    with pytest.raises(trionfi.OptionError, match="a seed is a whole number"):
        french().match(seed="x")


def test_a_strasbourg_dealer_cannot_take_an_ace_without_a_worthless_card():
    hands = {3: ["Kh", "Qh", "Jh", "Ks", "Js", "Qd", "Jd", "Ad", "Ac"]}
    state = dealt(stras(), hands, ["As"])
    assert legal(state) == {"pass"}
    with pytest.raises(trionfi.IllegalAction, match="only in exchange for a card worth nothing"):
        state.apply("rob As")


# --- the rules text and the terminal ---------------------------------------------------------------------------
runner = CliRunner()


def test_rules_say_the_strasbourg_rules_are_incomplete_and_name_the_choices():
    text = " ".join(trionfi.load("triomphe").rules_summary().split())
    assert "Historically these rules are INCOMPLETE" in text
    for choice in ("partnerships=false", "must_trump=false", "target=100", "lowest card", "packets of three"):
        assert choice in text
    result = runner.invoke(cli.app, ["rules", "triomphe", "--option", "ruleset=strasbourg"])
    assert result.exit_code == 0, result.output
    out = " ".join(result.stdout.split())
    assert "Historically these rules are incomplete" in out and "now strasbourg" in out


@pytest.mark.parametrize("ruleset", ["french", "strasbourg"])
def test_simulate_both_rulesets(ruleset):
    result = runner.invoke(
        cli.app, ["simulate", "triomphe", "-n", "30", "--seed", "3", "--json", "--option", f"ruleset={ruleset}"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["deals"] == 30
    for side in data["sides"]:
        assert side["wins"] + side["draws"] + side["losses"] == 30


def test_play_a_deal_with_robbing_in_the_terminal():
    # Seed 62: seat 0 holds the ace of trumps (diamonds) and the next card is a trump too.
    state = french().deal(seed=62)
    assert state.rob_right == 0
    bots = cli.make_bots("random", 62, [1, 2, 3])
    typed: list[str] = []
    plan = iter(["rob", "3s", "rob", "9h"])
    while not state.is_terminal():
        p = state.current_player
        if p == 0:
            move = next(plan, None) if state.phase != "play" else None
            move = move or str(state.legal_actions()[0])
            typed.append(move)
        else:
            move = bots[p].choose(state.observation(p))
        state.apply(move)
    result = runner.invoke(
        cli.app, ["play", "--bots", "random", "triomphe", "--seed", "62"], input="\n".join(typed) + "\n"
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "You rob 2d" in out and "You discard 3s" in out and "You rob 5d" in out
    assert "Your discards: 3s, 9h" in out
    assert "Robbing: you took 2d 5d and laid away 2 cards face down" in out
    assert "end of the deal" in out


def test_play_a_match_in_the_terminal_with_the_next_dealer_choice():
    game = french(target=2)
    match = game.match(seed=12)  # seat 0 deals once and names the next dealer
    bots = cli.make_bots("random", 12, [1, 2, 3])
    typed: list[str] = []
    while not match.is_terminal():
        p = match.current_player
        move = str(match.legal_actions()[-1]) if p == 0 else bots[p].choose(match.observation(p))
        if p == 0:
            typed.append(move)
        match.apply(move)
    chose = [a for a in typed if a.startswith("next dealer")]
    result = runner.invoke(
        cli.app,
        ["play", "--bots", "random", "triomphe", "--match", "--seed", "12", "-o", "target=2"],
        input="\n".join(typed) + "\n",
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Draw for the first dealer:" in out and "end of the match" in out
    assert chose
    for a in chose:
        chosen = a.split()[-1]
        assert f"You choose {'yourself' if chosen == '0' else 'seat ' + chosen} as the next dealer" in out.replace(
            "seat 2 (partner)", "seat 2"
        ).replace("seat 1 (opponent)", "seat 1").replace("seat 3 (opponent)", "seat 3")


@FAST
@given(data=st.data())
def test_the_generic_over_trump_rule_matches_the_french_default(data):
    # RULES.md §3.1 by default is exactly tricks.follow_or_overtrump; our own rule adds the two options.
    game = french()
    pack = [str(c) for c in game.deck]
    cards = data.draw(st.lists(st.sampled_from(pack), min_size=2, max_size=8, unique=True))
    cut = data.draw(st.integers(min_value=1, max_value=min(3, len(cards) - 1)))
    trick, hand = trionfi.cards(cards[:cut]), trionfi.cards(cards[cut:])
    trump = data.draw(st.sampled_from("hdcs"))
    assert game.restriction(hand, trick, trump, game.strength) == trionfi.tricks.follow_or_overtrump(
        hand, trick, trump, game.strength
    )
