"""Duplicate hits: what makes two cards the same thing said (:func:`content_key`), and one hit
per content in place of its copies (:func:`collapse_duplicates`), so k places hold k different things.
"""

from __future__ import annotations

import functools
import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import replace

from autogen_zettel.base.cards import Card, Hit
from autogen_zettel.text.lexical import fold

__all__ = ["content_key", "collapse_duplicates"]

_WORDS = re.compile(r"\w+")


def content_key(card: Card) -> tuple[str, str]:
    """What makes two cards the same thing said: speaker and words, folded (case, accents,
    punctuation and spacing do not count)."""
    return _content_key(card.speaker, card.content)


@functools.lru_cache(maxsize=20_000)
def _content_key(speaker: str, content: str) -> tuple[str, str]:
    # kept: recall keys the same candidates call after call
    return fold(speaker).strip(), " ".join(_WORDS.findall(fold(content)))


def collapse_duplicates(hits: Sequence[Hit]) -> list[Hit]:
    """One hit per content, in place of the best of its copies; the other copies are listed in
    its ``covers``, so k places hold k different things.

    >>> from datetime import datetime
    >>> from autogen_zettel.base.cards import Card, CardKind
    >>> card = lambda i, text: Card(i, text, CardKind.FACT, "Ada", datetime(2024, 1, 1), (i,))
    >>> hits = [Hit(card("a", "I moved to Porto."), 0.9, "immediate"), Hit(card("b", "Bakery"), 0.8, "immediate"),
    ...         Hit(card("c", "i moved to  porto"), 0.7, "immediate")]
    >>> [(h.card.id, [c.id for c in h.covers]) for h in collapse_duplicates(hits)]
    [('a', ['c']), ('b', [])]
    """
    first: dict[tuple[str, str], int] = {}
    copies: dict[int, list[Card]] = defaultdict(list)
    out: list[Hit] = []
    for hit in hits:
        key = content_key(hit.card)
        if key in first and not hit.covers:
            copies[first[key]].append(hit.card)
            continue
        first.setdefault(key, len(out))
        out.append(hit)
    for i, cards in copies.items():
        out[i] = replace(out[i], covers=out[i].covers + tuple(cards))
    return out
