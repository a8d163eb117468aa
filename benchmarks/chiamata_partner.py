"""Briscola Chiamata: how the partner's decisions differ from a defender's, counted over deals of medium bots in
every seat, and how well the reading of them (``agents/chiamata_reading.py``) finds the partner.

    PYTHONPATH=src python benchmarks/chiamata_partner.py --deals 10000 --seed 1

counts each category of decision (``chiamata_reading.play_events``) for the partner and for the defenders over
the first half of the deals and prints the likelihood ratios (the table ``RATIOS``); over the second half, at
each trick a defender leads or follows before the called card shows, it scores the chance the reading gives the
true partner (mean log-loss and how often he is the likeliest) against the uniform chance, for a few tempers.
"""

from __future__ import annotations

import argparse
import math
from collections import Counter
from typing import Any

import trionfi
from trionfi.agents import make_agent
from trionfi.agents.chiamata_reading import FLOOR, partner_odds, play_events

SMOOTH = 2.0  # added to every count (the categories seen rarely keep a ratio near 1)


def deal(game: Any, seed: int) -> tuple[Any, list[dict[str, Any]]]:
    """A deal of medium bots, and the observations of every defender at every move before the reveal."""
    state = game.deal(seed=seed, dealer=seed % 5)
    bots = [make_agent("medium", seed=seed * 7 + s, game=game) for s in range(5)]
    views = []
    while not state.is_terminal():
        seat = state.current_player
        if state.phase == "play" and not state.revealed and state.partner != state.caller:
            for s in range(5):
                if s not in (state.caller, state.partner):
                    views.append(state.observation(s))
        state.apply(bots[seat].choose(state.observation(seat)))
    return state, views


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = trionfi.load("briscola-chiamata")
    counts: dict[str, Counter[str]] = {"partner": Counter(), "defender": Counter()}
    tests: list[tuple[dict[str, Any], int]] = []
    half = args.deals // 2
    for k in range(args.deals):
        state, views = deal(game, args.seed * 1_000_003 + k)
        if state.passed_out or state.partner == state.caller:
            continue
        if k < half:
            final = state.observation(state.caller)
            for s, category in play_events(final):
                counts["partner" if s == state.partner else "defender"][category] += 1
        else:
            tests.extend((v, state.partner) for v in views[:: max(1, len(views) // 12)])
    names = sorted(set(counts["partner"]) | set(counts["defender"]))
    ratios = {}
    print(f"{'category':32} {'partner':>8} {'defender':>9} {'ratio':>7}")
    for name in names:
        # The chance of the decision in its situation (the category without its last two words, or "auction"
        # or "lead"), for the partner over the defender's.
        situation = name.rsplit(" ", 1 if name.split()[0] in ("auction", "lead") else 2)[0]
        same = [x for x in names if x.startswith(situation + " ")]
        p, d = counts["partner"][name], counts["defender"][name]
        total_p = sum(counts["partner"][x] + SMOOTH for x in same)
        total_d = sum(counts["defender"][x] + SMOOTH for x in same)
        ratios[name] = ((p + SMOOTH) / total_p) / ((d + SMOOTH) / total_d)
        print(f"{name:32} {p:8} {d:9} {ratios[name]:7.3f}")
    print("RATIOS = {")
    for name in names:
        print(f'    "{name}": {ratios[name]:.3g},')
    print("}")
    print(f"\n{len(tests)} positions of a defender before the reveal (second half of the deals):")
    for temper, floor in ((0.0, FLOOR), (0.7, FLOOR), (1.0, FLOOR), (1.3, FLOOR), (1.0, 0.01), (1.0, 0.002)):
        loss = 0.0
        top = 0
        for obs, partner in tests:
            odds = partner_odds(obs, ratios, temper, floor)
            loss -= math.log(max(odds[partner], 1e-9))
            top += max(odds, key=odds.__getitem__) == partner
        share = top / len(tests)
        print(f"temper {temper}, floor {floor}: log-loss {loss / len(tests):.3f}, true partner likeliest {share:.1%}")


if __name__ == "__main__":
    main()
