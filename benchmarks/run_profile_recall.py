"""Where recall's time goes beyond the query encode (issue #12): fill one tenant once to a
reusable folder, then time recall with the query vectors computed beforehand, stage by stage,
next to a flat dense baseline (one matrix product) in the same run, query by query.

    nice -n 10 python -m benchmarks.run_profile_recall --dir /tmp/prof10k --cards 10000 --fill-only
    python -m benchmarks.run_profile_recall --dir /tmp/prof10k --queries 300 [--cold] [--profile out.prof]

Stages (ms per recall): ``search`` (dense + lexical in the index), ``cards`` (card rows read,
or taken from those kept since the last write), ``links`` (link rows read from SQLite), ``spread`` (spreading activation, link
reads excluded; on the adjacency's arrays once it is loaded, so ``neighbours`` is then only the
cards whose links changed since), ``unlock`` (scoring, card reads excluded), ``rest`` (everything else: fusion,
de-duplication, conflicts), ``neighbours`` (building frontier cards' lists: from link rows
read from SQLite, or from the in-memory adjacency; SQLite's own time is ``links``). ``--cold``
empties the neighbour cache before every query (a card's first link reads); otherwise the run
is warm after the first pass. ``--adjacency both`` (the default) alternates query by query
between reading links from SQLite and serving them from the loaded adjacency, and reports its
load time and memory.
"""

from __future__ import annotations

import argparse
import cProfile
import logging
import pstats
import time
from collections import defaultdict
from pathlib import Path

import numpy as np

from autogen_zettel.memory import recall as recall_mod
from autogen_zettel.memory.hub import MemoryHub
from autogen_zettel.memory.tenant import tenant_parts
from benchmarks.fill import RepeatCache, fill_tenant
from benchmarks.locomo import every_turn, load_locomo

TENANT = "scale"


def fill(folder: Path, data: Path, cards: int) -> None:
    hub = MemoryHub.open(folder)
    try:
        mem = hub.tenant(TENANT)
        if tenant_parts(mem).db.count() >= cards:
            print(f"{folder}: {tenant_parts(mem).db.count():,} cards already")
            return
        turns = every_turn(load_locomo(data))
        emb = hub.embedder
        hub.embedder = RepeatCache(emb)
        t0 = time.perf_counter()
        try:
            fill_tenant(mem, turns, cards, 365, batch=1024, progress=lambda n: None)
        finally:
            hub.embedder = emb
        mem.flush()
        print(
            f"{folder}: {tenant_parts(mem).db.count():,} cards, {tenant_parts(mem).db.links.count():,} links in {time.perf_counter() - t0:.0f} s"
        )
    finally:
        hub.close()


def encoded_texts(mem, query: str) -> list[str]:
    """The texts recall embeds for ``query``: the query, and when it names a participant the
    query without the name (dense) and the name alone (sparse), as
    :func:`~autogen_zettel.recall.progressive.progressive_recall` does."""
    from autogen_zettel.recall.focus import without_labels, without_names

    query = recall_mod.clean_text(query)
    named = recall_mod.names_in(without_labels(query), tenant_parts(mem).db.speakers())
    return [query] + ([without_names(query, named), " ".join(sorted(named))] if named else [])


class Precomputed:
    """The hub's embedder, but queries seen before come from a table (the encode is not timed).

    The table must hold every text recall embeds (:func:`encoded_texts`): a query naming a
    participant is embedded without the name, and a miss is a real model call (about 5 ms),
    which the stages below would count as ``rest``."""

    def __init__(self, embedder, queries):
        self.embedder, self.name, self.dim = embedder, embedder.name, embedder.dim
        self.dense = dict(zip(queries, embedder.encode(list(queries), query=True)))
        self.sparse_ = {q: embedder.sparse([q], query=True)[0] for q in queries}
        self.misses = 0

    def encode(self, texts, *, query=False):
        if query and all(t in self.dense for t in texts):
            return np.stack([self.dense[t] for t in texts])
        self.misses += 1
        return self.embedder.encode(texts, query=query)

    def sparse(self, texts, *, query=False):
        if query and all(t in self.sparse_ for t in texts):
            return [self.sparse_[t] for t in texts]
        self.misses += 1
        return self.embedder.sparse(texts, query=query)


