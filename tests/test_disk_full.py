"""A full disk: a write that hits it raises DiskFull saying what was stored, a retry with the same
message ids stores each message once whatever its time, and the process is never killed by
SIGBUS in the vector engine's memory maps (#25 item 7). Real limits: a file-size limit in a child
process (SQLite then fails as on a full disk), and a small tmpfs where this runs as root."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

_CHILD = """
import resource, signal, sys
from autogen_zettel import HashEmbedder, MemoryHub
from autogen_zettel.base.cards import Message
from autogen_zettel.base.errors import DiskFull
from autogen_zettel.memory.tenant import tenant_parts

def batch(start, n):
    return [Message(f"Fact {i} about topic {i % 37} in place {i % 11}: " + "lorem ipsum dolor " * 20, "ann", f"m{i}")
            for i in range(start, start + n)]
"""


def _run(body: str, data: Path) -> subprocess.CompletedProcess:
    code = _CHILD + textwrap.dedent(body)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HF_HUB_OFFLINE": "1", "DATA": str(data)}
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)


def test_sqlite_hitting_the_limit_says_what_was_stored_and_a_retry_is_idempotent(tmp_path):
    r = _run(
        """
        import os
        hub = MemoryHub.open(os.environ["DATA"], embedder=HashEmbedder())
        mem = hub.tenant("ann")
        mem.remember_many(batch(0, 20))
        db = os.path.join(os.environ["DATA"], "tenants", "ann.sqlite")
        tenant_parts(mem).db.db.execute("pragma wal_checkpoint(truncate)")
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # writes past the limit fail with EFBIG instead
        limit = os.path.getsize(db) + 64 * 1024
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, resource.RLIM_INFINITY))
        try:
            mem.remember_many(batch(20, 400), batch=50)
            print("NO ERROR")
        except DiskFull as exc:
            print("DISKFULL", exc)
        resource.setrlimit(resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
        mem.remember_many(batch(0, 420), batch=50)  # the retry: same ids, no at=, a later clock time
        mem.remember_many(batch(0, 420))  # and once more
        per_message = {}
        for c in mem.cards():
            for m in c.source_ids:
                per_message[m] = per_message.get(m, 0) + 1
        print("MESSAGES", len(per_message), "MAX CARDS PER MESSAGE", max(per_message.values()))
        print("CARDS", len(mem.cards()), "INDEXED", mem.stats()["indexed"])
        hub.close()
    """,
        tmp_path / "data",
    )
    assert r.returncode == 0, r.stderr[-2000:]
    out = r.stdout
    assert "DISKFULL" in out and "messages were stored" in out and "retry with the same message ids" in out, (
        out
    )
    assert "MESSAGES 420 MAX CARDS PER MESSAGE 1" in out, out
    cards = int(out.split("\nCARDS ")[1].split()[0])
    assert f"INDEXED {cards}" in out


def _tmpfs(size: str):
    if os.geteuid() != 0 or not shutil.which("mount"):
        pytest.skip("needs root to mount a tmpfs")
    where = Path("/tmp") / f"zettel-full-{uuid.uuid4().hex[:8]}"
    where.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)]).returncode != 0:
        where.rmdir()
        pytest.skip("cannot mount a tmpfs here")
    return where


def test_a_nearly_full_disk_is_refused_before_the_engine_maps_it():
    where = _tmpfs("320m")
    try:
        r = _run(
            """
            import os, subprocess
            data = os.environ["DATA"]
            hub = MemoryHub.open(data, embedder=HashEmbedder())
            mem = hub.tenant("ann")
            mem.remember_many(batch(0, 50))
            st = os.statvfs(data)
            free = st.f_bavail * st.f_frsize
            filler = os.path.join(os.path.dirname(data), "filler")
            subprocess.run(["fallocate", "-l", str(free - 60 * 2**20), filler], check=True)
            for attempt in range(3):  # never SIGBUS: refused each time, nothing stored
                try:
                    mem.remember_many(batch(50, 50))
                    print("NO ERROR")
                except DiskFull as exc:
                    print("DISKFULL", "nothing was stored" in str(exc))
            print("CARDS", len(mem.cards()))
            os.unlink(filler)
            mem.remember_many(batch(50, 50))
            print("AFTER", len(mem.cards()))
            hub.close()
        """,
            where / "data",
        )
        assert r.returncode == 0, (r.returncode, r.stderr[-2000:])
        assert r.stdout.count("DISKFULL True") == 3, r.stdout
        cards = int(r.stdout.split("\nCARDS ")[1].split()[0])
        assert cards == 50 and "AFTER 100" in r.stdout, r.stdout
    finally:
        subprocess.run(["umount", str(where)])
        where.rmdir()
