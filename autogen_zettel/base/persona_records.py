"""The persona's record types: what the persona tables store and the persona logic reads.

They live at the base so that the store can persist them without importing the logic that
makes them (mining, behaviour modules).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import Enum

__all__ = ["EvidenceRow", "TraitState", "ModuleStatus", "ModuleEvent"]


def _clip(x: float, bounds: tuple[float, float]) -> float:
    return min(max(x, bounds[0]), bounds[1])


@dataclass(frozen=True)
class EvidenceRow:
    """A stored evidence edge: message/card -REINFORCES (+1) or WEAKENS (-1)-> trait.

    Holds no message text: ``cue`` is a label such as ``"too long"`` or ``"praise:short_reply"``.
    """

    id: int
    trait: str
    sign: int
    strength: float
    affect: float
    source: str
    cue: str
    message_id: str
    card_id: str | None
    session_id: str | None
    at: datetime


@dataclass(frozen=True)
class TraitState:
    """A trait's state after one mining.

    ``support``/``against`` are the decayed weights of all evidence for and against the trait,
    ``sessions`` the number of distinct sessions the evidence came from, ``bounds`` the range
    the score is clipped to.
    """

    trait: str
    long: float
    mood: float
    support: float
    against: float
    sessions: int
    dissonant: bool
    at: datetime
    bounds: tuple[float, float] = (0.0, 1.0)

    @property
    def score(self) -> float:
        """``long + mood`` clipped to ``bounds``: the score conditions and prompts read.

        >>> TraitState("humour", 0.85, 0.2, 0, 0, 0, False, datetime(2024, 1, 1), (0.1, 0.9)).score
        0.9
        """
        return _clip(self.long + self.mood, self.bounds)


class ModuleStatus(str, Enum):
    LOCKED = "locked"
    ACTIVE = "active"
    ROLLED_BACK = "rolled_back"


@dataclass(frozen=True)
class ModuleEvent:
    """One recorded change: event is "unlock", "strengthen", "weaken", "rollback" or "relock"."""

    module: str
    at: datetime
    event: str
    weight_before: float
    weight_after: float
    reason: str
