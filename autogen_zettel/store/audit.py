"""An append-only, hash-chained audit log of what a tenant's memory was asked to forget or change.

Each entry stores its sequence number, time, action and a JSON ``detail`` made of ids, counts
and keyed digests, never the forgotten text itself; its ``hash`` covers its own fields and the
previous entry's hash, so changing, removing or reordering any entry breaks every later link.

Version 2 entries (``v = 2``) are chained with an HMAC-SHA256 under the tenant's key, which
lives in the tenant's database, not in the log: whoever can edit the log file cannot
recompute the chain. The tenant database also records the count and head of the chain
(:class:`Anchor`) in the same transaction as the change the entry describes, so deleting rows,
emptying or deleting the log is detected by :meth:`AuditLog.verify`. Version 1 entries (plain
SHA-256, written before the key) stay readable and verifiable; a log is adopted once, when a
tenant first opens it, and every later entry must be keyed.

SQLite triggers refuse UPDATE and DELETE on the table (a guard against accidents).

One log per tenant, ``<data folder>/audit/<tenant>.sqlite``, kept when the tenant is dropped
(its key goes with the tenant: the keyed entries of a dropped tenant are then checked for
their links only).

>>> log = AuditLog(None)
>>> e = log.append("forget", {"card_ids": ["c1"], "content_sha256": [content_digest("I don't eat coriander")]})
>>> log.verify().ok, log.verify().entries
(True, 1)
"""

from __future__ import annotations

import hashlib
import hmac
import json
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from autogen_zettel.base.errors import StoreCorrupt
from autogen_zettel.store.handles import HandlePool, ReopeningConnection, too_many_open_files

__all__ = [
    "AuditEntry",
    "AuditReport",
    "AuditLog",
    "Anchor",
    "content_digest",
    "entry_row",
    "entry_from_row",
    "GENESIS",
]

GENESIS = "0" * 64


def content_digest(text: str, key: bytes | None = None) -> str:
    """SHA-256 hex digest of a text (what the log records instead of the text); with ``key``,
    an HMAC-SHA256, which nobody without the key can test guesses against (a name such as
    "bob" has few candidates; the key lives in the tenant's database and goes with it)."""
    if key is not None:
        return hmac.new(key, text.encode("utf-8"), hashlib.sha256).hexdigest()
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class AuditEntry:
    seq: int
    at: str
    action: str
    detail: dict
    prev_hash: str
    hash: str


@dataclass(frozen=True)
class AuditReport:
    """Result of :meth:`AuditLog.verify`: ``ok`` when every entry links and hashes correctly
    (and, given an anchor, the log holds every entry the tenant database recorded)."""

    ok: bool
    entries: int
    head: str  # hash of the newest entry (GENESIS for an empty log)
    problems: tuple[str, ...] = field(default_factory=tuple)
    keyed: bool = False  # whether keyed entries were checked with the tenant's key


@dataclass(frozen=True)
class Anchor:
    """What the tenant database recorded of its audit chain: ``count`` entries ending in
    ``head``; entries up to ``base`` were there when the tenant adopted the log (they may be
    unkeyed, or keyed by an earlier tenant of that name)."""

    count: int
    head: str
    base: int = 0


