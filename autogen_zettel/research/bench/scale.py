"""Scale benchmark: ingest throughput and recall latency with many cards in one tenant.

LoCoMo turns are replayed round after round (:func:`~autogen_zettel.research.bench.fill.fill_tenant`,
a year later each round) until the tenant holds the asked number of cards; its questions are
the queries.
"""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np

from autogen_zettel.research.bench.fill import fresh_tenant

__all__ = ["run_scale"]


def run_scale(hub, data: str | Path, *, n_cards: int = 10_000, n_queries: int = 200, tenant: str = "scale",
              progress: bool = False) -> dict:
    """Fill ``tenant`` to ``n_cards`` cards and time ingestion, recall and reopening."""
    mem, fill, questions = fresh_tenant(hub, data, tenant, n_cards, round_days=365, progress=progress)
    cards = mem.db.count()
    mem.recall("warm up", k=10, touch=False)
    latencies = []
    for i in range(n_queries):
        t0 = time.perf_counter()
        mem.recall(questions[i % len(questions)], k=10, touch=False)
        latencies.append(1000 * (time.perf_counter() - t0))
    reopen = float("nan")
    if hub.data_dir is not None:
        from autogen_zettel.memory import MemoryHub

        data_dir, config, embedder = hub.data_dir, hub.config, hub.embedder
        hub.close()
        t0 = time.perf_counter()
        with MemoryHub.open(data_dir, config=config, embedder=embedder) as again:
            again.tenant(tenant).graph  # the graph loads lazily; count it
            reopen = time.perf_counter() - t0
    return {
        "cards": cards,
        "messages": fill.messages,
        "messages_per_s": fill.messages / fill.seconds if fill.seconds else float("nan"),
        "cards_per_s": cards / fill.seconds if fill.seconds else float("nan"),
        "recall_ms_p50": float(np.percentile(latencies, 50)),
        "recall_ms_p95": float(np.percentile(latencies, 95)),
        "reopen_s": reopen,
    }
