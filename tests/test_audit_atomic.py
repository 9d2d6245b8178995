"""Forget, merge and the audit log are one step (#13 items 1 and 6): a kill between the
deletion and the audit write can never leave content gone with no entry, and the chain is
keyed and anchored in the tenant database, so a rewritten, emptied or deleted log is detected."""

from __future__ import annotations

import sqlite3

import pytest

from autogen_zettel import HashEmbedder, MemoryHub, SimulatedClock
from autogen_zettel.store.audit import AuditLog
from tests.conftest import T0
from tests.crashkit import run_child


def _open(data):
    return MemoryHub.open(data, embedder=HashEmbedder(), clock=SimulatedClock(T0))


def test_kill_right_after_the_forget_purge_leaves_the_audit_entry(tmp_path):
    data = tmp_path / "data"
    r = run_child(
        """
        from autogen_zettel.store.audit import AuditLog
        hub = open_hub(DATA)
        mem = hub.tenant("ann")
        mem.remember("Bob moved to Porto last spring.", speaker="ann", message_id="m1")
        mem.remember("I like green tea in the morning.", speaker="ann", message_id="m2")
        AuditLog.append = die
        AuditLog.write = die
        mem.forget(subject="Bob")
        print("survived")
    """,
        data,
    )
    assert r.returncode == 137, r.stderr
    with _open(data) as hub:
        mem = hub.tenant("ann")
        assert all("Bob" not in c.content for c in mem.cards())
        entries = mem.audit.entries()
        assert [e.action for e in entries] == ["forget_subject"] or [e.action for e in entries] == ["forget"]
        assert mem.audit.verify().ok


def test_kill_mid_merge_leaves_the_merge_audited(tmp_path):
    data = tmp_path / "data"
    r = run_child(
        """
        from autogen_zettel.store.audit import AuditLog
        hub = open_hub(DATA)
        mem = hub.tenant("ann")
        for i in range(4):
            mem.remember("I really love hiking in the Alps every summer.", speaker="ann", message_id=f"m{i}",
                         at=T0 + timedelta(minutes=i))
        n = len(mem.cards())
        AuditLog.append = die
        AuditLog.write = die
        rep = mem.maintain(steps=["merge"])
        print("no merge", n, rep.merged)
    """,
        data,
    )
    assert r.returncode == 137, r.stdout + r.stderr
    with _open(data) as hub:
        mem = hub.tenant("ann")
        assert len(mem.cards()) == 1
        assert [e.action for e in mem.audit.entries()] == ["merge"]
        assert mem.audit.verify().ok


@pytest.fixture
def audited(tmp_path):
    data = tmp_path / "data"
    with _open(data) as hub:
        mem = hub.tenant("ann")
        for i, t in enumerate(["Bob moved to Porto.", "I like figs.", "Carl plays chess."]):
            mem.remember(t, speaker="ann", message_id=f"m{i}")
        mem.forget(subject="Bob")
        mem.forget(subject="Carl")
        assert mem.audit.verify().ok
    return data


def test_editing_and_recomputing_the_chain_is_detected(audited):
    from autogen_zettel.store.audit import _entry_hash

    con = sqlite3.connect(audited / "audit" / "ann.sqlite")
    con.executescript("drop trigger audit_no_update;")
    prev = "0" * 64
    for seq, at, action, detail in con.execute(
        "select seq, at, action, detail from audit order by seq"
    ).fetchall():
        detail = detail.replace("forget", "nothing")
        h = _entry_hash(seq, at, action, detail, prev)
        con.execute(
            "update audit set detail = ?, prev_hash = ?, hash = ?, v = 1 where seq = ?",
            (detail, prev, h, seq),
        )
        prev = h
    con.commit()
    con.close()
    with _open(audited) as hub:
        report = hub.tenant("ann").audit.verify()
    assert not report.ok, report


def test_deleting_every_row_is_detected(audited):
    con = sqlite3.connect(audited / "audit" / "ann.sqlite")
    con.executescript("drop trigger audit_no_delete; delete from audit;")
    con.close()
    with _open(audited) as hub:
        report = hub.tenant("ann").audit.verify()
    assert not report.ok and any("missing" in p for p in report.problems), report


def test_deleting_the_audit_file_is_detected(audited):
    (audited / "audit" / "ann.sqlite").unlink()
    with _open(audited) as hub:
        report = hub.tenant("ann").audit.verify()
    assert not report.ok, report


def test_cli_audit_verify_sees_a_deleted_log(audited, tmp_path):
    from click.testing import CliRunner

    from autogen_zettel.cli.main import main

    cfg = tmp_path / "cfg.yaml"
    cfg.write_text("embedding:\n  model: hash-128\n")
    (audited / "audit" / "ann.sqlite").unlink()
    r = CliRunner().invoke(main, ["--data-dir", str(audited), "--config", str(cfg), "audit", "verify", "ann"])
    assert r.exit_code != 0, r.output


def test_an_old_unkeyed_log_stays_readable_and_is_adopted(tmp_path):
    data = tmp_path / "data"
    with _open(data) as hub:
        hub.tenant("ann").remember(
            "I really like fresh figs from the market.", speaker="ann", message_id="m1"
        )
    # a log written by the previous version: plain SHA-256 entries, no anchor in the tenant database
    (data / "audit").mkdir(exist_ok=True)
    old = AuditLog(data / "audit" / "ann.sqlite")
    old.append("forget", {"card_ids": ["x"]})
    old.append("edit", {"card_id": "y"})
    old.close()
    con = sqlite3.connect(data / "tenants" / "ann.sqlite")
    con.execute("delete from meta where key like 'audit_%'")
    con.commit()
    con.close()
    with _open(data) as hub:
        mem = hub.tenant("ann")
        assert mem.audit.verify().ok and mem.audit.verify().entries == 2
        mem.forget(mem.cards()[0].id)
        report = mem.audit.verify()
        assert report.ok and report.entries == 3, report


def test_dropping_a_tenant_a_crash_left_unaudited_keeps_its_entry(tmp_path):
    data = tmp_path / "data"
    r = run_child(
        """
        from autogen_zettel.store.audit import AuditLog
        hub = open_hub(DATA)
        mem = hub.tenant("ann")
        mem.remember("Bob moved to Porto last spring.", speaker="ann", message_id="m1")
        AuditLog.write = die
        mem.forget(subject="Bob")
    """,
        data,
    )
    assert r.returncode == 137, r.stderr
    with _open(data) as hub:
        hub.drop_tenant("ann")  # never opened in this hub
        actions = [e.action for e in hub.audit_log("ann").entries()]
        assert actions == ["forget_subject", "drop_tenant"], actions
        assert hub.verify_audit("ann").ok
