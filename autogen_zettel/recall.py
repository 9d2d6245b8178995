"""Progressive recall as pure functions: fuse search scores, unlock along links, cut to budget.

Layer 1 (``immediate``): the hybrid search's dense and lexical scores, each min-max scaled
over the candidates the index returned, mixed linearly (``dense_weight``). Layer 2
(``associative``): spreading activation from the best immediate hits along the card graph,
weighted by link strength, the unlocked card's importance and its recency; it may take at
most ``associative_share`` of the k places, and only by outscoring immediate hits.

All scores are "higher is better" and lie roughly in 0..1.

>>> from autogen_zettel.store.vectors import SearchResult
>>> fused = fuse(SearchResult({"a": 0.9, "b": 0.5, "c": 0.4}, {"b": 7.0, "d": 3.5}), dense_weight=0.5)
>>> [(i, round(s, 2)) for i, s in fused]
[('b', 0.6), ('a', 0.5), ('d', 0.25), ('c', 0.0)]
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime

import networkx as nx

from .cards import Card, CardKind, Hit
from .config import RecallConfig
from .graph import spread
from .store.vectors import SearchResult

__all__ = ["fuse", "unlock", "recency", "estimate_tokens", "cut_to_budget", "format_hits", "prefer_summaries",
           "cap_associative"]


def fuse(result: SearchResult, *, dense_weight: float) -> list[tuple[str, float]]:
    """Linear fusion of min-max scaled dense and lexical scores, best first (ties by id)."""
    def scaled(scores: Mapping[str, float], floor_zero: bool) -> dict[str, float]:
        if not scores:
            return {}
        hi = max(scores.values())
        lo = 0.0 if floor_zero else min(scores.values())
        span = hi - lo
        # a spread at float-noise level is no spread: scaling it would turn the search engine's
        # rounding into a 0-or-1 split and make near-duplicates swap places between calls
        return {i: ((s - lo) / span if span > 1e-6 else 1.0) for i, s in scores.items()}

    dense = scaled(result.dense, floor_zero=False)
    lexical = scaled(result.lexical, floor_zero=True)
    ids = set(dense) | set(lexical)
    fused = {i: dense_weight * dense.get(i, 0.0) + (1 - dense_weight) * lexical.get(i, 0.0) for i in ids}
    return sorted(fused.items(), key=lambda kv: (-kv[1], kv[0]))


def recency(card: Card, now: datetime, half_life_days: float) -> float:
    """1.0 for a card made now, 0.5 after ``half_life_days`` (last access counts as fresh)."""
    last = max(card.created_at, card.last_access or card.created_at)
    age = max(0.0, (now - last).total_seconds() / 86400.0)
    return 0.5 ** (age / half_life_days) if half_life_days > 0 else 1.0


def unlock(
    immediate: Sequence[tuple[str, float]],
    graph: nx.DiGraph,
    cards: Callable[[Sequence[str]], Mapping[str, Card]],
    cfg: RecallConfig,
    *,
    k: int,
    now: datetime,
    modulation: Callable[[Card], float] | None = None,
) -> list[Hit]:
    """Merge immediate hits with cards unlocked along links; at most ``k`` hits, best first.

    The best ``seeds`` immediate hits spread activation along links (``hops`` hops). A card's
    score is its immediate score plus the activation it receives, the latter weighted by its
    importance and recency. A card whose score comes mostly from activation is an
    ``associative`` hit; these take at most ``associative_share`` of the k places.

    :param immediate: ``(card id, fused score)`` best first, already filtered to recallable cards
    :param graph: the tenant's card graph
    :param cards: looks up cards by id (only recallable cards are returned)
    :param modulation: optional persona factor per card (1.0 = neutral) applied to every score
    """
    immediate = [(i, s) for i, s in immediate if s >= cfg.threshold]
    base = dict(immediate)
    activation = {}
    if cfg.hops > 0 and graph.number_of_nodes():
        activation = spread(graph, dict(immediate[: cfg.seeds]), hops=cfg.hops, decay=cfg.decay_per_hop)
    # rank by the unweighted sum first, so only the plausible few become Card objects
    upper = {i: s for i, s in immediate[: max(3 * k, cfg.seeds)]}
    for i, (act, _) in activation.items():
        upper[i] = upper.get(i, base.get(i, 0.0)) + act
    pool = sorted(upper, key=lambda i: (-upper[i], i))[: 3 * k]
    looked_up = cards(pool)

    scored: list[Hit] = []
    for cid in pool:
        card = looked_up.get(cid)
        if card is None:
            continue
        score = base.get(cid, 0.0)
        act, via = activation.get(cid, (0.0, None))
        if act:
            weight = (0.5 + 0.5 * card.importance) * (0.7 + 0.3 * recency(card, now, cfg.recency_half_life_days))
            act *= weight
        factor = modulation(card) if modulation else 1.0
        if act > score:
            scored.append(Hit(card, (score + act) * factor, "associative", via))
        else:
            scored.append(Hit(card, (score + act) * factor, "immediate"))
    scored.sort(key=lambda h: (-h.score, h.card.id))
    return cap_associative(scored, k=k, share=cfg.associative_share)


def prefer_summaries(
    hits: Sequence[Hit], summary_of: Mapping[str, Sequence[str]], summaries: Mapping[str, Card], *, min_members: int
) -> list[Hit]:
    """Replace ``min_members`` or more hits covered by one summary with one summary hit.

    The summary hit takes the place and score of its best member and lists the members it
    stands for in ``covers``; a hit is covered by at most one summary (the one covering most).

    :param summary_of: member card id -> ids of the summaries that cover it
    :param summaries: summary id -> summary card (only these can replace hits)
    """
    groups: dict[str, list[int]] = defaultdict(list)
    for i, h in enumerate(hits):
        for s in summary_of.get(h.card.id, ()):
            if s in summaries:
                groups[s].append(i)
    taken: dict[int, str] = {}
    for s in sorted(groups, key=lambda s: (-len(groups[s]), groups[s][0])):
        free = [i for i in groups[s] if i not in taken]
        if len(free) >= max(2, min_members):
            taken.update(dict.fromkeys(free, s))
    if not taken:
        return list(hits)
    out: list[Hit] = []
    placed: set[str] = set()
    for i, h in enumerate(hits):
        s = taken.get(i)
        if s is None:
            out.append(h)
        elif s not in placed:
            members = [hits[j] for j in sorted(taken) if taken[j] == s]
            out.append(Hit(summaries[s], max(m.score for m in members), members[0].layer,
                           covers=tuple(m.card for m in members)))
            placed.add(s)
    return out


def cap_associative(hits: Sequence[Hit], *, k: int, share: float) -> list[Hit]:
    """The first ``k`` hits, with at most ``floor(share * k)`` associative ones (skipped
    associative hits leave their place to the next hits).

    The one implementation of the associative share: :func:`unlock` ends with it, and recall
    applies it again whenever it cuts a longer list to ``k`` (see ``Zettelkasten._prefer_summaries``).

    >>> from autogen_zettel.cards import Card, CardKind
    >>> card = lambda i: Card(i, i, CardKind.FACT, "x", datetime(2024, 1, 1), ("m1",))
    >>> hit = lambda i, layer: Hit(card(i), 1.0, layer)
    >>> hits = [hit("a", "associative"), hit("b", "associative"), hit("c", "immediate")]
    >>> [h.card.id for h in cap_associative(hits, k=2, share=0.5)]
    ['a', 'c']
    """
    max_assoc = math.floor(share * k)
    out, n_assoc = [], 0
    for hit in hits:
        if hit.layer == "associative":
            if n_assoc >= max_assoc:
                continue
            n_assoc += 1
        out.append(hit)
        if len(out) == k:
            break
    return out


def estimate_tokens(text: str) -> int:
    """A model-free token estimate (about four characters a token)."""
    return max(1, math.ceil(len(text) / 4))


def format_hit(hit: Hit) -> str:
    """Provenance and content, as injected into a prompt: one line, plus one per conflict
    (with the clarification question) and, for a summary, nothing more (it quotes its members)."""
    card = hit.card
    when = card.created_at.strftime("%Y-%m-%d %H:%M")
    where = f", session {card.session_id}" if card.session_id else ""
    ctx = f" [context: {card.context}]" if card.context and card.kind is not CardKind.SUMMARY else ""
    line = f"- [{when}{where}] {card.speaker}: {card.content}{ctx} ({hit.layer}, score {hit.score:.2f})"
    for c in hit.conflicts:
        if c.resolution == "context":
            line += f"\n  - also holds in another context: {c.other_content}"
        else:
            line += f"\n  - conflicts with an older or weaker version (to verify): {c.other_content}"
    if hit.note:
        line += f"\n  - you may ask: {hit.note}"
    return line


def cut_to_budget(hits: Sequence[Hit], token_budget: int) -> list[Hit]:
    """The longest prefix of ``hits`` whose formatted lines fit ``token_budget``."""
    out, used = [], 0
    for hit in hits:
        cost = estimate_tokens(format_hit(hit))
        if used + cost > token_budget:
            break
        out.append(hit)
        used += cost
    return out


def format_hits(hits: Sequence[Hit]) -> str:
    """The recalled cards as prompt lines, one per card, best first."""
    return "\n".join(format_hit(h) for h in hits)
