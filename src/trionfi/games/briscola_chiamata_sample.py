"""Sampling a full Briscola Chiamata state from one seat's observation (``BriscolaChiamata.sample_state``).

All forty cards are dealt and play is free (no duty to follow), so play shows no voids: what a seat knows is
its own hand, every card played (and by whom), the auction and the called card, and, once the called card has
been played, who the partner is. The cards it has not seen are dealt at random to the other four hands, as many
as each holds. The called card needs no rule of its own:

* in the auction and the call phases nothing is known about the other hands;
* the partner (and a caller who called his own card) holds it: it is in his own hand and stays there;
* anyone else has not seen it (until it is played): it is one of the unseen cards and lands in a random other
  hand, the caller's included (a caller may have called his own card and play alone), and whoever gets it is
  the partner of the sampled deal;
* once it is played it is public, and its player is the partner.

``holder``, when given (a seat that may hold the called card as the observer knows: not himself, the card not
yet seen), puts the called card in that hand and deals the other unseen cards at random: the search draws the
holder by how the auction and the play read (:mod:`~trionfi.agents.chiamata_reading`).

The sample is built by replaying: each hand as dealt is its cards played followed by its cards held (the seat's
own in their order), these hands make a stacked pack, and the auction, the call and the cards played are applied
to a deal of that pack. So the sampled state is a real deal with a full, replayable record.
"""

from __future__ import annotations

import random
from typing import Any

from ..cards import Card, card
from ..shuffling import shuffle
from .briscola_chiamata import BIDS, PASS, PLAYERS, BriscolaChiamata, ChiamataState

BID_BY_TEXT = {str(b): b for b in BIDS}
BID_BY_TEXT[str(PASS)] = PASS


def sample_state(
    game: BriscolaChiamata, observation: dict[str, Any], rng: random.Random, holder: int | None = None
) -> ChiamataState:
    """A playable state ``observation`` could come from, the unseen cards dealt at random, the called card in
    ``holder``'s hand when given (module docstring)."""
    obs = observation
    seat, dealer = obs["seat"], obs["dealer"]
    plays = [(s, card(c)) for t in obs["tricks"] for s, c in t["cards"]] + [(s, card(c)) for s, c in obs["trick"]]
    played_by: list[list[Card]] = [[] for _ in range(PLAYERS)]
    for s, c in plays:
        played_by[s].append(c)
    own = [card(c) for c in obs["hand"]]
    seen = set(own) | {c for _, c in plays}
    unseen = [c for c in game.deck if c not in seen]
    sizes = obs["hand_sizes"]
    others = [s for s in range(PLAYERS) if s != seat]
    if sum(sizes[s] for s in others) != len(unseen):
        raise ValueError(
            f"the observation is inconsistent: {len(unseen)} unseen cards for "
            f"{sum(sizes[s] for s in others)} places in the other hands"
        )
    shuffle(unseen, rng)
    held: list[list[Card]] = [[] for _ in range(PLAYERS)]
    held[seat] = own
    if holder is not None:
        called = card(obs["called"]) if obs["called"] is not None else None
        if called not in unseen or holder == seat or not sizes[holder]:
            raise ValueError(f"seat {holder} cannot hold the called card as seat {seat} sees the deal")
        unseen.remove(called)
        held[holder] = [called]
    at = 0
    for s in others:
        take = sizes[s] - len(held[s])
        held[s] += unseen[at : at + take]
        at += take

    # The hands as dealt, and the pack that deals them: card k goes to seat (first + k) mod 5.
    dealt = [played_by[s] + held[s] for s in range(PLAYERS)]
    first = (dealer + 1) % PLAYERS
    pack = [dealt[(first + k) % PLAYERS][k // PLAYERS] for k in range(len(game.deck))]
    state: ChiamataState = game.deal(seed=rng.getrandbits(63), deck=pack, dealer=dealer)  # type: ignore[assignment]
    for s, text in obs["auction"]:
        state.apply(BID_BY_TEXT[text], seat=s)
    if obs["called"] is not None:
        state.apply(f"call {obs['called']}", seat=obs["caller"])
    for s, c in plays:
        state.apply(c, seat=s)
    return state
