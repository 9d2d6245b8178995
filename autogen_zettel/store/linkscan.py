"""One scan of a tenant's links table into a numpy array (recall's in-memory adjacency, #12)."""

from __future__ import annotations

import sqlite3

import numpy as np

__all__ = ["LINK_ROW", "scan_links"]

# one link row as scan_links returns it: rowid (the order links were written), first (the rowid
# of the pair's first link, any kind), src and dst (indexes into the card ids), kind (index into
# the kinds scanned), weight
LINK_ROW = np.dtype([("rowid", "i8"), ("first", "i8"), ("src", "i4"), ("dst", "i4"), ("kind", "i1"),
                     ("weight", "f8")])


def scan_links(conn: sqlite3.Connection, kinds: list[str], max_rows: int | None
               ) -> tuple[list[str], np.ndarray] | None:
    """``(card ids, rows)`` of every link of ``kinds`` read through ``conn`` (see
    :meth:`CardDB.link_table <autogen_zettel.store.db.CardDB.link_table>`), None past ``max_rows`` links."""
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
    rows = np.fromiter(conn.execute(
        f"select l.rowid, coalesce(l.pair_first, l.rowid), ifnull(s.rowid, -1), ifnull(d.rowid, -1), "
        f"case l.kind {case} end, l.weight from links l left join cards s on s.id = l.src "
        f"left join cards d on d.id = l.dst where l.kind in ({marks})", [*kinds, *kinds]), dtype=LINK_ROW)
    for end in ("src", "dst"):
        rows[end] = to_index[rows[end]]
    loose = np.flatnonzero((rows["src"] < 0) | (rows["dst"] < 0))
    if len(loose):  # links whose end has no card row: give those ends indexes of their own
        index = {card: i for i, card in enumerate(ids)}
        for i in loose.tolist():
            src, dst = conn.execute("select src, dst from links where rowid = ?", [int(rows["rowid"][i])]).fetchone()
            for end, card in (("src", src), ("dst", dst)):
                if card not in index:
                    index[card] = len(ids)
                    ids.append(card)
                rows[end][i] = index[card]
    return ids, rows
