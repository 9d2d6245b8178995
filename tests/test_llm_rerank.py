"""The optional LLM re-rank of recall (issue #41): one call through AutoGen's real client to an
OpenAI-compatible server started in the test; the model's order is kept for the best candidates,
an invalid answer keeps the offline order, sealed cards are never sent."""

from __future__ import annotations

import json
import logging
import re
from datetime import datetime, timedelta

import pytest

from autogen_zettel import HashEmbedder, LLMReranker, MemoryHub
from autogen_zettel.base.cards import Card, CardKind, Hit, PrivacyTier
from autogen_zettel.base.errors import ConfigError

from .openai_stub import OpenAIStub

T0 = datetime(2026, 3, 1, 9)


def _card(cid: str, content: str, tier: PrivacyTier = PrivacyTier.STANDARD) -> Card:
    return Card(
        id=cid,
        content=content,
        kind=CardKind.FACT,
        speaker="ada",
        created_at=T0,
        source_ids=(cid,),
        tier=tier,
    )


def _listed(body: dict) -> dict[str, str]:
    """Short id -> card text, as the prompt lists them."""
    prompt = body["messages"][-1]["content"]
    return dict(re.findall(r"^(c\d+) \(ada, [^)]*\): (.*)$", prompt, flags=re.M))


def test_the_models_order_is_kept_and_recall_is_cut_after_it():
    """Twelve memories; the stub puts the one about bees first (the search placed it last).
    Recall with k=3 then starts with it; the model saw the best 12 candidates, not k."""
    said = [f"Note {n}: the meeting room {n} has {n} chairs." for n in range(11)]
    said.insert(7, "Ada keeps three beehives behind the garage.")

    def reply(body: dict) -> str:
        listed = _listed(body)
        bees = [sid for sid, text in listed.items() if "beehives" in text]
        return json.dumps({"order": bees + [sid for sid in listed if sid not in bees][:2]})

    with OpenAIStub(reply) as stub:
        rerank = LLMReranker(stub.llm_config(), candidates=12)
        with MemoryHub.open(memory=True, embedder=HashEmbedder(dim=64), reranker=rerank) as hub:
            mem = hub.tenant("ada")
            for n, text in enumerate(said):
                mem.remember(text, speaker="ada", message_id=f"m{n}", at=T0 + timedelta(minutes=n))
            offline = hub.tenant("ada")
            hub.reranker = None
            plain = [
                h.card.content for h in offline.recall("How many chairs does the meeting room have?", k=12)
            ]
            hub.reranker = rerank
            hits = mem.recall("How many chairs does the meeting room have?", k=3)
    assert plain.index("Ada keeps three beehives behind the garage.") > 2
    assert [h.card.content for h in hits][0] == "Ada keeps three beehives behind the garage."
    assert len(hits) == 3 and [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    assert len(stub.requests) == 1 and len(_listed(stub.requests[0])) == 12
    assert rerank.calls == 1 and rerank.failures == 0


def test_ids_left_out_follow_in_the_offline_order_and_sealed_cards_stay_put():
    hits = [
        Hit(_card("a", "alpha"), 0.9, "immediate"),
        Hit(_card("s", "sealed fact", PrivacyTier.PERMANENT), 0.8, "immediate"),
        Hit(_card("b", "beta " + "x" * 500), 0.7, "immediate"),
        Hit(_card("c", "gamma"), 0.6, "immediate"),
        Hit(_card("d", "delta"), 0.5, "immediate"),
    ]
    with OpenAIStub(lambda body: json.dumps({"order": ["c3"]})) as stub:
        out = LLMReranker(stub.llm_config(), candidates=4)("which greek letter?", hits)
    assert [h.card.id for h in out] == ["c", "s", "a", "b", "d"]  # d was beyond the candidates
    assert [h.score for h in out] == [0.9, 0.8, 0.7, 0.6, 0.5]
    listed = _listed(stub.requests[0])
    assert (
        sorted(listed) == ["c1", "c2", "c3"] and "sealed" not in stub.requests[0]["messages"][-1]["content"]
    )
    assert len(listed["c2"]) == 400  # cut to max_chars


def test_an_invalid_answer_twice_keeps_the_offline_order(caplog):
    hits = [Hit(_card(c, c), 1.0 - n / 10, "immediate") for n, c in enumerate("abc")]
    answers = iter([json.dumps({"order": ["c1", "c1"]}), json.dumps({"order": ["c9"]})])
    with OpenAIStub(lambda body: next(answers)) as stub:
        rerank = LLMReranker(stub.llm_config())
        with caplog.at_level(logging.WARNING, logger="autogen_zettel.base.llm"):
            assert rerank("q", hits) is None
    assert len(stub.requests) == 2 and rerank.failures == 1
    assert "listed twice" in stub.requests[1]["messages"][-1]["content"]
    assert "the offline order" in caplog.text


@pytest.mark.parametrize(
    "bad", [{"candidates": 1}, {"candidates": 51}, {"candidates": True}, {"max_chars": 10}]
)
def test_bad_settings_name_the_value(bad):
    with pytest.raises(ConfigError, match=str(list(bad.values())[0])):
        LLMReranker({"config_list": [{"model": "m", "api_key": "k"}]}, **bad)
