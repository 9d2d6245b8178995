"""A query map learned from a tenant's own conversation: how a question's vector moves towards
the vectors of what answers it.

A sentence embedder puts a question near other questions ("What's the band called?") rather
than near its answer ("Summer Sounds, a local group"). Every chat holds its own examples of the
gap: a message that asks and the reply another participant gave to it. :func:`fit_query_map`
learns a linear map ``W`` (dim x dim, held near zero by an L2 weight) so that, for each such
pair, ``normalise(a + a @ W)`` scores the reply above the tenant's other cards (a softmax over
the replies, the asking cards themselves masked out, and a sample of other cards; plain Adam on
the mean cross-entropy, numpy only). :meth:`QueryMap.apply` moves a query vector before recall's
dense search; the cards' stored vectors stay as they are, so nothing is re-indexed.

No labelled data and nothing from outside the tenant: the pairs are the tenant's own, and the
map is rebuilt without a card once it is forgotten (memory/query_map.py).

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

from dataclasses import dataclass

import numpy as np

__all__ = ["QueryMap", "fit_query_map"]

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
