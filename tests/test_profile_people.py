"""The profile reads as statements about the people the agent works with (issue #11):
attributed to the right person, feedback summarised rather than quoted, at most about 300
words, every item citing its cards."""

from __future__ import annotations

from datetime import datetime, timedelta

from autogen_zettel import HashEmbedder, MemoryHub, SimulatedClock
from autogen_zettel.base.cards import Card, CardKind, ProfileItem
from autogen_zettel.base.config import config_from_dict
from autogen_zettel.persona.engine import PersonaEngine
from autogen_zettel.persona.profile import cap_words, extract_profile, style_items, third_person
from autogen_zettel.persona.spec import persona_from_dict
from autogen_zettel.persona.traits import default_traits

T0 = datetime(2024, 4, 1, 9, 0)


def card(cid, text, speaker, kind=CardKind.PREFERENCE):
    return Card(cid, text, kind, speaker, T0, (f"m-{cid}",))


def test_sentences_become_statements_about_their_speaker():
    assert third_person("I need the figures by Friday.", "lee") == "lee needs the figures by Friday."
    assert third_person("Ok, I'm in Utrecht next week.", "lee") == "lee is in Utrecht next week."


def test_own_cards_and_talk_addressed_to_another_agent_stay_out_and_the_rest_is_attributed():
    cards = [
        card("a", "ben, be more precise like this every time.", "pi"),
        card("b", "I prefer morning slots for the lab.", "pi"),
        card("c", "I will draft the consent form.", "ada", CardKind.PLAN),
        card("d", "Where is the lab key?", "pi"),
        card("e", "The ethics board meets on Fridays.", "lee", CardKind.FACT),
    ]
    items = extract_profile(cards, now=T0, agent="ada", others={"ben", "pi"})
    assert [i.text for i in items] == [
        "pi prefers morning slots for the lab.",
        "lee says the ethics board meets on Fridays.",
    ]
    assert [i.card_ids for i in items] == [("b",), ("e",)]


def test_feedback_is_summarised_per_person_and_cites_its_cards():
    items = style_items(
        [
            ("lee", "conciseness", 1, "c1"),
            ("lee", "conciseness", 1, "c2"),
            ("pi", "rigour", 1, "c3"),
            ("ada", "humour", 1, "c4"),
        ],
        default_traits(),
        "ada",
    )
    assert [(i.text, i.card_ids) for i in items] == [
        ("lee asks ada for more conciseness (short, direct answers that get to the point).", ("c1", "c2")),
        (
            "pi asks ada for more rigour (claims backed by numbers, sources, sample sizes and stated uncertainty).",
            ("c3",),
        ),
    ]
    assert items[0].weight == 1.0 and items[1].weight == 0.5  # asked twice as often


def test_the_profile_keeps_the_heaviest_items_within_300_words():
    items = [ProfileItem(" ".join(["word"] * 60) + f" {i}.", 1.0 - i / 10, (f"c{i}",)) for i in range(8)]
    kept = cap_words(items)
    assert sum(len(i.text.split()) for i in kept) <= 300
    assert [i.card_ids for i in kept] == [("c0",), ("c1",), ("c2",), ("c3",)]


def test_an_engines_profile_names_who_said_what(tmp_path):
    clock = SimulatedClock(T0)
    cfg = config_from_dict(
        {"persona": {"mine_every_turns": 0, "mine_every_days": 0, "profile_every_days": 1}}
    )
    with MemoryHub.open(tmp_path / "d", embedder=HashEmbedder(), clock=clock, config=cfg) as hub:
        engine = PersonaEngine(
            hub.tenant("ada"), persona_from_dict({"name": "ada", "role": "researcher"}, file="ada.yaml")
        )
        n = 0
        for day in range(3):
            for speaker, text, prev in [
                ("ada", "Pilot: 42 enrolled.", "pi"),
                ("pi", "Too long, ada, keep it short.", "ada"),
                ("ben", "Here are my numbers.", "pi"),
                ("pi", "ben, be more precise like this every time.", "ben"),
                ("pi", "I prefer morning slots for the lab.", "ben"),
            ]:
                n += 1
                at = T0 + timedelta(days=day, minutes=n)
                engine.memory.remember(text, speaker=speaker, message_id=f"m{n}", session_id=f"d{day}", at=at)
                engine.observe(
                    text,
                    speaker=speaker,
                    message_id=f"m{n}",
                    session_id=f"d{day}",
                    at=at,
                    previous_speaker=prev,
                )
            engine.end_session(T0 + timedelta(days=day, hours=1))
        hub.flush()
        profile = engine.store.latest_profile()
    assert profile is not None
    assert "be more precise" not in profile.text  # the lead's words to ben are not ada's preferences
    # summarised from the person model, not quoted: "I prefer morning slots" is a preference of pi's
    assert any(i.section == "preferences" and i.text.startswith("pi likes ") for i in profile.items)
    assert "prefer morning slots" not in profile.text and profile.reason == "session end"
    assert "pi asks ada for more conciseness (short, direct answers that get to the point)." in profile.text
    assert "Too long" not in profile.text  # summarised, not quoted
    assert all(item.card_ids for item in profile.items) and len(profile.text.split()) <= 300