class Stages:
    """Wall time per stage, nested stages subtracted from their caller."""

    def __init__(self):
        self.total: dict[str, float] = defaultdict(float)
        self.stack: list[list] = []

    def wrap(self, name, fn):
        def timed(*a, **kw):
            frame = [name, 0.0]
            self.stack.append(frame)
            t0 = time.perf_counter()
            try:
                return fn(*a, **kw)
            finally:
                dt = time.perf_counter() - t0
                self.stack.pop()
                self.total[name] += dt - frame[1]
                if self.stack:
                    self.stack[-1][1] += dt

        return timed

    def take(self) -> dict[str, float]:
        out, self.total = dict(self.total), defaultdict(float)
        return out


def rss_mb() -> float:
    with open("/proc/self/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS")) / 1024


def load_adjacency(nb):
    """Load the adjacency as recall's background thread does, timed, then once more under
    tracemalloc for what it keeps and its peak while building."""
    import tracemalloc

    from autogen_zettel.cards.adjacency import LinkAdjacency

    rss0, t0 = rss_mb(), time.perf_counter()
    assert nb.wait_loaded(600), "the adjacency did not load"
    took, rss1 = time.perf_counter() - t0, rss_mb()
    adj = nb.adjacency
    t1 = time.perf_counter()
    ids, rows = nb.table(nb._kinds)
    scan = time.perf_counter() - t1
    links = len(rows)
    del ids, rows
    tracemalloc.start()
    again = LinkAdjacency.build(*nb.table(nb._kinds), nb._kinds, nb._weights)
    kept, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del again
    print(
        f"adjacency: {adj.nodes:,} nodes, {adj.edges:,} directed edges from {links:,} link rows; "
        f"loaded in {took:.2f} s (scan alone {scan:.2f} s); arrays {adj.nbytes / 1e6:.1f} MB, "
        f"with ids and index {kept / 1e6:.1f} MB ({kept / links:.1f} bytes a link row, arrays "
        f"{adj.nbytes / links:.1f}); build peak {peak / 1e6:.1f} MB; RSS {rss0:.0f} -> {rss1:.0f} MB"
    )
    return adj


