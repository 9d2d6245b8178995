"""One scan of a tenant's links table into a numpy array (recall's in-memory adjacency)."""

from __future__ import annotations

import logging
import sqlite3
import threading
from pathlib import Path

import numpy as np

__all__ = ["LINK_ROW", "scan_links", "Scans"]

log = logging.getLogger(__name__)

# one link row as scan_links returns it: seq (the order links were written), first (the seq
# of the pair's first link, any kind), src and dst (indexes into the card ids), kind (index into
# the kinds scanned), weight (times the gain the link learned from use, when it learned one)
LINK_ROW = np.dtype(
    [("seq", "i8"), ("first", "i8"), ("src", "i4"), ("dst", "i4"), ("kind", "i1"), ("weight", "f8")]
)


def scan_links(
    conn: sqlite3.Connection, kinds: list[str], max_rows: int | None
) -> tuple[list[str], np.ndarray] | None:
    """``(card ids, rows)`` of every link of ``kinds`` read through ``conn`` (see
    :meth:`LinkTable.table <autogen_zettel.store.link_tables.LinkTable.table>`), None past ``max_rows`` links."""
    if max_rows is not None and conn.execute("select count(*) from links").fetchone()[0] > max_rows:
        return None
    cards = conn.execute("select rowid, id from cards").fetchall()
    ids = [r[1] for r in cards]
    rowids = np.fromiter((r[0] for r in cards), dtype=np.int64, count=len(cards))
    to_index = np.full(int(rowids.max(initial=0)) + 2, -1, dtype=np.int32)
    to_index[rowids] = np.arange(len(cards), dtype=np.int32)
    to_index[-1] = -1  # a link end with no card row (NULL below reads as -1)
    marks = ",".join("?" * len(kinds))
    case = " ".join(f"when ? then {i}" for i in range(len(kinds)))
    rows = np.fromiter(
        conn.execute(
            f"select l.seq, coalesce(l.pair_first, l.seq), ifnull(s.rowid, -1), ifnull(d.rowid, -1), "
            f"case l.kind {case} end, coalesce(l.weight * l.strength, l.weight) from links l "
            f"left join cards s on s.id = l.src "
            f"left join cards d on d.id = l.dst where l.kind in ({marks})",
            [*kinds, *kinds],
        ),
        dtype=LINK_ROW,
    )
    for end in ("src", "dst"):
        rows[end] = to_index[rows[end]]
    loose = np.flatnonzero((rows["src"] < 0) | (rows["dst"] < 0))
    if len(loose):  # links whose end has no card row: give those ends indexes of their own
        index = {card: i for i, card in enumerate(ids)}
        at = {int(seq): i for i, seq in zip(loose.tolist(), rows["seq"][loose].tolist())}
        # every link with an end that has no card row, in one pass (seq has no index of its own)
        for seq, src, dst in conn.execute(
            "select seq, src, dst from links l where not exists (select 1 from cards where id = l.src) "
            "or not exists (select 1 from cards where id = l.dst)"
        ):
            i = at.get(seq)
            if i is None:  # a link of a kind not scanned
                continue
            for end, card in (("src", src), ("dst", dst)):
                if card not in index:
                    index[card] = len(ids)
                    ids.append(card)
                rows[end][i] = index[card]
    return ids, rows


class Scans:
    """The read-only connections a database file's link scans run on (a background thread),
    so that wiping or closing the file can stop them first: an open read transaction keeps a
    WAL checkpoint from folding the log back, and the wiped text would stay in the main file."""

    def __init__(self) -> None:
        self._open: set[sqlite3.Connection] = set()
        self._changed = threading.Condition()

    def run(self, path: Path, kinds: list[str], max_rows: int | None) -> tuple[list[str], np.ndarray] | None:
        """:func:`scan_links` on a read-only connection of its own, in one read transaction."""
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None)
        with self._changed:
            self._open.add(conn)
        try:
            # one sequential pass: a map would only add the whole links table to resident memory
            conn.execute("PRAGMA mmap_size = 0")
            conn.execute("begin")  # one snapshot for the count, the ids and the links
            return scan_links(conn, kinds, max_rows)
        finally:
            with self._changed:  # closed under the lock: stop() never interrupts a closed one
                self._open.discard(conn)
                conn.close()
                self._changed.notify_all()

    def stop(self, timeout: float = 10.0) -> None:
        """Interrupt every running scan until all have closed (or ``timeout`` seconds passed):
        an interrupt only stops a statement that runs, so it is repeated between statements."""
        with self._changed:
            for _ in range(max(1, int(timeout / 0.05))):
                if not self._open:
                    return
                for conn in self._open:
                    conn.interrupt()
                self._changed.wait(0.05)
            if self._open:
                log.warning("a link scan did not stop in %.0f s; the WAL may keep wiped text", timeout)
