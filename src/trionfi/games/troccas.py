"""Troccas: the Swiss tarot game of the Surselva (Grisons), four players in two partnerships (RULES.md §5).

The 78-card Swiss tarot: 21 trumps (T1 ... T21), the Fool, and four suits of K Q H(cavalier) J 1-10. Cups and
coins are *round* suits whose numerals rank in reverse (K Q H J 1 2 ... 10); swords and batons rank
K Q H J 10 9 ... 1. Dealing and play go anticlockwise, i.e. to the next seat here (seat i -> i+1). Seats
0+2 play against 1+3.

The deal (RULES.md §5.3): packets of 6, 6 and 7 from the dealer's right, the dealer last with 6, 6 and 9
(21 cards); each non-dealer's last card is dealt face up for all to see (``last_card_face_up``). In a
session, a team 9 or more game points in debt may ask for packets of 9 and 10 (dealer 9 and 12), 18 or more
for a single packet (19, dealer 21): ``deal 6+6+7``, ``deal 9+10``, ``deal 19``. After each packet every
player in turn may speak in *tschintschar*, a fixed vocabulary of public statements about his hand
(``say in trochetg`` ...; free by default, only true ones with ``truthful_tschintschar``), ``pass``, or
``propose redeal``: the others then ``agree`` or ``refuse``, and only if all four want it is the deal
cancelled and dealt again. A dealer without a trump may then demand a new deal (``redeal``); otherwise he
lays away two cards (``discard 3c``, or just ``3c``; never a king, T1, T21 or the Fool), which count for his
team. Everybody then holds 19 cards and the dealer leads.

Play (RULES.md §5.4-5.6): follow suit, else trump, else any card; no duty to beat. The highest trump, else
the highest card of the suit led, wins. The Fool may be played to any trick and never wins; if it leads,
the next card sets the suit. It stays with its team: when the other team wins the trick the Fool's team
gets it back and hands over a one-point card from its won cards instead (at once, or as soon as it has
one); the Fool is lost only if its team takes no trick at all. King and jack: when a suit is led for the
first time and its king is played to that trick, the trick's winner may demand the jack (``demand Js`` or
``no demand``); the jack's holder takes back the card he played and puts the jack in its place, unless that
card was the queen, the cavalier or the Fool (and nothing happens if the jack lies in the discard). Whoever
plays the king to that trick and holds the jack may play both together (``Ks+Js``); every other player then
adds a second card to the same trick, so the trick has 8 cards and the hands stay equal. With
``allow_knock``, a player holding the highest trump not yet played may ``knock`` to tell his partner.

Scoring (RULES.md §5.2, §5.8): kings and the honours (T1, T21, the Fool) 5, queens 4, cavaliers 3, jacks
2, every other card 1, counted in groups of four (sum - 3 each) and the discard as a pair (sum - 1): 72 in
the pack. Each team wins or loses its points minus 36. ``trionfi play troccas --match`` plays a session:
the draw for partners and the first dealer, then ``deals_per_session`` deals (default 8) whose results are
added up.

Choices we made where the texts are silent (the CHOICEs of RULES.md §5 and §5.9, and our own):

* Shuffle every deal (``shuffle_each_deal``). With false, a session gathers the last deal's cards (the won
  piles of seats 0+2, then 1+3, the discard with its team's pile) and the dealer's left-hand neighbour cuts
  them at a point drawn from the seed.

* The draw for partners (§5.9 #2): the two highest trumps against the two lowest, the lowest deals first; the
  first player to draw keeps seat 0, his partner takes seat 2, the other two seats 1 and 3 in drawing order.

* A cancelled deal is dealt again by the same dealer (§5.9 #11), from a new shuffle of the seed (also when the
  first dealing came from a stacked pack). A catch-up deal keeps its packets when dealt again.

* The catch-up deal is asked for by the player of the team in debt who receives cards first; "9 or more
  behind" is the team's own running balance of -9 or lower (§5.9 #10; RULES.md follows the seed's "at least").

* Tschintschar (§5.9 #7): one statement (or pass, or a proposal) per player per pause, in play order from the
  dealer's right; after a proposal the others answer in the same order and the first refusal ends it. The
  list for "after 6 or 12 cards" is also used after the first packet of a 9 + 10 deal; a single-packet deal
  has only the pause after the full deal. The truth definitions are listed in docs/troccas.md.

* The Fool is never a trump (§5.9 #8): not for "must trump", not for the dealer's no-trump privilege.

* The one-point card given for the Fool is the first one its team won; a debt still open at the end, with
  tricks but no one-point card, is paid with the team's lowest card (§5.9 #4). During the deal ``points()``
  counts an owed card as already given and leaves out the discard, which is the dealer's secret until the
  count.

* King and jack (§5.9 #5, #6): the winner is asked whether to demand whenever the king was played to the
  suit's first trick and the jack has not been played, so the question reveals nothing about his hand or the
  discard; a demand has no effect when he holds the jack himself, and may be made of his partner. After
  ``Ks+Js`` the other three add their second cards in play order after the first round. The ``receive_card``
  reading of RULES.md §5.6 is not offered: it leaves the hands unequal (``kj_double_play_mode`` is
  ``others_add_card`` or ``disabled``).

* The knock is public (everyone hears it) and allowed once per player for each trump that becomes the
  highest not yet played; a trump in the discard counts as not yet played.

* Penalty mode (``enforce_legal_moves=false``, RULES.md §5.8): any card may be played, but a card that breaks
  the follow rules ends the deal at once and gives the other team all 72 points.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from ..cards import TAROT_78, Card, card
from ..engine import PLAY, Action, Audience, Game, Trick, TrickState
from ..errors import CardError, IllegalAction, OptionError
from ..options import Option
from ..shuffling import shuffle
from . import troccas_talk as talk
from .troccas_scoring import (
    FOOL_CARD,
    HONOURS,
    JACK,
    KING,
    PACK_POINTS,
    PAR,
    STRENGTH,
    SUITS,
    TRUMP,
    TRUMPS,
    VALUE,
    led_suit,
    playable,
    trick_winner,
)
from .troccas_session import TroccasMatch

PLAYERS = 4
PATTERN = "pattern"
TALK = "talk"
POLL = "poll"
DISCARD = "discard"

# Packets per dealing round: (each non-dealer, the dealer).
PATTERNS: dict[str, tuple[tuple[int, int], ...]] = {
    "6+6+7": ((6, 6), (6, 6), (7, 9)),
    "9+10": ((9, 9), (10, 12)),
    "19": ((19, 21),),
}
NORMAL = "6+6+7"
CATCH_UP = {"9+10": 9, "19": 18}  # the catch-up deals and how far behind a team must be to ask for them

PATTERN_ACTIONS = {p: Action(f"deal {p}", "pattern", p) for p in PATTERNS}
PASS = Action("pass", "pass")
PROPOSE = Action("propose redeal", "propose")
AGREE = Action("agree", "agree")
REFUSE = Action("refuse", "refuse")
SAY = {s: Action(s.action_text, "say", s) for s in talk.STATEMENTS}
DISCARDS = {c: Action(f"discard {c}", "discard", c) for c in TAROT_78}
NO_TRUMP_REDEAL = Action("redeal", "redeal")
DOUBLES = {s: Action(f"{KING[s]}+{JACK[s]}", "double", s) for s in SUITS}
DEMANDS = {s: Action(f"demand {JACK[s]}", "demand", s) for s in SUITS}
NO_DEMAND = Action("no demand", "nodemand")
KNOCK = Action("knock", "knock")
KEEP = frozenset(c for c in TAROT_78 if c in HONOURS or (c.rank == "K" and c.suit in SUITS))  # never discarded
ORDER = {c: i for i, c in enumerate(TAROT_78)}  # hands are kept sorted in pack order (suits, trumps, Fool)
SUIT_NAMES = {
    "d": "coins",
    "c": "cups",
    "s": "swords",
    "b": "batons",
    TRUMP: "the tarot trumps T1-T21 (the Fool is none)",
}
KJ_MODES = ("others_add_card", "disabled")
ROTATIONS = tuple(tuple((lead + i) % PLAYERS for i in range(PLAYERS)) for lead in range(PLAYERS))


def side_name(side: int) -> str:
    return "seats 0+2" if side == 0 else "seats 1+3"


class Troccas(Game):
    __doc__ = __doc__
    name = "troccas"
    title = "Troccas"
    aliases = ("troccas-swiss", "swiss-tarot")
    points_in_pack = PACK_POINTS  # the two sides' counted points add up to this (RULES.md §5.2)
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("players", PLAYERS, "number of players: always 4, in two partnerships", choices=(PLAYERS,)),
        Option(
            "shuffle_each_deal", True, "shuffle every deal (false: in a session, gather the cards and cut)", kind=bool
        ),
        Option("last_card_face_up", True, "each non-dealer's last card is dealt face up, for all to see", kind=bool),
        Option(
            "kj_double_play_mode",
            "others_add_card",
            "king and jack played together in a suit's first trick: the others each add a second card "
            "(disabled: no double play; the jack may still be demanded)",
            choices=KJ_MODES,
        ),
        Option("truthful_tschintschar", False, "only tschintschar statements true of the speaker's hand", kind=bool),
        Option(
            "allow_knock",
            False,
            "the holder of the highest trump not yet played may knock to tell his partner",
            kind=bool,
        ),
        Option(
            "deals_per_session",
            8,
            "session (match): number of deals, a multiple of 4 so that each player deals as often",
            kind=int,
            low=4,
            high=400,
        ),
        Option(
            "enforce_legal_moves",
            True,
            "false = penalty mode: any card may be played, but a revoke gives the other team all 72 points",
            kind=bool,
        ),
        Option(
            "session_balance",
            0,
            "the running session balance of seats 0+2 before this deal (seats 1+3 have the opposite; a "
            "session sets it): a team 9 or more in debt may ask for a catch-up deal",
            kind=int,
            low=-100_000,
            high=100_000,
        ),
    )

    def _configure(self) -> None:
        o = self.options
        if o["deals_per_session"] % PLAYERS:
            raise OptionError(
                f"option deals_per_session={o['deals_per_session']!r} is not allowed; allowed: a multiple of 4 "
                "(each player deals as often), e.g. 4, 8 or 12"
            )
        self.players = PLAYERS
        self._set_sides([(0, 2), (1, 3)])
        self.deck = TAROT_78
        self.trump = TRUMP
        self.face_up = o["last_card_face_up"]
        self.doubles = o["kj_double_play_mode"] == "others_add_card"
        self.truthful = o["truthful_tschintschar"]
        self.knock = o["allow_knock"]
        self.enforce = o["enforce_legal_moves"]
        self.balance = o["session_balance"]
        self._variants: dict[int, Troccas] = {}

    def match(self, seed: int | None = None) -> TroccasMatch:
        """A session: the draw for partners and the first dealer, then ``deals_per_session`` deals."""
        return TroccasMatch(self, seed)

    def card_strength(self, observation: dict[str, Any]) -> dict[Card, int]:
        return STRENGTH

    def audience(self, action: Any, seat: int) -> Audience | None:
        # The dealer's discard is face down: the others see only that a card went.
        if getattr(action, "kind", None) == "discard":
            return Audience(frozenset({seat}), "discards a card face down")
        return None

    def match_policy(self) -> Any:
        from ..match import Fixed

        return Fixed(self.options["deals_per_session"])

    def for_balance(self, balance: int) -> Troccas:
        """This game with the session score ``balance`` (what a session passes to each deal)."""
        if balance == self.balance:
            return self
        found = self._variants.get(balance)
        if found is None:
            given = {k: v for k, v in self._given.items() if k != "session_balance"}
            if balance:
                given["session_balance"] = balance
            found = self._variants[balance] = Troccas(**given)
        return found


class TroccasState(TrickState):
    """One deal of Troccas, from the first packet to the count."""

    __slots__ = (
        "debtor",
        "demand",
        "discard",
        "double_by",
        "face_up",
        "fool_notes",
        "gone",
        "knocked",
        "knocks",
        "led",
        "messages",
        "notes",
        "opened",
        "opening",
        "pack",
        "pattern",
        "piles",
        "proposers",
        "qpos",
        "queue",
        "redeals",
        "revoke",
        "round_no",
        "said",
        "top",
        "tricks_won",
    )

    def __init__(self, game: Troccas, seed: int, dealer: int, stacked: list[Card] | None) -> None:
        super().__init__(game, seed, dealer, stacked)
        self.trump = TRUMP
        self.hands: list[list[Card]] = [[] for _ in range(PLAYERS)]
        self.leader = dealer
        self.trick: list[Card] = []
        self.trick_seats: list[int] = []  # type: ignore[assignment]
        self.tricks: list[Trick] = []
        self.won = [0, 0]
        self._strength = STRENGTH
        self._points = VALUE
        self._restriction = None
        self.pack: list[Card] = list(stacked) if stacked is not None else self._shuffled(0)
        self.redeals: list[str] = []
        self.messages: list[dict[str, Any]] = []
        self.face_up: dict[int, Card] = {}
        self.said: list[tuple[str, str]] = []  # (when, who said what) in this dealing
        self.proposers: list[int] = []
        self.queue: tuple[int, ...] = ()
        self.qpos = 0
        self.round_no = 0
        self.discard: list[Card] = []
        self.led: str | None = None
        self.opening = False
        self.opened: set[str] = set()
        self.gone: set[Card] = set()
        self.top = 21  # the highest trump not yet played to a trick (0: all played)
        self.knocked = [0] * PLAYERS
        self.knocks: list[str] = []
        self.double_by: int | None = None
        self.demand: str | None = None
        self.piles: list[list[Card]] = [[], []]
        self.tricks_won = [0, 0]
        self.debtor: int | None = None  # the Fool's team while it owes the other team a one-point card
        self.fool_notes: list[str] = []
        self.notes: list[str] = []  # demands and their outcome
        self.revoke: int | None = None
        self.pattern: str | None = None
        behind = self._behind()
        if behind is None:
            self._start_deal(NORMAL)
        else:
            # The team behind asks first: its player who receives cards first.
            self.phase = PATTERN
            self.current_player = next(s for s in ROTATIONS[(dealer + 1) % PLAYERS] if game.side_of[s] == behind)

    def _shuffled(self, n: int) -> list[Card]:
        """The pack for the ``n``-th dealing of this deal (0: the first, then one per redeal), from the seed."""
        pack = list(TAROT_78)
        shuffle(pack, random.Random(self.seed if n == 0 else f"troccas redeal {n} of {self.seed}"))
        return pack

    def _behind(self) -> int | None:
        """The side behind by at least 9 in the session, which may ask for a catch-up deal."""
        balance = self.game.balance  # type: ignore[attr-defined]
        if balance <= -CATCH_UP["9+10"]:
            return 0
        if balance >= CATCH_UP["9+10"]:
            return 1
        return None

    # --- dealing and talk --------------------------------------------------------------------------
    def _start_deal(self, pattern: str) -> None:
        self.pattern = pattern
        self.round_no = 0
        self._deal_round()

    def _deal_round(self) -> None:
        g: Troccas = self.game  # type: ignore[assignment]
        rounds = PATTERNS[self.pattern]  # type: ignore[index]
        non_dealer, dealer_count = rounds[self.round_no]
        last = self.round_no == len(rounds) - 1
        d = self.dealer
        pack = self.pack
        for seat in ROTATIONS[(d + 1) % PLAYERS]:
            k = dealer_count if seat == d else non_dealer
            packet = pack[:k]
            del pack[:k]
            self.hands[seat].extend(packet)
            self.hands[seat].sort(key=ORDER.__getitem__)
            if last and seat != d and g.face_up:
                self.face_up[seat] = packet[-1]
        self.round_no += 1
        self._start_talk()

    def _moment(self) -> str:
        return talk.LATE if self.round_no == len(PATTERNS[self.pattern]) else talk.EARLY  # type: ignore[index]

    def _stage(self) -> str:
        """When the talk takes place, for the table: "after 6 cards", "after the deal"."""
        if self._moment() == talk.LATE:
            return "after the deal"
        rounds = PATTERNS[self.pattern]  # type: ignore[index]
        return f"after {sum(r[0] for r in rounds[: self.round_no])} cards"

    def _start_talk(self) -> None:
        self.phase = TALK
        self.proposers = []
        self.queue = ROTATIONS[(self.dealer + 1) % PLAYERS]
        self.qpos = 0
        self.current_player = self.queue[0]

    def _next_speaker(self) -> None:
        self.qpos += 1
        if self.qpos < len(self.queue):
            self.current_player = self.queue[self.qpos]
            return
        if self.phase == TALK and self.proposers:
            voters = tuple(s for s in ROTATIONS[(self.dealer + 1) % PLAYERS] if s not in self.proposers)
            if not voters:
                self._redeal("all four asked for a new deal")
                return
            self.phase = POLL
            self.queue, self.qpos = voters, 0
            self.current_player = voters[0]
            return
        if self.phase == POLL:
            self._redeal("all four agreed")
            return
        self._talk_over()

    def _talk_over(self) -> None:
        if self.round_no < len(PATTERNS[self.pattern]):  # type: ignore[index]
            self._deal_round()
        else:
            self.phase = DISCARD
            self.current_player = self.dealer

    def _redeal(self, reason: str) -> None:
        """Cancel the deal: the same dealer deals again from a new shuffle (RULES.md §5.3 CHOICE)."""
        self.redeals.append(reason)
        self.messages.append(
            {"sender": None, "text": f"The deal is cancelled ({reason}); seat {self.dealer} deals again."}
        )
        self.pack = self._shuffled(len(self.redeals))
        self.hands = [[] for _ in range(PLAYERS)]
        self.face_up = {}
        self.said = []
        self._start_deal(self.pattern)  # type: ignore[arg-type]

    def _say(self, seat: int, text: str) -> None:
        self.messages.append({"sender": seat, "text": text})

    # --- legality ----------------------------------------------------------------------------------
    def _compute_legal(self) -> list[Any]:
        phase = self.phase
        if phase is PLAY:
            return self._play_moves()
        p: int = self.current_player  # type: ignore[assignment]
        if phase == TALK:
            g: Troccas = self.game  # type: ignore[assignment]
            said = talk.allowed(self._moment(), self.hands[p], g.truthful)
            return [*(SAY[s] for s in said), PASS, PROPOSE]
        if phase == POLL:
            return [AGREE, REFUSE]
        if phase == DISCARD:
            hand = self.hands[p]
            moves: list[Any] = [DISCARDS[c] for c in hand if c not in KEEP]
            if not self.discard and not any(c.suit == TRUMP for c in hand):
                moves.append(NO_TRUMP_REDEAL)
            return moves
        if phase == PATTERN:
            behind = abs(self.game.balance)  # type: ignore[attr-defined]
            return [PATTERN_ACTIONS[NORMAL], *(PATTERN_ACTIONS[p] for p, need in CATCH_UP.items() if behind >= need)]
        return []

    def _play_moves(self) -> list[Any]:
        if self.demand is not None:
            return [DEMANDS[self.demand], NO_DEMAND]
        g: Troccas = self.game  # type: ignore[assignment]
        p: int = self.current_player  # type: ignore[assignment]
        hand = self.hands[p]
        led = self.led
        if led is None or not g.enforce:
            moves: list[Any] = hand[:]
        else:
            moves = [c for c in hand if c.suit == led] or [c for c in hand if c.suit == TRUMP]
            if not moves:
                moves = hand[:]
            elif FOOL_CARD in hand:
                moves.append(FOOL_CARD)
        if g.doubles and self.double_by is None and len(self.trick_seats) < PLAYERS:
            if led is None:
                for s in SUITS:
                    if s not in self.opened and KING[s] in hand and JACK[s] in hand:
                        moves.append(DOUBLES[s])
            elif self.opening and KING[led] in hand and JACK[led] in hand:
                moves.append(DOUBLES[led])
        if g.knock and self.top and TRUMPS[self.top - 1] in hand and self.knocked[p] != self.top:
            moves.append(KNOCK)
        return moves

    # --- moves -------------------------------------------------------------------------------------
    def _act(self, action: Action) -> None:
        kind = action.kind
        seat: int = self.current_player  # type: ignore[assignment]
        if kind == "say":
            st: talk.Statement = action.arg
            self.said.append((self._stage(), f"seat {seat} {st.name}"))
            self._say(seat, f"{st.name} — {st.meaning}")
            self._next_speaker()
        elif kind == "pass":
            self._next_speaker()
        elif kind == "propose":
            self.proposers.append(seat)
            self.said.append((self._stage(), f"seat {seat} proposes a new deal"))
            self._say(seat, "I propose a new deal (all four must agree)")
            self._next_speaker()
        elif kind == "agree":
            self._say(seat, "I agree to a new deal")
            self._next_speaker()
        elif kind == "refuse":
            self._say(seat, "I refuse a new deal: the deal goes on")
            self._talk_over()
        elif kind == "discard":
            self._discard(action.arg)
        elif kind == "redeal":
            self._redeal(f"seat {seat}, the dealer, held no trump")
        elif kind == "pattern":
            self._say(seat, f"we are behind: deal in packets of {action.arg}")
            self._start_deal(action.arg)
        elif kind == "double":
            self._double(seat, action.arg)
        elif kind == "demand":
            self._demand(seat, action.arg)
        elif kind == "nodemand":
            self.demand = None
            self._collect(seat)
        elif kind == "knock":
            self.knocked[seat] = self.top
            self.knocks.append(f"trick {len(self.tricks) + 1}: seat {seat}")
            self._say(seat, "*knock* (I hold the highest trump not yet played)")
        else:  # pragma: no cover - every Action above is listed
            raise NotImplementedError(action)

    def _discard(self, c: Card) -> None:
        d = self.dealer
        self.hands[d].remove(c)
        self.discard.append(c)
        if len(self.discard) == 2:
            self._start_trick(d)  # the dealer leads the first trick

    def _start_trick(self, leader: int) -> None:
        self.phase = PLAY
        self.leader = leader
        self.trick = []
        self.trick_seats = []
        self.queue = ROTATIONS[leader]
        self.qpos = 0
        self.led = None
        self.opening = False
        self.double_by = None
        self.current_player = leader

    def _play(self, c: Card) -> None:
        p: int = self.current_player  # type: ignore[assignment]
        g: Troccas = self.game  # type: ignore[assignment]
        if not g.enforce and self.led is not None and c not in playable(self.hands[p], self.trick):
            self.revoke = p
        self.hands[p].remove(c)
        self._put(p, c)
        if self.revoke is not None:
            self._end_deal()
            return
        self._advance()

    def _put(self, seat: int, c: Card) -> None:
        self.trick.append(c)
        self.trick_seats.append(seat)
        self.gone.add(c)
        if c.suit == TRUMP:
            self._lower_top()
        if self.led is None and c is not FOOL_CARD:
            self.led = c.suit
            if c.suit != TRUMP and c.suit not in self.opened:
                self.opening = True
                self.opened.add(c.suit)

    def _lower_top(self) -> None:
        gone = self.gone
        top = self.top
        while top and TRUMPS[top - 1] in gone:
            top -= 1
        self.top = top

    def _advance(self) -> None:
        self.qpos += 1
        if self.qpos < len(self.queue):
            self.current_player = self.queue[self.qpos]
        else:
            self._trick_complete()

    def _double(self, seat: int, suit: str) -> None:
        hand = self.hands[seat]
        hand.remove(KING[suit])
        hand.remove(JACK[suit])
        self._put(seat, KING[suit])
        self._put(seat, JACK[suit])
        self.double_by = seat
        # The other three add a second card after the first round, in play order from the leader.
        first_round = ROTATIONS[self.leader]
        self.queue = first_round + tuple(s for s in first_round if s != seat)
        self._say(seat, f"{KING[suit]} and {JACK[suit]} together: each of you adds a second card to this trick")
        self._advance()

    def _trick_complete(self) -> None:
        trick = self.trick
        winner = self.trick_seats[trick_winner(trick)]
        led = self.led
        # Only public facts decide whether the winner is asked (the king in the suit's first trick, the jack
        # not played yet), so that the others learn nothing about his hand or the discard from the question.
        if self.opening and KING[led] in trick and JACK[led] not in self.gone:  # type: ignore[index]
            self.demand = led
            self.current_player = winner
            return
        self._collect(winner)

    def _demand(self, winner: int, suit: str) -> None:
        self.demand = None
        jack = JACK[suit]
        holder = next((s for s in range(PLAYERS) if jack in self.hands[s]), None)
        n = len(self.tricks) + 1
        if holder is None:
            outcome = f"no effect: {jack} lies in the discard"
        elif holder == winner:
            outcome = f"no effect: seat {winner} holds it already"  # (no "himself": said to him, "you hold it")
        else:
            i = self.trick_seats.index(holder)
            given = self.trick[i]
            if given is FOOL_CARD or (given.suit == suit and given.rank in ("Q", "H")):
                outcome = f"no effect: seat {holder} holds it but played {given}"
            else:
                hand = self.hands[holder]
                hand.remove(jack)
                hand.append(given)
                hand.sort(key=ORDER.__getitem__)
                self.trick[i] = jack
                # The holder followed suit (he held it), so ``given`` is a suit card: no trump returns to play.
                self.gone.discard(given)
                self.gone.add(jack)
                outcome = f"seat {holder} takes back {given} and gives {jack}"
        self.notes.append(f"trick {n}: seat {winner} demanded {jack}: {outcome}")
        self._say(winner, f"I demand {jack}: {outcome}")
        self._collect(winner)

    def _collect(self, winner: int) -> None:
        """The trick goes to the winner's team; the Fool goes back to its own team if that is the other one."""
        side_of = self.game.side_of
        side = side_of[winner]
        trick = self.trick
        seats = tuple(self.trick_seats)
        pile = self.piles[side]
        n = len(self.tricks) + 1
        fool_side = side_of[seats[trick.index(FOOL_CARD)]] if FOOL_CARD in trick else side
        if fool_side != side:
            kept = [c for c in trick if c is not FOOL_CARD]
            pile.extend(kept)
            self.piles[fool_side].append(FOOL_CARD)
            self.debtor = fool_side
            self.fool_notes.append(f"trick {n}: the Fool goes back to {side_name(fool_side)}")
            points = sum([VALUE[c] for c in kept]) + 1 - 3 * (len(trick) // 4)
        else:
            pile.extend(trick)
            points = sum([VALUE[c] for c in trick]) - 3 * (len(trick) // 4)
        self.tricks_won[side] += 1
        if self.debtor is not None:
            self._pay_for_fool(n)
        self.tricks.append(Trick(self.leader, seats, tuple(trick), winner, points))
        self.trick, self.trick_seats = [], []
        if self.hands[winner]:
            self._start_trick(winner)
        else:
            self._end_deal()

    def _pay_for_fool(self, n: int) -> None:
        """The Fool's team hands over the first one-point card it has won, if any (else the debt waits)."""
        debtor = self.debtor
        pile = self.piles[debtor]  # type: ignore[index]
        for i, c in enumerate(pile):
            if VALUE[c] == 1:
                del pile[i]
                self.piles[1 - debtor].append(c)  # type: ignore[operator]
                self.debtor = None
                self.fool_notes.append(f"trick {n}: {side_name(debtor)} give {c} for the Fool")  # type: ignore[arg-type]
                return

    def _end_deal(self) -> None:
        debtor = self.debtor
        if debtor is not None:
            pile, other = self.piles[debtor], self.piles[1 - debtor]
            if self.tricks_won[debtor] == 0:
                pile.remove(FOOL_CARD)
                other.append(FOOL_CARD)
                self.fool_notes.append(f"the Fool is lost: {side_name(debtor)} took no trick")
            else:
                # A team with tricks but no one-point card gives its lowest card instead (RULES.md §5.5 CHOICE).
                lowest = min((c for c in pile if c is not FOOL_CARD), key=VALUE.__getitem__)
                pile.remove(lowest)
                other.append(lowest)
                self.fool_notes.append(f"at the end: {side_name(debtor)} give {lowest} for the Fool")
            self.debtor = None
        self.queue = ()
        self._finish()

    # --- results -----------------------------------------------------------------------------------
    def points(self) -> list[int]:
        """Counted card points per side: groups of four (sum - 3); the discard (sum - 1) joins the dealer's
        side once the deal is over (before that it is the dealer's secret). A revoke gives the other side 72."""
        side_of = self.game.side_of
        if self.revoke is not None:
            innocent = 1 - side_of[self.revoke]
            return [PACK_POINTS if s == innocent else 0 for s in range(2)]
        raw = [sum([VALUE[c] for c in pile]) for pile in self.piles]
        size = [len(pile) for pile in self.piles]
        if self.debtor is not None:  # count the one-point card owed for the Fool as already handed over
            raw[self.debtor] -= 1
            size[self.debtor] -= 1
            raw[1 - self.debtor] += 1
            size[1 - self.debtor] += 1
        pts = [raw[s] - 3 * (size[s] // 4) for s in range(2)]
        if self.current_player is None and len(self.discard) == 2:
            pts[side_of[self.dealer]] += VALUE[self.discard[0]] + VALUE[self.discard[1]] - 1
        return pts

    def side_returns(self) -> list[float]:
        """Game points per side: counted points minus 36 once the deal is over (0 before)."""
        if self.current_player is not None:
            return [0.0, 0.0]
        return [float(p - PAR) for p in self.points()]

    def returns(self) -> list[float]:
        per_side = self.side_returns()
        return [per_side[s] for s in self.game.side_of]

    def winners(self) -> list[int]:
        """The sides with a positive result in a finished deal (none for a 36-36 draw)."""
        return [s for s, r in enumerate(self.side_returns()) if r > 0]

    def cards_won(self) -> list[int]:
        """Cards per side once the deal is over: its won piles (the Fool with its owner's side, the card given for
        it with the other) and the discard with the dealer's side: 78 in all. Counting trick cards instead would
        miss the discard and give the Fool to whoever took its trick."""
        size = [len(pile) for pile in self.piles]
        size[self.game.side_of[self.dealer]] += len(self.discard)
        return size

    def gathered(self) -> list[Card]:
        """All 78 cards picked up after the deal: the won piles of seats 0+2 then 1+3, the discard with its
        team's pile, and (after a revoke) the trick and the hands."""
        piles = [p[:] for p in self.piles]
        piles[self.game.side_of[self.dealer]].extend(self.discard)
        rest = self.trick + [c for h in self.hands for c in h] + self.pack
        return piles[0] + piles[1] + rest

    # --- bad input ---------------------------------------------------------------------------------
    def _resolve(self, action: Any, legal: list[Any]) -> Any:
        try:
            return super()._resolve(action, legal)
        except IllegalAction:
            if not isinstance(action, str) or self.current_player is None:
                raise
            found = self._spelling(action, legal)
            if found is not None:
                return found
            why = self._explain(action)
            if why is None:
                raise
        raise IllegalAction(f"{action!r} is not allowed: {why}; seat {self.current_player} may: {', '.join(legal)}")

    def _spelling(self, action: str, legal: list[Any]) -> Any:
        """Other spellings of a legal action: a statement without "say" or with other words or accents, a
        bare card code to discard, "Ks Js" or "ks + js" for the double play."""
        text = talk.fold(action)
        st = talk.SPELLINGS.get(text)
        if st is not None and SAY[st] in legal:
            return SAY[st]
        if self.phase == DISCARD and not text.startswith("discard"):
            try:
                c = card(action)
            except CardError:
                return None
            if DISCARDS.get(c) in legal:
                return DISCARDS[c]
        if "+" in text or text.count(" ") == 1:
            joined = "+".join(p for p in text.replace("+", " ").split())
            return next((a for a in legal if a.lower() == joined), None)
        return None

    def _explain(self, action: str) -> str | None:
        """Why a typed discard, statement or demand is refused (None: the engine's message says it)."""
        text = talk.fold(action)
        word = text.partition(" ")[0]
        if self.phase == DISCARD:
            code = text[len("discard") :].strip() if word == "discard" else text
            try:
                c = TAROT_78.check(code)
            except CardError:
                return None
            if c not in self.hands[self.dealer]:
                return f"{c} is not in your hand"
            if c in KEEP:
                return f"{c} may not be laid away: kings and the honours (T1, T21, the Fool) stay in hand"
        st = talk.SPELLINGS.get(text)
        if st is not None:
            if self.phase != TALK:
                return f"tschintschar is spoken after a packet is dealt; this is the {self.phase} phase"
            if st.moment != self._moment():
                when = "after the full deal" if st.moment == talk.LATE else "while the cards are being dealt"
                return f"{st.name!r} belongs to the talk {when}"
            return (
                f"with truthful_tschintschar only true statements are allowed, and {st.name!r} "
                f"({st.meaning}) is not true of your hand"
            )
        if word == "demand" and self.phase is PLAY:
            return "a jack may be demanded only by the winner of a suit's first trick in which its king was played"
        if word in ("knock", "redeal", "agree", "refuse") or text == "propose redeal":
            return f"that is not possible now (phase {self.phase})"
        return None

    def _why_not(self, c: Card) -> str:
        if self.phase != PLAY:
            return {
                TALK: "the cards are still being dealt: say a tschintschar, pass or propose a redeal",
                POLL: "a new deal was proposed: agree or refuse",
                DISCARD: "the dealer lays away two cards first",
                PATTERN: "the team behind first chooses how the cards are dealt",
            }.get(self.phase, "the rules forbid it here")
        if self.demand is not None:
            return f"the trick is complete: its winner decides first whether to demand {JACK[self.demand]}"
        hand = self.hands[self.current_player]  # type: ignore[index]
        led = led_suit(self.trick)
        name = "trumps" if led == TRUMP else SUIT_NAMES[led]  # type: ignore[index]
        if any(x.suit == led for x in hand):
            return f"you must follow {name} (or play the Fool)"
        return f"you have no {name} and must play a trump (or the Fool)"

    # --- what a seat may see -----------------------------------------------------------------------
    def observation(self, seat: int) -> dict[str, Any]:
        obs = self._base_observation(seat)
        obs["deck"] = TAROT_78.name
        obs["suit_names"] = dict(SUIT_NAMES)
        obs["show_points"] = True
        obs["pattern"] = self.pattern
        obs["face_up"] = {str(s): str(c) for s, c in sorted(self.face_up.items())}
        obs["known_cards"] = {
            str(s): [str(c)] for s, c in sorted(self.face_up.items()) if s != seat and c in self.hands[s]
        }
        obs["open_hands"] = {}
        obs["messages"] = [dict(m) for m in self.messages]
        over = self.current_player is None
        obs["discard"] = [str(c) for c in self.discard] if seat == self.dealer or over else None
        obs["discarded"] = len(self.discard)
        obs["cards_won"] = self.cards_won() if over else None
        obs["fool_owed_by"] = self.debtor
        obs["demand"] = str(JACK[self.demand]) if self.demand is not None else None
        obs["revoke"] = self.revoke
        obs["returns"] = self.returns()
        obs["table"] = self._table(seat)
        return obs

    def _table(self, seat: int) -> dict[str, Any]:
        d = self.dealer
        rounds = PATTERNS[self.pattern] if self.pattern else PATTERNS[NORMAL]
        table: dict[str, Any] = {"dealer": f"seat {d} (deals, lays away two cards and leads)"}
        if self.pattern is None:
            debt = abs(self.game.balance)  # type: ignore[attr-defined]
            offered = [NORMAL, *(p for p, need in CATCH_UP.items() if debt >= need)]
            table["deal"] = (
                f"{side_name(self._behind())} are {debt} behind in the session and choose the packets: "  # type: ignore[arg-type]
                + " or ".join(offered)
            )
        else:
            dealing = f", packet {self.round_no} of {len(rounds)} dealt" if self.phase in (TALK, POLL) else ""
            table["deal"] = f"packets of {self.pattern}{dealing}"
        table["redeals"] = [f"{i}. {why}" for i, why in enumerate(self.redeals, start=1)]
        table["face up"] = [f"seat {s} {c}" for s, c in sorted(self.face_up.items()) if c in self.hands[s]]
        stages = list(dict.fromkeys(when for when, _ in self.said))
        table["tschintschar"] = [f"{when}: " + " · ".join(t for w, t in self.said if w == when) for when in stages]
        if self.phase == DISCARD:
            table["discard"] = f"seat {d} is laying away two cards ({len(self.discard)} done)"
        elif self.discard and (seat == d or self.current_player is None):
            table["discard"] = (
                f"seat {d} laid away {' '.join(self.discard)} (counted for {side_name(self.game.side_of[d])})"
            )
        elif self.discard:
            table["discard"] = f"seat {d} laid away 2 cards (counted for {side_name(self.game.side_of[d])})"
        table["suits led"] = ", ".join(SUIT_NAMES[s] for s in SUITS if s in self.opened)
        if self.double_by is not None:
            table["king and jack"] = f"seat {self.double_by} played king and jack together: 8-card trick"
        if self.demand is not None:
            table["king and jack"] = (
                f"{KING[self.demand]} was played to the first {SUIT_NAMES[self.demand]} trick: "
                f"seat {self.current_player} may demand {JACK[self.demand]}"
            )
        table["jack demands"] = self.notes[:]
        fool = self.fool_notes[:]
        if FOOL_CARD in self.trick:
            fool.insert(
                0, f"the Fool is in this trick (played by seat {self.trick_seats[self.trick.index(FOOL_CARD)]})"
            )
        if self.debtor is not None:
            fool.append(f"{side_name(self.debtor)} owe a one-point card for the Fool")
        table["the Fool"] = fool
        table["knocks"] = self.knocks[:]
        if self.revoke is not None:
            innocent = 1 - self.game.side_of[self.revoke]
            table["revoke"] = f"seat {self.revoke} did not follow the rules: {side_name(innocent)} take all 72 points"
        if self.current_player is None:
            pts = self.points()
            # A true minus, as the summary's table writes the same figures ("−9" beside "-9").
            signed = [f"{pts[s] - PAR:+d}".replace("-", "\u2212") for s in range(2)]
            table["result"] = ", ".join(f"{side_name(s)} {pts[s]} ({signed[s]})" for s in range(2))
        return table

    def clone(self) -> TroccasState:
        new = TroccasState.__new__(TroccasState)
        self._copy_play(new)
        new.trick_seats = self.trick_seats[:]
        new.pack = self.pack[:]
        new.redeals = self.redeals[:]
        new.messages = self.messages[:]
        new.face_up = dict(self.face_up)
        new.said = self.said[:]
        new.proposers = self.proposers[:]
        new.queue = self.queue
        new.qpos = self.qpos
        new.round_no = self.round_no
        new.discard = self.discard[:]
        new.led = self.led
        new.opening = self.opening
        new.opened = set(self.opened)
        new.gone = set(self.gone)
        new.top = self.top
        new.knocked = self.knocked[:]
        new.knocks = self.knocks[:]
        new.double_by = self.double_by
        new.demand = self.demand
        new.piles = [self.piles[0][:], self.piles[1][:]]
        new.tricks_won = self.tricks_won[:]
        new.debtor = self.debtor
        new.fool_notes = self.fool_notes[:]
        new.notes = self.notes[:]
        new.revoke = self.revoke
        new.pattern = self.pattern
        return new


Troccas.state_class = TroccasState
