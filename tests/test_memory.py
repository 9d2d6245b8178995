"""The memory contract on real SQLite files and real Qdrant local mode."""

from __future__ import annotations

import threading
from datetime import datetime, timedelta

import pytest

from autogen_zettel import (
    EmbeddingMismatch,
    HashEmbedder,
    InvalidInput,
    Message,
    NotFound,
)
from autogen_zettel.base.cards import LinkKind
from autogen_zettel.memory.tenant import tenant_parts

from .conftest import T0


def test_remember_returns_traceable_cards(hub):
    mem = hub.tenant("alice")
    cards = mem.remember(
        "I went to a LGBTQ support group yesterday and it was so powerful.",
        speaker="Caroline",
        message_id="D1:3",
        session_id="s1",
        at=datetime(2023, 5, 8, 13, 56),
    )
    assert len(cards) == 1
    card = cards[0]
    assert card.source_ids == ("D1:3",)
    assert card.speaker == "Caroline"
    assert card.session_id == "s1"
    assert card.created_at == datetime(2023, 5, 8, 13, 56)
    assert "support group" in card.content
    assert mem.card(card.id) == card


def test_small_talk_gives_no_card_and_recall_contract(hub):
    mem = hub.tenant("alice")
    assert mem.remember("Hey! Good to see you!", speaker="Mel", message_id="m0") == []
    mem.remember("I adopted a puppy named Oscar last week.", speaker="Mel", message_id="m1", session_id="s1")
    mem.remember(
        "My sister lives in Lisbon and teaches maths.", speaker="Mel", message_id="m2", session_id="s1"
    )
    mem.remember(
        "I bake sourdough bread every Sunday morning.", speaker="Mel", message_id="m3", session_id="s2"
    )
    hits = mem.recall("what is the name of the puppy?", k=2)
    assert 1 <= len(hits) <= 2
    assert hits[0].card.source_ids == ("m1",)
    assert hits[0].layer == "immediate"
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    every = mem.recall("puppy Oscar Lisbon sister sourdough bread", k=10)
    assert len(every) <= 10 and {h.card.source_ids[0] for h in every} == {"m1", "m2", "m3"}


def test_same_name_same_memory_and_context_managers(tmp_path, clock):
    from autogen_zettel import MemoryHub

    with MemoryHub.open(tmp_path / "d", embedder=HashEmbedder(), clock=clock) as hub:
        assert hub.tenant("bob") is hub.tenant("bob")
        hub.tenant("bob").remember("I play the cello in an orchestra.", speaker="Bob", message_id="b1")
    assert hub._closed


def test_reply_link_unlocks_the_answer(hub):
    mem = hub.tenant("alice")
    mem.remember_many(
        [
            Message("Did you finally paint that lake sunrise you talked about?", "Caroline", "q1", "s1", T0),
            Message(
                "Yes! Last year, it hangs in the kitchen now.",
                "Melanie",
                "a1",
                "s1",
                T0 + timedelta(minutes=1),
                reply_to="q1",
            ),
            Message(
                "I also need to buy groceries for the week ahead.",
                "Melanie",
                "x1",
                "s1",
                T0 + timedelta(minutes=2),
                reply_to="a1",
            ),
        ]
    )
    links = mem.links(mem.recall("paint lake sunrise", k=1)[0].card.id)
    assert any(link.kind is LinkKind.REPLY_TO for link in links)
    hits = mem.recall("when did Melanie paint the lake sunrise?", k=3)
    ids = [h.card.source_ids[0] for h in hits]
    assert "a1" in ids  # the reply shares no word with the query, it is unlocked by its question
    answer = next(h for h in hits if h.card.source_ids[0] == "a1")
    if answer.layer == "associative":
        assert answer.via[1] == "REPLY_TO"


