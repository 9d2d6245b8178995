"""Feedback in plain chat turns over simulated weeks, through a real GroupChat (the simulator):
three critics of one persona file hear the lead address them by name, with no feedback label
(examples/scenarios/critics.yaml), and two researchers hear Chinese feedback
(examples/scenarios/zh_divergence.yaml). The bundled MiniLM reads what no pole word covers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from autogen_zettel.memory.tenant import tenant_parts
from autogen_zettel.persona.phrase_match import find_phrase, normalise
from autogen_zettel.persona.spec import load_persona
from autogen_zettel.research.simulate import load_scenario, run_scenario

ROOT = Path(__file__).resolve().parents[1]
CRITICS = ROOT / "examples" / "scenarios" / "critics.yaml"
ZH = ROOT / "examples" / "scenarios" / "zh_divergence.yaml"
LABELLED = ROOT / "tests" / "data" / "feedback_bilingual.jsonl"


def _turns(path):
    return [t for s in load_scenario(path).sessions for t in s.user_turns]


def test_the_scenarios_are_plain_turns_in_words_of_their_own():
    labelled = {json.loads(line).get("text") for line in LABELLED.read_text(encoding="utf-8").splitlines()}
    warmth = load_persona(ROOT / "agents" / "critic.yaml").trait_specs["warmth"]
    for path in (CRITICS, ZH):
        for t in _turns(path):
            assert t.kind == "turn" and t.about is None and t.text not in labelled, t.text
    dana = {t.text for t in _turns(CRITICS) if t.text.lower().startswith(("dana", "thanks dana"))}
    assert len(dana) == 6
    for text in dana:  # none of warmth's listed phrases
        assert not [p for p in (*warmth.more, *warmth.less) if find_phrase(normalise(text), p)], text
    assert len({t.text for t in _turns(CRITICS) if t.text.startswith("cleo")}) == 6


def traits(result, agent):
    return result.metrics["agents"][agent]["persona"]["traits"]


@pytest.mark.integration
def test_three_critics_move_as_asked_and_the_neutral_one_stays(tmp_path, minilm):
    start = load_persona(ROOT / "agents" / "critic.yaml")
    first = run_scenario(CRITICS, tmp_path / "one", embedder=minilm)
    base = {name: spec.initial for name, spec in start.trait_specs.items()} | dict(start.traits)
    cleo, dana, eli = (traits(first, a) for a in ("cleo", "dana", "eli"))
    assert cleo["conciseness"]["long"] - base["conciseness"] >= 0.10
    assert dana["warmth"]["long"] - base["warmth"] >= 0.15
    # the persona's declared traits (a candidate promoted during the run is a trait of its own)
    assert all(abs(eli[k]["long"] - base[k]) < 0.05 for k in base if k in eli), eli
    # the requests for warmth never rolled devils_advocate back (it may relock: warmth < 0.5 is its condition)
    from autogen_zettel.memory import MemoryHub

    hub = MemoryHub.open(tmp_path / "one" / "memory", embedder=minilm)
    try:
        from autogen_zettel.store.persona_tables import PersonaStore

        events = PersonaStore(tenant_parts(hub.tenant("dana")).db).module_events("devils_advocate")
        assert not [e for e in events if e.event in ("weaken", "rollback")], events
    finally:
        hub.close()
    again = run_scenario(CRITICS, tmp_path / "two", embedder=minilm)
    for agent in ("cleo", "dana", "eli"):
        assert traits(again, agent) == traits(first, agent)


@pytest.mark.integration
def test_chinese_feedback_moves_two_researchers_apart(tmp_path, minilm):
    result = run_scenario(ZH, tmp_path / "zh", embedder=minilm)
    lin, wei = traits(result, "lin")["conciseness"]["long"], traits(result, "wei")["conciseness"]["long"]
    assert lin > 0.55 + 0.2 and wei < 0.55 - 0.2 and lin - wei > 0.5
    assert result.metrics["agents"]["lin"]["persona"]["modules"]["status_digest"]["status"] == "active"
    again = run_scenario(ZH, tmp_path / "zh2", embedder=minilm)
    assert traits(again, "lin") == traits(result, "lin") and traits(again, "wei") == traits(result, "wei")
