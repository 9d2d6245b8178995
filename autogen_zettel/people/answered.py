"""Evidence a card gives because of the question it answered, not because of its words.

"Solid A2, I did two years at school." names no key the rules know; as the answer to a
persona's cold-start question ("What level is your Spanish at?", see
:mod:`autogen_zettel.persona.cold_start`) it is the person's ``level``. Such evidence is
recorded per card (meta key ``layers_answered:<card id>``) and read with the card's other
evidence by :func:`~autogen_zettel.people.sync.evidence_for`, so an edit's re-read and a full
rebuild of the layers find it again. Forgetting the card drops it with the card.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import asdict
from datetime import date

from autogen_zettel.people.evidence import Evidence

__all__ = ["answered_evidence", "drop_answered", "record_answered"]

_KEY = "layers_answered:"


def record_answered(cards_db, card_id: str, evidence: Sequence[Evidence]) -> None:
    """Keep ``evidence`` as what ``card_id`` answered (added to what it holds already)."""
    kept = answered_evidence(cards_db, card_id)
    rows = [asdict(e) | {"due": e.due.isoformat() if e.due else None} for e in [*kept, *evidence]]
    unique = list({json.dumps(r, sort_keys=True, ensure_ascii=False): r for r in rows}.values())
    cards_db.set_meta(_KEY + card_id, json.dumps(unique, ensure_ascii=False, sort_keys=True))


def answered_evidence(cards_db, card_id: str) -> list[Evidence]:
    """What ``card_id`` was recorded to answer (empty for most cards)."""
    raw = cards_db.get_meta(_KEY + card_id)
    if not raw:
        return []
    return [
        Evidence(**{**r, "due": date.fromisoformat(r["due"]) if r.get("due") else None})
        for r in json.loads(raw)
    ]


def drop_answered(cards_db, card_ids: Iterable[str]) -> None:
    """Forget what ``card_ids`` answered (their cards are gone)."""
    for cid in dict.fromkeys(card_ids):
        cards_db.drop_meta(_KEY + cid)
