"""The card graph's adjacency as a few numpy arrays, built from one scan of the link rows (#12).

:class:`~autogen_zettel.core.graph.LinkNeighbours` reads a frontier card's links from SQLite the
first time recall meets it; at 10k cards those first ("cold") reads and the Python work per
link row were most of what recall adds over a flat dense search. Loading the whole NetworkX
graph instead took 12.8 s and most of 2.5 GB at 100k cards. This keeps what spreading needs of
each card, already collapsed and ordered as :func:`~autogen_zettel.core.graph.build_graph`
would hold it (strongest reason per direction, strongest first, ties by the pair's first
link): per directed edge the other end (int32), the weight (float64, the same products as
``add_links``, so hits are identical) and the kind (int8), 13 bytes, in CSR form.

>>> import numpy as np
>>> from autogen_zettel.base.cards import Link
>>> from autogen_zettel.core.graph import build_graph
>>> from autogen_zettel.core.link import KIND_WEIGHT
>>> from autogen_zettel.store.linkscan import LINK_ROW
>>> links = [Link("b", "a", LinkKind.REPLY_TO, 1.0), Link("b", "c", LinkKind.SAME_SESSION, 1.0)]
>>> kinds = ["REPLY_TO", "SAME_SESSION"]
>>> rows = np.array([(1, 1, 0, 1, 0, 1.0), (2, 2, 0, 2, 1, 1.0)], dtype=LINK_ROW)  # ids: b, a, c
>>> adj = LinkAdjacency.build(["b", "a", "c"], rows, kinds, KIND_WEIGHT)
>>> G = build_graph(links)
>>> adj.edges_of_many("abcd") == {n: adj.edges_of(n) for n in "abcd"}
True
>>> all(adj.edges_of(n) == sorted([(v, d["weight"], d["kind"]) for v, d in G.adj[n].items()], key=lambda e: -e[1])
...     for n in "abc")
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import numpy as np

from autogen_zettel.base.cards import LinkKind
from autogen_zettel.core.link import BACKWARD_WEIGHT

__all__ = ["LinkAdjacency"]

class LinkAdjacency:
    """Each card's out-edges ``(other, weight, kind)`` in :func:`~autogen_zettel.core.graph.build_graph`'s
    order, from numpy arrays (a snapshot: the caller knows which cards changed since)."""

    def __init__(self, ids: Sequence[str], index: dict[str, int], indptr: np.ndarray, other: np.ndarray,
                 weight: np.ndarray, kind: np.ndarray, kinds: Sequence[str]):
        self.ids, self.index = ids, index
        self.indptr, self.other, self.weight, self.kind = indptr, other, weight, kind
        self.kinds = list(kinds)

    @classmethod
    def build(cls, ids: Sequence[str], rows: np.ndarray, kinds: Sequence[str],
              weights: Mapping[LinkKind, float]) -> LinkAdjacency:
        """From ``rows`` (:data:`~autogen_zettel.store.linkscan.LINK_ROW`, any order) between ``ids``, of the ``kinds`` named."""
        # one array at a time, each freed as its sorted copy replaces it: the build's peak is
        # what bounds memory at 100k cards, not what it keeps (#12)
        loop = rows["src"] != rows["dst"]
        src, dst, kind = rows["src"][loop], rows["dst"][loop], rows["kind"][loop]
        kind_weight = np.array([weights[LinkKind(k)] for k in kinds], dtype=np.float64)
        back = np.array([BACKWARD_WEIGHT.get(LinkKind(k), 1.0) for k in kinds], dtype=np.float64)
        w = rows["weight"][loop] * kind_weight[kind]  # the same float operations as add_links
        # both directions: dst receives w from src; src receives w * back from dst. Per
        # (node, other) the strongest reason wins, among equal weights the first written
        # (add_links' strict ">"): rowids are the write order
        ww = np.concatenate([w, w * back[kind]])
        del w
        n = np.int64(max(len(ids), 1))
        pair = np.concatenate([dst.astype(np.int64) * n + src, src.astype(np.int64) * n + dst])
        del src, dst
        order = np.lexsort((np.concatenate([rows["rowid"][loop]] * 2), -ww, pair))
        pair = pair[order]
        start = np.ones(len(pair), dtype=bool)
        start[1:] = pair[1:] != pair[:-1]
        chosen = order[start]  # the entry each (node, other) keeps
        pair = pair[start]
        del order, start
        ww = ww[chosen]
        # the pair's place among equal weights: its first link of any kind (the same on each of
        # its rows, kept so by the links table's triggers)
        first = np.concatenate([rows["first"][loop]] * 2)[chosen]
        kk = np.concatenate([kind] * 2)[chosen]
        del chosen, kind, loop
        node, other = pair // n, (pair % n).astype(np.int32)
        del pair
        # each node's list strongest first, equal weights by the pair's first link
        order = np.lexsort((first, -ww, node))
        del first
        node, other, ww, kk = node[order], other[order], ww[order], kk[order]
        indptr = np.zeros(len(ids) + 1, dtype=np.int64)
        np.cumsum(np.bincount(node, minlength=len(ids)), out=indptr[1:])
        index = {card: i for i, card in enumerate(ids)}
        return cls(list(ids), index, indptr, other.astype(np.int32), ww, kk.astype(np.int8), kinds)

    def edges_of(self, node: str) -> list[tuple[str, float, str]]:
        """``node``'s out-edges, strongest first ([] when it had none at the snapshot)."""
        i = self.index.get(node)
        if i is None:
            return []
        lo, hi = int(self.indptr[i]), int(self.indptr[i + 1])
        if lo == hi:
            return []
        ids, kinds = self.ids, self.kinds
        return [(ids[o], w, kinds[k]) for o, w, k in
                zip(self.other[lo:hi].tolist(), self.weight[lo:hi].tolist(), self.kind[lo:hi].tolist())]

    def edges_of_many(self, nodes: Iterable[str]) -> dict[str, list[tuple[str, float, str]]]:
        """:meth:`edges_of` for each of ``nodes``, in three array reads for all of them (recall's
        frontier: a few hundred cards a hop)."""
        nodes = list(nodes)
        where = np.array([self.index.get(n, -1) for n in nodes], dtype=np.int64)
        known = where >= 0
        lo = np.zeros(len(nodes), dtype=np.int64)
        hi = np.zeros(len(nodes), dtype=np.int64)
        lo[known] = self.indptr[where[known]]
        hi[known] = self.indptr[where[known] + 1]
        counts = hi - lo
        total = int(counts.sum())
        if total == 0:
            return {n: [] for n in nodes}
        # the positions of every node's slice, one after another
        ends = np.cumsum(counts)
        take = np.arange(total, dtype=np.int64) + np.repeat(lo - (ends - counts), counts)
        ids, kinds = self.ids, self.kinds
        edges = [(ids[o], w, kinds[k]) for o, w, k in
                 zip(self.other[take].tolist(), self.weight[take].tolist(), self.kind[take].tolist())]
        out, start = {}, 0
        for n, end in zip(nodes, ends.tolist()):
            out[n] = edges[start:end]
            start = end
        return out

    @property
    def nodes(self) -> int:
        return len(self.ids)

    @property
    def edges(self) -> int:
        return len(self.other)

    @property
    def nbytes(self) -> int:
        """Bytes of the arrays (the id list and its index come on top: about 150 bytes a card)."""
        return self.indptr.nbytes + self.other.nbytes + self.weight.nbytes + self.kind.nbytes
