"""Openskill ratings of bots from tournament results (:mod:`trionfi.tournament`).

Every game of every deal in the logs is one rated match, in the order played (files in the order given). The
teams are the game's sides with the bots sitting on them, so partnerships are rated as teams of two bots:

* a bot holding both seats of a partnership is one member of its team (the partnership is that bot);
* a bot sitting on several sides of one game (more seats than bots: ``random`` twice among three single
  seats) is taken out of those sides and rated as a team of its own whose score is the mean result of its
  sides; sides left empty drop out;
* teams are ranked by their result (``returns()``: higher is better, equal results tie), so in games with
  more than two sides (Briscola with three players, Briscola Chiamata's five seats, where the caller's +2
  ranks above the partner's +1 and both above the defenders) the ranking is a free-for-all.

The model is openskill's Plackett-Luce (a Bayesian relative of TrueSkill): each bot has a mean skill ``mu``
and an uncertainty ``sigma``; bots are ranked by the ordinal ``mu - 3 sigma``, a skill the bot very probably has.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .tournament import TournamentError


def teams_of(seats: Sequence[str], returns: Sequence[float], sides: Sequence[Sequence[int]]):
    """The rated teams of one game: a list of (bots, score)."""
    per_side = [list(dict.fromkeys(seats[s] for s in side)) for side in sides]
    where: dict[str, list[int]] = {}
    for i, bots in enumerate(per_side):
        for bot in bots:
            where.setdefault(bot, []).append(i)
    teams: list[tuple[list[str], float]] = []
    for i, bots in enumerate(per_side):
        kept = [b for b in bots if len(where[b]) == 1]
        if kept:
            teams.append((kept, float(returns[sides[i][0]])))
    for bot, found in where.items():
        if len(found) > 1:
            teams.append(([bot], sum(float(returns[sides[i][0]]) for i in found) / len(found)))
    return teams


def ranks_of(scores: Sequence[float]) -> list[int]:
    """Openskill ranks (1 best; equal scores tie) from scores (higher is better)."""
    return [1 + sum(1 for other in scores if other > s) for s in scores]


def rate_results(results: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Ratings of every bot in these tournament results, best first: bot, mu, sigma, ordinal, games."""
    try:
        from openskill.models import PlackettLuce
    except ImportError:  # a dependency of trionfi: only a broken install lands here
        raise TournamentError("ratings need openskill: pip install openskill") from None
    model = PlackettLuce()
    ratings: dict[str, Any] = {}
    games: dict[str, int] = {}
    for result in results:
        sides = result["sides"]
        for entry in result["log"]:
            for game in entry["games"]:
                teams = teams_of(game["seats"], game["returns"], sides)
                if len(teams) < 2:
                    continue  # one bot alone on every side: nothing to learn
                for bots, _ in teams:
                    for bot in bots:
                        if bot not in ratings:
                            ratings[bot] = model.rating(name=bot)
                        games[bot] = games.get(bot, 0) + 1
                rated = model.rate(
                    [[ratings[b] for b in bots] for bots, _ in teams],
                    ranks=ranks_of([score for _, score in teams]),
                )
                for (bots, _), new in zip(teams, rated, strict=True):
                    for bot, rating in zip(bots, new, strict=True):
                        ratings[bot] = rating
    table = [
        {
            "bot": bot,
            "mu": round(r.mu, 4),
            "sigma": round(r.sigma, 4),
            "ordinal": round(r.ordinal(), 4),
            "games": games[bot],
        }
        for bot, r in ratings.items()
    ]
    table.sort(key=lambda row: row["ordinal"], reverse=True)
    return table
