"""RULES.md §6.2, test cases BR-01 … BR-21 (Briscola family), on stacked decks.

Seats follow RULES.md §0.1: seats are numbered in play order, the dealer of the first deal is the last seat and
seat 0 (the dealer's right) receives first and leads. Deck positions are 1-based, top first.
"""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

import trionfi
from briscola_support import (
    ORDER_BOSNIAN,
    ORDER_FRENCH,
    ORDER_ITALIAN,
    ORDER_SOUTHERN,
    POINTS_BOSNIAN,
    POINTS_FRENCH,
    POINTS_ITALIAN,
    POINTS_SOUTHERN,
    all_cards,
    deal_positions,
    hands_deck,
    play_cards,
    play_random,
    ref_points,
    ref_winner,
    stacked,
)
from trionfi.match import BestOf, Target
from trionfi.tricks import follow, free, winning_index


def french2(**options):
    return trionfi.load("briscola", players=2, deck="french", **options)


def two_card_trick(game, lead: str, reply: str, indicator: str | None):
    """A 2-player deal where seat 0 holds ``lead`` and seat 1 ``reply``; then both are played."""
    extra = {} if indicator is None else {2 * game.hand_size + 1: indicator}
    deck = hands_deck(game, {0: [lead], 1: [reply]}, extra)
    state = game.deal(deck=deck, seed=1)
    if indicator is not None:
        assert state.indicator == indicator
        assert state.trump == indicator[-1]
    assert state.current_player == 0
    play_cards(state, [lead, reply])
    return state


# --- BR-01 … BR-04: the seed's two-player examples (French pack, spades trumps) -------------------------------


def test_br01_same_suit_higher_card_wins():
    state = two_card_trick(french2(), "5c", "Ac", indicator="4s")
    trick = state.tricks[0]
    assert trick.cards == ("5c", "Ac")
    assert trick.winner == 1  # B
    assert trick.points == 11
    assert state.points() == [0, 11]
    assert state.current_player == 1  # the winner leads next
    assert winning_index(trionfi.cards(["5c", "Ac"]), "s", french2().strength) == 1


def test_br02_other_non_trump_suit_never_wins():
    state = two_card_trick(french2(), "5h", "Kc", indicator="4s")
    assert state.tricks[0].winner == 0  # A, although the king outranks the five
    assert state.points() == [4, 0]
    assert state.current_player == 0
    assert winning_index(trionfi.cards(["5h", "Kc"]), "s", french2().strength) == 0


def test_br03_trump_beats_the_ace_of_another_suit():
    state = two_card_trick(french2(), "Ad", "6s", indicator="4s")
    assert state.tricks[0].winner == 1
    assert state.points() == [0, 11]
    assert winning_index(trionfi.cards(["Ad", "6s"]), "s", french2().strength) == 1


@pytest.mark.parametrize(("lead", "reply", "winner", "points"), [("2s", "Ks", 1, 4), ("7s", "6s", 0, 0)])
def test_br04_trump_against_trump_higher_rank_wins(lead, reply, winner, points):
    state = two_card_trick(french2(), lead, reply, indicator="4s")
    assert state.tricks[0].winner == winner
    assert state.tricks[0].points == points
    assert state.current_player == winner


# --- BR-05: the seed's four-player example ------------------------------------------------------------------


def test_br05_four_player_trick_and_draw_order():
    game = trionfi.load("briscola", players=4, deck="french")
    # A deals (seat 3); D (seat 0) leads, then C (1), B (2), A (3). A&C = seats 3, 1; B&D = seats 2, 0.
    deck = stacked(game, {1: "4s", 2: "Js", 3: "2h", 4: "5c", 13: "3h", 14: "Kd", 15: "Qd", 16: "Jd", 17: "7d"})
    state = game.deal(deck=deck, seed=1)
    assert state.dealer == 3
    assert state.indicator == "3h" and state.trump == "h"
    assert game.sides == ((0, 2), (1, 3))
    assert [state.current_player] == [0]
    play_cards(state, ["4s", "Js", "2h", "5c"])
    trick = state.tricks[0]
    assert trick.seats == (0, 1, 2, 3)
    assert trick.winner == 2  # B
    assert trick.points == 2
    assert state.points() == [2, 0]  # side 0 is the B–D team
    assert state.current_player == 2  # B leads next
    # Draw order B, A, D, C: cards 14, 15, 16, 17.
    assert state.hand(2)[-1] == "Kd"
    assert state.hand(3)[-1] == "Qd"
    assert state.hand(0)[-1] == "Jd"
    assert state.hand(1)[-1] == "7d"
    assert len(state.stock) == 40 - 12 - 4


# --- BR-06: the 60-point rule --------------------------------------------------------------------------------

DRAW_60_60 = (
    "4s 2s Kc 7b 6b 3s 4b Ac Hs As 7c Hc 6s Ad Kb Js Ab 5c Jd 6c 7d Jc Hb 2c 5d 3b 2d 7s 5b Kd Jb 3c 4c "
    "4d 3d 5s Hd 6d Ks 2b"
)
WIN_61_59 = (
    "4c 5c 5d Ks 2b 7d Kd Ac Hd 4b Kc 6c 2c Hb 3s 2s Hs 6s 5s 4d Ab Jd 4s 6d 3d 7c Ad 7b 2d Js As 3c Jc 6b "
    "Kb 7s Hc 5b 3b Jb"
)


