"""Recall's query map: fitted from a tenant's own asking messages and the replies others gave
(core/query_map.py, recall/query_map.py, store/asking.py), dropped when a card goes."""

from __future__ import annotations

from datetime import datetime, timedelta

import numpy as np
import pytest

from autogen_zettel import HashEmbedder, MemoryHub
from autogen_zettel.base.config import MemoryConfig
from autogen_zettel.memory.tenant import tenant_parts
from autogen_zettel.recall.query_map import (
    QueryMap,
    QueryMapSlot,
    asking_pairs,
    card_rows,
    fit_query_map,
    mapped_query,
    spread_ids,
)
from autogen_zettel.store.tenant_store import LEARNED

T0 = datetime(2024, 3, 1, 9)
TOPICS = [
    ("pets", "Luna, my grey cat, sleeps all day"),
    ("job", "I fix bicycles at a small shop downtown"),
    ("food", "dumplings with chili oil, every Sunday"),
    ("music", "mostly jazz records from the sixties"),
    ("trip", "we hiked the Dolomites in June"),
    ("book", "a novel about lighthouse keepers"),
    ("garden", "tomatoes and basil on the balcony"),
    ("sport", "badminton twice a week after work"),
    ("car", "an old blue hatchback that still runs"),
    ("school", "I studied chemistry in Lyon"),
]


def _config(**tuning) -> MemoryConfig:
    cfg = MemoryConfig()
    t = cfg.recall.tuning.model_copy(update=tuning)
    return cfg.model_copy(update={"recall": cfg.recall.model_copy(update={"tuning": t})})


def _chat(rounds: int = 1, *, zh: bool = False) -> list[dict]:
    """Ana asks about each topic, Bo answers; now and then Ana asks twice in a row."""
    out = []
    for r in range(rounds):
        for topic, answer in TOPICS:
            ask = f"你的{topic}怎么样？" if zh else f"Tell me about your {topic}?"
            for who, text in (("Ana", ask), ("Bo", f"{answer} ({r})")):
                n = len(out)
                out.append(
                    {
                        "text": text,
                        "speaker": who,
                        "message_id": f"m{n}",
                        "session_id": f"s{r}",
                        "reply_to": f"m{n - 1}" if n else None,
                        "at": T0 + timedelta(minutes=n),
                    }
                )
    return out


def _slot(mem, *, l2=0.1, min_pairs=32) -> QueryMapSlot | None:
    return tenant_parts(mem).store.peek(f"{LEARNED}query_map:{l2!r}:{min_pairs}")


def test_the_fit_moves_held_out_questions_towards_their_answers():
    """A question is its answer pulled towards a direction all questions share (as a sentence
    embedder puts questions near questions), and a hundred other cards ask too: a map fitted on
    80 pairs finds the answers of 40 pairs it never saw, which the raw vectors miss."""
    for seed in range(3):
        rng = np.random.default_rng(seed)
        dim, n = 32, 120
        docs = rng.normal(size=(n + 200, dim)).astype(np.float32)
        asking = rng.normal(size=dim).astype(np.float32)
        asking /= np.linalg.norm(asking)
        docs[n : n + 100] = (
            0.5 * docs[n : n + 100] / np.linalg.norm(docs[n : n + 100], axis=1, keepdims=True) + asking
        )
        docs /= np.linalg.norm(docs, axis=1, keepdims=True)
        asks = 0.5 * docs[:n] + asking + 0.15 * rng.normal(size=(n, dim)).astype(np.float32)
        asks /= np.linalg.norm(asks, axis=1, keepdims=True)
        train, test = np.arange(80), np.arange(80, n)
        m = fit_query_map(asks[train], docs, train, np.full(80, -1), l2=0.01)
        assert isinstance(m, QueryMap) and m.pairs == 80 and m.weights.shape == (dim, dim)

        def found(q):
            return float((np.argmax(q @ docs.T, axis=1) == test).mean())

        assert found(asks[test]) < 0.1
        assert found(m.apply(asks[test])) > 0.3
        assert np.allclose(np.linalg.norm(m.apply(asks), axis=1), 1.0, atol=1e-5)
    assert m.apply(asks[0]).shape == (dim,)  # one vector in, one out


