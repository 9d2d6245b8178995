"""A kill after the SQLite commit of a write leaves no card unlinked or unchecked (#13 item 2):
the card carries a pending marker from the same transaction, and reopening finishes it."""

from __future__ import annotations

from datetime import timedelta

from autogen_zettel import HashEmbedder, MemoryHub, SimulatedClock
from autogen_zettel.memory.tenant import tenant_parts
from tests.conftest import T0
from tests.crashkit import run_child

M1 = "I don't eat coriander, it tastes like soap to me."
M2 = "Please order the pho with extra coriander."


def test_kill_before_indexing_is_finished_on_reopen(tmp_path):
    data = tmp_path / "data"
    r = run_child(
        f"""
        hub = open_hub(DATA)
        mem = hub.tenant("ann")
        mem.remember({M1!r}, speaker="ann", message_id="m1", session_id="s1")
        type(hub.vectors).upsert = die  # whichever engine the hub opened
        mem.remember({M2!r}, speaker="ann", message_id="m2", session_id="s1", reply_to="m1",
                     at=T0 + timedelta(minutes=1))
    """,
        data,
    )
    assert r.returncode == 137, r.stderr
    with MemoryHub.open(data, embedder=HashEmbedder(), clock=SimulatedClock(T0)) as hub:
        mem = hub.tenant("ann")
        cards = mem.cards()
        assert len(cards) == 2
        new = next(c for c in cards if "pho" in c.content)
        assert mem.links(new.id), "the card cut short was never linked"
        assert mem.archive.conflicts(), "the card cut short was never conflict-checked"
        assert tenant_parts(mem).db.db.execute("select count(*) from pending").fetchone()[0] == 0
        assert (
            mem.remember(
                M2,
                speaker="ann",
                message_id="m2",
                session_id="s1",
                reply_to="m1",
                at=T0 + timedelta(minutes=1),
            )
            == []
        )