def _play_first_legal(deck: str):
    state = trionfi.load("briscola", players=2).deal(deck=deck.split(), seed=1)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    # Check the engine's count against the reference rule, trick by trick.
    won = [0, 0]
    for t in state.tricks:
        assert t.winner == t.seats[ref_winner(t.cards, state.trump, ORDER_ITALIAN)]
        assert t.points == ref_points(t.cards, POINTS_ITALIAN)
        won[t.winner] += t.points
    assert won == state.points()
    return state


def test_br06_sixty_all_is_a_draw():
    state = _play_first_legal(DRAW_60_60)
    assert state.points() == [60, 60]
    assert state.returns() == [0.0, 0.0]
    assert state.winners() == []


def test_br06_sixty_one_wins():
    state = _play_first_legal(WIN_61_59)
    assert state.points() == [61, 59]
    assert state.returns() == [1.0, -1.0]
    assert state.winners() == [0]


# --- BR-07 … BR-10: deal layouts -----------------------------------------------------------------------------


def _natural(game) -> list[str]:
    return [str(c) for c in game.deck]


def test_br07_two_player_deal_and_draws():
    game = trionfi.load("briscola", players=2)
    deck = _natural(game)
    state = game.deal(deck=deck, seed=3)
    assert state.hand(0) == [deck[0], deck[2], deck[4]]  # ND = cards 1, 3, 5
    assert state.hand(1) == [deck[1], deck[3], deck[5]]  # D = cards 2, 4, 6
    assert state.indicator == deck[6]
    assert state.stock[::-1] == [*deck[7:], deck[6]]  # cards 8 … 40, then the indicator
    assert len(state.stock) == 34
    rng = random.Random(5)
    for t in range(1, 18):
        before = [state.hand(s) for s in range(2)]
        play_random(state, rng, steps=2)
        w = state.tricks[-1].winner
        drawn = [[c for c in state.hand(s) if c not in before[s]] for s in range(2)]
        if t < 17:
            assert drawn[w] == [deck[7 + 2 * (t - 1)]]  # card 8 + 2(t-1)
            assert drawn[1 - w] == [deck[8 + 2 * (t - 1)]]
            assert state.indicator_holder is None
        else:
            assert drawn[w] == [deck[39]]  # card 40
            assert drawn[1 - w] == [deck[6]]  # card 7, the indicator
            assert state.indicator_holder == 1 - w
        assert len(state.hand(0)) == len(state.hand(1)) == 3
    assert state.stock == []
    for t in range(18, 21):
        play_random(state, rng, steps=2)
        assert len(state.hand(0)) == len(state.hand(1)) == 20 - t
    assert state.is_terminal()
    assert len(state.tricks) == 20
    assert sum(state.points()) == 120


def _count_draw_rounds(state, rng, players):
    """Play to the end; return the number of tricks after which cards were drawn and the draw sizes."""
    rounds = []
    while not state.is_terminal():
        before = len(state.stock)
        play_random(state, rng, steps=len(state.trick_seats))
        if before != len(state.stock):
            rounds.append(before - len(state.stock))
    return rounds


def test_br08_four_player_deal_and_draws():
    game = trionfi.load("briscola", players=4)
    deck = _natural(game)
    state = game.deal(deck=deck, seed=3)
    assert state.hand(0) == [deck[0], deck[4], deck[8]]  # R = 1, 5, 9
    assert state.hand(1) == [deck[1], deck[5], deck[9]]  # O = 2, 6, 10
    assert state.hand(2) == [deck[2], deck[6], deck[10]]  # L = 3, 7, 11
    assert state.hand(3) == [deck[3], deck[7], deck[11]]  # D = 4, 8, 12
    assert state.indicator == deck[12]
    assert len(state.stock) == 28
    rng = random.Random(8)
    for _ in range(7):
        play_random(state, rng, steps=4)
    w = state.tricks[6].winner
    assert state.indicator_holder == (w + 3) % 4  # the 4th drawer of round 7
    assert deck[12] in state.hand((w + 3) % 4)
    assert state.stock == []
    rounds = _count_draw_rounds(state, rng, 4)
    assert rounds == []
    assert len(state.tricks) == 10
    assert sum(state.points()) == 120


def test_br08_draw_rounds_counted():
    game = trionfi.load("briscola", players=4)
    state = game.deal(deck=_natural(game), seed=3)
    assert _count_draw_rounds(state, random.Random(2), 4) == [4] * 7
    assert len(state.tricks) == 10


def test_br09_three_players():
    game = trionfi.load("briscola", players=3)
    assert len(game.deck) == 39
    assert "2d" not in game.deck
    assert sum(game.card_points.values()) == 120
    deck = _natural(game)
    state = game.deal(deck=deck, seed=3)
    assert state.hand(0) == [deck[0], deck[3], deck[6]]  # R = 1, 4, 7
    assert state.hand(1) == [deck[1], deck[4], deck[7]]  # L = 2, 5, 8
    assert state.hand(2) == [deck[2], deck[5], deck[8]]  # D = 3, 6, 9
    assert state.indicator == deck[9]
    assert len(state.stock) == 30
    rounds = _count_draw_rounds(state, random.Random(4), 3)
    assert rounds == [3] * 10
    assert len(state.tricks) == 13
    pts = state.points()
    assert len(pts) == 3 and sum(pts) == 120
    best = max(pts)
    top = [s for s in range(3) if pts[s] == best]
    assert state.winners() == (top if len(top) < 3 else [])
    rets = state.returns()
    for s in range(3):
        assert (rets[s] > 0) == (s in top)


