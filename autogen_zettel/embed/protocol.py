"""What every embedder is (:class:`Embedder`: dense vectors plus sparse lexical ones) and the
sparse half they share (:class:`LexicalSparse`: term counts from
:func:`~autogen_zettel.text.lexical.tokens`, IDF applied by the index)."""

from __future__ import annotations

import functools
from typing import Protocol, runtime_checkable

import numpy as np

from autogen_zettel.text.lexical import LEXICAL_VERSION, sparse_doc, sparse_query

__all__ = [
    "Embedder",
    "SparseVector",
    "LexicalSparse",
    "LEXICAL_SUFFIX",
    "SPARSE_KEPT",
    "SPARSE_KEPT_CHARS",
    "kept_sparse_doc",
]

SparseVector = tuple[list[int], list[float]]


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into unit-length dense vectors plus sparse lexical vectors.

    ``name`` and ``dim`` are recorded per tenant so a tenant is never searched with vectors
    from another model.
    """

    name: str
    dim: int

    def encode(self, texts: list[str], *, query: bool = False) -> np.ndarray:
        """Dense vectors, shape ``(len(texts), dim)``, float32, L2-normalised."""

    def sparse(self, texts: list[str], *, query: bool = False) -> list[SparseVector]:
        """Sparse lexical vectors as ``(indices, values)``."""


# The name recorded per tenant must change whenever stored vectors would: the sparse vectors
# of the embedders below come from lexical.tokens, so its version is part of their name (a
# tenant indexed with the ASCII-only tokens of version 1 then asks for `reindex`).
LEXICAL_SUFFIX = f"+lex{LEXICAL_VERSION}"


SPARSE_KEPT = 4096  # distinct texts whose document vectors kept_sparse_doc keeps
SPARSE_KEPT_CHARS = 4000  # longer texts are tokenised afresh, not kept


@functools.lru_cache(maxsize=SPARSE_KEPT)
def kept_sparse_doc(text: str) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """:func:`~autogen_zettel.text.lexical.sparse_doc` of ``text`` as tuples, kept for the last
    :data:`SPARSE_KEPT` texts (a pure function): every listener of a group chat indexes the same
    card text, and tokenising it again was part of each listener's write path."""
    indices, values = sparse_doc(text)
    return tuple(indices), tuple(values)


class LexicalSparse:
    """Term-count sparse vectors (Qdrant applies IDF); shared by the embedders below."""

    def sparse(self, texts: list[str], *, query: bool = False) -> list[SparseVector]:
        if query:
            return [sparse_query(t) for t in texts]
        # fresh lists each call, so no caller can change what the next one is given
        return [
            sparse_doc(t) if len(t) > SPARSE_KEPT_CHARS else tuple(map(list, kept_sparse_doc(t)))
            for t in texts
        ]
