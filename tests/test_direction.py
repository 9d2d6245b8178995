"""The direction cue model of trait evidence by meaning (issue #11): which way a clause asks a
trait to move, read from its words, and the two-stage reading (trait by meaning, direction by
cues) built on it."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from autogen_zettel.persona.direction import attitude, keeps_level, orientation, size_cue, without_attitude
from autogen_zettel.persona.meaning import MeaningParams, read_clauses
from autogen_zettel.persona.traits import TraitSpec, default_traits

FRESH = Path(__file__).parent / "data" / "feedback_fresh.jsonl"
EVERYDAY = Path(__file__).parent / "data" / "feedback_everyday.jsonl"
LABELLED = Path(__file__).parent / "data" / "feedback_labelled.jsonl"


@pytest.mark.parametrize(
    "text, cue",
    [
        ("Boil it down for me", -1),
        ("Can you condense this?", -1),
        ("cut to the chase", -1),
        ("That was a wall of text", -1),
        ("Expand on the second point", 1),
        ("flesh it out", 1),
        ("walk me through the steps", 1),
        ("I want it in more depth", 1),
        ("the meeting is at three", 0),
        ("don't cut it short", 1),
        ("Don't hold back on the details", 1),
        ("no need to elaborate", -1),
        ("trim the intro but expand the method", 0),
        ("Honestly, I need more than this", 1),
        ("Give me more to work with", 1),
        ("That was a lot to get through", -1),
    ],
)
def test_size_cues_read_shrinking_and_growing_words_and_their_negation(text, cue):
    assert size_cue(text) == cue


@pytest.mark.parametrize(
    "text, feeling",
    [
        ("The playful tone is out of place here", -1),
        ("Feel free to be cheeky", 1),
        ("the meeting is at three", 0),
        ("I enjoyed the joke, keep them coming", 1),
        ("Leave the planning to me", -1),
        ("Your questions are getting old", -1),
        ("A pun wouldn't hurt", 1),
    ],
)
def test_attitude_cues_read_welcoming_or_objecting_to_what_a_clause_names(text, feeling):
    assert attitude(text) == feeling


def test_without_attitude_keeps_what_is_named_and_optionally_the_word_places():
    assert without_attitude("Humour doesn't belong in the summary") == "humour in the summary"
    assert without_attitude("I want numbers, not adjectives", hold=True) == "_ _ numbers, not adjectives"


def test_keep_cues_are_praise_of_the_current_level():
    assert keeps_level("That length was perfect.") and keeps_level("Just right, keep it like this")
    assert not keeps_level("Make it shorter") and not keeps_level("Thanks")


def test_orientation_comes_from_the_traits_own_phrases():
    specs = default_traits()
    assert orientation(specs["conciseness"]) == -1  # "elaborate" asks for less conciseness
    assert orientation(specs["humour"]) == 1 and orientation(specs["patience"]) == 1
    # a persona trait whose phrases say nothing: what a request names is the trait's behaviour
    assert orientation(TraitSpec("warmth", more=("be kinder",), less=("stop sugar coating",))) == 1
    assert orientation(TraitSpec("brevity", more=("trim it",), less=("expand it",))) == -1


KEYS = ["warmth:+1", "warmth:-1", "rigour:+1", "rigour:-1", "praise", "complaint", "neutral"]
TWO = MeaningParams(
    top_k=1, threshold=0.5, margin=0.05, neutral_margin=0.05, two_stage=True, pole_margin=0.03
)


def test_two_stage_picks_the_trait_by_its_better_pole_and_the_direction_by_cue_or_poles():
    sims = np.array(
        [
            [0.70, 0.68, 0.30, 0.3, 0.1, 0.1, 0.2],  # poles too close, no cue: nothing
            [0.70, 0.68, 0.30, 0.3, 0.1, 0.1, 0.2],  # same, a shrinking cue: less warmth
            [0.70, 0.50, 0.30, 0.3, 0.1, 0.1, 0.2],  # poles apart: more warmth
            [0.70, 0.50, 0.67, 0.3, 0.1, 0.1, 0.2],  # another trait nearly as close
            [0.55, 0.50, 0.30, 0.3, 0.1, 0.1, 0.52],
        ]
    )  # reads as much like chat
    r = read_clauses(sims, KEYS, TWO, flips=[1] * 5, cues=[0, -1, 0, 0, 0], orientations={"warmth": 1})
    assert [(x.trait, x.sign) for x in r] == [(None, 0), ("warmth", -1), ("warmth", 1), (None, 0), (None, 0)]
    flipped = read_clauses(sims[2:3], KEYS, TWO, flips=[-1], cues=[0], orientations={"warmth": 1})
    assert (flipped[0].trait, flipped[0].sign) == ("warmth", -1)  # "no more of the kind replies"
    shrinking = read_clauses(sims[1:2], KEYS, TWO, flips=[1], cues=[-1], orientations={"warmth": -1})
    assert (shrinking[0].trait, shrinking[0].sign) == ("warmth", 1)  # trimming what is its opposite
    assert read_clauses(sims[2:3], KEYS, TWO, negated=[True], flips=[1], cues=[1])[0].trait is None
    kept = read_clauses(sims[2:3], KEYS, TWO, flips=[1], cues=[0], keeps=[True], orientations={})
    assert kept[0].keep


def test_an_attitude_gives_the_direction_with_the_pole_of_what_is_named():
    attending = MeaningParams(**{**TWO.__dict__, "attitude": True})
    sims = np.array([[0.70, 0.68, 0.30, 0.3, 0.1, 0.1, 0.2]])  # poles too close to decide
    objecting = read_clauses(
        sims,
        KEYS,
        attending,
        flips=[1],
        cues=[0],
        orientations={"warmth": 1},
        attitudes=[-1],
        poles=[{"warmth": 0.2}],
    )
    assert (objecting[0].trait, objecting[0].sign) == ("warmth", -1)  # objecting to the warm thing named
    welcoming_low = read_clauses(
        sims,
        KEYS,
        attending,
        flips=[1],
        cues=[0],
        orientations={"warmth": 1},
        attitudes=[1],
        poles=[{"warmth": -0.2}],
    )
    assert (welcoming_low[0].trait, welcoming_low[0].sign) == ("warmth", -1)  # welcoming the cold thing
    off = read_clauses(
        sims,
        KEYS,
        TWO,
        flips=[1],
        cues=[0],
        orientations={"warmth": 1},
        attitudes=[-1],
        poles=[{"warmth": 0.2}],
    )
    assert off[0].trait is None  # attitude off: the poles decide, and they are too close


def test_the_fresh_set_is_separate_and_covers_every_trait_both_ways():
    fresh = [r for r in map(json.loads, FRESH.read_text().splitlines()) if "text" in r]
    labelled = {json.loads(line).get("text", "").lower() for line in LABELLED.read_text().splitlines()}
    assert len(fresh) >= 60 and not {r["text"].lower() for r in fresh} & labelled
    for name in default_traits():
        for sign in (1, -1):
            assert sum(r.get("trait") == name and r.get("sign") == sign for r in fresh) >= 3
    labels = [r["label"] for r in fresh]
    assert labels.count("neutral") >= 10 and labels.count("praise") >= 5 and labels.count("complaint") >= 5


def _fresh_scores(minilm, path=None):
    from autogen_zettel.persona.meaning import DEFAULT_PARAMS, MeaningDetector
    from autogen_zettel.persona.signals import feedback_signals

    specs = default_traits()
    meaning = MeaningDetector(minilm, specs, DEFAULT_PARAMS)
    tp = fp = fn = neutral = 0
    for r in (r for r in map(json.loads, (path or FRESH).read_text().splitlines()) if "text" in r):
        found = {
            (s.trait, s.sign)
            for s in feedback_signals(r["text"], previous_reply=None, specs=specs, meaning=meaning)
        }
        gold = {(r["trait"], r["sign"])} if r["label"] == "trait" else set()
        tp, fp, fn = tp + len(found & gold), fp + len(found - gold), fn + len(gold - found)
        neutral += r["label"] == "neutral" and bool(found)
    return tp / (tp + fp), tp / (tp + fn), neutral


@pytest.mark.integration
def test_the_fresh_set_is_read_about_as_well_as_the_readme_says(minilm):
    # README "Evidence by meaning": fresh-set precision 0.91, recall 0.74, no neutral line; the
    # everyday set 0.68 and 0.55, no neutral line (regression guards with some slack, not tuning targets)
    precision, recall, neutral = _fresh_scores(minilm)
    assert precision >= 0.8 and recall >= 0.6 and neutral == 0
    precision, recall, neutral = _fresh_scores(minilm, EVERYDAY)
    assert precision >= 0.55 and recall >= 0.45 and neutral == 0


@pytest.mark.integration
def test_praise_of_the_right_length_reinforces_what_the_previous_reply_did(minilm):
    from autogen_zettel.persona.meaning import DEFAULT_PARAMS, MeaningDetector
    from autogen_zettel.persona.signals import feedback_signals

    specs = default_traits()
    meaning = MeaningDetector(minilm, specs, DEFAULT_PARAMS)

    def read(text, previous):
        return {
            (s.trait, s.sign)
            for s in feedback_signals(text, previous_reply=previous, specs=specs, meaning=meaning)
            if s.cue.startswith(("meaning:", "pole:"))
        }

    short, long = "Yes, Tuesday.", " ".join(["The protocol covers recruitment and consent in detail."] * 20)
    assert ("conciseness", 1) in read("That length was just right, keep it like this.", short)
    assert ("conciseness", -1) in read("That length was just right, keep it like this.", long)
    # the issue's own everyday wording, read with no previous reply
    assert ("conciseness", 1) in read("Boil it down to the essentials.", None)
    assert ("conciseness", -1) in read("Unpack that further.", None)


def test_the_everyday_set_is_separate_from_the_others_and_the_example_bank():
    def texts(path):
        return {
            r["text"].lower().strip(".!? ")
            for r in map(json.loads, path.read_text().splitlines())
            if "text" in r
        }

    everyday = [r for r in map(json.loads, EVERYDAY.read_text().splitlines()) if "text" in r]
    assert len(everyday) >= 80 and not texts(EVERYDAY) & (texts(FRESH) | texts(LABELLED))
    bank = {
        t.lower().strip(".!? ")
        for spec in default_traits().values()
        for t in (*spec.examples_more, *spec.examples_less, *spec.more, *spec.less)
    }
    assert not texts(EVERYDAY) & bank and not texts(FRESH) & bank and not texts(LABELLED) & bank
    for name in default_traits():
        for sign in (1, -1):
            assert sum(r.get("trait") == name and r.get("sign") == sign for r in everyday) >= 4
