"""Recall A/B for issue #12 with the library's own int8 quantization (``vectors.quantization``):
the tenant's shard is rewritten twice under --work by :meth:`EdgeIndex.compact`, from the same
points in the same order, once as a shard created before quantization (``plain``: float32, one
appendable segment, never optimized) and once as a new default shard (``int8``: quantized, optimized
by compact). Recall then runs on each through the unchanged ``EdgeIndex.search`` (timed around
it), query vectors precomputed, alternating query by query, hits compared. A rebuilt shard is
compared with a rebuilt one: a rebuild alone reorders exact ties at the cut, and so does the
optimize (44 of 1,200 questions' hits differed, none of them from the int8 search: on the int8
shard itself, rescored and exact searches gave the same hits on 600 questions).

    nice -n 10 python scripts/quantized_recall_ab.py --dir /tmp/h5recall10k --work /tmp/qab --queries 600
"""

from __future__ import annotations

import argparse
import shutil
import sys
import time
from collections import defaultdict
from pathlib import Path

import numpy as np

from autogen_zettel.base.threads import bounded_threads
from autogen_zettel.memory.hub import MemoryHub
from autogen_zettel.research.bench.locomo import load_locomo
from autogen_zettel.store.edge import EdgeIndex

sys.path.insert(0, str(Path(__file__).parent))
from profile_recall import TENANT, Precomputed, encoded_texts  # noqa: E402


def rebuilt(source: Path, target: Path, *, quantization: str) -> None:
    """``target``: a copy of the data folder whose shard :meth:`EdgeIndex.compact` rewrote."""
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(source, target)
    index = EdgeIndex(target / "edge", quantization=quantization)
    t0 = time.perf_counter()
    index.compact(TENANT)
    print(f"{quantization}: {index.count(TENANT):,} points rewritten in {time.perf_counter() - t0:.2f} s, "
          f"quantized: {index.quantized(TENANT)}")
    index.close()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", type=Path, required=True, help="a folder filled by profile_recall.py (copied, not written)")
    ap.add_argument("--work", type=Path, required=True)
    ap.add_argument("--queries", type=int, default=600)
    ap.add_argument("--warm", type=int, default=50, help="untimed recalls per way first (pages of a new shard come in)")
    args = ap.parse_args()
    folders = {"plain": args.work / "plain", "int8": args.work / "int8"}
    for name, folder in folders.items():
        rebuilt(args.dir, folder, quantization="int8" if name == "int8" else "none")
    questions = [q.text for c in load_locomo(Path("/work/shared/data/locomo/dev.json")) for q in c.questions]
    questions = [questions[i % len(questions)] for i in range(args.queries)]
    hubs, mems, search_ms = {}, {}, defaultdict(list)
    for name, folder in folders.items():
        hub = MemoryHub.open(folder)
        mem = hub.tenant(TENANT)
        hub.embedder = Precomputed(hub.embedder, sorted({t for q in set(questions) for t in encoded_texts(mem, q)}))
        index = mem.store.vectors

        def search(tenant, dense, sparse, limit, inner=index.search, name=name):
            t0 = time.perf_counter()
            out = inner(tenant, dense, sparse, limit)
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
    print(f"{args.queries} recalls each; hits differ on {len(differ)}: {differ[:3]}")
    for name in names:
        s, t = search_ms[name], total[name]
        print(f"  {name:5s} search p50 {np.median(s):.2f} / p95 {np.percentile(s, 95):.2f}; recall p50 {np.median(t):.2f} / "
              f"p95 {np.percentile(t, 95):.2f} ms")
    for hub in hubs.values():
        hub.close()


if __name__ == "__main__":
    main()
