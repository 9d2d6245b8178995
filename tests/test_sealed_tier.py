"""The permanent tier sealed at rest (issue #42): a round trip with the key, a clear placeholder
without it, a refused write without it, and no permanent text anywhere in the data folder."""

from __future__ import annotations

import base64
import logging
import os
import sqlite3
from pathlib import Path

import pytest

from autogen_zettel import HashEmbedder, MemoryHub
from autogen_zettel.base.errors import PermanentKeyMissing
from autogen_zettel.base.sealing import ENV, LOCKED, WRONG_KEY, is_sealed
from autogen_zettel.memory.tenant import tenant_parts

PERMANENT = "My blood type is O negative and I am allergic to penicillin."
WORDS = [b"penicillin", b"negative", b"blood type", b"allerg"]


def new_key() -> str:
    return base64.b64encode(os.urandom(32)).decode()


@pytest.fixture
def folder(tmp_path, monkeypatch, clock):
    """A data folder holding one permanent memory (two cards) and one standard one."""
    monkeypatch.setenv(ENV, new_key())
    data = tmp_path / "data"
    hub = MemoryHub.open(data, embedder=HashEmbedder(), clock=clock)
    mem = hub.tenant("ann")
    mem.remember(PERMANENT, speaker="ann", tier="permanent", message_id="m1")
    mem.remember("I moved to Porto last spring.", speaker="ann", message_id="m2")
    hub.close()
    return data


def texts(mem, query: str) -> list[str]:
    return [h.card.content for h in mem.recall(query, k=5)]


def test_round_trip_with_the_key(folder, clock):
    hub = MemoryHub.open(folder, embedder=HashEmbedder(), clock=clock)
    try:
        mem = hub.tenant("ann")
        got = texts(mem, "what is ann's blood type")
        assert "My blood type is O negative" in got
        card = next(c for c in mem.cards() if "penicillin" in c.content)
        assert card.tier.value == "permanent" and "penicillin" in card.tags
        # its source message opens too (provenance), and its text was sealed on disk
        assert tenant_parts(mem).store.db.messages(["m1"])[0]["text"] == PERMANENT
        raw = sqlite3.connect(folder / "tenants" / "ann.sqlite").execute(
            "select text from messages where id='m1'"
        )
        assert is_sealed(raw.fetchone()[0])
    finally:
        hub.close()


def test_without_the_key_recall_says_locked(folder, clock, monkeypatch, caplog):
    monkeypatch.delenv(ENV)
    hub = MemoryHub.open(folder, embedder=HashEmbedder(), clock=clock)
    try:
        mem = hub.tenant("ann")
        with caplog.at_level(logging.WARNING):
            got = texts(mem, "what is ann's blood type")
        assert LOCKED in got and "I moved to Porto last spring." in got
        assert not any("negative" in t or "penicillin" in t for t in got)
        assert LOCKED == f"[permanent memory: locked, set {ENV}]"
        # the standard memory is untouched; writing a permanent one is refused, naming the variable
        with pytest.raises(PermanentKeyMissing, match=ENV):
            mem.remember("I am allergic to peanuts.", speaker="ann", tier="permanent")
        assert "peanuts" not in " ".join(c.content for c in mem.cards())
    finally:
        hub.close()
    # the locked read logged a warning (once per process: an earlier test may have logged it)
    from autogen_zettel.base import sealing

    assert "no-key" in sealing._warned


def test_a_wrong_key_does_not_open_it(folder, clock, monkeypatch):
    monkeypatch.setenv(ENV, new_key())
    hub = MemoryHub.open(folder, embedder=HashEmbedder(), clock=clock)
    try:
        got = texts(hub.tenant("ann"), "blood type")
        assert WRONG_KEY in got and not any("negative" in t for t in got)
        # and a card read with the wrong key cannot be written back over its real text
        card = next(c for c in hub.tenant("ann").cards() if c.content == WRONG_KEY)
        with pytest.raises(PermanentKeyMissing):
            hub.tenant("ann").archive.set_tier(card.id, "standard")
    finally:
        hub.close()


def test_no_permanent_text_in_any_file(folder):
    leaks = {
        str(p.relative_to(folder)): [w for w in WORDS if w in p.read_bytes()]
        for p in folder.rglob("*")
        if p.is_file()
    }
    assert {f: w for f, w in leaks.items() if w} == {}
    # the standard memory is stored in plain text (the check above can see text)
    assert any(b"Porto" in p.read_bytes() for p in folder.rglob("*") if p.is_file())


