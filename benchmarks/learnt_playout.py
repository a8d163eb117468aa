"""The learnt playout rule of two-player Briscola (agents/briscola2_learnt.py): its data, its weights, its duel.

    python benchmarks/learnt_playout.py data --deals N --seed S --out FILE [--rollouts K] [--learnt]
    python benchmarks/learnt_playout.py fit FILE ... [--ridge L] [--out WEIGHTS.json]
    python benchmarks/learnt_playout.py duel -n N [--seed S] [--weights WEIGHTS.json]

``data`` plays N deals by the rule of thumb on both seats (with ``--learnt``: the learnt rule in seat d % 2 of
deal d, and only that seat's decisions are kept) and at every decision with more than one card tries each card
on the true cards, then plays the deal out K times, the stock shuffled again each time (its order is unknown to
both; the same shuffles for every card), by the rule of thumb (with ``--learnt``: the deciding seat by the
learnt rule, the other by the rule of thumb, as the search's playouts do); a line per decision: lead or follow,
each card's features, each card's mean score (win 1, loss -1, plus 2 times the card-point margin over the
pack's points: the hard level's score of a world). ``fit`` solves the least squares of the scores on the
features, both taken relative to the decision's mean (only the differences between cards choose), and prints
the weights (``--python``: as the lines of ``LEAD_WEIGHTS`` and ``FOLLOW_WEIGHTS`` to paste into the module). ``duel``
plays N duplicate deals of the learnt rule (the package's weights, or a file's) against the rule of thumb, no
search: the learnt rule's score (wins and half the draws) with its 95 % interval over the deals.
"""

from __future__ import annotations

import argparse
import json
import math
import random
from pathlib import Path
from typing import Any

import numpy as np
from rich.console import Console
from rich.progress import track

import trionfi
from trionfi.agents import briscola2_learnt as learnt
from trionfi.agents.briscola2 import briscola2, fast_playout, playout_tables, rule_move

PROGRESS = Console(stderr=True)
MARGIN_WEIGHT = 2.0  # the hard level's points_weight


def _choose(fb: Any, rule: Any, tables: Any, position: Any, mover: int) -> int:
    """``mover``'s card by the learnt rule (``rule`` = (lead weights, follow weights)) or, if None, the rule of
    thumb (standard Briscola: every card may be played)."""
    hands, stock, leader, led, _, unplayed, trump = position
    if rule is None:
        return rule_move(fb, tables, hands, stock, leader, led, unplayed, trump)
    hand = hands[mover]
    n = len(stock)
    if len(hand) == 1:
        return hand[0]
    turned = stock[0] if n and trump >= 0 else -1
    if led < 0:
        return learnt.learnt_lead(fb, tables, hand, unplayed, n, len(hands[1 - mover]), turned, rule[0])
    return learnt.learnt_follow(fb, tables, hand, hand, led, unplayed, n, turned, rule[1])


def _decision(fb: Any, tables: Any, position: Any, mover: int, rollouts: int, mine: bool, rng: Any) -> list[Any]:
    """[0 lead / 1 follow, each card's features, each card's mean score] at ``mover``'s decision."""
    hands, stock, leader, led, won, unplayed, trump = position
    hand = hands[mover]
    n = len(stock)
    turned = stock[0] if n and trump >= 0 else -1
    if led < 0:
        other = len(hands[1 - mover])
        features = [learnt.lead_features(fb, tables, hand, x, unplayed, n, other, turned) for x in hand]
    else:
        features = [learnt.follow_features(fb, tables, hand, x, led, unplayed, n, turned) for x in hand]
    scores = [0.0] * len(hand)
    for _ in range(rollouts):
        shuffled = stock[:]
        if len(shuffled) > 2:  # the turned-up card (stock[0]) is known, the rest in an order nobody knows
            rest = shuffled[1:]
            rng.shuffle(rest)
            shuffled = shuffled[:1] + rest
        seed = rng.getrandbits(32)
        for i, x in enumerate(hand):
            h, st, w = [hands[0][:], hands[1][:]], shuffled[:], won[:]
            lead, on_table = fb.step(h, st, leader, led, x, w, trump)
            if h[0] or h[1]:
                left = unplayed & ~fb.bit[x]
                own = mover if mine else -1
                fast_playout(fb, h, st, lead, on_table, w, left, trump, 0, 0.0, random.Random(seed), -1, own)
            margin = w[mover] - w[1 - mover]
            scores[i] += ((margin > 0) - (margin < 0) + MARGIN_WEIGHT * margin / fb.pack_points) / rollouts
    return [0 if led < 0 else 1, features, scores]


def play(fb: Any, state: Any, rules: list[Any], keep: Any = None) -> int:
    """Play a deal out with each seat's rule (None: the rule of thumb); ``keep(position, mover)`` is called at
    each decision with more than one card. Returns seat 0's card-point margin."""
    position = fb.position(state)
    hands, stock, leader, led, won, unplayed, trump = position
    tables = playout_tables(fb, trump)
    while hands[0] or hands[1]:
        mover = leader if led < 0 else 1 - leader
        position = (hands, stock, leader, led, won, unplayed, trump)
        if keep is not None and len(hands[mover]) > 1:
            keep(position, mover)
        c = _choose(fb, rules[mover], tables, position, mover)
        unplayed &= ~fb.bit[c]
        leader, led = fb.step(hands, stock, leader, led, c, won, trump)
    return won[0] - won[1]


