"""One background thread that runs queued jobs in order (capture and bookkeeping off the
reply path). ``wait(tag)`` blocks until every job queued under ``tag`` has run, and re-raises
the first error one of them hit, so failures are never silent.

The queue is bounded for callers that ask (``submit(..., wait=seconds)``, what
``remember_later`` does): with ``limit`` jobs queued such a call blocks until one is done, and
raises :class:`~autogen_zettel.base.errors.QueueFull` if none is within ``wait`` seconds. Jobs
the worker queues itself (a session end's maintenance) never wait: the room they would wait
for is made by the thread that is waiting.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable

__all__ = ["Worker", "WorkerClosed"]

log = logging.getLogger(__name__)


class WorkerClosed(RuntimeError):
    """:meth:`Worker.submit` after :meth:`Worker.close` began: the job was not queued. A job the
    worker is running while the hub closes (the open's catch-up) catches it and stops."""


class Worker:
    def __init__(self, name: str = "autogen-zettel-worker", *, limit: int = 1000):
        self._queue: queue.Queue = queue.Queue()
        self.limit = limit
        self._queued = 0  # jobs submitted and not yet done, all tags
        self._pending: dict[str, int] = {}
        self._errors: dict[str, BaseException] = {}
        self._cond = threading.Condition()
        self._name = name
        self._thread: threading.Thread | None = None
        self._closed = False

    def _ensure_thread(self) -> None:
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._run, name=self._name, daemon=True)
            self._thread.start()

    def submit(self, tag: str, job: Callable[[], object], *, wait: float | None = None) -> None:
        """Queue ``job`` under ``tag`` (a tenant name).

        :param wait: bounded: with :attr:`limit` jobs queued, wait up to this many seconds for
            room, then raise :class:`~autogen_zettel.base.errors.QueueFull` (None: never wait)
        """
        with self._cond:
            if self._closed:
                raise WorkerClosed("the memory hub is closed; open it again to remember more")
            if wait is not None and threading.current_thread() is not self._thread:
                if not self._cond.wait_for(lambda: self._queued < self.limit or self._closed, timeout=wait):
                    from autogen_zettel.base.errors import QueueFull

                    raise QueueFull(
                        f"the background queue holds {self._queued:,} jobs (hub.max_queued = {self.limit:,}) "
                        f"and none finished within {wait:g} s (hub.queue_wait_seconds), so this message was "
                        "not queued; store it now with mem.remember(...), wait for the queue with "
                        "hub.flush(), or raise hub.max_queued / hub.queue_wait_seconds in the config"
                    )
                if self._closed:
                    raise WorkerClosed("the memory hub is closed; open it again to remember more")
            self._queued += 1
            self._pending[tag] = self._pending.get(tag, 0) + 1
            self._ensure_thread()
        self._queue.put((tag, job))

    def _run(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            tag, job = item
            try:
                job()
            except BaseException as exc:  # keep the worker alive; report on wait()
                log.exception("background job for %r failed", tag)
                with self._cond:
                    self._errors.setdefault(tag, exc)
            finally:
                with self._cond:
                    self._pending[tag] -= 1
                    self._queued -= 1
                    self._cond.notify_all()

    def wait(self, tag: str | None = None) -> None:
        """Block until ``tag``'s jobs (all jobs if None) are done; re-raise the first failure.

        Called from a job (the worker's own thread), it returns at once: every job queued
        before this one is done, and the ones after it cannot run until it returns, so waiting
        for them would deadlock (a session end's mining reading the person layers, which flush).
        """
        if threading.current_thread() is self._thread:
            return
        with self._cond:
            self._cond.wait_for(
                lambda: (
                    (self._pending.get(tag, 0) == 0) if tag is not None else not any(self._pending.values())
                )
            )
            errors = [self._errors.pop(tag)] if tag in self._errors else []
            if tag is None:
                errors = list(self._errors.values())
                self._errors.clear()
        if errors:
            raise errors[0]

    def close(self) -> None:
        """Run what is queued, then stop the thread."""
        with self._cond:
            if self._closed:
                return
            self._closed = True
        if self._thread is not None and self._thread.is_alive():
            self._queue.put(None)
            self._thread.join()
