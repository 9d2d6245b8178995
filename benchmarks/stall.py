"""Stall benchmark: one agent's searches while another agent's large shard optimizes.

Two tenants of one embedded index (qdrant-edge): ``big`` with ``points`` random unit vectors
(quantized, as new shards are) and ``small`` with ``small_points``. The small tenant's search
(dense + lexical, recall's request) is timed ``queries`` times while nothing else runs, then
while a second thread optimizes the big shard back to back, in the same run. Both ways of
optimizing are measured: in a child process (the default for shards of ``optimize_apart``
points or more) and in this process (the engine holds the GIL while it optimizes).
"""

from __future__ import annotations

import tempfile
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from autogen_zettel.store.qdrant_edge import EdgeIndex

__all__ = ["StallResult", "run_stall"]


@dataclass(frozen=True)
class StallResult:
    points: int
    queries: int
    quiet_p50_ms: float
    quiet_p99_ms: float
    apart_p50_ms: float  # while the big shard optimizes in a child process
    apart_p99_ms: float
    apart_optimizes: int
    here_p50_ms: float  # while it optimizes in this process
    here_p99_ms: float
    here_optimizes: int
    quiet_max_ms: float
    apart_max_ms: float
    here_max_ms: float

    def to_dict(self) -> dict:
        return {
            **asdict(self),
            "apart_p99_ratio": self.apart_p99_ms / self.quiet_p99_ms,
            "here_p99_ratio": self.here_p99_ms / self.quiet_p99_ms,
        }


def _fill(index: EdgeIndex, tenant: str, n: int, dim: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    index.create(tenant, dim)
    sample = None
    for start in range(0, n, 5000):
        m = min(5000, n - start)
        v = rng.standard_normal((m, dim)).astype(np.float32)
        v /= np.linalg.norm(v, axis=1, keepdims=True)
        ids = [str(uuid.UUID(int=start + i + 1)) for i in range(m)]
        terms = [sorted({int(t) for t in rng.integers(0, 5000, 6)}) for _ in range(m)]
        sparse = [(t, [1.0] * len(t)) for t in terms]
        index.upsert(tenant, ids, v, sparse)
        sample = v if sample is None else sample
    return sample


def _timed(index: EdgeIndex, queries: np.ndarray) -> list[float]:
    out = []
    for q in queries:
        t0 = time.perf_counter()
        index.search("small", q, ([1, 2, 3], [1.0, 1.0, 1.0]), 100)
        out.append(1000 * (time.perf_counter() - t0))
    return out


def _during(index: EdgeIndex, queries: np.ndarray) -> tuple[list[float], int]:
    """The searches while a second thread optimizes the big shard back to back, from the first
    optimize's start to the last search (every search is one "while it optimizes")."""
    started, done = threading.Event(), threading.Event()
    count = [0]

    def optimize() -> None:
        while not done.is_set():
            started.set()
            index.optimize("big")
            count[0] += 1

    worker = threading.Thread(target=optimize, name="stall-optimize")
    worker.start()
    try:
        started.wait()
        lat = _timed(index, queries)
    finally:
        done.set()
        worker.join()
    return lat, count[0]


def run_stall(
    *,
    points: int = 100_000,
    small_points: int = 10_000,
    queries: int = 2000,
    dim: int = 384,
    here_queries: int = 30,
    folder: Path | None = None,
    say: Callable[[str], None] = lambda line: None,
) -> StallResult:
    """:param here_queries: searches timed while the shard optimizes in this process: each waits
    for a whole optimize (the GIL), so a few show it"""
    root = Path(folder or tempfile.mkdtemp(prefix="stall-"))
    index = EdgeIndex(root / "edge", optimize_floor=10**9)
    say(f"filling {points:,} + {small_points:,} points")
    _fill(index, "big", points, dim, 1)
    sample = _fill(index, "small", small_points, dim, 2)
    index.optimize("big")
    index.optimize("small")
    qs = np.resize(sample, (queries, dim))
    _timed(index, qs[:50])  # warm
    quiet = _timed(index, qs)
    say(f"quiet: p99 {np.percentile(quiet, 99):.2f} ms")
    apart, n_apart = _during(index, qs)
    say(f"optimizing in a child process ({n_apart} optimizes): p99 {np.percentile(apart, 99):.2f} ms")
    index.optimize_apart = 10**12  # in this process from now on
    here, n_here = _during(index, qs[:here_queries])
    say(f"optimizing in this process ({n_here} optimizes): p99 {np.percentile(here, 99):.2f} ms")
    index.close()
    pct = lambda xs, q: float(np.percentile(xs, q))
    return StallResult(
        points=points,
        queries=queries,
        quiet_p50_ms=pct(quiet, 50),
        quiet_p99_ms=pct(quiet, 99),
        apart_p50_ms=pct(apart, 50),
        apart_p99_ms=pct(apart, 99),
        apart_optimizes=n_apart,
        here_p50_ms=pct(here, 50),
        here_p99_ms=pct(here, 99),
        here_optimizes=n_here,
        quiet_max_ms=max(quiet),
        apart_max_ms=max(apart),
        here_max_ms=max(here),
    )
