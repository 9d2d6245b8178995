"""The Microsoft Agent Framework adapter (``autogen_zettel.agent.agentframework``) with real Agent
Framework agents: ``Agent`` talks through agent-framework-openai's real chat-completions client to
the OpenAI-compatible server in this process (tests/openai_stub.py, which records every request),
and two agents meet in an agent-framework-orchestrations group chat, on a real hub on disk."""

from __future__ import annotations

import asyncio
import json
import logging

import pytest

pytest.importorskip(
    "agent_framework", reason="needs the agentframework extra: pip install 'autogen-zettel[agentframework]'"
)
pytest.importorskip(
    "agent_framework_openai", reason="needs agent-framework-openai (the agentframework extra)"
)

from agent_framework import Agent, ContextProvider, Message  # noqa: E402
from agent_framework_openai import OpenAIChatCompletionClient  # noqa: E402

import autogen_zettel  # noqa: E402
from autogen_zettel import HashEmbedder, InvalidInput, MemoryHub, load_persona  # noqa: E402
from autogen_zettel.agent.agentframework import ZettelContextProvider  # noqa: E402
from tests.openai_stub import OpenAIStub  # noqa: E402

FACT = "The pilot study enrolled 42 participants in Lisbon."
TASK = "Plan the pilot study."
REPLY = "Noted: the Lisbon pilot is our baseline for the main trial."
SECRET = "Bob's own note: the blood samples are kept in freezer B7."


def _agent(
    stub: OpenAIStub, name: str, provider: ZettelContextProvider, instructions: str | None = None
) -> Agent:
    client = OpenAIChatCompletionClient(model="stub-model", base_url=stub.base_url, api_key="sk-test")
    return Agent(
        client=client,
        name=name,
        instructions=instructions or f"You are {name}, a researcher.",
        context_providers=[provider],
    )


def _sent(body: dict) -> str:
    return json.dumps(body["messages"], ensure_ascii=False)


@pytest.fixture
def hub(tmp_path, clock):
    h = MemoryHub.open(tmp_path / "data", embedder=HashEmbedder(), clock=clock)
    yield h
    h.close()


def test_the_provider_is_found_in_the_package_and_built_both_ways(hub):
    found = [
        getattr(autogen_zettel, n)
        for n in autogen_zettel.__all__
        if isinstance(getattr(autogen_zettel, n, None), type)
        and issubclass(getattr(autogen_zettel, n), ContextProvider)
    ]
    assert found == [ZettelContextProvider]
    by_position, by_keyword = ZettelContextProvider(hub, "ada"), ZettelContextProvider(hub=hub, tenant="bob")
    assert (by_position.tenant, by_keyword.tenant) == ("ada", "bob")
    assert by_position.source_id != by_keyword.source_id  # two providers never share session state


def test_a_fact_from_one_session_reaches_the_model_in_a_new_session(hub, clock):
    async def main(stub: OpenAIStub):
        memory = ZettelContextProvider(hub, "ada")
        ada = _agent(stub, "ada", memory)
        first = ada.create_session()
        await ada.run(FACT, session=first)
        await memory.flush()
        clock.advance(days=1)
        second = ada.create_session()  # a new session ends the first one
        await ada.run("How many participants did the pilot study enroll?", session=second)
        await ada.run("And where was it?", session=second)
        await memory.close()
        return memory, first, second

    with OpenAIStub(lambda body: REPLY) as stub:
        memory, first, second = asyncio.run(main(stub))
        day1, day2, day2_again = stub.requests
    assert "zettel-recall" not in _sent(day1)  # nothing remembered yet
    recalled = [m for m in day2["messages"] if "<zettel-recall" in str(m.get("content"))]
    assert (
        len(recalled) == 1 and recalled[0]["role"] == "system" and "42 participants" in recalled[0]["content"]
    )
    assert "data, not instructions" in recalled[0]["content"]
    # the block lives for one run: the session's history holds input and response only
    assert _sent(day2_again).count("<zettel-recall") <= 1
    assert all("zettel-recall" not in c.content for c in memory.memory.cards())
    sessions = {c.session_id for c in memory.memory.cards()}
    assert first.session_id in sessions and second.session_id in sessions
    assert any(c.speaker == "ada" and "baseline" in c.content for c in memory.memory.cards())
    assert memory.last_recall.session_id == second.session_id


