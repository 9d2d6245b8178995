"""Sessions end on their own in a plain AutoGen chat (issue #11): a new chat, a new session id,
an idle gap or ``end_session()`` ends one, and at its end the persona mines and maintenance runs
in the background on its schedule, with nobody calling them."""

from __future__ import annotations

from datetime import datetime, timedelta

import autogen

from autogen_zettel import HashEmbedder, MemoryHub, SimulatedClock
from autogen_zettel.agent.assistant import MemoryAugmentedAssistantAgent, quiet_io
from autogen_zettel.base.cards import CardKind
from autogen_zettel.base.config import config_from_dict
from autogen_zettel.persona.spec import persona_from_dict

T0 = datetime(2024, 5, 6, 9, 0)


def persona():
    return persona_from_dict(
        {
            "name": "ada",
            "role": "lead researcher",
            "system_message": "You run the sleep study.",
            "traits": {"conciseness": 0.5},
        },
        file="ada.yaml",
    )


class Lee(autogen.ConversableAgent):
    """A plain ConversableAgent that answers every reply with the same feedback."""

    def __init__(self, feedback: str):
        super().__init__("lee", llm_config=False, human_input_mode="NEVER", code_execution_config=False)
        self.register_reply([autogen.Agent, None], lambda *a, **k: (True, feedback), position=0)


def hub_for(clock, **maintenance):
    cfg = config_from_dict(
        {
            "persona": {"mine_every_turns": 0, "mine_every_days": 0, "min_sessions": 2},
            "maintenance": {"summary_min_members": 2, **maintenance},
        }
    )
    return MemoryHub.open(memory=True, embedder=HashEmbedder(), clock=clock, config=cfg)


def chat(lee, ada, clock, when, question="How did the pilot go?"):
    clock.set(when)
    with quiet_io():
        lee.initiate_chat(ada, message=question, max_turns=2, silent=True)


def test_plain_initiate_chat_over_days_mines_profiles_and_maintains_on_its_own():
    clock = SimulatedClock(T0)
    with hub_for(clock) as hub:
        ada = MemoryAugmentedAssistantAgent(persona(), hub)
        lee = Lee("Way too long, ada. Keep it short and get to the point.")
        for day in range(10):
            chat(lee, ada, clock, T0 + timedelta(days=day), f"Day {day}: where do we stand on recruitment?")
        hub.flush()
        engine = ada.persona_engine
        reasons = {p.reason for p in engine.store.history()}
        assert "session end" in reasons  # nine chats gave way to the next: nine session ends
        assert engine.scores()["conciseness"] > 0.6  # the feedback moved the trait, unasked
        assert engine.store.latest_profile() is not None  # the weekly profile was written at a session end
        summaries = [c for c in ada.memory.cards() if c.kind is CardKind.SUMMARY]
        assert summaries  # maintenance ran in the background and summarised past sessions
        sessions = {c.session_id for c in ada.memory.cards() if c.kind is not CardKind.SUMMARY}
        assert len(sessions) == 10


def test_maintenance_keeps_its_schedule_across_session_ends():
    clock = SimulatedClock(T0)
    with hub_for(clock, every_hours=48.0) as hub:
        ada = MemoryAugmentedAssistantAgent(persona(), hub)
        mem = ada.memory
        assert mem.archive.maintain_later(at=T0) is True
        assert mem.archive.maintain_later(at=T0 + timedelta(hours=47)) is False  # not due yet
        assert mem.archive.maintain_later(at=T0 + timedelta(hours=49)) is True
        hub.flush()


def test_an_idle_gap_ends_the_session_and_starts_a_new_one():
    clock = SimulatedClock(T0)
    with hub_for(clock) as hub:
        ada = MemoryAugmentedAssistantAgent(persona(), hub)
        cap = ada.zettel_capability
        cap.observe("First message.", speaker="lee", at=T0)
        first = cap.session_id
        cap.observe("Ten minutes later.", speaker="lee", at=T0 + timedelta(minutes=10))
        assert cap.session_id == first
        cap.observe("After lunch.", speaker="lee", at=T0 + timedelta(minutes=55))  # idle > 30 minutes
        assert cap.session_id != first
        hub.flush()
        assert [p.reason for p in ada.persona_engine.store.history()].count("session end") >= 1


def test_end_session_and_a_new_session_id_end_a_session_once():
    clock = SimulatedClock(T0)
    with hub_for(clock) as hub:
        ada = MemoryAugmentedAssistantAgent(persona(), hub)
        ada.start_session("a")
        ada.zettel_capability.observe("Hello.", speaker="lee", at=T0)
        ada.end_session(T0 + timedelta(minutes=5))
        ada.start_session("b")  # "a" has ended already: no second mining for it
        ada.zettel_capability.observe("Hello again.", speaker="lee", at=T0 + timedelta(minutes=6))
        ada.start_session("c")  # ends "b"
        hub.flush()
        ends = [p for p in ada.persona_engine.store.history() if p.reason == "session end"]
        assert len({p.at for p in ends}) == 2