def test_tenants_are_isolated(hub):
    a, b = hub.tenant("alice"), hub.tenant("bob")
    a.remember("My secret garden has blue roses.", speaker="Alice", message_id="a1")
    b.remember("My workshop builds wooden boats.", speaker="Bob", message_id="b1")
    assert all(h.card.speaker == "Alice" for h in a.recall("blue roses wooden boats garden workshop", k=10))
    assert all(h.card.speaker == "Bob" for h in b.recall("blue roses wooden boats garden workshop", k=10))


def test_tenants_isolated_under_concurrent_threads(hub):
    names = ["t0", "t1", "t2", "t3"]
    errors = []

    def work(name):
        try:
            mem = hub.tenant(name)
            for i in range(15):
                mem.remember(
                    f"{name} owns a distinct object number {i} called {name}thing{i}.",
                    speaker=name,
                    message_id=f"{name}-{i}",
                )
                for h in mem.recall(f"object number {i}", k=5):
                    assert h.card.speaker == name, (name, h.card)
        except BaseException as exc:  # surfaced below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(n,)) for n in names]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    for n in names:
        assert hub.tenant(n).stats()["cards"] == 15
        assert hub.tenant(n).stats()["indexed"] == 15


def test_remember_later_and_flush(hub):
    mem = hub.tenant("alice")
    for i in range(5):
        mem.remember_later(f"I visited museum number {i} in Vienna.", speaker="Ann", message_id=f"m{i}")
    mem.flush()
    assert mem.stats()["cards"] == 5


def test_reopen_keeps_everything(disk_hub_factory):
    hub = disk_hub_factory()
    mem = hub.tenant("alice")
    made = mem.remember_many(
        [
            Message("I moved to Porto in May to work at a bakery.", "Ann", "m1", "s1", T0),
            Message(
                "My brother Tom is a pilot for a cargo airline.", "Ann", "m2", "s1", T0 + timedelta(minutes=1)
            ),
        ]
    )
    before = (mem.stats(), [h.card.id for h in mem.recall("where does Ann work?", k=5)])
    hub.close()
    hub2 = disk_hub_factory()
    mem2 = hub2.tenant("alice")
    assert mem2.stats() == before[0]
    assert [h.card.id for h in mem2.recall("where does Ann work?", k=5)] == before[1]
    assert mem2.card(made[0].id).with_changes(access_count=0, last_access=None) == made[0]
    assert hub2.tenants() == ["alice"]


class _CrashingIndex:
    """Wraps the real index; the upsert 'crashes' after SQLite was written."""

    def __init__(self, real):
        self.real = real

    def __getattr__(self, name):
        return getattr(self.real, name)

    def upsert(self, *args, **kwargs):
        raise RuntimeError("simulated crash between the SQLite and the Qdrant write")


def test_crash_between_sqlite_and_qdrant_is_reconciled(disk_hub_factory):
    hub = disk_hub_factory()
    mem = hub.tenant("alice")
    mem.remember("I keep bees on the roof of my flat.", speaker="Ann", message_id="ok")
    hub.vectors = _CrashingIndex(hub.vectors)
    with pytest.raises(RuntimeError, match="simulated crash"):
        mem.remember("My favourite composer is Arvo Part.", speaker="Ann", message_id="lost")
    assert tenant_parts(mem).db.unindexed_ids(), "the card is in SQLite but not indexed"
    hub.vectors = hub.vectors.real
    # a stray point that SQLite does not know (e.g. a card deleted while the index was down)
    import numpy as np

    stray = "00000000-0000-4000-8000-000000000001"
    hub.vectors.upsert("alice", [stray], np.ones((1, hub.embedder.dim), np.float32), [([1], [1.0])])
    hub.close()

    hub2 = disk_hub_factory()
    mem2 = hub2.tenant("alice")
    assert not tenant_parts(mem2).db.unindexed_ids()
    assert hub2.vectors.ids("alice") == tenant_parts(mem2).db.all_ids()
    assert stray not in hub2.vectors.ids("alice")
    assert mem2.recall("favourite composer", k=1)[0].card.source_ids == ("lost",)


