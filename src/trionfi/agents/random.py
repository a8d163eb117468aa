"""The random bot: a random legal action. It claims only when the claim is right (a random claim would end
nearly every deal at once, and wrongly), and when it may either play a card or do something else (talk,
signal), it does the something else one time in five, so that its table talk does not drown the game."""

from __future__ import annotations

from typing import Any

from ..cards import CardError, card
from .base import Agent, claim_is_right

QUIET = ("claim",)
TALK_RATE = 0.2
# Actions that end or decide a deal at once (Trionfetti's vagaresto): taken rarely, or the bot would play
# every hand for the whole stake.
RARE = ("vagaresto", "vaga")
RARE_RATE = 0.03


class RandomAgent(Agent):
    name = "random"

    def decide(self, observation: dict[str, Any]) -> str:
        legal = self.legal(observation)
        if "claim" in legal and claim_is_right(observation):
            return "claim"
        choices = [a for a in legal if a.split()[0] not in QUIET] or legal
        rare = [a for a in choices if a.split()[0] in RARE]
        if rare and len(rare) < len(choices):
            if self.rng.random() < RARE_RATE:
                return self.rng.choice(rare)
            choices = [a for a in choices if a not in rare]
        cards, others = [], []
        for a in choices:
            (cards if _is_card(a) else others).append(a)
        if cards and others and self.rng.random() >= TALK_RATE:
            return self.rng.choice(cards)
        return self.rng.choice(others if cards and others else choices)


def _is_card(text: str) -> bool:
    try:
        card(text)
    except CardError:
        return False
    return True
