"""Storage: SQLite (the truth) and Qdrant (a rebuildable index)."""

from .db import CardDB
from .vectors import SearchResult, VectorIndex

__all__ = ["CardDB", "VectorIndex", "SearchResult"]
