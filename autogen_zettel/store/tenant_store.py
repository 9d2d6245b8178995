"""One tenant's storage as one typed object: its database, its collection in the shared vector
index, its audit log, its write lock and the caches derived from them.

Everything above the store that changes a tenant goes through a :class:`TenantStore`: it holds
the lock writers share, drops every derived cache in one call (:meth:`TenantStore.invalidate`),
and is the only way to change a card's status, so that a status change always leaves a history
row and an audit entry.
"""

from __future__ import annotations

import logging
import secrets
import threading
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any, TypeVar

from autogen_zettel.base.cards import Card, CardStatus
from autogen_zettel.store.audit import (
    GENESIS,
    Anchor,
    AuditEntry,
    AuditLog,
    AuditReport,
    entry_from_row,
    entry_row,
)
from autogen_zettel.store.audit_ids import card_ref, holds_plain_ids, key_card_ids, rekey_rows
from autogen_zettel.store.db import CardDB
from autogen_zettel.store.index import VectorStore

__all__ = ["TenantStore", "LEARNED"]

# the key prefix of lasting caches learned from the cards' contents (recall's query map):
# :meth:`TenantStore.drop_learned` drops them when a card is forgotten
LEARNED = "learned:"

T = TypeVar("T")

log = logging.getLogger(__name__)


