"""One persona file works in every lineage: agents/critic.yaml gives the same system layer, trait
scores and module states whichever adapter loads it (the classic agent, the AgentChat memory, the
Agent Framework context provider, the ag2 1.x assembly policy). Each adapter loads it into a hub
of its own on the same simulated clock, so nothing one adapter stores can make the others agree.
Adapters whose framework is not installed in this environment are skipped (the classic agent is
always there)."""

from __future__ import annotations

import importlib
import importlib.util

import pytest

from autogen_zettel import HashEmbedder, MemoryHub, SimulatedClock, load_persona
from tests.conftest import T0

PERSONA = "agents/critic.yaml"


def _classic(hub, persona, evolve):
    from autogen_zettel.agent.assistant import MemoryAugmentedAssistantAgent

    agent = MemoryAugmentedAssistantAgent(persona, hub, llm_config=False, evolve=evolve)
    engine = agent.persona_engine
    if engine is None:
        return (
            agent.system_message,
            dict(sorted(persona.traits.items())),
            {m.name: "locked" for m in persona.modules},
        )
    return (
        agent.system_message,
        engine.scores(),
        {n: s.status.value for n, s in sorted(engine.modules.items())},
    )


def _layered(module: str, cls: str):
    def build(hub, persona, evolve):
        adapter = getattr(importlib.import_module(module), cls)(
            hub, persona.name, persona=persona, evolve=evolve
        )
        return adapter.system_layer(), adapter.layer.traits(), adapter.layer.modules()

    return build


ADAPTERS = {
    "classic": (None, _classic),
    "agentchat": ("autogen_core", _layered("autogen_zettel.agent.agentchat", "ZettelAgentChatMemory")),
    "agentframework": (
        "agent_framework",
        _layered("autogen_zettel.agent.agentframework", "ZettelContextProvider"),
    ),
    "ag2x": ("ag2", _layered("autogen_zettel.agent.ag2x", "ZettelAssemblyPolicy")),
}


@pytest.mark.parametrize("evolve", [False, True], ids=["fixed", "evolving"])
def test_one_persona_file_gives_the_same_layer_traits_and_modules_in_every_lineage(tmp_path, evolve):
    persona = load_persona(PERSONA)
    built = {}
    for name, (needs, build) in ADAPTERS.items():
        if needs is not None and importlib.util.find_spec(needs) is None:
            continue
        hub = MemoryHub.open(tmp_path / name, embedder=HashEmbedder(), clock=SimulatedClock(T0))
        try:
            built[name] = build(hub, persona, evolve)
        finally:
            hub.close()
    assert "classic" in built
    layer, traits, modules = built["classic"]
    assert layer.startswith("You are critic, critical reviewer of the group's claims.")
    assert set(modules) == {"devils_advocate", "gentle_tone"}
    assert traits["scepticism"] == pytest.approx(0.85, abs=0.05)
    for name, other in built.items():
        assert other == (layer, traits, modules), f"{name} builds another persona than the classic agent"
