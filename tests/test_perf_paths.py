"""Hot-path reads that build less than before (#26) give what the full reads gave."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from autogen_zettel import HashEmbedder, MemoryHub, SimulatedClock
from autogen_zettel.base.cards import Card, CardKind, CardStatus, EvidenceSource, LinkKind, PrivacyTier
from autogen_zettel.memory.tenant import tenant_parts
from autogen_zettel.store.card_rows import card_to_row, row_to_card

T0 = datetime(2026, 3, 1, 9)


@pytest.mark.parametrize("kind", list(CardKind))
def test_a_card_comes_back_from_its_row_with_every_member(kind):
    for status, tier, evidence in zip(list(CardStatus), list(PrivacyTier) * 3, list(EvidenceSource) * 3):
        card = Card(
            "c1",
            "Ich wohne in Porto. 我住在波尔图。",
            kind,
            "Ann",
            T0,
            ("m1", "m 2"),
            session_id="s",
            tags=("x",),
            entities=("Porto",),
            status=status,
            tier=tier,
            evidence=evidence,
            last_access=T0,
        )
        back = row_to_card(card_to_row(card))
        assert back == card and back.kind is kind and back.status is status and back.tier is tier


def test_a_stored_value_no_member_has_is_refused_as_before():
    row = card_to_row(Card("c1", "hi", CardKind.FACT, "Ann", T0, ("m1",)))
    with pytest.raises(ValueError, match="'gossip'"):
        row_to_card({**row, "kind": "gossip"})


def test_a_reply_finds_the_cards_of_the_message_it_answers(tmp_path):
    hub = MemoryHub.open(tmp_path, clock=SimulatedClock(T0), embedder=HashEmbedder())
    try:
        mem = hub.tenant("ann")
        said = [
            ("q1", "Bo", "Where did you move last spring, Ann?"),
            ("x1", "Cy", "我上周去了杭州看朋友。"),
            ("x2", "Bo", "The bakery on Rua Nova opens at seven."),
        ]
        for i, (mid, who, text) in enumerate(said):
            mem.remember(text, speaker=who, message_id=mid, session_id="s1", at=T0 + timedelta(minutes=i))
        asked = [c.id for c in tenant_parts(mem).db.recent_cards(10, session_id="s1") if "q1" in c.source_ids]
        assert asked  # the question made a card
        assert [c.id for c in tenant_parts(mem).db.recent_answering("q1", 10, session_id="s1")] == asked
        assert tenant_parts(mem).db.recent_answering("nobody", 10, session_id="s1") == []
        made = mem.remember(
            "I moved to Porto in April.",
            speaker="Ann",
            message_id="a1",
            session_id="s1",
            at=T0 + timedelta(minutes=5),
            reply_to="q1",
        )
        replies = {
            (lk.src, lk.dst)
            for lk in tenant_parts(mem).db.links.of(made[0].id)
            if lk.kind is LinkKind.REPLY_TO
        }
        assert replies and all(asked[0] in pair for pair in replies)
    finally:
        hub.close()


def test_rows_read_without_a_savepoint_are_those_sqlite_utils_gives(tmp_path):
    import sqlite_utils

    from autogen_zettel.store.connection import select_rows

    db = sqlite_utils.Database(tmp_path / "t.db")
    db["messages"].insert_all(
        [
            {"id": "m1", "text": "I moved to Porto.", "at": "2026-03-01"},
            {"id": "m2", "text": "我住在杭州。", "at": None},
        ]
    )
    for sql, params in [
        ("select * from messages where id in (?, ?)", ["m2", "m1"]),
        ("select text from messages", []),
    ]:
        assert select_rows(db, sql, params) == list(db.query(sql, params))
    assert select_rows(db, "select * from messages where id = ?", ["nobody"]) == []


class _CrashAfterUpsert:
    """The real index, whose neighbour search (linking, after the vectors are written) 'crashes'."""

    def __init__(self, real):
        self.real = real

    def __getattr__(self, name):
        return getattr(self.real, name)

    def neighbours(self, *args, **kwargs):
        raise RuntimeError("simulated crash after the vectors were written")


def _state(mem):
    cards = sorted((c.id, c.content) for c in tenant_parts(mem).db.iter_cards())
    links = sorted(
        (lk.src, lk.dst, lk.kind.value, lk.weight)
        for c in cards
        for lk in tenant_parts(mem).db.links.of(c[0])
    )
    return cards, links


def test_cards_are_marked_indexed_with_their_links_and_a_crash_between_is_finished_on_reopen(tmp_path):
    said = [
        ("Ann", "I moved to Porto in April."),
        ("Bo", "我下周去杭州出差。"),
        ("Ann", "Porto's trams are old."),
    ]

    def fill(hub, crash_last: bool):
        mem = hub.tenant("ann")
        for i, (who, text) in enumerate(said):
            if crash_last and i == len(said) - 1:
                hub.vectors = _CrashAfterUpsert(hub.vectors)
                with pytest.raises(RuntimeError, match="simulated crash"):
                    mem.remember(
                        text, speaker=who, message_id=f"m{i}", session_id="s", at=T0 + timedelta(minutes=i)
                    )
                hub.vectors = hub.vectors.real
                return mem
            mem.remember(text, speaker=who, message_id=f"m{i}", session_id="s", at=T0 + timedelta(minutes=i))
        return mem

    clean = MemoryHub.open(tmp_path / "clean", clock=SimulatedClock(T0), embedder=HashEmbedder())
    expected = _state(fill(clean, crash_last=False))
    assert (
        not tenant_parts(clean.tenant("ann")).db.unindexed_ids()
        and not tenant_parts(clean.tenant("ann")).db.pending()
    )
    clean.close()
    hub = MemoryHub.open(tmp_path / "crash", clock=SimulatedClock(T0), embedder=HashEmbedder())
    mem = fill(hub, crash_last=True)
    assert (
        tenant_parts(mem).db.pending() and tenant_parts(mem).db.unindexed_ids()
    )  # vectors written, the last transaction not
    hub.close()
    again = MemoryHub.open(tmp_path / "crash", clock=SimulatedClock(T0), embedder=HashEmbedder())
    try:
        mem = again.tenant("ann")
        assert not tenant_parts(mem).db.pending() and not tenant_parts(mem).db.unindexed_ids()
        assert _state(mem) == expected
        assert again.vectors.ids("ann") == tenant_parts(mem).db.all_ids()
    finally:
        again.close()
