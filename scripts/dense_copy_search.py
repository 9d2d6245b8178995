"""Should recall's one search come from the in-memory dense copy? (issue #12; answer on this
machine: no, see the edge engine's docstring). Two measurements on a filled tenant (make one
with ``profile_recall.py --fill-only``, or copy one: the hub opened on it takes its lock;
shards are built under --work):

1. ``--sizes``: shards of the first N of the tenant's points (the tenant's own points repeated,
   slightly moved, past its size), searched dense + lexical top 100 three ways: the engine's
   brute force; the copy choosing candidates (:meth:`DenseCopy.candidates`) that the engine
   rescores in the same batch as the lexical search; the copy's own top 100 scores beside the
   engine's lexical search. In three regimes: ``warm`` (each way repeated over blocks of 25
   queries), ``alt`` (the ways alternate query by query) and ``cold`` (100 MB read before each
   query, as a model's encode does between two recalls).
2. ``--recall``: recall itself on the tenant, the three ways alternating query by query (query
   vectors precomputed, the flat baseline's product between recalls), with hits compared.

    nice -n 10 python scripts/dense_copy_search.py --dir /tmp/prof10k --work /tmp/dcs --sizes 2000,10000,40000
    nice -n 10 python scripts/dense_copy_search.py --dir /tmp/prof10k --work /tmp/dcs --recall 300
"""

from __future__ import annotations

import argparse
import shutil
import sys
import time
import uuid
from collections import defaultdict
from pathlib import Path

import numpy as np
import qdrant_edge as qe

from autogen_zettel.base.threads import bounded_threads
from autogen_zettel.memory import recall as recall_mod
from autogen_zettel.memory.hub import MemoryHub
from autogen_zettel.research.bench.locomo import load_locomo
from autogen_zettel.store.densecopy import DenseCopy
from autogen_zettel.store.edge import EdgeIndex
from autogen_zettel.store.vectors import DENSE, LEXICAL, SearchResult

sys.path.insert(0, str(Path(__file__).parent))
from profile_recall import TENANT, Precomputed, encoded_texts  # noqa: E402

LIMIT = 100


def lexical(sparse) -> qe.QueryRequest:
    """The lexical request of ``sparse``: a stored point's SparseVector or recall's (indices, values)."""
    if not isinstance(sparse, qe.SparseVector):
        sparse = qe.SparseVector(list(sparse[0]), list(sparse[1]))
    return qe.QueryRequest(limit=LIMIT, query=qe.Query.Nearest(sparse, using=LEXICAL))


def ways(shard, copy: DenseCopy) -> dict:
    """The three ways of one search, each ``(dense query, sparse query) -> (dense scores, lexical points)``."""
    def engine(q, s):
        r = shard.query_batch(qe.QueryBatchRequest([
            qe.QueryRequest(limit=LIMIT, query=qe.Query.Nearest(q.tolist(), using=DENSE)), lexical(s)]))
        return r[0], r[1]

    def rescored(q, s):
        with bounded_threads(1):
            chosen = copy.candidates(q[None], LIMIT)[0]
        r = shard.query_batch(qe.QueryBatchRequest([
            qe.QueryRequest(limit=LIMIT, query=qe.Query.Nearest(q.tolist(), using=DENSE),
                            filter=qe.Filter(must=[qe.HasIdCondition(set(chosen))])), lexical(s)]))
        return r[0], r[1]

    def copy_scores(q, s):
        with bounded_threads(1):
            scores = copy._matrix[: len(copy)] @ (q / np.linalg.norm(q))
            top = np.argpartition(scores, len(scores) - LIMIT)[-LIMIT:]
        dense = dict(zip([copy.ids[j] for j in top.tolist()], scores[top].tolist()))
        return dense, shard.query_batch(qe.QueryBatchRequest([lexical(s)]))[0]

    return {"engine": engine, "copy+rescore": rescored, "copy scores": copy_scores}


