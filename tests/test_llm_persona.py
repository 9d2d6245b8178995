"""The LLM trait judge and profiler against an OpenAI-compatible server in the test process, so
AutoGen's real client (OpenAIWrapper -> openai) makes every call."""

from __future__ import annotations

import json
import logging
from datetime import timedelta

import pytest

from autogen_zettel.base.cards import Card, CardKind
from autogen_zettel.base.errors import LLMOutputError
from autogen_zettel.base.llm import parse_json_object
from autogen_zettel.persona.judges import LLMProfiler, LLMTraitJudge, validate_profile_items, validate_signals
from autogen_zettel.persona.profile import ProfileItem, merge_profile
from autogen_zettel.persona.signals import SignalSource, TraitSignal
from autogen_zettel.persona.traits import default_traits

from .conftest import T0
from .openai_stub import OpenAIStub, StubError
from .test_llm import scripted

FEEDBACK = "Way too long again. Just give me the number, and please cite where it comes from."
REPLY = "Great question! There are many angles to consider here, starting with the history of the survey..."


def signals_json(*signals: dict) -> str:
    return json.dumps({"signals": list(signals)})


def test_trait_judge_one_structured_call():
    answer = signals_json(
        {"trait": "conciseness", "sign": 1, "strength": 1.0, "affect": -0.6, "cue": "Too Long"},
        {
            "trait": "rigour",
            "sign": 1,
            "strength": 0.8,
            "affect": -0.6,
            "cue": "just give me the number please",
        },
    )
    with OpenAIStub(scripted(answer)) as stub:
        judge = LLMTraitJudge(stub.llm_config())
        signals = judge(FEEDBACK, previous_reply=REPLY, specs=default_traits())
    assert judge.calls == 1 and judge.failures == 0 and len(stub.requests) == 1
    assert signals == [
        TraitSignal("conciseness", 1, 1.0, -0.6, SignalSource.LLM, "too long"),  # the trait's own phrase
        TraitSignal("rigour", 1, 0.8, -0.6, SignalSource.LLM, "llm"),  # the user's words never become a cue
    ]
    body = stub.requests[0]
    assert body["temperature"] == 0.0 and body["messages"][0]["role"] == "system"
    prompt = body["messages"][1]["content"]
    assert FEEDBACK in prompt and REPLY in prompt
    assert all(name in prompt for name in default_traits()) and "too verbose" in prompt


def test_trait_judge_no_feedback_is_no_signal_and_no_call_for_empty_text():
    with OpenAIStub(scripted(signals_json())) as stub:
        judge = LLMTraitJudge(stub.llm_config())
        assert judge("What time is the meeting tomorrow?", previous_reply=None, specs=default_traits()) == []
        assert judge("   ", previous_reply=None, specs=default_traits()) == []
        assert judge("too long", previous_reply=None, specs={}) == []
    assert len(stub.requests) == 1
    assert "(none)" in stub.requests[0]["messages"][1]["content"]  # no previous reply


def test_trait_judge_retries_once_with_the_error():
    bad = signals_json({"trait": "grumpiness", "sign": 1, "strength": 1.0, "affect": 0.0})
    good = signals_json({"trait": "humour", "sign": -1, "strength": 0.5, "affect": -0.2, "cue": "no jokes"})
    with OpenAIStub(scripted(bad, good)) as stub:
        judge = LLMTraitJudge(stub.llm_config())
        signals = judge(
            "No jokes today please.", previous_reply="Why did the chicken...", specs=default_traits()
        )
    assert signals == [TraitSignal("humour", -1, 0.5, -0.2, SignalSource.LLM, "no jokes")]
    assert judge.calls == 2
    retry = stub.requests[1]["messages"]
    assert retry[-2] == {"role": "assistant", "content": bad}
    assert "not valid" in retry[-1]["content"] and "grumpiness" in retry[-1]["content"]


def test_trait_judge_gives_up_after_two_failures(caplog):
    with OpenAIStub(scripted(StubError(400, "bad request"), "no json at all")) as stub:
        judge = LLMTraitJudge(stub.llm_config())
        with caplog.at_level(logging.WARNING, logger="autogen_zettel.persona.judges"):
            assert judge(FEEDBACK, previous_reply=REPLY, specs=default_traits()) is None
    assert len(stub.requests) == 2 and judge.failures == 1
    assert any("offline feedback signals" in r.getMessage() for r in caplog.records)


