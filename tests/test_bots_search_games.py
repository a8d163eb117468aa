"""The hard level in the games beyond two-player Briscola: the choices the playouts cannot value are the rule of
thumb's (Trionfetti's comanda, its vagaresto call and answer), Chiamata's worlds know the called card's holder
as the caller's partner, and the playouts of the games where only tricks count play a card that wins for good
when there is one and stop where the rest cannot depend on the choice."""

from __future__ import annotations

import random
from typing import Any

import pytest

import trionfi
from trionfi.agents import make_agent
from trionfi.agents.playout_rules import (
    believed_sides,
    playout_end,
    side_map,
    side_points,
    triomphe_card,
    trionfetti_card,
)
from trionfi.agents.reading import vagaresto_answer
from trionfi.agents.search import SearchAgent, greedy_card
from trionfi.cards import Card, card


def _medium_play(state: Any, until: Any, seed: int = 0) -> Any:
    """Play ``state`` with medium bots until ``until(state)`` holds (or the deal ends)."""
    bots = [make_agent("medium", seed=seed + s, game=state.game) for s in range(state.game.players)]
    while not state.is_terminal() and not until(state):
        state.apply(bots[state.current_player].choose(state.observation(state.current_player)))
    return state


def _hard(game: Any) -> SearchAgent:
    agent = make_agent("hard", seed=5, game=game)
    agent.samples = 30  # a few worlds: these tests look at what is searched, not at how well
    assert isinstance(agent, SearchAgent)
    return agent


def test_hard_announces_the_comanda_like_medium() -> None:
    game = trionfi.load("trionfetti")
    for seed in range(3):
        state = game.deal(seed=seed)
        assert state.phase == "comanda"
        obs = state.observation(state.current_player)
        medium = make_agent("medium", seed=1, game=game).choose(obs)
        assert _hard(game).choose(obs) == medium


def _vagaresto_position(seed: int) -> Any | None:
    """A Trionfetti deal played by medium bots to the first turn where the medium bot calls a vagaresto."""
    game = trionfi.load("trionfetti")
    state = game.deal(seed=seed)

    def medium_calls(s: Any) -> bool:
        if s.phase != "play" or "vagaresto" not in s.legal_actions():
            return False
        return make_agent("medium", seed=seed, game=game).choose(s.observation(s.current_player)) == "vagaresto"

    state = _medium_play(state, medium_calls, seed)
    return state if not state.is_terminal() else None


def test_hard_calls_a_sure_vagaresto_and_concedes_one() -> None:
    found = accepted = 0
    for seed in range(60):
        state = _vagaresto_position(seed)
        if state is None:
            continue
        game = state.game
        caller = state.current_player
        # The search never plays a vagaresto out, but the rule of thumb's sure call stands.
        assert _hard(game).choose(state.observation(caller)) == "vagaresto"
        state.apply("vagaresto")
        obs = state.observation(state.current_player)
        assert obs["phase"] == "vagaresto"
        # A sure call: whatever the challenged side holds, the caller's cards beat it. The hard level concedes
        # (a point) where the medium level may accept (and lose the stake).
        assert _hard(game).choose(obs) == "concede"
        if make_agent("medium", seed=2, game=game).choose(obs) == "accept":
            state.apply("accept")
            before = len(state.results)
            _medium_play(state, lambda s, n=before: s.phase == "end" or len(s.results) > n)
            assert state.results[-1].side == game.side_of[caller]  # the stake went to the caller's side
            accepted += 1
        found += 1
        if found >= 3 and accepted:
            break
    assert found >= 3 and accepted, (found, accepted)


def test_hard_answers_a_call_it_can_prove_unsure_like_medium() -> None:
    # Holding the strongest card left, the challenged side knows the caller cannot be sure of two tricks.
    game = trionfi.load("trionfetti")
    checked = 0
    for seed in range(40):
        state = _medium_play(game.deal(seed=seed), lambda s: s.phase == "play" and not s.trick and not s.hand_tricks)
        if state.is_terminal() or "vagaresto" not in state.legal_actions():
            continue
        state.apply("vagaresto")
        obs = state.observation(state.current_player)
        strength = state._strength
        ours = state.hands[obs["seat"]] + state.hands[(obs["seat"] + 2) % 4]
        unseen = [c for c in state.pack if c not in ours and c != state.cut_card]
        if max(strength[c] for c in ours) < max(strength[c] for c in unseen):
            continue
        assert vagaresto_answer(obs) is None
        assert _hard(game).choose(obs) == make_agent("medium", seed=2, game=game).choose(obs)
        checked += 1
    assert checked


