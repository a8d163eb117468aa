"""Briscola and its family, one game with options.

Two to six players (Bosnian Briškula: up to ten), three cards each, the turned-up card's suit is trumps and
lies under the stock, so it is the last card drawn. Any card may be played at any time; the highest trump,
else the highest card of the suit led, wins; the winner draws first and leads next. The side with more than
60 of the 120 card points wins the deal.

Variants are options, not copies: ``variant`` picks Briscola a 31 (``a31``: a claim of 31 points ends the
deal), ``scoperta`` (open hands and the top of the stock), ``briscolone`` (five cards, no trumps, optional
follow-suit, played to a cumulative 121 or 151), ``bosnian`` (32 cards A 10 K Q J 9 8 7; with a short stock
only the players who drew play the next trick), ``double`` (four cards, everyone plays twice to a trick) and
``schembil`` (six players whose captains, the rais, direct their partners). Five-player Briscola Chiamata has
a different structure and is the separate game ``briscola-chiamata``.

Choices we made where the texts are silent (RULES.md §2.14): cards are dealt singly counter-clockwise from
the dealer's right (``deal_singly``); three players remove the 2 of coins; the A/3 turn-up rule re-inserts
the card at a random place strictly inside the stock and repeats; a deal of three or more individual players
is won by the highest total (a tie at the top shares the win); Briscola a 31 with no claim falls back to
the 60-point rule; a Bosnian short trick is played by the drawers only, the winner leading.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from ..cards import BOSNIAN_32, FRENCH_40, ITALIAN_40, Card, Deck
from ..engine import PLAY, Action, Audience, Game, Trick, TrickState, side_results
from ..errors import OptionError, shown
from ..options import Option, whole_number
from ..ranking import BOSNIAN, BRISCOLA, BRISCOLA_FRENCH, BRISCOLA_SOUTHERN, RankTable
from ..shuffling import shuffle
from ..tricks import follow, free, winning_index

VARIANTS = ("standard", "a31", "scoperta", "briscolone", "bosnian", "double", "schembil")
# RULES.md §7 lists player counts among the variant names; they are accepted as spellings of `players`.
PLAYER_COUNT_VARIANTS = {"two_player": 2, "three": 3, "four": 4, "six": 6}
COMMUNICATION = ("none", "signals", "conversation")
# The player counts of each variant; a variant's first count is its default.
PLAYERS_FOR: dict[str, tuple[int, ...]] = {
    "standard": (2, 3, 4, 6),
    "a31": (2,),
    "scoperta": (2,),
    "briscolone": (2,),
    "bosnian": tuple(range(2, 11)),
    "double": (2, 4),
    "schembil": (6,),
}

CLAIM = Action("claim", "claim")
_new_tuple = tuple.__new__
# Two-player tricks (see _pair_outcomes) per rank table and pack: shared by the games that use them.
_OUTCOMES: dict[tuple[str, tuple[Card, ...]], dict[str | None, dict[Card, dict[Card, int]]]] = {}


def _parse_rais(given: Any) -> tuple[int, int]:
    value = given
    if isinstance(value, str):
        numbers = [whole_number(p) for p in value.replace(",", " ").split()]
        value = tuple(numbers) if None not in numbers else None
    if (
        isinstance(value, (tuple, list))
        and len(value) == 2
        and all(type(v) is int for v in value)
        and value[0] % 2 == 0
        and value[1] % 2 == 1
        and all(0 <= v < 6 for v in value)
    ):
        return (value[0], value[1])
    raise OptionError(
        f"option rais={shown(given)} is not allowed; allowed: two seats, the captain of seats 0 2 4 and the "
        "captain of seats 1 3 5, e.g. '0,1' or (2, 3)"
    )


class Briscola(Game):
    __doc__ = __doc__
    name = "briscola"
    title = "Briscola"
    aliases = ("briskula", "briškula", "briscolone", "schembil")
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option(
            "players",
            2,
            "number of players: 2, 3, 4 or 6 (bosnian: 2 to 10; double: 2 or 4; schembil: 6)",
            kind=int,
            low=2,
            high=10,
            default_text="2 (schembil: 6)",
        ),
        Option(
            "variant",
            "standard",
            "which member of the family",
            choices=VARIANTS,
            aliases={
                "bosnian32": "bosnian",
                "briskula": "standard",
                "double_briskula": "double",
                "four_card": "double",
            },
        ),
        Option(
            "deck",
            "italian",
            "italian (40 cards) or french (52 without 8 9 10); bosnian uses 32 cards",
            choices=("italian", "french"),
        ),
        Option("southern_order", False, "French pack: the jack (3 points) above the queen (2 points)", kind=bool),
        Option(
            "partnerships",
            None,
            "play in two teams, partners sitting alternately (4 or 6 players; in the bosnian variant everyone "
            "plays for himself unless this is true)",
            choices=(None, True, False),
            default_text="with 4 or 6 players, but not in the bosnian variant",
        ),
        Option("deal_singly", True, "deal one card at a time (false: each hand in one packet)", kind=bool),
        Option(
            "reject_ace_three_indicator",
            False,
            "a turned-up ace or three goes back inside the stock and another card is turned",
            kind=bool,
        ),
        Option(
            "removed_two_for_three_players",
            "2d",
            "the 2 left out of the pack with three players",
            choices=("2d", "2c", "2s", "2b", "2h"),
        ),
        Option(
            "communication",
            "none",
            "partnership talk: none, signals (to partners) or conversation (public questions and orders)",
            choices=COMMUNICATION,
        ),
        Option("show_partner_after_stock", False, "partners see each other's hands once the stock is gone", kind=bool),
        Option(
            "rais",
            (0, 1),
            "schembil: the two captains (one per team)",
            allowed_text="two seats, one of 0 2 4 and one of 1 3 5, e.g. '0,1'",
        ),
        Option("must_follow_suit", False, "briscolone: the second player must follow suit if able", kind=bool),
        Option(
            "target",
            None,
            "match: the points to reach over several deals, e.g. 120 for 'first to 120' (none: a best-of match)",
            choices=None,
            kind=None,
            allowed_text="a whole number of points from 31 to 999, or none",
            default_text="none, a best-of match (briscolone: 121)",
        ),
        Option("best_of", 3, "match: the number of deals in a best-of match (odd)", kind=int, low=1, high=99),
        Option("claim_target", 31, "briscola a 31: the points a claim must reach", kind=int, low=1, high=120),
        # A research variant, not a traditional rule: a pack small enough for exact methods (CFR, best response).
        Option(
            "ranks",
            None,
            "research variant for 2 players (not a traditional rule): keep only the N highest ranks of each suit, "
            "or the ranks listed",
            allowed_text=f"a whole number of ranks from 1 to 10 (the pack's highest, {' '.join(BRISCOLA.order)} in "
            "the Italian pack), a list of the pack's ranks such as 'A 3 K', or none (every rank)",
            default_text="none, every rank",
        ),
        Option(
            "suits",
            None,
            "research variant for 2 players (not a traditional rule): keep only the first N suits, or the suits listed",
            allowed_text="a whole number of suits from 1 to 4 (in the pack's order: d c s b, or h d c s), a list of "
            "the pack's suit letters such as 'd c', or none (every suit)",
            default_text="none, every suit",
        ),
        Option(
            "hand_size",
            None,
            "research variant for 2 players (not a traditional rule): cards in hand instead of three",
            allowed_text="1, 2 or 3 (with ranks or suits reducing the pack to match), or none (three)",
            default_text="none, three cards",
        ),
    )

    def __init__(self, /, **options: Any) -> None:
        # A rais value gets its own parser; resolve() only knows plain kinds.
        if "rais" in options:
            options = {**options, "rais": _parse_rais(options["rais"])}
        if isinstance(options.get("target"), str) and options["target"].strip().lower() == "none":
            options = {**options, "target": None}  # as the allowed values say: "or none" (a best-of match)
        if "target" in options and options["target"] is not None:
            t = whole_number(options["target"])
            if t is None:
                raise OptionError(
                    f"option target={shown(options['target'])} is not allowed; allowed: a whole number of points "
                    "from 31 to 999, or none"
                )
            if not 31 <= t <= 999:
                raise OptionError(
                    f"option target={shown(t)} is not allowed; allowed: a whole number of points from 31 to 999, "
                    "or none"
                )
            options = {**options, "target": t}
        super().__init__(**options)

    def _configure(self) -> None:
        o = self.options
        given = self._given
        variant = o["variant"]
        n = o["players"]

        def require(cond: bool, message: str) -> None:
            if not cond:
                raise OptionError(message)

        def only(name: str, where: bool, what: str) -> None:
            # The value as converted: "false" given as text is the default False too.
            if name in given and o[name] != self._default(name):
                require(where, f"option {name} applies only to {what}")

        players_for = PLAYERS_FOR[variant]
        if "players" not in given and n not in players_for:
            # A variant played by one number of players only (schembil: 6) needs no players option.
            n = o["players"] = players_for[0]
        counts = ", ".join(map(str, players_for))
        require(
            n != 5 or n in players_for,
            f"{variant} Briscola is played by {counts} players, not 5: five players play Briscola Chiamata, "
            "the game 'briscola-chiamata'",
        )
        require(n in players_for, f"{variant} Briscola is played by {counts} players, not {n}")
        only("must_follow_suit", variant == "briscolone", "variant=briscolone")
        only("claim_target", variant == "a31", "variant=a31")
        only("rais", variant == "schembil", "variant=schembil")
        only("removed_two_for_three_players", n == 3 and variant == "standard", "three-player Briscola")
        only("southern_order", o["deck"] == "french", "deck=french (the Italian pack has a horse, no queen)")
        require(
            not (variant == "bosnian" and o["deck"] != self._default("deck")),
            "the bosnian variant uses its own 32-card pack: leave out deck",
        )
        require(
            o["removed_two_for_three_players"] != "2h" or o["deck"] == "french",
            "2h is a French card: with the Italian pack remove 2d, 2c, 2s or 2b",
        )
        require(
            o["removed_two_for_three_players"] != "2b" or o["deck"] == "italian",
            "2b is an Italian card: with the French pack remove 2h, 2d, 2c or 2s",
        )

        # Teams: 4 and 6 players sit alternately in two teams. In Bosnia playing alone is the rule for any number
        # of players and partners the exception for four (RULES.md §2.10): every count plays each for himself
        # unless partnerships=true asks for teams (4 players as the text allows; 6, three a side, our extension).
        partners = o["partnerships"]
        if partners is None:
            partners = n in (4, 6) and variant != "bosnian"
        require(not partners or n in (4, 6), "partnerships need 4 or 6 players")
        require(
            partners or n not in (4, 6) or variant == "bosnian",
            f"{n}-player {variant} Briscola is a partnership game (partnerships=false only with bosnian)",
        )
        self.partnerships = partners
        self.players = n
        self._set_sides([range(0, n, 2), range(1, n, 2)] if partners else [[s] for s in range(n)])

        talk = o["communication"]
        if variant == "schembil":
            require(
                talk in ("none", "conversation") or "communication" not in given,
                "schembil uses conversation restricted to the rais",
            )
            talk = "conversation"
        require(talk == "none" or partners, "communication needs partnerships (4 or 6 players)")
        only("show_partner_after_stock", partners, "partnership games")
        self.communication = talk

        # The pack and its ranking.
        table: RankTable
        deck: Deck
        if variant == "bosnian":
            deck, table = BOSNIAN_32, BOSNIAN
        elif o["deck"] == "french":
            deck, table = FRENCH_40, BRISCOLA_SOUTHERN if o["southern_order"] else BRISCOLA_FRENCH
        else:
            deck, table = ITALIAN_40, BRISCOLA
        if n == 6 and variant != "bosnian":
            deck = deck.without(
                f"{deck.name}-no2", deck.description + ", without the four 2s", [c for c in deck if c.rank == "2"]
            )
        elif n == 3 and variant == "standard":
            two = o["removed_two_for_three_players"]
            deck = deck.without(
                f"{deck.name}-{two}", f"{deck.description}, without the {two}", [c for c in deck if c == two]
            )
        deck, research_hand = _research_pack(deck, table, o, require)
        self.deck = deck
        self.rank_table = table
        self.strength = table.strengths(deck)
        self.card_points = table.card_points(deck)
        self.top_two = table.order[:2]  # the cards the A/3 turn-up rule sends back

        self.variant = variant
        self.hand_size = research_hand or {"double": 4, "briscolone": 5}.get(variant, 3)
        self.has_trump = variant != "briscolone"
        self.laps = 2 if variant == "double" else 1
        self.restriction = follow if (variant == "briscolone" and o["must_follow_suit"]) else free
        # Per leader, the seats of a full trick in play order (twice round in double Briškula).
        self.rotations = tuple(tuple((lead + i) % n for i in range(n)) * self.laps for lead in range(n))
        self.draw_order = tuple(tuple((w + i) % n for i in range(n)) for w in range(n))
        if research_hand:
            _check_research_size(len(deck), n, self.hand_size, o, require)
        require(
            n * self.hand_size + (1 if self.has_trump else 0) <= len(deck),
            f"{n} players cannot be dealt {self.hand_size} cards each from {len(deck)}",
        )
        self.open_hands = variant == "scoperta"
        self.has_extras = variant in ("a31", "schembil") or talk != "none" or o["show_partner_after_stock"]
        # The hot path's shortcuts: card play only (no claims, no talk), and two players drawing a card each.
        self.plain_play = not self.has_extras
        self.plain_pairs = self.plain_play and n == 2 and self.laps == 1
        # ... and any card at any time: the legal actions are the hand (BriscolaState.apply's short way).
        self.free_pairs = self.plain_pairs and self.restriction is free
        self.pair_outcomes = _OUTCOMES.setdefault((table.name, tuple(deck)), {})  # made when first needed
        if variant == "schembil":
            self.rais = o["rais"]

    def _default(self, name: str) -> Any:
        return next(opt.default for opt in self.OPTIONS if opt.name == name)

    def audience(self, action: Any, seat: int) -> Audience | None:
        # A signal is a private sign between partners: the opponents do not even see it given.
        if getattr(action, "kind", None) == "signal":
            return Audience(frozenset(self.sides[self.side_of[seat]]))
        return None

    def match_policy(self) -> Any:
        from ..match import BestOf, Target

        target = self.options["target"]
        if target is None and self.variant == "briscolone":
            target = 121
        if target is not None:
            return Target(target)
        return BestOf(self.options["best_of"])


RESEARCH = ("ranks", "suits", "hand_size")


def _listed(value: Any) -> list[str] | int | None:
    """A research option's value: None, a whole number, or a list of letters ("A 3 K", "A,3,K", ["A", "3"])."""
    if value is None or (isinstance(value, str) and value.strip().lower() == "none"):
        return None
    number = whole_number(value)
    if number is not None:
        return number
    if isinstance(value, str):
        return value.replace(",", " ").split()
    if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
        return [v.strip() for v in value]
    return [repr(value)]  # anything else (True, 2.5, [1, 2]) names no rank or suit: refused by the caller


