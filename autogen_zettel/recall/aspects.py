"""Questions that ask about two things at once, pure functions: split them into one query per
aspect, and fuse the ranked lists those queries return.

"Did Jon and Gina both take part in dance competitions?" needs Jon's words and Gina's; one
search ranks whichever of them matches more strongly and fills the first places with it.
:func:`aspects` makes one query per participant the question names (the other names left
out, so speaker focus raises that participant's cards), or, when it names at most one, one
query per part a conjunction joins ("counseling and mental health services", "书法和绘画"),
each part keeping the names. :func:`fuse_ranks` merges the lists by reciprocal rank, so the
best of every aspect reaches the first places beside the whole question's own list.

>>> aspects("Did Jon and Gina both take part in dance competitions?", {"Jon", "Gina"})
['Did take part in dance competitions? Gina', 'Did take part in dance competitions? Jon']
>>> aspects("林娜和王伟都喜欢什么运动？", {"林娜", "王伟"})
['都喜欢什么运动？ 林娜', '都喜欢什么运动？ 王伟']
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import replace

from autogen_zettel.base.cards import Hit
from autogen_zettel.recall.focus import without_labels
from autogen_zettel.text.lexical import tokens

__all__ = ["aspects", "fuse_ranks"]

# what joins two aspects: English "and", "both", "as well as", a comma or semicolon; Chinese 和,
# 以及, 还是, 与, 跟, 及, 、 and the full-width comma (a bare 和 inside a word such as 和平 splits a
# part too short to count, see _MIN_TERMS)
_JOIN = re.compile(
    r"\s*[,;，；、]\s*(?:and\s+)?|\s+(?:and|as well as)\s+|\bboth\b|\s*(?:以及|还是|和|与|跟|及)\s*",
    re.IGNORECASE,
)
_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")  # scripts written without spaces
_MAX_PEOPLE = 3  # more participants named than this: no split (each would cost a search)
_MIN_TERMS = 1  # a part counts as an aspect when it keeps a content word of its own (not a name)


def _without(text: str, names: Collection[str], *, joins: bool = False) -> str:
    """``text`` without the given names (any script: Chinese names have no word boundaries),
    the possessive "'s" with them, spacing tidied; with ``joins`` also the "and" / "both" / 和
    that joined the names."""
    if not names:
        return text

    def one(name: str) -> str:  # a name in a spaced script is a whole word ("Bo" is not in "books")
        edge = "" if _UNSPACED.search(name) else r"\b"
        return edge + re.escape(name) + r"(?:['\u2019]s)?" + edge

    pattern = re.compile("|".join(one(n) for n in sorted(names, key=len, reverse=True)), re.IGNORECASE)
    out = re.sub(r"[ \t]+", " ", pattern.sub(" ", text)).strip()
    out = re.sub(r"\s+([?.!,？。！，])", r"\1", out)
    if not joins:
        return out
    return re.sub(r"^(?:and|both|和|与|跟|及)\s*|\s+(?:and|both)(?=\s)", "", out, flags=re.IGNORECASE).strip()


def aspects(query: str, named: Collection[str], *, parts: bool = True) -> list[str]:
    """One query per aspect of ``query``, or ``[]`` when it asks about one thing.

    Two or three participants named (``named``, as :func:`~autogen_zettel.recall.weights.names_in`
    finds them): one query per participant, the others' names and the joining words left out,
    that participant's name at the end. Otherwise, with ``parts``, the parts that a conjunction
    joins, each with a content word of its own, each followed by the names.

    >>> aspects("What kind of counseling and mental health services is Caroline pursuing?", {"Caroline"})
    ['What kind of counseling Caroline', 'mental health services is pursuing? Caroline']
    >>> aspects("What does Melanie paint?", {"Melanie"})
    []
    """
    about = without_labels(query).strip()
    people = sorted(named)
    if len(people) > _MAX_PEOPLE:  # a roll call, not a question about two or three of them
        return []
    if len(people) >= 2:
        rest = _without(about, people, joins=True)
        if not tokens(rest):
            return []
        return [f"{rest} {who}" for who in people]
    if not parts:
        return []
    rest = _without(about, people)
    name_terms = {t for n in people for t in tokens(n)}
    pieces = [p.strip() for p in _JOIN.split(rest) if p and p.strip()]
    pieces = [p for p in pieces if len(set(tokens(p)) - name_terms) >= _MIN_TERMS]
    if len(pieces) < 2:
        return []
    tail = " ".join(people)
    return [f"{p} {tail}".strip() for p in pieces]


def fuse_ranks(lists: Sequence[Sequence[Hit]], weights: Sequence[float], *, c: float = 20.0) -> list[Hit]:
    """Weighted reciprocal-rank fusion of ranked hit lists, best first (ties by card id): a card
    scores the sum of ``weight / (c + place)`` over the lists that hold it (place 1 is first),
    scaled so that a card first in every list scores 1. Each card keeps the hit of the first
    list that holds it (its layer, provenance and copies), with the fused score.

    >>> from datetime import datetime
    >>> from autogen_zettel.base.cards import Card, CardKind
    >>> hit = lambda i: Hit(Card(i, i, CardKind.FACT, "Ada", datetime(2024, 1, 1), (i,)), 1.0, "immediate")
    >>> whole, jon, gina = [hit("a"), hit("b"), hit("c")], [hit("b"), hit("d")], [hit("e"), hit("a")]
    >>> [h.card.id for h in fuse_ranks([whole, jon, gina], [1.0, 0.5, 0.5], c=1)]
    ['a', 'b', 'c', 'e', 'd']
    """
    total = sum(weights) or 1.0
    score: dict[str, float] = {}
    first: dict[str, Hit] = {}
    for hits, weight in zip(lists, weights):
        for place, h in enumerate(hits, start=1):
            cid = h.card.id
            score[cid] = score.get(cid, 0.0) + weight * (c + 1) / (total * (c + place))
            first.setdefault(cid, h)
    order = sorted(score, key=lambda i: (-score[i], i))
    return [replace(first[i], score=score[i]) for i in order]
