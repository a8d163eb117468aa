"""Trijumf (RULES.md §1): every test case TJ-01 … TJ-30 of RULES.md §6.1, the claim and the match, bad input.

The deal tables, trick winner and card points used here are written from RULES.md independently of the engine
(``REF_LAYOUT``, ``ref_winner``, ``ORDER``/``POINTS``), so a test that compares the engine with them can fail.
Positions are exact: stacked decks (the order after the cut) and, for the end-game cases, a small search that
plays filler cards until the position the case describes is on the table.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import pytest
from typer.testing import CliRunner

import trionfi
from trionfi import Card, IllegalAction, OptionError, cli
from trionfi.agents import make_agent
from trionfi.tricks import winning_index

CUT_OPTIONS = ("cut", "knock", "flip")
ORDER = ("A", "3", "K", "H", "J", "7", "6", "5", "4", "2")  # RULES.md §1.2, high to low
POINTS = {"A": 11, "3": 10, "K": 4, "H": 3, "J": 2}
PACK = [r + s for s in "dcsb" for r in ("A", "2", "3", "4", "5", "6", "7", "J", "H", "K")]


def span(first: int, last: int) -> list[int]:
    return list(range(first, last + 1))


# RULES.md §1.4: card numbers (1-based, top first, after the cut option) per seat counted from the dealer's
# left (2 players: ND, D; 4 players: L, O, R, D), and the trump indicator. In the 4-player cut and flip games
# the indicator also belongs to L: it is not repeated in L's list here.
REF_LAYOUT: dict[tuple[int, str], tuple[list[list[int]], int | None]] = {
    (2, "cut"): ([span(1, 5) + span(12, 16), span(6, 10) + span(17, 21)], 11),
    (2, "knock"): ([span(1, 10), span(11, 20)], 21),
    (2, "flip"): ([span(2, 6) + span(12, 16), span(7, 11) + span(17, 21)], 1),
    (4, "cut"): (
        [
            span(1, 5) + span(22, 25),
            span(6, 10) + span(26, 30),
            span(11, 15) + span(31, 35),
            span(16, 20) + span(36, 40),
        ],
        21,
    ),
    (4, "knock"): ([span(1, 10), span(11, 20), span(21, 30), span(31, 40)], None),
    (4, "flip"): (
        [
            span(2, 5) + span(21, 25),
            span(6, 10) + span(26, 30),
            span(11, 15) + span(31, 35),
            span(16, 20) + span(36, 40),
        ],
        1,
    ),
}
STOCK = span(22, 40)  # 2 players: the face-down stock, top first


def points_of(cards: Iterable[str]) -> int:
    return sum(POINTS.get(str(c)[:-1], 0) for c in cards)


def ref_winner(cards: Sequence[str], trump: str | None) -> int:
    """Index of the winning card (RULES.md §1.5): the highest trump, else the highest card of the suit led."""
    trumps = [i for i, c in enumerate(cards) if c[-1] == trump]
    pool = trumps or [i for i, c in enumerate(cards) if c[-1] == cards[0][-1]]
    return min(pool, key=lambda i: ORDER.index(cards[i][:-1]))


def names(cards: Iterable[Any]) -> set[str]:
    return {str(c) for c in cards}


def card_moves(state: Any) -> list[Card]:
    return [a for a in state.legal_actions() if isinstance(a, Card)]


def deck_for(
    n: int,
    option: str,
    hands: Mapping[int, Sequence[str]] | None = None,
    indicator: str | None = None,
    stock: Sequence[str] = (),
    dealer: int | None = None,
    rng: random.Random | None = None,
) -> list[str]:
    """A stacked deck (after the cut) giving ``hands[seat]`` (a prefix of the seat's cards), the trump indicator
    and the first stock cards (2 players); the other cards fill the rest in pack order, or shuffled by ``rng``."""
    dealer = n - 1 if dealer is None else dealer
    seat_positions, ind = REF_LAYOUT[n, option]
    placed: dict[int, str] = {}
    for seat, cards in (hands or {}).items():
        positions = seat_positions[(seat - dealer - 1) % n]
        assert len(cards) <= len(positions), f"seat {seat} gets {len(positions)} cards"
        placed.update(zip(positions, cards, strict=False))
    if indicator is not None:
        assert ind is not None
        placed[ind] = indicator
    placed.update(zip(STOCK, stock, strict=False))
    assert len(set(placed.values())) == len(placed), "a card placed twice"
    rest = [c for c in PACK if c not in placed.values()]
    if rng is not None:
        rng.shuffle(rest)
    fill = iter(rest)
    return [placed[p] if p in placed else next(fill) for p in range(1, 41)]


def deal(n: int, option: str, deck: list[str], dealer: int | None = None, **options: Any) -> Any:
    return trionfi.load("trijumf", players=n, cut_option=option, **options).deal(deck=deck, dealer=dealer)


def play(state: Any, *codes: str) -> None:
    for code in codes:
        state.apply(code, seat=state.current_player)


def play_out(state: Any, rng: random.Random, declare: bool = False) -> None:
    """Random legal cards to the end of the deal (declarations too when ``declare``; never a claim)."""
    while not state.is_terminal():
        legal = [a for a in state.legal_actions() if a != "claim"]
        if not declare:
            legal = [a for a in legal if isinstance(a, Card)]
        state.apply(rng.choice(legal))


def play_out_until(state: Any, seat: int) -> None:
    """Play the first legal card for each seat until ``seat`` is to act."""
    while state.current_player != seat:
        state.apply(card_moves(state)[0])


def reach(
    state: Any,
    goal: Callable[[Any], bool],
    keep: Mapping[int, Iterable[str]],
    declare: Iterable[str] = (),
    rng: random.Random | None = None,
    budget: int = 3000,
) -> Any | None:
    """Depth-first search for a line of legal play from ``state`` to a position where ``goal`` holds: seats
    never play their ``keep`` cards, and make the ``declare`` declarations as soon as they may."""
    rng = rng or random.Random(0)
    keep = {s: set(k) for s, k in keep.items()}
    wanted = set(declare)
    nodes = 0

    def moves(st: Any) -> list[Any]:
        legal = st.legal_actions()
        decl = [a for a in legal if str(a) in wanted]
        if decl:
            return decl[:1]
        cards = [c for c in legal if isinstance(c, Card) and str(c) not in keep.get(st.current_player, ())]
        rng.shuffle(cards)
        return cards

    def go(st: Any) -> Any | None:
        nonlocal nodes
        nodes += 1
        if goal(st):
            return st
        if nodes > budget or st.is_terminal():
            return None
        for m in moves(st):
            child = st.clone()
            child.apply(m)
            found = go(child)
            if found is not None:
                return found
        return None

    return go(state)


def find_position(
    n: int,
    option: str,
    hands: Mapping[int, Sequence[str]],
    goal: Callable[[Any], bool],
    indicator: str | None = None,
    declare: Iterable[str] = (),
    tries: int = 60,
    **options: Any,
) -> Any:
    """A deal (the other cards shuffled, trial by trial) and a line of play reaching ``goal``; ``hands`` are
    kept to the end."""
    for trial in range(tries):
        rng = random.Random(trial)
        state = deal(n, option, deck_for(n, option, hands, indicator, rng=rng), **options)
        found = reach(state, goal, hands, declare, rng)
        if found is not None:
            return found
    raise AssertionError("no line of play reaches the position")


def trick_start(leader: int, exact: Mapping[int, set[str]], void: Mapping[int, str] | None = None) -> Callable:
    """Goal: an empty trick, ``leader`` to lead, the hands of ``exact`` exactly those cards, ``void`` suits."""

    def goal(st: Any) -> bool:
        return (
            not st.trick
            and st.current_player == leader
            and all(names(st.hand(s)) == cards for s, cards in exact.items())
            and all(not any(c.suit == suit for c in st.hand(s)) for s, suit in (void or {}).items())
        )

    return goal


# --- TJ-01, TJ-02: card points ------------------------------------------------------------------------------
def test_tj01_pile_is_worth_30():
    game = trionfi.load("trijumf")
    pile = ["Ad", "3s", "Kc", "Hb", "Jd", "7c", "2s"]
    assert sum(game.card_points[trionfi.card(c)] for c in pile) == 30 == points_of(pile)


def test_rank_order_and_points_in_every_suit():
    game = trionfi.load("trijumf")
    for suit in "dcsb":
        by_strength = sorted((trionfi.card(r + suit) for r in ORDER), key=lambda c: -game.strength[c])
        assert [c.rank for c in by_strength] == list(ORDER)
        assert sum(game.card_points[trionfi.card(r + suit)] for r in ORDER) == 30


@pytest.mark.parametrize("n", [2, 4])
@pytest.mark.parametrize("option", CUT_OPTIONS)
def test_tj02_pack_is_120_and_a_deal_without_declarations_130(n, option):
    game = trionfi.load("trijumf", players=n, cut_option=option)
    assert sorted(map(str, game.deck)) == sorted(PACK)
    assert sum(game.card_points.values()) == 120 == points_of(PACK)
    for seed in range(4):
        state = game.deal(seed=seed)
        play_out(state, random.Random(seed))
        assert not state.declarations
        assert sum(state.points()) == 130
        assert len(state.tricks) == 40 // n


# --- TJ-03, TJ-04: the trick winner ------------------------------------------------------------------------
def test_tj03_ace_beats_three_beats_king():
    strength = trionfi.load("trijumf").strength
    trick = [trionfi.card(c) for c in ("3c", "Kc", "Ac", "2c")]
    assert winning_index(trick, "b", strength) == 2
    # The same trick played in a 4-player deal with batons trumps: R (seat 2) plays the ace and wins.
    state = deal(4, "cut", deck_for(4, "cut", {0: ["3c"], 1: ["Kc"], 2: ["Ac"], 3: ["2c"]}, indicator="2b"))
    assert state.trump == "b"
    play(state, "3c", "Kc", "Ac", "2c")
    assert state.tricks[0].winner == 2
    assert state.points() == [10 + 4 + 11, 0]


def test_tj04_a_trump_beats_the_suit_led_and_a_higher_trump_beats_it():
    strength = trionfi.load("trijumf").strength
    assert winning_index([trionfi.card(c) for c in ("7c", "Ac", "2b")], "b", strength) == 2
    assert winning_index([trionfi.card(c) for c in ("7c", "2b", "Kb")], "b", strength) == 2
    # Played: O and R have no clubs, so they must trump; D follows with a small club.
    hands = {0: ["7c", "Ad", "3d"], 1: ["Ac", "2d", "4d"], 2: ["2b", "Kb"] + [f"{r}s" for r in "A34567JH"]}
    deck = deck_for(4, "cut", hands | {3: ["4c", "5c"]}, indicator="5b")
    first = deal(4, "cut", deck)
    assert not any(c.suit == "c" for c in first.hand(2))
    play(first, "7c", "Ac")
    assert names(card_moves(first)) == {"2b", "Kb"}  # R must trump
    play(first, "2b", "4c")
    assert first.tricks[0].winner == 2
    # Lead 7c, 2b, Kb: with O void in clubs too.
    hands = {
        0: ["7c", "Ad", "3d"],
        1: ["2b", "2d", "4d", "Hd", "Kd", "7s", "6s", "5s", "4s", "3s"],
        2: ["Kb", "5d", "6d", "7d", "Jd", "Js", "Hs", "Ks", "As", "2s"],
        3: ["4c", "5c"],
    }
    second = deal(4, "cut", deck_for(4, "cut", hands, indicator="5b"))
    play(second, "7c", "2b", "Kb", "4c")
    assert second.tricks[0].winner == 2
    assert [ref_winner(["7c", "Ac", "2b"], "b"), ref_winner(["7c", "2b", "Kb"], "b")] == [2, 2]


# --- TJ-05 … TJ-10: which cards may be played (exact end-game hands, trumps coins) --------------------------
def test_tj05_follow_suit_when_able():
    me = {"2c", "5c", "Ad", "4s"}
    state = find_position(4, "cut", {0: ["7c"], 1: sorted(me)}, trick_start(0, {1: me}), indicator="6d")
    assert state.trump == "d"
    play(state, "7c")
    assert names(card_moves(state)) == {"2c", "5c"}


def test_tj06_trump_when_void_in_the_suit_led():
    me = {"Ad", "4s", "Ks"}
    state = find_position(4, "cut", {0: ["7c"], 1: sorted(me)}, trick_start(0, {1: me}), indicator="6d")
    play(state, "7c")
    assert names(card_moves(state)) == {"Ad"}


def test_tj07_neither_suit_nor_trump_any_card_and_it_cannot_win():
    me = {"4s", "Ks"}
    state = find_position(4, "cut", {0: ["7c"], 1: sorted(me)}, trick_start(0, {1: me}), indicator="6d")
    play(state, "7c")
    assert names(card_moves(state)) == me
    for choice in sorted(me):
        line = state.clone()
        play(line, choice)
        play_out(line, random.Random(1))
        assert line.tricks[-2].cards[1] == choice
        assert line.tricks[-2].winner != 1  # a card of neither the suit led nor trumps never wins


def test_tj08_no_duty_to_beat():
    me = {"3c", "2c", "Ks"}
    state = find_position(4, "cut", {0: ["Ac"], 1: sorted(me)}, trick_start(0, {1: me}), indicator="6d")
    play(state, "Ac")
    assert names(card_moves(state)) == {"3c", "2c"}


def test_tj09_no_exemption_when_partner_is_winning():
    me = {"2d", "Ks"}
    hands = {0: ["5c"], 1: ["Ac"], 2: ["4c"], 3: sorted(me)}
    state = find_position(4, "cut", hands, trick_start(0, {3: me}), indicator="6d")
    play(state, "5c", "Ac", "4c")
    assert state.current_player == 3
    assert winning_index(list(state.trick), state.trump, state.game.strength) == 1  # my partner, seat 1
    assert names(card_moves(state)) == {"2d"}


def test_tj10_no_duty_to_over_trump():
    me = {"2d", "Ad"}
    hands = {0: ["7c"], 1: ["Kd"], 2: sorted(me)}
    state = find_position(4, "cut", hands, trick_start(0, {2: me}, void={1: "c"}), indicator="6d")
    play(state, "7c", "Kd")
    assert names(card_moves(state)) == {"2d", "Ad"}


# --- TJ-11 … TJ-16: the deal after each cut option ----------------------------------------------------------
def _check_layout(state: Any, n: int, option: str, dealer: int) -> None:
    seat_positions, ind = REF_LAYOUT[n, option]
    deck = PACK
    left = (dealer + 1) % n
    for i, positions in enumerate(seat_positions):
        seat = (left + i) % n
        expected = {deck[p - 1] for p in positions}
        if n == 4 and ind is not None and seat == left:
            expected.add(deck[ind - 1])
        assert names(state.hand(seat)) == expected, (option, seat)
    assert state.trump == (deck[ind - 1][-1] if ind else None)
    assert state.current_player == left  # the dealer's left leads
    if n == 2:
        obs = state.observation(left)
        assert obs["indicator"] == deck[ind - 1]
        assert obs["stock"] == 20  # 19 face-down cards and the indicator under them
        face_down = set(deck) - names(state.hand(0)) - names(state.hand(1)) - {deck[ind - 1]}
        assert face_down == {deck[p - 1] for p in STOCK}


LAYOUT_CASES = [
    ("tj11", 2, "cut"),
    ("tj12", 2, "knock"),
    ("tj13", 2, "flip"),
    ("tj14", 4, "cut"),
    ("tj15", 4, "knock"),
    ("tj16", 4, "flip"),
]


@pytest.mark.parametrize("chosen", [False, True], ids=["forced", "cutter-chooses"])
@pytest.mark.parametrize(("case", "n", "option"), LAYOUT_CASES, ids=[c[0] for c in LAYOUT_CASES])
def test_tj11_to_tj16_deal_layouts(case, n, option, chosen):
    if chosen:
        state = trionfi.load("trijumf", players=n).deal(deck=PACK)
        assert state.phase == "cut" and state.current_player == n - 2
        state.apply(option, seat=n - 2)
    else:
        state = deal(n, option, PACK)
    _check_layout(state, n, option, n - 1)


def test_tj11_two_player_cut_layout():
    state = deal(2, "cut", PACK)
    assert names(state.hand(0)) == {PACK[p - 1] for p in span(1, 5) + span(12, 16)}
    assert names(state.hand(1)) == {PACK[p - 1] for p in span(6, 10) + span(17, 21)}
    assert state.observation(0)["indicator"] == PACK[10] and state.trump == PACK[10][-1]


def test_tj12_two_player_knock_layout():
    state = deal(2, "knock", PACK)
    assert names(state.hand(0)) == set(PACK[0:10]) and names(state.hand(1)) == set(PACK[10:20])
    assert state.observation(1)["indicator"] == PACK[20] and state.trump == PACK[20][-1]


def test_tj13_two_player_flip_layout():
    state = deal(2, "flip", PACK)
    assert state.observation(0)["indicator"] == PACK[0] and state.trump == PACK[0][-1]
    assert names(state.hand(0)) == set(PACK[1:6] + PACK[11:16])
    assert names(state.hand(1)) == set(PACK[6:11] + PACK[16:21])


def test_tj14_four_player_cut_layout_and_public_indicator():
    state = deal(4, "cut", PACK)
    assert names(state.hand(0)) == set(PACK[0:5] + PACK[20:25])
    assert names(state.hand(1)) == set(PACK[5:10] + PACK[25:30])
    assert names(state.hand(2)) == set(PACK[10:15] + PACK[30:35])
    assert names(state.hand(3)) == set(PACK[15:20] + PACK[35:40])
    assert state.trump == PACK[20][-1]
    for seat in range(4):
        obs = state.observation(seat)
        assert obs["indicator"] == PACK[20] and obs["trump"] == PACK[20][-1]
        if seat != 0:
            assert obs["known_cards"] == {"0": [PACK[20]]}


def test_tj15_four_player_knock_layout_without_trumps():
    state = deal(4, "knock", PACK)
    for seat in range(4):
        assert names(state.hand(seat)) == set(PACK[10 * seat : 10 * seat + 10])
        assert state.observation(seat)["known_cards"] == {}
        assert state.observation(seat)["indicator"] is None
    assert state.trump is None


def test_tj16_four_player_flip_layout():
    state = deal(4, "flip", PACK)
    assert names(state.hand(0)) == set(PACK[0:5] + PACK[20:25])
    assert names(state.hand(1)) == set(PACK[5:10] + PACK[25:30])
    assert names(state.hand(2)) == set(PACK[10:15] + PACK[30:35])
    assert names(state.hand(3)) == set(PACK[15:20] + PACK[35:40])
    assert state.trump == PACK[0][-1]
    assert state.observation(2)["known_cards"] == {"0": [PACK[0]]}


@pytest.mark.parametrize("n", [2, 4])
@pytest.mark.parametrize("option", CUT_OPTIONS)
def test_layouts_count_from_any_dealers_left(n, option):
    for dealer in range(n):
        _check_layout(deal(n, option, PACK, dealer=dealer), n, option, dealer)


def test_options_and_defaults_of_rules_section_7():
    opts = trionfi.load("trijumf").options
    assert opts["players"] == 4 and opts["cut_option"] is None
    assert opts["target"] == 401 and opts["end_of_deal_target_check"] is True
    assert opts["enforce_legal_moves"] is True and opts["revoke_keeps_innocent_declarations"] is True


def test_flip4_packet_order_switch_exists():
    game = trionfi.load("trijumf", flip4_packet_order="L4,O5,R5,D5,L5,O5,R5,D5")
    assert game.options["flip4_packet_order"] == "L4,O5,R5,D5,L5,O5,R5,D5"
    with pytest.raises(trionfi.OptionError, match="L4,O5,R5,D5,L5,O5,R5,D5"):
        trionfi.load("trijumf", flip4_packet_order="L5,O5,R5,D5")


# --- TJ-17: the two-player draw cycle -----------------------------------------------------------------------
@pytest.mark.parametrize("option", CUT_OPTIONS)
def test_tj17_two_player_draw_cycle(option):
    state = deal(2, option, PACK)
    ind = PACK[REF_LAYOUT[2, option][1] - 1]
    rng = random.Random(17)
    for k in range(1, 21):
        before = [names(state.hand(s)) for s in (0, 1)]
        stock_before = state.observation(0)["stock"]
        for _ in range(2):
            state.apply(rng.choice(card_moves(state)))
        assert len(state.tricks) == k
        winner = state.tricks[-1].winner
        loser = 1 - winner
        played = names(state.tricks[-1].cards)
        gained = [names(state.hand(s)) - (before[s] - played) for s in (0, 1)]
        if k <= 9:
            assert gained[winner] == {PACK[STOCK[2 * k - 2] - 1]}  # the winner draws first
            assert gained[loser] == {PACK[STOCK[2 * k - 1] - 1]}
            assert state.observation(0)["stock"] == stock_before - 2
        elif k == 10:
            assert gained[winner] == {PACK[39]}  # card 40, the last face-down card
            assert gained[loser] == {ind}  # the loser takes the indicator
            assert state.observation(0)["stock"] == 0 and state.observation(0)["indicator"] is None
        else:
            assert gained == [set(), set()]
        for s in (0, 1):
            if gained[s]:
                known = state.observation(1 - s)["known_cards"]
                assert gained[s] <= set(known[str(s)])  # every drawn card is shown to the opponent
        if k < 20:
            assert len(state.hand(0)) == len(state.hand(1)) == (10 if k <= 10 else 20 - k)
    assert state.is_terminal() and len(state.tricks) == 20
    assert sum(state.points()) == 130


# --- TJ-18 … TJ-23: declarations ----------------------------------------------------------------------------
def test_tj18_four_players_two_pairs_score_60():
    state = deal(4, "cut", deck_for(4, "cut", {0: ["5d"], 1: ["Kb", "Hb", "Kc", "Hc", "6d"]}, indicator="2b"))
    assert state.trump == "b"
    play(state, "5d")
    assert {"declare Kb+Hb", "declare Kc+Hc"} <= set(state.legal_actions())
    state.apply("declare Kb+Hb", seat=1)
    state.apply("declare Kc+Hc", seat=1)
    assert [d.value for d in state.declarations] == [40, 20]
    assert state.points() == [0, 60]
    assert not [a for a in state.legal_actions() if a.startswith("declare")]
    play(state, "6d")
    play_out(state, random.Random(18))
    assert sum(state.points()) == 130 + 60


def test_tj19_all_four_pairs_score_100():
    pairs = ["Kd", "Hd", "Kc", "Hc", "Ks", "Hs", "Kb", "Hb"]
    state = deal(4, "cut", deck_for(4, "cut", {2: [*pairs, "2d", "3d"]}, indicator="2c"))
    assert state.trump == "c"
    play_out_until(state, 2)
    for suit in "dcsb":
        state.apply(f"declare K{suit}+H{suit}", seat=2)
    assert sorted(d.value for d in state.declarations) == [20, 20, 20, 40]
    assert state.points()[0] == 100
    play_out(state, random.Random(19))
    assert sum(state.points()) == 230


def test_tj20_two_players_one_pair_only():
    deck = deck_for(2, "knock", {0: ["Ks", "Hs", "Kd", "Hd"], 1: ["Kc", "Hc"]}, indicator="2s")
    state = deal(2, "knock", deck)
    assert state.trump == "s"
    assert {"declare Ks+Hs", "declare Kd+Hd"} <= set(state.legal_actions())
    state.apply("declare Ks+Hs", seat=0)
    assert state.points() == [40, 0]
    before = state.to_record()
    # The refusal says why, not only "'declare Kd+Hd' is not an action seat 0 may take now".
    with pytest.raises(IllegalAction, match=r"declare Kd\+Hd.*each player declares one pair at most"):
        state.apply("declare Kd+Hd", seat=0)
    assert state.to_record() == before
    assert not [a for a in state.legal_actions() if a.startswith("declare")]
    play(state, "Ks")
    # The other player may declare his own pair: both players score.
    state.apply("declare Kc+Hc", seat=1)
    assert state.points() == [40, 20]


def test_tj21_pair_completed_by_a_drawn_card_cannot_be_declared():
    # ND holds Kc and leads the ace of trumps, wins trick 1 and draws Hc (card 22).
    deck = deck_for(2, "knock", {0: ["Kc", "Ab"]}, indicator="2b", stock=["Hc"])
    state = deal(2, "knock", deck)
    assert not [a for a in state.legal_actions() if a.startswith("declare")]
    play(state, "Ab")
    play(state, card_moves(state)[0])
    assert state.tricks[0].winner == 0 and {"Kc", "Hc"} <= names(state.hand(0))
    assert state.current_player == 0
    assert not [a for a in state.legal_actions() if a.startswith("declare")]
    with pytest.raises(IllegalAction, match="declared only in the first trick"):
        state.apply("declare Kc+Hc", seat=0)
    play_out(state, random.Random(21), declare=True)
    assert not [d for d in state.declarations if d.seat == 0]
    assert sum(state.points()) == 130 + sum(d.value for d in state.declarations)


TJ22_HANDS = {
    0: ["Ks", "Hs", "4c", "6s", "7s", "2s", "Js", "Ad", "3d", "4d"],  # L: void in batons
    1: ["2d", "5d", "6d", "7d", "Jd", "3s", "4s", "5s", "As", "2b"],  # O: void in cups, holds spades
    2: ["Kd", "Hd", "Kc", "Ac", "2c", "5c", "6c", "7c", "Jc", "Hc"],  # R
    3: ["3c", "Ab", "3b", "Kb", "Hb", "Jb", "7b", "6b", "5b", "4b"],  # D
}


def test_tj22_four_player_knock_first_pair_makes_trumps_from_trick_2():
    state = deal(4, "knock", deck_for(4, "knock", TJ22_HANDS))
    assert all(names(state.hand(s)) == set(TJ22_HANDS[s]) for s in range(4))
    state.apply("declare Ks+Hs", seat=0)
    assert state.trump is None  # trick 1 is played without trumps
    play(state, "4c")
    assert names(card_moves(state)) == set(TJ22_HANDS[1])  # void in cups, no trumps yet: any card
    play(state, "2d")
    state.apply("declare Kd+Hd", seat=2)
    play(state, "Kc", "3c")
    assert state.tricks[0].winner == 3  # 3c beats Kc; no trumps yet
    assert [(d.seat, d.suit, d.value) for d in state.declarations] == [(0, "s", 40), (2, "d", 20)]
    assert state.points() == [60, 10 + 4]
    assert state.trump == "s"
    assert all(state.observation(s)["trump"] == "s" for s in range(4))
    play(state, "Ab")  # D leads batons: L has none and must play a spade, O must follow
    assert names(card_moves(state)) == {"Ks", "Hs", "6s", "7s", "2s", "Js"}
    play(state, "2s")
    assert names(card_moves(state)) == {"2b"}
    play(state, "2b")
    play(state, card_moves(state)[0])
    assert state.tricks[1].winner == 0  # the small trump takes the ace


def test_knock_one_player_declaring_two_pairs_names_the_trumps_by_order():
    hands = {0: ["Kb", "Hb", "Kd", "Hd"]}
    state = deal(4, "knock", deck_for(4, "knock", hands))
    state.apply("declare Kd+Hd", seat=0)
    state.apply("declare Kb+Hb", seat=0)
    assert [(d.suit, d.value) for d in state.declarations] == [("d", 40), ("b", 20)]
    play_out(state, random.Random(6))
    assert state.trump == "d"


def test_four_player_left_may_use_the_indicator_in_a_pair():
    # RULES.md T-7: in the 4-player cut game the indicator (card 21) belongs to L's hand.
    state = deal(4, "cut", deck_for(4, "cut", {0: ["Hc"]}, indicator="Kc"))
    assert "declare Kc+Hc" in state.legal_actions()
    state.apply("declare Kc+Hc", seat=0)
    assert state.points() == [40, 0]  # the trump pair


def test_two_player_indicator_is_in_no_hand_for_a_pair():
    state = deal(2, "knock", deck_for(2, "knock", {0: ["Kd"]}, indicator="Hd"))
    assert not [a for a in state.legal_actions() if a.startswith("declare")]
    with pytest.raises(IllegalAction):
        state.apply("declare Kd+Hd", seat=0)


def test_tj23_four_player_knock_without_declarations_has_no_trumps():
    hands = {
        0: ["5c", "Ac", "3c", "Kc", "Hc", "Jc", "3d", "Kd", "Hd", "Jd"],
        1: ["Ad", "2d", "4d", "5d", "6d", "7d", "As", "2s", "3s", "4s"],
        2: ["2c", "4c", "6c", "7c", "5s", "6s", "Js", "Hs", "Ks", "Ab"],
        3: ["7s", "2b", "3b", "4b", "5b", "6b", "7b", "Jb", "Hb", "Kb"],
    }
    state = deal(4, "knock", deck_for(4, "knock", hands))
    play(state, "5c")
    assert names(card_moves(state)) == set(hands[1])  # void in cups: any card
    play(state, "Ad", "2c")
    assert names(card_moves(state)) == set(hands[3])
    play(state, "7s")
    assert state.tricks[0].winner == 0  # 5c, the highest cup
    play_out(state, random.Random(23))
    assert state.trump is None
    for t in state.tricks:
        assert t.seats[ref_winner([str(c) for c in t.cards], None)] == t.winner
    assert sum(state.points()) == 130


# --- TJ-24: ultima ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 4])
@pytest.mark.parametrize("option", CUT_OPTIONS)
def test_tj24_ultima_to_the_winner_of_the_last_trick(n, option):
    game = trionfi.load("trijumf", players=n, cut_option=option)
    for seed in range(3):
        state = game.deal(seed=seed)
        play_out(state, random.Random(seed), declare=True)
        assert len(state.tricks) == 40 // n
        last = game.side_of[state.tricks[-1].winner]
        for side in (0, 1):
            cards = points_of(str(c) for t in state.tricks if game.side_of[t.winner] == side for c in t.cards)
            declared = sum(d.value for d in state.declarations if game.side_of[d.seat] == side)
            assert state.points()[side] == cards + declared + (10 if side == last else 0)


# --- TJ-25: penalty mode ------------------------------------------------------------------------------------
def _revoke_position(**options: Any) -> Any:
    """4 players, trumps batons; both sides declare in trick 1; at trick 4 side A (seat 0) leads a cup and
    seat 1 (side B) holds a cup and a coin."""
    hands = {0: ["Kd", "Hd", "5c"], 1: ["Ks", "Hs", "4c", "7d"]}
    goal = trick_start(0, {})

    def at_trick_4(st: Any) -> bool:
        return len(st.tricks) == 3 and goal(st)

    return find_position(
        4, "cut", hands, at_trick_4, indicator="2b", declare=["declare Kd+Hd", "declare Ks+Hs"], **options
    )


def test_tj25_penalty_mode_revoke_ends_the_deal_with_130():
    state = _revoke_position(enforce_legal_moves=False)
    assert [(d.seat, d.value) for d in state.declarations] == [(0, 20), (1, 20)]
    play(state, "5c")
    assert "4c" in state.hand(1) and "7d" not in card_moves(state)
    play(state, "7d")  # a coin to a cup lead while holding a cup
    assert state.is_terminal() and state.current_player is None and state.legal_actions() == []
    assert state.points() == [130 + 20, 0]  # side B forfeits its declaration too
    assert state.winners() == [0]
    assert state.returns() == [1.0, -1.0, 1.0, -1.0]
    assert len(state.tricks) == 3
    copy = trionfi.replay(state.to_record())
    assert copy.points() == [150, 0] and copy.is_terminal()


def test_tj25_penalty_without_innocent_declarations():
    state = _revoke_position(enforce_legal_moves=False, revoke_keeps_innocent_declarations=False)
    play(state, "5c", "7d")
    assert state.points() == [130, 0]


def test_tj25_default_refuses_the_revoke():
    state = _revoke_position()
    play(state, "5c")
    before = state.to_record()
    with pytest.raises(IllegalAction, match="must follow suit"):
        state.apply("7d")
    assert state.to_record() == before


def test_penalty_for_not_trumping_two_players():
    # ND leads a cup; D has no cups but a trump (batons) and discards a coin instead.
    deck = deck_for(2, "knock", {0: ["Ac"], 1: ["Ad", "3b", *[f"{r}s" for r in "A234567J"]]}, indicator="2b")
    state = deal(2, "knock", deck, enforce_legal_moves=False)
    play(state, "Ac")
    assert names(card_moves(state)) == {"3b"}
    play(state, "Ad")
    assert state.is_terminal() and state.points() == [130, 0]


# --- TJ-26 … TJ-28: the claim -------------------------------------------------------------------------------
def _claim_41(carried: list[int]) -> Any:
    """4 players, trumps batons, running totals ``carried``: side A (seats 0, 2) declares Kc+Hc (20) and wins
    two tricks worth 27 + 14 = 41 card points; seat 0 is to lead trick 3."""
    hands = {0: ["Kc", "Hc", "Ad", "As", "Ab"], 1: ["3d", "2s"], 2: ["Kd", "4s"], 3: ["Jd", "Hs"]}
    state = deal(4, "cut", deck_for(4, "cut", hands, indicator="2b"))
    state.enter_match(carried)
    state.apply("declare Kc+Hc", seat=0)
    play(state, "Ad", "3d", "Kd", "Jd")  # 11 + 10 + 4 + 2 = 27
    play(state, "As", "2s", "4s", "Hs")  # 11 + 3 = 14
    assert [t.winner for t in state.tricks] == [0, 0]
    assert state.current_player == 0
    return state


def test_tj26_right_claim_wins_the_game():
    state = _claim_41([350, 390])
    assert state.observation(0)["claim_points"][0] == 350 + 41 + 20
    state.apply("claim", seat=0)
    assert state.is_terminal()
    assert state.match_verdict() == [0] and state.winners() == [0]
    assert state.returns() == [1.0, -1.0, 1.0, -1.0]
    assert state.observation(1)["claim"][:2] == [0, True]  # (seat, right), as Briscola a 31 shows it
    assert "411" in state.observation(1)["table"]["Claim"]


def test_tj26_either_partner_may_claim_for_the_side():
    state = _claim_41([350, 0])
    play_out_until(state, 2)  # seats 0 and 1 play to trick 3
    assert len(state.trick) == 2
    state.apply("claim", seat=2)
    assert state.match_verdict() == [0]


def test_tj27_wrong_claim_loses_the_game():
    hands = {0: ["Ad", "Ks"], 1: ["3d", "Hs"], 2: ["2d", "Js"], 3: ["4d", "2s"]}
    state = deal(4, "cut", deck_for(4, "cut", hands, indicator="2b"))
    state.enter_match([350, 100])
    play(state, "Ad", "3d", "2d", "4d")  # 21
    play(state, "Ks", "Hs", "Js", "2s")  # 9
    assert state.points() == [30, 0] and state.current_player == 0
    state.apply("claim", seat=0)
    assert state.observation(0)["claim"][:2] == [0, False]
    assert "380" in state.observation(0)["table"]["Claim"]
    assert state.match_verdict() == [1] and state.winners() == [1]
    assert state.returns() == [-1.0, 1.0, -1.0, 1.0]


def test_tj28_cards_on_the_table_do_not_count_for_a_claim():
    state = _claim_41([330, 0])  # 330 + 41 + 20 = 391
    play(state, "Ab")  # 11 points on the table
    play(state, card_moves(state)[0])
    assert state.current_player == 2 and len(state.trick) == 2
    assert state.observation(2)["claim_points"][0] == 391
    state.apply("claim", seat=2)
    assert state.observation(0)["claim"][:2] == [2, False]
    assert "391" in state.observation(0)["table"]["Claim"]
    assert state.match_verdict() == [1]


def test_claim_when_cutting_counts_the_earlier_deals():
    state = trionfi.load("trijumf", players=2).deal(deck=PACK)
    state.enter_match([401, 0])
    assert state.phase == "cut" and "claim" in state.legal_actions()
    state.apply("claim", seat=0)
    assert state.match_verdict() == [0]


def test_claim_never_counts_the_ultima_before_the_last_trick():
    # Two players: play to the last trick; before it is complete, only the completed tricks count.
    state = deal(2, "knock", PACK)
    state.enter_match([0, 0])
    rng = random.Random(5)
    while len(state.tricks) < 19:
        state.apply(rng.choice(card_moves(state)))
    side = state.current_player
    counted = points_of(str(c) for t in state.tricks if t.winner == side for c in t.cards)
    assert state.observation(side)["claim_points"][side] == counted
    state.apply("claim")
    assert f"claimed {counted}:" in state.observation(0)["table"]["Claim"]


# --- TJ-29, TJ-30: the match --------------------------------------------------------------------------------
def play_deal(match: Any, rng: random.Random, declare: bool = False) -> None:
    """Finish the match's current deal with random legal play (a random cut, no claim)."""
    deals = len(match.finished)
    while not match.is_terminal() and len(match.finished) == deals:
        legal = [a for a in match.legal_actions() if a != "claim"]
        if not declare:
            legal = [a for a in legal if isinstance(a, Card) or a in CUT_OPTIONS] or legal
        match.apply(rng.choice(legal))


@pytest.mark.parametrize("n", [2, 4])
def test_tj29_rotation_cutter_leader_and_next_dealer(n):
    match = trionfi.load("trijumf", players=n).match(seed=29)
    rng = random.Random(29)
    for k in range(4):  # without declarations a side has at most 390 after three deals
        dealer = (n - 1 + k) % n
        assert match.state.dealer == dealer
        assert match.state.phase == "cut" and match.current_player == (dealer - 1) % n
        assert match.observation(0)["cutter"] == (dealer - 1) % n
        match.apply(CUT_OPTIONS[k % 3])
        assert match.current_player == (dealer + 1) % n
        play_deal(match, rng)
        assert len(match.finished) == k + 1
        assert match.finished[-1].tricks[0].leader == (dealer + 1) % n


def test_tj30_end_of_deal_check():
    policy = trionfi.load("trijumf").match_policy()
    assert policy.decided(None, [405, 390])
    assert policy.decided(None, [420, 410])
    assert not policy.decided(None, [405, 405])
    assert not policy.decided(None, [400, 380])
    assert policy.decided(None, [390, 401])
    assert not trionfi.load("trijumf", end_of_deal_target_check=False).match_policy().decided(None, [420, 410])


@pytest.mark.parametrize("n", [2, 4])
def test_tj30_a_played_match_ends_by_the_check(n):
    match = trionfi.load("trijumf", players=n).match(seed=30 + n)
    rng = random.Random(n)
    totals = [0, 0]
    while not match.is_terminal():
        play_deal(match, rng, declare=True)
        totals = [a + b for a, b in zip(totals, match.finished[-1].points(), strict=True)]
        assert match.points() == totals
        top = max(totals)
        assert match.is_terminal() == (top >= 401 and totals.count(top) == 1)
        if not match.is_terminal():
            assert match.state.carried == totals  # a claim in the next deal counts the earlier deals
            assert match.observation(0)["carried"] == totals == match.observation(0)["match"]["score"]
            assert "Totals of earlier deals" not in match.observation(0)["table"]  # said once, as the match's
    assert match.winners() == [totals.index(max(totals))]


def test_tj30_equal_totals_over_the_target_play_another_deal():
    game = trionfi.load("trijumf", players=2, cut_option="knock", target=60)
    for seed in range(600):
        match = game.match(seed=seed)
        play_deal(match, random.Random(seed))
        if match.finished[0].points() == [65, 65]:
            break
    else:
        raise AssertionError("no tied first deal found")
    assert not match.is_terminal() and match.state.dealer == 0
    assert match.state.carried == [65, 65]
    play_deal(match, random.Random(1))
    if match.finished[1].points() != [65, 65]:
        assert match.is_terminal()


def test_claim_in_a_match_decides_it():
    game = trionfi.load("trijumf", players=2, target=65, end_of_deal_target_check=False)
    match = game.match(seed=8)
    play_deal(match, random.Random(8))
    carried = match.state.carried
    assert carried == match.finished[0].points() and not match.is_terminal()
    for claimer in (1, 0):  # deal 2: seat 1 cuts and leads, then seat 0 is to play
        line = match.clone()
        if claimer == 0:
            line.apply("knock")
            line.apply(card_moves(line.state)[0])
        assert line.current_player == claimer
        line.apply("claim")
        right = carried[claimer] >= 65
        assert line.is_terminal() and line.winners() == [claimer if right else 1 - claimer]
    record = match.to_record()
    assert trionfi.replay(record).to_record() == record


def test_without_the_check_only_a_claim_ends_the_match():
    match = trionfi.load("trijumf", players=2, end_of_deal_target_check=False).match(seed=3)
    rng = random.Random(3)
    for _ in range(5):
        play_deal(match, rng)
    assert not match.is_terminal() and max(match.points()) >= 325
    match.apply("claim")
    assert match.is_terminal()


# --- what each seat sees -------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 4])
def test_the_cut_phase_shows_no_cards(n):
    game = trionfi.load("trijumf", players=n)
    other = PACK[::-1]
    a, b = game.deal(deck=PACK, seed=1), game.deal(deck=other, seed=1)
    for seat in range(n):
        obs = a.observation(seat)
        assert obs["hand"] == [] and obs["hand_sizes"] == [0] * n
        assert obs["indicator"] is None and obs["known_cards"] == {} and obs["trump"] is None
        assert json.dumps(obs, sort_keys=True) == json.dumps(b.observation(seat), sort_keys=True)
        assert obs["legal_actions"] == (["cut", "knock", "flip", "claim"] if seat == n - 2 else [])


def test_two_player_drawn_cards_are_known_to_the_opponent():
    state = deal(2, "knock", PACK)
    assert state.observation(1)["known_cards"] == {}
    play(state, card_moves(state)[0])
    play(state, card_moves(state)[0])
    winner = state.tricks[0].winner
    drawn = {winner: PACK[21], 1 - winner: PACK[22]}
    for seat in (0, 1):
        assert state.observation(1 - seat)["known_cards"] == {str(seat): [drawn[seat]]}
        assert state.observation(seat)["known_cards"] == {str(1 - seat): [drawn[1 - seat]]}
    # Once played, a drawn card is in a trick, no longer a known card of the hand.
    play(state, drawn[winner])
    assert state.observation(1 - winner)["known_cards"] == {}


@pytest.mark.parametrize("n", [2, 4])
def test_declared_cards_are_known_until_played(n):
    state = deal(n, "knock", deck_for(n, "knock", {0: ["Kc", "Hc", "2d"]}, indicator="2b" if n == 2 else None))
    state.apply("declare Kc+Hc", seat=0)
    for seat in range(1, n):
        assert sorted(state.observation(seat)["known_cards"]["0"]) == ["Hc", "Kc"]
        assert state.observation(seat)["declarations"] == [[0, "Kc+Hc", 40 if n == 4 else 20]]
    play(state, "Kc")
    assert state.observation(1)["known_cards"]["0"] == ["Hc"]


@pytest.mark.parametrize("option", ["cut", "flip"])
def test_four_player_indicator_known_while_in_the_left_hand(option):
    ind = PACK[REF_LAYOUT[4, option][1] - 1]
    state = deal(4, option, PACK)
    for seat in (1, 2, 3):
        assert state.observation(seat)["known_cards"] == {"0": [ind]}
        assert state.observation(seat)["indicator"] == ind
    assert state.observation(0)["known_cards"] == {}
    play(state, ind)
    play_out_until(state, 0)
    for seat in range(4):
        assert state.observation(seat)["known_cards"] == {} and state.observation(seat)["indicator"] is None
        assert state.observation(seat)["trump"] == ind[-1]


# --- bad input ---------------------------------------------------------------------------------------------
def test_unknown_options_are_refused():
    with pytest.raises(OptionError, match="players") as e:
        trionfi.load("trijumf", players=3)
    assert "2" in str(e.value) and "4" in str(e.value)
    with pytest.raises(OptionError, match="cut_option") as e:
        trionfi.load("trijumf", cut_option="shuffle")
    assert all(word in str(e.value) for word in CUT_OPTIONS)
    with pytest.raises(OptionError, match="trumps"):
        trionfi.load("trijumf", trumps="d")


def _tj22_after_trick_1() -> Any:
    state = deal(4, "knock", deck_for(4, "knock", TJ22_HANDS))
    state.apply("declare Ks+Hs")
    play(state, "4c", "2d", "Kc", "3c")
    return state


BAD = [
    # (setup, action, seat, message)
    ("tj22", "Ks", None, "not in seat 3's hand"),
    ("tj22-led-b", "Ad", None, "must play a trump \\(s\\)"),
    ("tj22-led-b-O", "As", None, "must follow suit \\(b\\)"),
    ("tj22", "declare Ab+Hb", None, "declared only in the first trick"),
    ("tj22-led-b", "declare Ks+Hs", None, "declared only in the first trick"),
    ("tj22", "cut", None, "the pack is already cut"),
    ("tj22", "knock", None, "the pack is already cut"),
    ("tj22", "claim", 0, "seat 3's turn"),
    ("fresh2", "declare Kd+Hd", None, "each player declares one pair at most"),
    ("fresh2", "flip", None, "the pack is already cut"),
    ("cut-phase", "Ad", None, "seat 0 may play: cut, knock, flip, claim"),
    ("cut-phase", "declare Kd+Hd", None, "the cards are not dealt yet"),
    ("cut-phase", "shuffle", None, "not an action"),
    ("cut-phase", "cut", 1, "seat 0's turn"),
    ("fresh2", "Zz", None, "neither a card code"),
    ("fresh2", 7, None, "not int"),
]


def _bad_setup(name: str) -> Any:
    if name.startswith("tj22"):
        state = _tj22_after_trick_1()
        if name.startswith("tj22-led-b"):
            play(state, "Ab")
            if name.endswith("-O"):
                play(state, "2s")
        return state
    if name == "fresh2":
        return deal(2, "knock", deck_for(2, "knock", {0: ["Ks", "Hs", "Kd", "Hd"]}, indicator="2s"))
    return trionfi.load("trijumf", players=2).deal(deck=PACK)


@pytest.mark.parametrize(("setup", "action", "seat", "message"), BAD)
def test_bad_input_is_refused_and_leaves_the_state_unchanged(setup, action, seat, message):
    state = _bad_setup(setup)
    if setup == "fresh2" and action == "declare Kd+Hd":
        state.apply("declare Ks+Hs")  # with two players a second pair may not be declared
    before = state.to_record()
    view = [json.dumps(state.observation(s), sort_keys=True) for s in range(state.game.players)]
    with pytest.raises(IllegalAction, match=message):
        state.apply(action, seat=seat)
    assert state.to_record() == before
    assert [json.dumps(state.observation(s), sort_keys=True) for s in range(state.game.players)] == view


def test_illegal_card_messages_name_the_rule_and_the_allowed_cards():
    state = _tj22_after_trick_1()
    play(state, "Ab")
    with pytest.raises(IllegalAction) as e:
        state.apply("Ad")
    text = str(e.value)
    assert "you have no b" in text and "trump (s)" in text
    assert all(c in text for c in ("Ks", "Hs", "6s", "7s", "2s", "Js"))
    play(state, "2s")
    with pytest.raises(IllegalAction) as e:
        state.apply("5d")
    assert "must follow suit (b)" in str(e.value) and "2b" in str(e.value)


def test_declaring_after_ones_first_card_is_refused():
    state = deal(4, "cut", deck_for(4, "cut", {0: ["Kd", "Hd", "5c"]}, indicator="2b"))
    play(state, "5c")
    play_out_until(state, 0)
    assert state.tricks and not [a for a in state.legal_actions() if a.startswith("declare")]
    with pytest.raises(IllegalAction, match="declare Kd\\+Hd"):
        state.apply("declare Kd+Hd")


def test_the_deal_is_over_after_a_claim():
    state = deal(2, "knock", PACK)
    state.apply("claim")
    before = state.to_record()
    with pytest.raises(IllegalAction, match="over"):
        state.apply("claim")
    with pytest.raises(IllegalAction, match="over"):
        state.apply(PACK[0])
    assert state.to_record() == before


def test_random_bots_play_a_match():
    match = trionfi.load("trijumf", players=4).match(seed=12)
    bots = [make_agent("random", seed) for seed in range(4)]
    while not match.is_terminal():
        seat = match.current_player
        match.apply(bots[seat].choose(match.observation(seat)), seat=seat)
    assert match.winners() in ([0], [1])


# --- the terminal ------------------------------------------------------------------------------------------
def _run(*args: str, input: str) -> Any:
    return CliRunner().invoke(cli.app, list(args), input=input)


def test_terminal_plays_a_two_player_deal_with_a_cut_and_a_declaration():
    # Seed 4: seat 0 cuts (knock) and holds Kb+Hb; the same seeded bots as the terminal's give the moves.
    game = trionfi.load("trijumf", players=2)
    state = game.deal(seed=4)
    bots = cli.make_bots("random", 4, [1])
    typed: list[str] = []
    while not state.is_terminal():
        if state.current_player == 0:
            legal = [str(a) for a in state.legal_actions() if a != "claim"]
            action = "knock" if "knock" in legal else next((a for a in legal if a.startswith("declare")), legal[0])
            typed.append(action)
        else:
            action = bots[1].choose(state.observation(1))
        state.apply(action)
    assert typed[:2] == ["knock", "declare Kb+Hb"]
    result = _run("play", "--bots", "random", "trijumf", "--players", "2", "--seed", "4", input="\n".join(typed) + "\n")
    assert result.exit_code == 0, result.output
    assert "Declarations: you Kb+Hb (20)" in result.stdout  # worded for the player
    assert "known to hold" in result.stdout  # the opponent's drawn cards
    assert "Cut: knock" in result.stdout


def test_terminal_rules_list_the_options():
    result = _run("rules", "trijumf", input="")
    assert result.exit_code == 0
    for word in ("cut_option", "enforce_legal_moves", "end_of_deal_target_check", "401"):
        assert word in result.stdout


# Regression: the terminal once unpacked a Trijumf claim ([seat, right, total]) as Briscola's (seat, right).
def test_terminal_claim_ends_the_deal_without_a_crash():
    result = _run("play", "--bots", "random", "trijumf", "--players", "2", "--seed", "3", input="cut\nclaim\ny\n")
    assert result.exit_code == 0, repr(result.exception)
    assert "claimed wrongly" in result.stdout
