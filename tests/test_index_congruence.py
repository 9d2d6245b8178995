"""One body, every vector backend on this machine: qdrant-client local mode (``:memory:`` and a
folder), qdrant-edge shards, and a Qdrant server when ``ZETTEL_QDRANT_URL`` is set (opt-in:
``-m qdrant_server``). Then the edge-only promises: forgetting leaves no vector bytes, one
process per folder, and an old qdrant-client folder opens and moves to edge by reindexing."""

from __future__ import annotations

import os
import uuid

import numpy as np
import pytest

from autogen_zettel import HashEmbedder, MemoryHub, NotFound, StoreLocked
from autogen_zettel.base.config import config_from_dict
from autogen_zettel.cards.atoms import embed_text
from autogen_zettel.store.backends import folder_engine, open_index
from autogen_zettel.store.layout import DataFolder
from autogen_zettel.store.qdrant_edge import EdgeIndex
from autogen_zettel.store.qdrant_local import VectorIndex

from .conftest import T0

SERVER = os.environ.get("ZETTEL_QDRANT_URL")
_server = [pytest.mark.qdrant_server, pytest.mark.skipif(not SERVER, reason="set ZETTEL_QDRANT_URL")]
BACKENDS = [
    "qdrant-memory",
    "qdrant-path",
    "edge",
    "shared-memory",
    pytest.param("qdrant-server", marks=_server),
    pytest.param("shared-server", marks=_server),
]
DIM = 16


def make_index(kind: str, folder):
    if kind == "qdrant-memory":
        return VectorIndex.open(memory=True)
    if kind == "qdrant-path":
        return VectorIndex.open(path=folder / "qdrant")
    if kind == "edge":
        return EdgeIndex(folder / "edge")
    if kind == "shared-memory":
        return open_index(memory=True, layout="shared")
    # a unique prefix, so runs against a shared server never meet
    prefix = f"zettel_test_{uuid.uuid4().hex[:8]}_"
    if kind == "shared-server":
        return open_index(url=SERVER, layout="shared", prefix=prefix)
    return VectorIndex.open(url=SERVER, prefix=prefix)


@pytest.fixture(params=BACKENDS)
def index(request, tmp_path):
    idx = make_index(request.param, tmp_path)
    yield idx
    for t in ("ann", "bo"):
        idx.drop(t)
    idx.close()


def data(n=40, seed=3):
    rng = np.random.default_rng(seed)
    vecs = rng.standard_normal((n, DIM)).astype(np.float32)
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
    ids = [str(uuid.UUID(int=i + 1)) for i in range(n)]
    sparse = [([i % 5, 10 + i % 7], [1.0, 2.0]) for i in range(n)]
    return ids, vecs, sparse


