"""Every error autogen-zettel raises on purpose, and the fix it suggests.

Hierarchy::

    ZettelError
    ├── ConfigError          a YAML/config file or value is wrong (names file and key)
    ├── InvalidInput         a message, tenant name or argument cannot be accepted
    ├── NotFound             a card or tenant does not exist
    ├── StoreLocked          another process holds the Qdrant local folder
    ├── StoreUnavailable     the Qdrant server (vectors.url, --qdrant-url) cannot be reached
    ├── EmbeddingMismatch    a tenant was built with another embedding model
    ├── DiskFull             the disk is (nearly) full: says what was stored, and how to retry
    ├── QueueFull            remember_later found the background queue full for too long
    └── LLMOutputError       an LLM answer was not the JSON that was asked for

Messages always say what to do next; values are shown with ``!r``.
"""

from __future__ import annotations

__all__ = [
    "ZettelError",
    "ConfigError",
    "InvalidInput",
    "NotFound",
    "StoreLocked",
    "StoreUnavailable",
    "EmbeddingMismatch",
    "LLMOutputError",
    "DiskFull",
    "TooManyOpenFiles",
    "QueueFull",
    "PermanentKeyMissing",
]


class ZettelError(Exception):
    """Base class of every error raised by autogen-zettel."""


class ConfigError(ZettelError, ValueError):
    """A configuration file or value is invalid.

    :param message: what is wrong and how to fix it
    :param file: the file that holds the bad value, if any
    :param key: the dotted key of the bad value, if any
    """

    def __init__(self, message: str, *, file: str | None = None, key: str | None = None):
        self.file = file
        self.key = key
        where = []
        if file:
            where.append(f"in {file}")
        if key:
            where.append(f"at key {key!r}")
        prefix = (" ".join(where) + ": ") if where else ""
        super().__init__(prefix + message)


class InvalidInput(ZettelError, ValueError):
    """An argument (message text, tenant name, id) cannot be accepted."""


class NotFound(ZettelError, KeyError):
    """A card, tenant or file does not exist."""

    def __str__(self) -> str:  # KeyError quotes its message; keep it readable
        return str(self.args[0]) if self.args else ""


class StoreLocked(ZettelError):
    """The Qdrant local folder is held by another client (another process)."""


class EmbeddingMismatch(ZettelError):
    """A tenant's vectors were made with another embedding model or dimension."""


class LLMOutputError(ZettelError):
    """An LLM reply could not be parsed or validated as the requested JSON."""


class DiskFull(ZettelError):
    """The disk holding a tenant's files is full or nearly so; the message says which of the
    messages given were stored, and a retry with the same message ids stores only the rest."""


class StoreCorrupt(ZettelError):
    """A tenant, audit or index file is damaged or unsafe to open; the message names the file and the fix."""


class LLMUnavailable(ZettelError):
    """The configured LLM endpoint cannot be reached (connection refused, timeout, DNS)."""


class StoreUnavailable(ZettelError):
    """The Qdrant server cannot be reached (connection refused, timeout, DNS, refused key)."""


class TooManyOpenFiles(ZettelError, OSError):
    """The process reached its open-file limit (``ulimit -n``); the message names the limit and the settings."""


class QueueFull(ZettelError):
    """``remember_later`` waited ``hub.queue_wait_seconds`` for room in the background queue
    (``hub.max_queued`` jobs) and found none; the message was not queued."""


class PermanentKeyMissing(ZettelError):
    """A permanent-tier card was to be written (or sealed) without the permanent tier's key
    (``ZETTEL_PERMANENT_KEY``); the message names the variable and how to make a key."""