@pytest.mark.parametrize(
    "signals, problem",
    [
        ([{"trait": "conciseness", "sign": 0, "strength": 1.0}], "sign must be 1 or -1"),
        ([{"trait": "conciseness", "sign": True, "strength": 1.0}], "sign must be 1 or -1"),
        ([{"trait": "conciseness", "sign": 1, "strength": 1.5}], "strength must be a number in 0..1"),
        (
            [{"trait": "conciseness", "sign": 1, "strength": 1, "affect": -2}],
            "affect must be a number in -1..1",
        ),
        ([{"trait": "conciseness", "sign": 1, "strength": 1, "why": "x"}], "unknown keys"),
        ([{"trait": "conciseness", "sign": 1, "strength": 1}] * 2, "appears twice"),
        ([{"trait": "conciseness", "sign": 1, "strength": 1, "cue": 3}], "cue must be text"),
        (
            [
                {"trait": t, "sign": 1, "strength": 1}
                for t in ("humour", "rigour", "patience", "curiosity", "conciseness")
            ],
            "at most 4 signals",
        ),
    ],
)
def test_trait_judge_validation(signals, problem):
    with pytest.raises(LLMOutputError, match=problem):
        validate_signals({"signals": signals}, default_traits(), max_signals=4)


def _cards() -> list[Card]:
    day = timedelta(days=1)
    return [
        Card("card-tea", "Ann prefers green tea in the afternoon.", CardKind.PREFERENCE, "Ann", T0, ("m1",)),
        Card(
            "card-marathon",
            "Ann plans to run the Porto marathon in November.",
            CardKind.PLAN,
            "Ann",
            T0 + day,
            ("m2",),
        ),
        Card(
            "card-short",
            "Ann asked for shorter answers with the number first.",
            CardKind.EVENT,
            "Ann",
            T0 + 2 * day,
            ("m3",),
        ),
        Card("card-rain", "It rained in Lisbon on Tuesday.", CardKind.EVENT, "Ann", T0, ("m4",)),
    ]


def test_profiler_one_call_cites_cards_and_merges_like_the_offline_profile():
    cards = _cards()
    answer = json.dumps(
        {
            "items": [
                {
                    "section": "style",
                    "text": "Ann wants short answers that lead with the number.",
                    "weight": 0.8,
                    "cards": ["c1"],
                },
                {
                    "section": "goals",
                    "text": "Ann is training for the Porto marathon.",
                    "weight": 0.4,
                    "cards": ["c2", "c2"],
                },
            ]
        }
    )
    with OpenAIStub(scripted(answer)) as stub:
        profiler = LLMProfiler(stub.llm_config(), max_items=5, max_cards=3)
        previous = [ProfileItem("Ann prefers green tea.", 1.0, ("card-tea",))]
        items = profiler(
            cards, now=T0 + timedelta(days=3), agent="ada", style_card_ids={"card-short"}, previous=previous
        )
    assert profiler.calls == 1 and len(stub.requests) == 1
    prompt = stub.requests[0]["messages"][1]["content"]
    # the feedback card ranks first (style counts as a preference) and is marked; at most 3 cards go in
    assert "c1 (Ann, 2024-03-03T09:00) [feedback]: Ann asked for shorter answers" in prompt
    assert "rained" not in prompt and "- Ann prefers green tea." in prompt and "ada" in prompt
    assert items == [
        ProfileItem("Ann wants short answers that lead with the number.", 1.0, ("card-short",), "style"),
        ProfileItem("Ann is training for the Porto marathon.", 0.5, ("card-marathon",), "goals"),
    ]
    merged = merge_profile(previous, items, momentum=0.3, limit=8)
    assert [(i.text, i.weight) for i in merged] == [
        ("Ann prefers green tea.", 0.7),
        ("Ann is training for the Porto marathon.", 0.15),
        ("Ann wants short answers that lead with the number.", 0.3),
    ]


def test_profiler_retries_on_an_uncited_item_then_gives_up(caplog):
    uncited = json.dumps(
        {"items": [{"section": "preferences", "text": "Ann likes tea.", "weight": 1, "cards": []}]}
    )
    unknown = json.dumps(
        {"items": [{"section": "preferences", "text": "Ann likes tea.", "weight": 1, "cards": ["c9"]}]}
    )
    with OpenAIStub(scripted(uncited, unknown)) as stub:
        profiler = LLMProfiler(stub.llm_config())
        with caplog.at_level(logging.WARNING, logger="autogen_zettel.persona.judges"):
            assert profiler(_cards(), now=T0) is None
    assert profiler.calls == 2 and profiler.failures == 1
    assert "cards must list the ids" in stub.requests[1]["messages"][-1]["content"]
    assert any("extractive profile" in r.getMessage() for r in caplog.records)


def test_profiler_makes_no_call_without_cards():
    with OpenAIStub(scripted()) as stub:
        assert LLMProfiler(stub.llm_config())([], now=T0) == []
    assert stub.requests == []


