"""Writes on a full disk: refused before they start, or reported with what was stored.

The embedded vector engine writes through memory maps of sparse files (vector chunks and its
write-ahead log are created at full size and filled in place); on a full disk a write into a
page of such a file cannot be backed and the kernel kills the process with SIGBUS, which no
Python code can catch. So before a batch is written, :func:`check_space` makes sure the disk
holds what the engine's files may still fill in (their size not yet allocated) plus one more
chunk and the batch itself, and refuses with :class:`DiskFull` otherwise: nothing is written.

SQLite reports a full disk as ``sqlite3.OperationalError``; :func:`disk_full` turns it into
:class:`DiskFull` naming the messages that were stored before it happened. A retry with the same
message ids is then safe: :func:`unstored_messages` skips a message already stored with the
same speaker and text, whatever its ``at`` (a card's id includes its time, so without this a
retry without ``at=`` would store every card twice).
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Sequence
from pathlib import Path

from autogen_zettel.base.cards import Message
from autogen_zettel.base.errors import DiskFull

__all__ = ["ENGINE_CHUNK_BYTES", "check_space", "disk_full", "is_disk_full", "unstored_messages"]

ENGINE_CHUNK_BYTES = 32 * 1024 * 1024  # a new vector chunk or write-ahead-log segment of the engine
_PER_MESSAGE = 64 * 1024  # card rows, links, indexes and vectors of one message, generously
_FLOOR = 8 * 1024 * 1024
_PLENTY = 4 * 1024**3  # free beyond this: no need to add up the engine's unallocated bytes


def _unallocated(folder: Path) -> int:
    """Bytes the files under ``folder`` may still fill in place (apparent size beyond their blocks)."""
    total = 0
    if folder.is_dir():
        for path in folder.rglob("*"):
            try:
                st = path.stat()
            except OSError:
                continue
            if path.is_file():
                total += max(0, st.st_size - st.st_blocks * 512)
    return total


def check_space(data_dir: Path | None, shard: Path | None, messages: Sequence[Message]) -> None:
    """Raise :class:`DiskFull` unless the disk of ``data_dir`` can take ``messages`` (see the module docstring)."""
    if data_dir is None or not messages or not Path(data_dir).exists():
        return
    st = os.statvfs(data_dir)
    free = st.f_bavail * st.f_frsize
    text = sum(len(m.text) for m in messages)
    need = _FLOOR + ENGINE_CHUNK_BYTES + 4 * text + _PER_MESSAGE * len(messages)
    if free - need > _PLENTY:
        return  # far from full: the engine's files cannot fill that much in place
    if shard is not None:
        need += _unallocated(shard)
    if free < need:
        raise DiskFull(
            f"the disk holding {str(data_dir)!r} has {free / 2**20:.1f} MiB free, under the {need / 2**20:.1f} MiB "
            f"these {len(messages)} messages may need (the vector engine's files fill in place); nothing was "
            "stored: free some space, then retry"
        )


def unstored_messages(db, messages: Sequence[Message]) -> list[Message]:
    """``messages`` less those already stored with the same id, speaker and text (a retry)."""
    ids = [m.message_id for m in messages if m.message_id]
    stored = {r["id"]: r for r in db.messages(ids)} if ids else {}
    return [
        m
        for m in messages
        if not ((row := stored.get(m.message_id)) and row["speaker"] == m.speaker and row["text"] == m.text)
    ]


def is_disk_full(exc: BaseException) -> bool:
    if isinstance(exc, sqlite3.OperationalError):  # SQLITE_FULL, or SQLITE_IOERR when a file cannot grow
        text = str(exc).lower()
        return "full" in text or "disk i/o error" in text
    return isinstance(exc, OSError) and exc.errno in (28, 27)  # ENOSPC, EFBIG


def disk_full(db, messages: Sequence[Message], exc: BaseException) -> DiskFull:
    """The :class:`DiskFull` for ``exc`` raised while ``messages`` were written: which were stored."""
    ids = [m.message_id for m in messages]
    try:
        stored = {r["id"] for r in db.messages(ids)}
    except sqlite3.Error:  # the disk may not even allow a read transaction's journal
        stored = None
    if stored is None:
        what = "which of them were stored could not be read back"
    else:
        first = next((i for i in ids if i not in stored), None)
        what = f"{len(stored & set(ids))} of {len(ids)} messages were stored" + (
            f" (the first not stored: {first!r})" if first else " (all of them)"
        )
    return DiskFull(
        f"the disk is full or failing ({exc}): {what}; free some space, then retry with the same message ids: "
        "messages already stored are skipped, and cards left unlinked are finished on the next open"
    )
