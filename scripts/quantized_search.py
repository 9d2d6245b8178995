"""Experiment for issue #12, not wired into the library: would int8 scalar quantization in the
edge engine (the shard's own, with rescoring) make recall's dense search cheaper, with the same
hits? The dense copy could not (``scripts/dense_copy_search.py``): one query streams every
float32 vector from memory whoever reads them; int8 vectors are a quarter of the bytes.

The tenant's shard is rebuilt twice under --work, from the same points in the same order and
both optimized without HNSW (``m=0``), so the two differ only in quantization: ``plain`` and
``int8`` (``ScalarQuantizationConfig(Int8, quantile=0.99, always_ram=True)``), the latter
searched with ``rescore=True`` and ``--oversampling``. Recall then runs on each (query vectors
precomputed), alternating query by query, hits compared. A shard rebuilt from the same points
is compared with a rebuilt one, not with the original: a rebuild alone reorders exact ties at
the cut (the filled tenant repeats turns), and with them some hits.

    nice -n 10 python scripts/quantized_search.py --dir /tmp/prof10k --work /tmp/quant --queries 600
"""

from __future__ import annotations

import argparse
import shutil
import sys
import time
from collections import defaultdict
from pathlib import Path

import numpy as np
import qdrant_edge as qe

from autogen_zettel.base.threads import bounded_threads
from autogen_zettel.memory.hub import MemoryHub
from autogen_zettel.research.bench.locomo import load_locomo
from autogen_zettel.store.vectors import DENSE, LEXICAL, SearchResult

sys.path.insert(0, str(Path(__file__).parent))
from profile_recall import TENANT, Precomputed, encoded_texts  # noqa: E402


def rebuilt(source: Path, target: Path, *, quantized: bool) -> None:
    """``target``: a copy of the data folder whose shard is rebuilt from its points and optimized."""
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(source, target)
    folder = target / "edge" / f"zettel_{TENANT}"
    old = qe.EdgeShard.load(str(folder))
    records, offset = [], None
    while True:
        batch, offset = old.scroll(qe.ScrollRequest(offset=offset, limit=1000, with_payload=False, with_vector=True))
        records += batch
        if offset is None:
            break
    old.close()
    shutil.rmtree(folder)
    cold = qe.Memory.Cold
    quantization = qe.ScalarQuantizationConfig(qe.ScalarType.Int8, quantile=0.99, always_ram=True) if quantized else None
    config = qe.EdgeConfig(
        vectors={DENSE: qe.EdgeVectorParams(size=len(records[0].vector[DENSE]), distance=qe.Distance.Cosine,
                                            memory=cold, quantization_config=quantization,
                                            hnsw_config=qe.HnswIndexConfig(m=0, ef_construct=100, full_scan_threshold=10))},
        sparse_vectors={LEXICAL: qe.EdgeSparseVectorParams(modifier=qe.Modifier.Idf, memory=cold)},
        payload_memory=cold, id_tracker_memory=cold, max_search_threads=1)
    shard = qe.EdgeShard.create(str(folder), config)
    for start in range(0, len(records), 512):
        shard.update(qe.UpdateOperation.upsert_points([qe.Point(str(r.id), r.vector) for r in records[start : start + 512]]))
    t0 = time.perf_counter()
    shard.optimize()
    print(f"{'int8' if quantized else 'plain'}: {len(records):,} points optimized in {time.perf_counter() - t0:.2f} s")
    shard.flush()
    shard.close()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", type=Path, required=True, help="a folder filled by profile_recall.py (copied, not written)")
    ap.add_argument("--work", type=Path, required=True)
    ap.add_argument("--queries", type=int, default=600)
    ap.add_argument("--oversampling", type=float, default=2.0)
    ap.add_argument("--warm", type=int, default=50, help="untimed recalls per way first (pages of a new shard come in)")
    args = ap.parse_args()
    folders = {"plain": args.work / "plain", "int8": args.work / "int8"}
    for name, folder in folders.items():
        rebuilt(args.dir, folder, quantized=name == "int8")
    params = qe.SearchParams(quantization=qe.QuantizationSearchParams(rescore=True, oversampling=args.oversampling))
    questions = [q.text for c in load_locomo(Path("/work/shared/data/locomo/dev.json")) for q in c.questions]
    questions = [questions[i % len(questions)] for i in range(args.queries)]
    hubs, mems, search_ms = {}, {}, defaultdict(list)
    for name, folder in folders.items():
        hub = MemoryHub.open(folder)
        mem = hub.tenant(TENANT)
        hub.embedder = Precomputed(hub.embedder, sorted({t for q in set(questions) for t in encoded_texts(mem, q)}))
        index = mem.store.vectors

        def search(tenant, dense, sparse, limit, index=index, name=name):
            t0 = time.perf_counter()
            requests = [qe.QueryRequest(limit=limit, query=qe.Query.Nearest(np.asarray(dense).tolist(), using=DENSE),
                                        params=params if name == "int8" else None)]
            if sparse[0]:
                requests.append(qe.QueryRequest(limit=limit, query=qe.Query.Nearest(
                    qe.SparseVector(list(sparse[0]), list(sparse[1])), using=LEXICAL)))
            with index.lock:
                r = index._shard(tenant).query_batch(qe.QueryBatchRequest(requests))
            out = SearchResult(index._scores(r[0]), index._scores(r[1]) if len(r) > 1 else {})
            search_ms[name].append(1000 * (time.perf_counter() - t0))
            return out

        index.search = search
        for q in questions[: args.warm]:
            mem.recall(q, k=10, touch=False)
        mem.neighbours.wait_loaded(120)
        hubs[name], mems[name] = hub, mem
    search_ms.clear()
    flat = np.random.default_rng(0).standard_normal((mems["plain"].db.count(), 384)).astype(np.float32)
    names, total, differ = list(folders), defaultdict(list), []
    for n, q in enumerate(questions):
        hits = {}
        for j in range(len(names)):
            name = names[(n + j) % len(names)]
            t0 = time.perf_counter()
            hits[name] = [h.card.id for h in mems[name].recall(q, k=10, touch=False)]
            total[name].append(1000 * (time.perf_counter() - t0))
            with bounded_threads(1):
                flat @ flat[n % len(flat)]  # what the flat baseline reads between recalls
        if hits["plain"] != hits["int8"]:
            differ.append(q)
    print(f"{args.queries} recalls each, oversampling {args.oversampling}; hits differ on {len(differ)}: {differ[:3]}")
    for name in names:
        s, t = search_ms[name], total[name]
        print(f"  {name:5s} search p50 {np.median(s):.2f} / p95 {np.percentile(s, 95):.2f}; recall p50 {np.median(t):.2f} / "
              f"p95 {np.percentile(t, 95):.2f} ms")
    for hub in hubs.values():
        hub.close()


if __name__ == "__main__":
    main()
