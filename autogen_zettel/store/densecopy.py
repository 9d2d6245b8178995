"""A tenant's dense vectors kept in memory, to pick the candidates of many neighbour searches
with one matrix product (the linking searches of a batch of new cards).

qdrant-edge scores plain segments by brute force, one query at a time, so the hundreds of
searches of linking one batch of turns make up much of the write path on a large tenant. One
float32 matrix product of the same queries against every point (BLAS, cache-blocked) costs
less than half of that. It only
chooses candidates: every point whose approximate score is within :data:`MARGIN` of the
``limit``-th best, a superset of the true top ``limit``, which the engine then scores exactly
(its own scores, so stored link weights do not move). A large copy reads only the cells of a
coarse partition nearest each query (:mod:`~autogen_zettel.store.densecells`).

>>> import numpy as np
>>> copy = DenseCopy(["a", "b", "c"], np.eye(3, dtype=np.float32))
>>> copy.upsert(["d", "a"], np.array([[1, 1, 0], [0, 0, 2]], dtype=np.float32))
>>> copy.candidates(np.array([[0, 1, 0], [0, 0, 1]], dtype=np.float32), 2)
[['b', 'd'], ['a', 'c']]
>>> copy.delete(["b"])
>>> copy.candidates(np.array([[0, 1, 0]], dtype=np.float32), 1)
[['d']]
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Callable, Sequence

import numpy as np

from autogen_zettel.store.densecells import CELLS_MIN_POINTS, REBUILD_SHARE, Cells, cell_count, pick, probes

__all__ = ["DenseCopy", "DenseCopies", "MARGIN"]

log = logging.getLogger(__name__)

#: how far below the ``limit``-th best approximate score a candidate may be: float32 products
#: summed in another order than the engine's differ by about 1e-6 at most for unit vectors of a
#: few hundred dimensions; 1e-4 keeps every point the exact search could return
MARGIN = 1e-4

_QUERY_CHUNK = 64  # queries per product: 64 x 100k scores is 25 MB
_CELL_CHUNK = 4096  # queries per pass over the cells: a pass costs about its cells, whatever its queries
_BLOCK = 16  # columns per block whose maximum bounds the cut (see candidates)


def _capacity(n: int) -> int:
    """Rows allocated for ``n`` points: room for a quarter more, as the first batch written
    after loading would otherwise copy them all."""
    return max(16, n + n // 4)


def _unit(rows: np.ndarray) -> np.ndarray:
    rows = np.asarray(rows, dtype=np.float32)
    norms = np.linalg.norm(rows, axis=1, keepdims=True)
    return rows / np.maximum(norms, np.float32(1e-12))


class DenseCopy:
    """Point ids and their unit-length dense vectors (float32), one row each; rows grow by
    doubling, so upserting a batch costs the batch.

    From ``cells_min`` points on, the rows are sorted into the cells of a coarse partition
    (:mod:`~autogen_zettel.store.densecells`) and :meth:`candidates` reads only the cells nearest
    each query (``probe(cells)`` of them); below it, or with ``cells_min=0``, it reads every row.
    """

    def __init__(
        self,
        ids: Sequence[str],
        dense: np.ndarray,
        *,
        cells_min: int = CELLS_MIN_POINTS,
        probe: Callable[[int], int] = probes,
    ):
        dense = _unit(dense.reshape(len(ids), -1)) if len(ids) else np.zeros((0, dense.shape[-1]), np.float32)
        self.ids: list[str] = list(ids)
        self.rows: dict[str, int] = {i: r for r, i in enumerate(self.ids)}
        self._matrix = np.empty((_capacity(len(self.ids)), dense.shape[1]), np.float32)
        self._matrix[: len(self.ids)] = dense
        self.cells_min, self.probe = cells_min, probe  # probe: cells -> cells each query reads
        self._cells: Cells | None = None
        self._bounds = np.zeros(1, np.int64)
        self._trained = 0  # the points the cells were trained on
        self._built = 0  # rows [0, built) were sorted into cells; the rest is the tail
        self._dirty: set[int] = set()  # rows below ``built`` whose vector is not their cell's
        self._keep_partition()

    @property
    def partitioned(self) -> bool:
        """Whether :meth:`candidates` reads cells (the copy has at least ``cells_min`` points)."""
        return self._cells is not None

    def _keep_partition(self) -> None:
        """Sort the rows into cells when the copy has grown to ``cells_min`` points, or when tail
        and dirty rows make up :data:`~autogen_zettel.store.densecells.REBUILD_SHARE` of it."""
        n = len(self.ids)
        if self.cells_min <= 0 or n < self.cells_min:
            self._cells, self._built, self._trained, self._dirty = None, 0, 0, set()
            return
        if self._cells is not None and (n - min(n, self._built)) + len(self._dirty) <= REBUILD_SHARE * n:
            return
        matrix = self._matrix[:n]
        if self._cells is None or n >= 1.5 * self._trained:
            # seeded by the size, so the same rows give the same cells
            self._cells, self._trained = Cells.train(matrix, cell_count(n), seed=n), n
            cell = None
        else:
            # the sorted rows keep their cells; tail and dirty rows go to their nearest
            # centroid's: a sort and a copy of the rows, no product over all of them
            cell = np.repeat(np.arange(len(self._cells), dtype=np.int32), np.diff(self._bounds))[:n]
            cell = np.concatenate([cell, np.zeros(n - len(cell), np.int32)])
            moved = np.array(sorted(self._dirty) + list(range(min(n, self._built), n)), np.int64)
            if len(moved):
                cell[moved] = self._cells.nearest(matrix[moved])
        cells = self._cells
        order, self._bounds = cells.assign(matrix, cell)
        matrix[:] = matrix[order]
        self.ids = [self.ids[r] for r in order.tolist()]
        self.rows = {i: r for r, i in enumerate(self.ids)}
        self._built, self._dirty = n, set()
        log.debug("dense copy of %d points sorted into %d cells", n, len(cells))

    def __len__(self) -> int:
        return len(self.ids)

    @property
    def nbytes(self) -> int:
        return self._matrix.nbytes

    @staticmethod
    def bytes_for(points: int, dim: int) -> int:
        """What a copy of ``points`` vectors of ``dim`` dimensions holds once loaded (:attr:`nbytes`).

        >>> DenseCopy.bytes_for(3, 4) == DenseCopy(["a", "b", "c"], np.ones((3, 4), np.float32)).nbytes
        True
        >>> DenseCopy.bytes_for(100_000, 384) // 2**20  # MiB
        183
        """
        return _capacity(points) * dim * 4

    def upsert(self, ids: Sequence[str], dense: np.ndarray) -> None:
        """Set the vectors of ``ids`` (new ids are appended)."""
        dense = _unit(dense)
        for i, vec in zip(ids, dense):
            row = self.rows.get(i)
            if row is None:
                row = len(self.ids)
                if row == len(self._matrix):
                    grown = np.empty((2 * len(self._matrix), self._matrix.shape[1]), np.float32)
                    grown[:row] = self._matrix[:row]
                    self._matrix = grown
                self.ids.append(i)
                self.rows[i] = row
            if row < self._built:  # a changed vector, or a new one in a row a delete freed
                self._dirty.add(row)
            self._matrix[row] = vec
        self._keep_partition()

    def delete(self, ids: Sequence[str]) -> None:
        """Drop the rows of ``ids`` (unknown ids are skipped): the last row takes each one's place."""
        for i in ids:
            row = self.rows.pop(i, None)
            if row is None:
                continue
            last = len(self.ids) - 1
            if row != last:
                moved = self.ids[last]
                self.ids[row] = moved
                self.rows[moved] = row
                self._matrix[row] = self._matrix[last]
                if row < self._built:  # another cell's vector in this row
                    self._dirty.add(row)
            self._dirty.discard(last)
            self.ids.pop()
        self._keep_partition()

    def candidates(self, queries: np.ndarray, limit: int) -> list[list[str]]:
        """For each query, the ids whose score is within :data:`MARGIN` of its ``limit``-th best
        (every id when there are at most ``limit``), in row order; on a partitioned copy, among
        the rows of the cells it probes and those written since the rows were sorted."""
        n = len(self.ids)
        if n <= limit:
            return [list(self.ids) for _ in range(len(queries))]
        matrix = self._matrix[:n]
        out: list[list[str]] = []
        queries = _unit(queries)
        if self._cells is not None:
            always = np.array(sorted(self._dirty) + list(range(min(n, self._built), n)), np.int64)
            for start in range(0, len(queries), _CELL_CHUNK):
                found = pick(
                    queries[start : start + _CELL_CHUNK],
                    matrix,
                    self._cells,
                    self._bounds,
                    always,
                    limit,
                    MARGIN,
                    self.probe(len(self._cells)),
                )
                ids = self.ids
                out.extend([ids[r] for r in rows.tolist()] for rows in found)
            return out
        blocks = n // _BLOCK
        for start in range(0, len(queries), _QUERY_CHUNK):
            scores = queries[start : start + _QUERY_CHUNK] @ matrix.T
            if blocks >= limit:
                # the limit-th best of the block maxima: ``limit`` blocks hold a score at least
                # that high, so it is at most the limit-th best score (a bound, never above
                # it); partitioning the maxima costs 1/16 of partitioning every score. A block
                # is every ``blocks``-th column: the maximum of 16 whole slabs is one vector op
                peaks = scores[:, : blocks * _BLOCK].reshape(len(scores), _BLOCK, blocks).max(axis=1)
                kth = np.partition(peaks, blocks - limit, axis=1)[:, blocks - limit]
            else:
                kth = np.partition(scores, n - limit, axis=1)[:, n - limit]
            rows, cols = np.nonzero(scores >= (kth - MARGIN)[:, None])
            bounds = np.searchsorted(rows, np.arange(len(scores) + 1))
            ids = self.ids
            out.extend([ids[c] for c in cols[bounds[q] : bounds[q + 1]].tolist()] for q in range(len(scores)))
        return out


