"""Batched neighbour searches through an in-memory copy of a shard's dense vectors return what
the engine's own search returns: same ids, same scores, same order (no exact ties here), also
after upserts, re-upserts and deletes change the shard; the copies of all tenants stay within
one byte budget (#12)."""

from __future__ import annotations

import numpy as np
import pytest

from autogen_zettel.base.config import config_from_dict
from autogen_zettel.embed.embedders import HashEmbedder
from autogen_zettel.memory.hub import MemoryHub
from autogen_zettel.store.densecopy import DenseCopy
from autogen_zettel.store.qdrant_edge import EdgeIndex

from .conftest import point_ids, unit_vectors

DIM = 24


def _vectors(n: int, seed: int) -> np.ndarray:
    return unit_vectors(n, DIM, seed)


_ids = point_ids


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
    plain = EdgeIndex(tmp_path / "plain", copy_budget=0)
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


COPY = DenseCopy.bytes_for(400, DIM)  # one tenant's copy below


@pytest.fixture
def three_tenants(tmp_path):
    """A plain index and one with copies, each holding tenants a, b and c of 400 points."""

    def make(budget: int):
        plain = EdgeIndex(tmp_path / "plain", copy_budget=0)
        fast = EdgeIndex(tmp_path / "fast", copy_budget=budget, copy_min_points=100, copy_min_queries=4)
        for n, tenant in enumerate("abc"):
            for idx in (plain, fast):
                idx.create(tenant, DIM)
                idx.upsert(tenant, _ids(0, 400), _vectors(400, 10 + n), _sparse(400))
        made.extend([plain, fast])
        return plain, fast

    made: list[EdgeIndex] = []
    yield make
    for idx in made:
        idx.close()


def test_copies_stay_within_the_byte_budget_least_recently_used_first(three_tenants):
    plain, fast = three_tenants(2 * COPY + COPY // 2)  # room for two copies, not three
    queries = _vectors(20, 20)
    for tenant in "abca":
        assert fast.neighbours(tenant, queries, 9) == plain.neighbours(tenant, queries, 9)
    assert list(fast.copied()) == ["c", "a"]  # b was the least recently used when a came back
    assert sum(fast.copied().values()) <= fast.copy_budget


def test_a_copy_larger_than_the_budget_is_never_loaded(three_tenants):
    plain, fast = three_tenants(COPY - 1)
    queries = _vectors(20, 21)
    assert fast.neighbours("a", queries, 9) == plain.neighbours("a", queries, 9)
    assert fast.copied() == {}


def test_a_copy_grown_by_writes_drops_others_to_stay_within_the_budget(three_tenants):
    plain, fast = three_tenants(2 * COPY)
    queries = _vectors(20, 22)
    for tenant in "ab":
        fast.neighbours(tenant, queries, 9)
    assert set(fast.copied()) == {"a", "b"}
    more = _vectors(200, 23)  # past a's headroom: its rows double
    for idx in (plain, fast):
        idx.upsert("b", _ids(400, 200), more, _sparse(200))
    assert sum(fast.copied().values()) <= fast.copy_budget
    assert list(fast.copied()) == ["b"]  # a, the least recently used, made room
    assert fast.neighbours("b", queries, 9) == plain.neighbours("b", queries, 9)


def test_the_hub_gives_the_edge_index_its_budget_from_vectors_dense_copy_mb(tmp_path):
    hub = MemoryHub.open(
        tmp_path / "m", config=config_from_dict({"vectors": {"dense_copy_mb": 3}}), embedder=HashEmbedder()
    )
    try:
        assert hub.vectors.copy_budget == 3 * 2**20
    finally:
        hub.close()