def _research_pack(deck: Deck, table: RankTable, o: dict[str, Any], require: Any) -> tuple[Deck, int | None]:
    """The pack reduced by the research options ``ranks`` and ``suits``, and the ``hand_size`` they ask for
    (None: the options are not used). Only 2-player standard Briscola takes them."""
    given = {name: o[name] for name in RESEARCH if _listed(o[name]) is not None}  # "none" is not given
    if not given:
        return deck, None
    names = ", ".join(given)
    require(
        o["variant"] == "standard" and o["players"] == 2,
        f"the reduced pack ({names}) is a research variant of 2-player standard Briscola only, not of "
        f"{o['players']}-player {o['variant']}",
    )
    ranks = [r for r in table.order if any(c.rank == r for c in deck)]  # highest first
    suits = list(dict.fromkeys(c.suit for c in deck))
    keep_ranks = _choose("ranks", o["ranks"], ranks, require)
    keep_suits = _choose("suits", o["suits"], suits, require)
    hand = o["hand_size"] if "hand_size" in given else None
    if hand is not None:
        size = whole_number(hand)
        require(
            size is not None and 1 <= size <= 3,
            f"option hand_size={shown(hand)} is not allowed; allowed: 1, 2 or 3 cards, or none (three)",
        )
        hand = size
    removed = [c for c in deck if c.rank not in keep_ranks or c.suit not in keep_suits]
    label = "".join(keep_ranks) + "-" + "".join(keep_suits)
    small = deck.without(
        f"{deck.name}-{label}", f"{deck.description}, only {' '.join(keep_ranks)} of {' '.join(keep_suits)}", removed
    )
    return small, hand or 3


