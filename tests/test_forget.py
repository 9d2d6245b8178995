"""Forgetting is real: the bytes are gone from every file of the data folder, no row dangles,
and an audit entry (with no forgotten text) records it."""

from __future__ import annotations

import base64
import hashlib
import pickle
import sqlite3
import struct
from datetime import timedelta
from pathlib import Path

import pytest

from autogen_zettel import HashEmbedder, InvalidInput, MemoryHub, Message, NotFound
from autogen_zettel.base.cards import CardKind
from autogen_zettel.base.config import config_from_dict
from autogen_zettel.cards.atoms import embed_text
from autogen_zettel.cards.refine import CardDraft, split_sentences
from autogen_zettel.memory.tenant import tenant_parts
from autogen_zettel.trust.forget import FORGOTTEN

from .conftest import T0

SECRET_SENTENCE = "I buried the brass key under the third juniper bush."


def files_containing(root: Path, needle: bytes) -> list[str]:
    return [str(p.relative_to(root)) for p in root.rglob("*") if p.is_file() and needle in p.read_bytes()]


def dangling(db_file: Path) -> dict:
    """Rows that point at a card that does not exist (checked with a fresh connection)."""
    con = sqlite3.connect(db_file)
    try:
        q = lambda sql: con.execute(sql).fetchone()[0]  # noqa: E731
        return {
            "links": q(
                "select count(*) from links where src not in (select id from cards) "
                "or dst not in (select id from cards)"
            ),
            "entities": q("select count(*) from card_entities where card_id not in (select id from cards)"),
            "claims": q("select count(*) from claims where card_id not in (select id from cards)"),
            "conflicts": q(
                "select count(*) from conflicts where active_id not in (select id from cards) "
                "or other_id not in (select id from cards)"
            ),
            "history": q("select count(*) from card_history where card_id not in (select id from cards)"),
            "messages": q(
                "select count(*) from messages where id not in "
                "(select j.value from cards, json_each(cards.source_ids) j)"
            ),
        }
    finally:
        con.close()


def _fill(mem):
    return mem.remember_many(
        [
            Message("I adopted a grey cat called Pixel last week.", "Ann", "m1", "s1", T0),
            Message(SECRET_SENTENCE, "Ann", "m2", "s1", T0 + timedelta(minutes=1), reply_to="m1"),
            Message(
                "My brother Tom flies cargo planes to Lagos.", "Ann", "m3", "s1", T0 + timedelta(minutes=2)
            ),
            Message(
                "Did the juniper bushes survive the frost?",
                "Bo",
                "m4",
                "s1",
                T0 + timedelta(minutes=3),
                reply_to="m2",
            ),
            Message("I bake sourdough every Sunday morning.", "Ann", "m5", "s2", T0 + timedelta(days=1)),
        ]
    )