def test_br09_highest_total_wins_and_ties_share():
    # The result rule on given totals (engine.side_results): one winner, a shared win, all equal.
    from trionfi.engine import side_results

    assert side_results([50, 40, 30]) == ([2.0, -1.0, -1.0], [0])
    assert side_results([45, 45, 30]) == ([0.5, 0.5, -1.0], [0, 1])
    assert side_results([40, 40, 40]) == ([0.0, 0.0, 0.0], [])


def test_br09_removed_two_is_an_option():
    game = trionfi.load("briscola", players=3, removed_two_for_three_players="2c")
    assert "2c" not in game.deck and "2d" in game.deck and len(game.deck) == 39


def test_br10_six_players():
    game = trionfi.load("briscola", players=6)
    assert len(game.deck) == 36
    assert not [c for c in game.deck if c.rank == "2"]
    assert game.sides == ((0, 2, 4), (1, 3, 5))
    deck = _natural(game)
    state = game.deal(deck=deck, seed=3)
    for s in range(6):
        assert state.hand(s) == [deck[s], deck[s + 6], deck[s + 12]]
    assert state.indicator == deck[18]  # card 19
    assert len(state.stock) == 18
    rounds = _count_draw_rounds(state, random.Random(6), 6)
    assert rounds == [6] * 3
    assert len(state.tricks) == 6
    pts = state.points()
    assert sum(pts) == 120
    team = [sum(t.points for t in state.tricks if t.winner % 2 == side) for side in range(2)]
    assert pts == team


def test_packets_deal_layout():
    game = trionfi.load("briscola", players=4, deal_singly=False)
    deck = _natural(game)
    state = game.deal(deck=deck, seed=3)
    for s in range(4):
        assert state.hand(s) == deck[3 * s : 3 * s + 3]
    assert state.indicator == deck[12]
    two = trionfi.load("briscola", players=2, deal_singly=False)
    deck2 = _natural(two)
    st2 = two.deal(deck=deck2, seed=3, dealer=0)  # seat 1 is the dealer's right: receives first and leads
    assert st2.hand(1) == deck2[0:3] and st2.hand(0) == deck2[3:6]
    assert st2.current_player == 1
    assert st2.indicator == deck2[6]


def test_dealer_other_than_last_seat():
    game = trionfi.load("briscola", players=4)
    deck = _natural(game)
    state = game.deal(deck=deck, dealer=1, seed=3)
    assert state.current_player == 2
    assert state.hand(2) == [deck[0], deck[4], deck[8]]
    assert state.hand(1) == [deck[3], deck[7], deck[11]]


# --- BR-11: free play ----------------------------------------------------------------------------------------

FREE_PLAY = [
    ({"players": 2}, "7c", ["2c", "As", "Kd"]),
    ({"players": 3}, "7c", ["2c", "As", "Kd"]),
    ({"players": 4}, "7c", ["2c", "As", "Kd"]),
    ({"players": 6}, "7c", ["4c", "As", "Kd"]),
    ({"variant": "a31"}, "7c", ["2c", "As", "Kd"]),
    ({"variant": "scoperta"}, "7c", ["2c", "As", "Kd"]),
    ({"variant": "briscolone"}, "7c", ["2c", "As", "Kd", "Hs", "Jb"]),
    ({"variant": "bosnian"}, "8c", ["7c", "As", "Kd"]),
    ({"variant": "double"}, "7c", ["2c", "As", "Kd", "Hb"]),
    ({"variant": "schembil", "players": 6}, "7c", ["4c", "As", "Kd"]),
]


@pytest.mark.parametrize(("options", "lead", "hand"), FREE_PLAY, ids=[str(o) for o, _, _ in FREE_PLAY])
def test_br11_any_card_may_be_played(options, lead, hand):
    game = trionfi.load("briscola", **options)
    extra = {} if game.variant == "briscolone" else {game.players * game.hand_size + 1: "4b"}
    if game.variant == "bosnian":
        extra = {game.players * game.hand_size + 1: "9h"}
    state = game.deal(deck=hands_deck(game, {0: [lead], 1: hand}, extra), seed=1)
    assert sorted(state.hand(1)) == sorted(hand)
    state.apply(lead, seat=0)
    assert state.current_player == 1
    cards = [str(a) for a in state.legal_actions() if isinstance(a, trionfi.Card)]
    assert sorted(cards) == sorted(hand)
    assert free(trionfi.cards(hand), trionfi.cards([lead]), "b", game.strength) == trionfi.cards(hand)


