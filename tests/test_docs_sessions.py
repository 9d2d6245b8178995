"""Every Python block in docs/sessions.md runs as written, each in a fresh folder (#23)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[1] / "docs/concepts/sessions.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def test_the_page_has_its_examples():
    assert len(BLOCKS) >= 4


@pytest.mark.parametrize("n", range(len(BLOCKS)))
def test_every_python_block_runs(n, tmp_path, capsys):
    here = os.getcwd()
    os.chdir(tmp_path)
    try:
        exec(compile(BLOCKS[n], f"docs/sessions.md block {n}", "exec"), {"__name__": f"sessions_block_{n}"})
    finally:
        os.chdir(here)
    if "# preferences |" in BLOCKS[n]:  # the block shows its output: it must be what it prints
        shown = [ln[2:] for ln in BLOCKS[n].splitlines() if ln.startswith("# ") and " | " in ln]
        assert capsys.readouterr().out.splitlines() == shown
