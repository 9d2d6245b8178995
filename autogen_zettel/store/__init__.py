"""Storage: each tenant's SQLite file (the truth: cards, links, history, claims, persona tables,
audit) and the vector index (rebuildable): qdrant-edge shards by default (store/qdrant_edge.py),
qdrant-client local mode or a Qdrant server (store/qdrant_local.py), all behind
:class:`~autogen_zettel.store.index.VectorStore` (store/backends.py picks one)."""

from autogen_zettel.store.backends import open_index
from autogen_zettel.store.db import CardDB
from autogen_zettel.store.index import SearchResult, VectorStore
from autogen_zettel.store.qdrant_local import VectorIndex

__all__ = ["CardDB", "VectorIndex", "VectorStore", "SearchResult", "open_index"]
