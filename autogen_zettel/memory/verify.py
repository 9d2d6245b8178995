"""Compare a tenant's vector index with its SQLite database (the truth) and say what to run.

:func:`verify_tenant` checks what opening a tenant does not (it would cost a read of every point):
the index's point ids against SQLite's searchable cards, the counts, and a sample of cards
re-embedded and searched for, each of which must find itself (cosine about 1). Any damage the
engine's files show when opened (:mod:`~autogen_zettel.store.qdrant_edge_check`) is reported the same way.
The fix is always the same and loses nothing: ``autogen-zettel reindex TENANT``. What opening
the tenant repaired itself (a crash between the SQLite and index writes) is reported as
``repaired``: the CLI exits 1 then, as fsck does for "errors corrected".
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from autogen_zettel.base.errors import StoreCorrupt
from autogen_zettel.cards.atoms import embed_text
from autogen_zettel.memory.tenant import tenant_parts

__all__ = ["VerifyReport", "verify_tenant"]


@dataclass(frozen=True)
class VerifyReport:
    """What :func:`verify_tenant` found; ``ok`` when the index matches SQLite."""

    tenant: str
    cards: int = 0  # searchable cards in SQLite
    points: int = 0  # points in the index
    sampled: int = 0  # cards re-embedded and searched for
    problems: tuple[str, ...] = field(default_factory=tuple)
    repaired: tuple[str, ...] = field(default_factory=tuple)  # what opening the tenant repaired

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def fix(self) -> str:
        return "" if self.ok else f"autogen-zettel reindex {self.tenant}"


def verify_tenant(hub, name: str, *, sample: int = 32, seed: int = 0) -> VerifyReport:
    """Check tenant ``name`` of ``hub`` (see the module docstring); never changes anything."""
    try:
        mem = tenant_parts(hub.tenant(name))
        known = mem.db.searchable_ids()
        indexed = hub.vectors.ids(name)
        points = hub.vectors.count(name)
    except StoreCorrupt as exc:
        return VerifyReport(name, problems=(str(exc),))
    problems = []
    missing, stray = known - indexed, indexed - known
    if missing:
        problems.append(f"{len(missing)} cards are missing from the index (e.g. {min(missing)})")
    if stray:
        problems.append(f"{len(stray)} index points belong to no card (e.g. {min(stray)})")
    if points != len(indexed):
        problems.append(f"the index counts {points} points but lists {len(indexed)}")
    ids = sorted(known & indexed)
    chosen = random.Random(seed).sample(ids, min(sample, len(ids)))
    cards = mem.db.get_many(chosen)
    chosen = [c for c in chosen if c in cards]
    if chosen:
        vectors = hub.embedder.encode([embed_text(cards[c].speaker, cards[c].content) for c in chosen])
        found = hub.vectors.neighbours(name, vectors, 5)
        wrong = [c for c, hits in zip(chosen, found) if not any(h == c and s >= 0.99 for h, s in hits)]
        if wrong:
            problems.append(
                f"{len(wrong)} of {len(chosen)} re-embedded cards do not find their own vector "
                f"(e.g. {wrong[0]}): the stored vectors or ids are damaged, or another model wrote them"
            )
    repaired = tuple(getattr(mem, "repaired_on_open", ()))
    return VerifyReport(name, len(known), points, len(chosen), tuple(problems), repaired)