def test_forgotten_sentence_is_gone_from_every_file(disk_hub_factory, tmp_path):
    # qdrant-client local storage (folders made before the embedded engine changed); the
    # qdrant-edge twin of this test is in tests/test_index_congruence.py
    data = tmp_path / "data"
    local = config_from_dict({"vectors": {"engine": "qdrant-local"}})
    hub = disk_hub_factory(config=local)
    mem = hub.tenant("alice")
    cards = _fill(mem)
    target = next(c for c in cards if c.content == SECRET_SENTENCE)
    vector = hub.embedder.encode([embed_text("Ann", SECRET_SENTENCE)])[0]
    packed_before = b"".join(b"G" + struct.pack(">d", float(v)) for v in vector)
    assert files_containing(data, b"brass key")  # it is stored (main file or WAL) before forgetting
    assert files_containing(data / "qdrant", packed_before)  # the probe finds the stored vector
    key = base64.b64encode(pickle.dumps(target.id, protocol=4))  # local mode's primary key of the point
    assert files_containing(data / "qdrant", key)
    # many SQLite builds leave deleted cells readable (secure_delete off by default, unlike this
    # machine's); make Qdrant's point store behave like them, so the test shows our scrubbing works
    hub.vectors._local_storage("alice").execute("PRAGMA secure_delete = OFF")
    report = mem.forget(target.id)
    assert report.card_ids == (target.id,) and report.rows["cards"] == 1
    # while the hub is still open (WAL and Qdrant storage live) ...
    assert files_containing(data, b"brass key") == []
    assert files_containing(data / "qdrant", target.id.encode()) == []  # the point is gone from local storage
    assert files_containing(data / "qdrant", key) == []  # and from its primary-key index
    packed = b"".join(b"G" + struct.pack(">d", float(v)) for v in vector)  # how local mode pickles it
    assert files_containing(data / "qdrant", packed) == []  # and so is its vector
    with pytest.raises(NotFound):
        mem.card(target.id)
    assert target.id not in hub.vectors.ids("alice")
    assert all(h.card.id != target.id for h in mem.recall("brass key juniper bush", k=5))
    hub.close()
    # ... and after closing
    assert files_containing(data, b"brass key") == []
    assert dangling(data / "tenants" / "alice.sqlite") == dict.fromkeys(
        ("links", "entities", "claims", "conflicts", "history", "messages"), 0
    )
    again = disk_hub_factory(config=local)
    assert again.tenant("alice").stats()["cards"] == len(cards) - 1
    assert again.tenant("alice").audit.verify().ok


def test_a_shared_message_loses_only_the_forgotten_sentences(hub):
    mem = hub.tenant("alice")
    long = (
        "I moved to Porto in May and opened a tiny bakery near the river with my cousin Rita. "
        "The oven came from Lyon and cost more than the rent of the whole first year, which was a shock. "
        "We bake rye, spelt and a sweet brioche that sells out before nine every single morning. "
        "On Sundays we close early and walk along the beach to the old fortress with the dogs. "
        "My cousin wants to open a second shop in Braga next spring if the numbers keep going up. "
        "I am not so sure, because the lease there is long and the rent is high for a small town. "
        + SECRET_SENTENCE
        + " Nobody else knows where it is, not even my cousin, and I like it that way. "
        "The key opens the old tin box with the letters my grandmother wrote during the war years."
    )
    cards = mem.remember(long, speaker="Ann", message_id="big")
    mine = [c for c in cards if "brass key" in c.content]
    assert mine and len(cards) > 1
    mem.forget([c.id for c in mine])
    rest = mem.cards()
    assert rest and all("brass key" not in c.content for c in rest)
    [msg] = tenant_parts(mem).db.messages(["big"])
    assert "brass key" not in msg["text"] and "Porto" in msg["text"]


def test_forget_a_subject_removes_everything_about_them(tmp_path, clock):
    data = tmp_path / "data"
    with MemoryHub.open(data, embedder=HashEmbedder(), clock=clock) as hub:
        mem = hub.tenant("alice")
        mem.remember_many(
            [
                Message("Bob lent me his canoe for the lake trip.", "Ann", "m1", "s1", T0),
                Message("I will return the canoe on Friday.", "Bob", "m2", "s1", T0 + timedelta(minutes=1)),
                Message("My sister teaches maths in Lisbon.", "Ann", "m3", "s1", T0 + timedelta(minutes=2)),
                Message(
                    "Thanks for the help! Bob says hi to your sister. I fixed the roof of my shed today.",
                    "Ann",
                    "m4",
                    "s2",
                    T0 + timedelta(days=1),
                ),
            ]
        )
        kept = [c for c in mem.cards() if "maths" in c.content]
        report = mem.forget(subject="Bob")
        assert len(report.card_ids) >= 2
        assert [c.id for c in mem.cards() if "maths" in c.content] == [c.id for c in kept]
        assert all("Bob" not in c.content for c in mem.cards())
        assert all(
            "Bob" not in m["text"] for m in tenant_parts(mem).db.messages([f"m{i}" for i in range(1, 5)])
        )
        assert files_containing(data, b"Bob") == []
        entry = mem.audit.entries()[-1]
        assert entry.action == "forget_subject" and "subject_hmac" in entry.detail
        assert (
            entry.detail["subject_hmac"] != hashlib.sha256(b"bob").hexdigest()
        )  # not guessable without the key
    assert files_containing(data, b"Bob") == [] and files_containing(data, b"canoe") == []
    assert dangling(data / "tenants" / "alice.sqlite")["links"] == 0


