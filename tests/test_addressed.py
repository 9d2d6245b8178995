"""A profile from what was said to this agent or about the person (#40): a remark addressed to
another participant ("critic, I love long detailed answers", "critic：…", "@critic …") stays out
of this agent's profile, whether or not that participant has spoken yet in the hub."""

from __future__ import annotations

from datetime import datetime, timedelta

import autogen
import pytest

from autogen_zettel import HashEmbedder, MemoryHub, SimulatedClock
from autogen_zettel.agent.assistant import MemoryAugmentedAssistantAgent, quiet_io
from autogen_zettel.agent.support import ScriptedUserAgent
from autogen_zettel.base.config import config_from_dict
from autogen_zettel.memory.tenant import tenant_parts
from autogen_zettel.people.address import addressed_elsewhere, addressee, participants
from autogen_zettel.persona.engine import PersonaEngine
from autogen_zettel.persona.spec import persona_from_dict

T0 = datetime(2024, 4, 1, 9, 0)
CFG = {"persona": {"mine_every_turns": 0, "mine_every_days": 0, "profile_every_days": 1}}
TO_CRITIC = [
    "critic, I love long detailed answers.",
    "critic：我喜欢很长很详细的回答。",
    "@critic I love jazz.",
    "Hey critic - I really love spicy ramen.",
]


@pytest.mark.parametrize(
    "text, who",
    [
        ("critic, I love long detailed answers", "critic"),
        ("Critic: more detail please", "critic"),
        ("critic：我喜欢详细的回答", "critic"),
        ("critic，你说得太短了", "critic"),
        ("@critic I love jazz", "critic"),
        ("@someone_new hi", "someone_new"),
        ("thanks critic, that was useful", "critic"),
        ("researcher, I love long answers", "researcher"),
        ("Honestly, I love jazz.", None),
        ("I told critic, no.", None),
        ("critical, I love jazz", None),
        ("criticism is welcome", None),
    ],
)
def test_the_vocative_at_the_start_names_the_addressee(text, who):
    assert addressee(text, ["critic", "researcher"]) == who


def test_addressed_elsewhere_spares_the_agent_itself():
    assert addressed_elsewhere("critic, be brief", "researcher", ["critic"])
    assert not addressed_elsewhere("researcher, be brief", "researcher", ["critic"])
    assert not addressed_elsewhere("I love hiking", "researcher", ["critic"])


def _profile(hub, clock, *, record=()):
    engine = PersonaEngine(
        hub.tenant("researcher"),
        persona_from_dict({"name": "researcher", "role": "researcher"}, file="r.yaml"),
    )
    if record:
        from autogen_zettel.people.address import record_participants

        record_participants(engine.parts.db, record)
    for n, text in enumerate([*TO_CRITIC, "I love hiking."]):
        at = T0 + timedelta(minutes=n)
        engine.memory.remember(text, speaker="Rui", message_id=f"m{n}", session_id="s", at=at)
        engine.observe(
            text, speaker="Rui", message_id=f"m{n}", session_id="s", at=at, previous_speaker="researcher"
        )
    engine.end_session(T0 + timedelta(hours=1))
    hub.flush()
    return engine.store.latest_profile().text


def test_a_remark_to_an_agent_with_a_memory_in_the_hub_that_never_spoke_stays_out():
    clock = SimulatedClock(T0)
    with MemoryHub.open(
        memory=True, embedder=HashEmbedder(), clock=clock, config=config_from_dict(CFG)
    ) as hub:
        hub.tenant("critic")  # the critic has a memory here but has said nothing
        text = _profile(hub, clock)
    assert "Rui likes hiking" in text
    for word in ("detailed", "详细", "jazz", "ramen", "conciseness"):
        assert word not in text, text


def test_a_remark_to_a_group_chat_agent_known_only_by_name_stays_out():
    clock = SimulatedClock(T0)
    with MemoryHub.open(
        memory=True, embedder=HashEmbedder(), clock=clock, config=config_from_dict(CFG)
    ) as hub:
        text = _profile(hub, clock, record=["Rui", "researcher", "critic"])
    assert "Rui likes hiking" in text and "detailed" not in text and "详细" not in text


def test_in_a_real_group_chat_the_critic_that_never_speaks_is_known_from_the_chat(tmp_path):
    clock = SimulatedClock(T0)
    with MemoryHub.open(
        tmp_path / "d", embedder=HashEmbedder(), clock=clock, config=config_from_dict(CFG)
    ) as hub:
        researcher = MemoryAugmentedAssistantAgent(
            persona_from_dict({"name": "researcher", "role": "researcher"}, file="r.yaml"),
            hub,
            flush_before_recall=True,
        )
        critic = autogen.ConversableAgent("critic", llm_config=False, human_input_mode="NEVER")  # no memory
        rui = ScriptedUserAgent("Rui", lines=["I love hiking."])
        order = iter([researcher, rui, researcher])
        gc = autogen.GroupChat(
            agents=[rui, researcher, critic],
            messages=[],
            max_round=4,
            speaker_selection_method=lambda last, groupchat: next(order),
        )
        manager = autogen.GroupChatManager(gc, llm_config=False, silent=True)
        with quiet_io():
            rui.initiate_chat(manager, message=TO_CRITIC[0], silent=True)
        assert (
            "critic" in participants(tenant_parts(researcher.memory))
            and "critic" not in researcher.memory.people.speakers()
        )
        researcher.end_session()
        hub.flush()
        profile = researcher.persona_engine.store.latest_profile()
    assert profile is not None and "Rui likes hiking" in profile.text
    assert "detailed" not in profile.text
