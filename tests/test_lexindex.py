"""The in-process lexical index scores exactly as Qdrant's sparse search with the IDF modifier."""

from __future__ import annotations

import uuid

import pytest
from qdrant_client import QdrantClient, models

from autogen_zettel.store.lexindex import LexicalIndex
from autogen_zettel.text.lexical import sparse_doc, sparse_query

DOCS = [
    "Caroline went to an LGBTQ support group yesterday",
    "Melanie painted a lake sunrise last year",
    "Melanie takes her kids camping in the mountains",
    "Caroline wants to study counseling and psychology",
    "the support group met again and Caroline spoke",
    "pottery class with the kids on Sunday",
]
QUERIES = ["support group Caroline", "Melanie kids camping", "sunrise painting", "nothing matches zebra"]


def test_congruent_with_qdrant_sparse_search():
    client = QdrantClient(":memory:")
    client.create_collection(
        "c",
        vectors_config={},
        sparse_vectors_config={"lex": models.SparseVectorParams(modifier=models.Modifier.IDF)},
    )
    ids = [str(uuid.UUID(int=i + 1)) for i in range(len(DOCS))]
    vectors = [sparse_doc(d) for d in DOCS]
    client.upsert(
        "c",
        points=[
            models.PointStruct(id=i, vector={"lex": models.SparseVector(indices=v[0], values=v[1])})
            for i, v in zip(ids, vectors)
        ],
    )
    index = LexicalIndex()
    index.upsert(ids, vectors)
    for q in QUERIES:
        qi, qv = sparse_query(q)
        theirs = (
            {}
            if not qi
            else {
                str(p.id): p.score
                for p in client.query_points(
                    "c", query=models.SparseVector(indices=qi, values=qv), using="lex", limit=10
                ).points
            }
        )
        ours = dict(index.search((qi, qv), 10))
        assert ours.keys() == theirs.keys(), q
        for k in ours:
            assert ours[k] == pytest.approx(theirs[k], rel=1e-5), (q, k)
    # deletes change document frequencies the same way
    client.delete("c", points_selector=models.PointIdsList(points=ids[:2]))
    index.delete(ids[:2])
    qi, qv = sparse_query("Caroline support")
    theirs = {
        str(p.id): p.score
        for p in client.query_points(
            "c", query=models.SparseVector(indices=qi, values=qv), using="lex", limit=10
        ).points
    }
    assert dict(index.search((qi, qv), 10)) == pytest.approx(theirs)
    assert len(index) == len(DOCS) - 2
