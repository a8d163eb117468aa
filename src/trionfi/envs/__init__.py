"""Adapters for game-AI research: OpenSpiel, PettingZoo and Gymnasium (``pip install trionfi[rl]``).

* :mod:`trionfi.envs.openspiel` registers every game as an OpenSpiel Python game ``python_trionfi_<game>``;
* :mod:`trionfi.envs.pettingzoo` gives an AEC environment per game: ``env("briscola", players=4)``;
* :mod:`trionfi.envs.gymnasium` a single-agent environment against trionfi bots, ``trionfi/Briscola-v0`` and
  the other games, registered with Gymnasium when the module is imported;
* :mod:`trionfi.envs.actions` and :mod:`trionfi.envs.encoding` hold the integer action ids and the tensor
  encodings (they need numpy only), documented in ``docs/research.md``.

Importing :mod:`trionfi` imports none of these frameworks; each adapter module imports its own.
"""

from __future__ import annotations

EXTRA_HINT = "install the research extra: pip install 'trionfi[rl]'"
