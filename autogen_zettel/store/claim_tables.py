"""What cards assert and where they disagree: the ``claims`` and ``conflicts`` tables of one
tenant database, held as :attr:`CardDB.claims <autogen_zettel.store.db.CardDB.claims>` and
:attr:`CardDB.conflicts <autogen_zettel.store.db.CardDB.conflicts>`. The claims themselves are
read from text in :mod:`autogen_zettel.cards.claims`; conflicts are weighed in
:mod:`autogen_zettel.trust.conflicts`."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from autogen_zettel.store.connection import Tables, chunks, marks, select_rows

__all__ = ["ClaimTable", "ConflictTable"]


class ClaimTable:
    """Each card's claims on a (subject, topic): card_id, subject, topic, context, polarity, value, source."""

    def __init__(self, db: Tables):
        self._db = db

    def replace(self, card_ids: Sequence[str], rows: Iterable[dict]) -> None:
        """Replace the claims of ``card_ids`` with ``rows``."""
        rows = list(rows)
        with self._db.atomic():
            for chunk in chunks(list(card_ids)):
                self._db.db.execute(f"delete from claims where card_id in ({marks(len(chunk))})", chunk)
            if rows:
                self._db.db["claims"].upsert_all(rows, pk=("card_id", "subject", "topic", "context"))

    def on(self, keys: Iterable[tuple[str, str]]) -> list[dict]:
        """Every claim on the given (subject, topic) pairs."""
        out: list[dict] = []
        with self._db.lock:
            for subject, topic in set(keys):
                out.extend(
                    self._db.db.query(
                        "select * from claims where subject = ? and topic = ?", [subject, topic]
                    )
                )
        return out

    def of(self, card_ids: Sequence[str]) -> list[dict]:
        """The claims of ``card_ids``."""
        out: list[dict] = []
        with self._db.lock:
            for chunk in chunks(list(dict.fromkeys(card_ids))):
                out.extend(
                    select_rows(
                        self._db.db, f"select * from claims where card_id in ({marks(len(chunk))})", chunk
                    )
                )
        return out


class ConflictTable:
    """Recorded conflicts between versions of a claim, and context-dependent pairs."""

    def __init__(self, db: Tables):
        self._db = db

    def _upsert(self, rows: list[dict]) -> None:
        if rows:
            self._db.db["conflicts"].upsert_all(rows, pk=("active_id", "other_id", "topic"))

    def replace(self, subject: str, topic: str, rows: Iterable[dict]) -> None:
        """Replace the conflicts recorded for one (subject, topic)."""
        with self._db.atomic():
            self._db.db.execute("delete from conflicts where subject = ? and topic = ?", [subject, topic])
            self._upsert(list(rows))

    def replace_pair(self, a: str, b: str, rows: Iterable[dict]) -> None:
        """Replace the conflicts recorded between cards ``a`` and ``b``."""
        with self._db.atomic():
            self._db.db.execute(
                "delete from conflicts where (active_id = ? and other_id = ?) or (active_id = ? and other_id = ?)",
                [a, b, b, a],
            )
            self._upsert(list(rows))

    def of(self, card_ids: Sequence[str]) -> list[dict]:
        """Conflicts in which any of ``card_ids`` takes part, with the content of both sides."""
        out: list[dict] = []
        with self._db.lock:
            for chunk in chunks(list(dict.fromkeys(card_ids))):
                m = marks(len(chunk))
                out.extend(
                    self._db.db.query(
                        "select f.*, a.content as active_content, o.content as other_content from conflicts f "
                        "join cards a on a.id = f.active_id join cards o on o.id = f.other_id "
                        f"where f.active_id in ({m}) or f.other_id in ({m})",
                        [*chunk, *chunk],
                    )
                )
        return list({(r["active_id"], r["other_id"], r["topic"]): r for r in out}.values())

    def on(self, subject: str, topic: str) -> list[dict]:
        """The conflicts recorded for one (subject, topic)."""
        with self._db.lock:
            return list(
                self._db.db.query("select * from conflicts where subject = ? and topic = ?", [subject, topic])
            )

    def all(self) -> list[dict]:
        """Every recorded conflict, oldest first."""
        with self._db.lock:
            return list(self._db.db.query("select * from conflicts order by detected_at"))

    def losing(self, card_ids: Sequence[str]) -> set[str]:
        """Which of ``card_ids`` lose an evidence conflict (and should wait as to-verify)."""
        out: set[str] = set()
        with self._db.lock:
            for chunk in chunks(list(card_ids)):
                out.update(
                    r["other_id"]
                    for r in self._db.db.query(
                        f"select other_id from conflicts where resolution = 'evidence' and other_id in ({marks(len(chunk))})",
                        chunk,
                    )
                )
        return out
