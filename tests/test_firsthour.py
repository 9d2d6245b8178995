"""What a new user meets in the first hour: --help and --version, one-line errors, readable
tables and honest counts (issue #21)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from autogen_zettel import __version__


def test_help_loads_no_store_and_version_prints():
    # --help needs click and the command tree only; the store, Qdrant and numpy load on a command
    code = ("import sys, autogen_zettel.cli.main; print(sorted(m for m in ('qdrant_client', 'qdrant_edge', "
            "'numpy', 'sqlite_utils', 'networkx', 'torch', 'autogen') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
    from click.testing import CliRunner

    from autogen_zettel.cli.main import main

    r = CliRunner().invoke(main, ["--version"])
    assert r.exit_code == 0 and r.output.strip() == f"autogen-zettel {__version__}"
