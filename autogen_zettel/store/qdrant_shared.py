"""Many tenants in one Qdrant collection, partitioned by a tenant key: the layout Qdrant
recommends for a server holding many tenants (config ``vectors.layout: shared``).

A collection per tenant costs a server per-collection state (segments, write-ahead log,
optimizer, one set of shards and replicas each); Qdrant's guidance is one collection whose
points carry the tenant in their payload, with a keyword payload index marked ``is_tenant``
so the server stores each tenant's points together and searches them as if they were a
collection of their own. Every request here filters on that key.

Points: id ``uuid5(tenant/card id)`` (two agents hearing the same message make the same card
id), payload ``{"tenant": name, "card": card id}`` and nothing else (card text stays in SQLite).
"""

from __future__ import annotations

import uuid
import warnings
from collections.abc import Sequence

import numpy as np
from qdrant_client import models

from autogen_zettel.store.index import DENSE, LEXICAL, SearchResult
from autogen_zettel.store.qdrant_local import VectorIndex

__all__ = ["SharedCollectionIndex", "TENANT_KEY"]

TENANT_KEY = "tenant"
CARD_KEY = "card"
_NAMESPACE = uuid.UUID("6f0d6c1e-7d55-4b43-9a3c-0c1f2d9b8e11")


def point_id(tenant: str, card_id: str) -> str:
    """The point id of a card in the shared collection (tenant-unique, stable)."""
    return str(uuid.uuid5(_NAMESPACE, f"{tenant}/{card_id}"))


