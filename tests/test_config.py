"""Config files: validated, unknown keys rejected with the file and key named."""

from __future__ import annotations

from pathlib import Path

import pytest

from autogen_zettel import ConfigError, MemoryConfig, MemoryHub, load_config

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("path", sorted((ROOT / "configs").glob("*.yaml")), ids=lambda p: p.name)
def test_shipped_configs_load(path):
    if "llm" in path.name:
        pytest.skip("LLM configs are agent configs, checked by the agent tests")
    cfg = load_config(path)
    assert isinstance(cfg, MemoryConfig)
    assert cfg.source == str(path)


def test_default_yaml_equals_built_in_defaults():
    cfg = load_config(ROOT / "configs" / "default.yaml")
    assert cfg == MemoryConfig()


@pytest.mark.parametrize(
    "text, key, fix",
    [
        ("recall:\n  kk: 3\n", "recall.kk", "known keys"),
        ("nonsense: 1\n", "nonsense", "known keys"),
        ("recall:\n  k: ten\n", "recall.k", "expected int"),
        ("recall:\n  k: 0\n", "recall.k", "at least 1"),
        ("recall:\n  tuning:\n    dense_weight: 1.5\n", "recall.tuning.dense_weight", "0..1"),
        ("recall:\n  hops: 1\n", "recall.hops", "recall.tuning.hops"),
        (
            "maintenance:\n  session_idle_minutes: 5\n",
            "maintenance.session_idle_minutes",
            "sessions.idle_minutes",
        ),
        ("recall: 5\n", "recall", "mapping"),
        ("links:\n  strong: 0.3\n  weak: 0.6\n", "links.weak", "must not exceed"),
        ("recall:\n  k: true\n", "recall.k", "expected int"),
        ("conflicts:\n  reference_weight: 0\n", "conflicts.reference_weight", "strictly between 0 and 1"),
        ("conflicts:\n  reference_weight: 1.0\n", "conflicts.reference_weight", "strictly between 0 and 1"),
        ("vectors:\n  dense_copy_mb: -1\n", "vectors.dense_copy_mb", "must not be negative"),
    ],
)
def test_bad_values_name_file_and_key(tmp_path, text, key, fix):
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    with pytest.raises(ConfigError) as err:
        load_config(path)
    msg = str(err.value)
    assert str(path) in msg and repr(key) in msg and fix in msg
    assert err.value.key == key


def test_malformed_yaml_and_non_utf8(tmp_path):
    bad = tmp_path / "broken.yaml"
    bad.write_text("recall:\n  k: [1, 2\n")
    with pytest.raises(ConfigError, match="malformed YAML") as err:
        load_config(bad)
    assert "broken.yaml" in str(err.value)
    raw = tmp_path / "latin1.yaml"
    raw.write_bytes(b"recall:\n  k: 3 # caf\xe9\n")
    with pytest.raises(ConfigError, match="UTF-8"):
        load_config(raw)
    with pytest.raises(ConfigError, match="not found"):
        load_config(tmp_path / "missing.yaml")


