"""Trijumf properties over random deals and random legal play (hypothesis), for 2 and 4 players and every cut
option (forced, or chosen by the cutter): card conservation, 130 + declarations, the end of every deal, record
round-trip, clone independence, matches with random bots, and what each seat may see."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trionfi
from test_trijumf import CUT_OPTIONS, PACK
from trionfi import Action, Card
from trionfi.agents import make_agent

SIZES = [2, 4]
OPTIONS = [None, *CUT_OPTIONS]  # None: the cutter chooses
seeds = st.integers(min_value=0, max_value=2**63 - 1)
FAST = settings(max_examples=25, deadline=None)


class Walk:
    """A deal played by random legal actions (never a claim), remembering what is public: the hands as dealt
    and the declared cards, independently of the engine's own bookkeeping."""

    def __init__(self, n: int, option: str | None, seed: int, play: int, declare_rate: float = 0.5) -> None:
        self.game = trionfi.load("trijumf", players=n, cut_option=option)
        self.state = self.game.deal(seed=seed)
        self.rng = random.Random(play)
        self.declare_rate = declare_rate
        self.dealt: list[set[str]] | None = None
        self.declared: dict[int, set[str]] = {s: set() for s in range(n)}
        self.declared_value = 0
        self._note_deal()

    def _note_deal(self) -> None:
        if self.dealt is None and self.state.phase != "cut":
            self.dealt = [{str(c) for c in self.state.hand(s)} for s in range(self.game.players)]

    def step(self) -> None:
        st_ = self.state
        legal = [a for a in st_.legal_actions() if a != "claim"]
        decl = [a for a in legal if a.startswith("declare")]
        if decl and self.rng.random() < self.declare_rate:
            action = self.rng.choice(decl)
        else:
            action = self.rng.choice([a for a in legal if not a.startswith("declare")])
        seat = st_.current_player
        before = len(st_.declarations)
        st_.apply(action)
        if isinstance(action, Action) and action.kind == "declare":
            pair = action.split()[1].split("+")
            self.declared[seat].update(pair)
            self.declared_value += st_.declarations[before].value
        self._note_deal()

    def run(self, steps: int | None = None) -> None:
        done = 0
        while not self.state.is_terminal() and (steps is None or done < steps):
            self.step()
            done += 1

    def hidden(self, seat: int) -> set[str]:
        """The cards of ``seat``'s hand that nobody else may know: dealt to it, not declared, not the
        4-player indicator (2 players: every drawn card was shown)."""
        if self.dealt is None:
            return set()
        ind = self.state.indicator
        public = self.declared[seat] | ({str(ind)} if self.game.players == 4 and ind is not None else set())
        return {str(c) for c in self.state.hand(seat)} & (self.dealt[seat] - public)


def where(state: Any) -> Counter[str]:
    """Every card of the deal, wherever it is: the undealt pack (while cutting), hands, stock, trick, tricks."""
    found: Counter[str] = Counter()
    if state.phase == "cut":
        found.update(str(c) for c in state.order)
    for seat in range(state.game.players):
        found.update(str(c) for c in state.hand(seat))
    found.update(str(c) for c in state.stock)
    found.update(str(c) for c in state.trick)
    for t in state.tricks:
        found.update(str(c) for c in t.cards)
    return found


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("option", OPTIONS)
@FAST
@given(seed=seeds, play=seeds)
def test_every_card_in_exactly_one_place_and_the_deal_ends(n, option, seed, play):
    walk = Walk(n, option, seed, play)
    pack = Counter(PACK)
    limit = 1 + 40 + 8  # a cut, 40 cards, at most 4 pairs
    for _ in range(limit):
        assert where(walk.state) == pack
        if walk.state.is_terminal():
            break
        walk.step()
        hand_sizes = [len(walk.state.hand(s)) for s in range(n)]
        assert max(hand_sizes) <= 10
    assert walk.state.is_terminal() and walk.state.legal_actions() == []
    assert where(walk.state) == pack
    assert len(walk.state.tricks) == 40 // n
    assert walk.state.cut in CUT_OPTIONS if option is None else walk.state.cut == option


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("option", OPTIONS)
@FAST
@given(seed=seeds, play=seeds, declare=st.sampled_from([0.0, 0.5, 1.0]))
def test_a_deal_totals_130_plus_its_declarations(n, option, seed, play, declare):
    walk = Walk(n, option, seed, play, declare_rate=declare)
    walk.run()
    state = walk.state
    if declare == 0.0:
        assert not state.declarations and sum(state.points()) == 130
    assert sum(state.points()) == 130 + walk.declared_value == 130 + sum(d.value for d in state.declarations)
    if n == 2:
        assert len({d.seat for d in state.declarations}) == len(state.declarations)  # one pair each
    values = sorted(state.returns())
    assert sum(values) == 0


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("option", OPTIONS)
@FAST
@given(seed=seeds, play=seeds, steps=st.integers(min_value=0, max_value=45))
def test_record_round_trip_and_clone_independence(n, option, seed, play, steps):
    walk = Walk(n, option, seed, play)
    walk.run(steps)
    state = walk.state
    record = state.to_record()
    views = [json.dumps(state.observation(s), sort_keys=True) for s in range(n)]
    copy = trionfi.replay(json.loads(json.dumps(record)))
    assert copy.to_record() == record
    assert [json.dumps(copy.observation(s), sort_keys=True) for s in range(n)] == views
    twin = state.clone()
    assert twin.to_record() == record
    rng = random.Random(play)
    while not twin.is_terminal():
        twin.apply(rng.choice([a for a in twin.legal_actions() if a != "claim"]))
    assert state.to_record() == record  # playing the clone to the end left the original alone
    assert [json.dumps(state.observation(s), sort_keys=True) for s in range(n)] == views
    assert sum(twin.points()) == 130 + sum(d.value for d in twin.declarations)
    # The same moves on the replayed copy give the same deal.
    for action in twin.to_record()["actions"][len(record["actions"]) :]:
        copy.apply(action)
    assert copy.points() == twin.points() and copy.to_record() == twin.to_record()


