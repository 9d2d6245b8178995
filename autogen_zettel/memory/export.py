"""A tenant's memory to take away: every card as plain JSON-ready data (:func:`card_dict`), the
whole tenant as JSON (:func:`export_data`), and its cards, links and persona traits as one
NetworkX multigraph (:func:`export_graph`, GraphML-ready). What
:meth:`MemoryArchive.export <autogen_zettel.memory.archive.MemoryArchive.export>` and
:meth:`~autogen_zettel.memory.archive.MemoryArchive.export_graph` give.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Protocol

import networkx as nx

from autogen_zettel.base.cards import Card, CardStatus, Link
from autogen_zettel.cards.graph import persona_graph
from autogen_zettel.cards.link_strength import as_of
from autogen_zettel.people.layers import Layers
from autogen_zettel.store.tenant_store import TenantStore

__all__ = [
    "Exportable",
    "card_dict",
    "link_dict",
    "export_data",
    "export_graph",
    "xml_safe",
    "xml_safe_graph",
]


class Exportable(Protocol):
    """What an export reads of its tenant (:class:`~autogen_zettel.memory.parts.TenantParts`)."""

    name: str
    store: TenantStore
    people: Layers

    def now(self, at: datetime | None = None) -> datetime: ...

    def cards(self, *, status: CardStatus | None = None) -> list[Card]: ...


def card_dict(card: Card) -> dict:
    """A card as plain JSON-ready data."""
    return {
        "id": card.id,
        "content": card.content,
        "kind": card.kind.value,
        "speaker": card.speaker,
        "created_at": card.created_at.isoformat(),
        "session_id": card.session_id,
        "source_ids": list(card.source_ids),
        "tags": list(card.tags),
        "entities": list(card.entities),
        "confidence": card.confidence,
        "importance": card.importance,
        "status": card.status.value,
        "access_count": card.access_count,
        "last_access": card.last_access.isoformat() if card.last_access else None,
        "tier": card.tier.value,
        "evidence": card.evidence.value,
        "context": card.context,
        "redactions": list(card.redactions),
        "version": card.version,
        "updated_at": card.updated_at.isoformat() if card.updated_at else None,
        "valence": card.valence,
        "arousal": card.arousal,
    }


def link_dict(link: Link) -> dict:
    """One link as JSON-ready data: its ends, kind and weight as written, and the gain it learned
    from recall's use (``learned``, None when it learned none; ``learned_at`` when it was last
    set; see :mod:`autogen_zettel.cards.link_strength`)."""
    return {
        "src": link.src,
        "dst": link.dst,
        "kind": link.kind.value,
        "weight": link.weight,
        "learned": link.learned,
        "learned_at": link.learned_at.isoformat() if link.learned_at else None,
    }


def export_data(mem: Exportable) -> dict:
    """Everything this tenant holds, as JSON-ready data: cards, links, conflicts, messages."""
    db = mem.store.db
    cards = mem.cards()
    messages = db.messages(sorted({m for c in cards for m in c.source_ids}))
    now = mem.now()
    return {
        "tenant": mem.name,
        "exported_at": now.isoformat(),
        "embedding_model": db.get_meta("embedding_model"),
        "cards": [card_dict(c) for c in cards],
        "links": [link_dict(as_of(link, now)) for link in db.links.iter()],
        "conflicts": db.conflicts.all(),
        "messages": messages,
        "layers": mem.people.export(),
    }


def export_graph(mem: Exportable) -> nx.MultiDiGraph:
    """The cards and links as a NetworkX multigraph with plain attributes (GraphML-ready:
    ``nx.write_graphml(mem.archive.export_graph(), "alice.graphml")`` opens in Gephi)."""
    db = mem.store.db
    G = nx.MultiDiGraph(tenant=mem.name)
    for c in mem.cards():
        d = card_dict(c)
        G.add_node(
            c.id,
            **{
                k: (", ".join(v) if isinstance(v, list) else ("" if v is None else v))
                for k, v in d.items()
                if k != "id"
            },
            label=c.content[:60],
        )
    now = mem.now()
    for link in db.links.iter():
        if link.src in G and link.dst in G:
            link = as_of(link, now)
            # GraphML has no null: a link that learned nothing from use has no "learned" attribute
            learned = {} if link.learned is None else {"learned": link.learned}
            G.add_edge(
                link.src, link.dst, key=link.kind.value, kind=link.kind.value, weight=link.weight, **learned
            )
    # the persona in the same graph: a node per trait with its latest score, and a REINFORCES
    # or WEAKENS edge from each card that carries evidence on it
    store = db.persona
    scores = {t: p.score for t, p in store.latest_states().items()}
    rows = [r for rs in store.evidence_by_card().values() for r in rs if r.card_id in G]
    persona = persona_graph((), rows)
    for node, attrs in persona.nodes(data=True):
        if attrs.get("kind") == "trait":
            trait = attrs["trait"]
            G.add_node(node, kind="trait", label=trait, score=round(scores.get(trait, 0.5), 4))
    for trait, score in scores.items():
        G.add_node(f"trait:{trait}", kind="trait", label=trait, score=round(score, 4))
    for src, dst, attrs in persona.edges(data=True):
        if persona.nodes[dst].get("kind") == "trait":
            G.add_edge(src, dst, key=attrs["kind"], **attrs)
    return xml_safe_graph(G)


# characters XML 1.0 cannot hold at all (lxml refuses them and the GraphML writer with it)
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def xml_safe(value):
    """``value`` with every character XML cannot hold written as ``\\xNN`` / ``\\uXXXX`` text."""
    if not isinstance(value, str) or not _NOT_XML.search(value):
        return value
    return _NOT_XML.sub(
        lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 256 else f"\\u{ord(m.group()):04x}", value
    )


def xml_safe_graph(G: nx.MultiDiGraph) -> nx.MultiDiGraph:
    """``G`` with ids, keys and string attributes an XML (GraphML) writer accepts: a control
    character in a card's id or text becomes visible escape text instead of a crash."""
    out = nx.MultiDiGraph(**{k: xml_safe(v) for k, v in G.graph.items()})
    for node, attrs in G.nodes(data=True):
        out.add_node(xml_safe(node), **{k: xml_safe(v) for k, v in attrs.items()})
    for src, dst, key, attrs in G.edges(keys=True, data=True):
        out.add_edge(
            xml_safe(src), xml_safe(dst), key=xml_safe(key), **{k: xml_safe(v) for k, v in attrs.items()}
        )
    return out
