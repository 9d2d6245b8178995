"""int8 quantization in the edge shard (#12): recall's search on quantized segments returns what
the exact search returns (same ids, scores within 1e-5, as the candidates are rescored), also with
points in the unquantized appendable segment and after deletes; linking's neighbour searches (int8
candidates rescored) return the float32 neighbours here; shards created without quantization open, search and keep their config until ``reindex``;
and a growing shard is optimized once enough points sit outside its quantized segments."""

from __future__ import annotations

import json

import numpy as np
import pytest
import qdrant_edge as qe

from autogen_zettel.base.config import config_from_dict
from autogen_zettel.base.errors import ConfigError
from autogen_zettel.embed.embedders import HashEmbedder
from autogen_zettel.memory.hub import MemoryHub
from autogen_zettel.store.index import DENSE
from autogen_zettel.store.qdrant_edge import EdgeIndex

from .conftest import point_ids, unit_vectors

DIM = 48


def _vectors(n: int, seed: int) -> np.ndarray:
    return unit_vectors(n, DIM, seed)


_ids = point_ids


def _sparse(n: int, seed: int = 0):
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        terms = sorted({int(t) for t in rng.integers(0, 50, 3)})
        out.append((terms, [1.0] * len(terms)))
    return out


def _indexed(index: EdgeIndex, tenant: str):
    with index.lock:
        info = index._shard(tenant).info()
    return info.points_count, info.indexed_vectors_count


@pytest.fixture
def pair(tmp_path):
    """The same points in a plain shard and in a quantized one (optimized only on request)."""
    plain = EdgeIndex(tmp_path / "plain", quantization="none")
    quant = EdgeIndex(tmp_path / "int8", quantization="int8", optimize_floor=10**9)
    base = _vectors(3000, 1)
    for idx in (plain, quant):
        idx.create("t", DIM)
        idx.upsert("t", _ids(0, 3000), base, _sparse(3000))
    quant.optimize("t")
    yield plain, quant
    plain.close()
    quant.close()


def _same_search(
    plain: EdgeIndex, quant: EdgeIndex, queries: np.ndarray, limit: int = 20, *, lexical: bool = True
) -> None:
    for q in queries:
        a = plain.search("t", q, ([1, 2], [1.0, 0.5]), limit)
        b = quant.search("t", q, ([1, 2], [1.0, 0.5]), limit)
        assert list(b.dense) == list(a.dense)
        assert np.allclose([b.dense[i] for i in a.dense], list(a.dense.values()), atol=1e-5, rtol=0)
        # lexical scores tie often here (three terms of fifty): tied ids may swap at the cut
        if lexical:
            assert np.allclose(sorted(b.lexical.values()), sorted(a.lexical.values()), atol=1e-5, rtol=0)


def test_the_int8_vectors_exist_and_search_rescoring_them_returns_the_exact_hits(pair):
    plain, quant = pair
    assert quant.quantized("t") and not plain.quantized("t")
    points, indexed = _indexed(quant, "t")
    assert indexed == 2 * points  # dense and sparse vectors of every point sit in an optimized segment
    queries = _vectors(30, 2)
    # a request that says nothing scores with the int8 vectors: the scores move, so they are there
    with quant.lock:
        raw = quant._shard("t").query(
            qe.QueryRequest(limit=20, query=qe.Query.Nearest(queries[0].tolist(), using=DENSE))
        )
    exact = plain.search("t", queries[0], ([], []), 20).dense
    assert max(abs(p.score - exact.get(str(p.id), 0.0)) for p in raw) > 1e-4
    _same_search(plain, quant, queries)


