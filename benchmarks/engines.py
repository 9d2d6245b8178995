"""The embedded engines side by side, through the one :class:`~autogen_zettel.store.index.VectorStore`
interface the memory uses: qdrant-edge shards and qdrant-client local mode (on disk), at
several sizes, for upsert, search (dense + lexical, as recall asks), delete, reopen and disk.

Points are random unit vectors (384 dimensions, MiniLM's) with sparse vectors of a few terms
from a Zipf-like vocabulary, so the figures are the engines' own, without the embedder.
"""

from __future__ import annotations

import shutil
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from autogen_zettel.base.config import EMBEDDED
from benchmarks.scale import folder_bytes

__all__ = ["EngineRow", "run_engines", "ENGINE_NAMES"]

ENGINE_NAMES = EMBEDDED


@dataclass(frozen=True)
class EngineRow:
    engine: str
    points: int
    upsert_points_per_s: float  # batches of 256
    search_ms_p50: float  # dense + lexical top-100, one request each (recall's search)
    search_ms_p95: float
    delete_ms: float  # delete 100 points
    reopen_s: float  # open the folder again and answer the first search
    disk_mb: float

    def to_dict(self) -> dict:
        return asdict(self)


def _open(engine: str, folder: Path, threads: int):
    from autogen_zettel.store.backends import open_index

    return open_index(data_dir=folder, engine=engine, threads=threads)


def _data(n: int, dim: int, rng: np.random.Generator):
    vecs = rng.standard_normal((n, dim)).astype(np.float32)
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
    terms = rng.zipf(1.3, size=(n, 6)) % 50_000
    sparse = [(sorted(set(int(t) for t in row)), [1.0] * len(set(row))) for row in terms]
    ids = [str(uuid.UUID(int=int(rng.integers(1 << 62)) << 64 | i)) for i in range(n)]
    return ids, vecs, sparse


def run_engines(
    folder: str | Path,
    *,
    sizes: Sequence[int] = (1_000, 10_000, 100_000),
    engines: Sequence[str] = ENGINE_NAMES,
    n_queries: int = 100,
    dim: int = 384,
    threads: int = 1,
    say: Callable[[str], None] = lambda line: None,
) -> list[EngineRow]:
    """Fill each engine to each size in a fresh folder under ``folder`` and time it."""
    rows = []
    rng = np.random.default_rng(7)
    for n in sizes:
        ids, vecs, sparse = _data(n, dim, rng)
        queries = [
            (vecs[i] + 0.1 * rng.standard_normal(dim).astype(np.float32), sparse[(i * 7) % n])
            for i in rng.integers(0, n, n_queries)
        ]
        for engine in engines:
            where = Path(folder) / f"{engine}-{n}"
            shutil.rmtree(where, ignore_errors=True)
            index = _open(engine, where, threads)
            index.create("t", dim)
            t0 = time.perf_counter()
            for start in range(0, n, 256):
                index.upsert(
                    "t", ids[start : start + 256], vecs[start : start + 256], sparse[start : start + 256]
                )
            upsert = n / (time.perf_counter() - t0)
            index.search("t", *queries[0], 100)
            lat = []
            for q in queries:
                t0 = time.perf_counter()
                index.search("t", q[0], q[1], 100)
                lat.append(1000 * (time.perf_counter() - t0))
            t0 = time.perf_counter()
            index.delete("t", ids[:100])
            delete = 1000 * (time.perf_counter() - t0)
            index.close()
            t0 = time.perf_counter()
            index = _open(engine, where, threads)
            index.search("t", *queries[1], 100)
            reopen = time.perf_counter() - t0
            index.close()
            row = EngineRow(
                engine,
                n,
                upsert,
                float(np.percentile(lat, 50)),
                float(np.percentile(lat, 95)),
                delete,
                reopen,
                folder_bytes(where) / 2**20,
            )
            say(
                f"{engine} at {n:,} points: upsert {upsert:,.0f} points/s, search p50 {row.search_ms_p50:.1f} / p95 "
                f"{row.search_ms_p95:.1f} ms, delete 100 {delete:.0f} ms, reopen {reopen:.2f} s, disk {row.disk_mb:.0f} MB"
            )
            rows.append(row)
            shutil.rmtree(where, ignore_errors=True)
    return rows
