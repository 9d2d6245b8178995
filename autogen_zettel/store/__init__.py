"""Storage: SQLite (the truth) and Qdrant (a rebuildable index)."""

from autogen_zettel.store.db import CardDB
from autogen_zettel.store.vectors import SearchResult, VectorIndex

__all__ = ["CardDB", "VectorIndex", "SearchResult"]
