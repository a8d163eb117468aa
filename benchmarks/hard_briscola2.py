"""The hard level against the medium one in 2-player Briscola, step by step: quick paired measurements.

    python benchmarks/hard_briscola2.py duel --variant NAME -n N [--seed S]
    python benchmarks/hard_briscola2.py endgame --variant NAME --stock K -n N [--seed S]
    python benchmarks/hard_briscola2.py compare FILE FILE
    python benchmarks/hard_briscola2.py pool FILE.json ...
    python benchmarks/hard_briscola2.py agree -n N [--seed S]
    python benchmarks/hard_briscola2.py disagree --variant NAME -n N [--seed S] [--stock K]
    python benchmarks/hard_briscola2.py disagreements FILE ...
    python benchmarks/hard_briscola2.py pair LOG LOG [--bot hard] [--other-bot NAME]
    python benchmarks/hard_briscola2.py tournament --variant NAME -n N --seed S --log FILE [-j 2]
    python benchmarks/hard_briscola2.py reading -n N [--seed S] [--hands K]

``duel`` plays N duplicate deals (each deal once with the variant in each seat) of the variant against the
medium level, one process; ``endgame`` plays N deals medium against medium until K cards are left in the stock,
then the variant takes each seat in turn from that same position (only the end of the deal is played, so two
variants differ only by their endgame: a far steadier comparison than whole deals). Each writes one line per
game to ``benchmarks/results/`` (the deal, the variant's seat, its score 1 / 0.5 / 0, its card-point margin)
and prints the score, the mean margin and the variant's processor time per decision (decisions with more than
one legal card). ``compare`` pairs two such files deal by deal: the difference of the scores and margins with
their 95 % intervals. ``pool`` adds up tournaments of the same bots (``trionfi tournament ... --json``, run in
chunks of deals with different seeds) into one score of the first bot with the tournament's own interval.
``agree`` plays N deals medium against medium and counts how often the search's playout rule (its model of the
opponent) makes the medium bot's choice, by the stock's size (decisions with more than one card).
``disagree`` plays the hard level against medium and asks the variant as well wherever the stock holds more
than K cards; where the two choose differently, both cards are played on from the true position by the hard
level (:func:`disagree`); ``disagreements`` sums such files. ``pair`` sets two per-deal logs of the same
duplicate deals (``trionfi tournament ... --log``, the same seed: two versions of a level) side by side, deal
by deal: the bot's score in each on the deals both have and the difference with its 95 % interval (far
narrower than either run's own: the luck of the cards is the same on both sides). ``reading`` measures how
well the weights read the opponent's hand: in N deals of medium against medium, at each decision while the
stock lasts, every hand the opponent may hold (or K of them drawn) is weighed by its history at several rates,
and the log loss of the true hand's cards is averaged (each unseen card's chance of being in that hand, from
the weights; the same without the history is the prior's). ``tournament`` is ``trionfi tournament briscola
--bots hard,heuristic`` with the variant in the hard level's place (named ``hard-NAME`` in the log): the same
deals and seeds as the Strength table's run of that seed, a per-deal log that a stopped run goes on with, and
``pair NEW OLD --bot hard-NAME --other-bot hard`` then sets it against the level's own log deal by deal.
Variants are the hard level with some settings changed (below). Run under ``nice -n 10``
and say the load average (``uptime``) next to the figures.
"""

from __future__ import annotations

import argparse
import json
import math
import resource
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import track

import trionfi
from trionfi.agents import make_agent
from trionfi.tournament import per_deal_scores, rate_interval

RESULTS = Path(__file__).resolve().parent / "results"
PROGRESS = Console(stderr=True)  # the progress bar on the terminal, the JSON answer alone on standard output

