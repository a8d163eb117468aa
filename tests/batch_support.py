"""Helpers shared by the batched core's tests."""

from __future__ import annotations

from trionfi.batch import BatchBriscola


def rebuilt_pack(batch: BatchBriscola, deal: int, first: int) -> list[str]:
    """The stacked pack (top first) from which the engine deals what the batch dealt."""
    size = batch.hand_size
    receiving = [batch.hands[deal, first].tolist(), batch.hands[deal, 1 - first].tolist()]
    if batch.game.options["deal_singly"]:
        dealt = [receiving[k % 2][k // 2] for k in range(2 * size)]
    else:
        dealt = receiving[0] + receiving[1]
    stock = batch.stock[deal].tolist()
    if batch.game.has_trump:
        stock = [stock[-1], *stock[:-1]]  # the turned-up card comes right after the hands
    return batch.tables.codes(dealt + stock)
