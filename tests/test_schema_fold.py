"""The pre-release migrations (m002-m010) folded into one schema, m001 (#38): a new tenant gets
the tables, columns, indexes, triggers, meta keys and link_seq row it got before the fold.
``tests/data/schema_0_1_0.json`` was captured from a new tenant made by the ten migrations
(commit 5c6210e), before the fold, and recaptured from the eleven of branch f-affect (commit
0240278: m011_affect added cards.valence and cards.arousal, folded into m001 since 0.1.0 had not
shipped; the capture gained those two columns and nothing else). To recapture: open a hub on the
commit whose migrations define the schema and write
``json.dumps(schema_shape(tenant_path), indent=1, sort_keys=True, ensure_ascii=False)``."""

from __future__ import annotations

import copy
import json
from datetime import datetime, timedelta
from pathlib import Path

import pytest
import sqlite_utils

from autogen_zettel import CardKind, HashEmbedder, MemoryHub, StoreCorrupt
from autogen_zettel.people.tables import migrations as layer_migrations
from autogen_zettel.store.migrations import PRE_RELEASE_STEPS, migrations
from tests.schema_shape import schema_shape

ADDED_SINCE = ("layer_contexts",)
BEFORE = json.loads((Path(__file__).parent / "data" / "schema_0_1_0.json").read_text(encoding="utf-8"))


def _after_0_1_0(shape: dict) -> dict:
    """0.1.0's schema with what the migrations after it add: m003_link_strength's two columns
    on ``links`` and ``strength`` at the end of the index from ``dst``; the people package's
    m004_put_off column on ``layer_evidence``."""
    out = copy.deepcopy(shape)
    out["tables"]["layer_evidence"]["columns"] += [["put_off", "TEXT", 0, None, 0, 0]]
    out["tables"]["links"]["columns"] += [
        ["strength", "FLOAT", 0, None, 0, 0],
        ["strength_at", "TEXT", 0, None, 0, 0],
    ]
    out["indexes"]["links_dst_cover"].insert(6, [6, 7, "strength", 0, "BINARY", 1])
    return out


AFTER = _after_0_1_0(BEFORE)


def test_a_new_tenant_has_the_schema_the_ten_migrations_made(tmp_path):
    """... and what the migrations since 0.1.0 added (``_after_0_1_0``)."""
    with MemoryHub.open(tmp_path, embedder=HashEmbedder()) as hub:
        hub.tenant("ann")
    shape = schema_shape(tmp_path / "tenants" / "ann.sqlite")
    # the tables added since the capture (people's m003_contexts), each tested on its own
    for name in ADDED_SINCE:
        shape["tables"].pop(name)
    shape["objects"] = [o for o in shape["objects"] if o[1] not in ADDED_SINCE]
    assert shape["objects"] == AFTER["objects"]
    for table, want in AFTER["tables"].items():
        assert shape["tables"][table] == want, table
    assert shape == AFTER


def test_the_schema_is_one_migration_and_applies_once(tmp_path):
    db = sqlite_utils.Database(tmp_path / "t.sqlite")
    migrations.apply(db)
    migrations.apply(db)  # a second open changes nothing
    # m002_affect only upgrades a pre-release database: on a new one it finds its columns there
    assert [m.name for m in migrations.applied(db)] == ["m001_initial", "m002_affect", "m003_link_strength"]
    assert db.execute("select * from link_seq").fetchall() == [(0,)]


def test_the_shape_sees_a_changed_schema(tmp_path):
    """The comparison can fail: one column more is seen."""
    with MemoryHub.open(tmp_path, embedder=HashEmbedder()) as hub:
        hub.tenant("ann")
    path = tmp_path / "tenants" / "ann.sqlite"
    sqlite_utils.Database(path)["cards"].add_column("extra", str)
    assert schema_shape(path)["tables"]["cards"] != AFTER["tables"]["cards"]


T0 = datetime(2024, 5, 1, 9, 0)
_PRE_RELEASE = ["m001_initial", *PRE_RELEASE_STEPS]  # what the pre-release steps recorded