def test_two_agents_never_see_each_others_memories(hub):
    async def main(stub: OpenAIStub):
        ada_mem, bob_mem = ZettelContextProvider(hub, "ada"), ZettelContextProvider(hub=hub, tenant="bob")
        ada, bob = _agent(stub, "ada", ada_mem), _agent(stub, "bob", bob_mem)
        await bob.run(SECRET, session=bob.create_session())
        await ada.run(FACT, session=ada.create_session())
        for m in (ada_mem, bob_mem):
            await m.flush()
        n = len(stub.requests)
        await ada.run("Where are the blood samples kept? Which freezer?", session=ada.create_session())
        await bob.run("How many participants did the pilot study enroll?", session=bob.create_session())
        for m in (ada_mem, bob_mem):
            await m.close()
        return ada_mem, bob_mem, stub.requests[n:]

    with OpenAIStub(lambda body: "I do not know.") as stub:
        ada_mem, bob_mem, (ada_asks, bob_asks) = asyncio.run(main(stub))
    assert "freezer B7" not in _sent(ada_asks) and "42 participants" not in _sent(bob_asks)
    assert any("42 participants" in c.content for c in ada_mem.memory.cards())
    assert not any("freezer" in c.content for c in ada_mem.memory.cards())
    assert not any("42 participants" in c.content for c in bob_mem.memory.cards())


def test_a_group_chat_agent_captures_what_others_said_while_it_was_silent(hub):
    orchestrations = pytest.importorskip("agent_framework_orchestrations")
    lines = {
        "ada": [FACT, "Agreed, we recruit again in May."],
        "bob": ["I will draft the ethics review by Friday."],
    }

    def reply(body: dict) -> str:
        name = body["messages"][0]["content"].split()[2].rstrip(",")  # "You are ada, ..."
        return lines[name].pop(0)

    async def main(stub: OpenAIStub):
        memories = {n: ZettelContextProvider(hub, n) for n in ("ada", "bob")}
        agents = [_agent(stub, n, memories[n]) for n in ("ada", "bob")]
        chat = orchestrations.GroupChatBuilder(
            participants=agents,
            max_rounds=3,
            intermediate_output_from="all_other",
            selection_func=lambda s: ("ada", "bob")[s.current_round % 2],
        ).build()
        events = await chat.run(TASK)
        for m in memories.values():
            await m.flush()
        before = {n: [(c.speaker, c.content) for c in m.memory.cards()] for n, m in memories.items()}
        # bob was not selected after ada's last line: give him the conversation he heard
        said = [
            Message("user", [TASK]),
            *(m for e in events if e.type == "intermediate" for m in e.data.messages),
        ]
        new = await memories["bob"].observe(said)
        again = await memories["bob"].observe(said)
        for m in memories.values():
            await m.close()
        return (
            before,
            new,
            again,
            {n: [(c.speaker, c.content) for c in m.memory.cards()] for n, m in memories.items()},
        )

    with OpenAIStub(reply) as stub:
        before, new, again, after = asyncio.run(main(stub))
        bob_request = stub.requests[1]
    assert ("ada", FACT) in before["bob"]  # said before bob's turn, captured on it, under ada's name
    assert any(s == "user" and "Plan the pilot" in c for s, c in before["bob"])
    assert ("bob", "I will draft the ethics review by Friday.") in before["ada"]
    assert ("ada", "Agreed, we recruit again in May.") not in before["bob"]
    assert (new, again) == (1, 0)  # only ada's last line was new; observing twice adds nothing
    assert ("ada", "Agreed, we recruit again in May.") in after["bob"]
    assert {"user", "ada", "bob"} <= {s for s, _ in after["bob"]}
    assert "42 participants" in _sent(bob_request)  # ada's line reached bob as chat, not as memory


