"""What the tables of a tenant database share: the connection they use (:class:`Tables`, what
:class:`~autogen_zettel.store.db.CardDB` gives the objects it holds), id chunks under SQLite's
bound-parameter limit and their placeholder lists."""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator, Sequence
from contextlib import AbstractContextManager
from typing import Protocol

import sqlite_utils

__all__ = ["Tables", "chunks", "marks"]


class Tables(Protocol):
    """One tenant database's connection as its tables see it (a
    :class:`~autogen_zettel.store.db.CardDB`): the sqlite-utils database, the lock every
    reader and writer takes, one transaction, and the note that links changed."""

    db: sqlite_utils.Database
    lock: threading.RLock

    def atomic(self) -> AbstractContextManager[None]: ...

    def note_link_changes(self, cards: Iterable[str] | None) -> None: ...


def chunks(ids: Sequence[str], size: int = 500) -> Iterator[Sequence[str]]:
    """``ids`` in slices of ``size``, so one statement stays under SQLite's parameter limit."""
    for start in range(0, len(ids), size):
        yield ids[start : start + size]


def marks(n: int) -> str:
    """``n`` comma-separated ``?`` placeholders."""
    return ",".join("?" * n)
