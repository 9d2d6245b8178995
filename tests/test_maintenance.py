"""Forgetting curves, archiving, merging, pruning and summaries follow the configuration."""

from __future__ import annotations

from datetime import timedelta

import pytest

from autogen_zettel import CardStatus, HashEmbedder, InvalidInput, MemoryHub, Message
from autogen_zettel.base.cards import Card, CardKind, LinkKind, PrivacyTier
from autogen_zettel.base.config import DecayConfig, MaintenanceConfig, config_from_dict
from autogen_zettel.cards.link import KIND_WEIGHT
from autogen_zettel.memory.tenant import tenant_parts
from autogen_zettel.trust.maintenance import extractive_summary, plan_merges, strength
from autogen_zettel.trust.receipts import digests_of, salted_digest

from .conftest import T0


def test_strength_decays_with_idle_time_and_recalls_reinforce_it():
    cfg = DecayConfig(stability_days=10, reinforcement=1.0)
    c = Card("a", "I keep bees.", CardKind.FACT, "Ann", T0, ("m",), importance=0.0)
    assert strength(c, T0, cfg) == 1.0
    assert strength(c, T0 + timedelta(days=10), cfg) == pytest.approx(0.3679, abs=1e-4)
    recalled = c.with_changes(access_count=1, last_access=T0 + timedelta(days=5))
    assert strength(recalled, T0 + timedelta(days=10), cfg) > strength(c, T0 + timedelta(days=10), cfg)
    assert strength(c.with_changes(tier=PrivacyTier.PERMANENT), T0 + timedelta(days=999), cfg) == 1.0


def test_weak_unrecalled_cards_are_archived_on_schedule_and_can_come_back(clock):
    cfg = config_from_dict({"decay": {"stability_days": 10, "archive_below": 0.05, "min_idle_days": 5}})
    with MemoryHub.open(memory=True, config=cfg, embedder=HashEmbedder(), clock=clock) as hub:
        mem = hub.tenant("alice")
        old, used, kept = (
            mem.remember(t, speaker="Ann", message_id=f"m{i}", tier=tier)[0]
            for i, (t, tier) in enumerate(
                [
                    ("I once owned a red canoe called Wendy.", None),
                    ("My canoe paddle is made of ash wood.", None),
                    ("I am allergic to bee stings, badly.", PrivacyTier.PERMANENT),
                ]
            )
        )
        # importance ~0.7 -> stability ~17 days: strength 0.05 after ~51 idle days
        assert mem.maintain(at=T0 + timedelta(days=30)).archived == {}
        mem.recall("canoe paddle ash wood", k=1, at=T0 + timedelta(days=40))  # a recall reinforces
        mem.flush()
        assert mem.card(used.id).access_count == 1
        report = mem.maintain(at=T0 + timedelta(days=70))
        assert report.archived == {old.id: "curve"}
        assert mem.card(used.id).status is CardStatus.ACTIVE and mem.card(kept.id).status is CardStatus.ACTIVE
        assert all(
            h.card.id != old.id for h in mem.recall("red canoe Wendy", k=3, at=T0 + timedelta(days=71))
        )
        last = mem.archive.history(old.id)[
            -1
        ]  # like every status change: the status it had, and why it changed
        assert (last["action"], last["status"], last["detail"]) == ("archive", "active", {"reason": "curve"})
        assert last["version"] == old.version
        mem.archive.thaw(old.id, at=T0 + timedelta(days=72))
        assert mem.recall("red canoe Wendy", k=1, at=T0 + timedelta(days=72))[0].card.id == old.id
        assert mem.maintain(at=T0 + timedelta(days=73)).archived == {}  # thawing restarted its curve


def test_recall_floor_hides_faded_cards_before_maintenance(clock):
    cfg = config_from_dict({"decay": {"stability_days": 10, "recall_floor": 0.05}})
    with MemoryHub.open(memory=True, config=cfg, embedder=HashEmbedder(), clock=clock) as hub:
        mem = hub.tenant("alice")
        card = mem.remember("I once owned a red canoe called Wendy.", speaker="Ann", message_id="m")[0]
        assert mem.recall("red canoe", k=1, at=T0 + timedelta(days=20), touch=False)[0].card.id == card.id
        assert mem.recall("red canoe", k=1, at=T0 + timedelta(days=90), touch=False) == []


