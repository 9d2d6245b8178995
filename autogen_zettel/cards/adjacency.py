"""The card graph's adjacency as a few numpy arrays, built from one scan of the link rows.

:class:`~autogen_zettel.cards.graph.LinkNeighbours` reads a frontier card's links from SQLite the
first time recall meets it; at 10k cards those first ("cold") reads and the Python work per
link row were most of what recall adds over a flat dense search. Loading the whole NetworkX
graph instead took 12.8 s and most of 2.5 GB at 100k cards. This keeps what spreading needs of
each card, already collapsed and ordered as :func:`~autogen_zettel.cards.graph.build_graph`
would hold it (strongest reason per direction, strongest first, ties by the pair's first
link): per directed edge the other end (int32), the weight (float64, the same products as
``add_links``, so hits are identical) and the kind (int8), 13 bytes, in CSR form.

>>> import numpy as np
>>> from autogen_zettel.base.cards import Link
>>> from autogen_zettel.cards.graph import build_graph
>>> from autogen_zettel.cards.link import KIND_WEIGHT
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

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence

import numpy as np

from autogen_zettel.base.cards import LinkKind
from autogen_zettel.cards.link import BACKWARD_WEIGHT

__all__ = ["Activation", "LinkAdjacency"]


class LinkAdjacency:
    """Each card's out-edges ``(other, weight, kind)`` in :func:`~autogen_zettel.cards.graph.build_graph`'s
    order, from numpy arrays (a snapshot: the caller knows which cards changed since)."""

    def __init__(
        self,
        ids: Sequence[str],
        index: dict[str, int],
        indptr: np.ndarray,
        other: np.ndarray,
        weight: np.ndarray,
        kind: np.ndarray,
        kinds: Sequence[str],
    ):
        self.ids, self.index = ids, index
        self.indptr, self.other, self.weight, self.kind = indptr, other, weight, kind
        self.kinds = list(kinds)

    @classmethod
    def build(
        cls, ids: Sequence[str], rows: np.ndarray, kinds: Sequence[str], weights: Mapping[LinkKind, float]
    ) -> LinkAdjacency:
        """From ``rows`` (:data:`~autogen_zettel.store.linkscan.LINK_ROW`, any order) between ``ids``, of the ``kinds`` named."""
        # one array at a time, each freed as its sorted copy replaces it: the build's peak is
        # what bounds memory at 100k cards, not what it keeps
        loop = rows["src"] != rows["dst"]
        src, dst, kind = rows["src"][loop], rows["dst"][loop], rows["kind"][loop]
        kind_weight = np.array([weights[LinkKind(k)] for k in kinds], dtype=np.float64)
        back = np.array([BACKWARD_WEIGHT.get(LinkKind(k), 1.0) for k in kinds], dtype=np.float64)
        w = rows["weight"][loop] * kind_weight[kind]  # the same float operations as add_links
        # both directions: dst receives w from src; src receives w * back from dst. Per
        # (node, other) the strongest reason wins, among equal weights the first written
        # (add_links' strict ">"): seq is the write order
        ww = np.concatenate([w, w * back[kind]])
        del w
        n = np.int64(max(len(ids), 1))
        pair = np.concatenate([dst.astype(np.int64) * n + src, src.astype(np.int64) * n + dst])
        del src, dst
        order = np.lexsort((np.concatenate([rows["seq"][loop]] * 2), -ww, pair))
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
        return [
            (ids[o], w, kinds[k])
            for o, w, k in zip(
                self.other[lo:hi].tolist(), self.weight[lo:hi].tolist(), self.kind[lo:hi].tolist()
            )
        ]

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
        edges = [
            (ids[o], w, kinds[k])
            for o, w, k in zip(
                self.other[take].tolist(), self.weight[take].tolist(), self.kind[take].tolist()
            )
        ]
        out, start = {}, 0
        for n, end in zip(nodes, ends.tolist()):
            out[n] = edges[start:end]
            start = end
        return out

    def edges_among(self, nodes: Iterable[str]) -> dict[tuple[str, str], tuple[float, str]]:
        """Every edge with both ends among ``nodes``, ``(from, to) -> (weight, kind)``, filtered on
        the arrays: of recall's few hundred candidates' edges most lead elsewhere, and only those
        between them become Python objects (reply context).
        """
        where = np.unique(np.array([self.index.get(n, -1) for n in nodes], dtype=np.int64))
        where = where[where >= 0]
        lo, hi = self.indptr[where], self.indptr[where + 1]
        counts = hi - lo
        total = int(counts.sum())
        if total == 0:
            return {}
        ends = np.cumsum(counts)
        take = np.arange(total, dtype=np.int64) + np.repeat(lo - (ends - counts), counts)
        source = np.repeat(where, counts)
        other = self.other[take]
        inside = np.isin(other, where)
        ids, kinds = self.ids, self.kinds
        return {
            (ids[u], ids[v]): (w, kinds[k])
            for u, v, w, k in zip(
                source[inside].tolist(),
                other[inside].tolist(),
                self.weight[take][inside].tolist(),
                self.kind[take][inside].tolist(),
            )
        }

    def spread(
        self,
        seeds: Mapping[str, float],
        *,
        hops: int,
        decay: float,
        fan_out: int,
        unserved: Callable[[Sequence[str]], Collection[str] | None],
        lists_of: Callable[[list[str]], Mapping[str, list[tuple[str, float, str]]]],
    ) -> Mapping[str, tuple[float, tuple[str, str]]] | None:
        """:func:`~autogen_zettel.cards.graph.spread` over these arrays, with the same floats: each
        hop's edges are laid out in the order the loop there visits them (frontier in the order it
        was reached, each list strongest first), and sums are taken in that order (bincount adds
        its weights one after another). Recall's spreading was about 6,000 Python steps a call.

        :param unserved: the given nodes whose links changed since the snapshot (their lists come
            from ``lists_of``); None when this snapshot no longer serves (then None is returned).
            The nodes are a sequence named on first read: leave it unread when nothing changed
        :param lists_of: ``nodes -> {node: [(other, weight, kind), ...]}`` for the unserved nodes
        """
        index, ids, n = self.index, self.ids, len(self.ids)
        extra: dict[str, int] = {}  # nodes the snapshot does not hold (new cards), numbered from n
        extra_ids: list[str] = []

        def place(node: str) -> int:
            i = index.get(node)
            if i is None:
                i = extra.get(node)
                if i is None:
                    i = extra[node] = n + len(extra_ids)
                    extra_ids.append(node)
            return i

        kind_of = {k: i for i, k in enumerate(self.kinds)}
        seed_at = np.array([place(s) for s in seeds], dtype=np.int64)
        frontier = seed_at
        acts = np.fromiter(seeds.values(), dtype=np.float64, count=len(seeds))
        # per node (dense, grown when new cards show up): the loop's total, strongest passing
        # value (0.0 until an edge passes more) and that edge's source and kind
        size = n + len(extra_ids) + 64
        total, strongest = np.zeros(size), np.zeros(size)
        via, via_kind = np.zeros(size, dtype=np.int64), np.zeros(size, dtype=np.int64)
        is_seed, seen = np.zeros(size, dtype=bool), np.zeros(size, dtype=bool)
        is_seed[seed_at] = True
        reached_order = []  # the loop's dict order: by the hop that first reached a node, then by edge
        for hop in range(1, hops + 1):
            if len(frontier) == 0:
                break
            factor = decay ** (hop - 1)
            names = _Named(frontier, ids, extra_ids)
            changed = unserved(names)
            if changed is None:
                return None
            changed = set(changed)
            own = frontier < n
            if changed:
                own &= np.array([nm not in changed for nm in names], dtype=bool)
            # the snapshot's lists, cut to fan_out: positions into the edge arrays, node after node
            at = np.flatnonzero(own)
            lo = self.indptr[frontier[at]]
            counts = np.minimum(self.indptr[frontier[at] + 1] - lo, fan_out)
            ends = np.cumsum(counts)
            take = np.arange(int(ends[-1]) if len(ends) else 0, dtype=np.int64) + np.repeat(
                lo - (ends - counts), counts
            )
            src, other = np.repeat(at, counts), self.other[take].astype(np.int64)
            weight, kind = self.weight[take], self.kind[take].astype(np.int64)
            read = [j for j, nm in enumerate(names) if nm in changed] if changed else []
            if read:  # lists the snapshot cannot give, in frontier order among the others
                lists = lists_of([names[j] for j in read])
                more = [
                    (j, place(v), w, kind_of[k])
                    for j in read
                    for v, w, k in lists.get(names[j], [])[:fan_out]
                ]
                if more:
                    j_, v_, w_, k_ = zip(*more)
                    src = np.concatenate([src, np.array(j_, dtype=np.int64)])
                    other = np.concatenate([other, np.array(v_, dtype=np.int64)])
                    weight = np.concatenate([weight, np.array(w_, dtype=np.float64)])
                    kind = np.concatenate([kind, np.array(k_, dtype=np.int64)])
                    order = np.argsort(src, kind="stable")
                    src, other, weight, kind = src[order], other[order], weight[order], kind[order]
                if n + len(extra_ids) > size:
                    grow = n + len(extra_ids) + 64 - size
                    total, strongest, via, via_kind, is_seed, seen = (
                        np.concatenate([a, np.zeros(grow, dtype=a.dtype)])
                        for a in (total, strongest, via, via_kind, is_seed, seen)
                    )
                    size += grow
            keep = weight > 0.0  # lists are strongest first: the loop's break at the first weight <= 0
            if hop > 1:
                keep &= ~is_seed[other]  # no echo of a seed's own activation
            src, other, weight, kind = src[keep], other[keep], weight[keep], kind[keep]
            if len(other) == 0:
                break
            passed = acts[src] * weight * factor
            edges = len(passed)
            # the nodes this hop reaches, ascending: the nonzero of a mask, not of a count array over
            # every node (an int array's nonzero is several times slower than a bool one's)
            mask = np.zeros(size, dtype=bool)
            mask[other] = True
            reached = np.flatnonzero(mask)
            slot = np.empty(size, dtype=np.int64)
            slot[reached] = np.arange(len(reached))
            inverse = slot[other]
            sums = np.bincount(
                inverse, weights=passed, minlength=len(reached)
            )  # in edge order, as the loop adds
            first = np.full(len(reached), edges)
            np.minimum.at(first, inverse, np.arange(edges))
            # each node's strongest edge this hop, the first among equals; kept if it beats earlier hops'
            best = np.zeros(len(reached))
            np.maximum.at(best, inverse, passed)
            ties = np.flatnonzero(passed == best[inverse])
            first_best = np.full(len(reached), edges)
            np.minimum.at(first_best, inverse[ties], ties)
            stronger = best > strongest[reached]
            up, e = reached[stronger], first_best[stronger]
            strongest[up], via[up], via_kind[up] = best[stronger], frontier[src[e]], kind[e]
            total[reached] += sums
            # this hop's nodes in the order it reached them: ``first`` holds distinct edge positions,
            # so marking them and reading the marks in edge order is ``argsort(first)`` without a sort
            marks = np.zeros(edges, dtype=bool)
            marks[first] = True
            ahead = inverse[np.flatnonzero(marks)]
            new = reached[ahead]
            reached_order.append(new[~seen[new]])
            seen[reached] = True
            if hop < hops:
                keep = ~is_seed[new]
                frontier, acts = new[keep], sums[ahead][keep]
        if not reached_order:
            return {}
        return Activation(
            np.concatenate(reached_order),
            total,
            via,
            via_kind,
            seen,
            ids + extra_ids if extra_ids else ids,
            index,
            extra,
            self.kinds,
        )

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


class _Named(Sequence[str]):
    """A frontier's node ids, named when first read: the lists of a hop come from the snapshot
    unless some of its nodes' links changed, and only then are the names compared."""

    def __init__(self, positions: np.ndarray, ids: Sequence[str], extra_ids: Sequence[str]):
        self._positions, self._ids, self._extra_ids = positions, ids, extra_ids
        self._names: list[str] | None = None

    def _named(self) -> list[str]:
        if self._names is None:
            ids, extra_ids, n = self._ids, self._extra_ids, len(self._ids)
            self._names = [ids[i] if i < n else extra_ids[i - n] for i in self._positions.tolist()]
        return self._names

    def __len__(self) -> int:
        return len(self._positions)

    def __getitem__(self, i):
        return self._named()[i]

    def __iter__(self):
        return iter(self._named())


