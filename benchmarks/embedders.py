"""MiniLM on torch vs ONNX Runtime, measured in one run on LoCoMo turns (issue #12).

Every figure compares runtimes measured alternately in the same process, so the load of a
shared machine falls on both alike: single-text encodes (a recall query) as p50/p95, batches of
32-256 turns (ingest) as texts/s at 1 and 2 threads, ONNX Runtime's graph optimization levels
and length-sorted batches, the cosine between the two runtimes' vectors, and the peak RSS of a
fresh process that loads each runtime and encodes. ``onnx-int8`` (``embedding.quantize`` ``int8``
on ONNX Runtime, opt-in) runs beside them; its vectors are compared with float32 ONNX Runtime's.
"""

from __future__ import annotations

import json
import logging
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from autogen_zettel.base.threads import bounded_threads
from autogen_zettel.embed.embedders import FlagEmbedder, bundled_minilm
from autogen_zettel.embed.onnx_runtime import OnnxEncoder

__all__ = ["EmbedBench", "run_embed_bench", "process_rss"]

log = logging.getLogger(__name__)

Progress = Callable[[str, int, int], None]

# VmHWM, not ru_maxrss: Linux keeps ru_maxrss across execve, so a child started by a big
# process would report its parent's peak
_RSS_CHILD = """
import json, resource, sys
from autogen_zettel.embed.embedders import FlagEmbedder
e = FlagEmbedder(runtime=sys.argv[1], quantize="none")
e.encode(json.loads(sys.stdin.read()))
try:
    hwm = [l for l in open("/proc/self/status") if l.startswith("VmHWM:")][0]
    mb = int(hwm.split()[1]) / 1024
except (OSError, IndexError):
    mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({"backend": e.backend, "rss_mb": mb, "torch_imported": "torch" in sys.modules}))
"""


@dataclass
class EmbedBench:
    """The figures of one run (times in ms, throughput in texts/s, RSS in MB)."""

    load_s: dict[str, float] = field(default_factory=dict)
    cosine_min: float = 0.0
    cosine_mean: float = 0.0
    compared: int = 0
    top10_identical: float = 0.0  # share of sampled queries whose top-10 neighbour lists are identical
    int8_cosine_min: float = 0.0  # onnx-int8 against onnx (float32)
    int8_cosine_mean: float = 0.0
    int8_top10_shared: float = 0.0  # mean share of the sampled turns' top-10 neighbours int8 keeps
    query_ms: dict[str, dict[str, float]] = field(default_factory=dict)  # runtime -> p50/p95
    batch_tps: dict[str, dict[str, float]] = field(
        default_factory=dict
    )  # "runtime/threads" -> size -> texts/s
    rss_mb: dict[str, float] = field(default_factory=dict)
    torch_imported: dict[str, bool] = field(default_factory=dict)

    def as_dict(self) -> dict:
        return dict(self.__dict__)


