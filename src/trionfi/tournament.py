"""Duplicate-deal tournaments between bots.

The luck of the cards is large in these games: a strong bot dealt poor cards loses to a weak one. A *duplicate*
tournament cancels most of it by dealing every deck several times, once per seating of the bots (a
*lineup*), so that each bot holds every hand:

* deal ``i`` draws, from ``random.Random(f"trionfi-tournament:{seed}:{i}")``, a deal seed (for the game's own
  random events), the shuffled deck (the order of ``game.deck``) and an order of the bots;
* the bots are seated round robin in that order (seat ``s`` gets bot ``order[s % k]``), and the seating is
  rotated one seat at a time, each distinct rotation being one game of the deal. Two bots in a two-sided game
  thus play each deck twice, once on each side; ``k`` bots in ``k`` seats play it ``k`` times, each in every seat;
* the bot at seat ``s`` of a deal always gets the same random seed, whichever bot it is, so two copies of one
  bot score exactly 50 % against each other.

Everything about deal ``i`` depends only on ``(seed, i)``: results are the same however the deals are split
between processes (``jobs``) or machines (``backend="ray"``).

Each game is scored per *side* (a partnership, or a seat in games without partners): the side wins when its
return (``state.returns()``) is positive, loses when negative, draws at zero. A bot is credited with the result
of every side it sits on. Its *score rate* is (wins + draws / 2) / games. Its 95 % interval accounts for the
pairing (the games of one deck are linked: the same good cards tend to win for whichever bot holds them, the
luck the duplicate cancels): the variance of the rate is estimated over whole deals (the cluster-robust
variance of a ratio; for equal games per deal, the variance of the per-deal means) and turned into a Wilson
interval for the number of independent games it is worth (see :func:`paired_interval`).

With more than two sides and partnerships made during the deal (Briscola Chiamata's caller and secret partner
against three), a bot's rate over the rotations is not head to head: it is credited with every seat it holds,
and the seats of one deal do not share one result. ``mode="seat"`` measures two bots head to head there: each
deal is played once by the second bot in every seat (the *baseline*), then once per seat with the first bot in
that seat alone; the first bot wins a pairing when its seat's return beats that seat's return in the baseline,
draws when they are equal (a pairing is scored like a two-sided game: the rates add to 100 %). The second bot's
row shows the same pairings from the baseline's side.
"""

from __future__ import annotations

import concurrent.futures
import functools
import json
import math
import os
import random
import signal
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from .agents import AGENTS, GAME_LEVELS, LEVELS, make_agent
from .engine import Game
from .errors import OptionError, TrionfiError, shown
from .records import read_json
from .shuffling import shuffle
from .tournament_log import DealLog, log_header

FORMAT = "trionfi-tournament"
VERSION = 1
Z95 = 1.959963984540054
MAX_ACTIONS = 20_000  # no deal of any game comes near: more means a bot or game loops
BACKENDS = ("local", "ray")
MODES = ("rotate", "seat")  # every bot in every seat; or the first bot alone in one seat (module docstring)

Progress = Callable[[int, int], None]


class TournamentError(TrionfiError):
    """A tournament that cannot be run as asked (bad bots, backend, result file...)."""


# --- the bots -------------------------------------------------------------------------------------------------
def parse_bots(bots: str | Sequence[str]) -> list[str]:
    """The bot specs of ``"hard,heuristic"`` (or a list): names or levels, checked, at least two."""
    specs = [b.strip() for b in (bots.split(",") if isinstance(bots, str) else bots)]
    specs = [b for b in specs if b]
    if len(specs) < 2:
        raise TournamentError(
            "a tournament needs at least two bots separated by commas, e.g. --bots hard,heuristic "
            "(a bot against itself: heuristic,heuristic)"
        )
    for spec in specs:
        if spec not in AGENTS and spec not in LEVELS:
            raise OptionError(
                f"no bot named {spec!r}; the bots are: {', '.join(AGENTS)}, or a level: {', '.join(LEVELS)}"
            )
    return specs


def bot_labels(specs: Sequence[str]) -> list[str]:
    """Distinct labels: a bot named twice becomes ``random`` and ``random#2``."""
    labels: list[str] = []
    for spec in specs:
        label, n = spec, 1
        while label in labels:
            n += 1
            label = f"{spec}#{n}"
        labels.append(label)
    return labels


