"""Heuristic bots of Triomphe, Troccas and Trionfetti: always a legal action, and each rule of thumb of their
docstrings on hand-made positions.

Hand-made positions start from a real observation of the game and overwrite the keys that make the
position (the hand, the trick, the legal actions...), so that the policy sees every key a real observation has.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import trionfi
from trionfi.agents import make_agent
from trionfi.agents.heuristic import HeuristicAgent, policy_for
from trionfi.agents.random import RandomAgent
from trionfi.cards import card
from trionfi.games.troccas_scoring import playable

CASES = [
    ("triomphe", {}),
    ("triomphe", {"allow_concession_offer": True, "must_head_trick": True}),
    ("triomphe", {"enforce_legal_moves": False, "undertrump_when_cannot_overtrump": False}),
    ("triomphe", {"ruleset": "strasbourg"}),
    ("triomphe", {"ruleset": "strasbourg", "players": 5, "must_trump": True}),
    ("triomphe", {"ruleset": "strasbourg", "partnerships": True}),
    ("troccas", {}),
    ("troccas", {"allow_knock": True, "truthful_tschintschar": True, "session_balance": -20}),
    ("troccas", {"enforce_legal_moves": False, "kj_double_play_mode": "disabled"}),
    ("trionfetti", {}),
    ("trionfetti", {"tie_rule": "void_trick", "vagaresto_decider": "other", "start_scores": "15-18"}),
    ("trionfetti", {"comanda": "manco e cavalli", "communication": "none"}),
]
IDS = [f"{name}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'default'}" for name, o in CASES]


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
def test_the_heuristic_always_chooses_a_legal_action(name, options):
    """Heuristic seats against random ones, whole deals: every choice is legal (and lawful in penalty mode)."""
    game = trionfi.load(name, **options)
    assert policy_for(name) is not None
    for seed in range(6):
        state = game.deal(seed=seed)
        bots = [
            make_agent("heuristic", seed=seed, game=game) if (s + seed) % 2 else RandomAgent(seed=s)
            for s in range(game.players)
        ]
        steps = 0
        while not state.is_terminal():
            seat = state.current_player
            obs = state.observation(seat)
            action = bots[seat].choose(obs)
            assert action in obs["legal_actions"], (name, options, seed, action)
            if isinstance(bots[seat], HeuristicAgent) and obs["phase"] == "play" and action in obs["hand"]:
                # Penalty mode offers every card: the heuristic still keeps to the rules.
                if "lawful_cards" in obs:
                    assert action in obs["lawful_cards"]
                if name == "troccas":
                    trick = [card(c) for _, c in obs["trick"]]
                    assert card(action) in playable([card(c) for c in obs["hand"]], trick)
            state.apply(action)
            steps += 1
            assert steps < 5000


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
def test_heuristic_teams_play_whole_matches(name, options):
    game = trionfi.load(name, **options)
    match = game.match(seed=1)
    bots = [make_agent("heuristic", seed=s, game=game) for s in range(game.players)]
    steps = 0
    while not match.is_terminal() and steps < 3000:
        seat = match.current_player
        obs = match.observation(seat)
        action = bots[seat].choose(obs)
        assert action in obs["legal_actions"]
        match.apply(action)
        steps += 1


def choose(obs: dict[str, Any]) -> str:
    action = policy_for(obs["game"])(obs, random.Random(0))  # type: ignore[misc]
    assert action in obs["legal_actions"], (action, obs["legal_actions"])
    return action


# --- Triomphe ------------------------------------------------------------------------------------------------
def triomphe_obs(**over: Any) -> dict[str, Any]:
    """A French play position: seat 3 to play, seats 1+3 against 0+2; trumps spades unless told."""
    game = trionfi.load("triomphe", **over.pop("options", {}))
    state = game.deal(seed=1)
    obs = state.observation(state.current_player)
    obs.update(
        seat=3,
        phase="play",
        trump="s",
        turned=["5s"],
        taken=[],
        robber=None,
        discards=[],
        tricks=[],
        open_hands={},
    )
    obs.update(over)
    if "legal_actions" not in over:
        obs["legal_actions"] = list(obs["hand"])
    return obs


def test_triomphe_robs_when_allowed():
    assert choose(triomphe_obs(phase="rob", hand=["As", "3h", "4d", "Kc", "9h"], legal_actions=["rob 5s", "pass"])) == (
        "rob 5s"
    )
    assert choose(triomphe_obs(phase="rob", hand=["2h"], legal_actions=["pass"])) == "pass"


def test_triomphe_discards_the_weakest_non_trump():
    hand = ["As", "5s", "2s", "3h", "9c", "Qd"]
    legal = [f"discard {c}" for c in hand]
    assert choose(triomphe_obs(phase="discard", hand=hand, legal_actions=legal)) == "discard 3h"
    # Strasbourg: only cards worth nothing may go, and a plain one before a trump.
    hand = ["Ad", "Kh", "2d", "7c", "3d"]
    obs = triomphe_obs(options={"ruleset": "strasbourg"}, ruleset="strasbourg", trump="d", phase="discard", hand=hand)
    obs["legal_actions"] = ["discard 2d", "discard 7c", "discard 3d"]
    assert choose(obs) == "discard 7c"


def test_triomphe_does_not_over_trump_a_partner_when_not_forced():
    # Seat 1 (the partner) led the 9 of trumps; no duty to beat it: the 2 goes, not the king.
    obs = triomphe_obs(hand=["Ks", "2s", "3h"], trick=[[1, "9s"], [2, "4s"]], legal_actions=["Ks", "2s"])
    assert choose(obs) == "2s"
    # Partner's master king of hearts: the lowest heart.
    obs = triomphe_obs(hand=["Qh", "3h", "Kd"], trick=[[0, "5h"], [1, "Kh"], [2, "8h"]], legal_actions=["Qh", "3h"])
    assert choose(obs) == "3h"
    # Forced to over-trump the partner: as low as allowed.
    obs = triomphe_obs(hand=["Ks", "Qs", "3d"], trick=[[0, "5h"], [1, "9s"], [2, "8h"]], legal_actions=["Ks", "Qs"])
    assert choose(obs) == "Qs"


def test_triomphe_wins_cheaply():
    # Last to play against an opponent's 9 of hearts: the jack, not the king.
    obs = triomphe_obs(
        hand=["Kh", "Jh", "3h"], trick=[[0, "5h"], [1, "2h"], [2, "9h"]], legal_actions=["Kh", "Jh", "3h"]
    )
    assert choose(obs) == "Jh"
    # Void in hearts: the lowest trump that wins.
    obs = triomphe_obs(hand=["Qs", "7s", "3d"], trick=[[0, "5h"], [1, "2h"], [2, "9h"]], legal_actions=["Qs", "7s"])
    assert choose(obs) == "7s"
    # An opponent trumped with the 9: nothing wins, the cheapest card goes (a plain one).
    obs = triomphe_obs(
        hand=["4d", "Qd", "2s"], trick=[[0, "Kc"], [1, "2c"], [2, "9s"]], legal_actions=["4d", "Qd", "2s"]
    )
    assert choose(obs) == "4d"  # French: no card points, plain cards before trumps


def test_triomphe_leads_trumps_when_strong():
    obs = triomphe_obs(hand=["Ks", "Qs", "3h", "4d", "9c"], trick=[], legal_actions=["Ks", "Qs", "3h", "4d", "9c"])
    assert choose(obs) == "Ks"
    obs = triomphe_obs(hand=["Js", "9s", "4s", "3h", "4d"], trick=[], legal_actions=["Js", "9s", "4s", "3h", "4d"])
    assert choose(obs) == "4s"  # three trumps, not the master: the lowest
    # Weak in trumps: a master plain card, else the lowest of the longest suit.
    obs = triomphe_obs(hand=["2s", "Kh", "4d", "5d", "9c"], trick=[], legal_actions=["2s", "Kh", "4d", "5d", "9c"])
    assert choose(obs) == "Kh"
    obs = triomphe_obs(hand=["2s", "Qh", "4d", "5d", "9c"], trick=[], legal_actions=["2s", "Qh", "4d", "5d", "9c"])
    assert choose(obs) == "4d"


def test_triomphe_concession_offers():
    options = {"allow_concession_offer": True}
    hopeless = ["2h", "3h", "4d", "5d", "6c"]
    obs = triomphe_obs(options=options, hand=hopeless, trick=[], legal_actions=[*hopeless, "concede"])
    assert choose(obs) == "concede"
    fair = ["2s", "3h", "4d", "5d", "6c"]
    obs = triomphe_obs(options=options, hand=fair, trick=[], legal_actions=[*fair, "concede"])
    assert choose(obs) != "concede"
    # Answering: accept unless the hand should take all five tricks.
    obs = triomphe_obs(options=options, phase="concession", hand=fair, legal_actions=["accept", "refuse"])
    assert choose(obs) == "accept"
    obs = triomphe_obs(options=options, phase="concession", hand=["Ks", "Qs", "Js", "As", "Kh"])
    obs["legal_actions"] = ["accept", "refuse"]
    assert choose(obs) == "refuse"


def test_triomphe_penalty_mode_plays_only_lawful_cards():
    obs = triomphe_obs(
        options={"enforce_legal_moves": False},
        hand=["Kh", "2s", "3d"],
        trick=[[0, "5h"], [1, "9h"], [2, "2h"]],
        legal_actions=["Kh", "2s", "3d"],
        lawful_cards=["Kh"],
    )
    assert choose(obs) == "Kh"


# --- Troccas -------------------------------------------------------------------------------------------------
def troccas_obs(**over: Any) -> dict[str, Any]:
    """A Troccas position for seat 3 (partner seat 1), dealer seat 3, play phase unless told."""
    game = trionfi.load("troccas", **over.pop("options", {}))
    state = game.deal(seed=2)
    obs = state.observation(state.current_player)
    obs.update(seat=3, dealer=3, phase="play", tricks=[], trick=[], discard=None, discarded=2, demand=None)
    obs.update(over)
    if "legal_actions" not in over:
        obs["legal_actions"] = list(obs["hand"])
    return obs


TRUMPS6 = ["T2", "T5", "T9", "T12", "T15", "T20"]


def test_troccas_talks_plainly():
    late = ["say in trochetg", "say ina trocca", "say fai scart", "pass", "propose redeal"]
    hand = [*TRUMPS6[:5], "1c", "2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c", "10c", "1d", "2d", "3d", "4d"]
    assert choose(troccas_obs(phase="talk", hand=hand, legal_actions=late)) == "say in trochetg"
    hand7 = [*TRUMPS6, "T3", *hand[5:17]]
    assert choose(troccas_obs(phase="talk", hand=hand7, legal_actions=late)) == "say ina trocca"
    plain = [*hand[5:], "5d", "6d", "7d", "8d", "9d"]
    assert choose(troccas_obs(phase="talk", hand=plain, legal_actions=late)) == "propose redeal"
    three = ["T1", "T2", "T3", *hand[5:]]
    assert choose(troccas_obs(phase="talk", hand=three, legal_actions=late)) == "pass"
    early = ["say strusch in", "say in", "say jeu lasch liber", "pass", "propose redeal"]
    assert choose(troccas_obs(phase="talk", hand=hand[5:11], legal_actions=early)) == "pass"
    # Answering a proposal: agree only without a trump.
    assert choose(troccas_obs(phase="poll", hand=plain, legal_actions=["agree", "refuse"])) == "agree"
    assert choose(troccas_obs(phase="poll", hand=three, legal_actions=["agree", "refuse"])) == "refuse"


def test_troccas_dealer_discards_two_low_cards_or_redeals_without_trumps():
    hand = ["Kc", "Qc", "1c", "2c", "3c", "4c", "5c", "Kd", "3d", "9s", "Qs", "Hs", "8s", "7s", "6s"]
    hand += ["T1", "T21", "Fool", "T7", "T8", "T13"]
    legal = [f"discard {c}" for c in hand if c not in ("Kc", "Kd", "T1", "T21", "Fool")]
    first = choose(troccas_obs(phase="discard", hand=hand, legal_actions=legal))
    assert first == "discard 3d"  # a one-point card of the shortest suit (coins: Kd 3d), making a void
    rest = [c for c in hand if c != "3d"]
    legal = [f"discard {c}" for c in rest if c not in ("Kc", "Kd", "T1", "T21", "Fool")]
    second = choose(troccas_obs(phase="discard", hand=rest, legal_actions=legal, discard=["3d"], discarded=1))
    assert second == "discard 6s"  # then the lowest one-point card of the next shortest suit (swords)
    no_trump = [c for c in hand if not c.startswith("T")]
    legal = [f"discard {c}" for c in no_trump if c not in ("Kc", "Kd", "Fool")] + ["redeal"]
    assert choose(troccas_obs(phase="discard", hand=no_trump, legal_actions=legal)) == "redeal"


def test_troccas_demands_the_jack_when_it_helps():
    obs = troccas_obs(hand=["2c", "Jd"], trick=[[0, "5s"], [1, "Ks"], [2, "3s"], [3, "7s"]])
    obs["legal_actions"] = ["demand Js", "no demand"]
    assert choose(obs) == "demand Js"
    obs = troccas_obs(hand=["2c", "Js"], trick=[[0, "5s"], [1, "Ks"], [2, "3s"], [3, "7s"]])
    obs["legal_actions"] = ["demand Js", "no demand"]
    assert choose(obs) == "no demand"


def test_troccas_saves_the_fool_for_a_lost_trick():
    # An opponent's king of swords wins; the queen would be lost: the Fool goes instead.
    obs = troccas_obs(hand=["Qs", "Fool", "3c"], trick=[[0, "5s"], [1, "2s"], [2, "Ks"]], legal_actions=["Qs", "Fool"])
    assert choose(obs) == "Fool"
    # A one-point card costs nothing: the Fool is kept.
    obs = troccas_obs(hand=["4s", "Fool", "3c"], trick=[[0, "5s"], [1, "2s"], [2, "Ks"]], legal_actions=["4s", "Fool"])
    assert choose(obs) == "4s"
    # The partner wins: never the Fool.
    obs = troccas_obs(hand=["Qs", "Fool"], trick=[[0, "5s"], [1, "Ks"], [2, "2s"]], legal_actions=["Qs", "Fool"])
    assert choose(obs) == "Qs"


def test_troccas_smears_to_a_partner_who_keeps_the_trick_and_wins_cheaply():
    # Last to play, the partner (seat 1) wins with the king of cups: the queen is given.
    obs = troccas_obs(hand=["Qc", "2c", "T5"], trick=[[0, "5c"], [1, "Kc"], [2, "3c"]], legal_actions=["Qc", "2c"])
    assert choose(obs) == "Qc"
    # The partner led the cavalier and may still be beaten (seat 0 plays after the bot): the cheapest card.
    obs = troccas_obs(hand=["Qc", "2c"], trick=[[1, "Hc"], [2, "5c"]], legal_actions=["Qc", "2c"])
    assert choose(obs) == "2c"


def test_troccas_wins_cheaply_as_the_last_player():
    # Cups rank K Q H J 1 2 ... 10: an opponent's 7 of cups is beaten by the cavalier, the cheapest winner.
    obs = troccas_obs(hand=["Kc", "Qc", "Hc", "T4"], trick=[[0, "9c"], [1, "10c"], [2, "7c"]])
    obs["legal_actions"] = ["Kc", "Qc", "Hc"]
    assert choose(obs) == "Hc"
    # Void in cups: the lowest trump that wins.
    obs = troccas_obs(hand=["T4", "T17", "3s"], trick=[[0, "9c"], [1, "10c"], [2, "7c"]], legal_actions=["T4", "T17"])
    assert choose(obs) == "T4"


def test_troccas_leads_a_king_of_a_new_suit_with_its_jack():
    obs = troccas_obs(hand=["Kd", "Jd", "2c", "T4"], trick=[], legal_actions=["Kd", "Jd", "2c", "T4", "Kd+Jd"])
    assert choose(obs) == "Kd+Jd"
    obs = troccas_obs(hand=["Kd", "2c", "3c", "T4"], trick=[], legal_actions=["Kd", "2c", "3c", "T4"])
    assert choose(obs) == "Kd"
    obs = troccas_obs(hand=["Fool", "T1", "T4"], trick=[], legal_actions=["Fool", "T1", "T4"])
    assert choose(obs) == "T4"  # not the Fool, not the bagat


# --- Trionfetti ----------------------------------------------------------------------------------------------
DEFAULT = "più ponto e più figure"  # A 2 ... 10 J H K


def trionfetti_obs(**over: Any) -> dict[str, Any]:
    """A Trionfetti position for seat 1 (partner seat 3) under the default order, first hand."""
    options = over.pop("options", {"comanda": DEFAULT})
    game = trionfi.load("trionfetti", **options)
    state = game.deal(seed=3)
    obs = state.observation(state.current_player)
    obs.update(seat=1, phase="play", tricks=[], trick=[], hand_tricks=[], cut_card="5d", leftovers=None)
    obs.update(open_hands={}, messages=[], vagaresto=None)
    obs.update(over)
    if "legal_actions" not in over:
        obs["legal_actions"] = list(obs["hand"])
    return obs


def test_trionfetti_comanda_favours_equal_cards_and_a_hand():
    game = trionfi.load("trionfetti")
    state = game.deal(seed=1)
    obs = state.observation(state.current_player)
    assert obs["phase"] == "comanda" and obs["hand"] == []
    assert choose(obs) == obs["legal_actions"][0]  # the default order: every rank a tier of four
    obs["legal_actions"] = ["comanda tutto al tredici e denari al tredici", "comanda più ponto"]
    assert choose(obs) == "comanda più ponto"  # more equal cards
    # Were there cards in hand, the command ranking them highest.
    obs["hand"] = ["Ad", "Ac", "2s"]
    obs["legal_actions"] = ["comanda più ponto e più figure", "comanda manco ponto"]
    assert choose(obs) == "comanda manco ponto"


def test_trionfetti_throws_its_lowest_card_on_a_lost_trick_or_a_partners_trick():
    # An opponent's king (top tier) leads and the other kings are out: nothing wins, the lowest goes.
    obs = trionfetti_obs(hand=["2c", "7s", "Hd"], trick=[[0, "Kd"]])
    assert choose(obs) == "2c"
    # The partner (seat 3) wins and the bot is last: the lowest.
    obs = trionfetti_obs(hand=["2c", "7s", "Hd"], trick=[[2, "5b"], [3, "Jb"], [0, "6b"]])
    assert choose(obs) == "2c"


def test_trionfetti_beats_the_trick_as_cheaply_as_it_can():
    obs = trionfetti_obs(hand=["2c", "9s", "Kd"], trick=[[2, "5b"], [3, "3b"], [0, "7b"]])
    assert choose(obs) == "9s"
    # With a player to come, the cheapest winner while no card holds (other kings are out) ...
    obs = trionfetti_obs(hand=["2c", "9s", "Kd"], trick=[[0, "7b"]])
    assert choose(obs) == "9s"
    # ... and the card that holds once the other kings are seen (the cut card, a trick).
    played = {"hand": 1, "leader": 0, "cards": [[0, "Ks"], [1, "2d"], [2, "Kb"], [3, "4d"]], "winner": 0, "void": False}
    obs = trionfetti_obs(hand=["2c", "9s", "Kd"], trick=[[0, "7b"]], cut_card="Kc", tricks=[played], hand_tricks=[0])
    assert choose(obs) == "Kd"


def test_trionfetti_calls_vagaresto_only_with_a_certain_hand():
    # The other kings are seen (the cut card, a trick): two kings nobody can equal make the two tricks needed.
    tricks = [
        {"hand": 1, "leader": 0, "cards": [[0, "Kb"], [1, "2d"], [2, "3d"], [3, "4d"]], "winner": 0, "void": False}
    ]
    obs = trionfetti_obs(hand=["Kd", "Kc"], trick=[], tricks=tricks, hand_tricks=[0], cut_card="Ks")
    obs["legal_actions"] = ["Kd", "Kc", "vagaresto"]
    assert choose(obs) == "vagaresto"
    obs = trionfetti_obs(hand=["Kd", "2c", "3s"], trick=[], legal_actions=["Kd", "2c", "3s", "vagaresto"])
    assert choose(obs) != "vagaresto"


def test_trionfetti_answers_a_vagaresto_by_hand_strength():
    vaga = {"caller": 0, "decider": 1, "stake": 20, "status": "called"}
    weak = trionfetti_obs(phase="vagaresto", hand=["2c", "3s", "4d"], vagaresto=vaga, trick=[])
    weak["open_hands"] = {"3": ["2b", "3b", "4b"]}
    weak["legal_actions"] = ["accept", "concede"]
    assert choose(weak) == "concede"
    strong = trionfetti_obs(phase="vagaresto", hand=["Kd", "Kc", "4d"], vagaresto=vaga, trick=[], cut_card="Kb")
    strong["open_hands"] = {"3": ["Ks", "3b", "4b"]}
    strong["legal_actions"] = ["accept", "concede"]
    assert choose(strong) == "accept"
    cheap = dict(weak, vagaresto={**vaga, "stake": 1})
    assert choose(cheap) == "accept"  # conceding costs the same point


def test_trionfetti_says_nothing_and_trusts_a_partners_padrona():
    talk = ["say I hold the top card", "signal padrona", "signal alba"]
    obs = trionfetti_obs(hand=["2c", "9s", "Kd"], trick=[[0, "7b"]], hand_tricks=[1])
    obs["legal_actions"] = ["2c", "9s", "Kd", *talk]
    assert choose(obs) == "9s"
    padrona = {"hand": 1, "trick": 2, "sender": 3, "to": [1], "recipients": [1, 3], "kind": "signal"}
    padrona["text"] = "wink (padrona): I hold the top card"
    obs["hand_number"] = 1
    obs["messages"] = [padrona]
    assert choose(obs) == "2c"
