"""A learnt playout rule for the searching seat in two-player Briscola.

The search scores a card by playing each world out; its own later cards in those playouts were chosen by the
rule of thumb (:func:`~trionfi.agents.briscola2.lead_card`, :func:`~trionfi.agents.briscola2.follow_card`),
which is also its model of the medium level. This rule is one step of policy improvement on it: a linear score
over a few features of each card the seat may play (the rule of thumb's own score among them), fitted by least
squares to the card's value when the deal is then played out by the rule of thumb on both sides (positions of
rule-of-thumb deals, every card of the hand tried on the true cards with the stock shuffled again;
``benchmarks/learnt_playout.py`` makes the data and the weights). Only what the seat sees enters a feature.
It beats the rule of thumb in 57 % of duplicate deals without search, but the search playing its own cards by
it (``SearchAgent(own_rule=True)``) gained nothing measurable: off at the hard level (docs/benchmarks.md).
"""

from __future__ import annotations

from typing import Any

from .briscola2 import FADE, SAFE, draw_gain

# The fitted weights (benchmarks/learnt_playout.py), one per feature in the order the functions below add them.
# fmt: off
LEAD_WEIGHTS: tuple[float, ...] = (
    0.0023263, 0.018204, -0.17213, -0.00033193, 0.061631, 0.0047212,
    -0.014664, 0.012006, -0.045135, -0.014407, 0.033546, 0.081871,
    -0.0093449, -0.10653, -0.039949, 0.96457, -0.014182,
)
FOLLOW_WEIGHTS: tuple[float, ...] = (
    0.024971, -0.11242, 0.016786, -0.0085341, -0.1679, 0.022117,
    0.0026543, -0.0023052, 0.0082521, 0.029434, -0.037438, -0.11636,
    -0.095518, -0.029967, 0.41636, -0.045786, 0.011226, -0.038146,
)
# fmt: on


def fitted_for(game: Any) -> bool:
    """Whether the weights were fitted on ``game``'s rules: standard two-player Briscola with a 40-card pack
    (the features count the stock in its cards, a trump's rank in its suit of ten)."""
    return game.variant == "standard" and len(game.deck) == 40 and game.hand_size == 3


def lead_features(
    fb: Any, tables: Any, hand: list[int], x: int, unplayed: int, n: int, other: int, turned: int
) -> list[float]:
    """The features of leading ``x`` from ``hand`` (the arguments of :func:`~trionfi.agents.briscola2.lead_card`)."""
    keep_base, beaters, _, is_trump, trump_points = tables
    own = 0
    for y in hand:
        own |= fb.bit[y]
    out = unplayed & ~own
    unseen = out & ~fb.bit[turned] if turned >= 0 else out
    beaten_by = (beaters[x] & unseen).bit_count()
    safe = SAFE[other][unseen.bit_count()][beaten_by]
    left = len(hand) - 1 + (n >> 1)
    fade = 1.0 if left >= FADE else left / FADE
    keep = keep_base[x] * fade
    tp = trump_points[x] * (0.5 if fb.higher[x] & out else 1.0) if is_trump[x] and fade else 0.0
    p = fb.points[x]
    draw = draw_gain(fb, tables, unseen, out, -1, turned, fade) if n == 2 and turned >= 0 else 0.0
    rule = (2 * safe - 1) * (p + draw) - keep - tp
    t = 1.0 if is_trump[x] else 0.0
    top = 0.0 if fb.higher[x] & out else 1.0
    early = n / 34.0
    return [
        rule, p, safe, (2 * safe - 1) * p, t, t * fb.below[x], keep, tp, t * fade, p * fade, beaten_by / 10,
        top, top * p, t * early, p * early, safe * early, t * p,
    ]  # fmt: skip


def follow_features(
    fb: Any, tables: Any, hand: list[int], x: int, led: int, unplayed: int, n: int, turned: int
) -> list[float]:
    """The features of answering ``led`` with ``x`` from ``hand`` (``turned`` as for
    :func:`~trionfi.agents.briscola2.follow_card`)."""
    keep_base, _, _, is_trump, trump_points = tables
    out = unplayed
    for y in hand:
        out &= ~fb.bit[y]
    left = len(hand) - 1 + (n >> 1)
    fade = 1.0 if left >= FADE else left / FADE
    keep = keep_base[x] * fade
    tp = trump_points[x] * (0.5 if fb.higher[x] & out else 1.0) if is_trump[x] and fade else 0.0
    on_table = fb.points[led] + fb.points[x]
    wins = 1.0 if (fb.strength[x] > fb.strength[led] if fb.suit[x] == fb.suit[led] else is_trump[x]) else 0.0
    draw = draw_gain(fb, tables, out & ~fb.bit[turned], out, -1, turned, fade) if n == 2 and turned >= 0 else 0.0
    rule = (on_table + draw if wins else -on_table - draw) - keep - tp
    t = 1.0 if is_trump[x] else 0.0
    early = n / 34.0
    same = 1.0 if fb.suit[x] == fb.suit[led] else 0.0
    blank = 1.0 if fb.points[led] == 0 else 0.0
    led_trump = 1.0 if is_trump[led] else 0.0
    return [
        rule, wins, wins * on_table, (1 - wins) * on_table, t, t * fb.below[x], keep, tp, fb.points[x],
        t * wins * blank, same, wins * early, t * fade, (1 - wins) * fb.points[x] * early, t * early,
        led_trump * wins, wins * fb.points[led] * early, t * fb.points[x],
    ]  # fmt: skip


