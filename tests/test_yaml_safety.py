"""Hostile or mistaken YAML files (issue #13 items 7 and 8): every loader fails fast with a
ConfigError naming the file, never hangs, never floods a message with a huge value."""

from __future__ import annotations

import time
import tracemalloc
from pathlib import Path

import pytest

from autogen_zettel.base.config import load_config
from autogen_zettel.base.errors import ConfigError
from autogen_zettel.base.yamlio import MAX_BYTES, MAX_DEPTH, MAX_NODES, read_yaml
from autogen_zettel.persona.spec import load_persona
from autogen_zettel.persona.traits import load_trait_specs
from autogen_zettel.research.scenario import MAX_ROUNDS, load_scenario

LOADERS = {
    "config": load_config,
    "persona": load_persona,
    "scenario": load_scenario,
    "traits": load_trait_specs,
}


def billion_laughs(key: str = "a") -> str:
    """Nine levels of nine aliases: 9**9 (387 million) strings from under a kilobyte."""
    lines = ['l0: &l0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, 10):
        lines.append(f"l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 9)}]")
    lines.append(f"{key}: *l9")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("kind", sorted(LOADERS))
def test_alias_bomb_fails_fast_in_small_memory(tmp_path, kind):
    path = tmp_path / f"{kind}.yaml"
    path.write_text(billion_laughs("name"), encoding="utf-8")
    tracemalloc.start()
    started = time.perf_counter()
    try:
        with pytest.raises(ConfigError) as info:
            LOADERS[kind](path)
        elapsed = time.perf_counter() - started
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert elapsed < 2.0 and peak < 20 * 1024 * 1024, (elapsed, peak)
    msg = str(info.value)
    assert str(path) in msg and f"{MAX_NODES:,}" in msg and len(msg) < 300


def test_an_aliased_value_that_fits_still_loads(tmp_path):
    path = tmp_path / "ok.yaml"
    path.write_text("recall: &r {k: 4}\n", encoding="utf-8")
    assert load_config(path).recall.k == 4
    path.write_text("a: &x [1, 2]\nb: *x\n", encoding="utf-8")
    assert read_yaml(path) == {"a": [1, 2], "b": [1, 2]}


@pytest.mark.parametrize(
    "text",
    [
        "a: " + "[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5) + "\n",
        "a: " + "[" * 100_000 + "\n",  # would overflow PyYAML's recursive parser
        "".join("  " * i + f"k{i}:\n" for i in range(MAX_DEPTH + 5)),
    ],
)
def test_deep_nesting_is_refused(tmp_path, text):
    path = tmp_path / "deep.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        load_config(path)
    assert str(path) in str(info.value) and (
        "nests deeper" in str(info.value) or "malformed" in str(info.value)
    )


def test_oversized_file_is_refused_without_parsing(tmp_path):
    path = tmp_path / "big.yaml"
    path.write_bytes(b"# " + b"x" * MAX_BYTES + b"\n")
    with pytest.raises(ConfigError, match="larger than 2 MiB") as info:
        load_persona(path)
    assert str(path) in str(info.value)


@pytest.mark.parametrize("kind", sorted(LOADERS))
def test_a_folder_is_a_config_error_naming_it(tmp_path, kind):
    folder = tmp_path / "agents"
    folder.mkdir()
    with pytest.raises(ConfigError, match="is a folder") as info:  # was IsADirectoryError for configs
        LOADERS[kind](folder)
    assert info.value.file == str(folder)


@pytest.mark.parametrize("kind", sorted(LOADERS))
def test_non_utf8_is_a_config_error_naming_the_file(tmp_path, kind):
    path = tmp_path / "latin1.yaml"
    path.write_bytes("name: andré\n".encode("latin-1"))
    with pytest.raises(ConfigError, match="not UTF-8") as info:
        LOADERS[kind](path)
    assert info.value.file == str(path)


def test_error_messages_cut_huge_values(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text(f"recall:\n  k: '{'x' * 200_000}'\n", encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        load_config(path)
    msg = str(info.value)
    assert "'recall.k'" in msg and "200,000 characters" in msg and len(msg) < 400
    path.write_text("name: ada\ntraits: [" + ", ".join(["x"] * 50_000) + "]\n", encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        load_persona(path)
    assert "'traits'" in str(info.value) and "50,000 items" in str(info.value) and len(str(info.value)) < 400


def test_absurd_rounds_are_refused_with_the_bound(tmp_path):
    persona = Path(__file__).resolve().parents[1] / "agents" / "researcher.yaml"
    path = tmp_path / "s.yaml"
    path.write_text(
        f"name: x\nparticipants: [{persona}]\nsessions:\n  - date: 2024-03-04\n    rounds: 1000000000\n"
        "    opening: [{speaker: user, text: hi}]\n",
        encoding="utf-8",
    )
    with pytest.raises(ConfigError) as info:
        load_scenario(path)
    assert info.value.key == "sessions[0].rounds" and f"0..{MAX_ROUNDS}" in str(info.value)
