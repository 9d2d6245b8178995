"""An evolving MemoryAugmentedAssistantAgent against a real OpenAI-compatible server in the test:
the system message and temperature the model receives are exactly the recorded prompt-stack
versions, and they change when a module unlocks (issue #4)."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from autogen_zettel import HashEmbedder, MemoryHub, SimulatedClock
from autogen_zettel.agent.assistant import MemoryAugmentedAssistantAgent, ScriptedUserAgent, quiet_io
from autogen_zettel.base.config import config_from_dict
from autogen_zettel.persona.behaviours import ModuleStatus
from autogen_zettel.persona.spec import persona_from_dict

from .openai_stub import OpenAIStub

T0 = datetime(2024, 4, 1, 9, 0)
MODULE = "Answer in at most three sentences."


def persona():
    return persona_from_dict(
        {
            "name": "ada",
            "role": "lead researcher",
            "system_message": "You run the sleep study.",
            "traits": {"conciseness": 0.5},
            "modules": [
                {
                    "name": "brief",
                    "prompt": MODULE,
                    "unlock": "conciseness > 0.6 held for 2 days",
                    "temperature": -0.4,
                }
            ],
        },
        file="ada.yaml",
    )


@pytest.fixture
def stub():
    with OpenAIStub(lambda body: "Pilot: 42 enrolled, 7 dropped out.") as s:
        yield s


def day(ada, clock, n: int) -> None:
    """One session: the user asks, ada answers, the user praises the short answer, ada answers."""
    clock.set(T0 + timedelta(days=n))
    ada.start_session(f"day-{n:02d}")
    ada.clear_history()
    user = ScriptedUserAgent("user", lines=["Short and to the point, thanks ada!"])
    with quiet_io():
        user.initiate_chat(ada, message="How did the pilot go?", max_turns=2, silent=True)
    ada.end_session(clock.now())
    ada.flush()


def sent(request: dict) -> tuple[str, float | None]:
    system = next(m["content"] for m in request["messages"] if m["role"] == "system")
    return system, request.get("temperature")


def test_the_model_receives_exactly_the_recorded_prompt_stack(stub):
    clock = SimulatedClock(T0)
    cfg = config_from_dict({"persona": {"mine_every_turns": 0, "mine_every_days": 0, "min_sessions": 2}})
    with MemoryHub.open(memory=True, embedder=HashEmbedder(), clock=clock, config=cfg) as hub:
        ada = MemoryAugmentedAssistantAgent(
            persona(), hub, llm_config=stub.llm_config(temperature=0.9), flush_before_recall=True
        )
        engine = ada.persona_engine
        assert engine is not None and ada.system_message == engine.stack.render()
        n = 0
        while engine.modules["brief"].status is not ModuleStatus.ACTIVE or engine.modules["brief"].weight < 1:
            day(ada, clock, n)
            n += 1
            assert n < 40, "the module never reached full weight"
        day(ada, clock, n)  # one more session with the module in force
        versions = {v.version: v for v in engine.store.prompt_versions()}
        recorded = {
            (
                v.system
                + ("\n\n" + v.traits if v.traits else "")
                + ("\n\n" + v.session if v.session else ""),
                v.temperature,
            )
            for v in versions.values()
        }
        requests = stub.requests
        assert len(requests) == 2 * (n + 1)
        for body in requests:
            system, temperature = sent(body)
            expected = {(s, t if t is not None else 0.9) for s, t in recorded}
            assert (system, temperature) in expected, "a request carried a stack that was never recorded"
        first, last = sent(requests[0]), sent(requests[-1])
        latest = engine.store.latest_prompt()
        assert first[0] == versions[1].system and MODULE not in first[0] and first[1] == 0.9
        assert last[0].endswith(f"Always: {MODULE}") and MODULE in latest.traits
        assert last[1] == pytest.approx(latest.temperature) == pytest.approx(0.5)
        # each request carried the newest version there was: versions only ever go forward
        by_content = {}
        for v in versions.values():
            render = (
                v.system + ("\n\n" + v.traits if v.traits else "") + ("\n\n" + v.session if v.session else "")
            )
            by_content[(render, v.temperature if v.temperature is not None else 0.9)] = v.version
        order = [by_content[sent(b)] for b in requests]
        assert order == sorted(order) and order[0] == 1 and order[-1] == latest.version


def test_an_agent_without_evolution_keeps_its_system_message(stub):
    clock = SimulatedClock(T0)
    with MemoryHub.open(memory=True, embedder=HashEmbedder(), clock=clock) as hub:
        ada = MemoryAugmentedAssistantAgent(persona(), hub, llm_config=stub.llm_config(), evolve=False)
        before = ada.system_message
        assert ada.persona_engine is None and "conciseness 0.50" in before
        day(ada, clock, 0)
        assert ada.system_message == before


def test_forgetting_reaches_the_live_system_message(stub):
    clock = SimulatedClock(T0)
    cfg = config_from_dict(
        {"persona": {"mine_every_turns": 0, "mine_every_days": 0, "profile_every_days": 1}}
    )
    with MemoryHub.open(memory=True, embedder=HashEmbedder(), clock=clock, config=cfg) as hub:
        ada = MemoryAugmentedAssistantAgent(
            persona(), hub, llm_config=stub.llm_config(), flush_before_recall=True
        )
        clock.set(T0)
        ada.start_session("day-00")
        user = ScriptedUserAgent("user", lines=["Short and to the point, thanks ada!"])
        with quiet_io():
            user.initiate_chat(ada, message="I love Okafor tea from Lagos.", max_turns=2, silent=True)
        ada.end_session(clock.now())
        ada.flush()
        day(ada, clock, 1)
        version = ada.apply_prompt_stack()  # the latest version is in force, as after a reply
        assert "user likes okafor tea" in ada.system_message  # the profile learned it (summarised)
        # one at a time: forgetting a member rewrites (or removes) the session's summary card
        while found := [c for c in ada.memory.cards() if "Okafor" in c.content]:
            ada.memory.forget(found[0].id)
        assert ada.persona_engine.stack.version == version  # scrubbed in place: no new version
        stub.requests.clear()
        day(ada, clock, 2)
        assert "okafor" not in ada.system_message.lower()
        assert all(
            "okafor" not in m["content"].lower()
            for r in stub.requests
            for m in r["messages"]
            if m["role"] == "system"
        )
