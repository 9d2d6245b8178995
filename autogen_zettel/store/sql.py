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

__all__ = ["LinkWrites", "Tables", "chunks", "marks"]


class LinkWrites(Protocol):
    """The link writes other tables make (a :class:`~autogen_zettel.store.link_tables.LinkTable`)."""

    def add(self, links: Iterable[Link]) -> None: ...

    def note_changes(self, cards: Iterable[str] | None) -> None: ...

    def renumber_pairs(self) -> None: ...


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
