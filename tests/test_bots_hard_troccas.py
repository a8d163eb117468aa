"""The hard level in Troccas: its playouts run off the engine by the medium bot's card rule (each player judging
from the cards he has not seen), count the deal as the engine does, and are what the search scores; its worlds
leave out of an opponent's hand what the medium rule says he cannot hold."""

from __future__ import annotations

import random
from typing import Any

import trionfi
from trionfi.agents import make_agent
from trionfi.agents.heuristics.troccas import policy
from trionfi.agents.search import SearchAgent
from trionfi.agents.troccas_playout import INDEX, POWER, SUIT, Deal, playout_points, settle
from trionfi.agents.troccas_reading import medium_exclusions, medium_trump_counts
from trionfi.cards import card
from trionfi.games.troccas_sample import sample_state


def _position(game: Any, seed: int, cards: int) -> Any:
    """A deal of ``game`` after the medium bots' talk and discard, then ``cards`` cards played at random."""
    rng = random.Random(seed)
    state = game.deal(seed=seed)
    medium = make_agent("medium", seed=seed, game=game)
    played = 0
    while state.current_player is not None and (state.phase != "play" or played < cards):
        if state.phase == "play":
            played += 1
            state.apply(rng.choice(state.legal_actions()))
        else:
            state.apply(medium.choose(state.observation(state.current_player)))
    return state


def test_playouts_play_the_medium_bots_cards_and_count_as_the_engine() -> None:
    # Without king and jack played together (the playouts never do it), every card and demand of a playout is
    # the medium bot's answer to that seat's observation, and replaying them through the engine gives the same
    # count: mid-trick starts, Fool exchanges and jack demands included.
    game = trionfi.load("troccas", kj_double_play_mode="disabled")
    rng = random.Random(0)
    demands = fools = 0
    for seed in range(24):
        state = _position(game, seed, cards=(seed * 7) % 60)
        moves: list[Any] = []
        points = playout_points(state.clone(), moves)
        replay = state.clone()
        settle(replay)
        for move in moves:
            assert policy(replay.observation(replay.current_player), rng) == str(move)
            replay.apply(str(move))
        assert replay.current_player is None
        assert points == replay.points()
        assert sum(points) == 72
        demands += any(str(m).startswith("demand") for m in moves)
        fools += bool(replay.fool_notes)
    assert demands and fools  # the positions did exercise both rules


def _deal(hands: dict[int, list[str]], led: str) -> Deal:
    """A playout's deal in the middle of a trick of suit ``led``: these hands, no discard, seat 0 dealing."""
    deal = Deal(_position(trionfi.load("troccas"), seed=3, cards=0))
    deal.hands = [[[] for _ in range(6)] for _ in range(4)]
    for seat, codes in hands.items():
        for i in sorted((INDEX[card(c)] for c in codes), key=POWER.__getitem__):
            deal.hands[seat][SUIT[i]].append(i)
    deal.discard = []
    deal.dealer = 0
    deal.led = SUIT[INDEX[card(led)]]
    return deal


def _trick(*codes: str) -> list[int]:
    return [INDEX[card(c)] for c in codes]


def test_playout_smears_on_a_partners_sure_trick_and_takes_cheaply() -> None:
    # Seat 2 led the king of coins, seat 3 followed; seat 0 (seat 2's partner) plays, seat 1 is still to play.
    hands = {0: ["Qd", "3d", "7s"], 1: ["5d", "6s"], 2: ["8s"], 3: ["9s"]}
    deal = _deal(hands, "Kd")
    # The king holds (no higher coin, no trump out): load it with the queen.
    assert deal.follow(0, _trick("Kd", "4d"), [2, 3]) == INDEX[card("Qd")]
    # A trump out (seat 0 cannot tell it from one seat 1 holds): the king may be trumped, so play cheap.
    deal = _deal({**hands, 3: ["9s", "T2"]}, "Kd")
    assert deal.follow(0, _trick("Kd", "4d"), [2, 3]) == INDEX[card("3d")]
    # An opponent leads the 4 of coins: the cheapest card that wins (round suits rank 1 2 3 4 ... downwards).
    deal = _deal({0: ["Qd", "3d"], 1: ["5d"], 2: ["8s"], 3: []}, "4d")
    assert deal.follow(0, _trick("4d"), [3]) == INDEX[card("3d")]
    # Nothing wins and the cheapest card is worth 2 or more: the Fool is saved for it.
    deal = _deal({0: ["Jd", "Fool"], 1: ["5d"], 2: ["8s"], 3: []}, "Kd")
    assert deal.follow(0, _trick("Kd"), [3]) == INDEX[card("Fool")]


