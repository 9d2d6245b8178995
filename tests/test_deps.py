"""CI's dependency check (scripts/check_deps.py, deptry) passes on the tree and names a package
the tests import but the dev extra lacks: hypothesis was one, and CI passed only because it
happened to be installed."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _check_deps():
    spec = importlib.util.spec_from_file_location("check_deps", ROOT / "scripts" / "check_deps.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_requirements_come_from_setup_cfg():
    runtime, dev = _check_deps().requirements()
    assert any(r.startswith("pyautogen") for r in runtime) and any(
        r.startswith("autogen-core") for r in runtime
    )
    assert any(r.startswith("hypothesis") for r in dev) and not any(
        r.startswith("hypothesis") for r in runtime
    )


def test_a_test_import_missing_from_the_dev_extra_is_named(tmp_path):
    runtime, dev = _check_deps().requirements()
    req = tmp_path / "requirements.txt"
    req.write_text("\n".join(runtime + [r for r in dev if not r.startswith("hypothesis")]) + "\n")
    out = tmp_path / "issues.json"
    # --exclude replaces deptry's default one, which skips every folder named tests
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "deptry",
            "--config",
            str(ROOT / "pyproject.toml"),
            "tests",
            "-rf",
            str(req),
            "--exclude",
            r"(\.venvs|build|\.git)/",
            "--ignore",
            "DEP002",
            "-o",
            str(out),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1, done.stdout + done.stderr
    issues = json.loads(out.read_text())
    # DEP001 where it is not installed, DEP003 (undeclared, there only as another's dependency) where it is
    assert issues and {(i["module"], i["error"]["code"] in ("DEP001", "DEP003")) for i in issues} == {
        ("hypothesis", True)
    }
