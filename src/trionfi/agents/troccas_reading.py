"""What the hard level reads from its Troccas opponents' cards: which unseen cards each cannot hold, if he plays
by the medium bot's rule (:mod:`~trionfi.agents.heuristics.troccas`). The sampler already knows the voids any
player shows; the rule says more, and only what it says for sure is read:

* **A lead.** The rule leads the king of the first suit (coins, cups, swords, batons) not led yet that he
  holds: a leader who led anything else held no king of a suit not led yet (one who led such a king, none of
  the suits before it). Otherwise it leads the cheapest card of a longest plain suit: no card of that suit
  cheaper than the one led (worth less, or as much and weaker). A trump is led only without plain cards (every
  plain suit void), the lowest trump but T1 (no trump below it but T1; T1 led: no other trump), and the Fool
  only as the last card.
* **A card that did not take the lead from the other side** (it beats neither the card winning the trick when
  he played, which was not his partner's): the rule takes a trick whenever it can beat it, so none of the
  cards he might play beat it; and short of the Fool it throws the cheapest card it may play, so none of those
  is cheaper. (He might play the cards of the suit led; with none of them, trumps; with neither, any card.)

* **The talk after the full deal** (:func:`medium_trump_counts`), of every other seat (the hard level talks
  as the medium bot): "in trochetg" is 5 or 6 trumps, "ina trocca" 7 or 8, a proposal of a new deal none, and
  silence any other number (the sampler keeps the worlds that fit, by rejection).

Nothing is read from a trick his partner was winning (his choice then depends on what he could not see) or
from a trick where king and jack were played together; a trick where a jack demand took a card back is read
as it was played (the card taken back, not the jack). Each card read out stays out: a hand only shrinks, but
for the card a jack's holder takes back, which he held before (and played, so it was not read out). A seat that
does not play by the rule may be misread; a reading that leaves no deal possible is dropped by the sampler.
"""

from __future__ import annotations

from typing import Any

from ..cards import TAROT_78, Card, card
from ..games.troccas_scoring import FOOL_CARD, KING, STRENGTH, SUITS, TRUMP, TRUMPS
from .heuristics.troccas import cost, winner_index

T1 = TRUMPS[0]
BY_SUIT: dict[str, list[Card]] = {}
for _c in TAROT_78:
    if _c is not FOOL_CARD:
        BY_SUIT.setdefault(_c.suit, []).append(_c)


def medium_exclusions(observation: dict[str, Any]) -> dict[int, set[Card]]:
    """Opponent seat -> the cards he cannot hold now if he plays by the medium rule (module docstring)."""
    seat = observation["seat"]
    sides = observation["sides"]
    mine = next(members for members in sides if seat in members)
    partner_of = {s: next(x for x in members if x != s) for members in sides for s in members}
    out: dict[int, set[Card]] = {s: set() for members in sides if members is not mine for s in members}
    swapped = _swapped_cards(observation)
    opened: set[str] = set()
    tricks = [[(s, card(c)) for s, c in t["cards"]] for t in observation["tricks"]]
    tricks.append([(s, card(c)) for s, c in observation["trick"]])
    for n, seq in enumerate(tricks, start=1):
        # The card a jack demand took back, not the jack the trick shows, is what its holder played.
        seq = [(s, swapped.get((n, s), c)) for s, c in seq]
        seats = [s for s, _ in seq]
        if len(seq) > 4 or len(set(seats)) < len(seats):
            _open(opened, seq)
            continue  # king and jack together: an eight-card trick
        for i, (s, c) in enumerate(seq):
            if s not in out:
                continue
            before = [x for _, x in seq[:i]]
            if all(x is FOOL_CARD for x in before):  # a lead (or the card after a Fool led)
                _read_lead(out[s], c, opened)
                continue
            at = winner_index(before)
            if at is None or seats[at] == partner_of[s]:
                continue
            _read_follow(out[s], c, before, before[at])
        _open(opened, seq)
    return {s: cards for s, cards in out.items() if cards}


