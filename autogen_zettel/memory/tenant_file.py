"""A tenant's SQLite file read on its own, without a hub: no embedder, no vector index, so it
opens quickly and while the agent runs (the CLI's ``traits`` reads the persona tables this way)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from autogen_zettel.base.errors import NotFound
from autogen_zettel.memory.hub import validate_tenant_name
from autogen_zettel.store.db import CardDB
from autogen_zettel.store.layout import DataFolder
from autogen_zettel.store.persona_tables import PersonaStore

__all__ = ["persona_tables"]


@contextmanager
def persona_tables(data_dir: str | Path, name: str) -> Iterator[PersonaStore]:
    """The persona tables of tenant ``name`` under ``data_dir`` (``tenants/<name>.sqlite``),
    closed on leaving the block.

    :raises NotFound: the tenant has no file there (the message lists the tenants it has)
    """
    name = validate_tenant_name(name)
    folder = DataFolder(data_dir)
    path = folder.tenant_db(name)
    if not path.exists():
        known = folder.tenant_names()
        raise NotFound(
            f"no tenant {name!r} in {str(data_dir)!r} (known: {', '.join(known) or 'none'}); "
            "give the agent's data folder with --data-dir"
        )
    db = CardDB(path)
    try:
        yield db.persona
    finally:
        db.close()
