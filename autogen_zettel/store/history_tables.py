"""A card's history: earlier versions and status changes (edits, merges, freezes, conflicts),
the ``card_history`` table of one tenant database, held as :attr:`CardDB.history
<autogen_zettel.store.db.CardDB.history>`."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence

from autogen_zettel.store.connection import Tables, chunks, marks

__all__ = ["CardHistory"]


class CardHistory:
    """The ``card_history`` rows of one tenant database (sharing its connection and lock)."""

    def __init__(self, db: Tables):
        self._db = db

    def add(self, rows: Iterable[dict]) -> None:
        """Record earlier versions or status changes: card_id, version, at, action, content, status, detail."""
        rows = [{**r, "detail": json.dumps(r.get("detail") or {})} for r in rows]
        if rows:
            with self._db.atomic():
                self._db.db["card_history"].insert_all(rows)

    def of(self, card_id: str) -> list[dict]:
        """The history rows of one card, oldest first (``detail`` parsed)."""
        with self._db.lock:
            rows = list(
                self._db.db.query("select * from card_history where card_id = ? order by id", [card_id])
            )
        for r in rows:
            r["detail"] = json.loads(r["detail"] or "{}")
        return rows

    def mentioning(self, word: str) -> list[dict]:
        """``{"id", "content"}`` of history rows whose text contains ``word`` as a substring
        (any case): candidates only, "Al" is in "also"; match whole words before deleting."""
        with self._db.lock:
            return list(
                self._db.db.query(
                    "select id, content from card_history where instr(lower(coalesce(content, '')), lower(?)) > 0",
                    [word],
                )
            )

    def delete_rows(self, row_ids: Sequence[int]) -> int:
        """Delete history rows by their row id; returns how many went."""
        n = 0
        with self._db.atomic():
            for chunk in chunks(list(row_ids)):
                n += self._db.db.execute(
                    f"delete from card_history where id in ({marks(len(chunk))})", chunk
                ).rowcount
        return n