# --- BR-12: southern order -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("southern", "winner", "order", "table"),
    [(True, 1, ORDER_SOUTHERN, POINTS_SOUTHERN), (False, 0, ORDER_FRENCH, POINTS_FRENCH)],
)
def test_br12_southern_order(southern, winner, order, table):
    game = french2(southern_order=True) if southern else french2()
    state = two_card_trick(game, "Qh", "Jh", indicator="4s")
    trick = state.tricks[0]
    assert trick.winner == winner  # J♥ with the southern order, Q♥ with the northern
    assert trick.winner == ref_winner(["Qh", "Jh"], "s", order)
    assert trick.points == 5
    assert game.card_points[trionfi.card("Jh")] == table["J"]
    assert game.card_points[trionfi.card("Qh")] == table["Q"]
    assert sum(game.card_points.values()) == 120


def test_br12_southern_order_jack_below_king():
    game = french2(southern_order=True)
    assert two_card_trick(game, "Jh", "Kh", indicator="4s").tricks[0].winner == 1
    assert two_card_trick(game, "Jh", "7h", indicator="4s").tricks[0].winner == 0


# --- BR-13: the A/3 indicator variation ----------------------------------------------------------------------


def test_br13_option_off_keeps_an_ace_as_indicator():
    game = trionfi.load("briscola", players=2)
    state = game.deal(deck=stacked(game, {7: "Ad"}), seed=1)
    assert state.indicator == "Ad" and state.trump == "d"
    assert state.stock[0] == "Ad"


@pytest.mark.parametrize("seed", range(20))
def test_br13_ace_indicator_goes_back_and_next_card_is_turned(seed):
    game = trionfi.load("briscola", players=2, reject_ace_three_indicator=True)
    deck = stacked(game, {7: "Ad", 8: "5b"})
    state = game.deal(deck=deck, seed=seed)
    assert state.indicator == "5b"
    assert state.trump == "b"
    assert state.stock[0] == "5b"
    assert len(state.stock) == 34
    assert sorted(state.stock) == sorted([*deck[7:], "Ad"])
    assert state.hand(0) == deck[0:6:2] and state.hand(1) == deck[1:6:2]


@pytest.mark.parametrize("seed", range(20))
def test_br13_repeats_while_ace_or_three(seed):
    game = trionfi.load("briscola", players=2, reject_ace_three_indicator=True)
    deck = stacked(game, {7: "Ad", 8: "3c", 9: "As", 10: "Kb"})
    state = game.deal(deck=deck, seed=seed)
    assert state.indicator.rank not in ("A", "3")
    assert state.indicator == "Kb" or state.indicator in deck[10:]
    for c in ("Ad", "3c", "As"):
        assert c in state.stock[1:]


def test_br13_rejected_card_strictly_inside_the_stock():
    game = trionfi.load("briscola", players=2, reject_ace_three_indicator=True)
    deck = stacked(game, {7: "Ad", 8: "5b"})
    bad = []
    for seed in range(200):
        state = game.deal(deck=deck, seed=seed)
        i = state.stock.index("Ad")  # stock[0] is the indicator (bottom), stock[-1] the top card
        if not 1 <= i <= len(state.stock) - 2:
            bad.append((seed, i))
    assert bad == []


def test_br13_reject_option_with_a_one_card_stock():
    try:
        game = trionfi.load("briscola", variant="bosnian", players=10, reject_ace_three_indicator=True)
    except trionfi.OptionError:
        return  # refusing the combination up front would also be a correct answer
    state = game.deal(deck=stacked(game, {31: "Ah"}), seed=1)
    assert state.indicator.rank not in ("A", "10")


# --- BR-14: Briscola a 31 ------------------------------------------------------------------------------------


def _a31_state():
    game = trionfi.load("briscola", variant="a31")
    deck = hands_deck(game, {0: ["Ac", "Kc", "Jc"], 1: ["3c", "Kb", "Jb"]}, {7: "4d"})
    state = game.deal(deck=deck, seed=1)
    play_cards(state, ["Ac", "3c", "Kc", "Kb"])  # seat 0 wins both: 21 + 8 = 29
    assert state.points() == [29, 0]
    assert state.current_player == 0
    assert "claim" in [str(a) for a in state.legal_actions()]
    return state


def test_br14_false_claim_at_29_loses():
    state = _a31_state()
    state.apply("claim")
    assert state.is_terminal()
    assert state.claim == (0, False)
    assert state.returns() == [-1.0, 1.0]
    assert state.winners() == [1]


def test_br14_true_claim_at_33_wins():
    state = _a31_state()
    play_cards(state, ["Jc", "Jb"])
    assert state.points() == [33, 0]
    state.apply("claim", seat=0)
    assert state.is_terminal()
    assert state.claim == (0, True)
    assert state.returns() == [1.0, -1.0]
    assert state.observation(1)["claim"] == [0, True]
    assert trionfi.replay(state.to_record()).returns() == [1.0, -1.0]


def test_br14_claim_by_the_player_without_points():
    state = _a31_state()
    state.apply("Jc")
    assert state.current_player == 1
    state.apply("claim", seat=1)
    assert state.claim == (1, False)
    assert state.returns() == [1.0, -1.0]


def test_br14_no_claim_falls_back_to_sixty_rule():
    game = trionfi.load("briscola", variant="a31")
    state = game.deal(deck=DRAW_60_60.split(), seed=1)
    while not state.is_terminal():
        state.apply(next(a for a in state.legal_actions() if isinstance(a, trionfi.Card)))
    assert state.points() == [60, 60]
    assert state.returns() == [0.0, 0.0]
    assert state.claim is None