def describe_bot(spec: str, budget: float | None, game: str | None = None) -> dict[str, Any]:
    """What a spec stands for now: the agent and its time budget (levels change as stronger bots land), with
    the settings a level takes in ``game`` (``agents.GAME_LEVELS``)."""
    agent, level_budget, settings = LEVELS.get(spec, (spec, None, {}))
    settings = {**settings, **GAME_LEVELS.get((spec, game), {})} if game is not None else settings
    return {"agent": agent, "budget": budget if budget is not None else level_budget, "settings": settings}


def seat_seed(deal_seed: int, seat: int) -> int:
    """The random seed of the bot at ``seat`` in a deal: the same whichever bot sits there."""
    return random.Random(deal_seed * 1009 + seat).getrandbits(32)


# --- one deal, all its lineups --------------------------------------------------------------------------------
def deal_plan(game: Game, n_bots: int, seed: int, index: int, mode: str = "rotate") -> dict[str, Any]:
    """Deal ``index`` of a tournament: its seed, stacked deck (top first) and lineups (bot index per seat).
    In ``seat`` mode the lineups are the baseline (bot 1 everywhere), then bot 0 alone in seat 0, 1, 2..."""
    rng = random.Random(f"trionfi-tournament:{seed}:{index}")
    deal_seed = rng.getrandbits(63)
    deck = [str(c) for c in game.deck]
    shuffle(deck, rng)
    order = list(range(n_bots))
    shuffle(order, rng)
    n = game.players
    if mode == "seat":
        return {
            "seed": deal_seed,
            "deck": deck,
            "lineups": [[0 if s == alone else 1 for s in range(n)] for alone in range(-1, n)],
        }
    base = [order[s % n_bots] for s in range(n)]
    lineups: list[list[int]] = []
    for r in range(n):
        lineup = base[r:] + base[:r]
        if lineup not in lineups:
            lineups.append(lineup)
    return {"seed": deal_seed, "deck": deck, "lineups": lineups}


def play_game(
    game: Game, deck: Sequence[str], deal_seed: int, seats: Sequence[str], budget: float | None
) -> tuple[list[float], list[float]]:
    """Play one stacked deal with bot ``seats[s]`` at seat ``s``; (returns per seat, points per side).

    Bots are handed only their own observation; the dealer is the game's usual first dealer (seat n - 1)."""
    state = game.deal(seed=deal_seed, deck=deck, dealer=game.players - 1)
    agents = [make_agent(spec, seed=seat_seed(deal_seed, s), game=game, budget=budget) for s, spec in enumerate(seats)]
    for _ in range(MAX_ACTIONS):
        p = state.current_player
        if p is None:
            return [float(r) for r in state.returns()], [float(x) for x in state.points()]
        action = agents[p].choose(state.observation(p))
        try:
            state.apply(action, seat=p)
        except TrionfiError as e:
            raise TournamentError(f"bot {seats[p]!r} at seat {p} chose {action!r} (deal seed {deal_seed}): {e}") from e
    raise TournamentError(f"a deal (seed {deal_seed}) did not end after {MAX_ACTIONS} actions")


def play_deal(
    game: Game,
    specs: Sequence[str],
    labels: Sequence[str],
    seed: int,
    index: int,
    budget: float | None,
    mode: str = "rotate",
) -> dict[str, Any]:
    """Deal ``index`` played in all its lineups: one entry of the tournament log."""
    plan = deal_plan(game, len(specs), seed, index, mode)
    games = []
    for lineup in plan["lineups"]:
        returns, points = play_game(game, plan["deck"], plan["seed"], [specs[b] for b in lineup], budget)
        games.append({"seats": [labels[b] for b in lineup], "returns": returns, "points": points})
    return {"deal": index, "seed": plan["seed"], "games": games}


@functools.lru_cache(maxsize=8)
def _game(name: str, options_json: str) -> Game:
    import trionfi

    return trionfi.load(name, **json.loads(options_json))


