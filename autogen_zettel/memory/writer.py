"""The writes of one tenant, as the facade runs them: messages remembered now (batched, under the
write lock, with the disk-space checks) or queued for the background worker, cards indexed, the
vectors rebuilt, and writes a crash cut short finished on open.

:class:`Writer` builds an :class:`~autogen_zettel.memory.ingest.Ingest` per write from the hub's
parts read now (its judges may be swapped); the tenant's parts
(:class:`~autogen_zettel.memory.parts.TenantParts`) hold one, and the facade's ``remember*``
and ``reindex`` methods delegate here.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime

from autogen_zettel.base.cards import Card, Message
from autogen_zettel.base.config import MemoryConfig
from autogen_zettel.base.errors import InvalidInput
from autogen_zettel.memory import diskguard
from autogen_zettel.memory.host import TenantHost
from autogen_zettel.memory.ingest import Ingest
from autogen_zettel.store.tenant_store import TenantStore
from autogen_zettel.trust.privacy import Redaction

__all__ = ["Writer"]


class Writer:
    """One tenant's write path over its hub's shared parts.

    :param redact: text -> :class:`~autogen_zettel.trust.privacy.Redaction` (the facade's)
    :param now: ``at`` or None -> the naive UTC time of a write (the facade's)
    """

    def __init__(
        self,
        hub: TenantHost,
        name: str,
        store: TenantStore,
        config: MemoryConfig,
        redact: Callable[[str], Redaction],
        now: Callable[[datetime | None], datetime],
    ):
        self.hub = hub
        self.name = name
        self.store = store
        self.config = config
        self.redact = redact
        self.now = now
        # told ``(session id, time)`` of every message written (the tenant's sessions follow it)
        self.on_written: Callable[[list[tuple[str | None, datetime]]], None] | None = None
        # ids of messages queued by remember_later and not written yet: id -> (text, how many)
        self._queued: dict[str, tuple[str, int]] = {}
        self._queued_lock = threading.Lock()

    def ingest(self) -> Ingest:
        """The write path's collaborators, read from the hub now (its judges may be swapped)."""
        hub = self.hub
        return Ingest(
            self.name,
            self.store.db,
            hub.vectors,
            hub.embedder,
            self.config,
            hub.refiner,
            self.redact,
            self.now,
            link_judge=hub.link_judge,
            conflict_judge=hub.conflict_judge,
            drafts=getattr(hub, "drafts", None),
        )

    def finish_pending(self) -> None:
        """Finish the writes a crash cut short after their commit, under the write lock."""
        with self.store.write_lock:
            self.ingest().finish_pending()

    def remember_many(
        self, messages: Iterable[Message | dict], *, progress: bool = False, batch: int | None = None
    ) -> list[Card]:
        """See :meth:`Zettelkasten.remember_many <autogen_zettel.memory.tenant.Zettelkasten.remember_many>`."""
        db = self.store.db
        db.check_open()
        if batch is not None and (isinstance(batch, bool) or not isinstance(batch, int) or batch < 1):
            raise InvalidInput(
                f"batch must be a whole number of messages of at least 1 or None, got {batch!r}"
            )
        ingest = self.ingest()
        # a retry (same id, speaker and text) stores nothing again, whatever its time
        prepared = diskguard.unstored_messages(db, [ingest.prepare(m) for m in messages])
        ingest.check_ids(prepared)  # a reused id is refused before any batch is written
        vectors = self.hub.vectors
        shard = (
            vectors.root / vectors.collection(self.name) if getattr(vectors, "engine", "") == "edge" else None
        )
        diskguard.check_space(
            self.hub.data_dir, shard, prepared
        )  # a full disk must not reach the engine's maps
        batches = None
        if batch is not None and len(prepared) > batch:
            batches = [prepared[start : start + batch] for start in range(0, len(prepared), batch)]
        else:
            drafts, claims = ingest.draft(prepared)
        with self.store.write_lock:
            # read the graph under the lock: forget and maintain invalidate it there; a graph
            # not built yet is not built for a write
            try:
                if batches is not None:
                    cards = ingest.write_batches(
                        batches,
                        embed_ahead=self.hub.embed_ahead,
                        graph=lambda: self.store.peek("graph"),
                        progress=progress,
                    )
                else:
                    cards = ingest.write(drafts, claims, graph=self.store.peek("graph"), progress=progress)
            except (sqlite3.OperationalError, OSError) as exc:
                if not diskguard.is_disk_full(exc):
                    raise
                raise diskguard.disk_full(db, prepared, exc) from exc
            known = self.store.peek("speakers")  # recall's participants grow with the writes
            if known is not None:
                known.update(c.speaker for c in cards)
        if self.on_written is not None and prepared:  # outside the lock: it only queues work
            self.on_written([(m.session_id, m.at) for m in prepared])
        return cards

    def remember_later(self, text: str | bytes, *, speaker: str, **fields) -> None:
        """See :meth:`Zettelkasten.remember_later <autogen_zettel.memory.tenant.Zettelkasten.remember_later>`."""
        self.store.db.check_open()
        ingest = self.ingest()
        msg = ingest.prepare({**fields, "text": text, "speaker": speaker})
        mid = msg.message_id
        # a reused id is refused here, to the caller, not later in the worker where only a log
        # would say so: against the stored messages and the ones still queued
        with self._queued_lock:
            queued = self._queued.get(mid)
            if queued is not None and queued[0] != msg.text:
                raise ingest.reused(mid, "by a message queued with remember_later")
            ingest.check_ids([msg])
            self._queued[mid] = (msg.text, (queued[1] if queued else 0) + 1)

        def job() -> None:
            try:
                self.remember_many([msg])
            finally:
                self._unqueue(mid)

        try:
            # bounded: waits for room, then QueueFull (hub.max_queued, hub.queue_wait_seconds)
            self.hub.worker.submit(self.name, job, wait=self.config.hub.queue_wait_seconds)
        except BaseException:
            self._unqueue(mid)
            raise

    def _unqueue(self, message_id: str) -> None:
        with self._queued_lock:
            text, count = self._queued.get(message_id, ("", 1))
            if count > 1:
                self._queued[message_id] = (text, count - 1)
            else:
                self._queued.pop(message_id, None)

    def index_cards(self, cards: Sequence[Card], *, progress: bool = False):
        """Embed ``cards`` into this tenant's vectors; see :meth:`Ingest.index`."""
        return self.ingest().index(cards, progress=progress)

    def reindex(self, *, progress: bool = False) -> int:
        """Drop and rebuild this tenant's vectors from SQLite with the hub's embedder."""
        db = self.store.db
        with self.store.write_lock:
            emb = self.hub.embedder
            self.hub.vectors.drop(self.name)
            self.hub.vectors.create(self.name, emb.dim)
            db.set_meta("embedding_model", emb.name)
            db.set_meta("embedding_dim", str(emb.dim))
            cards = list(db.iter_cards(status=None))
            db.mark_indexed([c.id for c in cards], False)
            self.index_cards(cards, progress=progress)
            # the points written, as the progress bar and `stats` count them: summaries are
            # marked indexed but reached through their members, never put in the index
            return sum(1 for c in cards if c.kind.value != "summary")
