"""Integration with the real bundled all-MiniLM-L6-v2 model through FlagEmbedding."""

from __future__ import annotations

from datetime import datetime, timedelta

import numpy as np
import pytest

from autogen_zettel import EmbeddingMismatch, HashEmbedder, MemoryHub, Message

pytestmark = pytest.mark.integration


def test_direct_encoding_matches_flagembedding(minilm):
    from autogen_zettel.embed.embedders import FlagEmbedder

    texts = ["I adopted a puppy last week.", "The quarterly report is due on Friday, please review it."]
    ours = minilm.encode(texts)  # ONNX Runtime when installed (tests/test_onnx.py), else torch
    torch_path = FlagEmbedder(runtime="torch")
    theirs = torch_path._loaded().encode(texts, batch_size=8)  # FlagEmbedding's own encode
    assert np.allclose(torch_path.encode(texts), theirs, atol=1e-4)
    assert ours.shape == (2, 384) and ours.dtype == np.float32
    assert np.allclose(ours, theirs, atol=1e-4)
    assert np.allclose(np.linalg.norm(ours, axis=1), 1.0, atol=1e-5)
    assert minilm.name == "all-MiniLM-L6-v2+lex3" and minilm.dim == 384


def test_semantic_recall_on_disk_and_reopen(tmp_path, minilm):
    t0 = datetime(2024, 5, 1, 10)
    with MemoryHub.open(tmp_path / "d", embedder=minilm) as hub:
        mem = hub.tenant("ada")
        mem.remember_many(
            [
                Message("I adopted a little dog from the shelter.", "Ada", "m1", "s1", t0),
                Message(
                    "The grant proposal deadline moved to March.",
                    "Ada",
                    "m2",
                    "s1",
                    t0 + timedelta(minutes=1),
                ),
                Message("My favourite food is spicy ramen.", "Ada", "m3", "s2", t0 + timedelta(days=3)),
            ]
        )
        hits = mem.recall("Does she have a pet puppy?", k=1)  # no shared word with m1
        assert hits[0].card.source_ids == ("m1",)
        assert hub.tenant("ada").stats()["embedding_model"] == "all-MiniLM-L6-v2+lex3"
    with MemoryHub.open(tmp_path / "d", embedder=minilm) as hub:
        assert hub.tenant("ada").recall("what noodles does she like to eat?", k=1)[0].card.source_ids == (
            "m3",
        )
    with MemoryHub.open(tmp_path / "d", embedder=HashEmbedder(384)) as hub:
        with pytest.raises(EmbeddingMismatch, match="all-MiniLM-L6-v2"):
            hub.tenant("ada")


def test_default_hub_uses_bundled_model_offline(tmp_path, monkeypatch, default_embedder, e5):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    with MemoryHub.open(tmp_path / "d") as hub:  # builds its own, on the default runtime
        assert hub.embedder.name == default_embedder.name and e5.name in hub.embedder.name
        hub.tenant("x").remember("I keep three beehives in my garden.", speaker="X", message_id="b")
        assert hub.tenant("x").recall("honey bees", k=1)[0].card.source_ids == ("b",)
