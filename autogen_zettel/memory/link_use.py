"""Teaching links from use: the links a recall traversed, judged by what the reply drew on, get
their learned gain updated in one small transaction (:mod:`autogen_zettel.cards.link_strength`
has the rule). ``Zettelkasten.used`` is the library's call; the agents call it after each reply
they generated from a recall block, in the background worker."""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Protocol

from autogen_zettel.base.cards import DIRECTED, Hit
from autogen_zettel.cards.link_strength import LEARNING, Learning, judged_links, learned

__all__ = ["learn_from_use"]

log = logging.getLogger(__name__)


class _Parts(Protocol):
    db: object

    def writing(self): ...


def _stored_keys(src: str, dst: str, kind) -> list[tuple[str, str, str]]:
    """The rows a traversal from ``src`` to ``dst`` may have gone along: a symmetric kind is
    stored once with ``src < dst``; a directed one as written (recall walks it both ways)."""
    if kind in DIRECTED:
        return [(src, kind.value, dst), (dst, kind.value, src)]
    a, b = sorted((src, dst))
    return [(a, kind.value, b)]


def learn_from_use(
    parts: _Parts, hits: Sequence[Hit], used: Iterable[str], *, at: datetime, rule: Learning = LEARNING
) -> int:
    """Update the gain of every link ``hits`` were reached through: up when the reply drew on the
    card it led to (its id in ``used``), down when it drew on other recalled cards but not that
    one; nothing when it drew on none. Returns how many links changed. One read and one write
    of those rows, under the tenant's write lock."""
    judged = judged_links(hits, used)
    if not judged:
        return 0
    db = parts.db
    with parts.writing(), db.atomic():
        keys: dict[tuple[str, str, str], bool] = {}
        for src, dst, kind, took in judged:  # a link walked both ways in one recall: a use wins
            for key in _stored_keys(src, dst, kind):
                keys[key] = keys.get(key, False) or took
        stored = db.links.strengths(keys)
        rows = []
        stamp = at.isoformat()
        for key, (gain, since) in stored.items():
            rows.append((*key, learned(gain, since, at, used=keys[key], rule=rule), stamp))
        db.links.set_strengths(rows)
    log.debug("links learned from use: %d judged, %d updated", len(judged), len(rows))
    return len(rows)