def data(deals: int, seed: int, rollouts: int, mine: bool, out: str) -> dict[str, Any]:
    game = trionfi.load("briscola")
    fb = briscola2(game)
    rng = random.Random(seed)
    rule = (learnt.LEAD_WEIGHTS, learnt.FOLLOW_WEIGHTS)
    lines = []
    for d in track(range(seed, seed + deals), description="data: deals", console=PROGRESS):
        state = game.deal(seed=d)
        seat = d % 2
        rules = [None, None]
        if mine:
            rules[seat] = rule
        tables = playout_tables(fb, fb.position(state)[6])

        def keep(position: Any, mover: int, seat: int = seat, tables: Any = tables) -> None:
            if not mine or mover == seat:
                lines.append(_decision(fb, tables, position, mover, rollouts, mine, rng))

        play(fb, state, rules, keep)
    Path(out).write_text("".join(json.dumps(line) + "\n" for line in lines))
    return {"deals": deals, "decisions": len(lines), "file": out}


def fit(files: list[str], ridge: float) -> dict[str, Any]:
    rows: dict[int, tuple[list[Any], list[Any]]] = {0: ([], []), 1: ([], [])}
    for name in files:
        for line in Path(name).read_text().splitlines():
            kind, features, scores = json.loads(line)
            f, s = np.array(features), np.array(scores)
            rows[kind][0].append(f - f.mean(0))
            rows[kind][1].append(s - s.mean())
    found: dict[str, Any] = {}
    for kind, name in ((0, "lead"), (1, "follow")):
        x, y = np.concatenate(rows[kind][0]), np.concatenate(rows[kind][1])
        w = np.linalg.solve(x.T @ x + ridge * len(y) * np.eye(x.shape[1]), x.T @ y)
        found[name] = {
            "decisions": len(rows[kind][0]),
            "explained": round(float(1 - ((x @ w - y) ** 2).mean() / (y**2).mean()), 4),
            "weights": [float(f"{v:.5g}") for v in w],
        }
    return found


def python_weights(name: str, weights: list[float]) -> str:
    """The weights as the module's tuple, six to a line."""
    rows = [", ".join(repr(w) for w in weights[i : i + 6]) + "," for i in range(0, len(weights), 6)]
    return f"{name}: tuple[float, ...] = (\n" + "".join(f"    {row}\n" for row in rows) + ")"


def duel(deals: int, seed: int, weights: str | None) -> dict[str, Any]:
    game = trionfi.load("briscola")
    fb = briscola2(game)
    if weights:
        found = json.loads(Path(weights).read_text())
        rule = (found["lead"]["weights"], found["follow"]["weights"])
    else:
        rule = (learnt.LEAD_WEIGHTS, learnt.FOLLOW_WEIGHTS)
    per_deal = []
    for d in track(range(seed, seed + deals), description="duel: deals", console=PROGRESS):
        score = 0.0
        for seat in (0, 1):
            rules: list[Any] = [None, None]
            rules[seat] = rule
            margin = play(fb, game.deal(seed=d), rules)
            margin = margin if seat == 0 else -margin
            score += ((margin > 0) - (margin < 0) + 1) / 4
        per_deal.append(score)
    mean = sum(per_deal) / len(per_deal)
    sd = math.sqrt(sum((s - mean) ** 2 for s in per_deal) / max(1, len(per_deal) - 1))
    half = 1.96 * sd / math.sqrt(len(per_deal))
    interval = [round(mean - half, 4), round(mean + half, 4)]
    return {"deals": deals, "seed": seed, "score": round(mean, 4), "interval": interval}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("data")
    p.add_argument("--deals", type=int, required=True)
    p.add_argument("--seed", type=int, default=2_000_000)
    p.add_argument("--rollouts", type=int, default=16)
    p.add_argument("--learnt", action="store_true")
    p.add_argument("--out", required=True)
    p = sub.add_parser("fit")
    p.add_argument("files", nargs="+")
    p.add_argument("--ridge", type=float, default=1e-4)
    p.add_argument("--out")
    p.add_argument("--python", action="store_true")
    p = sub.add_parser("duel")
    p.add_argument("-n", type=int, default=3000)
    p.add_argument("--seed", type=int, default=5_000_000)
    p.add_argument("--weights")
    args = parser.parse_args()
    if args.command == "data":
        result = data(args.deals, args.seed, args.rollouts, args.learnt, args.out)
    elif args.command == "fit":
        result = fit(args.files, args.ridge)
        if args.out:
            Path(args.out).write_text(json.dumps(result))
        if args.python:
            for name in ("lead", "follow"):
                print(python_weights(f"{name.upper()}_WEIGHTS", result[name]["weights"]))
            return
    else:
        result = duel(args.n, args.seed, args.weights)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