def test_search_stays_exact_with_points_in_the_appendable_segment_and_after_deletes(pair):
    plain, quant = pair
    queries = _vectors(30, 3)
    more = _vectors(400, 4)
    for idx in (plain, quant):
        idx.upsert("t", _ids(3000, 400), more, _sparse(400, 1))  # new points: appendable segment
        idx.upsert("t", _ids(0, 100), _vectors(100, 5), _sparse(100, 2))  # moved out of the quantized one
    # the dense side only from here: a point rewritten or deleted stays, flagged, in its optimized
    # segment and in that segment's IDF until a vacuum, so lexical scores shift (0.3% here) with
    # the segment layout (the optimizing's doing, not the int8 vectors')
    assert _indexed(quant, "t")[1] < 2 * _indexed(quant, "t")[0]
    _same_search(plain, quant, queries, lexical=False)
    for idx in (plain, quant):
        idx.delete("t", _ids(50, 300) + _ids(3200, 50))
    _same_search(plain, quant, queries, lexical=False)
    quant.optimize("t")
    _same_search(plain, quant, queries, lexical=False)


@pytest.mark.parametrize("copy", [False, True], ids=["engine", "dense-copy"])
def test_neighbour_searches_return_the_exact_float32_neighbours_on_a_quantized_shard(pair, copy):
    """Int8 candidates rescored in float32 (the engine's path) or a dense copy's candidates scored
    in float32: either way the exact neighbours with their exact scores."""
    plain, quant = pair
    if copy:  # the batched path: candidates from an in-memory copy, scored by the shard
        for idx in (plain, quant):
            idx.copy_min_points, idx.copy_min_queries = 1, 1
    queries = _vectors(20, 6)
    a, b = plain.neighbours("t", queries, 11), quant.neighbours("t", queries, 11)
    assert [[i for i, _ in r] for r in b] == [[i for i, _ in r] for r in a]
    assert b == a  # the same float32 scores, not rescored approximations
    assert bool(quant.copied()) is copy


def test_the_policy_optimizes_once_enough_points_are_written_and_recounts_after_reopening(tmp_path):
    idx = EdgeIndex(tmp_path / "e", optimize_floor=100, optimize_share=0.5)
    idx.create("t", DIM)
    idx.upsert("t", _ids(0, 99), _vectors(99, 1), _sparse(99))
    assert _indexed(idx, "t") == (99, 99)  # only the appendable segment's sparse vectors
    idx.upsert("t", _ids(99, 1), _vectors(1, 2), _sparse(1))
    assert _indexed(idx, "t") == (100, 200)  # 100 written: optimized
    idx.upsert("t", _ids(100, 49), _vectors(49, 3), _sparse(49))  # 49 < max(100, 0.5 x 149)
    assert _indexed(idx, "t") == (149, 249)
    idx.close()
    idx = EdgeIndex(tmp_path / "e", optimize_floor=60, optimize_share=0.1)
    idx.upsert("t", _ids(149, 10), _vectors(10, 4), _sparse(10))  # 49 recounted + 10 < 60
    assert _indexed(idx, "t") == (159, 259)
    idx.upsert("t", _ids(159, 1), _vectors(1, 5), _sparse(1))
    assert _indexed(idx, "t") == (160, 320)
    idx.close()


def test_a_shard_created_without_quantization_opens_searches_keeps_its_config_and_never_auto_optimizes(
    tmp_path,
):
    old = EdgeIndex(tmp_path / "e", quantization="none")
    old.create("t", DIM)
    old.upsert("t", _ids(0, 50), _vectors(50, 1), _sparse(50))
    old.close()
    config = (tmp_path / "e" / "zettel_t" / "edge_config.json").read_text()
    idx = EdgeIndex(tmp_path / "e", quantization="int8", optimize_floor=1)
    assert not idx.quantized("t")
    idx.upsert("t", _ids(50, 20), _vectors(20, 2), _sparse(20))  # no HNSW build behind the caller's back
    assert _indexed(idx, "t")[1] < 2 * 70
    hits = idx.search("t", _vectors(1, 1)[0], ([], []), 5).dense
    assert next(iter(hits)) == _ids(0, 1)[0]
    idx.close()
    assert (tmp_path / "e" / "zettel_t" / "edge_config.json").read_text() == config