def test_the_same_body_on_every_backend(index):
    ids, vecs, sparse = data()
    assert not index.exists("ann") and index.dim("ann") is None and index.count("ann") == 0
    with pytest.raises(NotFound):
        index.search("ann", vecs[0], ([], []), 5)
    shared = getattr(index, "layout", None) == "shared"
    index.create("ann", DIM)
    index.create("ann", DIM)  # a no-op when it exists
    index.create("bo", DIM)
    assert index.exists("ann") and index.dim("ann") == DIM
    index.upsert("ann", ids, vecs, sparse)
    index.upsert("bo", ids[:3], vecs[:3], sparse[:3])  # the same card ids in another tenant
    assert index.count("ann") == len(ids) and index.ids("ann") == set(ids)
    assert index.count("bo") == 3 and index.ids("bo") == set(ids[:3])  # tenants are apart
    assert set(index.search("bo", vecs[7], ([0], [1.0]), 50).dense) == set(ids[:3])
    # dense: the exact top 10 by cosine, best first (every backend is exact at this size)
    res = index.search("ann", vecs[7], ([], []), 10)
    expected = np.argsort(-(vecs @ vecs[7]), kind="stable")[:10]
    assert list(res.dense) == [ids[i] for i in expected]
    assert res.dense[ids[7]] == pytest.approx(1.0, abs=1e-5)
    assert res.lexical == {}
    # lexical: only points sharing a term, higher for the rarer term
    res = index.search("ann", vecs[0], ([0, 13], [1.0, 1.0]), 50)
    matching = {ids[i] for i in range(len(ids)) if i % 5 == 0 or 10 + i % 7 == 13}
    assert set(res.lexical) == matching
    both = [ids[i] for i in range(len(ids)) if i % 5 == 0 and 10 + i % 7 == 13]
    assert all(res.lexical[b] == max(res.lexical.values()) for b in both)
    # dense_of: the stored float32 vectors of the ids that exist, of this tenant only
    got = index.dense_of("ann", [ids[2], ids[9], str(uuid.UUID(int=999))])
    assert set(got) == {ids[2], ids[9]}
    assert np.allclose(got[ids[9]], vecs[9], atol=1e-6) and got[ids[9]].dtype == np.float32
    assert set(index.dense_of("bo", [ids[2], ids[9]])) == {ids[2]}
    assert index.dense_of("ann", []) == {} and index.dense_of("nobody", ids[:2]) == {}
    # neighbours: one list per vector, itself first
    near = index.neighbours("ann", vecs[:3], 4)
    assert [n[0][0] for n in near] == ids[:3] and all(len(n) == 4 for n in near)
    # upsert replaces, delete removes, compact keeps the live points
    index.upsert("ann", [ids[0]], vecs[1:2], [sparse[1]])
    assert index.search("ann", vecs[1], ([], []), 2).dense[ids[0]] == pytest.approx(1.0, abs=1e-5)
    index.delete("ann", ids[:5])
    assert index.ids("ann") == set(ids[5:])
    index.compact("ann")
    assert index.ids("ann") == set(ids[5:])
    assert ids[0] not in index.search("ann", vecs[1], ([0], [1.0]), 50).dense
    index.drop("ann")
    assert not index.exists("ann") and index.count("ann") == 0
    assert index.count("bo") == 3  # dropping one tenant leaves the others
    if not shared:
        assert index.dim("ann") is None


def lexical_scores(kind, tmp_path):
    idx = make_index(kind, tmp_path)
    try:
        ids, vecs, sparse = data()
        idx.create("ann", DIM)
        idx.upsert("ann", ids, vecs, sparse)
        res = idx.search("ann", vecs[0], ([0, 13], [1.0, 2.0]), 50)
        return res.lexical, res.dense
    finally:
        idx.drop("ann")
        idx.close()


@pytest.mark.parametrize("kind", [b for b in BACKENDS if b != "qdrant-memory"])
def test_scores_agree_with_qdrant_client(kind, tmp_path):
    """Fusion min-max scales scores, so backends must agree on them, not only on the order
    (a shared collection computes IDF over one tenant here, so it agrees too)."""
    lexical, dense = lexical_scores(kind, tmp_path / "a")
    ref_lexical, ref_dense = lexical_scores("qdrant-memory", tmp_path / "b")
    assert lexical.keys() == ref_lexical.keys()
    assert all(lexical[i] == pytest.approx(ref_lexical[i], rel=1e-4) for i in lexical)
    assert list(dense) == list(ref_dense)
    assert all(dense[i] == pytest.approx(ref_dense[i], abs=1e-5) for i in dense)


@pytest.mark.parametrize("kind", ["qdrant-path", "edge"])
def test_points_survive_reopening(kind, tmp_path):
    ids, vecs, sparse = data()
    idx = make_index(kind, tmp_path)
    idx.create("ann", DIM)
    idx.upsert("ann", ids, vecs, sparse)
    idx.delete("ann", ids[:2])
    idx.close()
    again = make_index(kind, tmp_path)
    try:
        assert again.ids("ann") == set(ids[2:]) and again.dim("ann") == DIM
        assert next(iter(again.search("ann", vecs[9], ([], []), 3).dense)) == ids[9]
    finally:
        again.close()


