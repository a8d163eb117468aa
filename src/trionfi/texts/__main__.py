"""``python -m trionfi.texts docs [FOLDER]``: write each game's rules for players into its docs page."""

from __future__ import annotations

import sys
from pathlib import Path

import trionfi

from .rules import write_docs


def main(argv: list[str]) -> int:
    if not argv or argv[0] != "docs" or len(argv) > 2:
        print("usage: python -m trionfi.texts docs [FOLDER]   (FOLDER: docs by default)", file=sys.stderr)
        return 2
    folder = Path(argv[1] if len(argv) > 1 else "docs")
    if not folder.is_dir():
        print(f"error: no folder {str(folder)!r}", file=sys.stderr)
        return 2
    for path in write_docs(folder, trionfi.games()):
        print(f"updated {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
