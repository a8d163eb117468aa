"""How the Briscola bots talk to their partners, and what they make of what they hear (RULES.md §2.13).

Signals (``communication=signals``, private and truthful): a bot signals each of the three highest trumps it
holds (A 3 K; Bosnian A 10 K) once, at its first turn holding it: its partners then count the card as in its
hand (``Table`` puts it in ``known``), so they load a trick he can still take and keep their own high trumps
for other tricks.

Conversation (``communication=conversation``: the leader, from trick 2, before leading; public): a leader
holding a *sure winner* (a card nothing still out can beat, e.g. the three of trumps with the ace in his own
hand) asks each partner "carichi?" (does he hold an ace or a three of a plain suit); to a "yes" he orders
"play a carico" and leads his cheapest sure winner, so that the load goes onto a trick his side is certain to
take. Otherwise he keeps quiet: a question tells the opponents as much as the partner.

What is heard, by every seat (an answer and an order are public; a signal only reaches the sender's side):

* a partner's order "play a carico" in this trick, while his card wins it: the bot takes his card to be sure
  to win (he knows his hand) and loads it; any other order of a partner in this trick is followed when the
  bot holds a card that fits it (a liscio, a high or a low trump, the head of the suit led);
* an answer "no" in this trick (the hand cannot have changed since): the seat holds none of the cards asked
  about, which every seat's ``Table`` leaves out of that seat's possible cards;
* a signal "I hold the X of trumps" (in ``Table``).
"""

from __future__ import annotations

from typing import Any

from ...cards import Card, CardError, card

QUESTION = "carichi"
ORDER = "carico"
ORDER_TEXT = "play a carico"  # what the engine says for "order carico" (games.briscola_talk.ORDERS)
SURE = 1.0 - 1e-9


def trick_number(obs: dict[str, Any]) -> int:
    return len(obs["tricks"]) + 1


def heard(obs: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    """The messages of ``kind`` said in the trick being played."""
    now = trick_number(obs)
    return [m for m in obs.get("messages") or [] if m.get("kind") == kind and m.get("trick") == now]


# --- what a "no" rules out ----------------------------------------------------------------------------------
def lacking(obs: dict[str, Any], game: Any) -> dict[int, set[Card]]:
    """Per seat, the cards an answer "no" in this trick says it does not hold."""
    found: dict[int, set[Card]] = {}
    for m in heard(obs, "answer"):
        topic, _, reply = m["text"].rpartition(": ")
        if reply != "no":
            continue
        cards = _asked_about(topic.strip(), game, obs.get("trump"))
        if cards:
            found.setdefault(m["sender"], set()).update(cards)
    return found


def _asked_about(topic: str, game: Any, trump: str | None) -> set[Card]:
    """The cards a question is about (the definitions of games.briscola_talk)."""
    order = game.rank_table.order
    points = game.card_points
    deck = game.deck
    if topic == "lisci":
        return {c for c in deck if c.suit != trump and points[c] == 0}
    if topic == "carichi":
        return {c for c in deck if c.suit != trump and c.rank in order[:2]}
    if topic == "vestite":
        return {c for c in deck if c.suit == trump and points[c] > 0 and c.rank not in order[:2]}
    if topic == "briscoline":
        blank = [r for r in order if game.rank_table.points.get(r, 0) == 0]
        return {c for c in deck if c.suit == trump and c.rank in blank[1:]}
    return set()  # "head X" speaks of one card relative to the asker's hand: not used


# --- orders heard -------------------------------------------------------------------------------------------
def orders_to(obs: dict[str, Any]) -> list[tuple[int, str]]:
    """(partner, order text) for the orders a partner gave this seat in this trick, while this seat is still to
    play to it."""
    seat = obs["seat"]
    if any(s == seat for s, _ in obs["trick"]):
        return []
    mine = next(members for members in obs["sides"] if seat in members)
    return [(m["sender"], m["text"]) for m in heard(obs, "order") if seat in m["to"] and m["sender"] in mine]


def sure_partners(obs: dict[str, Any]) -> set[int]:
    """The partners whose card the bot takes to be sure to win this trick: they ordered a carico."""
    return {s for s, text in orders_to(obs) if text == ORDER_TEXT}


def obey(obs: dict[str, Any], table: Any, cards: list[str]) -> str | None:
    """The card a partner's order (other than a carico, which the Table weighs) asks for, if one fits."""
    trump = table.trump
    points = table.points
    strength = table.strength
    hand = [card(a) for a in cards]
    for _, text in orders_to(obs):
        fits: list[Card] = []
        pick = min
        if text == "play a liscio":
            fits = [c for c in hand if c.suit != trump and points[c] == 0]
        elif text in ("play a high trump", "play a low trump"):
            fits = [c for c in hand if c.suit == trump]
            pick = max if "high" in text else min
        elif text == "head the trick without trumping" and table.trick:
            led = table.trick[0][1].suit
            top = max((c for _, c in table.trick if c.suit == led), key=strength.__getitem__)
            fits = [c for c in hand if c.suit == led and strength[c] > strength[top]]
            pick = max
        if fits:
            return str(pick(fits, key=lambda c: (strength[c], points[c])))
    return None


# --- talking ------------------------------------------------------------------------------------------------
def choose_talk(obs: dict[str, Any], table: Any, legal: list[str]) -> str | None:
    """A talk action to take now (one of ``legal``), or None to play."""
    for a in legal:  # truthful private signals of the top three trumps
        if a.startswith("signal ") and a.split()[1] in table.game.rank_table.order[:3]:
            return a
    if table.trick or not any(a.startswith(("ask ", "order ")) for a in legal):
        return None
    if not sure_winners(table, legal):
        return None
    answers = {m["sender"]: m["text"].endswith(": yes") for m in heard(obs, "answer") if QUESTION in m["text"]}
    for partner in _partners(obs):
        if partner not in answers:
            ask = _addressed(legal, "ask", partner, QUESTION)
            if ask is not None:
                return ask
        elif answers[partner]:
            order = _addressed(legal, "order", partner, ORDER)
            if order is not None:
                return order
    return None


def ordered_lead(obs: dict[str, Any], table: Any, legal: list[str]) -> str | None:
    """The leader who ordered a carico in this trick leads his cheapest sure winner."""
    seat = obs["seat"]
    if table.trick or not any(m["sender"] == seat and m["text"] == ORDER_TEXT for m in heard(obs, "order")):
        return None
    winners = sure_winners(table, legal)
    return str(min(winners, key=table.keep_value)) if winners else None


def sure_winners(table: Any, legal: list[str]) -> list[Card]:
    """The cards of ``legal`` that nothing still out can beat in this trick."""
    found = []
    for a in legal:
        try:
            c = card(a)
        except CardError:
            continue
        if table.win_chance(c)[0] >= SURE:
            found.append(c)
    return found


def _partners(obs: dict[str, Any]) -> list[int]:
    seat = obs["seat"]
    n = obs["players"]
    mine = next(members for members in obs["sides"] if seat in members)
    return sorted((s for s in mine if s != seat), key=lambda s: (s - seat) % n)  # in play order


def _addressed(legal: list[str], verb: str, partner: int, topic: str) -> str | None:
    """The legal action ``verb`` ``topic`` to ``partner`` (six players name him: ``ask 2 carichi``)."""
    for text in (f"{verb} {partner} {topic}", f"{verb} {topic}"):
        if text in legal:
            return text
    return None
