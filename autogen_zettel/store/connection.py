"""SQLite connections that fail clearly: a damaged file names itself and the fix, and a closed
database says why it was closed (the hub was closed, the tenant dropped) instead of raising
``sqlite3.ProgrammingError`` from whichever thread touches it next.

Also what every tenant connection gets: the settings a new one needs (they are not stored in the
file, so a connection the hub's pool reopened, :mod:`~autogen_zettel.store.handles`, gets them
again), the one upsert statement the write path runs most, and what the tables of a tenant
database share (:class:`Tables`, the connection :class:`~autogen_zettel.store.db.CardDB` gives the
objects it holds; id chunks under SQLite's bound-parameter limit and their placeholder lists)."""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Iterable, Iterator, Sequence
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Protocol

import sqlite_utils

from autogen_zettel.base.cards import Link
from autogen_zettel.base.errors import InvalidInput, StoreCorrupt, StoreLocked
from autogen_zettel.store.handles import too_many_open_files

__all__ = [
    "GuardedConnection",
    "connect",
    "damaged",
    "check_file",
    "forked_error",
    "configure",
    "tenant_connection",
    "upsert",
    "LinkWrites",
    "Tables",
    "chunks",
    "marks",
    "select_rows",
]


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


# SQLite's memory map per tenant connection: its pages count as resident. Recall reads links from
# the in-memory adjacency and only its few dozen cards from here, so a bounded map serves them
# without mapping a large file whole (docs/benchmarks.md, scale)
_MMAP_BYTES = 256 << 20
_CACHE_KIB = 32 * 1024  # page cache per tenant connection (SQLite's default is 2 MB)
_CHECKPOINT_PAGES = 8000  # WAL pages (4 KiB) between automatic checkpoints (default 1,000)


def tenant_connection(path: Path | None) -> GuardedConnection:
    """A connection to the tenant file ``path`` (None: in memory); out of file descriptors:
    :class:`~autogen_zettel.base.errors.TooManyOpenFiles`."""
    try:
        return connect(path)
    except sqlite3.OperationalError as exc:
        raise too_many_open_files(exc, f"the tenant database {str(path)!r}") or exc from None


def configure(conn: sqlite3.Connection, path: Path | None) -> None:
    """The settings of a tenant connection (each new connection's)."""
    if path:
        # read pages through a memory map (the OS page cache) instead of a read call
        # each, which speeds recall's cold link reads. Address space only; pages
        # count as resident while the OS keeps them.
        conn.execute(f"PRAGMA mmap_size = {_MMAP_BYTES}")
        # a batch of 256 turns dirties thousands of pages (links land at random places in
        # two indexes): with the default 2 MB cache they spilled to the WAL mid-transaction,
        # and the default checkpoint (every 1,000 pages) ran in nearly every commit, copying
        # the same index pages into the file batch after batch. Both are bounds:
        # the cache grows only as pages are touched, the WAL only as much is written.
        conn.execute(f"PRAGMA cache_size = -{_CACHE_KIB}")
        conn.execute(f"PRAGMA wal_autocheckpoint = {_CHECKPOINT_PAGES}")
    # secure_delete overwrites freed pages, so forgotten text does not linger on disk
    conn.execute("PRAGMA secure_delete = ON")
    conn.execute("PRAGMA synchronous = NORMAL")


def upsert(conn: sqlite3.Connection, table: str, rows: list[dict]) -> None:
    """Insert ``rows`` (dicts with the same keys, ``id`` the primary key), updating the rows whose
    id exists: sqlite-utils' ``upsert_all(rows, pk="id")`` as one prepared statement. That read
    the table's columns (a PRAGMA) on every call, about a quarter of a chat message's write path
    in each listening tenant."""
    if not rows:
        return
    cols = list(rows[0])
    names = ", ".join(f"[{c}]" for c in cols)
    update = ", ".join(f"[{c}] = excluded.[{c}]" for c in cols if c != "id")
    conn.executemany(
        f"insert into [{table}] ({names}) values ({', '.join('?' * len(cols))}) "
        f"on conflict(id) do update set {update}",
        [[r[c] for c in cols] for r in rows],
    )


class LinkWrites(Protocol):
    """The link writes other tables make (a :class:`~autogen_zettel.store.link_tables.LinkTable`)."""

    def add(self, links: Iterable[Link]) -> None: ...

    def note_changes(self, cards: Iterable[str] | None) -> None: ...


class Tables(Protocol):
    """One tenant database's connection as its tables see it (a
    :class:`~autogen_zettel.store.db.CardDB`): the sqlite-utils database, the lock every
    reader and writer takes, one transaction, and its link table."""

    db: sqlite_utils.Database
    lock: threading.RLock
    links: LinkWrites

    def atomic(self) -> AbstractContextManager[None]: ...


def chunks(ids: Sequence[str], size: int = 500) -> Iterator[Sequence[str]]:
    """``ids`` in slices of ``size``, so one statement stays under SQLite's parameter limit."""
    for start in range(0, len(ids), size):
        yield ids[start : start + size]


def marks(n: int) -> str:
    """``n`` comma-separated ``?`` placeholders."""
    return ",".join("?" * n)


def select_rows(db: sqlite_utils.Database, sql: str, params: Sequence = ()) -> list[dict]:
    """The rows of a ``select`` as dicts, as sqlite-utils' ``query`` gives them, read with the
    connection's own cursor: ``query`` puts a savepoint around every statement (two statements
    more), and every listener of a group chat reads a few rows per message."""
    cursor = db.execute(sql, params)
    columns = [d[0] for d in cursor.description]
    return [dict(zip(columns, row)) for row in cursor.fetchall()]
