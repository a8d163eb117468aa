"""How far skill can go in Briscola Chiamata's seat mode: one seat that sees every card against four medium ones.

The seat mode of ``trionfi tournament briscola-chiamata --bots X,heuristic --mode seat`` puts bot X alone in one
seat among the medium level and pairs its result with medium's own in that seat on the same deal. Here bot X sees
every hand and knows the medium level's every reply (medium is deterministic: its choice follows from what it
sees), and searches all its own card lines for one that wins the deal for its camp (the auction and the call are
medium's, as at the hard level). No player, seeing the cards or not, scores more pairings against medium on these
deals by its card play, so this bounds what the hard level's card play can score in seat mode.

    python benchmarks/chiamata_ceiling.py -n 30 --seed 2031
"""

from __future__ import annotations

import argparse
import math
import sys
import time

import trionfi
from trionfi.agents import make_agent
from trionfi.games.briscola_chiamata import bid_target
from trionfi.tournament import deal_plan, seat_seed

TOTAL = 120  # card points in the pack


def decided(state: object, seat: int) -> bool | None:
    """Whether ``seat``'s camp has won (True) or lost (False) whatever is played from here; None while open."""
    s = state
    if s.current_player is None:  # type: ignore[attr-defined]
        return s.returns()[seat] > 0  # type: ignore[attr-defined]
    if s.phase != "play":  # type: ignore[attr-defined]
        return None
    caller, partner = s.caller, s.partner  # type: ignore[attr-defined]
    taken = s.won[caller] + (s.won[partner] if partner != caller else 0)  # type: ignore[attr-defined]
    left = TOTAL - sum(s.won)  # type: ignore[attr-defined]
    target = bid_target(s.high)  # type: ignore[attr-defined]
    calling = seat in (caller, partner)
    if taken >= target:
        return calling
    if taken + left < target:
        return not calling
    return None


def can_win(state: object, seat: int, bots: list[object]) -> bool:
    """Whether ``seat`` has a line of cards that wins the deal for its camp from ``state`` (not consumed), the
    other seats playing as the medium level."""
    s = state
    while True:
        done = decided(s, seat)
        if done is not None:
            return done
        p = s.current_player  # type: ignore[attr-defined]
        legal = s._legal()  # type: ignore[attr-defined]
        if p == seat and s.phase == "play" and len(legal) > 1:  # type: ignore[attr-defined]
            for a in legal:
                child = s.clone()  # type: ignore[attr-defined]
                child.apply(a)
                if can_win(child, seat, bots):
                    return True
            return False
        if s is state:
            s = s.clone()  # type: ignore[attr-defined]
        s.apply(legal[0] if len(legal) == 1 else bots[p].choose(s.observation(p)))  # type: ignore[attr-defined]


def game_result(game: object, plan: dict, seat: int | None) -> float:
    """The return of ``seat`` (or of every seat: None plays medium everywhere, returning the list) in one game."""
    state = game.deal(seed=plan["seed"], deck=plan["deck"], dealer=game.players - 1)  # type: ignore[attr-defined]
    bots = [make_agent("medium", seed=seat_seed(plan["seed"], s), game=game) for s in range(game.players)]  # type: ignore[attr-defined]
    while state.current_player is not None:
        p = state.current_player
        legal = state._legal()
        action = None
        if p == seat and state.phase == "play" and len(legal) > 1:
            for a in legal:  # the first card whose line wins, else medium's card
                child = state.clone()
                child.apply(a)
                if can_win(child, seat, bots):
                    action = a
                    break
        state.apply(action if action is not None else bots[p].choose(state.observation(p)))
    return state.returns() if seat is None else state.returns()[seat]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-n", "--deals", type=int, default=30)
    parser.add_argument("--seed", type=int, default=2031)
    parser.add_argument("--start", type=int, default=0, help="the first deal")
    args = parser.parse_args()
    game = trionfi.load("briscola-chiamata")
    scores: list[float] = []
    start = time.perf_counter()
    for i in range(args.start, args.start + args.deals):
        plan = deal_plan(game, 2, args.seed, i, mode="seat")
        base = game_result(game, plan, None)
        for seat in range(game.players):
            mine, theirs = game_result(game, plan, seat), base[seat]
            scores.append(1.0 if mine > theirs else 0.0 if mine < theirs else 0.5)
        n = len(scores)
        mean = sum(scores) / n
        half = 1.96 * math.sqrt(sum((x - mean) ** 2 for x in scores) / max(1, n - 1) / n)
        wins, draws = scores.count(1.0), scores.count(0.5)
        print(
            f"deal {i}: {100 * mean:.1f} % [{100 * (mean - half):.1f}, {100 * (mean + half):.1f}] of {n} pairings "
            f"({wins}-{draws}-{n - wins - draws}), {time.perf_counter() - start:.0f} s",
            file=sys.stderr,
            flush=True,
        )
    print(f"seeing every card in one seat against medium: {100 * mean:.1f} % of {n} pairings ({args.deals} deals)")


if __name__ == "__main__":
    main()
