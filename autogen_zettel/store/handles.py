"""Tenants as cheap handles: a bound on the files a hub keeps open.

An open tenant holds a few file descriptors (its SQLite file with WAL and shared memory, its
audit log, its vector shard's write-ahead log), so a hub of hundreds of agents ran out of the
process's open-file limit (``ulimit -n``: 256 on macOS, often 1,024 on Linux) long before its disk
filled. Here a tenant's connections close when unused and reopen on their next use:

- :class:`HandlePool` keeps at most ``limit`` handles open; when one more opens, the least
  recently used one that no thread is using (its lock is free) is released.
- :class:`ReopeningConnection` stands in for a tenant's SQLite connection: every call goes to
  the live connection, reopening it (and re-applying its settings) when the pool released it.

Defaults derive from the soft ``RLIMIT_NOFILE`` (:func:`default_open_tenants`,
:func:`default_open_shards`); config ``hub.max_open_tenants`` and ``vectors.max_open_shards``
set them. If the limit is still reached, :func:`too_many_open_files` turns the engine's or
SQLite's error into :class:`~autogen_zettel.base.errors.TooManyOpenFiles`, naming the limit and
both settings.
"""

from __future__ import annotations

import errno
import logging
import sqlite3
import threading
from collections import OrderedDict
from collections.abc import Callable

from autogen_zettel.base.errors import InvalidInput, TooManyOpenFiles

__all__ = [
    "FILES_PER_SHARD",
    "FILES_PER_TENANT",
    "HandlePool",
    "ReopeningConnection",
    "default_open_shards",
    "default_open_tenants",
    "open_file_limit",
    "too_many_open_files",
]

log = logging.getLogger(__name__)

FILES_PER_TENANT = 4  # the SQLite file, its -wal and -shm, the audit log
FILES_PER_SHARD = 2  # the shard's write-ahead log, and a segment file an update may open
_RESERVED = 64  # the interpreter, the model, sockets, a link scan's read-only connection
_TENANTS_MAX, _SHARDS_MAX = 256, 128  # beyond these an open handle costs memory more than files


def open_file_limit() -> int:
    """The process's soft open-file limit (``ulimit -n``); 1,024 where it cannot be read."""
    try:
        import resource
    except ImportError:  # Windows: the C runtime's default
        return 1024
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    return soft if soft > 0 else 1024