# After the full deal the medium bot says how many trumps it holds: 5 or 6, 7 or 8, none (it proposes a new
# deal), or passes (any other count). Seat -> trumps counts its words (or silence) allow.
TRUMP_WORDS = {
    "in trochetg": frozenset((5, 6)),
    "ina trocca": frozenset((7, 8)),
    "proposes a new deal": frozenset((0,)),
}
SILENT = frozenset(n for n in range(22) if n not in (0, 5, 6, 7, 8))


def medium_trump_counts(observation: dict[str, Any]) -> dict[int, frozenset[int]]:
    """Every other seat -> the trump counts its hand after the full deal may have had, if it talks as the medium
    bot does (the hard level too); a seat that said anything else is not read. Only once the talk is over."""
    if observation.get("phase") not in ("play", "discard"):
        return {}
    seat = observation["seat"]
    said: dict[int, list[str]] = {}
    for line in (observation.get("table") or {}).get("tschintschar") or []:
        when, _, texts = line.partition(": ")
        if when != "after the deal":
            continue
        for text in texts.split(" · "):
            words = text.split(" ", 2)
            if len(words) == 3 and words[0] == "seat" and words[1].isdigit():
                said.setdefault(int(words[1]), []).append(words[2])
    counts = {}
    for other in range(4):
        if other == seat:
            continue
        names = said.get(other, [])
        if not names:
            counts[other] = SILENT
        elif len(names) == 1 and names[0] in TRUMP_WORDS:
            counts[other] = TRUMP_WORDS[names[0]]
    return counts


def _open(opened: set[str], seq: list[tuple[int, Card]]) -> None:
    led = next((c.suit for _, c in seq if c is not FOOL_CARD), None)
    if led is not None and led != TRUMP:
        opened.add(led)


def _read_lead(out: set[Card], c: Card, opened: set[str]) -> None:
    if c is FOOL_CARD:
        return  # his last card: nothing left to read
    for s in SUITS:
        if s in opened:
            continue
        if c is KING[s]:
            return  # the first king of a suit not led yet: those before it were not held
        out.add(KING[s])
    if c.suit == TRUMP:
        for s in SUITS:
            out.update(BY_SUIT[s])  # no plain card at all
        if c is T1:
            out.update(t for t in TRUMPS if t is not T1)
        else:
            out.update(t for t in TRUMPS if t is not T1 and STRENGTH[t] < STRENGTH[c])
        return
    out.update(x for x in BY_SUIT[c.suit] if cost(x) < cost(c))


def _read_follow(out: set[Card], c: Card, before: list[Card], best: Card) -> None:
    """``c`` did not beat ``best``, the other side's winning card: no card he might play beats it, and short
    of the Fool none is cheaper than ``c``."""
    led = next(x.suit for x in before if x is not FOOL_CARD)
    if c is not FOOL_CARD and _beats(c, best):
        return  # it did beat it: the rule's choice among winners depends on what he could not see
    if c is FOOL_CARD:
        out.update(x for x in BY_SUIT[led] if _beats(x, best))  # holding the suit led, he might play only it
        return
    if c.suit == led:
        might = BY_SUIT[led]
    elif c.suit == TRUMP:
        might = BY_SUIT[TRUMP]  # void in the suit led (the sampler knows): trumps only
    else:
        might = [x for x in TAROT_78 if x is not FOOL_CARD]  # void in the suit led and in trumps: any card
    out.update(x for x in might if _beats(x, best) or cost(x) < cost(c))


def _beats(c: Card, best: Card) -> bool:
    return (c.suit == best.suit or c.suit == TRUMP) and STRENGTH[c] > STRENGTH[best]


def _swapped_cards(observation: dict[str, Any]) -> dict[tuple[int, int], Card]:
    """(trick number, seat) -> the card a jack demand took back from that seat (the trick shows the jack)."""
    found = {}
    for note in (observation.get("table") or {}).get("jack demands") or []:
        words = note.split()
        if "takes" in words and len(words) > 10:
            # "trick N: seat W demanded J: seat H takes back G and gives J"
            at = words.index("takes")
            found[(int(words[1].rstrip(":")), int(words[at - 1]))] = card(words[at + 2])
    return found
