"""Persona files: the shipped research-group personas load, and every bad file gives a
ConfigError that names the file, the key and the fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from autogen_zettel.base.errors import ConfigError
from autogen_zettel.persona.spec import Persona, PromptModule, load_persona, persona_from_dict

AGENTS = Path(__file__).resolve().parent.parent / "agents"


@pytest.mark.parametrize("stem", ["researcher", "critic", "methodologist"])
def test_shipped_personas_load(stem):
    p = load_persona(AGENTS / f"{stem}.yaml")
    assert p.name == stem
    assert p.role and p.system_message and p.description
    assert p.traits and all(0.0 <= v <= 1.0 for v in p.traits.values())
    assert p.modules and all(isinstance(m, PromptModule) and m.prompt and m.unlock for m in p.modules)
    assert p.source == str(AGENTS / f"{stem}.yaml")


def test_system_message_text_holds_the_persona():
    p = load_persona(AGENTS / "critic.yaml")
    text = p.system_message_text()
    assert text.startswith("You are critic, critical reviewer of the group's claims.")
    assert p.system_message in text
    assert "scepticism 0.85" in text
    assert "<zettel-recall" in text  # the memory guide explains the recall block
    assert "zettel-recall" not in p.system_message_text(memory_guide=False)
    # prompt modules stay data until a later issue unlocks them
    assert all(m.prompt not in text for m in p.modules)


def test_minimal_persona_defaults():
    p = persona_from_dict({"name": "ada"})
    assert p == Persona(name="ada")
    assert p.describe() == "ada"
    assert p.system_message_text(memory_guide=False) == "You are ada."


def write(tmp_path: Path, text: str, name: str = "p.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def expect_error(path: Path, key: str | None, *fragments: str) -> ConfigError:
    with pytest.raises(ConfigError) as info:
        load_persona(path)
    err = info.value
    assert err.file == str(path)
    assert str(path) in str(err)
    assert err.key == key
    if key:
        assert repr(key) in str(err)
    for fragment in fragments:
        assert fragment in str(err)
    return err


def test_malformed_yaml_names_file_and_line(tmp_path):
    path = write(tmp_path, "name: ada\nrole: [unclosed\n")
    expect_error(path, None, "malformed YAML", "line")


def test_missing_name(tmp_path):
    path = write(tmp_path, "role: lead researcher\n")
    expect_error(path, "name", "required", "name: ...")


def test_unknown_key_is_rejected(tmp_path):
    path = write(tmp_path, "name: ada\nmood: cheerful\n")
    expect_error(path, "mood", "unknown key", "system_message", "traits")


@pytest.mark.parametrize(
    "text, key, fragment",
    [
        ("name: 42\n", "name", "must be text"),
        ("name: ada\nrole: [a, b]\n", "role", "must be text"),
        ("name: ada\nsystem_message: {x: 1}\n", "system_message", "must be text"),
        ("name: ada\ntraits: [curious]\n", "traits", "mapping of trait name"),
        ("name: ada\ntraits:\n  curiosity: high\n", "traits.curiosity", "number in 0..1"),
        ("name: ada\ntraits:\n  curiosity: true\n", "traits.curiosity", "number in 0..1"),
        ("name: ada\ntraits:\n  curiosity: 1.5\n", "traits.curiosity", "0..1"),
        ("name: ada\nmodules: {a: 1}\n", "modules", "list of modules"),
        ("name: ada\nmodules:\n  - just text\n", "modules[0]", "mapping"),
        ("name: ada\nmodules:\n  - {name: m, prompt: p, when: x}\n", "modules[0].when", "unknown key"),
        ("name: ada\nmodules:\n  - {name: m}\n", "modules[0].prompt", "required"),
        (
            "name: ada\nmodules:\n  - {name: m, prompt: p}\n  - {name: m, prompt: q}\n",
            "modules[1].name",
            "duplicate",
        ),
    ],
)
def test_wrong_types_name_the_key(tmp_path, text, key, fragment):
    expect_error(write(tmp_path, text), key, fragment)


@pytest.mark.parametrize("name", ["Ada Lovelace", "../etc", "", "-x"])
def test_names_that_cannot_be_agents_or_tenants(tmp_path, name):
    path = write(tmp_path, f"name: {name!r}\n")
    expect_error(path, "name")


def test_empty_file_and_non_mapping(tmp_path):
    expect_error(write(tmp_path, "", "empty.yaml"), None, "empty")
    expect_error(write(tmp_path, "- a\n- b\n", "list.yaml"), None, "mapping")


def test_missing_file_and_folder(tmp_path):
    expect_error(tmp_path / "nope.yaml", None, "not found")
    expect_error(tmp_path, None, "folder")


def test_not_utf8(tmp_path):
    path = tmp_path / "latin1.yaml"
    path.write_bytes("name: andré\n".encode("latin-1"))
    expect_error(path, None, "UTF-8")
