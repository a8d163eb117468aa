"""What a person is shown: seats and sides named from the player's point of view, events told as sentences,
hands sorted as players hold them, and the end of a deal in the game's own terms.

Everything here works from an observation (and the seat's events), so the terminal and any other client render
the same way. Texts are plain (no markup): the terminal adds colour.
"""

from __future__ import annotations

import re
from typing import Any

from .cards import Card, CardError, card
from .events import verdict

# The verb that opens an action's text, in the third person (for "seat 2 bids A"; "you bid A").
VERBS = {
    "pass": "passes",
    "bid": "bids",
    "call": "calls",
    "claim": "claims",
    "declare": "declares",
    "discard": "discards",
    "rob": "robs",
    "concede": "concedes",
    "accept": "accepts",
    "refuse": "refuses",
    "agree": "agrees",
    "knock": "knocks",
    "demand": "demands",
    "propose": "proposes",
    "redeal": "redeals",
    "cut": "cuts",
    "flip": "flips",
    "signal": "signals",
    "ask": "asks",
    "order": "orders",
    "view": "looks at the hand of",
    "say": "says",
    "comanda": "announces the comanda",
    "vagaresto": "calls vagaresto",
    "done": "is done talking",
}
# Actions whose whole text reads as a phrase of its own.
PHRASES = {
    "no demand": ("demand no jack", "demands no jack"),
    "propose redeal": ("propose a new deal", "proposes a new deal"),
    "redeal": ("ask for a new deal (no trump)", "asks for a new deal (no trump)"),
}


# --- who is who --------------------------------------------------------------------------------------------
def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# An observation may carry the seats' names under this key (the online client adds the names the table gave;
# the engine never does): seats are then named as people call each other, "Ann (opponent)" for "seat 1 (opponent)".
NAMES = "seat_names"


def seat_name(seat: int, obs: dict[str, Any]) -> str:
    """A seat's name alone: its person's or bot's name where the observation carries names, else "seat 2"."""
    names = obs.get(NAMES) or ()
    return names[seat] if 0 <= seat < len(names) and names[seat] else f"seat {seat}"


def seat_in_action(action: str, obs: dict[str, Any]) -> str | None:
    """The name of the seat an action names by number ("next dealer 1", "view 2"), where the observation names
    the seats: what to type is the number, who it is the name."""
    m = re.fullmatch(r"(?:next dealer|view) (\d+)", action.lower())
    return seat_name(int(m[1]), obs) if m and obs.get(NAMES) else None


def seat_label(seat: int | None, obs: dict[str, Any], me: int | None) -> str:
    """How a seat is named: you, seat 1 (partner), seat 3 (opponent); plain "seat 2" when nobody is you."""
    if seat is None:
        return "the table"
    name = seat_name(seat, obs)
    if me is None:
        return name
    if seat == me:
        return "you"
    sides = obs["sides"]
    mine = next((side for side in sides if me in side), [me])
    if seat in mine:
        return f"{name} (partner)"
    if len(sides) == 2:
        return f"{name} (opponent)"
    return name


def side_label(index: int, obs: dict[str, Any], me: int | None) -> str:
    """A side named from ``me``'s point of view: you, your team (seats 0, 2), opponents (seats 1, 3)."""
    side = obs["sides"][index]
    if len(side) == 1:
        return "you" if side[0] == me else seat_label(side[0], obs, me)
    if obs.get(NAMES):
        seats = ", ".join("you" if s == me else seat_name(s, obs) for s in side)  # "your team (you, Bot 2)"
    else:
        seats = "seats " + ", ".join(map(str, side))
    if me is not None and me in side:
        return f"your team ({seats})"
    return f"opponents ({seats})" if me is not None and len(obs["sides"]) == 2 else seats


def verb(subject: str, singular: str, plural: str) -> str:
    """The verb that agrees with ``subject``: "you win", "your team wins", "opponents (seats 1, 3) win",
    "seats 1, 3 win" (a spectator's or a replay's view of a side)."""
    if subject == "you" or subject.startswith(("opponents", "seats ")) or " and " in subject:
        return plural
    return singular