def test_near_duplicates_merge_keeping_every_source_and_link(hub):
    mem = hub.tenant("alice")
    mem.remember_many(
        [
            Message("Did you get the new pottery kiln working?", "Bo", "q1", "s1", T0),
            Message(
                "I fire my pottery bowls in the new kiln every Sunday.",
                "Ann",
                "a1",
                "s1",
                T0 + timedelta(minutes=1),
                reply_to="q1",
            ),
            Message(
                "I fire my pottery bowls in the new kiln every Sunday!",
                "Ann",
                "a2",
                "s2",
                T0 + timedelta(days=3),
            ),
            Message(
                "I fire my pottery bowls in the new kiln every Sunday.",
                "Ann",
                "a3",
                "s3",
                T0 + timedelta(days=6),
            ),
            Message(
                "I fire my pottery bowls in the new kiln every Sunday.",
                "Bo",
                "b1",
                "s3",
                T0 + timedelta(days=7),
            ),
        ]
    )
    by_source = {c.source_ids[0]: c for c in mem.cards()}
    links_before = {
        (x.kind, x.src if x.src != by_source["a2"].id else "A", x.dst if x.dst != by_source["a2"].id else "A")
        for x in mem.links(by_source["a2"].id)
    }
    report = mem.maintain(at=T0 + timedelta(days=8), steps=["merge"])
    [(survivor, absorbed)] = report.merged
    assert survivor == by_source["a1"].id and set(absorbed) == {by_source["a2"].id, by_source["a3"].id}
    merged = mem.card(survivor)
    assert merged.source_ids == ("a1", "a2", "a3")  # every source id, oldest first
    assert mem.card(by_source["b1"].id).status is CardStatus.ACTIVE  # another speaker: not merged
    assert set(tenant_parts(mem).db.all_ids()) == {by_source[s].id for s in ("q1", "a1", "b1")}
    assert hub.vectors.ids("alice") == set(tenant_parts(mem).db.all_ids())
    ends = {x.src for x in mem.links(survivor)} | {x.dst for x in mem.links(survivor)}
    assert by_source["q1"].id in ends  # the reply link survives
    assert all(i in tenant_parts(mem).db.all_ids() for i in ends)  # no link points at an absorbed card
    # the union: whatever a2 linked to (other than a1/a3) now links to the survivor
    for kind, src, dst in links_before:
        other = dst if src == "A" else src
        if other in tenant_parts(mem).db.all_ids() and other != survivor:
            assert any(x.kind is kind and other in (x.src, x.dst) for x in mem.links(survivor))
    assert [h["action"] for h in mem.archive.history(survivor)] == ["merge", "merge"]
    hit = mem.recall("What does Ann fire in the kiln every Sunday?", k=1)[0]  # Bo said the same words
    assert hit.card.id == survivor and set(hit.card.source_ids) == {"a1", "a2", "a3"}
    assert mem.audit.entries()[-1].action == "merge"
    # the absorbed cards' salted digests went with them; the survivor has one for its text
    db = tenant_parts(mem).db
    assert digests_of(db, list(absorbed)) == []
    [kept] = db.db.execute("select salt, digest from card_digests where card_id = ?", [survivor]).fetchall()
    assert kept[1] == salted_digest(kept[0], merged.content)


def test_plan_merges_refuses_contradictions_and_other_kinds():
    cfg = MaintenanceConfig()
    a = Card("a", "I drink coffee every morning.", CardKind.FACT, "Ann", T0, ("m1",))
    b = Card("b", "I don't drink coffee every morning.", CardKind.FACT, "Ann", T0, ("m2",))
    c = Card("c", "I drink coffee every morning!", CardKind.PREFERENCE, "Ann", T0, ("m3",))
    d = Card("d", "I drink coffee every morning.", CardKind.FACT, "Ann", T0 + timedelta(days=1), ("m4",))
    pairs = [("a", "b", 0.97), ("a", "c", 0.99), ("a", "d", 0.99)]
    assert [[x.id for x in cl] for cl in plan_merges(pairs, {x.id: x for x in (a, b, c, d)}, cfg)] == [
        ["a", "d"]
    ]


def test_prune_judges_each_link_by_its_own_weight_not_its_kinds_recall_weight(hub):
    mem = hub.tenant("alice")
    mem.remember_many(
        [
            Message(t, "Ann", f"m{i}", "s1", T0 + timedelta(minutes=i), reply_to=f"m{i - 1}" if i else None)
            for i, t in enumerate(
                [
                    "I grow tomatoes on my balcony in pots.",
                    "My balcony tomatoes need water twice a day.",
                    "I grow tomatoes on my balcony in big pots.",
                ]
            )
        ]
    )
    before = list(tenant_parts(mem).db.links.iter())
    kinds = {x.kind for x in before}
    silent = {k for k in kinds if KIND_WEIGHT[k] == 0}  # kinds recall gives no weight
    assert silent and LinkKind.REPLY_TO in kinds and LinkKind.SAME_SPEAKER in kinds
    assert mem.maintain(steps=["prune"]).pruned_links == 0  # every link here is above its threshold
    assert sorted((x.src, x.dst, x.kind) for x in tenant_parts(mem).db.links.iter()) == sorted(
        (x.src, x.dst, x.kind) for x in before
    )
    # a stricter similarity threshold since they were written: the meaning links below it go
    weakest = min(x.weight for x in before if x.kind in silent)
    hub.config = hub.config.model_copy(
        update={"links": hub.config.links.model_copy(update={"weak": weakest + 1e-3, "strong": 0.99})}
    )
    mem.config = tenant_parts(mem).config = hub.config
    report = mem.maintain(steps=["prune"])
    after = list(tenant_parts(mem).db.links.iter())
    assert report.pruned_links == sum(1 for x in before if x.kind in silent and x.weight < weakest + 1e-3)
    assert all(x.weight >= weakest + 1e-3 for x in after if x.kind in silent)
    assert {LinkKind.REPLY_TO, LinkKind.SAME_SPEAKER} <= {x.kind for x in after}


