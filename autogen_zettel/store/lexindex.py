"""An in-process inverted index over a collection's sparse vectors, for Qdrant local mode.

qdrant-client's local mode scores a sparse query against every point in a Python loop (most of
a recall's time on a tenant of thousands of cards). This index holds the same sparse
vectors as posting lists and scores them the way Qdrant does with the IDF modifier, so only
the cards that share a query term are touched. Qdrant keeps the vectors (it stays the
persisted index and the one a server uses); this is a cache rebuilt from it on open.

>>> idx = LexicalIndex()
>>> idx.upsert(["a", "b"], [([1, 2], [1.0, 1.0]), ([2], [1.0])])
>>> [(i, round(s, 3)) for i, s in idx.search(([1], [1.0]), 5)]
[('a', 0.693)]
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["LexicalIndex", "idf"]


def idf(df: int, n: int) -> float:
    """Qdrant's IDF: ln((n - df + 0.5) / (df + 0.5) + 1)."""
    return math.log((n - df + 0.5) / (df + 0.5) + 1)


class LexicalIndex:
    """Posting lists term -> {point id: value}; not thread-safe (the caller holds a lock)."""

    def __init__(self) -> None:
        self.postings: dict[int, dict[str, float]] = {}
        self.terms_of: dict[str, tuple[int, ...]] = {}

    def __len__(self) -> int:
        return len(self.terms_of)

    def upsert(self, ids: Sequence[str], vectors: Sequence[tuple[Sequence[int], Sequence[float]]]) -> None:
        self.delete(ids)
        for pid, (indices, values) in zip(ids, vectors):
            self.terms_of[pid] = tuple(indices)
            for t, v in zip(indices, values):
                self.postings.setdefault(int(t), {})[pid] = float(v)

    def delete(self, ids: Sequence[str]) -> None:
        for pid in ids:
            for t in self.terms_of.pop(pid, ()):
                plist = self.postings.get(t)
                if plist is not None:
                    plist.pop(pid, None)
                    if not plist:
                        del self.postings[t]

    def search(self, query: tuple[Sequence[int], Sequence[float]], limit: int) -> list[tuple[str, float]]:
        """The ``limit`` best points as ``(id, score)``, best first (ties by id)."""
        n = len(self.terms_of)
        scores: dict[str, float] = {}
        for t, q in zip(*query):
            plist = self.postings.get(int(t))
            if not plist:
                continue
            w = q * idf(len(plist), n)
            for pid, v in plist.items():
                scores[pid] = scores.get(pid, 0.0) + w * v
        ranked = sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))
        return ranked[:limit]
