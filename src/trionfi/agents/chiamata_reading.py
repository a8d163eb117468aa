"""Who is Briscola Chiamata's partner, as a seat reads it from the auction and the play.

Until the called card is played only the partner knows he holds it, and the game's sampler deals it to any
of the other non-callers alike. But the partner plays as the caller's ally and the defenders as his
opponents: a seat that loads a trick the caller is winning, or lets it pass holding a trump, plays like the
partner; one that takes the caller's trick, or loads a trick another non-caller is winning, plays like a
defender. Each decision of a non-caller before the called card shows is put into a category
(:func:`play_events`: how the trick stood, whether the card took it, what kind of card it was) and weighs
the chance that he is the partner by the category's likelihood ratio, how much more often the partner makes
that decision than a defender (``RATIOS``), counted over deals of medium bots in every seat
(``benchmarks/chiamata_partner.py``, which also prints the table). :func:`partner_odds` multiplies the
ratios of each candidate's decisions (as if they were independent; ``TEMPER`` tempers the product, which
that assumption makes too sure) into the chance that he holds the called card.

The ratios are the medium level's manners: a player who does not play like it is read less well.
"""

from __future__ import annotations

from typing import Any

from ..cards import ITALIAN_40, card
from ..ranking import BRISCOLA

STRENGTH = BRISCOLA.strengths(ITALIAN_40)
POINTS = BRISCOLA.card_points(ITALIAN_40)
LOADED = 10  # trick points from which a trick is "loaded"
TEMPER = 1.0  # the power each ratio is raised to (calibrated in benchmarks/chiamata_partner.py)
FLOOR = 0.01  # no decision rules a candidate out: a ratio is clamped to [FLOOR, 1 / FLOOR]


def kind(c: Any, trump: str) -> str:
    """A card's kind for the reading: T a trump, L a load (ace or three), P a few points, B a blank."""
    if c.suit == trump:
        return "T"
    if c.rank in ("A", "3"):
        return "L"
    if c.rank in ("K", "H", "J"):
        return "P"
    return "B"


def play_events(observation: dict[str, Any]) -> list[tuple[int, str]]:
    """(seat, category) of every decision of a non-caller seat that may tell whether he is the partner: his
    part in the auction, then each card he played before the called card was played (module docstring)."""
    caller = observation.get("caller")
    called = observation.get("called")
    if caller is None or called is None:
        return []
    called_card = card(called)
    trump = called_card.suit
    events: list[tuple[int, str]] = []
    bid = {s for s, text in observation["auction"] if text != "pass"}
    for s in range(observation["players"]):
        if s != caller:
            events.append((s, "auction bid" if s in bid else "auction pass"))
    tricks = [t["cards"] for t in observation["tricks"]]
    if observation["trick"]:
        tricks.append(observation["trick"])
    n = observation["players"]
    for cards in tricks:
        on_table: list[Any] = []
        best_at = 0
        for i, (s, code) in enumerate(cards):
            c = card(code)
            if c == called_card:
                return events  # the partner has shown himself: nothing more to read
            if s != caller:
                if not on_table:
                    events.append((s, f"lead {kind(c, trump)}"))
                else:
                    best = on_table[best_at]
                    who = "C" if cards[best_at][0] == caller else "N"
                    took = _beats(c, best, trump)
                    where = "last" if i == n - 1 else "mid"
                    load = "high" if sum(POINTS[x] for x in on_table) >= LOADED else "low"
                    events.append((s, f"{who} {where} {load} {'take' if took else 'under'} {kind(c, trump)}"))
            if on_table and _beats(c, on_table[best_at], trump):
                best_at = i
            on_table.append(c)
    return events


def _beats(c: Any, best: Any, trump: str) -> bool:
    if c.suit == best.suit:
        return STRENGTH[c] > STRENGTH[best]
    return c.suit == trump


def candidates(observation: dict[str, Any]) -> list[int]:
    """The seats that may hold the called card as the observing seat sees it (empty once it is known)."""
    if observation.get("called") is None or observation.get("partner") is not None:
        return []
    seat, caller = observation["seat"], observation["caller"]
    # A defender knows the caller does not hold it (he calls a card he lacks; reading.world_check).
    return [s for s in range(observation["players"]) if s not in (seat, caller)]