def sizes(folder: Path, work: Path, wanted: list[int], queries: int) -> None:
    hub = MemoryHub.open(folder)
    try:
        records = hub.vectors._scroll(TENANT, with_vector=True)
    finally:
        hub.close()
    rng = np.random.default_rng(0)
    junk = np.ones(100_000_000 // 8)
    for n in wanted:
        root = work / f"shard{n}"
        shutil.rmtree(root, ignore_errors=True)
        index = EdgeIndex(root, copy_budget=0)
        index.create("t", len(records[0].vector[DENSE]))
        shard = index._shard("t")
        points, dense = [], []
        for j in range(n):
            r = records[j % len(records)]
            v = np.asarray(r.vector[DENSE], np.float32)
            if j >= len(records):
                v = v + 0.05 * rng.standard_normal(len(v)).astype(np.float32)
            dense.append(v)
            points.append(qe.Point(str(uuid.UUID(int=j + 1)), {DENSE: v.tolist(), LEXICAL: r.vector[LEXICAL]}))
        for start in range(0, n, 512):
            shard.update(qe.UpdateOperation.upsert_points(points[start : start + 512]))
        shard.flush()
        copy = DenseCopy([str(p.id) for p in points], np.array(dense))
        picks = rng.integers(n, size=queries)
        qs = [dense[i] / np.linalg.norm(dense[i]) + rng.standard_normal(len(dense[i])).astype(np.float32) / 40
              for i in picks]
        ss = [records[i % len(records)].vector[LEXICAL] for i in rng.integers(n, size=queries)]
        fns = ways(shard, copy)
        for regime in ("warm", "alt", "cold"):
            times = defaultdict(list)
            block = 25 if regime == "warm" else 1
            for start in range(0, queries, block):
                for name, fn in fns.items():
                    for i in range(start, min(queries, start + block)):
                        if regime == "cold":
                            junk.sum()
                        t0 = time.perf_counter()
                        fn(qs[i], ss[i])
                        times[name].append(1000 * (time.perf_counter() - t0))
            print(f"{n:>7,} points {regime:4s} " + "  ".join(
                f"{name} {np.median(xs):.3f}/{np.percentile(xs, 95):.3f}" for name, xs in times.items())
                + "  (ms p50/p95)", flush=True)
        index.close()
        shutil.rmtree(root, ignore_errors=True)


def in_recall(folder: Path, queries: int) -> None:
    hub = MemoryHub.open(folder)
    mem = hub.tenant(TENANT)
    questions = [q.text for c in load_locomo(Path("/work/shared/data/locomo/dev.json")) for q in c.questions]
    questions = [questions[i % len(questions)] for i in range(queries)]
    pre = Precomputed(hub.embedder, sorted({t for q in set(questions) for t in encoded_texts(mem, q)}))
    hub.embedder = pre
    index = mem.store.vectors
    records = index._scroll(TENANT, with_vector=[DENSE])
    copy = DenseCopy([str(r.id) for r in records], np.array([r.vector[DENSE] for r in records], np.float32))
    fns = ways(index._shard(TENANT), copy)

    def as_result(dense, points) -> SearchResult:
        dense = index._scores(dense) if not isinstance(dense, dict) else dense
        return SearchResult(dense, index._scores(points))

    current = ["engine"]
    search_ms = defaultdict(list)

    def search(tenant, dense, sparse, limit):
        assert limit == LIMIT and sparse[0], "recall.candidates is 100 and every question has words"
        t0 = time.perf_counter()
        with index.lock:
            out = as_result(*fns[current[0]](np.asarray(dense, np.float32), sparse))
        search_ms[current[0]].append(1000 * (time.perf_counter() - t0))
        return out

    index.search = search
    mem.recall("warm up", k=10, touch=False)
    mem.neighbours.wait_loaded(120)
    flat = np.random.default_rng(0).standard_normal((mem.db.count(), hub.embedder.dim)).astype(np.float32)
    names, total, differ = list(fns), defaultdict(list), defaultdict(int)
    for n, q in enumerate(questions):
        hits = {}
        for j in range(len(names)):
            current[0] = name = names[(n + j) % len(names)]
            t0 = time.perf_counter()
            hits[name] = [h.card.id for h in mem.recall(q, k=10, touch=False)]
            total[name].append(1000 * (time.perf_counter() - t0))
            with bounded_threads(1):
                flat @ pre.dense[recall_mod.clean_text(q)]  # what the flat baseline reads between recalls
        for name in names[1:]:
            differ[name] += hits[name] != hits["engine"]
    print(f"{mem.db.count():,} cards, {queries} queries ({pre.misses} embedder calls missed the table)")
    for name in names:
        s, t = search_ms[name], total[name]
        print(f"  {name:13s} search p50 {np.median(s):.2f} / p95 {np.percentile(s, 95):.2f}; recall p50 "
              f"{np.median(t):.2f} / p95 {np.percentile(t, 95):.2f} ms"
              + (f"; hits differ from the engine's on {differ[name]} queries" if name in differ else ""))
    hub.close()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", type=Path, required=True, help="a folder filled by profile_recall.py")
    ap.add_argument("--work", type=Path, required=True, help="scratch folder for the --sizes shards")
    ap.add_argument("--sizes", default=None, help="comma-separated shard sizes, e.g. 2000,10000,40000")
    ap.add_argument("--queries", type=int, default=150)
    ap.add_argument("--recall", type=int, default=0, help="this many recalls per way on the tenant itself")
    args = ap.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)
    if args.sizes:
        sizes(args.dir, args.work, [int(s) for s in args.sizes.split(",")], args.queries)
    if args.recall:
        in_recall(args.dir, args.recall)


if __name__ == "__main__":
    main()
