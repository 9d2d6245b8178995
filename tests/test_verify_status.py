"""`autogen-zettel verify` follows fsck's exit statuses (#42): 0 when nothing was wrong, 1 when
damage was found and repaired (opening the tenant reconciled its index with SQLite), 4 when
damage is left (the fix is printed); a run over several tenants ORs them."""

from __future__ import annotations

import json

from autogen_zettel import MemoryHub
from autogen_zettel.base.config import config_from_dict
from autogen_zettel.memory.tenant import tenant_parts
from autogen_zettel.memory.verify import verify_tenant


def _ingest(run, tmp_path, tenant="ann"):
    chat = tmp_path / f"{tenant}.jsonl"
    lines = ["I moved to Porto in May.", "Bob plays the cello on Sundays.", "Ana keeps bees in the Douro."]
    chat.write_text(
        "".join(json.dumps({"text": t, "speaker": tenant}) + "\n" for t in lines), encoding="utf-8"
    )
    assert run("ingest", tenant, str(chat)).exit_code == 0


def _lose_points(tmp_path, tenant="ann", n=2):
    cfg = config_from_dict({"embedding": {"model": "hash-128"}})
    with MemoryHub.open(tmp_path / "data", config=cfg) as hub:
        mem = hub.tenant(tenant)
        hub.vectors.delete(tenant, sorted(tenant_parts(mem).db.searchable_ids())[:n])  # behind SQLite's back


def test_clean_is_0_repaired_is_1(run, tmp_path):
    _ingest(run, tmp_path)
    clean = run("verify", "ann")
    assert clean.exit_code == 0 and "ann: ok" in clean.output, clean.output
    _lose_points(tmp_path)
    repaired = run("verify", "ann")
    assert repaired.exit_code == 1, repaired.output
    assert "repaired" in repaired.output and "2 cards missing from the index" in repaired.output
    again = run("verify", "ann")
    assert again.exit_code == 0, again.output  # the repair held


def test_the_report_says_what_the_open_repaired(run, tmp_path):
    _ingest(run, tmp_path)
    _lose_points(tmp_path)
    cfg = config_from_dict({"embedding": {"model": "hash-128"}})
    with MemoryHub.open(tmp_path / "data", config=cfg) as hub:
        report = verify_tenant(hub, "ann")
        assert report.ok and report.repaired and "index" in report.repaired[0]


def test_the_help_documents_the_statuses(run):
    text = " ".join(run("verify", "--help").output.split())
    assert "0" in text and "1: damage was found and repaired" in text and "4:" in text


def test_verify_that_cannot_run_never_says_repaired(run, tmp_path):
    """Third probe round: an unknown tenant or a missing data folder exited 1, the status that
    says "damage found and repaired, nothing left to do"; it is fsck's 8 (operational error)."""
    r = run("verify", "nobody")
    assert r.exit_code == 8 and "no memory" in r.output
    chat = tmp_path / "chat.jsonl"
    chat.write_text('{"text": "I moved to Porto in May.", "speaker": "ann"}\n', encoding="utf-8")
    assert run("ingest", "ann", str(chat)).exit_code == 0
    r = run("verify", "nobody")
    assert r.exit_code == 8 and "nobody" in r.output
    assert run("verify", "ann").exit_code == 0
