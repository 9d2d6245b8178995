"""How much the dense half of the hybrid search counts for one query (:func:`dense_share`).

The lexical half tokenises scripts written without spaces (Chinese, Japanese) into character
bigrams: a paraphrase ("刘洋的太太在哪儿上班？" for "我老婆在市一医院当护士") shares few of them
with its answer, and the bigrams it does share ("的太", "在哪") are function words that every
other message holds too. A multilingual embedder ranks such questions well, and an even mix let
the bigram scores pull its answers down. So the dense weight moves from ``dense_weight`` towards
``unspaced_dense_weight`` with the share of the query's letters written in those scripts: an
English question keeps ``dense_weight`` exactly, a Chinese one gets ``unspaced_dense_weight``, and
"Where does 刘洋's wife work?" lies in between. It reads the query only, not the embedder's
cosines, so it holds for any model's scale.
"""

from __future__ import annotations

import re

__all__ = ["unspaced_share", "dense_share"]

# Han (with extension A and the compatibility block), hiragana, katakana
_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_LETTER = re.compile(r"[^\W\d_]")


def unspaced_share(query: str) -> float:
    """The share of ``query``'s letters that are Han or kana (0 for a query without letters).

    >>> unspaced_share("Where does Mel work?"), unspaced_share("刘洋的太太在哪儿上班？")
    (0.0, 1.0)
    >>> round(unspaced_share("Where does 刘洋's wife work?"), 2)
    0.1
    """
    letters = _LETTER.findall(query)
    if not letters:
        return 0.0
    return sum(1 for c in letters if _UNSPACED.match(c)) / len(letters)


def dense_share(query: str, dense_weight: float, unspaced_dense_weight: float) -> float:
    """The dense weight of the fused score for ``query``: ``dense_weight`` moved towards
    ``unspaced_dense_weight`` by the query's :func:`unspaced_share`.

    >>> dense_share("What did Mel paint?", 0.5, 0.9), dense_share("王芳的猫叫什么？", 0.5, 0.9)
    (0.5, 0.9)
    """
    share = unspaced_share(query)
    return dense_weight + share * (unspaced_dense_weight - dense_weight)
