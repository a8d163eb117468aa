"""Trionfetti (RULES.md §4, cases TF-33…TF-44 of §6.4): deals from stacked decks, the comanda as an action,
vagaresto, the leftovers, partnership talk, the match, and the usual properties, hidden-information and
bad-input checks."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trionfi
from trionfi.cards import ITALIAN_52, Card, card
from trionfi.games.trionfetti import (
    COMMON_COMANDE,
    HandResult,
    TrionfettiMatch,
    TrionfettiState,
    draw_for_dealer,
    hand_outcome,
    stake_for,
    true_signal,
)

seeds = st.integers(min_value=0, max_value=2**63 - 1)
DECK = [str(c) for c in ITALIAN_52]


def stacked(fixed: dict[int, str]) -> list[str]:
    """The 52 cards, top first, with the given cards at the given 1-based positions, the rest in pack order."""
    assert len(set(fixed.values())) == len(fixed)
    rest = [c for c in DECK if c not in fixed.values()]
    return [fixed[i] if i in fixed else rest.pop(0) for i in range(1, 53)]


def hands_deck(*hands: str, extra: dict[int, str] | None = None) -> list[str]:
    """A deck dealing hand 1 as given: ``hands`` are the cards of R, O, L, D (seats 0 1 2 3 with dealer 3)."""
    fixed = dict(extra or {})
    for k, h in enumerate(hands):
        for j, c in enumerate(h.split()):
            fixed[3 * k + j + 1] = c
    return stacked(fixed)


def deal(deck: list[str] | None = None, seed: int = 0, dealer: int | None = None, **options: Any) -> TrionfettiState:
    return trionfi.load("trionfetti", **options).deal(seed=seed, deck=deck, dealer=dealer)  # type: ignore[return-value]


def announced(deck: list[str] | None = None, comanda: str = "più ponto e più figure", **options: Any) -> Any:
    state = deal(deck, **options)
    state.apply(f"comanda {comanda}")
    return state


def first_trick(comanda: str, cards: list[str], **options: Any) -> TrionfettiState:
    """P1…P4 (seats 0…3, dealer 3) play ``cards`` to the first trick under ``comanda``."""
    state = announced(stacked({1: cards[0], 4: cards[1], 7: cards[2], 10: cards[3]}), comanda, **options)
    for c in cards:
        state.apply(c)
    return state


def first_card(state: Any) -> None:
    state.apply(next(a for a in state.legal_actions() if isinstance(a, Card)))


def play_hand(state: Any) -> None:
    """Play the first legal card until the hand ends."""
    hand = state.hand_no
    while not state.is_terminal() and state.hand_no == hand:
        first_card(state)


def snapshot(state: Any) -> tuple[Any, list[str]]:
    return state.to_record(), [json.dumps(state.observation(s), sort_keys=True) for s in range(4)]


def assert_rejected(state: Any, action: str, *words: str, seat: int | None = None) -> str:
    before = snapshot(state)
    with pytest.raises(trionfi.IllegalAction) as info:
        state.apply(action, seat=seat)
    assert snapshot(state) == before
    message = str(info.value)
    for w in words:
        assert w in message, message
    return message


def seen_text(state: Any, seat: int) -> str:
    """The observation as JSON without the ranking (which names all 52 cards), to look for card codes."""
    obs = state.observation(seat)
    obs.pop("ranking")
    return json.dumps(obs)


def random_play(state: Any, rng: random.Random, steps: int | None = None, talk: float = 0.2) -> None:
    """Random legal actions, like the random bot: a non-card action one time in five when cards are playable."""
    n = 0
    while not state.is_terminal() and (steps is None or n < steps):
        legal = state.legal_actions()
        cards = [a for a in legal if isinstance(a, Card)]
        others = [a for a in legal if not isinstance(a, Card)]
        pick = rng.choice(cards) if cards and (not others or rng.random() >= talk) else rng.choice(others)
        state.apply(pick)
        n += 1
        assert n < 50_000


# --- the trick: TF-33 … TF-36 ------------------------------------------------------------------------------
def test_tf33_default_order_first_of_equal_kings_wins():
    state = first_trick("più ponto e più figure", ["Kd", "Kc", "5s", "Ks"])
    assert state.tricks[0].winner == 0
    assert state.current_player == 0  # the winner leads the next trick


def test_tf34_manco_ponto_aces_top_first_played_wins():
    state = first_trick("manco ponto", ["Ac", "Kd", "2s", "As"])
    assert state.tricks[0].winner == 0


def test_tf35_coins_as_trumps():
    comanda = "tutto al tredici e denari al tredici"
    assert first_trick(comanda, ["Kc", "10s", "Ad", "Kd"]).tricks[0].winner == 3
    assert first_trick(comanda, ["5c", "Ks", "Kb", "9c"]).tricks[0].winner == 1  # Ks and Kb share a tier


def test_tf36_batons_pictures_on_top():
    comanda = "manco ponto, re, figure di bastoni"
    assert first_trick(comanda, ["Kc", "Jb", "Hc", "Hd"]).tricks[0].winner == 1
    assert first_trick(comanda, ["Ac", "Kc", "Hd", "Hs"]).tricks[0].winner == 1


def test_suits_do_not_matter_and_any_card_may_be_played():
    state = announced(hands_deck("2d 3d 4d", "Kc Ks Kb", "5c 6c 7c", "8s 9s 10s"))
    assert set(state.legal_actions()) >= {card("2d"), card("3d"), card("4d")}
    state.apply("4d")
    assert {str(a) for a in state.legal_actions() if isinstance(a, Card)} == {"Kc", "Ks", "Kb"}
    for c in ("Kc", "5c", "8s"):
        state.apply(c)
    assert state.tricks[0].winner == 1


# --- the hand: TF-37 ----------------------------------------------------------------------------------------
def test_tf37_two_tricks_win_and_the_third_is_skipped():
    deck = hands_deck("Kd Kc Ks", "2d 2c 2s", "3d 3c 3s", "4d 4c 4s")
    state = announced(deck)
    for c in ("Kd", "2d", "3d", "4d", "Kc", "2c", "3c", "4c"):
        state.apply(c)
    assert len(state.tricks) == 2
    assert state.results == [HandResult(1, 0, 1, "tricks")]
    assert state.points() == [1, 0]
    assert state.hand_no == 2 and state.dealer == 3
    assert state.hand(0) == deck[12:15]  # hand 2 dealt at once, trick 3 of hand 1 never played
    assert "Ks" in state.discards  # unplayed cards go to the monte unseen (TF-4)
    assert all('"Ks"' not in seen_text(state, s) for s in (1, 2, 3))


def test_tf37_third_trick_played_when_the_option_says_so_but_changes_nothing():
    deck = hands_deck("Kd Kc 5b", "2d 2c Ks", "3d 3c 3s", "4d 4c 4s")
    state = announced(deck, skip_third_trick_when_decided=False)
    for c in ("Kd", "2d", "3d", "4d", "Kc", "2c", "3c", "4c"):
        state.apply(c)
    assert state.hand_no == 1 and state.current_player == 0
    assert "vagaresto" not in state.legal_actions()  # nothing left to raise in a decided hand
    for c in ("5b", "Ks", "3s", "4s"):
        state.apply(c)
    assert state.tricks[2].winner == 1
    assert state.results == [HandResult(1, 0, 1, "tricks")]
    assert state.hand_no == 2


def test_tf37_split_tricks_third_decides():
    deck = hands_deck("Kd 2b 3b", "5d Kc 4b", "6d 6c 6s", "7d 7c 7s")
    state = announced(deck)
    for c in ("Kd", "5d", "6d", "7d", "2b", "Kc", "6c", "7c"):
        state.apply(c)
    assert state.hand_no == 1 and state.results == [] and state.current_player == 1
    for c in ("4b", "6s", "7s", "3b"):
        state.apply(c)
    assert state.results == [HandResult(1, 1, 1, "tricks")]
    assert state.points() == [0, 1]


@pytest.mark.parametrize(
    ("results", "expected"),
    [
        ([0], (False, None)),
        ([0, 0], (True, 0)),
        ([0, 1], (False, None)),
        ([0, 1, 1], (True, 1)),
        ([1, 0, 0], (True, 0)),
        ([0, None], (True, 0)),
        ([None, 1], (True, 1)),
        ([None, None], (False, None)),
        ([None, None, 1], (True, 1)),
        ([0, 1, None], (True, 0)),
        ([1, 0, None], (True, 1)),
        ([None, None, None], (True, None)),
    ],
)
def test_hand_outcome_with_void_tricks(results, expected):
    assert hand_outcome(results) == expected


# --- vagaresto: TF-38, TF-39 --------------------------------------------------------------------------------
def test_tf38_stakes():
    assert stake_for([9, 13]) == 7
    assert stake_for([6, 12]) == 8
    assert stake_for([0, 0]) == 20
    assert stake_for([10, 10]) == 10
    state = announced(start_scores="9-13")
    state.apply("vagaresto")
    for s in range(4):
        assert state.observation(s)["vagaresto"]["stake"] == 7
    assert state.observation(0)["table"]["vagaresto"].startswith("called by seat 0, stake 7")


def _accepted_hand(strong: int, start: str = "6-12") -> TrionfettiState:
    """Seat 0 calls vagaresto at 6-12 and seat 1 accepts; the kings are in the hand of ``strong``."""
    hands = ["2d 2c 2s", "3d 3c 3s", "4d 4c 4s", "5d 5c 5s"]
    hands[strong] = "Kd Kc Ks"
    state = announced(hands_deck(*hands), start_scores=start)
    state.apply("vagaresto")
    assert state.phase == "vagaresto" and state.current_player == 1
    state.apply("accept")
    assert state.current_player == 0 and state.phase == "play"
    assert "vagaresto" not in state.legal_actions()  # no re-raise, one call per hand
    while not state.is_terminal():
        first_card(state)
    return state


def test_tf38_low_team_wins_the_stake_and_the_smazzata_ends():
    state = _accepted_hand(strong=0)
    assert state.results == [HandResult(1, 0, 8, "tricks")]
    assert state.scores() == [14, 12]
    assert state.game_winner is None
    assert state.hand_no == 1 and len(state.stock()) == 40  # ended after the hand, cards left undealt


def test_tf38_high_team_wins_the_game():
    state = _accepted_hand(strong=1)
    assert state.scores() == [6, 20]
    assert state.game_winner == 1
    assert state.returns() == [-8.0, 8.0, -8.0, 8.0]


def test_tf38_in_a_match_the_deal_passes_right_and_the_score_carries():
    game = trionfi.load("trionfetti")
    match = game.match(seed=4)
    # Put the match at 6-12 with a known pack (the test's stand-in for the earlier smazzate).
    # Dealer 2: seat 3 receives first, then seat 0 (the kings), 1 and 2.
    match.state = game.smazzata(7, 2, (6, 12), deck=hands_deck("3d 3c 3s", "Kd Kc Ks", "4d 4c 4s", "5d 5c 5s"))
    match.game_scores = [6, 12]
    assert match.current_player == 1  # the cutter, dealer 2's left
    match.apply("comanda più ponto e più figure")
    assert match.current_player == 3  # dealer 2's right leads
    match.apply("vagaresto")
    match.apply("accept", seat=0)
    while match.state.dealer == 2:
        match.apply(next(a for a in match.legal_actions() if isinstance(a, Card)))
    assert match.state.dealer == 3  # the deal passed to the old dealer's right
    assert match.state.cutter == 2  # and the old dealer cuts
    assert match.finished[-1].scores() == [14, 12]
    assert tuple(match.state.start) == (14, 12)  # the game goes on from 14-12 in the next smazzata
    assert match.games == [0, 0]


def test_tf39_conceded_vagaresto_then_the_same_dealer_deals_on():
    deck = hands_deck("Kd Kc Ks", "3d 3c 3s", "4d 4c 4s", "5d 5c 5s")
    state = announced(deck, start_scores="5-3")
    state.apply("Kd")
    state.apply("vaga")  # seat 1 raises, at his turn
    assert str(state.history[-1]) == "vagaresto"
    assert state.current_player == 2  # the challenged player who plays next
    state.apply("concede")
    assert state.results == [HandResult(1, 1, 1, "conceded")]
    assert state.scores() == [5, 4]
    assert state.hand_no == 2 and state.dealer == 3 and state.current_player == 0
    assert state.hand(0) == deck[12:15] and state.hand(3) == deck[21:24]
    # Everybody showed his unplayed cards to his partner only.
    shown = {s: state.observation(s)["shown_cards"] for s in range(4)}
    assert shown[0] == [{"hand": 1, "seat": 2, "cards": ["4d", "4c", "4s"]}]
    assert shown[2] == [{"hand": 1, "seat": 0, "cards": ["Kc", "Ks"]}]
    assert shown[1] == [{"hand": 1, "seat": 3, "cards": ["5d", "5c", "5s"]}]
    assert state.observation(2)["table"]["seat 0 showed you"] == "Kc Ks"
    assert '"Kc"' not in seen_text(state, 1) and '"Kc"' not in seen_text(state, 3)


def test_vagaresto_consultation_shows_hands_to_the_challenged_pair_only():
    deck = hands_deck("Kd Kc Ks", "3d 3c 3s", "4d 4c 4s", "5d 5c 5s")
    state = announced(deck)
    state.apply("vagaresto")  # seat 0, the leader, in the first trick
    assert state.observation(1)["open_hands"] == {"3": ["5d", "5c", "5s"]}
    assert state.observation(3)["open_hands"] == {"1": ["3d", "3c", "3s"]}
    assert state.observation(0)["open_hands"] == {} and state.observation(2)["open_hands"] == {}
    assert state.legal_actions() == ["accept", "concede"]
    state.apply("accept")
    # Accepted: every player sees his partner's hand for the rest of the hand.
    assert state.observation(0)["open_hands"] == {"2": ["4d", "4c", "4s"]}
    assert state.observation(2)["open_hands"] == {"0": ["Kd", "Kc", "Ks"]}
    state.apply("Kd")
    assert state.observation(2)["open_hands"] == {"0": ["Kc", "Ks"]}
    assert state.observation(0)["table"]["stake"] == "20 points"


def test_vagaresto_decider_option_and_answers_only_to_a_call():
    state = announced(vagaresto_decider="other")
    assert_rejected(state, "accept", "no vagaresto to answer")
    state.apply("vagaresto")
    assert state.current_player == 3
    assert_rejected(state, state.hand(3)[0], "accept or concede")
    assert_rejected(state, "vagaresto", "waiting for its answer")


def test_vagaresto_may_be_called_at_any_turn_of_a_hand_and_once_per_hand():
    state = announced()
    first_card(state)
    first_card(state)
    state.apply("vagaresto")  # seat 2, third to play
    assert state.current_player == 3
    state.apply("concede")
    assert state.hand_no == 2 and "vagaresto" in state.legal_actions()


# --- the deal and the leftovers: TF-40, TF-41 ---------------------------------------------------------------
@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_tf40_deal_layout(dealer):
    deck = DECK[:]
    random.Random(dealer).shuffle(deck)
    state = deal(deck, dealer=dealer)
    assert state.cutter == (dealer - 1) % 4  # the dealer's left, the previous dealer
    assert state.current_player == state.cutter and state.phase == "comanda"
    for s in range(4):
        assert state.observation(s)["cut_card"] == deck[51]  # the public cut card, card 52
    state.apply("comanda manco ponto")
    right, opposite, left = (dealer + 1) % 4, (dealer + 2) % 4, (dealer + 3) % 4
    for h in range(1, 5):
        assert state.hand_no == h
        base = 12 * (h - 1)
        for k, seat in enumerate((right, opposite, left, dealer)):
            assert state.hand(seat) == deck[base + 3 * k : base + 3 * k + 3], (h, seat)
        assert state.current_player == right  # TF-3: the dealer's right leads every hand
        play_hand(state)
    assert state.is_terminal()
    assert state.leftovers() == [card(c) for c in deck[48:]]
    assert state.observation(0)["leftovers"] == deck[48:]


def test_tf41_leftovers_public_after_two_cards_of_the_last_hand():
    deck = DECK[:]
    random.Random(9).shuffle(deck)
    state = announced(deck)
    for _ in range(3):
        play_hand(state)
    assert state.hand_no == 4
    assert state.observation(3)["leftovers"] == deck[48:]  # the dealer has looked at them
    assert state.observation(3)["table"]["undealt cards"].endswith("(only you have seen them)")
    for s in (0, 1, 2):
        assert state.observation(s)["leftovers"] is None
        text = seen_text(state, s)
        for c in deck[48:51]:  # card 52 is the public cut card
            assert f'"{c}"' not in text
    first_card(state)  # the dealer's right
    assert not state.leftovers_public
    first_card(state)  # the dealer's partner
    assert state.leftovers_public
    for s in range(4):
        assert state.observation(s)["leftovers"] == deck[48:]
    assert any(m["kind"] == "leftovers" for m in state.observation(0)["messages"])


def test_tf41_vagaresto_in_the_last_hand_exposes_the_leftovers_at_once():
    state = announced(DECK)
    for _ in range(3):
        play_hand(state)
    assert state.observation(0)["leftovers"] is None
    state.apply("vagaresto")
    assert state.leftovers_public
    assert state.observation(1)["leftovers"] == DECK[48:]


def test_leftovers_stay_hidden_before_the_last_hand():
    state = announced()
    play_hand(state)
    assert state.observation(3)["leftovers"] is None
    state.apply("vagaresto")
    assert not state.leftovers_public


# --- the match: TF-42, TF-43 ----------------------------------------------------------------------------------
def test_tf42_first_dealer_draw_kings_redraw_suits_never_decide():
    pack = [card(c) for c in ("Kd", "Kc", "5s", "Hb", "7s", "9b", *DECK[:4])]
    dealer, rounds = draw_for_dealer(pack)
    assert [[(s, str(c)) for s, c in r] for r in rounds] == [
        [(0, "Kd"), (1, "Kc"), (2, "5s"), (3, "Hb")],
        [(0, "7s"), (1, "9b")],
    ]
    assert dealer == 1
    swapped = [card(c) for c in ("Kc", "Kd", "5s", "Hb", "7s", "9b")]
    assert draw_for_dealer(swapped)[0] == 1  # the suits of the kings changed nothing
    tie_again = [card(c) for c in ("Kd", "Kc", "5s", "Hb", "9s", "9d", "2c", "3b")]
    dealer, rounds = draw_for_dealer(tie_again)
    assert len(rounds) == 3 and dealer == 1


def test_tf42_the_match_draws_its_first_dealer_from_the_seed():
    dealers = set()
    for seed in range(12):
        match = trionfi.load("trionfetti").match(seed=seed)
        assert isinstance(match, TrionfettiMatch)
        draws = match.observation(0)["match"]["first_dealer_draw"]
        last = draws[-1]
        top_rank = max(ITALIAN_52.index(card(c)) % 13 for _, c in last)  # the pack is suit by suit, A to K
        winners = [s for s, c in last if ITALIAN_52.index(card(c)) % 13 == top_rank]
        assert winners == [match.first_dealer] == [match.state.dealer]
        assert match.state.cutter == (match.first_dealer - 1) % 4
        dealers.add(match.first_dealer)
        assert trionfi.load("trionfetti").match(seed=seed).first_dealer == match.first_dealer
    assert len(dealers) > 1


def _play_match(seed: int, **options: Any) -> TrionfettiMatch:
    match = trionfi.load("trionfetti", **options).match(seed=seed)
    random_play(match, random.Random(seed))
    return match


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_tf43_games_to_20_and_the_match_to_3_games(seed):
    match = _play_match(seed)
    assert match.is_terminal() and match.current_player is None
    assert max(match.games) == 3 and min(match.games) < 3
    assert match.points() == [float(g) for g in match.games]
    winner = match.games.index(3)
    assert match.winners() == [winner]
    assert match.returns() == [1.0 if s % 2 == winner else -1.0 for s in range(4)]
    assert [w for w, _ in match.game_log].count(winner) == 3
    expected_start = [0, 0]
    for i, st_ in enumerate(match.finished):
        assert list(st_.start) == expected_start
        end = st_.scores()
        if st_.game_winner is not None:
            assert end[st_.game_winner] >= 20 and end[1 - st_.game_winner] < 20
            expected_start = [0, 0]  # a new game from 0-0
            assert st_.results[-1].side == st_.game_winner  # the game ended at once, with the winning hand
        else:
            assert max(end) < 20
            expected_start = end
        if i:
            assert st_.dealer == (match.finished[i - 1].dealer + 1) % 4  # the deal passes to the right
    assert len(match.game_log) == sum(match.games)


def test_tf43_reaching_20_mid_smazzata_ends_it_at_once():
    deck = hands_deck("Kd Kc Ks", "3d 3c 3s", "4d 4c 4s", "5d 5c 5s")
    state = announced(deck, start_scores="19-4")
    play_hand(state)
    assert state.is_terminal() and state.game_winner == 0
    assert state.scores() == [20, 4] and state.hand_no == 1
    assert state.current_player is None and state.legal_actions() == []


def test_match_options_games_and_target():
    match = _play_match(5, games=1, target=5)
    assert max(match.games) == 1 and len(match.game_log) == 1
    assert max(match.game_log[0][1]) >= 5


# --- ties: TF-44 --------------------------------------------------------------------------------------------
def test_tf44_tie_first_played_wins_by_default():
    state = first_trick("più ponto e più figure", ["Kd", "Kc", "5s", "2c"])
    assert state.tricks[0].winner == 0


def test_tf44_void_trick_option():
    state = first_trick("più ponto e più figure", ["Kd", "Kc", "5s", "2c"], tie_rule="void_trick")
    assert state.tricks[0].winner is None
    assert state.hand_tricks == [None]
    assert state.current_player == 0  # the leader of the void trick leads again
    obs = state.observation(1)
    assert obs["tricks"][0]["void"] is True and obs["tricks"][0]["winner"] is None
    assert any("void" in m["text"] for m in obs["messages"])


def test_void_trick_same_team_tie_is_not_void():
    state = first_trick("più ponto e più figure", ["Kd", "2c", "Ks", "3c"], tie_rule="void_trick")
    assert state.tricks[0].winner == 0


def test_void_tricks_decide_the_hand_as_in_truc():
    # Trick 1 void, trick 2 to seat 1: the hand goes to seats 1+3 without a third trick.
    deck = hands_deck("Kd 2b 3b", "Kc Hc 4b", "6d 6c 6s", "7d 7c 7s")
    state = announced(deck, tie_rule="void_trick")
    for c in ("Kd", "Kc", "6d", "7d", "2b", "Hc", "6c", "7c"):
        state.apply(c)
    assert state.results == [HandResult(1, 1, 1, "tricks")]
    # Three void tricks: nobody scores.
    deck = hands_deck("Kd Hd Jd", "Kc Hc Jc", "2d 2c 2s", "3d 3c 3s")
    state = announced(deck, tie_rule="void_trick")
    for c in ("Kd", "Kc", "2d", "3d", "Hd", "Hc", "2c", "3c", "Jd", "Jc", "2s", "3s"):
        state.apply(c)
    assert state.results == [HandResult(1, None, 0, "void")]
    assert state.points() == [0, 0] and state.hand_no == 2


def test_the_table_says_the_game_score_with_the_leader_named():
    # "game score 1-2" read the wrong way round for one team: the leader's points come first, and the leader is
    # named as a side (each seat reads its side's name); a tie needs no name.
    deck = hands_deck("Kd 2b 3b", "Kc Hc 4b", "6d 6c 6s", "7d 7c 7s")
    state = announced(deck, tie_rule="void_trick", start_scores=(2, 1))
    for c in ("Kd", "Kc", "6d", "7d", "2b", "Hc", "6c", "7c"):
        state.apply(c)
    said = [m["text"] for m in state.observation(0)["messages"] if m["sender"] is None]
    assert said[-1] == "hand 1 to seats 1+3: 1 point; game score 2-2"
    state = announced(deck, tie_rule="void_trick", start_scores=(0, 1))
    for c in ("Kd", "Kc", "6d", "7d", "2b", "Hc", "6c", "7c"):
        state.apply(c)
    said = [m["text"] for m in state.observation(2)["messages"] if m["sender"] is None]
    assert said[-1] == "hand 1 to seats 1+3: 1 point; game score 2-0 to seats 1+3"


# --- the comanda as an action -------------------------------------------------------------------------------
def test_every_listed_comanda_parses_and_is_offered():
    state = deal()
    listed = [str(a) for a in state.legal_actions()]
    assert listed == [f"comanda {c}" for c in COMMON_COMANDE]
    for text in COMMON_COMANDE:
        trionfi.parse_comanda(text)
    for action in listed:
        other = state.clone()
        other.apply(action)
        assert other.phase == "play" and other.ranking == trionfi.parse_comanda(action[len("comanda ") :])


def test_free_comanda_text_is_parsed_and_recorded():
    state = deal(seed=3)
    state.apply("Comanda  Manco 7 e 8")
    assert state.comanda == "manco 7 e 8"
    assert str(state.history[-1]) == "comanda manco 7 e 8"
    assert state.ranking == trionfi.parse_comanda("manco 7 e 8")
    obs = state.observation(1)
    assert obs["comanda"] == "manco 7 e 8"
    assert obs["ranking"] == trionfi.parse_comanda("manco 7 e 8").to_list()
    assert obs["table"]["order, low to high"] == "K H J 10 9 6 5 4 3 2 A 7 8"
    assert trionfi.replay(state.to_record()).ranking == state.ranking


def test_rejected_comanda_must_be_announced_again():
    state = deal()
    message = assert_rejected(state, "comanda manco e cavoli", "announce the comanda again", "cavoli")
    assert state.current_player == 2 and state.phase == "comanda"
    assert_rejected(state, "comanda", "say which comanda")
    assert_rejected(state, "comanda   ", "say which comanda")
    state.apply("comanda manco e cavalli")
    assert state.phase == "play"
    assert_rejected(state, "comanda manco ponto", "announced once")
    assert message


def test_comanda_is_the_cutters_and_comes_first():
    state = deal()
    assert_rejected(state, "comanda manco ponto", "seat 2's turn", seat=0)
    assert_rejected(state, "vagaresto", "the comanda comes first, announced by seat 2, who cut")
    assert_rejected(state, "Kd", "the comanda comes first")
    assert all(state.hand(s) == [] for s in range(4))


def test_explicit_tiers_allowed_unless_switched_off():
    explicit = "comanda 8 9 10 J H K 2 3 4 5 A 6 7"
    state = deal()
    state.apply(explicit)
    assert state.observation(0)["table"]["order, low to high"] == "8 9 10 J H K 2 3 4 5 A 6 7"
    state = deal(allow_explicit_tiers=False)
    assert_rejected(state, explicit, "explicit tier lists are not allowed")
    state.apply("comanda primiera")  # the spoken form is fine
    with pytest.raises(trionfi.OptionError, match="explicit"):
        trionfi.load("trionfetti", comanda="8 9 10 J H K 2 3 4 5 A 6 7", allow_explicit_tiers=False)


def test_fixed_comanda_option_skips_the_announcement():
    state = deal(comanda="Manco e cavalli")
    assert state.phase == "play" and state.current_player == 0 and state.comanda == "manco e cavalli"
    assert state.ranking == trionfi.parse_comanda("manco e cavalli")
    assert all(len(state.hand(s)) == 3 for s in range(4))
    assert trionfi.load("trionfetti", comanda="none").fixed is None
    with pytest.raises(trionfi.OptionError, match="comanda"):
        trionfi.load("trionfetti", comanda="manco e cavoli")


# --- talk (RULES.md §4.6) -----------------------------------------------------------------------------------
def _after_first_trick(**options: Any) -> TrionfettiState:
    state = announced(hands_deck("Kd 2b 3b", "5d Kc 4b", "6d 6c 6s", "7d 7c 7s"), **options)
    for c in ("Kd", "5d", "6d", "7d"):
        state.apply(c)
    return state


def test_silence_in_the_comanda_and_the_first_trick():
    state = deal()
    assert_rejected(state, "say hello", "may not talk")
    state.apply("comanda primiera")
    assert not [a for a in state.legal_actions() if str(a).split()[0] in ("say", "signal")]
    assert_rejected(state, "say I hold the top card", "first trick")
    assert_rejected(state, "signal padrona", "first trick")
    state = _after_first_trick()
    kinds = {str(a).split()[0] for a in state.legal_actions()}
    assert {"say", "signal"} <= kinds


def test_public_talk_reaches_everybody_and_signals_only_the_partner():
    state = _after_first_trick()
    assert state.current_player == 0
    opponents_before = [json.dumps(state.observation(s), sort_keys=True) for s in (1, 3)]
    state.apply("signal padrona")
    # The opponents notice nothing at all.
    assert [json.dumps(state.observation(s), sort_keys=True) for s in (1, 3)] == opponents_before
    heard = state.observation(2)["messages"][-1]
    assert heard["sender"] == 0 and heard["kind"] == "signal" and "top card" in heard["text"]
    assert heard["recipients"] == [0, 2]
    assert "signal padrona" not in state.legal_actions() and "signal alba" not in state.legal_actions()
    assert_rejected(state, "signal alba", "one signal per trick")
    state.apply("say Ho il re, forse")  # free text, true or false
    for s in range(4):
        last = state.observation(s)["messages"][-1]
        assert last["text"] == "Ho il re, forse" and last["kind"] == "say" and last["sender"] == 0
    assert_rejected(state, "say ho il re, forse", "already said")
    assert_rejected(state, "say " + "x" * 201, "at most")
    state.apply("2b")
    state.apply("signal alba")  # seat 1: a new turn, a new signal (a lie perhaps)
    assert state.observation(3)["messages"][-1]["kind"] == "signal"
    assert state.observation(0)["messages"][-1]["kind"] == "say"


def test_talk_is_bounded_per_trick_and_reset_by_the_next():
    state = _after_first_trick()
    for i in range(6):
        state.apply(f"say remark {i}")
    assert not [a for a in state.legal_actions() if str(a).startswith("say")]
    assert_rejected(state, "say one more", "talked enough")
    for _ in range(4):
        first_card(state)
    if not state.is_terminal() and state.hand_no == 1:
        assert any(str(a).startswith("say") for a in state.legal_actions())


def test_no_talk_option():
    state = _after_first_trick(communication="none")
    assert not [a for a in state.legal_actions() if not isinstance(a, Card) and a != "vagaresto"]
    assert_rejected(state, "say hi", "communication=none")


def test_true_signal_judges_against_unseen_cards():
    state = _after_first_trick()
    # Seat 0 holds 2b 3b after Kd; higher unseen cards abound: no useful card.
    assert true_signal(state, 0) == "alba"
    # Seat 1 holds Kc 4b: three kings are out of sight? Kd is played, so Ks and Kb are unseen and equal to Kc.
    assert true_signal(state, 1) == "padrona"


# --- properties ---------------------------------------------------------------------------------------------
def places(state: TrionfettiState) -> Counter[str]:
    everything: list[Card] = [c for h in state.hands for c in h]
    everything += state.trick + state.discards + state.stock()
    for t in state.tricks:
        everything += t.cards
    return Counter(str(c) for c in everything)


FULL = Counter(DECK)
OPTION_SETS = [{}, {"tie_rule": "void_trick"}, {"skip_third_trick_when_decided": False}, {"communication": "none"}]


@pytest.mark.parametrize("options", OPTION_SETS, ids=["default", "void", "third", "silent"])
@settings(max_examples=20, deadline=None)
@given(seed=seeds, play=seeds)
def test_every_card_in_exactly_one_place_and_random_play_ends(options, seed, play):
    state = deal(seed=seed, **options)
    rng = random.Random(play)
    assert places(state) == FULL
    while not state.is_terminal():
        random_play(state, rng, steps=1)
        assert places(state) == FULL
        assert all(len(h) <= 3 for h in state.hands)
    assert state.legal_actions() == [] and state.current_player is None
    assert sum(r.points for r in state.results) == sum(state.points())
    assert state.points() == [sum(r.points for r in state.results if r.side == side) for side in (0, 1)]
    assert sum(state.returns()) == 0
    assert 1 <= len(state.results) <= 4
    assert all(h == [] for h in state.hands)


@settings(max_examples=20, deadline=None)
@given(seed=seeds, play=seeds, steps=st.integers(min_value=0, max_value=60))
def test_record_round_trip_and_clone_independence(seed, play, steps):
    state = deal(seed=seed)
    rng = random.Random(play)
    state.apply(rng.choice(["comanda manco 7 e 8", "comanda primiera e fanti", "comanda Più e Napoli"]))
    random_play(state, rng, steps=steps)
    record = state.to_record()
    again = trionfi.replay(json.loads(json.dumps(record)))
    assert again.to_record() == record
    for s in range(4):
        assert again.observation(s) == state.observation(s)
    copy = state.clone()
    before = snapshot(state)
    random_play(copy, random.Random(play + 1))
    assert copy.is_terminal()
    assert snapshot(state) == before


def test_match_record_round_trip_and_clone():
    match = trionfi.load("trionfetti").match(seed=11)
    random_play(match, random.Random(11), steps=150)
    copy = match.clone()
    record = match.to_record()
    random_play(copy, random.Random(1))
    assert copy.is_terminal() and match.to_record() == record
    again = trionfi.replay(record)
    assert again.games == match.games and again.game_scores == match.game_scores
    assert again.observation(2) == match.observation(2)


def test_deal_record_keeps_the_practice_options():
    state = deal(seed=2, start_scores=(9, 13), comanda="bomba")
    first_card(state)
    record = json.loads(json.dumps(state.to_record()))
    assert record["options"] == {"start_scores": [9, 13], "comanda": "bomba"}
    assert trionfi.replay(record).scores() == [9, 13]


# --- hidden information -------------------------------------------------------------------------------------
def hidden_places(state: TrionfettiState, seat: int) -> list[tuple[str, int, int]]:
    """Places holding a card ``seat`` cannot see: other hands (except a partner's hand a vagaresto opened)
    and the undealt pack, except the cut card and leftovers the seat has seen."""
    obs = state.observation(seat)
    out = []
    for s in range(4):
        if s == seat or str(s) in obs["open_hands"]:
            continue
        out += [("hand", s, i) for i in range(len(state.hands[s]))]
    seen_leftovers = obs["leftovers"] is not None
    for j in range(state.dealt, 52):
        if j == 51 or (seen_leftovers and j >= 48):
            continue
        out.append(("pack", 0, j))
    return out


def _get(state: TrionfettiState, place: tuple[str, int, int]) -> Card:
    return state.hands[place[1]][place[2]] if place[0] == "hand" else state.pack[place[2]]


def _set(state: TrionfettiState, place: tuple[str, int, int], c: Card) -> None:
    if place[0] == "hand":
        state.hands[place[1]][place[2]] = c
    else:
        pack = list(state.pack)
        pack[place[2]] = c
        state.pack = tuple(pack)


@settings(max_examples=25, deadline=None)
@given(seed=seeds, play=seeds, steps=st.integers(min_value=0, max_value=90), pick=seeds)
def test_swapping_unseen_cards_leaves_the_observation_unchanged(seed, play, steps, pick):
    state = deal(seed=seed)
    random_play(state, random.Random(play), steps=steps, talk=0.3)
    rng = random.Random(pick)
    for seat in range(4):
        hidden = hidden_places(state, seat)
        if len(hidden) < 2:
            continue
        view = json.dumps(state.observation(seat), sort_keys=True)
        for _ in range(3):
            a, b = rng.sample(hidden, 2)
            other = state.clone()
            ca, cb = _get(other, a), _get(other, b)
            _set(other, a, cb)
            _set(other, b, ca)
            other._legal_cache = None
            assert json.dumps(other.observation(seat), sort_keys=True) == view, (seat, a, b)


def test_cut_card_public_and_hands_hidden_from_the_start():
    deck = DECK[:]
    random.Random(5).shuffle(deck)
    state = deal(deck)
    for s in range(4):
        obs = state.observation(s)
        assert obs["cut_card"] == deck[51] and obs["table"]["cut card"].startswith(deck[51])
        assert obs["legal_actions"] == ([] if s != 2 else [str(a) for a in state.legal_actions()])
    state.apply("comanda più ponto")
    for s in range(4):
        text = seen_text(state, s)
        for other in range(4):
            if other != s:
                for c in state.hand(other):
                    assert f'"{c}"' not in text


# --- bad input ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"tie_rule": "nobody"}, "first_played"),
        ({"start_scores": "20-3"}, "start_scores"),
        ({"start_scores": "x"}, "start_scores"),
        ({"vagaresto_reraise": True}, "vagaresto_reraise"),
        ({"leader_each_hand": "cutter"}, "dealer_right"),
        ({"players": 4}, "options are"),
        ({"target": 0}, "target"),
        ({"comanda": 5}, "comanda"),
    ],
)
def test_bad_options(options, words):
    with pytest.raises(trionfi.OptionError, match=words):
        trionfi.load("trionfetti", **options)


def test_bad_moves_leave_the_state_unchanged():
    state = announced(hands_deck("Kd Kc Ks", "3d 3c 3s", "4d 4c 4s", "5d 5c 5s"))
    assert_rejected(state, "3d", "not in seat 0's hand")
    assert_rejected(state, "Qd", "not in this game's deck")
    assert_rejected(state, "zz", "neither a card code")
    assert_rejected(state, "Kd", "seat 0's turn", seat=1)
    assert_rejected(state, "concede", "no vagaresto")
    assert_rejected(state, 7, "not int")
    state.apply("Kd")
    assert_rejected(state, "Kc", "not in seat 1's hand")


def test_the_bot_plays_whole_matches_through_observations_only():
    from trionfi.agents import make_agent

    match = trionfi.load("trionfetti").match(seed=21)
    bots = [make_agent("random", 100 + s) for s in range(4)]
    steps = 0
    while not match.is_terminal():
        p = match.current_player
        match.apply(bots[p].choose(match.observation(p)), seat=p)
        steps += 1
    assert max(match.games) == 3 and steps > 50


# --- the terminal -------------------------------------------------------------------------------------------
def _human_script(seed: int, seat: int, match: bool = False) -> tuple[list[str], Any]:
    """What a player at ``seat`` types: a spoken comanda when he cuts, a vagaresto once, 'accept' to a call,
    else his first card; found by playing the same seeded game with the CLI's seeded bots."""
    from trionfi import cli

    game = trionfi.load("trionfetti")
    state = game.match(seed=seed) if match else game.deal(seed=seed)
    bots = cli.make_bots("random", seed, [s for s in range(4) if s != seat])
    typed: list[str] = []
    called = False
    while not state.is_terminal():
        p = state.current_player
        if p != seat:
            state.apply(bots[p].choose(state.observation(p)))
            continue
        legal = [str(a) for a in state.legal_actions()]
        if legal[0].startswith("comanda"):
            move = "comanda Manco e cavalli"
        elif "accept" in legal:
            move = "accept"
        elif "vagaresto" in legal and not called:
            move, called = "vaga", True
        else:
            move = next(a for a in legal if a not in ("vagaresto",) and not a.startswith(("say", "signal")))
        typed.append(move)
        state.apply(move)
    return typed, state


def test_cli_play_a_smazzata_with_comanda_and_vagaresto():
    from typer.testing import CliRunner

    from trionfi import cli

    typed, state = _human_script(seed=3, seat=2)
    assert typed[0] == "comanda Manco e cavalli"
    lines = ["comanda manco e cavoli", *typed]  # a refused command first: announced again
    result = CliRunner().invoke(
        cli.app, ["play", "--bots", "random", "trionfetti", "--seed", "3", "--seat", "2"], input="\n".join(lines)
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "must announce the comanda again" in out and "cavalli" in out
    assert "comanda: manco e cavalli" in out and "Order, low to high: K J 10 9 8 7 6 5 4 3 2 A H" in out
    assert "Cut card: " in out and "vagaresto!" in out
    assert "end of the deal" in out
    assert state.is_terminal()


def test_cli_refusals_before_the_comanda_speak_to_the_cutter_as_you():
    """The cutter typing a card before the comanda read "you cut and first announces the comanda", and a bare
    "comanda" read "you: say which comanda": the engine's "seat 2 ..." turned into "you" with the verb left
    for a third person. The texts now read rightly either way."""
    from typer.testing import CliRunner

    from trionfi import cli

    args = ["play", "--bots", "random", "trionfetti", "--seed", "3", "--seat", "2"]
    result = CliRunner().invoke(cli.app, args, input="Kd\ncomanda\nquit\n")
    assert result.exit_code == 0, result.output
    out = " ".join(result.stdout.split())
    assert "the comanda comes first, announced by you, who cut" in out
    assert "say which comanda after the word comanda, e.g. 'comanda manco e cavalli'" in out
    assert "announces the comanda" not in out and "you: " not in out


def test_cli_rules_and_simulate():
    from typer.testing import CliRunner

    from trionfi import cli

    rules = CliRunner().invoke(cli.app, ["rules", "trionfetti"])
    assert rules.exit_code == 0 and "vagaresto" in rules.stdout and "tie_rule" in rules.stdout
    sim = CliRunner().invoke(cli.app, ["simulate", "trionfetti", "-n", "30", "--seed", "1", "--json"])
    assert sim.exit_code == 0, sim.output
    result = json.loads(sim.stdout)
    assert sum(s["wins"] + s["draws"] for s in result["sides"]) >= 30