def test_chiamata_worlds_make_the_caller_and_the_called_cards_holder_one_side() -> None:
    game = trionfi.load("briscola-chiamata")
    state = _medium_play(game.deal(seed=4), lambda s: s.phase == "play" and len(s.tricks) == 3)
    seat = next(s for s in range(5) if s not in (state.caller, state.partner))
    world = game.sample_state(state.observation(seat), random.Random(1))
    sides = side_map(world)
    assert sides[world.caller] == sides[world.partner] == 0
    assert [s for s in range(5) if sides[s] == 1] == [s for s in range(5) if s not in (world.caller, world.partner)]
    points = world.points()
    ours, theirs = side_points(world, seat)
    assert ours == sum(points[s] for s in range(5) if sides[s] == 1)
    assert ours + theirs == sum(points)


def test_a_chiamata_playout_loads_a_partners_sure_trick() -> None:
    # The last player of a trick a partner he knows of wins gives his most valuable plain card (the five seats used
    # to be five sides there: nobody ever loaded a partner's trick).
    game = trionfi.load("briscola-chiamata")
    for seed in range(30):
        state = _medium_play(
            game.deal(seed=seed),
            lambda s: s.phase == "play" and len(s.trick) == 4,
            seed,
        )
        if state.is_terminal():
            continue
        me = state.current_player
        sides = believed_sides(state, me)
        best = state.trick_seats[_winner(state)]
        cards = state._legal()
        plain = [c for c in cards if c.suit != state.trump]
        if sides[best] != sides[me] or best == me or not plain:
            continue
        chosen = greedy_card(state, cards)
        assert state._points[chosen] == max(state._points[c] for c in plain)
        return
    pytest.fail("no trick won by a partner before the last card in 30 deals")


def test_chiamata_playouts_know_the_partner_only_where_the_player_does() -> None:
    # Before the called card shows, a playout's defenders took the partner for an opponent and the caller knew
    # him: every seat played as if it saw who held the card.
    game = trionfi.load("briscola-chiamata")
    state = _medium_play(game.deal(seed=4), lambda s: s.phase == "play" and len(s.tricks) == 1)
    if state.revealed:
        pytest.skip("the called card already played")
    caller, partner = state.caller, state.partner
    assert caller != partner
    defenders = [s for s in range(5) if s not in (caller, partner)]
    true = side_map(state)
    assert believed_sides(state, partner) == true
    mine = believed_sides(state, caller)
    assert [s for s in range(5) if mine[s] == mine[caller]] == [caller]
    for d in defenders:
        theirs = believed_sides(state, d)
        assert [s for s in range(5) if theirs[s] != theirs[d]] == [caller]  # the partner taken for a friend
    shown = state.clone()
    shown.revealed = True
    assert all(believed_sides(shown, s) == true for s in range(5))


def _winner(state: Any) -> int:
    from trionfi.tricks import winning_index

    return winning_index(state.trick, state.trump, state._strength)


def test_a_trionfetti_playout_ends_with_the_hand() -> None:
    game = trionfi.load("trionfetti")
    state = _medium_play(game.deal(seed=2), lambda s: s.phase == "play" and s.hand_no == 1 and len(s.trick) == 1)
    agent = _hard(game)
    agent._pack = 13.0
    playout = state.clone()
    agent._playout(playout, 0, random.Random(1))
    assert playout.hand_no == 2 or playout.phase == "end"
    assert len(playout.results) == 1  # the first hand scored, the second not played
    assert playout_end(state)(playout)


def test_a_trionfetti_playout_plays_the_medium_bots_card() -> None:
    # The opponents play the medium bot's rule: the playouts foresee their answers.
    game = trionfi.load("trionfetti")
    medium = make_agent("medium", seed=0, game=game)
    checked = 0
    for seed in range(12):
        state = game.deal(seed=seed)
        bots = [make_agent("medium", seed=seed + s, game=game) for s in range(4)]
        while not state.is_terminal():
            obs = state.observation(state.current_player)
            choice = bots[state.current_player].choose(obs)
            if state.phase == "play" and choice in obs["hand"]:
                cards = [c for c in state._legal() if isinstance(c, Card)]
                ours = trionfetti_card(state, cards)
                assert state._strength[ours] == state._strength[card(medium.choose(obs))]
                checked += 1
            state.apply(choice)
    assert checked > 100


