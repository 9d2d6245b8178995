"""Every Python block in README.md and in the documentation pages (docs/**/*.md) runs as
written (each in a fresh folder, with the repository's agents/, configs/ and examples/ beside
it), on the default embedded stack."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# pages whose blocks a test of their own runs (it names the page) are left to that test
_OWN = "\n".join(
    t.read_text(encoding="utf-8") for t in (ROOT / "tests").glob("test_*.py") if t.name != "test_readme.py"
)
PAGES = [
    ROOT / "README.md",
    *(
        p
        for p in sorted((ROOT / "docs").rglob("*.md"))
        if "/".join(p.relative_to(ROOT).parts[1:]) not in _OWN
    ),
]
# a block inside a list item is indented as the item is: run it dedented, as a reader would
BLOCKS = [
    textwrap.dedent(block)
    for page in PAGES
    for block in re.findall(r"```python\n(.*?)```", page.read_text(encoding="utf-8"), re.S)
]

_RUNNER = r"""
import os, sys, json
blocks = json.loads(sys.stdin.read())
root = sys.argv[1]
for n, (folder, code) in enumerate(blocks):
    os.chdir(folder)
    exec(compile(code, f"README.md block {n}", "exec"), {"__name__": f"readme_block_{n}"})
    print(f"block {n} ok")
"""


@pytest.mark.integration
def test_every_python_block_in_the_readme_runs(tmp_path):
    import json

    assert len(BLOCKS) >= 4
    folders = []
    for n in range(len(BLOCKS)):
        folder = tmp_path / f"block{n}"
        folder.mkdir()
        for name in ("agents", "configs", "examples"):
            (folder / name).symlink_to(ROOT / name)
        folders.append(str(folder))
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        [sys.executable, "-c", _RUNNER, str(ROOT)],
        input=json.dumps(list(zip(folders, BLOCKS))),
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-4000:]
    assert out.stdout.count(" ok") == len(BLOCKS)