def play_chunk(
    name: str,
    options_json: str,
    specs: Sequence[str],
    budget: float | None,
    seed: int,
    start: int,
    stop: int,
    mode: str = "rotate",
) -> list[dict[str, Any]]:
    """Deals ``start`` to ``stop - 1``: what a worker process (or Ray task) runs. The game is rebuilt from its
    name and options, so only plain data crosses between processes."""
    game = _game(name, options_json)
    labels = bot_labels(specs)
    return [play_deal(game, specs, labels, seed, i, budget, mode) for i in range(start, stop)]


def chunks(deals: int | Sequence[int], jobs: int, size: int | None = None) -> list[tuple[int, int]]:
    """Deal ranges for the workers: small enough for a smooth progress bar and an even load with slow bots (a
    deal of searching bots takes minutes), large enough that the hand-over costs little with fast ones.
    ``deals`` is a number (deals 0 to N - 1) or the deal numbers still to play (a run going on from a log)."""
    todo = sorted(range(deals) if isinstance(deals, int) else set(deals))
    if size is None:
        size = max(1, min(4, math.ceil(len(todo) / (8 * max(1, jobs)))))
    ranges: list[tuple[int, int]] = []
    for i in todo:  # runs of consecutive numbers, cut every `size` deals
        if ranges and ranges[-1][1] == i and i - ranges[-1][0] < size:
            ranges[-1] = (ranges[-1][0], i + 1)
        else:
            ranges.append((i, i + 1))
    return ranges


# --- running ----------------------------------------------------------------------------------------------------
def run_tournament(
    game: Game,
    bots: str | Sequence[str],
    deals: int,
    seed: int = 0,
    jobs: int | None = None,
    backend: str = "local",
    address: str | None = None,
    budget: float | None = None,
    progress: Progress | None = None,
    chunk_size: int | None = None,
    mode: str = "rotate",
    log: str | Path | None = None,
) -> dict[str, Any]:
    """Play a duplicate tournament and return its results as a JSON-ready dict (see :func:`summarize`).

    ``jobs`` worker processes (default: the number of cores; 1 plays in this process) or, with
    ``backend="ray"``, Ray tasks on the cluster at ``address`` (a local Ray with ``jobs`` CPUs when None).
    ``progress(done, total)`` is called as deals finish. ``mode`` is ``rotate`` or ``seat`` (module
    docstring). ``log``: a file that keeps each deal as it finishes; the deals it already holds are not played
    again (:mod:`trionfi.tournament_log`), and ``seconds`` is then this run's time."""
    specs = parse_bots(bots)
    if mode not in MODES:
        raise TournamentError(f"unknown mode {mode!r}; the modes are: {', '.join(MODES)}")
    if mode == "seat" and len(specs) != 2:
        raise TournamentError(
            "the seat mode compares two bots (the first alone in one seat, the second everywhere else),"
            f" not {len(specs)}"
        )
    if not isinstance(deals, int) or deals < 1:
        raise TournamentError(f"the number of deals must be at least 1, not {deals!r}")
    if backend not in BACKENDS:
        raise TournamentError(f"unknown backend {backend!r}; the backends are: {', '.join(BACKENDS)}")
    if address is not None and backend != "ray":
        raise TournamentError("an address is for the ray backend: add --backend ray")
    jobs = jobs if jobs is not None else (os.cpu_count() or 1)
    if jobs < 1:
        raise TournamentError(f"jobs must be at least 1, not {jobs}")
    options_json = json.dumps(game._given, sort_keys=True)
    _game(game.name, options_json)  # options that do not load fail here, not in a worker
    work = (game.name, options_json, specs, budget, seed)
    kept = None
    if log is not None:
        header = log_header(game.name, json.loads(options_json), specs, seed, mode, budget)
        lineups = len(deal_plan(game, len(specs), seed, 0, mode)["lineups"])
        kept = DealLog(log, header, lineups, TournamentError)
    have = kept.deals if kept is not None else {}
    for i in range(deals):  # a deal in the file must be the one this seed deals (a file edited by hand...)
        if i in have and have[i].get("seed") != deal_plan(game, len(specs), seed, i, mode)["seed"]:
            raise TournamentError(
                f"{str(log)!r}: deal {i} is not the deal {i} of seed {seed}; the file is left as it is"
            )
    done = [have[i] for i in range(deals) if i in have]
    ranges = chunks([i for i in range(deals) if i not in have], jobs, chunk_size)
    finished = list(done)

    def finish(entries: list[dict[str, Any]]) -> None:
        if kept is not None:
            kept.add(entries)
        finished.extend(entries)
        if progress is not None:
            progress(len(finished), deals)

    if progress is not None and done:
        progress(len(done), deals)
    start = time.perf_counter()
    if not ranges:
        pass  # every deal came from the log
    elif backend == "ray":
        _run_ray(work, ranges, jobs, address, finish, mode)
    elif jobs == 1 or len(ranges) == 1:
        _run_here(work, ranges, finish, mode)
    else:
        _run_processes(work, ranges, jobs, finish, mode)
    seconds = time.perf_counter() - start
    finished.sort(key=lambda entry: entry["deal"])
    labels = bot_labels(specs)
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game.name,
        "title": game.title,
        "options": json.loads(options_json),  # a copy: the result is the caller's own
        "players": game.players,
        "sides": [list(side) for side in game.sides],
        "bots": [
            {"label": lab, "spec": s, **describe_bot(s, budget, game.name)}
            for lab, s in zip(labels, specs, strict=True)
        ],
        "deals": deals,
        "seed": seed,
        "backend": backend,
        "jobs": jobs,
        "seconds": round(seconds, 3),
        "mode": mode,
        "results": summarize(finished, labels, [list(side) for side in game.sides], mode),
        **({"from_log": len(done)} if kept is not None else {}),  # deals not played by this run
        "log": finished,
    }


