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

from dataclasses import dataclass
from pathlib import Path

__all__ = ["DataFolder", "SQLITE_SIDE_FILES"]

# what SQLite may leave beside a database file
SQLITE_SIDE_FILES = ("-wal", "-shm", "-journal")


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
