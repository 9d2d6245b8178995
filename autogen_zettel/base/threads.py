"""Bounded thread pools around our own heavy calls: embedding, index search, matrix products.

torch runs its inference on an OpenMP pool and numpy's matrix products on OpenBLAS's pool;
both size themselves to the machine. When one call uses both (encode a query, then score it
against the index with numpy), their threads fight for the same cores: on a small machine an
encode-then-score loop ran several times slower at its tail than with single-threaded pools,
and worse whenever other processes also want the cores.

:func:`bounded_threads` limits every pool that threadpoolctl finds (BLAS and OpenMP, torch's
included) to ``limit`` threads for the duration of a ``with`` block, and restores them on exit.
What that changes for the rest of the process, while the block runs:

- OpenMP's thread count is a per-thread setting: only the calling thread's parallel regions
  (our torch inference) are bounded.
- OpenBLAS's thread count is process-wide: a matrix product that *another* thread of the
  process runs at the same moment is bounded too. Outside our blocks nothing is changed.

``limit=0`` (config ``threads.limit: 0``) leaves every pool alone.

>>> import numpy as np
>>> with bounded_threads(1):
...     float((np.ones((4, 4)) @ np.ones(4))[0])
4.0
>>> with bounded_threads(0):
...     pass
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
from collections.abc import Callable, Iterator

__all__ = ["bounded_threads", "rescan_thread_pools", "usable_cores", "warm_once", "DEFAULT_THREAD_LIMIT"]

log = logging.getLogger(__name__)

#: the default of config ``threads.limit``: one thread per pool, best on small machines
#: (docs/benchmarks.md, "Threads"); 0 leaves the pools as the process has them
DEFAULT_THREAD_LIMIT = 1

_lock = threading.Lock()
_controller = None
_stale = True


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system has one).

    >>> usable_cores() >= 1
    True
    """
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # macOS and Windows have no affinity call
        return max(1, os.cpu_count() or 1)


def rescan_thread_pools() -> None:
    """Look for thread pools again on the next bounded call: call after loading a library
    that brings its own (torch, on the embedder's first use)."""
    global _stale
    _stale = True


def _current():
    global _controller, _stale
    with _lock:
        if _stale or _controller is None:
            from threadpoolctl import ThreadpoolController

            _controller = ThreadpoolController()
            _stale = False
            log.debug(
                "thread pools bounded by autogen-zettel: %s",
                [(c.internal_api, c.num_threads) for c in _controller.lib_controllers],
            )
        return _controller


_blas_users = 0
_blas_restore = None


@contextlib.contextmanager
def bounded_threads(limit: int) -> Iterator[None]:
    """Run the block with every BLAS and OpenMP pool limited to ``limit`` threads (0: unchanged).

    Safe from several threads at once: OpenMP limits are per thread anyway, and the
    process-wide BLAS limit is set by the first block to enter and restored by the last to leave.
    """
    global _blas_users, _blas_restore
    if limit <= 0:
        yield
        return
    controller = _current()
    with _lock:
        if _blas_users == 0:
            _blas_restore = controller.limit(limits=limit, user_api="blas")
        _blas_users += 1
    try:
        with controller.limit(limits=limit, user_api="openmp"):
            yield
    finally:
        with _lock:
            _blas_users -= 1
            if _blas_users == 0 and _blas_restore is not None:
                _blas_restore.restore_original_limits()
                _blas_restore = None


def warm_once(done: list, lock: threading.Lock, name: str, load: Callable[[], object]) -> None:
    """Run ``load`` (a slow first import, a dictionary) in a daemon thread ``name`` once per process:
    ``done`` (a list, empty until then) and ``lock`` are the caller's, so the write path that asks
    pays nothing; a failure is logged, never raised (the first real use will say why)."""
    if done:
        return
    with lock:
        if done:
            return
        done.append(True)

    def run() -> None:
        try:
            load()
        except Exception:  # noqa: BLE001 - a warm-up must not fail the caller's write
            logging.getLogger(__name__).debug("%s failed", name, exc_info=True)

    threading.Thread(target=run, daemon=True, name=name).start()