# one session's garden, told over four minutes: enough cards for a summary
GARDEN = [
    "I planted tomatoes along the south fence of the garden.",
    "The garden basil keeps getting eaten by snails.",
    "I repainted the garden greenhouse door bright green.",
    "My neighbour gave me fig cuttings for the garden.",
]


def test_session_summaries_are_linked_and_preferred_by_recall_when_asked(tmp_path, clock):
    # grouping is off by default (it reorders: docs/benchmarks.md); a user who wants the compact
    # view turns it on
    cfg = config_from_dict({"recall": {"tuning": {"prefer_summary_min": 3}}})
    hub = MemoryHub.open(memory=True, embedder=HashEmbedder(), clock=clock, config=cfg)
    mem = hub.tenant("alice")
    texts = [*GARDEN, "The garden pond has three new goldfish since Monday."]
    mem.remember_many(
        [Message(t, "Ann", f"g{i}", "s1", T0 + timedelta(minutes=i)) for i, t in enumerate(texts)]
        + [Message("I sold my old bicycle to a student.", "Ann", "x", "s2", T0 + timedelta(days=2))]
    )
    report = mem.maintain(at=T0 + timedelta(days=3), steps=["summaries"])
    [sid] = report.summaries  # session s2 has too few cards
    summary = mem.card(sid)
    assert summary.kind is CardKind.SUMMARY and summary.content.startswith("Summary of session s1")
    assert set(summary.source_ids) == {f"g{i}" for i in range(5)}
    assert len(mem.explain(sid)["members"]) == 5
    assert mem.maintain(at=T0 + timedelta(days=3), steps=["summaries"]).summaries == []  # no repeats
    hits = mem.recall("garden", k=4)
    top = hits[0]
    assert top.card.id == sid and len(top.covers) >= 3 and all(c.session_id == "s1" for c in top.covers)
    assert len(hits) <= 4 and sid not in [c.id for h in hits[1:] for c in (h.card,)]
    hub.close()


@pytest.mark.parametrize("later", [timedelta(minutes=5), timedelta(minutes=29)])
def test_maintenance_leaves_a_session_still_going_to_be_summarised_whole_at_its_end(tmp_path, clock, later):
    # maintenance that runs while a chat is going (a hub opened, a day's first run) used to
    # summarise its first cards; the session's end then found them covered and wrote no summary
    cfg = config_from_dict({"maintenance": {"summary_min_members": 2}})
    with MemoryHub.open(tmp_path / "m", embedder=HashEmbedder(), clock=clock, config=cfg) as hub:
        mem = hub.tenant("alice")
        mem.remember_many(
            [Message(t, "Ann", f"g{i}", "s1", T0 + timedelta(minutes=i)) for i, t in enumerate(GARDEN[:2])]
        )
        assert mem.maintain(at=T0 + later, steps=["summaries"]).summaries == []
        mem.remember_many([Message(GARDEN[2], "Ann", "g2", "s1", T0 + later)])
        mem.sessions.end("s1", at=T0 + later + timedelta(minutes=1), reason="test")
        mem.flush()
        [row] = mem.sessions.rows()
        summary = mem.card(row["summary_id"])
        assert set(summary.source_ids) == {"g0", "g1", "g2"}
        assert [u["trigger"] for u in mem.sessions.upkeep("summary")] == ["session end"]


def test_maintenance_summarises_a_session_idle_past_the_gap_that_no_one_ended(hub):
    mem = hub.tenant("alice")
    mem.remember_many(
        [Message(t, "Ann", f"g{i}", "s1", T0 + timedelta(minutes=i)) for i, t in enumerate(GARDEN)]
    )
    assert [r["id"] for r in mem.sessions.live()] == ["s1"]
    # thirty minutes of silence (sessions.idle_minutes) and the session is over in all but name
    assert mem.maintain(at=T0 + timedelta(minutes=3 + 29), steps=["summaries"]).summaries == []
    [sid] = mem.maintain(at=T0 + timedelta(minutes=3 + 31), steps=["summaries"]).summaries
    assert mem.card(sid).session_id == "s1"


