"""Recall's query map for one tenant: learned from the tenant's own asking messages and the
replies they got (:mod:`autogen_zettel.core.query_map`), kept in memory beside the tenant, and
learned again as the tenant grows.

The map is fitted on first use once the tenant holds ``query_map_min_pairs`` asking messages
with a reply from someone else (that recall waits for it), then again each time the tenant's
cards have doubled (a fit reads the newest :data:`MAX_PAIRS` pairs, so a large tenant's map
follows what it talks about now); a refit runs in a background thread while recall keeps the
current map. A fit costs one encode per asking message it has not seen before (their vectors are
kept in memory for the next fit) and a few hundred small matrix products: about a second for
256 pairs on two cores, most of it the encodes. The map itself (its weights, no text) is kept in
the tenant's database, so a reopened tenant's first recall does not fit again. A forget drops it,
in memory and on disk before the forget's vacuum
(:meth:`TenantStore.drop_learned <autogen_zettel.store.tenant_store.TenantStore.drop_learned>`),
and the next recall fits it from the cards that are left.
"""

from __future__ import annotations

import base64
import json
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
# fit again once the tenant's cards have doubled: all fits together cost about as much as the last
REFIT_GROWTH = 2.0


class QueryMapSlot:
    """The tenant's current map (None until enough pairs) and what its next fit reuses; ``key``
    names its meta row in the tenant's database (None: not kept there)."""

    def __init__(self, key: str | None = None) -> None:
        self.lock = threading.Lock()
        self.key = key
        self.map: QueryMap | None = None
        self.rows_at_fit: int | None = None
        self._ask_vectors: dict[str, np.ndarray] = {}
        self._base: tuple[int, int] | None = None  # (row count, cards_written) when first read

    def rows(self, store: TenantStore) -> int:
        """The tenant's row count now: read once, then followed by the database's count of cards
        written (no statement, no lock on the recall path; a replaced card counts as a new row,
        so it errs towards fitting early)."""
        if self._base is None:
            self._base = (card_rows(store.db), store.db.cards_written)
        rows, written = self._base
        return rows + store.db.cards_written - written

    def loaded(self, store: TenantStore, model: str, dim: int) -> QueryMapSlot:
        """This slot with the map the database keeps, if it was fitted for this ``model``'s vectors."""
        raw = store.db.get_meta(self.key) if self.key else None
        kept = json.loads(raw) if raw is not None else {}
        if kept.get("model") != model:
            return self  # none, or another model's: fit again
        weights = kept.get("weights")
        if weights is not None:
            w = np.frombuffer(base64.b64decode(weights), dtype="<f4")
            if w.size != dim * dim:
                return self
            self.map = QueryMap(w.reshape(dim, dim).copy(), int(kept["pairs"]))
        self.rows_at_fit = int(kept["rows"])
        return self

    def save(self, store: TenantStore, model: str) -> None:
        if not self.key:
            return
        kept: dict = {"model": model, "rows": self.rows_at_fit}
        if self.map is not None:
            kept["pairs"] = self.map.pairs
            kept["weights"] = base64.b64encode(self.map.weights.astype("<f4").tobytes()).decode("ascii")
        with store.write_lock:  # a forget holds it while it drops the map: no save lands after
            if store.peek(self.key) is self:
                store.db.set_meta(self.key, json.dumps(kept))

    def settle(self, timeout: float = 60.0) -> bool:
        """Wait for a fit in progress (True when none is left running)."""
        if not self.lock.acquire(timeout=timeout):
            return False
        self.lock.release()
        return True

    def _refit_then_release(self, store: TenantStore, embedder: Embedder, **kwargs) -> None:
        try:
            self.refit(store, embedder, **kwargs)
        except Exception as exc:  # noqa: BLE001 - the current map stays; the next growth tries again
            log.debug("tenant %s: query map refit failed (%s)", store.name, type(exc).__name__, exc_info=True)
        finally:
            self.lock.release()

    def stale(self, rows: int) -> bool:
        return self.rows_at_fit is None or rows >= max(self.rows_at_fit + 1, self.rows_at_fit * REFIT_GROWTH)

    def refit(self, store: TenantStore, embedder: Embedder, *, l2: float, min_pairs: int, rows: int) -> None:
        started = time.perf_counter()
        self.rows_at_fit = rows
        pairs = asking_pairs(store.db, MAX_PAIRS)
        if len(pairs) < min_pairs:
            self.map = None
            self.save(store, embedder.name)
            return
        ids = list(
            dict.fromkeys([p[0] for p in pairs] + [p[2] for p in pairs] + spread_ids(store.db, RIVALS))
        )
        vectors = store.vectors.dense_of(store.name, ids)
        pairs = [p for p in pairs if p[0] in vectors and p[2] in vectors]
        if len(pairs) < min_pairs:
            self.map = None
            self.save(store, embedder.name)
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
        self.save(store, embedder.name)
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
    """``dense`` moved by the tenant's query map; ``dense`` itself while the tenant has too few
    asking messages with replies. The first map is fitted by the recall that finds enough pairs
    (it waits); a tenant that has since doubled gets a newer map fitted in a background thread
    while its recalls keep the current one."""
    key = f"{LEARNED}query_map:{l2!r}:{min_pairs}"
    slot = store.cached(key, lambda: QueryMapSlot(key).loaded(store, embedder.name, len(dense)), lasting=True)
    rows = slot.rows(store)
    if slot.stale(rows):
        # a recall pass's view of the embedder answers query encodes with its own vector: the
        # asking messages are encoded by the embedder it wraps (``plain``)
        plain = getattr(embedder, "plain", embedder)
        fit = {"l2": l2, "min_pairs": min_pairs, "rows": rows}
        if slot.map is None:  # nothing to move the query with meanwhile: this recall waits
            with slot.lock:
                if slot.stale(rows):
                    slot.refit(store, plain, **fit)
        elif slot.lock.acquire(blocking=False):  # a newer map, fitted beside the recalls
            threading.Thread(
                target=slot._refit_then_release,
                args=(store, plain),
                kwargs=fit,
                name=f"autogen-zettel-query-map-{store.name}",
                daemon=True,
            ).start()
    current = slot.map
    return dense if current is None else current.apply(dense)
