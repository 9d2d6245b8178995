"""A tenant's memory as ONE self-contained HTML file: no server, no network, nothing fetched.

The page (``view.html`` beside this module, shipped as package data) holds its own CSS and a
small JavaScript force layout on a canvas: cards are nodes coloured by kind (or tier, status,
speaker), links are lines coloured by kind and drawn by weight (times the gain each learned
from use); a search box finds cards; a click shows a card's sources, history, conflicts and
links (with what each learned); when the tenant has a persona,
its trait scores over time are drawn beside the graph.

The data goes into the page as JSON inside ``<script type="application/json">``, with ``<``,
``>``, ``&`` and the JavaScript line separators escaped, so card text can never close the
script element or run as code; the page only ever sets it as text (``textContent``).
"""

from __future__ import annotations

import json
import logging
from importlib import resources
from pathlib import Path

from autogen_zettel.base.atomic import write_atomic
from autogen_zettel.memory.tenant import tenant_parts
from autogen_zettel.store.persona_tables import PersonaStore
from autogen_zettel.text.lexical import readable_tags

__all__ = ["render_view", "view_data", "write_view"]

log = logging.getLogger(__name__)

_PLACEHOLDER = "__ZETTEL_DATA__"
_ESCAPES = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}


def _traits(mem) -> dict[str, list[dict]]:
    """Trait -> its trajectory (time, score, long-term, mood), oldest first; empty without a persona."""
    out: dict[str, list[dict]] = {}
    for p in PersonaStore(tenant_parts(mem).db).history():
        out.setdefault(p.trait, []).append(
            {
                "at": p.at.isoformat(),
                "score": round(p.score, 4),
                "long": round(p.long, 4),
                "mood": round(p.mood, 4),
            }
        )
    return out


def view_data(mem) -> dict:
    """What the page shows, as JSON-ready data: cards (with their source messages, history and
    conflicts), links and the persona's trait trajectories.

    :param mem: a :class:`~autogen_zettel.memory.tenant.Zettelkasten`
    """
    data = mem.export()
    messages = {m["id"]: m for m in data["messages"]}
    conflicts: dict[str, list[dict]] = {}
    for c in data["conflicts"]:
        for side, other in ((c["active_id"], c["other_id"]), (c["other_id"], c["active_id"])):
            conflicts.setdefault(side, []).append(
                {
                    "other": other,
                    "topic": c["topic"],
                    "resolution": c["resolution"],
                    "question": c.get("question"),
                    "in_force": side == c["active_id"],
                }
            )
    cards = []
    for c in data["cards"]:
        cards.append(
            {
                "id": c["id"],
                "content": c["content"],
                "kind": c["kind"],
                "status": c["status"],
                "tier": c["tier"],
                "speaker": c["speaker"],
                "at": c["created_at"],
                "session": c["session_id"],
                "tags": readable_tags(c["tags"], c["content"]),
                "confidence": c["confidence"],
                "importance": c["importance"],
                "sources": [
                    {k: messages[m].get(k) for k in ("id", "speaker", "at", "session_id", "text")}
                    for m in c["source_ids"]
                    if m in messages
                ],
                "history": [
                    {k: h.get(k) for k in ("at", "action", "version", "status", "content")}
                    for h in mem.archive.history(c["id"])
                ],
                "conflicts": conflicts.get(c["id"], []),
            }
        )
    ids = {c["id"] for c in cards}
    links = [
        {
            "src": x["src"],
            "dst": x["dst"],
            "kind": x["kind"],
            "weight": round(float(x["weight"]), 3),
            # the gain it learned from recall's use (None: nothing learned)
            "learned": None if x.get("learned") is None else round(float(x["learned"]), 3),
        }
        for x in data["links"]
        if x["src"] in ids and x["dst"] in ids
    ]
    return {
        "tenant": data["tenant"],
        "exported_at": data["exported_at"],
        "embedding_model": data["embedding_model"],
        "cards": cards,
        "links": links,
        "traits": _traits(mem),
    }


def render_view(data: dict) -> str:
    """The page for ``data`` (see :func:`view_data`) as one HTML string.

    >>> page = render_view({"tenant": "ann", "exported_at": "", "embedding_model": "", "cards": [],
    ...                     "links": [], "traits": {}})
    >>> page.startswith("<!DOCTYPE html>") and "src=" not in page and "<link" not in page
    True
    >>> "</script><b>" in render_view({"tenant": "</script><b>", "cards": [], "links": [], "traits": {}})
    False
    """
    template = resources.files("autogen_zettel.research").joinpath("view.html").read_text(encoding="utf-8")
    payload = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    for raw, escaped in _ESCAPES.items():
        payload = payload.replace(raw, escaped)
    return template.replace(_PLACEHOLDER, payload, 1)


def write_view(mem, path: str | Path) -> int:
    """Write ``mem``'s page to ``path``; returns the number of cards (nodes) it shows."""
    data = view_data(mem)
    page = render_view(data)
    write_atomic(path, lambda tmp: Path(tmp).write_text(page, encoding="utf-8"))  # whole, never via a link
    log.info(
        "view of %s: %d cards, %d links -> %s", data["tenant"], len(data["cards"]), len(data["links"]), path
    )
    return len(data["cards"])
