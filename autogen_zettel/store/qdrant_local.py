"""Qdrant collections, one per tenant: a derived index, always rebuildable from SQLite.

Each point is a card id with a dense vector (``dense``, cosine) and a sparse lexical vector
(``lexical``, with Qdrant's IDF modifier). Points carry no payload: card text lives only in
SQLite, so forgetting a card leaves nothing readable behind in the index.

Qdrant local mode is not thread-safe, so every call of one :class:`VectorIndex` goes through
one lock. Backend errors are translated here, once: a missing collection is
:class:`~autogen_zettel.base.errors.NotFound`, a held folder is
:class:`~autogen_zettel.base.errors.StoreLocked`.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import threading
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from qdrant_client import QdrantClient, models

from autogen_zettel.base.errors import ConfigError, NotFound, StoreCorrupt, StoreLocked, StoreUnavailable
from autogen_zettel.base.threads import DEFAULT_THREAD_LIMIT, bounded_threads
from autogen_zettel.store.index import DENSE, LEXICAL, SearchResult
from autogen_zettel.store.lexindex import LexicalIndex

__all__ = ["VectorIndex", "api_key_from_env", "remote_client"]

log = logging.getLogger(__name__)


def _damaged_folder(path, exc: BaseException) -> StoreCorrupt:
    return StoreCorrupt(
        f"the Qdrant folder {str(path)!r} cannot be opened ({type(exc).__name__}: {exc}); it is an index "
        "rebuilt from the tenant databases: move the folder aside, then run `autogen-zettel reindex TENANT` "
        "for each tenant (MemoryHub.reindex)"
    )


def _unreachable(url: str, exc: BaseException) -> StoreUnavailable:
    reason = str(exc).strip() or type(exc).__name__
    return StoreUnavailable(
        f"cannot reach Qdrant at {url}: {reason}; start the server (or check the URL and "
        "vectors.api_key), or drop --qdrant-url / vectors.url to use the embedded index"
    )


def _connection_errors() -> tuple[type[BaseException], ...]:
    """What qdrant-client raises when its server is not there: its wrapper of transport errors,
    httpx's own, and the OS errors under them."""
    from qdrant_client.http.exceptions import ResponseHandlingException

    found: list[type[BaseException]] = [ResponseHandlingException, ConnectionError, TimeoutError]
    try:
        import httpx

        found.append(httpx.TransportError)
    except ImportError:  # pragma: no cover - qdrant-client requires httpx
        pass
    return tuple(found)


class _RemoteClient:
    """A server's QdrantClient whose connection failures become one :class:`StoreUnavailable`
    that names the URL and the fix, at whichever call meets them (open, search, upsert...)."""

    def __init__(self, client: QdrantClient, url: str):
        self._client, self._url, self._errors = client, url, _connection_errors()

    def __getattr__(self, name: str):
        value = getattr(self._client, name)
        if not callable(value):
            return value

        def call(*args, **kwargs):
            try:
                return value(*args, **kwargs)
            except self._errors as exc:
                raise _unreachable(self._url, exc) from None

        return call


def remote_client(url: str, api_key: str | None = None) -> QdrantClient:
    """A client of the Qdrant server at ``url``, probed once: a dead server is one
    :class:`StoreUnavailable` now, naming the URL and the fix, not a traceback later."""
    # the version check would warn (and wait) on a dead server; the probe says it in one line
    from qdrant_client.http.exceptions import UnexpectedResponse

    client = _RemoteClient(QdrantClient(url=url, api_key=api_key, check_compatibility=False), url)
    try:
        client.get_collections()
    except UnexpectedResponse as exc:
        if exc.status_code in (401, 403):
            raise StoreUnavailable(
                f"the Qdrant server at {url} refused the API key (HTTP {exc.status_code}); set "
                "the variable vectors.api_key_env names, or check the key"
            ) from None
        raise
    return client  # type: ignore[return-value]  # the same methods, errors translated


