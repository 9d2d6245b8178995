"""A list question's hits gathered per meaning cluster (#41): "What activities has Melanie done
with her family?" is answered by camping in one session, pottery in another and a museum in a
third; the ten best paraphrases of the camping trip crowd the others out.

:func:`meaning_clusters` groups hits by what they say: in score order, a hit joins the cluster of
the first leader whose vector lies within the pool's ``share`` closest pairs of it (the
threshold is a quantile of the pool's own pairwise cosines, so it reads alike on every
embedder's scale), else it leads a new one. :func:`spread_meanings` then re-ranks greedily, each
hit's score discounted by ``(1 - spread)`` for every hit already placed from its cluster
(``recall.tuning.meaning_spread``; 0 leaves the order): near 1 it fills the list round-robin, the
best of each cluster first. Unlike the session spread, hits of one session that say different
things are not held back.

>>> import numpy as np
>>> vectors = {"a": np.array([1.0, 0.0]), "b": np.array([0.99, 0.1]), "c": np.array([0.0, 1.0])}
>>> meaning_clusters(["a", "b", "c"], vectors, share=0.4)
{'a': 'a', 'b': 'a', 'c': 'c'}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from autogen_zettel.base.cards import Hit
from autogen_zettel.recall.lists import spread_groups

__all__ = ["meaning_clusters", "spread_meanings"]


def meaning_clusters(
    ids: Sequence[str],
    vectors: Mapping[str, np.ndarray],
    *,
    share: float,
    sessions: Mapping[str, str | None] | None = None,
) -> dict[str, str]:
    """Each id -> the id leading its cluster (ids best first; an id without a vector leads its own).

    Two ids are close when their cosine is at or above the ``1 - share`` quantile of all pairs of
    the vectors given (``share`` 0.1: the closest tenth of the pool's pairs). With ``sessions``
    (id -> session) an id joins only a leader of its own session."""
    have = [i for i in ids if i in vectors]
    out = {i: i for i in ids}
    if len(have) < 2 or share <= 0:
        return out
    m = np.stack([np.asarray(vectors[i], dtype=np.float32) for i in have])
    m /= np.maximum(np.linalg.norm(m, axis=1, keepdims=True), 1e-12)
    cos = m @ m.T
    pairs = cos[np.triu_indices(len(have), 1)]
    cut = float(np.quantile(pairs, 1.0 - min(share, 1.0)))
    leaders: list[int] = []
    for n, cid in enumerate(have):
        lead = next(
            (
                j
                for j in leaders
                if cos[n, j] >= cut and (sessions is None or sessions.get(cid) == sessions.get(have[j]))
            ),
            None,
        )
        if lead is None:
            leaders.append(n)
        else:
            out[cid] = have[lead]
    return out


def spread_meanings(
    hits: Sequence[Hit],
    vectors: Mapping[str, np.ndarray],
    spread: float,
    *,
    share: float,
    within_sessions: bool = False,
) -> list[Hit]:
    """``hits`` (best first) re-ranked so that one meaning does not fill the list: greedily the
    best of ``score * (1 - spread) ** (hits placed from its cluster)`` (:func:`meaning_clusters`).
    ``within_sessions``: a cluster holds one session's hits only (one session saying one thing
    over and over). Scores are kept; only the order changes."""
    if spread <= 0 or len(hits) < 2:
        return list(hits)
    sessions = {h.card.id: h.card.session_id for h in hits} if within_sessions else None
    cluster = meaning_clusters([h.card.id for h in hits], vectors, share=share, sessions=sessions)
    return spread_groups(hits, lambda h: cluster[h.card.id], spread)
