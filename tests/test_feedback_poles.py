"""Feedback direction from the words naming a trait's poles, in English and Chinese
(autogen_zettel.persona.poles), read through the real feedback_signals without an embedder."""

from __future__ import annotations

from pathlib import Path

import pytest

from autogen_zettel.base.config import PersonaConfig
from autogen_zettel.base.errors import ConfigError
from autogen_zettel.persona.poles import pole_readings, split_clauses
from autogen_zettel.persona.signals import addressed_part, feedback_signals, names
from autogen_zettel.persona.spec import load_persona
from autogen_zettel.persona.traits import default_traits, trait_specs_from_dict
from benchmarks.run_feedback_bilingual import HELD_OUT, fold_of, load, read, score

ROOT = Path(__file__).resolve().parents[1]
CRITIC = load_persona(ROOT / "agents" / "critic.yaml").trait_specs


def signals(text, **kw):
    return {(s.trait, s.sign) for s in feedback_signals(text, previous_reply=None, specs=CRITIC, **kw)}


@pytest.mark.parametrize(
    "text, want",
    [
        ("too harsh", ("warmth", 1)),
        ("You're so blunt it stings.", ("warmth", 1)),
        ("could you be a bit gentler", ("warmth", 1)),
        ("that was kind, thanks", ("warmth", 1)),
        ("No need to be so polite, just say it.", ("warmth", -1)),
        ("太啰嗦了", ("conciseness", 1)),
        ("能不能短一点", ("conciseness", 1)),
        ("这次简洁多了，很好", ("conciseness", 1)),
        ("too long", ("conciseness", 1)),
        ("这个解释太简略了", ("conciseness", -1)),
        ("语气能不能委婉些？", ("warmth", 1)),
        ("你太容易轻信别人的说法了。", ("scepticism", 1)),
    ],
)
def test_complaints_requests_and_praise_give_the_direction_asked(text, want):
    assert signals(text) == {want}


def test_a_complaint_about_harshness_never_counts_against_warmth():
    for text in ("That came across harsh.", "Your review was brutal.", "说话太冲了。", "这话听着很刺耳。"):
        assert ("warmth", -1) not in signals(text) and ("warmth", 1) in signals(text), text


@pytest.mark.parametrize(
    "text",
    [
        "It was not too long at all.",
        "Write a brief note to the funding office.",
        "写一份简短的报告给基金会。",
        "The meeting is at three.",
        "会议改到下午三点。",
        "Long time no see!",
    ],
)
def test_plain_chat_and_tasks_give_nothing(text):
    assert signals(text) == set()


def test_remarks_about_another_agent_give_the_listener_nothing():
    for text in ("ben, that was far too long.", "cleo说话太冲了。", "谢谢cleo，这个笑话很好笑。"):
        assert signals(text, name="ada", others=["ben", "cleo"]) == set(), text
    assert signals("cleo，太啰嗦了。ada，谢谢。", name="cleo", others=["ada"]) == {("conciseness", 1)}


def test_names_are_found_next_to_chinese_and_sentences_split_at_chinese_stops():
    assert names("cleo说话太冲了", "cleo") and not names("cleopatra", "cleo")
    assert addressed_part("cleo，太长了。dana，很好。", "dana", ["cleo"]) == "dana，很好。"
    assert split_clauses("太简略了，多讲讲细节。但是很清楚") == ["太简略了", "多讲讲细节", "很清楚"]


@pytest.mark.parametrize(
    "text",
    [
        "もう少し短くしてください。",
        "言い方がきつすぎます。",
        "Слишком длинно.",
        "C'est beaucoup trop long.",
        "말투가 너무 딱딱해요.",
    ],
)
def test_other_languages_give_no_evidence_rather_than_wrong_evidence(text):
    assert signals(text) == set()


def test_every_default_and_critic_trait_reads_both_ways_in_english_and_chinese():
    for name, spec in CRITIC.items():
        for end in (spec.high_words + spec.high_faults, spec.low_words + spec.low_faults):
            assert any(w.isascii() for w in end) and any(not w.isascii() for w in end), name
    assert set(default_traits()) <= set(CRITIC) and {"scepticism", "warmth"} <= set(CRITIC)