def test_no_plain_row_derives_from_a_permanent_card(folder):
    con = sqlite3.connect(folder / "tenants" / "ann.sqlite")
    permanent = [r[0] for r in con.execute("select id from cards where tier = 'permanent'")]
    assert len(permanent) == 2
    marks = ",".join("?" * len(permanent))
    for table, column in (("claims", "card_id"), ("card_entities", "card_id")):
        assert (
            con.execute(f"select count(*) from {table} where {column} in ({marks})", permanent).fetchone()[0]
            == 0
        )
    # every cell of the permanent rows that holds text is sealed
    for row in con.execute(f"select content, tags, entities from cards where id in ({marks})", permanent):
        assert all(is_sealed(v) for v in row)


def test_a_full_rebuild_of_the_person_layers_reads_no_permanent_card(folder, clock):
    """The rules' upgrade path (every card read again) skips permanent cards as a write does."""
    hub = MemoryHub.open(folder, embedder=HashEmbedder(), clock=clock)
    try:
        mem = hub.tenant("ann")
        parts = tenant_parts(mem)
        parts.people.rebuild()
        mem.remember("I am allergic to cats.", speaker="ann", message_id="m3")
        parts.people.rebuild()
        # the standard card's allergy is a fact; the permanent card's is not
        assert any("cat" in f.value for f in mem.facts())
        assert not any("penicillin" in f.value or "negative" in f.value for f in mem.facts())
    finally:
        hub.close()
    con = sqlite3.connect(folder / "tenants" / "ann.sqlite")
    permanent = [r[0] for r in con.execute("select id from cards where tier = 'permanent'")]
    marks = ",".join("?" * len(permanent))
    assert (
        con.execute(f"select count(*) from layer_evidence where card_id in ({marks})", permanent).fetchone()[
            0
        ]
        == 0
    )
    dump = "\n".join(con.iterdump())
    assert "penicillin" not in dump and "negative" not in dump


def test_edit_and_set_tier_keep_old_text_sealed(tmp_path, monkeypatch, clock):
    monkeypatch.setenv(ENV, new_key())
    data = tmp_path / "data"
    hub = MemoryHub.open(data, embedder=HashEmbedder(), clock=clock)
    try:
        mem = hub.tenant("ann")
        card = mem.remember("I am allergic to shellfish.", speaker="ann", message_id="s1")[0]
        mem.archive.set_tier(card.id, "permanent")  # its source message and history get sealed now
        mem.archive.edit(card.id, "I am allergic to shellfish and to latex.")
        assert "latex" in mem.card(card.id).content
        history = tenant_parts(mem).store.db.history.of(card.id)
        assert any(h["content"] == "I am allergic to shellfish." for h in history)
    finally:
        hub.close()
    con = sqlite3.connect(data / "tenants" / "ann.sqlite")
    dump = "\n".join(con.iterdump())
    assert "shellfish" not in dump and "latex" not in dump


def test_malformed_key_is_refused_on_write_and_locked_on_read(tmp_path, monkeypatch, clock):
    monkeypatch.setenv(ENV, "not-a-key")
    hub = MemoryHub.open(tmp_path / "data", embedder=HashEmbedder(), clock=clock)
    try:
        with pytest.raises(PermanentKeyMissing, match="32 bytes"):
            hub.tenant("ann").remember("My blood type is A.", speaker="ann", tier="permanent")
    finally:
        hub.close()


def test_raw_sqlite_bytes(folder):
    """The tenant file's raw bytes (main file and WAL) hold none of the permanent words."""
    for name in ("ann.sqlite", "ann.sqlite-wal"):
        p = Path(folder) / "tenants" / name
        if p.exists():
            raw = p.read_bytes()
            assert not any(w in raw for w in WORDS), name


def test_permanent_cards_stay_out_of_the_shared_index(folder, clock):
    """Their vectors would name the fact (benchmarks/sealed_vectors.py): none is in the index,
    recall scores them in memory, and moving a card in or out of the tier moves its point."""
    hub = MemoryHub.open(folder, embedder=HashEmbedder(), clock=clock)
    try:
        mem = hub.tenant("ann")
        permanent = {c.id for c in mem.cards() if c.tier.value == "permanent"}
        indexed = tenant_parts(mem).store.vectors.ids("ann")
        assert len(permanent) == 2 and not permanent & indexed and len(indexed) == 1
        assert "My blood type is O negative" in texts(mem, "blood type")
        porto = next(c for c in mem.cards() if "Porto" in c.content)
        mem.archive.set_tier(porto.id, "permanent")
        assert porto.id not in tenant_parts(mem).store.vectors.ids("ann")
        assert "I moved to Porto last spring." in texts(mem, "where did ann move")
        mem.archive.set_tier(porto.id, "standard")
        assert porto.id in tenant_parts(mem).store.vectors.ids("ann")
        assert mem.audit.verify().ok
    finally:
        hub.close()


