"""Sessions that end on their own: one :class:`Sessions` per tenant (``mem.sessions``).

A chat capability records activity (:meth:`Sessions.touch`) and the session's end; the end
runs, in the hub's background worker and in this order:

1. the session's row is marked ended, with its reason ("new chat", "idle gap", "end-of-chat
   phrase", "hub close", "on request");
2. the session's summary card is written (``maintenance.summaries: session``);
3. every subscriber is told (:meth:`Sessions.subscribe`; the persona engine mines with the
   trigger "session end" and refreshes the profile);
4. maintenance runs if it is due (``maintenance.every_hours`` since the last run).

Each step leaves a row in the tenant's ``upkeep`` table (:meth:`Sessions.upkeep`), so what
ran, when and why can always be read back. A session whose process exited without closing
the hub stays live in the ``sessions`` table; the next :meth:`MemoryHub.open
<autogen_zettel.memory.hub.MemoryHub.open>` ends it once the idle gap has passed
(:func:`~autogen_zettel.store.session_tables.overdue_work`), and :meth:`MemoryHub.close <autogen_zettel.memory.hub.MemoryHub.close>`
ends every session still live.
"""

from __future__ import annotations

import logging
import threading
import weakref
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from autogen_zettel.base.cards import Message
from autogen_zettel.base.clock import as_naive_utc
from autogen_zettel.store.session_tables import SessionTable
from autogen_zettel.trust.maintenance import summarise_session

__all__ = ["SessionEnd", "Sessions", "TRIGGERS", "sessions_by_gap"]

log = logging.getLogger(__name__)

#: why a session ended
TRIGGERS = ("new chat", "idle gap", "end-of-chat phrase", "hub close", "on request")
_TOUCH_EVERY = timedelta(seconds=60)  # activity is written at most this often per session (clock time)


@dataclass(frozen=True)
class SessionEnd:
    """One session's end, as subscribers are told of it."""

    tenant: str
    session_id: str
    at: datetime
    reason: str