def test_forget_rewrites_summaries_that_quoted_the_card(clock):
    with MemoryHub.open(memory=True, embedder=HashEmbedder(), clock=clock) as hub:
        mem = hub.tenant("alice")
        cards = mem.remember_many(
            [
                Message(t, "Ann", f"m{i}", "s1", T0 + timedelta(minutes=i))
                for i, t in enumerate(
                    [
                        "I planted tomatoes along the south fence.",
                        "The basil keeps getting eaten by snails.",
                        SECRET_SENTENCE,
                        "I repainted the greenhouse door bright green.",
                        "My neighbour gave me fig cuttings.",
                    ]
                )
            ]
        )
        report = mem.maintain(at=T0 + timedelta(days=1), steps=["summaries"])
        [summary_id] = report.summaries
        assert "brass key" in mem.card(summary_id).content
        target = next(c for c in cards if c.content == SECRET_SENTENCE)
        out = mem.forget(target.id)
        [new_summary] = [c for c in mem.cards() if c.kind is CardKind.SUMMARY]
        assert out.summaries_rewritten == (new_summary.id,)
        assert "brass key" not in new_summary.content and "fig cuttings" in new_summary.content
        # the old summary's salted digest (of a text quoting the secret) went with it: its salt
        # would let a guess of that text be tested
        db = tenant_parts(mem).db
        rows = dict(db.db.execute("select card_id, digest from card_digests").fetchall())
        assert summary_id not in rows and new_summary.id in rows


def test_drop_tenant_removes_files_and_keeps_a_verifiable_audit(disk_hub_factory, tmp_path):
    data = tmp_path / "data"
    hub = disk_hub_factory()
    _fill(hub.tenant("alice"))
    hub.tenant("bob").remember("I keep three beehives in my garden.", speaker="Bob", message_id="b1")
    hub.drop_tenant("alice")
    assert "alice" not in hub.tenants() and not hub.vectors.exists("alice")
    assert files_containing(data, b"brass key") == [] and files_containing(data, b"Pixel") == []
    assert hub.tenant("bob").recall("beehives", k=1)  # the other tenant is untouched
    report = hub.audit_log("alice").verify()
    assert report.ok and report.entries == 1
    assert hub.audit_log("alice").entries()[0].action == "drop_tenant"


def test_forget_needs_exactly_one_target(hub):
    mem = hub.tenant("alice")
    with pytest.raises(InvalidInput, match="card id"):
        mem.forget()
    with pytest.raises(InvalidInput, match="card id"):
        mem.forget("x", subject="Bob")
    with pytest.raises(NotFound):
        mem.forget("no-such-card")
    with pytest.raises(InvalidInput, match="too short"):
        mem.forget(subject="a")


def test_forget_everywhere_covers_every_agent(clock):
    with MemoryHub.open(memory=True, embedder=HashEmbedder(), clock=clock) as hub:
        for name in ("critic", "writer"):
            hub.tenant(name).remember("Bob lent me his canoe for the lake.", speaker="Ann", message_id="m1")
            hub.tenant(name).remember("I bake sourdough every Sunday.", speaker="Ann", message_id="m2")
        reports = hub.forget_everywhere("Bob")
        assert set(reports) == {"critic", "writer"} and all(len(r.card_ids) == 1 for r in reports.values())
        assert all("Bob" not in c.content for n in ("critic", "writer") for c in hub.tenant(n).cards())