@pytest.mark.parametrize(
    "item, problem",
    [
        ({"section": "hobbies", "text": "x", "weight": 1, "cards": ["c1"]}, "section must be one of"),
        ({"section": "goals", "text": "x" * 201, "weight": 1, "cards": ["c1"]}, "keep an item under 200"),
        ({"section": "goals", "text": " ", "weight": 1, "cards": ["c1"]}, "non-empty text"),
        ({"section": "goals", "text": "x", "weight": 2, "cards": ["c1"]}, "weight must be a number in 0..1"),
        ({"section": "goals", "text": "x", "weight": 1, "cards": ["c1"], "source": "m1"}, "unknown keys"),
    ],
)
def test_profile_validation(item, problem):
    with pytest.raises(LLMOutputError, match=problem):
        validate_profile_items(
            parse_json_object(json.dumps({"items": [item]})), {"c1": "card-1"}, max_items=8
        )


def test_judge_signals_adds_nothing_when_the_llm_gave_up():
    good = signals_json(
        {"trait": "conciseness", "sign": 1, "strength": 1.0, "affect": -0.5, "cue": "too long"}
    )
    with OpenAIStub(scripted(good, "nope", "still nope")) as stub:
        judge = LLMTraitJudge(stub.llm_config())
        assert [s.trait for s in judge.signals(FEEDBACK, REPLY, default_traits())] == ["conciseness"]
        assert judge.signals(FEEDBACK, REPLY, default_traits()) == []
    assert judge.failures == 1 and len(stub.requests) == 3


def test_profiler_words_an_already_merged_profile_from_its_items_only():
    merged = [
        ProfileItem("Ann prefers green tea.", 0.7, ("card-tea",)),
        ProfileItem("Ann wants the number first.", 0.3, ("card-short",), "style"),
    ]
    answer = json.dumps(
        {
            "items": [
                {"section": "preferences", "text": "Ann drinks green tea.", "weight": 0.7, "cards": ["c1"]},
                {
                    "section": "style",
                    "text": "Lead with the number when answering Ann.",
                    "weight": 0.3,
                    "cards": ["c2"],
                },
            ]
        }
    )
    with OpenAIStub(scripted(answer, "x", "y")) as stub:
        profiler = LLMProfiler(stub.llm_config())
        text = profiler.merge("Preferences:\n- Ann drinks green tea.", merged, momentum=0.3)
        assert profiler.merge("", [], momentum=0.3) == ""
        assert profiler.merge("", merged) is None
    assert (
        text
        == "Preferences:\n- Ann drinks green tea.\nInteraction style:\n- Lead with the number when answering Ann."
    )
    prompt = stub.requests[0]["messages"][1]["content"]
    assert "c2 (profile, style) [feedback]: Ann wants the number first." in prompt
    assert "- Ann drinks green tea." in prompt  # the previous wording is offered to keep


def test_trait_judge_names_a_candidate_trait_cluster():
    answers = [
        json.dumps({"label": "Fact Checking"}),
        json.dumps({"label": "rigour"}),
        "not json",
        json.dumps({"label": "far too many words for a trait name"}),
    ]
    with OpenAIStub(scripted(*answers)) as stub:
        judge = LLMTraitJudge(stub.llm_config())
        traits = set(default_traits())
        samples = ["Checked the source of the 42 figure.", "Verified the data against the registry."]
        assert judge.label_cluster(["source", "verify", "registry"], samples, traits) == "fact checking"
        assert judge.label_cluster(["data"], samples, traits) is None  # an existing trait is no new one
        assert (
            judge.label_cluster(["data"], samples, traits) is None
        )  # two bad answers: keep the offline label
    prompt = stub.requests[0]["messages"][1]["content"]
    assert "registry" in prompt and "Verified the data" in prompt and "conciseness" in prompt
    assert judge.failures == 1


def test_the_persona_engine_takes_the_judges_evidence(tmp_path):
    from autogen_zettel import HashEmbedder, MemoryHub, SimulatedClock
    from autogen_zettel.persona.engine import PersonaEngine
    from autogen_zettel.persona.spec import persona_from_dict

    answer = signals_json(
        {"trait": "conciseness", "sign": 1, "strength": 1.0, "affect": -0.3, "cue": "shorter"}
    )
    with (
        OpenAIStub(scripted(answer)) as stub,
        MemoryHub.open(tmp_path / "d", embedder=HashEmbedder(), clock=SimulatedClock(T0)) as hub,
    ):
        engine = PersonaEngine(
            hub.tenant("ada"), persona_from_dict({"name": "ada"}), judge=LLMTraitJudge(stub.llm_config())
        )
        engine.observe(
            "Could you trim what you send me, ada?", speaker="user", message_id="m1", session_id="s1", at=T0
        )
        hub.flush()
        rows = engine.store.evidence()
    assert [(r.trait, r.sign, r.source, r.cue) for r in rows] == [("conciseness", 1, "llm", "shorter")]
    assert "trim what you send" in stub.requests[0]["messages"][1]["content"]
