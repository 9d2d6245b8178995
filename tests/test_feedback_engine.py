"""The persona engine hearing feedback in plain turns: a complaint that names what to change is
a request, not a verdict on the modules in force; a speaker's weight scales its evidence."""

from __future__ import annotations

from autogen_zettel.persona.behaviours import ModuleStatus
from autogen_zettel.persona.engine import PersonaEngine
from tests.test_evolution import Day, persona, world  # noqa: F401  (world is a fixture)

WARMTH = {
    "warmth": {
        "description": "how kind the tone is",
        "poles": {
            "high": {"words": {"en": ["kind"], "zh": ["客气"]}},
            "low": {"faults": {"en": ["harsh"], "zh": ["刺耳"]}},
        },
    }
}


def test_a_request_for_warmth_does_not_roll_a_module_back(world):  # noqa: F811
    clock, open_hub = world
    engine = PersonaEngine(open_hub().tenant("ada"), persona(trait_definitions=WARMTH))
    feed = Day(engine, clock)
    day = feed.until_unlocked("brief")
    # complaints by their words ("no", "bad", 不舒服): without the request read, two roll it back
    feed.session(day, feedback=("No, ada, that came across harsh.",))
    feed.session(day + 1, feedback=("ada, that was a bad, harsh reply.",))
    feed.session(day + 2, feedback=("ada，这话听着很刺耳，不舒服。",))
    assert engine.modules["brief"].status is ModuleStatus.ACTIVE
    assert not [e for e in engine.store.module_events() if e.event in ("weaken", "rollback")]
    asked = [e for e in engine.store.evidence(trait="warmth")]
    assert [(e.sign, e.cue) for e in asked] == [(1, "pole:harsh")] * 2 + [(1, "pole:刺耳")]


def test_a_speakers_weight_scales_its_evidence(world):  # noqa: F811
    clock, open_hub = world
    engine = PersonaEngine(open_hub(feedback_weights={"user": 2.0, "default": 0.5}).tenant("ada"), persona())
    assert engine.feedback_weight("user") == 2.0 and engine.feedback_weight("someone") == 0.5
    Day(engine, clock).session(0, feedback=("ada, 太啰嗦了。",))
    [row] = [e for e in engine.store.evidence(trait="conciseness") if e.source == "feedback"]
    assert row.sign == 1 and row.strength == 2.0
