"""Storage: SQLite (the truth) and the vector index (rebuildable): qdrant-edge shards by
default (store/edge.py), qdrant-client local mode or a Qdrant server (store/vectors.py), all
behind :class:`~autogen_zettel.store.index.VectorStore`."""

from autogen_zettel.store.db import CardDB
from autogen_zettel.store.index import VectorStore, open_index
from autogen_zettel.store.vectors import SearchResult, VectorIndex

__all__ = ["CardDB", "VectorIndex", "VectorStore", "SearchResult", "open_index"]