def test_forgetting_reaches_the_sealed_tier(folder, clock, monkeypatch):
    """By subject with the key (the sealed text is matched as opened), and by id without it."""
    hub = MemoryHub.open(folder, embedder=HashEmbedder(), clock=clock)
    try:
        mem = hub.tenant("ann")
        report = mem.forget(subject="penicillin")
        assert len(report.card_ids) == 1
        assert not any("penicillin" in c.content for c in mem.cards())
        assert "My blood type is O negative" in [c.content for c in mem.cards()]
        # the shared source message was one sentence, so it was blanked (trust/forget.py)
        assert "penicillin" not in tenant_parts(mem).store.db.messages(["m1"])[0]["text"]
    finally:
        hub.close()
    monkeypatch.delenv(ENV)
    hub = MemoryHub.open(folder, embedder=HashEmbedder(), clock=clock)
    try:
        mem = hub.tenant("ann")
        locked = [c.id for c in mem.cards() if c.content == LOCKED]
        assert len(locked) == 1
        mem.forget(locked)
        assert [c.content for c in mem.cards()] == ["I moved to Porto last spring."]
        assert tenant_parts(mem).store.db.messages(["m1"]) == []
    finally:
        hub.close()
    assert not any(w in p.read_bytes() for p in folder.rglob("*") if p.is_file() for w in WORDS)


def test_set_tier_alone_seals_every_plain_trace(tmp_path, clock):
    data = tmp_path / "data"
    hub = MemoryHub.open(data, embedder=HashEmbedder(), clock=clock)
    try:
        mem = hub.tenant("ann")
        card = mem.remember("Ann is allergic to Shellfish from Maine.", speaker="bob", message_id="s1")[0]
        con = sqlite3.connect(data / "tenants" / "ann.sqlite")
        before = "\n".join(con.iterdump()).lower()
        assert before.count("shellfish") >= 3  # card, tags, message (and claims or layers)
        mem.archive.set_tier(card.id, "permanent")
        tenant_parts(hub.tenant("ann")).store.db.erasure.scrub(vacuum=True)
        after = "\n".join(sqlite3.connect(data / "tenants" / "ann.sqlite").iterdump()).lower()
        assert "shellfish" not in after and "maine" not in after
        assert mem.card(card.id).content == "Ann is allergic to Shellfish from Maine."
        mem.archive.set_tier(card.id, "standard")  # back in the clear: entities and claims again
        assert mem.card(card.id).entities == card.entities
    finally:
        hub.close()


def test_a_permanent_card_id_confirms_no_guess(folder):
    """Plain card ids are digests of sources, time and text: a permanent card's id is keyed, so
    recomputing it from a guess and the plain message id and time finds nothing."""
    from datetime import datetime

    from autogen_zettel.base.cards import card_id_for

    con = sqlite3.connect(folder / "tenants" / "ann.sqlite")
    rows = con.execute("select id, created_at from cards where tier = 'permanent'").fetchall()
    ids = {r[0] for r in rows}
    at = datetime.fromisoformat(rows[0][1])
    for guess in ("My blood type is O negative", "I am allergic to penicillin."):
        assert card_id_for(("m1",), guess, at) not in ids
    # the standard card's id is still the plain digest (nothing changed for the other tiers)
    porto = con.execute("select id, source_ids, created_at from cards where tier = 'standard'").fetchone()
    assert porto[0] == card_id_for(("m2",), "I moved to Porto last spring.", datetime.fromisoformat(porto[2]))


def test_a_permanent_card_digest_confirms_no_guess(folder):
    """The salt of a permanent card's forget digest is sealed: salt and digest side by
    side in the folder cannot confirm a guess."""
    import hashlib

    con = sqlite3.connect(folder / "tenants" / "ann.sqlite")
    rows = con.execute(
        "select k.salt, k.digest from card_digests k join cards c on c.id = k.card_id "
        "where c.tier = 'permanent'"
    ).fetchall()
    assert len(rows) == 2
    for salt, digest in rows:
        assert is_sealed(bytes(salt).decode())
        for guess in ("My blood type is O negative", "I am allergic to penicillin."):
            assert hashlib.sha256(bytes(salt) + guess.encode()).hexdigest() != digest
    # the control: a standard card's salt and digest do confirm its (plain anyway) text
    salt, digest = con.execute(
        "select k.salt, k.digest from card_digests k join cards c on c.id = k.card_id "
        "where c.tier = 'standard'"
    ).fetchone()
    assert hashlib.sha256(bytes(salt) + b"I moved to Porto last spring.").hexdigest() == digest


