"""Candidate new traits: dense communities of the strong-link graph that no trait explains,
labelled by their content words (or by an LLM judge's ``label_cluster`` when one is set).
Also the graph evidence from communities of the agent's own cards. Run by
:class:`~autogen_zettel.persona.engine.PersonaEngine` at session end."""

from __future__ import annotations

import logging
from collections.abc import Collection, Mapping
from datetime import datetime
from typing import Any

from autogen_zettel.persona.graph_evidence import graph_evidence
from autogen_zettel.persona.mining import candidate_traits, communities, strong_link_graph

__all__ = ["cluster_candidates", "add_graph_evidence"]

log = logging.getLogger(__name__)


def cluster_candidates(
    memory: Any,
    specs: Mapping,
    cfg: Any,
    evidence_cards: Collection[str],
    judge: Any = None,
    *,
    participants: Collection[str] = (),
    agent: str = "?",
) -> list[dict] | None:
    """``label``, ``keywords``, ``size`` and ``card_ids`` per candidate; None when community
    detection failed (the caller keeps its previous candidates). Labels never name a
    participant."""
    try:
        # semantic links only: the memory's graph keeps one reason per pair, often SAME_SESSION
        graph = strong_link_graph(memory.all_links())
        groups = communities(graph, min_weight=cfg.strong_link_min, min_size=cfg.community_min_size, seed=0)
    except Exception as exc:  # noqa: BLE001 - a background analysis must not stop mining
        log.warning("agent %s: community detection failed (%s)", agent, type(exc).__name__)
        return None
    if not groups:
        return []
    cards = memory.cards_by_id(sorted({i for g in groups for i in g}))
    people = {p.casefold() for p in participants}
    out = []
    for c in candidate_traits(groups, cards, specs, evidence_cards, participants=participants):
        label = c.label
        namer = getattr(judge, "label_cluster", None)
        if namer is not None:  # an LLM names the cluster; its top keywords stay as the offline label
            samples = [cards[i].content for i in c.card_ids[:6] if i in cards]
            named = namer(c.keywords, samples, set(specs)) or label
            # a model may still answer with a name: then the content words stand
            label = label if any(w.casefold() in people for w in named.replace("/", " ").split()) else named
        out.append(
            {"label": label, "keywords": list(c.keywords), "size": c.size, "card_ids": list(c.card_ids)}
        )
    # labels are made of card words, which forgetting cannot take back out of a log: count only
    log.info("agent %s: %d candidate traits (sizes %s)", agent, len(out), [c["size"] for c in out])
    return out


def add_graph_evidence(memory: Any, store: Any, specs: Mapping, cfg: Any, agent: str, now: datetime) -> None:
    """Evidence from communities of the agent's own cards (weak, capped: see graph_evidence.py)."""
    try:
        cards = {c.id: c for c in memory.cards() if c.speaker == agent}
        found = graph_evidence(
            memory.all_links(),
            cards,
            agent,
            specs,
            min_weight=cfg.strong_link_min,
            min_size=cfg.community_min_size,
            seed=0,
        )
    except Exception as exc:  # noqa: BLE001 - a background analysis must not stop mining
        log.warning("agent %s: graph evidence failed (%s)", agent, type(exc).__name__)
        return
    if found:
        store.add_evidence([g.row(now) for g in found])
        log.info("agent %s: graph evidence for %s", agent, sorted({g.trait for g in found}))
