"""Offline evidence detection: explicit cues, negation, generic praise credited to what the
previous reply showed, valence, and what the agent's own replies show."""

from __future__ import annotations

import pytest

from autogen_zettel.persona.signals import (
    EXPLICIT_STRENGTH,
    GENERIC_STRENGTH,
    SELF_STRENGTH,
    SignalSource,
    TraitSignal,
    behaviour_signals,
    feedback_signals,
)
from autogen_zettel.persona.traits import TraitSpec, default_traits
from autogen_zettel.persona.valence import valence

SPECS = default_traits()
SHORT = "Yes, book the lab for Tuesday."
LONG = " ".join(["The pilot went well overall and we learned a lot from it."] * 14)  # 168 words


def summary(signals):
    return sorted((s.trait, s.sign) for s in signals)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Too long. Please keep it short.", [("conciseness", 1)]),
        ("Could you give me more detail on the design?", [("conciseness", -1)]),
        ("Be more precise: which data is this based on?", [("rigour", 1)]),
        ("No jokes please, this is serious.", [("humour", -1)]),
        ("You're too cautious, go for it.", [("risk_tolerance", 1)]),
        ("Too many questions, stay focused.", [("curiosity", -1)]),
        ("Walk me through it step by step.", [("patience", 1)]),
        ("TL;DR?", [("conciseness", 1)]),
    ],
)
def test_explicit_cues(text, expected):
    signals = feedback_signals(text, previous_reply=LONG, specs=SPECS)
    assert summary(signals) == expected
    assert all(s.strength == EXPLICIT_STRENGTH and s.source is SignalSource.FEEDBACK for s in signals)


def test_explicit_cue_records_the_phrase_and_affect_but_no_text():
    [s] = feedback_signals("Ugh, way too long again.", previous_reply=None, specs=SPECS)
    assert s == TraitSignal(
        "conciseness", 1, 1.0, valence("Ugh, way too long again."), SignalSource.FEEDBACK, "too long"
    )
    assert s.affect < 0  # a complaint, though it asks for MORE conciseness


@pytest.mark.parametrize(
    "text",
    [
        "It was not too long at all.",
        "I don't think it's too long.",
        "This isn't too verbose, thanks for the detail.",
        "Never too long for me.",
    ],
)
def test_negation_cancels_a_cue(text):
    # no request for conciseness is read from a negated "too long" ("thanks for the detail" is
    # praise of detail: less conciseness, the praise naming what to keep)
    assert not [
        s
        for s in feedback_signals(text, previous_reply=None, specs=SPECS)
        if s.trait == "conciseness" and s.sign > 0
    ]


def test_negation_stops_at_clause_boundaries():
    # "No," starts a complaint, it does not negate the cue in the next clause
    assert summary(feedback_signals("No, that's too long.", previous_reply=None, specs=SPECS)) == [
        ("conciseness", 1)
    ]
    assert summary(feedback_signals("Not bad, but too long.", previous_reply=None, specs=SPECS)) == [
        ("conciseness", 1)
    ]


def test_generic_praise_after_a_short_reply_reinforces_conciseness():
    signals = feedback_signals("Thanks, perfect!", previous_reply=SHORT, specs=SPECS)
    assert summary(signals) == [("conciseness", 1)]
    [s] = signals
    assert s.strength == GENERIC_STRENGTH and s.cue == "praise:short_reply" and s.affect == 1.0


def test_generic_praise_after_a_long_reply_weakens_conciseness():
    [s] = feedback_signals("Great, very helpful.", previous_reply=LONG, specs=SPECS)
    assert (s.trait, s.sign, s.cue) == ("conciseness", -1, "praise:long_reply")


def test_generic_complaint_flips_the_behaviour_sign():
    signals = feedback_signals("That's not helpful.", previous_reply=SHORT, specs=SPECS)
    assert summary(signals) == [("conciseness", -1)]
    assert signals[0].cue == "complaint:short_reply" and signals[0].affect < 0


