"""The card graph as NetworkX, built from link rows, and spreading activation over it.

The graph is undirected: a pair of cards linked for several reasons gets one edge whose
``weight`` is the strongest reason (link weight times :data:`~autogen_zettel.link.KIND_WEIGHT`)
and whose ``kind`` names that reason. It is loaded from SQLite, never pickled.

>>> from autogen_zettel.cards import Link, LinkKind
>>> G = build_graph([Link("a", "b", LinkKind.STRONGLY_RELATED, 0.9), Link("b", "c", LinkKind.SAME_SESSION, 1.0)])
>>> act = spread(G, {"a": 1.0}, hops=2, decay=0.5)
>>> sorted(act)
['b', 'c']
>>> act["b"][1]
('a', 'STRONGLY_RELATED')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import networkx as nx

from .cards import Link
from .link import KIND_WEIGHT

__all__ = ["build_graph", "add_links", "spread"]


def add_links(G: nx.Graph, links: Iterable[Link]) -> None:
    """Add links to ``G`` in place, keeping the strongest reason per pair."""
    for link in links:
        if link.src == link.dst:
            continue
        w = link.weight * KIND_WEIGHT[link.kind]
        current = G.get_edge_data(link.src, link.dst)
        if current is None or w > current["weight"]:
            G.add_edge(link.src, link.dst, weight=w, kind=link.kind.value)


def build_graph(links: Iterable[Link]) -> nx.Graph:
    """A new undirected graph of the given links."""
    G = nx.Graph()
    add_links(G, links)
    return G


def spread(
    G: nx.Graph,
    seeds: Mapping[str, float],
    *,
    hops: int = 2,
    decay: float = 0.5,
    fan_out: int = 12,
) -> dict[str, tuple[float, tuple[str, str]]]:
    """Spreading activation from ``seeds`` (node -> activation) along weighted edges.

    Each hop passes ``activation * edge weight * decay ** (hop - 1)`` to a node's ``fan_out``
    strongest neighbours; a node's activation is the sum of what reaches it. Seeds are not
    returned. Returns node -> ``(activation, (strongest source, link kind))``.

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
                if other in seeds:
                    continue
                passed = act * data["weight"] * factor
                nxt[other] = nxt.get(other, 0.0) + passed
                if passed > best.get(other, (0.0, None))[0]:
                    best[other] = (passed, (node, data["kind"]))
        for node, act in nxt.items():
            total[node] = total.get(node, 0.0) + act
        frontier = nxt
    return {n: (a, best[n][1]) for n, a in total.items()}
