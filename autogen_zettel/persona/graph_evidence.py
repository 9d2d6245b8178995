"""Traits from the memory graph: the agent's own behaviour over sessions as (weak) evidence.

The design derives traits from the memory graph as well as from feedback: the agent's own
cards, the STRONGLY_RELATED subgraph among them and its communities. A dense community of
the agent's own cards whose top keywords belong to a trait (its ``keywords``) is evidence
that the agent keeps behaving that way: one REINFORCES edge per trait and community, from the
community's central card, source ``graph``.

It is weighted below everything else (strength :data:`GRAPH_STRENGTH`, below the agent's own
replies at 0.3 and explicit feedback at 1.0) and cannot reinforce itself into a runaway:
mining gives graph evidence no repetition gain, caps its total per trait at
``persona.graph_cap`` (:func:`autogen_zettel.persona.mining.mine_traits`), and files it under
no session, so it never counts towards ``persona.min_sessions``: on its own it cannot move the
long-term trait at all, and with feedback its pull is bounded whatever the number of sessions.

>>> from autogen_zettel.base.cards import Card, CardKind, Link, LinkKind
>>> from autogen_zettel.persona.traits import default_traits
>>> t = datetime(2024, 3, 1)
>>> texts = ["Short summary: 42 enrolled.", "In brief: the summary is ready.", "Summary, short: 3 dropouts."]
>>> cards = {f"c{i}": Card(f"c{i}", x, CardKind.FACT, "ada", t, (f"m{i}",)) for i, x in enumerate(texts)}
>>> links = [Link(a, b, LinkKind.STRONGLY_RELATED, 0.8) for a, b in [("c0", "c1"), ("c1", "c2"), ("c0", "c2")]]
>>> [(e.trait, e.card_id, e.size) for e in graph_evidence(links, cards, "ada", default_traits(), min_weight=0.5,
...                                                        min_size=3)]
[('conciseness', 'c0', 3)]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime

from autogen_zettel.base.cards import Card, Link
from autogen_zettel.persona.mining import communities, keyword_matches, strong_link_graph, top_keywords
from autogen_zettel.persona.traits import TraitSpec

__all__ = ["GRAPH_STRENGTH", "GRAPH_SOURCE", "GRAPH_CUE", "GraphEvidence", "graph_evidence"]

GRAPH_STRENGTH = 0.2
GRAPH_SOURCE = "graph"
GRAPH_CUE = "graph:community"  # a label only: evidence rows hold no card or message words


@dataclass(frozen=True)
class GraphEvidence:
    """A community of the agent's own cards that shows a trait: its central card and size."""

    trait: str
    card_id: str
    message_id: str
    size: int
    cue: str

    def row(self, at: datetime) -> dict:
        """The evidence row to store: REINFORCES from the central card, under no session."""
        return {
            "trait": self.trait,
            "sign": 1,
            "strength": GRAPH_STRENGTH,
            "affect": 0.0,
            "source": GRAPH_SOURCE,
            "cue": self.cue,
            "message_id": self.message_id,
            "card_id": self.card_id,
            "session_id": None,
            "at": at,
        }


def graph_evidence(
    links: Iterable[Link],
    cards: Mapping[str, Card],
    agent: str,
    specs: Mapping[str, TraitSpec],
    *,
    min_weight: float,
    min_size: int,
    seed: int = 0,
) -> list[GraphEvidence]:
    """One :class:`GraphEvidence` per trait and community of ``agent``'s own cards whose top
    keywords match the trait's keywords (largest community first; deterministic for a seed).

    :param links: the memory's links (only semantic links between the agent's own cards count)
    :param cards: card id -> card, at least the agent's own
    """
    own = {cid for cid, c in cards.items() if c.speaker == agent}
    G = strong_link_graph(link for link in links if link.src in own and link.dst in own)
    out = []
    for group in communities(G, min_weight=min_weight, min_size=min_size, seed=seed):
        members = sorted(group)
        words = top_keywords([cards[c].content for c in members], n=5, exclude={agent})
        # the central card: the most strongly linked within the community
        sub = G.subgraph(members)
        centre = min(members, key=lambda c: (-sub.degree(c, weight="weight"), c))
        for name, spec in specs.items():
            keywords = {w for k in spec.keywords for w in k.lower().split()}
            hit = next((w for w in words if any(keyword_matches(w, k) for k in keywords)), None)
            if hit is not None and cards[centre].source_ids:
                out.append(GraphEvidence(name, centre, cards[centre].source_ids[0], len(members), GRAPH_CUE))
    return out
