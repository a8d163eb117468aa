"""State samplers of Trijumf and Briscola Chiamata (``game.sample_state``): a sample is a full, playable state the
observation could come from. The key property: ``sample.observation(seat) == observation``. And: every card in
exactly one place, no card the seat can see placed anywhere else, voids shown by play respected, the called card
where the seat's knowledge allows, every allowed place reachable, and nothing used but the observation."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trionfi
from trionfi.agents import make_agent

FAST = settings(max_examples=40, deadline=None)
seeds = st.integers(min_value=0, max_value=2**32 - 1)
TRIJUMF = [{"players": n, "cut_option": cut} for n in (2, 4) for cut in (None, "cut", "knock", "flip")]


def reach(game: Any, seed: int, steps: int) -> Any:
    """A deal after up to ``steps`` actions of heuristic and random bots (no claim: they claim only when right)."""
    rng = random.Random(seed)
    state = game.deal(seed=seed)
    bots = [make_agent(rng.choice(["heuristic", "random"]), seed=seed + s, game=game) for s in range(game.players)]
    for _ in range(steps):
        if state.is_terminal():
            break
        seat = state.current_player
        state.apply(bots[seat].choose(state.observation(seat)))
    return state


def as_json(obs: dict[str, Any]) -> Any:
    return json.loads(json.dumps(obs))


def places(state: Any) -> Counter[str]:
    """Every card of a dealt Trijumf or Chiamata state, wherever it is."""
    found: Counter[str] = Counter()
    for seat in range(state.game.players):
        found.update(str(c) for c in state.hand(seat))
    found.update(str(c) for c in getattr(state, "stock", []))
    found.update(str(c) for c in state.trick)
    for t in state.tricks:
        found.update(str(c) for c in t.cards)
    return found


def play_out(state: Any, rng: random.Random) -> None:
    """Random legal play to the end (never a claim): the sample must play on like a real deal."""
    while not state.is_terminal():
        legal = [a for a in state.legal_actions() if a != "claim"]
        state.apply(rng.choice(legal))
    assert len(state.returns()) == state.game.players


def trijumf_voids(obs: dict[str, Any]) -> dict[int, set[str]]:
    """Suits each seat lacks, worked out here from RULES.md §1.5 (not from the sampler): not following the suit
    led means none of it; not trumping either, when trumps were in force, means no trumps."""
    knock4 = obs["cut"] == "knock" and obs["players"] == 4
    later = card_suit(obs["declarations"][0][1].split("+")[0]) if knock4 and obs["declarations"] else None
    lacks: dict[int, set[str]] = {}
    tricks = [t["cards"] for t in obs["tricks"]] + ([obs["trick"]] if obs["trick"] else [])
    for i, cards in enumerate(tricks):
        trump = (None if i == 0 else later) if knock4 else obs["trump"]
        led = card_suit(cards[0][1])
        for seat, code in cards[1:]:
            if card_suit(code) != led:
                lacks.setdefault(seat, set()).add(led)
                if trump is not None and card_suit(code) != trump:
                    lacks[seat].add(trump)
    return lacks


def card_suit(code: str) -> str:
    return trionfi.card(code).suit


def check_sample(game: Any, state: Any, sample: Any) -> None:
    """The facts every sample must respect (besides the observation's equality)."""
    seat = state.current_player
    obs = state.observation(seat)
    assert places(sample) == Counter(str(c) for c in game.deck)
    assert [str(c) for c in sample.hand(seat)] == obs["hand"]
    for s, codes in (obs.get("known_cards") or {}).items():
        assert set(codes) <= {str(c) for c in sample.hand(int(s))}
    # A card the seat has not seen is placed only where it cannot see.
    visible = set(obs["hand"]) | {c for _, c in obs["trick"]} | {c for t in obs["tricks"] for _, c in t["cards"]}
    for s in range(game.players):
        if s != seat:
            known = set((obs.get("known_cards") or {}).get(str(s), []))
            assert not ({str(c) for c in sample.hand(s)} - known) & visible


# --- Trijumf ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("options", TRIJUMF, ids=[f"{o['players']}p-{o['cut_option']}" for o in TRIJUMF])
@FAST
@given(seed=seeds, steps=st.integers(min_value=0, max_value=44), sample_seed=seeds)
def test_trijumf_sample_has_the_same_observation(options: dict[str, Any], seed: int, steps: int, sample_seed: int):
    game = trionfi.load("trijumf", **options)
    state = reach(game, seed, steps)
    if state.is_terminal():
        return
    seat = state.current_player
    obs = as_json(state.observation(seat))
    sample = game.sample_state(obs, random.Random(sample_seed))
    assert as_json(sample.observation(seat)) == obs
    if state.phase != "cut":
        check_sample(game, state, sample)
        lacks = trijumf_voids(obs)
        for s, suits in lacks.items():
            if s == seat:
                continue
            known = set((obs.get("known_cards") or {}).get(str(s), []))
            unknown = [c for c in sample.hand(s) if str(c) not in known]
            assert not [c for c in unknown if c.suit in suits], (s, suits, unknown)
        if game.players == 2 and obs["stock"]:
            assert str(sample.stock[0]) == obs["indicator"]  # the turned-up card stays at the bottom
    play_out(sample.clone(), random.Random(sample_seed))


def test_trijumf_sample_before_the_cut_deals_nothing() -> None:
    game = trionfi.load("trijumf", players=4)
    state = game.deal(seed=8)
    state.enter_match([120, 95])
    obs = as_json(state.observation(state.current_player))
    sample = game.sample_state(obs, random.Random(1))
    assert sample.phase == "cut" and all(not sample.hand(s) for s in range(4))
    assert as_json(sample.observation(state.current_player)) == obs
    assert sample.carried == [120, 95]
    play_out(sample, random.Random(2))


def test_trijumf_sample_uses_nothing_but_the_observation() -> None:
    # Two real states that differ only in cards the seat cannot see give the same samples.
    game = trionfi.load("trijumf", players=4, cut_option="cut")
    for seed in range(10):
        state = reach(game, seed, 9)
        seat = state.current_player
        obs = state.observation(seat)
        others = [s for s in range(4) if s != seat]
        a, b = others[0], others[1]
        known = {c for codes in obs["known_cards"].values() for c in codes}
        ca = next((c for c in state.hands[a] if str(c) not in known), None)
        cb = next((c for c in state.hands[b] if str(c) not in known and ca is not None and c.suit == ca.suit), None)
        if ca is None or cb is None:
            continue
        twin = state.clone()
        twin.hands[a][twin.hands[a].index(ca)] = cb
        twin.hands[b][twin.hands[b].index(cb)] = ca
        assert twin.observation(seat) == obs
        one = game.sample_state(as_json(obs), random.Random(seed))
        two = game.sample_state(as_json(twin.observation(seat)), random.Random(seed))
        assert [one.hand(s) for s in range(4)] == [two.hand(s) for s in range(4)]


def find(game: Any, want: Any, steps: range) -> Any:
    for seed in range(500):
        for n in steps:
            state = reach(game, seed, n)
            if not state.is_terminal() and want(state):
                return state
    raise AssertionError("no such position")


def test_trijumf_two_players_every_unseen_card_reaches_the_hand_and_the_stock() -> None:
    game = trionfi.load("trijumf", players=2, cut_option="cut")
    state = find(game, lambda s: len(s.tricks) == 2 and not s.trick, range(2, 8))
    seat = state.current_player
    obs = as_json(state.observation(seat))
    other = 1 - seat
    lacks = trijumf_voids(obs).get(other, set())
    seen: dict[str, set[str]] = {}
    for k in range(300):
        sample = game.sample_state(obs, random.Random(k))
        known = set(obs["known_cards"].get(str(other), []))
        for c in sample.hand(other):
            if str(c) not in known:
                seen.setdefault(str(c), set()).add("hand")
        for c in sample.stock[1:]:
            seen.setdefault(str(c), set()).add("stock")
    for code, where in seen.items():
        allowed = {"stock"} | (set() if card_suit(code) in lacks else {"hand"})
        assert where == allowed, (code, where, allowed)
    assert len(seen) == obs["hand_sizes"][other] - len(obs["known_cards"].get(str(other), [])) + obs["stock"] - 1


def test_trijumf_four_players_voids_and_reach() -> None:
    # A position in which a player has shown a void: the cards of that suit never go to him, every other unseen
    # card reaches every other hand.
    game = trionfi.load("trijumf", players=4, cut_option="cut")

    def shows_a_void(state: Any) -> bool:
        obs = state.observation(state.current_player)
        lacks = trijumf_voids(obs)
        return any(s != state.current_player for s in lacks) and len(state.tricks) <= 3

    state = find(game, shows_a_void, range(4, 14))
    seat = state.current_player
    obs = as_json(state.observation(seat))
    lacks = trijumf_voids(obs)
    seen: dict[str, set[int]] = {}
    for k in range(300):
        sample = game.sample_state(obs, random.Random(k))
        for s in range(4):
            if s == seat:
                continue
            known = set(obs["known_cards"].get(str(s), []))
            for c in sample.hand(s):
                if str(c) not in known:
                    seen.setdefault(str(c), set()).add(s)
    for code, where in seen.items():
        allowed = {s for s in range(4) if s != seat and card_suit(code) not in lacks.get(s, set())}
        assert where == allowed, (code, where, allowed, lacks)


# --- Briscola Chiamata -----------------------------------------------------------------------------------------
CHIAMATA = trionfi.load("briscola-chiamata")


@FAST
@given(seed=seeds, steps=st.integers(min_value=0, max_value=50), sample_seed=seeds)
def test_chiamata_sample_has_the_same_observation(seed: int, steps: int, sample_seed: int) -> None:
    state = reach(CHIAMATA, seed, steps)
    if state.is_terminal():
        return
    seat = state.current_player
    obs = as_json(state.observation(seat))
    sample = CHIAMATA.sample_state(obs, random.Random(sample_seed))
    assert as_json(sample.observation(seat)) == obs
    check_sample(CHIAMATA, state, sample)
    if sample.called is not None:
        assert sample.partner == next(s for s in range(5) if sample.called in sample.hands[s] + played(sample, s))
        if obs["partner"] is not None:
            assert sample.partner == obs["partner"]
    play_out(sample.clone(), random.Random(sample_seed))


def played(state: Any, seat: int) -> list[Any]:
    cards = [c for t in state.tricks for s, c in zip(t.seats, t.cards, strict=True) if s == seat]
    return cards + [c for s, c in zip(state.trick_seats, state.trick, strict=False) if s == seat]


def called_position(role: str) -> Any:
    """A deal in play, the called card not yet played, the seat to act being the caller, the partner or a
    defender (``role``); the caller did not call his own card."""
    for seed in range(2000):
        state = CHIAMATA.deal(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal() and state.phase != "play":
            state.apply(rng.choice(state.legal_actions()))
        if state.is_terminal() or state.partner == state.caller:
            continue
        for _ in range(rng.randrange(0, 12)):
            legal = [c for c in state.legal_actions() if c != state.called] or state.legal_actions()
            state.apply(rng.choice(legal))
        if state.revealed:
            continue
        seat = state.current_player
        found = {"caller": state.caller, "partner": state.partner}.get(role)
        if seat == found or (role == "defender" and seat not in (state.caller, state.partner)):
            return state
    raise AssertionError("no such position")


@pytest.mark.parametrize("role", ["caller", "defender"])
def test_chiamata_the_called_card_lands_in_every_other_hand(role: str) -> None:
    state = called_position(role)
    seat = state.current_player
    obs = as_json(state.observation(seat))
    assert obs["partner"] is None
    holders = Counter()
    for k in range(300):
        sample = CHIAMATA.sample_state(obs, random.Random(k))
        holder = next(s for s in range(5) if sample.called in sample.hands[s])
        assert holder != seat and sample.partner == holder
        holders[holder] += 1
    assert set(holders) == {s for s in range(5) if s != seat}  # the caller's own hand included for a defender


def test_chiamata_the_partner_keeps_the_called_card() -> None:
    state = called_position("partner")
    seat = state.current_player
    obs = as_json(state.observation(seat))
    assert obs["partner"] == seat
    for k in range(50):
        sample = CHIAMATA.sample_state(obs, random.Random(k))
        assert sample.called in sample.hands[seat] and sample.partner == seat


def test_chiamata_auction_sample_deals_the_other_hands_at_random() -> None:
    state = CHIAMATA.deal(seed=4)
    state.apply("bid K")
    state.apply("pass")
    seat = state.current_player
    obs = as_json(state.observation(seat))
    holders: dict[str, set[int]] = {}
    for k in range(300):
        sample = CHIAMATA.sample_state(obs, random.Random(k))
        assert as_json(sample.observation(seat)) == obs
        for s in range(5):
            for c in sample.hand(s):
                holders.setdefault(str(c), set()).add(s)
    for code, where in holders.items():
        assert where == ({seat} if code in obs["hand"] else {s for s in range(5) if s != seat})


def test_chiamata_sample_is_a_replayable_deal() -> None:
    state = reach(CHIAMATA, 21, 30)
    seat = state.current_player
    sample = CHIAMATA.sample_state(as_json(state.observation(seat)), random.Random(0))
    again = trionfi.replay(sample.to_record())
    assert again.observation(seat) == sample.observation(seat)


def test_trijumf_tight_voids_are_dealt_card_by_card() -> None:
    # Hand A lacks cups and coins, so it must take the four swords; B lacks swords. A uniform deal almost never
    # fits, so the cards are placed one by one, and every admissible place is still reached.
    from trionfi.games.trijumf_sample import deal_hidden

    cards = [trionfi.card(r + s) for s in "cds" for r in ("A", "2", "3", "4")]
    banned = [frozenset("cd"), frozenset("s"), frozenset()]
    where: dict[str, set[int]] = {}
    for k in range(300):
        dealt = deal_hidden(cards, [4, 4, 4], banned, random.Random(k))
        assert sorted(dealt[0]) == sorted(c for c in cards if c.suit == "s")
        assert Counter(c for got in dealt for c in got) == Counter(cards)
        for i, got in enumerate(dealt):
            for c in got:
                where.setdefault(str(c), set()).add(i)
    assert all(where[str(c)] == ({0} if c.suit == "s" else {1, 2}) for c in cards)
    with pytest.raises(ValueError, match="inconsistent"):
        deal_hidden(cards, [4, 4, 4], [frozenset("cds"), frozenset(), frozenset()], random.Random(0))
