"""Every Python block of docs/layers.md runs as written (each with fresh globals)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

PAGE = Path(__file__).resolve().parents[1] / "docs/concepts/layers.md"
BLOCKS = re.findall(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.DOTALL)


def test_the_page_has_an_english_and_a_chinese_example_per_layer():
    assert len(BLOCKS) >= 6
    han = [b for b in BLOCKS if re.search(r"[\u4e00-\u9fff]", b)]
    assert len(han) >= 3


@pytest.mark.parametrize("n", range(len(BLOCKS)))
def test_block_runs(n, capsys):
    exec(compile(BLOCKS[n], f"docs/layers.md block {n}", "exec"), {"__name__": f"layers_doc_{n}"})  # noqa: S102 - the page's own code
