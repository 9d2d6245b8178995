"""Batched neighbour searches through an in-memory copy of a shard's dense vectors return what
the engine's own search returns: same ids, same scores, same order (no exact ties here), also
after upserts, re-upserts and deletes change the shard (#12)."""

from __future__ import annotations

import uuid

import numpy as np

from autogen_zettel.store.densecopy import DenseCopy
from autogen_zettel.store.edge import EdgeIndex

DIM = 24


def _vectors(n: int, seed: int) -> np.ndarray:
    v = np.random.default_rng(seed).standard_normal((n, DIM)).astype(np.float32)
    return v / np.linalg.norm(v, axis=1, keepdims=True)


def _ids(start: int, n: int) -> list[str]:
    return [str(uuid.UUID(int=i + 1)) for i in range(start, start + n)]


def _sparse(n: int):
    return [([1], [1.0])] * n


def test_copy_candidates_hold_the_exact_top_k():
    base = _vectors(3000, 1)
    copy = DenseCopy(_ids(0, 3000), base)
    queries = _vectors(70, 2)
    exact = np.argsort(-(queries @ base.T), axis=1, kind="stable")[:, :9]
    for q, found in enumerate(copy.candidates(queries, 9)):
        assert {_ids(int(i), 1)[0] for i in exact[q]} <= set(found)
        assert len(found) < 40  # a bound close to the cut, not every point


def test_batched_neighbours_equal_the_engines_own_search(tmp_path):
    plain = EdgeIndex(tmp_path / "plain", dense_copies=0)
    fast = EdgeIndex(tmp_path / "fast", copy_min_points=100, copy_min_queries=4)
    try:
        for idx in (plain, fast):
            idx.create("ann", DIM)
        first = _vectors(400, 3)
        for idx in (plain, fast):
            idx.upsert("ann", _ids(0, 400), first, _sparse(400))
        queries = _vectors(30, 4)
        assert fast.neighbours("ann", queries, 9) == plain.neighbours("ann", queries, 9)
        assert "ann" in fast._copies  # the copy path ran
        # writes after the copy is loaded reach it: new points, a changed point, a deleted one
        more, moved = _vectors(50, 5), _vectors(1, 6)
        for idx in (plain, fast):
            idx.upsert("ann", _ids(400, 50), more, _sparse(50))
            idx.upsert("ann", _ids(7, 1), moved, _sparse(1))
        queries = np.vstack([_vectors(20, 7), more[:5], moved])
        assert fast.neighbours("ann", queries, 9) == plain.neighbours("ann", queries, 9)
        for idx in (plain, fast):
            idx.delete("ann", _ids(400, 3))
        assert fast.neighbours("ann", queries, 9) == plain.neighbours("ann", queries, 9)
        # a single search (one card's remember) goes to the engine directly
        assert fast.neighbours("ann", queries[:1], 9) == plain.neighbours("ann", queries[:1], 9)
    finally:
        plain.close()
        fast.close()