def _as_0_1_0_links(db: sqlite_utils.Database) -> None:
    """The links table and its index as 0.1.0 made them (before m003_link_strength)."""
    db.execute("drop index links_dst_cover")
    db.execute("alter table links drop column strength")
    db.execute("alter table links drop column strength_at")
    db.execute("create index links_dst_cover on links (dst, kind, src, weight, pair_first, seq)")


def _pre_release_tenant(tmp_path, steps):
    """A tenant as the pre-release steps left it: a card written, then the schema they made
    (m001's without the cards' affect columns) and their names recorded instead of today's."""
    with MemoryHub.open(tmp_path, embedder=HashEmbedder()) as hub:
        hub.tenant("ann").remember("I moved to Lisbon last spring.", speaker="Ann")
    path = tmp_path / "tenants" / "ann.sqlite"
    db = sqlite_utils.Database(path)
    db.execute("alter table cards drop column valence")
    db.execute("alter table cards drop column arousal")
    _as_0_1_0_links(db)
    db.execute("delete from _sqlite_migrations")
    for name in steps:
        db["_sqlite_migrations"].insert(
            {"migration_set": "autogen_zettel", "name": name, "applied_at": "2026-10-01"}
        )
    db.conn.commit()
    db.close()
    assert "valence" not in sqlite_utils.Database(path)["cards"].columns_dict
    return path


def test_a_pre_release_data_folder_gains_the_affect_columns_and_takes_writes(tmp_path):
    path = _pre_release_tenant(tmp_path, _PRE_RELEASE)
    with MemoryHub.open(tmp_path, embedder=HashEmbedder()) as hub:
        mem = hub.tenant("ann")
        old = mem.recall("Where did Ann move?")
        assert old and "Lisbon" in old[0].card.content
        assert old[0].card.valence == 0.0  # written before affect: neutral
        mem.remember("I love the tram rides here, they are wonderful!", speaker="Ann")
        assert len(mem.cards()) == 2
    shape = schema_shape(path)
    assert shape["tables"]["cards"] == BEFORE["tables"]["cards"]
    # and what came after 0.1.0
    assert shape["tables"]["links"] == AFTER["tables"]["links"]
    assert shape["indexes"]["links_dst_cover"] == AFTER["indexes"]["links_dst_cover"]
    names = [m.name for m in migrations.applied(sqlite_utils.Database(path))]
    assert names == [*_PRE_RELEASE, "m002_affect", "m003_link_strength"]


def test_a_folder_of_a_build_that_stopped_part_way_is_refused_with_the_way_out(tmp_path):
    path = _pre_release_tenant(tmp_path, _PRE_RELEASE[:6])
    with pytest.raises(StoreCorrupt) as caught:
        with MemoryHub.open(tmp_path, embedder=HashEmbedder()) as hub:
            hub.tenant("ann")
    assert str(path) in str(caught.value) and "m007_entity_order" in str(caught.value)
    assert "autogen-zettel export" in str(caught.value)
    # nothing stored was touched: the card is still there
    assert sqlite_utils.Database(path)["cards"].count == 1


def test_a_refused_folder_leaves_no_connection_open(tmp_path, monkeypatch):
    import sqlite3

    from autogen_zettel.store import db as store_db

    path = _pre_release_tenant(tmp_path, _PRE_RELEASE[:6])
    opened = []
    real = store_db.tenant_connection
    monkeypatch.setattr(store_db, "tenant_connection", lambda p: opened.append(real(p)) or opened[-1])
    with pytest.raises(StoreCorrupt):
        store_db.CardDB(path)
    assert opened
    for conn in opened:
        with pytest.raises(sqlite3.ProgrammingError, match="closed"):
            conn.execute("select 1")