# Variant -> settings of the search agent changed from the hard level's (agents/__init__.py).
VARIANTS: dict[str, dict[str, Any]] = {
    "hard": {},  # the level as it is
    # The level before the opponent's whole history and the best answer to its rule (November 2026).
    "before": {"history": 0.0, "pool": 0, "respond": False},
    "history": {"history": 0.9, "pool": 0, "respond": False},
    "resample": {"history": 0.9, "pool": 4000, "respond": False},
    "respond": {"history": 0.0, "pool": 0, "respond": True},
    "both": {"history": 0.9, "pool": 4000, "respond": True},
    "respond12": {"history": 0.0, "pool": 0, "respond": True, "solve_cards": 12},
    # The hard level with its exact best answer to the opponent's rule from further back (12: stock 6; 14: stock 8).
    "hard12": {"solve_cards": 12},
    "hard14": {"solve_cards": 14},
    # The hard level whose exact endgames do not read the world's stock order: each draw is any face-down card.
    "draws": {"draws": True},
    "draws12": {"draws": True, "solve_cards": 12},
    # Random cards in the playouts (the batched search gained from 10 %): both sides, or only the searcher's own.
    "eps10": {"epsilon": 0.1},
    "self10": {"epsilon": 0.1, "self_noise": True},
    # The seat's next card chosen from what it would see then, on the other half of the worlds (``lookahead``).
    "look": {"lookahead": True},
    # The worlds scored drawn by weight from every hand the opponent may hold, each weighed exactly (not a pool).
    "every": {"every_hand": True},
    # The point margin's weight in a world's score (2 at the hard level: a 60-point margin counts as much as the
    # win itself); lower, the choice leans on winning, what the Strength table counts.
    "pw05": {"points_weight": 0.5},
    "pw4": {"points_weight": 4.0},
    "pw8": {"points_weight": 8.0},
    # Twice the worlds scored and twice the work (the level uses about a fifth of its second a move).
    "w2000": {"samples": 2000, "work": 200_000},
    # How much a perfect reading of the opponent's hand could give: the level is told its cards (not the stock's
    # order) as if they had been shown (``peek``: a benchmark's setting, read by :func:`_play_on`).
    "peek": {"peek": True},
    # A sharper reading: the medium bot follows the rule in 99.4 % of its choices, the weights assumed 90 %.
    "sharp": {"history": 0.99},
    # The searching seat's own later cards in the playouts by the learnt rule (agents/briscola2_learnt.py).
    "own": {"own_rule": True},
    # The bonus of the rule of thumb's card among near-equal scores (0.03 at the hard level).
    "prior0": {"prior": 0.0},
    "prior1": {"prior": 0.1},
}


def _agent(variant: str, seed: int, game: Any) -> Any:
    agent = make_agent("hard", seed=seed, game=game)
    for key, value in VARIANTS[variant].items():
        setattr(agent, key, value)
    return agent


def _play_on(state: Any, agents: list[Any], seat: int, seconds: list[float]) -> dict[str, Any]:
    while state.current_player is not None:
        p = state.current_player
        observation = state.observation(p)
        if getattr(agents[p], "peek", False):
            shown = {str(1 - p): [str(c) for c in state.hands[1 - p]]}
            observation = {**observation, "known_cards": {**(observation.get("known_cards") or {}), **shown}}
        start = time.process_time()
        action = agents[p].choose(observation)
        if p == seat and len(observation["legal_actions"]) > 1:
            seconds.append(time.process_time() - start)
        state.apply(action, seat=p)
    points = state.points()
    return {"seat": seat, "score": (state.returns()[seat] + 1) / 2, "margin": points[seat] - points[1 - seat]}


