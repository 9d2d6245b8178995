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

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from autogen_zettel.base.cards import DIRECTED, Card, Link, LinkKind
from autogen_zettel.base.config import LinkConfig

__all__ = [
    "semantic_links",
    "structural_links",
    "thread_links",
    "ThreadIndex",
    "KIND_WEIGHT",
    "BACKWARD_WEIGHT",
    "DIRECTED",
]

# How much activation each kind of link passes during associative unlocking: measured
# defaults (benchmarks/run_locomo_cv.py tunes them; docs/benchmarks.md has the ablation).
# Activation flowing from a matched message to its reply is what unlocks answers ("did you
# paint that?" -> "yes, last year"). Meaning links pass nothing here: recall gives
# STRONGLY_RELATED its preset's ``meaning_link_weight`` (recall/presets.py ``link_weights``), and
# WEAKLY_RELATED links mostly re-rank the same cards and cost precision. Both are kept: persona
# mining, merging, the export and the view read them.
KIND_WEIGHT = {
    LinkKind.REPLY_TO: 0.6,  # from the message to its reply; backwards see BACKWARD_WEIGHT
    LinkKind.SUPERSEDES: 0.5,
    LinkKind.SAME_SESSION: 0.15,
    LinkKind.SHARED_ENTITY: 0.1,
    LinkKind.STRONGLY_RELATED: 0.0,
    LinkKind.WEAKLY_RELATED: 0.0,
    # the same speaker's previous card: with associative focus it is the second hop a question
    # naming a participant wants, to the rest of what they were saying
    LinkKind.SAME_SPEAKER: 0.3,
    # off: what it adds on the conversations it is tuned on does not hold on held-out ones
    LinkKind.SAME_THREAD: 0.0,
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
            out.append(
                Link(card.id, other.id, LinkKind.SHARED_ENTITY, min(1.0, 0.5 + 0.25 * len(shared)), at)
            )
    return out


@dataclass
class ThreadIndex:
    """What :func:`thread_links` remembers between cards: the newest card per (speaker, topic),
    how many cards name each topic, and how many cards it has seen."""

    newest: dict[tuple[str, str], tuple[str, str | None]] = field(default_factory=dict)
    naming: Counter = field(default_factory=Counter)
    cards: int = 0


# a topic named by more than this share of the cards (once there are THREAD_MIN_CARDS) is too
# common to thread ("love", "kids" in a family chat); rarer ones pass more (IDF-like weight)
THREAD_MAX_SHARE = 0.05
THREAD_MIN_CARDS = 50


def thread_links(card: Card, index: ThreadIndex) -> list[Link]:
    """SAME_THREAD links from ``card`` to the same speaker's previous card on each of its topics
    (keyword tags and named entities) when that card is from another session; updates ``index``.

    A thread carries a question whose answer is spread over sessions ("what has Melanie
    painted?"): a matched card unlocks the speaker's earlier and later cards on the topic. The
    weight is the topic's IDF scaled to 0..1, ``ln(n / df) / ln(n)`` over the cards seen so far;
    a topic of more than :data:`THREAD_MAX_SHARE` of them makes no link. Feed cards oldest first.

    >>> from autogen_zettel.base.cards import CardKind
    >>> card = lambda i, s, tags: Card(i, i, CardKind.FACT, "Ann", datetime(2024, 1, 1), (i,), session_id=s, tags=tags)
    >>> index = ThreadIndex()
    >>> [thread_links(c, index) for c in (card("a", "s1", ("paint",)), card("b", "s1", ("lake",)))]
    [[], []]
    >>> [(l.src, l.dst, l.kind.value, l.weight) for l in thread_links(card("c", "s2", ("paint", "lake")), index)]
    [('c', 'b', 'SAME_THREAD', 0.3691), ('c', 'a', 'SAME_THREAD', 0.3691)]
    """
    topics = sorted({f"t:{t}" for t in card.tags} | {f"e:{e.casefold()}" for e in card.entities})
    index.cards += 1
    n = index.cards
    out: list[Link] = []
    for topic in topics:
        index.naming[topic] += 1
        key = (card.speaker, topic)
        previous = index.newest.get(key)
        index.newest[key] = (card.id, card.session_id)
        if (
            previous is None
            or previous[0] == card.id
            or (card.session_id is not None and previous[1] == card.session_id)
        ):
            continue
        df = index.naming[topic]
        if n >= THREAD_MIN_CARDS and df > THREAD_MAX_SHARE * n:
            continue
        weight = math.log(n / df) / math.log(n) if n > 1 else 0.0
        if weight > 0:
            out.append(Link(card.id, previous[0], LinkKind.SAME_THREAD, round(weight, 4), card.created_at))
    return out
