"""Sessions end on their own in short-lived processes (#23): ``hub.close()`` ends every live
session, opening a hub ends what a process left live past the idle gap and runs late
maintenance in the background, an end-of-chat phrase ends a session; each end writes the
summary, mines with the trigger "session end", refreshes the profile and is logged."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from autogen_zettel import HashEmbedder, MemoryHub, SimulatedClock
from autogen_zettel.agent.assistant import MemoryAugmentedAssistantAgent, quiet_io
from autogen_zettel.agent.support import ScriptedUserAgent
from autogen_zettel.base.config import config_from_dict
from autogen_zettel.memory.tenant import tenant_parts
from autogen_zettel.persona.spec import persona_from_dict
from autogen_zettel.store.persona_tables import PersonaStore
from autogen_zettel.text.farewell import ends_chat

ROOT = Path(__file__).resolve().parent.parent
T0 = datetime(2024, 5, 6, 9, 0)
CFG = {"persona": {"mine_every_turns": 0, "mine_every_days": 0}, "maintenance": {"summary_min_members": 2}}


def persona():
    return persona_from_dict(
        {"name": "ada", "role": "lead researcher", "traits": {"conciseness": 0.5}}, file="ada.yaml"
    )


def open_hub(path, clock):
    return MemoryHub.open(path, embedder=HashEmbedder(), clock=clock, config=config_from_dict(CFG))


def chat(ada, lines, opening="I love green tea and I prefer short answers."):
    user = ScriptedUserAgent("rui", lines=lines)
    with quiet_io():
        user.initiate_chat(ada, message=opening, max_turns=len(lines) + 1, silent=True)


def jobs(mem):
    return [(u["job"], u["trigger"]) for u in mem.sessions.upkeep()]


def test_hub_close_ends_the_live_session_and_runs_what_a_session_end_runs(tmp_path):
    clock = SimulatedClock(T0)
    with open_hub(tmp_path / "d", clock) as hub:
        ada = MemoryAugmentedAssistantAgent(persona(), hub)
        chat(ada, ["Keep it short, ada. I work at Nova Labs."])
        hub.flush()
        assert [s["ended_at"] for s in ada.memory.sessions.rows()] == [None]  # live until the hub closes
    # the with block closed the hub: nothing was called by hand
    with open_hub(tmp_path / "d", SimulatedClock(T0 + timedelta(minutes=5))) as hub:
        hub.flush()
        mem = hub.tenant("ada")
        (row,) = mem.sessions.rows()
        assert row["end_reason"] == "hub close" and row["ended_at"] is not None and row["summary_id"]
        done = jobs(mem)
        for job in [
            ("session end", "hub close"),
            ("summary", "session end"),
            ("mining", "session end"),
            ("profile", "session end"),
            ("maintenance", "session end"),
        ]:
            assert job in done
        assert "clock" not in {p.reason for p in PersonaStore(tenant_parts(mem).db).history()}
        assert "session end" in {p.reason for p in PersonaStore(tenant_parts(mem).db).history()}
        assert mem.card(row["summary_id"]).kind.value == "summary"


def killed_process(folder):
    """One real process that chats once and exits without closing the hub (as a killed script)."""
    script = textwrap.dedent(f"""
        import os
        from datetime import datetime
        from autogen_zettel import HashEmbedder, MemoryHub, SimulatedClock
        from autogen_zettel.agent.assistant import MemoryAugmentedAssistantAgent, quiet_io
        from autogen_zettel.agent.support import ScriptedUserAgent
        from autogen_zettel.base.config import config_from_dict
        from autogen_zettel.persona.spec import persona_from_dict
        hub = MemoryHub.open({str(folder)!r}, embedder=HashEmbedder(), clock=SimulatedClock(datetime(2024, 5, 6, 9)),
                             config=config_from_dict({CFG!r}))
        ada = MemoryAugmentedAssistantAgent(persona_from_dict({{"name": "ada", "role": "r"}}, file="ada.yaml"), hub)
        user = ScriptedUserAgent("rui", lines=["Keep it short, ada."])
        with quiet_io():
            user.initiate_chat(ada, message="I moved to Porto last month.", max_turns=2, silent=True)
        hub.flush()
        os._exit(0)
    """)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    subprocess.run([sys.executable, "-c", script], check=True, env=env, timeout=300)


def test_the_next_open_ends_a_session_left_live_past_the_idle_gap_and_the_engine_catches_up(tmp_path):
    folder = tmp_path / "d"
    killed_process(folder)
    with open_hub(folder, SimulatedClock(T0 + timedelta(days=1))) as hub:
        hub.flush()  # the catch-up runs in the background worker; flush waits for it
        mem = hub.tenant("ada")
        (row,) = mem.sessions.rows()
        assert row["end_reason"] == "idle gap" and row["ended_at"] == T0.isoformat()  # at its last message
        assert ("summary", "session end") in jobs(mem)
        # a day late: maintenance ran once, with the session's end (as of its last activity, so
        # the open's own check finds nothing more due)
        assert [r for k, r in jobs(mem) if k == "maintenance"] == ["session end"]
        assert ("mining", "session end") not in jobs(mem)  # no persona engine listened yet
        MemoryAugmentedAssistantAgent(persona(), hub)  # the agent comes back: its engine catches up
        hub.flush()
        assert ("mining", "session end") in jobs(mem) and ("profile", "session end") in jobs(mem)


def test_within_the_idle_gap_opening_leaves_the_session_live_and_closing_ends_it(tmp_path):
    folder = tmp_path / "d"
    killed_process(folder)
    with open_hub(folder, SimulatedClock(T0 + timedelta(minutes=10))) as hub:
        hub.flush()
        assert [s["ended_at"] for s in hub.tenant("ada").sessions.rows()] == [None]
    with open_hub(folder, SimulatedClock(T0 + timedelta(minutes=20))) as hub:
        assert [s["end_reason"] for s in hub.tenant("ada").sessions.rows()] == ["hub close"]


@pytest.mark.parametrize("farewell", ["Thanks, that's all for today!", "好的，今天就到这里吧。"])
def test_an_end_of_chat_phrase_ends_the_session_and_the_farewell_reply_stays_in_it(farewell):
    clock = SimulatedClock(T0)
    with MemoryHub.open(
        memory=True, embedder=HashEmbedder(), clock=clock, config=config_from_dict(CFG)
    ) as hub:
        ada = MemoryAugmentedAssistantAgent(persona(), hub)
        chat(ada, [farewell])
        hub.flush()
        (row,) = ada.memory.sessions.rows()
        assert row["end_reason"] == "end-of-chat phrase"
        assert ("mining", "session end") in jobs(ada.memory)
        # ada's answer to the farewell was filed in the session it closed: no second session
        assert {c.session_id for c in ada.memory.cards()} <= {row["id"], None}
        chat(ada, [], opening="Morning! Back again.")  # a new chat: a new session
        hub.flush()
        assert len(ada.memory.sessions.rows()) == 2


def test_end_of_chat_phrases_stand_as_their_own_clause_in_english_and_chinese():
    said = [
        "bye for now",
        "Bye!",
        "OK, see you tomorrow.",
        "That's it for today, thanks.",
        "Let's call it a day.",
        "今天就到这里",
        "先这样吧",
        "好的，再见！",
        "拜拜",
        "那我们下次再聊。",
    ]
    talk = [
        "I said bye for now to my sister.",
        "Is that all for today's agenda?",
        "byelaws matter",
        "goodbyes are hard",
        "再见到他的时候告诉我",
        "先这样做，再那样做",
        "Let's call it a day when the data is in.",
    ]
    assert [t for t in said if not ends_chat(t)] == []
    assert [t for t in talk if ends_chat(t)] == []


def test_the_capability_can_leave_farewells_alone():
    from autogen_zettel.agent.capability import ZettelMemoryCapability

    clock = SimulatedClock(T0)
    with MemoryHub.open(
        memory=True, embedder=HashEmbedder(), clock=clock, config=config_from_dict(CFG)
    ) as hub:
        cap = ZettelMemoryCapability(hub, tenant="ada", end_on_farewell=False)
        cap.observe("bye for now", speaker="rui")
        hub.flush()
        assert [s["ended_at"] for s in cap.memory.sessions.rows()] == [None]


def test_with_mining_at_session_end_off_a_session_end_still_refreshes_the_profile():
    clock = SimulatedClock(T0)
    cfg = config_from_dict(
        {"persona": {"mine_every_turns": 0, "mine_every_days": 0, "mine_at_session_end": False}}
    )
    with MemoryHub.open(memory=True, embedder=HashEmbedder(), clock=clock, config=cfg) as hub:
        ada = MemoryAugmentedAssistantAgent(persona(), hub)
        chat(ada, ["Keep it short, ada."])
        ada.end_session()
        hub.flush()
        done = jobs(ada.memory)
        assert ("profile", "session end") in done and ("mining", "session end") not in done
        assert "green tea" in ada.persona_engine.stack.system  # the refreshed profile is in force


def test_a_reply_stored_after_a_farewell_does_not_reopen_the_session_it_closed():
    """The farewell's reply is written after the end it triggered: storing it (Sessions.saw)
    must not clear the end. A later message starts a new session (unpinned), and the ended one
    stays ended with its reason."""
    from autogen_zettel.agent.capability import ZettelMemoryCapability

    clock = SimulatedClock(T0)
    with MemoryHub.open(
        memory=True, embedder=HashEmbedder(), clock=clock, config=config_from_dict(CFG)
    ) as hub:
        cap = ZettelMemoryCapability(hub, tenant="ada")
        cap.observe("I like green tea.", speaker="rui")
        clock.advance(minutes=1)
        cap.observe("Thanks, bye!", speaker="rui")
        hub.flush()  # the end has run before the reply is stored
        clock.advance(minutes=1)
        cap.observe("Bye, take care!", speaker="ada")
        hub.flush()
        (row,) = cap.memory.sessions.rows()
        assert row["end_reason"] == "end-of-chat phrase"
        assert {c.session_id for c in cap.memory.cards()} == {row["id"]}  # the reply is in it
        clock.advance(minutes=2)
        cap.observe("Oh, one more thing: I moved to Porto.", speaker="rui")
        hub.flush()
        first, second = cap.memory.sessions.rows()
        assert (first["id"], first["end_reason"]) == (row["id"], "end-of-chat phrase")
        assert second["id"] != row["id"] and second["ended_at"] is None
        assert [u["session_id"] for u in cap.memory.sessions.upkeep("session end")] == [row["id"]]


def test_closing_the_hub_while_its_catch_up_is_under_way_stops_the_catch_up_cleanly(
    tmp_path, monkeypatch, caplog
):
    """``with MemoryHub.open(...) as hub: ...`` can close the hub while the open's catch-up job
    is still running: close() sets the closing flag and closes the worker after the job passed
    its check. The job's next submit then meets a closed worker: it stops there (nothing logged
    as a failure) and the session it could not end is ended by the next open."""
    import threading
    import time

    from autogen_zettel.memory.hub import MemoryHub as Hub

    folder = tmp_path / "d"
    killed_process(folder)
    real_tenant = Hub.tenant
    held, reached = [], threading.Event()

    def tenant_once_closing(self, name):
        # the catch-up job, past its closing check: let close() begin and close the worker first
        if threading.current_thread() is self.worker._thread and not held:
            held.append(name)
            reached.set()
            while not self.worker._closed:
                time.sleep(0.01)
        return real_tenant(self, name)

    monkeypatch.setattr(Hub, "tenant", tenant_once_closing)
    caplog.set_level("INFO")
    hub = open_hub(folder, SimulatedClock(T0 + timedelta(days=1)))
    reached.wait()
    hub.close()  # the catch-up job is under way: it opens the tenant after the worker closed
    assert held == ["ada"]
    assert not [r for r in caplog.records if r.levelname in ("ERROR", "CRITICAL")], caplog.text
    monkeypatch.setattr(Hub, "tenant", real_tenant)
    with open_hub(folder, SimulatedClock(T0 + timedelta(days=1, minutes=5))) as hub:
        hub.flush()
        (row,) = hub.tenant("ada").sessions.rows()
        assert row["end_reason"] == "idle gap" and row["ended_at"] == T0.isoformat()