class SharedCollectionIndex(VectorIndex):
    """:class:`VectorIndex` with every tenant in one collection, ``<prefix>shared``.

    :param shards: shard count of the collection when this index creates it
    :param replicas: replication factor when this index creates it (a cluster needs >= 2 to survive a node)
    """

    def __init__(self, client, *, shards: int = 1, replicas: int = 1, **kwargs):
        super().__init__(client, **kwargs)
        self.shards = shards
        self.replicas = replicas
        self._lexical = None  # filters need the engine's own sparse search
        self.layout = "shared"
        self._created: set[str] = set()  # tenants created by this process (an empty one has no points)

    @property
    def name(self) -> str:
        return f"{self.prefix}shared"

    def collection(self, tenant: str) -> str:
        return self.name

    def _filter(self, tenant: str) -> models.Filter:
        return models.Filter(
            must=[models.FieldCondition(key=TENANT_KEY, match=models.MatchValue(value=tenant))]
        )

    def exists(self, tenant: str) -> bool:
        """Whether the tenant was created here or has points (an empty tenant leaves no trace
        in a shared collection)."""
        return tenant in self._created or self.count(tenant) > 0

    def create(self, tenant: str, dim: int) -> None:
        with self.lock:
            self._created.add(tenant)
            if self.client.collection_exists(self.name):
                return
            self.client.create_collection(
                self.name,
                vectors_config={DENSE: models.VectorParams(size=dim, distance=models.Distance.COSINE)},
                sparse_vectors_config={LEXICAL: models.SparseVectorParams(modifier=models.Modifier.IDF)},
                shard_number=self.shards,
                replication_factor=self.replicas,
            )
            with warnings.catch_warnings():  # local mode (tests) says payload indexes do nothing there
                warnings.simplefilter("ignore", UserWarning)
                self.client.create_payload_index(
                    self.name,
                    TENANT_KEY,
                    field_schema=models.KeywordIndexParams(
                        type=models.KeywordIndexType.KEYWORD, is_tenant=True
                    ),
                )

    def drop(self, tenant: str) -> None:
        with self.lock:
            self._created.discard(tenant)
            if self.client.collection_exists(self.name):
                self.client.delete(
                    self.name, points_selector=models.FilterSelector(filter=self._filter(tenant)), wait=True
                )

    def dim(self, tenant: str) -> int | None:
        return super().dim(tenant) if self.exists(tenant) else None

    def upsert(
        self,
        tenant: str,
        ids: Sequence[str],
        dense: np.ndarray,
        sparse: Sequence[tuple[list[int], list[float]]],
    ) -> None:
        if not ids:
            return
        points = [
            models.PointStruct(
                id=point_id(tenant, cid),
                vector={
                    DENSE: dense[i].tolist(),
                    LEXICAL: models.SparseVector(indices=sparse[i][0], values=sparse[i][1]),
                },
                payload={TENANT_KEY: tenant, CARD_KEY: cid},
            )
            for i, cid in enumerate(ids)
        ]
        with self.lock:
            if not self.client.collection_exists(self.name):
                raise self._missing(tenant)
            self.client.upsert(self.name, points=points, wait=True)

    def delete(self, tenant: str, ids: Sequence[str]) -> None:
        if not ids:
            return
        with self.lock:
            if self.client.collection_exists(self.name):
                self.client.delete(
                    self.name,
                    points_selector=models.PointIdsList(points=[point_id(tenant, i) for i in ids]),
                    wait=True,
                )

    def compact(self, tenant: str) -> str:
        return "none"  # a server's storage is the server's: its optimizer vacuums deleted points

    def ids(self, tenant: str) -> set[str]:
        out: set[str] = set()
        offset = None
        with self.lock:
            if not self.client.collection_exists(self.name):
                return out
            while True:
                points, offset = self.client.scroll(
                    self.name,
                    scroll_filter=self._filter(tenant),
                    limit=1000,
                    offset=offset,
                    with_payload=[CARD_KEY],
                    with_vectors=False,
                )
                out.update(str(p.payload[CARD_KEY]) for p in points)
                if offset is None:
                    return out

    def count(self, tenant: str) -> int:
        with self.lock:
            if not self.client.collection_exists(self.name):
                return 0
            return self.client.count(self.name, count_filter=self._filter(tenant), exact=True).count

    def dense_of(self, tenant: str, ids: Sequence[str]) -> dict[str, np.ndarray]:
        """The stored dense vectors of the tenant's cards ``ids`` that exist."""
        with self.lock:
            if not ids or not self.client.collection_exists(self.name):
                return {}
            records = self.client.retrieve(
                self.name,
                [point_id(tenant, i) for i in ids],
                with_payload=[CARD_KEY, TENANT_KEY],
                with_vectors=[DENSE],
            )
        return {
            str(r.payload[CARD_KEY]): np.asarray(r.vector[DENSE], dtype=np.float32)
            for r in records
            if r.payload.get(TENANT_KEY) == tenant
        }

    def _query(self, tenant: str, requests: list[models.QueryRequest]) -> list[list[tuple[str, float]]]:
        with self.lock:
            if not self.client.collection_exists(self.name):
                raise self._missing(tenant)
            responses = self.client.query_batch_points(self.name, requests=requests)
        return [[(str(p.payload[CARD_KEY]), float(p.score)) for p in r.points] for r in responses]

    def search(
        self, tenant: str, dense: np.ndarray, sparse: tuple[list[int], list[float]], limit: int
    ) -> SearchResult:
        flt = self._filter(tenant)
        requests = [
            models.QueryRequest(
                query=np.asarray(dense).tolist(),
                using=DENSE,
                limit=limit,
                filter=flt,
                with_payload=[CARD_KEY],
            )
        ]
        if sparse[0]:
            requests.append(
                models.QueryRequest(
                    query=models.SparseVector(indices=sparse[0], values=sparse[1]),
                    using=LEXICAL,
                    limit=limit,
                    filter=flt,
                    with_payload=[CARD_KEY],
                )
            )
        results = self._query(tenant, requests)
        return SearchResult(dict(results[0]), dict(results[1]) if len(results) > 1 else {})

    def neighbours(self, tenant: str, vectors: np.ndarray, limit: int) -> list[list[tuple[str, float]]]:
        if len(vectors) == 0:
            return []
        flt = self._filter(tenant)
        return self._query(
            tenant,
            [
                models.QueryRequest(
                    query=v.tolist(), using=DENSE, limit=limit, filter=flt, with_payload=[CARD_KEY]
                )
                for v in vectors
            ],
        )
