"""The ``links`` table of one tenant database: plain link reads and writes, the reads recall
spreads over (a frontier's rows, the whole table in one scan), summary membership, and the note of
whose links changed. Held as :attr:`CardDB.links <autogen_zettel.store.db.CardDB.links>`; the link
edits of maintenance are :mod:`~autogen_zettel.store.link_upkeep`'s.

Symmetric kinds are stored once with ``src < dst``; REPLY_TO and SUPERSEDES point from the later
card to the earlier one; ``seq`` numbers the links in the order they were written and
``pair_first`` (set by :meth:`LinkTable.add`, see ``_create_link_tables`` in
:mod:`~autogen_zettel.store.migrations`)
names the first link written between two ends, of any kind. The table is one b-tree in
``(src, kind, dst)`` order holding every column, with one covering index from ``dst``.
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
from autogen_zettel.store.connection import chunks, marks
from autogen_zettel.store.linkscan import Scans, scan_links

__all__ = ["LinkTable", "EFFECTIVE_WEIGHT"]

# the weight recall passes along a link: the weight it was written with, times the gain it
# learned from use (NULL: none learned, and the weight is exactly the written one)
EFFECTIVE_WEIGHT = "coalesce(weight * strength, weight)"


def _link(r: dict) -> Link:
    return Link(
        r["src"],
        r["dst"],
        LinkKind(r["kind"]),
        r["weight"],
        parse_dt(r["created_at"]),
        r.get("strength"),
        parse_dt(r["strength_at"]) if r.get("strength_at") else None,
    )


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
        """Insert links; an existing link keeps the larger weight (and its place in the write order)."""
        rows = []
        for link in links:
            src, dst = link.src, link.dst
            if link.kind not in DIRECTED and dst < src:
                src, dst = dst, src
            rows.append(
                [
                    src,
                    link.kind.value,
                    dst,
                    link.weight,
                    link.created_at.isoformat() if link.created_at else None,
                    src,
                    dst,
                    dst,
                    src,
                    0,
                ]
            )
        if not rows:
            return
        with self._db.atomic():
            first = self._take_seq(len(rows))
            for n, row in enumerate(rows):
                row[-1] = first + n
            # pair_first: the pair's first link if it has one already, else NULL ("this row"; see
            # store/migrations.py), found through the primary key from each end; an
            # existing row keeps its own
            self._db.db.conn.executemany(
                "insert into links (src, kind, dst, weight, created_at, pair_first, seq) values "
                "(?, ?, ?, ?, ?, (select min(s) from (select seq s from links where src = ? and dst = ? "
                "union all select seq from links where src = ? and dst = ?)), ?) "
                "on conflict(src, kind, dst) do update set weight = max(weight, excluded.weight)",
                rows,
            )
            self.note_changes(end for row in rows for end in (row[0], row[2]))

    def _take_seq(self, n: int) -> int:
        """The first of ``n`` new numbers in the write order (in the caller's transaction)."""
        conn = self._db.db.conn
        # an update, then a read (no RETURNING: SQLite before 3.35 has none)
        if conn.execute("update link_seq set last = last + ?", [n]).rowcount == 0:
            # a wiped file: every row of every table went, this one's too
            start = conn.execute("select coalesce(max(seq), 0) from links").fetchone()[0]
            conn.execute("insert into link_seq (last) values (?)", [start + n])
            return start + 1
        return conn.execute("select last from link_seq").fetchone()[0] - n + 1

    def iter(self) -> Iterator[Link]:
        with self._db.lock:
            rows = list(self._db.db.query("select * from links order by seq"))  # first written first
        for r in rows:
            yield _link(r)

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
        a kind in ``kinds``; ``weight`` times the gain the link learned, :data:`EFFECTIVE_WEIGHT`),
        in the order they were written; ``first`` is the ``seq`` of the first
        link written between the two ends, of any kind (where a graph built from every link, in
        :meth:`iter` order, puts each end among the other's neighbours). The table's own order
        (from ``src``) and its index from ``dst`` hold ``first`` too, so
        this reads index entries only and costs the rows it returns, not the table: recall reads
        its frontier's neighbours this way, one statement per hop."""
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
                    f"select seq, coalesce(pair_first, seq), src, dst, kind, {EFFECTIVE_WEIGHT} from links "
                    f"where src in ({marks}){kind_sql} union "
                    f"select seq, coalesce(pair_first, seq), src, dst, kind, {EFFECTIVE_WEIGHT} from links "
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
        in-memory adjacency). A file database is read through a connection of its own in
        one read transaction, so a thread loading it holds no lock writers or recall wait for.
        Card ids are matched to their rows inside SQLite (no Python string per link)."""
        kinds = list(kinds)
        if self.path is None:
            with self._db.lock:
                return scan_links(self._db.db.conn, kinds, max_rows)
        self._db.check_open()
        return self._scans.run(self.path, kinds, max_rows)

    def of(self, card_id: str) -> list[Link]:
        with self._db.lock:
            rows = list(
                self._db.db.query(
                    "select * from links where src = ? or dst = ? order by seq", [card_id, card_id]
                )
            )
        return [_link(r) for r in rows]

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

    def strengths(self, keys: Iterable[tuple[str, str, str]]) -> dict[tuple[str, str, str], tuple]:
        """``(src, kind, dst) -> (strength, strength_at)`` of the stored links among ``keys`` (as
        stored: symmetric kinds with ``src < dst``); a key with no link is left out."""
        out: dict[tuple[str, str, str], tuple] = {}
        with self._db.lock:
            for src, kind, dst in dict.fromkeys(keys):
                row = self._db.db.execute(
                    "select strength, strength_at from links where src = ? and kind = ? and dst = ?",
                    [src, kind, dst],
                ).fetchone()
                if row is not None:
                    out[(src, kind, dst)] = (row[0], parse_dt(row[1]) if row[1] else None)
        return out

    def set_strengths(self, rows: Sequence[tuple[str, str, str, float, str]]) -> None:
        """Write ``(src, kind, dst, strength, strength_at)`` in one statement (the caller's
        transaction, or one of its own), and note both ends' links as changed."""
        if not rows:
            return
        with self._db.atomic():
            self._db.db.conn.executemany(
                "update links set strength = ?, strength_at = ? where src = ? and kind = ? and dst = ?",
                [(g, at, src, kind, dst) for src, kind, dst, g, at in rows],
            )
            self.note_changes(end for src, _, dst, _, _ in rows for end in (src, dst))

    def count(self) -> int:
        with self._db.lock:
            return self._db.db["links"].count