def test_br14_claim_target_option():
    game = trionfi.load("briscola", variant="a31", claim_target=21)
    state = game.deal(deck=hands_deck(game, {0: ["Ac"], 1: ["3c"]}, {7: "4d"}), seed=1)
    play_cards(state, ["Ac", "3c"])
    state.apply("claim")
    assert state.claim == (0, True)


# --- BR-15, BR-16: Briscolone --------------------------------------------------------------------------------


def test_br15_briscolone_no_trumps():
    game = trionfi.load("briscola", variant="briscolone")
    state = two_card_trick(game, "4c", "As", indicator=None)
    assert state.trump is None and state.indicator is None
    assert state.tricks[0].winner == 0  # 4c: the ace is of another suit
    assert state.points() == [11, 0]
    state = two_card_trick(game, "4c", "Kc", indicator=None)
    assert state.tricks[0].winner == 1
    assert state.points() == [0, 4]


def test_briscolone_deal_layout():
    game = trionfi.load("briscola", variant="briscolone")
    deck = _natural(game)
    state = game.deal(deck=deck, seed=1)
    assert state.hand(0) == deck[0:10:2] and state.hand(1) == deck[1:10:2]
    assert state.stock[::-1] == deck[10:]
    assert len(state.stock) == 30
    assert state.observation(0)["indicator"] is None
    rounds = _count_draw_rounds(state, random.Random(1), 2)
    assert rounds == [2] * 15
    assert len(state.tricks) == 20
    assert sum(state.points()) == 120


@pytest.mark.parametrize(("follow_on", "legal"), [(True, ["2c"]), (False, ["2c", "As", "Ks", "Kd", "Kb"])])
def test_br16_briscolone_follow_suit(follow_on, legal):
    options = {"must_follow_suit": True} if follow_on else {}
    game = trionfi.load("briscola", variant="briscolone", **options)
    hand = ["2c", "As", "Ks", "Kd", "Kb"]
    state = game.deal(deck=hands_deck(game, {0: ["4c"], 1: hand}), seed=1)
    state.apply("4c")
    assert sorted(map(str, state.legal_actions())) == sorted(legal)
    hand_cards, trick = trionfi.cards(["2c", "As"]), trionfi.cards(["4c"])
    expected = ["2c"] if follow_on else ["2c", "As"]
    assert game.restriction(hand_cards, trick, None, game.strength) == expected
    if follow_on:
        before = state.to_record()
        with pytest.raises(trionfi.IllegalAction, match="follow suit"):
            state.apply("As")
        assert state.to_record() == before


def test_br16_follow_function_without_the_suit():
    game = trionfi.load("briscola", variant="briscolone", must_follow_suit=True)
    hand = trionfi.cards(["As", "Kd"])
    assert follow(hand, trionfi.cards(["4c"]), None, game.strength) == hand


# --- BR-17: cumulative targets and best-of matches -----------------------------------------------------------


def _fake_match(deal_points, sides=2, winners=None):
    finished = []
    for i, pts in enumerate(deal_points):
        w = winners[i] if winners is not None else None
        finished.append(SimpleNamespace(points=lambda p=pts: list(p), winners=lambda w=w: list(w)))
    return SimpleNamespace(finished=finished, game=SimpleNamespace(sides=[()] * sides))


@pytest.mark.parametrize(
    ("deals", "score", "decided"),
    [
        ([(70, 50)], [70, 50], False),
        ([(70, 50), (52, 68)], [122, 118], True),
        ([(60, 60), (60, 60)], [120, 120], False),
        ([(70, 50), (50, 70), (61, 59)], [181, 179], True),
        ([(70, 50), (50, 70), (60, 60)], [180, 180], False),
        ([(120, 0), (0, 120), (1, 119)], [121, 239], True),
    ],
)
def test_br17_target_121_decisions(deals, score, decided):
    policy = Target(121)
    match = _fake_match(deals)
    assert policy.score(match) == score
    assert policy.decided(match, score) is decided


def test_br17_first_to_120_decisions():
    policy = Target(120)
    assert policy.decided(None, [120, 0]) is True
    assert policy.decided(None, [119, 1]) is False
    assert policy.decided(None, [120, 120]) is False  # tie: another deal (B-7)
    assert policy.decided(None, [130, 170]) is True


def test_br17_match_policies_from_options():
    assert trionfi.load("briscola", variant="briscolone").match_policy() == Target(121)
    assert trionfi.load("briscola", variant="briscolone", target=151).match_policy() == Target(151)
    assert trionfi.load("briscola", target=120).match_policy() == Target(120)
    assert trionfi.load("briscola").match_policy() == BestOf(3)
    assert trionfi.load("briscola", best_of=5).match_policy() == BestOf(5)
    # "none", which the refusal of a bad target lists as allowed, was itself refused ("-o target=none").
    assert trionfi.load("briscola", target="none").match_policy() == BestOf(3)
    assert trionfi.load("briscola", variant="briscolone", target="None").match_policy() == Target(121)


def _play_match(match, rng):
    while not match.is_terminal():
        legal = match.legal_actions()
        cards = [a for a in legal if isinstance(a, trionfi.Card)]
        match.apply(rng.choice(cards or legal))


