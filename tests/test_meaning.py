"""Trait evidence by meaning (issue #11): feedback compared with the traits' prototypes through
the memory's embedder, with direction words, negation and addressees handled, exact phrases
kept as anchors, and the prototypes embedded once per engine."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import numpy as np
import pytest

from autogen_zettel import HashEmbedder, MemoryHub, SimulatedClock
from autogen_zettel.base.config import config_from_dict
from autogen_zettel.persona.clause_words import clauses, describes_negation, polarity
from autogen_zettel.persona.engine import PersonaEngine
from autogen_zettel.persona.meaning import (
    DEFAULT_PARAMS,
    MeaningDetector,
    MeaningParams,
    read_clauses,
)
from autogen_zettel.persona.prototypes import prototypes
from autogen_zettel.persona.signals import EXPLICIT_STRENGTH, SEMANTIC_STRENGTH, feedback_signals
from autogen_zettel.persona.spec import persona_from_dict
from autogen_zettel.persona.traits import TraitSpec, default_traits, trait_specs_from_dict

LABELLED = Path(__file__).parent / "data" / "feedback_labelled.jsonl"
T0 = datetime(2024, 6, 3, 9, 0)

WARMTH = TraitSpec(
    "warmth",
    high="kind and encouraging replies",
    low="cold and blunt replies",
    examples_more=("be kinder to the students", "be kinder to the new students please"),
    examples_less=("stop sugar coating the review",),
)


class CountingEmbedder(HashEmbedder):
    """A real hashing embedder that counts the texts it embeds."""

    def __init__(self):
        super().__init__(256)
        self.texts = 0

    def encode(self, texts, *, query=False):
        self.texts += len(texts)
        return super().encode(texts, query=query)


def test_direction_words_are_read_off_and_flip_the_pole():
    assert polarity("too long") == ("long", -1)
    assert polarity("Don't hold back on the details") == ("hold back on the details", -1)
    assert polarity("don't be too cautious")[1] == -1  # "too" after a negation does not flip again
    assert polarity("your replies are so stiff")[1] == -1 and polarity("so I can follow")[1] == 1


def test_a_negation_that_reproaches_an_absence_asks_for_the_thing():
    # "you never ask" wants questions; "don't ask" does not: the first names what is missing
    assert polarity("You never ask anything") == ("you ask anything", 1)
    assert polarity("Why didn't you question my assumptions?")[1] == 1
    assert polarity("Why not add a joke now and then")[1] == 1
    assert polarity("Don't just answer, propose a plan") == ("just answer, propose a plan", 1)
    assert polarity("You don't need to explain every step")[1] == -1  # a permission to do less
    assert polarity("Don't ask so many questions")[1] == -1


def test_clauses_and_negated_descriptions():
    assert clauses("Great. But trim it; ok?") == ["Great", "trim it", "ok"]
    assert describes_negation("It wasn't too long at all") and describes_negation("not overly detailed")
    assert not describes_negation("Don't pad the answer") and not describes_negation(
        "This is no place for puns"
    )


def test_read_clauses_needs_threshold_and_margins():
    keys = ["warmth:+1", "warmth:-1", "praise", "complaint", "neutral"]
    params = MeaningParams(
        top_k=1,
        threshold=0.5,
        margin=0.05,
        neutral_margin=0.05,
        valence_threshold=0.5,
        valence_margin=0.05,
        neutral_veto=0.1,
    )
    sims = np.array(
        [
            [0.7, 0.2, 0.1, 0.1, 0.3],  # clear
            [0.7, 0.68, 0.1, 0.1, 0.3],  # the other direction is as close: no evidence
            [0.45, 0.1, 0.1, 0.1, 0.2],  # below the threshold
            [0.7, 0.1, 0.1, 0.1, 0.68],  # reads as much like neutral chat
            [0.1, 0.1, 0.8, 0.2, 0.3],  # praise by meaning
            [0.1, 0.1, 0.3, 0.2, 0.7],
        ]
    )  # neutral chat: vetoes a listed praise word
    r = read_clauses(sims, keys, params, flips=[1, 1, 1, 1, 1, 1])
    assert [(x.trait, x.sign) for x in r] == [
        ("warmth", 1),
        (None, 0),
        (None, 0),
        (None, 0),
        (None, 0),
        (None, 0),
    ]
    assert [x.valence for x in r] == [0, 0, 0, 0, 1.0, 0] and [x.neutral for x in r] == [0, 0, 0, 1, 0, 1]
    flipped = read_clauses(sims[:1], keys, params, flips=[-1])  # "no more of the kind replies"
    assert (flipped[0].trait, flipped[0].sign) == ("warmth", -1)
    assert read_clauses(sims[:1], keys, params, negated=[True])[0].trait is None


def test_prototypes_hold_phrases_descriptions_and_examples_of_each_direction():
    protos = prototypes({"warmth": WARMTH})
    assert ("warmth:+1", "be kinder to the students") in protos and (
        "warmth:-1",
        "cold and blunt replies",
    ) in protos
    assert {k for k, _ in protos} >= {"praise", "complaint", "neutral"}


def test_persona_files_add_example_sentences_under_examples():
    specs = trait_specs_from_dict({"warmth": {"examples": {"more": ["Be Kinder"], "less": ["too sweet"]}}})
    assert specs["warmth"].examples_more == ("be kinder",) and specs["warmth"].examples_less == ("too sweet",)
    from autogen_zettel.base.errors import ConfigError

    with pytest.raises(ConfigError, match="trait_definitions.warmth.examples"):
        trait_specs_from_dict({"warmth": {"examples": ["be kinder"]}})


def test_feedback_worded_like_an_example_gives_evidence_by_meaning_and_phrases_stay_anchors():
    specs = {"warmth": WARMTH, **default_traits()}
    meaning = MeaningDetector(HashEmbedder(), specs)
    [s] = feedback_signals(
        "Please be kinder to the new students.", previous_reply=None, specs=specs, meaning=meaning
    )
    assert (s.trait, s.sign, s.strength, s.cue) == ("warmth", 1, SEMANTIC_STRENGTH, "meaning:more")
    [s] = feedback_signals("Too long.", previous_reply=None, specs=specs, meaning=meaning)
    assert (s.trait, s.sign, s.strength, s.cue) == ("conciseness", 1, EXPLICIT_STRENGTH, "too long")
    assert (
        feedback_signals("It wasn't too long at all.", previous_reply=None, specs=specs, meaning=meaning)
        == []
    )
    # a sentence naming only another agent is not about this one
    assert (
        feedback_signals(
            "ben, please be kinder to the new students.",
            previous_reply=None,
            specs=specs,
            meaning=meaning,
            name="ada",
            others={"ben"},
        )
        == []
    )


def test_the_engine_reads_feedback_by_meaning_and_embeds_the_prototypes_once(tmp_path):
    embedder = CountingEmbedder()
    cfg = config_from_dict({"persona": {"mine_every_turns": 0, "mine_every_days": 0}})
    persona = persona_from_dict(
        {
            "name": "ada",
            "role": "tutor",
            "trait_definitions": {
                "warmth": {
                    "high": "kind and encouraging replies",
                    "examples": {"more": ["be kinder to the students", "please be kinder to the students"]},
                }
            },
        },
        file="ada.yaml",
    )
    with MemoryHub.open(tmp_path / "d", embedder=embedder, clock=SimulatedClock(T0), config=cfg) as hub:
        engine = PersonaEngine(hub.tenant("ada"), persona)
        n = len(prototypes(engine.specs))
        for i in range(3):
            engine.observe(
                "Please be kinder to the students, ada.",
                speaker="lee",
                message_id=f"m{i}",
                session_id="s1",
                at=T0,
                previous_speaker="ada",
            )
        hub.flush()
        cues = {(r.trait, r.cue) for r in engine.store.evidence()}
        assert ("warmth", "meaning:more") in cues
        # the prototypes once, then per message its clauses twice (as written, and without
        # direction words), plus what memory itself embeds
        assert embedder.texts < 2 * n
        before = embedder.texts
        engine.observe(
            "Please be kinder to the students, ada.",
            speaker="lee",
            message_id="m9",
            session_id="s1",
            at=T0,
            previous_speaker="ada",
        )
        hub.flush()
        assert embedder.texts - before < 10


def test_meaning_can_be_switched_off(tmp_path):
    cfg = config_from_dict({"persona": {"mine_every_turns": 0, "mine_every_days": 0, "meaning": False}})
    persona = persona_from_dict(
        {
            "name": "ada",
            "role": "tutor",
            "trait_definitions": {
                "warmth": {
                    "examples": {"more": ["be kinder to the students", "please be kinder to the students"]}
                }
            },
        },
        file="ada.yaml",
    )
    with MemoryHub.open(tmp_path / "d", embedder=HashEmbedder(), clock=SimulatedClock(T0), config=cfg) as hub:
        engine = PersonaEngine(hub.tenant("ada"), persona)
        engine.observe(
            "Please be kinder to the students, ada.",
            speaker="lee",
            message_id="m1",
            session_id="s1",
            at=T0,
            previous_speaker="ada",
        )
        hub.flush()
        assert not [r for r in engine.store.evidence() if r.source == "feedback"]


def _labelled():
    return [r for r in map(json.loads, LABELLED.read_text().splitlines()) if "text" in r]


def test_the_labelled_set_is_big_enough_and_covers_every_trait_both_ways():
    rows = _labelled()
    assert len(rows) >= 300
    for name in default_traits():
        for sign in (1, -1):
            assert sum(r.get("trait") == name and r.get("sign") == sign for r in rows) >= 15
    assert {r["label"] for r in rows} == {"trait", "praise", "complaint", "neutral", "negated"}
    assert len({r["text"] for r in rows}) == len(rows)


@pytest.mark.integration
def test_minilm_reads_everyday_length_feedback_and_leaves_chat_alone(minilm):
    specs = default_traits()
    meaning = MeaningDetector(minilm, specs, DEFAULT_PARAMS)

    def read(text):
        return {
            (s.trait, s.sign)
            for s in feedback_signals(text, previous_reply=None, specs=specs, meaning=meaning)
        }

    assert ("conciseness", 1) in read("Trim it to the essentials next time.")
    assert ("conciseness", -1) in read("Can you unpack that further? I need the whole picture.")
    for chat in ("Can you send me the agenda for Thursday?", "The meeting moved to room 204.", "Noted."):
        assert read(chat) == set()


def test_the_sentiment_lexicon_scores_praise_and_complaint_without_courtesy_words():
    from autogen_zettel.persona.sentiment import sentiment

    assert sentiment("Superb answer.") > 0.3 and sentiment("I'm impressed.") > 0.3
    assert sentiment("This is nonsense.") < -0.3 and sentiment("Poor effort.") < -0.3
    assert sentiment("Please add this to the minutes.") == 0.0  # "please" is no praise


@pytest.mark.integration
def test_praise_without_a_listed_word_is_read_by_the_lexicon_where_it_reads_like_praise(minilm):
    from dataclasses import replace

    specs = default_traits()
    meaning = MeaningDetector(minilm, specs, DEFAULT_PARAMS)
    reply = "Yes, Tuesday."

    def credited(text):
        return {
            (s.trait, s.sign)
            for s in feedback_signals(text, previous_reply=reply, specs=specs, meaning=meaning)
        }

    assert ("conciseness", 1) in credited("Superb answer.")  # praise of a short reply
    assert ("conciseness", -1) in credited("Poor effort.")
    assert credited("Is the lab free this afternoon?") == set()  # a positive word in plain chat
    off = MeaningDetector(minilm, specs, replace(DEFAULT_PARAMS, lexicon_valence=None))
    assert not feedback_signals("Superb answer.", previous_reply=reply, specs=specs, meaning=off)


def test_without_the_sentiment_lexicon_installed_there_is_no_lexicon_valence(monkeypatch):
    from autogen_zettel.persona import sentiment as module

    monkeypatch.setattr(module, "_ANALYSER", [None])  # as if vaderSentiment were missing
    assert module.sentiment("Superb answer.") == 0.0


def test_an_unmet_expectation_is_a_complaint_though_its_words_are_positive():
    from autogen_zettel.persona.sentiment import unmet_expectation

    specs = default_traits()
    reply = "Done: 3 slides."  # short: a complaint about it asks for less conciseness
    for text in ("I was hoping for something better.", "Honestly, that could have been much better"):
        signals = feedback_signals(text, previous_reply=reply, specs=specs)
        assert signals and all(s.affect < 0 for s in signals)
        assert ("conciseness", -1) in {(s.trait, s.sign) for s in signals}
    assert not unmet_expectation("We expected more visitors at the open day")  # a quantity, not the reply
    assert not unmet_expectation("Much better, thanks")
    assert unmet_expectation("I expected better from you today.")  # a time or place word may follow
