"""Recall's query map for one tenant: learned from the tenant's own asking messages and the
replies they got, kept in memory beside the tenant, and learned again as the tenant grows.

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

The map moves a question's vector towards
the vectors of what answers it.

A sentence embedder puts a question near other questions ("What's the band called?") rather
than near its answer ("Summer Sounds, a local group"). Every chat holds its own examples of the
gap: a message that asks and the reply another participant gave to it. :func:`fit_query_map`
learns a linear map ``W`` (dim x dim, held near zero by an L2 weight) so that, for each such
pair, ``normalise(a + a @ W)`` scores the reply above the tenant's other cards (a softmax over
the replies, the asking cards themselves masked out, and a sample of other cards; plain Adam on
the mean cross-entropy, numpy only). :meth:`QueryMap.apply` moves a query vector before recall's
dense search; the cards' stored vectors stay as they are, so nothing is re-indexed.

What it learns from, read from the tenant's database (:func:`asking_pairs`): the newest messages
that ask, each with the reply another participant gave to it (a ``REPLY_TO`` link), and an even
spread of the tenant's other cards as rivals (:func:`spread_ids`). No labelled data and nothing from
outside the tenant.

>>> import numpy as np
>>> rng = np.random.default_rng(0)
>>> docs = rng.normal(size=(40, 8)).astype(np.float32)
>>> docs /= np.linalg.norm(docs, axis=1, keepdims=True)
>>> asks = np.roll(docs[:20], 1, axis=1)  # a question is its answer with the axes turned
>>> m = fit_query_map(asks, docs, np.arange(20), np.full(20, -1), l2=0.001, steps=200, lr=0.05)
>>> before = (np.argmax(asks @ docs.T, axis=1) == np.arange(20)).mean()
>>> after = (np.argmax(m.apply(asks) @ docs.T, axis=1) == np.arange(20)).mean()
>>> bool(after > before)
True
"""

from __future__ import annotations

import base64
import json
import logging
import threading
import time
from dataclasses import dataclass

import numpy as np

from autogen_zettel.base.cards import CardStatus, LinkKind
from autogen_zettel.embed.embedders import Embedder
from autogen_zettel.store.tenant_store import LEARNED, TenantStore

__all__ = [
    "MAX_PAIRS",
    "RIVALS",
    "REFIT_GROWTH",
    "QueryMapSlot",
    "mapped_query",
    "QueryMap",
    "fit_query_map",
    "asking_pairs",
    "card_rows",
    "spread_ids",
]

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
        plain = embedder
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


# the softmax temperature of the fit: cosines of one embedder span about 0.2-0.8, so 0.05 makes
# the reply's margin over its rivals count, as in contrastive training of such embedders
_TAU = 0.05
_BETA1, _BETA2, _EPS = 0.9, 0.999, 1e-8


@dataclass(frozen=True)
class QueryMap:
    """``apply(v) = normalise(v + v @ weights)``; ``pairs`` is how many pairs it was fitted on."""

    weights: np.ndarray
    pairs: int

    def apply(self, vectors: np.ndarray) -> np.ndarray:
        """The moved, unit-length query vectors (one vector or a matrix of rows)."""
        v = np.asarray(vectors, dtype=np.float32)
        moved = v + v @ self.weights
        norm = np.linalg.norm(moved, axis=-1, keepdims=True)
        return (moved / np.maximum(norm, 1e-12)).astype(np.float32)