# Each runner hands every chunk's entries to ``finish`` as the chunk ends (kept in the log at once).
Finish = Callable[[list[dict[str, Any]]], None]


def _run_here(work: tuple, ranges: list[tuple[int, int]], finish: Finish, mode: str = "rotate") -> None:
    for a, b in ranges:
        finish(play_chunk(*work, a, b, mode))


def _run_processes(work: tuple, ranges: list[tuple[int, int]], jobs: int, finish: Finish, mode: str = "rotate") -> None:
    pool = concurrent.futures.ProcessPoolExecutor(max_workers=min(jobs, len(ranges)), initializer=_ignore_ctrl_c)
    try:
        futures = [pool.submit(play_chunk, *work, a, b, mode) for a, b in ranges]
        for future in concurrent.futures.as_completed(futures):
            finish(future.result())
    except BaseException:
        # Ctrl-C or a failed chunk: stop at once rather than wait for the chunks already running.
        _stop_workers(pool)
        raise
    pool.shutdown()


def _ignore_ctrl_c() -> None:
    """In a worker: Ctrl-C reaches the whole process group, and the main process alone answers it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stop_workers(pool: concurrent.futures.ProcessPoolExecutor) -> None:
    """Cancel what has not started and end the workers now (Python 3.14 has ``terminate_workers``)."""
    terminate = getattr(pool, "terminate_workers", None)
    if terminate is not None:
        terminate()
        return
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()


def _run_ray(
    work: tuple,
    ranges: list[tuple[int, int]],
    jobs: int,
    address: str | None,
    finish: Finish,
    mode: str = "rotate",
) -> None:
    try:
        import ray
    except ImportError:
        raise TournamentError("the ray backend needs Ray: pip install 'trionfi[ray]'") from None
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")  # no reports sent anywhere from a tournament
    started = False
    if not ray.is_initialized():
        try:
            if address is not None:
                ray.init(address=address, log_to_driver=False)
            else:
                ray.init(num_cpus=jobs, include_dashboard=False, log_to_driver=False)
        except Exception as e:  # Ray raises ConnectionError, RuntimeError, ValueError... for a bad cluster
            where = f"the Ray cluster at {address!r}" if address is not None else "a local Ray"
            raise TournamentError(f"cannot start or join {where}: {e}") from e
        started = True
    try:
        task = ray.remote(play_chunk)
        pending = [task.remote(*work, a, b, mode) for a, b in ranges]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                finish(ray.get(ref))
    finally:
        if started:
            ray.shutdown()


# --- the figures ----------------------------------------------------------------------------------------------
def game_results(game_entry: dict[str, Any], sides: Sequence[Sequence[int]]) -> list[tuple[str, int, float, float]]:
    """(bot, side, return, card points) for every side a bot sits on in one game (once per side, even when a
    bot holds both seats of a partnership)."""
    seats, returns, points = game_entry["seats"], game_entry["returns"], game_entry["points"]
    rows = []
    for i, side in enumerate(sides):
        for bot in dict.fromkeys(seats[s] for s in side):
            rows.append((bot, i, float(returns[side[0]]), float(points[i]) if i < len(points) else 0.0))
    return rows


def outcome_value(r: float) -> float:
    """A side's result as a score: 1 won, 0.5 drawn, 0 lost."""
    return 1.0 if r > 0 else 0.0 if r < 0 else 0.5