def test_forget_a_subject_keeps_history_that_only_contains_its_letters(clock):
    # "Al" is in "also", "Tom" in "tomorrow": only whole-word mentions are forgotten
    with MemoryHub.open(memory=True, embedder=HashEmbedder(), clock=clock) as hub:
        mem = hub.tenant("alice")
        figs = mem.remember("I also really like figs from the market.", speaker="Ann", message_id="m1")[0]
        trip = mem.remember("I fly to Oslo tomorrow for the conference.", speaker="Ann", message_id="m2")[0]
        mem.remember("Al fixed my bike. Tom painted the fence.", speaker="Ann", message_id="m3")
        mem.archive.edit(figs.id, "I really like figs from the market.")
        mem.archive.edit(trip.id, "I fly to Oslo on Monday for the conference.")
        mem.forget(subject="Al")
        mem.forget(subject="Tom")
        assert [h["content"] for h in mem.archive.history(figs.id)] == [
            "I also really like figs from the market."
        ]
        # the card says which day "tomorrow" was (anchored to the clock's 1 March 2024)
        assert [h["content"] for h in mem.archive.history(trip.id)] == [
            "I fly to Oslo tomorrow (2 March 2024) for the conference."
        ]
        assert all("Al " not in c.content and "Tom" not in c.content for c in mem.cards())


class _RewordingRefiner:
    """Like an LLM refiner: one card per sentence, each in its own words, none a copy."""

    WORDS = {
        SECRET_SENTENCE: "Ann hid a brass key beneath the third juniper.",
        "I bake sourdough every Sunday morning.": "Ann bakes sourdough bread on Sundays.",
    }

    def refine(self, text, *, speaker, message_id, known_entities=(), max_cards=3, min_words=3):
        return [
            CardDraft(self.WORDS[s], CardKind.FACT, (), (), 0.8, 0.5, (message_id,))
            for s in split_sentences(text)
        ]


def test_a_reworded_card_leaves_no_trace_in_a_shared_message(disk_hub_factory, tmp_path):
    data = tmp_path / "data"
    hub = disk_hub_factory(refiner=_RewordingRefiner())
    mem = hub.tenant("alice")
    cards = mem.remember(
        f"{SECRET_SENTENCE} I bake sourdough every Sunday morning.", speaker="Ann", message_id="m1"
    )
    key, bread = sorted(cards, key=lambda c: "sourdough" in c.content)
    assert "brass key" in key.content and files_containing(data, b"juniper bush")
    mem.forget(key.id)
    assert (
        mem.card(bread.id).content == "Ann bakes sourdough bread on Sundays."
    )  # the other card keeps its text
    [msg] = tenant_parts(mem).db.messages(["m1"])
    assert msg["text"] == FORGOTTEN  # no sentence matched the card: the shared message is blanked
    assert files_containing(data, b"juniper") == [] and files_containing(data, b"brass") == []
    hub.close()
    assert files_containing(data, b"juniper") == []


def test_wipe_leaves_no_card_text_in_the_file(tmp_path, clock):
    from autogen_zettel.store.db import CardDB

    with MemoryHub.open(tmp_path / "data", embedder=HashEmbedder(), clock=clock) as hub:
        _fill(hub.tenant("alice"))
        hub.tenant("alice").flush()
        path = hub.db_path("alice")
    db = CardDB(path)
    assert files_containing(path.parent, b"brass key")
    db.db.execute("PRAGMA secure_delete = OFF")  # as on many SQLite builds: wipe must not rely on it
    db.erasure.wipe()
    assert db.count() == 0 and files_containing(path.parent, b"brass key") == []  # main file and WAL
    db.close()
    assert files_containing(path.parent, b"brass key") == [] and files_containing(path.parent, b"Pixel") == []


def test_drop_tenant_wipes_the_file_before_unlinking_it(disk_hub_factory, tmp_path):
    # a handle opened before the drop still reads the unlinked file: what a disk would keep
    hub = disk_hub_factory()
    _fill(hub.tenant("alice"))
    hub.tenant("alice").flush()
    path = hub.db_path("alice")
    with open(path, "rb") as main, open(str(path) + "-wal", "rb") as wal:
        assert b"brass key" in main.read() + wal.read()
        hub.drop_tenant("alice")
        assert not path.exists()
        main.seek(0)
        wal.seek(0)
        left = main.read() + wal.read()
    assert b"brass key" not in left and b"Pixel" not in left and b"juniper" not in left