def test_reindex_rebuilds_an_old_shard_with_int8_quantization(tmp_path):
    texts = [f"card {i} about the harbour, the gallery and a puppy named Oscar {i}" for i in range(30)]
    hub = MemoryHub.open(
        tmp_path / "m",
        config=config_from_dict({"vectors": {"quantization": "none"}}),
        embedder=HashEmbedder(),
    )
    try:
        mem = hub.tenant("ann")
        for t in texts:
            mem.remember(t, speaker="Ann")
        before = [h.card.id for h in mem.recall("the puppy Oscar", k=5, touch=False)]
        assert not hub.vectors.quantized("ann")
    finally:
        hub.close()
    hub = MemoryHub.open(tmp_path / "m", embedder=HashEmbedder())
    try:
        assert hub.vectors.quantization == "int8" and not hub.vectors.quantized("ann")
        mem = hub.tenant("ann")
        assert [h.card.id for h in mem.recall("the puppy Oscar", k=5, touch=False)] == before
        hub.reindex("ann")
        assert hub.vectors.quantized("ann")
        hub.vectors.optimize("ann")
        assert [h.card.id for h in mem.recall("the puppy Oscar", k=5, touch=False)] == before
    finally:
        hub.close()
    dense = json.loads((tmp_path / "m" / "edge" / "zettel_ann" / "edge_config.json").read_text())["vectors"][
        "dense"
    ]
    assert dense["quantization_config"]["scalar"]["type"] == "int8"


def test_quantization_is_validated(tmp_path):
    with pytest.raises(ConfigError, match="vectors.quantization"):
        config_from_dict({"vectors": {"quantization": "int4"}})
    with pytest.raises(ConfigError, match="'int4'"):
        EdgeIndex(tmp_path / "e", quantization="int4")


def test_deletes_count_toward_the_next_optimize_which_vacuums_them_out_of_the_idf(tmp_path):
    """A deleted point still counts in its segment's IDF until the segment is vacuumed (a plain
    shard's appendable segment too), so deletes bring a quantized shard's next optimize nearer as
    writes do, and that optimize vacuums them: the lexical scores are then those of a shard
    built from the live points alone."""
    quant = EdgeIndex(tmp_path / "int8", quantization="int8", optimize_floor=200, optimize_share=0.1)
    live = EdgeIndex(tmp_path / "live", quantization="none")
    base, sparse = _vectors(1000, 1), _sparse(1000)
    quant.create("t", DIM)
    quant.upsert("t", _ids(0, 1000), base, sparse)
    assert _indexed(quant, "t") == (1000, 2000)  # 1000 written: optimized
    live.create("t", DIM)
    live.upsert("t", _ids(200, 800), base[200:], sparse[200:])
    quant.delete("t", _ids(0, 150))
    assert _indexed(quant, "t")[0] == 850 and _indexed(quant, "t")[1] > 2 * 850  # flagged, still indexed
    quant.delete("t", _ids(150, 50))  # 200 deleted since: optimized, and vacuumed
    assert _indexed(quant, "t") == (800, 1600)
    _same_search(live, quant, _vectors(20, 3))  # lexical scores included
    quant.close()
    live.close()


def test_an_optimize_closes_the_shard_so_the_replaced_segments_are_let_go(tmp_path):
    """qdrant-edge keeps the segments an optimize replaced mapped until the shard closes (about
    240 MB each time at 100k points), so the index closes it and the next use reopens it."""
    idx = EdgeIndex(tmp_path / "e", optimize_floor=100, optimize_share=0.1)
    idx.create("t", DIM)
    vecs = _vectors(150, 1)
    idx.upsert("t", _ids(0, 99), vecs[:99], _sparse(99))
    with idx.lock:
        before = idx._open["t"]
    idx.upsert("t", _ids(99, 1), vecs[99:100], _sparse(1))  # the 100th: optimized
    assert "t" not in idx._open
    hit = idx.search("t", vecs[5], ([], []), 1)
    assert list(hit.dense) == [_ids(5, 1)[0]]
    with idx.lock:
        assert idx._open["t"] is not before and _indexed(idx, "t") == (100, 200)
    assert idx.optimize("t") is not None and "t" not in idx._open  # on request too
    idx.close()
