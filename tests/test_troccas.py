"""Troccas: the RULES.md §6.5 cases TC-01 ... TC-22, properties, hidden information and bad input.

The helpers here restate RULES.md §5 independently of the engine (the deal order, the suit orders, the
follow rule, the count), so tests comparing the engine with them can fail.
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

import trionfi
from trionfi import IllegalAction, OptionError
from trionfi.errors import DeckError
from trionfi.games import troccas_talk as talk
from trionfi.games.troccas_scoring import (
    card_value,
    count_discard,
    count_group,
    count_pile,
    deal_result,
    led_suit,
    playable,
    trick_winner,
)
from trionfi.games.troccas_session import draw_for_partners, seating

PACK = [str(c) for c in trionfi.load("troccas").deck]
seeds = st.integers(min_value=0, max_value=2**63 - 1)

# --- an independent restatement of RULES.md §5 ---------------------------------------------------------------
PACKETS = {"6+6+7": [(6, 6), (6, 6), (7, 9)], "9+10": [(9, 9), (10, 12)], "19": [(19, 21)]}
ROUND_ORDER = ["K", "Q", "H", "J", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]  # cups, coins
LONG_ORDER = ["K", "Q", "H", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "1"]  # swords, batons


def is_trump(c: str) -> bool:
    return c.startswith("T")


def suit(c: str) -> str:
    return "T" if is_trump(c) else ("" if c == "Fool" else c[-1])


def ref_value(c: str) -> int:
    if c in ("T1", "T21", "Fool"):
        return 5
    if is_trump(c):
        return 1
    return {"K": 5, "Q": 4, "H": 3, "J": 2}.get(c[:-1], 1)


def ref_winner(cards: Sequence[str]) -> int:
    """RULES.md §5.4/5.5: the highest trump, else the highest card of the suit led (the first non-Fool)."""
    trumps = [i for i, c in enumerate(cards) if is_trump(c)]
    if trumps:
        return max(trumps, key=lambda i: int(cards[i][1:]))
    led = next(suit(c) for c in cards if c != "Fool")
    order = ROUND_ORDER if led in "cd" else LONG_ORDER
    pool = [i for i, c in enumerate(cards) if suit(c) == led]
    return min(pool, key=lambda i: order.index(cards[i][:-1]))


def ref_legal(hand: Sequence[str], trick: Sequence[str]) -> set[str]:
    led = next((suit(c) for c in trick if c != "Fool"), None)
    if led is None:
        return set(hand)
    allowed = {c for c in hand if suit(c) == led} or {c for c in hand if is_trump(c)}
    if not allowed:
        return set(hand)
    return allowed | ({"Fool"} & set(hand))


def receivers(dealer: int, pattern: str = "6+6+7") -> list[int]:
    """The seat receiving each card of the pack, top first: packets from the dealer's right, dealer last."""
    seats: list[int] = []
    for non_dealer, to_dealer in PACKETS[pattern]:
        for i in (1, 2, 3, 4):
            s = (dealer + i) % 4
            seats += [s] * (to_dealer if s == dealer else non_dealer)
    return seats


def stack(hands: Mapping[int, Iterable[str]], dealer: int = 3, pattern: str = "6+6+7") -> list[str]:
    """A stacked pack giving each seat the listed cards first (in deal order, so a full non-dealer list ends
    with its face-up card); the other cards fill the remaining places in pack order."""
    want = {s: list(cs) for s, cs in hands.items()}
    used = [c for cs in want.values() for c in cs]
    assert len(set(used)) == len(used), "a card given twice"
    rest = [c for c in PACK if c not in used]
    deck = [want[s].pop(0) if want.get(s) else rest.pop(0) for s in receivers(dealer, pattern)]
    assert not any(want.values()), "more cards asked than the seat receives"
    return deck


def game(**options: Any) -> Any:
    return trionfi.load("troccas", **options)


def talk_through(state: Any) -> None:
    """Everybody passes until the dealer must discard."""
    while state.phase in ("talk", "poll"):
        state.apply("pass" if state.phase == "talk" else "refuse")


def discard_any(state: Any, keep: Iterable[str] = ()) -> list[str]:
    """The dealer lays away the first two cards he may that are not in ``keep``."""
    keep = set(keep)
    out = []
    for _ in range(2):
        options = [str(a).split()[1] for a in state.legal_actions() if str(a).startswith("discard")]
        choice = next(c for c in options if c not in keep)
        state.apply(f"discard {choice}")
        out.append(choice)
    return out


def ready(
    hands: Mapping[int, Iterable[str]], dealer: int = 3, keep: Iterable[str] | None = None, **options: Any
) -> Any:
    """A deal from ``hands`` brought to the first lead (talk passed, the dealer's discard made keeping the
    cards in ``keep``, by default every card listed)."""
    state = game(**options).deal(deck=stack(hands, dealer), dealer=dealer, seed=1)
    talk_through(state)
    discard_any(state, keep=[c for cs in hands.values() for c in cs] if keep is None else keep)
    assert state.phase == "play" and state.current_player == dealer
    return state


def play(state: Any, *codes: str) -> None:
    for code in codes:
        state.apply(code, seat=state.current_player)


def card_moves(state: Any) -> set[str]:
    return {str(a) for a in state.legal_actions() if isinstance(a, trionfi.Card)}


def no_demand(state: Any) -> None:
    """Decline the jack if the trick's winner is asked."""
    if "no demand" in state.legal_actions():
        state.apply("no demand")


def step_card(state: Any) -> None:
    """One move in play: decline a jack demand, else play the first legal card."""
    legal = state.legal_actions()
    state.apply("no demand" if "no demand" in legal else next(a for a in legal if isinstance(a, trionfi.Card)))


def everything(state: Any) -> Counter[str]:
    found: Counter[str] = Counter()
    for h in state.hands:
        found.update(map(str, h))
    for part in (state.trick, state.piles[0], state.piles[1], state.discard, state.pack):
        found.update(map(str, part))
    return found


