"""Every Python block of docs/guides/langgraph.md and docs/guides/mcp.md runs as written from
the repository root, each in its own process, where the extra it needs is installed."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = {"langgraph.md": "langgraph", "mcp.md": "mcp"}
BLOCKS = [
    (page, module, code)
    for page, module in PAGES.items()
    for code in re.findall(r"```python\n(.*?)```", (ROOT / "docs" / "guides" / page).read_text("utf-8"), re.S)
]


@pytest.mark.parametrize(
    ("page", "module", "code"), BLOCKS, ids=[f"{p}-{i}" for i, (p, _, _) in enumerate(BLOCKS)]
)
def test_the_block_runs(page, module, code):
    if importlib.util.find_spec(module) is None:
        pytest.skip(f"{module} is not installed here")
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT, timeout=300
    )
    assert out.returncode == 0, out.stderr[-3000:]


def test_each_page_has_its_examples():
    assert {p for p, _, _ in BLOCKS} == set(PAGES)
