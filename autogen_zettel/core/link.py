"""The link engine: which cards a new card links to, and how strongly. Pure functions.

Semantic links come from the nearest cards by embedding (STRONGLY_RELATED above
``strong``, WEAKLY_RELATED above ``weak``); structural links come from the conversation
itself: neighbours in a session, the previous card of the same speaker, the message a card
replies to, and cards naming the same entity.

>>> from datetime import datetime
>>> from autogen_zettel.base.config import LinkConfig
>>> links = semantic_links("a", [("b", 0.9), ("c", 0.6), ("d", 0.2), ("a", 1.0)], LinkConfig())
>>> [(l.dst, l.kind.value) for l in links]
[('b', 'STRONGLY_RELATED'), ('c', 'WEAKLY_RELATED')]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime

from autogen_zettel.base.cards import DIRECTED, Card, Link, LinkKind
from autogen_zettel.base.config import LinkConfig

__all__ = ["semantic_links", "structural_links", "KIND_WEIGHT", "BACKWARD_WEIGHT", "DIRECTED"]

# How much activation each kind of link passes during associative unlocking. Measured on
# LoCoMo dev: activation flowing from a matched message to its reply is what unlocks answers
# ("did you paint that?" -> "yes, last year"), while similarity links mostly re-rank the
# same cards and cost precision, so they pass little.
#
# REPLY_TO 0.6, SAME_SESSION 0.15, SHARED_ENTITY 0.1 and STRONGLY_RELATED 0 were chosen by
# leave-one-conversation-out tuning (scripts/locomo_cv.py; all five folds chose these); README
# shows the ablation. Similarity links are still written: persona mining and merging use them.
KIND_WEIGHT = {
    LinkKind.REPLY_TO: 0.6,  # from the message to its reply; backwards see BACKWARD_WEIGHT
    LinkKind.SUPERSEDES: 0.5,
    LinkKind.SAME_SESSION: 0.15,
    LinkKind.SHARED_ENTITY: 0.1,
    LinkKind.STRONGLY_RELATED: 0.0,
    LinkKind.WEAKLY_RELATED: 0.0,
    LinkKind.SAME_SPEAKER: 0.0,
    # a contradicted version is worth seeing beside the one in force, but to-verify cards are
    # not recalled, so this only matters between context-dependent versions
    LinkKind.CONTRADICTS: 0.1,
    # summaries are preferred explicitly (recall.prefer_summaries), not through activation
    LinkKind.SUMMARIZES: 0.0,
}
# Kinds whose links point from ``src`` to ``dst`` (stored as given, never reordered).
# Directed kinds pass this share of their weight against the link's direction.
BACKWARD_WEIGHT = {LinkKind.REPLY_TO: 1 / 3, LinkKind.SUPERSEDES: 0.2}


def semantic_links(
    card_id: str, neighbours: Iterable[tuple[str, float]], cfg: LinkConfig, *, at: datetime | None = None
) -> list[Link]:
    """Links from ``card_id`` to its nearest neighbours ``(id, cosine)`` above the thresholds."""
    out = []
    for other, sim in neighbours:
        if other == card_id:
            continue
        if sim >= cfg.strong:
            out.append(Link(card_id, other, LinkKind.STRONGLY_RELATED, round(sim, 4), at))
        elif sim >= cfg.weak:
            out.append(Link(card_id, other, LinkKind.WEAKLY_RELATED, round(sim, 4), at))
    return out[: cfg.candidates]


def structural_links(
    card: Card,
    *,
    session_neighbours: Sequence[Card],
    speaker_previous: Sequence[Card],
    reply_to: Sequence[Card] = (),
    entity_peers: Sequence[Card] = (),
) -> list[Link]:
    """Links that come from the conversation's structure, not from similarity.

    :param session_neighbours: the cards just before ``card`` in its session, newest first
    :param speaker_previous: the same speaker's cards just before ``card``, newest first
    :param reply_to: cards distilled from the message ``card`` replies to
    :param entity_peers: earlier cards naming one of ``card``'s entities
    """
    at = card.created_at
    out: list[Link] = []
    for distance, other in enumerate(session_neighbours, start=1):
        if other.id != card.id:
            out.append(Link(card.id, other.id, LinkKind.SAME_SESSION, round(1.0 / distance, 4), at))
    for other in speaker_previous:
        if other.id != card.id:
            out.append(Link(card.id, other.id, LinkKind.SAME_SPEAKER, 1.0, at))
    for other in reply_to:
        if other.id != card.id:
            out.append(Link(card.id, other.id, LinkKind.REPLY_TO, 1.0, at))
    for other in entity_peers:
        if other.id != card.id:
            shared = set(card.entities) & set(other.entities)
            out.append(Link(card.id, other.id, LinkKind.SHARED_ENTITY, min(1.0, 0.5 + 0.25 * len(shared)), at))
    return out
