"""Trijumf (Croatian Triumph): two players, or four in two partnerships, to 401 card points.

The Italian 40-card pack with Briscola's order and points (A 3 K H J 7 6 5 4 2; A 11, 3 10, K 4, H 3, J 2),
played clockwise (seats are numbered in play order, so seat 0 is the dealer's left). The previous dealer
chooses how the shuffled pack is cut: a plain cut, a knock (the order stays) or a flip (the top card is turned
for trumps); the choice fixes how the cards are dealt and how trumps are found (RULES.md §1.4). Ten cards each.
Players must follow suit, else play a trump, else anything; there is no duty to beat. In the two-player game
both players draw after each trick, the winner first, and every drawn card is shown to the opponent; the
turned-up card lies under the stock and goes to the loser of the tenth trick. The last trick is worth 10 more
(ultima). A King and Horse of one suit may be declared before one's first card: 40 in trumps, 20 otherwise.
After a four-player knock the first trick has no trumps and the first pair declared (40) names them.
A player may claim at any time that his side has 401: right, his side wins the game; wrong, it loses.

Choices we made where RULES.md §1.10 marks a CHOICE or a gap:

* The cut's split points do not matter to a shuffled pack, so a stacked ``deck`` is the order *after* the cut
  option, as RULES.md's tables count it (T-4); ``cut_option`` forces an option instead of letting the cutter
  choose.
* Four-player flip: 4 cards to the dealer's left after the flipped card, then packets of 5 clockwise from the
  opposite player (T-3); a four-player knock with no declaration is played without trumps (T-5); a player who
  declares several pairs names them in order, the first one named making trumps after a knock (T-6); in the
  four-player cut and flip games the indicator belongs to the dealer's left, who may use it in a pair (T-7).
* Declarations count even for a side that takes no trick (T-8).
* Penalty mode (``enforce_legal_moves=False``): a card that breaks the rules ends the deal; the offenders score
  0 and the other side 130 plus its own declarations (``revoke_keeps_innocent_declarations``) (T-9).
* A claim is made at the claimer's turn (also when cutting). RULES.md allows it at any moment (T-10, T-14), but
  a side's total only grows at one of its own turns (winning a trick makes its winner the next leader;
  declaring is done at one's turn), so nothing is lost. Only completed tricks count, and the ultima only once
  the last trick is over (T-10).
* Without a claim, the totals are checked at the end of each deal: a side with 401 wins, the higher total if
  both have it, and equal totals play another deal (``end_of_deal_target_check``; T-11).
* Running card points are not shown by the terminal: counting them is the skill the claim tests.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from ..cards import ITALIAN_40, ITALIAN_SUITS, Card, CardError, card
from ..engine import PLAY, Action, Game, TrickState, side_results
from ..errors import IllegalAction
from ..match import Target
from ..options import Option
from ..ranking import BRISCOLA
from ..shuffling import shuffle
from ..tricks import follow_or_trump

CUT, KNOCK, FLIP = "cut", "knock", "flip"
CUT_OPTIONS = (CUT, KNOCK, FLIP)
CUTTING = "cut"  # the phase in which the previous dealer chooses the cut option
ULTIMA = 10
PENALTY = 130  # what the innocent side scores for a revoke: every trick, ultima included
CLAIM = Action("claim", "claim")
CUT_ACTIONS = {name: Action(name, "cut", name) for name in CUT_OPTIONS}


def _cards(*spans: int) -> tuple[int, ...]:
    """Card numbers from (first, last) pairs: _cards(1, 5, 12, 16) is 1..5 and 12..16."""
    return tuple(n for a, b in zip(spans[::2], spans[1::2], strict=True) for n in range(a, b + 1))


class Layout(NamedTuple):
    """How one cut option deals: card numbers (1-based, top first) per seat, counted from the dealer's left."""

    hands: tuple[tuple[int, ...], ...]
    indicator: int | None  # the face-up trump card, if any
    in_hand: bool  # four players: the indicator belongs to the dealer's left; two: it lies under the stock


