"""One background thread that runs queued jobs in order (capture and bookkeeping off the
reply path). ``wait(tag)`` blocks until every job queued under ``tag`` has run, and re-raises
the first error one of them hit, so failures are never silent."""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable

__all__ = ["Worker"]

log = logging.getLogger(__name__)


class Worker:
    def __init__(self, name: str = "autogen-zettel-worker"):
        self._queue: queue.Queue = queue.Queue()
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

    def submit(self, tag: str, job: Callable[[], object]) -> None:
        """Queue ``job`` under ``tag`` (a tenant name)."""
        with self._cond:
            if self._closed:
                raise RuntimeError("the memory hub is closed; open it again to remember more")
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
