"""A coarse partition of a large :class:`~autogen_zettel.store.densecopy.DenseCopy` into cells
(spherical k-means), so that picking the candidates of a batch of neighbour searches reads a few
cells per query instead of every vector.

The copy keeps its rows sorted by cell when the partition is built (each cell one contiguous slab
of rows, ``bounds[c]:bounds[c + 1]``), so each probed cell is one matrix product against the
queries that probe it. Rows written after the build go to the end (the *tail*); a row changed in
place or refilled by a delete is *dirty*; both are scored for every query, so a write never
needs the partition rebuilt at once: the copy rebuilds it when tail and dirty rows reach
:data:`REBUILD_SHARE` of its rows. A re-sort keeps the centroids (the sorted rows keep their
cells, only tail and dirty rows are assigned: a sort and a copy), and trains them again once the
copy has grown by half since they were trained.

Each query probes the :func:`probes` cells whose centroids it is nearest and takes, among their
rows and the always-scored ones, every row within the caller's margin of the ``limit``-th best:
the same rule as the full product, over fewer rows. It is not a bound: a true neighbour in a cell
not probed is missed, so the number of probes is set so the exact top neighbours stay among the
candidates of real searches (measured on a filled tenant; docs/benchmarks.md), and the engine
then scores the candidates exactly as before.

>>> rng = np.random.default_rng(1)
>>> rows = rng.normal(size=(400, 8)).astype(np.float32)
>>> rows /= np.linalg.norm(rows, axis=1, keepdims=True)
>>> cells = Cells.train(rows, count=8)
>>> order, bounds = cells.assign(rows)
>>> sorted(order.tolist()) == list(range(400)), int(bounds[-1])
(True, 400)
"""

from __future__ import annotations

import numpy as np

__all__ = ["Cells", "CELLS_MIN_POINTS", "REBUILD_SHARE", "cell_count", "probes", "pick"]

#: a copy of fewer points is searched by the full product (exact); from this size on it is partitioned
CELLS_MIN_POINTS = 50_000
#: the share of tail and dirty rows at which the copy sorts its rows into cells again
REBUILD_SHARE = 0.125
_TRAIN_ROWS = 48  # sample rows per cell for k-means
_TRAIN_ROUNDS = 8


def cell_count(points: int) -> int:
    """Cells for ``points`` rows: twice the square root, so a query's probes stay a few small
    slabs next to its product with the centroids.

    >>> cell_count(100_000)
    632
    """
    return max(1, int(round(2 * points**0.5)))


