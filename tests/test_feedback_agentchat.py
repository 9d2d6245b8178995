"""Feedback in an AgentChat team's plain turns moves the addressed agent's traits: real
AssistantAgents in a RoundRobinGroupChat talk to the OpenAI-compatible server in this process;
each agent's ZettelAgentChatMemory carries a persona (agents/critic.yaml)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

pytest.importorskip(
    "autogen_agentchat", reason="needs the agentchat extra: pip install 'autogen-zettel[agentchat]'"
)

from autogen_agentchat.agents import AssistantAgent  # noqa: E402
from autogen_agentchat.teams import RoundRobinGroupChat  # noqa: E402

from autogen_zettel import HashEmbedder, MemoryHub  # noqa: E402
from autogen_zettel.agent.agentchat import ZettelAgentChatMemory  # noqa: E402
from autogen_zettel.base.config import config_from_dict  # noqa: E402
from tests.openai_stub import OpenAIStub  # noqa: E402
from tests.test_agentchat import _client  # noqa: E402

CRITIC = Path(__file__).resolve().parents[1] / "agents" / "critic.yaml"
SAYS = {
    "dana": ["The sample is too small to support the claim.", "Still, the control group is missing."],
    "eli": ["I agree with the objection.", "Noted."],
}


def _scripted():
    replies = {name: list(lines) for name, lines in SAYS.items()}
    return lambda body: replies[body["messages"][0]["content"].split()[2].rstrip(",")].pop(0)


def test_a_plain_turn_addressed_by_name_moves_only_the_addressed_agent(tmp_path, clock):
    # the hashing embedder reads nothing by meaning: meaning off, the words alone decide
    cfg = config_from_dict({"persona": {"meaning": False, "mine_every_turns": 0}})
    hub = MemoryHub.open(tmp_path / "data", embedder=HashEmbedder(), clock=clock, config=cfg)

    async def main(stub: OpenAIStub):
        memories = {n: ZettelAgentChatMemory(hub, n, persona=CRITIC) for n in SAYS}
        agents = [
            AssistantAgent(
                n, model_client=_client(stub), memory=[memories[n]], system_message=f"You are {n}, a critic."
            )
            for n in SAYS
        ]
        team = RoundRobinGroupChat(agents, max_turns=2)
        await team.run(task="Please review the pilot report.")
        await team.run(
            task="dana, that came across harsh to the students. The room for eli's talk is booked."
        )
        for m in memories.values():
            await m.flush()
        return memories

    try:
        with OpenAIStub(_scripted()) as stub:
            memories = asyncio.run(main(stub))
        dana, eli = (memories[n].persona_engine for n in ("dana", "eli"))
        assert dana.name == "dana" and eli.name == "eli"
        felt = [(e.trait, e.sign, e.cue) for e in dana.store.evidence() if e.source == "feedback"]
        assert felt == [("warmth", 1, "pole:harsh")]
        assert not [e for e in eli.store.evidence() if e.source == "feedback"]
    finally:
        hub.close()
