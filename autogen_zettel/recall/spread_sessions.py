"""Evidence across sessions: a second look at the best candidates that gives way to sessions not
yet represented. A question joining facts from several sessions ("where has Mel camped?") loses
its places to the many neighbouring cards of the one session that matches best; each further
hit of a session already holding places scores ``spread`` (a share) less per such place.

>>> from datetime import datetime
>>> from autogen_zettel.base.cards import Card, CardKind, Hit
>>> hit = lambda i, s, score: Hit(Card(i, i, CardKind.FACT, "Mel", datetime(2023, 5, 1), (i,), session_id=s), score, "immediate")
>>> hits = [hit("a", "s1", 1.0), hit("b", "s1", 0.9), hit("c", "s1", 0.8), hit("d", "s2", 0.7)]
>>> [h.card.id for h in spread_sessions(hits, 0.25)]
['a', 'd', 'b', 'c']
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from autogen_zettel.base.cards import Hit

__all__ = ["spread_sessions"]


def spread_sessions(hits: Sequence[Hit], spread: float) -> list[Hit]:
    """``hits`` (best first) re-ranked greedily: each next place goes to the best score after a
    ``(1 - spread) ** n`` factor, ``n`` the places its session already holds; cards without a
    session are never discounted; ties keep the given order. ``spread`` 0 is off. A heap with
    lazy updates: a score only falls when its session takes a place, so a popped entry whose
    session has taken places since it was pushed is pushed back with its new score."""
    if spread <= 0 or len(hits) < 2:
        return list(hits)
    keep = 1.0 - min(spread, 1.0)
    held: Counter[str] = Counter()
    heap = [(-h.score, i, 0) for i, h in enumerate(hits)]
    heapq.heapify(heap)
    out: list[Hit] = []
    while heap:
        neg, i, seen = heapq.heappop(heap)
        session = hits[i].card.session_id
        now = held[session] if session else 0
        if now != seen:
            heapq.heappush(heap, (-hits[i].score * keep**now, i, now))
            continue
        out.append(replace(hits[i], score=-neg))
        if session:
            held[session] += 1
    return out
