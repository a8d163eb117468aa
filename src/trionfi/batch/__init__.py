"""A batched 2-player Briscola core: thousands of deals as numpy arrays, stepped together (docs/batch.md).

>>> from trionfi.batch import BatchBriscola
>>> import numpy as np
>>> batch = BatchBriscola(4)
>>> batch.reset(rng=1)
>>> rng = np.random.default_rng(2)
>>> while not batch.done:
...     batch.step(batch.random_actions(rng))
>>> int(batch.points.sum())
480
"""

from .core import SUPPORTED, BatchBriscola
from .tables import NO_CARD, CardTables

__all__ = ["NO_CARD", "SUPPORTED", "BatchBriscola", "CardTables"]
