"""A card as a row of the ``cards`` table and back, and the newest-cards query the
(speaker|session_id, created_at) indexes serve."""

from __future__ import annotations

import json
from datetime import datetime

from autogen_zettel.base.cards import Card, CardKind, CardStatus, EvidenceSource, PrivacyTier
from autogen_zettel.base.sealing import (
    LOCKED,
    WRONG_KEY,
    is_permanent,
    is_sealed,
    open_sealed,
    refuse_locked,
    seal,
    seal_card_content,
)

__all__ = ["card_to_row", "row_to_card", "open_content", "newest_query", "parse_dt", "source_tuple"]


def parse_dt(value: str | None) -> datetime | None:
    return datetime.fromisoformat(value) if value else None


def _tuple(text: str | None) -> tuple:
    # the lists are written by json.dumps (", " between items, ASCII only): without a backslash
    # every quote delimits an item, so a list of strings splits at '", "' exactly when the quotes
    # number two per piece; anything else (numbers, escapes, other spacing) goes through the parser
    if not text or text == "[]":
        return ()
    if text.startswith('["') and text.endswith('"]') and "\\" not in text:
        items = text[2:-2].split('", "')
        if text.count('"') == 2 * len(items):
            return tuple(items)
    return tuple(json.loads(text))


def _sealed_list(card_id: str, column: str, items: tuple) -> str:
    """A permanent card's tags or entities ("penicillin", "allerg"), sealed as its content is."""
    return seal(json.dumps(list(items)), f"card:{card_id}:{column}")


def _open_list(card_id: str, column: str, text: str) -> tuple:
    opened = open_sealed(text, f"card:{card_id}:{column}")
    return () if opened in (LOCKED, WRONG_KEY) else tuple(json.loads(opened))  # locked: none


def source_tuple(text: str | None) -> tuple:
    """A stored list column (``source_ids``, ``tags``, ``entities``) as a card holds it."""
    return _tuple(text)


# stored value -> member: a dict read costs a fraction of an Enum call, and recall and linking
# build dozens of cards a call; a value not listed goes through the Enum, which raises as before
_KINDS = {m.value: m for m in CardKind}
_STATUSES = {m.value: m for m in CardStatus}
_TIERS = {m.value: m for m in PrivacyTier}
_SOURCES = {m.value: m for m in EvidenceSource}


_new = object.__new__


def open_content(card_id: str, tier: str | None, content: str) -> str:
    """A card's stored text as written: only a permanent card is sealed at rest
    (trust/sealed.py); a standard card that happens to start with the seal's prefix is text."""
    if is_permanent(tier or "standard") and is_sealed(content):
        return open_sealed(content, f"card:{card_id}")
    return content


def row_to_card(row: dict) -> Card:
    """The card a ``cards`` row holds. Built without ``Card.__init__``: a frozen dataclass sets
    each of its twenty fields through a call of ``object.__setattr__``, and recall reads dozens of
    cards a call; the fields go into the new instance's
    ``__dict__`` as ``__init__`` would put them (Card has no ``__post_init__`` and no slots;
    tests/test_card_rows.py checks that every field is set)."""
    kind, status = row["kind"], row["status"]
    tier, evidence = row.get("tier") or "standard", row.get("evidence") or "explicit"
    content = open_content(row["id"], tier, row["content"])
    sealed = is_permanent(tier)
    card = _new(Card)
    card.__dict__.update(
        id=row["id"],
        content=content,
        kind=_KINDS.get(kind) or CardKind(kind),
        speaker=row["speaker"],
        created_at=datetime.fromisoformat(row["created_at"]),
        source_ids=_tuple(row["source_ids"]),
        session_id=row["session_id"],
        tags=_open_list(row["id"], "tags", row["tags"])
        if sealed and is_sealed(row["tags"])
        else _tuple(row["tags"]),
        entities=(
            _open_list(row["id"], "entities", row["entities"])
            if sealed and is_sealed(row["entities"])
            else _tuple(row["entities"])
        ),
        confidence=row["confidence"],
        importance=row["importance"],
        status=_STATUSES.get(status) or CardStatus(status),
        access_count=row["access_count"] or 0,
        last_access=parse_dt(row["last_access"]),
        tier=_TIERS.get(tier) or PrivacyTier(tier),
        evidence=_SOURCES.get(evidence) or EvidenceSource(evidence),
        context=row.get("context") or None,
        redactions=_tuple(row.get("redactions")),
        version=row.get("version") or 1,
        updated_at=parse_dt(row.get("updated_at")),
        valence=row.get("valence") or 0.0,
        arousal=row.get("arousal") or 0.0,
    )
    return card


def card_to_row(card: Card, indexed: int = 0) -> dict:
    permanent = card.tier is PrivacyTier.PERMANENT  # sealed at rest; no key: PermanentKeyMissing
    if card.content in (LOCKED, WRONG_KEY):
        # read without its key: written back (in any tier) it would replace the sealed text for good
        refuse_locked()
    return {
        "id": card.id,
        "content": seal_card_content(card.id, card.content) if permanent else card.content,
        "kind": card.kind.value,
        "speaker": card.speaker,
        "created_at": card.created_at.isoformat(),
        "session_id": card.session_id,
        "source_ids": json.dumps(list(card.source_ids)),
        "tags": _sealed_list(card.id, "tags", card.tags) if permanent else json.dumps(list(card.tags)),
        "entities": (
            _sealed_list(card.id, "entities", card.entities) if permanent else json.dumps(list(card.entities))
        ),
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
        "valence": card.valence,
        "arousal": card.arousal,
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
