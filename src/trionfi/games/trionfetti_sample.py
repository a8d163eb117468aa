"""Sampling a full Trionfetti state from one seat's observation (``Trionfetti.sample_state``), for search bots.

A smazzata's state holds its whole pack (after the cut, top first): four hands of twelve cards, dealt three
to each player from the dealer's right, then the four leftovers whose last is the cut card. The sampler
rebuilds that pack. Each slot gets the card the observation says is there, and the others get the cards the
seat has not seen, shuffled:

* the cut card (public) at the bottom, and the three other leftovers when the seat has seen them (the dealer
  once the fourth hand is dealt, everybody once they are laid face up);
* in every hand dealt so far, the cards each player played to its completed tricks (and to the trick on the
  table), the seat's own hand, a partner's hand shown during a vagaresto (``open_hands``) and the cards a
  partner showed after a conceded vagaresto (``shown_cards``);
* everything else is unseen: the other hands, the unplayed cards of earlier hands (discarded face down), the
  hands still to come in this smazzata and, until they are shown, the leftovers.

Trionfetti is free play (any card to any trick), so play shows no voids and every unseen card may be in any
unseen slot. The seat's own hand and a shown hand keep the order the observation lists them in. The public
course of the smazzata (the comanda, the tricks and hands won, the vagaresto, the messages the seat heard) is
copied from the observation; signals between the other two players never reach the seat and are not invented.
The history of the sampled state is left empty: it is a position to play on, not a record.
"""

from __future__ import annotations

import random
from typing import Any

from ..cards import ITALIAN_52, Card, card
from ..engine import END, PLAY
from ..shuffling import shuffle
from .trionfetti import (
    COMANDA,
    HAND_SIZE,
    HANDS,
    PLAYERS,
    VAGA,
    HandResult,
    Message,
    Shown,
    Trionfetti,
    TrionfettiState,
    TTrick,
    Vaga,
    _ranking,
)

PHASES = {p: p for p in (PLAY, END, COMANDA, VAGA)}
DEALT = HANDS * PLAYERS * HAND_SIZE  # 48 cards dealt in a smazzata; the other 4 are the leftovers


def _game_for(game: Trionfetti, obs: dict[str, Any]) -> Trionfetti:
    if dict(game._given) == obs["options"]:
        return game
    return type(game)(**obs["options"])


def _slot(dealer: int, hand: int, seat: int) -> int:
    """The pack position of ``seat``'s first card in hand number ``hand`` (1-based)."""
    return DEALT // HANDS * (hand - 1) + HAND_SIZE * ((seat - dealer - 1) % PLAYERS)


def sample_state(game: Trionfetti, observation: dict[str, Any], rng: random.Random) -> TrionfettiState:
    """A playable state ``observation`` could come from, the unseen cards dealt at random (module docstring)."""
    obs = observation
    game = _game_for(game, obs)
    seat = obs["seat"]
    dealer = obs["dealer"]
    hand_no = obs["hand_number"]
    state = game.smazzata(0, dealer, obs["start_scores"])

    pack: list[Card | None] = [None] * len(ITALIAN_52)
    pack[-1] = card(obs["cut_card"])
    if obs["leftovers"] is not None:
        for i, c in enumerate(obs["leftovers"]):
            pack[DEALT + i] = card(c)

    # What each seat is known to have held in each hand: cards played (in play order), then cards in hand.
    held: dict[tuple[int, int], list[Card]] = {}
    for t in obs["tricks"]:
        for s, c in t["cards"]:
            held.setdefault((t["hand"], s), []).append(card(c))
    for s, c in obs["trick"]:
        held.setdefault((hand_no, s), []).append(card(c))
    if hand_no:
        held.setdefault((hand_no, seat), []).extend(card(c) for c in obs["hand"])
        for s, codes in (obs.get("open_hands") or {}).items():
            held.setdefault((hand_no, int(s)), []).extend(card(c) for c in codes)
    for shown in obs.get("shown_cards") or []:
        held.setdefault((shown["hand"], shown["seat"]), []).extend(card(c) for c in shown["cards"])
    for (h, s), cs in held.items():
        start = _slot(dealer, h, s)
        # Unseen cards of that packet go first, so that the known ones keep their order at its end.
        for j, c in enumerate(cs):
            pack[start + HAND_SIZE - len(cs) + j] = c
    known = {c for c in pack if c is not None}
    unseen = [c for c in ITALIAN_52 if c not in known]
    shuffle(unseen, rng)
    it = iter(unseen)
    full: list[Card] = [c if c is not None else next(it) for c in pack]

    state.pack = tuple(full)
    state.cut_card = full[-1]
    _set_course(state, game, obs, full)
    return state


