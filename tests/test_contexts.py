"""Profiles per context of life (#43, seed 000): a session is at work or at home, set by the caller
or inferred from what it says; a person's preferences are read per context, the context's own
first, then the shared sessions', never another context's; recall's person lines and the profile
follow the current session's context."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from autogen_zettel import HashEmbedder, MemoryHub
from autogen_zettel.base.errors import ConfigError, InvalidInput
from autogen_zettel.people.contexts import describe, infer_context
from autogen_zettel.people.profile_items import profile_from_layers
from autogen_zettel.persona.spec import persona_from_dict

T0 = datetime(2026, 3, 2, 9, 0)
CONTEXTS = {
    "work": "meetings, deadlines, the office, my manager, colleagues, clients, projects; 工作、开会、加班、同事、客户",
    "personal": "family, kids, partner, friends, weekend, hobbies, home, holidays; 家人、孩子、朋友、周末、爱好",
}


def _said(mem):
    """Rui: spicy food in a shared session, short answers at work, long answers at home."""
    mem.people.contexts.set("w1", "work")
    mem.people.contexts.set("p1", "personal")
    mem.remember("I love spicy food.", speaker="Rui", session_id="s0", at=T0)
    mem.remember(
        "I like short answers, I'm always between meetings.",
        speaker="Rui",
        session_id="w1",
        at=T0 + timedelta(days=1),
    )
    mem.remember(
        "I love long answers when I have time to read.",
        speaker="Rui",
        session_id="p1",
        at=T0 + timedelta(days=5),
    )


def test_preferences_by_context_keep_each_context_apart_and_fall_back_to_shared():
    with MemoryHub.open(memory=True, embedder=HashEmbedder()) as hub:
        mem = hub.tenant("coach")
        _said(mem)
        pooled = {p.topic: p.context for p in mem.preferences("Rui")}
        assert pooled == {"spicy": None, "short answers": None, "long answers": None}
        work = {p.topic: p.context for p in mem.preferences("Rui", context="work")}
        home = {p.topic: p.context for p in mem.preferences("Rui", context="personal")}
        assert work == {"short answers": "work", "spicy": None}  # never the weekend's long answers
        assert home == {"long answers": "personal", "spicy": None}
        # a context nobody declared and no session is in is a mistake, said so
        with pytest.raises(InvalidInput, match="no context 'wrok'.*known: personal, work"):
            mem.preferences("Rui", context="wrok")
        with pytest.raises(InvalidInput, match="cannot name a context"):
            mem.preferences("Rui", context="At Work")
        split = mem.people.by_context("Rui")
        assert {k: [p.topic for p in v] for k, v in split.items()} == {
            None: ["spicy"],
            "work": ["short answers"],
            "personal": ["long answers"],
        }
        layers = mem.export()["layers"]
        assert layers["contexts"] == {"p1": "personal", "w1": "work"}
        assert [p["topic"] for p in layers["preferences_by_context"]["work"]] == ["short answers"]


def test_two_people_in_one_context_keep_their_own_rows():
    """Rows are per person and topic: Ada's sushi at work does not hide Rui's, nor Rui's shared tea."""
    with MemoryHub.open(memory=True, embedder=HashEmbedder()) as hub:
        mem = hub.tenant("coach")
        mem.people.contexts.set("w1", "work")
        mem.remember("I love tea.", speaker="Rui", session_id="s0", at=T0)
        mem.remember("I love sushi.", speaker="Rui", session_id="w1", at=T0 + timedelta(days=1))
        mem.remember(
            "I love sushi too.", speaker="Ada", session_id="w1", at=T0 + timedelta(days=1, minutes=1)
        )
        mem.remember(
            "I love tea as well.", speaker="Ada", session_id="w1", at=T0 + timedelta(days=1, minutes=2)
        )
        rows = {(p.subject, p.topic, p.context) for p in mem.preferences(context="work")}
        assert {("Rui", "sushi", "work"), ("Ada", "sushi", "work"), ("Rui", "tea", None)} <= rows
        lines = mem.people.for_turn("sushi or tea?", session_id="w1")
        assert any("Rui likes sushi" in x for x in lines) and any("Ada likes sushi" in x for x in lines)