def random_play(state: Any, rng: random.Random, steps: int | None = None, cards_only: bool = False) -> None:
    done = 0
    while not state.is_terminal() and (steps is None or done < steps):
        legal = state.legal_actions()
        if cards_only:
            if "no demand" in legal:
                legal = ["no demand"]
            elif state.phase == "play":
                legal = [a for a in legal if isinstance(a, trionfi.Card)] or legal
        state.apply(rng.choice(legal))
        done += 1


OPTION_SETS = [
    {},
    {"allow_knock": True},
    {"kj_double_play_mode": "disabled"},
    {"truthful_tschintschar": True},
    {"last_card_face_up": False},
    {"session_balance": -10},
    {"session_balance": 25},
    {"enforce_legal_moves": False},
]
OPTION_IDS = ["default", "knock", "no-double", "truthful", "no-face-up", "behind-10", "ahead-25", "penalty"]


# --- TC-01 ... TC-08: values and the count ---------------------------------------------------------------
def test_tc01_values_raw_130_net_72():
    assert [card_value(c) for c in ("Kc", "T1", "T21", "Fool", "Qd", "Hs", "Jb", "1c", "10s", "T2", "T20")] == [
        5,
        5,
        5,
        5,
        4,
        3,
        2,
        1,
        1,
        1,
        1,
    ]
    assert all(card_value(c) == ref_value(c) for c in PACK)
    assert sum(card_value(c) for c in PACK) == 130
    rng = random.Random(1)
    for _ in range(20):
        pack = PACK[:]
        rng.shuffle(pack)
        assert count_pile(pack[:76]) + count_discard(pack[76:]) == 72


@pytest.mark.parametrize(
    ("group", "value"),
    [
        (["Kc", "Qc", "5c", "7s"], 8),  # TC-02
        (["5c", "7s", "T4", "T9"], 1),  # TC-03
        (["Kc", "Qc", "Hc", "Jc"], 11),  # TC-04
        (["T1", "T21", "Fool", "Kb"], 17),  # TC-05
    ],
    ids=["tc02", "tc03", "tc04", "tc05"],
)
def test_tc02_to_tc05_groups_of_four(group, value):
    assert count_group(group) == value


@pytest.mark.parametrize(("pair", "value"), [(["Hc", "Qs"], 6), (["3c", "4s"], 1), (["Jc", "4s"], 2)])
def test_tc06_discard_pairs(pair, value):
    assert count_discard(pair) == value


def test_tc07_a_pile_of_eight_counts_the_same_in_any_grouping():
    pile = ["Kc", "Qc", "5c", "7s", "5d", "7b", "T4", "T9"]
    assert count_pile(pile) == 9
    for first in itertools.combinations(pile, 4):
        second = [c for c in pile if c not in first]
        assert count_group(first) + count_group(second) == 9


def test_tc08_deal_score_is_points_minus_36():
    assert deal_result([40, 32]) == [4, -4]


def test_tc08_returns_of_a_played_deal_are_points_minus_36():
    state = game().deal(seed=8)
    random_play(state, random.Random(8))
    a, b = state.points()
    assert a + b == 72
    assert state.returns() == [a - 36, b - 36, a - 36, b - 36]


# --- TC-09: trick rank ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("trick", "winner"),
    [
        (["1c", "10c", "Jc", "5c"], "Jc"),
        (["2c", "9c", "1c"], "1c"),
        (["2s", "10s", "1s"], "10s"),
        (["Kd", "T1"], "T1"),
        (["T2", "Kc"], "T2"),
        (["Fool", "6d", "Kd", "T3"], "T3"),
        (["Fool", "6d", "1d", "Qs"], "1d"),
    ],
)
def test_tc09_trick_rank(trick, winner):
    cards = trionfi.cards(trick)
    assert trick[trick_winner(cards)] == winner
    assert trick[ref_winner(trick)] == winner


def test_tc09_in_play_the_jack_of_cups_beats_the_one_and_ten():
    state = ready({3: ["1c"], 0: ["10c"], 1: ["Jc"], 2: ["5c"]})
    play(state, "1c", "10c", "Jc", "5c")
    assert state.tricks[0].winner == 1
    assert state.current_player == 1


# --- TC-10: deal sizes ---------------------------------------------------------------------------------
def test_tc10_normal_deal_6_6_7_dealer_21_then_19_each():
    state = game().deal(seed=3)
    sizes = []
    while state.phase == "talk":
        sizes.append([len(state.hand(s)) for s in range(4)])
        for _ in range(4):
            state.apply("pass")
    assert sizes == [[6, 6, 6, 6], [12, 12, 12, 12], [19, 19, 19, 21]]
    assert state.phase == "discard"
    discard_any(state)
    assert [len(state.hand(s)) for s in range(4)] == [19, 19, 19, 19]


@pytest.mark.parametrize("dealer", [3, 1])
def test_tc10_the_stacked_pack_is_dealt_in_packets_from_the_dealers_right(dealer):
    state = game().deal(deck=PACK, dealer=dealer, seed=1)
    talk_through(state)
    order = receivers(dealer)
    for seat in range(4):
        assert sorted(state.hand(seat), key=PACK.index) == [c for c, s in zip(PACK, order, strict=True) if s == seat]
    # Positions 1-6 go to the dealer's right, 19-24 to the dealer, 70-78 are the dealer's last nine.
    right = (dealer + 1) % 4
    assert set(PACK[:6]) <= set(state.hand(right))
    assert set(PACK[18:24]) | set(PACK[69:]) <= set(state.hand(dealer))


