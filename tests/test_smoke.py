import random

import trionfi


def test_random_deal_ends_with_120_points():
    game = trionfi.load("briscola")
    rng = random.Random(1)
    for seed in range(20):
        state = game.deal(seed=seed)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        assert sum(state.points()) == 120
