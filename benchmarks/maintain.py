"""Maintenance benchmark: how long decay, merge, prune, summaries and conflicts take at N cards.

LoCoMo turns are replayed round after round (:func:`~benchmarks.fill.fill_tenant`,
``round_days`` later each round) until the tenant holds the asked number of cards, so later
rounds repeat earlier ones word for word: a worst case for merging. Maintenance then runs
once, as of a day after the last turn; recall latency is timed before and after.
"""

from __future__ import annotations

import time
from datetime import timedelta
from pathlib import Path

import numpy as np

from autogen_zettel.memory.tenant import tenant_parts
from benchmarks.fill import fresh_tenant

__all__ = ["run_maintain"]


def _latency(mem, questions: list[str], at, n: int = 50) -> float:
    mem.recall("warm up", k=10, at=at, touch=False)
    times = []
    for i in range(n):
        t0 = time.perf_counter()
        mem.recall(questions[i % len(questions)], k=10, at=at, touch=False)
        times.append(1000 * (time.perf_counter() - t0))
    return float(np.percentile(times, 50))


def run_maintain(
    hub,
    data: str | Path,
    *,
    n_cards: int = 10_000,
    tenant: str = "maintain",
    round_days: int = 30,
    progress: bool = False,
) -> dict:
    """Fill ``tenant`` to ``n_cards`` cards, then time one full maintenance run."""
    t_start = time.perf_counter()
    mem, _, questions = fresh_tenant(hub, data, tenant, n_cards, round_days, progress=progress)
    fill_s = time.perf_counter() - t_start
    last = max(c.created_at for c in tenant_parts(mem).db.recent_cards(1))
    at = last + timedelta(days=1)
    before = mem.stats()
    recall_before = _latency(mem, questions, at)
    t0 = time.perf_counter()
    report = mem.maintain(at=at)
    seconds = time.perf_counter() - t0
    after = mem.stats()
    recall_after = _latency(mem, questions, at)
    return {
        "cards_before": before["cards"],
        "links_before": before["links"],
        "cards_after": after["cards"],
        "links_after": after["links"],
        "by_status_after": after["by_status"],
        "fill_seconds": round(fill_s, 1),
        "maintain_seconds": round(seconds, 2),
        "report": report.to_dict(),
        "recall_ms_p50_before": round(recall_before, 1),
        "recall_ms_p50_after": round(recall_after, 1),
        "index_points_after": after["indexed"],
    }