@pytest.mark.parametrize(
    ("balance", "pattern", "sizes"), [(-9, "9+10", [[9] * 4, [19, 19, 19, 21]]), (-18, "19", [[19, 19, 19, 21]])]
)
def test_tc10_catch_up_deals(balance, pattern, sizes):
    state = game(session_balance=balance).deal(deck=PACK, seed=2)
    state.apply(f"deal {pattern}")
    seen = []
    while state.phase == "talk":
        seen.append([len(state.hand(s)) for s in range(4)])
        for _ in range(4):
            state.apply("pass")
    assert seen == sizes
    order = receivers(3, pattern)
    for seat in range(4):
        assert sorted(state.hand(seat), key=PACK.index) == [c for c, s in zip(PACK, order, strict=True) if s == seat]


def test_tc10_single_packet_has_only_the_talk_after_the_full_deal():
    state = game(session_balance=-20).deal(seed=2)
    state.apply("deal 19")
    said = {a for a in state.legal_actions() if a.startswith("say")}
    assert "say in trochetg" in said and "say strusch in" not in said


def test_face_up_cards_are_the_non_dealers_last_cards():
    state = game().deal(deck=PACK, seed=1)
    talk_through(state)
    order = receivers(3)
    last = {s: max(i for i, r in enumerate(order) if r == s) for s in range(3)}
    obs = state.observation(0)
    assert obs["face_up"] == {str(s): PACK[i] for s, i in last.items()}
    assert "3" not in obs["face_up"]  # the dealer's last card is not turned
    off = game(last_card_face_up=False).deal(deck=PACK, seed=1)
    talk_through(off)
    assert off.observation(0)["face_up"] == {} and off.observation(0)["known_cards"] == {}


# --- TC-11: discard legality ---------------------------------------------------------------------------
DEALER_HAND = ["Kc", "T1", "Fool", "T20", "Jc", "4s", "T21"]


@pytest.mark.parametrize("bad", ["Kc", "T1", "Fool", "T21"])
def test_tc11_kings_and_honours_may_not_be_discarded(bad):
    state = game().deal(deck=stack({3: DEALER_HAND}), seed=1)
    talk_through(state)
    before = json.dumps(state.to_record())
    with pytest.raises(IllegalAction, match="may not be laid away"):
        state.apply(f"discard {bad}")
    with pytest.raises(IllegalAction, match="may not be laid away"):
        state.apply(bad)
    assert json.dumps(state.to_record()) == before
    assert f"discard {bad}" not in state.legal_actions()


@pytest.mark.parametrize("pair", [("T20", "4s"), ("Jc", "4s")])
def test_tc11_other_trumps_and_cards_may_be_discarded(pair):
    state = game().deal(deck=stack({3: DEALER_HAND}), seed=1)
    talk_through(state)
    state.apply(f"discard {pair[0]}")
    state.apply(pair[1])  # a bare card code is a discard in this phase
    assert state.observation(3)["discard"] == list(pair)
    assert state.phase == "play" and state.current_player == 3
    assert all(len(state.hand(s)) == 19 for s in range(4))


# --- TC-12: follow, trump, any; the Fool always -----------------------------------------------------------
@pytest.mark.parametrize(
    ("hand", "legal"),
    [(["Qc", "T15", "Fool"], {"T15", "Fool"}), (["2b", "T15", "Fool"], {"2b", "Fool"}), (["Qc", "5d"], {"Qc", "5d"})],
)
def test_tc12_follow_suit_else_trump_else_any(hand, legal):
    assert {str(c) for c in playable(trionfi.cards(hand), trionfi.cards(["3b"]))} == legal
    assert ref_legal(hand, ["3b"]) == legal


def _no_batons(n: int, extra: Sequence[str]) -> list[str]:
    pool = [c for c in PACK if suit(c) in "cds" and c not in extra and not c.startswith("K")]
    return list(extra) + pool[:n]


@pytest.mark.parametrize(
    ("extra", "legal"),
    [(["T15", "Fool"], {"T15", "Fool"}), (["2b", "T15", "Fool"], {"2b", "Fool"}), ([], None)],
    ids=["trump-or-fool", "follow-or-fool", "anything"],
)
def test_tc12_in_play(extra, legal):
    hand = _no_batons(19 - len(extra), extra)
    state = ready({0: hand, 3: ["3b"]})
    play(state, "3b")
    expected = legal if legal is not None else set(hand)
    assert card_moves(state) == expected


# --- TC-13 ... TC-15: the Fool ----------------------------------------------------------------------------
def test_tc13_the_fool_goes_back_for_a_one_point_card():
    # Trick 1 goes to seats 0+2 with only one-point cards, the dealer's 3s first; trick 2 is the TC-13 trick.
    state = ready({3: ["3s", "7c"], 0: ["10s", "5c"], 1: ["4s", "Kc", "Jc"], 2: ["5s", "Fool"]})
    play(state, "3s", "10s", "4s", "5s")
    assert state.tricks[0].winner == 0
    play(state, "5c", "Kc", "Fool", "7c")
    no_demand(state)
    assert state.tricks[1].winner == 1
    assert Counter(map(str, state.piles[1])) == Counter(["5c", "Kc", "7c", "3s"])
    assert count_pile(state.piles[1]) == 5
    assert "Fool" in map(str, state.piles[0])
    assert state.points() == [5, 5]
    assert state.observation(2)["fool_owed_by"] is None
    assert any("give 3s for the Fool" in n for n in state.observation(1)["table"]["the Fool"])


def test_tc13_the_exchange_waits_until_the_fools_team_wins_a_one_point_card():
    state = ready({0: ["5c", "5s"], 1: ["Kc", "Jc", "3s"], 2: ["Fool", "10s"], 3: ["7c", "4s"]}, dealer=0)
    play(state, "5c", "Kc", "Fool", "7c")
    no_demand(state)
    assert state.observation(3)["fool_owed_by"] == 0
    assert [str(c) for c in state.piles[0]] == ["Fool"]
    play(state, "3s", "10s", "4s", "5s")  # seat 2 wins for seats 0+2, who now pay with 3s
    assert state.observation(3)["fool_owed_by"] is None
    assert Counter(map(str, state.piles[1])) == Counter(["5c", "Kc", "7c", "3s"])
    assert state.points() == [5, 5]