class TenantStore:
    """The database, index collection, audit log, write lock and caches of tenant ``name``.

    :param name: the tenant (also the name of its collection in ``vectors``)
    :param db: the tenant's SQLite database (the truth)
    :param vectors: the vector index shared by the hub's tenants
    :param audit_log: the tenant's audit log
    """

    def __init__(self, name: str, db: CardDB, vectors: VectorStore, audit_log: AuditLog):
        self.name = name
        self.db = db
        self.vectors = vectors
        self.audit_log = audit_log
        # one lock for every writer of this tenant: ingest, curation, forgetting, maintenance
        # and the persona engine
        self.write_lock = threading.RLock()
        self._cache: dict[str, Any] = {}
        self._lasting: dict[str, Any] = {}  # cached values that follow their own changes

    # -- derived caches -------------------------------------------------------------------
    def cached(self, key: str, build: Callable[[], T], *, lasting: bool = False) -> T:
        """The cached value ``key`` (e.g. the card graph), built on first use after :meth:`invalidate`.

        :param lasting: the value follows the changes it depends on itself (recall's link
            neighbours read :meth:`LinkTable.take_changes <autogen_zettel.store.link_tables.LinkTable.take_changes>`),
            so :meth:`invalidate` keeps it: dropping it would reload every link after each edit
        """
        cache = self._lasting if lasting else self._cache
        try:
            return cache[key]
        except KeyError:
            value = cache[key] = build()
            return value

    def peek(self, key: str) -> Any:
        """The cached value ``key`` if it is built, else None (never builds)."""
        return self._cache.get(key, self._lasting.get(key))

    def invalidate(self) -> None:
        """Drop every derived cache but the lasting ones: call after any change that is not a
        plain append."""
        self._cache.clear()

    def drop_learned(self) -> None:
        """Drop every cache learned from the cards' contents (key prefix :data:`LEARNED`, in memory
        and in the database's meta rows), so nothing learned outlives a forgotten card: a forget
        calls it before its vacuum, and the next use learns it again from the cards there are."""
        for key in [k for k in self._lasting if k.startswith(LEARNED)]:
            self._lasting.pop(key, None)
        self.db.drop_meta(LEARNED)  # and what was kept of it in the database

    # -- the collection -------------------------------------------------------------------
    def delete_points(self, ids: Sequence[str]) -> None:
        self.vectors.delete(self.name, ids)

    def compact(self) -> None:
        """Rewrite the collection's storage so deleted points leave no bytes behind."""
        self.vectors.compact(self.name)

    # -- audit ----------------------------------------------------------------------------
    def audit_key(self) -> bytes:
        """This tenant's key for the digests its audit entries record (made on first use, kept
        in the tenant's database, so dropping the tenant leaves the log's digests unguessable)."""
        key = self.db.get_meta("audit_key")
        if key is None:
            key = secrets.token_hex(32)
            self.db.set_meta("audit_key", key)
        return bytes.fromhex(key)

    def anchor(self) -> Anchor | None:
        """What this tenant's database recorded of its audit chain (None before it adopted its log)."""
        count = self.db.get_meta("audit_count")
        if count is None:
            return None
        return Anchor(
            int(count), self.db.get_meta("audit_head") or GENESIS, int(self.db.get_meta("audit_base") or 0)
        )

    def open_audit(self) -> list[AuditEntry]:
        """On open: adopt the audit log once (record its count and head, so a shortened log is
        seen from then on), then copy entries a crash left in the outbox to the log and finish
        the forgets they record; returns those entries."""
        with self.write_lock:
            if self.anchor() is None:
                count, head = self.audit_log.tail()
                with self.db.atomic():
                    self.db.set_meta("audit_count", str(count))
                    self.db.set_meta("audit_head", head)
                    self.db.set_meta("audit_base", str(count))
            rolled = self.flush_audit()
            self._key_logged_ids()
            return rolled

    def card_ref(self, card_id: str) -> str:
        """What this tenant's audit entries record for ``card_id`` (its ids are keyed, see
        :mod:`~autogen_zettel.store.audit_ids`): find a card's entries by this value."""
        return card_ref(card_id, self.audit_key())

    def _key_logged_ids(self) -> None:
        """Migrate a log written with plain card ids: key them and rechain it (once, on open)."""
        if self.db.get_meta("audit_ids") == "keyed":
            return
        entries = self.audit_log.entries()
        if any(holds_plain_ids(e.detail) for e in entries):
            key = self.audit_key()
            report = self.audit_log.verify(key, self.anchor())
            if not report.ok:  # never bless a broken chain by rewriting it: verify keeps reporting it
                log.warning(
                    "tenant %s: audit log not migrated to keyed card ids, its chain does not verify: %s",
                    self.name,
                    "; ".join(report.problems[:3]),
                )
                return
            rows = rekey_rows(self.audit_log._rows(), key)
            self.audit_log.replace_all(rows)
            with self.db.atomic():
                self.db.set_meta("audit_count", str(rows[-1][0]))
                self.db.set_meta("audit_head", rows[-1][5])
                self.db.set_meta("audit_base", "0")  # every entry is keyed by this tenant now
            log.info("tenant %s: audit log migrated: %d entries keep keyed card ids", self.name, len(rows))
        self.db.set_meta("audit_ids", "keyed")

    def stage_audit(self, action: str, detail: dict, *, at: datetime) -> AuditEntry:
        """Record an audit entry in this tenant's database, in the caller's transaction (call it
        inside ``db.atomic()`` with the change it records); :meth:`flush_audit` copies it to the log."""
        key = self.audit_key()
        detail = key_card_ids(detail, key)  # a plain card id would confirm a guess of forgotten text
        with self.write_lock, self.db.atomic():
            anchor = self.anchor() or Anchor(*self.audit_log.tail())
            row = entry_row(anchor.count + 1, at, action, detail, anchor.head, key)
            self.db.db.execute(
                "insert into audit_outbox (seq, at, action, detail, prev_hash, hash, v) "
                "values (?, ?, ?, ?, ?, ?, ?)",
                row,
            )
            self.db.set_meta("audit_count", str(row[0]))
            self.db.set_meta("audit_head", row[5])
            if self.db.get_meta("audit_base") is None:
                self.db.set_meta("audit_base", str(anchor.count))
        return AuditEntry(row[0], row[1], action, detail, row[4], row[5])

    def flush_audit(self) -> list[AuditEntry]:
        """Copy the staged entries to the audit log (idempotent), then drop them from the outbox."""
        with self.write_lock:
            rows = self.db.db.execute(
                "select seq, at, action, detail, prev_hash, hash, v from audit_outbox order by seq"
            ).fetchall()
            if not rows:
                return []
            self.audit_log.write(rows)
            with self.db.atomic():
                self.db.db.execute("delete from audit_outbox where seq <= ?", (rows[-1][0],))
        return [entry_from_row(r) for r in rows]

    def audit(self, action: str, detail: dict, *, at: datetime) -> AuditEntry:
        """Write an audit entry now (give ids and digests, never content); inside an open
        transaction, use :meth:`stage_audit` so the entry commits with the change."""
        with self.write_lock:
            entry = self.stage_audit(action, detail, at=at)
            self.flush_audit()
        return entry

    def audit_entries(self) -> list[AuditEntry]:
        return self.audit_log.entries()

    def verify_audit(self) -> AuditReport:
        """Check the chain with this tenant's key, against the count and head its database recorded."""
        with self.write_lock:
            self.flush_audit()
            return self.audit_log.verify(self.audit_key(), self.anchor())

    # -- status ---------------------------------------------------------------------------
    def set_status(
        self, card: Card, status: CardStatus, *, action: str, at: datetime, detail: dict | None = None
    ) -> None:
        """Change ``card``'s status, the one way to do it: a history row (the status it had)
        and an audit entry go with every change."""
        self.set_statuses([card], status, action=action, at=at, detail=detail)

    def set_statuses(
        self,
        cards: Sequence[Card],
        status: CardStatus,
        *,
        action: str,
        at: datetime,
        detail: dict | None = None,
    ) -> None:
        """:meth:`set_status` for many cards at once: one transaction, one audit entry."""
        self.change_statuses(
            [(c.id, c.version, c.status, detail or {}) for c in cards],
            status,
            action=action,
            at=at,
            detail=detail,
        )

    def change_statuses(
        self,
        changes: Sequence[tuple[str, int | None, CardStatus, dict]],
        status: CardStatus,
        *,
        action: str,
        at: datetime,
        detail: dict | None = None,
    ) -> None:
        """:meth:`set_statuses` from ``(card id, version, status it has, its own detail)`` rows, for
        callers that scan rows rather than load cards (maintenance over a whole tenant): each
        history row keeps its card's detail, the one audit entry carries ``detail``."""
        changes = [c for c in changes if CardStatus(c[2]) is not status]
        if not changes:
            return
        with self.write_lock:
            if len(changes) == 1:
                entry = {
                    "card_id": changes[0][0],
                    "from": CardStatus(changes[0][2]).value,
                    "to": status.value,
                }
            else:
                entry = {"card_ids": [c[0] for c in changes], "to": status.value}
            with self.db.atomic():
                self.db.change_statuses(
                    [(cid, version, was, status, own) for cid, version, was, own in changes],
                    action=action,
                    at=at,
                )
                self.stage_audit(action, {**entry, **(detail or {})}, at=at)
            self.flush_audit()
            self.invalidate()

    def close(self, reason: str | None = None) -> None:
        """Close the database; later use raises :class:`InvalidInput` with ``reason``."""
        with self.write_lock:
            self.db.close(reason)