def _choose(name: str, value: Any, available: list[str], require: Any) -> list[str]:
    """The ranks or suits an option keeps, in the pack's order; a clear error naming what is allowed."""
    allowed = f"a whole number from 1 to {len(available)}, a list of {' '.join(available)}, or none (every one of them)"
    parsed = _listed(value)
    if parsed is None:
        return available
    if isinstance(parsed, int):
        require(1 <= parsed <= len(available), f"option {name}={shown(value)} is not allowed; allowed: {allowed}")
        return available[:parsed]
    lower = {a.lower(): a for a in available}
    wanted = [lower.get(p.lower()) for p in parsed]
    require(
        bool(parsed) and None not in wanted and len(set(wanted)) == len(wanted),
        f"option {name}={shown(value)} is not allowed; allowed: {allowed}, each at most once",
    )
    return [a for a in available if a in wanted]


def _check_research_size(cards: int, players: int, hand: int, o: dict[str, Any], require: Any) -> None:
    """Every trick full and a card left to turn up: an even pack of at least 2 x hand + 1 cards."""
    need = players * hand + 2
    given = " ".join(f"{name}={shown(o[name])}" for name in ("ranks", "suits") if _listed(o[name]) is not None)
    require(
        cards % players == 0 and cards >= need,
        f"{given or 'the whole pack'} leaves {cards} cards; 2 players with {hand} cards in hand need an even "
        f"number of cards, at least {need} (e.g. ranks=2 for 8 cards, or ranks=3 suits=2 hand_size=2 for 6)",
    )


