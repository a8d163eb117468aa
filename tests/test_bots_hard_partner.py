"""The hard level's auction and call in Briscola Chiamata (agents/chiamata_auction.py): the playout rule, the
reading of the auction, the chance of a contract, the bid and the call, each on constructed positions."""

from __future__ import annotations

import random

import trionfi
from trionfi.agents import chiamata_auction as ca
from trionfi.agents import make_agent
from trionfi.agents.heuristics.briscola_chiamata import choose_bid as medium_bid
from trionfi.cards import ITALIAN_40, card


def codes(text: str) -> list[int]:
    return [ca.code(card(c)) for c in text.split()]


def auction_obs(hand: str, auction: list[tuple[int, str]] | None = None, seat: int = 0) -> dict:
    """The observation of ``seat`` in a deal's auction with ``hand`` after ``auction`` (legal bids worked out
    by the game from a deal whose hands are then replaced: only the public auction and the hand matter)."""
    game = trionfi.load("briscola-chiamata")
    state = game.deal(seed=1, dealer=4)
    for s, text in auction or []:
        state.apply(text, seat=s)
    assert state.current_player == seat
    obs = state.observation(seat)
    obs["hand"] = hand.split()
    return obs


def test_the_playout_loads_a_trick_its_side_holds_and_takes_loads_cheaply():
    side = [0, 1, 0, 1, 1]
    # Seat 2's partner (seat 0) leads the ace of trumps (trumps: coins, suit 0): only opponents follow seat 2,
    # so it keeps its load home; with only its own side left to play it loads.
    hand = codes("3c 4c Kd")
    assert ca._choose(hand, codes("Ad 2d"), 0, 11, side, 2, 0, 0, 2) == ca.code(card("4c"))
    side = [0, 1, 0, 1, 0]
    assert ca._choose(hand, codes("Ad 2d 4d 5d"), 0, 11, side, 4, 0, 0, 4) == ca.code(card("3c"))
    # An opponent's ace of a plain suit on the table: a low trump takes it, not the king of trumps.
    hand = codes("2d Kd 4s")
    assert ca._choose(hand, codes("Ac"), 0, 11, [0, 1, 0, 1, 1], 1, 0, 0, 1) == ca.code(card("2d"))
    # An empty trick: the cheapest plain card is led.
    assert ca._choose(codes("Ad 4s Kc"), [], -1, 0, side, 0, 0, 0, 0) == ca.code(card("4s"))


def test_a_playout_deals_out_every_card_and_every_point():
    rng = random.Random(3)
    deck = [ca.code(c) for c in ITALIAN_40]
    for _ in range(20):
        rng.shuffle(deck)
        hands = [deck[8 * s : 8 * s + 8] for s in range(5)]
        taken = ca.playout([h[:] for h in hands], [0, 0, 1, 1, 1], 2, rng.randrange(5))
        assert 0 <= taken <= 120
        swapped = ca.playout([h[:] for h in hands], [1, 1, 0, 0, 0], 2, 0)
        assert swapped == 120 - ca.playout([h[:] for h in hands], [0, 0, 1, 1, 1], 2, 0)


def test_a_hand_fits_what_its_owner_said_as_the_medium_level_bids():
    suits = ["d", "c", "s", "b"]
    strong = [card(c) for c in ["Ad", "3d", "Hd", "Jd", "7d", "6d", "As", "3c"]]
    weak = [card(c) for c in ["2d", "4c", "5s", "6b", "7c", "4s", "5b", "2c"]]
    assert ca.fits_auction(strong, [("bid A", ["bid A"])], suits)
    assert not ca.fits_auction(weak, [("bid A", ["bid A"])], suits)
    assert ca.fits_auction(weak, [("pass", ["bid A", "bid 3"])], suits)
    # Holding the three of its best suit the rule jumps to the king: a pass with the king open does not fit.
    assert ca.fits_auction(strong, [("pass", ["bid 3"])], suits)
    assert not ca.fits_auction(strong, [("pass", ["bid 3", "bid K"])], suits)


