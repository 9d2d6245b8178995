"""The everyday-wording scenario (issue #11): two agents of one persona, four simulated weeks,
the lead praises one for short replies and asks the other for fuller ones in everyday words
(no phrase of traits.yaml). With the bundled MiniLM reading feedback by meaning, their
conciseness moves apart by a clear margin, and the same seed gives the same run."""

from __future__ import annotations

from pathlib import Path

import pytest

from autogen_zettel.persona.phrase_match import find_phrase, normalise
from autogen_zettel.persona.traits import default_traits
from autogen_zettel.research.simulate import load_scenario, run_scenario

EVERYDAY = Path(__file__).resolve().parents[1] / "examples" / "scenarios" / "everyday.yaml"
START = 0.55  # agents/researcher.yaml


def test_the_everyday_scenario_uses_no_listed_trait_phrase():
    phrases = [p for spec in default_traits().values() for p in (*spec.more, *spec.less)]
    for session in load_scenario(EVERYDAY).sessions:
        for turn in session.user_turns:
            assert not [p for p in phrases if find_phrase(normalise(turn.text), p)], turn.text


def conciseness(result, agent):
    return result.metrics["agents"][agent]["persona"]["traits"]["conciseness"]


@pytest.mark.integration
def test_everyday_feedback_moves_the_two_agents_apart_deterministically(tmp_path, minilm):
    first = run_scenario(EVERYDAY, tmp_path / "one", embedder=minilm)
    ada, ben = conciseness(first, "ada"), conciseness(first, "ben")
    assert ada["long"] > START + 0.2  # praised for short replies
    assert ben["long"] < START - 0.15  # asked for fuller ones (0.24 in README "Everyday wording")
    assert ada["long"] - ben["long"] > 0.45
    again = run_scenario(EVERYDAY, tmp_path / "two", embedder=minilm)
    assert again.metrics["agents"]["ada"]["persona"] == first.metrics["agents"]["ada"]["persona"]
    assert again.metrics["agents"]["ben"]["persona"] == first.metrics["agents"]["ben"]["persona"]


@pytest.mark.integration
def test_the_same_weeks_in_other_words_move_the_two_agents_apart_too(tmp_path, minilm):
    # examples/scenarios/everyday_variant.yaml: 26 other feedback lines (README "Everyday wording")
    result = run_scenario(EVERYDAY.with_name("everyday_variant.yaml"), tmp_path / "variant", embedder=minilm)
    ada, ben = conciseness(result, "ada"), conciseness(result, "ben")
    assert ada["long"] > START + 0.2 and ben["long"] < START - 0.15 and ada["long"] - ben["long"] > 0.45