def process_rss(runtime: str, texts: Sequence[str]) -> dict:
    """Peak RSS (MB) of a fresh process that loads the ``runtime`` embedder and encodes ``texts``."""
    out = subprocess.run(
        [sys.executable, "-c", _RSS_CHILD, runtime],
        input=json.dumps(list(texts)),
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def _timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def run_embed_bench(
    texts: Sequence[str],
    *,
    queries: int = 100,
    batch_sizes: Sequence[int] = (32, 128, 256),
    thread_counts: Sequence[int] = (1, 2),
    repeats: int = 2,
    check: int = 1000,
    rss_rounds: int = 2,
    progress: Progress | None = None,
) -> EmbedBench:
    """Measure torch against ONNX Runtime on ``texts`` (LoCoMo turns), alternating runtimes.

    :param queries: single-text encodes per runtime (threads bounded to 1, as recall does)
    :param check: texts whose vectors are compared between the runtimes
    """
    report = progress or (lambda stage, done, total: None)
    res = EmbedBench()
    emb = {
        "torch": FlagEmbedder(runtime="torch", quantize="none"),
        "onnx": FlagEmbedder(runtime="onnx", quantize="none"),
        "onnx-int8": FlagEmbedder(runtime="onnx", quantize="int8"),
    }
    for name, e in emb.items():
        res.load_s[name] = _timed(lambda e=e: e.encode(["warm up"]))
    if emb["onnx"].backend != "onnx":
        raise RuntimeError("ONNX Runtime did not load; see the warning logged above")

    sample = list(texts[:check])
    a, b = emb["torch"].encode(sample), emb["onnx"].encode(sample)
    cos = (a * b).sum(1)
    res.cosine_min, res.cosine_mean, res.compared = float(cos.min()), float(cos.mean()), len(sample)
    picks = np.linspace(0, len(sample) - 1, min(100, len(sample))).astype(int)
    top = lambda v: np.argsort(-(v[picks] @ v.T), axis=1, kind="stable")[:, :10]  # noqa: E731
    res.top10_identical = float((top(a) == top(b)).all(1).mean())
    c = emb["onnx-int8"].encode(sample)
    cos = (b * c).sum(1)
    res.int8_cosine_min, res.int8_cosine_mean = float(cos.min()), float(cos.mean())
    res.int8_top10_shared = float(np.mean([len(set(x) & set(y)) / 10 for x, y in zip(top(b), top(c))]))
    report("vectors compared", 1, 1)

    times: dict[str, list[float]] = defaultdict(list)
    for i in range(queries):
        q = [texts[(i * 37) % len(texts)]]
        for name, e in emb.items() if i % 2 == 0 else reversed(emb.items()):
            times[name].append(_timed(lambda e=e: e.encode(q, query=True)) * 1000)
        report("single-text encodes", i + 1, queries)
    res.query_ms = {
        n: {"p50": float(np.percentile(t, 50)), "p95": float(np.percentile(t, 95))} for n, t in times.items()
    }

    folder, onnx_impl = bundled_minilm(), emb["onnx"]._loaded()
    variants = {
        "onnx-basic": OnnxEncoder(folder, onnx_impl.model_file, optimization="basic"),
        "onnx-unsorted": OnnxEncoder(folder, onnx_impl.model_file, sort_by_length=False),
    }

    def runner(name: str, threads: int) -> Callable[[list[str]], object]:
        if name in emb:
            e = emb[name]
            e.batch_threads = threads  # the embedder's own bounding, as threads.batch sets it
            return e.encode
        enc = variants[name]

        def run(batch: list[str]) -> object:
            with bounded_threads(threads):
                return enc.encode(batch, threads=threads)

        return run

    names = [*emb, *variants]
    for threads in thread_counts:  # ONNX Runtime makes a session per thread count: not in the timings
        for name in names:
            runner(name, threads)(list(texts[:8]))
    spent: dict[tuple[str, int, int], list[float]] = defaultdict(list)
    steps, done, offset = len(thread_counts) * repeats * len(batch_sizes), 0, 0
    for rep in range(repeats):
        for threads in thread_counts:
            for size in batch_sizes:
                batch = [texts[(offset + j) % len(texts)] for j in range(size)]
                offset += size
                order = names if (rep + done) % 2 == 0 else names[::-1]
                for name in order:
                    spent[(name, threads, size)].append(
                        _timed(lambda name=name: runner(name, threads)(batch))
                    )
                done += 1
                report("batches", done, steps)
    for (name, threads, size), secs in spent.items():
        res.batch_tps.setdefault(f"{name}/{threads}t", {})[str(size)] = size * len(secs) / sum(secs)
    for e in emb.values():
        e.batch_threads = e.threads

    rss: dict[str, list[float]] = defaultdict(list)
    for r in range(rss_rounds):
        for name in ("torch", "onnx") if r % 2 == 0 else ("onnx", "torch"):
            got = process_rss(name, list(texts[:64]))
            rss[name].append(got["rss_mb"])
            res.torch_imported[name] = got["torch_imported"]
        report("RSS of a fresh process", r + 1, rss_rounds)
    res.rss_mb = {n: float(np.median(v)) for n, v in rss.items()}
    return res