def test_the_worlds_deal_every_unseen_card_and_fit_the_auction():
    obs = auction_obs("2d 4c 5s 6b 7c 4s 5b 2c", [(0, "pass"), (1, "bid A"), (2, "pass"), (3, "pass"), (4, "bid 3")], 1)
    obs["seat"], obs["hand"] = 0, ["2d", "4c", "5s", "6b", "7c", "4s", "5b", "2c"]
    said = ca.auction_said(obs)
    assert said[1] == [
        ("bid A", ["bid A", "bid 3", "bid K", "bid H", "bid J", "bid 7", "bid 6", "bid 5", "bid 4", "bid 2"])
    ]
    assert said[4][0][0] == "bid 3" and said[4][0][1][:2] == ["bid 3", "bid K"]
    fits = 0
    for _ in range(30):
        hands = ca.draw_world(obs, random.Random(_), said)
        assert sorted(map(str, (c for h in hands for c in h))) == sorted(map(str, ITALIAN_40))
        assert [len(h) for h in hands] == [8] * 5 and hands[0] == [card(c) for c in obs["hand"]]
        fits += ca.fits_auction(hands[1], said[1], ["d", "c", "s", "b"])
    assert fits >= 25  # drawn again until they fit (a few tries at most)


def test_the_chance_of_a_contract_follows_the_hand():
    strong = auction_obs("3d Kd Hd Jd 7d 6d As 3c")
    weak = auction_obs("2d 4c 5s 6b 7c 4s 5b 2c")
    p_strong, called = ca.contract_chance(strong, 0, random.Random(1), 200)
    p_weak, _ = ca.contract_chance(weak, 0, random.Random(1), 200)
    assert called == "Ad" and p_strong > 0.8 and p_weak < 0.4
    assert ca.choose_bid(weak, random.Random(1)) == "pass"


def test_the_hard_level_bids_a_contract_the_medium_rule_passes():
    # The ace and three of batons and little else: the rule's rating for the king (8.5 needed) falls short, but
    # with the king of batons for a partner the caller's side makes 61 in about eight worlds of ten.
    obs = auction_obs("6d 6s Ab 3b 5s 4d Jd Kc", [(0, "bid A"), (1, "bid 3"), (2, "pass"), (3, "pass")], 4)
    assert medium_bid(obs) == "pass"
    p, called = ca.contract_chance(obs, 2, random.Random(2))
    assert p > ca.SURE and called == "Kb"
    assert ca.choose_bid(obs, random.Random(2)) == "bid K"
    searcher = make_agent("search", seed=2, game=trionfi.load("briscola-chiamata"))
    searcher.contracts = True
    assert searcher.choose(obs) == "bid K"
    searcher.contracts = False
    assert searcher.choose(obs) == "pass"
    # The hard level bids so (GAME_LEVELS); in other games the setting is not there.
    hard = make_agent("hard", seed=2, game=trionfi.load("briscola-chiamata"))
    assert hard.contracts and hard.choose(obs) == "bid K"
    assert not make_agent("hard", seed=2, game=trionfi.load("briscola")).contracts
    # A contract the playouts make in little more than half the worlds: the hard level's card play makes most
    # of those (docs/benchmarks.md), so it bids where a threshold set for medium's card play (0.7) would pass.
    thin = auction_obs("Hc 7s Kd 5b Jd Kc 2c 7d")
    p, called = ca.contract_chance(thin, 0, random.Random(2))
    assert medium_bid(thin) == "pass" and ca.SURE < p < 0.7 and called == "Ac"
    assert make_agent("hard", seed=5, game=trionfi.load("briscola-chiamata")).choose(thin) == "bid A"
    # Where the rule bids, the hard level bids as it does.
    strong = auction_obs("3d Kd Hd Jd 7d 6d As 3c")
    assert ca.choose_bid(strong, random.Random(1)) == medium_bid(strong) != "pass"


def test_the_call_is_the_card_whose_suit_makes_the_best_contract():
    game = trionfi.load("briscola-chiamata")
    state = game.deal(seed=1, dealer=4)
    for s, text in [(0, "bid A"), (1, "pass"), (2, "pass"), (3, "pass"), (4, "pass")]:
        state.apply(text, seat=s)
    obs = state.observation(0)
    obs["hand"] = ["3s", "Ks", "Hs", "Js", "7s", "6s", "3d", "2b"]
    assert obs["phase"] == "call"
    choice = ca.best_call(obs, random.Random(4), 100)
    assert choice == "call As"  # the long suit is trumps: the ace of spades is the partner's
    assert ca.searched_contract(game, obs, random.Random(4)) in obs["legal_actions"]
    assert ca.searched_contract(trionfi.load("briscola"), obs, random.Random(4)) is None
