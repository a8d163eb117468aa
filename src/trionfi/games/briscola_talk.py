"""Partnership communication in Briscola (RULES.md §2.13, §2.5): signals, conversation and the Schembil rais.

:mod:`trionfi.games.briscola` calls four hooks: :func:`start_trick` (after the deal and after every trick),
:func:`actions` (the extra legal actions of the seat on turn), :func:`act` (apply one of them) and
:func:`observe` (add what a seat may see). Everything said is a :class:`Message` in ``state.messages``; a seat
sees exactly the messages whose ``recipients`` include it, under ``"messages"`` in its observation (with
``"views"``, present whenever ``communication`` is not ``"none"``).

Action texts
    ``signal A`` (``A 3 K H J``; ``Q`` with a French pack) — signals, any turn, before playing a card.
    ``ask lisci`` / ``ask briscoline`` / ``ask vestite`` / ``ask carichi`` / ``ask head c`` — questions;
    ``order liscio`` / ``order trump high`` / ``order trump low`` / ``order head`` / ``order carico`` — orders.
    With six players the partner's seat follows the verb: ``ask 2 vestite``, ``order 4 carico``.
    ``view 2`` (Schembil: the rais looks at partner 2's hand) and ``done`` (Schembil: the rais yields the floor).

Choices made (RULES.md §2.13, B-13, B-14):

* Signals are truthful and private: only for high trumps the sender holds (the five highest ranks: A 3 K H J),
  each at most once per deal per player, heard only by his own side. Opponents learn nothing, not even that a
  signal was made. There is no silence rule for signals, so they are allowed from trick 1.
* Conversation: silence in trick 1; from trick 2 the leader may talk before leading, to his partner (with six
  players to either, named in the action). Each question or order is allowed once per trick and partner, so
  play always terminates. Answers are computed at once, truthfully, from the partner's hand; orders are
  advisory. Questions, answers and orders are public.
* Definitions: *lisci* are non-trump cards worth 0 points; *briscoline* are the blank trumps except the
  highest blank rank (2 4 5 6, the 7 being neither; in the Bosnian pack 8 and 7); *vestite* are the counting
  trumps below the two top ranks (K H/Q J); *carichi* are the two top ranks of a non-trump suit (A 3; Bosnian
  A 10); "head X" asks whether the partner holds a card of the non-trump suit X that beats every other unplayed
  card of X not in the asker's own hand.
* Schembil: only a rais talks, and only to his own partners (their answers come from the engine). At the start
  of every trick from the 2nd, each rais who does not lead gets the floor in play order (phase ``"talk"``)
  and ends it with ``done``; the leader, if a rais, talks before leading as in the plain conversation. Once
  the stock is gone, a rais may once per deal look at one partner's hand, whichever he chooses, while he has
  the floor; he keeps that snapshot (``"views"`` in his observation). The look itself is public (a message).
* ``show_partner_after_stock``: once the stock is empty, each seat sees its partners' current hands in
  ``"open_hands"`` (never the opponents').
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from ..engine import PLAY, Action

if TYPE_CHECKING:
    from ..cards import Card
    from .briscola import Briscola, BriscolaState

TALK = "talk"  # Schembil: a rais who does not lead has the floor before the trick starts

QUESTIONS = ("lisci", "briscoline", "vestite", "carichi")
ORDERS = {
    "liscio": "play a liscio",
    "trump high": "play a high trump",
    "trump low": "play a low trump",
    "head": "head the trick without trumping",
    "carico": "play a carico",
}
DONE = Action("done", "done")


class Message(NamedTuple):
    """One thing said at the table. ``to`` are the seats addressed, ``recipients`` those who hear it."""

    trick: int  # 1-based number of the trick being played when it was said
    sender: int
    to: tuple[int, ...]
    recipients: tuple[int, ...]
    kind: str  # signal, question, answer, order or view
    text: str


class Talk(NamedTuple):
    """What the talk rules remember. Immutable: ``clone`` shares ``state.talk``, so every change replaces it."""

    signalled: frozenset[tuple[int, str]] = frozenset()  # (seat, rank) signalled this deal
    used: frozenset[tuple[int, int, str]] = frozenset()  # (speaker, partner, topic) used this trick
    floor: tuple[int, ...] = ()  # Schembil: the rais still to speak before this trick's lead
    viewed: frozenset[int] = frozenset()  # Schembil: the rais who have looked at a partner's hand


# --- the hooks ---------------------------------------------------------------------------------------------
def start_trick(state: BriscolaState) -> None:
    """A new trick begins: questions and orders may be used again; in Schembil the rais get the floor."""
    g: Briscola = state.game  # type: ignore[assignment]
    talk = _talk(state)._replace(used=frozenset(), floor=())
    if g.variant == "schembil" and state.tricks:
        floor = tuple(s for s in state.trick_seats if s in g.rais and s != state.leader)
        if floor:
            talk = talk._replace(floor=floor)
            state.phase = TALK
            state.current_player = floor[0]
    state.talk = talk


def actions(state: BriscolaState, seat: int) -> list[Action]:
    """The talk actions ``seat`` (the seat on turn) may take now; [] when none applies."""
    g: Briscola = state.game  # type: ignore[assignment]
    if g.communication == "signals":
        return _signal_actions(state, seat) if state.phase == PLAY else []
    if g.communication != "conversation":
        return []
    if g.variant == "schembil":
        return _schembil_actions(state, seat)
    if _leader_may_talk(state, seat):
        return _conversation_actions(state, seat)
    return []


def act(state: BriscolaState, action: Action) -> None:
    """Apply a legal talk action (already checked and recorded in the history by the engine)."""
    seat: int = state.current_player  # type: ignore[assignment]
    kind = action.kind
    if kind == "signal":
        _signal(state, seat, action.arg)
    elif kind == "ask":
        _ask(state, seat, *action.arg)
    elif kind == "order":
        _order(state, seat, *action.arg)
    elif kind == "view":
        _view(state, seat, action.arg)
    elif kind == "done":
        _done(state)
    else:
        raise NotImplementedError(f"unknown talk action {action!r}")


def observe(state: BriscolaState, seat: int, obs: dict[str, Any]) -> None:
    """Add the messages this seat heard, its Schembil view and, when allowed, its partners' open hands."""
    g: Briscola = state.game  # type: ignore[assignment]
    if g.communication != "none":  # a31 and the open-hands option alone keep their observation shape
        obs["messages"] = [_message_dict(m) for m in state.messages if seat in m.recipients]
        view = state.views.get(seat)
        obs["views"] = {str(view[0]): [str(c) for c in view[1]]} if view is not None else {}
    if g.options["show_partner_after_stock"] and not state.stock:
        shown = {str(p): [str(c) for c in state.hands[p]] for p in _partners(g, seat)}
        obs["open_hands"] = {**obs["open_hands"], **shown}


