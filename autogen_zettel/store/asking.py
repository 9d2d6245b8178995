"""What recall's query map learns from, read from a tenant's database: the newest messages that
ask, each with the reply another participant gave to it (a ``REPLY_TO`` link), and an even
spread of the tenant's other cards as rivals.

A fit reads them rarely (memory/query_map.py); the pairs query walks the cards newest first and
stops at its limit, the spread reads its rows by row number.
"""

from __future__ import annotations

from autogen_zettel.base.cards import CardStatus, LinkKind

__all__ = ["asking_pairs", "card_rows", "spread_ids"]

# a message that asks: a question mark in any script's form (?, full-width ？, Arabic ؟)
_ASKS_SQL = "(instr(a.content, '?') > 0 or instr(a.content, '？') > 0 or instr(a.content, '؟') > 0)"


def card_rows(db) -> int:
    """The highest row number of the tenant's cards (0 if none): it grows with every card
    written, at the cost of one index seek."""
    with db.lock:
        row = db.db.execute("select max(rowid) from cards").fetchone()
    return int(row[0] or 0)


def asking_pairs(db, limit: int) -> list[tuple[str, str, str]]:
    """Up to ``limit`` ``(asking card id, its text, reply card id)``, newest asking card first:
    both cards active, the reply by someone else (one reply per asking card, the lowest id when
    several answered).

    Cards are read newest first and each one's replies looked up in the links' index from their
    target, so the statement stops after the ``limit``-th pair instead of reading every link."""
    active = CardStatus.ACTIVE.value
    sql = (
        "select a.id, a.content, (select min(l.src) from links l join cards r on r.id = l.src "
        "where l.dst = a.id and l.kind = ? and r.status = ? and r.speaker != a.speaker) as reply "
        f"from cards a where a.status = ? and {_ASKS_SQL} and reply is not null "
        "order by a.rowid desc limit ?"
    )
    with db.lock:
        rows = db.db.execute(sql, [LinkKind.REPLY_TO.value, active, active, int(limit)]).fetchall()
    return [(r[0], r[1], r[2]) for r in rows]


def spread_ids(db, n: int) -> list[str]:
    """Up to ``n`` active card ids spread evenly over the tenant's rows (the same ids for the same
    cards: a fit is repeatable)."""
    top = card_rows(db)
    if top == 0 or n <= 0:
        return []
    step = max(1, top // n)
    picks = list(range(1, top + 1, step))[:n]
    out: list[str] = []
    with db.lock:
        for start in range(0, len(picks), 500):
            chunk = picks[start : start + 500]
            out.extend(
                r[0]
                for r in db.db.execute(
                    f"select id from cards where rowid in ({','.join('?' * len(chunk))}) and status = ?",
                    [*chunk, CardStatus.ACTIVE.value],
                ).fetchall()
            )
    return out