def probes(cells: int) -> int:
    """Cells each query reads: a sixth of them, at least 32 (or all, for few cells). A tenth
    already keeps the neighbours of texts with near copies in the shard; new texts, whose
    neighbours spread over more cells, need the sixth (docs/benchmarks.md).

    >>> probes(632), probes(10)
    (105, 10)
    """
    return min(cells, max(32, cells // 6))


class Cells:
    """Unit-length centroids (float32, one row a cell)."""

    def __init__(self, centroids: np.ndarray):
        self.centroids = np.ascontiguousarray(centroids, dtype=np.float32)

    def __len__(self) -> int:
        return len(self.centroids)

    @classmethod
    def train(cls, rows: np.ndarray, count: int, *, seed: int = 0) -> Cells:
        """Spherical k-means over a sample of ``rows`` (unit length), ``count`` cells; seeded, so
        the same rows give the same cells."""
        rng = np.random.default_rng(seed)
        n = len(rows)
        count = max(1, min(count, n))
        sample = rows[np.sort(rng.choice(n, size=min(n, count * _TRAIN_ROWS), replace=False))]
        centroids = sample[np.sort(rng.choice(len(sample), size=count, replace=False))].copy()
        for _ in range(_TRAIN_ROUNDS):
            nearest = np.argmax(sample @ centroids.T, axis=1)
            sums = np.zeros_like(centroids)
            np.add.at(sums, nearest, sample)
            norms = np.linalg.norm(sums, axis=1)
            empty = norms < 1e-12
            # an empty cell takes a random sample row, so every cell keeps some rows
            sums[empty] = sample[rng.choice(len(sample), size=int(empty.sum()))]
            norms[empty] = 1.0
            centroids = (sums / norms[:, None]).astype(np.float32)
        return cls(centroids)

    def nearest(self, rows: np.ndarray, chunk: int = 8192) -> np.ndarray:
        """The cell of each row (its nearest centroid)."""
        out = np.empty(len(rows), np.int32)
        for start in range(0, len(rows), chunk):
            out[start : start + chunk] = np.argmax(rows[start : start + chunk] @ self.centroids.T, axis=1)
        return out

    def assign(self, rows: np.ndarray, cell: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
        """``(order, bounds)``: the rows sorted by cell (a stable order) and each cell's slab in it.

        :param cell: each row's cell, when known (else its nearest centroid's)
        """
        cell = self.nearest(rows) if cell is None else cell
        order = np.argsort(cell, kind="stable")
        bounds = np.searchsorted(cell[order], np.arange(len(self) + 1)).astype(np.int64)
        return order, bounds


def pick(
    queries: np.ndarray,
    matrix: np.ndarray,
    cells: Cells,
    bounds: np.ndarray,
    always: np.ndarray,
    limit: int,
    margin: float,
    probe: int,
) -> list[np.ndarray]:
    """For each (unit) query, the rows of ``matrix`` within ``margin`` of the ``limit``-th best
    score among the rows of its ``probe`` nearest cells and the rows ``always`` scored (tail and
    dirty), sorted.

    :param bounds: cell ``c`` holds the rows ``bounds[c]:bounds[c + 1]`` (clipped to ``matrix``)
    """
    m, n = len(queries), len(matrix)
    probe = min(probe, len(cells))
    near = np.argpartition(-(queries @ cells.centroids.T), probe - 1, axis=1)[:, :probe]
    probed = np.zeros((m, len(cells)), bool)
    probed[np.arange(m)[:, None], near] = True
    # every block of scores: (queries, first row or None, scores); rows of an ``always`` block are
    # ``always``'s, those of a cell block a slab
    blocks: list[tuple[np.ndarray, int | None, np.ndarray]] = []
    seen = np.zeros(n, bool)  # a dirty row is scored once, in the ``always`` block
    if len(always):
        blocks.append((np.arange(m), None, queries @ matrix[always].T))
        seen[always] = True
    for c in np.flatnonzero(probed.any(axis=0)).tolist():
        lo, hi = int(bounds[c]), min(int(bounds[c + 1]), n)
        if hi > lo:
            qs = np.flatnonzero(probed[:, c])
            scores = queries[qs] @ matrix[lo:hi].T
            twice = seen[lo:hi]
            if twice.any():  # counted twice among the best, it would raise the cut
                scores[:, twice] = -np.inf
            blocks.append((qs, lo, scores))
    # each block's best ``limit`` per query, side by side: the limit-th best of those is the
    # limit-th best over every row the query reads
    best = np.full((m, (probe + 1) * limit), -np.inf, np.float32)
    fill = np.zeros(m, np.int64)
    for qs, _, scores in blocks:
        k = min(limit, scores.shape[1])
        top = scores if k == scores.shape[1] else np.partition(scores, scores.shape[1] - k, axis=1)[:, -k:]
        best[qs[:, None], fill[qs][:, None] + np.arange(k)] = top
        fill[qs] += k
    kth = np.partition(best, best.shape[1] - limit, axis=1)[:, best.shape[1] - limit] - margin
    found_q, found_r = [], []
    for qs, lo, scores in blocks:
        r, col = np.nonzero(scores >= kth[qs][:, None])
        found_q.append(qs[r])
        found_r.append(always[col] if lo is None else lo + col)
    key = np.unique(np.concatenate(found_q).astype(np.int64) * n + np.concatenate(found_r))
    split = np.searchsorted(key // n, np.arange(m + 1))
    rows = key % n
    return [rows[split[q] : split[q + 1]] for q in range(m)]