class Activation(Mapping[str, tuple[float, tuple[str, str]]]):
    """What :meth:`LinkAdjacency.spread` gives: node -> ``(activation, (strongest source, link
    kind))`` in the loop's order, kept as its arrays. Recall reads a few dozen entries and ranks
    the rest (:meth:`top`): building a thousand tuples a call cost as much as spreading.

    :param nodes: the activated nodes' positions, in the loop's order
    :param total: position -> activation (a dense array, as are ``via``, ``via_kind`` and ``seen``)
    :param names: position -> node id (``index`` and ``extra``: node id -> position)
    """

    def __init__(
        self,
        nodes: np.ndarray,
        total: np.ndarray,
        via: np.ndarray,
        via_kind: np.ndarray,
        seen: np.ndarray,
        names: Sequence[str],
        index: Mapping[str, int],
        extra: Mapping[str, int],
        kinds: Sequence[str],
    ):
        self.nodes, self.total, self.via, self.via_kind, self.seen = nodes, total, via, via_kind, seen
        self.names, self.index, self.extra, self.kinds = names, index, extra, kinds
        self._last: tuple[dict[str, float], np.ndarray] | None = None  # see _upper

    def _upper(self, base: Mapping[str, float]) -> np.ndarray:
        """Each activated node's ``base.get(id, 0.0) + activation``, in ``nodes`` order; kept for
        the last ``base``, as recall ranks twice over the same immediate scores."""
        if self._last is not None and self._last[0] == base:
            return self._last[1]
        nodes = self.nodes
        upper = self.total[nodes]
        where = {p: s for i, s in base.items() if (p := self._position(i)) is not None}
        if where:
            rows = np.zeros(len(self.total), dtype=np.int64) - 1
            rows[nodes] = np.arange(len(nodes))
            at = rows[np.fromiter(where, dtype=np.int64, count=len(where))]
            upper[at] = np.fromiter(where.values(), dtype=np.float64, count=len(where)) + upper[at]
        upper.flags.writeable = False  # shared by the calls that pass an equal base
        self._last = (dict(base), upper)
        return upper

    def _position(self, node: str) -> int | None:
        p = self.index.get(node)
        if p is None:
            p = self.extra.get(node)
        return p if p is not None and self.seen[p] else None

    def __getitem__(self, node: str) -> tuple[float, tuple[str, str]]:
        p = self._position(node)
        if p is None:
            raise KeyError(node)
        return float(self.total[p]), (self.names[int(self.via[p])], self.kinds[int(self.via_kind[p])])

    def __contains__(self, node: object) -> bool:
        return isinstance(node, str) and self._position(node) is not None

    def __iter__(self):
        names = self.names
        return (names[v] for v in self.nodes.tolist())

    def __len__(self) -> int:
        return len(self.nodes)

    def top(self, n: int, base: Mapping[str, float], head: Sequence[tuple[str, float]]) -> list[str]:
        """The ``n`` best ids by ``(-upper, id)``, best first, where ``upper`` is ``base.get(id, 0.0)
        + activation`` for an activated id and ``head``'s score for the others in ``head``: the
        same as building that dict and sorting it, but only ids at or above the n-th best value
        become Python objects."""
        nodes = self.nodes
        upper = self._upper(base)
        others = [(i, s) for i, s in head if self._position(i) is None]
        values = np.concatenate(
            [upper, np.fromiter((s for _, s in others), dtype=np.float64, count=len(others))]
        )
        if n <= 0:
            return []
        if len(values) > n:
            cut = np.partition(values, len(values) - n)[len(values) - n]
            keep = np.flatnonzero(upper >= cut)
        else:
            cut, keep = -np.inf, np.arange(len(nodes))
        names = self.names
        found = {names[v]: u for v, u in zip(nodes[keep].tolist(), upper[keep].tolist())}
        found.update((i, s) for i, s in others if s >= cut and i not in found)
        return sorted(found, key=lambda i: (-found[i], i))[:n]