def run(variant: str, deals: int, seed: int, stock: int | None) -> dict[str, Any]:
    """Play the deals (module docstring); write the per-game lines and return the summary."""
    game = trionfi.load("briscola")
    games, seconds = [], []
    for d in track(range(seed, seed + deals), description=f"{variant}: deals", console=PROGRESS):
        for seat in (0, 1):
            state = game.deal(seed=d)
            medium = [make_agent("medium", seed=d, game=game) for _ in range(2)]
            if stock is not None:  # medium against medium up to the endgame, the same position for both seats
                while len(state.stock) > stock or state.trick:
                    p = state.current_player
                    state.apply(medium[p].choose(state.observation(p)), seat=p)
            agents = list(medium)
            agents[seat] = _agent(variant, 2 * d + seat, game)
            games.append({"deal": d, **_play_on(state, agents, seat, seconds)})
    RESULTS.mkdir(exist_ok=True)
    where = "duel" if stock is None else f"endgame{stock}"
    path = RESULTS / f"hard2p-{where}-{variant}-{seed}-{deals}.jsonl"
    path.write_text("".join(json.dumps(g) + "\n" for g in games))
    scores = [g["score"] for g in games]
    return {
        "variant": variant,
        "what": where,
        "deals": deals,
        "seed": seed,
        "score": sum(scores) / len(scores),
        "interval": _interval(_per_deal(games, "score")),
        "margin": sum(g["margin"] for g in games) / len(games),
        "decisions": len(seconds),
        "mean cpu s": sum(seconds) / len(seconds),
        "max cpu s": max(seconds),
        "process cpu s": resource.getrusage(resource.RUSAGE_SELF).ru_utime,
        "file": str(path),
    }


def _per_deal(games: list[dict[str, Any]], key: str) -> dict[int, float]:
    """A deal's mean over its two seatings (duplicate deals: the pair is the unit of the interval)."""
    found: dict[int, list[float]] = {}
    for g in games:
        found.setdefault(g["deal"], []).append(g[key])
    return {d: sum(v) / len(v) for d, v in found.items() if len(v) == 2}


def _interval(values: dict[int, float]) -> list[float]:
    """The mean with a normal 95 % interval."""
    xs = list(values.values())
    mean = sum(xs) / len(xs)
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / max(1, len(xs) - 1))
    half = 1.96 * sd / math.sqrt(len(xs))
    return [round(mean - half, 4), round(mean + half, 4)]


def compare(first: str, second: str) -> dict[str, Any]:
    """The first file's score and margin minus the second's, deal by deal, with 95 % intervals."""
    a, b = ([json.loads(line) for line in Path(f).read_text().splitlines()] for f in (first, second))
    found: dict[str, Any] = {"first": first, "second": second}
    for key in ("score", "margin"):
        x, y = _per_deal(a, key), _per_deal(b, key)
        both = sorted(set(x) & set(y))
        diff = {d: x[d] - y[d] for d in both}
        found["deals"] = len(both)
        found[key] = [round(sum(diff.values()) / len(diff), 4), _interval(diff)]
    return found


def pool(files: list[str]) -> dict[str, Any]:
    """The first bot's score over the deals of all the tournaments in ``files`` (module docstring)."""
    pairs: list[tuple[float, int]] = []
    seconds = 0.0
    for f in files:
        result = json.loads(Path(f).read_text())
        labels = [b["label"] for b in result["bots"]]
        pairs += per_deal_scores(result["log"], labels, result["sides"])[labels[0]]
        seconds += result["seconds"]
        first = labels[0]
    rate, low, high = rate_interval(pairs)
    return {
        "bot": first,
        "tournaments": len(files),
        "deals": len(pairs),
        "games": sum(g for _, g in pairs),
        "score_rate": round(rate, 4),
        "interval": [round(low, 4), round(high, 4)],
        "seconds": round(seconds),
    }


def _played_on(game: Any, state: Any, seat: int, action: str, seed: int) -> tuple[float, int]:
    """The seat's score (1 / 0.5 / 0) and card-point margin when it plays ``action`` and the hard level goes on
    for it against the medium level."""
    state = state.clone()
    state.apply(action, seat=seat)
    agents = [make_agent("hard", seed=seed, game=game), make_agent("medium", seed=seed, game=game)]
    if seat:
        agents.reverse()
    while state.current_player is not None:
        p = state.current_player
        state.apply(agents[p].choose(state.observation(p)), seat=p)
    points = state.points()
    return (state.returns()[seat] + 1) / 2, points[seat] - points[1 - seat]


