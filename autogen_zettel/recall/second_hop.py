"""A second look from what the first found, pure functions: the words the best hits share that
the question did not say, and the merge of the second search's hits from other sessions.

An answer that joins sessions ("what activities has Melanie done with her family?") is told in
words the question does not use: the first hits say "the kids", "camping", and so do the turns
of the other sessions it needs. :func:`salient_terms` takes the terms that at least two of the
best ``m`` hits share and the query lacks (names left out: they match everything a participant
said); :func:`expand_sparse` adds them to the lexical query at a reduced weight; and
:func:`merge_second` lets the second search's hits from sessions the first hits did not come
from take places, their scores discounted, so the first search's own order stays where it was sure.

>>> salient_terms("What activities has Melanie done with her family?",
...               ["We went camping with the kids.", "The kids loved camping!", "I ran a 5k."], {"Melanie"})
['camp', 'kid']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import replace

from autogen_zettel.base.cards import Hit
from autogen_zettel.text.lexical import term_id, tokens

__all__ = ["salient_terms", "expand_sparse", "merge_second"]


def salient_terms(
    query: str, texts: Sequence[str], names: Collection[str], *, limit: int = 3, min_hits: int = 2
) -> list[str]:
    """The lexical terms (:func:`~autogen_zettel.text.lexical.tokens`: stemmed, stopwords out,
    Chinese as bigrams) that at least ``min_hits`` of ``texts`` hold and ``query`` and ``names``
    do not; most shared first (ties alphabetical), at most ``limit``.

    >>> salient_terms("她喜欢什么？", ["我们去爬山了", "爬山很开心", "下雨了"], set())
    ['爬山']
    """
    known = set(tokens(query)) | {t for n in names for t in tokens(n)}
    counts = Counter(t for text in texts for t in set(tokens(text)) if t not in known)
    shared = sorted((t for t, c in counts.items() if c >= min_hits), key=lambda t: (-counts[t], t))
    return shared[:limit]


def expand_sparse(
    sparse: tuple[Sequence[int], Sequence[float]], terms: Sequence[str], weight: float
) -> tuple[list[int], list[float]]:
    """The sparse query ``sparse`` (term ids and values) with each of ``terms`` added at
    ``weight``, ids sorted.

    >>> expand_sparse(([term_id("camp")], [1.0]), ["camp", "kid"], 0.3) == (
    ...     sorted([term_id("camp"), term_id("kid")]),
    ...     [1.3 if i == term_id("camp") else 0.3 for i in sorted([term_id("camp"), term_id("kid")])])
    True
    """
    values = dict(zip(sparse[0], sparse[1]))
    for t in terms:
        tid = term_id(t)
        values[tid] = values.get(tid, 0.0) + weight
    keys = sorted(values)
    return keys, [values[k] for k in keys]


def merge_second(first: Sequence[Hit], second: Sequence[Hit], *, seeds: int, discount: float) -> list[Hit]:
    """``first`` with the hits of ``second`` whose session none of the best ``seeds`` of
    ``first`` came from, each scored ``discount`` times its own score; a card in both keeps the
    better of the two. Best first, ties by card id.

    >>> from datetime import datetime
    >>> from autogen_zettel.base.cards import Card, CardKind
    >>> def hit(i, s, session):
    ...     return Hit(Card(i, i, CardKind.FACT, "Ada", datetime(2024, 1, 1), (i,), session_id=session), s, "immediate")
    >>> first = [hit("a", 1.0, "s1"), hit("b", 0.6, "s1")]
    >>> second = [hit("c", 0.9, "s1"), hit("d", 0.8, "s2")]
    >>> [(h.card.id, round(h.score, 2)) for h in merge_second(first, second, seeds=1, discount=0.9)]
    [('a', 1.0), ('d', 0.72), ('b', 0.6)]
    """
    near = {h.card.session_id for h in first[:seeds]}
    best = {h.card.id: h for h in first}
    for h in second:
        if h.card.session_id in near:
            continue
        score = h.score * discount
        if h.card.id not in best or score > best[h.card.id].score:
            best[h.card.id] = replace(h, score=score)
    return sorted(best.values(), key=lambda h: (-h.score, h.card.id))
