"""The audit log keeps card ids keyed with the tenant's HMAC key, so it cannot confirm a guess of
forgotten text (a card id is derived from message id, time and content with no secret); a log
written with plain ids is migrated on open (#25 item 9)."""

from __future__ import annotations

import sqlite3

from autogen_zettel import HashEmbedder, MemoryHub, SimulatedClock
from autogen_zettel.base.cards import CardStatus, card_id_for
from autogen_zettel.memory.tenant import tenant_parts
from autogen_zettel.store.audit import AuditLog
from tests.conftest import T0


def _open(data):
    return MemoryHub.open(data, embedder=HashEmbedder(), clock=SimulatedClock(T0))


def _log_bytes(data) -> bytes:
    return b"".join(p.read_bytes() for p in (data / "audit").glob("ann.sqlite*"))


def test_a_guess_of_a_forgotten_card_is_not_confirmed_by_the_log(tmp_path):
    data = tmp_path / "data"
    with _open(data) as hub:
        mem = hub.tenant("ann")
        cards = mem.remember("I secretly applied for a job at Globex.", speaker="ann", message_id="m1", at=T0)
        other = mem.remember("Bob plays the cello on Sundays.", speaker="bob", message_id="m2", at=T0)
        ids = [c.id for c in cards]
        assert other
        tenant_parts(mem).store.set_statuses(
            cards, CardStatus.ARCHIVED, action="archive", at=T0
        )  # logged before the forget
        mem.forget(ids)
        refs = {tenant_parts(mem).store.card_ref(i) for i in ids}
        logged = mem.audit.entries()
        assert mem.audit.verify().ok
    # the attacker's guess: the same derivation as the library's, from message id, time and text
    for c in cards:
        guess = card_id_for(c.source_ids, c.content, c.created_at)
        assert guess == c.id
        assert guess.encode() not in _log_bytes(data)
        assert guess.replace("-", "").encode() not in _log_bytes(data)
    # whoever holds the tenant's key still finds the card's entries
    found = {r for e in logged for r in e.detail.get("card_refs", []) + [e.detail.get("card_ref")]}
    assert refs <= found


def test_a_log_with_plain_ids_is_migrated_on_open(tmp_path):
    data = tmp_path / "data"
    with _open(data) as hub:
        hub.tenant("ann").remember(
            "I really like fresh figs from the market.", speaker="ann", message_id="m1"
        )
    # a log written by an earlier version, with plain card ids and no anchor in the tenant database
    old = AuditLog(data / "audit" / "ann.sqlite")
    old.append("forget", {"card_ids": ["1b4e28ba-2fa1-11d2-883f-0016d3cca427"]})
    old.append("archive", {"card_id": "6fa459ea-ee8a-3ca4-894e-db77e160355e", "to": "archived"})
    old.append(
        "merge",
        {"clusters": [["0f8fad5b-d9cb-469f-a165-70867728950e", ["7c9e6679-7425-40de-944b-e07fc1f90ae7"]]]},
    )
    old.close()
    con = sqlite3.connect(data / "tenants" / "ann.sqlite")
    con.execute("delete from meta where key in ('audit_count', 'audit_head', 'audit_base', 'audit_ids')")
    con.commit()
    con.close()
    with _open(data) as hub:
        mem = hub.tenant("ann")
        report = mem.audit.verify()
        assert report.ok and report.entries == 3, report
        entries = mem.audit.entries()
        assert entries[0].detail == {
            "card_refs": [tenant_parts(mem).store.card_ref("1b4e28ba-2fa1-11d2-883f-0016d3cca427")]
        }
        assert entries[1].detail["card_ref"] == tenant_parts(mem).store.card_ref(
            "6fa459ea-ee8a-3ca4-894e-db77e160355e"
        )
        mem.forget(mem.cards()[0].id)
        assert mem.audit.verify().ok and mem.audit.verify().entries == 4
    raw = _log_bytes(data)
    for plain in (b"1b4e28ba", b"6fa459ea", b"0f8fad5b", b"7c9e6679"):
        assert plain not in raw
    with _open(data) as hub:  # migrated once: reopening changes nothing
        assert hub.tenant("ann").audit.verify().ok