def disagree(variant: str, deals: int, seed: int, stock: int) -> dict[str, Any]:
    """Deals of the hard level against medium (seat 0 in even deals, 1 in odd ones): wherever the stock holds more
    than ``stock`` cards, the variant is asked too on the same observation with the same seed, and where it
    chooses another card both cards are played on from the true position, the hard level going on for the seat
    (the same seed for both). Only the decisions that differ are played twice, and each from the same cards:
    a far steadier comparison of two levels' choices than whole deals. One line a disagreement and one a deal."""
    game = trionfi.load("briscola")
    RESULTS.mkdir(exist_ok=True)
    path = RESULTS / f"hard2p-disagree-{variant}-{seed}-{deals}.jsonl"
    lines = []
    for d in track(range(seed, seed + deals), description=f"{variant}: deals", console=PROGRESS):
        seat = d % 2
        state = game.deal(seed=d)
        medium = make_agent("medium", seed=d, game=game)
        asked = differ = step = 0
        cpu = [0.0, 0.0]
        while state.current_player is not None:
            p = state.current_player
            observation = state.observation(p)
            s = 100 * d + step
            if p != seat:
                action = medium.choose(observation)
            elif len(observation["legal_actions"]) > 1 and len(state.stock) > stock:
                start = time.process_time()
                action = make_agent("hard", seed=s, game=game).choose(observation)
                middle = time.process_time()
                other = _agent(variant, s, game).choose(observation)
                cpu[0] += middle - start
                cpu[1] += time.process_time() - middle
                asked += 1
                if other != action:
                    differ += 1
                    base, new = (_played_on(game, state, p, a, s + 7) for a in (action, other))
                    line = {"deal": d, "step": step, "stock": len(state.stock), "base": action, "variant": other}
                    lines.append({**line, "score": [base[0], new[0]], "margin": [base[1], new[1]]})
            else:
                action = make_agent("hard", seed=s, game=game).choose(observation)
            state.apply(action, seat=p)
            step += 1
        lines.append({"deal": d, "positions": asked, "differ": differ, "cpu": cpu})
        path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return disagreements([str(path)])


def _log_scores(path: str, bot: str) -> dict[int, float]:
    """A tournament log's per-deal score of ``bot`` (wins and half the draws over the deal's games)."""
    found: dict[int, float] = {}
    for line in Path(path).read_text().splitlines()[1:]:
        entry = json.loads(line)
        scores = [(g["returns"][g["seats"].index(bot)] + 1) / 2 for g in entry["games"] if bot in g["seats"]]
        found[entry["deal"]] = sum(scores) / len(scores)
    return found


def pair(first: str, second: str, bot: str, other: str | None = None) -> dict[str, Any]:
    """``bot``'s score in two logs of the same deals (``other``'s in the second, if named), on the deals both
    have, and the first minus the second."""
    a, b = _log_scores(first, bot), _log_scores(second, other or bot)
    both = sorted(set(a) & set(b))
    return {
        "first": first,
        "second": second,
        "deals": len(both),
        "first score": [round(sum(a[d] for d in both) / len(both), 4), _interval({d: a[d] for d in both})],
        "second score": [round(sum(b[d] for d in both) / len(both), 4), _interval({d: b[d] for d in both})],
        "difference": [
            round(sum(a[d] - b[d] for d in both) / len(both), 4),
            _interval({d: a[d] - b[d] for d in both}),
        ],
    }


def tournament(variant: str, deals: int, seed: int, log: str, jobs: int) -> dict[str, Any]:
    """The Strength table's tournament (hard against medium) with the variant as the hard level, logged per deal."""
    from trionfi.agents import LEVELS
    from trionfi.tournament import run_tournament

    name, budget, settings = LEVELS["hard"]
    label = f"hard-{variant}"
    # Worker processes are forked, so they inherit the level registered here.
    LEVELS[label] = (name, budget, {**settings, **VARIANTS[variant]})
    result = run_tournament(trionfi.load("briscola"), [label, "heuristic"], deals, seed=seed, jobs=jobs, log=log)
    return {"variant": variant, "log": log, "seconds": result["seconds"], "results": result["results"]}


