"""Shared by the tests of trionfi.envs: the game configurations the adapters are tested on."""

from __future__ import annotations

# Every game, and the variants whose actions or hidden information differ (talk, claims, open hands, robbing).
CONFIGS: list[tuple[str, dict]] = [
    ("briscola", {}),
    ("briscola", {"players": 3}),
    ("briscola", {"players": 4, "communication": "signals"}),
    ("briscola", {"players": 4, "communication": "conversation"}),
    ("briscola", {"players": 6, "variant": "schembil"}),
    ("briscola", {"variant": "a31"}),
    ("briscola", {"variant": "scoperta"}),
    ("briscola", {"variant": "briscolone", "must_follow_suit": True}),
    ("briscola", {"players": 5, "variant": "bosnian"}),
    ("briscola", {"players": 4, "variant": "double"}),
    ("briscola", {"ranks": 3, "suits": 2, "hand_size": 2}),  # the research variant for exact methods
    ("briscola-chiamata", {}),
    ("trijumf", {}),
    ("trijumf", {"players": 2}),
    ("triomphe", {}),
    ("triomphe", {"allow_concession_offer": True, "partners_see_hands": True}),
    ("triomphe", {"ruleset": "strasbourg"}),
    ("trionfetti", {}),
    ("troccas", {}),
    ("troccas", {"allow_knock": True, "session_balance": -20}),
]
IDS = [f"{name}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'default'}" for name, o in CONFIGS]
