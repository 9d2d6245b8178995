"""A hub used after fork() is refused in the child, as a second process is; a second hub on the
same folder in one process is told "in this process" (#25 item 8)."""

from __future__ import annotations

import os

import pytest

from autogen_zettel import HashEmbedder, MemoryHub, SimulatedClock
from autogen_zettel.base.errors import StoreLocked
from autogen_zettel.memory.tenant import tenant_parts
from tests.conftest import T0

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork()")


def _open(data):
    return MemoryHub.open(data, embedder=HashEmbedder(), clock=SimulatedClock(T0))


def _in_child(action) -> int:
    """Run ``action`` in a forked child; its exit code: 0 refused with StoreLocked, 1 it went
    through, 2 another error."""
    pid = os.fork()
    if pid == 0:  # the child: never return into pytest
        code = 2
        try:
            action()
            code = 1
        except StoreLocked as exc:
            code = 0 if "fork" in str(exc) else 2
        except BaseException:  # noqa: BLE001 - reported as the exit code
            code = 2
        os._exit(code)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


@pytest.mark.parametrize("use", ["remember", "recall", "tenant"])
def test_a_hub_used_after_fork_is_refused_in_the_child(tmp_path, use):
    hub = _open(tmp_path / "data")
    try:
        mem = hub.tenant("ann")
        mem.remember("I moved to Porto in May.", speaker="ann", message_id="m1")
        actions = {
            "remember": lambda: mem.remember("Bob plays the cello.", speaker="bob", message_id="m2"),
            "recall": lambda: mem.recall("where does ann live?"),
            "tenant": lambda: hub.tenant("bob"),
        }
        assert _in_child(actions[use]) == 0
        # the parent is untouched: its index still matches SQLite
        stats = mem.stats()
        assert stats["cards"] == stats["indexed"] == 1
        assert all(c.speaker == "ann" for c in tenant_parts(mem).db.iter_cards())
    finally:
        hub.close()


def test_a_second_hub_on_the_folder_in_this_process_says_so(tmp_path):
    with _open(tmp_path / "data"):
        with pytest.raises(StoreLocked, match="in this process"):
            _open(tmp_path / "data")
    with _open(tmp_path / "data"):  # the first one's close released it
        pass