def test_no_generic_credit_without_previous_reply_or_with_an_explicit_cue_or_neutral_text():
    assert feedback_signals("Thanks, perfect!", previous_reply=None, specs=SPECS) == []
    # the explicit cue wins: praise is not also credited to the reply's behaviour
    assert summary(feedback_signals("Great, but shorter next time.", previous_reply=LONG, specs=SPECS)) == [
        ("conciseness", 1)
    ]
    assert feedback_signals("Ok, what about Thursday?", previous_reply=SHORT, specs=SPECS) == []


def test_only_traits_in_specs_are_reported():
    specs = {"rigour": SPECS["rigour"]}
    assert feedback_signals("Too long.", previous_reply=None, specs=specs) == []
    assert feedback_signals("Thanks, perfect!", previous_reply=SHORT, specs=specs) == []


def test_custom_trait_phrases():
    specs = {"warmth": TraitSpec("warmth", more=("too harsh",), less=("too soft",))}
    assert summary(feedback_signals("That was too harsh.", previous_reply=None, specs=specs)) == [
        ("warmth", 1)
    ]
    assert summary(feedback_signals("A bit too soft.", previous_reply=None, specs=specs)) == [("warmth", -1)]


@pytest.mark.parametrize(
    "text, sign",
    [
        ("Thank you, that's exactly it.", 1),
        ("Nice, spot on.", 1),
        ("This is wrong and confusing.", -1),
        ("That's not what I asked.", -1),
        ("Not good.", -1),
        ("Not bad at all.", 1),
        ("Thanks, but that is wrong.", -1),
        ("The meeting is on Tuesday.", 0),
    ],
)
def test_valence_direction(text, sign):
    v = valence(text)
    assert -1.0 <= v <= 1.0
    assert (v > 0) - (v < 0) == sign, v


def test_valence_negated_terms_count_half():
    assert valence("Not bad.") == 0.5
    assert valence("Great, thanks!") == 1.0


# -- behaviour ---------------------------------------------------------------------------


def test_behaviour_short_and_long_replies():
    assert behaviour_signals(SHORT, specs=SPECS) == [
        TraitSignal("conciseness", 1, SELF_STRENGTH, 0.0, SignalSource.SELF, "short_reply")
    ]
    assert summary(behaviour_signals(LONG, specs=SPECS)) == [("conciseness", -1)]
    middle = " ".join(["word"] * 100)
    assert behaviour_signals(middle, specs=SPECS) == []


@pytest.mark.parametrize(
    "reply, trait, sign",
    [
        ("We had 42 participants (p < 0.05), roughly 60% female.", "rigour", 1),
        ("What do you think drives the effect?", "curiosity", 1),
        ("Haha, the sleep lab is the only place where napping counts as work :)", "humour", 1),
        ("I will draft the protocol; next step is the ethics form.", "proactivity", 1),
        ("It is worth a try, go for it.", "risk_tolerance", 1),
        ("To be safe, let's be conservative here.", "risk_tolerance", -1),
        ("Let me explain it step by step.", "patience", 1),
    ],
)
def test_behaviour_detectors(reply, trait, sign):
    signals = {s.trait: s for s in behaviour_signals(reply, specs=SPECS)}
    assert signals[trait].sign == sign and signals[trait].source is SignalSource.SELF
    assert signals[trait].strength == SELF_STRENGTH


def test_one_number_is_not_rigour_and_keywords_serve_custom_traits():
    assert "rigour" not in {s.trait for s in behaviour_signals("See you at 3.", specs=SPECS)}
    specs = {"optimism": TraitSpec("optimism", keywords=("promising", "exciting"))}
    assert summary(behaviour_signals("Promising and exciting pilot!", specs=specs)) == [("optimism", 1)]
    assert behaviour_signals("A promising pilot.", specs=specs) == []  # one keyword is not enough
