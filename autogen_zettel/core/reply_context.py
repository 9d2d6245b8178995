"""Reply context: an answer borrows the dense score of the question it answers.

In a conversation the question names the topic and the reply holds the content: "What's the
band?" -> "Summer Sounds, they played an awesome pop song". A query about the band matches the
question, and the reply, which never says "band", ranks far below it. Spreading activation along
REPLY_TO links already unlocks such replies, but as associative hits: below their source and
within the associative share of the places. This raises the reply's own (immediate) dense score
instead, before fusion, by ``share`` of how far its question's cosine lies above the median dense
candidate's, so one encode of the query serves both and nothing is embedded twice. A question
no better than the typical candidate lends nothing: measured from the weakest candidate instead,
every reply to any question gained, and replies crowded out the statements of other sessions
that questions joining several facts need.

Only a parent that asks (:func:`~autogen_zettel.core.focus.is_question`) lends its score: a reply
to a statement is its own topic. Which end of a REPLY_TO link is the parent comes from the
link's weights: activation passes from a message to its reply in full, back only a share
(:data:`~autogen_zettel.core.link.BACKWARD_WEIGHT`), so the parent is the end whose edge to the
other is the stronger.

>>> from autogen_zettel.base.cards import Link, LinkKind
>>> from autogen_zettel.core.graph import build_graph
>>> G = build_graph([Link("answer", "question", LinkKind.REPLY_TO, 1.0)])
>>> parents_among({"answer", "question", "other"}, G)
{'answer': 'question'}
>>> lend_to_replies({"question": 0.75, "answer": 0.5, "other": 0.25}, {"answer": "question"}, 0.5)
{'question': 0.75, 'answer': 0.625, 'other': 0.25}

:func:`with_reply_context` is what recall calls: it finds the pairs among the candidates, keeps
those whose parent asks, and lends.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence

import networkx as nx

from autogen_zettel.base.cards import Card, LinkKind
from autogen_zettel.core.focus import is_question

__all__ = ["parents_among", "lend_to_replies", "with_reply_context"]

_REPLY = LinkKind.REPLY_TO.value


def _edges(graph, nodes: Collection[str]) -> dict[str, list[tuple[str, float, str]]]:
    if isinstance(graph, nx.Graph):
        return {
            n: [(v, d["weight"], d["kind"]) for v, d in graph.adj[n].items()] for n in nodes if n in graph
        }
    return graph.neighbours_of(list(nodes))  # a Neighbours (core.graph)


def parents_among(ids: Collection[str], graph) -> dict[str, str]:
    """``reply id -> the id it replies to`` for the REPLY_TO pairs with both ends in ``ids``.

    :param graph: the card graph (:func:`~autogen_zettel.core.graph.build_graph`) or a
        :class:`~autogen_zettel.core.graph.Neighbours` over its links
    """
    ids = set(ids)
    adjacency = _edges(graph, ids)
    toward: dict[tuple[str, str], float] = {}  # (from, to) -> REPLY_TO weight that way
    for node, edges in adjacency.items():
        for other, weight, kind in edges:
            if kind == _REPLY and other in ids:
                toward[(node, other)] = weight
    out: dict[str, str] = {}
    for (parent, reply), weight in toward.items():
        # the message passes its reply the full weight; a tie (or one direction missing) says
        # nothing about which came first
        if weight > toward.get((reply, parent), weight):
            out.setdefault(reply, parent)
    return out


def lend_to_replies(dense: Mapping[str, float], parents: Mapping[str, str], share: float) -> dict[str, float]:
    """``dense`` with each reply's cosine raised by ``share`` times the margin of its parent's
    cosine over the median of ``dense`` (none below it); a reply the dense search did not return
    starts from the lowest cosine, and a parent without a dense score lends nothing."""
    if share <= 0 or not parents or not dense:
        return dict(dense)
    ranked = sorted(dense.values())
    lowest, median = ranked[0], ranked[len(ranked) // 2]
    out = dict(dense)
    for reply, parent in parents.items():
        lent = dense.get(parent)
        if lent is not None:
            out[reply] = dense.get(reply, lowest) + share * max(0.0, lent - median)
    return out


def with_reply_context(
    dense: Mapping[str, float],
    others: Collection[str],
    graph,
    cards: Callable[[Sequence[str]], Mapping[str, Card]],
    share: float,
) -> dict[str, float]:
    """The dense scores of one search with every reply among the candidates (``dense`` and
    ``others``, e.g. the lexical hits) raised by the question it answers (:func:`lend_to_replies`).

    :param cards: looks up cards by id (a parent it does not return lends nothing)
    :param share: how much of the question's margin a reply borrows (0: off)
    """
    if share <= 0 or not dense:
        return dict(dense)
    parents = {r: p for r, p in parents_among(set(dense) | set(others), graph).items() if p in dense}
    if not parents:
        return dict(dense)
    asking = cards(sorted(set(parents.values())))
    parents = {r: p for r, p in parents.items() if p in asking and is_question(asking[p].content)}
    return lend_to_replies(dense, parents, share)
