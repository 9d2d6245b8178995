"""An append-only, hash-chained audit log of what a tenant's memory was asked to forget or change.

Each entry stores its sequence number, time, action and a JSON ``detail`` made of ids, counts
and SHA-256 digests, never the forgotten text itself; its ``hash`` is the SHA-256 of its own
fields and of the previous entry's hash, so changing, removing or reordering any entry breaks
every later link. SQLite triggers refuse UPDATE and DELETE on the table (a guard against
accidents); :meth:`AuditLog.verify` detects tampering done around them, e.g. with the
triggers dropped or the file edited. Truncating the newest entries cannot be seen from inside
the file: keep the head hash :meth:`AuditLog.verify` reports somewhere else to detect that.

One log per tenant, ``<data folder>/audit/<tenant>.sqlite``, kept when the tenant is dropped.

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
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

__all__ = ["AuditEntry", "AuditReport", "AuditLog", "content_digest", "GENESIS"]

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
    """Result of :meth:`AuditLog.verify`: ``ok`` when every entry links and hashes correctly."""

    ok: bool
    entries: int
    head: str  # hash of the newest entry (GENESIS for an empty log)
    problems: tuple[str, ...] = field(default_factory=tuple)


def _entry_hash(seq: int, at: str, action: str, detail_json: str, prev_hash: str) -> str:
    payload = json.dumps([seq, at, action, detail_json, prev_hash], ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


_SCHEMA = """
create table if not exists audit (
    seq integer primary key,
    at text not null,
    action text not null,
    detail text not null,
    prev_hash text not null,
    hash text not null
);
create trigger if not exists audit_no_update before update on audit
    begin select raise(abort, 'the audit log is append-only'); end;
create trigger if not exists audit_no_delete before delete on audit
    begin select raise(abort, 'the audit log is append-only'); end;
"""


class AuditLog:
    """One tenant's audit log in its own SQLite file (``path=None``: in memory)."""

    def __init__(self, path: str | Path | None):
        self.path = Path(path) if path else None
        if self.path:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self._conn = sqlite3.connect(str(self.path) if self.path else ":memory:", check_same_thread=False,
                                     isolation_level=None)
        self._lock = threading.Lock()
        self._conn.executescript(_SCHEMA)

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    def append(self, action: str, detail: dict, *, at: datetime | None = None) -> AuditEntry:
        """Append one entry; ``detail`` must be JSON (ids, counts, digests: no forgotten text)."""
        when = (at or datetime.now(timezone.utc).replace(tzinfo=None)).isoformat()
        detail_json = json.dumps(detail, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
        with self._lock:
            self._conn.execute("begin immediate")
            try:
                row = self._conn.execute("select seq, hash from audit order by seq desc limit 1").fetchone()
                seq, prev = (row[0] + 1, row[1]) if row else (1, GENESIS)
                h = _entry_hash(seq, when, action, detail_json, prev)
                self._conn.execute("insert into audit values (?, ?, ?, ?, ?, ?)",
                                   (seq, when, action, detail_json, prev, h))
                self._conn.execute("commit")
            except BaseException:
                self._conn.execute("rollback")
                raise
        return AuditEntry(seq, when, action, detail, prev, h)

    def entries(self) -> list[AuditEntry]:
        """Every entry, oldest first."""
        with self._lock:
            rows = self._conn.execute("select seq, at, action, detail, prev_hash, hash from audit order by seq").fetchall()
        out = []
        for seq, at, action, detail, prev, h in rows:
            try:
                parsed = json.loads(detail)
            except json.JSONDecodeError:
                parsed = {"unreadable": detail}
            out.append(AuditEntry(seq, at, action, parsed, prev, h))
        return out

    def verify(self) -> AuditReport:
        """Recompute the chain: every entry must hash to its ``hash`` and point at its predecessor."""
        with self._lock:
            rows = self._conn.execute("select seq, at, action, detail, prev_hash, hash from audit order by seq").fetchall()
        problems = []
        prev = GENESIS
        expected_seq = 1
        for seq, at, action, detail, prev_hash, h in rows:
            if seq != expected_seq:
                problems.append(f"entry {expected_seq} is missing (next entry is {seq})")
            if prev_hash != prev:
                problems.append(f"entry {seq} does not point at the previous entry's hash")
            if _entry_hash(seq, at, action, detail, prev_hash) != h:
                problems.append(f"entry {seq} ({action}) was changed: its hash does not match its content")
            prev, expected_seq = h, seq + 1
        return AuditReport(not problems, len(rows), prev, tuple(problems))
