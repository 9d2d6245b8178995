"""Forgetting receipts others can verify (issue #42): a receipt checked by a fresh process that
holds only the receipt file and the public key, refused after any one byte changes; the receipt
holds no forgotten text and its digests cannot be tested once the salts are gone."""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from autogen_zettel import HashEmbedder, MemoryHub
from autogen_zettel.trust import receipts
from autogen_zettel.trust.receipts import KEY_ENV, KEY_FILE_ENV, new_key_files, verify_receipt

SECRET = "I buried the brass key under the third juniper bush."
ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def forgotten(tmp_path, monkeypatch, clock):
    """A forget made with a signing key: (data folder, receipt file, public key file, report)."""
    keys = tmp_path / "keys"
    keys.mkdir()
    new_key_files(keys / "signer.pem")
    monkeypatch.setenv(KEY_FILE_ENV, str(keys / "signer.pem"))
    monkeypatch.delenv(KEY_ENV, raising=False)
    data = tmp_path / "data"
    hub = MemoryHub.open(data, embedder=HashEmbedder(), clock=clock)
    try:
        mem = hub.tenant("ann")
        mem.remember("I moved to Porto last spring.", speaker="ann")
        card = mem.remember(SECRET, speaker="ann")[0]
        before = hub.verify_audit("ann").head
        report = mem.forget(card.id)
        after = hub.verify_audit("ann").head
    finally:
        hub.close()
    out = tmp_path / "elsewhere"
    out.mkdir()
    (out / "receipt.json").write_text(report.receipt, encoding="utf-8")
    (out / "signer.pub").write_bytes((keys / "signer.pem.pub").read_bytes())
    return data, out / "receipt.json", out / "signer.pub", report, before, after


