"""State samplers of Triomphe, Troccas and Trionfetti (``game.sample_state``): a sampled state is one the
observation could come from.

The key property: ``sample_state(obs).observation(seat) == obs`` for random positions of every game and main
option, and the sampled state plays on. Besides: every card is in exactly one place; the cards the seat sees
stay where they are; the voids play has shown are respected (checked against an independent restatement of
the follow rules, and the sampler's own reading is checked against the real deal, so that it is never
stricter than the truth); the game-specific facts hold (robbed cards, discards, face-up cards, jack demands,
knocks, leftovers); and in simple positions every unseen card reaches every place it may be in.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

import trionfi
from trionfi.agents.random import RandomAgent
from trionfi.cards import card
from trionfi.games import strasbourg as sb
from trionfi.games import triomphe_sample, troccas_sample
from trionfi.games.hidden_deal import Inconsistent, deal_hidden
from trionfi.games.troccas import KEEP
from trionfi.games.troccas_scoring import FOOL_CARD, TRUMP, led_suit

CASES = [
    ("triomphe", {}),
    ("triomphe", {"must_head_trick": True, "undertrump_when_cannot_overtrump": False}),
    ("triomphe", {"allow_concession_offer": True, "partners_see_hands": True}),
    ("triomphe", {"enforce_legal_moves": False}),
    ("triomphe", {"ruleset": "strasbourg"}),
    ("triomphe", {"ruleset": "strasbourg", "must_trump": True, "players": 3}),
    ("triomphe", {"ruleset": "strasbourg", "partnerships": True}),
    ("troccas", {}),
    ("troccas", {"allow_knock": True, "truthful_tschintschar": True}),
    ("troccas", {"session_balance": -20, "kj_double_play_mode": "disabled"}),
    ("trionfetti", {}),
    ("trionfetti", {"tie_rule": "void_trick", "vagaresto_decider": "other"}),
    ("trionfetti", {"comanda": "manco e cavalli", "communication": "none"}),
]
IDS = [f"{name}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'default'}" for name, o in CASES]


def position(game: Any, seed: int, max_steps: int = 250) -> Any:
    """A random position (random bots: rare vagarestos, no random claims), or None if the deal ended."""
    rng = random.Random(seed)
    state = game.deal(seed=seed)
    agent = RandomAgent(seed=seed)
    for _ in range(rng.randrange(max_steps)):
        if state.is_terminal():
            return None
        state.apply(agent.choose(state.observation(state.current_player)))
    return None if state.is_terminal() else state


def positions(game: Any, count: int, first: int = 0) -> list[Any]:
    found, seed = [], first
    while len(found) < count:
        st = position(game, seed)
        seed += 1
        if st is not None:
            found.append(st)
    return found


def rt(obs: dict[str, Any]) -> dict[str, Any]:
    return json.loads(json.dumps(obs))


def play_out(state: Any, seed: int) -> None:
    agent = RandomAgent(seed=seed)
    steps = 0
    while not state.is_terminal():
        state.apply(agent.choose(state.observation(state.current_player)))
        steps += 1
        assert steps < 5000
    assert len(state.returns()) == state.game.players


# --- the key property ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
def test_sampled_state_gives_back_the_observation_and_plays_on(name, options):
    game = trionfi.load(name, **options)
    for i, state in enumerate(positions(game, 16, first=1000)):
        seat = state.current_player
        obs = rt(state.observation(seat))
        for j in range(2):
            sample = game.sample_state(obs, random.Random(j))
            assert rt(sample.observation(seat)) == obs, (name, options, i, j)
            assert [str(a) for a in sample.legal_actions()] == obs["legal_actions"]
            copy = sample.clone()
            play_out(copy, i * 10 + j)
            assert rt(sample.observation(seat)) == obs  # the clone was independent


def test_the_observation_is_not_changed_and_a_seeded_sample_is_reproducible():
    game = trionfi.load("troccas")
    state = positions(game, 1, first=77)[0]
    obs = rt(state.observation(state.current_player))
    before = json.dumps(obs)
    a = game.sample_state(obs, random.Random(5))
    b = game.sample_state(obs, random.Random(5))
    assert json.dumps(obs) == before
    assert a.hands == b.hands and a.discard == b.discard and a.pack == b.pack


def test_a_match_observation_samples_its_deal():
    game = trionfi.load("triomphe")
    match = game.match(seed=3)
    agent = RandomAgent(seed=3)
    for _ in range(40):
        match.apply(agent.choose(match.observation(match.current_player)))
    seat = match.current_player
    obs = rt(match.observation(seat))
    sample = game.sample_state(obs, random.Random(1))
    deal_obs = rt(match.state.observation(seat))
    assert rt(sample.observation(seat)) == deal_obs
    assert sample.context == match.state.context


# --- every card once, seen cards unmoved ---------------------------------------------------------------------
def triomphe_places(st: Any) -> Counter[str]:
    """Every card once: hands, laid away, the trick, the tricks, the stock below the turned cards, and the
    turned cards nobody took."""
    where: Counter[str] = Counter()
    for h in st.hands:
        where.update(map(str, h))
    where.update(map(str, st.discards))
    where.update(map(str, st.trick))
    for t in st.tricks:
        where.update(map(str, t.cards))
    where.update(str(c) for c in st.stock_cards[st.turned :])
    where.update(str(c) for c in st.stock_cards[: st.turned] if c not in st.taken)
    return where


def troccas_places(st: Any) -> Counter[str]:
    where: Counter[str] = Counter()
    for h in st.hands:
        where.update(map(str, h))
    where.update(map(str, st.discard))
    where.update(map(str, st.pack))
    where.update(map(str, st.trick))
    for t in st.tricks:
        where.update(map(str, t.cards))
    return where


def seen_by(obs: dict[str, Any]) -> set[str]:
    """Cards whose place the seat knows from its observation."""
    seen = set(obs["hand"])
    for t in obs["tricks"]:
        seen.update(c for _, c in t["cards"])
    seen.update(c for _, c in obs["trick"])
    for codes in (obs.get("open_hands") or {}).values():
        seen.update(codes)
    for codes in (obs.get("known_cards") or {}).values():
        seen.update(codes)
    return seen


@pytest.mark.parametrize(("name", "options"), [c for c in CASES if c[0] != "trionfetti"], ids=IDS[:10])
def test_every_card_in_one_place_and_seen_cards_stay(name, options):
    game = trionfi.load(name, **options)
    count = triomphe_places if name == "triomphe" else troccas_places
    for i, state in enumerate(positions(game, 15, first=2000)):
        seat = state.current_player
        obs = rt(state.observation(seat))
        sample = game.sample_state(obs, random.Random(i))
        assert count(sample) == Counter(str(c) for c in game.deck), i
        assert [str(c) for c in sample.hands[seat]] == obs["hand"]
        for s, codes in {**(obs.get("known_cards") or {}), **(obs.get("open_hands") or {})}.items():
            assert set(codes) <= {str(c) for c in sample.hands[int(s)]}
        # Cards in the other hands are unseen by the seat, or known to be there.
        seen = seen_by(obs)
        for s in range(game.players):
            if s == seat:
                continue
            known = set((obs.get("known_cards") or {}).get(str(s), [])) | set(
                (obs.get("open_hands") or {}).get(str(s), [])
            )
            assert not ({str(c) for c in sample.hands[s]} - known) & seen


def test_trionfetti_pack_keeps_every_seen_card_in_place():
    game = trionfi.load("trionfetti")
    for i, state in enumerate(positions(game, 25, first=3000)):
        seat = state.current_player
        obs = rt(state.observation(seat))
        sample = game.sample_state(obs, random.Random(i))
        assert sorted(map(str, sample.pack)) == sorted(map(str, game.deck))
        assert str(sample.pack[-1]) == obs["cut_card"]
        if obs["leftovers"] is not None:
            assert [str(c) for c in sample.pack[-4:]] == obs["leftovers"]
        assert [str(c) for c in sample.hands[seat]] == obs["hand"]
        for s, codes in (obs.get("open_hands") or {}).items():
            assert [str(c) for c in sample.hands[int(s)]] == codes
        # What was played in each hand came from the player's packet of that hand.
        for t in sample.tricks:
            for s, c in zip(t.seats, t.cards, strict=True):
                start = 12 * (t.hand - 1) + 3 * ((s - sample.dealer - 1) % 4)
                assert c in sample.pack[start : start + 3]


# --- voids ---------------------------------------------------------------------------------------------------
def plain_voids(obs: dict[str, Any], effective: Any) -> dict[int, set[str]]:
    """Suits each seat showed it lacks by not following the suit led (an independent, weaker restatement)."""
    voids: dict[int, set[str]] = {}
    seqs = [t["cards"] for t in obs["tricks"]] + [obs["trick"]]
    for seq in seqs:
        cards = [(s, card(c)) for s, c in seq]
        for i in range(1, len(cards)):
            s, c = cards[i]
            if c is FOOL_CARD:
                continue
            led = led_suit([x for _, x in cards[:i]]) if obs["game"] == "troccas" else effective(cards[0][1])
            if led is not None and effective(c) != led:
                voids.setdefault(s, set()).add(led)
                if obs["game"] == "troccas" and c.suit != TRUMP:
                    voids[s].add(TRUMP)
    return voids


@pytest.mark.parametrize(
    ("name", "options"),
    [("triomphe", {}), ("triomphe", {"ruleset": "strasbourg"}), ("troccas", {})],
    ids=["french", "strasbourg", "troccas"],
)
def test_sampled_hands_respect_the_voids_shown(name, options):
    game = trionfi.load(name, **options)
    checked = 0
    for i, state in enumerate(positions(game, 40, first=4000)):
        seat = state.current_player
        obs = rt(state.observation(seat))
        suit_of = state._suit_of if name == "triomphe" and state._suit_of is not None else None

        def effective(c, suit_of=suit_of):
            return suit_of[c] if suit_of is not None else c.suit

        voids = plain_voids(obs, effective)
        for j in range(3):
            sample = game.sample_state(obs, random.Random(j))
            for s, suits in voids.items():
                if s != seat:
                    held = {effective(c) for c in sample.hands[s] if c is not FOOL_CARD}
                    assert not held & suits, (i, s, suits)
                    checked += 1
    assert checked > 20


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"must_head_trick": True},
        {"undertrump_when_cannot_overtrump": False},
        {"ruleset": "strasbourg", "must_trump": True},
    ],
)
def test_triomphe_void_reading_never_excludes_the_real_deal(options):
    game = trionfi.load("triomphe", **options)
    for state in positions(game, 60, first=5000):
        obs = rt(state.observation(state.current_player))
        tricks = [
            trionfi.engine.Trick(
                t["leader"], tuple(s for s, _ in t["cards"]), tuple(card(c) for _, c in t["cards"]), 0, 0
            )
            for t in obs["tricks"]
        ]
        trick = [card(c) for _, c in obs["trick"]]
        bad = triomphe_sample._voids(game, obs, tricks, trick, obs["trump"], state._suit_of, state._strength)
        for s, cards in bad.items():
            assert not set(state.hands[s]) & cards


def test_troccas_readings_never_exclude_the_real_deal():
    game = trionfi.load("troccas", allow_knock=True)
    facts = 0
    for state in positions(game, 50, first=6000):
        obs = rt(state.observation(state.current_player))
        tricks = state.tricks
        current = list(zip(state.trick_seats, state.trick, strict=True))
        for s, cards in troccas_sample._voids(obs, tricks, current).items():
            assert not set(state.hands[s]) & cards
        played = {c for t in tricks for c in t.cards} | set(state.trick)
        for holder, c in troccas_sample._demand_facts(obs["table"]["jack demands"]):
            if c not in played:
                assert c in (state.discard if holder is None else state.hands[holder])
                facts += 1
        knocked, knocks = troccas_sample._knocks(obs, tricks, current, obs["table"]["knocks"])
        assert knocked[state.current_player] == state.knocked[state.current_player]
        for s, c in knocks:
            if c not in played:
                assert c in state.hands[s]
                facts += 1
    assert facts > 5


# --- game-specific facts -------------------------------------------------------------------------------------
def robbed_positions(game: Any, count: int, first: int) -> list[Any]:
    """Positions after a robbing (every card that may be robbed is taken), a few random cards into the play."""
    found = []
    seed = first
    while len(found) < count:
        state = game.deal(seed=seed)
        rng = random.Random(seed)
        seed += 1
        while state.phase in ("rob", "discard"):
            legal = [str(a) for a in state.legal_actions()]
            robs = [a for a in legal if a.startswith("rob ")]
            state.apply(robs[0] if robs else rng.choice(legal))
        if state.robber is None:
            continue
        for _ in range(rng.randrange(12)):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_terminal() and state.current_player != state.robber:
            found.append(state)
    return found


def test_triomphe_robbed_cards_and_the_ace_stay_with_the_robber():
    game = trionfi.load("triomphe")
    for state in robbed_positions(game, 12, first=7000):
        seat, robber = state.current_player, state.robber
        obs = rt(state.observation(seat))
        played = {c for t in state.tricks for c in t.cards} | set(state.trick)
        ace = card("A" + state.trump)
        for j in range(3):
            sample = game.sample_state(obs, random.Random(j))
            theirs = set(sample.hands[robber]) | set(sample.discards)
            for c in sample.taken:
                assert c in played or c in theirs
            if state.stock_cards[0].rank != "A":
                assert ace in played or ace in theirs
            assert len(sample.discards) == len(state.discards)


def test_strasbourg_discards_are_worthless_cards():
    game = trionfi.load("triomphe", ruleset="strasbourg")
    for state in robbed_positions(game, 6, first=8000):
        obs = rt(state.observation(state.current_player))
        for j in range(5):
            sample = game.sample_state(obs, random.Random(j))
            assert len(sample.discards) == len(state.discards) > 0
            assert all(c in sb.WORTHLESS for c in sample.discards)


def test_troccas_discard_and_face_up_cards():
    game = trionfi.load("troccas")
    checked = 0
    for i, state in enumerate(positions(game, 40, first=9000)):
        seat = state.current_player
        if seat == state.dealer or len(state.discard) < 2:
            continue
        obs = rt(state.observation(seat))
        sample = game.sample_state(obs, random.Random(i))
        assert len(sample.discard) == 2 and not set(sample.discard) & KEEP
        for s, c in sample.face_up.items():
            if c in state.hands[s]:
                assert c in sample.hands[s]
        checked += 1
    assert checked > 10


def test_troccas_truthful_statements_about_the_whole_hand_or_the_pause_in_progress_hold_in_samples():
    from trionfi.games import troccas_talk as talk

    game = trionfi.load("troccas", truthful_tschintschar=True)
    checked = 0
    for i, state in enumerate(positions(game, 80, first=10_000)):
        seat = state.current_player
        obs = rt(state.observation(seat))
        now = state._stage() if state.phase in ("talk", "poll") else "after the deal"
        said = [(w, t) for w, t in state.said if w in ("after the deal", now) and not t.endswith("new deal")]
        if not said:
            continue
        sample = game.sample_state(obs, random.Random(i))
        for _, text in said:
            who, name = int(text.split()[1]), text.split(" ", 2)[2]
            if who == seat:
                continue
            st = next(s for s in talk.STATEMENTS if s.name == name)
            plays = [c for t in sample.tricks for s, c in zip(t.seats, t.cards, strict=True) if s == who]
            plays += [c for s, c in zip(sample.trick_seats, sample.trick, strict=True) if s == who]
            held = sample.hands[who] + plays + (sample.discard if who == sample.dealer else [])
            assert st.true_of(talk.shape(held)), (i, text)
            checked += 1
    assert checked > 10


# --- reachability --------------------------------------------------------------------------------------------
def test_triomphe_every_unseen_card_reaches_every_place():
    game = trionfi.load("triomphe", rob_stock=False)
    state = game.deal(seed=11)
    seat = state.current_player  # the first lead: nothing shown yet
    obs = rt(state.observation(seat))
    unseen = {c for c in game.deck if str(c) not in obs["hand"] and str(c) != obs["turn_up"]}
    reached: dict[str, set] = {p: set() for p in ("1", "2", "3", "stock")}
    for j in range(300):
        sample = game.sample_state(obs, random.Random(j))
        for s in (1, 2, 3):
            reached[str(s)].update(sample.hands[s])
        reached["stock"].update(sample.stock_cards[1:])
    assert all(r == unseen for r in reached.values())


def test_triomphe_a_void_keeps_its_suit_out_of_one_hand_only():
    game = trionfi.load("triomphe", rob_stock=False)
    # Seat 0 leads a heart; seat 1 plays a club: he has no heart and (French rules) no trump.
    for seed in range(200):
        state = game.deal(seed=seed)
        if state.trump in "hc":
            continue
        h0 = [c for c in state.hands[0] if c.suit == "h"]
        h1 = [c for c in state.hands[1] if c.suit == "c"]
        if h0 and h1 and not any(c.suit in ("h", state.trump) for c in state.hands[1]):
            break
    state.apply(h0[0])
    state.apply(h1[0])
    seat = state.current_player
    obs = rt(state.observation(seat))
    hearts = {c for c in game.deck if c.suit == "h"} - {card(c) for c in obs["hand"]} - {h0[0]}
    reached: dict[int, set] = {1: set(), 2: set(), 3: set()}
    for j in range(300):
        sample = game.sample_state(obs, random.Random(j))
        for s in reached:
            if s != seat:
                reached[s].update(c for c in sample.hands[s] if c.suit in ("h", state.trump))
    assert not reached[1]
    others = [s for s in (2, 3) if s != seat]
    for s in others:
        assert hearts <= reached[s]


def test_troccas_every_unseen_card_reaches_every_place():
    game = trionfi.load("troccas")
    state = game.deal(seed=4)
    agent = RandomAgent(seed=1)
    while state.phase != "play":
        state.apply(agent.choose(state.observation(state.current_player)))
    seat = (state.dealer + 1) % 4  # not the dealer: his discard is hidden
    obs = rt(state.observation(seat))
    seen = seen_by(obs)
    unseen = {str(c) for c in game.deck} - seen
    reached: dict[str, set] = {f"hand {s}": set() for s in range(4) if s != seat}
    reached["discard"] = set()
    for j in range(400):
        sample = game.sample_state(obs, random.Random(j))
        for s in range(4):
            if s != seat:
                reached[f"hand {s}"].update(map(str, sample.hands[s]))
        reached["discard"].update(map(str, sample.discard))
    for place, cards in reached.items():
        if place == "discard":
            assert cards == {c for c in unseen if card(c) not in KEEP}
        else:
            known = set(obs["known_cards"].get(place.split()[1], []))
            assert cards == unseen | known


def test_trionfetti_every_unseen_card_reaches_every_place():
    game = trionfi.load("trionfetti", comanda="bomba")
    state = game.deal(seed=8)
    seat = state.current_player
    obs = rt(state.observation(seat))
    unseen = {str(c) for c in game.deck} - set(obs["hand"]) - {obs["cut_card"]}
    reached: dict[str, set] = {}
    for j in range(300):
        sample = game.sample_state(obs, random.Random(j))
        for s in range(4):
            if s != seat:
                reached.setdefault(f"hand {s}", set()).update(map(str, sample.hands[s]))
        reached.setdefault("later hands", set()).update(map(str, sample.pack[12:48]))
        reached.setdefault("leftovers", set()).update(map(str, sample.pack[48:51]))
    assert all(r == unseen for r in reached.values())


# --- the dealing helper --------------------------------------------------------------------------------------
def test_deal_hidden_respects_masks_and_sizes():
    rng = random.Random(0)
    cards = list(range(10))
    allowed = {0: 0b001, 1: 0b001, 2: 0b110, 3: 0b100}
    for _ in range(200):
        out = deal_hidden(cards, [3, 3, 4], allowed, rng)
        assert [len(p) for p in out] == [3, 3, 4]
        assert sorted(c for p in out for c in p) == cards
        assert 0 in out[0] and 1 in out[0] and 3 in out[2] and 2 not in out[0]


def test_deal_hidden_says_when_it_is_impossible():
    with pytest.raises(Inconsistent):
        deal_hidden([1, 2, 3], [1, 2], {1: 0b01, 2: 0b01}, random.Random(0))
    with pytest.raises(Inconsistent):
        deal_hidden([1, 2], [1, 2], {}, random.Random(0))
