"""A tenant's ``sessions`` and ``upkeep`` tables: which chats are live, how each ended, and a
log of the background work the memory ran on its own (session ends, summaries, maintenance,
mining, profile refreshes) with what triggered it.

Rows hold ids, times, reasons and counts, never message text, so forgetting has nothing to
scrub here. Every method takes the database's lock, like :class:`~autogen_zettel.store.db.CardDB`.
"""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime, timedelta
from pathlib import Path

from autogen_zettel.store.db import CardDB

__all__ = ["SessionTable", "overdue_work"]


def _iso(at: datetime) -> str:
    return at.isoformat(timespec="seconds")


class SessionTable:
    """Typed access to the ``sessions`` and ``upkeep`` tables of one tenant database."""

    def __init__(self, db: CardDB):
        self.db = db

    def touch(self, session_id: str, at: datetime, *, reopen: bool = True) -> None:
        """Record activity in ``session_id`` at ``at`` (the row is created on first use).

        With ``reopen`` a session that had ended and gets a message again is live again (the
        adapter's rule for a pinned session id reused after an end, e.g. one simulated day per
        id). Without it an ended session is left as it is: a stored message (the farewell's
        reply, written after the end it triggered) does not undo an end."""
        when = _iso(at)
        update = (
            "last_at = max(last_at, excluded.last_at), ended_at = null, end_reason = null"
            if reopen
            else "last_at = max(last_at, excluded.last_at) where ended_at is null"
        )
        with self.db.lock:
            self.db.db.execute(
                "insert into sessions (id, started_at, last_at) values (?, ?, ?) on conflict(id) do update set "
                + update,
                [session_id, when, when],
            )

    def end(self, session_id: str, at: datetime, reason: str) -> bool:
        """Mark ``session_id`` ended at ``at``; False if it had ended already (nothing changes)."""
        when = _iso(at)
        with self.db.lock, self.db.atomic():
            row = self.get(session_id)
            if row is not None and row["ended_at"] is not None:
                return False
            if row is None:
                self.db.db.execute(
                    "insert into sessions (id, started_at, last_at, ended_at, end_reason) "
                    "values (?, ?, ?, ?, ?)",
                    [session_id, when, when, when, reason],
                )
            else:
                self.db.db.execute(
                    "update sessions set ended_at = ?, end_reason = ? where id = ?",
                    [max(when, row["last_at"]), reason, session_id],
                )
            return True

    def set_summary(self, session_id: str, card_id: str | None) -> None:
        with self.db.lock:
            self.db.db.execute("update sessions set summary_id = ? where id = ?", [card_id, session_id])

    def get(self, session_id: str) -> dict | None:
        with self.db.lock:
            rows = list(self.db.db.query("select * from sessions where id = ?", [session_id]))
        return rows[0] if rows else None

    def live(self) -> list[dict]:
        """Sessions not ended yet, oldest activity first."""
        with self.db.lock:
            return list(
                self.db.db.query("select * from sessions where ended_at is null order by last_at, id")
            )

    def ended_after(self, at: datetime | None) -> list[dict]:
        """Sessions that ended after ``at`` (all ended ones if None), in order of their end."""
        sql = "select * from sessions where ended_at is not null"
        params: list = []
        if at is not None:
            sql += " and ended_at > ?"
            params.append(_iso(at))
        with self.db.lock:
            return list(self.db.db.query(sql + " order by ended_at, id", params))

    def rows(self) -> list[dict]:
        """Every session, in order of its start."""
        with self.db.lock:
            return list(self.db.db.query("select * from sessions order by started_at, id"))

    def latest(self) -> datetime | None:
        """The newest message time any session saw (None before the first)."""
        with self.db.lock:
            row = self.db.db.execute("select max(last_at) from sessions").fetchone()
        return datetime.fromisoformat(row[0]) if row and row[0] else None

    # -- the upkeep log ------------------------------------------------------------------
    def record(
        self,
        job: str,
        trigger: str,
        at: datetime,
        *,
        session_id: str | None = None,
        detail: dict | None = None,
    ) -> None:
        """Log one piece of background work: ``job`` (e.g. "maintenance") and why it ran."""
        with self.db.lock:
            self.db.db.execute(
                "insert into upkeep (at, job, trigger, session_id, detail) values (?, ?, ?, ?, ?)",
                [_iso(at), job, trigger, session_id, json.dumps(detail or {}, sort_keys=True)],
            )

    def upkeep(self, job: str | None = None) -> list[dict]:
        """The upkeep log (of one ``job`` if given), oldest first; ``detail`` decoded."""
        sql, params = "select * from upkeep", []
        if job is not None:
            sql, params = sql + " where job = ?", [job]
        with self.db.lock:
            rows = list(self.db.db.query(sql + " order by id", params))
        for r in rows:
            r["detail"] = json.loads(r["detail"] or "{}")
        return rows


def overdue_work(db_path: Path, now: datetime, *, idle_minutes: float, every_hours: float) -> bool:
    """Whether the tenant database at ``db_path`` has work overdue at ``now``: a live session
    idle longer than ``idle_minutes``, or maintenance ``every_hours`` late. Read-only and cheap
    (no index is opened), so a hub can look at every tenant of its folder when it opens."""
    wal = Path(f"{db_path}-wal")
    # a cleanly closed file has its WAL folded back: read it as immutable, which creates no
    # -shm/-wal beside it (a look must leave the folder as it was); else the WAL holds the
    # latest rows (a process was killed) and is read the normal way
    live = wal.exists() and wal.stat().st_size > 0
    try:
        conn = sqlite3.connect(
            f"file:{db_path}?mode=ro{'' if live else '&immutable=1'}", uri=True, timeout=1.0
        )
    except sqlite3.Error:
        return False
    try:
        cut = (now - timedelta(minutes=idle_minutes)).isoformat(timespec="seconds")
        try:
            idle = conn.execute(
                "select 1 from sessions where ended_at is null and last_at < ? limit 1", [cut]
            ).fetchone()
        except sqlite3.Error:  # a database from before the sessions table: nothing live recorded
            idle = None
        if idle:
            return True
        if not every_hours:
            return False
        try:
            row = conn.execute("select value from meta where key = 'last_maintained'").fetchone()
        except sqlite3.Error:
            return False
        return row is not None and now - datetime.fromisoformat(row[0]) >= timedelta(hours=every_hours)
    finally:
        conn.close()
