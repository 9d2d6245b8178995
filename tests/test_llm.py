"""The LLM refiner and link judge against an OpenAI-compatible server in the test process, so
AutoGen's real client (OpenAIWrapper -> openai) makes every call."""

from __future__ import annotations

import json
import logging
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pytest

from autogen_zettel import CardKind, HashEmbedder, LinkKind, MemoryHub, SimulatedClock
from autogen_zettel.agent.offline import offline_llm_config
from autogen_zettel.base.cards import Card
from autogen_zettel.base.errors import ConfigError, LLMOutputError
from autogen_zettel.base.llm import (
    OpenAIWrapperCompleter,
    llm_config_from_dict,
    load_llm_config,
    parse_json_object,
)
from autogen_zettel.cards.refine import refine_message
from autogen_zettel.memory.llm_refine import LLMLinkJudge, LLMRefiner, validate_cards

from .openai_stub import OpenAIStub, StubError

ROOT = Path(__file__).resolve().parent.parent
TEXT = "I ran the Lisbon pilot with 42 participants and 7 dropped out because of the early wake-up."


def cards_json(*contents: str, source: str = "m1", kind: str = "fact") -> str:
    return json.dumps(
        {
            "cards": [
                {
                    "content": c,
                    "kind": kind,
                    "tags": ["pilot", "Lisbon"],
                    "entities": ["Lisbon"],
                    "confidence": 0.9,
                    "importance": 0.7,
                    "source_id": source,
                }
                for c in contents
            ]
        }
    )


def scripted(*answers: str):
    queue = list(answers)

    def reply(body: dict) -> str:
        answer = queue.pop(0)
        if isinstance(answer, Exception):
            raise answer
        return answer

    return reply


