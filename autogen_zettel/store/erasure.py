"""Erasing what a tenant database holds about cards or a subject: the rows that mention them,
the source messages that quote them, and the freed bytes. Held as :attr:`CardDB.erasure
<autogen_zettel.store.db.CardDB.erasure>`; :mod:`autogen_zettel.trust.forget` decides what goes."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Protocol

from autogen_zettel.store.connection import Tables, chunks, marks
from autogen_zettel.store.kept import KeptCards

__all__ = ["Erasure"]

# the texts a forget by subject reads, each as ``id`` and ``text``
_SCANS = {
    "speakers": "select id, speaker as text from cards",
    "entities": "select card_id as id, entity as text from card_entities",
    "cards": "select id, content as text from cards",
    "messages": "select id, text from messages",
    "history": "select id, content as text from card_history where content is not null",
}


class _Erasable(Tables, Protocol):
    path: Path | None
    kept: KeptCards

    def stop_scans(self) -> None: ...


class Erasure:
    """Purge and scrub operations of one tenant database (sharing its connection and lock)."""

    def __init__(self, db: _Erasable):
        self._db = db

    def wipe(self) -> None:
        """Delete every row of every table and rebuild the file (``secure_delete`` on), so the
        file holds no card text: run before unlinking it, whose blocks a disk keeps readable."""
        owner, db = self._db, self._db.db
        owner.stop_scans()
        with owner.lock:
            owner.kept.drop()
            db.execute("PRAGMA secure_delete = ON")
            tables = [
                r[0]
                for r in db.execute(
                    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%'"
                ).fetchall()
            ]
            owner.links.note_changes(None)
            with db.atomic():
                # the links' pair_first trigger would renumber each pair as its rows go (5 s per
                # 150k links): every row goes, so it is dropped for the delete and put back
                triggers = db.execute(
                    "select name, sql from sqlite_master where type = 'trigger' and tbl_name = 'links'"
                ).fetchall()
                for name, _ in triggers:
                    db.execute(f"drop trigger [{name}]")
                for name in tables:
                    db.execute(f"delete from [{name}]")
                for _, sql in triggers:
                    db.execute(sql)
                if db.execute("select 1 from sqlite_master where name = 'sqlite_sequence'").fetchone():
                    db.execute("delete from sqlite_sequence")
            if owner.path:
                db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            db.execute("VACUUM")
            if owner.path:
                db.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    def purge(self, card_ids: Sequence[str], message_texts: Mapping[str, str | None]) -> dict:
        """Delete cards with every row that mentions them, and rewrite or delete their messages.

        :param message_texts: message id -> its new text, or None to delete the message
        :returns: counts of deleted rows per table
        """
        owner, db = self._db, self._db.db
        ids = list(dict.fromkeys(card_ids))
        counts = dict.fromkeys(
            ("cards", "links", "card_entities", "claims", "conflicts", "card_history", "messages"), 0
        )
        with owner.atomic():
            owner.kept.drop()  # a forgotten card keeps no copy in memory either (under the lock till commit)
            for chunk in chunks(ids):
                m = marks(len(chunk))
                for table, where in (
                    ("cards", f"id in ({m})"),
                    ("card_entities", f"card_id in ({m})"),
                    ("claims", f"card_id in ({m})"),
                    ("card_history", f"card_id in ({m})"),
                ):
                    counts[table] += db.execute(f"delete from {table} where {where}", chunk).rowcount
                # the purged cards' neighbours each lose links: named, so recall's in-memory
                # adjacency serves them from SQLite and stays loaded for the rest
                ends = db.execute(
                    f"select src, dst from links where src in ({m}) or dst in ({m})", [*chunk, *chunk]
                ).fetchall()
                owner.links.note_changes({*chunk, *(e for row in ends for e in row)})
                counts["links"] += db.execute(
                    f"delete from links where src in ({m}) or dst in ({m})", [*chunk, *chunk]
                ).rowcount
                counts["conflicts"] += db.execute(
                    f"delete from conflicts where active_id in ({m}) or other_id in ({m})", [*chunk, *chunk]
                ).rowcount
                # a clarification question quotes its cards and names their topic: it goes with any of them
                for cid in chunk:
                    db.execute(
                        "delete from clarifications where card_ids like ? or answer_card_id = ?",
                        [f'%"{cid}"%', cid],
                    )
            for mid, text in message_texts.items():
                if text is None:
                    counts["messages"] += db.execute("delete from messages where id = ?", [mid]).rowcount
                else:
                    db.execute("update messages set text = ? where id = ?", [text, mid])
        return counts

    def message_users(self, message_ids: Sequence[str]) -> dict[str, set[str]]:
        """message id -> ids of the cards that cite it."""
        out: dict[str, set[str]] = {m: set() for m in message_ids}
        if not out:
            return out
        with self._db.lock:
            for chunk in chunks(list(out)):
                for r in self._db.db.query(
                    "select cards.id as cid, j.value as mid from cards, json_each(cards.source_ids) j "
                    f"where j.value in ({marks(len(chunk))})",
                    chunk,
                ):
                    out[r["mid"]].add(r["cid"])
        return out

    def ids_by_speaker(self, speaker: str) -> list[str]:
        """Ids of the cards said by ``speaker`` (case-insensitive)."""
        with self._db.lock:
            return [
                r["id"]
                for r in self._db.db.query("select id from cards where lower(speaker) = lower(?)", [speaker])
            ]

    def matching(self, what: str, test: Callable[[str], object]) -> list[dict]:
        """``{"id", "text"}`` of the rows of ``what`` (speakers, entities, cards, messages or
        history) whose text passes ``test``: a full scan, for matches SQL's ASCII-only ``lower``
        cannot make (the spellings of a name in every script, :mod:`autogen_zettel.text.spelling`)."""
        with self._db.lock:
            return [dict(r) for r in self._db.db.query(_SCANS[what]) if r["text"] and test(r["text"])]

    def messages_mentioning(self, word: str) -> list[dict]:
        """Messages whose text contains ``word`` anywhere (a substring, any case): candidates
        only; a caller that deletes must match whole words itself."""
        with self._db.lock:
            return list(
                self._db.db.query("select * from messages where instr(lower(text), lower(?)) > 0", [word])
            )

    def scrub(self, *, vacuum: bool = False) -> None:
        """Make deleted bytes unreadable: fold the WAL into the database and truncate it
        (deleted cells are already zeroed by ``secure_delete``); ``vacuum`` also rebuilds the file."""
        db = self._db.db
        with self._db.lock:
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            if vacuum:
                db.execute("VACUUM")  # the links' write order is their seq, which it keeps
                db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
                # recall's in-memory snapshot of the links names every card id, the forgotten
                # ones too: it goes, and the next one is read from the rebuilt file
                self._db.links.note_changes(None)