def test_the_asking_card_is_no_answer_to_itself_and_the_l2_weight_holds_the_map_near_zero():
    rng = np.random.default_rng(1)
    docs = rng.normal(size=(30, 8)).astype(np.float32)
    docs /= np.linalg.norm(docs, axis=1, keepdims=True)
    # each question is its own card: masked, so the fit must learn to reach the next card
    m = fit_query_map(docs[:10], docs, np.arange(1, 11), np.arange(10), l2=0.001, steps=200, lr=0.05)
    assert (
        np.argmax(m.apply(docs[:10]) @ docs.T - 10 * np.eye(30)[:10], axis=1) == np.arange(1, 11)
    ).mean() > 0.8
    strong = fit_query_map(docs[:10], docs, np.arange(1, 11), np.arange(10), l2=100.0, steps=200, lr=0.05)
    assert np.abs(strong.weights).max() < np.abs(m.weights).max() / 10


@pytest.mark.parametrize("zh", [False, True])
def test_asking_pairs_are_replies_by_someone_else_newest_first(zh):
    with MemoryHub.open(memory=True, embedder=HashEmbedder()) as hub:
        mem = hub.tenant("t")
        turns = _chat(zh=zh)
        # Ana asks again right after her own question: her follow-up is no answer to it
        turns.insert(
            2, {**turns[0], "message_id": "again", "reply_to": "m0", "at": T0 + timedelta(seconds=30)}
        )
        turns[3]["reply_to"] = "again"
        mem.remember_many(turns)
        pairs = asking_pairs(tenant_parts(mem).store.db, 100)
        texts = {c.id: c for c in tenant_parts(mem).store.db.iter_cards()}
        assert len(pairs) == len(TOPICS)
        assert all(texts[a].speaker == "Ana" and texts[r].speaker == "Bo" for a, _, r in pairs)
        assert all(text == texts[a].content for a, text, _ in pairs)
        assert [texts[a].created_at for a, _, _ in pairs] == sorted(
            (texts[a].created_at for a, _, _ in pairs), reverse=True
        )
        assert len(asking_pairs(tenant_parts(mem).store.db, 3)) == 3
        # a forgotten reply leaves its question without a pair
        mem.forget(pairs[0][2])
        assert pairs[0][0] not in {a for a, _, _ in asking_pairs(tenant_parts(mem).store.db, 100)}
        rows = card_rows(tenant_parts(mem).store.db)
        assert rows >= len(turns) - 1
        spread = spread_ids(tenant_parts(mem).store.db, 5)
        assert len(spread) == len(set(spread)) <= 5 and spread == spread_ids(tenant_parts(mem).store.db, 5)


def test_recall_fits_the_map_once_there_are_enough_pairs_and_refits_as_the_tenant_grows(tmp_path):
    cfg = _config(query_map_min_pairs=12)
    with MemoryHub.open(tmp_path / "data", embedder=HashEmbedder(), config=cfg) as hub:
        mem = hub.tenant("t")
        mem.remember_many(_chat(1))  # 10 pairs: too few
        mem.recall("Tell me about Bo's pets", at=T0 + timedelta(days=1))
        slot = _slot(mem, min_pairs=12)
        assert slot is not None and slot.map is None
        mem.remember_many(_chat(2)[20:])  # 20 pairs
        mem.recall("Tell me about Bo's pets", at=T0 + timedelta(days=1))
        first = slot.map
        assert (
            first is not None
            and first.pairs == 20
            and slot.rows_at_fit == card_rows(tenant_parts(mem).store.db)
        )
        mem.recall("What does Bo cook?", at=T0 + timedelta(days=1))
        assert slot.map is first  # nothing new: no refit
        # the map moves a query in words like the asking messages' (a hashing embedder's map
        # moves nothing else: its dimensions are words)
        v = hub.embedder.encode(["Tell me about your food?"], query=True)[0]
        moved = mapped_query(tenant_parts(mem).store, hub.embedder, v, l2=0.1, min_pairs=12)
        assert np.allclose(moved, first.apply(v)) and not np.allclose(moved, v)
        mem.remember_many(_chat(4)[40:])  # twice the cards: a new fit on the newer pairs,
        mem.recall("What does Bo cook?", at=T0 + timedelta(days=1))  # in the background
        assert slot.settle() and slot.map is not first and slot.map.pairs == 40


