"""The embedded engine: one qdrant-edge shard per tenant, in ``<data folder>/edge/<collection>/``.

qdrant-edge (``qdrant-edge-py``) is the Qdrant team's in-process engine: Rust segments, a
write-ahead log, no server and no pickle (its files are Qdrant's own segment formats and JSON).
It scores the same way as a Qdrant server (cosine dense vectors; sparse vectors with the IDF
modifier computed over the shard), so this index needs no in-process lexical index of its own.

Choices (their measurements are in docs/benchmarks.md, "Scale"):

- Every component is placed ``Memory.Cold`` (memory-mapped, paged in on use): a shard opened
  with the default placement reads its pre-sized 32 MB files into memory, 32 MB per tenant,
  which a hub of 1,000 tenants cannot afford; cold shards open with about 0.2 MB each.
- Points stay in plain segments, searched by brute force in Rust (far faster than qdrant-client
  local mode). Building HNSW (:meth:`EdgeShard.optimize`) takes minutes on a large shard, too
  long for the write path; :meth:`EdgeIndex.optimize` builds it on request (on shards created without
  quantization; on quantized ones it quantizes, below).
- At most ``max_open`` shards are open at once (least recently used ones are closed): each
  open shard holds a search thread and file handles, so 1,000 tenants would hold 1,000
  threads and exhaust a default limit of 1,024 open files.
- Searches are :mod:`~autogen_zettel.store.qdrant_edge_search`'s requests: batched neighbour searches of a
  large shard take their candidates from an in-memory copy of its dense vectors (one byte budget
  across tenants), and recall's scans int8 vectors, rescoring its candidates.
- The dense vectors of shards created here are also kept as int8 (``quantization="int8"``,
  config ``vectors.quantization``; scalar, 0.99 quantile, in RAM: 384 bytes a point at 384
  dimensions). :meth:`EdgeIndex.upsert` optimizes a quantized shard once enough points sit
  outside its quantized segments (:mod:`~autogen_zettel.store.qdrant_edge_optimize`). Such shards are
  created with HNSW ``m=0`` (optimize builds no graph, so rebuilding the whole shard each time
  stays quick) and an indexing threshold of 1 KB (the engine's default of 10 MB would leave up to
  6.5k points of 384 dimensions unquantized). Shards created before keep their config: the engine
  loads a shard with its persisted config, and ``reindex`` or ``compact`` rebuild it with the
  current one.

Each call on a shard runs under that shard's lock, so a shard is never closed under a search; the
index-wide ``lock`` guards the tables only, so one tenant's optimize or copy load never blocks
another's search (:mod:`~autogen_zettel.store.shardwork`).
"""

from __future__ import annotations

import logging
import shutil
import threading
import time
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import qdrant_edge as qe

from autogen_zettel.base.config import DEFAULT_DENSE_COPY_MB, QUANTIZATIONS
from autogen_zettel.base.errors import ConfigError, NotFound
from autogen_zettel.base.threads import DEFAULT_THREAD_LIMIT, bounded_threads
from autogen_zettel.store import qdrant_edge_check as edge_check
from autogen_zettel.store.densecells import CELLS_MIN_POINTS
from autogen_zettel.store.densecopy import DenseCopies, DenseCopy
from autogen_zettel.store.folder_lock import lock_folder, shard_open_error
from autogen_zettel.store.index import DENSE, LEXICAL, SearchResult
from autogen_zettel.store.qdrant_edge_optimize import OptimizeDue
from autogen_zettel.store.qdrant_edge_search import PointNames, neighbour_requests, search_requests
from autogen_zettel.store.shard_load import load_shard
from autogen_zettel.store.shardwork import ShardLocks, optimize_in_subprocess, shard_config

__all__ = ["EdgeIndex"]

log = logging.getLogger(__name__)

_CONFIG_FILE = "edge_config.json"  # written by qdrant-edge in each shard folder (JSON)