# The verbs the engine's sentences put after "seat N" ("seat 3 deals again"), as they go after "you" (the web's
# tableview.js keeps the same list).
YOU_VERBS = {
    "is": "are",
    "has": "have",
    "was": "were",
    "deals": "deal",
    "proposes": "propose",
    "takes": "take",
    "gives": "give",
    "holds": "hold",
    "owes": "owe",
    "wins": "win",
    "leads": "lead",
    "plays": "play",
}
_YOU_VERB = re.compile(rf"\b([Yy]ou) ({'|'.join(YOU_VERBS)})\b")
# The verbs the engine puts after "seats 1+3", as they go after "your team" ("your team wins", as `verb` says it;
# the web's tableview.js keeps the same list).
TEAM_VERBS = {"win": "wins", "score": "scores", "lose": "loses", "give": "gives", "owe": "owes", "take": "takes"}
_TEAM_VERB = re.compile(rf"\b([Yy]our team) ({'|'.join(TEAM_VERBS)})\b")
# The second verb of the same "you": "you take back 10d and gives Jd" -> "... and give Jd".
_YOU_AND_VERB = re.compile(rf"\b([Yy]ou \w+\b[^.;:!?]*? and) ({'|'.join(YOU_VERBS)})\b")


_SIDE_SEATS = re.compile(r"\b([Ss])eats (\d+(?:\+\d+)+)\b")


def _side_words(m: re.Match[str], obs: dict[str, Any], me: int | None) -> str:
    """The engine's "seats 0+2" as the player says it: "your team", "opponents" (or the seats' names)."""
    seats = sorted(int(x) for x in m[2].split("+"))
    if seats not in [sorted(side) for side in obs["sides"]]:
        return m[0]
    if me is not None and me in seats:
        words = "your team"
    elif me is not None and len(obs["sides"]) == 2:
        words = "opponents"
    elif obs.get(NAMES):
        words = " & ".join(seat_name(s, obs) for s in seats)
    else:
        return m[0]
    return cap(words) if m[1] == "S" else words


def personal(text: str, me: int | None, obs: dict[str, Any] | None = None) -> str:
    """An engine message from the player's point of view ("seat 0 may play" -> "you may play"); with ``obs``, a
    side's seats as the side ("seats 1+3 score 2 points" -> "opponents score 2 points") and, where it names the
    seats, the others by their names ("it is Ann's turn, not yours")."""
    if obs and obs.get("sides"):
        text = _SIDE_SEATS.sub(lambda m: _side_words(m, obs, me), text)
        text = _TEAM_VERB.sub(lambda m: f"{m[1]} {TEAM_VERBS[m[2]]}", text)
    if me is not None:
        text = re.sub(rf"\b([Ss])eat {me}'s\b(?= \w)", lambda m: "Your" if m[1] == "S" else "your", text)
        text = re.sub(rf"\b([Ss])eat {me}'s\b", lambda m: "Yours" if m[1] == "S" else "yours", text)
        text = re.sub(rf"\b([Ss])eat {me}\b(?! ?\+)", lambda m: "You" if m[1] == "S" else "you", text)  # not sums
        text = _YOU_VERB.sub(lambda m: f"{m[1]} {YOU_VERBS[m[2]]}", text)
        text = _YOU_AND_VERB.sub(lambda m: f"{m[1]} {YOU_VERBS[m[2]]}", text)
    if obs and obs.get(NAMES):
        text = re.sub(r"\b[Ss]eat (\d+)\b(?! ?\+)", lambda m: seat_name(int(m[1]), obs), text)
    return text


# --- cards ---------------------------------------------------------------------------------------------------
def is_card(text: str) -> bool:
    try:
        card(text)
    except (CardError, ValueError):
        return False
    return True


def suit_name(suit: str, obs: dict[str, Any]) -> str:
    return (obs.get("suit_names") or {}).get(suit, suit)


def trump_text(obs: dict[str, Any]) -> str:
    """The trump suit in words, as the game shows it."""
    trump = obs.get("trump")
    if not trump and "auction" in obs and not obs.get("called"):
        return "Trumps: not chosen yet (the suit of the card the auction's winner calls)"
    if not trump and "comanda" in obs:  # Trionfetti, ranked by a comanda, never has trumps (not "not known yet")
        return "No trumps"
    if not trump and obs.get("phase") not in (None, "play", "end"):
        return "Trumps: not known yet"
    if not trump:
        return "No trumps"
    name = suit_name(trump, obs)
    if name == trump:
        name = {"d": "coins", "c": "cups", "s": "swords", "b": "batons"}.get(trump, trump)
    return f"Trumps: {name.split(' (')[0]}"