def _pair_outcomes(game: Briscola) -> dict[str | None, dict[Card, dict[Card, int]]]:
    """Every two-card trick, looked up by trump suit (None: no trumps), lead and second card: its card points
    times 2, plus 1 when the second card takes it (:func:`trionfi.tricks.winning_index` decides). Made once per
    pack, at its first two-player deal; the trump is looked up at every trick, as a sampler may set it."""
    tables = game.pair_outcomes
    if not tables:
        strength, points, deck = game.strength, game.card_points, game.deck
        # Made whole before it is stored, in one update: a thread dealing meanwhile sees no table or all of them.
        tables.update(
            {
                trump: {
                    lead: {
                        second: (points[lead] + points[second]) * 2 + winning_index((lead, second), trump, strength)
                        for second in deck
                        if second is not lead
                    }
                    for lead in deck
                }
                for trump in (*dict.fromkeys(c.suit for c in deck), None)
            }
        )
    return tables


def _turn_up_again(indicator: Card, face_down: list[Card], rejected: tuple[str, ...], rng: random.Random) -> Card:
    """The A/3 turn-up rule: while the turned card is of a rejected rank, turn the next card and put the
    rejected one back at a random place strictly inside the face-down stock (top first in ``face_down``).

    A stock too short to have an inside (Bosnian with many players) takes it at the bottom; if no card left
    is acceptable, the turn-up stands, so the loop always ends.
    """
    if all(c.rank in rejected for c in (indicator, *face_down)):
        return indicator
    while indicator.rank in rejected:
        turned = face_down.pop(0)
        where = rng.randint(1, len(face_down) - 1) if len(face_down) >= 2 else len(face_down)
        face_down.insert(where, indicator)
        indicator = turned
    return indicator


