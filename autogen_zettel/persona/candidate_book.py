"""Candidate traits with a lifecycle: each session-end mining's clusters (see
:mod:`autogen_zettel.persona.clusters`) are matched with the candidates kept before, so a
candidate lives across sessions with its evidence (its cards) and its growth (its size at each
sighting). It is labelled by what its cards are about: the topics of the person-layer rows
that cite them (any person layer), else its content words. A candidate that
holds for ``persona.candidate_promote_days`` (seen at ``persona.candidate_min_sightings``
minings, not shrinking) is promoted to a trait of the persona, with its own bounds and score
history; one not seen for ``persona.candidate_drop_days`` has faded and is dropped.

The book is kept in the persona state (``candidate_book``); promoted traits are read back into
the engine's trait specs when it starts again.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any

from autogen_zettel.people.catalog import LAYERS
from autogen_zettel.persona.traits import TraitSpec

__all__ = ["BOOK_KEY", "about_label", "promoted_specs", "track"]

BOOK_KEY = "candidate_book"
_MATCH = 0.5  # a cluster is the same candidate when this share of the smaller one's cards is shared


def _overlap(a: Iterable[str], b: Iterable[str]) -> float:
    a, b = set(a), set(b)
    return len(a & b) / max(1, min(len(a), len(b)))


def about_label(memory: Any, card_ids: Sequence[str], keywords: Sequence[str]) -> str:
    """What the cards are about: the topics of the person-layer rows citing them, most cited
    first ("tomatoes / gardening"), else the top three content words. Reads the layer tables
    directly (no flush: this runs on the background worker at a session end)."""
    ids, topics = set(card_ids), Counter()
    tables = getattr(getattr(memory, "people", None) or getattr(memory, "layers", None), "tables", None)
    if tables is not None:
        for view in LAYERS:
            rows, field = view.table_rows(tables), view.about
            for r in rows:
                n = len(ids & set(r.get("source_ids") or ()))
                value = str(r.get(field) or "").strip()
                if n and value and r.get("status") != "superseded":
                    topics[value] += n
    if topics:
        return " / ".join(t for t, _ in sorted(topics.items(), key=lambda kv: (-kv[1], kv[0]))[:3])
    return " / ".join(keywords[:3])


def _slug(label: str) -> str:
    words = re.findall(r"\w+", label.casefold())
    return "interest_" + ("_".join(words[:4]) or "topic")


def track(
    book: Sequence[Mapping],
    found: Sequence[Mapping],
    now: datetime,
    *,
    promote_days: float,
    drop_days: float,
    min_sightings: int,
) -> tuple[list[dict], list[dict], list[dict]]:
    """One mining's clusters ``found`` (``label``, ``keywords``, ``size``, ``card_ids``) against the
    ``book``; returns the new book, the candidates promoted now and those dropped now.

    >>> t0 = datetime(2024, 1, 1)
    >>> c = {"label": "tomatoes", "keywords": ["tomato"], "size": 5, "card_ids": list("abcde")}
    >>> book, up, down = track([], [c], t0, promote_days=7, drop_days=14, min_sightings=2)
    >>> book[0]["status"], len(book[0]["sightings"])
    ('candidate', 1)
    >>> grown = {**c, "size": 6, "card_ids": list("abcdef")}
    >>> book, up, down = track(book, [grown], t0 + timedelta(days=8), promote_days=7, drop_days=14, min_sightings=2)
    >>> [e["status"] for e in up], book[0]["trait"]
    (['promoted'], 'interest_tomatoes')
    """
    at = now.isoformat()
    out = [dict(e) for e in book]
    live = [e for e in out if e["status"] == "candidate"]
    seen: set[int] = set()
    for c in found:
        match = max(
            (e for e in live if id(e) not in seen),
            key=lambda e: _overlap(e["card_ids"], c["card_ids"]),
            default=None,
        )
        if match is not None and _overlap(match["card_ids"], c["card_ids"]) >= _MATCH:
            seen.add(id(match))
            match.update(
                label=c["label"],
                keywords=list(c["keywords"]),
                card_ids=sorted(set(match["card_ids"]) | set(c["card_ids"])),
                last_seen=at,
                sightings=[*match["sightings"], [at, int(c["size"])]],
            )
            continue
        if any(_overlap(e["card_ids"], c["card_ids"]) >= _MATCH for e in out if e["status"] == "promoted"):
            continue  # already a trait
        entry = {
            "label": c["label"],
            "keywords": list(c["keywords"]),
            "card_ids": sorted(c["card_ids"]),
            "first_seen": at,
            "last_seen": at,
            "sightings": [[at, int(c["size"])]],
            "status": "candidate",
            "changed_at": at,
            "trait": None,
        }
        out.append(entry)
        seen.add(id(entry))
    promoted, dropped = [], []
    taken = {e["trait"] for e in out if e.get("trait")}
    for e in out:
        if e["status"] != "candidate":
            continue
        first, last = datetime.fromisoformat(e["first_seen"]), datetime.fromisoformat(e["last_seen"])
        sizes = [s for _, s in e["sightings"]]
        if now - last >= timedelta(days=drop_days):
            e.update(status="dropped", changed_at=at)
            dropped.append(e)
        elif (
            last == now
            and now - first >= timedelta(days=promote_days)
            and len(sizes) >= min_sightings
            and sizes[-1] >= sizes[0]
        ):
            name, n = _slug(e["label"]), 2
            while name in taken:
                name, n = f"{_slug(e['label'])}_{n}", n + 1
            taken.add(name)
            e.update(status="promoted", changed_at=at, trait=name)
            promoted.append(e)
    return out, promoted, dropped


def promoted_specs(book: Iterable[Mapping] | None, bounds: tuple[float, float]) -> dict[str, TraitSpec]:
    """The trait specs of the promoted candidates: a trait that starts just above neutral, with
    its own bounds, recognised by the candidate's words."""
    out = {}
    for e in book or ():
        if e.get("status") == "promoted" and e.get("trait"):
            out[e["trait"]] = TraitSpec(
                e["trait"],
                description=f"interest in {e['label']} (promoted from a candidate trait on {e['changed_at'][:10]})",
                low=f"little interest in {e['label']}",
                high=f"keen interest in {e['label']}",
                keywords=tuple(e["keywords"]),
                initial=0.6,
                bounds=tuple(bounds),
            )
    return out
