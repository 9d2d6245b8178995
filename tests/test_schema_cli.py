"""`autogen-zettel schema`: JSON Schemas from the pydantic models, valid and strict, and the
files we ship pass both the loaders and the printed schemas (what an editor would check)."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from autogen_zettel.base.config import load_config
from autogen_zettel.base.errors import InvalidInput
from autogen_zettel.base.messages import validate_message
from autogen_zettel.cli.main import main
from autogen_zettel.persona.spec import load_persona
from autogen_zettel.research.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = {
    "persona": sorted((ROOT / "agents").glob("*.yaml")),
    "config": [p for p in sorted((ROOT / "configs").glob("*.yaml")) if "llm" not in p.name],
    "scenario": sorted((ROOT / "examples" / "scenarios").glob("*.yaml")),
}
LOAD = {"persona": load_persona, "config": load_config, "scenario": load_scenario}


def printed(kind: str) -> dict:
    result = CliRunner().invoke(main, ["schema", kind])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


@pytest.mark.parametrize("kind", [*sorted(SHIPPED), "message"])
def test_schema_is_json_schema_that_forbids_unknown_top_level_keys(kind):
    schema = printed(kind)
    assert schema["$schema"].endswith("2020-12/schema") and schema["type"] == "object"
    assert schema["additionalProperties"] is False
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.Draft202012Validator.check_schema(schema)
    # nested mappings are strict too: every object schema with properties forbids others
    for name, sub in schema.get("$defs", {}).items():
        if sub.get("type") == "object" and "properties" in sub:
            assert sub.get("additionalProperties") is False, name


def test_unknown_kind_is_refused_with_the_choices():
    result = CliRunner().invoke(main, ["schema", "agent"])
    assert result.exit_code != 0 and "config" in result.output and "scenario" in result.output


def _as_json(value):
    """What an editor's YAML language server sees: dates are text."""
    if isinstance(value, dict):
        return {k: _as_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_as_json(v) for v in value]
    if isinstance(value, date):
        return value.isoformat()
    return value


@pytest.mark.parametrize(
    "kind, path",
    [(k, p) for k, paths in SHIPPED.items() for p in paths],
    ids=lambda x: x if isinstance(x, str) else x.name,
)
def test_shipped_files_load_and_match_the_printed_schema(kind, path):
    assert SHIPPED[kind], f"no shipped {kind} files found"
    LOAD[kind](path)
    jsonschema = pytest.importorskip("jsonschema")
    data = _as_json(yaml.safe_load(path.read_text(encoding="utf-8")) or {})
    jsonschema.validate(data, printed(kind))


def test_the_schema_catches_what_the_loader_refuses(tmp_path):
    jsonschema = pytest.importorskip("jsonschema")
    schema = printed("scenario")
    bad = {
        "name": "x",
        "participants": ["a.yaml"],
        "sessions": [
            {"date": "2024-03-04", "rounds": 1_000_000_000, "opening": [{"speaker": "user", "text": "hi"}]}
        ],
    }
    with pytest.raises(jsonschema.ValidationError, match="maximum"):
        jsonschema.validate(bad, schema)
    with pytest.raises(jsonschema.ValidationError, match="colour"):
        jsonschema.validate({"name": "ada", "colour": "red"}, printed("persona"))


def test_message_schema_matches_what_ingest_accepts():
    jsonschema = pytest.importorskip("jsonschema")
    schema = printed("message")
    for ok in (
        {"text": "hi", "speaker": "ann"},
        {
            "text": "hi",
            "speaker": "ann",
            "id": 3,
            "at": "2024-03-04T09:00",
            "session_id": "s1",
            "reply_to": "m0",
            "tier": "permanent",
        },
    ):
        jsonschema.validate(ok, schema)
        validate_message(ok)
    for bad in (
        {"text": "hi", "speaker": "ann", "session_id": {}},
        {"text": "hi", "speaker": "ann", "colour": 1},
        {"text": "hi"},
        {"text": "hi", "speaker": "ann", "tier": "secret"},
    ):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(bad, schema)
        with pytest.raises(InvalidInput):
            validate_message(bad)