def _all_lost_hands() -> dict[int, list[str]]:
    """Seats 0+2 hold every numeral but 7c and the Fool; seats 1+3 every trump and court card and 7c."""
    numerals = [c for c in PACK if not is_trump(c) and c != "Fool" and c[:-1] not in ("K", "Q", "H", "J")]
    a = ["5c"] + [c for c in numerals if c not in ("5c", "7c")] + ["Fool"]
    b = [c for c in PACK if c not in a]
    b.remove("Kc")
    b.remove("7c")
    return {0: a[:21], 2: a[21:], 1: ["Kc", *b[:18]], 3: ["7c", *b[18:]]}


def test_tc14_the_fool_is_lost_when_its_team_takes_no_trick():
    hands = _all_lost_hands()
    state = ready(hands, dealer=0, keep=["5c"])
    assert len(state.discard) == 2 and all(ref_value(c) == 1 for c in map(str, state.discard))
    play(state, "5c", "Kc", "Fool", "7c")
    no_demand(state)
    rng = random.Random(14)
    random_play(state, rng, cards_only=True)
    assert state.tricks_won[0] == 0
    assert {"5c", "Kc", "Fool", "7c"} <= set(map(str, state.piles[1]))
    assert count_group(["5c", "Kc", "Fool", "7c"]) == 9
    assert state.points() == [1, 71]  # seats 0+2 keep only their discard of two numerals
    assert state.observation(1)["cards_won"] == [2, 76]  # the discard is all seats 0+2 have
    assert "the Fool is lost" in " ".join(state.observation(0)["table"]["the Fool"])


def test_tc15_after_a_fool_lead_the_next_card_sets_the_suit():
    assert led_suit(trionfi.cards(["Fool", "6d"])) == "d"
    state = ready({3: ["Fool"], 0: ["6d"], 1: ["3d", "T5", "Kc", "2s"]})
    play(state, "Fool")
    assert set(map(str, state.legal_actions())) >= set(state.hand(0))  # the first real card is free
    play(state, "6d")
    assert card_moves(state) == {c for c in state.hand(1) if suit(c) == "d"}


# --- TC-16 ... TC-18: king and jack -------------------------------------------------------------------------
def test_tc16_king_and_jack_demand_swaps_the_jack_in():
    state = ready({3: ["Ks"], 0: ["4s", "Js"], 1: ["7s"], 2: ["2s"]})
    play(state, "Ks", "4s", "7s", "2s")
    assert state.current_player == 3 and state.legal_actions() == ["demand Js", "no demand"]
    assert state.observation(0)["trick"] == [[3, "Ks"], [0, "4s"], [1, "7s"], [2, "2s"]]  # still on the table
    state.apply("demand Js")
    t = state.tricks[-1]
    assert t.cards == ("Ks", "Js", "7s", "2s") and t.winner == 3 and t.points == 6
    assert count_group(t.cards) == 6 and count_group(["Ks", "4s", "7s", "2s"]) == 5
    assert "4s" in state.hand(0) and "Js" not in state.hand(0)
    assert [len(state.hand(s)) for s in range(4)] == [18] * 4
    assert any("takes back 4s" in m["text"] for m in state.observation(2)["messages"])


def test_tc17_no_exchange_when_the_jacks_holder_played_the_queen():
    state = ready({3: ["Ks"], 0: ["Qs", "Js"], 1: ["7s"], 2: ["2s"]})
    play(state, "Ks", "Qs", "7s", "2s")
    state.apply("demand Js")
    assert state.tricks[-1].cards == ("Ks", "Qs", "7s", "2s")
    assert "Js" in state.hand(0)


def test_tc17_no_effect_when_the_jack_is_in_the_discard():
    hands = {3: ["Ks", "Js", "8d"], 0: ["4s"], 1: ["7s"], 2: ["2s"]}
    state = game().deal(deck=stack(hands), seed=1)
    talk_through(state)
    state.apply("discard Js")
    state.apply("discard 8d")
    assert state.phase == "play" and state.current_player == 3
    assert "Ks+Js" not in state.legal_actions()
    play(state, "Ks", "4s", "7s", "2s")
    assert state.legal_actions() == ["demand Js", "no demand"]  # the winner cannot know where the jack is
    state.apply("demand Js")
    assert state.tricks[-1].cards == ("Ks", "4s", "7s", "2s")
    assert "lies in the discard" in state.observation(0)["messages"][-1]["text"]


def test_tc17_a_winner_holding_the_jack_is_asked_but_gains_nothing():
    state = ready({3: ["Ks", "Js", "T21"], 0: ["4s", "T2"], 1: ["7s"], 2: ["2s"]}, kj_double_play_mode="disabled")
    play(state, "Ks", "4s", "7s", "2s")
    assert state.legal_actions() == ["demand Js", "no demand"]
    state.apply("demand Js")
    assert state.tricks[-1].cards == ("Ks", "4s", "7s", "2s") and "Js" in state.hand(3)
    assert "no effect: seat 3 holds it already" in state.observation(1)["messages"][-1]["text"]


def test_the_question_about_the_jack_reveals_nothing():
    # Just before the trick is complete, move Js between hands the other seats cannot see: they must see the
    # same question and the same table either way.
    state = ready({3: ["Ks"], 0: ["4s"], 1: ["7s", "Js"], 2: ["2s"]})
    play(state, "Ks", "4s", "7s")
    other = state.clone()
    i, j = other.hands[1].index(trionfi.card("Js")), 0
    other.hands[1][i], other.hands[3][j] = other.hands[3][j], other.hands[1][i]
    other._legal_cache = None
    for s in (state, other):
        play(s, "2s")
    assert state.demand == other.demand == "s"
    for seat in (0, 2):
        assert state.observation(seat) == other.observation(seat)


