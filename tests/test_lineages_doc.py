"""Every Python block of docs/lineages.md runs as written from the repository root (each in its own
process), where the frameworks it uses are installed."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BLOCKS = re.findall(r"```python\n(.*?)```", (ROOT / "docs" / "lineages.md").read_text(encoding="utf-8"), re.S)
FRAMEWORKS = ("agent_framework", "agent_framework_orchestrations", "ag2")


@pytest.mark.parametrize("code", BLOCKS, ids=[f"block{n}" for n in range(len(BLOCKS))])
def test_the_block_runs(code):
    for module in FRAMEWORKS:
        if re.search(rf"^\s*(from|import) {module}\b", code, re.M) and importlib.util.find_spec(module) is None:
            pytest.skip(f"{module} is not installed here")
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]


def test_the_page_has_its_examples():
    assert len(BLOCKS) >= 4