def test_search_scores_troccas_worlds_by_the_fast_playouts() -> None:
    game = trionfi.load("troccas")
    state = _position(game, seed=5, cards=6)
    agent = make_agent("hard", seed=1, game=game)
    assert isinstance(agent, SearchAgent)
    agent.samples = 20
    obs = state.observation(state.current_player)
    move = agent.choose(obs)
    assert move in obs["legal_actions"]
    stats = agent.last_stats
    # Each world's playouts play every card left in the hands: the work counts them (one per candidate).
    left = sum(obs["hand_sizes"])
    assert stats["worlds"] <= 20
    assert stats["plies"] >= stats["worlds"] * left


def test_playout_leaves_a_deal_not_in_play_to_the_engine() -> None:
    # After a searched "redeal" the cards are being dealt again: no count yet, the search plays on the engine.
    state = trionfi.load("troccas").deal(seed=4)
    assert state.phase == "talk"
    assert playout_points(state) is None


def test_reading_never_rules_out_a_card_a_medium_opponent_holds() -> None:
    game = trionfi.load("troccas")
    read = 0
    for seed in range(6):
        state = game.deal(seed=seed)
        bots = [make_agent("medium", seed=seed * 4 + s, game=game) for s in range(4)]
        while state.current_player is not None:
            seat = state.current_player
            obs = state.observation(seat)
            if state.phase == "play":
                for other, cards in medium_exclusions(obs).items():
                    assert game.side_of[other] != game.side_of[seat]  # only the opponents are read
                    assert not cards & set(state.hands[other])
                    read += len(cards)
            state.apply(bots[seat].choose(obs))
    assert read > 0


def _obs(tricks: list[list[tuple[int, str]]], trick: list[tuple[int, str]], seat: int = 0) -> dict[str, Any]:
    return {
        "seat": seat,
        "sides": [[0, 2], [1, 3]],
        "tricks": [{"cards": [list(x) for x in t]} for t in tricks],
        "trick": [list(x) for x in trick],
        "table": {},
    }


def test_reading_a_lead_and_a_card_that_did_not_take_the_trick() -> None:
    # Seat 1 led the 5 of swords, no suit led before: he held no king (the rule leads a king of a suit not led
    # yet), and no sword cheaper than the 5 (swords rank 10 down to 1: the 1 to 4 are weaker, as cheap).
    out = medium_exclusions(_obs([], [(1, "5s")]))
    assert set(out) == {1}
    assert {card(c) for c in ("Kd", "Kc", "Ks", "Kb", "1s", "4s")} <= out[1]
    assert card("6s") not in out[1] and card("Qs") not in out[1]
    # Seat 0 led the queen of coins; seat 1 followed with the 3: no coin above the queen (the king), none
    # cheaper than the 3 (the 4 to 10 rank below it); nothing is read of seat 0's partner, seat 2.
    out = medium_exclusions(_obs([], [(0, "Qd"), (1, "3d"), (2, "Kd")]))
    assert set(out) == {1}
    assert {card("Kd"), card("4d"), card("10d")} <= out[1]
    assert card("2d") not in out[1] and card("Jd") not in out[1]
    # Seat 3 could not beat seat 2's cavalier: no queen or king of swords, no sword cheaper than his 2. Seat 1
    # could not beat seat 0's king: nothing above it to read, but no sword cheaper than his 3.
    out = medium_exclusions(_obs([], [(2, "Hs"), (3, "2s"), (0, "Ks"), (1, "3s")]))
    assert {card("Qs"), card("Ks"), card("1s")} <= out[3]
    assert {card("1s"), card("2s")} <= out[1] and card("Qs") not in out[1]
    # Seat 3 after his partner's winning card: nothing is read.
    assert 3 not in medium_exclusions(_obs([], [(2, "Hs"), (1, "Qs"), (3, "2s")]))
    # a lead of a trump: no plain card, no trump below it but T1.
    out = medium_exclusions(_obs([], [(1, "T5")]))
    assert card("T4") in out[1] and card("T1") not in out[1] and card("7b") in out[1]


