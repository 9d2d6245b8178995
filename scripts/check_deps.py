"""CI's dependency check: every import is declared, every declared package is used.

deptry reads PEP 621, Poetry, PDM, uv or requirements files, not setup.cfg, so this reads
setup.cfg's ``install_requires`` and extras (configparser) into two requirements files and runs
deptry twice, with the rest of its configuration in pyproject.toml ([tool.deptry]):

1. the package, examples and scripts against what a user installs (install_requires and the
   user extras): an undeclared import fails (DEP001), as does a dev-only package imported
   there (DEP004) and a declared package nobody imports (DEP002);
2. tests/ and benchmarks/ against that plus the ``dev`` extra: a test importing a package the
   dev extra lacks (hypothesis, once) fails with DEP001.

Usage: python scripts/check_deps.py   (exit code 0 when clean)
"""

from __future__ import annotations

import configparser
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEV_EXTRAS = ("dev",)


def _lines(value: str) -> list[str]:
    return [x.strip() for x in value.splitlines() if x.strip() and not x.strip().startswith("#")]


def requirements() -> tuple[list[str], list[str]]:
    """(what a user installs: install_requires and the user extras, the dev extra)."""
    cfg = configparser.ConfigParser()
    cfg.read(ROOT / "setup.cfg", encoding="utf-8")
    runtime = _lines(cfg["options"]["install_requires"])
    dev: list[str] = []
    for extra, value in cfg["options.extras_require"].items():
        (dev if extra in DEV_EXTRAS else runtime).extend(_lines(value))
    return runtime, dev


def main() -> int:
    runtime, dev = requirements()
    with tempfile.TemporaryDirectory() as tmp:
        req, req_dev = Path(tmp) / "requirements.txt", Path(tmp) / "requirements-dev.txt"
        req.write_text("\n".join(runtime) + "\n", encoding="utf-8")
        req_dev.write_text("\n".join(dev) + "\n", encoding="utf-8")
        deptry = [sys.executable, "-m", "deptry", "--config", str(ROOT / "pyproject.toml")]
        print("== deptry: the package, examples and scripts against install_requires and the user extras")
        first = subprocess.run(
            [*deptry, "autogen_zettel", "examples", "scripts", "-rf", str(req), "-rfd", str(req_dev)],
            cwd=ROOT,
            check=False,
        ).returncode
        print("== deptry: tests and benchmarks against those and the dev extra")
        # every package is "runtime" here; unused ones were checked above
        second = subprocess.run(
            [
                *deptry,
                "tests",
                "benchmarks",
                "-rf",
                f"{req},{req_dev}",
                "--exclude",
                r"(\.venvs|build|\.git)/",
                "--ignore",
                "DEP002",
            ],
            cwd=ROOT,
            check=False,
        ).returncode
    return 1 if first or second else 0


if __name__ == "__main__":
    sys.exit(main())
