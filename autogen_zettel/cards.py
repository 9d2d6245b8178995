"""The records of a Zettelkasten: cards, the links between them, and recall hits.

All are frozen dataclasses: a card changes by writing a new version through the memory,
never by mutation in place.
"""

from __future__ import annotations

import enum
import uuid
from dataclasses import dataclass, field, replace
from datetime import datetime

__all__ = [
    "CardKind",
    "CardStatus",
    "LinkKind",
    "Card",
    "Link",
    "Hit",
    "Message",
    "card_id_for",
]

# A fixed namespace keeps card ids stable across runs: the same message distilled the same
# way gives the same id, so re-ingesting a transcript is idempotent and simulations repeat.
_CARD_NAMESPACE = uuid.UUID("6f7a1c0e-5b1d-4c1e-9d7e-2a8f3b9c4d10")


class CardKind(str, enum.Enum):
    """What a card records."""

    FACT = "fact"
    PREFERENCE = "preference"
    EVENT = "event"
    COMMITMENT = "commitment"
    RELATION = "relation"


class CardStatus(str, enum.Enum):
    """Lifecycle state of a card; only ACTIVE cards are recalled."""

    ACTIVE = "active"
    ARCHIVED = "archived"
    TO_VERIFY = "to-verify"
    FROZEN = "frozen"


class LinkKind(str, enum.Enum):
    """Why two cards are linked. Semantic kinds come from similarity, the rest from structure."""

    STRONGLY_RELATED = "STRONGLY_RELATED"
    WEAKLY_RELATED = "WEAKLY_RELATED"
    SAME_SESSION = "SAME_SESSION"
    SAME_SPEAKER = "SAME_SPEAKER"
    SHARED_ENTITY = "SHARED_ENTITY"
    REPLY_TO = "REPLY_TO"
    SUPERSEDES = "SUPERSEDES"


@dataclass(frozen=True)
class Card:
    """One atomic memory.

    ``source_ids`` are the ids of the messages the card was distilled from; every card has
    at least one, so it can always be traced back to what was said.
    """

    id: str
    content: str
    kind: CardKind
    speaker: str
    created_at: datetime
    source_ids: tuple[str, ...]
    session_id: str | None = None
    tags: tuple[str, ...] = ()
    entities: tuple[str, ...] = ()
    confidence: float = 0.6
    importance: float = 0.5
    status: CardStatus = CardStatus.ACTIVE
    access_count: int = 0
    last_access: datetime | None = None

    def with_changes(self, **changes) -> "Card":
        """Return a copy with some fields replaced."""
        return replace(self, **changes)


@dataclass(frozen=True)
class Link:
    """An undirected (SUPERSEDES: directed) edge between two cards, weight in 0..1."""

    src: str
    dst: str
    kind: LinkKind
    weight: float
    created_at: datetime | None = None


@dataclass(frozen=True)
class Hit:
    """One recalled card.

    ``score`` is higher for better matches (not a distance). ``layer`` is ``"immediate"`` for
    cards found by search and ``"associative"`` for cards unlocked along links; ``via`` names
    the card and link kind an associative hit was reached through.
    """

    card: Card
    score: float
    layer: str
    via: tuple[str, str] | None = None


@dataclass(frozen=True)
class Message:
    """One message to remember, as given to ``remember_many``."""

    text: str
    speaker: str
    message_id: str | None = None
    session_id: str | None = None
    at: datetime | None = None
    reply_to: str | None = None
    extra: dict = field(default_factory=dict, compare=False)


def card_id_for(source_ids: tuple[str, ...], content: str, at: datetime) -> str:
    """Stable card id from its sources, content and time (a UUID string, as Qdrant needs)."""
    key = "|".join(source_ids) + "|" + at.isoformat() + "|" + content
    return str(uuid.uuid5(_CARD_NAMESPACE, key))
