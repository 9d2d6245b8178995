"""Injectable time: the wall clock, or a simulated clock that tests and simulations move.

Every datetime autogen-zettel stores is naive UTC; aware datetimes are converted.

>>> clock = SimulatedClock(datetime(2024, 1, 1))
>>> clock.advance(days=7).isoformat()
'2024-01-08T00:00:00'
"""

from __future__ import annotations

import threading
from datetime import datetime, timedelta, timezone
from typing import Protocol

__all__ = ["Clock", "SystemClock", "SimulatedClock", "as_naive_utc"]


def as_naive_utc(at: datetime) -> datetime:
    """Aware datetimes become naive UTC; naive ones are taken as UTC already."""
    if not isinstance(at, datetime):
        from autogen_zettel.base.errors import InvalidInput

        raise InvalidInput(f"at= must be a datetime, got {at!r}")
    if at.tzinfo is not None:
        return at.astimezone(timezone.utc).replace(tzinfo=None)
    return at


class Clock(Protocol):
    def now(self) -> datetime:
        """The current time, naive UTC."""


class SystemClock:
    """The machine's clock."""

    def now(self) -> datetime:
        return datetime.now(timezone.utc).replace(tzinfo=None)


class SimulatedClock:
    """A clock that only moves when told to (simulated days, deterministic tests)."""

    def __init__(self, start: datetime):
        self._now = as_naive_utc(start)
        self._lock = threading.Lock()

    def now(self) -> datetime:
        with self._lock:
            return self._now

    def set(self, at: datetime) -> datetime:
        with self._lock:
            self._now = as_naive_utc(at)
            return self._now

    def advance(self, **delta: float) -> datetime:
        """Move forward by ``timedelta(**delta)``, e.g. ``advance(days=1)``."""
        with self._lock:
            self._now += timedelta(**delta)
            return self._now
