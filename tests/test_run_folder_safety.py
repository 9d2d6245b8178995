"""A scenario's name is a folder name, never a path, and --overwrite only clears a folder this
program created (its marker file), never one that merely holds a metrics.json (#25 item 3)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from autogen_zettel import HashEmbedder
from autogen_zettel.base.errors import ConfigError, InvalidInput
from autogen_zettel.memory.hub import validate_tenant_name
from autogen_zettel.research.simulate import run_scenario
from tests.test_simulate import small

RUN_MARKER = ".autogen-zettel-run"  # the name is part of the promise: users may see it


@pytest.mark.parametrize(
    "name",
    [
        "../../..",
        "../x",
        "/tmp/elsewhere",
        "a/b",
        "..",
        ".hidden",
        "x\ny",
        "x\x1b[2J",
        "C:\\\\x",
        "a" * 65,
        "sp aced",
        "r\u202egnp",
    ],
)
def test_a_scenario_name_that_is_a_path_is_refused(tmp_path, name):
    with pytest.raises(ConfigError, match="cannot name the run folder"):
        run_scenario(small(tmp_path, name=name), tmp_path / "out", embedder=HashEmbedder())
    assert not (tmp_path / "out").exists()


def test_the_cli_refuses_a_path_name_before_touching_anything(tmp_path, monkeypatch):
    from click.testing import CliRunner

    from autogen_zettel.cli.main import main

    victim = tmp_path / "victim"
    (victim / "memory").mkdir(parents=True)
    (victim / "metrics.json").write_text("{}")
    (victim / "memory" / "precious.db").write_text("data")
    path = small(tmp_path, name=str(victim))
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["simulate", str(path), "--overwrite"])
    assert result.exit_code != 0 and "cannot name the run folder" in result.output
    assert (victim / "memory" / "precious.db").read_text() == "data"


def test_overwrite_needs_our_marker_not_a_metrics_file(tmp_path):
    path = small(tmp_path)
    lookalike = tmp_path / "lookalike"
    (lookalike / "memory").mkdir(parents=True)
    (lookalike / "metrics.json").write_text("{}")
    (lookalike / "transcript.jsonl").write_text("")
    (lookalike / "memory" / "precious.db").write_text("data")
    with pytest.raises(InvalidInput, match=RUN_MARKER):
        run_scenario(path, lookalike, embedder=HashEmbedder(), overwrite=True)
    assert (lookalike / "memory" / "precious.db").read_text() == "data"
    # a folder this program made carries the marker, and is replaced
    out = tmp_path / "run"
    run_scenario(path, out, embedder=HashEmbedder())
    assert (out / RUN_MARKER).is_file()
    (out / "memory" / "stale.txt").write_text("old")
    run_scenario(path, out, embedder=HashEmbedder(), overwrite=True)
    assert not (out / "memory" / "stale.txt").exists() and (out / "metrics.json").exists()


def test_examples_keep_valid_names():
    examples = sorted((Path(__file__).resolve().parent.parent / "examples" / "scenarios").glob("*.yaml"))
    assert examples
    for f in examples:
        name = yaml.safe_load(f.read_text())["name"]
        assert validate_tenant_name(name) == name