class Sessions:
    """The sessions of one tenant: live ones, their ends, and the upkeep log (see the module docstring).

    :param mem: the tenant (a :class:`~autogen_zettel.memory.tenant.Zettelkasten`)
    """

    def __init__(self, mem: Any):
        self.mem = mem
        self.table = SessionTable(mem.db)
        self._lock = threading.Lock()
        self._written: dict[str, datetime] = {}
        # kept by the hub per tenant name: a subscriber outlives this handle if the hub reopens the tenant
        self._subscribers: list[Callable[[], Callable[[SessionEnd], None] | None]] = (
            mem.hub.session_subscribers.setdefault(mem.name, [])
        )

    # -- activity ------------------------------------------------------------------------
    def touch(self, session_id: str, at: datetime) -> None:
        """Note activity in ``session_id`` (written in the background, at most once a clock minute)."""
        at = as_naive_utc(at)
        with self._lock:
            last = self._written.get(session_id)
            if last is not None and at - last < _TOUCH_EVERY:
                return
            self._written[session_id] = at
        self.mem.hub.worker.submit(self.mem.name, lambda: self.table.touch(session_id, at))

    def saw(self, messages: Iterable[tuple[str | None, datetime]]) -> None:
        """Note messages written with ``(session id, time)``: each session's activity, so the plain
        library path (``remember`` with session ids, an ingest of an old chat export) ends its
        sessions as an agent's chat does: every live one at ``hub.close()`` (a session idle past
        ``sessions.idle_minutes`` then ends at its last message), and what a process left live
        at the next open (:meth:`MemoryHub.catch_up <autogen_zettel.memory.hub.MemoryHub.catch_up>`).

        Nothing reopens here either: a session that ended stays ended when a message of it is
        stored afterwards (the farewell's reply, queued after the end it triggered); a chat that
        goes on is live again through :meth:`touch`, by the adapter's session rules.

        Nothing ends here, in the middle of a write: a session end writes a summary and runs
        maintenance in the background, which must not interleave with the batches of an ingest
        still running in the caller's thread (what an ingest stores must not depend on timing)."""
        latest: dict[str, datetime] = {}
        first: dict[str, datetime] = {}
        for session_id, at in messages:
            if session_id:
                when = as_naive_utc(at)
                latest[session_id] = max(latest.get(session_id, when), when)
                first[session_id] = min(first.get(session_id, when), when)
        if not latest:
            return
        for session_id, at in first.items():  # a new session's row starts at its first message
            if at < latest[session_id]:
                self.table.touch(session_id, at, reopen=False)
        # written now, not queued: the write itself was synchronous, and a script that exits
        # without closing the hub must leave its session recorded for the next open to end
        for session_id, at in sorted(latest.items(), key=lambda kv: kv[1]):
            self.table.touch(session_id, at, reopen=False)

    def live(self) -> list[dict]:
        """Sessions not ended yet (rows of the ``sessions`` table)."""
        return self.table.live()

    def rows(self) -> list[dict]:
        """Every session this tenant took part in: ``id``, ``started_at``, ``last_at``,
        ``ended_at``, ``end_reason``, ``summary_id``."""
        return self.table.rows()

    def upkeep(self, job: str | None = None) -> list[dict]:
        """The log of background work: ``at``, ``job`` ("session end", "summary", "maintenance",
        "mining", "profile"), ``trigger``, ``session_id``, ``detail``."""
        return self.table.upkeep(job)

    def record(
        self,
        job: str,
        trigger: str,
        at: datetime,
        *,
        session_id: str | None = None,
        detail: dict | None = None,
    ) -> None:
        """Add a row to the upkeep log (the persona engine logs its minings and profiles here)."""
        self.table.record(job, trigger, as_naive_utc(at), session_id=session_id, detail=detail)

    # -- subscribers ---------------------------------------------------------------------
    def subscribe(self, callback: Callable[[SessionEnd], None]) -> Callable[[], None]:
        """Call ``callback(end)`` at every session end (on the background worker); returns a
        function that unsubscribes. A bound method is held weakly: an engine that is gone
        stops being called."""
        ref: Callable[[], Callable[[SessionEnd], None] | None]
        if hasattr(callback, "__self__") and hasattr(callback, "__func__"):
            ref = weakref.WeakMethod(callback)  # type: ignore[arg-type]
        else:
            ref = lambda: callback  # noqa: E731
        with self._lock:
            self._subscribers.append(ref)

        def unsubscribe() -> None:
            with self._lock:
                if ref in self._subscribers:
                    self._subscribers.remove(ref)

        return unsubscribe

    # -- ending --------------------------------------------------------------------------
    def end(self, session_id: str, *, at: datetime, reason: str) -> None:
        """End ``session_id`` at ``at`` in the background (see the module docstring); a session
        that has ended already is left alone."""
        when = as_naive_utc(at)
        self.mem.hub.worker.submit(self.mem.name, lambda: self._finish(session_id, when, reason))

    def end_live(self, *, at: datetime, reason: str, idle_minutes: float | None = None) -> None:
        """End every live session in the background: all of them, or with ``idle_minutes`` only
        those idle that long at ``at`` (each then ends at its last activity)."""
        when = as_naive_utc(at)
        gap = timedelta(minutes=self.mem.config.sessions.idle_minutes or 0)

        def job() -> None:
            for row in self.table.live():
                last = datetime.fromisoformat(row["last_at"])
                if idle_minutes is None:
                    # one long past (an old export's, a script's) ends at its last message
                    self._finish(row["id"], last if gap and when - last > gap else max(when, last), reason)
                elif when - last > timedelta(minutes=idle_minutes):
                    self._finish(row["id"], last, reason)

        self.mem.hub.worker.submit(self.mem.name, job)

    def _finish(self, session_id: str, at: datetime, reason: str) -> None:
        if not self.table.end(session_id, at, reason):
            return
        with self._lock:
            self._written.pop(session_id, None)
        log.debug("tenant %s: session %s ended (%s)", self.mem.name, session_id, reason)
        self.table.record("session end", reason, at, session_id=session_id)
        self._summarise(session_id, at)
        self._keep_context(session_id, at)
        end = SessionEnd(self.mem.name, session_id, at, reason)
        with self._lock:
            subscribers = [ref() for ref in self._subscribers]
        for callback in subscribers:
            if callback is None:
                continue
            try:
                callback(end)
            except Exception as exc:  # noqa: BLE001 - one subscriber's failure must not stop the rest
                log.warning(
                    "tenant %s: session-end subscriber failed (%s)",
                    self.mem.name,
                    type(exc).__name__,
                    exc_info=True,
                )
        self.maintain_if_due(at, "session end", session_id=session_id)

    def _keep_context(self, session_id: str, at: datetime) -> None:
        # the context of life the session was inferred to be in (work, personal, ...) is kept
        try:
            context = self.mem.people.contexts.session_ended(session_id, at)
        except Exception as exc:  # noqa: BLE001 - the session has ended; it stays shared
            log.warning(
                "tenant %s: session context not kept (%s)", self.mem.name, type(exc).__name__, exc_info=True
            )
            return
        if context is not None:
            self.table.record(
                "context", "session end", at, session_id=session_id, detail={"context": context}
            )

    def _summarise(self, session_id: str, at: datetime) -> None:
        if self.mem.config.maintenance.summaries != "session":
            return
        try:
            with self.mem.store.write_lock:
                made = summarise_session(self.mem, session_id)
                self.mem.store.invalidate()
        except Exception as exc:  # noqa: BLE001 - the session has ended; its summary can come with maintenance
            log.warning(
                "tenant %s: session summary failed (%s)", self.mem.name, type(exc).__name__, exc_info=True
            )
            return
        if made is not None:
            self.table.set_summary(session_id, made.id)
            self.table.record(
                "summary", "session end", at, session_id=session_id, detail={"card_id": made.id}
            )

    def latest_activity(self) -> datetime | None:
        """The newest message time any session of this tenant saw (None before the first)."""
        return self.table.latest()

    def maintain_if_due(self, at: datetime, trigger: str, *, session_id: str | None = None) -> bool:
        """Queue maintenance if it is due and log it with ``trigger`` once it ran."""
        if not self.mem.archive.maintain_later(at=at):
            return False

        def logged() -> None:  # queued after the maintenance job: it runs once that one has
            self.table.record("maintenance", trigger, at, session_id=session_id)

        self.mem.hub.worker.submit(self.mem.name, logged)
        return True