def test_tc17_no_demand_when_the_king_comes_only_in_the_second_swords_trick():
    state = ready({3: ["3s", "Ks"], 0: ["4s", "8s", "Js"], 1: ["7s", "5s"], 2: ["2s", "6s"]})
    play(state, "3s", "4s", "7s", "2s")  # the first swords trick, no king: seat 1's 7s wins
    assert state.current_player == 1
    play(state, "5s", "6s", "Ks", "8s")
    assert state.tricks[-1].winner == 3
    assert not any(str(a).startswith("demand") for a in state.legal_actions())


def test_tc18_king_and_jack_together_make_an_eight_card_trick():
    state = ready({3: ["Ks", "Js"], 0: ["4s", "5s"], 1: ["7s", "8s"], 2: ["2s", "3s"]})
    assert "Ks+Js" in state.legal_actions()
    state.apply("Ks+Js")
    play(state, "4s", "7s", "2s")
    assert state.current_player == 0  # the second round: each other player adds a card
    assert {str(a) for a in state.legal_actions()} == {c for c in state.hand(0) if suit(c) == "s"} | (
        {"Fool"} & set(state.hand(0))
    )
    play(state, "5s", "8s", "3s")
    t = state.tricks[-1]
    assert len(t.cards) == 8 and t.seats == (3, 3, 0, 1, 2, 0, 1, 2) and t.winner == 3
    assert t.points == sum(ref_value(c) for c in t.cards) - 6
    assert [len(state.hand(s)) for s in range(4)] == [17] * 4


def test_tc18_the_double_play_can_be_switched_off_and_needs_the_suits_first_trick():
    off = ready({3: ["Ks", "Js"]}, kj_double_play_mode="disabled")
    assert "Ks+Js" not in off.legal_actions()
    state = ready({3: ["3s", "Ks", "Js", "T21"], 0: ["4s"], 1: ["7s"], 2: ["2s"]})
    play(state, "3s", "4s", "7s", "2s")
    assert state.current_player == 1
    # Swords have been led: the double play is no longer offered in a later swords trick.
    while state.current_player != 3:
        step_card(state)
    assert "Ks+Js" not in state.legal_actions()


def test_tc18_a_follower_may_play_the_double_in_the_suits_first_trick():
    state = ready({3: ["3s"], 0: ["Ks", "Js"]})
    play(state, "3s")
    assert "Ks+Js" in state.legal_actions()
    state.apply("ks js")  # other spellings of the double play
    assert state.trick_seats == [3, 0, 0]


# --- TC-19, TC-20: catch-up and the no-trump redeal ---------------------------------------------------------
@pytest.mark.parametrize(
    ("balance", "chooser", "offered"),
    [
        (-9, 0, ["deal 6+6+7", "deal 9+10"]),
        (-17, 0, ["deal 6+6+7", "deal 9+10"]),
        (-18, 0, ["deal 6+6+7", "deal 9+10", "deal 19"]),
        (9, 1, ["deal 6+6+7", "deal 9+10"]),
        (30, 1, ["deal 6+6+7", "deal 9+10", "deal 19"]),
    ],
)
def test_tc19_catch_up_may_be_requested_by_the_team_behind(balance, chooser, offered):
    state = game(session_balance=balance).deal(seed=5)
    assert state.phase == "pattern" and state.current_player == chooser
    assert state.legal_actions() == offered
    assert all(len(state.hand(s)) == 0 for s in range(4))


@pytest.mark.parametrize("balance", [0, -8, 8])
def test_tc19_no_catch_up_below_nine(balance):
    state = game(session_balance=balance).deal(seed=5)
    assert state.phase == "talk"


def test_tc19_a_session_passes_the_running_balance():
    match = game(deals_per_session=8).match(seed=19)
    rng = random.Random(19)
    asked = 0
    while not match.is_terminal():
        deal = match.state
        if not deal.history:  # a new deal: it knows the balance of seats 0+2 so far
            running = sum(st.side_returns()[0] for st in match.finished)
            assert deal.game.options["session_balance"] == running
            assert (deal.phase == "pattern") == (abs(running) >= 9)
            asked += deal.phase == "pattern"
        match.apply(rng.choice(match.legal_actions()))
    assert asked


def _no_trump_dealer() -> list[str]:
    return ["Fool", *[c for c in PACK if not is_trump(c) and c != "Fool"][:20]]


def test_tc20_a_dealer_without_trumps_may_demand_a_new_deal():
    state = game().deal(deck=stack({3: _no_trump_dealer()}), seed=20)
    talk_through(state)
    assert "redeal" in state.legal_actions()
    state.apply("redeal")
    assert state.redeals and state.dealer == 3
    assert state.phase == "talk" and [len(state.hand(s)) for s in range(4)] == [6] * 4
    assert Counter(everything(state)) == Counter(PACK)


def test_tc20_a_dealer_with_a_trump_may_not():
    hand = [*_no_trump_dealer()[:-1], "T2"]
    state = game().deal(deck=stack({3: hand}), seed=20)
    talk_through(state)
    assert "redeal" not in state.legal_actions()
    with pytest.raises(IllegalAction):
        state.apply("redeal")


# --- TC-21, TC-22: teams, first dealer, the lead ------------------------------------------------------------
def test_tc21_draw_for_partners():
    pack = trionfi.cards(["3c", "T7", "Kd", "T20", "T18", "5s", "T2"])
    rest = [c for c in trionfi.cards(PACK) if c not in pack]
    d = draw_for_partners(pack + rest)
    assert [str(t) for t in d.trumps] == ["T18", "T7", "T2", "T20"]
    assert set(d.high) == {0, 3} and set(d.low) == {1, 2}
    assert d.first_dealer == 2
    assert [list(map(str, r)) for r in d.received] == [["3c", "T18"], ["T7"], ["Kd", "5s", "T2"], ["T20"]]
    # Partners then sit opposite: position 0 keeps seat 0, its partner (position 3) takes seat 2.
    assert seating(d) == (0, 1, 3, 2)


