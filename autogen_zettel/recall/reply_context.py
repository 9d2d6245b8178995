"""Reply context: a reply borrows part of the dense score of the message it replies to.

In a conversation the earlier turn often names the topic and the reply holds the content:
"What's the band?" -> "Summer Sounds, they played an awesome pop song". A query about the band
matches the question, and the reply, which never says "band", ranks far below it. Spreading
activation along REPLY_TO links already unlocks such replies, but as associative hits: below
their source and within the associative share of the places. This raises the reply's own
(immediate) dense score instead, before fusion, by ``share`` of how far its parent's cosine lies
above the weakest dense candidate's, so one encode of the query serves both and nothing is
embedded twice. A small share moves a reply past cards that match about as well as it does, not
past a card that matches clearly better.

Every parent lends, not only one that asks: lending only from questions, and only their margin
over the median candidate, let a larger share raise more replies into the first ten but pushed
out the other sessions that questions joining several facts need (see docs/benchmarks.md).

Which end of a REPLY_TO link is the parent comes from the link's weights: activation passes
from a message to its reply in full, back only a share
(:data:`~autogen_zettel.cards.link.BACKWARD_WEIGHT`), so the parent is the end whose edge to the
other is the stronger.

>>> from autogen_zettel.base.cards import Link, LinkKind
>>> from autogen_zettel.cards.graph import build_graph
>>> G = build_graph([Link("answer", "question", LinkKind.REPLY_TO, 1.0)])
>>> parents_among({"answer", "question", "other"}, G)
{'answer': ('question',)}
>>> lend_to_replies({"question": 0.75, "answer": 0.5, "other": 0.25}, {"answer": ("question",)}, 0.5)
{'question': 0.75, 'answer': 0.75, 'other': 0.25}

:func:`with_reply_context` is what recall calls: it finds the pairs among the candidates and lends.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

import networkx as nx

from autogen_zettel.base.cards import LinkKind

__all__ = ["parents_among", "lend_to_replies", "with_reply_context"]

_REPLY = LinkKind.REPLY_TO.value


def _edges_among(graph, nodes: set[str]) -> dict[tuple[str, str], tuple[float, str]]:
    among = getattr(graph, "edges_among", None)  # LinkNeighbours: on its arrays once loaded
    if among is not None:
        return among(nodes)
    if isinstance(graph, nx.Graph):
        return {
            (u, v): (d["weight"], d["kind"])
            for u in nodes
            if u in graph
            for v, d in graph.adj[u].items()
            if v in nodes
        }
    return {
        (u, v): (weight, kind)
        for u, edges in graph.neighbours_of(list(nodes)).items()
        for v, weight, kind in edges
        if v in nodes
    }


def parents_among(ids: Collection[str], graph) -> dict[str, tuple[str, ...]]:
    """``reply id -> the ids it replies to`` (sorted; the cards of one message are several) for
    the REPLY_TO pairs with both ends in ``ids``.

    :param graph: the card graph (:func:`~autogen_zettel.cards.graph.build_graph`) or a
        :class:`~autogen_zettel.cards.graph.Neighbours` over its links
    """
    ids = set(ids)
    edges = _edges_among(graph, ids)  # (from, to) -> (weight, the strongest reason that way)
    out: dict[str, list[str]] = {}
    for (parent, reply), (weight, kind) in edges.items():
        if kind != _REPLY:
            continue
        # the message passes its reply the full weight, the reply passes back a share (or a
        # weaker reason's weight): the stronger direction starts at the parent
        back = edges.get((reply, parent))
        if back is not None and weight > back[0]:
            out.setdefault(reply, []).append(parent)
    return {reply: tuple(sorted(parents)) for reply, parents in out.items()}


def lend_to_replies(
    dense: Mapping[str, float], parents: Mapping[str, Sequence[str]], share: float
) -> dict[str, float]:
    """``dense`` with each reply's cosine raised by ``share`` times the margin of its best parent's
    cosine over the lowest in ``dense``; a reply the dense search did not return starts from that
    lowest cosine, and a parent without a dense score lends nothing."""
    if share <= 0 or not parents or not dense:
        return dict(dense)
    lowest = min(dense.values())
    out = dict(dense)
    for reply, among in parents.items():
        lent = max((dense[p] for p in among if p in dense), default=None)
        if lent is not None:
            out[reply] = dense.get(reply, lowest) + share * (lent - lowest)
    return out


def with_reply_context(
    dense: Mapping[str, float], others: Collection[str], graph, share: float
) -> dict[str, float]:
    """The dense scores of one search with every reply among the candidates (``dense`` and
    ``others``, e.g. the lexical hits) raised by the message it replies to (:func:`lend_to_replies`).

    :param graph: the card graph or a :class:`~autogen_zettel.cards.graph.Neighbours` over its links
        (only links that pass activation are seen: with REPLY_TO weighted 0 nothing is lent)
    :param share: how much of the parent's margin a reply borrows (0: off)
    """
    if share <= 0 or not dense:
        return dict(dense)
    return lend_to_replies(dense, parents_among(set(dense) | set(others), graph), share)
