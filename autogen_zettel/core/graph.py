"""The card graph as NetworkX, built from link rows, and spreading activation over it.

A directed graph: every link becomes an edge in both directions, each with the activation it
passes that way (``weight``: link weight times :data:`~autogen_zettel.core.link.KIND_WEIGHT`;
against a directed link's direction only the :data:`~autogen_zettel.core.link.BACKWARD_WEIGHT`
share). A pair linked for several reasons keeps the strongest reason per direction, named in
``kind``; ``strength`` keeps the raw link weight. It is loaded from SQLite, never pickled.

>>> from autogen_zettel.base.cards import Link, LinkKind
>>> G = build_graph([Link("b", "a", LinkKind.REPLY_TO, 1.0), Link("b", "c", LinkKind.SAME_SESSION, 1.0)])
>>> act = spread(G, {"a": 1.0}, hops=2, decay=0.5)
>>> sorted(act)
['b', 'c']
>>> act["b"]
(0.6, ('a', 'REPLY_TO'))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import networkx as nx

from autogen_zettel.base.cards import Card, CardKind, Link, LinkKind
from autogen_zettel.core.link import BACKWARD_WEIGHT, KIND_WEIGHT, ThreadIndex, thread_links

__all__ = ["build_graph", "add_links", "add_threads", "spread", "persona_graph"]


def _add_edge(G: nx.DiGraph, u: str, v: str, weight: float, link: Link) -> None:
    current = G.get_edge_data(u, v)
    if current is None:
        G.add_edge(u, v, weight=weight, kind=link.kind.value, strength=link.weight)
    else:
        if weight > current["weight"]:
            current.update(weight=weight, kind=link.kind.value)
        current["strength"] = max(current["strength"], link.weight)


def add_links(G: nx.DiGraph, links: Iterable[Link], *, weights: Mapping[LinkKind, float] = KIND_WEIGHT) -> None:
    """Add links to ``G`` in place, keeping the strongest reason per direction.

    :param weights: the activation each link kind passes (an ablation passes others)
    """
    for link in links:
        if link.src == link.dst:
            continue
        w = link.weight * weights[link.kind]
        # a directed link (src replies to / supersedes dst) passes activation forward in
        # time, from dst to src, in full; backwards only a share
        back = BACKWARD_WEIGHT.get(link.kind, 1.0)
        _add_edge(G, link.dst, link.src, w, link)
        _add_edge(G, link.src, link.dst, w * back, link)


def add_threads(G: nx.DiGraph, cards: Iterable[Card], *, weights: Mapping[LinkKind, float] = KIND_WEIGHT) -> None:
    """Add the SAME_THREAD links of ``cards`` (oldest first) to ``G`` in place
    (:func:`~autogen_zettel.core.link.thread_links`). They are derived from the cards, not
    stored: the graph keeps its :class:`~autogen_zettel.core.link.ThreadIndex` in
    ``G.graph["threads"]``, so cards written later extend the same threads. Summaries take no part.
    """
    index = G.graph.setdefault("threads", ThreadIndex())
    if weights.get(LinkKind.SAME_THREAD, 0.0) <= 0:
        return
    links = [link for c in cards if c.kind is not CardKind.SUMMARY for link in thread_links(c, index)]
    add_links(G, links, weights=weights)


def build_graph(links: Iterable[Link], *, weights: Mapping[LinkKind, float] = KIND_WEIGHT,
                cards: Iterable[Card] | None = None) -> nx.DiGraph:
    """A new directed graph of the given links (``weights``: see :func:`add_links`), plus the
    SAME_THREAD links of ``cards`` (any order; see :func:`add_threads`)."""
    G = nx.DiGraph()
    add_links(G, links, weights=weights)
    if cards is not None and weights.get(LinkKind.SAME_THREAD, 0.0) > 0:  # else the cards are never read
        add_threads(G, sorted(cards, key=lambda c: (c.created_at, c.id)), weights=weights)
    return G


def spread(
    G: nx.DiGraph,
    seeds: Mapping[str, float],
    *,
    hops: int = 2,
    decay: float = 0.5,
    fan_out: int = 12,
) -> dict[str, tuple[float, tuple[str, str]]]:
    """Spreading activation from ``seeds`` (node -> activation) along weighted edges.

    Each hop passes ``activation * edge weight * decay ** (hop - 1)`` to a node's ``fan_out``
    strongest neighbours; a node's activation is the sum of what reaches it. Seeds receive
    activation from each other too (convergent evidence), except from themselves.
    Returns node -> ``(activation, (strongest source, link kind))``.

    It walks the adjacency dicts directly: far cheaper than a full PageRank on large graphs.
    """
    total: dict[str, float] = {}
    best: dict[str, tuple[float, tuple[str, str]]] = {}
    frontier = {n: a for n, a in seeds.items() if n in G}
    for hop in range(1, hops + 1):
        factor = decay ** (hop - 1)
        nxt: dict[str, float] = {}
        for node, act in frontier.items():
            nbrs = sorted(G.adj[node].items(), key=lambda kv: -kv[1]["weight"])[:fan_out]
            for other, data in nbrs:
                if data["weight"] <= 0.0:
                    break
                if hop > 1 and other in seeds:
                    continue  # no echo of a seed's own activation back to the seeds
                passed = act * data["weight"] * factor
                nxt[other] = nxt.get(other, 0.0) + passed
                if passed > best.get(other, (0.0, None))[0]:
                    best[other] = (passed, (node, data["kind"]))
        for node, act in nxt.items():
            total[node] = total.get(node, 0.0) + act
        frontier = {n: a for n, a in nxt.items() if n not in seeds}
    return {n: (a, best[n][1]) for n, a in total.items()}


def persona_graph(links: Iterable[Link], evidence: Iterable) -> nx.DiGraph:
    """Memory and persona in one graph: the card graph plus a node ``"trait:NAME"`` per trait
    (attribute ``kind="trait"``) and an edge card -> trait per card carrying evidence.

    ``evidence`` holds rows with ``trait``, ``sign``, ``strength`` and ``card_id`` (e.g.
    :class:`~autogen_zettel.persona.mining.EvidenceRow`; rows without a card are skipped). The edge's
    ``kind`` is ``"REINFORCES"`` or ``"WEAKENS"`` by the sign of the card's net evidence,
    ``weight`` its absolute value, ``support``/``against`` the two sides' strengths (a tie
    counts as REINFORCES with weight 0). Trait nodes only receive edges, so spreading
    activation never passes through a trait to other cards.

    >>> from types import SimpleNamespace as Row
    >>> from autogen_zettel.base.cards import LinkKind
    >>> G = persona_graph([Link("a", "b", LinkKind.STRONGLY_RELATED, 0.8)],
    ...                   [Row(trait="conciseness", sign=1, strength=1.0, card_id="a"),
    ...                    Row(trait="conciseness", sign=-1, strength=0.3, card_id="a")])
    >>> G.nodes["trait:conciseness"]["kind"], G["a"]["trait:conciseness"]["kind"]
    ('trait', 'REINFORCES')
    >>> round(G["a"]["trait:conciseness"]["weight"], 2)
    0.7
    """
    G = build_graph(links)
    sides: dict[tuple[str, str], list[float]] = {}
    for row in evidence:
        if not row.card_id:
            continue
        pair = sides.setdefault((row.card_id, row.trait), [0.0, 0.0])
        pair[0 if row.sign > 0 else 1] += float(row.strength)
    for (card, trait), (support, against) in sorted(sides.items()):
        node = f"trait:{trait}"
        G.add_node(node, kind="trait", trait=trait)
        net = support - against
        G.add_edge(card, node, kind="REINFORCES" if net >= 0 else "WEAKENS", weight=abs(net),
                   support=support, against=against)
    return G