def learnt_lead(
    fb: Any, tables: Any, hand: list[int], unplayed: int, n: int, other: int, turned: int, weights: Any = None
) -> int:
    """The learnt rule's lead from ``hand`` (more than one card): the card of the highest score, the weights
    times :func:`lead_features` (the sum gathered by feature here, as it runs in every playout)."""
    w0, w1, w2, w3, w4, w5, w6, w7, w8, w9, w10, w11, w12, w13, w14, w15, w16 = (
        LEAD_WEIGHTS if weights is None else weights
    )
    keep_base, beaters, tie, is_trump, trump_points = tables
    points, higher, bit, below = fb.points, fb.higher, fb.bit, fb.below
    own = 0
    for y in hand:
        own |= bit[y]
    out = unplayed & ~own
    unseen = out & ~bit[turned] if turned >= 0 else out
    safe_of = SAFE[other][unseen.bit_count()]
    left = len(hand) - 1 + (n >> 1)
    fade = 1.0 if left >= FADE else left / FADE
    early = n / 34.0
    draw = w0 * draw_gain(fb, tables, unseen, out, -1, turned, fade) if n == 2 and turned >= 0 else 0.0
    per_point = w1 + w9 * fade + w14 * early
    per_safe = w2 + w15 * early
    per_trump = w4 + w8 * fade + w13 * early
    best = -1e9
    c = hand[0]
    for x in hand:
        beaten_by = (beaters[x] & unseen).bit_count()
        safe = safe_of[beaten_by]
        p = points[x]
        score = (w0 + w3) * (2 * safe - 1) * p + (w6 - w0) * keep_base[x] * fade + per_point * p + per_safe * safe
        score += (2 * safe - 1) * draw
        score += w10 * beaten_by / 10 - tie[x]
        if is_trump[x]:
            score += per_trump + w5 * below[x] + w16 * p
            if fade:
                score += (w7 - w0) * trump_points[x] * (0.5 if higher[x] & out else 1.0)
        if not higher[x] & out:
            score += w11 + w12 * p
        if score > best:
            best, c = score, x
    return c


def learnt_follow(
    fb: Any,
    tables: Any,
    hand: list[int],
    options: list[int],
    led: int,
    unplayed: int,
    n: int,
    turned: int,
    weights: Any = None,
) -> int:
    """The learnt rule's answer to ``led`` among ``options`` (more than one card) of ``hand``: the weights times
    :func:`follow_features`, gathered by feature as in :func:`learnt_lead`."""
    w0, w1, w2, w3, w4, w5, w6, w7, w8, w9, w10, w11, w12, w13, w14, w15, w16, w17 = (
        FOLLOW_WEIGHTS if weights is None else weights
    )
    keep_base, _, tie, is_trump, trump_points = tables
    suit, strength, points, higher, bit, below = fb.suit, fb.strength, fb.points, fb.higher, fb.bit, fb.below
    out = -1  # the cards out of this hand, worked out when a trump needs them
    left = len(hand) - 1 + (n >> 1)
    fade = 1.0 if left >= FADE else left / FADE
    early = n / 34.0
    led_points = points[led]
    led_suit = suit[led]
    led_strength = strength[led]
    per_win = w1 + w11 * early + w16 * led_points * early + (w15 if is_trump[led] else 0.0)
    if n == 2 and turned >= 0:
        out = unplayed
        for y in hand:
            out &= ~bit[y]
        draw = w0 * draw_gain(fb, tables, out & ~bit[turned], out, -1, turned, fade)
    else:
        draw = 0.0
    per_trump = w4 + w12 * fade + w14 * early
    best = -1e9
    c = options[0]
    for x in options:
        p = points[x]
        on_table = led_points + p
        wins = strength[x] > led_strength if suit[x] == led_suit else is_trump[x]
        score = (w6 - w0) * keep_base[x] * fade + w8 * p - tie[x]
        if wins:
            score += (w0 + w2) * on_table + per_win + draw
        else:
            score += -(w0 - w3) * on_table + w13 * p * early - draw
        if suit[x] == led_suit:
            score += w10
        if is_trump[x]:
            score += per_trump + w5 * below[x] + w17 * p
            if wins and not led_points:
                score += w9
            if fade:
                if out < 0:
                    out = unplayed
                    for y in hand:
                        out &= ~bit[y]
                score += (w7 - w0) * trump_points[x] * (0.5 if higher[x] & out else 1.0)
        if score > best:
            best, c = score, x
    return c
