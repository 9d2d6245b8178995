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

The dense query itself leaves a named participant out (``dense_without_name``), but a question
about someone with a Chinese name ("刘洋的太太在哪儿上班？") then also loses whose words answer
it, while with the name e5 matches the name's characters more than the meaning. So a query that
names a participant whose name is written in Han or kana is embedded both ways and the vectors
mixed (:func:`name_share`, :func:`blend`), in whatever language it is asked: an English question
that writes the name in pinyin ("Liu Yang") is embedded with the Han name in its place, since
the cards hold that. A participant with a name in spaced letters ("Melanie") is simply cut.
"""

from __future__ import annotations

import re
from collections.abc import Collection

import numpy as np

__all__ = ["unspaced_share", "dense_share", "name_share", "blend"]

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


def name_share(names: Collection[str], unspaced_dense_name_share: float) -> float:
    """The share of the dense query vector that comes from the query with the participants'
    ``names``: ``unspaced_dense_name_share`` when one of them is written in Han or kana, else 0.

    >>> name_share({"Mel"}, 0.5), name_share({"王芳", "Mel"}, 0.5), name_share(set(), 0.5)
    (0.0, 0.5, 0.0)
    """
    return unspaced_dense_name_share if any(_UNSPACED.search(n) for n in names) else 0.0


def blend(with_name: np.ndarray, without_name: np.ndarray, share: float) -> np.ndarray:
    """``share * with_name + (1 - share) * without_name``, at unit length (float32).

    >>> [round(float(x), 3) for x in blend(np.array([1.0, 0.0]), np.array([0.0, 1.0]), 0.5)]
    [0.707, 0.707]
    """
    mixed = share * np.asarray(with_name, dtype=np.float32) + (1 - share) * np.asarray(
        without_name, dtype=np.float32
    )
    norm = float(np.linalg.norm(mixed))
    return (mixed / norm if norm > 1e-12 else mixed).astype(np.float32)
