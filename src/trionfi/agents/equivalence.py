"""Cards a search need not tell apart: two cards of a seat's hand are *equivalent* when they are of one suit,
worth the same, and no card between them in rank may be anywhere but in that hand or already played. Whatever
the others hold, one wins or loses a trick exactly when the other would, and gives the same points: searching
both spends the time twice on one choice.

Only Troccas is reduced (its 19-card hands hold runs of one-point numerals and trumps, and its search is the
costliest); in the other games a card may have a role beyond its rank and points (a Trijumf declaration, a
Chiamata called card), and their hands are short.
"""

from __future__ import annotations

from typing import Any

from ..cards import TAROT_78, Card, CardError, card


def distinct_cards(observation: dict[str, Any], candidates: list[str]) -> tuple[list[str], dict[str, str]]:
    """(the candidates with one card of every equivalent group, each dropped card -> the card kept for it).

    The card kept is the lowest of its group; actions that are not single cards are all kept."""
    if observation.get("game") != "troccas":
        return candidates, {}
    from ..games.troccas_scoring import FOOL_CARD, STRENGTH, VALUE

    mine: dict[Card, str] = {}
    for text in candidates:
        try:
            mine[card(text)] = text
        except CardError:
            continue
    if len(mine) < 2:
        return candidates, {}
    held = {card(c) for c in observation["hand"]}
    gone = {card(c) for t in observation["tricks"] for _, c in t["cards"]}
    gone |= {card(c) for _, c in observation["trick"]}
    gone |= {card(c) for c in observation.get("discard") or []}
    same: dict[str, str] = {}
    for suit in {c.suit for c in mine if c is not FOOL_CARD}:
        run: dict[int, str] = {}  # within the current run of cards nobody else may hold: value -> card kept
        for c in sorted((x for x in TAROT_78 if x.suit == suit and x is not FOOL_CARD), key=STRENGTH.__getitem__):
            if c not in held and c not in gone:
                run = {}  # a card that may be elsewhere separates what is below it from what is above
                continue
            text = mine.get(c)
            if text is None:
                continue
            kept = run.setdefault(VALUE[c], text)
            if kept != text:
                same[text] = kept
    return [a for a in candidates if a not in same], same