class VectorIndex:
    """One Qdrant client (local folder, in-memory, or server) shared by all tenants of a hub."""

    def __init__(
        self,
        client: QdrantClient,
        *,
        prefix: str = "zettel_",
        description: str = "",
        local_path: Path | None = None,
        threads: int = DEFAULT_THREAD_LIMIT,
    ):
        self.client = client
        self.threads = threads  # local mode scores with numpy: bound BLAS around searches
        self.prefix = prefix
        self.description = description
        self.local_path = local_path  # the folder of local on-disk mode, else None
        self.engine = "qdrant-server" if description.startswith("http") else "qdrant-local"
        self.shards = self.replicas = 1  # of collections created on a server
        self.lock = threading.Lock()
        # Local mode scores sparse queries in a Python loop over every point; keep the same
        # sparse vectors in an inverted index per tenant instead (None: a server does it).
        self._lexical: dict[str, LexicalIndex] | None = None if description.startswith("http") else {}

    @classmethod
    def open(
        cls,
        *,
        path: str | Path | None = None,
        url: str | None = None,
        api_key: str | None = None,
        memory: bool = False,
        prefix: str = "zettel_",
        threads: int = DEFAULT_THREAD_LIMIT,
        shards: int = 1,
        replicas: int = 1,
    ) -> VectorIndex:
        """Open exactly one of a local folder (``path``), a server (``url``) or ``memory``."""
        given = [name for name, v in (("path", path), ("url", url), ("memory", memory)) if v]
        if len(given) != 1:
            raise ConfigError(
                f"give exactly one of path=, url= or memory=True for the vector index, got {given or 'none'}"
            )
        if memory:
            return cls(QdrantClient(":memory:"), prefix=prefix, description=":memory:", threads=threads)
        if url:
            index = cls(remote_client(url, api_key), prefix=prefix, description=url, threads=threads)
            index.shards, index.replicas = shards, replicas
            return index
        Path(path).mkdir(parents=True, exist_ok=True)
        try:
            client = QdrantClient(path=str(path))
        except RuntimeError as exc:
            if "already accessed" in str(exc):
                raise StoreLocked(
                    f"the Qdrant folder {str(path)!r} is open in another process; stop that agent or "
                    "process, or run a Qdrant server and set vectors.url (CLI: --qdrant-url)"
                ) from None
            raise _damaged_folder(path, exc) from None
        except Exception as exc:  # noqa: BLE001 - sqlite3, JSON, pickle or OS errors of a damaged folder
            raise _damaged_folder(path, exc) from None
        return cls(client, prefix=prefix, description=str(path), local_path=Path(path), threads=threads)

    def close(self) -> None:
        with self.lock:
            self.client.close()

    def collection(self, tenant: str) -> str:
        return f"{self.prefix}{tenant}"

    def _missing(self, tenant: str) -> NotFound:
        return NotFound(f"no vector collection for tenant {tenant!r}; run `autogen-zettel reindex {tenant}`")

    # -- collections ------------------------------------------------------------------
    def exists(self, tenant: str) -> bool:
        with self.lock:
            return self.client.collection_exists(self.collection(tenant))

    def create(self, tenant: str, dim: int) -> None:
        """Create the tenant's collection (no-op when it exists)."""
        name = self.collection(tenant)
        with self.lock:
            if self.client.collection_exists(name):
                return
            self.client.create_collection(
                name,
                vectors_config={DENSE: models.VectorParams(size=dim, distance=models.Distance.COSINE)},
                sparse_vectors_config={LEXICAL: models.SparseVectorParams(modifier=models.Modifier.IDF)},
                **(
                    {"shard_number": self.shards, "replication_factor": self.replicas}
                    if self._lexical is None
                    else {}
                ),
            )

    def drop(self, tenant: str) -> None:
        with self.lock:
            if self._lexical is not None:
                self._lexical.pop(tenant, None)
            if self.client.collection_exists(self.collection(tenant)):
                self.client.delete_collection(self.collection(tenant))

    def dim(self, tenant: str) -> int | None:
        """The dense dimension of an existing collection, or None."""
        name = self.collection(tenant)
        with self.lock:
            if not self.client.collection_exists(name):
                return None
            info = self.client.get_collection(name)
        vectors = info.config.params.vectors
        return int(vectors[DENSE].size) if isinstance(vectors, dict) else int(vectors.size)

    # -- points ---------------------------------------------------------------------
    def upsert(
        self,
        tenant: str,
        ids: Sequence[str],
        dense: np.ndarray,
        sparse: Sequence[tuple[list[int], list[float]]],
    ) -> None:
        """Write points; the caller has already written the cards to SQLite."""
        if not ids:
            return
        points = [
            models.PointStruct(
                id=cid,
                vector={
                    DENSE: dense[i].tolist(),
                    LEXICAL: models.SparseVector(indices=sparse[i][0], values=sparse[i][1]),
                },
                payload={},
            )
            for i, cid in enumerate(ids)
        ]
        with self.lock:
            try:
                self.client.upsert(self.collection(tenant), points=points, wait=True)
                if self._lexical is not None and tenant in self._lexical:
                    self._lexical[tenant].upsert(list(ids), sparse)
            except ValueError as exc:
                if "not found" in str(exc):
                    raise self._missing(tenant) from None
                raise

    def delete(self, tenant: str, ids: Sequence[str]) -> None:
        if not ids:
            return
        with self.lock:
            if self.client.collection_exists(self.collection(tenant)):
                storage = self._local_storage(tenant)
                if storage is not None:
                    # zero the deleted rows' bytes in local mode's pickled point store
                    storage.execute("PRAGMA secure_delete = ON")
                self.client.delete(
                    self.collection(tenant), points_selector=models.PointIdsList(points=list(ids)), wait=True
                )
                if self._lexical is not None and tenant in self._lexical:
                    self._lexical[tenant].delete(list(ids))

    def _local_storage(self, tenant: str) -> sqlite3.Connection | None:
        """The SQLite connection in which local on-disk mode pickles the tenant's points.

        This reaches into qdrant-client's private local-mode objects (``QdrantLocal.collections``
        -> ``LocalCollection.storage`` -> ``CollectionPersistence.storage``); when they change,
        :meth:`compact` falls back to rewriting the collection.
        """
        if self.local_path is None:
            return None
        collections = getattr(getattr(self.client, "_client", None), "collections", None)
        collection = collections.get(self.collection(tenant)) if isinstance(collections, dict) else None
        conn = getattr(getattr(collection, "storage", None), "storage", None)
        return conn if isinstance(conn, sqlite3.Connection) else None

    def compact(self, tenant: str) -> str:
        """Make deleted points unreadable on disk (local mode only): VACUUM the collection's
        point store, or rewrite the whole collection when that store cannot be reached.

        Returns what was done: ``"vacuum"``, ``"rewrite"`` or ``"none"`` (in memory or a server,
        where deleted points never sit in a file of ours).
        """
        if self.local_path is None or not self.exists(tenant):
            return "none"
        with self.lock:
            storage = self._local_storage(tenant)
            if storage is not None:
                storage.commit()
                storage.execute("VACUUM")
                return "vacuum"
        log.warning("qdrant local storage of %s is not reachable; rewriting the collection", tenant)
        self._rewrite(tenant)
        return "rewrite"

    def _rewrite(self, tenant: str) -> None:
        """Copy every point out, drop the collection (its folder is removed) and write them back."""
        name = self.collection(tenant)
        dim = self.dim(tenant)
        points, offset = [], None
        with self.lock:
            while True:
                batch, offset = self.client.scroll(name, limit=1000, offset=offset, with_vectors=True)
                points.extend(batch)
                if offset is None:
                    break
        self.drop(tenant)
        self.create(tenant, dim)
        with self.lock:
            for start in range(0, len(points), 256):
                self.client.upsert(
                    name,
                    points=[
                        models.PointStruct(id=p.id, vector=p.vector, payload={})
                        for p in points[start : start + 256]
                    ],
                    wait=True,
                )

    def ids(self, tenant: str) -> set[str]:
        """Every point id of the tenant's collection."""
        out: set[str] = set()
        offset = None
        with self.lock:
            if not self.client.collection_exists(self.collection(tenant)):
                return out
            while True:
                points, offset = self.client.scroll(
                    self.collection(tenant), limit=1000, offset=offset, with_payload=False, with_vectors=False
                )
                out.update(str(p.id) for p in points)
                if offset is None:
                    return out

    def count(self, tenant: str) -> int:
        with self.lock:
            if not self.client.collection_exists(self.collection(tenant)):
                return 0
            return self.client.count(self.collection(tenant), exact=True).count

    def dense_of(self, tenant: str, ids: Sequence[str]) -> dict[str, np.ndarray]:
        """The stored dense vectors of the points ``ids`` that exist."""
        with self.lock:
            if not ids or not self.client.collection_exists(self.collection(tenant)):
                return {}
            records = self.client.retrieve(
                self.collection(tenant), list(ids), with_payload=False, with_vectors=[DENSE]
            )
        return {str(r.id): np.asarray(r.vector[DENSE], dtype=np.float32) for r in records}

    # -- search ---------------------------------------------------------------------
    def search(
        self, tenant: str, dense: np.ndarray, sparse: tuple[list[int], list[float]], limit: int
    ) -> SearchResult:
        """Dense and lexical top-``limit`` in one batched request (scores: higher is better)."""
        if self._lexical is not None:
            return self._search_local(tenant, dense, sparse, limit)
        requests = [models.QueryRequest(query=dense.tolist(), using=DENSE, limit=limit)]
        if sparse[0]:
            requests.append(
                models.QueryRequest(
                    query=models.SparseVector(indices=sparse[0], values=sparse[1]), using=LEXICAL, limit=limit
                )
            )
        with self.lock, bounded_threads(self.threads):
            try:
                responses = self.client.query_batch_points(self.collection(tenant), requests=requests)
            except ValueError as exc:
                if "not found" in str(exc):
                    raise self._missing(tenant) from None
                raise
        dense_scores = {str(p.id): float(p.score) for p in responses[0].points}
        lexical = {str(p.id): float(p.score) for p in responses[1].points} if len(responses) > 1 else {}
        return SearchResult(dense_scores, lexical)

    def _search_local(
        self, tenant: str, dense: np.ndarray, sparse: tuple[list[int], list[float]], limit: int
    ) -> SearchResult:
        with self.lock, bounded_threads(self.threads):
            try:
                response = self.client.query_points(
                    self.collection(tenant), query=dense.tolist(), using=DENSE, limit=limit
                )
            except ValueError as exc:
                if "not found" in str(exc):
                    raise self._missing(tenant) from None
                raise
            lexical = self._lexical_index(tenant).search(sparse, limit) if sparse[0] else []
        return SearchResult({str(p.id): float(p.score) for p in response.points}, dict(lexical))

    def _lexical_index(self, tenant: str) -> LexicalIndex:
        """The tenant's inverted index, loaded from the collection's sparse vectors once."""
        index = self._lexical.get(tenant)
        if index is None:
            index = LexicalIndex()
            offset = None
            while True:
                points, offset = self.client.scroll(
                    self.collection(tenant),
                    limit=1000,
                    offset=offset,
                    with_payload=False,
                    with_vectors=[LEXICAL],
                )
                for p in points:
                    vec = p.vector[LEXICAL]
                    index.upsert([str(p.id)], [(list(vec.indices), list(vec.values))])
                if offset is None:
                    break
            self._lexical[tenant] = index
        return index

    def neighbours(self, tenant: str, vectors: np.ndarray, limit: int) -> list[list[tuple[str, float]]]:
        """For each vector, the ``limit`` most similar points as ``(id, cosine)``."""
        if len(vectors) == 0:
            return []
        requests = [models.QueryRequest(query=v.tolist(), using=DENSE, limit=limit) for v in vectors]
        with self.lock, bounded_threads(self.threads):
            responses = self.client.query_batch_points(self.collection(tenant), requests=requests)
        return [[(str(p.id), float(p.score)) for p in r.points] for r in responses]


def api_key_from_env(name: str | None) -> str | None:
    """Read a Qdrant API key from the environment variable the config names."""
    if not name:
        return None
    key = os.environ.get(name)
    if key is None:
        raise ConfigError(
            f"environment variable {name!r} is not set; export it or remove the key",
            key="vectors.api_key_env",
        )
    return key
