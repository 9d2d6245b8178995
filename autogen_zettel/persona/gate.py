"""A calibrated gate for trait evidence by meaning: is this clause's best trait reading right?

The first reader accepted a clause's best trait only if three hard thresholds all held: its
similarity, its lead over the next trait and its lead over praise, complaint and neutral chat.
A clause just under one of them gave nothing even when the other two were clear ("lighten
the tone a bit": humour 0.39, 0.08 ahead of the next trait). The gate weighs them together:
a logistic regression over a few features of the reading (:data:`FEATURES`), trained on
labelled feedback (label: the reading's trait and direction are right), accepts the reading
when its probability reaches a minimum chosen by cross-validation (``scripts/feedback_cv.py``).

The shipped gate (``defaults/meaning_gate.json``) holds plain numbers: feature names, their
mean and scale, the weights and the bias, and what it was trained on. No pickle.

>>> g = Gate(features=("a",), mean=(0.0,), scale=(1.0,), weights=(2.0,), bias=0.0)
>>> round(g.probability([0.0]), 2), g.probability([3.0]) > 0.99
(0.5, True)
"""

from __future__ import annotations

import functools
import json
import logging
import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from importlib import resources

import numpy as np

from autogen_zettel.base.errors import ConfigError

__all__ = ["FEATURES", "Gate", "fit", "default_gate"]

log = logging.getLogger(__name__)

# what a clause's best trait reading is described by (persona/meaning.py computes them):
FEATURES = (
    "similarity",  # the trait's similarity (its better pole's top-k mean, with the size bonus)
    "lead_trait",  # its lead over the next trait
    "lead_other",  # its lead over the best of praise, complaint and neutral chat
    "lead_neutral",  # its lead over neutral chat
    "by_cue",  # 1 when a size cue gave the direction
    "by_attitude",  # 1 when the attitude cue gave it
    "pole_gap",  # how far apart the trait's poles are (the direction's margin when the poles decide)
    "named",  # 1 when the clause holds one of the trait's keywords
)


@dataclass(frozen=True)
class Gate:
    """A logistic regression over standardised :data:`FEATURES` (plain numbers)."""

    features: tuple[str, ...]
    mean: tuple[float, ...]
    scale: tuple[float, ...]
    weights: tuple[float, ...]
    bias: float
    note: str = ""

    def probability(self, x: Sequence[float]) -> float:
        """The probability that the reading described by ``x`` (in :attr:`features` order) is right."""
        z = self.bias + sum(w * (v - m) / s for w, v, m, s in zip(self.weights, x, self.mean, self.scale))
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))

    def to_json(self) -> str:
        return json.dumps(asdict(self), indent=1) + "\n"

    @classmethod
    def from_json(cls, text: str, *, source: str = "<gate>") -> Gate:
        try:
            data = json.loads(text)
            gate = cls(features=tuple(data["features"]), mean=tuple(map(float, data["mean"])),
                       scale=tuple(map(float, data["scale"])), weights=tuple(map(float, data["weights"])),
                       bias=float(data["bias"]), note=str(data.get("note", "")))
        except (ValueError, KeyError, TypeError) as exc:
            raise ConfigError(f"{source}: not a trait evidence gate ({exc}); rebuild it with "
                              "scripts/feedback_cv.py --write-gate") from exc
        if gate.features != FEATURES or not len(gate.mean) == len(gate.scale) == len(gate.weights) == len(FEATURES):
            raise ConfigError(f"{source}: gate features {gate.features!r} do not match {FEATURES!r}; rebuild it "
                              "with scripts/feedback_cv.py --write-gate")
        return gate


def fit(x: np.ndarray, y: np.ndarray, *, l2: float = 1.0, note: str = "") -> Gate:
    """Fit a :class:`Gate` by Newton's method (L2 penalty ``l2`` on the weights, not the bias).

    :param x: shape ``(readings, len(FEATURES))``
    :param y: 1 where the reading was right, else 0
    """
    x = np.asarray(x, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    mean, scale = x.mean(axis=0), x.std(axis=0)
    scale = np.where(scale > 1e-9, scale, 1.0)
    z = np.hstack([np.ones((len(x), 1)), (x - mean) / scale])
    w = np.zeros(z.shape[1])
    penalty = np.diag([0.0] + [l2] * x.shape[1])
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-np.clip(z @ w, -30, 30)))
        grad = z.T @ (p - y) + penalty @ w
        hess = (z * (p * (1 - p))[:, None]).T @ z + penalty + 1e-9 * np.eye(len(w))
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return Gate(features=FEATURES, mean=tuple(round(float(v), 6) for v in mean),
                scale=tuple(round(float(v), 6) for v in scale), weights=tuple(round(float(v), 6) for v in w[1:]),
                bias=round(float(w[0]), 6), note=note)


@functools.lru_cache(maxsize=1)
def default_gate() -> Gate:
    """The gate shipped with the package (``autogen_zettel/defaults/meaning_gate.json``), read once."""
    ref = resources.files("autogen_zettel") / "defaults" / "meaning_gate.json"
    gate = Gate.from_json(ref.read_text(encoding="utf-8"), source=str(ref))
    log.debug("trait evidence gate loaded from %s", ref)
    return gate
