"""Print, as Markdown, the tensor pieces and the action-id table of each game (the tables of docs/research.md).

python examples/describe_envs.py > /tmp/tables.md
"""

from __future__ import annotations

import sys

import numpy as np

import trionfi
from trionfi.envs.actions import ActionTable
from trionfi.envs.encoding import Encoder

# The configurations shown: each game's defaults, and the variants whose pieces or actions differ.
SHOWN = [
    ("briscola", {}),
    ("briscola", {"players": 4, "communication": "conversation"}),
    ("briscola", {"players": 6, "variant": "schembil"}),
    ("briscola-chiamata", {}),
    ("trijumf", {}),
    ("triomphe", {}),
    ("trionfetti", {}),
    ("troccas", {}),
]


def describe(name: str, options: dict) -> str:
    game = trionfi.load(name, **options)
    enc = Encoder(game)
    table = ActionTable(game)
    given = ", ".join(f"{k}={v!r}" for k, v in options.items()) or "defaults"
    lines = [f"### {game.title} ({given})", "", f"Tensor: {enc.size} floats.", ""]
    lines += ["| piece | shape | offset |", "|---|---|---:|"]
    for piece, (start, _end, shape) in enc.offsets.items():
        lines.append(f"| {piece} | {' x '.join(map(str, shape))} | {start} |")
    d = len(game.deck)
    lines += ["", f"Actions: {len(table)} ids. 0-{d - 1}: the cards of the {game.deck.name} deck in this order: "]
    lines.append("`" + " ".join(str(c) for c in game.deck) + "`.")
    if table.named:
        lines.append(f"{d}-{len(table) - 1}: " + ", ".join(f"{d + i} `{t}`" for i, t in enumerate(table.named)) + ".")
    assert enc.size == sum(int(np.prod(s)) for _, s in enc.pieces())
    return "\n".join(lines) + "\n"


def main() -> int:
    for name, options in SHOWN:
        print(describe(name, options))
    return 0


if __name__ == "__main__":
    sys.exit(main())
