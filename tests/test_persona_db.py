"""The persona tables: round trips, evidence resolved to cards, forgetting removes the edges
(and the forgotten message's id is gone from the file)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from autogen_zettel import HashEmbedder, MemoryHub, Message
from autogen_zettel.base.errors import InvalidInput
from autogen_zettel.memory.tenant import tenant_parts
from autogen_zettel.persona.behaviours import ModuleEvent
from autogen_zettel.persona.mining import EvidenceRow, TraitState
from autogen_zettel.persona.profile import ProfileItem, render_profile
from autogen_zettel.store.db import CardDB
from autogen_zettel.store.persona_rows import TraitPoint
from autogen_zettel.store.persona_tables import PersonaStore

from .conftest import T0

FEEDBACK_ID = "msg-feedback-7f3a9c51"  # distinctive, so a byte scan cannot hit it by chance
REPLY_ID = "msg-reply-4be02d77"


def ev(trait="conciseness", sign=1, *, message_id="m1", at=T0, **extra):
    return {
        "trait": trait,
        "sign": sign,
        "strength": 1.0,
        "affect": 0.4,
        "source": "feedback",
        "cue": "shorter",
        "message_id": message_id,
        "at": at,
        **extra,
    }


def state(trait, long, mood, at, **kw):
    fields = dict(
        trait=trait, long=long, mood=mood, support=2.0, against=0.5, sessions=3, dissonant=False, at=at
    )
    fields.update(kw)
    return TraitState(**fields)


@pytest.fixture
def store():
    db = CardDB()
    yield PersonaStore(db)
    db.close()


def test_evidence_round_trip_and_since_id(store):
    ids = store.add_evidence(
        [
            ev(),
            ev(
                "humour",
                -1,
                message_id="m2",
                at=T0 + timedelta(hours=1),
                session_id="s1",
                about_message_id="r1",
            ),
        ]
    )
    assert ids == [1, 2] and store.last_evidence_id() == 2
    rows = store.evidence()
    assert all(isinstance(r, EvidenceRow) for r in rows)
    first, second = rows
    assert (first.id, first.trait, first.sign, first.strength, first.affect, first.source, first.cue) == (
        1,
        "conciseness",
        1,
        1.0,
        0.4,
        "feedback",
        "shorter",
    )
    assert first.message_id == "m1" and first.card_id is None and first.at == T0
    assert second.session_id == "s1" and second.sign == -1 and second.at == T0 + timedelta(hours=1)
    assert [r.id for r in store.evidence(since_id=1)] == [2]
    assert [r.id for r in store.evidence(trait="humour")] == [2]


def test_bad_evidence_rows_are_refused_with_the_key(store):
    with pytest.raises(InvalidInput, match="unknown key.*'text'"):
        store.add_evidence([{**ev(), "text": "too long!"}])  # evidence never carries message text
    with pytest.raises(InvalidInput, match="lacks \\['message_id'\\]"):
        store.add_evidence([{**ev(), "message_id": None}])
    with pytest.raises(InvalidInput, match="sign must be 1 or -1, got 2"):
        store.add_evidence([ev(sign=2)])
    assert store.evidence() == []


def test_history_module_events_prompts_profiles_and_state_round_trip(store):
    day = timedelta(days=1)
    store.add_history([state("conciseness", 0.55, 0.1, T0), state("humour", 0.5, -0.05, T0)], "mining 1")
    store.add_history({"conciseness": state("conciseness", 0.6, 0.05, T0 + day, dissonant=True)}, "mining 2")
    points = store.history("conciseness")
    assert [p.reason for p in points] == ["mining 1", "mining 2"]
    assert points[0] == TraitPoint(
        "conciseness",
        T0,
        0.55,
        0.1,
        state("conciseness", 0.55, 0.1, T0).score,
        2.0,
        0.5,
        3,
        False,
        "mining 1",
    )
    assert points[1].dissonant is True
    assert len(store.history()) == 3 and store.latest_states()["conciseness"].at == T0 + day

    events = [
        ModuleEvent(
            "brief", T0 + day, "unlock", 0.0, 0.34, "conciseness 0.74 > 0.7 since 2024-03-01 (7.0 days)"
        ),
        ModuleEvent("brief", T0 + 2 * day, "rollback", 0.17, 0.0, "2 negative replies after the change"),
    ]
    store.add_module_events(events)
    assert store.module_events() == events and store.module_events("other") == []

    v1 = store.add_prompt_version(
        system="You are ada.", traits="", session="", temperature=None, at=T0, reason="start"
    )
    v2 = store.add_prompt_version(
        system="You are ada.",
        traits="Answer briefly.",
        session="",
        temperature=0.6,
        at=T0 + day,
        reason="unlock brief",
    )
    assert (v1, v2) == (1, 2)
    assert (
        store.latest_prompt().traits == "Answer briefly." and store.prompt_versions()[0].temperature is None
    )

    items = [
        ProfileItem("Ann prefers tea.", 1.0, ("c1",)),
        ProfileItem("Keep it short.", 0.5, ("c2",), "style"),
    ]
    assert store.add_profile(render_profile(items), items, T0, "weekly") == 1
    [p] = store.profiles()
    assert p.items == tuple(items) and p.text == render_profile(items) and store.latest_profile() == p

    store.set_state("last_mined", {"at": T0, "turns": 12})
    assert store.get_state("last_mined") == {"at": T0.isoformat(), "turns": 12}
    assert store.get_state("missing", 7) == 7
    with pytest.raises(InvalidInput, match="JSON"):
        store.set_state("bad", {1, 2})


def _conversation(mem):
    return mem.remember_many(
        [
            Message(
                "Here is a very long explanation of how the sourdough starter ferments over three days.",
                "ada",
                REPLY_ID,
                "s1",
                T0,
            ),
            Message(
                "Way too long, please give me shorter answers about my sourdough starter.",
                "Ann",
                FEEDBACK_ID,
                "s1",
                T0 + timedelta(minutes=1),
                reply_to=REPLY_ID,
            ),
            Message(
                "Lovely, that joke about the rye flour made my day.",
                "Ann",
                "m3",
                "s2",
                T0 + timedelta(days=1),
            ),
        ]
    )


def test_resolve_cards_points_evidence_at_the_card_of_its_message(hub):
    mem = hub.tenant("alice")
    cards = _conversation(mem)
    store = PersonaStore(tenant_parts(mem).db)
    store.add_evidence(
        [
            ev(message_id=FEEDBACK_ID, about_message_id=REPLY_ID),
            ev("humour", message_id="m3"),
            ev("rigour", message_id="not-yet-distilled"),
        ]
    )
    assert store.resolve_cards() == 2
    by_card = store.evidence_by_card()
    feedback_card = next(c for c in cards if FEEDBACK_ID in c.source_ids)
    assert [r.trait for r in by_card[feedback_card.id]] == ["conciseness"]
    assert sum(len(v) for v in by_card.values()) == 2
    assert store.resolve_cards() == 0  # nothing left that a card explains


def test_forget_removes_the_evidence_and_the_message_id_leaves_the_file(tmp_path, clock):
    data = tmp_path / "data"
    with MemoryHub.open(data, embedder=HashEmbedder(), clock=clock) as hub:
        mem = hub.tenant("alice")
        cards = _conversation(mem)
        store = PersonaStore(tenant_parts(mem).db)
        store.add_evidence(
            [
                ev(message_id=FEEDBACK_ID, about_message_id=REPLY_ID, session_id="s1"),
                ev("patience", -1, message_id=FEEDBACK_ID),
                ev("humour", message_id="m3", about_message_id=FEEDBACK_ID),
            ]
        )
        store.resolve_cards()
        target = [c.id for c in cards if FEEDBACK_ID in c.source_ids]
        kept = next(c for c in cards if "m3" in c.source_ids)
        items = [
            ProfileItem("Ann wants shorter answers.", 1.0, tuple(target), "style"),
            ProfileItem("Ann likes rye jokes.", 0.8, (kept.id,)),
        ]
        store.add_profile(render_profile(items), items, T0, "weekly")
        store.add_prompt_version(
            system="You are ada.\n" + render_profile(items),
            traits="",
            session="",
            temperature=None,
            at=T0,
            reason="profile",
        )
        db_file = data / "tenants" / "alice.sqlite"
        assert any(FEEDBACK_ID.encode() in p.read_bytes() for p in db_file.parent.glob("alice.sqlite*"))
        report = mem.forget(target)
        assert report.rows["trait_evidence"] == 2 and report.rows["profile_versions"] == 1
        [left] = store.evidence()
        assert left.trait == "humour" and left.card_id == kept.id
        about = tenant_parts(mem).db.db.execute("select about_message_id from trait_evidence").fetchall()
        assert about == [(None,)]  # feedback on a forgotten message keeps its edge, not the pointer
        [profile] = store.profiles()
        assert [i.text for i in profile.items] == ["Ann likes rye jokes."] and "shorter" not in profile.text
        assert (
            "shorter answers" not in store.latest_prompt().system
            and "rye jokes" in store.latest_prompt().system
        )
    found = [p.name for p in db_file.parent.glob("alice.sqlite*") if FEEDBACK_ID.encode() in p.read_bytes()]
    assert found == []
    assert b"shorter answers" not in db_file.read_bytes()


def test_forgetting_reaches_a_profile_an_llm_reworded(tmp_path):
    import re

    db = CardDB(tmp_path / "t.sqlite")
    s = PersonaStore(db)
    items = [
        ProfileItem("Call the user Dr Okafor.", 1.0, ("c1",), "style"),
        ProfileItem("The user likes data first.", 0.8, ("c2",), "style"),
    ]
    llm_text = "Interaction style:\n- Address her formally as Doctor Okafor.\n- Lead with the data."
    s.add_profile(llm_text, items, T0, "periodic profile")
    s.add_prompt_version(
        system="You are ada.\n\nProfile:\n" + llm_text,
        traits="",
        session="",
        temperature=None,
        at=T0,
        reason="profile",
    )
    assert s.forget_profiles({"c1"}, render=render_profile) == 1
    system = s.latest_prompt().system
    assert "Okafor" not in system and "The user likes data first." in system
    assert "Okafor" not in s.latest_profile().text
    # a subject named only in the LLM's wording sends that version back to the items' own text
    s.add_profile("Style:\n- Be formal with Marta, she chairs ethics.", [items[1]], T0, "periodic profile")
    s.add_prompt_version(
        system="You are ada.\n\nStyle:\n- Be formal with Marta, she chairs ethics.",
        traits="",
        session="",
        temperature=None,
        at=T0,
        reason="profile",
    )
    s.forget_profiles(set(), render=render_profile, pattern=re.compile(r"\bMarta\b"))
    assert "Marta" not in s.latest_prompt().system and "Marta" not in s.latest_profile().text
    db.close()


def test_history_since_keeps_the_state_in_force_at_the_start(store):
    for day in range(10):
        store.add_history(
            [state("conciseness", 0.5 + day / 100, 0.0, T0 + timedelta(days=day))], f"day {day}"
        )
    points = store.history(since=T0 + timedelta(days=6, hours=12))
    assert [p.at.day - T0.day for p in points] == [6, 7, 8, 9]  # day 6 was in force at 6.5
    assert len(store.history()) == 10