def test_poles_are_validated_and_a_persona_adds_its_own():
    specs = trait_specs_from_dict(
        {
            "optimism": {
                "poles": {
                    "high": {"words": {"en": ["upbeat"], "zh": ["乐观"]}},
                    "low": {"faults": {"en": ["gloomy"]}},
                }
            }
        }
    )
    assert pole_readings("so gloomy today, you", specs) == {"optimism": 1}
    assert pole_readings("再乐观一点", specs) == {"optimism": 1}
    for bad, key in (
        ({"high": {"words": {"English": ["x"]}}}, "English"),
        ({"middle": {}}, "middle"),
        ({"high": {"word": {"en": ["x"]}}}, "word"),
    ):
        with pytest.raises(ConfigError) as err:
            trait_specs_from_dict({"optimism": {"poles": bad}}, file="p.yaml")
        assert key in str(err.value) and "p.yaml" in str(err.value)


def test_feedback_weights_are_validated():
    assert PersonaConfig(feedback_weights={"lead": 2, "default": 1.0}).feedback_weights == {
        "lead": 2.0,
        "default": 1.0,
    }
    for bad in ({"lead": 0}, {"lead": "high"}, {"lead": 11.0}, {"": 1.0}):
        with pytest.raises(ConfigError) as err:
            PersonaConfig(feedback_weights=bad)
        assert "feedback_weights" in str(err.value)


def test_the_held_out_fold_read_by_words_alone_meets_the_floors():
    # the embedder adds evidence on English clauses no word covers; without it the floors hold too
    figures = score(read([r for r in load() if fold_of(r["text"]) == HELD_OUT]))
    for lang in ("en", "zh"):
        assert figures[lang]["precision"] >= 0.85 and figures[lang]["recall"] >= 0.7, (lang, figures[lang])
        assert figures[lang]["wrong_sign"] <= 0.03 and figures[f"{lang}:neutral"]["evidence_share"] <= 0.05
    assert figures["other_languages"]["wrong_sign"] == 0


def test_the_labelled_set_covers_every_trait_both_ways_in_both_languages():
    rows = load()
    assert sum(r["lang"] == "zh" for r in rows) >= 100
    for name in CRITIC:
        for sign in (1, -1):
            for lang in ("en", "zh"):
                assert any(r["trait"] == name and r["sign"] == sign and r["lang"] == lang for r in rows), (
                    name,
                    sign,
                    lang,
                )
    kinds = {r["kind"] for r in rows}
    assert {"complaint", "request", "praise", "neutral", "third_party", "other_language"} <= kinds
    assert {fold_of(r["text"]) for r in rows} == set(range(5))


@pytest.mark.integration
def test_the_held_out_fold_read_as_shipped_meets_the_floors(minilm):
    # as the engine reads it: pole words, listed phrases, then the bundled MiniLM by meaning
    from autogen_zettel.persona.meaning import DEFAULT_PARAMS, MeaningDetector

    meaning = MeaningDetector(minilm, CRITIC, DEFAULT_PARAMS)
    figures = score(read([r for r in load() if fold_of(r["text"]) == HELD_OUT], meaning))
    for lang in ("en", "zh"):
        assert figures[lang]["precision"] >= 0.85 and figures[lang]["recall"] >= 0.7, (lang, figures[lang])
        assert figures[lang]["wrong_sign"] <= 0.03 and figures[f"{lang}:neutral"]["evidence_share"] <= 0.05
    assert figures["other_languages"]["wrong_sign"] == 0


@pytest.mark.integration
def test_other_languages_give_no_wrong_evidence_as_shipped(minilm):
    # French, German, Spanish, Japanese, Russian, Korean lines of every fold, through MiniLM too
    from autogen_zettel.persona.meaning import DEFAULT_PARAMS, MeaningDetector

    meaning = MeaningDetector(minilm, CRITIC, DEFAULT_PARAMS)
    others = [r for r in load() if r["kind"] == "other_language"]
    figures = score(read(others, meaning))
    assert len(others) >= 10 and figures["other_languages"] == {"wrong_sign": 0, "lines": len(others)}
