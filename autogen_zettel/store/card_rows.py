"""A card as a row of the ``cards`` table and back, and the newest-cards query the
(speaker|session_id, created_at) indexes serve."""

from __future__ import annotations

import json
from datetime import datetime

from autogen_zettel.base.cards import Card, CardKind, CardStatus, EvidenceSource, PrivacyTier

__all__ = ["card_to_row", "row_to_card", "newest_query", "parse_dt"]


def parse_dt(value: str | None) -> datetime | None:
    return datetime.fromisoformat(value) if value else None


def _tuple(text: str | None) -> tuple:
    # most lists are empty or one plain string (a source message id): no parser for those
    if not text or text == "[]":
        return ()
    if text.startswith('["') and text.endswith('"]') and '"' not in text[2:-2] and "\\" not in text:
        return (text[2:-2],)
    return tuple(json.loads(text))


def row_to_card(row: dict) -> Card:
    return Card(
        id=row["id"],
        content=row["content"],
        kind=CardKind(row["kind"]),
        speaker=row["speaker"],
        created_at=datetime.fromisoformat(row["created_at"]),
        source_ids=_tuple(row["source_ids"]),
        session_id=row["session_id"],
        tags=_tuple(row["tags"]),
        entities=_tuple(row["entities"]),
        confidence=row["confidence"],
        importance=row["importance"],
        status=CardStatus(row["status"]),
        access_count=row["access_count"] or 0,
        last_access=parse_dt(row["last_access"]),
        tier=PrivacyTier(row.get("tier") or "standard"),
        evidence=EvidenceSource(row.get("evidence") or "explicit"),
        context=row.get("context") or None,
        redactions=_tuple(row.get("redactions")),
        version=row.get("version") or 1,
        updated_at=parse_dt(row.get("updated_at")),
    )


def card_to_row(card: Card, indexed: int = 0) -> dict:
    return {
        "id": card.id,
        "content": card.content,
        "kind": card.kind.value,
        "speaker": card.speaker,
        "created_at": card.created_at.isoformat(),
        "session_id": card.session_id,
        "source_ids": json.dumps(list(card.source_ids)),
        "tags": json.dumps(list(card.tags)),
        "entities": json.dumps(list(card.entities)),
        "confidence": card.confidence,
        "importance": card.importance,
        "status": card.status.value,
        "access_count": card.access_count,
        "last_access": card.last_access.isoformat() if card.last_access else None,
        "indexed": indexed,
        "tier": card.tier.value,
        "evidence": card.evidence.value,
        "context": card.context,
        "redactions": json.dumps(list(card.redactions)) if card.redactions else None,
        "version": card.version,
        "updated_at": card.updated_at.isoformat() if card.updated_at else None,
    }


def newest_query(columns: str, limit: int, session_id: str | None, speaker: str | None) -> tuple[str, list]:
    """The query for the newest cards (of one session and/or speaker), newest first, in the
    order the (speaker|session_id, created_at) indexes give."""
    clauses, params = [], []
    if session_id is not None:
        clauses.append("session_id = ?")
        params.append(session_id)
    if speaker is not None:
        clauses.append("speaker = ?")
        params.append(speaker)
    where = ("where " + " and ".join(clauses)) if clauses else ""
    return f"select {columns} from cards {where} order by created_at desc, rowid desc limit ?", [
        *params,
        limit,
    ]
