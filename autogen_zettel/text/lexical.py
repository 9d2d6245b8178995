"""Lexical signal: tokenising (any script), Snowball stemming by script, sparse term vectors and a small BM25.

The sparse vectors go into Qdrant beside the dense ones (with Qdrant's IDF modifier, so the
collection computes BM25-like scores); :class:`BM25` is used by benchmarks as a baseline and
by the link engine for tests without Qdrant.

>>> tokens("Caroline's painting classes started in May!")
['carolin', 'paint', 'class', 'start', 'may']
"""

from __future__ import annotations

import functools
import math
import re
import threading
import unicodedata
import zlib
from collections import Counter
from collections.abc import Iterable, Sequence

__all__ = [
    "STOPWORDS",
    "LEXICAL_VERSION",
    "SCRIPT_STEMMERS",
    "fold",
    "tokens",
    "stem",
    "snowball",
    "term_id",
    "sparse_doc",
    "sparse_query",
    "BM25",
    "readable_tags",
]

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


def _mark_ranges() -> str:
    r"""A character class body of the combining marks of the Basic Multilingual Plane: ``\w``
    leaves them out, but Devanagari's vowel signs or Arabic's vowel marks belong to the word."""
    out, start, prev = [], None, None
    for cp in range(0x300, 0x10000):
        if unicodedata.category(chr(cp)).startswith("M"):
            if start is None:
                start = cp
            elif cp != prev + 1:
                out.append((start, prev))
                start = cp
            prev = cp
    out.append((start, prev))
    return "".join(f"\\u{a:04x}-\\u{b:04x}" if a != b else f"\\u{a:04x}" for a, b in out)


@functools.cache
def _token_re() -> re.Pattern:
    """Letters, digits and combining marks of any script (``\\w`` minus the underscore), a word
    starting with a letter or digit, with an inner apostrophe. Built on first non-ASCII text:
    listing the marks takes 64k category lookups, which an import need not pay."""
    word_char = rf"(?:[^\W_]|[{_mark_ranges()}])"
    return re.compile(rf"[^\W_]{word_char}*(?:'{word_char}+)?")


_ASCII_TOKEN = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
# scripts written without spaces between words: Han, kana (CJK punctuation is not \w)
_BIGRAM_RUN = re.compile(
    r"[\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002fa1f]+"
)
# combining marks kept when folding accents: the kana voicing marks and the vowel signs of Indic
# and South-East Asian scripts carry the letter itself, not an accent on it
_KEEP_MARK = re.compile(r"[\u0900-\u0dff\u0e00-\u0eff\u1000-\u109f\u3099\u309a]")
LEXICAL_VERSION = 3  # bump when tokens() changes: stored sparse vectors depend on it (3: Snowball stems)
_SUFFIXES = ("ingly", "edly", "ings", "ing", "ies", "ied", "ed", "es", "s", "ly")


def stem(word: str) -> str:
    """A deliberately light English suffix stripper: the topic keys of claims (smoke, smoking ->
    smok), which stored claims depend on; tokens use :func:`snowball`."""
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


# The Snowball stemmer of a word, chosen by its script alone (deterministic, no language guess):
# Latin words are stemmed as English, Cyrillic as Russian, Greek as Greek, Arabic as Arabic;
# other scripts (Han and kana become bigrams; Devanagari, Hebrew, Thai...) are left as they are
SCRIPT_STEMMERS = {"latin": "english", "cyrillic": "russian", "greek": "greek", "arabic": "arabic"}
_SCRIPT_OF = (
    ("cyrillic", re.compile(r"[\u0400-\u052f]")),
    ("greek", re.compile(r"[\u0370-\u03ff\u1f00-\u1fff]")),
    ("arabic", re.compile(r"[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff]")),
)
_LATIN = re.compile(r"[a-z\u00c0-\u024f]")
_local = threading.local()  # a PyStemmer object is not safe to share between threads


def _stemmer(language: str):
    cache = getattr(_local, "stemmers", None)
    if cache is None:
        cache = _local.stemmers = {}
    found = cache.get(language)
    if found is None:
        import Stemmer

        found = cache[language] = Stemmer.Stemmer(language, 20000)  # it keeps its own cache of stems
    return found


