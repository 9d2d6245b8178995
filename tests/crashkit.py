"""Run a snippet in a child process that may kill itself (``os._exit(137)``) mid-write, so
tests see what a kill -9 leaves on disk. The child gets this worktree first on its path."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PRELUDE = """
import os, sys
from datetime import datetime, timedelta
from autogen_zettel import HashEmbedder, MemoryHub, SimulatedClock
T0 = datetime(2024, 3, 1, 9, 0)
def open_hub(data):
    return MemoryHub.open(data, embedder=HashEmbedder(), clock=SimulatedClock(T0))
def die(*a, **k):
    os._exit(137)
"""


def run_child(code: str, data: Path, *, timeout: float = 120) -> subprocess.CompletedProcess:
    """Run ``code`` (after :data:`PRELUDE`, with ``DATA`` the data folder) in a fresh interpreter."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}
    src = PRELUDE + f"\nDATA = {str(data)!r}\n" + textwrap.dedent(code)
    return subprocess.run(
        [sys.executable, "-c", src], env=env, capture_output=True, text=True, timeout=timeout
    )