def hand_groups(game: Any, obs: dict[str, Any], cards: list[str] | None = None) -> list[tuple[str, list[str]]]:
    """The hand sorted as players hold it: by suit (in the pack's order, trumps last), within a suit from the
    highest card to the lowest in this game's order (Trionfetti: the comanda's). Returns (suit, cards) groups."""
    cards = obs.get("hand", []) if cards is None else cards
    strength = game.card_strength(obs)
    suits = list(dict.fromkeys(c.suit for c in game.deck))
    trump = obs.get("trump")
    if trump in suits:
        suits.remove(trump)
        suits.append(trump)
    groups: dict[str, list[Card]] = {}
    for text in cards:
        c = card(text)
        groups.setdefault(c.suit, []).append(c)
    order = [s for s in suits if s in groups] + [s for s in groups if s not in suits]
    return [(s, [str(c) for c in sorted(groups[s], key=lambda c: -strength.get(c, 0))]) for s in order]


def sorted_hand(game: Any, obs: dict[str, Any], cards: list[str] | None = None) -> list[str]:
    return [c for _, group in hand_groups(game, obs, cards) for c in group]


SHOWN_CHOICES = 8  # the actions a turn's prompt names; every one is listed on the screen above it


def pass_first(action: str) -> bool:
    """A sort key that puts ``pass``, the usual answer where it is allowed, before every other action."""
    return action != "pass"


def card_examples(game: Any) -> str:
    """A few of the game's own card codes, spread over its pack ("Ad, 6d, Hc, 4s"), for a help text."""
    return ", ".join(list(dict.fromkeys(str(c) for c in game.deck))[::7][:4])


def last_trick_line(obs: dict[str, Any], me: int | None) -> str:
    """The last completed trick of the deal in a sentence, or that none is completed yet (the `last` command)."""
    if not obs.get("tricks"):
        return "No trick has been completed yet in this deal."
    last = {**obs["tricks"][-1], "number": len(obs["tricks"])}
    return trick_sentence(last, obs, me, obs.get("show_points", True))


def choices(game: Any, obs: dict[str, Any]) -> list[str]:
    """The legal actions in the order a player reads them: ``pass`` first, then the cards in the hand's order,
    then the other actions (the engine lists them in its own order)."""
    legal = [str(a) for a in obs["legal_actions"]]
    in_hand = {c.lower(): i for i, c in enumerate(sorted_hand(game, obs))}
    return sorted(legal, key=lambda a: (pass_first(a), in_hand.get(a.lower(), len(in_hand))))


_ALLOWED_TAIL = re.compile(r"(?:may play|may|allowed): ([^;]*)$")


def refusal(text: str, game: Any, obs: dict[str, Any] | None, me: int | None) -> str:
    """A refused action's message as the player reads it: in their person ("you may play"), and the allowed
    actions it ends with in the prompt's order rather than the engine's."""
    text = personal(text, me, obs)
    tail = _ALLOWED_TAIL.search(text)
    if tail is None or game is None or not obs or not obs.get("legal_actions"):
        return text
    if sorted(tail.group(1).split(", ")) != sorted(str(a) for a in obs["legal_actions"]):
        return text  # a list of something else, or of another moment's actions: left as the engine wrote it
    return text[: tail.start(1)] + ", ".join(choices(game, obs))


def turn_prompt(game: Any, obs: dict[str, Any]) -> str:
    """What a player may type at their turn, as the prompt says it: "a card (7s, 6b, 5b)". ``pass``, the usual
    answer where it is allowed (an auction, a Troccas tschintschar), comes first, then the cards in the hand's
    order, then the other actions: a long list is cut after the first few, never before the pass."""
    order = choices(game, obs)
    in_hand = {c.lower() for c in sorted_hand(game, obs)}
    playable = [a.lower() in in_hand for a in order]
    what = "a card" if all(playable) else "a card or an action" if any(playable) else "an action"
    shown = ", ".join(order[:SHOWN_CHOICES]) + (", …" if len(order) > SHOWN_CHOICES else "")
    return f"{what} ({shown})"