def per_deal_scores(
    log: Sequence[dict[str, Any]], labels: Sequence[str], sides: Sequence[Sequence[int]], mode: str = "rotate"
):
    """Per bot, per deal: (score, games), the score being wins + draws / 2 over that deal's games (in ``seat``
    mode, over that deal's pairings: :func:`seat_pairings`)."""
    if mode == "seat":
        pairs = [[p[0] for p in seat_pairings(entry, labels, sides)] for entry in log]
        first = [(sum(deal), len(deal)) for deal in pairs]
        return {labels[0]: first, labels[1]: [(g - score, g) for score, g in first]}
    table = {bot: [] for bot in labels}
    for entry in log:
        sums = {bot: [0.0, 0] for bot in labels}
        for game_entry in entry["games"]:
            for bot, _side, r, _points in game_results(game_entry, sides):
                sums[bot][0] += outcome_value(r)
                sums[bot][1] += 1
        for bot in labels:
            table[bot].append((sums[bot][0], sums[bot][1]))
    return table


def paired_interval(n: int, total: float, score: float, spread: float) -> tuple[float, float, float]:
    """(rate, low, high) of a score rate measured over ``n`` deals of ``total`` games scoring ``score``, where
    ``spread`` is the sum over deals of (deal score - rate * deal games)².

    The variance of the rate is the cluster-robust (ratio) variance over deals, which accounts for the pairing
    of a deal's games; the interval is Wilson's score interval for the *effective* number of games that
    variance is worth (``rate (1 - rate) / variance``). So it stays inside [0, 1], is not zero-width after a few
    deals that all went one way, and equals the normal interval over per-deal means for long runs. With fewer
    than two deals, or a rate of 0 or 1, the spread cannot be measured and the games count as independent;
    a rate that is the same in every deal away from 0 and 1 (two copies of one bot) is exact."""
    if total <= 0:
        return 0.0, 0.0, 1.0
    rate = score / total
    binomial = rate * (1 - rate)
    if n < 2 or binomial == 0:
        effective = total
    else:
        variance = n / (n - 1) * spread / total**2
        if variance <= 1e-15:
            return rate, rate, rate
        effective = binomial / variance
    z2 = Z95 * Z95
    centre = (rate + z2 / (2 * effective)) / (1 + z2 / effective)
    half = Z95 / (1 + z2 / effective) * math.sqrt(binomial / effective + z2 / (4 * effective**2))
    return rate, max(0.0, centre - half), min(1.0, centre + half)


def rate_interval(pairs: Sequence[tuple[float, int]]) -> tuple[float, float, float]:
    """(rate, low, high) from one (score, games) pair per deal (see :func:`paired_interval`)."""
    played = [(s, g) for s, g in pairs if g > 0]
    total = sum(g for _, g in played)
    if total == 0:
        return 0.0, 0.0, 1.0
    rate = sum(s for s, _ in played) / total
    return paired_interval(len(played), total, rate * total, sum((s - rate * g) ** 2 for s, g in played))


def running_rates(pairs: Sequence[tuple[float, int]]) -> list[tuple[float, float, float]]:
    """(rate, low, high) after each deal, from running sums (the same interval as :func:`rate_interval`)."""
    out = []
    n = 0
    total = score = s2 = sg = g2 = 0.0
    for s, g in pairs:
        if g > 0:
            n += 1
            total += g
            score += s
            s2 += s * s
            sg += s * g
            g2 += g * g
        rate = score / total if total else 0.0
        out.append(paired_interval(n, total, score, max(0.0, s2 - 2 * rate * sg + rate * rate * g2)))
    return out


