"""What a sentence means for the person layers, read through an embedder: which fact key a
statement of news speaks to, and whether a remark about a thing is for or against it.

The structure of a sentence (who, which slot, negation, change of state) comes from the rules
(:mod:`~autogen_zettel.people.general`); what they cannot tell from the words alone — that
"karaoke is a nightmare" is against karaoke, that "I'm at a tiny fintech now" is about an
employer — is decided here by comparing the sentence with a few prototype sentences per
answer, in English and Chinese, through any :class:`~autogen_zettel.embed.protocol.Embedder`
(the multilingual e5 of :mod:`autogen_zettel.embed.e5` reads both languages into one space).

A prototype set is encoded once per embedder (by ``name``) and kept; a sentence is encoded
once per call. A decision needs a margin over the runner-up, and over the "nothing" set where
there is one, so an embedder that separates nothing decides nothing and the rules stand.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence

import numpy as np

__all__ = ["FACT_PROTOTYPES", "POLARITY_PROTOTYPES", "Meaning"]

log = logging.getLogger(__name__)

FACT_PROTOTYPES: dict[str, tuple[str, ...]] = {
    "employer": (
        "I work at a company now",
        "I started a new job at a firm",
        "I joined a startup",
        "she works for a big bank",
        "我在一家公司上班",
        "我跳槽去了另一家公司",
        "我入职了一家新公司",
    ),
    "job": (
        "I work as a nurse",
        "my job is teaching",
        "I retrained as a plumber",
        "I'm a graphic designer",
        "我是一名医生",
        "我现在做销售",
        "我改行当了厨师",
    ),
    "school": (
        "I study at a university",
        "I got into a college",
        "I'm doing a degree at uni",
        "我在大学读书",
        "我考上了研究生",
        "我转学到另一所大学",
    ),
    "residence": (
        "I moved to a new city",
        "we live in a town now",
        "I relocated to another country",
        "我搬到了另一个城市",
        "我现在住在上海",
        "我们在那边定居了",
    ),
    "relationship": (
        "I got married",
        "we broke up",
        "I'm seeing someone",
        "我结婚了",
        "我们分手了",
        "我有对象了",
    ),
    "": (
        "the meeting is on Friday",
        "thanks, that helps a lot",
        "what time is it",
        "I'll send the report tomorrow",
        "the weather is nice today",
        "我明天把报告发给你",
        "谢谢你的帮助",
        "今天天气不错",
        "会议改到周五了",
    ),
}

POLARITY_PROTOTYPES: dict[str, tuple[str, ...]] = {
    "positive": (
        "I love it, it's my favourite",
        "this is the best thing ever",
        "I really enjoy it",
        "I can't get enough of it",
        "我超喜欢这个",
        "这是我最爱的",
        "我特别享受",
    ),
    "negative": (
        "I hate it, it's awful",
        "this is the worst, I can't stand it",
        "it bores me",
        "no thanks, I'd rather not",
        "我很讨厌这个",
        "这个太难受了，受不了",
        "我一点都不喜欢",
    ),
}

_MARGIN = 0.015  # cosine margin a decision needs over the runner-up (e5's cosines sit close together)


class Meaning:
    """Prototype decisions through ``embedder`` (``encode(texts, query=...) -> (n, d)``, rows
    L2-normalised)."""

    def __init__(self, embedder, *, margin: float = _MARGIN):
        self.embedder = embedder
        self.margin = margin
        self._lock = threading.Lock()
        self._sets: dict[str, tuple[list[str], np.ndarray]] = {}

    def _prototypes(self, which: str, table: dict[str, Sequence[str]]) -> tuple[list[str], np.ndarray]:
        with self._lock:
            if which not in self._sets:
                labels = [label for label, texts in table.items() for _ in texts]
                texts = [t for ts in table.values() for t in ts]
                vecs = np.asarray(self.embedder.encode(texts, query=True), dtype=np.float32)
                self._sets[which] = (labels, vecs)
            return self._sets[which]

    def _scores(self, text: str, which: str, table: dict[str, Sequence[str]]) -> dict[str, float]:
        labels, vecs = self._prototypes(which, table)
        v = np.asarray(self.embedder.encode([text], query=True), dtype=np.float32)[0]
        sims = vecs @ v
        best: dict[str, list[float]] = {}
        for label, s in zip(labels, sims, strict=True):
            best.setdefault(label, []).append(float(s))
        # a label's score: the mean of its two nearest prototypes (one odd prototype decides nothing)
        return {label: float(np.mean(sorted(s)[-2:])) for label, s in best.items()}

    def fact_key(self, text: str, allowed: Sequence[str] | None = None) -> str:
        """The fact key ``text`` speaks to, or "" when none stands out (or "nothing" wins)."""
        scores = self._scores(text, "fact", FACT_PROTOTYPES)
        keys = [k for k in scores if k and (allowed is None or k in allowed)]
        if not keys:
            return ""
        ranked = sorted(keys, key=scores.get, reverse=True)
        top = ranked[0]
        second = scores[ranked[1]] if len(ranked) > 1 else -1.0
        if scores[top] - max(second, scores.get("", -1.0)) < self.margin:
            return ""
        return top

    def polarity(self, text: str, *, margin: float | None = None) -> int:
        """+1 when ``text`` reads as for its thing, -1 as against it, 0 when neither stands out
        by ``margin`` (default the instance's)."""
        scores = self._scores(text, "polarity", POLARITY_PROTOTYPES)
        diff = scores["positive"] - scores["negative"]
        if abs(diff) < (self.margin if margin is None else margin):
            return 0
        return 1 if diff > 0 else -1


_KEPT: dict[int, Meaning] = {}


def meaning_of(embedder) -> Meaning | None:
    """The one :class:`Meaning` of ``embedder`` (its prototypes encoded once), None for None."""
    if embedder is None:
        return None
    found = _KEPT.get(id(embedder))
    if found is None or found.embedder is not embedder:
        found = _KEPT[id(embedder)] = Meaning(embedder)
    return found