def test_sampler_keeps_the_reading_while_a_deal_fits_it() -> None:
    game = trionfi.load("troccas")
    state = _position(game, seed=2, cards=5)
    obs = state.observation(state.current_player)
    seat = obs["seat"]
    other = (seat + 1) % 4
    # Cards face up or placed by a jack demand are put in their hands, not drawn: ban three others.
    shown = {card(c) for codes in obs["known_cards"].values() for c in codes}
    banned = set([c for c in state.hands[other] if c not in shown and c.rank != "J"][:3])
    rng = random.Random(0)
    for _ in range(5):
        world = sample_state(game, obs, rng, {other: banned})
        assert not banned & set(world.hands[other])
    # A reading no deal fits (every unseen card out of one hand) is dropped: the draw still succeeds.
    everything = set(game.deck)
    world = sample_state(game, obs, rng, {other: everything})
    assert len(world.hands[other]) == len(state.hands[other])


def test_playout_from_a_king_and_jack_played_together() -> None:
    # The eight-card trick in progress is played out as the medium bot would (the last of eight cards is the
    # last), and the count is the engine's.
    game = trionfi.load("troccas")
    rng = random.Random(1)
    found = 0
    for seed in range(40):
        state = game.deal(seed=seed)
        medium = make_agent("medium", seed=seed, game=game)
        while state.current_player is not None and not (state.double_by is not None and state.demand is None):
            state.apply(medium.choose(state.observation(state.current_player)))
        if state.current_player is None:
            continue
        found += 1
        moves: list[Any] = []
        points = playout_points(state.clone(), moves)
        replay = state.clone()
        for move in moves:
            if replay.double_by is not None:  # within the eight-card trick: the medium bot's very card
                assert policy(replay.observation(replay.current_player), rng) == str(move)
            replay.apply(str(move))
        assert replay.current_player is None and replay.points() == points
    assert found >= 3


def test_reading_the_talk_after_the_deal() -> None:
    obs = {
        "seat": 0,
        "phase": "play",
        "table": {"tschintschar": ["after 6 cards: seat 1 in", "after the deal: seat 1 ina trocca · seat 2 da Medel"]},
    }
    counts = medium_trump_counts(obs)
    assert counts[1] == {7, 8}  # "ina trocca": 7 or 8 trumps
    assert 2 not in counts  # a statement the medium bot never makes: not read
    assert 3 in counts and not counts[3] & {0, 5, 6, 7, 8}  # silent: neither 5 to 8 trumps nor none
    assert medium_trump_counts({**obs, "phase": "talk"}) == {}  # the talk may not be over


def test_sampler_deals_the_trumps_the_talk_allows() -> None:
    game = trionfi.load("troccas")
    state = _position(game, seed=6, cards=9)
    obs = state.observation(state.current_player)
    seat = obs["seat"]
    played = {s: 0 for s in range(4)}
    for t in state.tricks:
        for s, c in zip(t.seats, t.cards, strict=True):
            played[s] += c.suit == "T"
    for s, c in zip(state.trick_seats, state.trick, strict=False):
        played[s] += c.suit == "T"
    rng = random.Random(3)
    for other in (s for s in range(4) if s != seat):
        held = sum(1 for c in state.hands[other] if c.suit == "T") + played[other]
        if other == state.dealer:
            held += sum(1 for c in state.discard if c.suit == "T")
        wanted = frozenset({held})  # the count it really had: always possible
        for _ in range(4):
            world = sample_state(game, obs, rng, None, {other: wanted})
            got = sum(1 for c in world.hands[other] if c.suit == "T") + played[other]
            if other == world.dealer:
                got += sum(1 for c in world.discard if c.suit == "T")
            assert got == held