def seat_pairings(
    entry: dict[str, Any], labels: Sequence[str], sides: Sequence[Sequence[int]]
) -> list[tuple[float, tuple[float, float], tuple[float, float]]]:
    """The pairings of one deal of a ``seat`` mode tournament, one per seat: (the first bot's score 1, 0.5 or 0;
    (its seat's return, the baseline seat's return); (the card points of its seat's camp, the baseline's)).
    A seat's camp is its side and the sides that share its result (Chiamata's caller and partner)."""
    base, *alone = entry["games"]
    out = []
    for g in alone:
        seat = g["seats"].index(labels[0])
        mine, theirs = g["returns"][seat], base["returns"][seat]
        score = 1.0 if mine > theirs else 0.0 if mine < theirs else 0.5
        out.append((score, (mine, theirs), (_camp_points(g, seat, sides), _camp_points(base, seat, sides))))
    return out


def _camp_points(game_entry: dict[str, Any], seat: int, sides: Sequence[Sequence[int]]) -> float:
    returns, points = game_entry["returns"], game_entry["points"]
    own = returns[seat]
    total = 0.0
    for i, side in enumerate(sides):
        if seat in side or (own and any(returns[s] * own > 0 for s in side)):
            total += float(points[i]) if i < len(points) else 0.0
    return total


def _summarize_seat(
    log: Sequence[dict[str, Any]], labels: Sequence[str], sides: Sequence[Sequence[int]]
) -> list[dict[str, Any]]:
    """:func:`summarize` in ``seat`` mode: the first bot's pairings, and the same from the baseline's side."""
    deals = [seat_pairings(entry, labels, sides) for entry in log]
    pairings = [p for deal in deals for p in deal]
    n = len(pairings) or 1
    # The same pairings with the camp's card points breaking the ties of the returns.
    broken = [[_tie_broken(p) for p in deal] for deal in deals]
    results = []
    for k, bot in enumerate(labels):
        row = {"bot": bot, **_counts([[s if k == 0 else 1.0 - s for s, _, _ in deal] for deal in deals])}
        row["mean_points"] = round(sum(p[2][k] for p in pairings) / n, 4)
        row["points_per_deal"] = round(sum(p[1][k] for p in pairings) / n, 4)
        row["points_breaking_ties"] = _counts([[s if k == 0 else 1.0 - s for s in deal] for deal in broken])
        results.append(row)
    return results


def _tie_broken(pairing: tuple[float, tuple[float, float], tuple[float, float]]) -> float:
    score, _, (mine, theirs) = pairing
    if score != 0.5:
        return score
    return 1.0 if mine > theirs else 0.0 if mine < theirs else 0.5


def _counts(deals: list[list[float]]) -> dict[str, Any]:
    """games, wins, draws, losses, score rate and interval of per-deal lists of pairing scores (1, 0.5, 0)."""
    scores = [x for deal in deals for x in deal]
    rate, low, high = rate_interval([(sum(deal), len(deal)) for deal in deals])
    wins, draws = scores.count(1.0), scores.count(0.5)
    return {
        "games": len(scores),
        "wins": wins,
        "draws": draws,
        "losses": len(scores) - wins - draws,
        "score_rate": round(rate, 6),
        "interval": [round(low, 6), round(high, 6)],
    }