def test_edge_keeps_few_shards_open_and_reopens_the_rest(tmp_path):
    ids, vecs, sparse = data(6)
    idx = EdgeIndex(tmp_path / "edge", max_open=2)
    try:
        for t in ("a", "b", "c", "d"):
            idx.create(t, DIM)
            idx.upsert(t, ids, vecs, sparse)
        assert len(idx._open) == 2
        assert all(idx.count(t) == 6 for t in ("a", "b", "c", "d"))
        assert next(iter(idx.search("a", vecs[2], ([], []), 1).dense)) == ids[2]
    finally:
        idx.close()


def test_edge_folder_is_one_process_at_a_time(tmp_path):
    idx = EdgeIndex(tmp_path / "edge")
    try:
        with pytest.raises(StoreLocked, match="in this process"):
            EdgeIndex(
                tmp_path / "edge"
            )  # flock is per open file: a second holder in-process is refused too, and told so (#25)
    finally:
        idx.close()
    EdgeIndex(tmp_path / "edge").close()  # released by close


def files_containing(folder, needle: bytes) -> list:
    return [p for p in folder.rglob("*") if p.is_file() and needle in p.read_bytes()]


def test_edge_forgetting_leaves_no_vector_bytes(tmp_path, clock):
    hub = MemoryHub.open(tmp_path / "data", embedder=HashEmbedder(), clock=clock)
    try:
        assert hub.vectors.engine == "edge"
        mem = hub.tenant("ann")
        cards = mem.remember_many(
            [
                {
                    "text": "I keep a brass key under the juniper bush.",
                    "speaker": "Ann",
                    "id": "m1",
                    "at": T0,
                },
                {
                    "text": "My brother Tom flies cargo planes to Lagos.",
                    "speaker": "Ann",
                    "id": "m2",
                    "at": T0,
                },
            ]
        )
        target = next(c for c in cards if "brass" in c.content)
        vector = hub.embedder.encode([embed_text("Ann", target.content)])[0].astype(np.float32).tobytes()
        edge = DataFolder(tmp_path / "data").edge
        hub.vectors.flush()
        assert files_containing(edge, vector)  # the probe finds the stored vector
        mem.forget(target.id)
        assert files_containing(edge, vector) == []  # gone from segments and write-ahead log
        assert target.id not in hub.vectors.ids("ann") and len(hub.vectors.ids("ann")) == len(cards) - 1
    finally:
        hub.close()


def test_an_old_qdrant_client_folder_opens_and_reindex_moves_it_to_edge(tmp_path, clock):
    folder = tmp_path / "data"
    old = config_from_dict({"vectors": {"engine": "qdrant-local"}})
    with MemoryHub.open(folder, config=old, embedder=HashEmbedder(), clock=clock) as hub:
        hub.tenant("ann").remember("I moved to Porto in May.", speaker="Ann", message_id="m1", at=T0)
        hub.tenant("bo").remember("Bo plays the cello on Sundays.", speaker="Bo", message_id="m2", at=T0)
    assert folder_engine(folder) == "qdrant-local"  # auto keeps what the folder holds
    with MemoryHub.open(folder, embedder=HashEmbedder(), clock=clock) as hub:
        assert hub.vectors.engine == "qdrant-local"
        assert hub.tenant("ann").recall("Porto", k=1)[0].card.content.startswith("I moved")
    edge = config_from_dict({"vectors": {"engine": "edge"}})
    with MemoryHub.open(folder, config=edge, embedder=HashEmbedder(), clock=clock) as hub:
        assert hub.reindex_all() == {"ann": 1, "bo": 1}
    assert not DataFolder(folder).qdrant.exists()  # the pickled local storage is gone
    assert folder_engine(folder) == "edge"
    with MemoryHub.open(folder, embedder=HashEmbedder(), clock=clock) as hub:
        assert hub.vectors.engine == "edge"
        assert hub.tenant("bo").recall("cello", k=1)[0].card.speaker == "Bo"


def test_memory_hubs_stay_on_qdrant_client_memory_mode():
    idx = open_index(memory=True)
    try:
        assert isinstance(idx, VectorIndex) and idx.description == ":memory:"
    finally:
        idx.close()