def _entry_hash(
    seq: int, at: str, action: str, detail_json: str, prev_hash: str, key: bytes | None = None
) -> str:
    payload = json.dumps([seq, at, action, detail_json, prev_hash], ensure_ascii=False, separators=(",", ":"))
    if key is not None:
        return hmac.new(key, payload.encode("utf-8"), hashlib.sha256).hexdigest()
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def _dumps(detail: dict) -> str:
    return json.dumps(detail, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def entry_row(seq: int, at: datetime, action: str, detail: dict, prev: str, key: bytes | None) -> tuple:
    """The row of a new entry ``(seq, at, action, detail, prev_hash, hash, v)``, keyed when ``key`` is given."""
    when, detail_json = at.isoformat(), _dumps(detail)
    return (
        seq,
        when,
        action,
        detail_json,
        prev,
        _entry_hash(seq, when, action, detail_json, prev, key),
        2 if key is not None else 1,
    )


def entry_from_row(row: Sequence) -> AuditEntry:
    """The entry of a row ``(seq, at, action, detail, prev_hash, hash, ...)``; unreadable detail JSON is kept as text."""
    seq, at, action, detail, prev, h = row[:6]
    try:
        parsed = json.loads(detail)
    except json.JSONDecodeError:
        parsed = {"unreadable": detail}
    return AuditEntry(seq, at, action, parsed, prev, h)


_SCHEMA = """
create table if not exists audit (
    seq integer primary key,
    at text not null,
    action text not null,
    detail text not null,
    prev_hash text not null,
    hash text not null,
    v integer not null default 2
);
create trigger if not exists audit_no_update before update on audit
    begin select raise(abort, 'the audit log is append-only'); end;
create trigger if not exists audit_no_delete before delete on audit
    begin select raise(abort, 'the audit log is append-only'); end;
"""


class AuditLog:
    """One tenant's audit log in its own SQLite file (``path=None``: in memory)."""

    def __init__(self, path: str | Path | None, *, pool: HandlePool | None = None):
        """:param pool: the hub's bound on open files: the log's file closes while idle when the
        pool needs room, and reopens on its next use"""
        self.path = Path(path) if path else None
        if self.path:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.RLock()
        try:
            self._conn = self._connect()
            self._conn.executescript(_SCHEMA)
            cols = {r[1] for r in self._conn.execute("pragma table_info(audit)")}
            if "v" not in cols:  # a log from before keyed chains: its entries are version 1
                self._conn.execute("alter table audit add column v integer not null default 1")
        except sqlite3.DatabaseError as e:
            raise self._damaged(e) from None
        if pool is not None and self.path:
            self._conn = ReopeningConnection(self._conn, self._connect, self._lock, pool)

    def _connect(self) -> sqlite3.Connection:
        try:
            return sqlite3.connect(
                str(self.path) if self.path else ":memory:", check_same_thread=False, isolation_level=None
            )
        except sqlite3.OperationalError as exc:
            raise too_many_open_files(exc, f"the audit log {str(self.path)!r}") or exc from None

    def _damaged(self, e: Exception) -> StoreCorrupt:
        return StoreCorrupt(
            f"the audit log {str(self.path or ':memory:')!r} cannot be read or written ({e}); restore it "
            "from a backup (or move it aside to start a new log, which `audit verify` will then report "
            "as missing entries), and check the file's permissions"
        )

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    @contextmanager
    def _immediate(self) -> Iterator[sqlite3.Connection]:
        """One write transaction on the log (BEGIN IMMEDIATE ... COMMIT, rolled back on any
        error); a damaged file becomes :class:`StoreCorrupt` naming it."""
        with self._lock:
            try:
                self._conn.execute("begin immediate")
                try:
                    yield self._conn
                    self._conn.execute("commit")
                except BaseException:
                    self._conn.execute("rollback")
                    raise
            except sqlite3.DatabaseError as e:
                raise self._damaged(e) from None

    def check_writable(self) -> None:
        """Raise :class:`StoreCorrupt` unless an entry could be written now (call before deleting)."""
        with self._lock:
            try:
                self._conn.execute("begin immediate")
                self._conn.execute("rollback")
            except sqlite3.Error as e:
                raise self._damaged(e) from None

    def append(
        self, action: str, detail: dict, *, at: datetime | None = None, key: bytes | None = None
    ) -> AuditEntry:
        """Append one entry after the newest; ``detail`` must be JSON (ids, counts, digests: no
        forgotten text). A tenant's own entries go through :meth:`write`, anchored in its database."""
        when = at or datetime.now(timezone.utc).replace(tzinfo=None)
        with self._immediate() as conn:
            row = conn.execute("select seq, hash from audit order by seq desc limit 1").fetchone()
            seq, prev = (row[0] + 1, row[1]) if row else (1, GENESIS)
            new = entry_row(seq, when, action, detail, prev, key)
            conn.execute(
                "insert into audit (seq, at, action, detail, prev_hash, hash, v) "
                "values (?, ?, ?, ?, ?, ?, ?)",
                new,
            )
        return entry_from_row(new)

    def write(self, rows: Sequence[tuple]) -> None:
        """Write entries made elsewhere (rows of :func:`entry_row`), idempotently: an entry
        already in the log with the same hash is skipped, so a write cut short can be redone."""
        if not rows:
            return
        with self._immediate() as conn:
            for row in rows:
                have = conn.execute("select hash from audit where seq = ?", (row[0],)).fetchone()
                if have is None:
                    conn.execute(
                        "insert into audit (seq, at, action, detail, prev_hash, hash, v) "
                        "values (?, ?, ?, ?, ?, ?, ?)",
                        tuple(row),
                    )
                elif have[0] != row[5]:
                    raise StoreCorrupt(
                        f"the audit log {str(self.path or ':memory:')!r} already holds a different entry "
                        f"{row[0]}; it was changed or replaced: restore it from a backup"
                    )

    def replace_all(self, rows: Sequence[tuple]) -> None:
        """Replace every entry with ``rows`` in one transaction (a migration's rewrite, see
        :mod:`~autogen_zettel.store.audit_ids`), then overwrite the freed pages (secure_delete
        and VACUUM), so the old entries' bytes do not stay in the file."""
        with self._immediate() as conn:
            conn.execute("pragma secure_delete = on")
            conn.execute("drop trigger if exists audit_no_delete")
            conn.execute("delete from audit")
            conn.executemany(
                "insert into audit (seq, at, action, detail, prev_hash, hash, v) "
                "values (?, ?, ?, ?, ?, ?, ?)",
                [tuple(r) for r in rows],
            )
            conn.execute(
                "create trigger if not exists audit_no_delete before delete on audit "
                "begin select raise(abort, 'the audit log is append-only'); end"
            )
        with self._lock:
            try:
                self._conn.execute("vacuum")
            except sqlite3.DatabaseError as e:
                raise self._damaged(e) from None

    def _rows(self) -> list[tuple]:
        with self._lock:
            try:
                return self._conn.execute(
                    "select seq, at, action, detail, prev_hash, hash, v from audit order by seq"
                ).fetchall()
            except sqlite3.DatabaseError as e:
                raise self._damaged(e) from None

    def tail(self) -> tuple[int, str]:
        """``(seq, hash)`` of the newest entry, ``(0, GENESIS)`` for an empty log."""
        with self._lock:  # the newest row only: this runs when a tenant opens
            try:
                row = self._conn.execute("select seq, hash from audit order by seq desc limit 1").fetchone()
            except sqlite3.DatabaseError as e:
                raise self._damaged(e) from None
        return (row[0], row[1]) if row else (0, GENESIS)

    def entries(self) -> list[AuditEntry]:
        """Every entry, oldest first."""
        return [entry_from_row(r) for r in self._rows()]

    def verify(self, key: bytes | None = None, anchor: Anchor | None = None) -> AuditReport:
        """Recompute the chain: every entry must hash to its ``hash`` and point at its predecessor.

        :param key: the tenant's key, to check keyed entries (without it they are checked for links only)
        :param anchor: what the tenant database recorded; the log must end where it says, and
            every entry after its ``base`` must be keyed
        """
        rows = self._rows()
        problems = []
        prev = GENESIS
        expected_seq = 1
        base = anchor.base if anchor else None
        for seq, at, action, detail, prev_hash, h, v in rows:
            if seq != expected_seq:
                problems.append(f"entry {expected_seq} is missing (next entry is {seq})")
            if prev_hash != prev:
                problems.append(f"entry {seq} does not point at the previous entry's hash")
            if v == 1:
                if base is not None and seq > base:
                    problems.append(
                        f"entry {seq} ({action}) is not keyed: it was rewritten without the tenant's key"
                    )
                elif _entry_hash(seq, at, action, detail, prev_hash) != h:
                    problems.append(
                        f"entry {seq} ({action}) was changed: its hash does not match its content"
                    )
            elif key is not None and _entry_hash(seq, at, action, detail, prev_hash, key) != h:
                if (
                    base is None or seq > base
                ):  # entries up to base may be keyed by an earlier tenant of this name
                    problems.append(
                        f"entry {seq} ({action}) was changed: its keyed hash does not match its content"
                    )
            prev, expected_seq = h, seq + 1
        if anchor is not None:
            count = rows[-1][0] if rows else 0
            if count < anchor.count:
                problems.append(
                    f"the log ends at entry {count} but the tenant database recorded {anchor.count} entries: "
                    f"entries {count + 1}-{anchor.count} are missing (rows deleted or the file replaced); "
                    "restore the audit file from a backup"
                )
            elif count > anchor.count:
                problems.append(f"entries {anchor.count + 1}-{count} were not written by this tenant")
            elif count and prev != anchor.head:
                problems.append(
                    f"entry {count} is not the entry the tenant database recorded: the log was rewritten"
                )
        return AuditReport(not problems, len(rows), prev, tuple(problems), key is not None)