READING_RATES = (0.7, 0.9, 0.95, 0.99, 0.999)


def reading(deals: int, seed: int, hands: int) -> dict[str, Any]:
    """The log loss of the opponent's true cards under the history's weights, by rate (module docstring)."""
    import itertools
    import random

    from trionfi.agents.briscola2 import FastWorlds, briscola2

    game = trionfi.load("briscola")
    fb = briscola2(game)
    loss = dict.fromkeys(READING_RATES, 0.0)
    prior = 0.0
    decisions = 0
    for d in track(range(seed, seed + deals), description="reading: deals", console=PROGRESS):
        state = game.deal(seed=d)
        bots = [make_agent("medium", seed=d + s, game=game) for s in range(2)]
        while state.current_player is not None:
            p = state.current_player
            obs = state.observation(p)
            maker = FastWorlds(fb, obs, game.hand_size) if obs["stock"] and obs["tricks"] else None
            if maker is not None and maker.history and len(obs["legal_actions"]) > 1:
                truth = {fb.number[c] for c in state.hands[1 - p]} - set(maker.known)
                unseen = maker.unseen
                combos = list(itertools.combinations(unseen, maker.need))
                if len(combos) > hands:
                    combos = random.Random(d * 100 + len(obs["tricks"])).sample(combos, hands)
                for rate in READING_RATES:
                    weights = [maker.history_weight(fb, maker.known + list(h), rate) for h in combos]
                    total = sum(weights) or 1.0
                    chance = dict.fromkeys(unseen, 0.0)
                    for h, w in zip(combos, weights, strict=True):
                        for c in h:
                            chance[c] += w / total
                    for c in unseen:
                        q = min(max(chance[c], 1e-4), 1 - 1e-4)
                        loss[rate] -= math.log(q if c in truth else 1 - q)
                q = maker.need / len(unseen)
                prior -= len(truth) * math.log(q) + (len(unseen) - len(truth)) * math.log(1 - q)
                decisions += 1
            state.apply(bots[p].choose(obs), seat=p)
    return {
        "deals": deals,
        "seed": seed,
        "decisions": decisions,
        "prior": round(prior / decisions, 3),
        "log loss by rate": {str(r): round(v / decisions, 3) for r, v in loss.items()},
    }


def disagreements(files: list[str]) -> dict[str, Any]:
    """The variant's score and margin minus the hard level's where they chose differently (``disagree`` files)."""
    rows = [json.loads(line) for f in files for line in Path(f).read_text().splitlines()]
    found = [r for r in rows if "variant" in r]
    deals = [r for r in rows if "positions" in r]
    summary: dict[str, Any] = {"deals": len(deals), "positions": sum(r["positions"] for r in deals)}
    summary["disagreements"] = len(found)
    for key in ("score", "margin"):
        diff = {i: r[key][1] - r[key][0] for i, r in enumerate(found)}
        summary[key] = [round(sum(diff.values()) / len(diff), 4), _interval(diff)] if len(diff) > 1 else None
    summary["better / worse / same"] = [
        sum(r["score"][1] > r["score"][0] for r in found),
        sum(r["score"][1] < r["score"][0] for r in found),
        sum(r["score"][1] == r["score"][0] for r in found),
    ]
    if deals:  # the score per game the variant's choices gain: the hard level plays one game a deal here
        summary["score per game"] = round(sum(r["score"][1] - r["score"][0] for r in found) / len(deals), 4)
        summary["cpu per decision, hard / variant"] = [
            round(sum(r["cpu"][i] for r in deals) / max(1, summary["positions"]), 3) for i in (0, 1)
        ]
    return summary


