"""The random bot: a random legal action. It claims only when the claim is right (a random claim would end
nearly every deal at once, and wrongly), and when it may either play a card or do something else (talk,
signal), it does the something else one time in five, so that its table talk does not drown the game. In an
auction (Briscola Chiamata) it bids as a beginner does: the next bid up, one time in three, else it passes (a
bid drawn from seventy jumped to 117 at once, and every deal was a contract nobody could make)."""

from __future__ import annotations

from typing import Any

from ..cards import CardError, card
from .base import Agent, claim_is_right

QUIET = ("claim",)
TALK_RATE = 0.2
# Actions that end or decide a deal at once (Trionfetti's vagaresto, Troccas' proposal to deal again): taken
# rarely, or the bot would play every hand for the whole stake, or ask its table to cancel nearly every deal.
RARE = {"vagaresto": 0.03, "vaga": 0.03, "propose": 0.01}  # the chance a decision takes one
BID_RATE = 1 / 3


class RandomAgent(Agent):
    name = "random"

    def decide(self, observation: dict[str, Any]) -> str:
        legal = self.legal(observation)
        if "claim" in legal and claim_is_right(observation):
            return "claim"
        choices = [a for a in legal if a.split()[0] not in QUIET] or legal
        bids = [a for a in choices if a.split()[0] == "bid"]  # the engine lists them lowest first
        if bids:
            return bids[0] if self.rng.random() < BID_RATE or "pass" not in choices else "pass"
        rare = [a for a in choices if a.split()[0] in RARE]
        if rare and len(rare) < len(choices):
            if self.rng.random() < max(RARE[a.split()[0]] for a in rare):
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