def test_model_mismatch_is_refused_until_reindex(disk_hub_factory):
    hub = disk_hub_factory(embedder=HashEmbedder(dim=64))
    hub.tenant("alice").remember("I collect vintage maps of Africa.", speaker="Ann", message_id="m1")
    hub.close()
    hub2 = disk_hub_factory(embedder=HashEmbedder(dim=128))
    with pytest.raises(EmbeddingMismatch, match="reindex"):
        hub2.tenant("alice")
    assert hub2.reindex("alice") == 1
    assert hub2.tenant("alice").recall("vintage maps", k=1)[0].card.source_ids == ("m1",)
    assert hub2.tenant("alice").stats()["embedding_model"] == "hash-128+lex3"


@pytest.mark.parametrize("name", ["../x", "a/b", "", "..", "a b", "x" * 65, ".hidden", "a\\b", None, "é"])
def test_bad_tenant_names(hub, name):
    with pytest.raises(InvalidInput, match="tenant name"):
        hub.tenant(name)


def test_tenant_names_differing_in_case_collide(disk_hub_factory):
    hub = disk_hub_factory()
    hub.tenant("Alice")
    with pytest.raises(InvalidInput, match="collides"):
        hub.tenant("alice")


@pytest.mark.parametrize("text", ["", "   \n\t  "])
def test_empty_messages_are_refused(hub, text):
    with pytest.raises(InvalidInput, match="empty"):
        hub.tenant("alice").remember(text, speaker="Ann")


def test_huge_message_refused_and_nothing_lost(hub):
    mem = hub.tenant("alice")
    mem.remember("I teach chemistry at the village school.", speaker="Ann", message_id="keep")
    with pytest.raises(InvalidInput, match="max_message_chars"):
        mem.remember("word " * 250_000, speaker="Ann", message_id="huge")
    assert mem.stats()["cards"] == 1
    # a batch with one bad message stores nothing from the batch
    with pytest.raises(InvalidInput):
        mem.remember_many(
            [Message("I grow tomatoes on my balcony.", "Ann", "ok2"), Message(" ", "Ann", "bad")]
        )
    assert mem.stats()["cards"] == 1


def test_non_utf8_bytes_refused_valid_bytes_accepted(hub):
    mem = hub.tenant("alice")
    with pytest.raises(InvalidInput, match="UTF-8"):
        mem.remember(b"I like caf\xe9 au lait", speaker="Ann")
    cards = mem.remember("I like café au lait every morning.".encode(), speaker="Ann", message_id="u1")
    assert "café" in cards[0].content


def test_control_characters_and_missing_speaker(hub):
    mem = hub.tenant("alice")
    cards = mem.remember("I own\x00 a red\x07 kayak for river trips.", speaker="Ann", message_id="c1")
    assert "\x00" not in cards[0].content
    with pytest.raises(InvalidInput, match="speaker"):
        mem.remember("I own a kayak.", speaker="  ")


def test_remembering_twice_is_idempotent(hub):
    mem = hub.tenant("alice")
    first = mem.remember("I run a small pottery studio downtown.", speaker="Ann", message_id="p1", at=T0)
    assert mem.remember("I run a small pottery studio downtown.", speaker="Ann", message_id="p1", at=T0) == []
    assert mem.stats()["cards"] == len(first)


def test_forget_removes_card_links_and_vector(hub):
    mem = hub.tenant("alice")
    mem.remember_many(
        [
            Message("I play chess with my grandfather on Sundays.", "Ann", "m1", "s1", T0),
            Message(
                "My grandfather taught me the Sicilian defence in chess.",
                "Ann",
                "m2",
                "s1",
                T0 + timedelta(minutes=1),
            ),
        ]
    )
    target = mem.recall("Sicilian defence", k=1)[0].card
    assert mem.links(target.id)
    mem.forget(target.id)
    with pytest.raises(NotFound):
        mem.card(target.id)
    assert mem.links(target.id) == []
    assert target.id not in hub.vectors.ids("alice")
    assert target.id not in tenant_parts(mem).graph
    assert all(h.card.id != target.id for h in mem.recall("Sicilian defence chess", k=10))
    assert tenant_parts(mem).db.messages(["m2"]) == []
    with pytest.raises(NotFound):
        mem.forget(target.id)


