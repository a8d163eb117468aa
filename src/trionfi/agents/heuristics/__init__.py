"""Per-game heuristic policies, one module per game (registered with trionfi.agents.heuristic.register_policy)."""
