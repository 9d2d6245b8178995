"""Lexical signal: tokenising, light stemming, sparse term vectors and a small BM25.

The sparse vectors go into Qdrant beside the dense ones (with Qdrant's IDF modifier, so the
collection computes BM25-like scores); :class:`BM25` is used by benchmarks as a baseline and
by the link engine for tests without Qdrant.

>>> tokens("Caroline's painting classes started in May!")
['caroline', 'paint', 'class', 'start', 'may']
"""

from __future__ import annotations

import math
import re
import zlib
from collections import Counter
from collections.abc import Iterable, Sequence

__all__ = ["STOPWORDS", "tokens", "stem", "term_id", "sparse_doc", "sparse_query", "BM25"]

STOPWORDS = frozenset(
    """a about above after again against all am an and any are as at be because been before
    being below between both but by can could did do does doing down during each few for from
    further had has have having he her here hers herself him himself his how i if in into is it
    its itself just me more most my myself no nor not now of off on once only or other our ours
    ourselves out over own same she should so some such than that the their theirs them
    themselves then there these they this those through to too under until up very was we were
    what when where which while who whom why will with would you your yours yourself
    yourselves yeah yes oh hey hi wow really so that's it's i'm i've you're don't im ive got get
    also lot lots much many thing things like just gonna wanna kinda sure okay ok thanks thank
    s t d ll ve re m""".split()
)

_TOKEN = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
_SUFFIXES = ("ingly", "edly", "ings", "ing", "ies", "ied", "ed", "es", "s", "ly")


def stem(word: str) -> str:
    """A deliberately light suffix stripper (no dependency, stable across versions)."""
    if word.endswith("'s"):
        word = word[:-2]
    if len(word) <= 4 or word.isdigit():
        return word
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            base = word[: -len(suffix)]
            if suffix in ("ies", "ied"):
                return base + "y"
            if suffix in ("es",) and not base.endswith(("s", "x", "z", "ch", "sh")):
                return base + "e" if base.endswith(("at", "iv", "ur", "ik")) else base
            if suffix in ("ing", "ed") and len(base) > 3 and base[-1] == base[-2] and base[-1] not in "lsz":
                return base[:-1]  # running -> run, planned -> plan
            return base
    return word


def tokens(text: str) -> list[str]:
    """Lower-case word tokens with stopwords removed and a light stem applied."""
    out = []
    for raw in _TOKEN.findall(text.lower()):
        if raw in STOPWORDS:
            continue
        word = stem(raw)
        if word and word not in STOPWORDS:
            out.append(word)
    return out


def term_id(term: str) -> int:
    """Stable non-negative 31-bit id of a term (crc32 does not change between runs)."""
    return zlib.crc32(term.encode("utf-8")) & 0x7FFFFFFF


def _merge(ids_values: Iterable[tuple[int, float]]) -> tuple[list[int], list[float]]:
    merged: dict[int, float] = {}
    for tid, value in ids_values:
        merged[tid] = merged.get(tid, 0.0) + value
    keys = sorted(merged)
    return keys, [merged[k] for k in keys]


def sparse_doc(text: str, *, k1: float = 1.2, b: float = 0.75, avg_len: float = 12.0) -> tuple[list[int], list[float]]:
    """Sparse document vector: BM25 term-frequency saturation; IDF is applied by the index."""
    counts = Counter(tokens(text))
    length = sum(counts.values()) or 1
    norm = k1 * (1 - b + b * length / avg_len)
    return _merge((term_id(t), c * (k1 + 1) / (c + norm)) for t, c in counts.items())


def sparse_query(text: str) -> tuple[list[int], list[float]]:
    """Sparse query vector: each distinct term once."""
    return _merge((term_id(t), 1.0) for t in set(tokens(text)))


class BM25:
    """Okapi BM25 over a fixed list of documents (used as a baseline and in tests).

    >>> bm = BM25([["cat", "sat"], ["dog", "ran"], ["cat", "ran"]])
    >>> [i for i, _ in bm.top(["cat"], 2)]
    [0, 2]
    """

    def __init__(self, docs: Sequence[Sequence[str]], *, k1: float = 1.2, b: float = 0.75):
        self.k1, self.b = k1, b
        self.docs = [Counter(d) for d in docs]
        self.lengths = [sum(c.values()) for c in self.docs]
        self.avg = (sum(self.lengths) / len(self.lengths)) if self.lengths else 1.0
        df: Counter[str] = Counter()
        for c in self.docs:
            df.update(c.keys())
        n = len(self.docs)
        self.idf = {t: math.log(1 + (n - f + 0.5) / (f + 0.5)) for t, f in df.items()}
        self.postings: dict[str, list[int]] = {}
        for i, c in enumerate(self.docs):
            for t in c:
                self.postings.setdefault(t, []).append(i)

    def scores(self, query: Sequence[str]) -> dict[int, float]:
        """Scores of every document sharing a term with ``query`` (higher is better)."""
        out: dict[int, float] = {}
        for t in set(query):
            idf = self.idf.get(t)
            if idf is None:
                continue
            for i in self.postings[t]:
                tf = self.docs[i][t]
                norm = self.k1 * (1 - self.b + self.b * self.lengths[i] / self.avg)
                out[i] = out.get(i, 0.0) + idf * tf * (self.k1 + 1) / (tf + norm)
        return out

    def top(self, query: Sequence[str], k: int) -> list[tuple[int, float]]:
        """The ``k`` best documents as ``(index, score)``, best first, ties by index."""
        scored = self.scores(query)
        return sorted(scored.items(), key=lambda kv: (-kv[1], kv[0]))[:k]
