"""Recall keeps the cards it read (``CardDB.kept``, #12) until the database is written:
every kind of write, here or in another connection, must show in the next recall."""

from __future__ import annotations

import sqlite3
from datetime import timedelta

import pytest

from autogen_zettel.base.cards import Card, CardKind, CardStatus, Message
from autogen_zettel.memory.tenant import tenant_parts
from autogen_zettel.store.db import CardDB

from .conftest import T0


def _card(cid: str, text: str) -> Card:
    return Card(cid, text, CardKind.FACT, "Ann", T0, (f"m-{cid}",))


@pytest.fixture
def db(tmp_path):
    db = CardDB(tmp_path / "t.sqlite")
    db.insert_cards([_card("a", "I keep bees."), _card("b", "I sail on Sundays.")])
    yield db
    db.close()


def test_cards_are_kept_until_any_write(db):
    first = db.kept.get_many(["a", "b", "nobody"])
    assert set(first) == {"a", "b"}
    assert db.kept.get_many(["a"])["a"] is first["a"]  # kept: not read again
    db.touch(["a"], T0 + timedelta(days=1))
    assert db.kept.get_many(["a"])["a"].access_count == 1
    db.set_statuses({"b": CardStatus.FROZEN})
    assert db.kept.get_many(["b"])["b"].status is CardStatus.FROZEN
    db.insert_cards([_card("c", "I bake bread.")])
    assert db.kept.get_many(["c"])["c"].content == "I bake bread."


def test_another_connections_commit_drops_the_kept_cards(db):
    db.kept.get_many(["a"])
    other = sqlite3.connect(db.path)
    other.execute("update cards set content = 'I keep wasps.' where id = 'a'")
    other.commit()
    other.close()
    assert db.kept.get_many(["a"])["a"].content == "I keep wasps."


def test_a_rolled_back_write_is_never_kept(db):
    db.kept.get_many(["a"])
    with pytest.raises(RuntimeError), db.atomic():
        db.db.execute("update cards set content = 'I keep hornets.' where id = 'a'")
        assert db.kept.get_many(["a"])["a"].content == "I keep hornets."  # its own transaction's view
        raise RuntimeError
    assert db.kept.get_many(["a"])["a"].content == "I keep bees."


def test_purge_leaves_no_kept_copy(db):
    db.kept.get_many(["a", "b"])
    db.erasure.purge(["a"], {})
    assert "a" not in db.kept  # forgotten means gone from memory too
    assert db.kept.get_many(["a", "b"]).keys() == {"b"}


def _recalled(mem, query):
    return {c.id: c for h in mem.recall(query, k=5, touch=False) for c in (h.card, *h.covers)}


def test_recall_sees_edit_freeze_forget_and_merge(hub):
    mem = hub.tenant("ann")
    mem.remember_many(
        [
            Message("I fire my pottery bowls in the new kiln every Sunday.", "Ann", "a1", "s1", T0),
            Message(
                "I fire my pottery bowls in the new kiln every Sunday!",
                "Ann",
                "a2",
                "s2",
                T0 + timedelta(days=3),
            ),
            Message(
                "My kiln reaches 1200 degrees for stoneware glazes.",
                "Ann",
                "a3",
                "s3",
                T0 + timedelta(days=4),
            ),
            Message(
                "The pottery studio opens at nine on Sundays.", "Ann", "a4", "s4", T0 + timedelta(days=5)
            ),
        ]
    )
    by_source = {c.source_ids[0]: c for c in mem.cards()}
    query = "pottery kiln Sunday stoneware glazes studio"
    hits = _recalled(mem, query)
    assert {by_source[s].id for s in ("a1", "a3", "a4")} <= set(hits)

    edited = by_source["a3"].id
    mem.archive.edit(edited, "My kiln reaches 1300 degrees for stoneware glazes.")
    assert _recalled(mem, query)[edited].content == "My kiln reaches 1300 degrees for stoneware glazes."

    frozen = by_source["a4"].id
    mem.archive.freeze(frozen)
    assert frozen not in _recalled(mem, query)
    mem.archive.thaw(frozen)
    assert frozen in _recalled(mem, query)

    mem.forget(frozen)
    assert frozen not in _recalled(mem, query)

    report = mem.maintain(at=T0 + timedelta(days=8), steps=["merge"])
    [(survivor, absorbed)] = report.merged
    hits = _recalled(mem, query)
    assert not set(absorbed) & set(hits)
    assert set(hits[survivor].source_ids) == {"a1", "a2"}


