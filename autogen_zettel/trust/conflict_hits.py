"""Conflicts as recall shows them: a conflicts-table row seen from one card, and the conflicts
and clarification question attached to recalled hits.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from datetime import datetime

from autogen_zettel.base.cards import Conflict, Hit

__all__ = ["conflict_from_row", "attach_conflicts"]


def conflict_from_row(row: dict, card_id: str) -> Conflict:
    """A conflicts-table row (with both contents) as seen from ``card_id``: ``other_*`` is the other side."""
    mine_active = row["active_id"] == card_id
    return Conflict(
        active_id=row["active_id"],
        other_id=row["other_id"] if mine_active else row["active_id"],
        subject=row["subject"],
        topic=row["topic"],
        resolution=row["resolution"],
        question=row["question"],
        weights=(row["w_active"], row["w_other"]),
        detected_at=datetime.fromisoformat(row["detected_at"]),
        other_content=row["other_content"] if mine_active else row["active_content"],
    )


def attach_conflicts(db, hits: Sequence[Hit]) -> list[Hit]:
    """Give each hit the conflicts it won (the to-verify versions) and its context pairs, and
    the first clarification question as ``note``."""
    rows = db.conflicts.of([h.card.id for h in hits]) if hits else []
    if not rows:
        return list(hits)
    from autogen_zettel.store.clarify_tables import ClarificationTable

    # a question asked once is not offered again for the same cards (asked, or settled by the answer)
    covered = {
        k: {i for r in qs for i in r["card_ids"]}
        for k, qs in ClarificationTable(db).on({(r["subject"], r["topic"]) for r in rows}).items()
    }
    out = []
    for h in hits:
        mine = [
            r
            for r in rows
            if r["active_id"] == h.card.id or (r["resolution"] == "context" and r["other_id"] == h.card.id)
        ]
        if not mine:
            out.append(h)
            continue
        conflicts = tuple(conflict_from_row(r, h.card.id) for r in mine)
        note = next(
            (
                c.question
                for c in conflicts
                if c.question and not {c.active_id, c.other_id} <= covered.get((c.subject, c.topic), set())
            ),
            None,
        )
        out.append(dataclasses.replace(h, conflicts=conflicts, note=note))
    return out
