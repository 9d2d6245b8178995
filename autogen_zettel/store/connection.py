"""SQLite connections that fail clearly: a damaged file names itself and the fix, and a closed
database says why it was closed (the hub was closed, the tenant dropped) instead of raising
``sqlite3.ProgrammingError`` from whichever thread touches it next."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from autogen_zettel.base.errors import InvalidInput, StoreCorrupt, StoreLocked

__all__ = ["GuardedConnection", "connect", "damaged", "check_file", "forked_error"]


def forked_error(opened_by: int) -> StoreLocked:
    """What a memory used in a forked child raises: the parent still holds it."""
    return StoreLocked(
        f"this memory was opened by process {opened_by} and is used in process {os.getpid()} after fork(); "
        "a child must not use its parent's hub: open the hub after the fork (or start the child "
        "with multiprocessing's 'spawn'), one process per data folder"
    )


# below this size a tenant file gets a full page check on open (cheap: milliseconds)
_QUICK_CHECK_BYTES = 64 * 1024 * 1024


class GuardedConnection(sqlite3.Connection):
    """A connection that, once :meth:`close_because` was called, raises :class:`InvalidInput`
    with that reason on every use."""

    closed_because: str | None = None
    # the process that opened it: after fork() the child shares the file, its locks and the
    # parent's half of the vector index, so a use from another pid is refused (see _guard)
    opened_by: int = 0

    def close_because(self, reason: str | None) -> None:
        self.closed_because = reason or "this database is closed"
        self.close()

    def _guard(self) -> None:
        if self.closed_because is not None:
            raise InvalidInput(self.closed_because)
        if self.opened_by and self.opened_by != os.getpid():
            raise forked_error(self.opened_by)

    def execute(self, *args, **kwargs):
        self._guard()
        return super().execute(*args, **kwargs)

    def executemany(self, *args, **kwargs):
        self._guard()
        return super().executemany(*args, **kwargs)

    def executescript(self, *args, **kwargs):
        self._guard()
        return super().executescript(*args, **kwargs)

    def cursor(self, *args, **kwargs):
        self._guard()
        return super().cursor(*args, **kwargs)

    @property
    def in_transaction(self) -> bool:  # sqlite-utils asks this before every transaction
        self._guard()
        return super().in_transaction


def damaged(path: Path | None, exc: BaseException, *, fix: str) -> StoreCorrupt:
    """The error for a database file that SQLite cannot read: the file, the cause and ``fix``."""
    return StoreCorrupt(
        f"the database {str(path or ':memory:')!r} is damaged or not a database ({exc}); {fix}"
    )


def check_file(conn: sqlite3.Connection, path: Path) -> None:
    """Raise ``sqlite3.DatabaseError`` if the file is shorter than its header says (truncated)
    or, for a small file, if its pages do not check out."""
    wal = Path(str(path) + "-wal")
    page_size = conn.execute("pragma page_size").fetchone()[0]
    pages = conn.execute("pragma page_count").fetchone()[0]
    size = os.path.getsize(path)
    if (not wal.exists() or wal.stat().st_size == 0) and size < pages * page_size:
        raise sqlite3.DatabaseError(
            f"the file is truncated: {size} bytes, its header says {pages * page_size}"
        )
    if size < _QUICK_CHECK_BYTES:
        result = conn.execute("pragma quick_check").fetchone()[0]
        if result != "ok":
            raise sqlite3.DatabaseError(f"quick_check: {result}")


def connect(path: Path | None) -> GuardedConnection:
    """A connection to ``path`` (None: in memory) in autocommit mode, usable from any thread."""
    conn = sqlite3.connect(
        str(path) if path else ":memory:",
        check_same_thread=False,
        isolation_level=None,
        factory=GuardedConnection,
    )
    conn.opened_by = os.getpid()
    return conn
