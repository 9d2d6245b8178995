"""Microsoft AutoGen AgentChat agents with Zettelkasten memories: a RoundRobinGroupChat meets on
two simulated days; on day 2 each agent recalls, from its own memory, what was said on day 1.

Needs the agentchat extra: pip install "autogen-zettel[agentchat]" (scripts/setup.sh installs it).

Runs offline by default: the model is a scripted OpenAI-compatible server started inside this
process (tests/openai_stub.py of a source checkout; no key, no network), reached through
autogen-ext's real OpenAI client, so you see exactly what the model receives. Memories use the
bundled default embedder, multilingual-e5-small (no download). With a real model instead:

    OPENAI_API_KEY=sk-... python examples/agentchat_memory.py --model gpt-4o-mini [--base-url URL]

Each agent's memory is its own tenant in the data folder (a temporary folder, removed at the
end, unless --data-dir is given).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
import tempfile
from datetime import datetime
from pathlib import Path

try:
    from autogen_agentchat.agents import AssistantAgent
    from autogen_agentchat.messages import MemoryQueryEvent, TextMessage
    from autogen_agentchat.teams import RoundRobinGroupChat
    from autogen_ext.models.openai import OpenAIChatCompletionClient
except ImportError:
    sys.exit('this example needs AutoGen AgentChat: pip install "autogen-zettel[agentchat]"')

from autogen_zettel.agent.agentchat import ZettelAgentChatMemory
from autogen_zettel.base.clock import SimulatedClock
from autogen_zettel.memory import MemoryHub

ROOT = Path(__file__).resolve().parent.parent

AGENTS = {
    "ada": "You are ada, the study's lead researcher. Answer in one or two sentences.",
    "bob": "You are bob, the study's methodologist. Answer in one or two sentences.",
}
DAYS = [
    (datetime(2024, 3, 4, 9, 0), "Day 1: what came out of the Lisbon pilot, and what is next?"),
    (
        datetime(2024, 3, 11, 10, 0),
        "Day 2: before we recruit again, how many people did the Lisbon pilot "
        "enrol, why did some drop out, and who drafts the ethics review?",
    ),
]
# what the offline model answers, per agent, in order
SCRIPT = {
    "ada": [
        "The Lisbon pilot enrolled 42 participants; 7 dropped out because the 5 am wake-up was too harsh.",
        "Thanks bob. I will book the lab for the May recruitment.",
        "From my notes: 42 enrolled, 7 dropped out over the 5 am wake-up; bob drafts the ethics review.",
        "Then recruitment opens once bob's review is approved.",
    ],
    "bob": [
        "I will draft the ethics review by Friday, with a later wake-up time.",
        "Agreed; the draft moves the wake-up to 7 am.",
    ],
}


def offline_model():
    """The scripted server (started) and a client for it; exits with the fix if it is missing."""
    sys.path.insert(0, str(ROOT))
    try:
        from tests.openai_stub import OpenAIStub
    except ImportError:
        sys.exit(
            "offline mode needs tests/openai_stub.py from a source checkout of autogen-zettel; "
            "or give --model (and OPENAI_API_KEY) for a real endpoint"
        )
    replies = {name: list(lines) for name, lines in SCRIPT.items()}
    stub = OpenAIStub(
        lambda body: replies[body["messages"][0]["content"].split()[2].rstrip(",")].pop(0)
    ).start()
    info = {
        "vision": False,
        "function_calling": False,
        "json_output": False,
        "family": "unknown",
        "structured_output": False,
        "multiple_system_messages": False,
    }
    return stub, lambda: OpenAIChatCompletionClient(
        model="stub-model", base_url=stub.base_url, api_key="sk-offline", model_info=info
    )


def show(result, stub) -> None:
    for message in result.messages:
        if isinstance(message, MemoryQueryEvent):
            print(f"  {message.source} unlocked {len(message.content)} card(s):")
            for item in message.content[:3]:
                meta = item.metadata or {}
                print(
                    f"    - {meta.get('speaker')}: {item.content}  ({meta.get('layer')}, score {meta.get('score')})"
                )
        elif isinstance(message, TextMessage) and message.source != "user":
            print(f"  {message.source}: {message.content}")
    if stub is not None and stub.requests:
        system = stub.requests[-1]["messages"][0]["content"]
        print(
            f"  (a recall block in the model's last prompt: {'yes' if '<zettel-recall' in system else 'no'})"
        )


async def run(data_dir: Path, client_factory, stub) -> None:
    clock = SimulatedClock(DAYS[0][0])
    with MemoryHub.open(data_dir, clock=clock) as hub:
        memories = {name: ZettelAgentChatMemory(hub, name) for name in AGENTS}
        agents = [
            AssistantAgent(
                name, model_client=client_factory(), system_message=system, memory=[memories[name]]
            )
            for name, system in AGENTS.items()
        ]
        team = RoundRobinGroupChat(agents, max_turns=3)  # ada, bob, ada: ada hears bob's answer
        for when, task in DAYS:
            clock.set(when)
            await team.reset()  # a new day: fresh contexts, a new session in every memory
            print(f"\n== {when:%Y-%m-%d}  user: {task}")
            show(await team.run(task=task), stub)
            for memory in memories.values():
                await memory.flush()  # each agent's last reply, into its own memory
        print()
        for name, memory in memories.items():
            print(f"{name}'s memory holds {len(memory.memory.cards())} cards")
            await memory.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", help="a real model name (else the offline scripted model)")
    parser.add_argument("--base-url", help="an OpenAI-compatible endpoint (default: OpenAI's)")
    parser.add_argument("--data-dir", type=Path, help="keep the memories here (default: a temporary folder)")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    stub = None
    if args.model:
        if not os.environ.get("OPENAI_API_KEY"):
            sys.exit("--model needs OPENAI_API_KEY in the environment")
        factory = lambda: OpenAIChatCompletionClient(model=args.model, base_url=args.base_url)  # noqa: E731
    else:
        stub, factory = offline_model()
    try:
        if args.data_dir is not None:
            asyncio.run(run(args.data_dir, factory, stub))
        else:
            with tempfile.TemporaryDirectory(prefix="agentchat-memory-") as tmp:
                asyncio.run(run(Path(tmp) / "memory", factory, stub))
    finally:
        if stub is not None:
            stub.stop()


if __name__ == "__main__":
    main()
