"""Opening one tenant's memory: refuse an empty database file, stamp a new tenant with the layers
version, check the embedder the vectors were made with, make the index collection, roll the audit
log forward, reconcile SQLite with the index (finishing writes a crash cut short) and finish a
forget cut short after its commit. What :meth:`Zettelkasten.open
<autogen_zettel.memory.tenant.Zettelkasten.open>` does.
"""

from __future__ import annotations

from typing import TypeVar

from autogen_zettel.memory.reopen import check_embedder, reconcile, refuse_empty_file
from autogen_zettel.memory.tenant_hub import Hub
from autogen_zettel.store.db import CardDB
from autogen_zettel.trust.forget import finish_forget
from autogen_zettel.trust.layer_sync import LAYERS_VERSION

__all__ = ["open_tenant"]

T = TypeVar("T")


def open_tenant(cls: type[T], hub: Hub, name: str, *, check_model: bool = True) -> T:
    """A ``cls(hub, name, db)`` facade over tenant ``name``'s database, checked and reconciled."""
    path = hub.db_path(name)
    if path is not None and path.exists() and path.stat().st_size == 0:
        refuse_empty_file(hub, name, path)
    mem = cls(hub, name, CardDB(path, pool=getattr(hub, "open_files", None)))
    if mem.db.get_meta("tenant") is None:
        mem.db.set_meta("layers_version", LAYERS_VERSION)  # a new tenant: its layers follow every write
    if check_model:
        check_embedder(mem.db, hub.vectors, hub.embedder, name)
    hub.vectors.create(name, hub.embedder.dim)
    rolled = mem.store.open_audit()
    if check_model:
        reconcile(mem.db, hub.vectors, name, index=mem.index_cards, finish=mem.writer.finish_pending)
    if any(e.action.startswith("forget") for e in rolled):
        finish_forget(mem.store)  # a forget cut short after its commit: scrub what it freed
    return mem