def _share(limit: int | None, part: float, per: int, cap: int) -> int:
    budget = max(0, (open_file_limit() if limit is None else limit) - _RESERVED)
    return max(4, min(cap, int(budget * part) // per))


def default_open_tenants(limit: int | None = None) -> int:
    """Tenants whose SQLite files stay open at once under ``limit`` (default: the process's):
    half the files beyond a reserve, at most 256.

    >>> default_open_tenants(256), default_open_tenants(1024), default_open_tenants(1 << 20)
    (24, 120, 256)
    """
    return _share(limit, 0.5, FILES_PER_TENANT, _TENANTS_MAX)


def default_open_shards(limit: int | None = None) -> int:
    """Vector shards open at once under ``limit``: a quarter of the files beyond a reserve, at most 128.

    >>> default_open_shards(256), default_open_shards(1024)
    (24, 120)
    """
    return _share(limit, 0.25, FILES_PER_SHARD, _SHARDS_MAX)


def too_many_open_files(exc: BaseException, what: str) -> TooManyOpenFiles | None:
    """Our error for ``exc`` when it says the process is out of file descriptors, else None."""
    text = str(exc)
    out = (
        (isinstance(exc, OSError) and exc.errno in (errno.EMFILE, errno.ENFILE))
        or "TooManyOpenFiles" in text
        or "Too many open files" in text
        or "os error 24" in text
    )
    if isinstance(exc, sqlite3.OperationalError) and "unable to open database file" in text:
        out = out or _near_the_limit()
    if not out:
        return None
    return TooManyOpenFiles(
        f"cannot open {what}: the process reached its open-file limit ({open_file_limit()} files, "
        f"`ulimit -n`); raise it (e.g. `ulimit -n 4096`) or lower hub.max_open_tenants and "
        f"vectors.max_open_shards in the config (now derived from the limit: "
        f"{default_open_tenants()} tenants, {default_open_shards()} shards)"
    )


def _near_the_limit() -> bool:
    """Whether this process holds nearly as many files as it may (SQLite reports EMFILE as a
    plain "unable to open database file")."""
    try:
        import os

        return len(os.listdir("/proc/self/fd")) >= open_file_limit() - 8
    except OSError:
        return False


class HandlePool:
    """At most ``limit`` open handles; the least recently used idle one is released first.

    A handle has ``release() -> bool``: close its files unless a thread is using it (then
    False, and the next one is tried). A handle that cannot be released keeps the pool over its
    bound until one can.
    """

    def __init__(self, limit: int):
        self.limit = max(1, int(limit))
        self._open: OrderedDict[int, object] = OrderedDict()
        self._lock = threading.Lock()
        self._newest: object | None = None  # the handle used last: its next use costs one comparison
        self.released = 0  # how many times a handle was released (for measurement)

    def used(self, handle) -> None:
        """``handle`` is open and being used now (cheap when it is the most recent already)."""
        if self._newest is handle:  # read without the lock: at worst one more move_to_end
            return
        key = id(handle)
        with self._lock:
            self._newest = handle
            if key in self._open:
                self._open.move_to_end(key)
                return
            self._open[key] = handle
            if len(self._open) > self.limit:
                self._shrink()

    def _shrink(self) -> None:
        for key in list(self._open)[:-1]:  # never the one being used now
            if len(self._open) <= self.limit:
                return
            if self._open[key].release():
                del self._open[key]
                self.released += 1

    def forget(self, handle) -> None:
        """``handle`` closed for good (or released by itself)."""
        with self._lock:
            self._open.pop(id(handle), None)
            if self._newest is handle:
                self._newest = None

    def __len__(self) -> int:
        return len(self._open)


class ReopeningConnection:
    """A tenant's SQLite connection that the pool may close while idle and that reopens on use.

    :param first: the open connection to start with
    :param reopen: opens and configures a new connection (with the first one's settings)
    :param lock: the lock its users hold; the pool releases the connection only when it is free
    :param pool: the hub's pool (None: never released)
    :param on_release: called (under ``lock``) just before the connection closes, e.g. to drop
        caches that a new connection's change counters would not invalidate
    """

    def __init__(
        self,
        first: sqlite3.Connection,
        reopen: Callable[[], sqlite3.Connection],
        lock: threading.RLock,
        pool: HandlePool | None = None,
        on_release: Callable[[], None] | None = None,
    ):
        self._opener, self._lock, self._pool, self.on_release = reopen, lock, pool, on_release
        self._conn: sqlite3.Connection | None = first
        self._reason: str | None = None  # closed for good, while released: why
        if pool is not None:
            pool.used(self)

    def live(self) -> sqlite3.Connection:
        """The open connection (reopened if the pool released it)."""
        conn = self._conn
        if conn is None:
            with self._lock:
                conn = self._conn
                if conn is None:
                    if self._reason is not None:
                        raise InvalidInput(self._reason)
                    conn = self._conn = self._opener()
        if self._pool is not None:
            self._pool.used(self)
        return conn

    def release(self) -> bool:
        """Close the connection if no thread is using it and no transaction is open."""
        if not self._lock.acquire(blocking=False):
            return False
        try:
            conn = self._conn
            if conn is None or getattr(conn, "closed_because", None) is not None:
                return True
            if conn.in_transaction:
                return False
            if self.on_release is not None:
                self.on_release()
            self._conn = None
            conn.close()
            return True
        finally:
            self._lock.release()

    @property
    def is_open(self) -> bool:
        return self._conn is not None

    # -- what callers use; the rest goes through __getattr__ -----------------------------
    def execute(self, *args, **kwargs):
        with self._lock:  # not released between the check and the statement
            return self.live().execute(*args, **kwargs)

    def executemany(self, *args, **kwargs):
        with self._lock:
            return self.live().executemany(*args, **kwargs)

    def executescript(self, *args, **kwargs):
        return self.live().executescript(*args, **kwargs)

    def cursor(self, *args, **kwargs):
        return self.live().cursor(*args, **kwargs)

    @property
    def in_transaction(self) -> bool:
        conn = self._conn
        if conn is None:
            return False
        return conn.in_transaction

    @property
    def total_changes(self) -> int:
        return self.live().total_changes

    @property
    def closed_because(self) -> str | None:
        conn = self._conn
        return self._reason if conn is None else getattr(conn, "closed_because", None)

    def _guard(self) -> None:
        conn = self._conn
        if conn is not None:
            conn._guard()  # type: ignore[attr-defined]
        elif self._reason is not None:
            raise InvalidInput(self._reason)

    def close_because(self, reason: str | None) -> None:
        """Close for good (without reopening a released connection): every later use raises
        :class:`InvalidInput` with ``reason``."""
        with self._lock:
            if self._pool is not None:
                self._pool.forget(self)
                self._pool = None
            if self._conn is None:
                self._reason = reason or "this database is closed"
            else:
                self._conn.close_because(reason)  # type: ignore[attr-defined]

    def close(self) -> None:
        """Close for good (a plain connection's close: later uses raise :class:`InvalidInput`)."""
        with self._lock:
            if self._pool is not None:
                self._pool.forget(self)
                self._pool = None
            if self._conn is not None:
                self._conn.close()
                self._conn = None
            self._reason = self._reason or "this database is closed"

    def __enter__(self):  # ``with conn:`` commits or rolls back, as on sqlite3's connection
        self.live().__enter__()
        return self

    def __exit__(self, *exc):
        return self.live().__exit__(*exc)

    def __getattr__(self, name):
        return getattr(self.live(), name)