class DenseCopies:
    """Several tenants' copies under one byte budget, the least recently used dropped first
    (not thread-safe: its owner locks around it).

    >>> copies = DenseCopies(budget=DenseCopy.bytes_for(30, 3))  # room for one copy of 20
    >>> load = lambda: DenseCopy([str(i) for i in range(20)], np.ones((20, 3), np.float32))
    >>> bool(copies.admit("a", 20, 3, load)) and bool(copies.admit("b", 20, 3, load))
    True
    >>> list(copies.sizes()), copies.admit("c", 60, 3, load) is None  # a made room for b; c never fits
    (['b'], True)
    """

    def __init__(self, budget: int):
        self.budget = budget
        self._copies: OrderedDict[str, DenseCopy] = OrderedDict()

    def __contains__(self, tenant: str) -> bool:
        return tenant in self._copies

    def peek(self, tenant: str) -> DenseCopy | None:
        """The tenant's copy, if held, without counting a use (to keep it in step with a write)."""
        return self._copies.get(tenant)

    def use(self, tenant: str) -> DenseCopy | None:
        """The tenant's copy, if held, now the most recently used."""
        copy = self._copies.get(tenant)
        if copy is not None:
            self._copies.move_to_end(tenant)
        return copy

    def sizes(self) -> dict[str, int]:
        """Tenant -> the bytes its copy holds, least recently used first."""
        return {tenant: copy.nbytes for tenant, copy in self._copies.items()}

    def pop(self, tenant: str) -> None:
        self._copies.pop(tenant, None)

    def clear(self) -> None:
        self._copies.clear()

    def fit(self, room: int | None = None) -> None:
        """Drop the least recently used copies until the rest hold at most ``room`` bytes (the
        budget by default: a copy whose rows doubled under writes may have passed it)."""
        room = self.budget if room is None else room
        used = sum(copy.nbytes for copy in self._copies.values())
        while self._copies and used > room:
            tenant, copy = self._copies.popitem(last=False)
            used -= copy.nbytes
            log.debug("tenant %s: dense copy dropped to stay within %.0f MB", tenant, self.budget / 2**20)

    def admit(self, tenant: str, points: int, dim: int, load: Callable[[], DenseCopy]) -> DenseCopy | None:
        """A copy of ``points`` vectors of ``dim`` dimensions for the tenant: ``load()``, once the
        least recently used others leave it room; None when copies are off or it could never fit."""
        need = DenseCopy.bytes_for(points, dim)
        if self.budget <= 0 or need > self.budget:
            if self.budget > 0:
                log.debug(
                    "tenant %s: a dense copy of %d points (%.0f MB) exceeds vectors.dense_copy_mb "
                    "(%.0f MB); the shard searches alone",
                    tenant,
                    points,
                    need / 2**20,
                    self.budget / 2**20,
                )
            return None
        self.fit(self.budget - need)
        copy = self._copies[tenant] = load()
        log.debug(
            "tenant %s: %d dense vectors copied to memory for batched neighbour searches (%.0f MB)",
            tenant,
            len(copy),
            copy.nbytes / 2**20,
        )
        return copy
