"""How many of the exact nearest neighbours linking's cell-partitioned candidate pick keeps, over
every real neighbour search of a fill (#26).

A tenant is filled with replayed LoCoMo turns (:func:`~benchmarks.fill.fill_tenant`, each distinct
turn embedded once) to ``cards``. Every batched neighbour search that a partitioned dense copy
answers is checked against the full matrix product over the same rows: the exact top ``limit``
(the card itself and its ``links.candidates`` neighbours) of each query, and whether each of them
is among the cells' candidates. Also times the pick both ways on those same searches.

``python -m benchmarks --data-dir D cells --data ../shared/data/locomo/dev.json --cards 100000``
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass

import numpy as np

from autogen_zettel.embed.encode_cache import unwrap
from autogen_zettel.memory.tenant import tenant_parts
from autogen_zettel.store import densecopy
from benchmarks.fill import RepeatCache, fill_tenant

__all__ = ["CellsRow", "run_cells"]


@dataclass
class CellsRow:
    cards: int
    searches: int = 0  # queries answered by a partitioned copy
    neighbours: int = 0  # exact top-limit ids over those queries (the query's own point excluded)
    kept: int = 0  # of those, among the cells' candidates
    queries_all_kept: int = 0
    cells_ms: float = 0.0  # the cells' pick, per batch of searches
    full_ms: float = 0.0  # the full product's pick over the same rows, per batch
    candidates: float = 0.0  # mean candidates per query (cells)
    batches: int = 0

    @property
    def kept_share(self) -> float:
        return self.kept / self.neighbours if self.neighbours else float("nan")

    def to_dict(self) -> dict:
        return {**asdict(self), "kept_share": self.kept_share}


def run_cells(open_hub, data, *, cards: int = 100_000, tenant: str = "cells", say=lambda s: None) -> CellsRow:
    from benchmarks.locomo import every_turn, load_locomo

    turns = every_turn(load_locomo(data))
    hub = open_hub()
    hub.drop_tenant(tenant)
    mem = hub.tenant(tenant)
    emb = hub.embedder
    hub.embedder = RepeatCache(unwrap(emb))
    row = CellsRow(cards=0)
    picked = densecopy.DenseCopy.candidates
    candidates_total = 0

    def checked(copy: densecopy.DenseCopy, queries: np.ndarray, limit: int) -> list[list[str]]:
        nonlocal candidates_total
        t0 = time.perf_counter()
        found = picked(copy, queries, limit)
        spent = time.perf_counter() - t0
        if not copy.partitioned:
            return found
        n = len(copy)
        matrix = copy._matrix[:n]  # noqa: SLF001 - a benchmark reads the rows it checks
        t0 = time.perf_counter()
        cells, copy._cells = copy._cells, None  # noqa: SLF001 - the full product over the same rows
        try:
            picked(copy, queries, limit)
        finally:
            copy._cells = cells  # noqa: SLF001
        row.full_ms += 1000 * (time.perf_counter() - t0)
        row.cells_ms += 1000 * spent
        row.batches += 1
        unit = queries / np.linalg.norm(queries, axis=1, keepdims=True)
        scores = unit @ matrix.T
        top = np.argpartition(-scores, limit - 1, axis=1)[:, :limit]
        for q, ids in enumerate(found):
            have = set(ids)
            exact = [copy.ids[r] for r in top[q].tolist()]
            own = max(exact, key=lambda i: scores[q, copy.rows[i]])  # the query's own point, first
            exact = [i for i in exact if i != own]
            kept = sum(i in have for i in exact)
            row.neighbours += len(exact)
            row.kept += kept
            row.queries_all_kept += kept == len(exact)
            row.searches += 1
            candidates_total += len(ids)
        return found

    densecopy.DenseCopy.candidates = checked
    try:
        fill_tenant(mem, turns, cards, 365.0, batch=256, progress=lambda made: None)
    finally:
        densecopy.DenseCopy.candidates = picked
        hub.embedder = emb
    row.cards = tenant_parts(mem).db.count()
    row.candidates = candidates_total / row.searches if row.searches else float("nan")
    if row.batches:
        row.cells_ms /= row.batches
        row.full_ms /= row.batches
    say(
        f"{row.cards:,} cards: {row.searches:,} searches on cells, exact top neighbours kept "
        f"{row.kept:,} / {row.neighbours:,} ({100 * row.kept_share:.3f}%), queries with all kept "
        f"{row.queries_all_kept:,}; pick {row.cells_ms:.0f} ms (cells) vs {row.full_ms:.0f} ms (full) "
        f"per batch, {row.candidates:.1f} candidates a query"
    )
    hub.close()
    return row