# RULES.md §1.4 as data. Two players: the 19 cards 22..40 form the stock, above the indicator.
LAYOUTS: dict[tuple[int, str], Layout] = {
    (2, CUT): Layout((_cards(1, 5, 12, 16), _cards(6, 10, 17, 21)), 11, False),
    (2, KNOCK): Layout((_cards(1, 10), _cards(11, 20)), 21, False),
    (2, FLIP): Layout((_cards(2, 6, 12, 16), _cards(7, 11, 17, 21)), 1, False),
    (4, CUT): Layout(
        (_cards(1, 5, 21, 25), _cards(6, 10, 26, 30), _cards(11, 15, 31, 35), _cards(16, 20, 36, 40)), 21, True
    ),
    (4, KNOCK): Layout((_cards(1, 10), _cards(11, 20), _cards(21, 30), _cards(31, 40)), None, False),
    (4, FLIP): Layout(
        (_cards(1, 5, 21, 25), _cards(6, 10, 26, 30), _cards(11, 15, 31, 35), _cards(16, 20, 36, 40)), 1, True
    ),
}
STOCK_2P = _cards(22, 40)


@dataclass(frozen=True)
class Trijumf401(Target):
    """Cumulative card points to 401; a claim (``match_verdict``) may end the game earlier."""

    check_at_end: bool = True

    def describe(self) -> str:
        end = "checked after each deal, " if self.check_at_end else "only by a claim, "
        return f"first side to {self.points} card points ({end}or a claim at any turn)"

    def decided(self, match: Any, score: list[float]) -> bool:
        return self.check_at_end and super().decided(match, score)


class Trijumf(Game):
    __doc__ = __doc__
    name = "trijumf"
    title = "Trijumf"
    aliases = ("croatian-triumph",)
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("players", 4, "2 players, or 4 in two partnerships", choices=(2, 4)),
        Option(
            "cut_option",
            None,
            "the way the pack is cut in every deal, instead of the cutter's choice",
            choices=(None, CUT, KNOCK, FLIP),
            default_text="none, the cutter chooses each deal",
        ),
        Option(
            "flip4_packet_order",
            "L4,O5,R5,D5,L5,O5,R5,D5",
            "four-player flip: the packets after the flipped card (the only reading offered: RULES.md T-3)",
            choices=("L4,O5,R5,D5,L5,O5,R5,D5",),
        ),
        Option("target", 401, "the cumulative card points that win the game", kind=int, low=1, high=9999),
        Option("end_of_deal_target_check", True, "without a claim, the target is checked after each deal", kind=bool),
        Option(
            "enforce_legal_moves",
            True,
            "refuse illegal cards (false: penalty mode, a revoke ends the deal with 130 to the other side)",
            kind=bool,
        ),
        Option(
            "revoke_keeps_innocent_declarations",
            True,
            "after a revoke the innocent side keeps its declarations on top of the 130",
            kind=bool,
        ),
    )

    def _configure(self) -> None:
        n = self.players = self.options["players"]
        self._set_sides([range(0, n, 2), range(1, n, 2)])
        self.deck = ITALIAN_40
        self.strength = BRISCOLA.strengths(ITALIAN_40)
        self.card_points = BRISCOLA.card_points(ITALIAN_40)
        self.rotations = tuple(tuple((lead + i) % n for i in range(n)) for lead in range(n))
        self.enforce = self.options["enforce_legal_moves"]
        self.target = self.options["target"]

    def match_policy(self) -> Trijumf401:
        return Trijumf401(self.target, self.options["end_of_deal_target_check"])


class Declaration(NamedTuple):
    seat: int
    suit: str
    value: int


def pair_text(suit: str) -> str:
    return f"K{suit}+H{suit}"


