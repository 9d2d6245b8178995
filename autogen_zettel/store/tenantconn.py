"""A tenant database's connection and the settings every new one gets (they are not stored in
the file, so a connection the hub's pool reopened, :mod:`~autogen_zettel.store.handles`, gets
them again), and the one upsert statement the write path runs most."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from autogen_zettel.store.connection import GuardedConnection, connect
from autogen_zettel.store.handles import too_many_open_files

__all__ = ["configure", "tenant_connection", "upsert"]

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
