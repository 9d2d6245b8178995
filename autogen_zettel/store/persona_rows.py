"""The persona tables' rows as records and back (as :mod:`~autogen_zettel.store.card_rows` is for
cards): the records :class:`~autogen_zettel.store.persona_tables.PersonaStore` returns (trait
points, prompt and profile versions, module summaries), the checks and encoding of trait evidence
rows, and the JSON of a profile's items.

>>> items_from_json(items_to_json([ProfileItem("Ann prefers tea.", 1.0, card_ids=("c1",))]))[0].card_ids
('c1',)
>>> evidence_rows([{"trait": "humour", "sign": 2, "strength": 1, "message_id": "m1", "at": "2024-03-01"}])
Traceback (most recent call last):
...
autogen_zettel.base.errors.InvalidInput: evidence row 0: sign must be 1 or -1, got 2
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from autogen_zettel.base.cards import ProfileItem
from autogen_zettel.base.errors import InvalidInput
from autogen_zettel.base.persona_records import EvidenceRow, ModuleEvent

__all__ = [
    "TraitPoint",
    "PromptVersion",
    "ProfileVersion",
    "ModuleSummary",
    "module_summaries",
    "EVIDENCE_KEYS",
    "evidence_rows",
    "row_to_evidence",
    "row_to_prompt_version",
    "row_to_profile",
    "items_to_json",
    "items_from_json",
    "iso_text",
]

EVIDENCE_KEYS = (
    "trait",
    "sign",
    "strength",
    "affect",
    "source",
    "cue",
    "message_id",
    "card_id",
    "about_message_id",
    "session_id",
    "at",
)
_REQUIRED = ("trait", "sign", "strength", "message_id", "at")


def iso_text(at: datetime | str) -> str:
    """A time as the ISO text the tables store (so rows sort by time as text)."""
    return at if isinstance(at, str) else at.isoformat()


@dataclass(frozen=True)
class TraitPoint:
    """One stored trait state (a point of the trait's trajectory) and why it was recorded."""

    trait: str
    at: datetime
    long: float
    mood: float
    score: float
    support: float
    against: float
    sessions: int
    dissonant: bool
    reason: str


@dataclass(frozen=True)
class PromptVersion:
    """One version of the prompt stack: system layer, trait layer, session layer, temperature."""

    version: int
    at: datetime
    system: str
    traits: str
    session: str
    temperature: float | None
    reason: str


@dataclass(frozen=True)
class ProfileVersion:
    """One version of the persona profile (layer 3)."""

    version: int
    at: datetime
    text: str
    items: tuple[ProfileItem, ...]
    reason: str


@dataclass(frozen=True)
class ModuleSummary:
    """Where a behaviour module stands according to its recorded events.

    ``status`` is ``"active"`` after an unlock, strengthen or weaken, ``"rolled_back"`` after a
    rollback and ``"locked"`` after a relock; ``since`` is when it entered that status.
    """

    module: str
    status: str
    weight: float
    since: datetime
    events: int
    reason: str


_STATUS_AFTER = {
    "unlock": "active",
    "strengthen": "active",
    "weaken": "active",
    "rollback": "rolled_back",
    "relock": "locked",
}


def module_summaries(events: Iterable[ModuleEvent]) -> list[ModuleSummary]:
    """The state of every module that has events, from its events in time order.

    >>> from datetime import datetime
    >>> from types import SimpleNamespace as E
    >>> t = datetime(2024, 3, 8)
    >>> [(m.module, m.status, m.weight) for m in module_summaries([
    ...     E(module="brief", at=t, event="unlock", weight_before=0, weight_after=0.34, reason="held 7 days"),
    ...     E(module="brief", at=t, event="weaken", weight_before=0.34, weight_after=0.17, reason="complaint")])]
    [('brief', 'active', 0.17)]
    """
    out: dict[str, ModuleSummary] = {}
    for e in sorted(events, key=lambda e: e.at):
        prev = out.get(e.module)
        status = _STATUS_AFTER.get(e.event, prev.status if prev else "locked")
        since = prev.since if prev is not None and prev.status == status else e.at
        out[e.module] = ModuleSummary(
            e.module, status, float(e.weight_after), since, (prev.events if prev else 0) + 1, e.reason
        )
    return [out[k] for k in sorted(out)]


def evidence_rows(rows: Sequence[Mapping[str, Any]]) -> list[dict]:
    """Evidence rows checked and made ready to insert: every key of :data:`EVIDENCE_KEYS`, numbers
    as numbers, an enum ``source`` as its value, times as ISO text.

    :raises InvalidInput: a row lacks a required key, has an unknown one, or a sign other than +-1
    """
    clean = []
    for i, row in enumerate(rows):
        unknown = set(row) - set(EVIDENCE_KEYS)
        if unknown:
            raise InvalidInput(
                f"evidence row {i} has unknown key(s) {sorted(unknown)!r}; allowed: {list(EVIDENCE_KEYS)!r}"
            )
        missing = [k for k in _REQUIRED if row.get(k) is None]
        if missing:
            raise InvalidInput(f"evidence row {i} lacks {missing!r}; every row needs {list(_REQUIRED)!r}")
        if row["sign"] not in (1, -1):
            raise InvalidInput(f"evidence row {i}: sign must be 1 or -1, got {row['sign']!r}")
        source = row.get("source", "")
        clean.append(
            {
                **{k: row.get(k) for k in EVIDENCE_KEYS},
                "sign": int(row["sign"]),
                "strength": float(row["strength"]),
                "affect": float(row.get("affect") or 0.0),
                "source": getattr(source, "value", source) or "",
                "cue": row.get("cue") or "",
                "at": iso_text(row["at"]),
            }
        )
    return clean


_EVIDENCE_FIELDS: set[str] | None = None


def row_to_evidence(r: Mapping[str, Any]) -> EvidenceRow:
    """A ``trait_evidence`` row as an :class:`~autogen_zettel.base.persona_records.EvidenceRow`."""
    global _EVIDENCE_FIELDS
    if _EVIDENCE_FIELDS is None:  # tolerate fields the row type may gain or lack
        _EVIDENCE_FIELDS = {f.name for f in dataclasses.fields(EvidenceRow)}
    values = {**r, "at": datetime.fromisoformat(r["at"])}
    return EvidenceRow(**{k: v for k, v in values.items() if k in _EVIDENCE_FIELDS})


def items_to_json(items: Iterable[ProfileItem | Mapping[str, Any]]) -> str:
    out = []
    for it in items:
        d = dataclasses.asdict(it) if isinstance(it, ProfileItem) else dict(it)
        d["card_ids"] = list(d.get("card_ids") or ())
        out.append(d)
    return json.dumps(out, ensure_ascii=False)


def items_from_json(text: str | None) -> tuple[ProfileItem, ...]:
    return tuple(
        ProfileItem(**{**d, "card_ids": tuple(d.get("card_ids") or ())}) for d in json.loads(text or "[]")
    )


def row_to_prompt_version(r: Mapping[str, Any]) -> PromptVersion:
    """A ``prompt_versions`` row as a :class:`PromptVersion`."""
    return PromptVersion(
        r["version"],
        datetime.fromisoformat(r["at"]),
        r["system"] or "",
        r["traits"] or "",
        r["session"] or "",
        r["temperature"],
        r["reason"] or "",
    )


def row_to_profile(r: Mapping[str, Any]) -> ProfileVersion:
    """A ``profile_versions`` row as a :class:`ProfileVersion`."""
    return ProfileVersion(
        r["version"],
        datetime.fromisoformat(r["at"]),
        r["text"] or "",
        items_from_json(r["items"]),
        r["reason"] or "",
    )
