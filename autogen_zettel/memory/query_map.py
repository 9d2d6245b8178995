"""Recall's query map for one tenant: learned from the tenant's own asking messages and the
replies they got (:mod:`autogen_zettel.core.query_map`), kept in memory beside the tenant, and
learned again as the tenant grows.

The map is fitted on first use once the tenant holds ``query_map_min_pairs`` asking messages
with a reply from someone else, then again each time the tenant's cards have grown by a quarter
(a fit reads the newest :data:`MAX_PAIRS` pairs, so a large tenant's map follows what it talks
about now). It is never written to disk: a forget, a merge or an edit drops it
(:meth:`TenantStore.drop_learned <autogen_zettel.store.tenant_store.TenantStore.drop_learned>`),
and the next recall fits it from the cards that are left. A fit costs one encode per asking
message it has not seen before (their vectors are kept for the next fit) and a few hundred
small matrix products.
"""

from __future__ import annotations

import logging
import threading
import time

import numpy as np

from autogen_zettel.core.embed import Embedder
from autogen_zettel.core.query_map import QueryMap, fit_query_map
from autogen_zettel.store.asking import asking_pairs, card_rows, spread_ids
from autogen_zettel.store.tenant_store import LEARNED, TenantStore

__all__ = ["MAX_PAIRS", "RIVALS", "REFIT_GROWTH", "QueryMapSlot", "mapped_query"]

log = logging.getLogger(__name__)

MAX_PAIRS = 256  # the newest pairs a fit learns from
RIVALS = 256  # other cards every reply must outscore, spread over the tenant
REFIT_GROWTH = 1.25  # fit again once the tenant's cards have grown by this factor


class QueryMapSlot:
    """The tenant's current map (None until enough pairs) and what its next fit reuses."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.map: QueryMap | None = None
        self.rows_at_fit: int | None = None
        self._ask_vectors: dict[str, np.ndarray] = {}

    def stale(self, rows: int) -> bool:
        return self.rows_at_fit is None or rows >= max(self.rows_at_fit + 1, self.rows_at_fit * REFIT_GROWTH)

    def refit(self, store: TenantStore, embedder: Embedder, *, l2: float, min_pairs: int, rows: int) -> None:
        started = time.perf_counter()
        self.rows_at_fit = rows
        pairs = asking_pairs(store.db, MAX_PAIRS)
        if len(pairs) < min_pairs:
            self.map = None
            return
        ids = list(
            dict.fromkeys([p[0] for p in pairs] + [p[2] for p in pairs] + spread_ids(store.db, RIVALS))
        )
        vectors = store.vectors.dense_of(store.name, ids)
        pairs = [p for p in pairs if p[0] in vectors and p[2] in vectors]
        if len(pairs) < min_pairs:
            self.map = None
            return
        new = [p for p in pairs if p[0] not in self._ask_vectors]
        if new:
            encoded = embedder.encode([p[1] for p in new], query=True)
            self._ask_vectors.update(zip((p[0] for p in new), np.asarray(encoded, dtype=np.float32)))
        self._ask_vectors = {p[0]: self._ask_vectors[p[0]] for p in pairs}  # only what the next fit can reuse
        rows_of = {cid: i for i, cid in enumerate(c for c in ids if c in vectors)}
        docs = np.stack([vectors[c] for c in rows_of])
        self.map = fit_query_map(
            np.stack([self._ask_vectors[p[0]] for p in pairs]),
            docs,
            np.array([rows_of[p[2]] for p in pairs]),
            np.array([rows_of[p[0]] for p in pairs]),
            l2=l2,
        )
        log.debug(
            "tenant %s: query map fitted on %d pairs against %d cards (%d encoded) in %.2f s",
            store.name,
            len(pairs),
            len(docs),
            len(new),
            time.perf_counter() - started,
        )


def mapped_query(
    store: TenantStore, embedder: Embedder, dense: np.ndarray, *, l2: float, min_pairs: int
) -> np.ndarray:
    """``dense`` moved by the tenant's query map, fitted first if the tenant has grown since;
    ``dense`` itself while the tenant has too few asking messages with replies."""
    slot = store.cached(f"{LEARNED}query_map:{l2!r}:{min_pairs}", QueryMapSlot, lasting=True)
    rows = card_rows(store.db)
    if slot.stale(rows):
        with slot.lock:
            if slot.stale(rows):
                # a recall pass's view of the embedder answers query encodes with its own vector:
                # the asking messages are encoded by the embedder it wraps (``plain``)
                slot.refit(store, getattr(embedder, "plain", embedder), l2=l2, min_pairs=min_pairs, rows=rows)
    current = slot.map
    return dense if current is None else current.apply(dense)