def test_frozen_and_archived_cards_are_not_recalled(hub):
    mem = hub.tenant("alice")
    card = mem.remember("I am allergic to peanuts and cashews.", speaker="Ann", message_id="m1")[0]
    mem.archive.freeze(card.id)
    assert mem.recall("peanut allergy", k=5) == []
    mem.archive.thaw(card.id)
    assert mem.recall("allergic to peanuts", k=5)[0].card.id == card.id


def test_recall_touches_cards_in_background(hub, clock):
    mem = hub.tenant("alice")
    card = mem.remember("I swim in the lake every morning.", speaker="Ann", message_id="m1")[0]
    clock.advance(days=3)
    mem.recall("swim lake", k=1)
    mem.flush()
    again = mem.card(card.id)
    assert again.access_count == 1 and again.last_access == clock.now()


def test_token_budget_cuts_hits(hub):
    mem = hub.tenant("alice")
    for i in range(6):
        mem.remember(
            f"I visited the harbour town number {i} and ate grilled fish there.",
            speaker="Ann",
            message_id=f"m{i}",
        )
    assert len(mem.recall("harbour town grilled fish", k=6, token_budget=40)) < len(
        mem.recall("harbour town grilled fish", k=6)
    )


def test_drop_tenant_removes_files_and_collection(disk_hub_factory, tmp_path):
    hub = disk_hub_factory()
    hub.tenant("gone").remember("I sail a small dinghy on weekends.", speaker="Ann", message_id="m1")
    hub.drop_tenant("gone")
    assert not list((tmp_path / "data" / "tenants").glob("gone.sqlite*"))
    assert not hub.vectors.exists("gone")
    assert hub.tenants() == []


def test_second_process_lock_is_a_clear_error(tmp_path):
    import subprocess
    import sys

    from autogen_zettel import MemoryHub

    hub = MemoryHub.open(tmp_path / "d", embedder=HashEmbedder())
    try:
        code = (
            "import sys\n"
            "from autogen_zettel import MemoryHub, HashEmbedder, StoreLocked\n"
            "try:\n"
            f"    MemoryHub.open({str(tmp_path / 'd')!r}, embedder=HashEmbedder())\n"
            "except StoreLocked as e:\n"
            "    print('LOCKED', e); sys.exit(0)\n"
            "sys.exit(3)\n"
        )
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
        assert out.returncode == 0, out.stderr
        assert "qdrant-url" in out.stdout or "vectors.url" in out.stdout
    finally:
        hub.close()


def test_reply_link_across_separate_remember_calls(hub):
    """Capture stores one message per call; the answer still links to its question."""
    mem = hub.tenant("alice")
    q = mem.remember(
        "Did you finish the pottery bowl for your mother?", speaker="Ann", message_id="q", session_id="s"
    )
    a = mem.remember(
        "Yes, glazed it blue on Sunday.", speaker="Bo", message_id="a", session_id="s", reply_to="q"
    )
    assert any(
        l.kind is LinkKind.REPLY_TO and {l.src, l.dst} == {q[0].id, a[0].id} for l in mem.links(a[0].id)
    )


def test_link_judge_grades_candidates(tmp_path, clock):
    from autogen_zettel import MemoryHub

    calls = []

    def judge(card, candidates):
        calls.append((card.content, [c.content for c, _ in candidates]))
        return {c.id: LinkKind.STRONGLY_RELATED for c, _ in candidates}

    with MemoryHub.open(memory=True, embedder=HashEmbedder(), clock=clock, link_judge=judge) as hub:
        mem = hub.tenant("alice")
        mem.remember("I grow tomatoes and basil on my balcony.", speaker="Ann", message_id="m1")
        b = mem.remember("My balcony garden also has mint.", speaker="Ann", message_id="m2")[0]
        assert calls and calls[-1][1]
        assert any(l.kind is LinkKind.STRONGLY_RELATED for l in mem.links(b.id))
