"""Cards read from one tenant database, kept until the database is written.

Recall reads the same few hundred cards again and again (a question's candidates and the cards
its links unlock), and reading them cost more than the rest of a hop. Any write drops every
kept card: a counter of the connection's own changes (every insert, update and delete, in any
table, triggers included) and SQLite's count of other connections' commits are compared at
each read, so no write path has to remember the cache.

One write path does tell it: recall's access counts (:meth:`CardDB.touch
<autogen_zettel.store.db.CardDB.touch>`) change a few cards after almost every live recall, and
dropping everything for them made a chatting agent read its cards cold on most recalls.
:meth:`KeptCards.wrote` reads just the cards such a write changed again, when nothing else was
written since the cards were kept.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterable

from autogen_zettel.base.cards import Card

__all__ = ["KeptCards"]


class KeptCards:
    """``read``'s cards, kept while the connection's write version holds.

    :param conn: the tenant's connection (its writes and other connections' commits are counted)
    :param read: ids -> the stored cards among them (e.g. :meth:`CardDB.get_many <autogen_zettel.store.db.CardDB.get_many>`)
    :param lock: the lock every user of ``conn`` holds
    :param limit: cards kept before it starts over (about 1 KB each)
    """

    def __init__(
        self,
        conn: sqlite3.Connection,
        read: Callable[[list[str]], dict[str, Card]],
        lock: threading.RLock,
        *,
        limit: int = 50_000,
    ):
        self.conn, self.read, self.lock, self.limit = conn, read, lock, limit
        self._cards: dict[str, Card] = {}
        self._version: tuple[int, int] | None = None

    def _write_version(self) -> tuple[int, int]:
        return self.conn.total_changes, self.conn.execute("PRAGMA data_version").fetchone()[0]

    def get_many(self, ids: Iterable[str]) -> dict[str, Card]:
        """The stored cards among ``ids``, read at most once between writes. Inside an open
        transaction nothing is kept: a rollback leaves the change counter where the write put
        it, but undoes the rows that would have been read."""
        ids = list(dict.fromkeys(ids))
        with self.lock:
            if self.conn.in_transaction:
                return self.read(ids)
            version = self._write_version()
            cards = self._cards
            if version != self._version or len(cards) > self.limit:
                cards.clear()
                self._version = version
            missing = [i for i in ids if i not in cards]
            if missing:
                cards.update(self.read(missing))
            return {i: cards[i] for i in ids if i in cards}

    def version(self) -> tuple[int, int] | None:
        """The write version the kept cards are valid at, if it is still the connection's
        (None otherwise, or inside a transaction): pass it to :meth:`wrote` after a write."""
        with self.lock:
            if self.conn.in_transaction or self._version is None:
                return None
            return self._version if self._write_version() == self._version else None

    def wrote(self, ids: Iterable[str], before: tuple[int, int] | None) -> None:
        """This connection committed a change of the cards ``ids`` and of nothing another kept
        card reads, and ``before`` is what :meth:`version` said just before it (under the same
        lock as the write): read those of them that were kept again, now, and keep the others.
        Any other case leaves the next read to find the new version and drop everything.

        The writer is recall's background touch: the touched cards are the ones the next recall
        of a chat most likely asks for, so they are read here, off recall's path, not there."""
        with self.lock:
            if before is None or before != self._version or self.conn.in_transaction:
                return
            cards = self._cards
            changed = [i for i in dict.fromkeys(ids) if cards.pop(i, None) is not None]
            self._version = self._write_version()
            if changed:
                cards.update(self.read(changed))

    def drop(self) -> None:
        """Drop every kept card now (forget, wipe and close: no copy stays in memory)."""
        with self.lock:
            self._cards.clear()
            self._version = None

    def __contains__(self, card_id: str) -> bool:
        return card_id in self._cards