@pytest.mark.parametrize("n", SIZES)
@settings(max_examples=10, deadline=None)
@given(seed=seeds)
def test_a_match_of_random_bots_ends_by_a_claim_or_the_401_check(n, seed):
    match = trionfi.load("trijumf", players=n).match(seed=seed)
    bots = [make_agent("random", seed + s) for s in range(n)]
    while not match.is_terminal():
        seat = match.current_player
        match.apply(bots[seat].choose(match.observation(seat)), seat=seat)
    last = match.finished[-1]
    totals = match.points()
    if last.claim is not None:
        seat, right, claimed = last.claim
        assert right and claimed >= 401  # the random bot claims only when it is right
        assert match.winners() == [match.game.side_of[seat]]
    else:
        top = max(totals)
        assert top >= 401 and totals.count(top) == 1
        assert match.winners() == [totals.index(top)]
    record = match.to_record()
    assert trionfi.replay(record).winners() == match.winners()


# --- what each seat sees -----------------------------------------------------------------------------------
def _places(walk: Walk, seat: int) -> list[tuple]:
    """Places holding a card ``seat`` cannot see: other seats' hidden cards, face-down stock cards, and the
    undealt pack while cutting."""
    state = walk.state
    if state.phase == "cut":
        return [("order", i) for i in range(40)]
    places: list[tuple] = []
    for s in range(walk.game.players):
        if s != seat:
            hidden = walk.hidden(s)
            places += [("hand", s, i) for i, c in enumerate(state.hands[s]) if str(c) in hidden]
    places += [("stock", j) for j, c in enumerate(state.stock) if c != state.indicator]
    return places


def _swap(state: Any, a: tuple, b: tuple) -> Any:
    other = state.clone()
    order = list(other.order)

    def get(p: tuple) -> Card:
        return other.hands[p[1]][p[2]] if p[0] == "hand" else other.stock[p[1]] if p[0] == "stock" else order[p[1]]

    def put(p: tuple, c: Card) -> None:
        if p[0] == "hand":
            other.hands[p[1]][p[2]] = c
        elif p[0] == "stock":
            other.stock[p[1]] = c
        else:
            order[p[1]] = c

    ca, cb = get(a), get(b)
    put(a, cb)
    put(b, ca)
    other.order = tuple(order)
    other._legal_cache = None
    return other


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("option", OPTIONS)
@settings(max_examples=30, deadline=None)
@given(seed=seeds, play=seeds, steps=st.integers(min_value=0, max_value=45), pick=seeds)
def test_observation_never_shows_a_hidden_card(n, option, seed, play, steps, pick):
    walk = Walk(n, option, seed, play)
    walk.run(steps)
    state = walk.state
    rng = random.Random(pick)
    for seat in range(n):
        obs = state.observation(seat)
        text = json.dumps(obs, sort_keys=True)
        # Known cards of the other hands: exactly the drawn, declared and indicator cards still held.
        known = {
            str(s): {str(c) for c in state.hand(s)} - walk.hidden(s)
            for s in range(n)
            if s != seat and {str(c) for c in state.hand(s)} - walk.hidden(s)
        }
        assert {s: set(cs) for s, cs in obs["known_cards"].items()} == known
        for s in range(n):
            if s != seat:
                for c in walk.hidden(s):
                    assert f'"{c}"' not in text, f"seat {seat} sees {c} in seat {s}'s hand"
        places = _places(walk, seat)
        for _ in range(3):
            if len(places) < 2:
                break
            a, b = rng.sample(places, 2)
            assert json.dumps(_swap(state, a, b).observation(seat), sort_keys=True) == text, (seat, a, b)
