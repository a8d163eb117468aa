"""Tensor encodings of an observation, one per game, for the research adapters.

A seat's tensor is computed from ``state.observation(seat)`` alone (the dict every player receives), never from
the state: hidden cards cannot reach it. Every encoding is a flat ``float32`` vector made of named pieces; the
pieces and their shapes are listed by :meth:`Encoder.pieces` and documented in ``docs/research.md``.

Seats are *relative*: row 0 is the observing seat, row 1 the next seat in play order, and so on; sides likewise
start with the observer's side. Cards are indexed in the deck's order (the adapters' action ids ``0 .. D-1``),
suits in the order they first appear in the deck. Counts are scaled into ``[0, 1]``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from ..engine import Game

Piece = tuple[str, tuple[int, ...]]


class Encoder:
    """The tensor encoding of one game with its options (see the module docstring)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.n = game.players
        self.deck = tuple(game.deck)
        self.card_index = {str(c): i for i, c in enumerate(self.deck)}
        self.suits = tuple(dict.fromkeys(c.suit for c in self.deck))
        self.suit_index = {s: i for i, s in enumerate(self.suits)}
        self.sides = len(game.sides)
        self.side_of = game.side_of
        self.extra = EXTRAS.get(game.name)
        self.points_scale = float(POINTS_SCALE[game.name](game))
        self.phases = PHASES.get(game.name, ("play", "end"))
        self.follow = FOLLOW.get(game.name, lambda g: None)(game)
        self.max_hand = max(len(self.deck) // self.n + 2, 1)
        d, n, s = len(self.deck), self.n, len(self.suits)
        self._pieces: list[Piece] = [
            ("hand", (d,)),
            ("played", (d,)),
            ("trick", (n, d)),
            ("known", (n, d)),
            ("turned_up", (d,)),
            ("trump", (s + 1,)),
            ("voids", (n, s)),
            ("points", (self.sides,)),
            ("hand_sizes", (n,)),
            ("stock", (1,)),
            ("phase", (len(self.phases) + 1,)),
            ("to_play", (n,)),
            ("leader", (n,)),
        ]
        if self.extra is not None:
            self._pieces += self.extra.pieces(self)
        self.offsets: dict[str, tuple[int, int, tuple[int, ...]]] = {}  # name -> (start, end, shape)
        at = 0
        for name, shape in self._pieces:
            size = int(np.prod(shape))
            self.offsets[name] = (at, at + size, shape)
            at += size
        self.size = at
        self._buffer = np.zeros(self.size, np.float32)
        # The named views of the arrays written to (an observer's tensor, the buffer): made once, not every step.
        self._cached: dict[int, tuple[np.ndarray, dict[str, np.ndarray]]] = {}

    def pieces(self) -> list[Piece]:
        return list(self._pieces)

    def views(self, flat: np.ndarray) -> dict[str, np.ndarray]:
        """Named, shaped views into a flat tensor of this encoding (writing to a view writes the tensor)."""
        return {name: flat[start:end].reshape(shape) for name, (start, end, shape) in self.offsets.items()}

    def encode(self, obs: dict[str, Any], out: np.ndarray | None = None) -> np.ndarray:
        """The tensor of ``obs`` (an observation of this game), written into ``out`` when given."""
        fresh = out is None
        if fresh:
            out = self._buffer
        out.fill(0.0)
        cached = self._cached.get(id(out))
        if cached is not None and cached[0] is out:
            v = cached[1]
        else:
            v = self.views(out)
            if len(self._cached) >= 8:
                self._cached.clear()
            self._cached[id(out)] = (out, v)
        me = obs["seat"]
        n = self.n
        ci = self.card_index

        def rel(seat: int) -> int:
            return (seat - me) % n

        for c in obs["hand"]:
            v["hand"][ci[c]] = 1.0
        played = v["played"]
        for t in obs.get("tricks") or ():
            for _, c in t["cards"]:
                played[ci[c]] = 1.0
        trick = v["trick"]
        for s, c in obs.get("trick") or ():
            trick[rel(s), ci[c]] = 1.0
        known = v["known"]
        for key in ("open_hands", "known_cards", "views"):
            for s, cards in (obs.get(key) or {}).items():
                if s.lstrip("-").isdigit():
                    for c in cards:
                        if c in ci:
                            known[rel(int(s)), ci[c]] = 1.0
        turned = obs.get("indicator") or obs.get("turn_up") or obs.get("cut_card")
        if turned and turned in ci:
            v["turned_up"][ci[turned]] = 1.0
        trump = obs.get("trump")
        v["trump"][self.suit_index.get(trump, len(self.suits)) if trump is not None else len(self.suits)] = 1.0
        if self.follow is not None:
            self._voids(obs, v["voids"], rel)
        my_side = self.side_of[me]
        for i, p in enumerate(obs.get("points") or ()):
            v["points"][(i - my_side) % self.sides] = min(max(p / self.points_scale, 0.0), 1.0)
        for s, size in enumerate(obs.get("hand_sizes") or ()):
            v["hand_sizes"][rel(s)] = min(size / self.max_hand, 1.0)
        stock = obs.get("stock")
        if isinstance(stock, int):
            v["stock"][0] = stock / len(self.deck)
        phase = obs.get("phase")
        v["phase"][self.phases.index(phase) if phase in self.phases else len(self.phases)] = 1.0
        if obs.get("current_player") is not None:
            v["to_play"][rel(obs["current_player"])] = 1.0
        if obs.get("leader") is not None:
            v["leader"][rel(obs["leader"])] = 1.0
        if self.extra is not None:
            self.extra.encode(self, obs, v, rel)
        return out.copy() if fresh else out

    def _voids(self, obs: dict[str, Any], voids: np.ndarray, rel: Callable[[int], int]) -> None:
        """Suits a seat has shown it lacks: under a follow rule, not following the suit led shows a void in it,
        and under follow-or-trump, playing neither shows a void in trumps too."""
        must_trump = self.follow == "follow_trump"
        trump = obs.get("trump")
        tricks = [t["cards"] for t in obs.get("tricks") or ()]
        if obs.get("trick"):
            tricks.append(obs["trick"])
        skip = SKIP_SUIT.get(self.game.name, "")
        # After a four-player Trijumf knock the first trick is played without trumps (RULES.md T-5).
        trumpless_first = self.game.name == "trijumf" and obs.get("cut") == "knock"
        for number, cards in enumerate(tricks):
            led = None
            for s, c in cards:
                suit = self.deck[self.card_index[c]].suit
                if suit == skip:  # the Troccas Fool: played at will, shows nothing, and does not lead
                    continue
                if led is None:
                    led = suit
                    continue
                if suit != led:
                    voids[rel(s), self.suit_index[led]] = 1.0
                    if (
                        must_trump
                        and suit != trump
                        and trump in self.suit_index
                        and not (number == 0 and trumpless_first)
                    ):
                        voids[rel(s), self.suit_index[trump]] = 1.0


# --- per-game extras -----------------------------------------------------------------------------------------
class Extra:
    """Game-specific pieces of an encoding."""

    def pieces(self, enc: Encoder) -> list[Piece]:
        raise NotImplementedError

    def encode(self, enc: Encoder, obs: dict[str, Any], v: dict[str, np.ndarray], rel: Callable[[int], int]) -> None:
        raise NotImplementedError


class BriscolaExtra(Extra):
    """Talk received (signals, answers, orders), claims, and the indicator's holder."""

    def pieces(self, enc: Encoder) -> list[Piece]:
        from ..games import briscola_talk as bt

        g: Any = enc.game
        self.ranks = tuple(g.rank_table.order[:5])
        self.topics = (*bt.QUESTIONS, *(f"head {s}" for s in enc.suits))
        self.orders = tuple(bt.ORDERS.values())
        n = enc.n
        return [
            ("indicator_holder", (n,)),
            ("signals", (n, len(self.ranks))),
            ("answers", (n, len(self.topics), 2)),
            ("orders", (n, len(self.orders))),
            ("claim", (n, 2)),
        ]

    def encode(self, enc: Encoder, obs: dict[str, Any], v: dict[str, np.ndarray], rel: Callable[[int], int]) -> None:
        if obs.get("indicator_holder") is not None:
            v["indicator_holder"][rel(obs["indicator_holder"])] = 1.0
        trick_now = len(obs.get("tricks") or ()) + 1
        for m in obs.get("messages") or ():
            who = rel(m["sender"])
            kind, text = m["kind"], m["text"]
            if kind == "signal":
                rank = text.split()[3]  # "I hold the A of trumps"
                if rank in self.ranks:
                    v["signals"][who, self.ranks.index(rank)] = 1.0
            elif kind == "answer":
                topic, _, reply = text.partition(": ")
                if topic in self.topics:  # the latest answer counts: an earlier one is overwritten
                    v["answers"][who, self.topics.index(topic)] = (1.0, 0.0) if reply == "yes" else (0.0, 1.0)
            elif kind == "order" and m["trick"] == trick_now and text in self.orders:
                v["orders"][who, self.orders.index(text)] = 1.0
        if obs.get("claim"):
            seat, right = obs["claim"][0], obs["claim"][1]
            v["claim"][rel(seat), 0 if right else 1] = 1.0


class ChiamataExtra(Extra):
    """The auction (each seat's last bid and whether it passed), the caller, the called card, the partner."""

    def pieces(self, enc: Encoder) -> list[Piece]:
        from ..games.briscola_chiamata import BIDS

        self.levels = {str(b): i for i, b in enumerate(BIDS)}
        n, d = enc.n, len(enc.deck)
        return [
            ("bids", (n,)),
            ("passed", (n,)),
            ("high_bid", (1,)),
            ("caller", (n,)),
            ("called", (d,)),
            ("partner", (n,)),
        ]

    def encode(self, enc: Encoder, obs: dict[str, Any], v: dict[str, np.ndarray], rel: Callable[[int], int]) -> None:
        top = len(self.levels)
        for seat, bid in obs.get("auction") or ():
            if bid in self.levels:
                v["bids"][rel(seat)] = (self.levels[bid] + 1) / top
        for seat in obs.get("passed") or ():
            v["passed"][rel(seat)] = 1.0
        if obs.get("high_bid") in self.levels:
            v["high_bid"][0] = (self.levels[obs["high_bid"]] + 1) / top
        if obs.get("caller") is not None:
            v["caller"][rel(obs["caller"])] = 1.0
        if obs.get("called") in enc.card_index:
            v["called"][enc.card_index[obs["called"]]] = 1.0
        if obs.get("partner") is not None:
            v["partner"][rel(obs["partner"])] = 1.0


class TrijumfExtra(Extra):
    """The cut option, the declarations (seat x suit), the claim, the totals carried into the deal."""

    def pieces(self, enc: Encoder) -> list[Piece]:
        from ..games.trijumf import CUT_OPTIONS

        self.cuts = CUT_OPTIONS
        return [("cut", (len(self.cuts),)), ("declared", (enc.n, len(enc.suits))), ("claim", (enc.n, 2))]

    def encode(self, enc: Encoder, obs: dict[str, Any], v: dict[str, np.ndarray], rel: Callable[[int], int]) -> None:
        if obs.get("cut") in self.cuts:
            v["cut"][self.cuts.index(obs["cut"])] = 1.0
        for seat, pair, _ in obs.get("declarations") or ():
            suit = pair[-1]  # "Kb+Hb"
            v["declared"][rel(seat), enc.suit_index[suit]] = 1.0
        if obs.get("claim"):
            v["claim"][rel(obs["claim"][0]), 0 if obs["claim"][1] else 1] = 1.0


class TriompheExtra(Extra):
    """Robbing (the turned cards, the robber, the cards taken, one's own discards), tricks won per side, the
    concession offer and its answer."""

    def pieces(self, enc: Encoder) -> list[Piece]:
        n, d = enc.n, len(enc.deck)
        return [
            ("turned", (d,)),
            ("robber", (n,)),
            ("taken", (d,)),
            ("discards", (d,)),
            ("discard_count", (1,)),
            ("tricks_won", (enc.sides,)),
            ("offer", (n,)),
            ("offer_answer", (2,)),
        ]

    def encode(self, enc: Encoder, obs: dict[str, Any], v: dict[str, np.ndarray], rel: Callable[[int], int]) -> None:
        ci = enc.card_index
        for key in ("turned", "taken", "discards"):
            for c in obs.get(key) or ():
                v[key][ci[c]] = 1.0
        if obs.get("robber") is not None:
            v["robber"][rel(obs["robber"])] = 1.0
        v["discard_count"][0] = min((obs.get("discard_count") or 0) / 10.0, 1.0)
        tricks = max(enc.max_hand, 1)
        my_side = enc.side_of[obs["seat"]]
        for i, t in enumerate(obs.get("tricks_won") or ()):
            v["tricks_won"][(i - my_side) % enc.sides] = min(t / tricks, 1.0)
        if obs.get("offer") is not None:
            v["offer"][rel(obs["offer"])] = 1.0
        answer = obs.get("offer_answer")
        if answer in ("accept", "refuse"):
            v["offer_answer"][0 if answer == "accept" else 1] = 1.0


class TrionfettiExtra(Extra):
    """The comanda's ranking (each card's tier), the game scores and the stake, the hand and trick numbers,
    the hand's tricks won, the vagaresto, the leftovers once public, and this trick's talk and signals."""

    def pieces(self, enc: Encoder) -> list[Piece]:
        from ..games.trionfetti import SAYINGS, SIGNALS

        self.sayings = SAYINGS
        self.signals = tuple(SIGNALS)
        n, d = enc.n, len(enc.deck)
        return [
            ("strength", (d,)),
            ("scores", (2,)),
            ("stake", (1,)),
            ("hand_number", (4,)),
            ("hand_tricks", (3, 3)),
            ("vagaresto", (n, 3)),
            ("leftovers", (d,)),
            ("said", (n, len(self.sayings))),
            ("signalled", (n, len(self.signals))),
        ]

    def encode(self, enc: Encoder, obs: dict[str, Any], v: dict[str, np.ndarray], rel: Callable[[int], int]) -> None:
        ci = enc.card_index
        tiers = obs.get("ranking") or []
        for i, tier in enumerate(tiers):
            for c in tier:
                v["strength"][ci[c]] = (i + 1) / len(tiers)
        target = float(obs.get("target") or 20)
        me_side = enc.side_of[obs["seat"]]
        for i, s in enumerate(obs.get("scores") or ()):
            v["scores"][(i - me_side) % 2] = min(s / target, 1.0)
        v["stake"][0] = min((obs.get("stake") or 1) / target, 1.0)
        number = obs.get("hand_number")
        if isinstance(number, int) and 1 <= number <= 4:
            v["hand_number"][number - 1] = 1.0
        for i, winner in enumerate((obs.get("hand_tricks") or ())[:3]):
            v["hand_tricks"][i, 2 if winner is None else (winner - me_side) % 2] = 1.0
        vaga = obs.get("vagaresto")
        if vaga:
            status = {"called": 0, "accepted": 1, "conceded": 2}.get(vaga.get("status"), 0)
            v["vagaresto"][rel(vaga["caller"]), status] = 1.0
        for c in obs.get("leftovers") or ():
            v["leftovers"][ci[c]] = 1.0
        hand, trick = obs.get("hand_number"), obs.get("trick_number")
        for m in obs.get("messages") or ():
            if m.get("hand") != hand or m.get("trick") != trick or m.get("sender") is None:
                continue
            who = rel(m["sender"])
            if m["kind"] == "say" and m["text"] in self.sayings:
                v["said"][who, self.sayings.index(m["text"])] = 1.0
            elif m["kind"] == "signal":
                word = m["text"].partition("(")[2].partition(")")[0]
                if word in self.signals:
                    v["signalled"][who, self.signals.index(word)] = 1.0


class TroccasExtra(Extra):
    """The packets, the face-up cards, one's own discard (the dealer's), the Fool's debt, a jack demand, the
    tschintschar statements of the current dealing, proposals and redeals."""

    def pieces(self, enc: Encoder) -> list[Piece]:
        from ..games import troccas_talk as talk
        from ..games.troccas import PATTERNS

        self.patterns = tuple(PATTERNS)
        self.statements = tuple(s.name for s in talk.STATEMENTS)
        n, d = enc.n, len(enc.deck)
        return [
            ("pattern", (len(self.patterns),)),
            ("face_up", (n, d)),
            ("discard", (d,)),
            ("discarded", (1,)),
            ("fool_owed_by", (2,)),
            ("demand", (len(enc.suits),)),
            ("statements", (n, len(self.statements))),
            ("proposed", (n,)),
            ("redeals", (1,)),
        ]

    def encode(self, enc: Encoder, obs: dict[str, Any], v: dict[str, np.ndarray], rel: Callable[[int], int]) -> None:
        ci = enc.card_index
        if obs.get("pattern") in self.patterns:
            v["pattern"][self.patterns.index(obs["pattern"])] = 1.0
        for s, c in (obs.get("face_up") or {}).items():
            v["face_up"][rel(int(s)), ci[c]] = 1.0
        for c in obs.get("discard") or ():
            v["discard"][ci[c]] = 1.0
        v["discarded"][0] = (obs.get("discarded") or 0) / 2.0
        me_side = enc.side_of[obs["seat"]]
        if obs.get("fool_owed_by") is not None:
            v["fool_owed_by"][(obs["fool_owed_by"] - me_side) % 2] = 1.0
        demand = obs.get("demand")
        if demand:
            v["demand"][enc.suit_index[demand[-1]]] = 1.0
        redeals = 0
        for m in obs.get("messages") or ():
            sender, text = m.get("sender"), m.get("text", "")
            if sender is None:
                if text.startswith("The deal is cancelled"):
                    redeals += 1
                    v["statements"][:] = 0.0  # a new dealing: earlier talk was about cards no longer held
                    v["proposed"][:] = 0.0
                continue
            name = text.partition(" — ")[0]
            if name in self.statements:
                v["statements"][rel(sender), self.statements.index(name)] = 1.0
            elif text.startswith("I propose"):
                v["proposed"][rel(sender)] = 1.0
        v["redeals"][0] = min(redeals / 4.0, 1.0)


EXTRAS: dict[str, Extra] = {
    "briscola": BriscolaExtra(),
    "briscola-chiamata": ChiamataExtra(),
    "trijumf": TrijumfExtra(),
    "triomphe": TriompheExtra(),
    "trionfetti": TrionfettiExtra(),
    "troccas": TroccasExtra(),
}

# The phases each game passes through (the engine's phase names), for the one-hot "phase" piece.
PHASES: dict[str, tuple[str, ...]] = {
    "briscola": ("play", "talk", "end"),
    "briscola-chiamata": ("auction", "call", "play", "end", "passed out"),
    "trijumf": ("cut", "play", "end"),
    "triomphe": ("rob", "discard", "concession", "play", "end"),
    "trionfetti": ("comanda", "play", "vagaresto", "end"),
    "troccas": ("pattern", "talk", "poll", "discard", "play", "end"),
}


def _briscola_follow(game: Any) -> str | None:
    return "follow" if game.variant == "briscolone" and game.options["must_follow_suit"] else None


def _triomphe_follow(game: Any) -> str | None:
    if game.strasbourg:  # the fixed top trumps belong to no printed suit there: no void is read from play
        return None
    return "follow_trump" if game.options["undertrump_when_cannot_overtrump"] else "follow"


# The follow rule voids are read from (None: any card may be played, so play shows no void).
FOLLOW: dict[str, Callable[[Any], str | None]] = {
    "briscola": _briscola_follow,
    "trijumf": lambda g: "follow_trump",
    "triomphe": _triomphe_follow,
    "troccas": lambda g: "follow_trump",
}
SKIP_SUIT = {"troccas": ""}  # the Fool's suit letter is empty

# What ``points`` is divided by: the most points one side can hold in a deal.
POINTS_SCALE: dict[str, Callable[[Any], float]] = {
    "briscola": lambda g: sum(g.card_points.values()),
    "briscola-chiamata": lambda g: 120,
    "trijumf": lambda g: 300,
    "triomphe": lambda g: 120 if g.strasbourg else max(len(g.deck) // g.players, 1),
    "trionfetti": lambda g: g.target + 4,
    "troccas": lambda g: 72,
}