@pytest.mark.parametrize(
    ("options", "target"),
    [
        ({"variant": "briscolone"}, 121),
        ({"variant": "briscolone", "target": 151}, 151),
        ({"players": 2, "target": 120}, 120),
    ],
)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_br17_target_match_to_the_end(options, target, seed):
    game = trionfi.load("briscola", **options)
    match = game.match(seed=seed)
    _play_match(match, random.Random(seed))
    deals = match.finished
    assert len(deals) >= 2  # nobody reaches 121 in one deal of 120 points
    totals = [0, 0]
    for i, st in enumerate(deals):
        assert st.is_terminal() and sum(st.points()) == 120
        assert st.dealer == (1 + i) % 2  # the deal passes each time
        totals = [a + b for a, b in zip(totals, st.points(), strict=True)]
        over = max(totals) >= target and totals.count(max(totals)) == 1
        assert over is (i == len(deals) - 1)  # the match ends exactly when the target rule says so
    assert match.points() == totals
    w = 0 if totals[0] > totals[1] else 1
    assert match.winners() == [w]
    assert match.returns() == ([1.0, -1.0] if w == 0 else [-1.0, 1.0])
    with pytest.raises(trionfi.IllegalAction, match="match is over"):
        match.apply("Ad")
    again = trionfi.replay(match.to_record())
    assert again.is_terminal() and again.points() == totals


def test_best_of_three_drawn_deals_do_not_count():
    policy = BestOf(3)
    m = _fake_match([(60, 60), (70, 50), (60, 60), (50, 70)], winners=[[], [0], [], [1]])
    assert policy.score(m) == [1, 1]
    assert policy.decided(m, [1, 1]) is False
    m = _fake_match([(60, 60), (70, 50), (80, 40)], winners=[[], [0], [0]])
    assert policy.score(m) == [2, 0]
    assert policy.decided(m, [2, 0]) is True
    assert BestOf(5).decided(None, [2, 1]) is False
    assert BestOf(5).decided(None, [3, 1]) is True


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_best_of_three_match_to_the_end(seed):
    game = trionfi.load("briscola", players=2)
    match = game.match(seed=seed)
    _play_match(match, random.Random(seed))
    wins = [0, 0]
    for i, st in enumerate(match.finished):
        pts = st.points()
        if pts[0] != pts[1]:
            wins[0 if pts[0] > pts[1] else 1] += 1
        assert (max(wins) == 2) is (i == len(match.finished) - 1)
    assert match.points() == wins
    assert sorted(wins) in ([0, 2], [1, 2])


# --- BR-18, BR-19: Bosnian 32-card Briškula ------------------------------------------------------------------


def test_br18_bosnian_ranks_and_points():
    game = trionfi.load("briscola", variant="bosnian")
    assert len(game.deck) == 32
    assert sum(game.card_points.values()) == 120
    for c in game.deck:
        assert game.card_points[c] == POINTS_BOSNIAN.get(c.rank, 0)
    state = two_card_trick(game, "10s", "Ks", indicator="7h")
    assert state.tricks[0].winner == 0 and state.points() == [14, 0]
    state = two_card_trick(game, "9s", "Js", indicator="7h")
    assert state.tricks[0].winner == 1 and state.points() == [0, 2]
    assert ref_winner(["9s", "Js"], "h", ORDER_BOSNIAN) == 1


@pytest.mark.parametrize("seed", range(6))
def test_br19_bosnian_three_players_short_stock(seed):
    game = trionfi.load("briscola", variant="bosnian", players=3)
    deck = [str(c) for c in game.deck]
    random.Random(seed).shuffle(deck)
    state = game.deal(deck=deck, seed=seed)
    assert [len(state.hand(s)) for s in range(3)] == [3, 3, 3]
    assert state.indicator == deck[9]
    assert len(state.stock) == 23
    rng = random.Random(seed)
    for t in range(1, 8):
        assert sorted(state.trick_seats) == [0, 1, 2]
        play_random(state, rng, steps=3)
        assert [len(state.hand(s)) for s in range(3)] == [3, 3, 3], f"after trick {t}"
    assert len(state.stock) == 2
    play_random(state, rng, steps=3)  # trick 8
    w8 = state.tricks[7].winner
    second = (w8 + 1) % 3
    assert state.stock == []
    assert state.indicator_holder == second
    assert deck[9] in state.hand(second)
    assert len(state.hand(w8)) == 3 and len(state.hand(second)) == 3
    assert len(state.hand((w8 + 2) % 3)) == 2
    # Trick 9: only the two drawers, the winner of trick 8 leading.
    assert state.current_player == w8
    assert state.trick_seats == (w8, second)
    play_random(state, rng, steps=2)
    assert state.tricks[8].seats == (w8, second)
    assert state.tricks[8].leader == w8
    assert [len(state.hand(s)) for s in range(3)] == [2, 2, 2]
    for _ in range(2):  # tricks 10 and 11: everybody
        assert len(state.trick_seats) == 3 and state.trick_seats[0] == state.tricks[-1].winner
        play_random(state, rng, steps=3)
    assert state.is_terminal()
    assert len(state.tricks) == 11
    assert sum(len(t.cards) for t in state.tricks) == 32
    assert sum(state.points()) == 120


