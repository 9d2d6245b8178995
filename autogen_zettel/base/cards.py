"""The records of a Zettelkasten: cards, the links between them, and recall hits.

All are frozen dataclasses: a card changes by writing a new version through the memory,
never by mutation in place.
"""

from __future__ import annotations

import enum
import uuid
from dataclasses import dataclass, field, replace
from datetime import datetime

from autogen_zettel.base.errors import InvalidInput

__all__ = [
    "CardKind",
    "CardStatus",
    "LinkKind",
    "PrivacyTier",
    "EvidenceSource",
    "Card",
    "Link",
    "Hit",
    "Conflict",
    "Message",
    "card_id_for",
    "ProfileItem",
    "SECTIONS",
]

# A fixed namespace keeps card ids stable across runs: the same message distilled the same
# way gives the same id, so re-ingesting a transcript is idempotent and simulations repeat.
_CARD_NAMESPACE = uuid.UUID("6f7a1c0e-5b1d-4c1e-9d7e-2a8f3b9c4d10")


class CardKind(str, enum.Enum):
    """What a card records."""

    FACT = "fact"
    PREFERENCE = "preference"
    EVENT = "event"
    PLAN = "plan"  # something someone plans or promises to do
    RELATION = "relation"
    SUMMARY = "summary"  # made by maintenance for a period (a session, a week); links to its members


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
    SUPERSEDES = "SUPERSEDES"  # from the version in force to the older one it replaced
    CONTRADICTS = "CONTRADICTS"  # two versions of one claim that cannot both hold
    SUMMARIZES = "SUMMARIZES"  # from a summary card to each member it covers
    # the same speaker's previous card on a topic, from another session (derived in the graph
    # from the cards, never stored: see autogen_zettel.cards.link.thread_links)
    SAME_THREAD = "SAME_THREAD"


# link kinds whose direction means something (stored as given); the others are symmetric and
# stored once, with src < dst
DIRECTED = frozenset({LinkKind.REPLY_TO, LinkKind.SUPERSEDES, LinkKind.SUMMARIZES})


class PrivacyTier(str, enum.Enum):
    """How long a card may live (the articles' three memory lifecycles, plus the default).

    ``PERMANENT``: explicitly authorised facts, never decayed or archived by maintenance.
    ``STANDARD``: follows the forgetting curve (weakens unless recalled, archived when weak).
    ``DECAYING``: preferences (opt-in, see ``configs/private.yaml``); recall weight falls to
    ``privacy.decayed_weight`` after ``privacy.decay_after_days`` without a recall, edit or
    restatement, and maintenance archives them after ``privacy.archive_after_days``.
    ``NEVER``: never persisted: a message given this tier is not stored at all (detected
    secrets inside other messages are redacted, see :mod:`autogen_zettel.trust.privacy`).
    """

    PERMANENT = "permanent"
    STANDARD = "standard"
    DECAYING = "decaying"
    NEVER = "never-persisted"


class EvidenceSource(str, enum.Enum):
    """How a card came to be known, for evidence weights: a statement beats an inference."""

    EXPLICIT = "explicit"  # "I don't eat coriander"
    INFERRED = "inferred"  # behaviour: "order the pho with extra coriander"
    PASSING = "passing"  # mentioned in passing, or about someone else


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
    tier: PrivacyTier = PrivacyTier.STANDARD
    evidence: EvidenceSource = EvidenceSource.EXPLICIT
    context: str | None = None  # e.g. "thai food": the circumstances a preference holds in
    redactions: tuple[str, ...] = ()  # kinds of secrets cut out before storage
    version: int = 1  # bumped by every content edit (old versions stay in the card's history)
    updated_at: datetime | None = None
    # the feeling the speaker expressed (autogen_zettel.cards.affect): -1..1 and 0..1, 0 for none
    valence: float = 0.0
    arousal: float = 0.0

    @property
    def salience(self) -> float:
        """How strongly the card was felt, 0..1: the larger of ``|valence|`` and ``arousal``."""
        return max(abs(self.valence), self.arousal)

    def with_changes(self, **changes) -> Card:
        """Return a copy with some fields replaced."""
        return replace(self, **changes)


@dataclass(frozen=True)
class Link:
    """An undirected (SUPERSEDES: directed) edge between two cards, weight in 0..1.

    ``learned`` is the gain recall's use taught it (a factor on ``weight``, see
    :mod:`autogen_zettel.cards.link_strength`), as of ``learned_at``; None: nothing learned yet.
    """

    src: str
    dst: str
    kind: LinkKind
    weight: float
    created_at: datetime | None = None
    learned: float | None = None
    learned_at: datetime | None = None


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
    conflicts: tuple[Conflict, ...] = ()  # other versions of a claim this card holds
    note: str | None = None  # a clarification question the agent may ask about a conflict
    covers: tuple[Card, ...] = ()  # a summary hit: the members it stands in for; else copies of its content

    def rescored(self, score: float) -> Hit:
        """A copy with another score: ``dataclasses.replace(hit, score=score)`` without its look
        at every field (recall rescores dozens of hits a call)."""
        return Hit(self.card, score, self.layer, self.via, self.conflicts, self.note, self.covers)


@dataclass(frozen=True)
class Conflict:
    """Two versions of one claim (same subject and topic, different value).

    ``resolution`` is ``"evidence"`` when the stronger version (``active_id``) is in force and
    the other waits as to-verify, or ``"context"`` when both hold, each in its own context.
    ``weights`` are the evidence weights of (active, other) when it was decided.
    """

    active_id: str
    other_id: str
    subject: str
    topic: str
    resolution: str
    question: str | None
    weights: tuple[float, float]
    detected_at: datetime
    other_content: str = ""


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
    tier: PrivacyTier | str | None = None  # PERMANENT for authorised facts; NEVER stores nothing


def card_id_for(source_ids: tuple[str, ...], content: str, at: datetime) -> str:
    """Stable card id from its sources, content and time (a UUID string, as Qdrant needs)."""
    key = "|".join(source_ids) + "|" + at.isoformat() + "|" + content
    return str(uuid.uuid5(_CARD_NAMESPACE, key))


#: profile section key -> heading, in the order they are rendered
SECTIONS = {
    "preferences": "Preferences",
    "goals": "Goals",
    "style": "Interaction style",
    "background": "Background",
    "values": "Values",
}


@dataclass(frozen=True)
class ProfileItem:
    """One line of the profile.

    :param text: one sentence
    :param weight: how much it counts (the top item of a fresh profile weighs 1.0)
    :param card_ids: the cards it was drawn from (forgetting one of them removes the item)
    :param section: a key of :data:`SECTIONS`

    The persona profile (layer 3) is built from these in :mod:`autogen_zettel.persona.profile`; they
    live here, beside the other data types, so the store can read them back without the logic.
    """

    text: str
    weight: float
    card_ids: tuple[str, ...] = ()
    section: str = "preferences"

    def __post_init__(self):
        if self.section not in SECTIONS:
            raise InvalidInput(
                f"profile item section must be one of {list(SECTIONS)!r}, got {self.section!r}"
            )