def test_only_agent_and_llm_modules_import_autogen_and_llm_loads_it_lazily():
    code = (
        "import sys, autogen_zettel.base.llm, autogen_zettel.persona.spec, "
        "autogen_zettel.base.prompts, autogen_zettel.research.simulate; "
        "assert 'autogen' not in sys.modules, 'autogen was imported'"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def test_refiner_one_structured_call():
    with OpenAIStub(
        scripted(
            cards_json(
                "ada ran the Lisbon pilot with 42 participants.",
                "7 participants dropped out of the Lisbon pilot.",
            )
        )
    ) as stub:
        refiner = LLMRefiner(stub.llm_config())
        drafts = refiner.refine(TEXT, speaker="ada", message_id="m1", known_entities=("ada", "bob"))
    assert refiner.calls == 1 and refiner.fallbacks == 0
    assert len(stub.requests) == 1
    assert [d.content for d in drafts] == [
        "ada ran the Lisbon pilot with 42 participants.",
        "7 participants dropped out of the Lisbon pilot.",
    ]
    assert all(d.source_ids == ("m1",) and d.kind is CardKind.FACT for d in drafts)
    assert drafts[0].tags == ("pilot", "lisbon") and drafts[0].entities == ("Lisbon",)
    body = stub.requests[0]
    assert body["model"] == "stub-model" and body["temperature"] == 0.0
    assert body["messages"][0]["role"] == "system"
    prompt = body["messages"][1]["content"]
    assert TEXT in prompt and '"m1"' in prompt and "ada, bob" in prompt


def test_invalid_json_is_retried_once_with_the_error():
    with OpenAIStub(
        scripted("Sure! Here are the cards: cards = [...]", cards_json("ada ran the pilot."))
    ) as stub:
        refiner = LLMRefiner(stub.llm_config())
        drafts = refiner.refine(TEXT, speaker="ada", message_id="m1")
    assert [d.content for d in drafts] == ["ada ran the pilot."]
    assert refiner.calls == 2 and refiner.fallbacks == 0
    retry = stub.requests[1]["messages"]
    assert retry[-2] == {"role": "assistant", "content": "Sure! Here are the cards: cards = [...]"}
    assert "not valid" in retry[-1]["content"] and "no JSON object" in retry[-1]["content"]


def test_twice_invalid_falls_back_to_the_heuristic_refiner(caplog):
    with OpenAIStub(scripted("nope", '{"cards": [{"content": "x"}]}')) as stub:
        refiner = LLMRefiner(stub.llm_config())
        with caplog.at_level(logging.WARNING, logger="autogen_zettel.base.llm"):
            drafts = refiner.refine(TEXT, speaker="ada", message_id="m1")
    assert len(stub.requests) == 2
    assert refiner.fallbacks == 1
    assert drafts == refine_message(TEXT, speaker="ada", message_id="m1")
    assert any("heuristic refiner" in r.getMessage() and r.levelno == logging.WARNING for r in caplog.records)


@pytest.mark.parametrize(
    "answer, problem",
    [
        (cards_json("a card", source="m9"), "source_id must be 'm1'"),
        (cards_json("a", "b", "c", "d"), "at most 3 cards"),
        (
            json.dumps({"cards": [{"content": "a", "kind": "gossip", "confidence": 0.5, "source_id": "m1"}]}),
            "kind",
        ),
        (
            json.dumps({"cards": [{"content": "a", "kind": "fact", "confidence": 2, "source_id": "m1"}]}),
            "confidence",
        ),
        (json.dumps({"cards": [], "notes": "x"}), 'exactly one key "cards"'),
        (
            json.dumps({"cards": [{"content": "", "kind": "fact", "confidence": 1, "source_id": "m1"}]}),
            "content",
        ),
        (
            json.dumps(
                {"cards": [{"content": "a", "kind": "fact", "confidence": 1, "source_id": "m1", "x": 1}]}
            ),
            "unknown keys",
        ),
    ],
)
def test_validation_problems_raise_llm_output_error(answer, problem):
    with pytest.raises(LLMOutputError, match=problem.replace("(", r"\(")):
        validate_cards(parse_json_object(answer), message_id="m1", max_cards=3)


def test_empty_card_list_is_valid_small_talk():
    assert validate_cards({"cards": []}, message_id="m1", max_cards=3) == []


def test_parse_json_object_tolerates_fences_and_prose():
    assert parse_json_object('```json\n{"cards": []}\n```') == {"cards": []}
    assert parse_json_object('Here you go: {"cards": []} Hope it helps.') == {"cards": []}
    with pytest.raises(LLMOutputError):
        parse_json_object("[1, 2]")
    with pytest.raises(LLMOutputError):
        parse_json_object('{"cards": [}')


def test_endpoint_errors_fall_back_too():
    with OpenAIStub(scripted(StubError(400, "bad request"), StubError(400, "bad request"))) as stub:
        refiner = LLMRefiner(stub.llm_config())
        drafts = refiner.refine(TEXT, speaker="ada", message_id="m1")
    assert len(stub.requests) == 2 and refiner.fallbacks == 1
    assert drafts and drafts[0].source_ids == ("m1",)


def test_short_messages_never_reach_the_llm():
    with OpenAIStub(scripted()) as stub:
        refiner = LLMRefiner(stub.llm_config())
        assert refiner.refine("ok thanks", speaker="ada", message_id="m1") == []
    assert stub.requests == []


def test_hub_with_llm_refiner_stores_the_llm_cards():
    answer = cards_json("ada ran the Lisbon pilot with 42 participants.", source="s1#0001")
    with OpenAIStub(scripted(answer)) as stub:
        hub = MemoryHub.open(
            memory=True,
            embedder=HashEmbedder(),
            clock=SimulatedClock(datetime(2024, 3, 1)),
            refiner=LLMRefiner(stub.llm_config()),
        )
        with hub:
            mem = hub.tenant("ada")
            mem.remember_later(TEXT, speaker="ada", message_id="s1#0001", session_id="s1")
            mem.flush()
            cards = mem.cards()
    assert [c.content for c in cards] == ["ada ran the Lisbon pilot with 42 participants."]
    assert cards[0].source_ids == ("s1#0001",) and cards[0].confidence == 0.9


def card(cid: str, content: str, speaker: str = "ada") -> Card:
    return Card(
        id=cid,
        content=content,
        kind=CardKind.FACT,
        speaker=speaker,
        created_at=datetime(2024, 3, 1, 9),
        source_ids=(f"m-{cid}",),
    )


def test_link_judge_grades_candidates_in_one_call():
    answer = json.dumps(
        {
            "links": [
                {"id": "c1", "grade": "STRONGLY"},
                {"id": "c2", "grade": "weakly"},
                {"id": "c3", "grade": "NONE"},
            ]
        }
    )
    with OpenAIStub(scripted(answer)) as stub:
        judge = LLMLinkJudge(stub.llm_config())
        new = card("n", "The Lisbon pilot had 42 participants.")
        grades = judge(
            new,
            [
                (card("a", "42 people took part in the Lisbon pilot."), 0.8),
                (card("b", "The pilot ran in spring."), 0.6),
                (card("c", "Lisbon has good coffee."), 0.55),
            ],
        )
    assert grades == {"a": LinkKind.STRONGLY_RELATED, "b": LinkKind.WEAKLY_RELATED, "c": None}
    assert len(stub.requests) == 1
    prompt = stub.requests[0]["messages"][1]["content"]
    assert "c1 (ada, 2024-03-01T09:00): 42 people took part" in prompt


def test_link_judge_gives_up_after_two_invalid_answers(caplog):
    bad = json.dumps({"links": [{"id": "c7", "grade": "STRONGLY"}]})
    with OpenAIStub(scripted(bad, bad)) as stub:
        judge = LLMLinkJudge(stub.llm_config())
        with caplog.at_level(logging.WARNING, logger="autogen_zettel.base.llm"):
            grades = judge(card("n", "x y z"), [(card("a", "a b c"), 0.7)])
    assert grades is None and judge.failures == 1 and len(stub.requests) == 2
    assert "similarity thresholds" in caplog.text
    assert judge(card("n", "x"), []) == {}


def test_llm_config_file_keys_come_from_the_environment(tmp_path):
    cfg = load_llm_config(ROOT / "configs" / "llm.example.yaml", environ={"OPENAI_API_KEY": "sk-env"})
    assert cfg["config_list"][0] == {"model": "gpt-4o-mini", "api_key": "sk-env"}
    assert cfg["config_list"][1]["base_url"] == "http://localhost:11434/v1"
    assert cfg["cache_seed"] is None
    # without the variable, the entry is skipped (with a warning) and the local server remains
    cfg = load_llm_config(ROOT / "configs" / "llm.example.yaml", environ={})
    assert [e["model"] for e in cfg["config_list"]] == ["llama3.1:8b"]


@pytest.mark.parametrize(
    "data, key, fragment",
    [
        (
            {"config_list": [{"model": "m", "api_key": "sk-literal"}]},
            "config_list[0].api_key",
            "must not be written",
        ),
        ({"config_list": [{"model": "m", "api_key_env": "NOPE"}]}, "config_list[0].api_key_env", "NOPE"),
        (
            {"config_list": [{"model": "m", "base_url": "http://x", "colour": 1}]},
            "config_list[0].colour",
            "unknown",
        ),
        ({"config_list": [{"base_url": "http://x"}]}, "config_list[0].model", "required"),
        ({"config_list": []}, "config_list", "non-empty"),
        ({"config_list": [{"model": "m", "base_url": "http://x"}], "seed": 1}, "seed", "unknown key"),
    ],
)
def test_llm_config_errors_name_key_and_fix(data, key, fragment):
    with pytest.raises(ConfigError) as info:
        llm_config_from_dict(data, file="llm.yaml", environ={})
    assert info.value.key == key and info.value.file == "llm.yaml"
    assert fragment in str(info.value)


def test_completer_refuses_the_offline_client_and_empty_configs():
    with pytest.raises(ConfigError, match="custom model client"):
        OpenAIWrapperCompleter(offline_llm_config())
    with pytest.raises(ConfigError, match="config_list"):
        OpenAIWrapperCompleter({"temperature": 0})
    with pytest.raises(ConfigError):
        OpenAIWrapperCompleter(False)


def test_invalid_answers_are_logged_by_kind_never_quoted(caplog):
    # an invalid answer quotes card text; the error message carries it (for the retry prompt),
    # the log must not
    prose = "Ada hid the brass key under the juniper bush, as she told me."
    bad_card = json.dumps(
        {
            "cards": [
                {
                    "content": "Ada hid the brass key under the juniper.",
                    "kind": "gossip",
                    "confidence": 0.9,
                    "source_id": "m1",
                }
            ]
        }
    )
    bad_link = json.dumps({"links": [{"id": "c7", "grade": "Ada hid the brass key"}]})
    caplog.set_level(logging.DEBUG, logger="autogen_zettel")
    with OpenAIStub(scripted(prose, bad_card, bad_link, prose)) as stub:
        refiner = LLMRefiner(stub.llm_config())
        refiner.refine(TEXT, speaker="ada", message_id="m1")
        assert "brass key" in stub.requests[1]["messages"][-2]["content"]  # the retry still shows the answer
        assert LLMLinkJudge(stub.llm_config())(card("n", "x y z"), [(card("a", "a b c"), 0.7)]) is None
    records = [r for r in caplog.records if r.name == "autogen_zettel.base.llm"]
    assert len(records) == 6  # 2 invalid answers + 1 fallback warning, for each of the two helpers
    for r in records:
        assert "brass key" not in r.getMessage() and "juniper" not in r.getMessage(), r.getMessage()
    assert all("LLMOutputError" in r.getMessage() for r in records)


COMPOUND = "We chose FastAPI for the microservices and Postgres for storage, you own the migration by Friday."


def test_refiner_asks_for_atomic_third_person_cards_in_one_call():
    answer = json.dumps(
        {
            "cards": [
                {
                    "content": "ada's team chose FastAPI for the microservices.",
                    "kind": "fact",
                    "confidence": 0.9,
                    "source_id": "m1",
                },
                {
                    "content": "ada's team chose Postgres for storage.",
                    "kind": "fact",
                    "confidence": 0.9,
                    "source_id": "m1",
                },
                {
                    "content": "bob owns the migration, due Friday.",
                    "kind": "commitment",
                    "confidence": 0.8,
                    "source_id": "m1",
                },
            ]
        }
    )
    with OpenAIStub(scripted(answer)) as stub:
        refiner = LLMRefiner(stub.llm_config())
        drafts = refiner.refine(COMPOUND, speaker="ada", message_id="m1", known_entities=("ada", "bob"))
    assert refiner.calls == 1 and len(drafts) == 3
    assert [d.kind for d in drafts] == [CardKind.FACT, CardKind.FACT, CardKind.PLAN]
    prompt = stub.requests[0]["messages"][1]["content"]
    assert "ONE self-contained fact" in prompt and "one card per fact" in prompt
    assert (
        '"I", "me", "my" become the speaker' in prompt
        and '"you", "your" become the person addressed' in prompt
    )
    assert "Keep relative dates as" in prompt


def test_a_card_that_still_says_i_is_sent_back_once():
    first = cards_json("I own the migration by Friday.")
    second = cards_json("ada owns the migration by Friday.")
    with OpenAIStub(scripted(first, second)) as stub:
        refiner = LLMRefiner(stub.llm_config())
        drafts = refiner.refine(COMPOUND, speaker="ada", message_id="m1")
    assert [d.content for d in drafts] == ["ada owns the migration by Friday."]
    assert refiner.calls == 2 and refiner.fallbacks == 0
    assert (
        "third person" in stub.requests[1]["messages"][-1]["content"]
        and "'ada'" in stub.requests[1]["messages"][-1]["content"]
    )


@pytest.mark.parametrize("content", ["My sister lives in Porto.", "Bob told me about it.", "ada and I met."])
def test_first_person_cards_are_invalid(content):
    with pytest.raises(LLMOutputError, match="third person"):
        validate_cards(parse_json_object(cards_json(content)), message_id="m1", max_cards=3, speaker="ada")


def test_quoted_first_person_and_repeats():
    quoted = cards_json('ada said "I will be there" about the launch.')
    assert validate_cards(parse_json_object(quoted), message_id="m1", max_cards=3)[0].content.startswith(
        "ada said"
    )
    with pytest.raises(LLMOutputError, match="repeats"):
        validate_cards(parse_json_object(cards_json("ada runs.", "Ada runs.")), message_id="m1", max_cards=3)