def agree(deals: int, seed: int) -> dict[str, Any]:
    """How often the playout rule (lead_card, follow_card on the true position) is the medium bot's choice."""
    from trionfi.agents.briscola2 import briscola2, follow_card, lead_card, playout_tables

    game = trionfi.load("briscola")
    fb = briscola2(game)
    medium = make_agent("medium", seed=seed, game=game)
    counts: dict[str, list[int]] = {}
    for d in track(range(seed, seed + deals), description="agree: deals", console=PROGRESS):
        state = game.deal(seed=d)
        while state.current_player is not None:
            p = state.current_player
            action = medium.choose(state.observation(p))
            hands, stock, _, led, _, unplayed, trump = fb.position(state)
            if len(hands[p]) > 1:
                tables, n = playout_tables(fb, trump), len(stock)
                turned = stock[0] if n and trump >= 0 else -1
                if led < 0:
                    rule, kind = lead_card(fb, tables, hands[p], unplayed, n, len(hands[1 - p]), turned), "lead"
                else:
                    rule, kind = follow_card(fb, tables, hands[p], hands[p], led, unplayed, n, turned), "answer"
                same = str(fb.cards[rule]) == str(action)
                for key in (kind, f"{kind}, stock {n}"):
                    counts.setdefault(key, [0, 0])
                    counts[key][0] += same
                    counts[key][1] += 1
            state.apply(action, seat=p)
    return {key: [round(same / total, 4), total] for key, (same, total) in sorted(counts.items())}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    for name in ("duel", "endgame"):
        p = sub.add_parser(name)
        p.add_argument("--variant", choices=list(VARIANTS), default="hard")
        p.add_argument("-n", type=int, default=100)
        p.add_argument("--seed", type=int, default=1000)
        if name == "endgame":
            p.add_argument("--stock", type=int, default=4)
    c = sub.add_parser("compare")
    c.add_argument("files", nargs=2)
    t = sub.add_parser("pool")
    t.add_argument("files", nargs="+")
    g = sub.add_parser("disagree")
    g.add_argument("--variant", choices=list(VARIANTS), default="look")
    g.add_argument("-n", type=int, default=100)
    g.add_argument("--seed", type=int, default=30_000)
    g.add_argument("--stock", type=int, default=4, help="ask the variant while the stock holds more cards")
    v = sub.add_parser("disagreements")
    v.add_argument("files", nargs="+")
    pr = sub.add_parser("pair")
    pr.add_argument("files", nargs=2)
    pr.add_argument("--bot", default="hard")
    pr.add_argument("--other-bot", default=None, help="the bot's name in the second log, if not the same")
    tn = sub.add_parser("tournament")
    tn.add_argument("--variant", choices=list(VARIANTS), required=True)
    tn.add_argument("-n", type=int, default=2000)
    tn.add_argument("--seed", type=int, default=2026)
    tn.add_argument("--log", required=True)
    tn.add_argument("-j", type=int, default=2)
    rd = sub.add_parser("reading")
    rd.add_argument("-n", type=int, default=30)
    rd.add_argument("--seed", type=int, default=61_000)
    rd.add_argument("--hands", type=int, default=3000, help="hands weighed at most per decision")
    a = sub.add_parser("agree")
    a.add_argument("-n", type=int, default=300)
    a.add_argument("--seed", type=int, default=10_000)
    args = parser.parse_args()
    if args.what == "compare":
        print(json.dumps(compare(*args.files)))
    elif args.what == "pool":
        print(json.dumps(pool(args.files)))
    elif args.what == "disagree":
        print(json.dumps(disagree(args.variant, args.n, args.seed, args.stock)))
    elif args.what == "disagreements":
        print(json.dumps(disagreements(args.files)))
    elif args.what == "reading":
        print(json.dumps(reading(args.n, args.seed, args.hands)))
    elif args.what == "pair":
        print(json.dumps(pair(*args.files, args.bot, args.other_bot)))
    elif args.what == "tournament":
        print(json.dumps(tournament(args.variant, args.n, args.seed, args.log, args.j), default=str))
    elif args.what == "agree":
        print(json.dumps(agree(args.n, args.seed)))
    else:
        print(json.dumps(run(args.variant, args.n, args.seed, args.stock if args.what == "endgame" else None)))


if __name__ == "__main__":
    main()
