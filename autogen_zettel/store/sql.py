"""Small SQL helpers shared by the tenant database's tables: id chunks under SQLite's
bound-parameter limit and their placeholder lists."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

__all__ = ["chunks", "marks"]


def chunks(ids: Sequence[str], size: int = 500) -> Iterator[Sequence[str]]:
    """``ids`` in slices of ``size``, so one statement stays under SQLite's parameter limit."""
    for start in range(0, len(ids), size):
        yield ids[start : start + size]


def marks(n: int) -> str:
    """``n`` comma-separated ``?`` placeholders."""
    return ",".join("?" * n)
