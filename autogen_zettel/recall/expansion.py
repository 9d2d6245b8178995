"""Pseudo-relevance expansion of a list question (#41): the mean of its best hits' vectors added
to the question's, so a second search reaches the items said unlike the question ("What
activities has Melanie done with her family?" finds the camping trip; camping's neighbours in
meaning, the pottery class, the museum, sit nearer the expanded query). Off by default
(``recall.tuning.list_expansion``).

>>> import numpy as np
>>> q = expanded(np.array([1.0, 0.0]), {"a": np.array([0.0, 2.0])}, ["a"], 1.0)
>>> [round(float(x), 3) for x in q]
[0.707, 0.707]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

__all__ = ["expanded"]


def expanded(
    dense: np.ndarray, vectors: Mapping[str, np.ndarray], ids: Sequence[str], weight: float
) -> np.ndarray:
    """``dense`` (normed) plus ``weight`` times the normed mean of the normed ``vectors`` of ``ids``,
    normed to the length ``dense`` had; ``dense`` itself when none of ``ids`` has a vector."""
    have = [np.asarray(vectors[i], dtype=np.float32) for i in ids if i in vectors]
    length = float(np.linalg.norm(dense))
    if not have or weight <= 0 or length == 0:
        return dense
    mean = np.mean([v / max(float(np.linalg.norm(v)), 1e-12) for v in have], axis=0)
    out = dense / length + weight * mean / max(float(np.linalg.norm(mean)), 1e-12)
    return (out * (length / max(float(np.linalg.norm(out)), 1e-12))).astype(np.asarray(dense).dtype)
