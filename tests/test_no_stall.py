"""One tenant's shard maintenance never holds what another tenant's search needs (#26)."""

from __future__ import annotations

import threading

import numpy as np

from autogen_zettel.store.qdrant_edge import EdgeIndex
from autogen_zettel.store.shardwork import optimize_in_subprocess

from .conftest import point_ids, unit_vectors

DIM = 16


def _fill(index: EdgeIndex, tenant: str, n: int, seed: int) -> np.ndarray:
    vectors = unit_vectors(n, DIM, seed)
    index.create(tenant, DIM)
    index.upsert(tenant, point_ids(0, n), vectors, [([1 + i % 7], [1.0]) for i in range(n)])
    return vectors


def test_another_tenants_search_proceeds_while_a_shard_optimizes(tmp_path):
    started, release = threading.Event(), threading.Event()

    def held_runner(folder):
        started.set()
        assert release.wait(120), "the test never released the optimize"
        return optimize_in_subprocess(folder)

    index = EdgeIndex(tmp_path / "e", optimize_floor=10**9, optimize_apart=1)
    index.optimize_runner = held_runner
    big = _fill(index, "big", 300, 1)
    other = _fill(index, "other", 50, 2)
    optimizing = threading.Thread(target=index.optimize, args=("big",))
    optimizing.start()
    assert started.wait(60)
    found: list[str] = []
    searching = threading.Thread(
        target=lambda: found.extend(
            next(iter(index.search("other", other[i], ([], []), 1).dense)) for i in range(5)
        )
    )
    searching.start()
    searching.join(60)  # a failsafe: with one index-wide lock this search would wait for the release
    done_before_release = not searching.is_alive() and not release.is_set()
    release.set()
    optimizing.join(120)
    searching.join(60)
    assert done_before_release
    assert found == point_ids(0, 5)
    # the child process optimized the shard: every point's vectors sit in an optimized segment
    with index.lock:
        info = index._shard("big").info()
    assert (info.points_count, info.indexed_vectors_count) == (300, 600)
    assert list(index.search("big", big[7], ([], []), 1).dense) == point_ids(7, 1)
    index.close()


def test_a_child_optimize_gives_the_in_process_optimize_hits(tmp_path):
    here = EdgeIndex(tmp_path / "here", optimize_floor=10**9, optimize_apart=10**9)
    apart = EdgeIndex(tmp_path / "apart", optimize_floor=10**9, optimize_apart=1)
    vectors = _fill(here, "t", 400, 3)
    _fill(apart, "t", 400, 3)
    here.delete("t", point_ids(0, 20))
    apart.delete("t", point_ids(0, 20))
    assert here.optimize("t") is not None and apart.optimize("t") is True
    for q in vectors[20:60]:
        a, b = here.search("t", q, ([1, 2], [1.0, 1.0]), 10), apart.search("t", q, ([1, 2], [1.0, 1.0]), 10)
        assert list(a.dense) == list(b.dense) and list(a.lexical) == list(b.lexical)
        assert np.allclose(list(a.dense.values()), list(b.dense.values()))
    here.close()
    apart.close()


def test_a_failing_child_falls_back_to_optimizing_here(tmp_path):
    index = EdgeIndex(tmp_path / "e", optimize_floor=10**9, optimize_apart=1)
    index.optimize_runner = lambda folder: False  # as when the child process cannot start
    vectors = _fill(index, "t", 100, 4)
    index.optimize("t")
    with index.lock:
        info = index._shard("t").info()
    assert info.indexed_vectors_count == 200
    assert list(index.search("t", vectors[3], ([], []), 1).dense) == point_ids(3, 1)
    index.close()