def test_tc21_a_session_starts_with_the_lowest_trump_dealing():
    for seed in range(10):
        match = game().match(seed=seed)
        d = match.draw
        assert match.state.dealer == match.seat_of[d.first_dealer]
        high = {match.seat_of[p] for p in d.high}
        assert high in ({0, 2}, {1, 3})
        low = min(d.trumps, key=lambda t: int(t.rank))
        assert f"{low} is the lowest" in match.observation(0)["table"]["draw for partners"]


@pytest.mark.parametrize("dealer", [3, 0, 2])
def test_tc22_the_dealer_leads_then_each_winner_anticlockwise(dealer):
    state = game().deal(seed=22, dealer=dealer)
    random_play(state, random.Random(22))
    assert state.tricks[0].leader == dealer
    for before, t in itertools.pairwise(state.tricks):
        assert t.leader == before.winner
    for t in state.tricks:
        first = [t.seats[i] for i in range(len(t.seats)) if i == 0 or t.seats[i] != t.seats[i - 1]][:4]
        assert first == [(t.leader + k) % 4 for k in range(4)]


# --- tschintschar ---------------------------------------------------------------------------------------------
def test_tschintschar_is_public_and_spoken_in_turn():
    state = game().deal(seed=7)
    assert state.current_player == 0
    state.apply("say in")
    state.apply("aunc sis")  # another name, without "say"
    state.apply("pass")
    state.apply("jeu lasch liber")
    for seat in range(4):
        obs = state.observation(seat)
        texts = [m["text"] for m in obs["messages"]]
        assert texts[0].startswith("in —") and texts[1].startswith("jeu mirel")
        assert "seat 0 in" in obs["table"]["tschintschar"][0]
    assert len(state.hand(0)) == 12  # the second packet came after the four had spoken


def test_late_statements_only_after_the_full_deal():
    state = game().deal(seed=7)
    with pytest.raises(IllegalAction, match="after the full deal"):
        state.apply("say ina trocca")
    assert all(len(state.hand(s)) == 6 for s in range(4))


def test_truthful_mode_allows_only_true_statements():
    hand = ["T1", "Kc", "T3", "T4", "2d", "Fool"]
    state = game(truthful_tschintschar=True).deal(deck=stack({0: hand}), seed=1)
    said = {a.removeprefix("say ") for a in state.legal_actions() if a.startswith("say")}
    # three honours (T1, Kc, the Fool), half trumps, the Fool with trumps; strength 3 + 6 = 9 of 6 cards: good
    assert said == {"tric e trac", "jeu mirel", "il narr", "jeu lasch liber"}
    with pytest.raises(IllegalAction, match="only true statements"):
        state.apply("say il narr blut")
    free = game().deal(deck=stack({0: hand}), seed=1)
    assert "say il narr blut" in free.legal_actions()


@pytest.mark.parametrize(
    ("hand", "true", "false"),
    [
        (["Kc", "2d", "3d", "4d", "5d", "6d"], ["strusch in"], ["in", "nuot"]),
        (["2d", "3d", "4d", "5d", "6d", "7d"], ["nuot", "autras"], ["strusch in", "jeu mirel"]),
        (["Fool", "2d", "3d", "4d", "5d", "6d"], ["il narr blut"], ["il narr"]),
    ],
)
def test_truth_of_early_statements(hand, true, false):
    shape = talk.shape(trionfi.cards(hand))
    by_name = {s.name: s for s in talk.STATEMENTS}
    assert all(by_name[n].true_of(shape) for n in true)
    assert not any(by_name[n].true_of(shape) for n in false)


def test_truth_of_late_statements():
    trumps = [f"T{n}" for n in (2, 3, 4, 5, 11, 12)]
    family = ["Kc", "Qc", "Hc", "Jc"]
    hand = trionfi.cards(trumps + family + [f"{n}d" for n in range(1, 10)])
    shape = talk.shape(hand)
    by_name = {s.name: s for s in talk.STATEMENTS}
    for name in ("in trochetg", "in pèr tunnels", "ina cuort", "fai scart"):
        assert by_name[name].true_of(shape), name
    for name in ("ina trocca", "da Medel", "da Tujetsch", "in pass"):
        assert not by_name[name].true_of(shape), name


def test_a_redeal_needs_all_four():
    state = game().deal(seed=9)
    state.apply("propose redeal")
    state.apply("pass")
    state.apply("pass")
    state.apply("pass")
    assert state.phase == "poll" and state.current_player == 1
    state.apply("agree")
    state.apply("refuse")
    assert state.phase == "talk" and len(state.hand(0)) == 12 and not state.redeals
    again = game().deal(seed=9)
    for a in ("propose redeal", "pass", "pass", "pass", "agree", "agree", "agree"):
        again.apply(a)
    assert again.redeals == ["all four agreed"] and len(again.hand(0)) == 6 and again.dealer == 3
    assert again.hand(0) != game().deal(seed=9).hand(0)  # a new shuffle, from the seed
    assert Counter(everything(again)) == Counter(PACK)


# --- the knock and penalty mode ---------------------------------------------------------------------------
KNOCK_HANDS = {
    3: ["3b"],
    0: ["T21", "T20", *[c for c in PACK if suit(c) in "dc" and c[0] not in "KQHJ"][:17]],
    1: ["2b"],
    2: ["4b"],
}


def test_knock_by_the_holder_of_the_highest_trump():
    state = ready(KNOCK_HANDS, allow_knock=True)
    assert "knock" not in state.legal_actions()
    play(state, "3b")
    assert "knock" in state.legal_actions()
    state.apply("knock")
    assert state.current_player == 0 and "knock" not in state.legal_actions()
    assert "knock" in state.observation(1)["messages"][-1]["text"]
    assert state.observation(2)["table"]["knocks"] == ["trick 1: seat 0"]
    play(state, "T21", "2b", "4b")
    assert state.current_player == 0 and "knock" in state.legal_actions()  # now T20 is the highest left
    plain = ready(KNOCK_HANDS)
    play(plain, "3b")
    assert "knock" not in plain.legal_actions()


