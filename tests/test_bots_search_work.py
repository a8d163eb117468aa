"""What bounds the hard level's work: a limit in plies (reproducible whatever the load), equivalent Troccas cards
searched once, Briscola's talk left out of the playouts."""

from __future__ import annotations

import random
from typing import Any

import trionfi
from trionfi.agents import LEVELS, make_agent
from trionfi.agents.equivalence import distinct_cards
from trionfi.agents.search import SearchAgent, quiet_game
from trionfi.cards import card
from trionfi.games.troccas_scoring import STRENGTH


def troccas_play_position(seed: int, tricks: int = 2) -> Any:
    """A Troccas deal played by medium bots to the start of trick ``tricks + 1``."""
    game = trionfi.load("troccas")
    state = game.deal(seed=seed)
    bots = [make_agent("medium", seed=s, game=game) for s in range(4)]
    while state.phase != "play" or len(state.tricks) < tricks or state.trick:
        state.apply(bots[state.current_player].choose(state.observation(state.current_player)))
    return state


def test_the_work_limit_stops_the_search_and_makes_it_repeat() -> None:
    state = troccas_play_position(seed=3)
    obs = state.observation(state.current_player)
    choices, stats = [], []
    for _ in range(2):
        bot = SearchAgent(game=state.game, seed=5, samples=1000, work=4_000)
        choices.append(bot.choose(obs))
        stats.append(bot.last_stats)
    assert choices[0] == choices[1] and stats[0]["worlds"] == stats[1]["worlds"]
    assert stats[0]["worlds"] < 1000  # the plies ran out before the worlds
    assert 4_000 <= stats[0]["plies"] < 4_000 + 50 + 19 * 80  # it stops after the world that reached the limit
    assert LEVELS["hard"][2]["work"] == 100_000


def test_equivalent_troccas_cards_are_searched_once() -> None:
    state = troccas_play_position(seed=8, tricks=0)
    obs = state.observation(state.current_player)
    legal = obs["legal_actions"]
    kept, same = distinct_cards(obs, legal)
    assert same and set(kept) | set(same) == set(legal) and not set(kept) & set(same)
    assert set(same.values()) <= set(kept)
    held = {card(c) for c in obs["hand"]}
    played = {card(c) for t in obs["tricks"] for _, c in t["cards"]} | {card(c) for _, c in obs["trick"]}
    played |= {card(c) for c in obs.get("discard") or []}
    for dropped, kept_card in same.items():
        a, b = card(dropped), card(kept_card)
        assert a.suit == b.suit and STRENGTH[b] < STRENGTH[a]
        # Nothing another seat may hold lies between them in rank.
        low, high = sorted((STRENGTH[a], STRENGTH[b]))
        between = [c for c in trionfi.load("troccas").deck if c.suit == a.suit and low < STRENGTH[c] < high]
        assert all(c in held or c in played for c in between)
    # Another game's hand is left alone.
    briscola = trionfi.load("briscola").deal(seed=1).observation(0)
    assert distinct_cards(briscola, briscola["legal_actions"]) == (briscola["legal_actions"], {})


def test_equivalent_runs_in_a_crafted_troccas_hand() -> None:
    obs = {
        "game": "troccas",
        "hand": ["2c", "3c", "4c", "Hc", "T5", "T6", "T8", "7s", "9s"],
        "tricks": [{"cards": [[0, "T7"], [1, "8s"], [2, "5c"], [3, "6c"]]}],
        "trick": [],
        "discard": None,
    }
    kept, same = distinct_cards(obs, obs["hand"])
    # 2c 3c 4c (cups rank 1 2 3 4 ... down: adjacent), T5 T6 T8 (T7 played), 7s 9s (8s played); Hc is worth 3.
    assert sorted(kept, key=obs["hand"].index) == ["4c", "Hc", "T5", "7s"]
    assert same == {"2c": "4c", "3c": "4c", "T6": "T5", "T8": "T5", "9s": "7s"}


def test_briscola_playouts_leave_talk_out() -> None:
    game = trionfi.load("briscola", players=4, communication="conversation")
    quiet = quiet_game(game)
    assert quiet.communication == "none" and quiet.players == 4 and quiet.sides == game.sides
    assert quiet_game(trionfi.load("briscola", variant="schembil")).communication == "conversation"
    plain = trionfi.load("briscola", players=4)
    assert quiet_game(plain) is plain
    # The search still answers with the talking game's legal actions.
    state = game.deal(seed=2)
    bot = make_agent("hard", seed=1, game=game)
    bot.samples, bot.work = 40, 5_000
    rng = random.Random(0)
    while not state.is_terminal():
        obs = state.observation(state.current_player)
        action = bot.choose(obs) if state.current_player % 2 == 0 else rng.choice(obs["legal_actions"])
        assert action in obs["legal_actions"]
        state.apply(action)
