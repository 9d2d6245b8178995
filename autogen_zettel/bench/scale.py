"""Scale benchmark: ingest throughput and recall latency with many cards in one tenant.

LoCoMo turns are replayed round after round (new message and session ids, a year later each
round) until the tenant holds the asked number of cards; its questions are the queries.
"""

from __future__ import annotations

import time
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import numpy as np

from .locomo import load_locomo

__all__ = ["run_scale"]


def run_scale(hub, data: str | Path, *, n_cards: int = 10_000, n_queries: int = 200, tenant: str = "scale",
              progress: bool = False) -> dict:
    """Fill ``tenant`` to ``n_cards`` cards and time ingestion, recall and reopening."""
    convs = load_locomo(data)
    turns = [t for c in convs for t in c.turns]
    questions = [q.text for c in convs for q in c.questions]
    hub.drop_tenant(tenant)
    mem = hub.tenant(tenant)
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=n_cards, desc="filling", unit="card")
    n_messages = 0
    seconds = 0.0
    rnd = 0
    while mem.db.count() < n_cards:
        batch = [
            replace(t, message_id=f"r{rnd}:{t.message_id}", session_id=f"r{rnd}:{t.session_id}",
                    reply_to=f"r{rnd}:{t.reply_to}" if t.reply_to else None, at=t.at + timedelta(days=365 * rnd))
            for t in turns
        ]
        for start in range(0, len(batch), 256):
            if mem.db.count() >= n_cards:
                break
            chunk = batch[start : start + 256]
            t0 = time.perf_counter()
            made = mem.remember_many(chunk)
            seconds += time.perf_counter() - t0
            n_messages += len(chunk)
            if bar:
                bar.update(len(made))
        rnd += 1
    if bar:
        bar.close()
    cards = mem.db.count()
    mem.recall("warm up", k=10, touch=False)
    latencies = []
    for i in range(n_queries):
        t0 = time.perf_counter()
        mem.recall(questions[i % len(questions)], k=10, touch=False)
        latencies.append(1000 * (time.perf_counter() - t0))
    reopen = float("nan")
    if hub.data_dir is not None:
        from ..memory import MemoryHub

        data_dir, config, embedder = hub.data_dir, hub.config, hub.embedder
        hub.close()
        t0 = time.perf_counter()
        with MemoryHub.open(data_dir, config=config, embedder=embedder) as again:
            again.tenant(tenant).graph  # the graph loads lazily; count it
            reopen = time.perf_counter() - t0
    return {
        "cards": cards,
        "messages": n_messages,
        "messages_per_s": n_messages / seconds if seconds else float("nan"),
        "cards_per_s": cards / seconds if seconds else float("nan"),
        "recall_ms_p50": float(np.percentile(latencies, 50)),
        "recall_ms_p95": float(np.percentile(latencies, 95)),
        "reopen_s": reopen,
    }