def test_penalty_mode_a_revoke_gives_the_other_team_72():
    state = ready({3: ["3d"], 0: ["5d", "Kc"]}, enforce_legal_moves=False)
    play(state, "3d")
    assert "Kc" in state.legal_actions()
    play(state, "Kc")
    assert state.is_terminal() and state.revoke == 0
    assert state.points() == [0, 72] and state.returns() == [-36, 36, -36, 36]


# --- properties -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("options", OPTION_SETS, ids=OPTION_IDS)
@settings(max_examples=15, deadline=None)
@given(seed=seeds, play=seeds)
def test_every_card_in_one_place_and_72_in_total(options, seed, play):
    state = game(**options).deal(seed=seed)
    rng = random.Random(play)
    full = Counter(PACK)
    steps = 0
    while not state.is_terminal():
        random_play(state, rng, steps=1)
        steps += 1
        assert everything(state) == full
        sizes = [len(state.hand(s)) for s in range(4)]
        if state.phase == "play" and not state.trick:
            assert len(set(sizes)) == 1  # equal hands between tricks, also after K+J and swaps
        assert steps < 3000
    assert sum(state.points()) == 72
    a, b = state.points()
    assert state.returns() == [a - 36, b - 36, a - 36, b - 36]
    if state.revoke is None:
        won = [sum(len(t.cards) for t in state.tricks if t.winner % 2 == s) for s in (0, 1)]
        assert sum(won) == 76
        dealer_side = state.dealer % 2
        expect = [count_pile(p) for p in state.piles]
        expect[dealer_side] += count_discard(state.discard)
        assert state.points() == expect


@pytest.mark.parametrize("options", OPTION_SETS[:4], ids=OPTION_IDS[:4])
@settings(max_examples=12, deadline=None)
@given(seed=seeds, play=seeds)
def test_engine_agrees_with_the_reference_rules(options, seed, play):
    state = game(**options).deal(seed=seed)
    rng = random.Random(play)
    while not state.is_terminal():
        if state.phase == "play" and state.demand is None and state.double_by is None:
            hand = state.hand(state.current_player)
            cards = {str(a) for a in state.legal_actions() if isinstance(a, trionfi.Card)}
            assert cards == ref_legal(hand, [str(c) for c in state.trick])
        random_play(state, rng, steps=1)
    for t in state.tricks:
        assert t.winner == t.seats[ref_winner([str(c) for c in t.cards])]


@settings(max_examples=20, deadline=None)
@given(seed=seeds, play=seeds, steps=st.integers(min_value=0, max_value=150))
def test_record_round_trip_and_clone_independence(seed, play, steps):
    state = game(allow_knock=True).deal(seed=seed)
    random_play(state, random.Random(play), steps=steps)
    record = json.loads(json.dumps(state.to_record()))
    again = trionfi.replay(record)
    for seat in range(4):
        assert again.observation(seat) == state.observation(seat)
    copy = state.clone()
    before = json.dumps(state.observation(0), sort_keys=True)
    random_play(copy, random.Random(play + 1))
    assert json.dumps(state.observation(0), sort_keys=True) == before
    assert everything(state) == Counter(PACK)


def test_a_session_plays_to_the_end_and_replays():
    for options in ({}, {"shuffle_each_deal": False}):
        match = game(deals_per_session=4, **options).match(seed=31)
        rng = random.Random(31)
        clone_at = None
        while not match.is_terminal():
            match.apply(rng.choice(match.legal_actions()))
            if clone_at is None and len(match.finished) == 2:
                clone_at = match.clone()
        assert len(match.finished) == 4
        dealers = [st.dealer for st in match.finished]
        assert dealers == [(dealers[0] + i) % 4 for i in range(4)]
        score = match.points()
        assert score[0] == -score[1] == sum(st.side_returns()[0] for st in match.finished)
        again = trionfi.replay(json.loads(json.dumps(match.to_record())))
        assert again.points() == score and again.is_terminal()
        assert type(clone_at).__name__ == "TroccasMatch" and not clone_at.is_terminal()
        random_play(clone_at, random.Random(1))
        assert match.points() == score
        obs = match.observation(0)
        assert obs["match"]["deal"] == 4 and obs["match"]["goal"] == "4 deals in all"
        assert "session" not in obs["table"]  # (it said the match's deal and score again)


def test_traditional_session_gathers_and_cuts_the_previous_cards():
    match = game(deals_per_session=4, shuffle_each_deal=False).match(seed=5)
    rng = random.Random(5)
    while len(match.finished) < 1:
        match.apply(rng.choice(match.legal_actions()))
    gathered = [str(c) for c in match.finished[0].gathered()]
    assert sorted(gathered) == sorted(PACK)
    second = [str(c) for c in match.state.stacked]
    k = second.index(gathered[0])
    assert second[k:] + second[:k] == gathered  # a cut of the gathered pack
    alone = trionfi.replay(match.state.to_record())  # the deal's own record replays alone
    assert alone.observation(0) == match.state.observation(0)


# --- hidden information -----------------------------------------------------------------------------------
def hidden_places(state: Any, seat: int) -> list[tuple[str, int, int]]:
    """Places holding a card ``seat`` may not know: other hands (but face-up cards), the discard (unless
    ``seat`` dealt or the deal is over) and the cards not dealt yet."""
    places = []
    for s in range(4):
        if s == seat:
            continue
        for i, c in enumerate(state.hands[s]):
            if state.face_up.get(s) != c:
                places.append(("hand", s, i))
    if seat != state.dealer and not state.is_terminal():
        places += [("discard", 0, i) for i in range(len(state.discard))]
    places += [("pack", 0, i) for i in range(len(state.pack))]
    return places


def _where(state: Any, place: tuple[str, int, int]) -> list[Any]:
    kind, s, _ = place
    return state.hands[s] if kind == "hand" else state.discard if kind == "discard" else state.pack


