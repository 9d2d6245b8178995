"""What keeps one tenant's shard maintenance from stalling the others.

- :class:`ShardLocks`: one lock per tenant's shard. :class:`~autogen_zettel.store.qdrant_edge.EdgeIndex`
  runs each call on a shard under that shard's lock, and keeps its index-wide lock for its
  tables (open shards, dense copies) only, so a long call on one shard (an optimize, a dense
  copy's load) never holds a lock another tenant's search needs.
- :func:`optimize_in_subprocess`: qdrant-edge holds the GIL through an optimize, so even under its
  own lock an optimize of a large shard stopped every other thread of the process for as long as
  it ran. A large shard is closed and optimized by a short-lived child process instead (the
  engine's own ``EdgeShard.optimize`` on the same folder, :mod:`~autogen_zettel.store.shard_load`'s
  script); its tenant waits, the others search on.

The folder lock (one process per data folder) is :mod:`~autogen_zettel.store.folder_lock`'s; the
child above opens one shard that the parent closed, under the parent's folder lock.
"""

from __future__ import annotations

import logging
import subprocess
import sys
import threading
from contextlib import contextmanager
from pathlib import Path

import qdrant_edge as qe

from autogen_zettel.store import shard_load
from autogen_zettel.store.index import DENSE, LEXICAL

__all__ = ["ShardLocks", "optimize_in_subprocess", "shard_config"]

log = logging.getLogger(__name__)

# the child's script: run as a file, so the child imports qdrant_edge and not this package
_OPTIMIZE = Path(shard_load.__file__)


class ShardLocks:
    """One re-entrant lock per tenant, made on first use."""

    def __init__(self) -> None:
        self._locks: dict[str, threading.RLock] = {}
        self._made = threading.Lock()

    def of(self, tenant: str) -> threading.RLock:
        lock = self._locks.get(tenant)
        if lock is None:
            with self._made:
                lock = self._locks.setdefault(tenant, threading.RLock())
        return lock

    @contextmanager
    def held(self, tenant: str):
        with self.of(tenant):
            yield

    def try_hold(self, tenant: str) -> threading.RLock | None:
        """The tenant's lock, acquired, if no other thread holds it (else None): the caller releases it."""
        lock = self.of(tenant)
        return lock if lock.acquire(blocking=False) else None


def optimize_in_subprocess(folder: str | Path) -> bool:
    """Optimize the closed shard in ``folder`` in a child process; False (logged) when the child
    could not run it, and the caller optimizes in this process instead."""
    try:
        done = subprocess.run(
            [sys.executable, str(_OPTIMIZE), str(folder)],
            capture_output=True,
            text=True,
            timeout=3600,
            check=False,
        )
    except (OSError, subprocess.SubprocessError) as exc:
        log.warning("optimizing %s in a child process failed (%s); optimizing here", folder, exc)
        return False
    if done.returncode != 0:
        log.warning(
            "optimizing %s in a child process failed (exit %s: %s); optimizing here",
            folder,
            done.returncode,
            done.stderr.strip()[-500:],
        )
        return False
    return True


def shard_config(dim: int | None, *, quantized: bool, threads: int) -> qe.EdgeConfig:
    """The config of a shard created by :class:`~autogen_zettel.store.qdrant_edge.EdgeIndex` (see its docstring)."""
    cold = qe.Memory.Cold
    vectors = (
        {
            DENSE: qe.EdgeVectorParams(
                size=dim,
                distance=qe.Distance.Cosine,
                memory=cold,
                quantization_config=qe.ScalarQuantizationConfig(
                    qe.ScalarType.Int8, quantile=0.99, always_ram=True
                )
                if quantized
                else None,
                # m=0: optimize quantizes without building a graph (HNSW took minutes at 100k points)
                hnsw_config=qe.HnswIndexConfig(m=0, ef_construct=100, full_scan_threshold=10)
                if quantized
                else None,
            )
        }
        if dim
        else None
    )
    return qe.EdgeConfig(
        vectors=vectors,
        sparse_vectors={LEXICAL: qe.EdgeSparseVectorParams(modifier=qe.Modifier.Idf, memory=cold)}
        if dim
        else None,
        payload_memory=cold,
        id_tracker_memory=cold,
        max_search_threads=threads if threads > 0 else None,
        # 1 KB: every optimize quantizes the appendable segment, whatever its size; and it
        # vacuums any segment with a deleted point (the engine's defaults wait for 20% deleted
        # and 1,000 vectors), so deleted points leave the IDF at each optimize
        optimizers=qe.EdgeOptimizersConfig(
            indexing_threshold=1, deleted_threshold=1e-6, vacuum_min_vector_number=1
        )
        if quantized
        else None,
    )
