"""What the tables of a tenant database share: the connection they use (:class:`Tables`, what
:class:`~autogen_zettel.store.db.CardDB` gives the objects it holds), id chunks under SQLite's
bound-parameter limit and their placeholder lists."""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator, Sequence
from contextlib import AbstractContextManager
from typing import Protocol

import sqlite_utils

from autogen_zettel.base.cards import Link

__all__ = ["LinkWrites", "Tables", "chunks", "marks", "select_rows"]


class LinkWrites(Protocol):
    """The link writes other tables make (a :class:`~autogen_zettel.store.link_tables.LinkTable`)."""

    def add(self, links: Iterable[Link]) -> None: ...

    def note_changes(self, cards: Iterable[str] | None) -> None: ...


class Tables(Protocol):
    """One tenant database's connection as its tables see it (a
    :class:`~autogen_zettel.store.db.CardDB`): the sqlite-utils database, the lock every
    reader and writer takes, one transaction, and its link table."""

    db: sqlite_utils.Database
    lock: threading.RLock
    links: LinkWrites

    def atomic(self) -> AbstractContextManager[None]: ...


def chunks(ids: Sequence[str], size: int = 500) -> Iterator[Sequence[str]]:
    """``ids`` in slices of ``size``, so one statement stays under SQLite's parameter limit."""
    for start in range(0, len(ids), size):
        yield ids[start : start + size]


def marks(n: int) -> str:
    """``n`` comma-separated ``?`` placeholders."""
    return ",".join("?" * n)


def select_rows(db: sqlite_utils.Database, sql: str, params: Sequence = ()) -> list[dict]:
    """The rows of a ``select`` as dicts, as sqlite-utils' ``query`` gives them, read with the
    connection's own cursor: ``query`` puts a savepoint around every statement (two statements
    more), and every listener of a group chat reads a few rows per message."""
    cursor = db.execute(sql, params)
    columns = [d[0] for d in cursor.description]
    return [dict(zip(columns, row)) for row in cursor.fetchall()]
