"""remember_later is bounded (#42): at most ``hub.max_queued`` jobs wait in the background
queue; a caller beyond that blocks until there is room, and after ``hub.queue_wait_seconds``
without room gets QueueFull (nothing queued, nothing lost)."""

from __future__ import annotations

import threading
import time

import pytest

from autogen_zettel import HashEmbedder, MemoryHub, SimulatedClock
from autogen_zettel.base.config import config_from_dict
from autogen_zettel.base.errors import QueueFull
from autogen_zettel.memory.tenant import tenant_parts
from tests.conftest import T0


def _hub(tmp_path, wait: float):
    cfg = config_from_dict({"hub": {"max_queued": 4, "queue_wait_seconds": wait}})
    return MemoryHub.open(tmp_path / "data", embedder=HashEmbedder(), clock=SimulatedClock(T0), config=cfg)


def test_a_full_queue_refuses_with_a_clear_error_after_the_wait(tmp_path):
    with _hub(tmp_path, 0.3) as hub:
        mem = hub.tenant("ann")
        gate = threading.Event()
        tenant_parts(mem).run_later(gate.wait)  # the worker is busy: nothing leaves the queue
        for i in range(3):
            mem.remember_later(f"Message {i} about the harbour in Porto.", speaker="ann", message_id=f"m{i}")
        start = time.monotonic()
        with pytest.raises(QueueFull, match=r"hub\.max_queued.*4.*remember\(") as info:
            mem.remember_later("One too many about the harbour.", speaker="ann", message_id="m9")
        assert time.monotonic() - start >= 0.25
        assert "harbour" not in str(info.value)  # the message text is not repeated in the error
        gate.set()
        hub.flush()
        assert sorted(m["id"] for m in tenant_parts(mem).store.db.messages(["m0", "m1", "m2", "m9"])) == [
            "m0",
            "m1",
            "m2",
        ]


def test_a_full_queue_blocks_until_there_is_room(tmp_path):
    with _hub(tmp_path, 30) as hub:
        mem = hub.tenant("ann")
        gate = threading.Event()
        tenant_parts(mem).run_later(gate.wait)
        for i in range(3):
            mem.remember_later(f"Message {i} about the harbour in Porto.", speaker="ann", message_id=f"m{i}")
        threading.Timer(0.3, gate.set).start()
        start = time.monotonic()
        mem.remember_later("The fourth message about the harbour.", speaker="ann", message_id="m3")
        assert time.monotonic() - start >= 0.25
        hub.flush()
        assert len(tenant_parts(mem).store.db.messages(["m0", "m1", "m2", "m3"])) == 4


def test_jobs_the_worker_queues_itself_never_wait(tmp_path):
    # a session end queued from a worker job must not wait for room the worker itself makes
    with _hub(tmp_path, 0.1) as hub:
        mem = hub.tenant("ann")
        done = []

        def job():
            for _ in range(10):
                hub.worker.submit("ann", lambda: done.append(1), wait=0.1)

        tenant_parts(mem).run_later(job)
        hub.flush()
        assert len(done) == 10
