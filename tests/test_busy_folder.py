"""A data folder busy in another process is StoreLocked on every try (#42): opening walked the
folder's files (the privacy check) before taking the lock, and a file the other process
renamed or removed meanwhile (a WAL, a seal's temporary) was a raw FileNotFoundError."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from autogen_zettel import HashEmbedder, MemoryHub, StoreLocked

ROOT = Path(__file__).resolve().parents[1]

_HOLDER = r"""
import sys, time
from datetime import datetime
from autogen_zettel import HashEmbedder, MemoryHub
hub = MemoryHub.open(sys.argv[1], embedder=HashEmbedder())
print("ready", flush=True)
i = 0
end = time.monotonic() + float(sys.argv[2])
while time.monotonic() < end:
    # files come and go all the time: WALs, journal, shards closed and sealed (max_open_shards=1)
    for t in ("a", "b", "c"):
        hub.tenant(t).remember(f"Message number {i} about the harbour in Porto.", speaker="ann", message_id=f"m{i}")
    i += 1
hub.close()
"""


def test_every_open_of_a_busy_folder_is_store_locked(tmp_path):
    data = tmp_path / "data"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HF_HUB_OFFLINE": "1"}
    holder = subprocess.Popen(
        [sys.executable, "-c", _HOLDER, str(data), "12"], stdout=subprocess.PIPE, env=env, cwd=ROOT, text=True
    )
    try:
        assert holder.stdout.readline().strip() == "ready"
        outcomes: dict[str, int] = {}
        end = time.monotonic() + 8
        while time.monotonic() < end:
            try:
                MemoryHub.open(data, embedder=HashEmbedder()).close()
                kind = "opened"
            except StoreLocked:
                kind = "StoreLocked"
            except Exception as exc:  # noqa: BLE001 - what this test counts
                kind = type(exc).__name__
            outcomes[kind] = outcomes.get(kind, 0) + 1
        assert set(outcomes) == {"StoreLocked"}, outcomes
        assert outcomes["StoreLocked"] >= 20
    finally:
        holder.kill()
        holder.wait()
