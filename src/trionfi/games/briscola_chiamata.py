"""Briscola Chiamata: five-player Briscola with an auction and a secret, called partner.

The 40 Italian cards are all dealt, eight to each player, one at a time from the dealer's right; there is
no turned-up card. An auction, starting at the dealer's right and going round until one bidder is left,
decides the caller: a bid names a rank, each bid a lower rank than the last in the order
A 3 K H J 7 6 5 4 2, and once someone has bid the 2, the bidding goes on in card points ("bid 61" means
"the 2, and my side will take at least 61"), each bid higher than the last, up to 120. Passing is final.
The winner then calls one of the four cards of the rank he bid ("call Kd"): its suit is trumps, and whoever
holds it is his partner, a secret until the card is played. Eight tricks follow with Briscola's rules (any
card may be played; the highest trump wins, else the highest card of the suit led) and no drawing. The
caller's side wins with 61 card points, or with the points of the winning point bid.

Action texts: ``bid A`` ... ``bid 2``, ``bid 61`` ... ``bid 120`` (``bid 2 with 65`` is accepted for
``bid 65``), ``pass``, ``call <card>``, and card codes during the play. The phases are ``auction``,
``call``, ``play`` and ``end``.

Choices we made (RULES.md §2.12 and the brief it was built from):

* Who leads the first trick is a CHOICE in RULES.md: the dealer's right by default, the caller with
  ``caller_leads=True``.
* Scores are RULES.md's basic zero-sum table: when the caller's side wins, caller +2, partner +1 and each
  of the other three -1; when it loses, the opposite. A caller who called his own card plays alone, 1 v 4:
  +4 and -1 each, or -4 and +1 each. Regional doublings are not implemented.
* If all five pass without a bid, the deal is void ("passed out"): it ends at once and every return is 0.
  RULES.md does not say; this is our CHOICE, and a match simply moves on to the next dealer.
* A plain "2" sets the target to 61 and RULES.md lets point bids start at 61, so ``bid 61`` outranks
  ``bid 2`` although both aim at 61 points: it takes the contract from the bidder of the 2.
* A match is a fixed number of deals (option ``deals``, default 5: each seat deals once) and adds the
  deals' returns.

There are no fixed sides: the partnership is secret and changes every deal. So the game's sides are the
five single seats, ``points()`` gives the card points each seat took (add the caller's and the partner's
to see whether the contract was made) and ``returns()`` the scores above per seat.

Hidden information: an observation shows the seat's own hand, the auction, the called card and the tricks.
Who the partner is appears only in the partner's own observation (it holds the called card; a caller who
called his own card thus knows he is alone) until the called card is played, when it becomes public. The
caller does not know his partner before then.
"""

from __future__ import annotations

import random
import re
from typing import Any, ClassVar

from ..cards import ITALIAN_40, Card
from ..engine import PLAY, Action, Game, TrickState
from ..options import Option
from ..ranking import BRISCOLA
from ..shuffling import shuffle
from ..tricks import free

PLAYERS = 5
AUCTION = "auction"
CALL = "call"
PASSED_OUT = "passed out"

# The auction's ladder, weakest bid first: ranks from the ace down to the 2, then "the 2 with N points".
RANK_BIDS = BRISCOLA.order
LAST_RANK = len(RANK_BIDS) - 1  # the level of "bid 2"
BASE_TARGET = 61
MAX_TARGET = 120
PASS = Action("pass", "pass")
# A bid's arg is its level on the ladder, so legality is a slice and comparison is integer order.
BIDS: tuple[Action, ...] = tuple(Action(f"bid {r}", "bid", i) for i, r in enumerate(RANK_BIDS)) + tuple(
    Action(f"bid {n}", "bid", LAST_RANK + 1 + n - BASE_TARGET) for n in range(BASE_TARGET, MAX_TARGET + 1)
)
CALLS: dict[str, tuple[Action, ...]] = {
    rank: tuple(Action(f"call {c}", "call", c) for c in ITALIAN_40 if c.rank == rank) for rank in RANK_BIDS
}
TWO_WITH = re.compile(r"bid 2 with ([0-9]{1,3})(?: points)?")  # ASCII digits, few: int() is safe


def bid_rank(level: int) -> str:
    """The rank the winner of a bid at ``level`` must call."""
    return RANK_BIDS[min(level, LAST_RANK)]


def bid_target(level: int) -> int:
    """The card points the caller's side needs after a winning bid at ``level``."""
    return BASE_TARGET if level <= LAST_RANK else BASE_TARGET + level - LAST_RANK - 1


def deal_scores(players: int, caller: int, partner: int, taken: int, target: int) -> list[int]:
    """Zero-sum scores per seat: the caller's side took ``taken`` card points against a ``target``.

    >>> deal_scores(5, 0, 3, 65, 61)
    [2, -1, -1, 1, -1]
    >>> deal_scores(5, 2, 2, 50, 61)
    [1, 1, -4, 1, 1]
    """
    sign = 1 if taken >= target else -1
    scores = [-sign] * players
    if partner == caller:
        scores[caller] = sign * (players - 1)
    else:
        scores[caller] = 2 * sign
        scores[partner] = sign
    return scores