# each word's stem is kept: the script checks and the stemmer call cost 5 us a word, and ingest
# stems the same few thousand words again and again
@functools.lru_cache(maxsize=50_000)
def snowball(word: str) -> str:
    """``word`` (folded) stemmed by the Snowball stemmer of its script (:data:`SCRIPT_STEMMERS`);
    digits, short words and scripts without a stemmer are kept as they are.

    >>> [snowball(w) for w in ("running", "classes", "москве", "αθηνα", "المهندسة", "杭州")]
    ['run', 'class', 'москв', 'αθην', 'مهندس', '杭州']
    """
    return _snowball(word)


def _snowball(word: str) -> str:
    if word.endswith("'s"):
        word = word[:-2]
    if len(word) < 3 or word.isdigit():
        return word
    if word.isascii():
        language = SCRIPT_STEMMERS["latin"]
    else:
        language = next((SCRIPT_STEMMERS[name] for name, pattern in _SCRIPT_OF if pattern.match(word)), None)
        if language is None and _LATIN.match(word):
            language = SCRIPT_STEMMERS["latin"]
    if language == "greek" and word.endswith("\u03c3"):
        word = word[:-1] + "\u03c2"  # casefold made the final sigma a middle one; Greek's suffixes end in ς
    return _stemmer(language).stemWord(word) if language else word


def fold(text: str) -> str:
    """The form text is matched in: NFKC, case-folded, accents removed (é -> e, ß -> ss).

    >>> fold("Ｃafé ÜBER Straße")
    'cafe uber strasse'
    """
    if text.isascii():  # NFKC leaves ASCII alone and casefold is lower there: the common case, fast
        return text.lower()
    text = unicodedata.normalize("NFKC", text).casefold().replace("\u2019", "'")
    if text.isascii():
        return text
    decomposed = unicodedata.normalize("NFD", text)
    kept = "".join(ch for ch in decomposed if unicodedata.category(ch) != "Mn" or _KEEP_MARK.match(ch))
    return unicodedata.normalize("NFC", kept)


def _words(word: str) -> Iterable[str]:
    """One word, or for Chinese and Japanese runs their character bigrams (a lone character as is)."""
    if word.isascii() or not _BIGRAM_RUN.search(word):
        yield word
        return
    pos = 0
    for run in _BIGRAM_RUN.finditer(word):
        if run.start() > pos:
            yield word[pos : run.start()]
        chars = run.group()
        if len(chars) == 1:
            yield chars
        else:
            yield from (chars[i : i + 2] for i in range(len(chars) - 1))
        pos = run.end()
    if pos < len(word):
        yield word[pos:]


def tokens(text: str) -> list[str]:
    """Word tokens of any script: folded (:func:`fold`), stopwords removed, stemmed by the Snowball
    stemmer of their script (:func:`snowball`); Chinese and Japanese become character bigrams.

    >>> tokens("我住在杭州，喜欢喝龙井。")
    ['我住', '住在', '在杭', '杭州', '喜欢', '欢喝', '喝龙', '龙井']
    >>> tokens("Café Müller öffnet um 8")
    ['cafe', 'muller', 'offnet', 'um', '8']
    """
    folded = fold(text)
    if folded.isascii():  # the common case, without the per-word script checks
        raws: Iterable[str] = _ASCII_TOKEN.findall(folded)
    else:
        raws = [w for found in _token_re().findall(folded) for w in _words(found)]
    out = []
    for raw in raws:
        if raw in STOPWORDS:
            continue
        word = snowball(raw)
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


def sparse_doc(
    text: str, *, k1: float = 1.2, b: float = 0.75, avg_len: float = 12.0
) -> tuple[list[int], list[float]]:
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


_WORD = re.compile(r"\w+(?:'\w+)?")


def readable_tags(tags: tuple[str, ...] | list[str], text: str) -> list[str]:
    """Each tag as the first word of ``text`` it was stemmed from (lower-cased), else the tag.

    >>> readable_tags(["coriand", "pleas", "pho", "kyoto"], "Please order the pho with extra coriander.")
    ['coriander', 'please', 'pho', 'kyoto']
    """
    forms: dict[str, str] = {}
    for word in _WORD.findall(text):
        folded = fold(word)
        forms.setdefault(snowball(folded), folded)
        forms.setdefault(folded, folded)
    return [forms.get(t, t) for t in tags]
