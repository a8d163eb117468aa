"""What the hard level reads from the others' decisions, beyond the rules the samplers know.

* **Briscola Chiamata's auction** (:func:`world_check`): a world is kept only if it fits the caller's bid.
* **French Triomphe's play** (:func:`world_weight`): a world is weighed by how well the opponents' decisions
  (robbing or not, leads, the cards given to a trick) fit the rule of thumb played from its hands
  (:mod:`~trionfi.agents.triomphe_reading`).
* **Briscola's play with three or more players** (:func:`world_weight`): a world is weighed by how well the
  opponents' plays of this trick and the last fit the playout rule from its hands
  (:mod:`~trionfi.agents.briscola_reading`).
* **Briscola Chiamata's partner** (:func:`world_sampler`): the called card's holder is drawn by how much the
  auction and each non-caller's play look like the partner's (:mod:`~trionfi.agents.chiamata_reading`).
* **Troccas' card play and talk** (:func:`world_sampler`): an opponent's hand leaves out the cards the medium
  rule says he cannot hold, given how he led and followed, and every other hand has as many trumps as its
  talk after the deal says (:mod:`~trionfi.agents.troccas_reading`).
* **Trionfetti's vagaresto** (:func:`vagaresto_answer`): who calls a vagaresto only on a sure hand (the
  medium and hard levels do) holds cards that beat every card he has not seen; when the cards the challenged
  side sees cannot rule that out, accepting loses the stake.

All read the others as the rule of thumb plays: a player who bids or calls otherwise (a bluffer) is misread.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..cards import card
from ..tricks import free


def world_check(game: Any, observation: dict[str, Any]) -> Callable[[Any], bool] | None:
    """A test of a sampled world against what the seat knows beyond the sampler's rules, or None. Briscola
    Chiamata: a caller calls a card he lacks (he calls his own only holding all four of its rank, and then he
    knows it: the rule of thumb does so), so until the called card shows, a world that gives it to the caller is
    unlikely; and the caller won the auction, so his hand as dealt is one the rule of thumb bids that high with
    in the called suit. The sampler deals the unseen cards uniformly: it gave the caller his own called card in
    a quarter of the worlds and any hand at all."""
    if game.name != "briscola-chiamata" or observation.get("called") is None or observation.get("partner") is not None:
        return None
    from .heuristics.briscola_chiamata import _level, _needed, suit_rating

    seat, caller = observation["seat"], observation["caller"]
    if seat == caller:
        return None  # he knows his own hand; his partner is anyone else alike
    last = next((text for s, text in reversed(observation["auction"]) if s == caller and text != "pass"), None)
    needed = _needed(_level(last)) if last is not None else None
    suit = card(observation["called"]).suit

    def plausible(world: Any) -> bool:
        if world.partner == caller:
            return False
        if needed is None:
            return True
        dealt = list(world.hands[caller]) + [
            c for t in world.tricks for s, c in zip(t.seats, t.cards, strict=True) if s == caller
        ]
        dealt += [c for s, c in zip(world.trick_seats, world.trick, strict=False) if s == caller]
        return suit_rating(dealt, suit) >= needed

    return plausible


def world_weight(game: Any, observation: dict[str, Any]) -> Callable[[Any], float] | None:
    """A weight of a sampled world by how well it explains the others' decisions, or None (every world alike):
    French Triomphe (:func:`~trionfi.agents.triomphe_reading.world_weight`), Briscola for three or more
    players (:func:`~trionfi.agents.briscola_reading.world_weight`), Briscola Chiamata
    (:func:`~trionfi.agents.chiamata_history.world_weight`)."""
    if observation.get("phase") != "play":
        return None
    if game.name == "briscola" and game.players > 2 and game.plain_play and game.restriction is free:
        from .briscola_reading import world_weight as briscola_weight

        return briscola_weight(game, observation)
    if game.name == "briscola-chiamata":
        from .chiamata_history import world_weight as chiamata_weight

        return chiamata_weight(game, observation)
    if game.name != "triomphe":
        return None
    from .triomphe_reading import world_weight as triomphe_weight

    return triomphe_weight(observation)


def world_sampler(game: Any, observation: dict[str, Any]) -> Callable[[Any], Any] | None:
    """How the search draws its worlds when it knows more than the game's sampler, or None (the sampler's own
    draw). Troccas: the opponents' hands leave out what the medium rule says they cannot hold
    (:func:`~trionfi.agents.troccas_reading.medium_exclusions`). Briscola Chiamata: the called card goes to a
    seat drawn by how likely the auction and the play make him the partner
    (:func:`~trionfi.agents.chiamata_reading.partner_odds`)."""
    if game.name == "briscola-chiamata":
        return _chiamata_sampler(game, observation)
    if game.name != "troccas":
        return None
    from ..games.troccas_sample import sample_state
    from .troccas_reading import medium_exclusions, medium_trump_counts

    excluded = medium_exclusions(observation)
    trumps = medium_trump_counts(observation)
    if not excluded and not trumps:
        return None
    return lambda rng: sample_state(game, observation, rng, excluded, trumps)


def _chiamata_sampler(game: Any, observation: dict[str, Any]) -> Callable[[Any], Any] | None:
    from ..games.briscola_chiamata_sample import sample_state
    from .chiamata_reading import partner_odds

    if observation.get("phase") != "play":
        return None
    odds = partner_odds(observation)
    if not odds:
        return None
    seats = list(odds)
    weights = [odds[s] for s in seats]
    return lambda rng: sample_state(game, observation, rng, rng.choices(seats, weights)[0])


def vagaresto_answer(observation: dict[str, Any]) -> str | None:
    """``concede`` when the caller of the vagaresto being answered may hold a sure hand (as many cards stronger
    than every card he has not seen, the challenged side's included, and than the trick's best, as his side
    still needs tricks), else None (the heuristic bot's estimate decides)."""
    from .heuristics.trionfetti import strength_of

    v = observation.get("vagaresto")
    if observation.get("phase") != "vagaresto" or not v or "concede" not in observation["legal_actions"]:
        return None
    strength = strength_of(observation["ranking"])
    sides = observation["sides"]
    caller_side = next(i for i, members in enumerate(sides) if v["caller"] in members)
    needed = 2 - sum(1 for w in observation["hand_tricks"] if w == caller_side)
    ours = [card(c) for c in observation["hand"]]
    for codes in (observation.get("open_hands") or {}).values():
        ours += [card(c) for c in codes]
    floor = max([strength[c] for c in ours] + [strength[card(c)] for _, c in observation["trick"]], default=-1)
    seen = set(ours) | {card(observation["cut_card"])} | {card(c) for c in observation.get("leftovers") or []}
    for t in observation["tricks"]:
        seen.update(card(c) for _, c in t["cards"])
    seen.update(card(c) for _, c in observation["trick"])
    stronger = sum(1 for c, s in strength.items() if s > floor and c not in seen)
    return "concede" if stronger >= needed else None