def test_the_triomphe_trick_rule_wins_for_good_when_it_can() -> None:
    """On many positions: the card chosen is a legal one, and when some card wins the trick whatever each
    opponent still to play answers (and the partner is not already sure of it), the chosen card does."""
    name = "triomphe"
    game = trionfi.load(name)
    rule = triomphe_card
    checked = 0
    for seed in range(60):
        rng = random.Random(seed)
        stop = rng.randrange(1, 4)
        state = _medium_play(game.deal(seed=seed), lambda s, k=stop: s.phase == "play" and len(s.trick) == k, seed)
        if state.is_terminal() or state.phase != "play":
            continue
        cards = [c for c in state._legal() if isinstance(c, Card)]
        if len(cards) < 2:
            continue
        chosen = rule(state, cards)
        assert chosen in cards
        if any(_wins_for_good(state, c) for c in cards) and not _wins_for_good(state, None):
            assert _wins_for_good(state, chosen)
            checked += 1
    assert checked >= 5


def _wins_for_good(state: Any, c: Any) -> bool:
    """Brute force: ``c`` added by the player on turn (None: nothing added, the trick as it is) wins, or the
    partner's card winning now stays the winner, against each opponent still to play alone."""
    me = state.current_player
    sides = side_map(state)
    n = len(state.trick)
    trick = list(state.trick) + ([c] if c is not None else [])
    if not trick:
        return False
    at = _win(state, trick)
    if c is not None and at != n:
        return False
    if c is None and sides[state.trick_seats[at]] != sides[me]:
        return False
    for s in state.trick_seats[n + 1 :]:
        if sides[s] == sides[me]:
            continue
        hand = state.hands[s]
        answers = (
            hand if state.game.name == "trionfetti" else state._restriction(hand, trick, state.trump, state._strength)
        )
        if any(_win(state, [*trick, x]) != at for x in answers):
            return False
    return True


def _win(state: Any, trick: list[Any]) -> int:
    if state.game.name == "trionfetti":
        st = state._strength
        return max(range(len(trick)), key=lambda i: (st[trick[i]], -i))
    return _winner_of(state, trick)


def _winner_of(state: Any, trick: list[Any]) -> int:
    from trionfi.tricks import winning_index

    return winning_index(trick, state.trump, state._strength)


def test_a_chiamata_defenders_worlds_fit_the_callers_bid() -> None:
    # The sampler alone gave the caller his own called card in about a quarter of the worlds, and any hand.
    from trionfi.agents.heuristics.briscola_chiamata import _level, _needed, suit_rating
    from trionfi.agents.reading import world_check
    from trionfi.agents.search import _sample

    game = trionfi.load("briscola-chiamata")
    for seed in range(10):
        state = _medium_play(game.deal(seed=seed), lambda s: s.phase == "play")
        if state.is_terminal() or state.partner == state.caller:
            continue
        seat = next(s for s in range(5) if s not in (state.caller, state.partner))
        obs = state.observation(seat)
        check = world_check(game, obs)
        assert check is not None and check(state)  # the true deal passes
        assert world_check(game, state.observation(state.caller)) is None  # the caller knows his hand
        bid = next(t for s, t in reversed(obs["auction"]) if s == state.caller and t != "pass")
        rng = random.Random(seed)
        for _ in range(20):
            world, tries = _sample(game, obs, rng, check)
            if tries < 20:
                assert world.partner != world.caller
                assert suit_rating(world.hands[world.caller], world.trump) >= _needed(_level(bid))
        return
    pytest.fail("no deal with a partner in 10 seeds")


def test_hard_weighs_a_vagaresto_against_the_medium_answer() -> None:
    # Beyond sure calls, the search weighs calling like a card, the playouts answering as the medium bot does.
    from trionfi.agents.playout_rules import playout_answer

    game = trionfi.load("trionfetti")
    for seed in range(20):
        state = game.deal(seed=seed)
        hard = [_hard(game), _hard(game)]
        medium = make_agent("medium", seed=seed, game=game)
        while not state.is_terminal():
            seat = state.current_player
            obs = state.observation(seat)
            if seat % 2:
                state.apply(medium.choose(obs))
                continue
            choice = hard[seat // 2].choose(obs)
            state.apply(choice)
            if choice == "vagaresto" and medium.choose(obs) != "vagaresto":
                answer = state.observation(state.current_player)
                assert answer["phase"] == "vagaresto"
                assert str(playout_answer(state)) == make_agent("medium", seed=1, game=game).choose(answer)
                assert "vagaresto" in hard[seat // 2].last_stats["scores"]
                return
    pytest.fail("the hard level never called an unsure vagaresto in 20 deals")