def test_recall_lists_a_sessions_hits_in_their_own_places_by_default(hub):
    mem = hub.tenant("alice")
    texts = GARDEN
    mem.remember_many(
        [Message(t, "Ann", f"g{i}", "s1", T0 + timedelta(minutes=i)) for i, t in enumerate(texts)]
    )
    [sid] = mem.maintain(at=T0 + timedelta(days=3), steps=["summaries"]).summaries
    hits = mem.recall("garden", k=4)
    assert sid not in {h.card.id for h in hits} and all(not h.covers for h in hits)
    assert len(hits) == 4


def test_week_summaries_and_digest():
    cards = [
        Card(str(i), f"note {i} " + "word " * 30, CardKind.FACT, "Ann", T0 + timedelta(days=i), ("m",))
        for i in range(3)
    ]
    text = extractive_summary("week 2024-W09", cards, words=5)
    assert text.startswith("Summary of week 2024-W09 (2024-03-01 to 2024-03-03; Ann; 3 cards): ")
    assert text.count("…") == 3
    with pytest.raises(Exception, match="summaries"):
        config_from_dict({"maintenance": {"summaries": "monthly"}})


def test_maintain_rejects_unknown_steps(hub):
    with pytest.raises(InvalidInput, match="decay, merge"):
        hub.tenant("alice").maintain(steps=["defrag"])


def test_compaction_falls_back_to_rewriting_the_collection(disk_hub_factory, monkeypatch):
    from autogen_zettel.store.qdrant_local import VectorIndex

    hub = disk_hub_factory()
    mem = hub.tenant("alice")
    cards = mem.remember_many(
        [Message(f"I planted {n} apple trees in row {n}.", "Ann", f"m{n}") for n in range(5)]
    )
    monkeypatch.setattr(VectorIndex, "_local_storage", lambda self, tenant: None)
    mem.forget(cards[0].id)
    assert hub.vectors.ids("alice") == {c.id for c in cards[1:]}
    assert mem.recall("apple trees row 3", k=1)[0].card.source_ids == ("m3",)


def test_a_frozen_member_leaves_its_summarys_text_and_comes_back_on_thaw(hub):
    mem = hub.tenant("alice")
    texts = [*GARDEN, "My garden diary says the quince died of fireblight."]
    mem.remember_many(
        [Message(t, "Ann", f"g{i}", "s1", T0 + timedelta(minutes=i)) for i, t in enumerate(texts)]
    )
    [sid] = mem.maintain(at=T0 + timedelta(days=3), steps=["summaries"]).summaries
    diary = next(c for c in mem.cards() if "quince" in c.content and c.kind is not CardKind.SUMMARY)
    assert "quince" in mem.card(sid).content
    mem.archive.freeze(diary.id)
    summaries = [c for c in mem.cards() if c.kind is CardKind.SUMMARY]
    assert len(summaries) == 1 and "quince" not in summaries[0].content  # rewritten without it
    assert all("quince" not in h.card.content for h in mem.recall("garden quince fireblight", k=6))
    assert diary.id in tenant_parts(mem).db.links.members_of(
        summaries[0].id
    )  # still a member, only not quoted
    mem.archive.thaw(diary.id)
    [again] = [c for c in mem.cards() if c.kind is CardKind.SUMMARY]
    assert "quince" in again.content


def test_a_rebuilt_summary_keeps_its_label_whatever_the_summarizer_wrote(clock):
    def summarizer(label, members):
        return "Garden notes: " + " ".join(m.content for m in members)

    with MemoryHub.open(memory=True, embedder=HashEmbedder(), clock=clock) as hub:
        hub.summarizer = summarizer
        mem = hub.tenant("alice")
        texts = [
            "I planted tomatoes along the south fence.",
            "The basil keeps getting eaten by snails.",
            "I repainted the greenhouse door bright green.",
            "My neighbour gave me fig cuttings.",
            "I buried the brass key under the third juniper bush.",
        ]
        cards = mem.remember_many(
            [Message(t, "Ann", f"g{i}", "s1", T0 + timedelta(minutes=i)) for i, t in enumerate(texts)]
        )
        [sid] = mem.maintain(at=T0 + timedelta(days=3), steps=["summaries"]).summaries
        assert mem.card(sid).context == "session s1"
        mem.forget(next(c.id for c in cards if "brass key" in c.content))
        [summary] = [c for c in mem.cards() if c.kind is CardKind.SUMMARY]
        assert "brass key" not in summary.content and summary.context == "session s1"
        assert summary.session_id == "s1"
