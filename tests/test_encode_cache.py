"""The hub's encode cache: one encode per distinct text, the same bytes as an uncached encode,
bounded, shared by tenants and safe when two threads ask for the same text at once."""

from __future__ import annotations

import threading

import numpy as np
import pytest

from autogen_zettel import MemoryHub
from autogen_zettel.base.config import MemoryConfig
from autogen_zettel.embed.embedders import HashEmbedder
from autogen_zettel.embed.encode_cache import CachedEmbedder, unwrap


class Counting(HashEmbedder):
    """A hash embedder that counts the texts it encodes, and can be held inside an encode."""

    def __init__(self, dim: int = 64):
        super().__init__(dim)
        self.texts: list[str] = []
        self.entered = threading.Event()
        self.release = threading.Event()
        self.release.set()
        self.fail = False

    def encode(self, texts, *, query=False):
        self.texts.extend(texts)
        self.entered.set()
        self.release.wait()
        if self.fail:
            raise RuntimeError("model failed")
        return super().encode(texts, query=query)


TEXTS = ["I moved to Lisbon in May.", "hi", "我上周去了北京。", "I moved to Lisbon in May.", "a dog ran"]


def test_cached_vectors_are_the_uncached_bytes():
    bare, cached = HashEmbedder(64), CachedEmbedder(HashEmbedder(64), max_bytes=1 << 20)
    first = cached.encode(TEXTS)
    again = cached.encode(list(reversed(TEXTS)))
    assert first.dtype == np.float32 and first.tobytes() == bare.encode(TEXTS).tobytes()
    assert again.tobytes() == bare.encode(list(reversed(TEXTS))).tobytes()
    assert cached.encode(TEXTS, query=True).tobytes() == bare.encode(TEXTS, query=True).tobytes()


def test_each_distinct_text_encoded_once():
    inner = Counting()
    cached = CachedEmbedder(inner, max_bytes=1 << 20)
    cached.encode(TEXTS)
    cached.encode(TEXTS[:2])
    cached.encode(["a dog ran", "new text"])
    assert sorted(inner.texts) == sorted(set(TEXTS) | {"new text"})
    cached.encode(["hi"], query=True)  # a query is its own key: an embedder may treat queries otherwise
    assert inner.texts[-1] == "hi"


def test_bounded_by_bytes_least_recently_used_first():
    inner = Counting(dim=64)
    one = 64 * 4 + 1 + 120  # a vector, a one-letter text, the entry's overhead
    cached = CachedEmbedder(inner, max_bytes=3 * one)
    cached.encode(["a", "b", "c"])
    cached.encode(["a"])  # a is the most recent now
    cached.encode(["d"])  # b goes
    assert cached.stats()["entries"] == 3 and cached.stats()["bytes"] <= 3 * one
    inner.texts.clear()
    cached.encode(["a", "b", "c", "d"])
    assert inner.texts == ["b"]


def test_two_threads_asking_for_one_text_encode_it_once():
    inner = Counting()
    cached = CachedEmbedder(inner, max_bytes=1 << 20)
    inner.release.clear()
    results = {}
    first = threading.Thread(target=lambda: results.setdefault("a", cached.encode(["same text", "only a"])))
    first.start()
    assert inner.entered.wait(10)
    # the second asks while the first is inside its encode: it waits for the first's row
    second = threading.Thread(target=lambda: results.setdefault("b", cached.encode(["same text"])))
    second.start()
    second.join(0.2)
    inner.release.set()
    first.join(10)
    second.join(10)
    assert inner.texts.count("same text") == 1
    assert (
        results["a"][0].tobytes()
        == results["b"][0].tobytes()
        == HashEmbedder(64).encode(["same text"])[0].tobytes()
    )


def test_a_failed_encode_leaves_no_claim_behind():
    inner = Counting()
    cached = CachedEmbedder(inner, max_bytes=1 << 20)
    inner.fail = True
    with pytest.raises(RuntimeError):
        cached.encode(["x"])
    inner.fail = False
    assert cached.encode(["x"]).tobytes() == HashEmbedder(64).encode(["x"]).tobytes()


def test_zero_bytes_is_no_cache():
    inner = Counting()
    cached = CachedEmbedder(inner, max_bytes=0)
    cached.encode(["x"])
    cached.encode(["x"])
    assert inner.texts == ["x", "x"]


def test_tenants_of_a_hub_share_one_encode(tmp_path):
    inner = Counting()
    with MemoryHub.open(tmp_path, embedder=inner) as hub:
        assert unwrap(hub.embedder) is inner and hub.embedder.name == inner.name
        text = "Ann said the Lisbon flat has a view of the river and a small balcony."
        for name in ("ann", "bob", "cat"):
            hub.tenant(name).remember(text, speaker="ann", message_id="m1")
        distinct = set(inner.texts)
        assert len(inner.texts) == len(distinct)  # three tenants, each card's text encoded once
        hits = {
            name: [h.card.content for h in hub.tenant(name).recall("Lisbon flat", touch=False)]
            for name in ("ann", "bob", "cat")
        }
        assert hits["ann"] and hits["ann"] == hits["bob"] == hits["cat"]
        assert inner.texts.count(next(t for t in inner.texts if "Lisbon flat" in t)) == 1


def test_cache_off_by_config(tmp_path):
    inner = Counting()
    cfg = MemoryConfig.model_validate({"embedding": {"cache_mb": 0}})
    with MemoryHub.open(tmp_path, embedder=inner, config=cfg) as hub:
        assert hub.embedder is inner


def test_minilm_cached_rows_equal_uncached_encodes():
    """The bundled model gives a text the same bytes alone or in any batch, so a row kept from one
    call is what another call would have computed."""
    from autogen_zettel.embed.embedders import make_embedder

    bare = make_embedder("minilm")
    cached = CachedEmbedder(bare, max_bytes=1 << 20)
    texts = [
        "I moved to Lisbon in May.",
        "hi",
        "我上周去了北京,天气很好。",
        "a much longer sentence about the weather in the mountains this week, with more words",
    ]
    batch = cached.encode(texts)
    assert batch.tobytes() == bare.encode(texts).tobytes()
    for i, text in enumerate(texts):
        alone = bare.encode([text])[0]
        assert alone.tobytes() == batch[i].tobytes()
        assert cached.encode([text])[0].tobytes() == alone.tobytes()
    mixed = cached.encode([texts[2], "a new text here", texts[0]])
    assert mixed.tobytes() == bare.encode([texts[2], "a new text here", texts[0]]).tobytes()


def test_the_cache_reads_and_sets_through_to_its_embedder():
    inner = Counting()
    cached = CachedEmbedder(inner, max_bytes=1 << 20)
    cached.fail = True  # an attribute of the embedder, not of the cache
    assert inner.fail and cached.fail
    with pytest.raises(RuntimeError):
        cached.encode(["x"])
