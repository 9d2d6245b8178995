"""Files written whole or not at all: :func:`write_atomic` writes into a new sibling and renames it
over the path, so a failed or killed writer leaves the last good file, and a link at the path is
replaced, never followed (an export cannot be aimed through a link at a file elsewhere)."""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Callable

__all__ = ["write_atomic"]


def write_atomic(path: str | os.PathLike, write: Callable[[str], object]) -> None:
    """Write a file by ``write(tmp_path)`` into a new sibling of ``path`` and rename it over ``path``
    (a ``path`` that is a pipe, a terminal or a device is written in place)."""
    path = os.fspath(path)
    try:
        mode = os.stat(path).st_mode  # through a link: what a write would reach
    except OSError:
        mode = None
    if mode is not None and not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
        write(path)  # a pipe, a terminal or a device (-o /dev/stdout, a FIFO): nothing to swap
        return
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=f".{os.path.basename(path)}.", suffix=".tmp", dir=folder)
    os.close(fd)
    try:
        write(tmp)
        with open(tmp, "rb") as f:
            os.fsync(f.fileno())
        os.chmod(tmp, _mode(path))
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _mode(path: str) -> int:
    """The new file's permissions: the old file's, else what ``open`` would give (0o666 less the
    umask, read from /proc where there is one: setting the umask to read it races other threads)."""
    try:
        return os.stat(path).st_mode & 0o777
    except OSError:
        pass
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("Umask:"):
                    return 0o666 & ~int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    return 0o644