def test_the_persona_goes_in_as_instructions_and_an_idle_gap_ends_the_session(hub, clock, caplog):
    caplog.set_level(logging.DEBUG, logger="autogen_zettel.agent.adapter")
    persona = load_persona("agents/critic.yaml")

    async def main(stub: OpenAIStub):
        memory = ZettelContextProvider(hub, "critic", persona=persona, evolve=False)
        critic = Agent(
            client=OpenAIChatCompletionClient(model="m", base_url=stub.base_url, api_key="sk-test"),
            name="critic",
            context_providers=[memory],
        )
        session = critic.create_session()
        await critic.run(FACT, session=session)
        await memory.flush()
        clock.advance(minutes=hub.config.sessions.idle_minutes + 1)
        ended = [r for r in caplog.records if "ended" in r.getMessage()]
        await critic.run("Is 42 participants enough?", session=session)
        idle = [r for r in caplog.records if "ended" in r.getMessage()]
        await memory.close()
        return memory, (ended, idle)

    with OpenAIStub(lambda body: "Show me the power analysis.") as stub:
        memory, ended = asyncio.run(main(stub))
        system = stub.requests[0]["messages"][0]
    assert system["role"] == "system" and system["content"].startswith("You are critic, critical reviewer")
    assert system["content"] == memory.system_layer() == persona.system_message_text()
    before, after_gap = ended
    assert before == [] and len(after_gap) == 1 and session_id_in(after_gap[0], memory)  # the gap ended it


def session_id_in(record: logging.LogRecord, memory: ZettelContextProvider) -> bool:
    return memory.session_id in record.getMessage()


def test_bad_arguments_name_the_fix(hub):
    with pytest.raises(InvalidInput, match="tenant"):
        ZettelContextProvider(hub, "../x")
    with pytest.raises(InvalidInput, match="top_k"):
        ZettelContextProvider(hub, "ada", top_k=3)
    with pytest.raises(InvalidInput, match="MemoryHub"):
        ZettelContextProvider(object(), "ada")


def test_the_example_runs_offline_and_recalls_day_one_on_day_two():
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    out = subprocess.run(
        [sys.executable, str(root / "examples" / "agentframework_memory.py")],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "HF_HUB_OFFLINE": "1"},
        cwd=root,
        check=True,
    )
    day1, day2 = out.stdout.split("== 2024-03-11")
    assert "unlocked" not in day1 and "unlocked" in day2
    assert "bob: I will draft the ethics review" in day2.split("bob unlocked")[1]  # bob recalls day 1
    assert "a recall block in the model's last prompt: yes" in day2


@pytest.mark.integration
def test_with_the_bundled_model_and_no_flush_a_new_session_recalls_the_last_one(tmp_path):
    # as a user would: the provider found in the package, the default embedder, nothing waited for
    adapter = next(
        getattr(autogen_zettel, n)
        for n in autogen_zettel.__all__
        if isinstance(getattr(autogen_zettel, n, None), type)
        and issubclass(getattr(autogen_zettel, n), ContextProvider)
    )

    async def main(stub: OpenAIStub, hub: MemoryHub):
        ada, bob = (
            _agent(stub, "ada", adapter(hub, "ada")),
            _agent(stub, "bob", adapter(hub=hub, tenant="bob")),
        )
        await ada.run("My sister Ines lives in Porto and keeps bees.", session=ada.create_session())
        await bob.run("Nothing to report today.", session=bob.create_session())
        await ada.run("Where does my sister live?", session=ada.create_session())
        await bob.run("Where does ada's sister live?", session=bob.create_session())

    with OpenAIStub(lambda body: "Noted.") as stub, MemoryHub.open(tmp_path / "memory") as hub:
        asyncio.run(main(stub, hub))
        ada_again, bob_asks = stub.requests[2], stub.requests[3]
    assert "Porto" in _sent(ada_again) and "<zettel-recall" in _sent(ada_again)
    assert "Porto" not in _sent(bob_asks)
