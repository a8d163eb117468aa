"""Two-player Briscola on small integers: the fast path of the solver and of the search bot.

Plain two-player Briscola card play (one card each per trick, the winner drawing first) is what the hard bot
spends its time on, so it gets its own representation: cards numbered from the cheapest to the dearest, hands
as lists and masks of numbers, the stock as a list (top last). On it live the exact solver of a position with
every card known (:meth:`Briscola2.solve`), the drawing of worlds straight from an observation
(:class:`FastWorlds`) and the playout rule of thumb (:func:`fast_playout`). The engine's rules stay the
reference: the tests check these against the engine and against brute force.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

from ..cards import Card, card
from ..shuffling import shuffle


class Briscola2:
    """Two-player Briscola card play (one card each per trick, the winner drawing first) on card numbers and
    bit masks: the fast path of the exact solver and of the search agent's playouts.

    Built once per game (:func:`briscola2`). A position is plain data: ``hands`` (two lists of card numbers),
    ``stock`` (top last, so the last card drawn is ``stock[0]``), ``leader``, ``led`` (the card on the table or
    -1), ``won`` (card points per seat) and ``unplayed`` (a bit mask of every card not yet played).
    """

    def __init__(self, game: Any) -> None:
        # Numbered from the cheapest to the dearest card, so that the highest bits are the loads and the high
        # cards: the solver tries them first, which prunes well.
        deck = sorted(game.deck, key=lambda c: (game.card_points[c], game.strength[c], c.suit))
        self.cards = deck
        self.number = {c: i for i, c in enumerate(deck)}
        suits = list(dict.fromkeys(c.suit for c in deck))
        self.suit_names = suits
        self.suit = [suits.index(c.suit) for c in deck]
        self.strength = [game.strength[c] for c in deck]
        self.points = [game.card_points[c] for c in deck]
        self.all = (1 << len(deck)) - 1
        self.suit_mask = [sum(1 << i for i, c in enumerate(deck) if c.suit == s) for s in suits]
        self.higher = [
            sum(1 << j for j, d in enumerate(deck) if d.suit == c.suit and self.strength[j] > self.strength[i])
            for i, c in enumerate(deck)
        ]
        self.below = [sum(1 for d in deck if d.suit == c.suit and game.strength[d] < game.strength[c]) for c in deck]
        self.bit = [1 << i for i in range(len(deck))]
        self.follow = game.restriction.__name__ == "follow"
        # Scoperta: the hands are open and the top of the stock lies face up (the winner knows its draw).
        self.scoperta = getattr(game, "variant", None) == "scoperta"
        self.pack_points = sum(self.points)

    def position(self, state: Any) -> tuple[list[list[int]], list[int], int, int, list[int], int, int]:
        """(hands, stock, leader, led, won, unplayed, trump suit number or -1) of a two-player Briscola state."""
        num = self.number
        hands = [[num[c] for c in h] for h in state.hands]
        stock = [num[c] for c in state.stock]
        led = num[state.trick[0]] if state.trick else -1
        unplayed = 0
        for h in hands:
            for c in h:
                unplayed |= 1 << c
        for c in stock:
            unplayed |= 1 << c
        trump = self.suit_names.index(state.trump) if state.trump is not None else -1
        return hands, stock, state.leader, led, list(state.won), unplayed, trump

    def step(
        self, hands: list[list[int]], stock: list[int], leader: int, led: int, c: int, won: list[int], trump: int
    ) -> tuple[int, int]:
        """Play card ``c`` by the seat to move, in place; return (the leader now, the card on the table or -1)."""
        if led < 0:
            hands[leader].remove(c)
            return leader, c
        follower = 1 - leader
        hands[follower].remove(c)
        winner = follower if self.beats(led, c, trump) else leader
        won[winner] += self.points[c] + self.points[led]
        if stock:
            hands[winner].append(stock.pop())
            hands[1 - winner].append(stock.pop())
        return winner, -1

    def values(self, state: Any, me: int | None = None) -> dict[Card, int]:
        """Each legal card's exact final margin for seat 0 (a position with every card known): under best play
        on both sides, or with ``me`` the seat that plays best against the other's playout rule
        (:meth:`respond`)."""
        hands, stock, leader, led, won, _, trump = self.position(state)
        memo: dict[Any, Any] = {}
        found = {}
        for c in state._legal():
            if c.__class__ is not Card:
                continue
            h, st, w = [hands[0][:], hands[1][:]], stock[:], won[:]
            lead, on_table = self.step(h, st, leader, led, self.number[c], w, trump)
            if not (h[0] or h[1]):
                future = 0
            elif me is None:
                future = self.solve(h, st, lead, on_table, trump, memo)
            else:
                future = self.respond(h, st, lead, on_table, trump, me, memo)
            found[c] = w[0] - w[1] + future
        return found

    def beats(self, led: int, c: int, trump: int) -> bool:
        """Whether ``c`` played second beats ``led``."""
        suit = self.suit
        if suit[c] == suit[led]:
            return self.strength[c] > self.strength[led]
        return suit[c] == trump

    def solve(
        self, hands: list[list[int]], stock: list[int], leader: int, led: int, trump: int, memo: dict[Any, int]
    ) -> int:
        """Seat 0's exact future point margin (seat 0's points still to win minus seat 1's) under best play.

        ``memo`` is the transposition table of one stock (the stock's order is not part of the key)."""
        suit, strength, points = self.suit, self.strength, self.points
        follow = self.follow

        def value(m0: int, m1: int, n: int, leader: int, led: int, alpha: int, beta: int) -> int:
            # Negamax-free two-level form: the leader's choice then the follower's, one trick per level.
            key = (m0, m1, n, leader, led)
            hit = memo.get(key)
            if hit is not None:
                lo, hi = hit
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                alpha, beta = max(alpha, lo), min(beta, hi)
            a0, b0 = alpha, beta
            masks = (m0, m1)
            if led < 0:
                mover = leader
                options = _bits(masks[mover])
            else:
                mover = 1 - leader
                options = _bits(masks[mover])
                if follow:
                    same = [c for c in options if suit[c] == suit[led]]
                    options = same or options
            maximizing = mover == 0
            best = -1000 if maximizing else 1000
            for c in options:
                bit = 1 << c
                if led < 0:
                    if mover == 0:
                        v = value(m0 & ~bit, m1, n, leader, c, alpha, beta)
                    else:
                        v = value(m0, m1 & ~bit, n, leader, c, alpha, beta)
                else:
                    if suit[c] == suit[led]:
                        win = mover if strength[c] > strength[led] else leader
                    else:
                        win = mover if suit[c] == trump else leader
                    gain = points[c] + points[led]
                    gain = gain if win == 0 else -gain
                    n0, n1 = (m0 & ~bit, m1) if mover == 0 else (m0, m1 & ~bit)
                    if n:
                        # The winner draws the top card (stock[n - 1]), the loser the next.
                        top, nxt = 1 << stock[n - 1], 1 << stock[n - 2]
                        if win == 0:
                            n0, n1 = n0 | top, n1 | nxt
                        else:
                            n0, n1 = n0 | nxt, n1 | top
                    if n0 or n1:
                        v = gain + value(n0, n1, n - 2 if n else 0, win, -1, alpha - gain, beta - gain)
                    else:
                        v = gain
                if maximizing:
                    if v > best:
                        best = v
                        if v > alpha:
                            alpha = v
                            if alpha >= beta:
                                break
                elif v < best:
                    best = v
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
            lo, hi = hit if hit is not None else (-1000, 1000)
            if best <= a0:
                hi = min(hi, best)
            elif best >= b0:
                lo = max(lo, best)
            else:
                lo = hi = best
            memo[key] = (lo, hi)
            return best

        m0 = sum(1 << c for c in hands[0])
        m1 = sum(1 << c for c in hands[1])
        return value(m0, m1, len(stock), leader, led, -1000, 1000)

    def respond(
        self,
        hands: list[list[int]],
        stock: list[int],
        leader: int,
        led: int,
        trump: int,
        me: int,
        memo: dict[Any, int],
    ) -> int:
        """Seat 0's exact future point margin when seat ``me`` plays its best and the other seat plays by the
        playout rule (:func:`lead_card`, :func:`follow_card`): the best answer to that rule, the same model of
        the opponent that the playouts and the weighing of worlds use, where :meth:`solve` assumes an opponent
        who sees every card. ``memo`` as in :meth:`solve` (one per stock, not shared with it)."""
        suit, points, bit = self.suit, self.points, self.bit
        follow = self.follow
        tables = playout_tables(self, trump)
        stock_mask = [0]
        for c in stock:
            stock_mask.append(stock_mask[-1] | bit[c])  # stock_mask[n]: the cards of a stock of n left

        def value(m0: int, m1: int, n: int, leader: int, led: int) -> int:
            key = (m0, m1, n, leader, led)
            hit = memo.get(key)
            if hit is not None:
                return hit
            mover = leader if led < 0 else 1 - leader
            options = _bits(m0 if mover == 0 else m1)
            if led >= 0 and follow:
                options = [c for c in options if suit[c] == suit[led]] or options
            if mover != me and len(options) > 1:
                unplayed = m0 | m1 | stock_mask[n]  # the led card is already out of the hands: as in a playout
                turned = stock[0] if n and trump >= 0 else -1
                top = stock[n - 1] if n > 1 and self.scoperta else -1
                options = [self._rule(tables, m0, m1, mover, options, led, unplayed, n, turned, top)]
            best = None
            for c in options:
                b = bit[c]
                n0, n1 = (m0 & ~b, m1) if mover == 0 else (m0, m1 & ~b)
                if led < 0:
                    v = value(n0, n1, n, leader, c)
                else:
                    win = mover if self.beats(led, c, trump) else leader
                    gain = points[c] + points[led] if win == 0 else -points[c] - points[led]
                    if n:
                        top, nxt = bit[stock[n - 1]], bit[stock[n - 2]]
                        n0, n1 = (n0 | top, n1 | nxt) if win == 0 else (n0 | nxt, n1 | top)
                    v = gain + value(n0, n1, n - 2 if n else 0, win, -1) if n0 or n1 else gain
                if best is None or (v > best if me == 0 else v < best):
                    best = v
            memo[key] = best
            return best

        m0 = sum(bit[c] for c in hands[0])
        m1 = sum(bit[c] for c in hands[1])
        return value(m0, m1, len(stock), leader, led)

    def _rule(
        self,
        tables: Any,
        m0: int,
        m1: int,
        mover: int,
        options: list[int],
        led: int,
        unplayed: int,
        n: int,
        turned: int,
        top: int = -1,
    ) -> int:
        """The playout rule's card for ``mover`` (hands as masks; ``options`` its legal cards, more than one;
        ``top`` the face-up top of a Scoperta stock, else -1; a Scoperta lead sees the other hand)."""
        other = m1 if mover == 0 else m0
        shown = other if self.scoperta else 0
        if led < 0:
            return lead_card(self, tables, options, unplayed, n, other.bit_count(), turned, top, shown)
        hand = _bits(m0 if mover == 0 else m1)
        return follow_card(self, tables, hand, options, led, unplayed, n, turned, top, shown)

    def respond_draws(
        self,
        hands: list[list[int]],
        stock: list[int],
        leader: int,
        led: int,
        trump: int,
        me: int,
        first: int,
        margin: int,
        weight: float,
        memo: dict[Any, float],
    ) -> float:
        """Seat ``me``'s expected score when it plays ``first`` now and its best afterwards against the playout
        rule, the draws from the stock unknown to it: where :meth:`respond` reads the world's stock order (as if
        the seat knew which card it will draw), each draw here is any face-down card of the stock, as likely as
        the others, and the seat chooses before it knows them. The score is the deal's sign for ``me`` plus
        ``weight`` times its final card-point margin over the pack's points (the chance of winning first).
        ``margin``: seat 0's card points won so far minus seat 1's. A position does not hold the stock's order,
        so every world of one decision may share ``memo`` (one per trump and turned-up card)."""
        suit, points, bit = self.suit, self.points, self.bit
        follow = self.follow
        tables = playout_tables(self, trump)
        pack = self.pack_points
        turned = stock[0] if stock and trump >= 0 else -1  # face up under the stock, drawn last
        turned_bit = bit[turned] if turned >= 0 else 0
        sign = 1 if me == 0 else -1

        def score(d: int) -> float:  # seat 0's score of a final margin d; ``me`` maximises sign * score
            return ((d > 0) - (d < 0)) + weight * d / pack

        def after_trick(n0: int, n1: int, pool: int, live: int, win: int, d: int) -> float:
            """The draws once a trick is taken (a chance node), then the next trick."""
            if live and pool.bit_count() == 1:  # the last draw: the loser takes the turned-up card
                m0, m1 = (n0 | pool, n1 | turned_bit) if win == 0 else (n0 | turned_bit, n1 | pool)
                return value(m0, m1, 0, 0, win, -1, d)
            cards = _bits(pool)
            total = 0.0
            for a in cards:
                for b in cards:
                    if a != b:  # the winner draws a, the loser b
                        m0, m1 = (n0 | bit[a], n1 | bit[b]) if win == 0 else (n0 | bit[b], n1 | bit[a])
                        total += value(m0, m1, pool & ~bit[a] & ~bit[b], live, win, -1, d)
            return total / (len(cards) * (len(cards) - 1))

        def value(m0: int, m1: int, pool: int, live: int, leader: int, led: int, d: int, only: int = -1) -> float:
            # ``pool``: the face-down cards of the stock; ``live``: 1 while the turned-up card lies under them.
            key = (m0, m1, pool, live, leader, led, d)
            if only < 0:
                hit = memo.get(key)
                if hit is not None:
                    return hit
            mover = leader if led < 0 else 1 - leader
            options = _bits(m0 if mover == 0 else m1)
            if led >= 0 and follow:
                options = [c for c in options if suit[c] == suit[led]] or options
            if only >= 0:
                options = [only]
            elif mover != me and len(options) > 1:
                unplayed = m0 | m1 | pool | (turned_bit if live else 0)
                n = pool.bit_count() + live
                options = [self._rule(tables, m0, m1, mover, options, led, unplayed, n, turned if live else -1)]
            best = 0.0
            for i, c in enumerate(options):
                b = bit[c]
                n0, n1 = (m0 & ~b, m1) if mover == 0 else (m0, m1 & ~b)
                if led < 0:
                    v = value(n0, n1, pool, live, leader, c, d)
                else:
                    win = mover if self.beats(led, c, trump) else leader
                    gained = d + (points[c] + points[led] if win == 0 else -points[c] - points[led])
                    if pool or live:
                        v = after_trick(n0, n1, pool, live, win, gained)
                    else:
                        v = value(n0, n1, 0, 0, win, -1, gained) if n0 or n1 else score(gained)
                if i == 0 or sign * v > sign * best:
                    best = v
            if only < 0:
                memo[key] = best
            return best

        m0 = sum(bit[c] for c in hands[0])
        m1 = sum(bit[c] for c in hands[1])
        pool = sum(bit[c] for c in stock) & ~turned_bit
        return sign * value(m0, m1, pool, 1 if turned >= 0 else 0, leader, led, margin, first)


def rule_card(fb: Briscola2, state: Any) -> int:
    """The playout rule's card for the seat to move of a two-player Briscola state, its hand ordered highest
    first as :meth:`Briscola2.respond` orders it (the rule's ties go to the first card)."""
    hands, stock, _, led, _, unplayed, trump = fb.position(state)
    m0, m1 = (sum(fb.bit[c] for c in hand) for hand in hands)
    mover = state.current_player
    hand = _bits(m0 if mover == 0 else m1)
    if len(hand) == 1:
        return hand[0]
    options = [x for x in hand if fb.suit[x] == fb.suit[led]] or hand if led >= 0 and fb.follow else hand
    turned = stock[0] if stock and trump >= 0 else -1
    top = stock[-1] if len(stock) > 1 and fb.scoperta else -1
    return fb._rule(playout_tables(fb, trump), m0, m1, mover, options, led, unplayed, len(stock), turned, top)


def _bits(mask: int) -> list[int]:
    """The card numbers in a bit mask, highest first (loads and high cards first: good for pruning)."""
    found = []
    while mask:
        top = mask.bit_length() - 1
        found.append(top)
        mask ^= 1 << top
    return found


_BRISCOLA2: dict[int, tuple[Any, Briscola2]] = {}


def briscola2(game: Any) -> Briscola2 | None:
    """The fast two-player Briscola tables of ``game``, or None when its rules are not the plain two-player
    card play (more players, double Briskula's two laps, table talk)."""
    from ..games.briscola import Briscola

    if not isinstance(game, Briscola) or game.players != 2 or game.laps != 1:
        return None
    found = _BRISCOLA2.get(id(game))
    if found is None or found[0] is not game:
        found = _BRISCOLA2[id(game)] = (game, Briscola2(game))
    return found[1]


# The variants whose decisions :meth:`FastWorlds.history_weight` works back through (all hands full until the
# stock is gone, every draw unseen).
HISTORY = ("standard", "a31")


class FastWorlds:
    """Worlds of a two-player Briscola observation drawn directly as card numbers (the sampler's job, done
    without building states): the unseen cards shuffled into the opponent's unknown cards and the face-down
    stock. Not for Briscolone with following suit, whose voids need the sampler's history check."""

    def __init__(self, fb: Briscola2, observation: dict[str, Any], hand_size: int = 3) -> None:
        obs = observation
        num = fb.number
        seat = obs["seat"]
        other = 1 - seat
        self.seat = seat
        own = [num[card(c)] for c in obs["hand"]]
        known: list[int] = []
        for key in ("known_cards", "open_hands"):
            for c in (obs.get(key) or {}).get(str(other), []):
                if num[card(c)] not in known:
                    known.append(num[card(c)])
        played = [num[card(c)] for t in obs["tricks"] for _, c in t["cards"]]
        table = [num[card(c)] for _, c in obs["trick"]]
        stock_size = obs["stock"] or 0
        bottom = num[card(obs["indicator"])] if stock_size and obs.get("indicator") else -1
        top = num[card(obs["stock_top"])] if stock_size > 1 and obs.get("stock_top") else -1
        seen = set(own) | set(known) | set(played) | set(table) | {bottom, top}
        self.unseen = [x for x in range(len(fb.cards)) if x not in seen]
        self.own = own
        self.known = known
        self.need = obs["hand_sizes"][other] - len(known)
        self.hidden_stock = stock_size - (bottom >= 0) - (top >= 0)
        self.bottom, self.top = bottom, top
        self.leader = obs["leader"]
        self.led = table[0] if table else -1
        self.won = list(obs["points"])
        unplayed = fb.all
        for x in played + table:
            unplayed &= ~fb.bit[x]
        self.unplayed = unplayed
        trump = obs.get("trump")
        self.trump = fb.suit_names.index(trump) if trump is not None else -1
        if self.need + self.hidden_stock != len(self.unseen):
            raise ValueError("the observation is inconsistent: unseen cards do not fill the hidden places")
        self.evidence = self._evidence(fb, obs, own, table, stock_size, hand_size)
        self.history = self._history(fb, obs, table, stock_size, hand_size)
        self._likely: dict[Any, float] = {}  # (decision, hand) -> the rule's chance of it: worlds share hands
        self._exact: dict[float, dict[Any, float]] = {}  # rate -> (step, hand then) -> mean from there back

    def _history(
        self, fb: Briscola2, obs: dict[str, Any], table: list[int], stock_size: int, hand_size: int
    ) -> list[tuple[Any, ...]] | None:
        """Every decision of the opponent in this deal, latest first, for :meth:`history_weight`: (the card it
        played, our lead or -1, cards unplayed then, the stock then, our hand size then, the turned-up card or
        -1). None where it is not worked out: once the stock is gone (every card's place is then known), and
        where a draw may be seen (Scoperta's visible top of the stock, open hands) or the hands are not full
        at every decision."""
        if not stock_size or obs.get("stock_top") or obs.get("open_hands") or obs.get("variant") not in HISTORY:
            return None
        num = fb.number
        other = 1 - obs["seat"]
        turned = self.bottom if self.trump >= 0 else -1
        unplayed = fb.all
        steps: list[tuple[Any, ...]] = []
        tricks = [[(s, num[card(c)]) for s, c in t["cards"]] for t in obs["tricks"]]
        if table:
            tricks.append([(s, c) for s, c in zip([s for s, _ in obs["trick"]], table, strict=True)])
        n = stock_size + 2 * len(obs["tricks"])  # the stock before the first trick: both drew after each
        for cards in tricks:
            (first, led), *rest = cards
            if first == other:
                steps.append((led, -1, unplayed, n, hand_size, turned))
            elif rest:
                steps.append((rest[0][1], led, unplayed & ~fb.bit[led], n, hand_size, turned))
            for _, c in cards:
                unplayed &= ~fb.bit[c]
            n -= 2
        steps.reverse()
        return steps

    def history_weight(self, fb: Briscola2, hand: list[int], rate: float) -> float:
        """How well the opponent's hand ``hand`` now explains all its decisions in this deal (1.0 without a
        history): the mean, over the draws it may have made, of the product over its decisions of ``rate`` *
        (1 if the playout rule makes it, else 0) + (1 - ``rate``) / its number of choices.

        Its hand at each decision is worked out backwards from its hand now: before the draw of a trick it held
        its cards now but the one it drew (any of them, equally likely) and the card it played. The mean is
        summed over every sequence of draws, exactly: the estimate from one sequence drawn backwards that it
        was until November 2026 came out near zero whenever the sequence drawn went astray though another
        explains every decision, so it read far less of the opponent's hand, and a sharp ``rate`` made it
        worse. The sums from each decision back depend on the hand held then only, so every world of a
        decision shares them (cheaper than the estimate over 4,000 worlds)."""
        steps = self.history
        if not steps:
            return 1.0
        memo = self._exact.setdefault(rate, {})
        lead_now = self.led >= 0 and self.leader != self.seat
        last = len(steps)

        def mean_from(i: int, held: tuple[int, ...]) -> float:
            if i == last:
                return 1.0
            key = (i, held)
            found = memo.get(key)
            if found is not None:
                return found
            step = steps[i]
            played = step[0]
            if i == 0 and lead_now:  # its lead on the table now: no draw since
                before = tuple(sorted((*held, played)))
                found = self._chance(fb, i, step, list(before), rate) * mean_from(1, before)
            else:
                total = 0.0
                for drawn in held:
                    before = tuple(sorted([x for x in held if x != drawn] + [played]))
                    chance = self._chance(fb, i, step, list(before), rate)
                    if chance:
                        total += chance * mean_from(i + 1, before)
                found = total / len(held)
            memo[key] = found
            return found

        return mean_from(0, tuple(sorted(hand)))

    def _chance(self, fb: Briscola2, i: int, step: tuple[Any, ...], held: list[int], rate: float) -> float:
        """The chance of the opponent's decision ``step`` (the ``i``-th back) from the hand ``held`` then."""
        key = (i, frozenset(held))
        found = self._likely.get(key)
        if found is None:
            played, led, unplayed, n, ours, turned = step
            tables = playout_tables(fb, self.trump)
            held = [played] + [x for x in held if x != played]  # first: it wins the rule's ties
            if led < 0:
                options = held
                pick = lead_card(fb, tables, held, unplayed, n, ours, turned) if len(held) > 1 else played
            else:
                options = [x for x in held if fb.suit[x] == fb.suit[led]] or held if fb.follow else held
                pick = follow_card(fb, tables, held, options, led, unplayed, n, turned) if len(options) > 1 else played
            found = self._likely[key] = (pick == played, len(options))
        rule, choices = found
        return rate * rule + (1.0 - rate) / choices

    def _evidence(
        self, fb: Briscola2, obs: dict[str, Any], own: list[int], table: list[int], stock_size: int, hand_size: int
    ) -> tuple[Any, ...] | None:
        """The opponent's latest decision, for :meth:`explain`: ("lead", card, unplayed then, stock then,
        our hand size, turned-up card or -1, drew, top, shown) or ("follow", card, our lead, unplayed then, stock
        then, turned-up card or -1, drew, top, shown), or None. ``drew``: the opponent has drawn a card since (one
        of its cards now is not one it held then); ``top``: the face-up top of a Scoperta stock it saw then, or
        -1; ``shown``: the mask of our open Scoperta hand it saw then, or 0 (worked out for its lead on the table
        only: a card drawn since changed our hand)."""
        num = fb.number
        other = 1 - obs["seat"]
        turned = self.bottom if self.trump >= 0 else -1
        if table and obs["trick"][0][0] == other:  # it has just led: its hand then is its hand now + that card
            shown = sum(fb.bit[x] for x in own) if fb.scoperta else 0  # a Scoperta lead saw our hand
            return (
                "lead",
                table[0],
                self.unplayed | fb.bit[table[0]],
                stock_size,
                len(own),
                turned,
                False,
                self.top,
                shown,
            )
        if table or not obs["tricks"]:
            return None
        last = obs["tricks"][-1]["cards"]
        cards = [(s, num[card(c)]) for s, c in last]
        mine = next(c for s, c in cards if s != other)
        theirs = next(c for s, c in cards if s == other)
        unplayed = self.unplayed | fb.bit[mine] | fb.bit[theirs]
        drew = len(own) == hand_size  # both drew after that trick: the hands are full again
        before = stock_size + 2 if drew else stock_size
        if cards[0][0] == other:
            # A Scoperta top seen then was drawn since, by a seat this reading does not follow: left out.
            return ("lead", theirs, unplayed, before, len(own) if drew else len(own) + 1, turned, drew, -1, 0)
        return ("follow", theirs, mine, unplayed, before, turned, drew, -1, 0)

    def explain(self, fb: Briscola2, hand: list[int]) -> tuple[float, float]:
        """(chance under the playout rule, chance under a uniform choice) of the opponent's latest decision if
        its hand is ``hand`` now; (1, 1) when there is none. When it has drawn since, the card it drew is any
        of its cards now, equally likely."""
        ev = self.evidence
        if ev is None:
            return 1.0, 1.0
        tables = playout_tables(fb, self.trump)
        kind, played, drew, top, shown = ev[0], ev[1], ev[-3], ev[-2], ev[-1]
        suit = fb.suit
        rule = uniform = 0.0
        choices = hand if drew else [None]
        for d in choices:
            then = [played] + [x for x in hand if x != d]  # first: it wins the rule's ties
            if kind == "lead":
                options = then
            else:
                led = ev[2]
                options = [x for x in then if suit[x] == suit[led]] or then if fb.follow else then
            if len(options) == 1:
                rule += 1.0
                uniform += 1.0
                continue
            if kind == "lead":
                pick = lead_card(fb, tables, then, *ev[2:6], top, shown)  # unplayed, stock, other's size, turned
            else:
                pick = follow_card(fb, tables, then, options, *ev[2:6], top)  # led, unplayed, stock, turned
            rule += pick == played
            uniform += 1.0 / len(options)
        return rule / len(choices), uniform / len(choices)

    def world(self, rng: random.Random) -> tuple[list[list[int]], list[int], int, int, list[int], int, int]:
        """One world: (hands, stock top last, leader, card led or -1, won, unplayed, trump)."""
        unseen = self.unseen[:]
        shuffle(unseen, rng)
        return self._world(unseen[: self.need], unseen[self.need :])

    def hands(self) -> list[tuple[int, ...]]:
        """Every set of the opponent's unseen cards it may hold, in a fixed order (its known cards apart)."""
        return list(combinations(self.unseen, self.need))

    def world_with(
        self, hand: tuple[int, ...], rng: random.Random
    ) -> tuple[list[list[int]], list[int], int, int, list[int], int, int]:
        """A world where the opponent's unseen cards are ``hand`` (from :meth:`hands`), the stock shuffled."""
        held = set(hand)
        stock = [x for x in self.unseen if x not in held]
        shuffle(stock, rng)
        return self._world(list(hand), stock)

    def _world(
        self, hidden: list[int], stock: list[int]
    ) -> tuple[list[list[int]], list[int], int, int, list[int], int, int]:
        hands = [[], []]
        hands[self.seat] = self.own[:]
        hands[1 - self.seat] = self.known + hidden
        if self.bottom >= 0:
            stock.insert(0, self.bottom)
        if self.top >= 0:
            stock.append(self.top)
        return hands, stock, self.leader, self.led, self.won[:], self.unplayed, self.trump


class OpponentModel:
    """How often the opponent plays as the playout rule would, learnt over a deal: a uniform prior over the
    rates q = ``most`` * k / ``steps`` (k = 0..steps), the rest of its plays being uniform choices. After each
    of its decisions a rate is weighed by q * (the rule's mean chance of that decision over the worlds) +
    (1 - q) * (the uniform chance); a world then weighs ``rate() * rule + (1 - rate()) * uniform`` for the
    next one. A grid rather than a single rate: one play the rule would never make must not silence the
    model for good (the heuristic bot is close to the rule, not the rule itself); many of them (a random
    player) bring the rate down to near 0, and the weights to uniform. With ``steps=0`` the rate is fixed at
    ``most`` and nothing is learnt."""

    def __init__(self, most: float, steps: int = 10) -> None:
        self.rates = [most * k / steps for k in range(steps + 1)] if steps else [most]
        self.weights = [1.0] * len(self.rates)
        self.key: Any = None  # the last decision learnt from: each counts once
        self.unplayed = -1  # cards not yet played then: more now means a new deal

    def rate(self) -> float:
        """The expected rate, the chance the next decision is the rule's."""
        return sum(w * q for w, q in zip(self.weights, self.rates, strict=True)) / sum(self.weights)

    def learn(self, key: Any, rule: float, uniform: float) -> None:
        """Weigh the rates by the mean chances of the decision ``key`` (once per decision)."""
        if key == self.key:
            return
        self.key = key
        weights = [w * (q * rule + (1.0 - q) * uniform) for w, q in zip(self.weights, self.rates, strict=True)]
        total = sum(weights)
        if total > 0.0:
            self.weights = [w / total for w in weights]


# The keep values of the playout rule (the heuristic bot's rules of thumb, simplified): a trump kept is worth
# TRUMP_BASE + TRUMP_STEP per trump below it plus its points (half of them while a higher trump is out); a plain
# card kept a quarter of its points; both fade over the last FADE tricks, when keeping no longer helps.
TRUMP_BASE = 4.0
TRUMP_STEP = 0.8
PLAIN_KEEP = 0.25
FADE = 3.0


def _safe_table(cards: int, hand: int) -> list[list[list[float]]]:
    """SAFE[other][pool][b]: the chance that none of ``other`` cards drawn from ``pool`` unseen cards is one of
    the ``b`` that beat a lead (a hypergeometric zero), computed once instead of in every playout."""
    table = []
    for other in range(hand + 1):
        rows = []
        for pool in range(cards + 1):
            row = []
            for b in range(pool + 1):
                safe = 1.0
                for i in range(other):
                    if pool - i <= b:
                        safe = 0.0
                        break
                    safe *= (pool - b - i) / (pool - i)
                row.append(safe)
            rows.append(row)
        table.append(rows)
    return table


SAFE = _safe_table(40, 5)


def playout_tables(fb: Any, trump: int) -> tuple[list[float], list[int], list[float], list[bool], list[int]]:
    """Per card, for the playout rule under ``trump``: (keep value, cards that beat it when led, tie-break,
    is a trump, its points if a trump else 0). Cached on ``fb`` per trump suit."""
    cache = fb.__dict__.setdefault("_playout_tables", {})
    found = cache.get(trump)
    if found is None:
        trump_mask = fb.suit_mask[trump] if trump >= 0 else 0
        is_trump = [fb.suit[x] == trump for x in range(len(fb.cards))]
        keep = [
            TRUMP_BASE + TRUMP_STEP * fb.below[x] if is_trump[x] else PLAIN_KEEP * fb.points[x]
            for x in range(len(fb.cards))
        ]
        beaters = [fb.higher[x] | (0 if is_trump[x] else trump_mask) for x in range(len(fb.cards))]
        tie = [0.001 * (fb.strength[x] + fb.points[x] + (10 if is_trump[x] else 0)) for x in range(len(fb.cards))]
        own_points = [fb.points[x] if is_trump[x] else 0 for x in range(len(fb.cards))]
        found = cache[trump] = (keep, beaters, tie, is_trump, own_points)
    return found


def lead_card(
    fb: Any,
    tables: Any,
    hand: list[int],
    unplayed: int,
    n: int,
    other: int,
    turned: int,
    top: int = -1,
    shown: int = 0,
) -> int:
    """The playout rule's lead from ``hand`` (more than one card): ``unplayed`` is the mask of cards not yet
    played, ``n`` the stock's size, ``other`` the size of the opponent's hand, ``turned`` the turned-up card
    while it lies under the stock (else -1), ``top`` the face-up top of a Scoperta stock (else -1), ``shown``
    the opponent's open Scoperta hand as a mask (else 0). The chance that the opponent cannot beat a card is
    counted over the cards the leader cannot see (exactly, 1 or 0, when its hand is shown); a card's score is
    (2 * that chance - 1) * its points - its keep value (faded over the last tricks; a trump's own points count
    half while a higher trump is out), plus what taking the trick is worth for the draw where the cards to be
    drawn are known (:func:`draw_gain`)."""
    keep_base, beaters, tie, is_trump, trump_points = tables  # playout_tables(fb, trump)
    points, higher, bit = fb.points, fb.higher, fb.bit
    own = 0
    for x in hand:
        own |= bit[x]
    out = unplayed & ~own
    unseen = out & ~bit[turned] if turned >= 0 else out
    if top >= 0:
        unseen &= ~bit[top]
    if shown:
        unseen &= ~shown
    safe_of = SAFE[other][unseen.bit_count()]  # by the number of unseen cards that beat the lead
    left = len(hand) - 1 + (n >> 1)
    fade = 1.0 if left >= FADE else left / FADE
    last = turned if n == 2 else -1
    draw = draw_gain(fb, tables, unseen, out, top, last, fade) if top >= 0 or last >= 0 else 0.0
    best = -1e9
    c = hand[0]
    for x in hand:
        safe = (0.0 if beaters[x] & shown else 1.0) if shown else safe_of[(beaters[x] & unseen).bit_count()]
        keep = keep_base[x] * fade
        if is_trump[x] and fade:
            keep += trump_points[x] * (0.5 if higher[x] & out else 1.0)
        score = (2.0 * safe - 1.0) * (points[x] + draw) - keep - tie[x]
        if score > best:
            best, c = score, x
    return c


def draw_gain(fb: Any, tables: Any, unseen: int, out: int, win: int, lose: int, fade: float) -> float:
    """What taking the trick is worth for the draw, in keep values: the card the winner will draw (``win``: a
    Scoperta stock's face-up top) minus the loser's (``lose``: the turned-up card on the last draw), either
    counted as the mean of the ``unseen`` cards where it is -1 (``out``: the cards not in the seat's hand, for a
    trump's "higher one out"). The medium bot weighs the draw so (``Table.draw_value``); without it the rule
    missed a fifth of that bot's answers on the last draw and one of its decisions in seven in Scoperta."""
    keep_base, _, _, is_trump, trump_points = tables
    higher = fb.higher

    def keep(x: int) -> float:
        value = keep_base[x] * fade
        if is_trump[x] and fade:
            value += trump_points[x] * (0.5 if higher[x] & out else 1.0)
        return value

    if win >= 0 and lose >= 0:
        return keep(win) - keep(lose)
    count = unseen.bit_count()
    if count:
        # Asked at every move of a Scoperta playout: the keep values summed a byte of the mask at a time, then
        # the few trumps with points (their value depends on the cards out).
        chunks, pointed = _keep_sums(tables)
        total = 0.0
        mask, i = unseen, 0
        while mask:
            total += chunks[i][mask & 255]
            mask >>= 8
            i += 1
        total *= fade
        if fade:
            for x in _bits(unseen & pointed):
                total += trump_points[x] * (0.5 if higher[x] & out else 1.0)
        mean = total / count
    else:
        mean = 0.0
    return (keep(win) if win >= 0 else mean) - (keep(lose) if lose >= 0 else mean)


def _keep_sums(tables: Any) -> tuple[list[list[float]], int]:
    """(per byte of a card mask, the sum of the keep values of each of its 256 subsets; the mask of the trumps
    with points) for :func:`draw_gain`, cached per trump's tables."""
    found = _KEEP_SUMS.get(id(tables))
    if found is None or found[0] is not tables:
        keep_base, _, _, is_trump, trump_points = tables
        chunks = []
        for i in range(0, len(keep_base), 8):
            row = [0.0] * 256
            for m in range(1, 256):
                low = (m & -m).bit_length() - 1
                row[m] = row[m & (m - 1)] + (keep_base[i + low] if i + low < len(keep_base) else 0.0)
            chunks.append(row)
        pointed = sum(1 << x for x in range(len(keep_base)) if is_trump[x] and trump_points[x])
        found = _KEEP_SUMS[id(tables)] = (tables, (chunks, pointed))
    return found[1]


_KEEP_SUMS: dict[int, tuple[Any, tuple[list[list[float]], int]]] = {}


def follow_card(
    fb: Any,
    tables: Any,
    hand: list[int],
    options: list[int],
    led: int,
    unplayed: int,
    n: int,
    turned: int,
    top: int = -1,
    shown: int = 0,
) -> int:
    """The playout rule's answer to ``led`` among ``options`` (more than one card) of ``hand``: take a trick
    worth its price, else throw what is cheapest to lose; ``turned`` the turned-up card while it lies under
    the stock, else -1, ``top`` the face-up top of a Scoperta stock, else -1, ``shown`` the leader's open
    Scoperta hand as a mask, else 0 (the draw: :func:`draw_gain`)."""
    keep_base, _, tie, is_trump, trump_points = tables  # playout_tables(fb, trump)
    suit, strength, points, higher, bit = fb.suit, fb.strength, fb.points, fb.higher, fb.bit
    out = -1  # the cards out of this hand, worked out when a trump needs them
    left = len(hand) - 1 + (n >> 1)
    fade = 1.0 if left >= FADE else left / FADE
    on_table = points[led]
    led_suit = suit[led]
    led_strength = strength[led]
    last = turned if n == 2 else -1
    if top >= 0 or last >= 0:
        own = 0
        for y in hand:
            own |= bit[y]
        out = unplayed & ~own
        unseen = (out & ~bit[turned] if turned >= 0 else out) & ~shown
        if top >= 0:
            unseen &= ~bit[top]
        on_table += draw_gain(fb, tables, unseen, out, top, last, fade)
    best = -1e9
    c = options[0]
    for x in options:
        p = on_table + points[x]
        wins = strength[x] > led_strength if suit[x] == led_suit else is_trump[x]
        keep = keep_base[x] * fade
        if is_trump[x] and fade:
            if out < 0:
                out = unplayed
                for y in hand:
                    out &= ~bit[y]
            keep += trump_points[x] * (0.5 if higher[x] & out else 1.0)
        score = (p if wins else -p) - keep - tie[x]
        if score > best:
            best, c = score, x
    return c


def fast_playout(
    fb: Any,
    hands: list[list[int]],
    stock: list[int],
    leader: int,
    led: int,
    won: list[int],
    unplayed: int,
    trump: int,
    target: int,
    eps: float,
    rng: random.Random,
    noisy: int = -1,
    mine: int = -1,
) -> int:
    """Play a two-player Briscola position to the end with the rule of thumb (:func:`lead_card`,
    :func:`follow_card`; with probability ``eps`` a random card instead, for seat ``noisy`` only if it is 0 or 1;
    seat ``mine``, if 0 or 1, by the learnt rule of :mod:`~trionfi.agents.briscola2_learnt` instead);
    return the winner's seat of a claim (Briscola a 31: ``target`` > 0), else -1, with ``won`` updated in place."""
    suit, strength, points, bit = fb.suit, fb.strength, fb.points, fb.bit
    tables = playout_tables(fb, trump)
    is_trump = tables[3]
    follow = fb.follow
    scoperta = fb.scoperta
    rand = rng.random
    if mine >= 0:
        from .briscola2_learnt import learnt_follow, learnt_lead
    while True:
        n = len(stock)
        if led < 0:
            hand = hands[leader]
            if len(hand) == 1:
                c = hand[0]
            elif eps and (noisy < 0 or leader == noisy) and rand() < eps:
                c = hand[int(rand() * len(hand))]
            else:
                turned = stock[0] if n and trump >= 0 else -1
                if leader == mine:
                    c = learnt_lead(fb, tables, hand, unplayed, n, len(hands[1 - leader]), turned)
                else:
                    top = stock[-1] if scoperta and n > 1 else -1
                    shown = sum(bit[x] for x in hands[1 - leader]) if scoperta else 0
                    c = lead_card(fb, tables, hand, unplayed, n, len(hands[1 - leader]), turned, top, shown)
            hand.remove(c)
            unplayed &= ~bit[c]
            led = c
        follower = 1 - leader
        hand = hands[follower]
        options = [x for x in hand if suit[x] == suit[led]] or hand if follow else hand
        if len(options) == 1:
            c = options[0]
        elif eps and (noisy < 0 or follower == noisy) and rand() < eps:
            c = options[int(rand() * len(options))]
        elif follower == mine:
            c = learnt_follow(fb, tables, hand, options, led, unplayed, n, stock[0] if n and trump >= 0 else -1)
        else:
            turned = stock[0] if n and trump >= 0 else -1
            if scoperta:
                top, shown = stock[-1] if n > 1 else -1, sum(bit[x] for x in hands[leader])
                c = follow_card(fb, tables, hand, options, led, unplayed, n, turned, top, shown)
            else:
                c = follow_card(fb, tables, hand, options, led, unplayed, n, turned)
        hand.remove(c)
        unplayed &= ~bit[c]
        if suit[c] == suit[led]:
            winner = follower if strength[c] > strength[led] else leader
        else:
            winner = follower if is_trump[c] else leader
        won[winner] += points[c] + points[led]
        if target and won[winner] >= target:
            return winner  # Briscola a 31: the winner leads next and claims at once
        if n:
            hands[winner].append(stock.pop())
            hands[1 - winner].append(stock.pop())
        leader = winner
        led = -1
        if not hands[winner]:
            return -1


def rule_move(
    fb: Any, tables: Any, hands: list[list[int]], stock: list[int], leader: int, led: int, unplayed: int, trump: int
) -> int:
    """The playout rule's card for the seat to move (the leader if ``led`` < 0, else the follower), as
    :func:`fast_playout` chooses it without random cards (``tables``: :func:`playout_tables` of ``trump``)."""
    n = len(stock)
    if led < 0:
        hand = hands[leader]
        if len(hand) == 1:
            return hand[0]
        turned = stock[0] if n and trump >= 0 else -1
        top = stock[-1] if fb.scoperta and n > 1 else -1
        shown = sum(fb.bit[x] for x in hands[1 - leader]) if fb.scoperta else 0
        return lead_card(fb, tables, hand, unplayed, n, len(hands[1 - leader]), turned, top, shown)
    hand = hands[1 - leader]
    options = [x for x in hand if fb.suit[x] == fb.suit[led]] or hand if fb.follow else hand
    if len(options) == 1:
        return options[0]
    turned = stock[0] if n and trump >= 0 else -1
    if fb.scoperta:
        top, shown = stock[-1] if n > 1 else -1, sum(fb.bit[x] for x in hands[leader])
        return follow_card(fb, tables, hand, options, led, unplayed, n, turned, top, shown)
    return follow_card(fb, tables, hand, options, led, unplayed, n, turned)


def advance(
    fb: Any,
    hands: list[list[int]],
    stock: list[int],
    leader: int,
    led: int,
    won: list[int],
    unplayed: int,
    trump: int,
    seat: int,
) -> tuple[int, int, int, tuple[int, ...]]:
    """Play the other seat's cards by the playout rule, in place, until ``seat`` is to move or the deal is over;
    return (the leader, the card on the table or -1, the unplayed mask, the cards the other seat played)."""
    tables = playout_tables(fb, trump)
    seen: list[int] = []
    while hands[0] or hands[1]:
        if (leader if led < 0 else 1 - leader) == seat:
            break
        c = rule_move(fb, tables, hands, stock, leader, led, unplayed, trump)
        seen.append(c)
        unplayed &= ~fb.bit[c]
        leader, led = fb.step(hands, stock, leader, led, c, won, trump)
    return leader, led, unplayed, tuple(seen)
