"""Persona files and traits: trait_definitions, starting scores of known traits only, module
unlock conditions parsed at load time, temperature deltas; and the persona section of the config."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from autogen_zettel.base.config import MemoryConfig, PersonaConfig, config_from_dict, load_config
from autogen_zettel.base.errors import ConfigError
from autogen_zettel.persona.spec import Persona, load_persona, persona_from_dict
from autogen_zettel.persona.traits import Clause, default_traits

AGENTS = Path(__file__).resolve().parent.parent / "agents"


@pytest.mark.parametrize("stem", ["researcher", "critic", "methodologist"])
def test_shipped_personas_have_valid_traits_and_conditions(stem):
    p = load_persona(AGENTS / f"{stem}.yaml")
    assert set(default_traits()) <= set(p.trait_specs)
    assert set(p.traits) <= set(p.trait_specs)
    for m in p.modules:
        assert m.condition is not None and m.condition.text == m.unlock
        assert set(m.condition.traits) <= set(p.trait_specs)
    for name, spec in p.trait_definitions.items():
        assert spec.description and spec.more and spec.less and spec.keywords, name


def test_researcher_defines_optimism_and_data_first_reads_rigour():
    p = load_persona(AGENTS / "researcher.yaml")
    assert "optimism" in p.trait_definitions
    assert p.trait_specs["optimism"].initial == 0.7  # the starting score becomes the spec's prior
    data_first = {m.name: m for m in p.modules}["data_first"]
    assert data_first.condition.clauses == (Clause("rigour", ">", 0.65, timedelta(days=3)),)


def test_trait_definitions_extend_and_override_the_defaults():
    p = persona_from_dict(
        {
            "name": "ada",
            "trait_definitions": {
                "warmth": {"description": "friendly", "more": ["be nicer"]},
                "humour": {"description": "wit", "bounds": [0.0, 0.5]},
            },
            "traits": {"warmth": 0.4, "conciseness": 0.8},
            "modules": [
                {
                    "name": "kind",
                    "prompt": "Be kind.",
                    "unlock": "warmth > 0.6 held for 2 days",
                    "temperature": -0.2,
                }
            ],
        }
    )
    specs = p.trait_specs
    assert specs["warmth"].more == ("be nicer",) and specs["warmth"].initial == 0.4
    assert specs["humour"].bounds == (0.0, 0.5) and specs["humour"].description == "wit"
    assert specs["conciseness"].initial == 0.8 and specs["rigour"].initial == 0.5
    module = p.modules[0]
    assert module.temperature == -0.2
    assert module.condition.clauses == (Clause("warmth", ">", 0.6, timedelta(days=2)),)


def test_empty_unlock_means_never_automatic_and_defaults_compare_equal():
    p = persona_from_dict({"name": "ada", "modules": [{"name": "m", "prompt": "p"}]})
    assert p.modules[0].condition is None and p.modules[0].temperature == 0.0
    assert persona_from_dict({"name": "ada"}) == Persona(name="ada")
    assert Persona(name="ada").trait_specs == default_traits()


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "p.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "text, key, fragments",
    [
        (
            "name: ada\ntraits:\n  optimism: 0.7\n",
            "traits.optimism",
            ["unknown trait 'optimism'", "trait_definitions", "conciseness"],
        ),
        (
            "name: ada\nmodules:\n  - {name: m, prompt: p, unlock: optimism > 0.5}\n",
            "modules[0].unlock",
            ["unknown trait 'optimism'", "trait_definitions"],
        ),
        (
            "name: ada\nmodules:\n  - {name: m, prompt: p, unlock: feedback received twice}\n",
            "modules[0].unlock",
            ["cannot parse"],
        ),
        (
            "name: ada\nmodules:\n  - {name: m, prompt: p, temperature: 1.5}\n",
            "modules[0].temperature",
            ["-1..1"],
        ),
        (
            "name: ada\nmodules:\n  - {name: m, prompt: p, temperature: hot}\n",
            "modules[0].temperature",
            ["-1..1"],
        ),
        (
            "name: ada\ntrait_definitions:\n  warmth:\n    colour: red\n",
            "trait_definitions.warmth.colour",
            ["unknown key"],
        ),
        ("name: ada\ntrait_definitions: [warmth]\n", "trait_definitions", ["mapping"]),
    ],
)
def test_bad_trait_keys_name_file_key_and_fix(tmp_path, text, key, fragments):
    path = write(tmp_path, text)
    with pytest.raises(ConfigError) as info:
        load_persona(path)
    assert info.value.file == str(path) and info.value.key == key
    for fragment in fragments:
        assert fragment in str(info.value)


def test_a_defined_trait_may_be_used_in_traits_and_unlock(tmp_path):
    path = write(
        tmp_path,
        "name: ada\ntrait_definitions:\n  optimism: {description: hopeful}\n"
        "traits: {optimism: 0.7}\nmodules:\n  - {name: m, prompt: p, unlock: optimism > 0.8}\n",
    )
    p = load_persona(path)
    assert p.traits["optimism"] == 0.7 and p.modules[0].condition.traits == ("optimism",)


# -- PersonaConfig ---------------------------------------------------------------------------


def test_default_yaml_persona_section_equals_built_in_defaults():
    cfg = load_config(Path(__file__).resolve().parents[1] / "configs" / "default.yaml")
    assert cfg.persona == PersonaConfig() and cfg == MemoryConfig()
    assert cfg.persona.bounds == (0.1, 0.9)


@pytest.mark.parametrize(
    "persona, key, fragment",
    [
        ({"bounds": [0.9, 0.1]}, "persona.bounds", "low < high"),
        ({"bounds": [0.1]}, "persona.bounds", "pair"),
        ({"bounds": [-0.1, 0.9]}, "persona.bounds", "0 <= low"),
        ({"bounds": [0.1, 1.2]}, "persona.bounds", "high <= 1"),
        ({"fast_rate": 0}, "persona.fast_rate", "(0, 1]"),
        ({"slow_rate": 1.5}, "persona.slow_rate", "(0, 1]"),
        ({"module_ramp": 0.0}, "persona.module_ramp", "(0, 1]"),
        ({"mood_limit": 1.5}, "persona.mood_limit", "0..1"),
        ({"modulation_strength": 1.0}, "persona.modulation_strength", "[0, 1)"),
        ({"mood_half_life_days": 0}, "persona.mood_half_life_days", "positive"),
        ({"prior_mass": 0}, "persona.prior_mass", "positive"),
        ({"min_sessions": 0}, "persona.min_sessions", "at least 1"),
        ({"rollback_negative": 4}, "persona.rollback_negative", "must not exceed rollback_window"),
        ({"community_min_size": 1}, "persona.community_min_size", "at least 2"),
        ({"mine_every_turns": -1}, "persona.mine_every_turns", "not be negative"),
        ({"mine_every_turns": 1.5}, "persona.mine_every_turns", "expected int"),
        ({"enabled": "yes"}, "persona.enabled", "expected bool"),
        ({"moodiness": 1}, "persona.moodiness", "unknown key"),
    ],
)
def test_persona_config_ranges(persona, key, fragment):
    with pytest.raises(ConfigError) as info:
        config_from_dict({"persona": persona}, file="c.yaml")
    assert info.value.key == key and fragment in str(info.value), str(info.value)


def test_persona_config_accepts_edges():
    cfg = config_from_dict(
        {
            "persona": {
                "bounds": [0, 1],
                "fast_rate": 1,
                "mood_limit": 0,
                "mine_every_turns": 0,
                "rollback_negative": 3,
            }
        }
    ).persona
    assert cfg.bounds == (0.0, 1.0) and cfg.fast_rate == 1.0 and cfg.mine_every_turns == 0
