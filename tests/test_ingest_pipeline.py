"""``remember_many(..., batch=n)`` embeds the next batch on the hub's embed-ahead threads while the
current one is written (#12). What it stores equals one ``remember_many`` call per batch, also
when the model fails on that thread or a batch cannot be drafted: the error reaches the caller,
the batches before are finished, the failing one is left as one call would leave it (stored
with its pending marks when the model failed), and nothing later is stored."""

from __future__ import annotations

import hashlib
import json
import threading
from contextlib import contextmanager

import pytest

from autogen_zettel import HashEmbedder, InvalidInput, MemoryHub, SimulatedClock
from autogen_zettel.cards.refine import HeuristicRefiner
from autogen_zettel.memory.hub import EMBED_AHEAD_THREADS
from autogen_zettel.memory.tenant import tenant_parts

from .test_ingest_identity import T0, _rows, messages

_TABLES = ("cards", "links", "claims", "conflicts", "card_entities", "messages", "pending", "card_history")


class FlakyEmbedder(HashEmbedder):
    """Fails its ``fail_on``-th batch encode; records the threads that encoded."""

    def __init__(self, fail_on: int | None = None):
        super().__init__()
        self.fail_on, self.calls, self.threads = fail_on, 0, set()

    def encode(self, texts, *, query=False):
        if not query:
            self.calls += 1
            self.threads.add(threading.current_thread().name)
            if self.calls == self.fail_on:
                raise RuntimeError("the model failed")
        return super().encode(texts, query=query)


class FlakyRefiner(HeuristicRefiner):
    """Fails on the message whose id is ``fail_id``."""

    def __init__(self, fail_id: str):
        self.fail_id = fail_id

    def refine(self, text, **kwargs):
        if kwargs.get("message_id") == self.fail_id:
            raise InvalidInput("the refiner failed")
        return super().refine(text, **kwargs)


def _hub(engine, folder, **kwargs):
    kwargs.setdefault("embedder", HashEmbedder())
    if engine == "memory":
        return MemoryHub.open(memory=True, clock=SimulatedClock(T0), **kwargs)
    return MemoryHub.open(folder, clock=SimulatedClock(T0), **kwargs)


def _digests(mem, *, ordered: bool) -> dict:
    out = {}
    for table in _TABLES:
        rows = _rows(tenant_parts(mem).db.db, table)
        if table == "links" and not ordered:  # qdrant-edge orders exact ties freely
            rows = sorted(r[1:] for r in rows)
        out[table] = [len(rows), hashlib.sha256(json.dumps(rows, default=str).encode()).hexdigest()]
    out["index"] = sorted(mem.hub.vectors.ids(mem.name))
    return out


def _one_call_each(mem, msgs, size):
    for start in range(0, len(msgs), size):
        mem.remember_many(msgs[start : start + size])


@pytest.mark.parametrize("engine", ["memory", "path"])
def test_pipelined_batches_store_what_one_call_per_batch_stores(engine, tmp_path):
    msgs = messages(
        96
    )  # more repeats the same lines so often that qdrant-edge's free order of exact ties shows
    a, b = _hub(engine, tmp_path / "a", embedder=FlakyEmbedder()), _hub(engine, tmp_path / "b")
    try:
        made = a.tenant("ann").remember_many(msgs, batch=16)
        _one_call_each(b.tenant("ann"), msgs, 16)
        assert _digests(a.tenant("ann"), ordered=engine == "memory") == _digests(
            b.tenant("ann"), ordered=engine == "memory"
        )
        assert len(made) == tenant_parts(b.tenant("ann")).db.count()
        # every batch embedded on the hub's embed-ahead threads, none on the caller's
        assert a.embedder.threads and a.embedder.threads <= {
            f"autogen-zettel-embed_{i}" for i in range(EMBED_AHEAD_THREADS)
        }
        # a second call reuses them: the hub never holds more
        a.tenant("bo").remember_many(msgs[:40], batch=16)
        assert (
            1
            <= sum(t.name.startswith("autogen-zettel-embed") for t in threading.enumerate())
            <= EMBED_AHEAD_THREADS
        )
    finally:
        a.close()
        b.close()
    assert a._embed_ahead is None  # closing the hub ends the threads


@contextmanager
def _failing_both_ways(engine, tmp_path, msgs, batch, error, match, parts):
    """``msgs`` ingested pipelined into one hub and one call per batch into another, each hub
    made with ``parts()`` and failing with ``error``; yields the pipelined tenant once both
    stored the same rows, then closes both hubs."""
    a, b = _hub(engine, tmp_path / "a", **parts()), _hub(engine, tmp_path / "b", **parts())
    try:
        with pytest.raises(error, match=match):
            a.tenant("ann").remember_many(msgs, batch=batch)
        with pytest.raises(error, match=match):
            _one_call_each(b.tenant("ann"), msgs, batch)
        mem = a.tenant("ann")
        assert _digests(mem, ordered=engine == "memory") == _digests(
            b.tenant("ann"), ordered=engine == "memory"
        )
        yield mem
    finally:
        a.close()
        b.close()


@pytest.mark.parametrize("engine", ["memory", "path"])
def test_a_model_error_on_the_embedding_thread_leaves_what_one_call_per_batch_leaves(engine, tmp_path):
    msgs = messages(72)
    with _failing_both_ways(
        engine,
        tmp_path,
        msgs,
        24,
        RuntimeError,
        "the model failed",
        lambda: {"embedder": FlakyEmbedder(fail_on=2)},
    ) as mem:
        # the first batch is finished, the second stored and marked pending, the third not stored
        pending = tenant_parts(mem).db.pending()
        assert pending and {r[1] for r in pending} <= {f"m{i}" for i in range(24, 48)}
        assert not tenant_parts(mem).db.messages([f"m{i}" for i in range(48, 72)])
        # the third batch was sent to the thread with the second one's rows; if the thread took
        # it up before the second one's error reached the writer it ran, unstored (a loaded machine)
        assert mem.hub.embedder.calls in (2, 3)
        # the model works again: the rest goes in, the pending batch is finished as on reopening
        mem.hub.embedder.fail_on = None
        mem.remember_many(msgs[48:], batch=12)
        assert tenant_parts(mem).writer.ingest().finish_pending() == len(pending)
        assert not tenant_parts(mem).db.pending()


@pytest.mark.parametrize("engine", ["memory", "path"])
def test_a_batch_that_cannot_be_drafted_stops_after_the_batch_before_is_finished(engine, tmp_path):
    with _failing_both_ways(
        engine,
        tmp_path,
        messages(72),
        24,
        InvalidInput,
        "the refiner failed",
        lambda: {"refiner": FlakyRefiner("m30")},
    ) as mem:
        assert not tenant_parts(mem).db.pending() and tenant_parts(mem).db.count() > 0


@pytest.mark.parametrize("bad", [0, -1, 2.5, True, "8"])
def test_batch_must_be_a_positive_whole_number(bad):
    hub = MemoryHub.open(memory=True, embedder=HashEmbedder())
    try:
        with pytest.raises(InvalidInput, match="batch must be"):
            hub.tenant("ann").remember_many(messages(4), batch=bad)
    finally:
        hub.close()