class EdgeIndex:
    """Tenants' collections as qdrant-edge shards under one folder (the embedded default).

    :param root: the folder holding one shard folder per tenant
    :param prefix: collection (shard folder) name prefix
    :param threads: search threads per shard (``threads.limit``; 0: the engine's default)
    :param max_open: shards kept open at once; the least recently used is closed first
    :param copy_budget: bytes, across tenants, for the in-memory copies of dense vectors that
        batched neighbour searches use (least recently used copies are dropped first; 0: none)
    :param copy_min_points: a shard smaller than this is searched by the engine alone
    :param copy_min_queries: so is a neighbour search of fewer vectors (one card's ``remember``)
    :param cells_min_points: a copy of at least this many points picks candidates from the cells of a
        coarse partition (:mod:`~autogen_zettel.store.densecells`), a smaller one from every point
    :param quantization: ``"int8"``: shards created here also keep int8 dense vectors, which
        recall's search scans before rescoring; ``"none"``: float32 only. Existing shards keep theirs
    :param optimize_floor: a quantized shard is optimized once the points written since its last
        optimize reach this many, and ...
    :param optimize_share: ... this share of its points
    :param optimize_apart: shards of this many points or more are optimized by a child process
    """

    engine = "edge"

    def __init__(
        self,
        root: str | Path,
        *,
        prefix: str = "zettel_",
        threads: int = DEFAULT_THREAD_LIMIT,
        max_open: int = 128,
        copy_budget: int = DEFAULT_DENSE_COPY_MB * 2**20,
        copy_min_points: int = 20_000,
        copy_min_queries: int = 16,
        cells_min_points: int = CELLS_MIN_POINTS,
        quantization: str = "int8",
        optimize_floor: int = 1000,
        optimize_share: float = 0.1,
        optimize_apart: int = 20_000,
    ):
        if quantization not in QUANTIZATIONS:
            raise ConfigError(
                f"quantization must be one of {QUANTIZATIONS}, got {quantization!r}",
                key="vectors.quantization",
            )
        self.root = Path(root)
        self.root.mkdir(parents=True, exist_ok=True)
        self.prefix = prefix
        self.description = f"edge:{self.root}"
        self.local_path = self.root
        self.threads = threads
        self.max_open = max(1, max_open)
        self.lock = threading.RLock()  # the tables below; a shard's calls hold its own lock
        self._locks = ShardLocks()
        self._open: OrderedDict[str, qe.EdgeShard] = OrderedDict()
        self.optimize_apart, self.optimize_runner = optimize_apart, optimize_in_subprocess
        self.copy_min_points, self.copy_min_queries = copy_min_points, copy_min_queries
        self.cells_min_points = cells_min_points
        self._copies = DenseCopies(copy_budget)
        self._folder_lock = lock_folder(self.root)
        self._names = PointNames()  # the card ids of the points searches return
        self.quantization = quantization
        self._due = OptimizeDue(optimize_floor, optimize_share)  # when a quantized shard is optimized

    # -- shards ---------------------------------------------------------------------------
    def collection(self, tenant: str) -> str:
        return f"{self.prefix}{tenant}"

    def _folder(self, tenant: str) -> Path:
        return self.root / self.collection(tenant)

    def _missing(self, tenant: str) -> NotFound:
        return NotFound(f"no vector collection for tenant {tenant!r}; run `autogen-zettel reindex {tenant}`")

    def _config(self, dim: int | None) -> qe.EdgeConfig:
        return shard_config(dim, quantized=self.quantization == "int8", threads=self.threads)

    def quantized(self, tenant: str) -> bool:
        """Whether the tenant's shard keeps int8 dense vectors (read from its persisted config)."""
        path = self._folder(tenant) / _CONFIG_FILE
        if not path.exists():
            return False
        dense = (self._read_config(tenant).get("vectors") or {}).get(DENSE) or {}
        return bool(dense.get("quantization_config"))

    def _read_config(self, tenant: str) -> dict:
        return edge_check.read_config(self._folder(tenant) / _CONFIG_FILE, tenant)

    def _shard(self, tenant: str) -> qe.EdgeShard:
        """The tenant's open shard (opened on demand); call under the shard's lock."""
        with self.lock:
            shard = self._open.get(tenant)
            if shard is not None:
                self._open.move_to_end(tenant)
                return shard
        folder = self._folder(tenant)
        if not (folder / _CONFIG_FILE).exists():
            raise self._missing(tenant)
        edge_check.check_files(folder, tenant, _CONFIG_FILE)  # before the engine reads a damaged file
        try:
            shard = load_shard(folder)
        except Exception as exc:  # the engine raises a bare Exception with the reason in text
            locked = shard_open_error(tenant, self.root, exc)
            if locked is exc:  # not a lock: the engine could not read its files
                locked = edge_check.corrupt(tenant, folder, f"cannot be loaded ({exc})")
            raise locked from None
        try:
            edge_check.check_loaded(shard, tenant, folder, DENSE)
        except Exception:
            shard.close()
            raise
        edge_check.unseal(folder)  # open: its files change from now on
        self._keep_open(tenant, shard)
        self._due.recount(tenant, shard, self.quantized(tenant))
        return shard

    def _keep_open(self, tenant: str, shard: qe.EdgeShard) -> None:
        """Add an open shard; close the least recently used idle ones beyond ``max_open``."""
        closing = []
        with self.lock:
            self._open[tenant] = shard
            self._open.move_to_end(tenant)
            for name in list(self._open)[:-1]:
                if len(self._open) <= self.max_open:
                    break
                held = self._locks.try_hold(name)
                if held is not None:
                    closing.append((name, held, self._open.pop(name)))
                    self._due.forget(name)
        for name, held, old in closing:  # closing flushes: outside the table lock
            old.close()
            edge_check.seal(self._folder(name))
            held.release()

    def close(self) -> None:
        """Close every shard and seal it, then release the folder. A shard that cannot be closed
        or sealed is logged and left unsealed (its next open checks it without a seal); the
        others are still closed and the folder lock is always released."""
        with self.lock:
            shards = list(self._open.items())
        try:
            for name, shard in shards:
                with self._locks.held(name):
                    try:
                        shard.close()
                        edge_check.seal(self._folder(name))  # what the next open checks its files against
                    except OSError as exc:
                        log.warning(
                            "tenant %s: could not close or seal its index shard (%s: %s); the next open "
                            "checks it without a seal",
                            name,
                            type(exc).__name__,
                            exc,
                        )
        finally:
            with self.lock:
                self._open.clear()
                self._due.clear()
                self._copies.clear()
                if self._folder_lock is not None:
                    self._folder_lock.close()  # releases the flock
                    self._folder_lock = None

    def exists(self, tenant: str) -> bool:
        return (self._folder(tenant) / _CONFIG_FILE).exists()

    def create(self, tenant: str, dim: int) -> None:
        """Create the tenant's shard (no-op when it exists)."""
        with self._locks.held(tenant):
            if self.exists(tenant):
                return
            try:
                shard = qe.EdgeShard.create(str(self._folder(tenant)), self._config(dim))
            except Exception as exc:
                raise shard_open_error(tenant, self.root, exc) from None
            self._keep_open(tenant, shard)
            self._due.start(tenant, self.quantization == "int8")

    def drop(self, tenant: str) -> None:
        with self._locks.held(tenant):
            with self.lock:
                self._copies.pop(tenant)
                self._due.forget(tenant)
                shard = self._open.pop(tenant, None)
            if shard is not None:
                shard.close()
            shutil.rmtree(self._folder(tenant), ignore_errors=True)
            edge_check.unseal(self._folder(tenant))

    def dim(self, tenant: str) -> int | None:
        """The dense dimension of an existing shard, or None."""
        path = self._folder(tenant) / _CONFIG_FILE
        if not path.exists():
            return None
        vectors = self._read_config(tenant).get("vectors") or {}
        return int(vectors[DENSE]["size"]) if DENSE in vectors else None

    # -- points ---------------------------------------------------------------------------
    def upsert(
        self,
        tenant: str,
        ids: Sequence[str],
        dense: np.ndarray,
        sparse: Sequence[tuple[list[int], list[float]]],
    ) -> None:
        """Write points; the caller has already written the cards to SQLite."""
        if not ids:
            return
        rows = np.asarray(dense, dtype=np.float32).tolist()
        points = [
            qe.Point(cid, {DENSE: rows[i], LEXICAL: qe.SparseVector(list(sparse[i][0]), list(sparse[i][1]))})
            for i, cid in enumerate(ids)
        ]
        with self._locks.held(tenant):
            shard = self._shard(tenant)
            shard.update(qe.UpdateOperation.upsert_points(points))
            with self.lock:
                copy = self._copies.peek(tenant)
            if copy is not None:
                # under the shard's lock only (its readers hold it too): a re-sort into cells, or
                # training them again, takes seconds at 100k and must not hold the lock every
                # other tenant's search and write takes
                with bounded_threads(self.threads):
                    copy.upsert(ids, dense)
                with self.lock:
                    self._copies.fit()  # its rows may have doubled
            self._maybe_optimize(tenant, shard, len(ids))

    def _maybe_optimize(self, tenant: str, shard: qe.EdgeShard, written: int) -> None:
        """Optimize a quantized shard once enough points sit outside its quantized segments (under
        its lock; :class:`~autogen_zettel.store.qdrant_edge_optimize.OptimizeDue`)."""
        due = self._due.wrote(tenant, shard, written)
        if due is None:
            return
        pending, points = due
        started = time.perf_counter()
        self._run_optimize(tenant, shard)
        log.debug(
            "tenant %s: %d points optimized (%d written since the last optimize) in %.2f s",
            tenant,
            points,
            pending,
            time.perf_counter() - started,
        )

    def _run_optimize(self, tenant: str, shard: qe.EdgeShard) -> bool:
        """Optimize the tenant's open shard, then close it, to be reopened on its next use (under its lock).
        One of ``optimize_apart`` points or more is closed and optimized by ``optimize_runner`` (the GIL).

        qdrant-edge keeps the segments an optimize replaced mapped until the shard is closed: at
        100k points each optimize left about 240 MB more resident (six in a row: 260 -> 1,681 MB),
        and a reopen lets go of them (210 MB after each; about 0.1 s at 100k points).
        """
        with self.lock:
            self._open.pop(tenant, None)
            self._due.forget(tenant)  # recounted when it reopens, as for any shard
        if self.optimize_runner is not None and shard.info().points_count >= self.optimize_apart:
            shard.close()
            if self.optimize_runner(self._folder(tenant)):
                return True
            shard = load_shard(self._folder(tenant))
        done = shard.optimize()
        shard.close()
        edge_check.seal(self._folder(tenant))
        return done

    def delete(self, tenant: str, ids: Sequence[str]) -> None:
        if not ids:
            return
        with self._locks.held(tenant):
            with self.lock:
                copy = self._copies.peek(tenant)
                if copy is not None:
                    copy.delete([str(i) for i in ids])
            if self.exists(tenant):
                shard = self._shard(tenant)
                shard.update(qe.UpdateOperation.delete_points(list(ids)))
                # a point deleted from an optimized segment is only flagged there, and still
                # counts in its IDF until the next optimize: deletes count toward it as writes do
                self._maybe_optimize(tenant, shard, len(ids))

    def compact(self, tenant: str) -> str:
        """Make deleted points unreadable on disk: rewrite the shard from its live points.

        Deleted points stay in a segment (flagged) and in the write-ahead log until then.
        Returns ``"rewrite"``, or ``"none"`` when the tenant has no shard.
        """
        with self._locks.held(tenant):
            if not self.exists(tenant):
                return "none"
            dim = self.dim(tenant)
            records = self._scroll(tenant, with_vector=True)
            self.drop(tenant)
            self.create(tenant, dim)
            shard = self._shard(tenant)
            for start in range(0, len(records), 512):
                shard.update(
                    qe.UpdateOperation.upsert_points(
                        [qe.Point(str(r.id), r.vector) for r in records[start : start + 512]]
                    )
                )
            if self._due.quantized(tenant):  # rebuilt with the current quantization
                self._run_optimize(tenant, shard)  # which closes it, flushed
            else:
                shard.flush()
        return "rewrite"

    def optimize(self, tenant: str) -> bool:
        """Run the shard's optimizers: quantize the dense vectors of a quantized shard (about 0.1 s
        at 10k points) and vacuum deleted points; on a shard created without quantization, build
        its HNSW index (minutes at 100k points)."""
        with self._locks.held(tenant):
            return self._run_optimize(tenant, self._shard(tenant))

    def flush(self) -> None:
        """Write every open shard's pending changes to its segments."""
        with self.lock:
            names = list(self._open)
        for name in names:
            with self._locks.held(name):
                shard = self._open.get(name)
                if shard is not None:
                    shard.flush()

    def _scroll(self, tenant: str, *, with_vector: bool | list[str]) -> list:
        shard = self._shard(tenant)
        out, offset = [], None
        while True:
            batch, offset = shard.scroll(
                qe.ScrollRequest(offset=offset, limit=1000, with_payload=False, with_vector=with_vector)
            )
            out.extend(batch)
            if offset is None:
                return out

    def ids(self, tenant: str) -> set[str]:
        """Every point id of the tenant's shard."""
        with self._locks.held(tenant):
            if not self.exists(tenant):
                return set()
            return {str(r.id) for r in self._scroll(tenant, with_vector=False)}

    def count(self, tenant: str) -> int:
        with self._locks.held(tenant):
            if not self.exists(tenant):
                return 0
            return self._shard(tenant).count(qe.CountRequest(exact=True))

    def dense_of(self, tenant: str, ids: Sequence[str]) -> dict[str, np.ndarray]:
        """The stored dense vectors of the points ``ids`` that exist (float32; on a quantized
        shard the original vectors, not their int8 copy)."""
        with self._locks.held(tenant):
            if not ids or not self.exists(tenant):
                return {}
            records = self._shard(tenant).retrieve(list(ids), with_payload=False, with_vector=[DENSE])
        return {str(r.id): np.asarray(r.vector[DENSE], dtype=np.float32) for r in records}

    # -- search ---------------------------------------------------------------------------
    def search(
        self, tenant: str, dense: np.ndarray, sparse: tuple[list[int], list[float]], limit: int
    ) -> SearchResult:
        """Dense and lexical top-``limit`` in one batched request (scores: higher is better; exact
        cosines: a quantized shard's int8 candidates are rescored with its float32 vectors)."""
        requests = search_requests(dense, sparse, limit)
        with self._locks.held(tenant):
            responses = self._shard(tenant).query_batch(qe.QueryBatchRequest(requests))
        dense_scores = self._names.scores(responses[0])
        lexical = self._names.scores(responses[1]) if len(responses) > 1 else {}
        return SearchResult(dense_scores, lexical)

    def neighbours(self, tenant: str, vectors: np.ndarray, limit: int) -> list[list[tuple[str, float]]]:
        """For each vector, the ``limit`` most similar points as ``(id, cosine)``, float32 scores:
        on a quantized shard int8 candidates rescored (:data:`~autogen_zettel.store.qdrant_edge_search.LINK_SEARCH`),
        among a dense copy's candidates the float32 vectors alone."""
        if len(vectors) == 0:
            return []
        vectors = np.asarray(vectors, dtype=np.float32)
        rows = vectors.tolist()
        with self._locks.held(tenant):
            copy = self._dense_copy(tenant) if len(rows) >= self.copy_min_queries else None
            chosen = None
            if copy is not None:  # the shard scores each query's candidates only
                with bounded_threads(self.threads):
                    chosen = copy.candidates(vectors, limit)
            requests = neighbour_requests(rows, limit, chosen)
            responses = self._shard(tenant).query_batch(qe.QueryBatchRequest(requests))
        return [[(str(p.id), float(p.score)) for p in r] for r in responses]

    @property
    def copy_budget(self) -> int:
        """Bytes, across tenants, for the in-memory dense copies (``vectors.dense_copy_mb``)."""
        return self._copies.budget

    def copied(self) -> dict[str, int]:
        """Tenants whose dense vectors are in memory, with the bytes each copy holds."""
        with self.lock:
            return self._copies.sizes()

    def _dense_copy(self, tenant: str) -> DenseCopy | None:
        """The tenant's in-memory dense vectors, loaded on first use; None when copies are off,
        the shard is smaller than ``copy_min_points`` or its copy would exceed the whole budget
        (call under the shard's lock; the load holds no lock another tenant needs)."""
        with self.lock:
            copy = self._copies.use(tenant)
        if copy is not None or self.copy_budget <= 0:
            return copy
        points = self.count(tenant)
        if (
            points < max(1, self.copy_min_points)
            or DenseCopy.bytes_for(points, self.dim(tenant) or 0) > self.copy_budget
        ):
            return None

        def load() -> DenseCopy:
            # the dense vectors only: reading each record's vectors into Python is most of the
            # load (about 0.25 s per 10k points), the sparse ones would double it
            records = self._scroll(tenant, with_vector=[DENSE])
            return DenseCopy(
                [str(r.id) for r in records],
                np.array([r.vector[DENSE] for r in records], np.float32),
                cells_min=self.cells_min_points,
            )

        with bounded_threads(self.threads):  # sorting a large copy into cells is BLAS work
            loaded = load()
        with self.lock:
            return self._copies.admit(tenant, points, self.dim(tenant) or 0, lambda: loaded)
