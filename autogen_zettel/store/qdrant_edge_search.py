"""The requests of :class:`~autogen_zettel.store.qdrant_edge.EdgeIndex`'s searches and the reading of
their answers: recall's search (dense and lexical in one batch), linking's neighbour searches,
and the card ids of the points they return.

Many neighbour searches at once (linking a batch of new cards) in a shard of at least
``copy_min_points`` points pick their candidates with one matrix product against an
in-memory copy of the shard's dense vectors (:class:`~autogen_zettel.store.densecopy.DenseCopy`,
1.9 KB a point with its headroom), and the shard scores only those, which halves the CPU a
search costs on a large shard. Copies share one byte budget
(``copy_budget``, config ``vectors.dense_copy_mb``): loading one drops the least recently
used others until it fits, and a tenant whose copy could never fit is searched by the shard.
A copy of 50k points or more is sorted into cells and reads only each query's nearest ones
(:mod:`~autogen_zettel.store.densecells`): the pick then costs a fraction of the full product, at
the price of an exact neighbour now and then in a cell not read.

A single search (recall's) is the shard's own brute force, not the copy's: one query gains
nothing from a matrix product, which streams every vector from memory just as the engine
does, so at no shard size, warm or cold, was the copy faster for one query.

On a shard that keeps int8 dense vectors, recall's search scans them, takes ``limit`` x
:data:`OVERSAMPLING` candidates and rescores them with the float32 vectors, so its hits and
scores are the exact search's. Linking's neighbour searches do the same with
:data:`LINK_OVERSAMPLING` times the candidates, as their top few decide links (qdrant-edge uses the
int8 vectors unrescored when a request says nothing), at less than half the brute force of every
float32 vector. The scores are float32 cosines; which neighbours come back is the exact top-k
as long as each is among the int8 candidates: with the bundled MiniLM it was in every real search
measured, while vectors that crowd together (pairwise cosines near 0.9) lose some past the cut, so
their links can depend on the int8 copy (``vectors.quantization: none`` keeps them exact). Searches
among a dense copy's candidates score them in float32 directly.
"""

from __future__ import annotations

from collections.abc import Sequence
from uuid import UUID

import numpy as np
import qdrant_edge as qe

from autogen_zettel.store.index import DENSE, LEXICAL

__all__ = [
    "OVERSAMPLING",
    "QUANTIZED_SEARCH",
    "EXACT_SEARCH",
    "LINK_OVERSAMPLING",
    "LINK_SEARCH",
    "search_requests",
    "neighbour_requests",
    "PointNames",
]

# recall's search on a quantized shard: int8 candidates, rescored with the float32 vectors. Twice
# the candidates keep the exact search's hits; a constant, not a config key: rescoring
# makes the scores exact, oversampling only guards the cut
OVERSAMPLING = 2.0
QUANTIZED_SEARCH = qe.SearchParams(
    quantization=qe.QuantizationSearchParams(rescore=True, oversampling=OVERSAMPLING)
)
# float32 only: the scoring of a dense copy's candidates
EXACT_SEARCH = qe.SearchParams(quantization=qe.QuantizationSearchParams(ignore=True))
# linking's searches on a quantized shard: int8 candidates, three times the limit, rescored in
# float32. A link needs its neighbour's exact place among the first few, so the cut gets more
# room than recall's (which ranks a hundred candidates further); an unquantized shard ignores it
LINK_OVERSAMPLING = 3.0
LINK_SEARCH = qe.SearchParams(
    quantization=qe.QuantizationSearchParams(rescore=True, oversampling=LINK_OVERSAMPLING)
)


def search_requests(
    dense: np.ndarray, sparse: tuple[list[int], list[float]], limit: int
) -> list[qe.QueryRequest]:
    """Recall's search: the dense top-``limit`` (rescored on a quantized shard) and, when the
    query has lexical terms, the lexical top-``limit``."""
    requests = [
        qe.QueryRequest(
            limit=limit,
            query=qe.Query.Nearest(np.asarray(dense).tolist(), using=DENSE),
            params=QUANTIZED_SEARCH,
        )
    ]
    if sparse[0]:
        requests.append(
            qe.QueryRequest(
                limit=limit,
                query=qe.Query.Nearest(qe.SparseVector(list(sparse[0]), list(sparse[1])), using=LEXICAL),
            )
        )
    return requests


def neighbour_requests(
    rows: list[list[float]], limit: int, chosen: Sequence[Sequence[str]] | None = None
) -> list[qe.QueryRequest]:
    """Linking's searches, one per vector (int8 candidates rescored on a quantized shard); with
    ``chosen`` (each query's candidate ids, from a dense copy) the shard scores only those in
    float32: its own scores, so the same weights as a full search; exact ties at the cut may take
    either place, as there."""
    if chosen is None:
        return [
            qe.QueryRequest(limit=limit, query=qe.Query.Nearest(v, using=DENSE), params=LINK_SEARCH)
            for v in rows
        ]
    return [
        qe.QueryRequest(
            limit=limit,
            query=qe.Query.Nearest(v, using=DENSE),
            params=EXACT_SEARCH,
            filter=qe.Filter(must=[qe.HasIdCondition(set(ids))]),
        )
        for v, ids in zip(rows, chosen)
    ]


class PointNames:
    """Point id (the engine's UUID, as its int) -> card id: str(UUID) was a third of a search's
    Python time at 10k cards; kept for the ids searches return, up to 100k."""

    def __init__(self) -> None:
        self._card_ids: dict[int, str] = {}

    def scores(self, points) -> dict[str, float]:
        """Card id -> score of the points of one answer."""
        names = self._card_ids
        if len(names) > 100_000:  # about 30 MB
            names.clear()
        out = {}
        for p in points:
            pid = p.id
            if type(pid) is not UUID:  # card ids are UUIDs; anything else is named as it is
                out[str(pid)] = float(p.score)
                continue
            key = pid.int  # an int hashes and compares in C, a UUID in Python
            name = names.get(key)
            if name is None:
                name = names[key] = str(pid)
            out[name] = float(p.score)
        return out
