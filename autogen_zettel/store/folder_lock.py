"""One process per data folder: the embedded engine's folder lock (``root/.lock``, flock).

A second open in another process is :class:`StoreLocked` saying so; a second open in this process
(another hub on the same folder) is told "in this process", which has another fix.
"""

from __future__ import annotations

from pathlib import Path

from autogen_zettel.base.errors import StoreLocked
from autogen_zettel.store.handles import too_many_open_files

__all__ = ["lock_folder", "shard_open_error"]

# data folders whose lock this process holds: a second open here is told "in this process"
_HELD_HERE: set[str] = set()


class _HeldLock:
    """The open lock file of a data folder; close() releases the flock and the record."""

    def __init__(self, handle, key: str):
        self.handle, self.key = handle, key
        _HELD_HERE.add(key)

    def close(self) -> None:
        _HELD_HERE.discard(self.key)
        self.handle.close()


def lock_folder(root: Path):
    """Hold ``root/.lock`` for this process (one process per data folder, as with
    qdrant-client local mode): shards open and close on demand, so their own locks cannot
    keep a second process out. Returns the held lock, or None where flock is missing."""
    try:
        import fcntl
    except ImportError:  # Windows: each shard's write-ahead log still locks while it is open
        return None
    key = str(root.resolve())
    handle = open(root / ".lock", "a+")
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        if key in _HELD_HERE:
            raise StoreLocked(
                f"the vector folder {str(root)!r} is already open in this process (another MemoryHub on the "
                "same folder); use one hub per folder, hub.tenant(name) for each agent, or close the first "
                "hub before opening it again"
            ) from None
        raise StoreLocked(
            f"the vector folder {str(root)!r} is open in another process; stop that agent or process, "
            "or run a Qdrant server and set vectors.url (CLI: --qdrant-url)"
        ) from None
    return _HeldLock(handle, key)


def shard_open_error(tenant: str, root: Path, exc: Exception) -> Exception:
    """What an engine error on opening a tenant's shard means: out of file descriptors
    (:class:`~autogen_zettel.base.errors.TooManyOpenFiles`), the shard held by another process
    (:class:`StoreLocked`), else ``exc`` itself."""
    full = too_many_open_files(exc, f"the vector shard of tenant {tenant!r} in {str(root)!r}")
    if full is not None:
        return full
    if "WouldBlock" in str(exc) or "already" in str(exc):
        return StoreLocked(
            f"the vector shard of tenant {tenant!r} in {str(root)!r} is open in another process; stop "
            "that agent or process, or run a Qdrant server and set vectors.url (CLI: --qdrant-url)"
        )
    return exc
