"""What the search's playouts need to know of each game beyond its rules: who plays with whom, the card a
playout plays, and where a playout may stop.

* **Sides.** Most games have fixed sides (``game.side_of``). Briscola Chiamata's game lists the five seats as
  five sides (the partnership is secret), but in a sampled world the called card's holder is known: the caller
  and his partner are one side, the other three the other. A playout that took the five seats for five sides
  never loaded a partner's trick, and a score that counted the seat's own card points against the best other
  seat's preferred taking points from its own partner.
* **Who knows the sides.** Before the called card is played only the partner (and the search's own world)
  knows who he is: a playout's caller and defenders play as if they did not (:func:`believed_sides`).
* **Trionfetti's card**: the medium bot's own card rule, each player judging from what he sees (the cards he
  has not seen are "out", wherever they lie). The opponents at the table play that rule, so the playouts
  foresee their answers. (A trick taker that saw every hand, winning a trick only for good, measured worse:
  it foresaw answers nobody gives.)
* **French Triomphe's card** (follow suit, trump, over-trump, five tricks; only tricks count): a trick taker
  seeing every hand wins the trick as cheaply as possible when no opponent still to play can take it back
  (each is tried alone, with his strongest answer the rules allow); when the partner's card already holds, or
  nothing wins, it throws the cheapest card. (The medium bot's rule measured no better here.)
* The playouts used to be random in both games: a search that takes its partner and opponents for random
  players is no better than the rule of thumb it is meant to beat. Strasbourg Triomphe's still are.
* **Troccas' playouts** run off the engine (:func:`playout_points`, :mod:`~trionfi.agents.troccas_playout`):
  the medium bot's card rule on integer tables, each player judging from the cards he has not seen (a trick
  taker on the engine's state took four times the processor time of random cards).
* **Trionfetti's vagaresto** is weighed by the search like a card (:func:`searched_gamble`); a playout answers
  it as the medium bot does from the challenged player's view (:func:`playout_answer`).
* **Where to stop.** A Trionfetti smazzata is up to four hands of three cards dealt one after another from the
  same pack, and a card played now changes nothing of the next hands (they are dealt from cards nobody has
  seen): a playout ends with the current hand, so the later hands' outcome (noise to this decision) is left out.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..cards import Card
from ..engine import END
from ..tricks import winning_index


def side_map(state: Any) -> tuple[int, ...]:
    """Each seat's side in this (full-information) state: 0 or 1 in Briscola Chiamata once the card is called
    (the caller's side 0), else the game's own sides."""
    g = state.game
    if g.name == "briscola-chiamata":
        caller, partner = state.caller, state.partner
        if caller is not None and partner is not None:
            return tuple(0 if s in (caller, partner) else 1 for s in range(g.players))
    return g.side_of


def believed_sides(state: Any, me: int) -> tuple[int, ...]:
    """Each seat's side as ``me`` knows it in this state (:func:`side_map` once the partnership is known to
    him). In Briscola Chiamata before the called card is played only the partner knows who is who: the caller
    takes every other seat for an opponent, a defender takes every seat but the caller for a fellow defender
    (the medium level's manners, with the chances it gives rounded). A playout whose defenders knew the
    partner took his tricks and never loaded them, which the defenders at the table do not do."""
    sides = side_map(state)
    g = state.game
    if sides is g.side_of or state.revealed or me == state.partner:
        return sides
    caller = state.caller
    if me == caller:
        return tuple(0 if s == me else 1 for s in range(g.players))
    return tuple(0 if s == caller else 1 for s in range(g.players))


def side_points(state: Any, seat: int) -> tuple[float, float]:
    """(the card points of ``seat``'s side, the best of the other sides'), by :func:`side_map`."""
    points = state.points()
    g = state.game
    sides = side_map(state)
    if sides is g.side_of:
        mine = g.side_of[seat]
        others = [p for i, p in enumerate(points) if i != mine]
        return points[mine], (max(others) if others else 0.0)
    ours = sum(points[g.side_of[s]] for s in range(g.players) if sides[s] == sides[seat])
    theirs = sum(points[g.side_of[s]] for s in range(g.players) if sides[s] != sides[seat])
    return ours, theirs


def trionfetti_card(state: Any, cards: list[Card]) -> Card:
    """A playout's Trionfetti card: the medium bot's own rule (:mod:`~trionfi.agents.heuristics.trionfetti`,
    without its reading of signals), worked out from what the player on turn sees. The opponents at the table
    play that rule, so playouts by it foresee their answers; a rule that saw every hand (lead low, win only for
    good) foresaw answers they never give and measured no better than random playouts."""
    strength = state._strength
    me = state.current_player
    hand = sorted(cards, key=strength.__getitem__)
    gone = {state.cut_card, *state.trick}
    for t in state.tricks:
        gone.update(t.cards)
    gone.update(state.hands[me])
    # The strongest card this player has not seen: in another hand, a later hand, or face down.
    out = max((strength[c] for c in state.pack if c not in gone), default=-1)
    trick = state.trick
    lowest = hand[0]
    if not trick:
        return next((c for c in hand if strength[c] > out), hand[-1])
    seats = state.trick_seats
    best = 0
    for i in range(1, len(trick)):
        if strength[trick[i]] > strength[trick[best]]:
            best = i
    top = strength[trick[best]]
    sure = [c for c in hand if strength[c] > out and strength[c] > top]
    if seats[best] == state.game.partner[me]:
        if len(trick) == 3 or top > out:
            return lowest  # the partner's card holds
        return sure[0] if sure else lowest
    higher = [c for c in hand if strength[c] > top]
    if not higher:
        return lowest
    return sure[0] if sure else higher[0]


def triomphe_card(state: Any, cards: list[Card]) -> Card:
    """A playout's Triomphe card (French rules): only tricks count, the rules of following decide what each
    player still to play may answer."""
    strength, trump, restriction = state._strength, state.trump, state._restriction
    return trick_taker(
        state,
        cards,
        lambda trick: winning_index(trick, trump, strength),
        lambda hand, trick: restriction(hand, trick, trump, strength),
        lambda c: (c.suit == trump, strength[c]),
    )


def trick_taker(
    state: Any,
    cards: list[Card],
    winner: Callable[[list[Card]], int],
    answers: Callable[[list[Card], list[Card]], list[Card]],
    cost: Callable[[Card], Any],
) -> Card:
    """The card of a game where only tricks count, seeing every hand: when the partner's card already holds
    (no opponent still to play can beat it), the cheapest card; else the cheapest card that wins the trick for
    good; else the cheapest card. ``winner(trick)`` is the index of the winning card, ``answers(hand, trick)``
    the cards a hand may play to a trick, ``cost`` orders cards from the cheapest, which is also the weakest among
    the answers a trick's rules allow (so each opponent's strongest answer is the only one tried)."""
    trick = state.trick
    seats = state.trick_seats
    me = state.current_player
    side_of = side_map(state)
    hands = state.hands
    n = len(trick)
    opponents = [hands[s] for s in seats[n + 1 :] if side_of[s] != side_of[me]]

    def holds(played: list[Card]) -> bool:
        """Whether the winning card of ``played`` stays the winner whatever one opponent still to play adds."""
        at = winner(played)
        for hand in opponents:
            options = answers(hand, played)
            if options and winner([*played, max(options, key=cost)]) != at:
                return False
        return True

    low = min(cards, key=cost)
    if trick and side_of[seats[winner(trick)]] == side_of[me] and holds(trick):
        return low  # the partner's card holds
    for c in sorted(cards, key=cost):
        played = [*trick, c]
        if winner(played) == n and holds(played):
            return c
    return low


# What a French Triomphe deal is worth to the search: a win is a win (the side that takes three tricks scores),
# the vole's second point counts a quarter of a win, and the margin of tricks only a little beyond that. The
# return as the game scores it (1 or 2 points) and a margin of 2 / 13 per trick made the search trade a sure
# three tricks for a chance of five, and the majority is what wins deals.
TRIOMPHE_SCORING = (0.5, 0.25)


def scoring(game: Any, points_weight: float) -> tuple[float, float]:
    """(the weight of the point margin, the share of a return beyond a plain win) the search scores a finished
    deal of ``game`` with; (``points_weight``, 1) for most games (the return as the game counts it)."""
    if game.name == "triomphe" and not game.strasbourg:
        return TRIOMPHE_SCORING
    return points_weight, 1.0


def margin_return(game: Any, margin: float) -> int:
    """The return of a finished two-sided deal to a side that won it by ``margin`` (its points minus the
    other's), for the games whose return follows from the margin alone: 1, 0 or -1; French Triomphe's vole
    (all five tricks) ``vole_points``."""
    ret = (margin > 0) - (margin < 0)
    if game.name == "triomphe" and not game.strasbourg and abs(margin) == game.hand_size:
        return ret * game.options["vole_points"]
    return ret


def searched_gamble(game: Any) -> str | None:
    """The deal-ending gamble the search weighs like a card (its playouts answer it as the medium bot would):
    Trionfetti's vagaresto. Other gambles are never in the search (the agent's RARE actions)."""
    return "vagaresto" if game.name == "trionfetti" else None


def playout_answer(state: Any) -> Any | None:
    """A playout's answer to a Trionfetti vagaresto: the medium bot's, from the challenged player's own view
    (the opponents at the table answer so; a random answer made a call look good or bad by chance), or None
    outside that phase."""
    if state.game.name != "trionfetti" or state.phase != "vagaresto":
        return None
    from .heuristics.trionfetti import View, should_accept

    word = "accept" if should_accept(View(state.observation(state.current_player))) else "concede"
    return next(a for a in state._legal() if str(a) == word)


def playout_end(state: Any) -> Callable[[Any], bool]:
    """When a playout from ``state`` may stop (before the deal's end where the rest cannot depend on the choice
    being searched; module docstring)."""
    if state.game.name == "trionfetti":
        hand = state.hand_no
        return lambda s: s.hand_no != hand or s.phase == END
    return _never


def _never(state: Any) -> bool:
    return False


def playout_points(game: Any) -> Callable[[Any], list[int]] | None:
    """A game's playout off the engine, or None: a function of a world's state (after the searched action)
    giving the sides' final points when the rest is played by the game's rule (Troccas:
    :mod:`~trionfi.agents.troccas_playout`, the medium bot's rule; its deals are long and the engine's path
    too slow for a rule)."""
    if game.name == "troccas":
        from .troccas_playout import playout_points as troccas_points

        return troccas_points
    return None


def playout_card(game: Any) -> Callable[[Any, list[Card]], Card] | None:
    """The playout rule of a game whose generic rule (``search.greedy_card``) does not fit, or None."""
    if game.name == "trionfetti":
        return trionfetti_card
    if game.name == "triomphe" and not game.strasbourg:
        return triomphe_card
    if game.name == "briscola-chiamata":
        from .briscola_playout import chiamata_card

        return chiamata_card
    return None
