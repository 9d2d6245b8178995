"""One encode per distinct text per hub: a bounded, content-keyed cache in front of an embedder.

In a group chat every listening agent captures the same message, and each tenant's write path
embeds it; the recent messages that form a recall query are often the same for several agents
too. :class:`CachedEmbedder` wraps the hub's embedder and keeps each dense vector it computed,
keyed by ``(model name, query or document, exact text)``, so the second tenant asking for a text
gets the first one's row, byte for byte. It is bounded by bytes (least recently used rows go
first) and shared by every tenant of the hub and by the query path.

Two threads asking for the same text at once encode it once: the first claims it (an entry
in ``_pending``), encodes its claimed texts, publishes them and only then waits for texts
others claimed, so no thread waits while holding a claim (no deadlock); if the claimer's encode
fails, the waiters encode the text themselves.

A text's vector is what the inner embedder returned for it. The texts a call misses are encoded
in one inner call, in their order. On ONNX Runtime (the default for MiniLM) and with the hash
embedder a text gets the same bytes alone or in any batch (``tests/test_encode_cache.py`` checks
it), so a cached vector is the one an uncached call would have returned; on torch a batch's
padding can move a vector's last bits, so there a cached vector is the text's vector as its first
batch gave it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

import numpy as np

from autogen_zettel.embed.embedders import Embedder, SparseVector

__all__ = ["DEFAULT_CACHE_MB", "CachedEmbedder", "cached", "unwrap"]

#: default bound of the cache (``embedding.cache_mb``): 64 MiB hold about 40k MiniLM vectors
DEFAULT_CACHE_MB = 64
_OVERHEAD = 120  # bytes per entry beyond the vector and the text: key tuple, dict slot, array header


class _Claim:
    """A text one thread is encoding: others wait on ``done`` and read ``row`` (None: it failed)."""

    __slots__ = ("done", "row")

    def __init__(self):
        self.done = threading.Event()
        self.row: np.ndarray | None = None


class CachedEmbedder:
    """``inner`` with its dense vectors kept per distinct text, up to ``max_bytes`` (0: no cache).

    ``name`` and ``dim`` are the inner embedder's, so tenants record the same model; ``sparse``
    is passed through (it is a tokenizer's count, cheaper than a lookup's bookkeeping).

    >>> from autogen_zettel.embed.embedders import HashEmbedder
    >>> e = CachedEmbedder(HashEmbedder(dim=32), max_bytes=1 << 20)
    >>> a = e.encode(["the cat sat"]); b = e.encode(["the cat sat", "a dog ran"])
    >>> bool((a[0] == b[0]).all()), e.stats()["hits"], e.stats()["misses"]
    (True, 1, 2)
    """

    def __init__(self, inner: Embedder, *, max_bytes: int = DEFAULT_CACHE_MB << 20):
        self.inner = inner
        self.name = inner.name
        self.dim = inner.dim
        self.max_bytes = max(0, int(max_bytes))
        self._rows: OrderedDict[tuple, np.ndarray] = OrderedDict()
        self._pending: dict[tuple, _Claim] = {}
        self._bytes = 0
        self._lock = threading.Lock()
        self.hits = self.misses = 0

    _OWN = frozenset(
        {"inner", "name", "dim", "max_bytes", "_rows", "_pending", "_bytes", "_lock", "hits", "misses"}
    )

    def __getattr__(self, attr):
        # what else the inner embedder offers (backend, batch_size, ...), read through
        if attr == "inner":
            raise AttributeError(attr)
        return getattr(self.inner, attr)

    def __setattr__(self, attr, value):
        # and set through: the cache is transparent to whoever tunes the embedder it wraps
        if attr in self._OWN:
            object.__setattr__(self, attr, value)
        else:
            setattr(self.inner, attr, value)

    def _key(self, text: str, query: bool) -> tuple:
        return (self.name, query, text)

    def _size(self, key: tuple, row: np.ndarray) -> int:
        return row.nbytes + len(key[2]) + _OVERHEAD

    def _store(self, key: tuple, row: np.ndarray) -> None:
        """Keep ``row`` for ``key``; drop least recently used rows beyond the bound (under the lock)."""
        size = self._size(key, row)
        if size > self.max_bytes or key in self._rows:
            return
        self._rows[key] = row
        self._bytes += size
        while self._bytes > self.max_bytes:
            old_key, old = self._rows.popitem(last=False)
            self._bytes -= self._size(old_key, old)

    def encode(self, texts: list[str], *, query: bool = False) -> np.ndarray:
        """Dense vectors of ``texts`` as the inner embedder gives them, each distinct text
        encoded at most once while it stays in the cache."""
        texts = list(texts)
        if self.max_bytes == 0 or not texts:
            return self.inner.encode(texts, query=query)
        out = np.empty((len(texts), self.dim), np.float32)
        where: dict[tuple, list[int]] = {}
        for i, text in enumerate(texts):
            where.setdefault(self._key(text, query), []).append(i)
        mine: list[tuple] = []
        theirs: list[tuple[tuple, _Claim]] = []
        with self._lock:
            for key, rows in where.items():
                row = self._rows.get(key)
                if row is not None:
                    self._rows.move_to_end(key)
                    out[rows] = row
                    self.hits += len(rows)
                elif key in self._pending:
                    theirs.append((key, self._pending[key]))
                    self.hits += len(rows)
                else:
                    self._pending[key] = _Claim()
                    mine.append(key)
                    self.misses += 1
                    self.hits += len(rows) - 1
        if mine:
            self._encode_claimed(mine, query, where, out)
        retry = []
        for key, claim in theirs:
            claim.done.wait()
            if claim.row is None:  # the claimer's encode failed: ours may not
                retry.append(key)
            else:
                out[where[key]] = claim.row
        if retry:
            vectors = self.inner.encode([k[2] for k in retry], query=query)
            for key, vector in zip(retry, vectors):
                out[where[key]] = vector
        return out

    def _encode_claimed(
        self, keys: list[tuple], query: bool, where: dict[tuple, list[int]], out: np.ndarray
    ) -> None:
        """Encode the texts this call claimed, keep and publish them (failed: release the claims)."""
        try:
            vectors = np.asarray(self.inner.encode([k[2] for k in keys], query=query), dtype=np.float32)
        except BaseException:
            with self._lock:
                for key in keys:
                    self._pending.pop(key).done.set()  # row stays None: each waiter encodes itself
            raise
        with self._lock:
            for key, vector in zip(keys, vectors):
                row = vector.copy()
                row.setflags(write=False)
                out[where[key]] = row
                self._store(key, row)
                claim = self._pending.pop(key)
                claim.row = row
                claim.done.set()

    def sparse(self, texts: list[str], *, query: bool = False) -> list[SparseVector]:
        return self.inner.sparse(texts, query=query)

    def clear(self) -> None:
        """Drop every kept vector (e.g. between two timed passes of a benchmark)."""
        with self._lock:
            self._rows.clear()
            self._bytes = 0

    def stats(self) -> dict:
        """``hits``, ``misses`` (texts encoded), ``entries`` and ``bytes`` held, ``max_bytes``."""
        with self._lock:
            return {
                "hits": self.hits,
                "misses": self.misses,
                "entries": len(self._rows),
                "bytes": self._bytes,
                "max_bytes": self.max_bytes,
            }


def unwrap(embedder: Embedder) -> Embedder:
    """The embedder under any :class:`CachedEmbedder` (itself when it is none)."""
    while isinstance(embedder, CachedEmbedder):
        embedder = embedder.inner
    return embedder


def cached(embedder: Embedder, max_bytes: int) -> Embedder:
    """``embedder`` behind a :class:`CachedEmbedder` of ``max_bytes`` (not wrapped twice)."""
    if isinstance(embedder, CachedEmbedder) or max_bytes <= 0:
        return embedder
    return CachedEmbedder(embedder, max_bytes=max_bytes)