def test_a_touch_keeps_the_other_cards_and_rereads_the_touched(db):
    """Live recall writes access counts: only the touched cards are read again (#26)."""
    first = db.kept.get_many(["a", "b"])
    db.touch(["a"], T0 + timedelta(days=1))
    after = db.kept.get_many(["a", "b"])
    assert after["b"] is first["b"]  # kept through the touch
    assert after["a"] is not first["a"] and after["a"].access_count == 1
    assert after["a"].last_access == T0 + timedelta(days=1)
    db.touch(["a", "b"], T0 + timedelta(days=2))
    assert {c.access_count for c in db.kept.get_many(["a", "b"]).values()} == {1, 2}


def test_a_touch_reads_again_only_the_touched_cards_that_were_kept(db):
    """The touch (recall's background write) reads the touched kept cards again itself, so the
    next recall finds them kept with their new counts; a card nobody read stays unread (#26)."""
    db.kept.get_many(["a"])
    db.touch(["a", "b"], T0 + timedelta(days=1))
    assert "a" in db.kept and "b" not in db.kept
    assert db.kept.get_many(["a"])["a"].access_count == 1


def test_a_real_change_after_a_touch_still_drops_the_kept_cards(db):
    kept = db.kept.get_many(["a", "b"])
    db.touch(["a"], T0 + timedelta(days=1))
    db.db.execute("update cards set content = 'I sail on Mondays.' where id = 'b'")
    assert db.kept.get_many(["b"])["b"].content == "I sail on Mondays."
    db.touch(["a"], T0 + timedelta(days=2))  # a touch after another connection's commit
    other = sqlite3.connect(db.path)
    other.execute("update cards set content = 'I keep wasps.' where id = 'a'")
    other.commit()
    other.close()
    db.touch(["b"], T0 + timedelta(days=3))
    assert db.kept.get_many(["a"])["a"].content == "I keep wasps."
    assert kept["a"].content == "I keep bees."


def test_a_touch_inside_a_transaction_keeps_nothing_stale(db):
    db.kept.get_many(["a", "b"])
    with pytest.raises(RuntimeError), db.atomic():
        db.db.execute("update cards set content = 'I keep hornets.' where id = 'b'")
        db.touch(["a"], T0 + timedelta(days=1))
        raise RuntimeError
    assert db.kept.get_many(["b"])["b"].content == "I sail on Sundays."
    assert db.kept.get_many(["a"])["a"].access_count == 0


def test_live_recall_keeps_the_cards_it_did_not_return(tmp_path):
    from autogen_zettel import MemoryHub
    from autogen_zettel.embed.embedders import HashEmbedder

    with MemoryHub.open(tmp_path, embedder=HashEmbedder(64)) as hub:
        mem = hub.tenant("ann")
        mem.remember_many(
            [
                Message(f"Ann keeps bees number {i} in the garden near Lisbon", "ann", f"m{i}")
                for i in range(30)
            ]
        )
        hits = mem.recall("bees in the garden", k=3)  # touch=True: the access counts are written
        mem.flush()
        returned = {h.card.id for h in hits}
        kept = tenant_parts(mem).db.kept._cards
        assert set(kept) - returned  # the candidates recall read but did not return are still kept
        # the touched ones were read again by the touch, with their new counts
        assert returned <= set(kept) and all(kept[i].access_count == 1 for i in returned)
        again = mem.recall("bees in the garden", k=3, touch=False)
        assert all(h.card.access_count == 1 for h in again if h.card.id in returned)
