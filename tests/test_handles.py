"""Tenants as cheap handles (#26): idle tenants close their files and reopen on use, so the
number of agents in a hub is bounded by disk, not by ``ulimit -n``."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from autogen_zettel import MemoryHub
from autogen_zettel.base.cards import Card, CardKind, Message
from autogen_zettel.base.config import MemoryConfig
from autogen_zettel.base.errors import InvalidInput, TooManyOpenFiles
from autogen_zettel.embed.embedders import HashEmbedder
from autogen_zettel.store.db import CardDB
from autogen_zettel.store.handles import (
    HandlePool,
    default_open_shards,
    default_open_tenants,
    too_many_open_files,
)

from .conftest import T0

ROOT = Path(__file__).resolve().parents[1]


def _open_files_under(folder: Path) -> int:
    out = 0
    for fd in os.listdir("/proc/self/fd"):
        try:
            if os.readlink(f"/proc/self/fd/{fd}").startswith(str(folder)):
                out += 1
        except OSError:
            pass
    return out


def _card(cid: str) -> Card:
    return Card(cid, f"card {cid} text", CardKind.FACT, "Ann", T0, (f"m-{cid}",))


def test_pool_releases_the_least_recently_used_idle_database(tmp_path):
    pool = HandlePool(2)
    dbs = [CardDB(tmp_path / f"t{i}.sqlite", pool=pool) for i in range(3)]
    for i, db in enumerate(dbs):
        db.insert_cards([_card(f"c{i}")])
    assert len(pool) == 2 and not dbs[0]._conn.is_open  # the first was least recently used
    assert dbs[0].get("c0").content == "card c0 text"  # reopened on use
    assert dbs[0]._conn.is_open and not dbs[1]._conn.is_open
    dbs[1].insert_cards([_card("c1b")])  # writes go to the reopened file too
    assert dbs[1].count() == 2 and dbs[1].get_meta("nothing") is None
    for db in dbs:
        db.close()
    with pytest.raises(InvalidInput):
        dbs[0].count()


def test_a_database_in_a_transaction_or_in_use_is_not_released(tmp_path):
    pool = HandlePool(1)
    busy = CardDB(tmp_path / "busy.sqlite", pool=pool)
    with busy.atomic():
        busy.insert_cards([_card("a")])
        other = CardDB(tmp_path / "other.sqlite", pool=pool)  # over the bound: busy stays open
        assert busy._conn.is_open and len(pool) == 2
        other.insert_cards([_card("b")])
    assert busy.get("a") is not None
    busy.close()
    other.close()


def test_a_release_drops_the_kept_cards(tmp_path):
    pool = HandlePool(1)
    db = CardDB(tmp_path / "a.sqlite", pool=pool)
    db.insert_cards([_card("a")])
    db.kept.get_many(["a"])
    assert "a" in db.kept
    other = CardDB(tmp_path / "b.sqlite", pool=pool)
    other.count()
    assert not db._conn.is_open and "a" not in db.kept  # a new connection's counters start over
    db.db.execute("update cards set content = 'changed' where id = 'a'")
    assert db.kept.get_many(["a"])["a"].content == "changed"
    db.close()
    other.close()


def test_a_hub_keeps_its_bound_of_open_files(tmp_path):
    cfg = MemoryConfig.model_validate({"hub": {"max_open_tenants": 3}, "vectors": {"max_open_shards": 3}})
    names = [f"agent-{i}" for i in range(12)]
    with MemoryHub.open(tmp_path, embedder=HashEmbedder(64), config=cfg) as hub:
        for i, name in enumerate(names):
            mem = hub.tenant(name)
            mem.remember_many([Message(f"{name} keeps {i} bees in Lisbon", name, "m1")])
            assert f"{name} keeps" in mem.recall("bees in Lisbon", k=2)[0].card.content
            hub.flush()
            # 3 tenants x (db, wal, shm, audit) + 3 shards' logs, the folder lock, a link scan
            assert _open_files_under(tmp_path) <= 3 * 4 + 3 + 4
        for name in names:  # every handle still works, reopening as it goes
            assert hub.tenant(name).stats()["cards"] == 1
        assert hub.open_files.released > 0
    with MemoryHub.open(tmp_path, embedder=HashEmbedder(64), config=cfg) as hub:
        assert _open_files_under(tmp_path) <= 2  # reopening a hub opens no tenant
        assert [
            n for n in names if f"{n} keeps" in hub.tenant(n).recall("bees", k=1)[0].card.content
        ] == names


def test_defaults_follow_the_open_file_limit():
    assert default_open_tenants(256) * 4 + default_open_shards(256) * 2 < 256 - 64
    assert default_open_tenants(10**6) == 256 and default_open_shards(10**6) == 128
    error = too_many_open_files(OSError(24, "Too many open files"), "the tenant database 'x'")
    assert isinstance(error, TooManyOpenFiles)
    assert (
        "ulimit -n" in str(error)
        and "hub.max_open_tenants" in str(error)
        and "vectors.max_open_shards" in str(error)
    )
    assert too_many_open_files(OSError(2, "No such file"), "x") is None


_MANY = """
import resource, sys
resource.setrlimit(resource.RLIMIT_NOFILE, (256, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))
from autogen_zettel import MemoryHub
from autogen_zettel.base.config import MemoryConfig
from autogen_zettel.base.errors import TooManyOpenFiles
from autogen_zettel.embed.embedders import HashEmbedder

folder, n = sys.argv[1], int(sys.argv[2])
with MemoryHub.open(folder, embedder=HashEmbedder(64)) as hub:
    for i in range(n):
        mem = hub.tenant(f"a{i}")
        mem.remember(f"agent {i} keeps bees in Lisbon", speaker=f"a{i}", message_id="m1")
        assert f"agent {i} " in mem.recall("bees Lisbon", k=3)[0].card.content
with MemoryHub.open(folder, embedder=HashEmbedder(64)) as hub:
    for i in range(n):
        assert f"agent {i} " in hub.tenant(f"a{i}").recall("bees Lisbon", k=3, touch=False)[0].card.content
print("ok", n)
# bounds set far above the limit: our error, not the engine's
cfg = MemoryConfig.model_validate({"hub": {"max_open_tenants": 5000}, "vectors": {"max_open_shards": 5000}})
try:
    with MemoryHub.open(folder, embedder=HashEmbedder(64), config=cfg) as hub:
        for i in range(n):
            hub.tenant(f"a{i}").recall("bees", k=1, touch=False)
except TooManyOpenFiles as exc:
    print("error:", exc)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_NOFILE and /proc as on Linux")
def test_300_tenants_under_ulimit_256(tmp_path):
    script = tmp_path / "many.py"
    script.write_text(textwrap.dedent(_MANY))
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HF_HUB_OFFLINE": "1"}
    done = subprocess.run(
        [sys.executable, str(script), str(tmp_path / "hub"), "310"],
        capture_output=True,
        text=True,
        env=env,
        timeout=900,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "ok 310" in done.stdout
    assert "error: cannot open" in done.stdout and "ulimit -n" in done.stdout, done.stdout[-2000:]