class BriscolaChiamata(Game):
    __doc__ = __doc__
    name = "briscola-chiamata"
    title = "Briscola Chiamata"
    aliases = ("chiamata", "briscola_chiamata", "briscola chiamata")
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("players", PLAYERS, "number of players: always 5", kind=int, low=PLAYERS, high=PLAYERS),
        Option("caller_leads", False, "the caller leads the first trick (false: the dealer's right leads)", kind=bool),
        Option("deals", 5, "match: the number of deals, whose scores are added up", kind=int, low=1, high=999),
    )

    def _configure(self) -> None:
        self.players = PLAYERS
        self._set_sides([[s] for s in range(PLAYERS)])
        self.deck = ITALIAN_40
        self.rank_table = BRISCOLA
        self.strength = BRISCOLA.strengths(ITALIAN_40)
        self.card_points = BRISCOLA.card_points(ITALIAN_40)
        self.hand_size = len(ITALIAN_40) // PLAYERS
        self.caller_leads = self.options["caller_leads"]
        # Per leader, the seats of a trick in play order.
        self.rotations = tuple(tuple((lead + i) % PLAYERS for i in range(PLAYERS)) for lead in range(PLAYERS))

    def match_policy(self) -> Any:
        from ..match import Fixed

        return Fixed(self.options["deals"])


