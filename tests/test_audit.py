"""The audit log is append-only and hash-chained: it verifies, and tampering is detected."""

from __future__ import annotations

import sqlite3
from datetime import timedelta

import pytest
from click.testing import CliRunner

from autogen_zettel.cli.main import main
from autogen_zettel.store.audit import GENESIS, AuditLog, content_digest

from .conftest import T0


def _log(tmp_path, n=4):
    log = AuditLog(tmp_path / "audit" / "alice.sqlite")
    for i in range(n):
        log.append(
            "forget",
            {"card_ids": [f"c{i}"], "content_sha256": [content_digest(f"secret {i}")]},
            at=T0 + timedelta(days=i),
        )
    return log


def test_chain_verifies_and_links_each_entry_to_the_previous(tmp_path):
    log = _log(tmp_path)
    entries = log.entries()
    assert [e.seq for e in entries] == [1, 2, 3, 4]
    assert entries[0].prev_hash == GENESIS
    assert all(b.prev_hash == a.hash for a, b in zip(entries, entries[1:]))
    report = log.verify()
    assert report.ok and report.entries == 4 and report.head == entries[-1].hash
    assert b"secret 0" not in (tmp_path / "audit" / "alice.sqlite").read_bytes()


def test_the_table_refuses_updates_and_deletes(tmp_path):
    log = _log(tmp_path)
    log.close()
    con = sqlite3.connect(tmp_path / "audit" / "alice.sqlite")
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        con.execute("update audit set action = 'nothing' where seq = 2")
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        con.execute("delete from audit where seq = 2")
    con.close()


@pytest.mark.parametrize(
    "tamper, problem",
    [
        (
            'update audit set detail = \'{"card_ids":["other"]}\' where seq = 2',
            "entry 2 (forget) was changed",
        ),
        ("update audit set at = '2020-01-01T00:00:00' where seq = 3", "entry 3 (forget) was changed"),
        ("delete from audit where seq = 2", "entry 2 is missing"),
    ],
)
def test_editing_one_row_is_detected(tmp_path, tamper, problem):
    log = _log(tmp_path)
    log.close()
    con = sqlite3.connect(tmp_path / "audit" / "alice.sqlite")
    con.executescript("drop trigger audit_no_update; drop trigger audit_no_delete;")  # an attacker would
    con.execute(tamper)
    con.commit()
    con.close()
    report = AuditLog(tmp_path / "audit" / "alice.sqlite").verify()
    assert not report.ok
    assert any(problem in p for p in report.problems), report.problems


def test_rehashing_one_entry_still_breaks_the_next_link(tmp_path):
    from autogen_zettel.store.audit import _entry_hash

    log = _log(tmp_path)
    log.close()
    con = sqlite3.connect(tmp_path / "audit" / "alice.sqlite")
    con.executescript("drop trigger audit_no_update;")
    seq, at, action, _, prev = con.execute(
        "select seq, at, action, detail, prev_hash from audit where seq = 2"
    ).fetchone()
    forged = '{"card_ids":["other"]}'
    con.execute(
        "update audit set detail = ?, hash = ? where seq = 2",
        (forged, _entry_hash(seq, at, action, forged, prev)),
    )
    con.commit()
    con.close()
    report = AuditLog(tmp_path / "audit" / "alice.sqlite").verify()
    assert not report.ok and any("entry 3 does not point" in p for p in report.problems)


def test_cli_audit_verify_reports_tampering(tmp_path):
    cfg = tmp_path / "cfg.yaml"
    cfg.write_text("embedding:\n  model: hash-128\n")
    run = lambda *a: CliRunner().invoke(
        main, ["--data-dir", str(tmp_path / "data"), "--config", str(cfg), *a]
    )  # noqa: E731
    chat = tmp_path / "chat.jsonl"
    chat.write_text(
        '{"text": "Bob lent me his canoe for the trip.", "speaker": "Ann", "id": "m1"}\n'
        '{"text": "I bake sourdough bread every Sunday.", "speaker": "Ann", "id": "m2"}\n'
    )
    assert run("ingest", "ann", str(chat)).exit_code == 0
    r = run("forget", "ann", "--subject", "Bob", "--yes")
    assert r.exit_code == 0 and "forgot 1 card," in r.output, r.output
    r = run("audit", "verify", "ann")
    assert r.exit_code == 0 and "1 entries, chain intact" in r.output
    assert "forget_subject" in run("audit", "show", "ann").output
    con = sqlite3.connect(tmp_path / "data" / "audit" / "ann.sqlite")
    con.executescript("drop trigger audit_no_update; update audit set action = 'nothing';")
    con.close()
    r = run("audit", "verify", "ann")
    assert r.exit_code == 1 and "entry 1" in r.output and "tampered" in r.output
