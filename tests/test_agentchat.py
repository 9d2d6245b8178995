"""The AutoGen AgentChat adapter (``autogen_zettel.agent.agentchat``) with real AgentChat agents:
``AssistantAgent`` and ``RoundRobinGroupChat`` talk through autogen-ext's real OpenAI client to the
OpenAI-compatible server in this process (tests/openai_stub.py), on a real hub on disk."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

pytest.importorskip(
    "autogen_agentchat",
    reason="needs the agentchat extra: pip install 'autogen-zettel[agentchat]' "
    "(scripts/setup.sh installs it)",
)

from autogen_agentchat.agents import AssistantAgent  # noqa: E402
from autogen_agentchat.messages import MemoryQueryEvent  # noqa: E402
from autogen_agentchat.teams import RoundRobinGroupChat  # noqa: E402
from autogen_core.memory import MemoryContent, MemoryMimeType  # noqa: E402
from autogen_core.model_context import BufferedChatCompletionContext, UnboundedChatCompletionContext  # noqa: E402
from autogen_core.models import SystemMessage, UserMessage  # noqa: E402
from autogen_ext.models.openai import OpenAIChatCompletionClient  # noqa: E402

from autogen_zettel import HashEmbedder, InvalidInput, MemoryHub  # noqa: E402
from autogen_zettel.agent.agentchat import ZettelAgentChatMemory  # noqa: E402
from tests.openai_stub import OpenAIStub  # noqa: E402

# what each agent says, in order (the stub answers by the system message's first words)
SCRIPT = {
    "ada": [
        "The pilot study enrolled 42 participants in Lisbon.",
        "Bob, please add the consent forms to the ethics review.",
        "From my notes: the pilot had 42 participants.",
        "Agreed.",
    ],
    "bob": ["I will draft the ethics review by Friday.", "Then we recruit again in May."],
}
NOTE = "Ada's own note: the blood samples are kept in freezer B7."


def _text(text: str) -> MemoryContent:
    return MemoryContent(content=text, mime_type=MemoryMimeType.TEXT)


def _client(stub: OpenAIStub) -> OpenAIChatCompletionClient:
    # multiple_system_messages=False: the client merges contiguous system messages and refuses
    # scattered ones, so this also checks where the block goes
    info = {
        "vision": False,
        "function_calling": False,
        "json_output": False,
        "family": "unknown",
        "structured_output": False,
        "multiple_system_messages": False,
    }
    return OpenAIChatCompletionClient(
        model="stub-model", base_url=stub.base_url, api_key="sk-test", model_info=info
    )


def _scripted():
    replies = {name: list(lines) for name, lines in SCRIPT.items()}

    def reply(body: dict) -> str:
        system = body["messages"][0]["content"]
        name = system.split()[2].rstrip(",")  # "You are ada, ..."
        return replies[name].pop(0)

    return reply


def _system(body: dict) -> str:
    return "\n".join(m["content"] for m in body["messages"] if m["role"] == "system")


@pytest.fixture
def hub(tmp_path, clock):
    h = MemoryHub.open(tmp_path / "data", embedder=HashEmbedder(), clock=clock)
    yield h
    h.close()


def test_a_round_robin_team_recalls_per_agent_and_remembers_what_each_agent_saw(hub, clock):
    async def main(stub: OpenAIStub):
        memories = {name: ZettelAgentChatMemory(hub, name) for name in SCRIPT}
        await memories["ada"].add(_text(NOTE))  # only ada's memory holds it
        agents = [
            AssistantAgent(
                name,
                model_client=_client(stub),
                memory=[memories[name]],
                system_message=f"You are {name}, a researcher.",
            )
            for name in SCRIPT
        ]
        team = RoundRobinGroupChat(agents, max_turns=3)
        await team.run(task="Let us plan the pilot.")
        for m in memories.values():
            await m.flush()
        first_run = len(stub.requests)

        clock.advance(days=1)
        await team.reset()  # new contexts: the next run is a new chat, filed as a new session
        result = await team.run(task="How many participants did the pilot have, and where are the samples?")
        for m in memories.values():
            await m.close()
        return memories, first_run, result

    with OpenAIStub(_scripted()) as stub:
        memories, first_run, result = asyncio.run(main(stub))
        requests = stub.requests

    # what each agent said is in its memory, and in the memory of whoever heard it: ada spoke
    # twice and heard bob; bob heard ada's first message only (her second came after his turn)
    said = {name: {(c.speaker, c.content) for c in memories[name].memory.cards()} for name in SCRIPT}
    assert ("ada", SCRIPT["ada"][0]) in said["ada"] and ("ada", SCRIPT["ada"][0]) in said["bob"]
    assert ("bob", SCRIPT["bob"][0]) in said["bob"] and ("bob", SCRIPT["bob"][0]) in said["ada"]
    assert ("ada", SCRIPT["ada"][1]) in said["ada"] and ("ada", SCRIPT["ada"][1]) not in said["bob"]
    assert ("user", "Let us plan the pilot.") in said["bob"]
    # both name a message alike (same session, same id), as classic GroupChat participants do
    source = {
        name: {c.content: (c.session_id, tuple(c.source_ids)) for c in memories[name].memory.cards()}
        for name in SCRIPT
    }
    assert source["ada"][SCRIPT["ada"][0]] == source["bob"][SCRIPT["ada"][0]]
    assert source["ada"][SCRIPT["ada"][0]][0].startswith("team-")
    # the tenants are apart: ada's own note never reached bob's memory nor bob's prompts
    assert any("freezer B7" in content for _, content in said["ada"])
    assert not any("freezer" in content for _, content in said["bob"])
    assert not any(
        "freezer" in str(r["messages"])
        for r in requests
        if r["messages"][0]["content"].startswith("You are bob")
    )
    # no injected text was captured back
    assert not any(
        "zettel-recall" in content or "Recalled memories" in content
        for s in said.values()
        for _, content in s
    )

    # second run: each agent's model received its own recall block, merged into the one system message
    ada_1, bob_1, ada_2 = requests[first_run:]
    for name, body in (("ada", ada_1), ("bob", bob_1)):
        system = _system(body)
        assert [m["role"] for m in body["messages"]].count("system") == 1
        assert system.startswith(f'You are {name}, a researcher.\n<zettel-recall agent="{name}">')
        assert f"Recalled memories of {name}" in system and "42 participants" in system
    assert "freezer B7" in _system(ada_1) and "freezer" not in str(bob_1["messages"])
    # a block lives for one reply: ada's next request holds one block, not two
    assert str(ada_2["messages"]).count("<zettel-recall") == 1
    # the team's result reports what was unlocked, card by card, with why
    events = [m for m in result.messages if isinstance(m, MemoryQueryEvent)]
    assert {e.source for e in events} == {"ada", "bob"}
    meta = events[0].content[0].metadata
    assert {"card_id", "layer", "score", "speaker", "session_id", "at"} <= set(meta)
    assert memories["ada"].last_recall.agent == "ada" and memories["ada"].last_recall.injected


def test_add_query_clear_with_proof(hub):
    mem = ZettelAgentChatMemory(hub, "ada")

    async def main():
        await mem.add(_text("The pilot study enrolled 42 participants in Lisbon."))
        await mem.add(
            MemoryContent(
                content={"deadline": "poster abstract due on April 2"},
                mime_type=MemoryMimeType.JSON,
                metadata={"speaker": "bob"},
            )
        )
        found = await mem.query("how many participants were in the pilot?")
        by_speaker = await mem.query(_text("poster abstract deadline"), k=1)
        with pytest.raises(InvalidInput, match="stores text"):
            await mem.add(MemoryContent(content=b"\x89PNG", mime_type=MemoryMimeType.IMAGE))
        with pytest.raises(InvalidInput, match="allowed: k"):
            await mem.query("pilot", limit=3)
        cards = len(mem.memory.cards())
        await mem.clear()
        after = await mem.query("how many participants were in the pilot?")
        return found, by_speaker, cards, after

    found, by_speaker, cards, after = asyncio.run(main())
    assert "42 participants" in found.results[0].content
    top = found.results[0].metadata
    assert top["speaker"] == "user" and top["layer"] in ("immediate", "associative") and top["score"] > 0
    assert len(by_speaker.results) == 1 and by_speaker.results[0].metadata["speaker"] == "bob"
    # forgotten with proof: no card left, the file rebuilt empty, an audit entry with the count
    assert cards >= 2 and after.results == [] and mem.memory.cards() == []
    entry = mem.memory.audit.entries()[-1]
    assert entry.action == "drop_tenant" and entry.detail == {"cards": cards}
    assert mem.memory.audit.verify().ok


class _SlowEmbedder(HashEmbedder):
    """The hashing embedder, taking 0.3 s per call as a big model on a busy machine would, and
    noting the thread each call ran on."""

    def __init__(self):
        super().__init__()
        self.threads: list[int] = []

    def encode(self, texts, *, query=False):
        self.threads.append(threading.get_ident())
        time.sleep(0.3)
        return super().encode(texts, query=query)


def test_recall_and_capture_do_not_block_the_event_loop(tmp_path, clock):
    slow = _SlowEmbedder()
    with MemoryHub.open(tmp_path / "slow", embedder=slow, clock=clock) as hub:
        mem = ZettelAgentChatMemory(hub, "ada")
        ticks = []
        loop_thread = []

        async def ticker(stop: asyncio.Event):
            while not stop.is_set():
                ticks.append(time.monotonic())
                await asyncio.sleep(0.01)

        async def main():
            loop_thread.append(threading.get_ident())
            stop = asyncio.Event()
            tick = asyncio.create_task(ticker(stop))
            await mem.add(_text("The pilot study enrolled 42 participants in Lisbon."))
            context = UnboundedChatCompletionContext(
                [UserMessage(content="How many participants?", source="user")]
            )
            result = await mem.update_context(context)
            stop.set()
            await tick
            return result

        result = asyncio.run(main())
    assert result.memories.results and slow.threads  # the slow embedder ran (add and recall) ...
    # ... never on the event loop's thread, which kept ticking meanwhile (the thread, not a
    # pause's length: a loaded machine delays ticks by hundreds of ms, which made a bound on
    # the longest gap fail now and then)
    assert loop_thread[0] not in slow.threads, "an encode ran on the event loop"
    assert len(ticks) > 10


def test_a_windowed_context_gets_the_block_at_the_end_and_one_block_per_reply(hub):
    mem = ZettelAgentChatMemory(hub, "ada")
    turns = [UserMessage(content=f"Message {i} about the weather.", source="bob") for i in range(4)]

    async def main():
        await mem.add(_text("The pilot study enrolled 42 participants in Lisbon."))
        context = BufferedChatCompletionContext(buffer_size=3, initial_messages=turns)
        await context.add_message(
            UserMessage(content="How many participants were in the pilot?", source="bob")
        )
        await mem.update_context(context)
        first = await context.get_messages()
        await context.add_message(UserMessage(content="And the pilot participants again?", source="bob"))
        await mem.update_context(context)
        return first, await context.get_messages(), (await context.save_state())["messages"]

    first, second, stored = asyncio.run(main())
    assert isinstance(first[-1], SystemMessage) and first[-1].content.startswith(
        '<zettel-recall agent="ada">'
    )
    assert isinstance(second[-1], SystemMessage) and "42 participants" in second[-1].content
    assert sum("<zettel-recall" in str(m["content"]) for m in stored) == 1  # the first block was taken out
    assert len(stored) == 7  # 4 + 2 questions + this reply's block


def test_a_new_context_is_a_new_chat_and_clear_does_not_recapture(hub, clock):
    mem = ZettelAgentChatMemory(hub, "ada")
    day1 = [
        UserMessage(content=f"Day one fact number {i}: the lab opens at {8 + i} am.", source="bob")
        for i in range(2)
    ]
    day2 = [
        UserMessage(content=f"Day two fact number {i}: the pilot had {40 + i} people.", source="cy")
        for i in range(4)
    ]

    async def main():
        one = UnboundedChatCompletionContext(list(day1))
        await mem.update_context(one)
        await mem.flush()
        first = {c.content: c.session_id for c in mem.memory.cards()}
        clock.advance(days=1)
        await mem.update_context(UnboundedChatCompletionContext(list(day2)))  # longer, other messages
        await mem.flush()
        # (the first session's end wrote its summary card: cards of the chat only here)
        second = {c.content: c.session_id for c in mem.memory.cards() if c.kind.value != "summary"}
        await mem.clear()
        await mem.update_context(UnboundedChatCompletionContext(list(day2)))  # the same context again
        await mem.flush()
        return first, second, mem.memory.cards()

    first, second, after_clear = asyncio.run(main())
    assert len(first) == 2 and len(set(first.values())) == 1
    new = {content: session for content, session in second.items() if content not in first}
    assert len(new) == 4 and set(new.values()).isdisjoint(first.values())  # a new session
    assert after_clear == []  # what the context still held was not captured back


def test_inject_role_user_puts_the_block_in_a_user_message(hub):
    mem = ZettelAgentChatMemory(hub, "ada", inject_role="user")

    async def main():
        await mem.add(_text("The pilot study enrolled 42 participants in Lisbon."))
        context = UnboundedChatCompletionContext(
            [UserMessage(content="How many participants?", source="bob")]
        )
        await mem.update_context(context)
        return await context.get_messages()

    block, question = asyncio.run(main())
    assert isinstance(block, UserMessage) and block.source == "memory" and "42 participants" in block.content
    assert question.content == "How many participants?"


def test_a_persona_puts_its_system_layer_first_and_one_copy_per_reply(hub):
    from autogen_zettel import load_persona

    persona = load_persona("agents/critic.yaml")

    async def main(stub: OpenAIStub):
        mem = ZettelAgentChatMemory(hub, "critic", persona=persona, evolve=False)
        await mem.add(_text("The pilot study enrolled 42 participants in Lisbon."))
        critic = AssistantAgent("critic", model_client=_client(stub), memory=[mem], system_message=None)
        await critic.run(task="How many participants did the pilot study enroll?")
        await critic.run(task="Is that enough?")
        return mem

    with OpenAIStub(lambda body: "Show me the power analysis.") as stub:
        mem = asyncio.run(main(stub))
        first, second = stub.requests
    for body in (first, second):
        system = _system(body)
        assert system.startswith(mem.system_layer()) and mem.system_layer() == persona.system_message_text()
        assert system.count("You are critic") == 1  # the previous reply's layer was taken out
    assert "42 participants" in _system(first)
    assert all("You are critic" not in c.content for c in mem.memory.cards())


def test_bad_arguments_name_the_fix(hub):
    with pytest.raises(InvalidInput, match="tenant name '../x'"):
        ZettelAgentChatMemory(hub, "../x")
    with pytest.raises(InvalidInput, match="unknown option"):
        ZettelAgentChatMemory(hub, "ada", top_k=3)
    with pytest.raises(InvalidInput, match="hub must be a MemoryHub"):
        ZettelAgentChatMemory(object(), "ada")


@pytest.mark.integration
def test_the_example_runs_offline_and_recalls_day_one_on_day_two():
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    out = subprocess.run(
        [sys.executable, str(root / "examples" / "agentchat_memory.py")],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "HF_HUB_OFFLINE": "1"},
        cwd=root,
        check=True,
    )
    day1, day2 = out.stdout.split("== 2024-03-11")
    assert "unlocked" not in day1 and "unlocked" in day2
    assert "bob: I will draft the ethics review" in day2.split("ada unlocked")[1]  # ada recalls what bob said
    assert "a recall block in the model's last prompt: yes" in day2