def test_a_standard_card_starting_with_the_seal_prefix_reads_as_written(tmp_path, monkeypatch, clock):
    """Only a permanent card is opened: a standard text that starts like a sealed one (someone
    pasting a stored value) is not mistaken for one and read as locked."""
    monkeypatch.delenv(ENV, raising=False)
    text = "zettel-sealed:v1:abcd is what the export showed for that row"
    with MemoryHub.open(tmp_path / "data", embedder=HashEmbedder(), clock=clock) as hub:
        mem = hub.tenant("ann")
        card = mem.remember(text, speaker="ann")[0]
        assert mem.card(card.id).content == text
        assert texts(mem, "what did the export show for that row") == [text]


def test_agent_message_ids_confirm_no_guess_of_the_text_under_the_key(monkeypatch):
    """The agent path names a message by a digest of who said what: with the permanent key set
    that digest is keyed, so an id stored beside a sealed message cannot test a guess of it."""
    import hashlib

    from autogen_zettel.agent.events import message_id_for

    plain = hashlib.sha1(f"ann\x00{PERMANENT}".encode()).hexdigest()[:6]
    monkeypatch.delenv(ENV, raising=False)
    assert message_id_for("s1", 3, "ann", PERMANENT) == f"s1#0003-{plain}"  # no key: nothing sealed
    monkeypatch.setenv(ENV, new_key())
    keyed = message_id_for("s1", 3, "ann", PERMANENT)
    assert keyed != f"s1#0003-{plain}" and keyed == message_id_for("s1", 3, "ann", PERMANENT)
    monkeypatch.setenv(ENV, new_key())
    assert message_id_for("s1", 3, "ann", PERMANENT) != keyed  # another key, another id


def test_a_permanent_text_that_starts_like_a_seal_is_sealed_all_the_same(tmp_path, clock):
    """Found in review: plain text beginning with the seal's prefix passed as already sealed and
    was stored as it came."""
    text = "zettel-sealed:v1:my blood type is AB negative"
    data = tmp_path / "data"
    with MemoryHub.open(data, embedder=HashEmbedder(), clock=clock) as hub:
        mem = hub.tenant("ann")
        card = mem.remember(text, speaker="ann", tier="permanent", message_id="p1")[0]
        assert mem.card(card.id).content == text  # read back with the key
    con = sqlite3.connect(data / "tenants" / "ann.sqlite")
    for (stored,) in con.execute("select content from cards"):
        assert "AB negative" not in stored
    assert not any(b"AB negative" in p.read_bytes() for p in data.rglob("*") if p.is_file())


def test_the_keyring_is_read_at_most_once_per_ttl(monkeypatch):
    """Without the variable the key comes from the OS keyring, asked for on every captured
    message: one read serves for KEYRING_TTL seconds, then a key put there later is seen."""
    import base64
    import sys
    import types

    from autogen_zettel.base import sealing

    reads = []
    stored = {"value": None}

    def get_password(service, user):
        reads.append((service, user))
        return stored["value"]

    monkeypatch.setitem(sys.modules, "keyring", types.SimpleNamespace(get_password=get_password))
    monkeypatch.delenv("ZETTEL_PERMANENT_KEY")
    now = [1000.0]
    monkeypatch.setattr(sealing.time, "monotonic", lambda: now[0])
    monkeypatch.setattr(sealing, "_keyring_read", [float("-inf"), None])
    assert sealing.permanent_key() is None and sealing.permanent_key() is None
    assert len(reads) == 1
    stored["value"] = base64.b64encode(b"k" * 32).decode()
    now[0] += sealing.KEYRING_TTL
    assert sealing.permanent_key() == b"k" * 32 and len(reads) == 2


def test_what_a_card_said_opens_a_sealed_text(folder, clock):
    """Recall and the link planner read the stored texts' language from ``said``: a permanent
    card's ciphertext read as another language put English cards on the wrong cosine scale."""
    hub = MemoryHub.open(folder, embedder=HashEmbedder(), clock=clock)
    try:
        db = tenant_parts(hub.tenant("ann")).store.db
        said = db.said(c.id for c in hub.tenant("ann").cards())
        assert any("penicillin" in content for _, content in said.values())
        assert not any(is_sealed(content) for _, content in said.values())
    finally:
        hub.close()
