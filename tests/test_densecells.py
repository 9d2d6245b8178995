"""A dense copy sorted into cells (#26): its candidate pick keeps the exact nearest neighbours
through new, changed and deleted points and the re-sorts they cause, and linking's searches on a
real qdrant-edge shard answer what the engine's own search answers."""

from __future__ import annotations

import numpy as np

from autogen_zettel.store.densecells import REBUILD_SHARE, Cells, cell_count
from autogen_zettel.store.densecopy import DenseCopy
from autogen_zettel.store.qdrant_edge import EdgeIndex

from .conftest import point_ids, unit_vectors

DIM = 24


def _clustered(n: int, seed: int, clusters: int = 60, spread: float = 0.08, topics: int = 1) -> np.ndarray:
    """Unit vectors in ``clusters`` groups (the same groups for the same ``topics``), as texts
    about the same things are."""
    rng = np.random.default_rng(seed)
    centres = unit_vectors(clusters, DIM, topics)
    v = centres[rng.integers(0, clusters, n)] + spread * rng.standard_normal((n, DIM)).astype(np.float32)
    return (v / np.linalg.norm(v, axis=1, keepdims=True)).astype(np.float32)


def _exact_top(copy_rows: dict[str, np.ndarray], queries: np.ndarray, k: int) -> list[set[str]]:
    ids = list(copy_rows)
    matrix = np.stack([copy_rows[i] for i in ids])
    scores = queries @ matrix.T
    return [{ids[j] for j in np.argsort(-s, kind="stable")[:k]} for s in scores]


def _check_rows(copy: DenseCopy, truth: dict[str, np.ndarray]) -> None:
    """Every id's row holds its latest vector, and nothing else is held."""
    assert sorted(copy.ids) == sorted(truth) and len(copy.rows) == len(truth)
    for i, vec in truth.items():
        assert np.allclose(copy._matrix[copy.rows[i]], vec, atol=1e-6)


def test_probing_every_cell_keeps_the_exact_top_k_through_writes_deletes_and_re_sorts():
    rng = np.random.default_rng(3)
    base = unit_vectors(3000, DIM, 1)
    ids = point_ids(0, 3000)
    copy = DenseCopy(ids, base, cells_min=1000, probe=lambda cells: cells)
    assert copy.partitioned and len(copy._cells) == cell_count(3000)
    truth = dict(zip(ids, base))
    next_id, sorts = 3000, 0
    for step in range(12):
        # new points, points moved in place, points deleted: tail, dirty and freed rows
        new = unit_vectors(150, DIM, 100 + step)
        new_ids = point_ids(next_id, 150)
        next_id += 150
        moved_ids = [copy.ids[int(r)] for r in rng.choice(len(copy), 40, replace=False)]
        moved = unit_vectors(40, DIM, 200 + step)
        gone = [copy.ids[int(r)] for r in rng.choice(len(copy), 60, replace=False)]
        built = copy._built
        copy.upsert(new_ids + moved_ids, np.vstack([new, moved]))
        truth.update(zip(new_ids + moved_ids, np.vstack([new, moved])))
        copy.delete(gone)
        for i in gone:
            truth.pop(i, None)
        sorts += copy._built != built
        _check_rows(copy, truth)
        queries = np.vstack([unit_vectors(20, DIM, 300 + step), moved[:5], new[:5]])
        for want, got in zip(_exact_top(truth, queries, 9), copy.candidates(queries, 9)):
            assert want <= set(got)
    assert sorts >= 2  # the writes passed REBUILD_SHARE more than once
    assert REBUILD_SHARE < 1


def test_nearest_cells_keep_the_close_neighbours_of_stored_points():
    points = _clustered(6000, 5)
    ids = point_ids(0, 6000)
    copy = DenseCopy(ids, points, cells_min=1000)
    full = DenseCopy(ids, points, cells_min=0)
    assert copy.partitioned and not full.partitioned
    queries = points[::50]
    truth = dict(zip(ids, points))
    got = copy.candidates(queries, 9)
    for want, found in zip(_exact_top(truth, queries, 9), got):
        assert want <= set(found)
    # fewer rows read: the candidates are a bound close to the cut, as the full product's
    assert np.mean([len(g) for g in got]) <= 2 * np.mean([len(f) for f in full.candidates(queries, 9)])


def test_the_same_rows_give_the_same_cells():
    rows = _clustered(2000, 7)
    a, b = Cells.train(rows, 40, seed=2), Cells.train(rows, 40, seed=2)
    assert np.array_equal(a.centroids, b.centroids)
    order, bounds = a.assign(rows)
    assert sorted(order.tolist()) == list(range(2000)) and bounds[0] == 0 and bounds[-1] == 2000
    cell = a.nearest(rows)
    assert all((cell[order[bounds[c] : bounds[c + 1]]] == c).all() for c in range(40))


def test_a_copy_below_cells_min_reads_every_row_and_is_sorted_once_it_grows_past():
    copy = DenseCopy(point_ids(0, 900), unit_vectors(900, DIM, 8), cells_min=1000)
    assert not copy.partitioned
    copy.upsert(point_ids(900, 200), unit_vectors(200, DIM, 9))
    assert copy.partitioned and copy._built == 1100
    copy.delete(point_ids(0, 300))
    assert not copy.partitioned  # back below: the full product again


def test_linking_searches_on_a_partitioned_copy_equal_the_engines_own(tmp_path):
    plain = EdgeIndex(tmp_path / "plain", copy_budget=0)
    cells = EdgeIndex(tmp_path / "cells", copy_min_points=100, copy_min_queries=4, cells_min_points=300)
    sparse = [([1], [1.0])] * 2000
    try:
        points = _clustered(1200, 11)
        for idx in (plain, cells):
            idx.create("ann", DIM)
            idx.upsert("ann", point_ids(0, 1200), points, sparse[:1200])
        # as linking searches: each new card's own vector, stored just before
        queries = points[-40:]
        assert cells.neighbours("ann", queries, 9) == plain.neighbours("ann", queries, 9)
        assert cells._copies.peek("ann").partitioned
        more, moved = _clustered(300, 12), _clustered(20, 13)
        for idx in (plain, cells):
            idx.upsert("ann", point_ids(1200, 300), more, sparse[:300])
            idx.upsert("ann", point_ids(5, 20), moved, sparse[:20])
            idx.delete("ann", point_ids(600, 30))
        queries = np.vstack([more[-40:], moved])
        assert cells.neighbours("ann", queries, 9) == plain.neighbours("ann", queries, 9)
    finally:
        plain.close()
        cells.close()