def verify_in_fresh_process(receipt: Path, public_key: Path) -> subprocess.CompletedProcess:
    """`autogen-zettel audit receipt verify` in a new interpreter, run in a folder holding only
    the receipt and the key, with no data folder, no signing key and no key of the store."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("ZETTEL_")}
    env["PYTHONPATH"] = str(ROOT)  # this worktree's package
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "autogen_zettel",
            "audit",
            "receipt",
            "verify",
            receipt.name,
            "--public-key",
            public_key.name,
        ],
        cwd=receipt.parent,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_fresh_process_verifies_the_receipt(forgotten):
    data, receipt, pub, report, before, after = forgotten
    assert sorted(p.name for p in receipt.parent.iterdir()) == ["receipt.json", "signer.pub"]
    done = verify_in_fresh_process(receipt, pub)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "valid: forget in tenant 'ann'" in done.stdout
    fields = json.loads(receipt.read_text())
    assert fields["audit_head_before"] == before and fields["audit_head_after"] == after
    assert fields["audit_seq"] == report.audit_seq and len(fields["digests"]) == 1


def test_one_changed_byte_is_refused(forgotten):
    _, receipt, pub, *_ = forgotten
    original = receipt.read_bytes()
    # every position in process would take minutes: the library checks every byte, one subprocess
    # checks a byte inside the signed digests (any value flipped in place)
    for i in range(len(original)):
        changed = bytearray(original)
        changed[i] ^= 0x01
        assert not verify_receipt(bytes(changed), pub.read_bytes()).ok, (i, chr(original[i]))
    i = original.index(b'"digests":["') + 20
    changed = bytearray(original)
    changed[i] = ord("0") if changed[i] != ord("0") else ord("1")
    receipt.write_bytes(bytes(changed))
    done = verify_in_fresh_process(receipt, pub)
    assert done.returncode == 1 and "does not verify" in done.stdout + done.stderr


def test_another_key_is_refused(forgotten, tmp_path):
    _, receipt, _, *_ = forgotten
    other = new_key_files(tmp_path / "other.pem")
    assert not verify_receipt(receipt.read_bytes(), other).ok


def test_the_receipt_reveals_no_text_and_no_guess_can_be_tested(forgotten):
    data, receipt, _, report, *_ = forgotten
    text = receipt.read_text()
    assert "juniper" not in text and "brass" not in text
    # the digest of a correct guess without its salt: not in the receipt
    assert hashlib.sha256(SECRET.encode()).hexdigest() not in text
    # the salt went with the card: no row and no byte of it is left in the data folder
    con = sqlite3.connect(data / "tenants" / "ann.sqlite")
    digests = {r[0] for r in con.execute("select digest from card_digests")}
    assert digests and not digests & set(json.loads(text)["digests"])  # Porto's stays
    salts = [r[0] for r in con.execute("select salt from card_digests")]
    assert len(salts) == 1
    # the receipt is kept in the tenant for export, byte for byte
    assert report.receipt_note is None


def test_export_gives_the_same_bytes(forgotten, run_cli):
    data, receipt, *_ = forgotten
    out = receipt.parent / "exported.json"
    result = run_cli(data, "audit", "receipt", "export", "ann", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert out.read_bytes() == receipt.read_bytes()


def test_without_a_key_no_receipt_and_a_note(tmp_path, monkeypatch, clock):
    monkeypatch.delenv(KEY_ENV, raising=False)
    monkeypatch.delenv(KEY_FILE_ENV, raising=False)
    hub = MemoryHub.open(tmp_path / "data", embedder=HashEmbedder(), clock=clock)
    try:
        mem = hub.tenant("ann")
        report = mem.forget(mem.remember(SECRET, speaker="ann")[0].id)
        assert report.receipt is None and KEY_FILE_ENV in report.receipt_note
    finally:
        hub.close()


def test_a_key_inside_the_data_folder_is_refused_before_forgetting(tmp_path, monkeypatch, clock):
    data = tmp_path / "data"
    hub = MemoryHub.open(data, embedder=HashEmbedder(), clock=clock)
    try:
        mem = hub.tenant("ann")
        card = mem.remember(SECRET, speaker="ann")[0]
        new_key_files(data / "signer.pem")
        monkeypatch.setenv(KEY_FILE_ENV, str(data / "signer.pem"))
        with pytest.raises(receipts.ConfigError, match="inside the data folder"):
            mem.forget(card.id)
        assert mem.card(card.id).content == SECRET  # nothing was forgotten
    finally:
        hub.close()


@pytest.fixture
def run_cli(tmp_path):
    from click.testing import CliRunner

    from autogen_zettel.cli.main import main

    cfg = tmp_path / "cfg.yaml"
    cfg.write_text("embedding:\n  model: hash-256\n")

    def invoke(data: Path, *args: str):
        return CliRunner().invoke(main, ["--data-dir", str(data), "--config", str(cfg), *args])

    return invoke


def test_cli_forget_writes_the_receipt_of_a_permanent_card(tmp_path, monkeypatch, clock, run_cli):
    """A permanent (sealed) card is digested and receipted like any other, by the CLI too."""
    new_key_files(tmp_path / "signer.pem")
    monkeypatch.setenv(KEY_FILE_ENV, str(tmp_path / "signer.pem"))
    data = tmp_path / "data"
    hub = MemoryHub.open(data, embedder=HashEmbedder(dim=256), clock=clock)
    try:
        card = hub.tenant("ann").remember("My blood type is B negative.", speaker="ann", tier="permanent")[0]
    finally:
        hub.close()
    out = tmp_path / "r.json"
    result = run_cli(data, "forget", "ann", card.id, "--yes", "--receipt", str(out))
    assert result.exit_code == 0, result.output
    check = verify_receipt(out.read_bytes(), (tmp_path / "signer.pem.pub").read_bytes())
    assert check.ok and check.receipt["cards"] == 1 and len(check.receipt["digests"]) == 1
    assert b"negative" not in out.read_bytes()


def test_cli_forget_asking_for_a_receipt_without_a_key_forgets_nothing(tmp_path, monkeypatch, clock, run_cli):
    """--receipt without a signing key is refused before anything is forgotten (a forget cannot be
    redone to get the receipt afterwards)."""
    monkeypatch.delenv(KEY_ENV, raising=False)
    monkeypatch.delenv(KEY_FILE_ENV, raising=False)
    data = tmp_path / "data"
    hub = MemoryHub.open(data, embedder=HashEmbedder(dim=256), clock=clock)
    try:
        card = hub.tenant("ann").remember(SECRET, speaker="ann")[0]
    finally:
        hub.close()
    out = tmp_path / "r.json"
    result = run_cli(data, "forget", "ann", card.id, "--yes", "--receipt", str(out))
    assert result.exit_code == 2, result.output
    assert "--receipt needs a signing key" in result.output and KEY_ENV in result.output
    assert not out.exists()
    hub = MemoryHub.open(data, embedder=HashEmbedder(dim=256), clock=clock)
    try:
        assert hub.tenant("ann").card(card.id).content == SECRET
    finally:
        hub.close()