class ChiamataState(TrickState):
    """One deal of Briscola Chiamata."""

    __slots__ = ("auction", "called", "caller", "high", "high_bidder", "partner", "passed", "revealed", "void")

    def __init__(self, game: BriscolaChiamata, seed: int, dealer: int, stacked: list[Card] | None) -> None:
        super().__init__(game, seed, dealer, stacked)
        order = list(stacked) if stacked is not None else list(game.deck)
        if stacked is None:
            shuffle(order, random.Random(seed))
        first = (dealer + 1) % PLAYERS  # the dealer's right gets the first card and bids first
        hands: list[list[Card]] = [[] for _ in range(PLAYERS)]
        for k, c in enumerate(order):
            hands[(first + k) % PLAYERS].append(c)
        self.trump = None
        self._strength = game.strength
        self._points = game.card_points
        self._restriction = free
        self._init_play(hands, first, game.rotations[first])
        # The auction comes before the play: _init_play set up the (empty) trick fields only.
        self.phase = AUCTION
        self.current_player = first
        self.auction: list[tuple[int, Action]] = []
        self.passed = [False] * PLAYERS
        self.high = -1  # the level of the highest bid so far (-1: none yet)
        self.high_bidder: int | None = None
        self.caller: int | None = None
        self.called: Card | None = None
        self.partner: int | None = None  # secret: never shown except as observation() allows
        self.revealed = False
        self.void = False

    def clone(self) -> ChiamataState:
        new = ChiamataState.__new__(ChiamataState)
        self._copy_play(new)
        new.auction = self.auction[:]
        new.passed = self.passed[:]
        new.high = self.high
        new.high_bidder = self.high_bidder
        new.caller = self.caller
        new.called = self.called
        new.partner = self.partner
        new.revealed = self.revealed
        new.void = self.void
        return new

    # --- legality ----------------------------------------------------------------------------------
    def _compute_legal(self) -> list[Any]:
        phase = self.phase
        if phase == PLAY:
            return self._play_cards(self.current_player)  # type: ignore[arg-type]
        if phase == AUCTION:
            return [PASS, *self._higher_bids()]
        return list(CALLS[bid_rank(self.high)])

    def _higher_bids(self) -> tuple[Action, ...]:
        # Rank bids go down to the 2; only a bid of the 2 opens the point bids.
        high = self.high
        return BIDS[high + 1 : LAST_RANK + 1] if high < LAST_RANK else BIDS[high + 1 :]

    def _resolve(self, action: Any, legal: list[Any]) -> Any:
        if isinstance(action, str):
            m = TWO_WITH.fullmatch(" ".join(action.split()).lower())
            if m:
                action = f"bid {int(m.group(1))}"
        return super()._resolve(action, legal)

    def _explain(self, action: str) -> str | None:
        """Why a bid or a call the player wrote is refused (None: the engine's message says it well)."""
        text = " ".join(action.split()).lower()
        word = text.split()[0] if text else ""
        if word == "bid" and self.phase == AUCTION:
            if self.high < 0:
                return "the first bid names a rank (A 3 K H J 7 6 5 4 2); point bids follow a bid of 2"
            last = BIDS[self.high].split()[1]
            if self.high < LAST_RANK:
                return (
                    f"each bid names a lower rank than the last bid ({last}) in the order A 3 K H J 7 6 5 4 2;"
                    f" point bids ({BASE_TARGET}-{MAX_TARGET}) only follow a bid of 2"
                )
            if self.high == len(BIDS) - 1:
                return f"nobody can bid above {MAX_TARGET}"
            return f"after a bid of 2, each bid is a number of points higher than the last ({last}), up to 120"
        if word in ("bid", "pass") and self.phase != AUCTION:
            return f"the auction is over; this is the {self.phase} phase"
        if word == "call" and self.phase == CALL:
            return f"the caller bid {bid_rank(self.high)} and must call a card of that rank"
        if word == "call":
            return f"a card is called only after the auction is won; this is the {self.phase} phase"
        return None

    def _why_not(self, c: Card) -> str:
        if self.phase == AUCTION:
            return "the auction comes first: bid or pass"
        return f"the caller must first call a card of rank {bid_rank(self.high)}"

    # --- moves -------------------------------------------------------------------------------------
    def _act(self, action: Action) -> None:
        seat: int = self.current_player  # type: ignore[assignment]
        if action.kind == "call":
            self._call(action.arg)
            return
        self.auction.append((seat, action))
        if action.kind == "pass":
            self.passed[seat] = True
        else:
            self.high = action.arg
            self.high_bidder = seat
        self._next_bidder(seat)

    def _next_bidder(self, seat: int) -> None:
        active = [s for s in range(PLAYERS) if not self.passed[s]]
        if not active:
            self.void = True  # all five passed without a bid: the deal is void
            self._finish()
        elif active == [self.high_bidder]:
            self.caller = self.high_bidder
            self.phase = CALL
            self.current_player = self.caller
        else:
            # Passed players are skipped; a lone player who has not bid yet still gets to bid or pass.
            self.current_player = next(
                s for s in ((seat + i) % PLAYERS for i in range(1, PLAYERS + 1)) if not self.passed[s]
            )

    def _call(self, c: Card) -> None:
        g: BriscolaChiamata = self.game  # type: ignore[assignment]
        self.called = c
        self.trump = c.suit
        self.partner = next(s for s, h in enumerate(self.hands) if c in h)
        leader = self.caller if g.caller_leads else (self.dealer + 1) % PLAYERS
        self.leader = leader
        self.trick_seats = g.rotations[leader]
        self.current_player = leader
        self.phase = PLAY

    def _play(self, c: Card) -> None:
        if c is self.called:
            self.revealed = True  # the partner has shown himself: public from now on
        super()._play(c)

    def _after_trick(self, winner: int) -> None:
        self.leader = winner
        if not self.hands[winner]:
            self._finish()
            return
        self.trick_seats = self.game.rotations[winner]  # type: ignore[attr-defined]
        self.current_player = winner

    # --- results -----------------------------------------------------------------------------------
    @property
    def passed_out(self) -> bool:
        """True for a void deal: all five passed."""
        return self.void

    def target(self) -> int | None:
        """The card points the caller's side needs (None before the auction is won)."""
        return bid_target(self.high) if self.caller is not None else None

    def _taken(self) -> int:
        caller, partner = self.caller, self.partner
        assert caller is not None and partner is not None
        return self.won[caller] + (self.won[partner] if partner != caller else 0)

    def returns(self) -> list[float]:
        if self.current_player is not None or self.void:
            return [0.0] * PLAYERS
        caller, partner = self.caller, self.partner
        assert caller is not None and partner is not None
        return [float(s) for s in deal_scores(PLAYERS, caller, partner, self._taken(), bid_target(self.high))]

    def side_returns(self) -> list[float]:
        """Returns per side; the sides are the five seats."""
        return self.returns()

    def winners(self) -> list[int]:
        """The winning seats of a finished deal: the caller's side or the other seats (none if void)."""
        if self.current_player is not None or self.void:
            return []
        return [s for s, r in enumerate(self.returns()) if r > 0]

    def outcome(self) -> str | None:
        """A line saying how the deal ended, or None while it goes on."""
        if self.void:
            return PASSED_OUT
        if self.current_player is not None:
            return None
        made = self._taken() >= bid_target(self.high)
        # "took 66 of 120" read as 66 of the pack's 120 points: the target is said as what the side needed.
        taken, needed = self._taken(), bid_target(self.high)
        return f"the caller's side took {taken} card points and needed {needed}: {'won' if made else 'lost'}"

    # --- what a seat may see -----------------------------------------------------------------------
    def _partner_for(self, seat: int) -> int | None:
        """The partner as ``seat`` knows it: only the holder of the called card, or everyone once played."""
        if self.partner is None:
            return None
        if self.revealed or seat == self.partner:
            return self.partner
        return None

    def observation(self, seat: int) -> dict[str, Any]:
        obs = self._base_observation(seat)
        obs["auction"] = [[s, str(a)] for s, a in self.auction]
        obs["passed"] = [s for s in range(PLAYERS) if self.passed[s]]
        obs["high_bid"] = str(BIDS[self.high]) if self.high >= 0 else None
        obs["high_bidder"] = self.high_bidder
        obs["caller"] = self.caller
        obs["called"] = str(self.called) if self.called is not None else None
        obs["target"] = self.target()
        obs["partner"] = self._partner_for(seat)
        obs["outcome"] = self.outcome()
        obs["returns"] = self.returns()
        return obs


BriscolaChiamata.state_class = ChiamataState