def test_a_folder_from_before_the_layers_owned_their_schema_keeps_its_rows_and_gets_plan_cards(tmp_path):
    """Before the person layers owned their tables, the store's m001 made them and plan cards
    were stored under the layer's word: such a folder keeps its layer rows as they are, and its
    cards read as plans."""
    with MemoryHub.open(tmp_path, embedder=HashEmbedder()) as hub:
        mem = hub.tenant("ann")
        mem.remember("I will send Bo the budget by Friday.", speaker="Ann")
        before = [(c.owner, c.what) for c in mem.commitments()]
        plan_ids = [c.id for c in mem.cards() if c.kind is CardKind.PLAN]
    assert before and plan_ids
    path = tmp_path / "tenants" / "ann.sqlite"
    db = sqlite_utils.Database(path)
    db.execute("update cards set kind = 'commitment' where kind = 'plan'")
    db.execute("delete from _sqlite_migrations where migration_set = 'autogen_zettel.people'")
    db.conn.commit()
    db.close()
    with MemoryHub.open(tmp_path, embedder=HashEmbedder()) as hub:
        mem = hub.tenant("ann")
        assert [(c.owner, c.what) for c in mem.commitments()] == before
        assert [c.kind for c in mem.cards() if c.id in plan_ids] == [CardKind.PLAN] * len(plan_ids)
        # the old name still finds them (a script or a habit of the CLI's --kind)
        assert (
            [c.id for c in mem.find(kind="commitment")] == [c.id for c in mem.find(kind="plan")] == plan_ids
        )
    db = sqlite_utils.Database(path)
    assert [m.name for m in layer_migrations.applied(db)] == [
        "m001_layers",
        "m002_plan_cards",
        "m003_contexts",
        "m004_put_off",
    ]
    assert db.execute("select count(*) from cards where kind = 'commitment'").fetchone() == (0,)


def test_a_new_tenant_gets_the_layer_tables_from_the_people_package(tmp_path):
    db = sqlite_utils.Database(tmp_path / "t.sqlite")
    migrations.apply(db)
    assert not db["layer_evidence"].exists()  # the store's schema has no person layer
    layer_migrations.apply(db)
    assert {"layer_evidence", "layer_facts", "layer_preferences", "layer_commitments"} <= set(
        db.table_names()
    )


def test_a_0_1_0_data_folder_gains_link_strength_and_recalls_as_before(tmp_path):
    """A folder 0.1.0 wrote (m001 and m002 recorded, links without ``strength``) is brought up
    by m003_link_strength: its links read as before (nothing learned), then learn from use."""
    with MemoryHub.open(tmp_path, embedder=HashEmbedder()) as hub:
        mem = hub.tenant("ann")
        for i, text in enumerate(
            ["I paint landscapes at the lake.", "Did you paint that at dawn?", "Yes, dawn light on the lake."]
        ):
            mem.remember(text, speaker="Ann" if i != 1 else "Bob", session_id="s1")
        mem.flush()
        before = [
            (h.card.id, h.score, h.layer, h.via)
            for h in mem.recall("What does Ann paint?", touch=False, at=T0 + timedelta(days=1))
        ]
    path = tmp_path / "tenants" / "ann.sqlite"
    db = sqlite_utils.Database(path)
    _as_0_1_0_links(db)
    db.execute("delete from _sqlite_migrations where name = 'm003_link_strength'")
    db.conn.commit()
    db.close()
    assert "strength" not in sqlite_utils.Database(path)["links"].columns_dict
    with MemoryHub.open(tmp_path, embedder=HashEmbedder()) as hub:
        mem = hub.tenant("ann")
        hits = mem.recall("What does Ann paint?", touch=False, at=T0 + timedelta(days=1))
        assert [(h.card.id, h.score, h.layer, h.via) for h in hits] == before
        assert all(link["learned"] is None for link in mem.export()["links"])
        reached = [h for h in hits if h.layer == "associative"]
        assert reached and mem.used(hits, [reached[0]], at=T0 + timedelta(days=1)) == 1
    shape = schema_shape(path)
    assert shape["tables"]["links"] == AFTER["tables"]["links"]
    assert shape["indexes"]["links_dst_cover"] == AFTER["indexes"]["links_dst_cover"]
