"""When :class:`~autogen_zettel.store.qdrant_edge.EdgeIndex` optimizes a quantized shard: the points
written to each open shard since its last optimize, and the rule that calls for the next one.

Quantized vectors exist only in optimized segments, and points written since the last optimize sit
in a plain appendable one that is scanned in float32, so a quantized shard is optimized once the
points written since exceed ``max(floor, share x points)``. Each optimize rewrites the whole shard
(0.1 s at 10k points, 1.2 s at 100k, searches wait), so it waits for ``share`` of the shard: about
0.1 ms a written point. Nothing is persisted: a shard's count is recounted from the engine's counts
when it opens.
"""

from __future__ import annotations

import qdrant_edge as qe

__all__ = ["OptimizeDue"]


class OptimizeDue:
    """Per open shard: points written since its last optimize, or None when it is not quantized.

    :param floor: a quantized shard is optimized once the points written since reach this many, and ...
    :param share: ... this share of its points
    """

    def __init__(self, floor: int, share: float):
        self.floor, self.share = max(1, floor), share
        self._pending: dict[str, int | None] = {}

    def quantized(self, tenant: str) -> bool:
        """Whether the tenant's open shard is counted as a quantized one."""
        return self._pending.get(tenant) is not None

    def start(self, tenant: str, quantized: bool) -> None:
        """A shard just created: nothing written yet."""
        self._pending[tenant] = 0 if quantized else None

    def recount(self, tenant: str, shard: qe.EdgeShard, quantized: bool) -> None:
        """Recount the points outside optimized segments of a quantized shard (under its lock).

        ``indexed_vectors_count`` counts each optimized point's dense and sparse vectors, and the
        sparse vectors of the appendable segment (indexed there too); deleted points still count
        until an optimize (an undercount), a point without a sparse vector counts once (an
        overcount: at worst one early optimize after a reopen).
        """
        if not quantized:
            self._pending[tenant] = None
            return
        info = shard.info()
        self._pending[tenant] = max(0, 2 * info.points_count - info.indexed_vectors_count)

    def wrote(self, tenant: str, shard: qe.EdgeShard, written: int) -> tuple[int, int] | None:
        """Count ``written`` points (or deletes); ``(pending, points)`` when the shard is due for an
        optimize now, else None (also for a shard that is not quantized)."""
        pending = self._pending.get(tenant)
        if pending is None:
            return None
        pending += written
        points = shard.info().points_count
        if pending < max(self.floor, self.share * points):
            self._pending[tenant] = pending
            return None
        return pending, points

    def forget(self, tenant: str) -> None:
        """The shard closed (or is being optimized): recounted when it reopens."""
        self._pending.pop(tenant, None)

    def clear(self) -> None:
        self._pending.clear()