@pytest.mark.parametrize("players", range(2, 11))
def test_bosnian_each_plays_for_himself_by_default(players):
    # RULES.md §2.10: any number plays each for himself, four may play as partners: no teams unless asked for.
    game = trionfi.load("briscola", variant="bosnian", players=players)
    assert game.sides == tuple((s,) for s in range(players)) and not game.partnerships
    state = game.deal(seed=players)
    assert len(state.points()) == players


@pytest.mark.parametrize(("players", "sides"), [(4, ((0, 2), (1, 3))), (6, ((0, 2, 4), (1, 3, 5)))])
def test_bosnian_partnerships_when_asked_for(players, sides):
    game = trionfi.load("briscola", variant="bosnian", players=players, partnerships=True)
    assert game.sides == sides
    text = trionfi.load("briscola", variant="bosnian", players=players, partnerships="true")
    assert text.sides == sides


@pytest.mark.parametrize("players", [2, 3, 5, 7, 10])
def test_bosnian_partnerships_need_four_or_six(players):
    with pytest.raises(trionfi.OptionError, match="partnerships need 4 or 6 players"):
        trionfi.load("briscola", variant="bosnian", players=players, partnerships=True)


def test_standard_four_and_six_keep_their_partnerships():
    assert trionfi.load("briscola", players=4).sides == ((0, 2), (1, 3))
    assert trionfi.load("briscola", players=6).sides == ((0, 2, 4), (1, 3, 5))
    assert trionfi.load("briscola", variant="double", players=4).sides == ((0, 2), (1, 3))


# --- BR-20, BR-21: double Briškula ---------------------------------------------------------------------------


@pytest.mark.parametrize(("last", "winner", "points"), [("2d", 1, 11), ("Kc", 0, 15)])
def test_br20_double_trick_winner(last, winner, points):
    game = trionfi.load("briscola", variant="double", players=2)
    deck = hands_deck(game, {0: ["5c", "Ac"], 1: ["7c", last]}, {9: "4d"})
    state = game.deal(deck=deck, seed=1)
    assert state.trump == "d"
    assert state.trick_seats == (0, 1, 0, 1)
    play_cards(state, ["5c", "7c", "Ac"])
    assert not state.tricks
    state.apply(last, seat=1)
    trick = state.tricks[0]
    assert trick.cards == ("5c", "7c", "Ac", last)
    assert trick.winner == winner
    assert trick.points == points
    assert state.points()[winner] == points
    assert state.current_player == winner
    assert [len(state.hand(s)) for s in range(2)] == [4, 4]


@pytest.mark.parametrize(("players", "tricks", "rounds"), [(2, 10, 8), (4, 5, 3)])
def test_br21_double_counts(players, tricks, rounds):
    game = trionfi.load("briscola", variant="double", players=players)
    deck = _natural(game)
    state = game.deal(deck=deck, seed=1)
    assert [len(state.hand(s)) for s in range(players)] == [4] * players
    assert state.indicator == deck[4 * players]
    rng = random.Random(players)
    draws = []
    while not state.is_terminal():
        before = [state.hand(s) for s in range(players)]
        stock = len(state.stock)
        play_random(state, rng, steps=2 * len(set(state.trick_seats)))
        if stock:
            draws.append(stock - len(state.stock))
            if state.stock:
                assert all(len(state.hand(s)) == 4 for s in range(players))
            else:
                w = state.tricks[-1].winner
                last = (w + players - 1) % players  # the last drawer of the second lap
                assert state.indicator_holder == last
                gained = [c for c in state.hand(last) if c not in before[last]]
                assert gained[-1] == deck[4 * players]
    assert draws == [2 * players] * rounds
    assert len(state.tricks) == tricks
    assert all(len(t.cards) == 2 * players for t in state.tricks)
    assert sum(state.points()) == 120
    assert sorted(all_cards(state).elements()) == sorted(deck)


def test_deal_positions_helper_matches_engine():
    game = trionfi.load("briscola", players=3)
    deck = _natural(game)
    state = game.deal(deck=deck, seed=1)
    for s in range(3):
        assert state.hand(s) == [deck[p - 1] for p in deal_positions(game, s)]


@pytest.mark.parametrize("players", range(2, 11))
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_bosnian_short_stock_any_player_count(players, seed):
    game = trionfi.load("briscola", variant="bosnian", players=players)
    state = game.deal(seed=seed)
    stock = 32 - 3 * players  # face-down cards plus the indicator
    assert len(state.stock) == stock
    rng = random.Random(seed)
    short_tricks = 0
    while not state.is_terminal():
        seats = state.trick_seats
        lead = state.current_player
        assert seats[0] == lead
        if state.tricks:
            assert lead == state.tricks[-1].winner
        if len(seats) < players:
            # Only those who drew after the last trick play: the winner and the next ones in draw order.
            short_tricks += 1
            assert seats == tuple((lead + i) % players for i in range(len(seats)))
            assert len(seats) == stock % players
            assert all(len(state.hand(s)) == len(state.hand(lead)) for s in seats)
            assert all(len(state.hand(s)) == len(state.hand(lead)) - 1 for s in range(players) if s not in seats)
        play_random(state, rng, steps=len(seats))
        sizes = {len(state.hand(s)) for s in range(players)}
        if state.stock:
            assert sizes == {3}
    assert short_tricks == (1 if stock % players else 0)
    assert sum(state.points()) == 120
    assert sum(len(t.cards) for t in state.tricks) == 32