def test_int_accepted_where_float_expected_and_empty_file(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text("recall:\n  tuning:\n    dense_weight: 1\n")
    assert load_config(path).recall.tuning.dense_weight == 1.0
    empty = tmp_path / "empty.yaml"
    empty.write_text("")
    assert load_config(empty) == MemoryConfig()


def test_hub_takes_config_path(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text("embedding:\n  model: hash-32\nrecall:\n  k: 2\n")
    with MemoryHub.open(tmp_path / "d", config=path) as hub:
        assert hub.config.recall.k == 2
        assert hub.embedder.dim == 32


def test_ambiguous_hub_arguments(tmp_path):
    with pytest.raises(ConfigError, match="not both"):
        MemoryHub.open(tmp_path, memory=True)
    with pytest.raises(ConfigError, match="memory=True"):
        MemoryHub.open()
    f = tmp_path / "file"
    f.write_text("x")
    with pytest.raises(ConfigError, match="is a file"):
        MemoryHub.open(f)


def test_configs_built_in_python_raise_config_error_and_copy_with_model_copy():
    from autogen_zettel.base.config import LinkConfig
    from autogen_zettel.base.recall_config import RecallConfig

    with pytest.raises(ConfigError) as err:
        RecallConfig(k=0)
    assert err.value.key == "k" and "at least 1" in str(err.value)
    with pytest.raises(ConfigError, match="must not exceed strong"):
        LinkConfig(strong=0.3, weak=0.6)
    cfg = MemoryConfig()
    changed = cfg.model_copy(update={"recall": cfg.recall.model_copy(update={"k": 3})})
    assert changed.recall.k == 3 and cfg.recall.k == 10
    with pytest.raises(Exception):  # frozen, as the dataclasses were
        cfg.recall.k = 4


def test_source_is_not_a_key_and_not_part_of_equality(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text("source: elsewhere.yaml\n")
    with pytest.raises(ConfigError, match="unknown key") as err:
        load_config(path)
    assert err.value.key == "source"
    path.write_text("recall:\n  k: 10\n")
    assert load_config(path) == MemoryConfig() and load_config(path).source == str(path)


def test_bounds_are_in_the_json_schema():
    schema = MemoryConfig.model_json_schema()
    assert schema["$defs"]["RecallConfig"]["properties"]["k"]["minimum"] == 1
    tuning = schema["$defs"]["RecallTuning"]["properties"]  # overrides: a bounded value or null
    (bounded,) = [t for t in tuning["dense_weight"]["anyOf"] if t.get("type") != "null"]
    assert (bounded["minimum"], bounded["maximum"]) == (0, 1)
    ref = schema["$defs"]["ConflictConfig"]["properties"]["reference_weight"]
    assert (ref["exclusiveMinimum"], ref["exclusiveMaximum"]) == (0, 1)


def _schema_keys(model, prefix: str = "") -> set[str]:
    """Every dotted key of a config model: a section per nested model, a leaf per value."""
    from pydantic import BaseModel

    keys = set()
    for name, field in model.model_fields.items():
        kind = field.annotation
        if isinstance(kind, type) and issubclass(kind, BaseModel) and f"{prefix}{name}" not in _OVERRIDES:
            keys |= _schema_keys(kind, f"{prefix}{name}.")
        else:
            keys.add(f"{prefix}{name}")
    return keys


def _yaml_keys(data: dict, prefix: str = "") -> set[str]:
    keys = set()
    for name, value in data.items():
        if isinstance(value, dict) and value and f"{prefix}{name}" not in _MAPPING_VALUES:
            keys |= _yaml_keys(value, f"{prefix}{name}.")
        else:
            keys.add(f"{prefix}{name}")
    return keys


_MAPPING_VALUES = {"privacy.extra_patterns", "privacy.kind_tiers"}  # values that are mappings, not sections
# sections of overrides, empty in configs/default.yaml (each key left out takes the preset's value)
_OVERRIDES = {"recall.tuning"}


def test_default_yaml_names_every_key_of_the_schema_in_its_order():
    import yaml

    data = yaml.safe_load((ROOT / "configs" / "default.yaml").read_text(encoding="utf-8"))
    schema, named = _schema_keys(MemoryConfig), _yaml_keys(data)
    assert schema - named == set(), f"configs/default.yaml lacks {sorted(schema - named)}"
    assert named - schema == set(), f"configs/default.yaml names unknown keys {sorted(named - schema)}"
    assert list(data) == list(MemoryConfig.model_fields)  # the sections in the models' order
    for section, model in MemoryConfig.model_fields.items():
        assert list(data[section]) == list(model.annotation.model_fields), section


def test_user_settings_come_first_and_ranking_constants_sit_in_recall_tuning():
    assert list(MemoryConfig.model_fields)[:6] == [
        "embedding",
        "privacy",
        "persona",
        "sessions",
        "maintenance",
        "recall",
    ]
    assert list(MemoryConfig().recall.model_dump()) == [
        "k",
        "token_budget",
        "query_messages",
        "max_query_chars",
        "llm_rerank",
        "preset",
        "tuning",
    ]
    assert MemoryConfig().sessions.idle_minutes == 30.0


def test_an_old_config_gets_the_new_place_of_a_moved_key(tmp_path):
    old = tmp_path / "old.yaml"
    old.write_text("recall:\n  k: 5\n  speaker_boost: 0.25\n")
    with pytest.raises(ConfigError, match=r"recall.tuning.speaker_boost") as err:
        load_config(old)
    assert err.value.key == "recall.speaker_boost" and "old.yaml" in str(err.value)
    old.write_text("maintenance:\n  session_idle_minutes: 10\n")
    with pytest.raises(ConfigError, match=r"sessions.idle_minutes"):
        load_config(old)
    new = tmp_path / "new.yaml"
    new.write_text("sessions:\n  idle_minutes: 10\nrecall:\n  tuning:\n    speaker_boost: 0.25\n")
    cfg = load_config(new)
    assert cfg.sessions.idle_minutes == 10.0 and cfg.recall.tuning.speaker_boost == 0.25