def sessions_by_gap(messages: Sequence[Message], *, idle_minutes: float, prefix: str) -> list[Message]:
    """``messages`` with a session id for those without one: a new session after every silence
    longer than ``idle_minutes`` (in time order), named ``{prefix}-{its first message's time}``.
    An old chat export then ends each of its sessions as a live chat would (summaries, mining).
    Messages with no time, or a session id of their own, are left as they are.

    >>> from datetime import datetime
    >>> msgs = [Message("hi", "a", at=datetime(2024, 1, 1, 9)), Message("yo", "b", at=datetime(2024, 1, 1, 9, 5)),
    ...         Message("back", "a", at=datetime(2024, 1, 2, 9))]
    >>> [m.session_id for m in sessions_by_gap(msgs, idle_minutes=30, prefix="chat")]
    ['chat-20240101T0900', 'chat-20240101T0900', 'chat-20240102T0900']
    """
    timed = sorted(
        (i for i, m in enumerate(messages) if m.session_id is None and m.at is not None),
        key=lambda i: (as_naive_utc(messages[i].at), i),
    )
    out = list(messages)
    current, last = None, None
    for i in timed:
        at = as_naive_utc(messages[i].at)
        if current is None or last is None or at - last > timedelta(minutes=idle_minutes):
            current = f"{prefix}-{at:%Y%m%dT%H%M}"
        out[i] = replace(messages[i], session_id=current)
        last = at
    return out
