"""Recall embeds its query on the hub's query threads while the lexical half of the search runs
(#12): the same hits as embedding it first, and an embedding error reaches the caller."""

from __future__ import annotations

import pytest

from autogen_zettel import HashEmbedder, MemoryHub
from autogen_zettel.memory.recall import progressive_recall

from .conftest import T0


class _Failing(HashEmbedder):
    def encode(self, texts, *, query=False):
        if query:
            raise RuntimeError("the model broke")
        return super().encode(texts, query=query)


@pytest.mark.parametrize("on_disk", [False, True], ids=["qdrant-memory", "edge"])
def test_overlapped_recall_gives_the_hits_of_embedding_first(tmp_path, clock, on_disk):
    where = {"data_dir": tmp_path} if on_disk else {"memory": True}
    hub = MemoryHub.open(**where, embedder=HashEmbedder(dim=64), clock=clock)
    try:
        mem = hub.tenant("ann")
        lines = ["I adopted a puppy named Oscar", "Bob framed the harbour painting for the gallery",
                 "We went camping at the lake", "Oscar chewed my running shoes", "pottery class with Melanie",
                 "Bob sold the boat painting", "the lake was cold in May", "Melanie glazed a blue bowl"]
        mem.remember_many([{"text": t, "speaker": "Ann" if i % 2 else "Bob", "message_id": f"m{i}",
                            "session_id": "s1", "at": T0} for i, t in enumerate(lines)])
        for q in ("what did Oscar do?", "Bob and the painting", "camping"):
            plain = progressive_recall(mem.store, q, k=5, now=T0, embedder=hub.embedder, config=mem.config,
                                       graph=lambda: mem.neighbours)
            overlapped = mem.recall(q, k=5, at=T0, touch=False)
            assert [(h.card.id, h.layer) for h in overlapped] == [(h.card.id, h.layer) for h in plain]
            assert [h.score for h in overlapped] == pytest.approx([h.score for h in plain], abs=1e-6)
            assert overlapped
    finally:
        hub.close()


def test_an_embedding_error_on_the_query_thread_reaches_the_caller(tmp_path, clock):
    hub = MemoryHub.open(tmp_path, embedder=_Failing(dim=64), clock=clock)
    try:
        mem = hub.tenant("ann")
        mem.remember("I adopted a puppy named Oscar", speaker="Ann")
        with pytest.raises(RuntimeError, match="the model broke"):
            mem.recall("Oscar", touch=False)
        assert mem.db.count() == 1  # nothing stored is touched
    finally:
        hub.close()
