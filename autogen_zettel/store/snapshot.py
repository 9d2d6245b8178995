"""A private copy of one tenant's files, to read a memory another process holds open.

A running agent holds its data folder's vector index (qdrant-edge's folder lock, qdrant-client
local's "already accessed"), so a second process cannot open it, not even to look. The tenant's
SQLite file can be read meanwhile (WAL): :func:`snapshot_tenant` copies it with SQLite's online
backup (a consistent copy, whatever the agent writes meanwhile) and copies the tenant's index
beside it. A hub opened on the copy reads and searches as usual; whatever the copied index
missed is re-indexed there on open, never in the original, which nothing touches.
"""

from __future__ import annotations

import logging
import shutil
import sqlite3
from pathlib import Path

from autogen_zettel.base.errors import NotFound
from autogen_zettel.store.layout import DataFolder

__all__ = ["snapshot_tenant"]

log = logging.getLogger(__name__)


def snapshot_tenant(data_dir: str | Path, tenant: str, dest: str | Path, *, prefix: str = "zettel_") -> Path:
    """Copy tenant ``tenant`` of ``data_dir`` into the data folder ``dest`` (made; should be
    empty); returns ``dest``. Only reads ``data_dir``.

    :raises NotFound: the tenant has no database in ``data_dir``
    """
    src, out = DataFolder(data_dir), DataFolder(dest)
    db = src.tenant_db(tenant)
    if not db.exists():
        raise NotFound(
            f"no tenant {tenant!r} in {str(src.root)!r} (known: {', '.join(src.tenant_names()) or 'none'})"
        )
    out.tenants.mkdir(parents=True, exist_ok=True)
    source = sqlite3.connect(f"{db.as_uri()}?mode=ro", uri=True)
    try:
        target = sqlite3.connect(out.tenant_db(tenant))
        try:
            source.backup(target)
        finally:
            target.close()
    finally:
        source.close()
    shard = src.edge / f"{prefix}{tenant}"
    if shard.is_dir():
        shutil.copytree(shard, out.edge / shard.name, ignore=shutil.ignore_patterns(".lock"))
    elif src.qdrant.is_dir():  # qdrant-client local mode keeps every collection in one folder
        shutil.copytree(src.qdrant, out.qdrant, ignore=shutil.ignore_patterns(".lock"))
    log.info("snapshot of tenant %s: %s -> %s", tenant, src.root, out.root)
    return out.root
