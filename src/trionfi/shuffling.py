"""Shuffling a pack: ``random.Random.shuffle``'s exact result, at about a third of its cost.

Every deal starts with a shuffle and every world a bot samples with another, and the standard library's
``shuffle`` spends most of its time in Python-level calls (``_randbelow``, ``bit_length``) per card. This is the
same Fisher-Yates walk with the same draws (``getrandbits`` of the bound's bit length, drawn again while too
large), inlined: for a given generator state it leaves the same order and the generator in the same state, so
seeded deals and records are unchanged. A test holds it to the standard library on many seeds and lengths.
"""

from __future__ import annotations

import random
from typing import Any

# The bit length of every bound a pack of up to 128 cards needs (Troccas has 78).
_BITS = tuple(n.bit_length() for n in range(129))


def shuffle(items: list[Any], rng: random.Random) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` would."""
    if rng.__class__ is not random.Random or len(items) >= len(_BITS):
        rng.shuffle(items)  # a subclass may draw otherwise; a list this long is no pack
        return
    getrandbits, bits = rng.getrandbits, _BITS
    for i in range(len(items) - 1, 0, -1):
        bound = i + 1
        k = bits[bound]
        j = getrandbits(k)
        while j >= bound:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
