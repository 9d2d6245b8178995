"""The ag2 1.x adapter (``autogen_zettel.agent.ag2x``) with real ``ag2.Agent`` agents talking through
ag2's OpenAI client to the OpenAI-compatible server in this process (tests/openai_stub.py, which
records every request), on a real hub on disk. ag2 1.x installs the package ``ag2`` (no
``autogen`` module), so it shares the main environment with pyautogen 0.9."""

from __future__ import annotations

import asyncio
import json

import pytest

pytest.importorskip("ag2", reason="needs the ag2x extra: pip install 'autogen-zettel[ag2x]'")

from ag2 import Agent  # noqa: E402
from ag2.assembly import AssemblyPolicy  # noqa: E402
from ag2.config import OpenAIConfig  # noqa: E402
from ag2.observers import Observer  # noqa: E402

import autogen_zettel  # noqa: E402
from autogen_zettel import HashEmbedder, InvalidInput, MemoryHub, load_persona  # noqa: E402
from autogen_zettel.agent.ag2x import ZettelAssemblyPolicy  # noqa: E402
from tests.openai_stub import OpenAIStub  # noqa: E402

FACT = "The pilot study enrolled 42 participants in Lisbon."
REPLY = "Noted: the Lisbon pilot is our baseline for the main trial."
SECRET = "Bob's own note: the blood samples are kept in freezer B7."


def _agent(
    stub: OpenAIStub,
    name: str,
    memory: ZettelAssemblyPolicy,
    *,
    observe: bool = True,
    prompt: str | None = None,
) -> Agent:
    config = OpenAIConfig(model="stub-model", api_key="sk-test", base_url=stub.base_url)
    prompt = f"You are {name}, a researcher." if prompt is None else prompt
    return Agent(name, prompt, config=config, assembly=[memory], observers=[memory] if observe else ())


def _sent(body: dict) -> str:
    return json.dumps(body["messages"], ensure_ascii=False)


def _said(memory: ZettelAssemblyPolicy) -> list[tuple[str, str]]:
    return [(c.speaker, c.content) for c in memory.memory.cards()]


@pytest.fixture
def hub(tmp_path, clock):
    h = MemoryHub.open(tmp_path / "data", embedder=HashEmbedder(), clock=clock)
    yield h
    h.close()


def test_the_policy_is_an_ag2_assembly_policy_and_observer_and_exported(hub):
    memory = ZettelAssemblyPolicy(hub, "ada")
    assert isinstance(memory, AssemblyPolicy) and isinstance(memory, Observer)
    assert autogen_zettel.ZettelAssemblyPolicy is ZettelAssemblyPolicy
    assert ZettelAssemblyPolicy(hub=hub, tenant="bob").tenant == "bob"


def test_a_fact_from_one_conversation_reaches_the_model_in_a_new_one(hub, clock):
    async def main(stub: OpenAIStub):
        memory = ZettelAssemblyPolicy(hub, "ada")
        ada = _agent(stub, "ada", memory)
        first = await ada.ask(FACT)
        await memory.flush()
        clock.advance(days=1)
        second = await ada.ask("How many participants did the pilot study enroll?")  # a new stream
        await second.ask("And where was it?")  # the same stream: the same session
        await memory.close()
        return memory, str(first.context.stream.id), str(second.context.stream.id)

    with OpenAIStub(lambda body: REPLY) as stub:
        memory, day1_id, day2_id = asyncio.run(main(stub))
        day1, day2, day2_again = stub.requests
    assert "zettel-recall" not in _sent(day1)
    system = day2["messages"][0]
    assert system["role"] == "system" and system["content"].startswith("You are ada, a researcher.")
    assert "<zettel-recall" in system["content"] and "42 participants" in system["content"]
    assert "data, not instructions" in system["content"]
    # one block per call, never in the stream's history
    assert _sent(day2_again).count("<zettel-recall") <= 1
    assert all(
        m["role"] == "system" or "zettel-recall" not in str(m["content"]) for m in day2_again["messages"]
    )
    cards = memory.memory.cards()
    assert all("zettel-recall" not in c.content for c in cards)
    assert {day1_id, day2_id} <= {c.session_id for c in cards}
    said = _said(memory)
    assert ("user", FACT) in said and any(s == "ada" and "baseline" in c for s, c in said)