# --- events as sentences ----------------------------------------------------------------------------------------
def action_sentence(seat: int, text: str, obs: dict[str, Any], me: int | None) -> str:
    """``seat``'s action in words: "Seat 1 plays Kb", "You bid A", "Seat 2 calls Jc"."""
    who = seat_label(seat, obs, me)
    you = who == "you"
    if is_card(text):
        return cap(f"{who} {'play' if you else 'plays'} {text}")
    lowered = text.lower()
    if lowered.startswith("next dealer "):
        chosen = seat_label(int(lowered.split()[-1]), obs, me)
        chosen = "yourself" if chosen == "you" else chosen
        return cap(f"{who} {'choose' if you else 'chooses'} {chosen} as the next dealer")
    if lowered in PHRASES:
        first, third = PHRASES[lowered]
        return cap(f"{who} {first if you else third}")
    word, _, rest = text.partition(" ")
    if word.lower() == "view" and rest.isdigit():  # "looks at the hand of Ann (opponent)"
        rest = seat_label(int(rest), obs, me)
    third = VERBS.get(word.lower())
    if third is None:
        return cap(f"{who}: {text}")
    if you:
        first = {"view": "look at the hand of", "comanda": "announce the comanda", "done": "are done talking"}
        v = first.get(word.lower(), word.lower() if word.lower() != "vagaresto" else "call vagaresto")
    else:
        v = third
    return cap(f"{who} {v}{' ' + rest if rest else ''}")


def trick_text(cards: list[list[Any]], obs: dict[str, Any], me: int | None) -> str:
    return ", ".join(f"{seat_label(s, obs, me)} {c}" for s, c in cards)


def event_sentence(event: dict[str, Any], obs: dict[str, Any], me: int | None, show_points: bool = True) -> str | None:
    """One event told to the player at ``me`` (None: a spectator); None when it is not worth a line (another
    seat's face-down cards arriving: the table shows the hand sizes)."""
    kind = event["type"]
    if kind == "deal":
        dealer = seat_label(event["dealer"], obs, me)
        return f"Deal {event['deal']}: {dealer} {'deal' if dealer == 'you' else 'deals'}."
    if kind == "action":
        if "action" in event:
            return action_sentence(event["seat"], event["action"], obs, me)
        return cap(f"{seat_label(event['seat'], obs, me)} {event['public']}")
    if kind == "message":
        sender = event.get("sender")
        to = event.get("to") or []
        heard = f" to {', '.join(seat_label(t, obs, me) for t in to)}" if to else ""
        said = personal(str(event["text"]), me, obs)  # "seat 3 takes back 10d" said to seat 3: "you take back 10d"
        if sender is None:
            return said
        return f"{cap(seat_label(sender, obs, me))}{heard}: {said}"
    if kind == "receive":
        cards = event.get("cards")
        if not cards:
            return None
        who = seat_label(event["seat"], obs, me)
        how = event.get("how", "dealt")
        if how == "draw":
            return cap(f"{who} {'draw' if who == 'you' else 'draws'} {' '.join(cards)}")
        return cap(f"{who} {'are' if who == 'you' else 'is'} dealt {' '.join(cards)}")
    if kind == "reveal":
        who = seat_label(event["seat"], obs, me)
        return cap(f"{who} {'show' if who == 'you' else 'shows'} {' '.join(event['cards'])}")
    if kind == "trump":
        line = trump_text({**obs, "trump": event["trump"], "phase": "play"})
        if event.get("indicator"):
            line += f" (the turned-up card is {event['indicator']})"
        return line
    if kind == "trick":
        return trick_sentence(event, obs, me, show_points)
    return None


def trick_sentence(trick: dict[str, Any], obs: dict[str, Any], me: int | None, show_points: bool = True) -> str:
    cards = trick_text(trick["cards"], obs, me)
    number = trick.get("number")
    head = f"Trick {number}: " if number else "Trick: "
    if trick.get("winner") is None:
        return f"{head}{cards} → nobody wins it"
    who = seat_label(trick["winner"], obs, me)
    points = trick.get("points")
    worth = ""
    if show_points and obs.get("trick_points", True) and points is not None:
        worth = f" ({points} point{'s' if points != 1 else ''})"
    return f"{head}{cards} → {who} {verb(who, 'wins', 'win')} it{worth}"