class BriscolaState(TrickState):
    """One deal of Briscola (any variant of :class:`Briscola`)."""

    __slots__ = ("_pairs", "claim", "indicator", "indicator_holder", "messages", "stock", "talk", "views")

    def __init__(self, game: Briscola, seed: int, dealer: int, stacked: list[Card] | None) -> None:
        super().__init__(game, seed, dealer, stacked)
        rng = random.Random(seed)
        order = list(stacked) if stacked is not None else list(game.deck)
        if stacked is None:
            shuffle(order, rng)
        n, size = game.players, game.hand_size
        first = (dealer + 1) % n  # the dealer's right receives first and leads
        hands: list[list[Card]] = [None] * n  # type: ignore[list-item]
        dealt = n * size
        singly = game.options["deal_singly"]
        for i in range(n):
            # One card at a time round the table, seat first + i receiving cards i, i + n, i + 2n, ..., or each
            # hand in one packet.
            hands[(first + i) % n] = order[i:dealt:n] if singly else order[i * size : (i + 1) * size]
        self.indicator: Card | None = None
        if game.has_trump:
            indicator = order[dealt]
            if game.options["reject_ace_three_indicator"]:
                face_down = order[dealt + 1 :]
                indicator = _turn_up_again(indicator, face_down, game.top_two, rng)
                order[dealt + 1 :] = face_down
            self.indicator = indicator
            # Kept top-last so drawing is list.pop(); the indicator lies at the bottom, drawn last.
            stock = order[:dealt:-1]  # the face-down cards, the last first
            stock.insert(0, indicator)
            self.stock = stock
            self.trump = indicator.suit
        else:
            self.stock = order[dealt:]
            self.stock.reverse()
            self.trump = None
        self.indicator_holder: int | None = None
        self.claim: tuple[int, bool] | None = None
        self.messages: list[Any] = []
        self.talk: Any = None
        self.views: dict[int, Any] = {}
        self._strength = game.strength
        self._points = game.card_points
        self._restriction = game.restriction
        self._init_play(hands, first, game.rotations[first])
        self._pairs = _pair_outcomes(game) if game.free_pairs else None
        if game.has_extras:
            from . import briscola_talk

            briscola_talk.start_trick(self)

    def clone(self) -> BriscolaState:
        new = BriscolaState.__new__(BriscolaState)
        self._copy_play(new)
        new.stock = self.stock[:]
        new.indicator = self.indicator
        new.indicator_holder = self.indicator_holder
        new.claim = self.claim
        new.messages = self.messages[:]
        new.talk = self.talk
        new.views = dict(self.views)
        new._pairs = self._pairs
        return new

    # --- the hot path --------------------------------------------------------------------------------------
    def legal_actions(self) -> list[Any]:
        p = self.current_player
        if self._pairs is not None and p is not None:
            return self.hands[p].copy()  # two players, card play only, any card at any time: the hand
        return TrickState.legal_actions(self)

    def apply(self, action: Any, seat: int | None = None) -> None:
        # Two players playing any card from the hand (what every bot does): the whole move the short way, the
        # trick's winner, points, record and draws included. Anything else, a wrong seat or a card not in the
        # hand included, goes through the general path and its errors.
        p = self.current_player
        outcomes = self._pairs
        if (
            outcomes is not None
            and action.__class__ is Card
            and p is not None
            and (seat is None or (seat.__class__ is int and seat == p))
        ):
            try:
                self.hands[p].remove(action)
            except ValueError:
                pass  # not in the hand: the general path says why
            else:
                self._legal_cache = None
                self.history.append(action)
                trick = self.trick
                if not trick:
                    trick.append(action)
                    self.current_player = self.trick_seats[1]
                    return
                lead = trick[0]
                leader = self.leader
                outcome = outcomes[self.trump][lead][action]
                winner = p if outcome & 1 else leader
                pts = outcome >> 1
                self.won[winner] += pts  # two players: each seat is its own side
                self.tricks.append(_new_tuple(Trick, (leader, self.trick_seats, (lead, action), winner, pts)))
                self.trick = []
                stock = self.stock
                if len(stock) == 1:
                    self._after_trick(winner)  # an odd stock (not dealt in two-player Briscola): the long way
                    return
                hands = self.hands
                if stock:  # the winner draws first; the loser takes the turned-up card with the last draw
                    hands[winner].append(stock.pop())
                    hands[1 - winner].append(stock.pop())
                    if not stock and self.indicator is not None:
                        self.indicator_holder = 1 - winner
                self.leader = winner
                if hands[winner]:
                    self.trick_seats = self.game.rotations[winner]  # type: ignore[attr-defined]
                    self.current_player = winner
                else:
                    self._finish()
                return
        TrickState.apply(self, action, seat)

    # --- legality and moves ------------------------------------------------------------------------
    def _compute_legal(self) -> list[Any]:
        p: int = self.current_player  # type: ignore[assignment]
        if self.game.plain_play:  # type: ignore[attr-defined]
            # Card play only (no claims, no talk): the hot path of every bot, kept to a few look-ups.
            hand = self.hands[p]
            if not self.trick or self._restriction is free:
                return hand[:]
            return self._restriction(hand, self.trick, self.trump, self._strength)
        if self.phase is PLAY:
            moves: list[Any] = self._play_cards(p)
        else:
            moves = []
        if self.game.has_extras:
            moves += self._extra_actions(p)
        return moves

    def _extra_actions(self, seat: int) -> list[Action]:
        extras: list[Action] = []
        if self.game.variant == "a31" and self.phase is PLAY:
            extras.append(CLAIM)
        from . import briscola_talk

        extras += briscola_talk.actions(self, seat)
        return extras

    def _act(self, action: Action) -> None:
        if action.kind == "claim":
            seat: int = self.current_player  # type: ignore[assignment]
            made = self.won[self.game.side_of[seat]]
            self.claim = (seat, made >= self.game.options["claim_target"])
            self._finish()
            return
        from . import briscola_talk

        briscola_talk.act(self, action)

    def _why_not(self, c: Card) -> str:
        if self.phase is not PLAY:
            return f"this is the {self.phase} phase, not card play"
        return f"you must follow suit ({self.trick[0].suit})"

    def _after_trick(self, winner: int) -> None:
        g: Briscola = self.game  # type: ignore[assignment]
        hands = self.hands
        stock = self.stock
        if g.plain_pairs and len(stock) != 1:
            # Two players drawing a card each, no extras: the short way (both hands stay the same size).
            if stock:
                other = 1 - winner
                hands[winner].append(stock.pop())
                hands[other].append(stock.pop())
                if not stock and self.indicator is not None:
                    self.indicator_holder = other
            self.leader = winner
            if hands[winner]:
                self.trick_seats = g.rotations[winner]
                self.current_player = winner
            else:
                self._finish()
            return
        if stock:
            order = g.draw_order[winner]
            for _ in range(g.laps):
                for s in order:
                    hands[s].append(stock.pop())
                    if not stock:
                        if self.indicator is not None:
                            self.indicator_holder = s
                        break
                if not stock:
                    break
        self.leader = winner
        size = len(hands[winner])
        if not size:
            self._finish()
            return
        seats = g.rotations[winner]
        if len(hands[seats[-1]]) != size or len(hands[seats[1]]) != size:
            # Short stock (Bosnian): only the players who drew, i.e. who hold the most cards, play.
            seats = tuple(s for s in g.draw_order[winner] if len(hands[s]) == size) * g.laps
        self.trick_seats = seats
        self.current_player = winner
        if g.has_extras:
            from . import briscola_talk

            briscola_talk.start_trick(self)

    # --- results -----------------------------------------------------------------------------------
    def returns(self) -> list[float]:
        side_values, _ = self._results()
        return [side_values[s] for s in self.game.side_of]

    def winners(self) -> list[int]:
        """The winning sides of a finished deal (empty for a draw or an unfinished deal)."""
        return self._results()[1] if self.current_player is None else []

    def _results(self) -> tuple[list[float], list[int]]:
        if self.current_player is not None:
            return [0.0] * len(self.game.sides), []
        if self.claim is not None:
            seat, right = self.claim
            side = self.game.side_of[seat]
            winner = side if right else 1 - side
            return [1.0 if s == winner else -1.0 for s in range(2)], [winner]
        return side_results(self.won)

    # --- what a seat may see -----------------------------------------------------------------------
    def observation(self, seat: int) -> dict[str, Any]:
        g: Briscola = self.game  # type: ignore[assignment]
        obs = self._base_observation(seat)
        obs["variant"] = g.variant
        obs["deck"] = g.deck.name
        obs["suit_names"] = g.deck.suit_names()
        # In Briscola a 31 counting one's own points is the skill: a user interface should not show them.
        obs["show_points"] = g.variant != "a31"
        obs["stock"] = len(self.stock)
        obs["indicator"] = self.indicator if self.stock else None
        obs["indicator_holder"] = self.indicator_holder
        known: dict[str, list[str]] = {}
        holder = self.indicator_holder
        if holder is not None and holder != seat and self.indicator in self.hands[holder]:
            known[str(holder)] = [str(self.indicator)]
        open_hands: dict[str, list[str]] = {}
        if g.open_hands:
            open_hands = {str(s): [str(c) for c in h] for s, h in enumerate(self.hands) if s != seat}
            obs["stock_top"] = str(self.stock[-1]) if len(self.stock) > 1 else None
        obs["known_cards"] = known
        obs["open_hands"] = open_hands
        obs["claim"] = list(self.claim) if self.claim else None
        if g.variant == "a31":
            obs["claim_target"] = g.options["claim_target"]
        if g.has_extras:
            from . import briscola_talk

            briscola_talk.observe(self, seat, obs)
        return obs


Briscola.state_class = BriscolaState
