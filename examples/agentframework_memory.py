"""Microsoft Agent Framework agents with Zettelkasten memories: a group chat (agent-framework-
orchestrations) meets on two simulated days; on day 2 each agent recalls, from its own memory,
what was said on day 1.

Needs the agentframework extra: pip install "autogen-zettel[agentframework]".

Runs offline by default: the model is a scripted OpenAI-compatible server started inside this
process (tests/openai_stub.py of a source checkout; no key, no network), reached through
agent-framework-openai's real chat-completions client, so you see exactly what the model
receives. Memories use the bundled default embedder, multilingual-e5-small (no download). With a real model instead:

    OPENAI_API_KEY=sk-... python examples/agentframework_memory.py --model gpt-4o-mini [--base-url URL]

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
    from agent_framework import Agent
    from agent_framework_openai import OpenAIChatCompletionClient
    from agent_framework_orchestrations import GroupChatBuilder
except ImportError:
    sys.exit('this example needs Microsoft Agent Framework: pip install "autogen-zettel[agentframework]"')

from autogen_zettel.agent.agentframework import ZettelContextProvider
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
    """The scripted server (started) and a client factory for it; exits with the fix if it is missing."""
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
    return stub, lambda: OpenAIChatCompletionClient(
        model="stub-model", base_url=stub.base_url, api_key="sk-offline"
    )


def show(events, memories, stub, seen: int) -> None:
    for event in events:
        if event.type == "intermediate":
            for message in event.data.messages:
                print(f"  {message.author_name}: {message.text}")
    for name, memory in memories.items():
        recall = memory.last_recall
        if recall is not None and recall.unlocked:
            print(f"  {name} unlocked {len(recall.unlocked)} card(s) before its last turn:")
            for card in recall.unlocked[:3]:
                print(f"    - {card.speaker}: {card.content}  ({card.layer}, score {card.score})")
    if stub is not None and len(stub.requests) > seen:
        sent = str(stub.requests[-1]["messages"])
        print(f"  (a recall block in the model's last prompt: {'yes' if '<zettel-recall' in sent else 'no'})")


async def run(data_dir: Path, client_factory, stub) -> None:
    clock = SimulatedClock(DAYS[0][0])
    with MemoryHub.open(data_dir, clock=clock) as hub:
        memories = {name: ZettelContextProvider(hub, name) for name in AGENTS}
        agents = [
            Agent(client=client_factory(), name=name, instructions=system, context_providers=[memories[name]])
            for name, system in AGENTS.items()
        ]
        for when, task in DAYS:
            clock.set(when)
            # a new group chat each day: every participant gets a new AgentSession, so a new
            # session in its memory (the previous one ends: mining and maintenance run)
            chat = GroupChatBuilder(
                participants=agents,
                max_rounds=3,
                intermediate_output_from="all_other",
                selection_func=lambda state: ("ada", "bob")[state.current_round % 2],
            ).build()
            print(f"\n== {when:%Y-%m-%d}  user: {task}")
            seen = len(stub.requests) if stub is not None else 0
            show(await chat.run(task), memories, stub, seen)
            for memory in memories.values():
                await memory.flush()
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
    # the orchestrator warns when max_rounds ends the chat, which is how this one is meant to end
    logging.getLogger("agent_framework_orchestrations").setLevel(logging.ERROR)
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
            with tempfile.TemporaryDirectory(prefix="agentframework-memory-") as tmp:
                asyncio.run(run(Path(tmp) / "memory", factory, stub))
    finally:
        if stub is not None:
            stub.stop()


if __name__ == "__main__":
    main()