def mark_draws(events: list[dict[str, Any]], obs: dict[str, Any]) -> list[dict[str, Any]]:
    """Tell drawn cards from dealt ones: cards received right after a trick, from a stock, are drawn."""
    marked = []
    after_trick = False
    for e in events:
        if e["type"] == "receive":
            e = {**e, "how": "draw" if after_trick and obs.get("stock") is not None else "dealt"}
        elif e["type"] != "trick":
            after_trick = False
        if e["type"] == "trick":
            after_trick = True
        marked.append(e)
    return marked


# --- the end of a deal -------------------------------------------------------------------------------------------
def number_text(value: float) -> str:
    """A score as people write it: 3, not 3.0; 2.5 as it is."""
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def _signed(value: float) -> str:
    return ("+" if value > 0 else "−" if value < 0 else "±") + number_text(abs(value))


def deal_result(obs: dict[str, Any], end: dict[str, Any], me: int | None) -> list[str]:
    """The end of a deal in the game's own terms: the points of each side, the game's verdict, each seat's score
    where seats score apart, and who won."""
    lines = []
    label = obs.get("points_label") or "Card points"
    points = end.get("points") or []
    sides = obs["sides"]
    if points:
        lines.append(
            f"{label}: " + " · ".join(f"{side_label(i, obs, me)} {number_text(p)}" for i, p in enumerate(points))
        )
    if obs.get("claim"):
        seat, right = obs["claim"][:2]
        who = seat_label(seat, obs, me)
        counted = ""
        if len(obs["claim"]) > 2:
            counted = f" (counted {obs['claim'][2]} of {obs.get('claim_target')})"
        elif obs.get("claim_target"):
            counted = f" (the target was {obs['claim_target']})"
        lines.append(cap(f"{who} claimed {'rightly' if right else 'wrongly'}{counted}."))
    # The end event says it (a match's next deal may be dealt already); a record from before it did, the observation.
    said = end.get("outcome") or verdict(obs)
    if said:
        lines.append(cap(personal(said, me, obs)) + ("" if said.endswith(".") else "."))
    returns = end.get("returns") or []
    per_side = {tuple(s): {returns[x] for x in s} for s in sides} if returns else {}
    seats_apart = len(sides) > 2 or any(len(v) > 1 for v in per_side.values())
    if returns and seats_apart and any(r not in (-1, 0, 1) for r in returns):
        lines.append(
            "Scores this deal: " + " · ".join(f"{seat_label(s, obs, me)} {_signed(r)}" for s, r in enumerate(returns))
        )
    lines.append(winner_line(obs, returns, me, "the deal"))
    return lines


def winner_line(obs: dict[str, Any], returns: list[float], me: int | None, what: str) -> str:
    """Who won ``what`` ("the deal", "the match"), from the per-seat returns."""
    if not returns or all(r == 0 for r in returns):
        return f"{cap(what)} is drawn."
    sides = obs["sides"]
    if len(sides) == 2 or all(len(s) > 1 for s in sides):
        winners = [side_label(i, obs, me) for i, s in enumerate(sides) if returns[s[0]] > 0]
    else:  # seats score apart (Briscola Chiamata): name the seats that gained
        winners = [seat_label(s, obs, me) for s in range(len(returns)) if returns[s] > 0]
    if not winners:
        return f"{cap(what)} is drawn."
    names = ", ".join(winners[:-1]) + (" and " if len(winners) > 1 else "") + winners[-1]
    return f"{cap(names)} {verb(names, 'wins', 'win')} {what}."


def match_line(
    score: list[float], obs: dict[str, Any], me: int | None, after: int | None = None, goal: str | None = None
) -> str:
    """The match score per side ("Match score after deal 2: ... (points, to 5)"); ``goal`` when ``obs`` is a
    finished deal's own, without the match's."""
    head = "Match score" if after is None else f"Match score after deal {after}"
    goal = goal or (obs.get("match") or {}).get("goal")  # "points, to 5", "games won, to 3"
    per_side = " · ".join(f"{side_label(i, obs, me)} {number_text(v)}" for i, v in enumerate(score))
    return f"{head}: {per_side}" + (f" ({goal})" if goal else "")