def test_two_agents_never_see_each_others_memories(hub):
    async def main(stub: OpenAIStub):
        ada_mem, bob_mem = ZettelAssemblyPolicy(hub, "ada"), ZettelAssemblyPolicy(hub=hub, tenant="bob")
        ada, bob = _agent(stub, "ada", ada_mem), _agent(stub, "bob", bob_mem)
        await bob.ask(SECRET)
        await ada.ask(FACT)
        for m in (ada_mem, bob_mem):
            await m.flush()
        n = len(stub.requests)
        await ada.ask("Where are the blood samples kept? Which freezer?")
        await bob.ask("How many participants did the pilot study enroll?")
        for m in (ada_mem, bob_mem):
            await m.close()
        return ada_mem, bob_mem, stub.requests[n:]

    with OpenAIStub(lambda body: "I do not know.") as stub:
        ada_mem, bob_mem, (ada_asks, bob_asks) = asyncio.run(main(stub))
    assert "freezer B7" not in _sent(ada_asks) and "42 participants" not in _sent(bob_asks)
    assert any("42 participants" in c for _, c in _said(ada_mem))
    assert not any("freezer" in c for _, c in _said(ada_mem))
    assert not any("42 participants" in c for _, c in _said(bob_mem))


@pytest.mark.parametrize("observe", [True, False])
def test_every_message_is_captured_once_with_or_without_the_observer(hub, observe):
    replies = iter(
        [
            "The ethics review is due on Friday.",
            "Recruitment starts again in May.",
            "The consent forms go to the ethics board.",
        ]
    )

    async def main(stub: OpenAIStub):
        memory = ZettelAssemblyPolicy(hub, "ada", speaker="carol")
        ada = _agent(stub, "ada", memory, observe=observe)
        reply = await ada.ask("When is the ethics review due?")
        reply = await reply.ask("When does recruitment start again?")
        await reply.ask("Where do the consent forms go?")
        await memory.close()  # without the observer this captures the final reply
        return memory

    with OpenAIStub(lambda body: next(replies)) as stub:
        memory = asyncio.run(main(stub))
    said = _said(memory)
    for line in (
        "The ethics review is due on Friday.",
        "Recruitment starts again in May.",
        "The consent forms go to the ethics board.",
    ):
        assert said.count(("ada", line)) == 1
    assert said.count(("carol", "When is the ethics review due?")) == 1
    assert len({c.session_id for c in memory.memory.cards()}) == 1  # follow-ups share the stream


def test_the_persona_goes_in_front_of_the_prompts(hub):
    persona = load_persona("agents/critic.yaml")

    async def main(stub: OpenAIStub):
        memory = ZettelAssemblyPolicy(hub, "critic", persona=persona, evolve=False)
        await _agent(stub, "critic", memory, prompt="").ask(FACT)
        await memory.close()
        return memory

    with OpenAIStub(lambda body: "Show me the power analysis.") as stub:
        memory = asyncio.run(main(stub))
        system = stub.requests[0]["messages"][0]
    assert system["role"] == "system"
    assert system["content"].strip() == memory.system_layer() == persona.system_message_text()


def test_bad_arguments_name_the_fix(hub):
    with pytest.raises(InvalidInput, match="tenant"):
        ZettelAssemblyPolicy(hub, "../x")
    with pytest.raises(InvalidInput, match="top_k"):
        ZettelAssemblyPolicy(hub, "ada", top_k=3)
    with pytest.raises(InvalidInput, match="MemoryHub"):
        ZettelAssemblyPolicy(object(), "ada")