def fit_query_map(
    asks: np.ndarray,
    docs: np.ndarray,
    replies: np.ndarray,
    askers: np.ndarray,
    *,
    l2: float,
    steps: int = 60,
    lr: float = 0.01,
) -> QueryMap:
    """Fit the map on ``len(asks)`` pairs.

    :param asks: the asking messages' vectors as queries (n x dim, unit length)
    :param docs: the cards' stored vectors (m x dim, unit length): the replies, the asking cards
        and whatever other cards serve as rivals
    :param replies: for each pair, the row of ``docs`` holding its reply
    :param askers: for each pair, the row of ``docs`` holding the asking card itself (masked out:
        a question is no answer to itself), or -1
    :param l2: the weight of ``sum(W**2)`` in the loss; larger keeps the map nearer the identity
    """
    a = np.asarray(asks, dtype=np.float32)
    d = np.asarray(docs, dtype=np.float32)
    n, dim = a.shape
    replies = np.asarray(replies, dtype=np.int64)
    askers = np.asarray(askers, dtype=np.int64)
    rows = np.arange(n)
    masked = askers >= 0
    w = np.zeros((dim, dim), np.float32)
    m1 = np.zeros_like(w)
    m2 = np.zeros_like(w)
    for t in range(1, steps + 1):
        z = a + a @ w
        norm = np.linalg.norm(z, axis=1, keepdims=True)
        u = z / np.maximum(norm, 1e-12)
        logits = (u @ d.T) / _TAU
        logits[rows[masked], askers[masked]] = -1e4
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        p /= p.sum(axis=1, keepdims=True)
        p[rows, replies] -= 1.0  # d(mean cross-entropy)/d(logits), times n * tau below
        p /= n * _TAU
        grad_u = p @ d
        grad_z = (grad_u - u * (u * grad_u).sum(axis=1, keepdims=True)) / np.maximum(norm, 1e-12)
        grad = a.T @ grad_z + 2.0 * l2 * w
        m1 = _BETA1 * m1 + (1 - _BETA1) * grad
        m2 = _BETA2 * m2 + (1 - _BETA2) * grad * grad
        w -= lr * (m1 / (1 - _BETA1**t)) / (np.sqrt(m2 / (1 - _BETA2**t)) + _EPS)
    return QueryMap(w.astype(np.float32), n)


# a message that asks: a question mark in any script's form (?, full-width ？, Arabic ؟)
_ASKS_SQL = "(instr(a.content, '?') > 0 or instr(a.content, '？') > 0 or instr(a.content, '؟') > 0)"


def card_rows(db) -> int:
    """The highest row number of the tenant's cards (0 if none): it grows with every card
    written, at the cost of one index seek."""
    with db.lock:
        row = db.db.execute("select max(rowid) from cards").fetchone()
    return int(row[0] or 0)


def asking_pairs(db, limit: int) -> list[tuple[str, str, str]]:
    """Up to ``limit`` ``(asking card id, its text, reply card id)``, newest asking card first:
    both cards active, the reply by someone else (one reply per asking card, the lowest id when
    several answered).

    Cards are read newest first and each one's replies looked up in the links' index from their
    target, so the statement stops after the ``limit``-th pair instead of reading every link."""
    active = CardStatus.ACTIVE.value
    sql = (
        "select a.id, a.content, (select min(l.src) from links l join cards r on r.id = l.src "
        "where l.dst = a.id and l.kind = ? and r.status = ? and r.speaker != a.speaker) as reply "
        f"from cards a where a.status = ? and {_ASKS_SQL} and reply is not null "
        "order by a.rowid desc limit ?"
    )
    with db.lock:
        rows = db.db.execute(sql, [LinkKind.REPLY_TO.value, active, active, int(limit)]).fetchall()
    return [(r[0], r[1], r[2]) for r in rows]


def spread_ids(db, n: int) -> list[str]:
    """Up to ``n`` active card ids spread evenly over the tenant's rows (the same ids for the same
    cards: a fit is repeatable)."""
    top = card_rows(db)
    if top == 0 or n <= 0:
        return []
    step = max(1, top // n)
    picks = list(range(1, top + 1, step))[:n]
    out: list[str] = []
    with db.lock:
        for start in range(0, len(picks), 500):
            chunk = picks[start : start + 500]
            out.extend(
                r[0]
                for r in db.db.execute(
                    f"select id from cards where rowid in ({','.join('?' * len(chunk))}) and status = ?",
                    [*chunk, CardStatus.ACTIVE.value],
                ).fetchall()
            )
    return out