# --- helpers -----------------------------------------------------------------------------------------------
def _talk(state: BriscolaState) -> Talk:
    return state.talk if state.talk is not None else Talk()


def _partners(g: Briscola, seat: int) -> tuple[int, ...]:
    return tuple(s for s in g.sides[g.side_of[seat]] if s != seat)


def _trick_number(state: BriscolaState) -> int:
    return len(state.tricks) + 1


def _say(state: BriscolaState, sender: int, to: tuple[int, ...], kind: str, text: str, private: bool = False) -> None:
    """Record a message: public ones reach every seat, private ones only the sender's side."""
    g: Briscola = state.game  # type: ignore[assignment]
    recipients = g.sides[g.side_of[sender]] if private else tuple(range(g.players))
    state.messages.append(Message(_trick_number(state), sender, to, recipients, kind, text))


def _message_dict(m: Message) -> dict[str, Any]:
    return {
        "trick": m.trick,
        "sender": m.sender,
        "to": list(m.to),
        "recipients": list(m.recipients),
        "kind": m.kind,
        "text": m.text,
    }


# --- signals -----------------------------------------------------------------------------------------------
def _signal_actions(state: BriscolaState, seat: int) -> list[Action]:
    g: Briscola = state.game  # type: ignore[assignment]
    done = _talk(state).signalled
    held = {c.rank for c in state.hands[seat] if c.suit == state.trump}
    # The five highest ranks are the ones with a conventional sign (A 3 K H/Q J).
    return [
        Action(f"signal {rank}", "signal", rank)
        for rank in g.rank_table.order[:5]
        if rank in held and (seat, rank) not in done
    ]


def _signal(state: BriscolaState, seat: int, rank: str) -> None:
    talk = _talk(state)
    state.talk = talk._replace(signalled=talk.signalled | {(seat, rank)})
    _say(
        state,
        seat,
        _partners(state.game, seat),
        "signal",  # type: ignore[arg-type]
        f"I hold the {rank} of trumps",
        private=True,
    )


# --- conversation ------------------------------------------------------------------------------------------
def _leader_may_talk(state: BriscolaState, seat: int) -> bool:
    """From trick 2, the leader may talk before he leads."""
    return state.phase == PLAY and bool(state.tricks) and not state.trick and seat == state.leader


