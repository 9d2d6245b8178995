"""The card graph as NetworkX, built from link rows, and spreading activation over it.

A directed graph: every link becomes an edge in both directions, each with the activation it
passes that way (``weight``: link weight, times the gain it learned from use if any, times
:data:`~autogen_zettel.cards.link.KIND_WEIGHT`;
against a directed link's direction only the :data:`~autogen_zettel.cards.link.BACKWARD_WEIGHT`
share). A pair linked for several reasons keeps the strongest reason per direction, named in
``kind``; ``strength`` keeps the raw link weight. It is loaded from SQLite, never pickled.

Recall does not load it: :class:`LinkNeighbours` reads the same adjacency from the link rows
of only the nodes a hop reaches, so :func:`spread` over it gives what it gives over the
whole graph (at 100k cards the whole graph took 12.8 s and most of 2.6 GB to load).

>>> from autogen_zettel.base.cards import Link, LinkKind
>>> G = build_graph([Link("b", "a", LinkKind.REPLY_TO, 1.0), Link("b", "c", LinkKind.SAME_SESSION, 1.0)])
>>> act = spread(G, {"a": 1.0}, hops=2, decay=0.5)
>>> sorted(act)
['b', 'c']
>>> act["b"]
(0.6, ('a', 'REPLY_TO'))
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Protocol

import networkx as nx

from autogen_zettel.base.cards import Card, CardKind, Link, LinkKind
from autogen_zettel.cards.adjacency import LinkAdjacency
from autogen_zettel.cards.link import BACKWARD_WEIGHT, KIND_WEIGHT, ThreadIndex, thread_links

__all__ = [
    "build_graph",
    "add_links",
    "add_threads",
    "spread",
    "persona_graph",
    "Neighbours",
    "LinkNeighbours",
]

log = logging.getLogger(__name__)

# node -> its out-edges (other node, weight, kind), in the order the graph would hold them
Adjacency = dict[str, list[tuple[str, float, str]]]


def _add_edge(G: nx.DiGraph, u: str, v: str, weight: float, link: Link) -> None:
    current = G.get_edge_data(u, v)
    if current is None:
        G.add_edge(u, v, weight=weight, kind=link.kind.value, strength=link.weight)
    else:
        if weight > current["weight"]:
            current.update(weight=weight, kind=link.kind.value)
        current["strength"] = max(current["strength"], link.weight)


def add_links(
    G: nx.DiGraph, links: Iterable[Link], *, weights: Mapping[LinkKind, float] = KIND_WEIGHT
) -> None:
    """Add links to ``G`` in place, keeping the strongest reason per direction.

    :param weights: the activation each link kind passes (an ablation passes others); a link
        that learned a gain from use (``Link.learned``) passes that much more or less
    """
    for link in links:
        if link.src == link.dst:
            continue
        # the gain it learned from use times its weight, as the store's reads compute it
        learned = link.weight if link.learned is None else link.weight * link.learned
        w = learned * weights[link.kind]
        # a directed link (src replies to / supersedes dst) passes activation forward in
        # time, from dst to src, in full; backwards only a share
        back = BACKWARD_WEIGHT.get(link.kind, 1.0)
        _add_edge(G, link.dst, link.src, w, link)
        _add_edge(G, link.src, link.dst, w * back, link)


class Neighbours(Protocol):
    """What :func:`spread` needs of a graph: the out-edges of some nodes."""

    def neighbours_of(self, nodes: Collection[str]) -> Adjacency:
        """``node -> [(other, weight, kind), ...]`` for each of ``nodes`` that has edges, each
        list strongest first, equal weights in the order :func:`build_graph` would insert those
        edges (a stable sort of its adjacency by weight); edges of weight 0 may be left out."""


class LinkNeighbours:
    """The adjacency of :func:`build_graph`, read from link rows for the asked nodes only.

    Only links of kinds that pass activation (weight above 0) are read: :func:`spread` stops at
    the first edge of weight 0, and those sort last. Each list keeps the order the whole graph
    would hold (by the first link written between the two ends, of any kind), so equal weights
    fall the same way under the fan-out cut.

    A node's list, once read, is kept (up to ``max_cached`` nodes) until ``changes`` names it:
    hubs and the frontier of frequent queries are read from SQLite once, not every recall.

    :param rows: ``(node ids, kinds)`` -> ``(first, src, dst, kind, weight)`` of every link of
        those kinds with an end among those nodes, in the order they were written; ``first``
        orders the pair as :func:`build_graph` would meet it (e.g.
        :meth:`LinkTable.rows_touching <autogen_zettel.store.link_tables.LinkTable.rows_touching>`)
    :param changes: returns the nodes whose links changed since its last call, or None if any
        node's may have (e.g. :meth:`LinkTable.take_changes
        <autogen_zettel.store.link_tables.LinkTable.take_changes>`); None here: nothing is kept
    :param table: ``kinds -> (node ids, link rows)`` of every link of those kinds, or None to
        leave them in SQLite (e.g. :meth:`LinkTable.table <autogen_zettel.store.link_tables.LinkTable.table>`):
        with ``changes``, the first call of :meth:`neighbours_of` loads a
        :class:`~autogen_zettel.cards.adjacency.LinkAdjacency` from it in a background thread and,
        once it is ready, serves from it every node whose links did not change since (the others,
        and all of them until then, from ``rows``): a first read from memory instead of SQLite

    >>> from autogen_zettel.base.cards import Link, LinkKind
    >>> links = [Link("b", "a", LinkKind.REPLY_TO, 1.0), Link("b", "c", LinkKind.SAME_SESSION, 1.0)]
    >>> def rows(ids, kinds):
    ...     return [(n, l.src, l.dst, l.kind.value, l.weight) for n, l in enumerate(links)
    ...             if {l.src, l.dst} & set(ids) and l.kind.value in kinds]
    >>> spread(LinkNeighbours(rows), {"a": 1.0}, hops=2, decay=0.5) == spread(build_graph(links), {"a": 1.0}, hops=2, decay=0.5)
    True
    """

    def __init__(
        self,
        rows: Callable[[Collection[str], Collection[str]], Iterable[tuple[int, str, str, str, float]]],
        *,
        weights: Mapping[LinkKind, float] = KIND_WEIGHT,
        changes: Callable[[], set[str] | None] | None = None,
        max_cached: int = 200_000,
        table: Callable[[Sequence[str]], tuple[Sequence[str], object] | None] | None = None,
    ):
        self.rows = rows
        self.changes = changes
        self.max_cached = max_cached
        self.table = table if changes is not None else None  # without changes a snapshot cannot be trusted
        self._cache: Adjacency = {}
        self._weights = weights
        # kind -> (its weight, the share it passes against a directed link), for kinds that pass any
        self._passes = {k.value: (w, BACKWARD_WEIGHT.get(k, 1.0)) for k, w in weights.items() if w > 0}
        self._kinds = sorted(self._passes)
        # the loaded adjacency and the nodes whose links changed since its snapshot began (served
        # from ``rows``); _generation counts loads, so one begun before "any node changed" is dropped
        self._lock = threading.Lock()
        self._epoch = 0  # counts refreshes that found changes: a list read before one is not kept
        self.adjacency: LinkAdjacency | None = None
        self._stale: set[str] | None = None
        self._generation = 0
        self._loader: threading.Thread | None = None
        self._gave_up = False

    # -- the in-memory adjacency -------------------------------------------------------
    def _start_loading(self) -> None:
        with self._lock:
            if self.adjacency is not None or self._gave_up or (self._loader and self._loader.is_alive()):
                return
            self._generation += 1
            # changes are tracked from before the snapshot begins (in the thread): a change
            # the snapshot already holds is served from SQLite too, never one it misses
            self._stale = set()
            self._loader = threading.Thread(
                target=self._load, args=(self._generation,), daemon=True, name="zettel-link-adjacency"
            )
            self._loader.start()

    def _load(self, generation: int) -> None:
        table = adjacency = None
        failed = False
        try:
            table = self.table(self._kinds)
            adjacency = None if table is None else LinkAdjacency.build(*table, self._kinds, self._weights)
        except Exception as exc:  # recall goes on reading SQLite
            failed = True
            # a wipe or close interrupts the scan on purpose: nothing to warn about then
            level = logging.DEBUG if "interrupted" in str(exc) else logging.WARNING
            log.log(level, "loading the link adjacency failed; recall reads links from SQLite", exc_info=True)
        with self._lock:
            if generation != self._generation:
                return  # every node's links may have changed meanwhile: the next recall loads again
            if adjacency is None:
                if table is None and not failed:
                    log.info("more links than the adjacency's size guard: recall reads them from SQLite")
                self._gave_up, self._stale = True, None
                return
            self.adjacency = adjacency
        log.debug(
            "link adjacency loaded: %d nodes, %d edges, %d bytes",
            adjacency.nodes,
            adjacency.edges,
            adjacency.nbytes,
        )

    def wait_loaded(self, timeout: float | None = None) -> bool:
        """Start loading the adjacency if it is not, and wait for it; True once it serves."""
        if self.table is None:
            return False
        self.refresh()
        self._start_loading()
        loader = self._loader
        if loader is not None:
            loader.join(timeout)
        return self.adjacency is not None

    def _drop(self) -> None:
        # under self._lock: any node's links may have changed
        self._generation += 1
        self.adjacency, self._stale = None, None

    def refresh(self) -> bool:
        """Forget the lists of nodes whose links changed; False when changes are not tracked
        (then nothing is kept). Draining the changes and forgetting their lists is one step under
        the lock, so a recall in another thread cannot put an old list back in between."""
        if self.changes is None:
            return False
        with self._lock:
            changed = self.changes()
            if changed is None or changed:
                self._epoch += 1
            if changed is None or len(self._cache) > self.max_cached:
                self._cache.clear()
            else:
                for node in changed:
                    self._cache.pop(node, None)
            if changed is None:
                self._drop()
            elif changed and self._stale is not None:
                self._stale.update(changed)
                # past a quarter of the nodes, a fresh snapshot serves more from memory
                if self.adjacency is not None and len(self._stale) > 1_000 + self.adjacency.nodes // 4:
                    self._drop()
        return True

    def neighbours_of(self, nodes: Collection[str]) -> Adjacency:
        if not self.refresh():
            return self._read(set(nodes))
        if self.table is not None and self.adjacency is None:
            self._start_loading()
        cache = self._cache
        with self._lock:
            found = {n: cache[n] for n in nodes if n in cache}
            missing = {n for n in nodes if n not in found}
            epoch = self._epoch
            if missing and self.adjacency is not None:
                served = self.adjacency.edges_of_many([n for n in missing if n not in self._stale])
                cache.update(served)
                found.update(served)
                missing.difference_update(served)
        if missing:
            read = self._read(missing)
            lists = {n: read.get(n, []) for n in missing}  # [] marks a node without such links
            found.update(lists)
            with self._lock:
                if self._epoch == epoch:  # no link changed while it was read: keep it
                    cache.update(lists)
        return {n: found[n] for n in nodes if found.get(n)}

    def spread(
        self, seeds: Mapping[str, float], *, hops: int, decay: float, fan_out: int
    ) -> Mapping[str, tuple[float, tuple[str, str]]] | None:
        """:func:`spread` on the loaded adjacency's arrays (:meth:`LinkAdjacency.spread
        <autogen_zettel.cards.adjacency.LinkAdjacency.spread>`), the lists of nodes whose links
        changed since from :meth:`neighbours_of`; None until an adjacency serves, or if it is
        dropped meanwhile (the caller then spreads over :meth:`neighbours_of`)."""
        if not self.refresh() or self.adjacency is None:
            return None
        adjacency = self.adjacency

        def unserved(nodes: Sequence[str]) -> list[str] | None:
            self.refresh()
            with self._lock:
                if self.adjacency is not adjacency:
                    return None
                stale = self._stale
                return [n for n in nodes if n in stale] if stale else []

        return adjacency.spread(
            seeds, hops=hops, decay=decay, fan_out=fan_out, unserved=unserved, lists_of=self.neighbours_of
        )

    def edges_among(self, nodes: Collection[str]) -> dict[tuple[str, str], tuple[float, str]]:
        """Every edge with both ends among ``nodes``, ``(from, to) -> (weight, kind)``: from the
        loaded adjacency's arrays when none of ``nodes`` changed since it was taken
        (:meth:`LinkAdjacency.edges_among <autogen_zettel.cards.adjacency.LinkAdjacency.edges_among>`),
        else from :meth:`neighbours_of`."""
        nodes = set(nodes)
        if self.refresh() and self.adjacency is not None:
            with self._lock:
                adjacency, stale = self.adjacency, self._stale
                served = adjacency is not None and not (stale and not stale.isdisjoint(nodes))
            if served:
                return adjacency.edges_among(nodes)
        return {
            (node, other): (weight, kind)
            for node, edges in self.neighbours_of(nodes).items()
            for other, weight, kind in edges
            if other in nodes
        }

    def _read(self, wanted: set[str]) -> Adjacency:
        # as add_links/_add_edge would build it, one row at a time (recall's hot loop):
        # node -> {other: [weight, kind, first]}, the strongest reason per direction. The two
        # directions are spelt out, not looped over: this runs for every link row a hop reads.
        adj: dict[str, dict[str, list]] = {}
        passes = self._passes
        for first, src, dst, kind, weight in self.rows(wanted, self._kinds):
            if src == dst:
                continue
            kind_weight, back = passes[kind]
            w = weight * kind_weight  # the same float operations as add_links
            if dst in wanted:
                edges = adj.get(dst)
                if edges is None:
                    adj[dst] = {src: [w, kind, first]}
                else:
                    current = edges.get(src)
                    if current is None:
                        edges[src] = [w, kind, first]
                    elif w > current[0]:
                        current[0], current[1] = w, kind
            if src in wanted:
                wb = w * back
                edges = adj.get(src)
                if edges is None:
                    adj[src] = {dst: [wb, kind, first]}
                else:
                    current = edges.get(dst)
                    if current is None:
                        edges[dst] = [wb, kind, first]
                    elif wb > current[0]:
                        current[0], current[1] = wb, kind
        # strongest first, equal weights in the whole graph's order (a pair's first link; two
        # pairs never share it, so the sort never compares further)
        out: Adjacency = {}
        for u, edges in adj.items():
            if len(edges) == 1:
                ((v, (w, kind, _)),) = edges.items()
                out[u] = [(v, w, kind)]
            else:
                out[u] = [
                    (v, -nw, kind)
                    for nw, _, v, kind in sorted([(-e[0], e[2], v, e[1]) for v, e in edges.items()])
                ]
        return out


def _graph_neighbours(G: nx.DiGraph, nodes: Collection[str]) -> Adjacency:
    # sorted() is stable: equal weights keep the graph's insertion order
    return {
        n: sorted(((v, d["weight"], d["kind"]) for v, d in G.adj[n].items()), key=lambda e: -e[1])
        for n in nodes
        if n in G
    }


def add_threads(
    G: nx.DiGraph, cards: Iterable[Card], *, weights: Mapping[LinkKind, float] = KIND_WEIGHT
) -> None:
    """Add the SAME_THREAD links of ``cards`` (oldest first) to ``G`` in place
    (:func:`~autogen_zettel.cards.link.thread_links`). They are derived from the cards, not
    stored: the graph keeps its :class:`~autogen_zettel.cards.link.ThreadIndex` in
    ``G.graph["threads"]``, so cards written later extend the same threads. Summaries take no part.
    """
    index = G.graph.setdefault("threads", ThreadIndex())
    if weights.get(LinkKind.SAME_THREAD, 0.0) <= 0:
        return
    links = [link for c in cards if c.kind is not CardKind.SUMMARY for link in thread_links(c, index)]
    add_links(G, links, weights=weights)


def build_graph(
    links: Iterable[Link],
    *,
    weights: Mapping[LinkKind, float] = KIND_WEIGHT,
    cards: Iterable[Card] | None = None,
) -> nx.DiGraph:
    """A new directed graph of the given links (``weights``: see :func:`add_links`), plus the
    SAME_THREAD links of ``cards`` (any order; see :func:`add_threads`)."""
    G = nx.DiGraph()
    add_links(G, links, weights=weights)
    if cards is not None and weights.get(LinkKind.SAME_THREAD, 0.0) > 0:  # else the cards are never read
        add_threads(G, sorted(cards, key=lambda c: (c.created_at, c.id)), weights=weights)
    return G


def spread(
    G: nx.DiGraph | Neighbours,
    seeds: Mapping[str, float],
    *,
    hops: int = 2,
    decay: float = 0.5,
    fan_out: int = 12,
) -> Mapping[str, tuple[float, tuple[str, str]]]:
    """Spreading activation from ``seeds`` (node -> activation) along weighted edges.

    Each hop passes ``activation * edge weight * decay ** (hop - 1)`` to a node's ``fan_out``
    strongest neighbours; a node's activation is the sum of what reaches it. Seeds receive
    activation from each other too (convergent evidence), except from themselves.
    Returns node -> ``(activation, (strongest source, link kind))``.

    ``G`` is a graph from :func:`build_graph` or a :class:`Neighbours` (e.g.
    :class:`LinkNeighbours`): only the frontier's edges are read, once per hop, so it costs
    the few nodes it reaches: far cheaper than a full PageRank on large graphs.
    """
    if isinstance(G, nx.Graph):

        def neighbours_of(nodes: Collection[str]) -> Adjacency:
            return _graph_neighbours(G, nodes)
    else:
        on_arrays = getattr(G, "spread", None)  # e.g. LinkNeighbours, once its adjacency is loaded
        if on_arrays is not None:
            found = on_arrays(seeds, hops=hops, decay=decay, fan_out=fan_out)
            if found is not None:
                return found
        neighbours_of = G.neighbours_of
    # the loop below runs for every edge a hop follows (at 10k cards about 6,000 a recall):
    # plain dicts and locals, the strongest passing value and its source kept apart
    total: dict[str, float] = {}
    strongest: dict[str, float] = {}  # node -> the largest activation one edge passed it
    via: dict[str, tuple[str, str]] = {}  # node -> (its source, link kind) for that edge
    frontier = dict(seeds)
    for hop in range(1, hops + 1):
        if not frontier:
            break
        factor = decay ** (hop - 1)
        adjacency = neighbours_of(list(frontier))
        if hop == 1:
            frontier = {n: a for n, a in frontier.items() if n in adjacency}
        no_echo = seeds if hop > 1 else ()  # no echo of a seed's own activation back to the seeds
        nxt: dict[str, float] = {}
        for node, act in frontier.items():
            edges = adjacency.get(node)
            if not edges:
                continue
            for other, weight, kind in edges[:fan_out]:  # strongest first
                if weight <= 0.0:
                    break
                if other in no_echo:
                    continue
                passed = act * weight * factor
                nxt[other] = nxt.get(other, 0.0) + passed
                if passed > strongest.get(other, 0.0):
                    strongest[other] = passed
                    via[other] = (node, kind)
        for node, act in nxt.items():
            total[node] = total.get(node, 0.0) + act
        if hop < hops:
            frontier = {n: a for n, a in nxt.items() if n not in seeds}
    return {n: (a, via[n]) for n, a in total.items()}


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
        G.add_edge(
            card,
            node,
            kind="REINFORCES" if net >= 0 else "WEAKENS",
            weight=abs(net),
            support=support,
            against=against,
        )
    return G