def _set_course(state: TrionfettiState, game: Trionfetti, obs: dict[str, Any], pack: list[Card]) -> None:
    dealer = obs["dealer"]
    hand_no = obs["hand_number"]
    comanda = obs["comanda"]
    if comanda is not None:
        ranking = game.fixed if game.fixed is not None else _ranking(comanda)
        state._set_ranking(ranking, comanda)
    state.dealt = PLAYERS * HAND_SIZE * hand_no
    state.hand_no = hand_no
    state.hand_tricks = list(obs["hand_tricks"])
    state.results = [HandResult(**r) for r in obs["hands"]]
    v = obs["vagaresto"]
    state.vaga = Vaga(**v) if v is not None else None
    state.leftovers_public = obs["leftovers_public"]
    state.won = list(obs["points"])
    state.game_winner = obs["game_winner"]
    state.tricks = [
        TTrick(
            t["leader"],
            tuple(s for s, _ in t["cards"]),
            tuple(card(c) for _, c in t["cards"]),
            t["winner"],
            0,
            t["hand"],
        )
        for t in obs["tricks"]
    ]
    leader = obs["leader"]
    state.leader = leader
    state.trick_seats = game.rotations[leader]
    state.trick = [card(c) for _, c in obs["trick"]]
    # The hands now: the packets of the current hand without the cards played from them.
    gone = {c for t in state.tricks if t.hand == hand_no for c in t.cards} | set(state.trick)
    hands: list[list[Card]] = [[] for _ in range(PLAYERS)]
    if hand_no and obs["phase"] != END:
        for s in range(PLAYERS):
            start = _slot(dealer, hand_no, s)
            hands[s] = [c for c in pack[start : start + HAND_SIZE] if c not in gone]
    state.hands = hands
    # Earlier hands' cards not played to a completed trick lie face down on the discard pile.
    played = {c for t in state.tricks for c in t.cards}
    last = max(hand_no - 1, 0) if obs["phase"] != END else hand_no
    state.discards = [c for c in pack[: PLAYERS * HAND_SIZE * last] if c not in played]
    state.messages = [
        Message(m["hand"], m["trick"], m["sender"], tuple(m["to"]), tuple(m["recipients"]), m["kind"], m["text"])
        for m in obs["messages"]
    ]
    state.shown = _shown(state, obs, pack)
    trick_no = len(state.hand_tricks) + 1
    used = set()
    for m in state.messages:
        if m.hand == hand_no and m.trick == trick_no and m.sender is not None:
            if m.kind == "say":
                used.add((m.sender, f"say {m.text.lower()}"))
            elif m.kind == "signal":
                used.add((m.sender, "signal"))
    state.talk_used = frozenset(used)
    state.phase = PHASES[obs["phase"]]
    state.current_player = obs["current_player"]
    state.history = []
    state._legal_cache = None


def _shown(state: TrionfettiState, obs: dict[str, Any], pack: list[Card]) -> list[Shown]:
    """The hands shown after conceded vagarestos: to this seat as the observation says, and between the other
    pair the sampled unplayed cards of that hand."""
    seat = obs["seat"]
    partner = state.game.partner  # type: ignore[attr-defined]
    mine = {(s["hand"], s["seat"]): tuple(card(c) for c in s["cards"]) for s in obs.get("shown_cards") or []}
    out: list[Shown] = []
    played = {c for t in state.tricks for c in t.cards}
    for r in state.results:
        if r.how != "conceded":
            continue
        for s in range(PLAYERS):
            if partner[s] == seat:
                cards = mine.get((r.hand, s))
                if cards is not None:
                    out.append(Shown(r.hand, s, seat, cards))
                continue
            start = _slot(state.dealer, r.hand, s)
            rest = tuple(c for c in pack[start : start + HAND_SIZE] if c not in played)
            if rest:
                out.append(Shown(r.hand, s, partner[s], rest))
    return out