def test_the_opposite_said_in_another_context_does_not_erase_the_first():
    """Conflicts know no contexts: the later card wins the pooled view, but within its own
    context the earlier one still holds."""
    with MemoryHub.open(memory=True, embedder=HashEmbedder()) as hub:
        mem = hub.tenant("coach")
        mem.people.contexts.set("w1", "work")
        mem.people.contexts.set("p1", "personal")
        mem.remember("I love long detailed answers.", speaker="Rui", session_id="w1", at=T0)
        mem.remember(
            "I hate long detailed answers.", speaker="Rui", session_id="p1", at=T0 + timedelta(days=3)
        )
        work = [(p.value > 0.5, p.context) for p in mem.preferences("Rui", context="work")]
        home = [(p.value > 0.5, p.context) for p in mem.preferences("Rui", context="personal")]
        assert work == [(True, "work")] and home == [(False, "personal")]


def test_the_recall_block_and_the_profile_follow_the_sessions_context():
    with MemoryHub.open(memory=True, embedder=HashEmbedder()) as hub:
        mem = hub.tenant("coach")
        _said(mem)
        # the person lines after the recalled cards (the cards themselves are memories of any context)
        people = "What is remembered about the people here"
        at_work = mem.recall_block("should the answers be short or long?", session_id="w1").text.split(
            people
        )[1]
        at_home = mem.recall_block("should the answers be short or long?", session_id="p1").text.split(
            people
        )[1]
        assert "(in work context): Rui likes short answers" in at_work and "long answers" not in at_work
        assert "(in personal context): Rui likes long answers" in at_home and "short answers" not in at_home
        cards = {c.id: c for c in mem.cards()}
        items = [i.text for i in profile_from_layers(mem.people, cards, agent="coach")]
        assert "In work context, Rui likes short answers" in items
        assert "In personal context, Rui likes long answers" in items
        assert "Rui likes spicy" in items


def test_a_set_context_wins_and_none_puts_a_session_back_among_the_shared():
    with MemoryHub.open(memory=True, embedder=HashEmbedder()) as hub:
        mem = hub.tenant("coach")
        _said(mem)
        mem.people.contexts.set("w1", None)  # work's only session: its words are shared now
        assert {p.topic for p in mem.preferences("Rui", context="personal")} == {
            "spicy",
            "short answers",
            "long answers",
        }
        with pytest.raises(InvalidInput, match="session_id"):
            mem.people.contexts.set("", "work")


def test_contexts_are_inferred_from_what_a_session_says_and_kept_when_it_ends():
    """The bundled multilingual embedder reads a session's cards against each context's words,
    in English and in Chinese; the inference is kept when the session ends."""
    with MemoryHub.open(memory=True) as hub:
        mem = hub.tenant("coach")
        mem.people.contexts.declare(CONTEXTS)
        mem.remember(
            "The quarterly report is due Friday and my manager wants the numbers.",
            speaker="Rui",
            session_id="a",
            at=T0,
        )
        mem.remember(
            "Keep it short, I have a client call at ten.",
            speaker="Rui",
            session_id="a",
            at=T0 + timedelta(minutes=1),
        )
        mem.remember(
            "周末带孩子去公园放风筝，还想去湖边野餐。",
            speaker="Rui",
            session_id="b",
            at=T0 + timedelta(days=5),
        )
        mem.remember("What's the capital of Peru?", speaker="Rui", session_id="c", at=T0 + timedelta(days=6))
        assert mem.people.contexts.of("a") == "work"
        assert mem.people.contexts.of("b") == "personal"
        assert mem.people.contexts.of("c") is None  # trivia belongs to no context
        parts = mem.people.contexts
        assert parts.session_ended("a", T0 + timedelta(hours=1)) == "work"
        assert mem.export()["layers"]["contexts"] == {"a": "work", "b": "personal"}  # b: live, inferred
        parts.set("a", "personal")  # the caller knows better: a set context replaces an inferred one
        assert parts.session_ended("a", T0 + timedelta(hours=2)) is None and parts.of("a") == "personal"


