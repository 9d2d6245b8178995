"""Trait definitions and unlock conditions: parsing, errors that name the key, and hold windows
evaluated on a step-function history."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from autogen_zettel.base.errors import ConfigError
from autogen_zettel.persona.traits import (
    Clause,
    TraitSpec,
    condition_holds,
    default_traits,
    load_trait_specs,
    parse_condition,
    trait_specs_from_dict,
)

T0 = datetime(2024, 3, 1, 9, 0)
TRAITS = ("conciseness", "humour", "rigour")
DEFAULTS = ("conciseness", "humour", "rigour", "proactivity", "risk_tolerance", "curiosity", "patience")


def day(n: float) -> datetime:
    return T0 + timedelta(days=n)


# -- the default set ---------------------------------------------------------------------------


def test_default_set_is_complete_and_documented():
    specs = default_traits()
    assert tuple(specs) == DEFAULTS
    for name, spec in specs.items():
        assert spec.name == name
        assert spec.description and spec.low and spec.high, name
        assert len(spec.more) >= 5 and len(spec.less) >= 5 and len(spec.keywords) >= 5, name
        assert not set(spec.more) & set(spec.less), name  # a phrase cannot ask for both
        assert all(p == p.lower() and p.strip() == p for p in spec.more + spec.less)
        assert spec.initial == 0.5 and spec.bounds is None


def test_default_traits_returns_a_fresh_dict():
    a = default_traits()
    a.pop("humour")
    assert "humour" in default_traits()


def test_trait_specs_from_dict_reads_every_field():
    specs = trait_specs_from_dict(
        {
            "optimism": {
                "description": " Hopeful ",
                "low": "gloomy",
                "high": "upbeat",
                "more": "Cheer UP",
                "less": ["too  rosy"],
                "keywords": ["promising"],
                "initial": 0.7,
                "bounds": [0.2, 0.8],
            }
        }
    )
    assert specs["optimism"] == TraitSpec(
        "optimism",
        "Hopeful",
        "gloomy",
        "upbeat",
        ("cheer up",),
        ("too rosy",),
        ("promising",),
        0.7,
        (0.2, 0.8),
    )
    assert trait_specs_from_dict({"warmth": None})["warmth"] == TraitSpec("warmth")


@pytest.mark.parametrize(
    "data, key, fragment",
    [
        ({"Optimism": {}}, "trait_definitions.Optimism", "cannot name a trait"),
        ({"opt imism": {}}, "trait_definitions.opt imism", "cannot name a trait"),
        ({"optimism": {"colour": "x"}}, "trait_definitions.optimism.colour", "unknown key"),
        ({"optimism": {"more": [1]}}, "trait_definitions.optimism.more[0]", "non-empty text"),
        ({"optimism": {"more": {"a": 1}}}, "trait_definitions.optimism.more", "list of phrases"),
        ({"optimism": {"bounds": [0.8, 0.2]}}, "trait_definitions.optimism.bounds", "below high"),
        ({"optimism": {"bounds": [0.2]}}, "trait_definitions.optimism.bounds", "pair"),
        ({"optimism": {"bounds": [0.2, 1.5]}}, "trait_definitions.optimism.bounds[1]", "0..1"),
        ({"optimism": {"initial": "high"}}, "trait_definitions.optimism.initial", "0..1"),
        ({"optimism": {"description": 3}}, "trait_definitions.optimism.description", "must be text"),
        ({"optimism": "hopeful"}, "trait_definitions.optimism", "mapping"),
        (["optimism"], "trait_definitions", "mapping"),
    ],
)
def test_bad_definitions_name_the_key(data, key, fragment):
    with pytest.raises(ConfigError) as info:
        trait_specs_from_dict(data, file="p.yaml")
    assert info.value.key == key and info.value.file == "p.yaml"
    assert fragment in str(info.value)


def test_load_trait_specs_file(tmp_path):
    path = tmp_path / "t.yaml"
    path.write_text("warmth:\n  description: friendly\n  more: [be nicer]\n", encoding="utf-8")
    assert load_trait_specs(path)["warmth"].more == ("be nicer",)
    path.write_text("warmth:\n  tone: x\n", encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        load_trait_specs(path)
    assert info.value.file == str(path) and info.value.key == "traits.warmth.tone"


# -- parsing conditions ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, clauses",
    [
        ("conciseness > 0.7", [Clause("conciseness", ">", 0.7)]),
        ("conciseness>=0.7 and humour<.3", [Clause("conciseness", ">=", 0.7), Clause("humour", "<", 0.3)]),
        (
            "conciseness > 0.7 held for 7 days and humour < 0.3",
            [Clause("conciseness", ">", 0.7, timedelta(days=7)), Clause("humour", "<", 0.3)],
        ),
        ("rigour <= 1 held for 1 day", [Clause("rigour", "<=", 1.0, timedelta(days=1))]),
        ("rigour > 0.5 held for 36 hours", [Clause("rigour", ">", 0.5, timedelta(hours=36))]),
        ("rigour > 0.5 held for 2 weeks", [Clause("rigour", ">", 0.5, timedelta(days=14))]),
        (
            "  Rigour > 0.5   HELD FOR 1 Hour  AND humour < 0.2 ",
            [Clause("rigour", ">", 0.5, timedelta(hours=1)), Clause("humour", "<", 0.2)],
        ),
    ],
)
def test_parse_good_conditions(text, clauses):
    cond = parse_condition(text, traits=TRAITS)
    assert list(cond.clauses) == clauses
    assert cond.text == " ".join(text.split())


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("conciseness is high", "cannot parse 'conciseness is high'"),
        ("conciseness > 0.7 or humour < 0.3", "cannot parse"),
        ("conciseness > 0.7 held for days", "cannot parse"),
        ("conciseness > 0.7 held 7 days", "cannot parse"),
        ("conciseness > 0.7 and", "cannot parse"),
        ("conciseness == 0.7", "cannot parse"),
        ("conciseness > 0.7 held for 7 fortnights", "unknown time unit 'fortnights'"),
        ("conciseness > 0.7 held for 0 days", "must be positive"),
        ("conciseness > 1.5", "must lie in 0..1"),
        ("", "must be text"),
    ],
)
def test_bad_syntax_names_key_and_text(text, fragment):
    with pytest.raises(ConfigError) as info:
        parse_condition(text, traits=TRAITS, file="a.yaml", key="modules[1].unlock")
    err = info.value
    assert err.key == "modules[1].unlock" and err.file == "a.yaml"
    assert fragment in str(err)
    if text:
        assert repr(" ".join(text.split())) in str(err) or repr(text) in str(err)


def test_unknown_trait_names_key_and_the_fix():
    with pytest.raises(ConfigError) as info:
        parse_condition("scepticism > 0.8 held for 7 days", traits=TRAITS, key="modules[0].unlock")
    msg = str(info.value)
    assert info.value.key == "modules[0].unlock"
    assert "unknown trait 'scepticism'" in msg and "trait_definitions" in msg and "conciseness" in msg


# -- evaluating conditions -------------------------------------------------------------------

HOLD7 = parse_condition("conciseness > 0.7 held for 7 days", traits=TRAITS)


def test_not_met_before_the_window_has_passed_and_met_after():
    hist = {"conciseness": [(day(0), 0.55), (day(2), 0.72), (day(4), 0.75)]}
    met, why = condition_holds(HOLD7, hist, day(8.9))
    assert not met and "for only 6.9 of 7 days" in why and "since 2024-03-03" in why
    met, why = condition_holds(HOLD7, hist, day(9))
    assert met
    assert why == "conciseness 0.75 > 0.7 since 2024-03-03 (7.0 days)"


def test_a_dip_breaks_the_window_and_it_starts_again():
    hist = {"conciseness": [(day(0), 0.72), (day(5), 0.69), (day(6), 0.73)]}
    assert not condition_holds(HOLD7, hist, day(10))[0]  # dipped on day 5: only 4 days since day 6
    met, why = condition_holds(HOLD7, hist, day(12.5))
    assert not met and "since 2024-03-07" in why
    assert condition_holds(HOLD7, hist, day(13))[0]


def test_a_dip_that_is_over_before_the_window_does_not_matter():
    hist = {"conciseness": [(day(0), 0.6), (day(1), 0.75), (day(20), 0.8)]}
    assert condition_holds(HOLD7, hist, day(21))[0]


def test_a_dip_at_now_breaks_it():
    hist = {"conciseness": [(day(0), 0.8), (day(10), 0.65)]}
    met, why = condition_holds(HOLD7, hist, day(10))
    assert not met and why == "conciseness 0.65 is not > 0.7"
    # but a point after `now` is not seen yet
    assert condition_holds(HOLD7, hist, day(9.99))[0]


def test_the_window_needs_a_point_at_or_before_its_start():
    # true since the first point only 3 days ago: nothing is known before it
    hist = {"conciseness": [(day(0), 0.9)]}
    assert not condition_holds(HOLD7, hist, day(3))[0]
    assert condition_holds(HOLD7, hist, day(7))[0]  # exactly the window: (now-H, now] plus the point at now-H


def test_no_history_and_without_a_hold():
    cond = parse_condition("humour < 0.3 and rigour >= 0.6", traits=TRAITS)
    met, why = condition_holds(cond, {}, day(1))
    assert not met and "humour has no score yet" in why and "rigour has no score yet" in why
    hist = {"humour": [(day(0), 0.2)], "rigour": [(day(0), 0.6)]}
    met, why = condition_holds(cond, hist, day(0))
    assert met and why == "humour 0.20 < 0.3 and rigour 0.60 >= 0.6"


def test_every_clause_must_hold():
    cond = parse_condition("conciseness > 0.7 held for 7 days and humour < 0.3", traits=TRAITS)
    hist = {"conciseness": [(day(0), 0.75)], "humour": [(day(0), 0.2), (day(8), 0.35)]}
    assert condition_holds(cond, hist, day(7.5))[0]
    met, why = condition_holds(cond, hist, day(8))
    assert not met and "humour 0.35 is not < 0.3" in why
