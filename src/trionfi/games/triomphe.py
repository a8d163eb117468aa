"""Triomphe (French Ruff), the game that gave the word "trump", in two rule sets chosen with ``ruleset``.

FRENCH RULES (ruleset=french, the default; 17th century). Four players in two partnerships, partners
opposite: seats 0 and 2 against 1 and 3. A 52-card French pack, ranked in every suit K Q J A 10 9 8 7 6 5 4
3 2 (the ace sits between the jack and the ten). Play goes counter-clockwise; seats are numbered in that
order. The dealer gives five cards to each player, two at a time and then three at a time, starting with
the player on his right (seat 0 in a first deal). The other 32 cards are the stock; its top card is turned
up and its suit is trumps.

Robbing the stock (rob_stock, on by default): whoever holds the ace of trumps may take the turned-up card
into his hand and lay away one card face down; if the turned-up card is itself that ace, the dealer has the
right instead. After each card taken the next stock card is turned: while it is a trump the robber may take
it as well, laying away another card; a non-trump ends the robbing, and he may stop earlier. His hand stays
at five cards, and only he knows what he laid away. Nobody robs when the ace of trumps lies in the stock.
Before the first lead every player in turn, from the dealer's right, answers "rob <card>" or "pass" (only
the holder of the ace can rob), so that a holder who declines is not given away; a robber then answers
"discard <card>" (the card code alone is accepted too). When the ace is turned up only the dealer is asked.

The player on the dealer's right leads; the winner of a trick leads the next. Follow suit if you can. If
you cannot, you must trump, and if a trump is already in the trick you must beat it when you can - even your
partner's. Unable to beat it, you must still play a trump (undertrump_when_cannot_overtrump=false lets you
play any card then). With neither suit nor trumps any card will do. There is no duty to win the trick when
following suit or when trumps are led, unless must_head_trick=true (the 18th-century rule). The highest trump
wins the trick, else the highest card of the suit led.

The side taking three or four of the five tricks scores 1 point; all five (the vole) score vole_points (2;
5 in the Compleat Gamester's count); the other side scores nothing. points() counts the tricks taken. A game
(game.match()) goes to 5 points (target). In a match the first dealer is whoever draws the highest card (K
high, ties draw again), and after each deal that does not end the game the dealer names which of his two
opponents deals next ("next dealer <seat>"; choose_next_dealer=false passes the deal to his right).

Penalty mode (enforce_legal_moves=false): the program accepts any card of the hand, as at a real table, and
judges it afterwards: a revoke (not following suit, not trumping or not over-trumping when the rules require
it) ends the deal at once and the culprit's side loses the game. Optional rules, off by default:
allow_concession_offer lets the first player of each side to act in the first trick "concede" instead of
playing; an opponent then answers "accept" (his side scores 1 point and the deal ends) or "refuse" (his side
must then take all five tricks, or the conceding side scores 2); partners_see_hands shows each player his
partner's hand.

STRASBOURG RULES (ruleset=strasbourg; recorded in 1637). Historically these rules are INCOMPLETE: the
surviving description gives only the ranking, the fixed top trumps, the deal of nine cards, the dealer's
exchange of a turned-up ace and the card points. It does not say how many play, whether in partnerships,
whether a player void in the suit led must trump, or how a game is won. The program fills each gap with a
reading of its own, marked as a choice below; none of them is a historical fact, and each is an option.

Aces are high, A K Q J 10 ... 2, and whatever suit is trumps the four highest trumps are always, high to low,
the ace of hearts, the king of diamonds, the queen of spades and the jack of clubs (order as listed: our
choice). They play as trumps only, never as cards of their printed suits (our choice). The dealer gives nine
cards to each player, in packets of three starting at his right (our choice), and turns up the next card:
its suit is trumps (a turned-up top trump names its printed suit: our choice). If it is an ace, the dealer
may take it for a card worth nothing (a 10 to 2) from his hand, and then goes on like a French robber
(rob_stock also governs this): each further card turned that is a trump, fixed top trumps included, he may
take for another worthless card. Aces count 4, kings 3, queens 2, jacks 1: 40 in the pack. The aim is the most
card points; a slam (one side taking every trick) scores 80 and the others nothing.

Our readings of the gaps (RULES.md §3.2, TR-11): players=4 (2 to 5 allowed; with four, 36 cards are dealt and
16 stay in the stock); partnerships=false, each plays for himself (true: seats 0 2 against 1 3);
must_trump=false, a player void in the suit led may play any card (the sources mention the Dutch game Troeven as a
relative, but we found no rule for it); the highest total wins the deal, and equal top totals share the win;
a match is first to target=100 cumulative points (a slam counts 80), a tie at the top playing on; the first
dealer is whoever draws the lowest card (2 low, ties draw again), and the deal then passes to the right. A
revoke in penalty mode loses the game, as in the French rules. The dealer may not take a turned-up ace when
he holds no worthless card to give for it.

Choices taken for the French rules (RULES.md §3.1 and §3.3): packets of 2 then 3 (TR-6); the first dealer by
the highest card in game order, ties drawing again (TR-7); robbing is optional, before the first lead, one
card laid away per card taken, the next card turned automatically after each discard, and the robber may stop
whenever he likes (TR-1); nobody robs when the ace of trumps is in the stock (TR-2); a player who cannot
over-trump must still trump (TR-3), with no exemption when the partner is winning (TR-4); no duty to head
the trick by default (TR-5); the dealer names the next dealer, and the default, when he is not asked, is his
right-hand opponent (TR-8); the vole scores 2 (TR-9); a revoke loses the game (TR-10); no communication
between partners. For the concession offer the sources say a refusing side "loses 2 points" if it fails:
we score those 2 points to the conceding side.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ..cards import FRENCH_52, Card, CardError, card
from ..engine import PLAY, Action, Audience, Game, Trick, TrickState, side_results
from ..errors import OptionError, shown
from ..match import Match
from ..options import Option, whole_number
from ..ranking import STRASBOURG, TRIOMPHE
from ..records import seed_for
from ..shuffling import shuffle
from ..tricks import winning_index
from . import strasbourg as sb

FRENCH = "french"
STRASBOURG_RULES = "strasbourg"
RULESETS = (FRENCH, STRASBOURG_RULES)

# Phases besides the engine's "play" and "end".
ROB = "rob"
DISCARD = "discard"
CONCESSION = "concession"
NEXT_DEALER = "next dealer"

PASS = Action("pass", "pass")
CONCEDE = Action("concede", "concede")
ACCEPT = Action("accept", "accept")
REFUSE = Action("refuse", "refuse")
# Built once: the hot path hands out these objects and never formats a text.
ROBS: dict[Card, Action] = {c: Action(f"rob {c}", "rob", c) for c in FRENCH_52}
DISCARDS: dict[Card, Action] = {c: Action(f"discard {c}", "discard", c) for c in FRENCH_52}
NEXT: tuple[Action, ...] = tuple(Action(f"next dealer {s}", "next", s) for s in range(5))

SLAM = 80
FRENCH_TARGET = 5
STRASBOURG_TARGET = 100
# Options that only the French rules know; the Strasbourg ones are must_trump (and partnerships, players).
FRENCH_ONLY = (
    "undertrump_when_cannot_overtrump",
    "must_head_trick",
    "vole_points",
    "allow_concession_offer",
    "choose_next_dealer",
)


def french_restriction(undertrump: bool, head: bool) -> sb.Restriction:
    """The French duty of play (RULES.md §3.1 Play): follow suit; else trump, over-trumping a trump already
    in the trick when able; unable to over-trump, still trump (``undertrump``) or play anything.

    ``head`` adds the Académie rule: a follower must also beat the trick when following suit or when trumps
    are led, if he can. The generic :func:`trionfi.tricks.follow_or_overtrump` is the default case only.
    """

    def allowed(hand: list[Card], trick: Sequence[Card], trump: str | None, strength: Mapping[Card, int]) -> list[Card]:
        led = trick[0].suit
        suited = [c for c in hand if c.suit == led]
        if suited:
            # Once a plain suit has been trumped no card of that suit can head the trick.
            if head and (led == trump or not any(c.suit == trump for c in trick)):
                top = max(strength[c] for c in trick if c.suit == led)
                return [c for c in suited if strength[c] > top] or suited
            return suited
        trumps = [c for c in hand if c.suit == trump]
        if not trumps:
            return hand[:]
        played = [strength[c] for c in trick if c.suit == trump]
        if not played:
            return trumps
        top = max(played)
        return [c for c in trumps if strength[c] > top] or (trumps if undertrump else hand[:])

    return allowed


def decided(totals: Sequence[float], target: int) -> bool:
    """A game is won when one side alone has the highest total and it reaches the target."""
    top = max(totals)
    return top >= target and list(totals).count(top) == 1


def _parse_target(value: Any) -> int | None:
    if value is None or (isinstance(value, str) and value.strip().lower() in ("none", "auto", "")):
        return None
    t = whole_number(value)
    if t is None or not 1 <= t <= 9999:
        raise OptionError(
            f"option target={shown(value)} is not allowed; allowed: a whole number from 1 to 9999, or none "
            "(5 game points with the French rules, 100 card points with the Strasbourg rules)"
        )
    return t


class Triomphe(Game):
    __doc__ = __doc__
    name = "triomphe"
    title = "Triomphe"
    aliases = ("french-ruff", "french ruff", "french_ruff")
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("ruleset", FRENCH, "french (17th century, 4 in partnerships) or strasbourg (1637)", choices=RULESETS),
        Option(
            "players", 4, "number of players: 4 (strasbourg: 2 to 5, our reading of a gap)", kind=int, low=2, high=5
        ),
        Option(
            "partnerships",
            None,
            "play in two teams, partners opposite",
            choices=(None, True, False),
            default_text="true with the french rules, false with strasbourg",
        ),
        Option(
            "rob_stock",
            True,
            "the holder of the ace of trumps (the dealer if the ace is turned) may rob the turned-up trumps; "
            "strasbourg: the dealer's exchange of a turned-up ace",
            kind=bool,
        ),
        Option(
            "undertrump_when_cannot_overtrump",
            True,
            "french: unable to beat a trump in the trick, a player must still trump (false: any card)",
            kind=bool,
        ),
        Option(
            "must_head_trick", False, "french: a follower must beat the trick whenever he can (Académie)", kind=bool
        ),
        Option("vole_points", 2, "french: what taking all five tricks scores", choices=(2, 5)),
        Option(
            "allow_concession_offer",
            False,
            "french: a side may offer to concede before its first card; accepted = 1 point to the others, "
            "refused = the others must take all five tricks or the conceding side scores 2",
            kind=bool,
        ),
        Option("partners_see_hands", False, "partners see each other's hands (partnerships only)", kind=bool),
        Option(
            "choose_next_dealer",
            True,
            "french match: the dealer names which opponent deals next (false: his right-hand opponent)",
            kind=bool,
        ),
        Option(
            "must_trump",
            False,
            "strasbourg: a player void in the suit led must trump if able (our reading of a gap: no)",
            kind=bool,
        ),
        Option(
            "target",
            None,
            "match: the points that win the game",
            allowed_text="a whole number from 1 to 9999, or none for the ruleset's default",
            default_text="5 game points (french), 100 card points (strasbourg)",
        ),
        Option(
            "enforce_legal_moves",
            True,
            "refuse illegal cards (false = penalty mode: any card is accepted and a revoke loses the game)",
            kind=bool,
        ),
    )

    def __init__(self, /, **options: Any) -> None:
        if "target" in options:
            options = {**options, "target": _parse_target(options["target"])}
        super().__init__(**options)

    def _configure(self) -> None:
        o = self.options
        defaults = {opt.name: opt.default for opt in self.OPTIONS}

        def require(cond: bool, message: str) -> None:
            if not cond:
                raise OptionError(message)

        def only(name: str, where: bool, what: str) -> None:
            require(
                where or not (name in self._given and o[name] != defaults[name]),
                f"option {name} applies only to {what}",
            )

        self.ruleset = o["ruleset"]
        self.strasbourg = self.ruleset == STRASBOURG_RULES
        n = o["players"]
        partners = o["partnerships"]
        if self.strasbourg:
            for name in FRENCH_ONLY:
                only(name, False, "ruleset=french")
            partners = bool(partners)
            require(not partners or n == 4, f"partnerships need 4 players, not {n}")
            self.title = "Triomphe (Strasbourg rules)"
        else:
            require(n == 4, f"the French rules are for 4 players in two partnerships, not {n} (strasbourg: 2 to 5)")
            require(partners is not False, "the French rules are a partnership game (partnerships=false: strasbourg)")
            only("must_trump", False, "ruleset=strasbourg (the French rules always oblige a void player to trump)")
            partners = True
        only("partners_see_hands", partners, "partnership games")
        self.players = n
        self.partnerships = partners
        self._set_sides([range(0, n, 2), range(1, n, 2)] if partners else [[s] for s in range(n)])
        self.opponents = tuple(
            tuple(sorted((s for s in range(n) if self.side_of[s] != self.side_of[d]), key=lambda s: (s - d) % n))
            for d in range(n)
        )
        self.deck = FRENCH_52
        self.enforce = o["enforce_legal_moves"]
        self.rob = o["rob_stock"]
        self.concession = o["allow_concession_offer"]
        self.see_partner = o["partners_see_hands"]
        self.rotations = tuple(tuple((lead + i) % n for i in range(n)) for lead in range(n))
        if self.strasbourg:
            self.packets: tuple[int, ...] = (3, 3, 3)
            self.rank_table = STRASBOURG
            self.tables = sb.Tables(o["must_trump"])
            self.card_points = sb.CARD_POINTS
            # The draw for the first dealer knows no trumps yet: plain A-high order, the lowest deals.
            self.draw_strength = {c: -v for c, v in STRASBOURG.strengths(FRENCH_52).items()}
            self.target = o["target"] or STRASBOURG_TARGET
        else:
            self.packets = (2, 3)
            self.rank_table = TRIOMPHE
            self.strength = TRIOMPHE.strengths(FRENCH_52)
            self.card_points = dict.fromkeys(FRENCH_52, 0)
            self.restriction = french_restriction(o["undertrump_when_cannot_overtrump"], o["must_head_trick"])
            self.draw_strength = self.strength  # the highest card deals, in game order (TR-7)
            self.target = o["target"] or FRENCH_TARGET
        self.hand_size = sum(self.packets)

    def match(self, seed: int | None = None) -> TriompheMatch:
        """A game to the target: the first dealer drawn by lot, then deals until a side wins."""
        return TriompheMatch(self, seed)

    def match_policy(self) -> FirstTo:
        return FirstTo(self.target, self.strasbourg)

    def card_strength(self, observation: dict[str, Any]) -> dict[Card, int]:
        trump = observation.get("trump")
        if self.strasbourg:  # the order depends on the trump suit
            return self.tables.strength[trump] if trump else STRASBOURG.strengths(FRENCH_52)
        return self.strength

    def audience(self, action: Any, seat: int) -> Audience | None:
        # The robber's discard goes face down: the others only see that a card went.
        if getattr(action, "kind", None) == "discard":
            return Audience(frozenset({seat}), "discards a card face down")
        return None


@dataclass(frozen=True)
class FirstTo:
    """The match policy: game points (French) or card points (Strasbourg) added up to the target, checked
    after each deal; a revoke in penalty mode ends the game at once."""

    points: int
    strasbourg: bool

    def describe(self) -> str:
        if self.strasbourg:
            return f"first to {self.points} card points added up over the deals (a slam counts {SLAM})"
        return f"first side to {self.points} points (1 for three or four tricks, more for all five)"

    def goal(self) -> str:
        return f"{'card points' if self.strasbourg else 'points'}, to {self.points}"

    def winning_score(self) -> int | None:
        return self.points

    def score(self, match: Match) -> list[float]:
        total = [0] * len(match.game.sides)
        for st in match.finished:
            for i, p in enumerate(st.score()):  # type: ignore[attr-defined]
                total[i] += p
        return total

    def decided(self, match: Match, score: list[float]) -> bool:
        if match.finished and match.finished[-1].revoke is not None:  # type: ignore[attr-defined]
            return True
        return decided(score, self.points)


def draw_for_dealer(game: Triomphe, rng: random.Random) -> tuple[list[list[tuple[int, Card]]], int]:
    """Everybody draws a card; the best (highest French, lowest Strasbourg) deals; the tied draw again.

    Returns the rounds of the draw (seat, card) and the dealer.
    """
    strength = game.draw_strength
    pack = list(FRENCH_52)
    shuffle(pack, rng)
    drawing = list(range(game.players))
    rounds: list[list[tuple[int, Card]]] = []
    while True:
        if len(pack) < len(drawing):  # never in practice; a fresh pack keeps the loop total
            pack = list(FRENCH_52)
            shuffle(pack, rng)
        this = [(s, pack.pop()) for s in drawing]
        rounds.append(this)
        best = max(strength[c] for _, c in this)
        drawing = [s for s, c in this if strength[c] == best]
        if len(drawing) == 1:
            return rounds, drawing[0]


class TriompheState(TrickState):
    """One deal of Triomphe (either rule set)."""

    __slots__ = (
        "_suit_of",
        "context",
        "discards",
        "done",
        "next_choice",
        "offer",
        "offer_answer",
        "public",
        "revoke",
        "rob_pos",
        "rob_queue",
        "rob_right",
        "robber",
        "stock_cards",
        "taken",
        "tricks_won",
        "turned",
    )

    def __init__(self, game: Triomphe, seed: int, dealer: int, stacked: list[Card] | None) -> None:
        super().__init__(game, seed, dealer, stacked)
        order = list(stacked) if stacked is not None else list(game.deck)
        if stacked is None:
            shuffle(order, random.Random(seed))
        n = game.players
        first = (dealer + 1) % n  # the dealer's right receives first and leads
        hands: list[list[Card]] = [[] for _ in range(n)]
        k = 0
        for size in game.packets:
            for i in range(n):
                hands[(first + i) % n].extend(order[k : k + size])
                k += size
        self.stock_cards = order[k:]  # top first: [0] is the turned-up card; never mutated, so shared by clones
        self.turned = 1
        trump = self.stock_cards[0].suit
        self.trump = trump
        if game.strasbourg:
            self._suit_of: dict[Card, str] | None = game.tables.suit_of[trump]
            self._strength = game.tables.strength[trump]
            self._restriction = game.tables.restriction[trump]
        else:
            self._suit_of = None
            self._strength = game.strength
            self._restriction = game.restriction
        self._points = game.card_points
        self._init_play(hands, first, game.rotations[first])
        self.rob_right: int | None = None
        self.rob_queue: tuple[int, ...] = ()
        self.rob_pos = 0
        self.robber: int | None = None
        self.taken: list[Card] = []
        self.discards: list[Card] = []
        self.public: list[tuple[int, Action]] = []
        self.offer: int | None = None
        self.offer_answer: Action | None = None
        self.revoke: tuple[int, Card] | None = None
        self.tricks_won = [0] * len(game.sides)
        self.context: tuple[list[float], int] | None = None  # (game score before this deal, target) in a match
        self.next_choice: int | None = None
        self.done = False
        self._start_robbing()

    def _start_robbing(self) -> None:
        g: Triomphe = self.game  # type: ignore[assignment]
        if not g.rob:
            return
        up = self.stock_cards[0]
        if up.rank == "A":
            # The turned-up ace gives the dealer the right, in view of everybody: only he is asked.
            self.rob_right = self.dealer
            self.rob_queue = (self.dealer,)
        elif g.strasbourg:
            return  # only a turned-up ace opens the dealer's exchange
        else:
            ace = card("A" + self.trump)  # type: ignore[operator]
            self.rob_right = next((s for s, h in enumerate(self.hands) if ace in h), None)
            # Everyone is asked, so that the holder's "pass" does not give him away (none: the ace is in the stock).
            self.rob_queue = self.trick_seats
        self.phase = ROB
        self.current_player = self.rob_queue[0]

    def set_match_context(self, score_before: Sequence[float], target: int) -> None:
        """Called by the match before the first action: the game score so far, for the table and for knowing
        whether the dealer must name the next dealer at the end."""
        self.context = (list(score_before), target)

    def clone(self) -> TriompheState:
        new = TriompheState.__new__(TriompheState)
        self._copy_play(new)
        new._suit_of = self._suit_of
        new.stock_cards = self.stock_cards
        new.turned = self.turned
        new.rob_right = self.rob_right
        new.rob_queue = self.rob_queue
        new.rob_pos = self.rob_pos
        new.robber = self.robber
        new.taken = self.taken[:]
        new.discards = self.discards[:]
        new.public = self.public[:]
        new.offer = self.offer
        new.offer_answer = self.offer_answer
        new.revoke = self.revoke
        new.tricks_won = self.tricks_won[:]
        new.context = self.context
        new.next_choice = self.next_choice
        new.done = self.done
        return new

    # --- legality ----------------------------------------------------------------------------------
    def _compute_legal(self) -> list[Any]:
        p: int = self.current_player  # type: ignore[assignment]
        phase = self.phase
        g: Triomphe = self.game  # type: ignore[assignment]
        if phase == PLAY:
            moves: list[Any] = self._play_cards(p) if g.enforce else self.hands[p][:]
            if g.concession and self._may_concede(p):
                moves.append(CONCEDE)
            return moves
        if phase == ROB:
            if p == self.rob_right and self._may_take():
                return [ROBS[self._last_turned()], PASS]
            return [PASS]
        if phase == DISCARD:
            hand = self.hands[p]
            if g.strasbourg:  # the dealer gives only a card worth nothing
                return [DISCARDS[c] for c in hand if c in sb.WORTHLESS]
            return [DISCARDS[c] for c in hand]
        if phase == CONCESSION:
            return [ACCEPT, REFUSE]
        return [NEXT[s] for s in g.opponents[self.dealer]]

    def _last_turned(self) -> Card:
        return self.stock_cards[self.turned - 1]

    def _is_trump(self, c: Card) -> bool:
        return (self._suit_of[c] if self._suit_of is not None else c.suit) == self.trump

    def _may_take(self) -> bool:
        if not self.game.strasbourg:  # type: ignore[attr-defined]
            return True
        # Strasbourg: the card is taken in exchange for a worthless card of his hand, so he must hold one.
        return any(c in sb.WORTHLESS for c in self.hands[self.rob_right])  # type: ignore[index]

    def _may_concede(self, seat: int) -> bool:
        """Each side may offer once, at the turn of its first player in the first trick (one offer a deal)."""
        if self.offer is not None or self.tricks:
            return False
        side_of = self.game.side_of
        mine = side_of[seat]
        return all(side_of[s] != mine for s in self.trick_seats[: len(self.trick)])

    def lawful_cards(self, seat: int | None = None) -> list[Card]:
        """The cards the rules allow ``seat`` (default: the seat to play) to play now, also in penalty mode,
        where ``legal_actions()`` offers the whole hand."""
        seat = self.current_player if seat is None else seat
        if seat is None or self.phase != PLAY:
            return []
        return self._play_cards(seat)

    # --- moves -------------------------------------------------------------------------------------
    def _play(self, c: Card) -> None:
        seat: int = self.current_player  # type: ignore[assignment]
        if not self.game.enforce and self.trick and c not in self._play_cards(seat):  # type: ignore[attr-defined]
            # Penalty mode: the card is on the table for all to see, and the revoke ends the deal.
            self.hands[seat].remove(c)
            self.trick.append(c)
            self.revoke = (seat, c)
            self._end_deal()
            return
        self.hands[seat].remove(c)
        trick = self.trick
        trick.append(c)
        if len(trick) < len(self.trick_seats):
            self.current_player = self.trick_seats[len(trick)]
        else:
            self._end_trick()

    def _end_trick(self) -> None:
        cards = tuple(self.trick)
        seats = self.trick_seats
        if self._suit_of is None:
            index = winning_index(cards, self.trump, self._strength)
        else:
            index = sb.winning_index_by(cards, self.trump, self._suit_of, self._strength)  # type: ignore[arg-type]
        winner = seats[index]
        points = self._points
        pts = sum([points[c] for c in cards])
        side = self.game.side_of[winner]
        self.won[side] += pts
        self.tricks_won[side] += 1
        self.tricks.append(Trick(self.leader, seats, cards, winner, pts))
        self.trick = []
        self._after_trick(winner)

    def _after_trick(self, winner: int) -> None:
        self.leader = winner
        if not self.hands[winner]:
            self._end_deal()
            return
        self.trick_seats = self.game.rotations[winner]  # type: ignore[attr-defined]
        self.current_player = winner

    def _act(self, action: Action) -> None:
        seat: int = self.current_player  # type: ignore[assignment]
        kind = action.kind
        self.public.append((seat, action))  # observation() hides the card of a discard from the others
        if kind == "discard":
            self._discard(seat, action.arg)
        elif kind == "pass":
            self._pass()
        elif kind == "rob":
            self.robber = seat
            self.hands[seat].append(action.arg)
            self.taken.append(action.arg)
            self.phase = DISCARD
        elif kind == "concede":
            self.offer = seat
            self.phase = CONCESSION
            self.current_player = self.game.opponents[seat][0]  # type: ignore[attr-defined]
        elif kind == "accept":
            self.offer_answer = action
            self._end_deal()
        elif kind == "refuse":
            self.offer_answer = action
            self.phase = PLAY
            self.current_player = self.offer
        else:  # next dealer
            self.next_choice = action.arg
            self._finish()

    def _pass(self) -> None:
        if self.robber is not None:  # the robber declines a further trump: the robbing is over
            self._start_play()
            return
        self.rob_pos += 1
        if self.rob_pos == len(self.rob_queue):
            self._start_play()
        else:
            self.current_player = self.rob_queue[self.rob_pos]

    def _discard(self, seat: int, c: Card) -> None:
        self.hands[seat].remove(c)
        self.discards.append(c)
        if self.turned == len(self.stock_cards):
            self._start_play()
            return
        # The next stock card is turned: a trump may be robbed too, anything else ends the robbing.
        self.turned += 1
        if self._is_trump(self._last_turned()):
            self.phase = ROB
        else:
            self._start_play()

    def _start_play(self) -> None:
        self.phase = PLAY
        self.current_player = self.leader

    def _end_deal(self) -> None:
        self.done = True
        g: Triomphe = self.game  # type: ignore[assignment]
        ctx = self.context
        if ctx is not None and not g.strasbourg and g.options["choose_next_dealer"] and self.revoke is None:
            before, target = ctx
            if not decided([b + s for b, s in zip(before, self.score(), strict=True)], target):
                self.phase = NEXT_DEALER
                self.current_player = self.dealer
                return
        self._finish()

    # --- errors ------------------------------------------------------------------------------------
    def _resolve(self, action: Any, legal: list[Any]) -> Any:
        if isinstance(action, str) and self.current_player is not None:
            text = " ".join(action.split()).lower()
            if self.phase == DISCARD:  # the card code alone names the card to lay away
                try:
                    c = card(text)
                except CardError:
                    c = None
                if c is not None and c in DISCARDS and DISCARDS[c] in legal:
                    return DISCARDS[c]
            if self.phase == ROB and text in ("rob", "take"):
                robs = [a for a in legal if a.kind == "rob"]
                if robs:
                    return robs[0]
            if self.phase == NEXT_DEALER:  # "3" or "seat 3" for "next dealer 3"
                words = text.split()
                number = whole_number(words[-1]) if words else None
                if number is not None and text in (words[-1], f"seat {words[-1]}"):
                    for a in legal:
                        if a.arg == number:
                            return a
        return super()._resolve(action, legal)

    def _explain(self, action: str) -> str | None:
        """Why a non-card action the player wrote is refused (None: the engine's message says it well)."""
        g: Triomphe = self.game  # type: ignore[assignment]
        text = " ".join(action.split()).lower()
        word = text.split()[0] if text else ""
        phase = self.phase
        if word in ("rob", "take"):
            if phase != ROB:
                return f"robbing happens before the first lead; this is the {phase} phase"
            if self.current_player != self.rob_right:
                if g.strasbourg or self.stock_cards[0].rank == "A":
                    return "only the dealer may take a turned-up ace"
                return "only the holder of the ace of trumps may rob"
            if g.strasbourg and not self._may_take():
                return "the turned-up card is taken only in exchange for a card worth nothing (10 to 2)"
            return f"the card to rob is {self._last_turned()}"
        if word == "discard":
            if phase != DISCARD:
                return f"only a robber lays cards away, just after taking one; this is the {phase} phase"
            if g.strasbourg:
                return "the dealer gives a card of his hand worth nothing (10 to 2)"
            return "lay away a card of your hand"
        if word in ("concede", "accept", "refuse"):
            if not g.concession:
                return "concession offers are off (option allow_concession_offer)"
            if word == "concede":
                return "a side may offer to concede only once, at the first turn of its first player in the first trick"
            return "an answer is given only to an offer to concede"
        if word == "next" or text.startswith("next dealer"):
            if phase != NEXT_DEALER:
                return "the dealer names the next dealer at the end of a deal in a match"
            return "the next dealer is one of the dealer's two opponents"
        return None

    def _why_not(self, c: Card) -> str:
        phase = self.phase
        if phase == ROB:
            return "the robbing of the stock comes before the first lead: rob or pass"
        if phase == DISCARD:  # reached only by a card that may not be laid away: a Strasbourg point card
            pts = sb.CARD_POINTS[c]
            return f"a robbed card is paid for with a card worth nothing (10 to 2), and {c} counts {pts}"
        if phase == CONCESSION:
            return "answer the offer to concede first: accept or refuse"
        if phase != PLAY:
            return f"this is the {phase} phase"
        hand = self.hands[self.current_player]  # type: ignore[index]
        suit_of = self._suit_of
        eff = (lambda x: suit_of[x]) if suit_of is not None else (lambda x: x.suit)
        g: Triomphe = self.game  # type: ignore[assignment]
        names = g.deck.suit_name
        led = eff(self.trick[0])
        if eff(c) != led and any(eff(x) == led for x in hand):
            return f"you must follow suit ({names(led)})"
        trumps = [x for x in hand if eff(x) == self.trump]
        if eff(c) != self.trump and trumps:
            if any(eff(x) == self.trump for x in self.trick):
                return f"you hold no {names(led)}, so you must trump (and beat the trumps in the trick if you can)"
            return f"you hold no {names(led)}, so you must trump"
        if eff(c) == led and led != self.trump:
            return "you must beat the highest card in the trick when you can (must_head_trick)"
        return "you must beat the highest trump in the trick when you can"

    # --- results -----------------------------------------------------------------------------------
    def points(self) -> list[int]:
        """French: tricks taken per side. Strasbourg: card points per side; a slam scores 80, the others 0."""
        if not self.game.strasbourg:  # type: ignore[attr-defined]
            return self.tricks_won[:]
        slam = self._slam_side()
        if slam is not None:
            return [SLAM if i == slam else 0 for i in range(len(self.won))]
        return self.won[:]

    def _slam_side(self) -> int | None:
        if not self.done or self.revoke is not None:
            return None
        for side, count in enumerate(self.tricks_won):
            if count == len(self.tricks):
                return side
        return None

    def score(self) -> list[int]:
        """What the finished deal adds to the game score per side (zeros while it is played or after a
        revoke, which decides the game instead): French game points, Strasbourg card points."""
        sides = len(self.game.sides)
        if not self.done or self.revoke is not None:
            return [0] * sides
        g: Triomphe = self.game  # type: ignore[assignment]
        if g.strasbourg:
            return self.points()
        out = [0] * sides
        vole = g.options["vole_points"]
        if self.offer is not None and self.offer_answer is not None:
            offering = g.side_of[self.offer]
            other = 1 - offering
            if self.offer_answer is ACCEPT:
                out[other] = 1
            elif self.tricks_won[other] == len(self.tricks) == g.hand_size:
                out[other] = vole
            else:
                out[offering] = 2  # the refusing side failed to take all five
            return out
        for side, count in enumerate(self.tricks_won):
            if count >= 3:
                out[side] = vole if count == g.hand_size else 1
        return out

    def returns(self) -> list[float]:
        g: Triomphe = self.game  # type: ignore[assignment]
        side_values = self.side_returns()
        return [side_values[s] for s in g.side_of]

    def side_returns(self) -> list[float]:
        """Per side: French, the game points won minus those lost (a revoke costs the whole game, ±target);
        Strasbourg, +1/-1 shared as :func:`trionfi.engine.side_results` does (a revoker's side loses)."""
        g: Triomphe = self.game  # type: ignore[assignment]
        sides = len(g.sides)
        if not self.done:
            return [0.0] * sides
        if self.revoke is not None:
            culprit = g.side_of[self.revoke[0]]
            if not g.strasbourg:
                return [float(-g.target if i == culprit else g.target) for i in range(sides)]
            return side_results([-1 if i == culprit else 0 for i in range(sides)])[0]
        if g.strasbourg:
            return side_results(self.points())[0]
        s = self.score()
        return [float(s[i] - s[1 - i]) for i in range(2)]

    def winners(self) -> list[int]:
        """The winning sides of a finished deal (empty while it is played, or for a drawn deal)."""
        if not self.done:
            return []
        return [i for i, v in enumerate(self.side_returns()) if v > 0]

    def next_dealer(self) -> int:
        """Who deals next: the seat the dealer named, else his right-hand opponent (TR-8)."""
        if self.next_choice is not None:
            return self.next_choice
        return (self.dealer + 1) % self.game.players

    def to_record(self) -> dict[str, Any]:
        """The deal's record. The dealer's choice of the next dealer belongs to the match (it is asked only
        there), so it is left out: the record replays on its own."""
        record = super().to_record()
        if self.next_choice is not None:
            record["actions"] = record["actions"][:-1]
        return record

    # --- what a seat may see -----------------------------------------------------------------------
    def observation(self, seat: int) -> dict[str, Any]:
        g: Triomphe = self.game  # type: ignore[assignment]
        obs = self._base_observation(seat)
        obs["ruleset"] = g.ruleset
        obs["deck"] = g.deck.name
        obs["suit_names"] = {s: g.deck.suit_name(s) for s in ("h", "d", "c", "s")}
        # The French game counts tricks, not card points: the "points" entry is the tricks taken.
        if not g.strasbourg:
            obs["points_label"] = "Tricks taken"
            obs["trick_points"] = False
        obs["tricks_won"] = self.tricks_won[:]
        turned = self.stock_cards[: self.turned]
        obs["turn_up"] = str(turned[0])
        obs["turned"] = [str(c) for c in turned]
        obs["robber"] = self.robber
        obs["taken"] = [str(c) for c in self.taken]
        if self.stock_cards[0].rank == "A" and self.rob_right is not None:
            obs["rob_right"] = self.rob_right  # public only when the ace itself is turned up
        obs["discards"] = [str(c) for c in self.discards] if seat == self.robber else []
        obs["discard_count"] = len(self.discards)
        obs["public_actions"] = [[s, str(a) if a.kind != "discard" or s == seat else "discard"] for s, a in self.public]
        # The robbed cards are public ("taken"), but not whether the robber kept them: he may lay a robbed
        # card away again, so they are not listed as known to be in his hand.
        obs["known_cards"] = {}
        open_hands: dict[str, list[str]] = {}
        if g.see_partner:
            for s in g.sides[g.side_of[seat]]:
                if s != seat:
                    open_hands[str(s)] = [str(c) for c in self.hands[s]]
        obs["open_hands"] = open_hands
        obs["messages"] = []
        obs["offer"] = self.offer
        obs["offer_answer"] = str(self.offer_answer) if self.offer_answer is not None else None
        obs["revoke"] = [self.revoke[0], str(self.revoke[1])] if self.revoke is not None else None
        obs["score"] = self.score()
        obs["returns"] = self.returns()
        obs["next_dealer"] = self.next_choice
        obs["game_score"] = self._game_score()
        obs["target"] = g.target
        if g.strasbourg:
            obs["top_trumps"] = [str(c) for c in sb.TOP_TRUMPS]
        if not g.enforce and seat == self.current_player and self.phase == PLAY:
            obs["lawful_cards"] = [str(c) for c in self._play_cards(seat)]
        obs["table"] = self._table(seat)
        return obs

    def _game_score(self) -> list[float] | None:
        if self.context is None:
            return None
        before, _ = self.context
        return [b + s for b, s in zip(before, self.score(), strict=True)]

    def _side_name(self, side: int) -> str:
        # "seats 0+2", as Trionfetti and Troccas name a side (and as the terminal and the web read it).
        seats = self.game.sides[side]
        return ("seats " if len(seats) > 1 else "seat ") + "+".join(map(str, seats))

    def _per_side(self, values: Sequence[float]) -> str:
        return " · ".join(f"{self._side_name(i)}: {v:g}" for i, v in enumerate(values))

    def _table(self, seat: int) -> dict[str, Any]:
        """Public facts for the terminal: label -> short text."""
        g: Triomphe = self.game  # type: ignore[assignment]
        table: dict[str, Any] = {}
        if g.strasbourg:
            table["top trumps"] = "Ah Kd Qs Jc, above the trump suit"
        if self.robber is None:  # once robbed, the robbing line says where it went
            table["turn-up"] = str(self.stock_cards[0])
        table["robbing"] = self._robbing_text()
        later = [str(c) for c in self.stock_cards[1 : self.turned]]
        if later:
            table["turned from the stock"] = later
        if seat == self.robber and self.discards:
            table["your discards"] = [str(c) for c in self.discards]
        if self.offer is not None:
            answer = {None: "waiting for the answer", "accept": "accepted", "refuse": "refused"}[
                None if self.offer_answer is None else str(self.offer_answer)
            ]
            table["concession"] = f"seat {self.offer} offered to concede: {answer}"
        if self.revoke is not None:
            s, c = self.revoke
            table["revoke"] = f"seat {s} revoked with {c}: {self._side_name(g.side_of[s])} lose the game"
        if self.done:
            table["deal result"] = self._result_text()
        if self.next_choice is not None:
            table["next dealer"] = f"seat {self.dealer} chose seat {self.next_choice}"
        return table

    def _robbing_text(self) -> str | None:
        g: Triomphe = self.game  # type: ignore[assignment]
        if not g.rob:
            return None
        ace_up = self.stock_cards[0].rank == "A"
        if self.robber is not None:
            took = f"seat {self.robber} took {' '.join(map(str, self.taken))}"
            if self.phase == DISCARD:
                return f"{took} and is laying a card away face down"
            laid = f"laid away {len(self.discards)} card{'s' if len(self.discards) != 1 else ''} face down"
            return f"{took} and {laid}"
        if self.phase == ROB:
            if ace_up:
                return f"the ace is turned up: the dealer (seat {self.dealer}) may take it"
            return "the holder of the ace of trumps may rob the turn-up"
        if ace_up:
            return f"the dealer (seat {self.dealer}) left the turned-up ace"
        return None if g.strasbourg else "nobody robbed"

    def _result_text(self) -> str:
        g: Triomphe = self.game  # type: ignore[assignment]
        if self.revoke is not None:
            return f"revoke: {self._side_name(g.side_of[self.revoke[0]])} lose the game"
        if g.strasbourg:
            slam = self._slam_side()
            if slam is not None:
                return f"slam by {self._side_name(slam)}: {SLAM} points"
            return f"card points {self._per_side(self.won)}"
        s = self.score()
        side = 0 if s[0] else 1
        if self.offer_answer is ACCEPT:
            return f"{self._side_name(side)} accepted the concession: 1 point"
        return f"{self._side_name(side)} score {s[side]} point{'s' if s[side] != 1 else ''}"


Triomphe.state_class = TriompheState


class TriompheMatch(Match):
    """A game of Triomphe: the first dealer drawn by lot, deals until a side reaches the target.

    French rules: after a deal that does not end the game, the dealer names the next dealer (an action of
    the deal, ``next dealer <seat>``). A revoke in penalty mode ends the game at once against its side.
    """

    def __init__(self, game: Triomphe, seed: int | None = None) -> None:
        seed = seed_for(seed)
        self.game = game
        self.seed = seed
        self.policy = game.match_policy()
        self._seeds = random.Random(seed)
        self.draw, self.first_dealer = draw_for_dealer(game, random.Random(self._seeds.getrandbits(63)))
        self.finished: list[Any] = []
        self.scores_after: list[list[float]] = []
        self.history: list[Any] = []
        self._over = False
        self.state = self._new_deal(self.first_dealer)

    def _new_deal(self, dealer: int) -> TriompheState:
        state: TriompheState = self.game.deal(seed=self._seeds.getrandbits(63), dealer=dealer)  # type: ignore[assignment]
        state.set_match_context(self.policy.score(self), self.policy.points)
        return state

    def _deal_over(self) -> None:
        self.finished.append(self.state)
        if self.policy.decided(self, self.policy.score(self)) or len(self.finished) >= self.MAX_DEALS:
            self._over = True
            return
        self.state = self._new_deal(self.state.next_dealer())

    @property
    def revoke(self) -> tuple[int, Card] | None:
        """The revoke that ended the game (penalty mode), if any."""
        return self.finished[-1].revoke if self.finished else None

    def returns(self) -> list[float]:
        if not self._over:
            return [0.0] * self.game.players
        return [self._side_values()[s] for s in self.game.side_of]

    def winners(self) -> list[int]:
        if not self._over:
            return []
        return [i for i, v in enumerate(self._side_values()) if v > 0]

    def _side_values(self) -> list[float]:
        revoke = self.revoke
        sides = len(self.game.sides)
        if revoke is not None:
            culprit = self.game.side_of[revoke[0]]
            return side_results([-1 if i == culprit else 0 for i in range(sides)])[0]
        return side_results(self.policy.score(self))[0]

    def observation(self, seat: int) -> dict[str, Any]:
        obs = super().observation(seat)
        draw = [[[s, str(c)] for s, c in rnd] for rnd in self.draw]
        obs["match"]["first_dealer"] = self.first_dealer
        obs["match"]["draw"] = draw
        obs["match"]["target"] = self.policy.points
        if len(self.finished) == 0 and not self._over:
            rounds = "; again: ".join(", ".join(f"seat {s} {c}" for s, c in rnd) for rnd in self.draw)
            obs.setdefault("table", {})["draw for the first dealer"] = f"{rounds} → seat {self.first_dealer} deals"
        return obs

    def clone(self) -> TriompheMatch:
        new = TriompheMatch.__new__(TriompheMatch)
        new.game, new.seed, new.policy = self.game, self.seed, self.policy
        new._seeds = random.Random()
        new._seeds.setstate(self._seeds.getstate())
        new.draw, new.first_dealer = self.draw, self.first_dealer
        new.finished = self.finished[:]
        new.scores_after = self.scores_after[:]
        new.history = self.history[:]
        new.state = self.state.clone()
        new._over = self._over
        return new
