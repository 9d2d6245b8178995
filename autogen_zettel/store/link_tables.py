"""The ``links`` table of one tenant database: plain link reads and writes, the reads recall
spreads over (a frontier's rows, the whole table in one scan), summary membership, and the note of
whose links changed. Held as :attr:`CardDB.links <autogen_zettel.store.db.CardDB.links>`; the link
edits of maintenance are :mod:`~autogen_zettel.store.link_upkeep`'s.

Symmetric kinds are stored once with ``src < dst``; REPLY_TO and SUPERSEDES point from the later
card to the earlier one; ``pair_first`` (kept by triggers, see ``migrations.m005_link_pairs``)
names the first link written between two ends, of any kind.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator, Sequence
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Protocol

import numpy as np
import sqlite_utils

from autogen_zettel.base.cards import DIRECTED, Link, LinkKind
from autogen_zettel.store.card_rows import parse_dt
from autogen_zettel.store.linkscan import Scans, scan_links
from autogen_zettel.store.migrations import PAIR_FIRST_SQL
from autogen_zettel.store.sql import chunks, marks

__all__ = ["LinkTable"]


class _Database(Protocol):
    """What the link table uses of its :class:`~autogen_zettel.store.db.CardDB`."""

    db: sqlite_utils.Database
    lock: threading.RLock

    def atomic(self) -> AbstractContextManager[None]: ...

    def check_open(self) -> None: ...


class LinkTable:
    """The links of one tenant database (sharing its connection and lock).

    :param db: the tenant's :class:`~autogen_zettel.store.db.CardDB`
    :param path: its file (None: in memory), which :meth:`table` reads through a connection of its own
    """

    def __init__(self, db: _Database, path: Path | None):
        self._db = db
        self.path = path
        self._changes: set[str] | None = set()  # see take_changes
        self._scans = Scans()  # table's read-only connections: wipe and close stop them first

    def stop_scans(self) -> None:
        """Stop the read-only connections :meth:`table` runs (before a wipe or close)."""
        self._scans.stop()

    def add(self, links: Iterable[Link]) -> None:
        """Insert links; an existing link keeps the larger weight."""
        rows = []
        for link in links:
            src, dst = link.src, link.dst
            if link.kind not in DIRECTED and dst < src:
                src, dst = dst, src
            rows.append(
                (
                    src,
                    dst,
                    link.kind.value,
                    link.weight,
                    link.created_at.isoformat() if link.created_at else None,
                    src,
                    dst,
                    dst,
                    src,
                )
            )
        if not rows:
            return
        with self._db.atomic():
            # pair_first: the pair's first link if it has one already, else NULL ("this row"; see
            # migrations.m005_link_pairs); an existing row keeps its own
            self._db.db.conn.executemany(
                "insert into links (src, dst, kind, weight, created_at, pair_first) values (?, ?, ?, ?, ?, "
                "(select min(f.rowid) from links f where (f.src = ? and f.dst = ?) or (f.src = ? and f.dst = ?))) "
                "on conflict(src, dst, kind) do update set weight = max(weight, excluded.weight)",
                rows,
            )
            self.note_changes(end for row in rows for end in row[:2])

    def iter(self) -> Iterator[Link]:
        with self._db.lock:
            rows = list(self._db.db.query("select * from links order by rowid"))  # first written first
        for r in rows:
            yield Link(r["src"], r["dst"], LinkKind(r["kind"]), r["weight"], parse_dt(r["created_at"]))

    def note_changes(self, cards: Iterable[str] | None) -> None:
        """Note that the links of ``cards`` (None: of any card) were written or deleted."""
        with self._db.lock:
            if cards is None or self._changes is None:
                self._changes = None
            else:
                self._changes.update(cards)
                if len(self._changes) > 100_000:  # no reader for long: say "any" in less memory
                    self._changes = None

    def take_changes(self) -> set[str] | None:
        """The cards whose links were written or deleted since the last call (None: any card's may
        have been), for the one cache of link rows a tenant keeps (recall's neighbours)."""
        with self._db.lock:
            changes, self._changes = self._changes, set()
        return changes

    def rows_touching(
        self, ids: Iterable[str], kinds: Iterable[str] | None = None
    ) -> list[tuple[int, str, str, str, float]]:
        """``(first, src, dst, kind, weight)`` of every link with an end in ``ids`` (and, if given,
        a kind in ``kinds``), in the order they were written; ``first`` is the rowid of the first
        link written between the two ends, of any kind (where a graph built from every link, in
        :meth:`iter` order, puts each end among the other's neighbours). Both ends have a
        covering index that holds ``first`` too (kept by triggers, see ``m005_link_pairs``), so
        this reads index entries only and costs the rows it returns, not the table: recall reads
        its frontier's neighbours this way, one statement per hop (#12)."""
        ids = list(dict.fromkeys(ids))
        if not ids:
            return []
        kinds = list(kinds) if kinds is not None else None
        kind_sql = f" and kind in ({','.join('?' * len(kinds))})" if kinds is not None else ""
        out: dict[int, tuple] = {}
        with self._db.lock:
            for start in range(0, len(ids), 400):  # stay under SQLite's bound-parameter limit
                chunk = ids[start : start + 400]
                marks = ",".join("?" * len(chunk))
                # a row with both ends among ids comes from both halves: union keeps one
                rows = self._db.db.execute(
                    f"select rowid, coalesce(pair_first, rowid), src, dst, kind, weight from links "
                    f"where src in ({marks}){kind_sql} union "
                    f"select rowid, coalesce(pair_first, rowid), src, dst, kind, weight from links "
                    f"where dst in ({marks}){kind_sql}",
                    [*chunk, *(kinds or []), *chunk, *(kinds or [])],
                ).fetchall()
                out.update((r[0], r[1:]) for r in rows)  # chunks may share a row too
        return [out[r] for r in sorted(out)]

    def table(
        self, kinds: Sequence[str], *, max_rows: int | None = None
    ) -> tuple[list[str], np.ndarray] | None:
        """Every link of ``kinds`` in one scan, as ``(card ids, rows)``: ``rows`` a
        :data:`~autogen_zettel.store.linkscan.LINK_ROW` array whose ``src``/``dst`` index the ids
        and ``kind`` the ``kinds``; None when there are more than ``max_rows`` links (recall's
        in-memory adjacency, #12). A file database is read through a connection of its own in
        one read transaction, so a thread loading it holds no lock writers or recall wait for.
        Card ids are matched to their rows inside SQLite (no Python string per link)."""
        kinds = list(kinds)
        if self.path is None:
            with self._db.lock:
                return scan_links(self._db.db.conn, kinds, max_rows)
        self._db.check_open()
        return self._scans.run(self.path, kinds, max_rows)

    def renumber_pairs(self) -> None:
        """Recompute every link's ``pair_first`` (after VACUUM, which may renumber rowids)."""
        with self._db.atomic():
            self._db.db.execute(PAIR_FIRST_SQL)
        self.note_changes(None)

    def of(self, card_id: str) -> list[Link]:
        with self._db.lock:
            rows = list(self._db.db.query("select * from links where src = ? or dst = ?", [card_id, card_id]))
        return [
            Link(r["src"], r["dst"], LinkKind(r["kind"]), r["weight"], parse_dt(r["created_at"]))
            for r in rows
        ]

    def summaries_of(self, member_ids: Sequence[str]) -> dict[str, list[str]]:
        """member id -> ids of the summary cards that cover it."""
        out: dict[str, list[str]] = {}
        with self._db.lock:
            for chunk in chunks(list(dict.fromkeys(member_ids))):
                for r in self._db.db.query(
                    f"select src, dst from links where kind = ? and dst in ({marks(len(chunk))})",
                    [LinkKind.SUMMARIZES.value, *chunk],
                ):
                    out.setdefault(r["dst"], []).append(r["src"])
        return out

    def members_of(self, summary_id: str) -> list[str]:
        """The ids of the cards a summary card covers."""
        with self._db.lock:
            return [
                r["dst"]
                for r in self._db.db.query(
                    "select dst from links where kind = ? and src = ?",
                    [LinkKind.SUMMARIZES.value, summary_id],
                )
            ]

    def count(self) -> int:
        with self._db.lock:
            return self._db.db["links"].count
