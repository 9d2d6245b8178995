"""The agent layer with the real default embedder (the bundled multilingual-e5-small, offline): the shipped research-group scenario, and cross-session recall reaching
an LLM (the in-test OpenAI-compatible server) in a GroupChat."""

from __future__ import annotations

import os

os.environ.setdefault("HF_HUB_OFFLINE", "1")  # never download weights
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

from datetime import datetime  # noqa: E402
from pathlib import Path  # noqa: E402

import autogen  # noqa: E402
import pytest  # noqa: E402

from autogen_zettel import MemoryHub, SimulatedClock  # noqa: E402
from autogen_zettel.agent.assistant import MemoryAugmentedAssistantAgent, ScriptedUserAgent, quiet_io  # noqa: E402
from autogen_zettel.persona.spec import load_persona  # noqa: E402
from autogen_zettel.research.simulate import run_scenario  # noqa: E402

from .openai_stub import OpenAIStub  # noqa: E402

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parent.parent


def test_research_group_scenario_offline_with_the_default_embedder(tmp_path, default_embedder):
    result = run_scenario(ROOT / "examples" / "scenarios" / "research_group.yaml", tmp_path / "run")
    assert result.metrics["embedding_model"] == default_embedder.name

    def unlocked(session: str) -> list[str]:
        s = next(x for x in result.sessions if x.id == session)
        return [u.content for e in s.entries if e.kind == "reply" for u in e.unlocked]

    # day 8 asks about the pilot's dropouts (said on day 1) and the watches (said on day 2)
    day8 = unlocked("day-08-recruitment")
    assert any("7 dropped out" in c for c in day8)
    assert any("12 devices" in c for c in day8)
    # day 12 asks for the sample size, the deadline and where raw data must stay
    day12 = unlocked("day-12-submission")
    assert any("60 participants" in c and "March 22" in c for c in day12)
    assert any("Utrecht" in c for c in day12)
    for m in result.metrics["agents"].values():
        assert m["from_earlier_sessions"] > 0


def test_group_chat_recall_across_sessions_with_the_default_embedder(tmp_path):
    replies = {"ada": "I will draft the analysis plan.", "bob": "I will check the consent forms."}

    def answer(body):
        system = body["messages"][0]["content"]
        return replies[system.split()[2].rstrip(",.")]

    clock = SimulatedClock(datetime(2024, 3, 4, 9))
    with OpenAIStub(answer) as stub, MemoryHub.open(tmp_path / "memory", clock=clock) as hub:
        agents = [
            MemoryAugmentedAssistantAgent(
                load_persona(ROOT / "agents" / "researcher.yaml"),
                hub,
                llm_config=stub.llm_config(),
                tenant="ada",
                flush_before_recall=True,
            ),
            MemoryAugmentedAssistantAgent(
                load_persona(ROOT / "agents" / "critic.yaml"),
                hub,
                llm_config=stub.llm_config(),
                tenant="bob",
                flush_before_recall=True,
            ),
        ]
        replies = {"researcher": replies["ada"], "critic": replies["bob"]}
        openings = [
            "Our freezer in room B12 holds the saliva samples; it must stay at minus 80 degrees.",
            "Next week's seminar is about statistical power and preregistration.",
            "Where are the saliva samples stored, and at what temperature?",
        ]
        for day, opening in enumerate(openings):
            clock.set(datetime(2024, 3, 4 + 3 * day, 9))
            user = ScriptedUserAgent("user")
            for a in agents:
                a.start_session(f"day-{day + 1}")
                a.clear_history()
            if day == 2:
                stub.requests.clear()
            gc = autogen.GroupChat(
                agents=[user, *agents], messages=[], max_round=3, speaker_selection_method="round_robin"
            )
            manager = autogen.GroupChatManager(gc, llm_config=False, silent=True)
            with quiet_io():
                user.initiate_chat(manager, message=opening, silent=True)
        for name in ("researcher", "critic"):
            (request,) = stub.requests_from(name)
            recall = request["messages"][1]["content"]
            assert recall.startswith("<zettel-recall")
            assert "room B12" in recall and "session day-1" in recall
        assert {p.stem for p in (tmp_path / "memory" / "tenants").glob("*.sqlite")} == {"ada", "bob"}
