"""Two models in one vector: a multilingual model for every text, and an English model beside it
for English texts.

multilingual-e5-small reads about a hundred languages, and English questions over Chinese
memories need it; on English chat alone the six-layer English MiniLM ranks better (LoCoMo dev,
leave one conversation out: R@10 82.5 against 80.7, multi-hop 58.9 against 54.6). With ``a`` =
``sqrt(1 - s)``, ``b`` = ``sqrt(s)`` and ``s`` = ``english_share``, a :class:`DualEmbedder`
gives

- an English text (:func:`english_readable`: Latin letters only, and English function words not
  outnumbered by German, French, Spanish... ones), stored or asked: ``[a * multi, b * english, 0]``;
- any other stored text: ``[a * multi, 0, b]`` (the last dimension a constant);
- any other question: ``[multi, 0, 0]``.

So two English texts compare by ``(1 - s) * cos_multi + s * cos_english``, and a question in
any other language reads every stored text, English or not, by ``a * cos_multi``: an e5 search
over the whole memory, fair to both scripts. An English question reads other stored texts by
``(1 - s) * cos_multi``; recall searches once more with the question's multilingual block alone
for them and puts their scores on the blend's scale (:mod:`autogen_zettel.recall.scripts`). Two
stored non-English texts compare by ``(1 - s) * cos_multi + s``, an English and another by
``(1 - s) * cos_multi`` (:class:`~autogen_zettel.embed.scale.DualScale` reads each on its own
scale). Everything runs through every vector engine unchanged (one dense vector). The code calls
an English text "latin" for short.

The price: an English text is encoded by both models (MiniLM is about three times faster than
e5, so about a third more time per text), and vectors are twice as wide.
"""

from __future__ import annotations

import math
import os
import re
import threading
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from autogen_zettel.embed.protocol import Embedder, SparseVector
from autogen_zettel.text.english import looks_english

__all__ = ["DualEmbedder", "english_readable", "DUAL_PREFIX", "DUAL_ENGLISH_SHARE"]

#: the English model's share of a Latin pair's cosine (``embedding.model: e5+minilm``), chosen by
#: leaving one LoCoMo dev conversation out (benchmarks/dual_share.py)
DUAL_ENGLISH_SHARE = 0.7

#: how the recorded name of a dual embedder starts (its cosine scale is looked up by it)
DUAL_PREFIX = "dual("

# Han, kana, Hangul, Cyrillic, Greek, Arabic, Hebrew, Thai, Devanagari...: any letter the
# English model has no vocabulary for
_FOREIGN = re.compile(r"[^\W\d_a-zA-Z\u00c0-\u024f]")


def english_readable(text: str) -> bool:
    """Whether the English model has a say in ``text``: every letter is Latin (accents allowed)
    and it reads as English, not German or Spanish (:func:`~autogen_zettel.text.english.looks_english`:
    MiniLM knows English only, and at its share it would outvote e5 on a German pair).

    A single Han name makes a text the multilingual model's alone ("What breed is 王磊's dog?"):
    with a vector of the same make as the Chinese memories it asks about, an English question
    ranks them as the multilingual model does. (Counting a name as English instead put English
    small talk above the Chinese answer: 2 of 30 such questions answered, against 21.)

    >>> [english_readable(t) for t in ("What breed is Wang Lei's dog?", "王磊's dog", "ok 👍 café")]
    [True, False, True]
    >>> english_readable("Wo arbeitet meine Schwester?")
    False
    """
    return _FOREIGN.search(text) is None and looks_english(text)


class DualEmbedder:
    """``multi``'s vector, and ``english``'s beside it for English texts (see the module).

    >>> from autogen_zettel.embed.embedders import HashEmbedder
    >>> d = DualEmbedder(HashEmbedder(8), HashEmbedder(4), english_share=0.5)
    >>> d.dim, d.name
    (13, 'dual(hash-8+lex3|hash-4+lex3|0.5)')
    >>> v = d.encode(["a cat", "一只猫"])
    >>> [round(float(np.linalg.norm(x)), 3) for x in v], round(float(v[1, 12]), 3), float(v[0, 12])
    ([1.0, 1.0], 0.707, 0.0)
    >>> q = d.encode(["一只猫"], query=True)[0]
    >>> float(np.abs(q[8:]).sum()), round(float(np.linalg.norm(q)), 3)
    (0.0, 1.0)
    """

    def __init__(self, multi: Embedder, english: Embedder, *, english_share: float):
        if not 0.0 <= english_share <= 1.0:
            raise ValueError(f"english_share must be within [0, 1], got {english_share!r}")
        self.multi, self.english, self.english_share = multi, english, english_share
        self.dim = multi.dim + english.dim + 1
        self.name = f"{DUAL_PREFIX}{multi.name}|{english.name}|{english_share:g})"
        self._weights = (math.sqrt(1.0 - english_share), math.sqrt(english_share))
        self._pool: tuple[int, ThreadPoolExecutor] | None = None
        self._lock = threading.Lock()

    def encode(self, texts: list[str], *, query: bool = False) -> np.ndarray:
        return self._encode(texts, query, [english_readable(t) for t in texts])

    def encode_alike(self, texts: list[str], *, query: bool = False) -> np.ndarray:
        """Vectors of one make for several wordings of one text (to be mixed into one vector): each
        has its English half only when every wording is Latin. A question written with a Han name
        and without it ("What does 刘洋 do?", "What does do?") mixes into the multilingual model's
        vector alone, as the stored texts' scores expect (:mod:`autogen_zettel.recall.scripts`)."""
        latin = all(english_readable(t) for t in texts)
        return self._encode(texts, query, [latin] * len(texts))

    def _encode(self, texts: list[str], query: bool, readable: list[bool]) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), np.float32)
        if not texts:
            return out
        width = self.multi.dim
        latin = [i for i, r in enumerate(readable) if r] if self.english_share > 0 else []
        other = [i for i, r in enumerate(readable) if not r or self.english_share == 0]
        # both models at once: their runtimes release the GIL, so a question costs about the
        # slower model's time on two cores, not the sum
        english = (
            self._worker().submit(self.english.encode, [texts[i] for i in latin], query=query)
            if latin
            else None
        )
        out[:, :width] = self.multi.encode(texts, query=query)
        a, b = self._weights
        if english is not None:
            out[latin, :width] *= a
            out[latin, width:-1] = b * english.result()
        if other and not query:  # a stored text of another language: e5 beside a constant
            out[other, :width] *= a
            out[other, -1] = b
        return out

    def multi_only(self, vector: np.ndarray) -> np.ndarray:
        """A question's vector reduced to its multilingual block (unit length): it reads every
        stored text by ``sqrt(1 - share)`` times its multilingual cosine, whatever its language."""
        out = np.zeros(self.dim, np.float32)
        block = np.asarray(vector, dtype=np.float32)[: self.multi.dim]
        norm = float(np.linalg.norm(block))
        out[: self.multi.dim] = block / norm if norm > 0 else block
        return out

    def _worker(self) -> ThreadPoolExecutor:
        """The thread MiniLM runs on, made on first use, and again in a forked child (a fork keeps
        the pool but not its thread, and a task given to it would wait for ever)."""
        with self._lock:
            pool = self._pool
            if pool is None or pool[0] != os.getpid():
                pool = self._pool = (os.getpid(), ThreadPoolExecutor(1, thread_name_prefix="zettel-dual"))
            return pool[1]

    def sparse(self, texts: list[str], *, query: bool = False) -> list[SparseVector]:
        return self.multi.sparse(texts, query=query)
