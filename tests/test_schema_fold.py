"""The pre-release migrations (m002-m010) folded into one schema, m001 (#38): a new tenant gets
the tables, columns, indexes, triggers, meta keys and link_seq row it got before the fold.
``tests/data/schema_0_1_0.json`` was captured from a new tenant made by the ten migrations
(commit 5c6210e), before the fold, and recaptured from the eleven of branch f-affect (commit
0240278: m011_affect added cards.valence and cards.arousal, folded into m001 since 0.1.0 had not
shipped; the capture gained those two columns and nothing else). To recapture: open a hub on the
commit whose migrations define the schema and write
``json.dumps(schema_shape(tenant_path), indent=1, sort_keys=True, ensure_ascii=False)``."""

from __future__ import annotations

import json
from pathlib import Path

import sqlite_utils

from autogen_zettel import HashEmbedder, MemoryHub
from autogen_zettel.store.migrations import migrations
from tests.schema_shape import schema_shape

BEFORE = json.loads((Path(__file__).parent / "data" / "schema_0_1_0.json").read_text(encoding="utf-8"))


def test_a_new_tenant_has_the_schema_the_ten_migrations_made(tmp_path):
    with MemoryHub.open(tmp_path, embedder=HashEmbedder()) as hub:
        hub.tenant("ann")
    shape = schema_shape(tmp_path / "tenants" / "ann.sqlite")
    assert shape["objects"] == BEFORE["objects"]
    for table, want in BEFORE["tables"].items():
        assert shape["tables"][table] == want, table
    assert shape == BEFORE


def test_the_schema_is_one_migration_and_applies_once(tmp_path):
    db = sqlite_utils.Database(tmp_path / "t.sqlite")
    migrations.apply(db)
    migrations.apply(db)  # a second open changes nothing
    assert [m.name for m in migrations.applied(db)] == ["m001_initial"]
    assert db.execute("select * from link_seq").fetchall() == [(0,)]


def test_the_shape_sees_a_changed_schema(tmp_path):
    """The comparison can fail: one column more is seen."""
    with MemoryHub.open(tmp_path, embedder=HashEmbedder()) as hub:
        hub.tenant("ann")
    path = tmp_path / "tenants" / "ann.sqlite"
    sqlite_utils.Database(path)["cards"].add_column("extra", str)
    assert schema_shape(path)["tables"]["cards"] != BEFORE["tables"]["cards"]