@pytest.mark.parametrize(
    "options",
    [{"allow_knock": True}, {"truthful_tschintschar": True, "session_balance": -20}],
    ids=["knock", "truthful"],
)
@settings(max_examples=25, deadline=None)
@given(seed=seeds, play=seeds, steps=st.integers(min_value=0, max_value=120), pick=seeds)
def test_swapping_unseen_cards_leaves_the_observation_unchanged(options, seed, play, steps, pick):
    state = game(**options).deal(seed=seed)
    random_play(state, random.Random(play), steps=steps)
    rng = random.Random(pick)
    for seat in range(4):
        places = hidden_places(state, seat)
        if len(places) < 2:
            continue
        view = json.dumps(state.observation(seat), sort_keys=True)
        for _ in range(3):
            a, b = rng.sample(places, 2)
            other = state.clone()
            la, lb = _where(other, a), _where(other, b)
            la[a[2]], lb[b[2]] = lb[b[2]], la[a[2]]
            other._legal_cache = None
            assert json.dumps(other.observation(seat), sort_keys=True) == view, (seat, a, b)


def _mentions(obs: dict[str, Any], code: str) -> bool:
    return re.search(rf"(?<![\w]){re.escape(code)}(?![\w])", json.dumps(obs)) is not None


def test_the_discard_is_known_to_the_dealer_alone():
    for seed in range(12):
        state = game().deal(seed=seed)
        talk_through(state)
        laid = discard_any(state)
        dealer = state.dealer
        assert state.observation(dealer)["discard"] == laid
        for seat in range(4):
            obs = state.observation(seat)
            assert obs["discarded"] == 2
            if seat != dealer:
                assert obs["discard"] is None
                for c in laid:
                    assert not _mentions(obs, c), (seed, seat, c)
        random_play(state, random.Random(seed))
        assert all(state.observation(s)["discard"] == laid for s in range(4))  # counted at the end: shown


def test_face_up_cards_are_public_to_all():
    state = game().deal(seed=4)
    talk_through(state)
    face = state.face_up
    assert set(face) == {0, 1, 2}
    for seat in range(4):
        obs = state.observation(seat)
        assert obs["known_cards"] == {str(s): [str(c)] for s, c in face.items() if s != seat}
        assert obs["table"]["face up"] == [f"seat {s} {c}" for s, c in sorted(face.items())]


def test_legal_actions_only_for_the_seat_to_act():
    state = game().deal(seed=6)
    rng = random.Random(6)
    while not state.is_terminal():
        for seat in range(4):
            obs = state.observation(seat)
            if seat == state.current_player:
                assert obs["legal_actions"] == [str(a) for a in state.legal_actions()]
            else:
                assert obs["legal_actions"] == []
        random_play(state, rng, steps=3)


# --- bad input ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"colour": "red"}, "no option"),
        ({"deals_per_session": 6}, "multiple of 4"),
        ({"kj_double_play_mode": "receive_card"}, "allowed"),
        ({"players": 3}, "allowed"),
        ({"allow_knock": "perhaps"}, "true or false"),
    ],
)
def test_bad_options(options, words):
    with pytest.raises(OptionError, match=words):
        game(**options)


def test_bad_stacked_pack():
    with pytest.raises(DeckError):
        game().deal(deck=PACK[:-1])
    with pytest.raises(DeckError):
        game().deal(deck=[*PACK[:-1], "Kc"])


def test_illegal_moves_leave_the_state_unchanged():
    state = ready({3: ["3b"], 0: ["2b", "T15"]})
    play(state, "3b")
    record = json.dumps(state.to_record())
    cases = [
        ("T15", "must follow batons"),
        ("Zz", "neither a card"),
        ("Kq", "neither a card"),
        ("demand Jb", "demanded only by the winner"),
        ("say in", "spoken after a packet"),
        (42, "not int"),
    ]
    for action, words in cases:
        with pytest.raises(IllegalAction, match=words):
            state.apply(action)
        assert json.dumps(state.to_record()) == record
    with pytest.raises(IllegalAction, match="turn"):
        state.apply("2b", seat=1)
    with pytest.raises(IllegalAction, match="not in seat 0's hand"):
        state.apply("3b")
    assert json.dumps(state.to_record()) == record


def test_cards_may_not_be_played_during_the_deal():
    state = game().deal(seed=1)
    with pytest.raises(IllegalAction, match="still being dealt"):
        state.apply(state.hand(0)[0])


def test_the_rules_text_names_the_choices():
    text = trionfi.load("troccas").rules_summary()
    for words in ("72", "36", "tschintschar", "Fool", "king", "Choices", "catch-up", "RULES.md"):
        assert words in text


def test_each_side_s_cards_are_counted_once_the_deal_is_over():
    # The discard counts for the dealer's side and the Fool stays with its owner's: the tricks alone miscount.
    for seed in range(12):
        state, rng = trionfi.load("troccas").deal(seed=seed), random.Random(seed)
        random_play(state, rng, steps=30)
        assert all(state.observation(s)["cards_won"] is None for s in range(4))  # the discard is still secret
        random_play(state, rng)
        won = [state.observation(s)["cards_won"] for s in range(4)]
        piles = [len(p) for p in state.piles]
        piles[state.game.side_of[state.dealer]] += 2
        assert won[0] == won[1] == won[2] == won[3] == piles and sum(piles) == 78
        assert sum(len(t.cards) for t in state.tricks) == 76


def test_the_finished_deal_s_result_writes_a_true_minus():
    # The facts' "-9" stood beside the summary's "−9" for the same figure.
    rng = random.Random(5)
    for seed in range(6):
        state = trionfi.load("troccas").deal(seed=seed)
        while state.current_player is not None:
            state.apply(rng.choice(state.legal_actions()))
        result = state.observation(0)["table"]["result"]
        assert re.fullmatch(r"seats 0\+2 \d+ \([+−]\d+\), seats 1\+3 \d+ \([+−]\d+\)", result), result
        assert "-" not in result and ("−" in result or "(+0)" in result), result