def _topics(state: BriscolaState) -> list[str]:
    """The questions, 'head X' once for every non-trump suit of the pack."""
    suits = dict.fromkeys(c.suit for c in state.game.deck)
    return [*QUESTIONS, *(f"head {s}" for s in suits if s != state.trump)]


def _conversation_actions(state: BriscolaState, seat: int) -> list[Action]:
    g: Briscola = state.game  # type: ignore[assignment]
    used = _talk(state).used
    named = g.players > 4  # with six players the action names which partner is addressed
    found: list[Action] = []
    for partner in _partners(g, seat):
        who = f"{partner} " if named else ""
        found += [
            Action(f"ask {who}{q}", "ask", (partner, q))
            for q in _topics(state)
            if (seat, partner, "ask " + q) not in used
        ]
        found += [
            Action(f"order {who}{o}", "order", (partner, o))
            for o in ORDERS
            if (seat, partner, "order " + o) not in used
        ]
    return found


def _use(state: BriscolaState, seat: int, partner: int, topic: str) -> None:
    talk = _talk(state)
    state.talk = talk._replace(used=talk.used | {(seat, partner, topic)})


def _ask(state: BriscolaState, seat: int, partner: int, question: str) -> None:
    _use(state, seat, partner, "ask " + question)
    _say(state, seat, (partner,), "question", f"{question}?")
    reply = "yes" if _answer(state, seat, partner, question) else "no"
    _say(state, partner, (seat,), "answer", f"{question}: {reply}")


def _order(state: BriscolaState, seat: int, partner: int, order: str) -> None:
    _use(state, seat, partner, "order " + order)
    _say(state, seat, (partner,), "order", ORDERS[order])


def _answer(state: BriscolaState, asker: int, partner: int, question: str) -> bool:
    """The truthful answer from the partner's hand (definitions in the module docstring)."""
    g: Briscola = state.game  # type: ignore[assignment]
    hand = state.hands[partner]
    trump = state.trump
    order = g.rank_table.order
    pts = g.card_points
    if question == "lisci":
        return any(c.suit != trump and pts[c] == 0 for c in hand)
    if question == "briscoline":
        blank = [r for r in order if g.rank_table.points.get(r, 0) == 0]
        low = set(blank[1:])  # the highest blank rank (the 7) is not a briscolina
        return any(c.suit == trump and c.rank in low for c in hand)
    if question == "vestite":
        return any(c.suit == trump and pts[c] > 0 and c.rank not in order[:2] for c in hand)
    if question == "carichi":
        return any(c.suit != trump and c.rank in order[:2] for c in hand)
    return _can_head(state, asker, hand, question.split()[1])


def _can_head(state: BriscolaState, asker: int, hand: list[Card], suit: str) -> bool:
    """Whether ``hand`` holds a card of ``suit`` above every other unplayed card of it outside the asker's hand."""
    strength = state.game.strength  # type: ignore[attr-defined]
    gone = {c for t in state.tricks for c in t.cards} | set(state.trick) | set(state.hands[asker])
    mine = [c for c in hand if c.suit == suit]
    if not mine:
        return False
    best = max(mine, key=strength.__getitem__)
    others = (c for c in state.game.deck if c.suit == suit and c not in gone and c is not best)
    return all(strength[best] > strength[c] for c in others)


# --- Schembil ----------------------------------------------------------------------------------------------
def _has_floor(state: BriscolaState, seat: int) -> bool:
    return state.phase == TALK or _leader_may_talk(state, seat)


def _schembil_actions(state: BriscolaState, seat: int) -> list[Action]:
    g: Briscola = state.game  # type: ignore[assignment]
    if seat not in g.rais or not _has_floor(state, seat):
        return []
    found = _conversation_actions(state, seat)
    if not state.stock and seat not in _talk(state).viewed:
        found += [Action(f"view {p}", "view", p) for p in _partners(g, seat)]
    if state.phase == TALK:
        found.append(DONE)
    return found


def _view(state: BriscolaState, seat: int, partner: int) -> None:
    talk = _talk(state)
    state.talk = talk._replace(viewed=talk.viewed | {seat})
    # A snapshot: the rais saw the hand as it was, later plays do not update it.
    state.views[seat] = (partner, tuple(state.hands[partner]))
    _say(state, seat, (partner,), "view", f"looks at seat {partner}'s hand")


def _done(state: BriscolaState) -> None:
    """The rais with the floor has finished: the next rais speaks, else the leader plays."""
    talk = _talk(state)
    floor = talk.floor[1:]
    state.talk = talk._replace(floor=floor)
    if floor:
        state.current_player = floor[0]
    else:
        state.phase = PLAY
        state.current_player = state.leader