def summarize(
    log: Sequence[dict[str, Any]], labels: Sequence[str], sides: Sequence[Sequence[int]], mode: str = "rotate"
) -> list[dict[str, Any]]:
    """Per bot: games, wins, draws, losses, score rate and its 95 % interval, mean card points (``points()`` of
    the bot's side) and points per deal (the mean of the side's ``returns()``, the game's own score). In
    ``seat`` mode the games are the pairings, the card points those of the seat's camp and the points per deal
    the seat's return (:func:`seat_pairings`), and ``points_breaking_ties`` holds the games, W-D-L, score
    rate and interval of the same pairings when a tie of the returns goes to the camp with more card points."""
    if mode == "seat":
        return _summarize_seat(log, labels, sides)
    counts = {bot: {"games": 0, "wins": 0, "draws": 0, "losses": 0, "points": 0.0, "returns": 0.0} for bot in labels}
    for entry in log:
        for game_entry in entry["games"]:
            for bot, _side, r, points in game_results(game_entry, sides):
                c = counts[bot]
                c["games"] += 1
                c["wins" if r > 0 else "losses" if r < 0 else "draws"] += 1
                c["points"] += points
                c["returns"] += r
    scores = per_deal_scores(log, labels, sides)
    results = []
    for bot in labels:
        c = counts[bot]
        rate, low, high = rate_interval(scores[bot])
        games = c["games"]
        results.append(
            {
                "bot": bot,
                "games": games,
                "wins": c["wins"],
                "draws": c["draws"],
                "losses": c["losses"],
                "score_rate": round(rate, 6),
                "interval": [round(low, 6), round(high, 6)],
                "mean_points": round(c["points"] / games, 4) if games else 0.0,
                "points_per_deal": round(c["returns"] / games, 4) if games else 0.0,
            }
        )
    return results


# --- files and plots ------------------------------------------------------------------------------------------
def save_result(result: dict[str, Any], path: str | Path) -> None:
    """Write a result as JSON: the summary indented, then the log one deal per line (readable, and not
    forty thousand lines for a long tournament)."""
    head = json.dumps({k: v for k, v in result.items() if k != "log"}, indent=1)
    deals = ",\n  ".join(json.dumps(entry) for entry in result.get("log", []))
    Path(path).write_text(f'{head[:-2]},\n "log": [\n  {deals}\n ]\n}}\n')


def load_result(path: str | Path) -> dict[str, Any]:
    """A tournament result written by :func:`save_result`, checked enough to rate and plot it."""
    data = read_json(path, TournamentError, "the result", f"{str(path)!r} is not JSON: ")
    check_result(data, repr(str(path)))
    return data


def check_result(data: Any, where: str = "the result") -> None:
    """Refuse, with a TournamentError saying what is wrong, a result that summarize, rate_results or
    plot_result could not read: each game's seats are bot labels and its returns finite numbers, one per
    seat, and the sides are seats of those games."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise TournamentError(f"{where} is not a tournament result (written by `trionfi tournament --json`)")
    if data.get("version") != VERSION or isinstance(data.get("version"), bool):
        raise TournamentError(f"{where} has version {shown(data.get('version'))}; this trionfi reads version {VERSION}")

    def wrong(what: str) -> TournamentError:
        return TournamentError(f"{where} is not a readable tournament result: {what}")

    bots, sides, log = data.get("bots"), data.get("sides"), data.get("log")
    if not isinstance(bots, list) or not all(isinstance(b, dict) and isinstance(b.get("label"), str) for b in bots):
        raise wrong("'bots' must be a list of bots, each with a text 'label'")
    labels = {b["label"] for b in bots}
    if not isinstance(sides, list) or not sides or not all(_seat_list(side) for side in sides):
        raise wrong("'sides' must be a list of non-empty lists of seat numbers")
    seats = sorted(s for side in sides for s in side)
    if seats != list(range(len(seats))):
        raise wrong(f"the sides {shown(sides)} must hold every seat 0, 1, 2... once")
    if not isinstance(log, list):
        raise wrong("'log' must be a list of deals")
    mode = data.get("mode", "rotate")
    if mode not in MODES:
        raise wrong(f"the mode {shown(mode)} is not one of {', '.join(MODES)}")
    if mode == "seat" and len(bots) != 2:
        raise wrong("a seat mode result has two bots")
    for entry in log:
        if not isinstance(entry, dict) or not isinstance(entry.get("games"), list):
            raise wrong(f"each deal of the log must have a list of 'games', not {shown(entry)}")
        deal = shown(entry.get("deal"))
        for g in entry["games"]:
            if not isinstance(g, dict):
                raise wrong(f"deal {deal}: a game is an object, not {shown(g)}")
            game_seats, returns, points = g.get("seats"), g.get("returns"), g.get("points")
            if not isinstance(game_seats, list) or len(game_seats) != len(seats):
                raise wrong(f"deal {deal}: a game must list {len(seats)} seats")
            if not all(isinstance(b, str) and b in labels for b in game_seats):
                raise TournamentError(f"{where}: deal {deal} does not match the bots and seats")
            if not _numbers(returns) or len(returns) != len(seats):
                raise wrong(f"deal {deal}: a game's 'returns' must be {len(seats)} finite numbers")
            if not _numbers(points):
                raise wrong(f"deal {deal}: a game's 'points' must be finite numbers")
        if mode == "seat" and not _seat_deal(entry["games"], [b["label"] for b in bots], len(seats)):
            raise wrong(
                f"deal {deal}: a seat mode deal is the second bot's game, then the first bot alone in each seat"
            )


def _seat_deal(games: list[dict[str, Any]], labels: list[str], n: int) -> bool:
    first, second = labels
    expected = [[second] * n] + [[first if s == alone else second for s in range(n)] for alone in range(n)]
    return [g["seats"] for g in games] == expected


def _seat_list(side: Any) -> bool:
    return isinstance(side, list) and bool(side) and all(type(s) is int and s >= 0 for s in side)


def _numbers(values: Any) -> bool:
    return isinstance(values, list) and all(
        isinstance(v, int | float) and not isinstance(v, bool) and -1e300 < v < 1e300 for v in values
    )  # (a comparison, not math.isfinite: that one fails on an int too large for a float)


def plot_result(result: dict[str, Any], path: str | Path) -> None:
    """A PNG of each bot's running score rate over the deals with its 95 % interval band (:func:`plot_figure`)."""
    import matplotlib.pyplot as plt

    fig = plot_figure(result)
    try:
        fig.savefig(path, format="png")
    finally:
        plt.close(fig)


