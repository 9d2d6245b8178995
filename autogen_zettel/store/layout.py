"""Where a data folder keeps each file: the one place that spells the layout out.

::

    <data folder>/
      tenants/<name>.sqlite     one tenant's cards, links, persona (the truth)
      audit/<name>.sqlite       its audit log, kept after the tenant is dropped
      edge/<prefix><name>/      its qdrant-edge shard (a rebuildable index; the embedded default)
      qdrant/                   qdrant-client local storage (folders made before edge; rebuildable)

>>> folder = DataFolder("memory")
>>> str(folder.tenant_db("ada")), str(folder.audit_db("ada")), str(folder.qdrant), str(folder.edge)
('memory/tenants/ada.sqlite', 'memory/audit/ada.sqlite', 'memory/qdrant', 'memory/edge')
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

from autogen_zettel.base.errors import StoreCorrupt

__all__ = ["DataFolder", "SQLITE_SIDE_FILES", "RESERVED_SUFFIXES", "reserved_suffix"]

# what SQLite may leave beside a database file
SQLITE_SIDE_FILES = ("-wal", "-shm", "-journal")

#: name endings the folder gives files beside a tenant's own: a tenant named ``ada.seal.json``
#: would have its shard folder where ``ada``'s seal is written (and ``ada`` could not be
#: opened or closed again), so no tenant name may end with one (any case: case-insensitive disks)
RESERVED_SUFFIXES = (
    ".seal.json",  # edge/<prefix><name>.seal.json, the closed shard's seal (qdrant_edge_check)
    ".tmp",  # the seal's temporary sibling, written then renamed
    ".lock",  # the folder lock
    ".sqlite",
    *(".sqlite" + side for side in SQLITE_SIDE_FILES),
)


def reserved_suffix(name: str) -> str | None:
    """The reserved ending ``name`` has, or None.

    >>> reserved_suffix("ada.seal.json"), reserved_suffix("travel-journal")
    ('.seal.json', None)
    """
    low = name.casefold()
    return next((s for s in RESERVED_SUFFIXES if low.endswith(s)), None)


@dataclass(frozen=True)
class DataFolder:
    """The paths of one data folder (nothing is created here)."""

    root: Path

    def __init__(self, root: str | Path):
        object.__setattr__(self, "root", Path(root))

    @property
    def tenants(self) -> Path:
        return self.root / "tenants"

    @property
    def audits(self) -> Path:
        return self.root / "audit"

    @property
    def qdrant(self) -> Path:
        return self.root / "qdrant"

    @property
    def edge(self) -> Path:
        return self.root / "edge"

    def tenant_db(self, name: str) -> Path:
        return self.tenants / f"{name}.sqlite"

    def audit_db(self, name: str) -> Path:
        return self.audits / f"{name}.sqlite"

    def tenant_names(self) -> list[str]:
        """Tenants with a database file here, sorted."""
        return sorted(p.stem for p in self.tenants.glob("*.sqlite"))

    def check_private(self) -> None:
        """Refuse a folder that someone else could have written: qdrant-client's local mode
        unpickles points from ``qdrant/collection/*/storage.sqlite`` when it opens them, so a
        crafted file there runs code in this process. Every file and folder under the
        root (and the root) must belong to this user and not be writable by group or others.

        Raises :class:`StoreCorrupt` naming the first offending path and the fix.
        """
        if not self.root.exists() or not hasattr(os, "getuid"):
            return
        uid = os.getuid()
        paths = [self.root]
        for folder, dirs, files in os.walk(self.root):
            paths.extend(Path(folder) / n for n in (*dirs, *files))
        for path in paths:
            try:
                st = path.lstat()
            except FileNotFoundError:
                # gone since the walk listed it: another process owns the folder and is writing
                # (a WAL folded, a seal's temporary renamed); its lock, taken next, says so (#42)
                continue
            if st.st_uid != uid:
                why, fix = (
                    f"belongs to user id {st.st_uid}, not to you ({uid})",
                    f"chown -R {uid} {self.root}",
                )
            elif st.st_mode & (stat.S_IWGRP | stat.S_IWOTH) and not stat.S_ISLNK(st.st_mode):
                why, fix = (
                    f"is writable by group or others (mode {stat.filemode(st.st_mode)})",
                    f"chmod -R go-w {self.root}",
                )
            else:
                continue
            raise StoreCorrupt(
                f"refusing to open the data folder {str(self.root)!r}: {str(path)!r} {why}. The embedded Qdrant "
                "index unpickles what it reads, so whoever can write this folder can run code here. If you "
                f"trust its contents, fix it with `{fix}`; else restore the folder from a backup"
            )
