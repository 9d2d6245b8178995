"""The one vector-index interface (:class:`VectorStore`) and the types every backend shares
(:class:`SearchResult`, the vector names); :func:`~autogen_zettel.store.backends.open_index`
picks a hub's backend.

Backends, all behind the same methods and tested by one congruence suite
(``tests/test_index_congruence.py``):

- :class:`~autogen_zettel.store.qdrant_edge.EdgeIndex`: qdrant-edge, one shard per tenant in
  ``<data folder>/edge/``; the embedded default for a data folder.
- :class:`~autogen_zettel.store.qdrant_local.VectorIndex` on qdrant-client local mode: ``:memory:``
  (tests and ``memory=True``: it starts fastest) and ``<data folder>/qdrant/`` (folders made
  before the embedded engine changed, until ``reindex --engine edge`` moves them).
- :class:`~autogen_zettel.store.qdrant_local.VectorIndex` on a Qdrant server or cluster (``vectors.url``).

Every backend: a point is a card id with a dense vector (cosine) and a sparse lexical vector
(IDF modifier), no payload; scores are higher for better matches.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

import numpy as np

__all__ = ["VectorStore", "SearchResult", "DENSE", "LEXICAL"]

DENSE = "dense"  # the name of a point's dense vector (cosine), in every backend
LEXICAL = "lexical"  # the name of its sparse lexical vector (IDF modifier)


@dataclass(frozen=True)
class SearchResult:
    """Scores of one hybrid search: card id -> cosine similarity / lexical score (higher is better)."""

    dense: dict[str, float]
    lexical: dict[str, float]


@runtime_checkable
class VectorStore(Protocol):
    """What the memory needs of a vector index: one collection per tenant, rebuildable from SQLite."""

    prefix: str
    description: str
    engine: str  # "edge", "qdrant-local" (folder or :memory:) or "qdrant-server"

    def close(self) -> None: ...

    def exists(self, tenant: str) -> bool: ...

    def create(self, tenant: str, dim: int) -> None: ...

    def drop(self, tenant: str) -> None: ...

    def dim(self, tenant: str) -> int | None: ...

    def upsert(
        self,
        tenant: str,
        ids: Sequence[str],
        dense: np.ndarray,
        sparse: Sequence[tuple[list[int], list[float]]],
    ) -> None: ...

    def delete(self, tenant: str, ids: Sequence[str]) -> None: ...

    def compact(self, tenant: str) -> str: ...

    def ids(self, tenant: str) -> set[str]: ...

    def count(self, tenant: str) -> int: ...

    def dense_of(self, tenant: str, ids: Sequence[str]) -> dict[str, np.ndarray]: ...

    def search(
        self, tenant: str, dense: np.ndarray, sparse: tuple[list[int], list[float]], limit: int
    ) -> SearchResult: ...

    def neighbours(self, tenant: str, vectors: np.ndarray, limit: int) -> list[list[tuple[str, float]]]: ...
