"""Every Python block of docs/guides/lineages.md runs as written from the repository root (each in its own
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
BLOCKS = re.findall(
    r"```python\n(.*?)```", (ROOT / "docs" / "guides" / "lineages.md").read_text(encoding="utf-8"), re.S
)
# a block needs a framework when it imports it, or an adapter of it
FRAMEWORKS = {
    "agent_framework": "ZettelContextProvider",
    "agent_framework_orchestrations": None,
    "ag2": "ZettelAssemblyPolicy",
    "autogen_core": "ZettelAgentChatMemory",
}


@pytest.mark.parametrize("code", BLOCKS, ids=[f"block{n}" for n in range(len(BLOCKS))])
def test_the_block_runs(code):
    for module, adapter in FRAMEWORKS.items():
        needed = re.search(rf"^\s*(from|import) {module}\b", code, re.M) or (adapter and adapter in code)
        if needed and importlib.util.find_spec(module) is None:
            pytest.skip(f"{module} is not installed here")
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT, timeout=300
    )
    assert out.returncode == 0, out.stderr[-3000:]


def test_the_page_has_its_examples():
    assert len(BLOCKS) >= 4