# --- the reduced pack, a research variant (not a traditional rule) ---------------------------------------------------
@pytest.mark.parametrize(
    ("options", "cards", "hand", "points"),
    [
        ({"ranks": 3}, "A 3 K of d c s b", 3, 100),
        ({"ranks": 2}, "A 3 of d c s b", 3, 84),
        ({"ranks": "A,3", "suits": 4}, "A 3 of d c s b", 3, 84),
        ({"ranks": ["k", "A", "3"], "suits": "c d", "hand_size": 2}, "A 3 K of d c", 2, 50),
        ({"ranks": 3, "suits": 2, "hand_size": "2"}, "A 3 K of d c", 2, 50),
        ({"ranks": 4, "deck": "french"}, "A 3 K Q of h d c s", 3, 112),
        ({"suits": 1, "hand_size": 1}, "A 3 K H J 7 6 5 4 2 of d", 1, 30),
        ({"hand_size": 2}, "A 3 K H J 7 6 5 4 2 of d c s b", 2, 120),
    ],
)
def test_research_reduced_pack(options, cards, hand, points):
    game = trionfi.load("briscola", **options)
    whole = trionfi.load("briscola", deck=options.get("deck", "italian"))
    ranks, _, suits = cards.partition(" of ")
    assert list(game.deck) == [c for c in whole.deck if c.rank in ranks.split() and c.suit in suits.split()]
    assert game.hand_size == hand and sum(game.card_points.values()) == points
    assert game.deck.description.endswith(f"only {cards}")
    # The cards kept keep their order and points; the rules of play are the standard ones, played to the end.
    for c in game.deck:
        assert game.card_points[c] == whole.card_points[c]
        assert all((game.strength[c] > game.strength[d]) == (whole.strength[c] > whole.strength[d]) for d in game.deck)
    for seed in range(3):
        state = game.deal(seed=seed)
        assert [len(state.hand(s)) for s in range(2)] == [hand, hand]
        assert len(state.stock) == len(game.deck) - 2 * hand and state.trump == state.indicator.suit
        play_random(state, random.Random(seed), steps=len(game.deck))
        assert state.is_terminal() and sum(state.points()) == points
        assert sum(len(t.cards) for t in state.tricks) == len(game.deck)
        mine, theirs = state.points()  # more points wins, whatever the pack's total
        assert state.returns() == ([0.0, 0.0] if mine == theirs else [1.0, -1.0] if mine > theirs else [-1.0, 1.0])


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"ranks": 11}, "ranks=11 is not allowed; allowed: a whole number from 1 to 10, a list of A 3 K H J 7"),
        ({"ranks": "A Z"}, "ranks='A Z' is not allowed; .* each at most once"),
        ({"ranks": "A A 3"}, "each at most once"),
        ({"ranks": True}, "ranks=True is not allowed"),
        ({"ranks": [1, 2]}, "ranks=\\[1, 2\\] is not allowed"),
        ({"suits": 5}, "suits=5 is not allowed; allowed: a whole number from 1 to 4, a list of d c s b"),
        ({"suits": "h"}, "suits='h' is not allowed"),  # a French suit in the Italian pack
        ({"hand_size": 4}, "hand_size=4 is not allowed; allowed: 1, 2 or 3 cards"),
        ({"hand_size": "two"}, "hand_size='two' is not allowed"),
        ({"hand_size": 0}, "hand_size=0 is not allowed; allowed: 1, 2 or 3 cards, or none"),
        ({"ranks": 0}, "ranks=0 is not allowed; allowed: a whole number from 1 to 10"),
        ({"suits": ""}, "suits='' is not allowed"),
        ({"ranks": 1}, "ranks=1 leaves 4 cards; 2 players with 3 cards in hand need an even number of cards, at"),
        ({"ranks": 3, "suits": 3}, "ranks=3 suits=3 leaves 9 cards; .* even number of cards, at least 8"),
        ({"ranks": 3, "suits": 2}, "leaves 6 cards; .* at least 8 .*ranks=3 suits=2 hand_size=2"),
        ({"ranks": 3, "players": 4}, "research variant of 2-player standard Briscola only, not of 4-player standard"),
        ({"suits": 2, "variant": "a31"}, "research variant of 2-player standard Briscola only, not of 2-player a31"),
        ({"hand_size": 2, "variant": "bosnian"}, "research variant of 2-player standard Briscola only"),
    ],
)
def test_research_reduced_pack_refuses_what_cannot_be_played(options, message):
    with pytest.raises(trionfi.OptionError, match=message):
        trionfi.load("briscola", **options)


def test_research_reduced_pack_is_the_whole_game_by_default():
    assert trionfi.load("briscola", ranks=None, suits="none", hand_size=None).deck == trionfi.load("briscola").deck
    four = trionfi.load("briscola", players=4, ranks="none", suits="None", hand_size="none")  # "none" is no pack
    assert len(four.deck) == 40 and four.hand_size == 3
    assert trionfi.load("briscola", ranks=10, suits=4).deck.name.startswith("italian40-")  # all kept, but named