def partner_odds(
    observation: dict[str, Any],
    ratios: dict[str, float] | None = None,
    temper: float | None = None,
    floor: float = FLOOR,
) -> dict[int, float]:
    """The chance that each seat holds the called card, as the observing seat reads the auction and the play
    (empty when the partner is known): the share of the unseen cards in his hand, times the likelihood ratios
    of his decisions (module docstring)."""
    seats = candidates(observation)
    if not seats:
        return {}
    table = RATIOS if ratios is None else ratios
    power = TEMPER if temper is None else temper
    sizes = observation["hand_sizes"]
    odds = {s: float(sizes[s]) for s in seats}
    for s, category in play_events(observation):
        if s in odds:
            ratio = min(max(table.get(category, 1.0), floor), 1.0 / floor)
            odds[s] *= ratio**power
    total = sum(odds.values())
    if total <= 0:
        return {s: 1.0 / len(seats) for s in seats}
    return {s: v / total for s, v in odds.items()}


# P(decision | situation, partner) / P(decision | situation, defender), the situation being the category without
# its last two words ("C last high": the caller wins a trick of 10 points or more, the seat plays last), or
# "auction", or "lead": counted over 5,000 deals of medium bots (`python benchmarks/chiamata_partner.py --deals
# 10000 --seed 1`, the first half; on the second half the true partner is the likeliest in 76 % of a defender's
# positions before the reveal, log-loss 0.50 against 1.10 for the uniform chance).
RATIOS: dict[str, float] = {
    "C last high take B": 0.0641,
    "C last high take L": 0.688,
    "C last high take P": 0.186,
    "C last high take T": 0.114,
    "C last high under B": 0.158,
    "C last high under L": 595,
    "C last high under P": 27,
    "C last high under T": 2.21,
    "C last low take B": 0.211,
    "C last low take L": 1.42,
    "C last low take P": 0.213,
    "C last low take T": 0.0797,
    "C last low under B": 0.273,
    "C last low under L": 452,
    "C last low under P": 21.6,
    "C last low under T": 2.71,
    "C mid high take B": 10.7,
    "C mid high take L": 0.0113,
    "C mid high take P": 0.0963,
    "C mid high take T": 1.73,
    "C mid high under B": 0.7,
    "C mid high under L": 2.6,
    "C mid high under P": 1.51,
    "C mid high under T": 0.587,
    "C mid low take B": 21.7,
    "C mid low take L": 0.00416,
    "C mid low take P": 0.246,
    "C mid low take T": 1.56,
    "C mid low under B": 1.8,
    "C mid low under L": 0.095,
    "C mid low under P": 0.863,
    "C mid low under T": 1.86,
    "N last high take B": 0.144,
    "N last high take L": 1.79,
    "N last high take P": 0.735,
    "N last high take T": 1.96,
    "N last high under B": 0.815,
    "N last high under L": 0.01,
    "N last high under P": 0.237,
    "N last high under T": 10.4,
    "N last low take B": 0.682,
    "N last low take L": 3.09,
    "N last low take P": 1.41,
    "N last low take T": 26.4,
    "N last low under B": 0.206,
    "N last low under L": 0.0669,
    "N last low under P": 0.0973,
    "N last low under T": 10.5,
    "N mid high take B": 0.147,
    "N mid high take L": 0.0192,
    "N mid high take P": 0.266,
    "N mid high take T": 3.74,
    "N mid high under B": 2.36,
    "N mid high under L": 0.00381,
    "N mid high under P": 0.168,
    "N mid high under T": 0.598,
    "N mid low take B": 0.634,
    "N mid low take L": 1.24,
    "N mid low take P": 1.06,
    "N mid low take T": 2.28,
    "N mid low under B": 0.883,
    "N mid low under L": 1.45,
    "N mid low under P": 0.866,
    "N mid low under T": 0.605,
    "auction bid": 0.894,
    "auction pass": 1.05,
    "lead B": 1.87,
    "lead L": 0.389,
    "lead P": 0.61,
    "lead T": 1.4,
}