def pct(xs, q):
    return float(np.percentile(xs, q)) if xs else float("nan")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", type=Path, required=True)
    ap.add_argument("--data", type=Path, default=Path("/work/shared/data/locomo/dev.json"))
    ap.add_argument("--cards", type=int, default=10_000)
    ap.add_argument("--fill-only", action="store_true")
    ap.add_argument("--queries", type=int, default=300)
    ap.add_argument("--k", type=int, default=10)
    ap.add_argument("--cold", action="store_true", help="empty the neighbour cache before every query")
    ap.add_argument(
        "--mmap",
        type=int,
        default=None,
        help="alternate SQLite's memory map between the library's and this many bytes, query by query",
    )
    ap.add_argument(
        "--adjacency",
        choices=["off", "on", "both"],
        default="both",
        help="serve frontier links from SQLite, the in-memory adjacency, or alternate query by query",
    )
    ap.add_argument(
        "--profile", type=Path, default=None, help="write cProfile stats here (and print the top)"
    )
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)
    fill(args.dir, args.data, args.cards)
    if args.fill_only:
        return
    questions = [q.text for c in load_locomo(args.data) for q in c.questions]
    questions = [questions[i % len(questions)] for i in range(args.queries)]
    hub = MemoryHub.open(args.dir)
    mem = hub.tenant(TENANT)
    emb = hub.embedder
    pre = Precomputed(emb, sorted({t for q in set(questions) for t in encoded_texts(mem, q)}))
    hub.embedder = pre
    # the flat baseline's matrix: as many rows as cards (a product costs the same whatever the values)
    vectors = (
        np.random.default_rng(0).standard_normal((tenant_parts(mem).db.count(), emb.dim)).astype(np.float32)
    )
    from autogen_zettel.base.threads import bounded_threads

    stages = Stages()
    store = tenant_parts(mem).store
    vec = store.vectors
    vec.search = stages.wrap("search", vec.search)
    db = store.db
    db.kept.get_many = stages.wrap("cards", db.kept.get_many)  # recall reads cards through the kept ones
    db.links.rows_touching = stages.wrap("links", db.links.rows_touching)
    nb = tenant_parts(mem).neighbours  # built with the wrapped link_rows_touching
    adjacency = load_adjacency(nb) if args.adjacency != "off" else None
    nb.table = None  # the script switches the adjacency itself
    nb.adjacency = adjacency
    nb.neighbours_of = stages.wrap("neighbours", nb.neighbours_of)
    modes = {"off": [False], "on": [True], "both": [False, True]}[args.adjacency]
    by_mode: dict = defaultdict(list)
    per_mode: dict = defaultdict(lambda: defaultdict(list))
    recall_mod.spread = stages.wrap("spread", recall_mod.spread)
    recall_mod.unlock = stages.wrap("unlock", recall_mod.unlock)
    recall_mod.collapse_duplicates = stages.wrap("dedup", recall_mod.collapse_duplicates)
    recall_mod.attach_conflicts = stages.wrap("conflicts", recall_mod.attach_conflicts)
    mem.recall("warm up", k=args.k, touch=False)
    stages.take()
    pre.misses = 0  # the warm-up query is not in the table
    limit = hub.config.threads.limit
    prof = cProfile.Profile() if args.profile else None
    ours, flat, per = [], [], defaultdict(list)
    from autogen_zettel.store import db as db_mod

    maps = [db_mod._MMAP_BYTES, args.mmap] if args.mmap is not None else [None]
    by_map: dict = defaultdict(list)
    for n, q in enumerate(questions):
        size = maps[n % len(maps)]
        if size is not None:
            db.db.execute(f"PRAGMA mmap_size = {size}")
        use = modes[n % len(modes)]
        nb.adjacency = adjacency if use else None
        if args.cold:
            nb._cache.clear()
        if prof:
            prof.enable()
        t0 = time.perf_counter()
        mem.recall(q, k=args.k, touch=False)
        ours.append(1000 * (time.perf_counter() - t0))
        by_map[size].append(ours[-1])
        if prof:
            prof.disable()
        split = stages.take()
        split["rest"] = ours[-1] / 1000 - sum(split.values())
        for name, s in split.items():
            per[name].append(1000 * s)
            per_mode[use][name].append(1000 * s)
        by_mode[use].append(ours[-1])
        t0 = time.perf_counter()
        v = pre.encode([recall_mod.clean_text(q)], query=True)[0]
        with bounded_threads(limit):
            scores = vectors @ v
        top = np.argpartition(-scores, args.k)[: args.k]
        top[np.argsort(-scores[top])]
        flat.append(1000 * (time.perf_counter() - t0))
    print(
        f"{tenant_parts(mem).db.count():,} cards, {tenant_parts(mem).db.links.count():,} links, {len(questions)} queries"
        f"{' (cold links)' if args.cold else ''}; query vectors precomputed ({pre.misses} embedder calls missed the table)"
    )
    print(
        f"  recall (no encode) p50 {pct(ours, 50):.2f} / p95 {pct(ours, 95):.2f} ms; "
        f"flat product p50 {pct(flat, 50):.2f} / p95 {pct(flat, 95):.2f} ms"
    )
    if args.mmap is not None:
        for size, xs in by_map.items():
            print(
                f"  mmap_size {size:>13,}: recall p50 {pct(xs, 50):.2f} / p95 {pct(xs, 95):.2f} ms ({len(xs)} queries)"
            )
    for use in modes:
        xs = by_mode[use]
        print(
            f"  links from {'the adjacency' if use else 'SQLite'}: recall p50 {pct(xs, 50):.2f} / "
            f"p95 {pct(xs, 95):.2f} ms ({len(xs)} queries)"
        )
        for name in [
            "search",
            "cards",
            "links",
            "neighbours",
            "spread",
            "unlock",
            "dedup",
            "conflicts",
            "rest",
        ]:
            xs = per_mode[use].get(name, [])
            print(
                f"    {name:10s} mean {np.mean(xs) if xs else 0:6.2f}  p50 {pct(xs, 50):6.2f}  "
                f"p95 {pct(xs, 95):6.2f} ms"
            )
    if prof:
        prof.dump_stats(args.profile)
        pstats.Stats(str(args.profile)).sort_stats("cumulative").print_stats(35)
    hub.close()


if __name__ == "__main__":
    main()