def test_a_forget_drops_the_map_and_the_next_recall_fits_it_without_the_card():
    cfg = _config(query_map_min_pairs=12)
    with MemoryHub.open(memory=True, embedder=HashEmbedder(), config=cfg) as hub:
        mem = hub.tenant("t")
        mem.remember_many(_chat(2))
        mem.recall("Tell me about Bo's pets", at=T0 + timedelta(days=1))
        assert _slot(mem, min_pairs=12).map.pairs == 20
        gone = asking_pairs(tenant_parts(mem).store.db, 1)[0][0]
        mem.forget(gone)
        assert _slot(mem, min_pairs=12) is None  # nothing learned from it is kept
        mem.recall("Tell me about Bo's pets", at=T0 + timedelta(days=1))
        slot = _slot(mem, min_pairs=12)
        assert slot.map.pairs == 19 and gone not in slot._ask_vectors
        some = asking_pairs(tenant_parts(mem).store.db, 1)[0][0]
        mem.archive.edit(some, "Tell me about your bicycles?")
        assert _slot(mem, min_pairs=12) is slot  # an edit keeps the old text in the card's history


def test_the_map_is_off_below_its_pairs_and_with_query_map_false():
    with MemoryHub.open(memory=True, embedder=HashEmbedder(), config=_config(query_map=False)) as hub:
        mem = hub.tenant("t")
        mem.remember_many(_chat(4))
        mem.recall("Tell me about Bo's pets", at=T0 + timedelta(days=1))
        assert not any(k.startswith(LEARNED) for k in tenant_parts(mem).store._lasting)


def test_the_map_is_kept_in_the_tenants_database_and_a_forget_deletes_it_there(tmp_path):
    cfg = _config(query_map_min_pairs=12)
    # no maintenance between the launches: it would merge the repeated questions (the pairs this
    # test counts), as it should in a real tenant
    cfg = cfg.model_copy(update={"maintenance": cfg.maintenance.model_copy(update={"every_hours": 0.0})})
    key = f"{LEARNED}query_map:{0.1!r}:12"
    with MemoryHub.open(tmp_path / "data", embedder=HashEmbedder(), config=cfg) as hub:
        mem = hub.tenant("t")
        mem.remember_many(_chat(2))
        mem.recall("Tell me about Bo's pets", at=T0 + timedelta(days=1))
        fitted = _slot(mem, min_pairs=12).map
        assert tenant_parts(mem).store.db.get_meta(key) is not None
    with MemoryHub.open(tmp_path / "data", embedder=HashEmbedder(), config=cfg) as hub:
        mem = hub.tenant("t")
        mem.recall("Tell me about Bo's pets", at=T0 + timedelta(days=1))
        slot = _slot(mem, min_pairs=12)
        assert slot._ask_vectors == {}  # nothing was encoded: the kept map was taken
        assert slot.map.pairs == fitted.pairs and np.array_equal(slot.map.weights, fitted.weights)
        mem.forget(asking_pairs(tenant_parts(mem).store.db, 1)[0][0])
        assert tenant_parts(mem).store.db.get_meta(key) is None and _slot(mem, min_pairs=12) is None
        slot.save(tenant_parts(mem).store, hub.embedder.name)  # a fit that was running during the forget
        assert tenant_parts(mem).store.db.get_meta(key) is None  # lands nowhere
    # a map kept for another model is not taken
    with MemoryHub.open(tmp_path / "data", embedder=HashEmbedder(), config=cfg) as hub:
        mem = hub.tenant("t")
        mem.recall("Tell me about Bo's pets", at=T0 + timedelta(days=1))
        raw = tenant_parts(mem).store.db.get_meta(key)
        tenant_parts(mem).store.db.set_meta(key, raw.replace(hub.embedder.name, "another-model"))
    with MemoryHub.open(tmp_path / "data", embedder=HashEmbedder(), config=cfg) as hub:
        mem = hub.tenant("t")
        mem.recall("Tell me about Bo's pets", at=T0 + timedelta(days=1))
        assert len(_slot(mem, min_pairs=12)._ask_vectors) == 19  # fitted again