def test_the_declaration_is_kept_and_a_live_inference_follows_the_session(tmp_path):
    """A reopened hub (another process: nothing declared there) reads the contexts the tenant
    declared, so a session it ends for its idle gap keeps its context; a long session's guess
    moves with what it says last."""
    with MemoryHub.open(tmp_path) as hub:
        mem = hub.tenant("coach")
        mem.people.contexts.declare(CONTEXTS)
        for i in range(14):
            mem.remember(
                f"Meeting {i} with my manager about the client deadline.",
                speaker="Rui",
                session_id="a",
                at=T0 + timedelta(minutes=i),
            )
        assert mem.people.contexts.of("a") == "work"
        for i in range(14):
            mem.remember(
                f"Weekend {i}: the kids and I baked at home with family.",
                speaker="Rui",
                session_id="a",
                at=T0 + timedelta(minutes=30 + i),
            )
        assert mem.people.contexts.of("a") == "personal"  # the last twelve cards speak of home now
    with MemoryHub.open(tmp_path) as hub:
        mem = hub.tenant("coach")
        assert set(mem.people.contexts.declared) == {"work", "personal"}
        mem.flush()  # the reopened hub may have ended the idle session itself, keeping its context
        mem.people.contexts.session_ended("a", T0 + timedelta(days=1))
        row = mem.people.tables.context_row("a")
        assert (row["context"], row["how"]) == ("personal", "inferred")
    with (
        MemoryHub.open(memory=True, embedder=HashEmbedder()) as hub,
        pytest.raises(InvalidInput, match="at least two"),
    ):
        hub.tenant("x").people.contexts.declare({"work": "meetings"})


def test_one_context_or_none_infers_nothing():
    emb = HashEmbedder()
    assert infer_context(["a meeting"], describe({"work": "meetings"}, emb), emb) is None
    assert infer_context([], describe(CONTEXTS, emb), emb) is None


def test_contexts_in_a_persona_file_are_validated():
    p = persona_from_dict({"name": "coach", "contexts": CONTEXTS})
    assert set(p.contexts) == {"work", "personal"}
    with pytest.raises(ConfigError, match="at key 'contexts'.*declare at least two"):
        persona_from_dict({"name": "coach", "contexts": {"work": "meetings"}})
    with pytest.raises(ConfigError, match="cannot name a context"):
        persona_from_dict({"name": "coach", "contexts": {"Work Life": "meetings", "home": "family"}})
    with pytest.raises(ConfigError, match="needs the words"):
        persona_from_dict({"name": "coach", "contexts": {"work": " ", "home": "family"}})


def test_a_persona_agent_declares_its_contexts_and_gets_its_cold_start():
    """MemoryAugmentedAssistantAgent wires what the persona file declares: its contexts of life
    and its cold-start needs (a real ConversableAgent, offline)."""
    from autogen_zettel.agent.assistant import MemoryAugmentedAssistantAgent

    persona = persona_from_dict(
        {
            "name": "coach",
            "contexts": CONTEXTS,
            "needs": [{"slot": "schedule", "question": "Which days can you train?"}],
        }
    )
    with MemoryHub.open(memory=True, embedder=HashEmbedder()) as hub:
        agent = MemoryAugmentedAssistantAgent(persona=persona, hub=hub, llm_config=False)
        assert agent.memory.people.contexts.declared == dict(CONTEXTS)
        assert agent.zettel_capability.cold_start is not None
        assert [n.slot for n in agent.zettel_capability.cold_start.needs] == ["schedule"]


def test_the_labelled_set_is_as_documented():
    """tests/data/contexts.jsonl: 76 sessions (64 work or personal, 12 small talk), two folds; the
    margin was chosen on fold 0 (benchmarks/run_contexts_eval.py)."""
    rows = [
        json.loads(line)
        for line in (Path(__file__).parent / "data" / "contexts.jsonl").read_text("utf-8").splitlines()
    ]
    assert len(rows) == 76 and {r["fold"] for r in rows} == {0, 1}
    assert {r["context"] for r in rows} == {"work", "personal", None}