class TrijumfState(TrickState):
    """One deal of Trijumf, from the cut to the last trick (or a claim, or a revoke in penalty mode)."""

    __slots__ = (
        "_revoking",
        "bonus",
        "carried",
        "claim",
        "cut",
        "declarations",
        "indicator",
        "knock_trump",
        "order",
        "revoke",
        "shown",
        "stock",
    )

    def __init__(self, game: Trijumf, seed: int, dealer: int, stacked: list[Card] | None) -> None:
        super().__init__(game, seed, dealer, stacked)
        order = list(stacked) if stacked is not None else list(game.deck)
        if stacked is None:
            shuffle(order, random.Random(seed))
        self.order = tuple(order)  # the pack after the cut, hidden until dealt
        n = game.players
        self.cut: str | None = None
        self.stock: list[Card] = []
        self.indicator: Card | None = None
        self.knock_trump: str | None = None
        self.trump = None
        self._strength = game.strength
        self._points = game.card_points
        self._restriction = follow_or_trump
        self.shown: tuple[frozenset[Card], ...] = (frozenset(),) * n  # cards every seat has seen in a hand
        self.declarations: tuple[Declaration, ...] = ()
        self.bonus = [0] * len(game.sides)  # declarations and ultima, apart from the card points in tricks
        self.carried = [0] * len(game.sides)  # totals of the earlier deals of the game (set by the match)
        self.claim: tuple[int, bool, int] | None = None  # (seat, right, total claimed)
        self.revoke: int | None = None
        self._revoking = False
        leader = (dealer + 1) % n
        self._init_play([[] for _ in range(n)], leader, game.rotations[leader])
        forced = game.options["cut_option"]
        if forced is None:
            self.phase = CUTTING
            self.current_player = (dealer - 1) % n  # the previous dealer, on the dealer's right
        else:
            self._deal(forced)

    def _deal(self, option: str) -> None:
        g: Trijumf = self.game  # type: ignore[assignment]
        n = g.players
        layout = LAYOUTS[n, option]
        order = self.order
        left = (self.dealer + 1) % n
        for i, numbers in enumerate(layout.hands):
            self.hands[(left + i) % n] = [order[k - 1] for k in numbers]
        self.cut = option
        if layout.indicator is not None:
            self.indicator = order[layout.indicator - 1]
            self.trump = self.indicator.suit
            if layout.in_hand:
                self._show(left, self.indicator)
        if n == 2:
            # Top-last for list.pop(); the indicator at the bottom is the last card drawn.
            self.stock = [self.indicator, *(order[k - 1] for k in reversed(STOCK_2P))]  # type: ignore[list-item]
        self.phase = PLAY
        self.current_player = left

    def enter_match(self, totals: list[float]) -> None:
        self.carried = [int(t) for t in totals]

    def clone(self) -> TrijumfState:
        new = TrijumfState.__new__(TrijumfState)
        self._copy_play(new)
        new.order = self.order
        new.cut = self.cut
        new.stock = self.stock[:]
        new.indicator = self.indicator
        new.knock_trump = self.knock_trump
        new.shown = self.shown
        new.declarations = self.declarations
        new.bonus = self.bonus[:]
        new.carried = self.carried[:]
        new.claim = self.claim
        new.revoke = self.revoke
        new._revoking = False
        return new

    # --- legality and moves ------------------------------------------------------------------------
    def _compute_legal(self) -> list[Any]:
        p: int = self.current_player  # type: ignore[assignment]
        if self.phase == CUTTING:
            return [*CUT_ACTIONS.values(), CLAIM]
        moves: list[Any] = self._play_cards(p)
        if not self.tricks:
            moves += self._declarable(p)
        moves.append(CLAIM)
        return moves

    def _declarable(self, seat: int) -> list[Action]:
        """Pairs ``seat`` may still declare: only before his first card, and one pair a player with two."""
        if self.game.players == 2 and any(d.seat == seat for d in self.declarations):
            return []
        hand = self.hands[seat]
        done = {d.suit for d in self.declarations}
        return [
            Action(f"declare {pair_text(s)}", "declare", s)
            for s in ITALIAN_SUITS
            if s not in done and card("K" + s) in hand and card("H" + s) in hand
        ]

    def _act(self, action: Action) -> None:
        seat: int = self.current_player  # type: ignore[assignment]
        if action.kind == "cut":
            self._deal(action.arg)
        elif action.kind == "declare":
            self._declare(seat, action.arg)
        else:  # claim
            side = self.game.side_of[seat]
            total = self.carried[side] + self.won[side] + self.bonus[side]
            self.claim = (seat, total >= self.game.target, total)  # type: ignore[attr-defined]
            self._finish()

    def _declare(self, seat: int, suit: str) -> None:
        if self.cut == KNOCK and self.game.players == 4 and not self.declarations:
            value = 40  # after a knock the first pair declared makes trumps from the second trick
            self.knock_trump = suit
        else:
            value = 40 if suit == self.trump else 20
        self.declarations += (Declaration(seat, suit, value),)
        self.bonus[self.game.side_of[seat]] += value
        self._show(seat, card("K" + suit), card("H" + suit))

    def _show(self, seat: int, *shown: Card) -> None:
        self.shown = tuple(s | set(shown) if i == seat else s for i, s in enumerate(self.shown))

    def _resolve(self, action: Any, legal: list[Any]) -> Any:
        if isinstance(action, str) and action.strip().lower() in CUT_OPTIONS and self.phase != CUTTING:
            raise IllegalAction(f"the pack is already cut ({self.cut}); allowed now: {', '.join(legal)}")
        # Penalty mode: a card from the hand that breaks the rules is accepted, and ends the deal.
        if not self.game.enforce and self.phase is PLAY and isinstance(action, str):  # type: ignore[attr-defined]
            try:
                c = card(action)
            except CardError:
                c = None
            if c is not None and c in self.hands[self.current_player] and c not in legal:  # type: ignore[index]
                self._revoking = True
                return c
        return super()._resolve(action, legal)

    def _explain(self, action: str) -> str | None:
        """Why a declaration the player wrote is refused (None: the engine's message says it well)."""
        words = action.lower().split()
        if not words or words[0] != "declare":
            return None
        if self.phase == CUTTING:
            return "the cards are not dealt yet: the cutter first chooses how the pack is cut"
        if self.tricks:
            return "a pair is declared only in the first trick, at one's turn before one's card"
        p: int = self.current_player  # type: ignore[assignment]
        if self.game.players == 2 and any(d.seat == p for d in self.declarations):
            return "with two players each player declares one pair at most"
        declarable = ", ".join(str(a) for a in self._declarable(p))
        if declarable:
            return f"only a king and horse of one suit held together may be declared (once): {declarable}"
        return "only a king and horse of one suit held together may be declared (once), and this hand has none"

    def _why_not(self, c: Card) -> str:
        if self.phase == CUTTING:
            return "the cutter must first choose how the pack is cut"
        led = self.trick[0].suit
        if any(h.suit == led for h in self.hands[self.current_player]):  # type: ignore[index]
            return f"you must follow suit ({led})"
        return f"you have no {led}, so you must play a trump ({self.trump})"

    def _play(self, c: Card) -> None:
        if self._revoking:
            self._revoking = False
            seat: int = self.current_player  # type: ignore[assignment]
            self.hands[seat].remove(c)
            self.trick.append(c)  # the card lies on the table where play stopped
            self.revoke = seat
            self._finish()
            return
        super()._play(c)

    def _after_trick(self, winner: int) -> None:
        g: Trijumf = self.game  # type: ignore[assignment]
        if self.knock_trump is not None and len(self.tricks) == 1:
            self.trump = self.knock_trump
        stock = self.stock
        if stock:
            loser = 1 - winner
            for seat in (winner, loser):
                drawn = stock.pop()
                self.hands[seat].append(drawn)
                self._show(seat, drawn)  # drawn cards are shown to the opponent
        self.leader = winner
        if not self.hands[winner]:
            self.bonus[g.side_of[winner]] += ULTIMA
            self._finish()
            return
        self.trick_seats = g.rotations[winner]
        self.current_player = winner

    # --- results -----------------------------------------------------------------------------------
    def points(self) -> list[int]:
        """Card points in tricks + ultima + declarations per side (a revoke: 130 to the innocent side)."""
        if self.revoke is not None:
            offender = self.game.side_of[self.revoke]
            keep = self.game.options["revoke_keeps_innocent_declarations"]
            return [
                0 if side == offender else PENALTY + (self._declared(side) if keep else 0)
                for side in range(len(self.game.sides))
            ]
        return [w + b for w, b in zip(self.won, self.bonus, strict=True)]

    def _declared(self, side: int) -> int:
        return sum(d.value for d in self.declarations if self.game.side_of[d.seat] == side)

    def match_verdict(self) -> list[int] | None:
        """A claim decides the game: the claiming side wins if it was right, else the other side."""
        if self.claim is None:
            return None
        seat, right, _ = self.claim
        side = self.game.side_of[seat]
        return [side if right else 1 - side]

    def returns(self) -> list[float]:
        if self.current_player is not None:
            return [0.0] * self.game.players
        verdict = self.match_verdict()
        scores = [1 if i in verdict else 0 for i in range(2)] if verdict is not None else self.points()
        values, _ = side_results(scores)
        return [values[s] for s in self.game.side_of]

    def winners(self) -> list[int]:
        if self.current_player is not None:
            return []
        verdict = self.match_verdict()
        return verdict if verdict is not None else side_results(self.points())[1]

    # --- what a seat may see -----------------------------------------------------------------------
    def observation(self, seat: int) -> dict[str, Any]:
        g: Trijumf = self.game  # type: ignore[assignment]
        obs = self._base_observation(seat)
        obs["deck"] = g.deck.name
        obs["suit_names"] = g.deck.suit_names()
        obs["show_points"] = False  # counting is the skill a claim tests
        obs["cut"] = self.cut
        obs["cutter"] = (self.dealer - 1) % g.players
        obs["indicator"] = None
        if g.players == 2:
            obs["stock"] = len(self.stock) if self.cut is not None else None  # nothing is dealt before the cut
            obs["indicator"] = self.indicator if self.stock else None
        elif self.indicator is not None:
            left = (self.dealer + 1) % 4  # the indicator belongs to the dealer's left, public until played
            obs["indicator"] = self.indicator if self.indicator in self.hands[left] else None
            obs["indicator_holder"] = left
        obs["known_cards"] = {
            str(s): [str(c) for c in self.hands[s] if c in self.shown[s]]
            for s in range(g.players)
            if s != seat and any(c in self.shown[s] for c in self.hands[s])
        }
        obs["declarations"] = [[d.seat, pair_text(d.suit), d.value] for d in self.declarations]
        obs["carried"] = self.carried[:]
        obs["claim_target"] = g.target
        obs["claim_points"] = [c + w + b for c, w, b in zip(self.carried, self.won, self.bonus, strict=True)]
        obs["claim"] = list(self.claim) if self.claim else None
        obs["revoke"] = self.revoke
        obs["table"] = self._table_notes()
        return obs

    def _table_notes(self) -> dict[str, Any]:
        g: Trijumf = self.game  # type: ignore[assignment]
        notes: dict[str, Any] = {}
        cutter = (self.dealer - 1) % g.players
        notes["Cut"] = f"{self.cut} (by seat {cutter})" if self.cut else f"seat {cutter} is choosing"
        if self.cut == KNOCK and g.players == 4 and self.trump is None:
            if self.knock_trump:
                notes["Trumps"] = f"{self.knock_trump} from the second trick"
            elif self.tricks:
                notes["Trumps"] = "none in this deal: nobody declared in the first trick"
            else:
                notes["Trumps"] = "none yet: the first pair declared names them from the second trick"
        notes["Declarations"] = [f"seat {d.seat} {pair_text(d.suit)} ({d.value})" for d in self.declarations]
        # (The totals of a match's earlier deals are its score, shown beside every match's table.)
        if self.claim:
            seat, right, total = self.claim
            notes["Claim"] = f"seat {seat} claimed {total}: {'right' if right else 'wrong'}"
        if self.revoke is not None:
            notes["Revoke"] = f"seat {self.revoke} broke the rules of play: {PENALTY} to the other side"
        return notes


Trijumf.state_class = TrijumfState
