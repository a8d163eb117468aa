"""The hard level reads Briscola Chiamata's partner from the auction and the play (agents/chiamata_reading.py):
the categories of decisions, the partner's odds, and the worlds drawn by them (the called card in the likely
partner's hand, every world fitting what the seat saw, nothing used but the seat's observation)."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

import trionfi
from trionfi.agents import make_agent
from trionfi.agents.chiamata_reading import RATIOS, partner_odds, play_events
from trionfi.agents.reading import world_sampler
from trionfi.games.briscola_chiamata_sample import sample_state

GAME = trionfi.load("briscola-chiamata")
# Dealer 4: seat 0 bids first and leads. Seat 0 lacks the ace of coins (d) and calls it; seat 2 holds it.
HANDS = {
    0: "3d Kd Hd Jd 7d 6d 5d 4d",
    1: "2c 6c 7c 2s 4s 5s 6s 7s",
    2: "4c Ad 2d Js Hs Ks 3s As",
    3: "5c Jc Hc Kc 3c 2b 4b 5b",
    4: "Ac 6b 7b Jb Hb Kb 3b Ab",
}


def stacked(hands: dict[int, str], dealer: int = 4) -> Any:
    """A deal whose hands are ``hands`` (card k of the pack goes to seat (dealer + 1 + k) mod 5)."""
    split = {s: h.split() for s, h in hands.items()}
    first = (dealer + 1) % 5
    pack = [split[(first + k) % 5][k // 5] for k in range(40)]
    return GAME.deal(seed=0, deck=pack, dealer=dealer)


def first_trick(last: str) -> Any:
    """Seat 0 bids the ace, calls the ace of coins and leads the three of trumps; seats 1 to 3 throw a low club;
    seat 4 plays ``last``."""
    state = stacked(HANDS)
    for action in ("bid A", "pass", "pass", "pass", "pass", "call Ad", "3d", "2c", "4c", "5c", last):
        state.apply(action)
    return state


def holders(obs: dict[str, Any], worlds: int = 600) -> Counter[int]:
    draw = world_sampler(GAME, obs)
    assert draw is not None
    rng = random.Random(5)
    found: Counter[int] = Counter()
    for _ in range(worlds):
        world = draw(rng)
        found[world.partner] += 1
    return found


def test_loading_the_callers_trick_reads_as_the_partner() -> None:
    state = first_trick("Ac")  # the ace of cups onto the caller's trick, which nobody after can take
    obs = json.loads(json.dumps(state.observation(1)))  # a defender's view
    assert (4, "C last high under L") in play_events(obs)
    assert RATIOS["C last high under L"] > 10
    odds = partner_odds(obs)
    assert set(odds) == {2, 3, 4}  # not the seat itself, not the caller
    assert odds[4] > 0.8
    found = holders(obs)
    assert set(found) <= {2, 3, 4}
    assert found[4] > 3 * max(found[2], found[3])


def test_a_blank_on_the_callers_trick_leaves_the_partner_open() -> None:
    # The same trick with a blank card last: a partner would rather have loaded it, so seat 4 is a little less
    # likely, but nobody is ruled out.
    state = first_trick("6b")
    obs = state.observation(1)
    odds = partner_odds(obs)
    assert max(odds.values()) < 0.5 and odds[4] < min(odds[2], odds[3])
    found = holders(obs)
    assert min(found[s] for s in (2, 3, 4)) > 600 * 0.05


def test_taking_the_callers_trick_reads_as_a_defender() -> None:
    # The caller leads the two of cups and seat 1 takes it with the three: a partner lets the caller's trick be.
    hands = dict(HANDS)
    hands[0], hands[1], hands[3] = "2c Kd Hd Jd 7d 6d 5d 4d", "3c 6c 7c 2s 4s 5s 6s 7s", "5c Jc Hc Kc 3d 2b 4b 5b"
    state = stacked(hands)
    for action in ("bid A", "pass", "pass", "pass", "pass", "call Ad", "2c", "3c"):
        state.apply(action)
    obs = state.observation(3)
    assert play_events(obs)[-1] == (1, "C mid low take L")
    odds = partner_odds(obs)
    assert odds[1] < min(odds[2], odds[4])


def test_reading_stops_once_the_called_card_is_played() -> None:
    state = stacked(HANDS)
    for action in ("bid A", "pass", "pass", "pass", "pass", "call Ad", "3d", "2c", "Ad"):
        state.apply(action)
    obs = state.observation(1)
    assert obs["partner"] == 2
    assert partner_odds(obs) == {}  # known: the sampler's own rule holds
    assert [e for e in play_events(obs) if not e[1].startswith("auction")] == [(1, "C mid high under B")]
    assert world_sampler(GAME, obs) is None


def test_the_callers_own_worlds_read_the_others_too() -> None:
    state = first_trick("Ac")
    obs = state.observation(0)
    odds = partner_odds(obs)
    assert set(odds) == {1, 2, 3, 4}
    assert max(odds, key=odds.__getitem__) == 4
    assert partner_odds(state.observation(2)) == {}  # the partner knows


def reached(seed: int) -> Any:
    """A deal of medium bots in play, the called card not shown, at a random move of a random trick."""
    rng = random.Random(seed)
    state = GAME.deal(seed=seed, dealer=seed % 5)
    bots = [make_agent("medium", seed=seed + s, game=GAME) for s in range(5)]
    stop = rng.randrange(0, 30)
    moves = 0
    while not state.is_terminal():
        if state.phase == "play" and (moves >= stop or state.revealed):
            break
        seat = state.current_player
        state.apply(bots[seat].choose(state.observation(seat)))
        moves += state.phase == "play"
    return state


@pytest.mark.parametrize("seed", range(8))
def test_every_world_fits_what_the_seat_saw(seed: int) -> None:
    # (a deal whose called card shows before the move drawn is passed over for the next: every case checks one)
    state = next(s for s in map(reached, range(seed, seed + 8000, 1000)) if not (s.is_terminal() or s.revealed))
    seat = state.current_player
    obs = json.loads(json.dumps(state.observation(seat)))
    draw = world_sampler(GAME, obs)
    if obs["partner"] is not None:
        assert draw is None
        return
    assert draw is not None
    rng = random.Random(seed)
    for _ in range(40):
        world = draw(rng)
        assert json.loads(json.dumps(world.observation(seat))) == obs
        assert world.partner in partner_odds(obs)
    for holder in partner_odds(obs):
        world = sample_state(GAME, obs, rng, holder)
        assert world.partner == holder and world.observation(seat) == obs


def test_a_holder_the_seat_knows_cannot_hold_the_card_is_refused() -> None:
    state = first_trick("Ac")
    obs = state.observation(1)
    with pytest.raises(ValueError):
        sample_state(GAME, obs, random.Random(0), holder=1)  # the seat sees its own hand


def test_worlds_are_built_from_the_observation_only() -> None:
    # Two deals the defender cannot tell apart (the hidden cards, the called card's holder included, dealt
    # otherwise) give him the same odds and the same worlds.
    state = first_trick("Ac")
    obs = state.observation(1)
    other = sample_state(GAME, obs, random.Random(3), holder=3)
    assert other.partner != state.partner and other.hands[4] != state.hands[4]
    again = other.observation(1)
    assert again == obs
    assert partner_odds(again) == partner_odds(obs)
    one, two = world_sampler(GAME, obs), world_sampler(GAME, again)
    for k in range(20):
        a, b = one(random.Random(k)), two(random.Random(k))
        assert a.hands == b.hands
    hard = [make_agent("hard", seed=9, game=GAME) for _ in range(2)]
    assert hard[0].choose(obs) == hard[1].choose(again) if obs["legal_actions"] else True