def plot_figure(result: dict[str, Any]) -> Any:
    """The figure of :func:`plot_result` (a matplotlib Figure; the caller closes it).

    Nothing is drawn over the curves: the legend and the run's facts sit below the plot, and the y axis
    goes a little beyond 0 % and 100 % so that a curve along either edge stays visible. The x axis counts
    deals, so its ticks are whole numbers."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator, PercentFormatter

    labels = [b["label"] for b in result["bots"]]
    scores = per_deal_scores(result["log"], labels, result["sides"], result.get("mode", "rotate"))
    deals = len(result["log"])
    fig, ax = plt.subplots(figsize=(8, 4.8), dpi=110)
    x = list(range(1, deals + 1))
    for bot in labels:
        series = running_rates(scores[bot])
        final = series[-1][0] if series else 0.0
        (line,) = ax.plot(x, [r for r, _, _ in series], label=f"{bot}: {final:.1%}", linewidth=1.8)
        ax.fill_between(x, [lo for _, lo, _ in series], [hi for _, _, hi in series], color=line.get_color(), alpha=0.18)
    if len(result["sides"]) == 2:
        ax.axhline(0.5, color="grey", linestyle="--", linewidth=0.8)
    ax.set_ylim(-0.03, 1.03)
    ax.set_xlim(1, max(2, deals))
    ax.xaxis.set_major_locator(MaxNLocator(integer=True, steps=[1, 2, 5, 10], min_n_ticks=1))
    ax.yaxis.set_major_locator(MaxNLocator(nbins=5, steps=[1, 2, 2.5, 5, 10]))
    ax.yaxis.set_major_formatter(PercentFormatter(xmax=1, decimals=0))
    ax.set_xlabel("duplicate deals played")
    ax.set_ylabel("score rate (wins + ½ draws)")
    options = ", ".join(f"{k}={v}" for k, v in result.get("options", {}).items())
    title = f"{result.get('title', result['game'])}{f' ({options})' if options else ''}: {' v '.join(labels)}"
    if result.get("mode") == "seat":  # the rates are of pairings, not of games: say so
        title += ", seat mode"
    ax.set_title(title, fontsize=11)
    ax.grid(alpha=0.3)
    # Below the axes, never over a curve: the legend (final rates), then the run's facts.
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.14), ncol=min(4, len(labels)), frameon=False)
    fig.text(
        0.5,
        0.015,
        f"{result['deals']} duplicate deals, seed {result['seed']} · shaded: 95 % interval",
        ha="center",
        fontsize=8,
        color="grey",
    )
    fig.tight_layout(rect=(0, 0.04, 1, 1))
    return fig
