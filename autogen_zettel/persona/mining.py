"""Trait mining: scores from evidence edges, dual-rate learning, dissonance, candidate traits.

Pure functions over data; the store (``store/persona_db.py``) supplies :class:`EvidenceRow`
objects and keeps the :class:`TraitState` history.

Each trait has two parts:

* ``long``, the slow long-term trait. It moves toward an evidence *target*
  ``(prior_mass * initial + support) / (prior_mass + support + against)`` by
  ``1 - (1 - slow_rate) ** days`` per mining, and only once the trait's evidence spans at least
  ``min_sessions`` sessions: a burst of feedback in one session cannot move it (inertia).
* ``mood``, the fast short-term part. It takes ``fast_rate`` of the signal in the *new* evidence
  at once and relaxes back to 0 with ``mood_half_life_days``; ``|mood| <= mood_limit``.

The score is ``long + mood`` clipped to the trait's bounds, so a persona cannot swing to an
extreme. An evidence edge weighs ``strength * 0.5 ** (age / evidence_half_life_days) *
(1 + affect_gain * |affect|) * (1 + repetition_gain * ln(repeats))``.

>>> from datetime import datetime
>>> from autogen_zettel.base.config import PersonaConfig
>>> from autogen_zettel.persona.traits import TraitSpec
>>> cfg, t0 = PersonaConfig(), datetime(2024, 3, 1)
>>> specs = {"conciseness": TraitSpec("conciseness", initial=0.5)}
>>> states = initial_states(specs, {}, t0, cfg)
>>> states["conciseness"].score
0.5
"""

from __future__ import annotations

import logging
import math
import re
from collections import Counter, defaultdict
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

import networkx as nx

from autogen_zettel.base.cards import Card, Link
from autogen_zettel.base.config import PersonaConfig
from autogen_zettel.base.persona_records import EvidenceRow, TraitState
from autogen_zettel.persona.traits import TraitSpec

__all__ = [
    "EvidenceRow",
    "TraitState",
    "CandidateTrait",
    "edge_weight",
    "keyword_matches",
    "initial_states",
    "mine_traits",
    "SEMANTIC_KINDS",
    "strong_link_graph",
    "communities",
    "candidate_traits",
    "top_keywords",
]

log = logging.getLogger(__name__)

_DAY = 86400.0


_MAX_REPEATS = 5  # the repetition gain stops growing here (x1.8 at the default gain)
_OWN = frozenset({"self", "graph"})  # evidence from the agent's own behaviour: no repetition gain
_GRAPH = "graph"  # communities of the agent's own cards (persona/graph_evidence.py)


def _clip(x: float, bounds: tuple[float, float]) -> float:
    return min(max(x, bounds[0]), bounds[1])


def _days(a: datetime, b: datetime) -> float:
    """Days from ``a`` to ``b``, never negative (a clock that went back counts as no time)."""
    return max(0.0, (b - a).total_seconds() / _DAY)


def edge_weight(row: EvidenceRow, now: datetime, cfg: PersonaConfig, repeats: int = 1) -> float:
    """How much one evidence edge weighs at ``now`` (recency, affect and repetition).

    :param repeats: this edge is the n-th with the same trait, sign and cue (1 = the first)

    >>> from autogen_zettel.base.config import PersonaConfig
    >>> row = EvidenceRow(1, "rigour", 1, 1.0, 0.0, "feedback", "sources", "m1", None, "s1",
    ...                   datetime(2024, 3, 1))
    >>> edge_weight(row, datetime(2024, 3, 22), PersonaConfig())   # one half-life later
    0.5
    """
    age = _days(row.at, now)
    decay = 0.5 ** (age / cfg.evidence_half_life_days)
    affect = 1.0 + cfg.affect_gain * min(1.0, abs(row.affect))
    repetition = 1.0 + cfg.repetition_gain * math.log(max(1, repeats))
    return row.strength * decay * affect * repetition


def _bounds(spec: TraitSpec, cfg: PersonaConfig) -> tuple[float, float]:
    return tuple(spec.bounds) if spec.bounds is not None else tuple(cfg.bounds)  # type: ignore[return-value]


def initial_states(
    specs: Mapping[str, TraitSpec], persona_traits: Mapping[str, float], now: datetime, cfg: PersonaConfig
) -> dict[str, TraitState]:
    """The state before any evidence: ``long`` = the persona's starting score (else the spec's
    ``initial``) clipped to the trait's bounds, no mood, no evidence."""
    out = {}
    for name, spec in specs.items():
        bounds = _bounds(spec, cfg)
        start = _clip(persona_traits.get(name, spec.initial), bounds)
        out[name] = TraitState(name, start, 0.0, 0.0, 0.0, 0, False, now, bounds)
    return out


def _weights(
    evidence: Sequence[EvidenceRow], now: datetime, cfg: PersonaConfig
) -> list[tuple[EvidenceRow, float]]:
    """Each past row with its weight; ``repeats`` counts same trait+sign+cue rows in time order."""
    seen: Counter = Counter()
    out = []
    for row in sorted(evidence, key=lambda r: (r.at, r.id)):
        if row.at > now:  # evidence from the future (a clock set back) waits for its time
            continue
        seen[(row.trait, row.sign, row.cue)] += 1
        # repetition is bounded, and the agent's own behaviour never reinforces itself by repeating
        repeats = 1 if row.source in _OWN else min(seen[(row.trait, row.sign, row.cue)], _MAX_REPEATS)
        out.append((row, edge_weight(row, now, cfg, repeats)))
    return out


def _session_capped(rows: list[tuple[EvidenceRow, float]], cap: float) -> list[tuple[EvidenceRow, float]]:
    """Scale each session's weights on each side of a trait down to ``cap`` in sum: a burst of
    feedback in one session counts as one session's worth, however long the trait has had evidence."""
    totals: dict[tuple, float] = defaultdict(float)
    for r, w in rows:
        totals[(r.session_id, r.sign)] += w
    return [
        (r, w * min(1.0, cap / totals[(r.session_id, r.sign)]) if totals[(r.session_id, r.sign)] > 0 else w)
        for r, w in rows
    ]


def _graph_capped(rows: list[tuple[EvidenceRow, float]], cap: float) -> list[tuple[EvidenceRow, float]]:
    """Scale graph evidence on each side of a trait down to ``cap`` in sum, whatever the number
    of minings that found it: the agent's own graph can pull a trait only so far."""
    totals: dict[int, float] = defaultdict(float)
    for r, w in rows:
        if r.source == _GRAPH:
            totals[r.sign] += w
    return [
        (r, w * min(1.0, cap / totals[r.sign]) if r.source == _GRAPH and totals[r.sign] > 0 else w)
        for r, w in rows
    ]


def mine_traits(
    previous: Mapping[str, TraitState],
    evidence: Sequence[EvidenceRow],
    new_ids: Collection[int],
    specs: Mapping[str, TraitSpec],
    now: datetime,
    cfg: PersonaConfig,
) -> dict[str, TraitState]:
    """One mining step: a new :class:`TraitState` for every trait in ``specs``.

    :param previous: the states of the last mining (traits missing here start from
        :func:`initial_states` with the spec's ``initial``)
    :param evidence: ALL evidence rows of the agent (rows after ``now`` are ignored)
    :param new_ids: ids of the rows added since ``previous``: they drive the mood
    :param specs: the persona's trait specs; each spec's ``initial`` is the prior of the target
    :returns: trait -> state at ``now``; evidence of traits not in ``specs`` is ignored

    A burst of feedback in one session moves the mood, not the long-term trait:

    >>> from datetime import datetime, timedelta
    >>> from autogen_zettel.base.config import PersonaConfig
    >>> from autogen_zettel.persona.traits import TraitSpec
    >>> cfg, t0, specs = PersonaConfig(), datetime(2024, 3, 1), {"humour": TraitSpec("humour")}
    >>> burst = [EvidenceRow(i, "humour", -1, 1.0, -0.5, "feedback", "no jokes", f"m{i}", None, "s1",
    ...                      t0 + timedelta(minutes=i)) for i in range(3)]
    >>> s = mine_traits(initial_states(specs, {}, t0, cfg), burst, {0, 1, 2}, specs,
    ...                 t0 + timedelta(hours=1), cfg)["humour"]
    >>> s.long, s.mood, round(s.score, 2)
    (0.5, -0.2, 0.3)
    """
    new_ids = set(new_ids)
    by_trait: dict[str, list[tuple[EvidenceRow, float]]] = defaultdict(list)
    for row, w in _weights(evidence, now, cfg):
        by_trait[row.trait].append((row, w))
    unknown = set(by_trait) - set(specs)
    if unknown:
        log.debug("evidence for traits outside the persona ignored: %s", sorted(unknown))
    out = {}
    for name, spec in specs.items():
        bounds = _bounds(spec, cfg)
        prev = previous.get(name) or initial_states({name: spec}, {}, now, cfg)[name]
        rows = _graph_capped(_session_capped(by_trait.get(name, []), cfg.session_cap), cfg.graph_cap)
        support = sum(w for r, w in rows if r.sign > 0)
        against = sum(w for r, w in rows if r.sign < 0)
        # evidence without a session never counts toward min_sessions (conservative inertia)
        sessions = len({r.session_id for r, _ in rows if r.session_id is not None})
        days = _days(prev.at, now)
        initial = _clip(spec.initial, bounds)
        target = (cfg.prior_mass * initial + support) / (cfg.prior_mass + support + against)
        long = prev.long
        if sessions >= cfg.min_sessions:
            long += (target - long) * (1.0 - (1.0 - cfg.slow_rate) ** days)
        long = _clip(long, bounds)
        sup_new = sum(w for r, w in rows if r.id in new_ids and r.sign > 0)
        ag_new = sum(w for r, w in rows if r.id in new_ids and r.sign < 0)
        signal = (sup_new - ag_new) / (sup_new + ag_new + 1.0)
        mood = prev.mood * 0.5 ** (days / cfg.mood_half_life_days) + cfg.fast_rate * signal
        mood = max(-cfg.mood_limit, min(cfg.mood_limit, mood))
        lighter, heavier = min(support, against), max(support, against)
        dissonant = lighter >= cfg.dissonance_mass and lighter / heavier >= cfg.dissonance_balance
        out[name] = TraitState(name, long, mood, support, against, sessions, dissonant, now, bounds)
    return out


# -- candidate traits: dense clusters of cards no trait explains -------------------------------


SEMANTIC_KINDS = frozenset({"STRONGLY_RELATED", "WEAKLY_RELATED", "SHARED_ENTITY"})
"""Link kinds that say two cards are about the same thing (structural kinds such as
SAME_SESSION or SAME_SPEAKER would make every session a community)."""


def strong_link_graph(links: Iterable[Link], *, kinds: Collection[str] = SEMANTIC_KINDS) -> nx.Graph:
    """An undirected graph of the links of ``kinds``; a pair keeps its strongest such link
    (``weight`` = link weight, ``kind`` = its kind). The input :func:`communities` expects.

    A graph from :func:`autogen_zettel.cards.graph.build_graph` keeps one reason per pair (the one
    passing most activation, often SAME_SESSION), which can hide a semantic link: build the
    community graph from the links with this function instead.
    """
    H = nx.Graph()
    for link in links:
        kind = link.kind.value
        if kind not in kinds or link.src == link.dst:
            continue
        current = H.get_edge_data(link.src, link.dst)
        if current is None or link.weight > current["weight"]:
            H.add_edge(link.src, link.dst, weight=float(link.weight), kind=kind)
    return H


def communities(
    G: nx.Graph, *, min_weight: float, min_size: int, seed: int = 0, kinds: Collection[str] = SEMANTIC_KINDS
) -> list[frozenset[str]]:
    """Louvain communities of the strong-link graph (deterministic for a seed), largest first.

    Only edges of ``kinds`` (edges without a ``kind`` count) whose ``strength`` (else
    ``weight``) is at least ``min_weight`` take part, taken as undirected; trait nodes
    (``kind="trait"``, see :func:`autogen_zettel.cards.graph.persona_graph`) are left out.
    Communities smaller than ``min_size`` are dropped.

    >>> from autogen_zettel.base.cards import Link, LinkKind
    >>> tri = [("a", "b"), ("b", "c"), ("a", "c"), ("x", "y"), ("y", "z"), ("x", "z")]
    >>> G = strong_link_graph([Link(u, v, LinkKind.STRONGLY_RELATED, 0.9) for u, v in tri] +
    ...                       [Link("c", "x", LinkKind.WEAKLY_RELATED, 0.2)])
    >>> [sorted(c) for c in communities(G, min_weight=0.5, min_size=3)]
    [['a', 'b', 'c'], ['x', 'y', 'z']]
    """
    H = nx.Graph()
    for u, v, data in G.edges(data=True):
        kind = data.get("kind")
        if u == v or (kind is not None and kind not in kinds):
            continue
        if G.nodes[u].get("kind") == "trait" or G.nodes[v].get("kind") == "trait":
            continue
        w = float(data.get("strength", data.get("weight", 0.0)))
        if w < min_weight:
            continue
        if H.has_edge(u, v):
            H[u][v]["weight"] = max(H[u][v]["weight"], w)
        else:
            H.add_edge(u, v, weight=w)
    if H.number_of_edges() == 0:
        return []
    # sorted nodes/edges: louvain's result depends on insertion order as well as on the seed
    S = nx.Graph()
    S.add_nodes_from(sorted(H.nodes))
    S.add_weighted_edges_from(sorted((min(u, v), max(u, v), d["weight"]) for u, v, d in H.edges(data=True)))
    groups = nx.community.louvain_communities(S, weight="weight", seed=seed)
    big = [frozenset(g) for g in groups if len(g) >= min_size]
    return sorted(big, key=lambda g: (-len(g), min(g)))


@dataclass(frozen=True)
class CandidateTrait:
    """A dense cluster of cards that no trait explains: maybe a dimension worth adding."""

    label: str
    keywords: tuple[str, ...]
    card_ids: tuple[str, ...]
    size: int


_WORD = re.compile(r"[a-z][a-z'\-]{2,}")
_STOP = frozenset(
    """
about above after again against all also and any are aren't because been before being below between both but
can cannot could did didn't does doesn't doing don't down during each few for from further had has have having
her here hers herself him himself his how i'm into isn't it's its itself just let's more most much must my myself
nor not now off once only other our ours ourselves out over own same she should so some such than that that's the
their theirs them themselves then there these they this those through too under until very was wasn't we were
weren't what when where which while who whom why will with won't would you your yours yourself yourselves
said says say told tell asked ask thinks think wants want likes like prefers prefer user agent also really
one two three new get got make made going way thing things yes okay
card cards memory memories message messages chat chats session sessions note notes
""".split()
)
_CJK_RUN = re.compile(r"[\u3400-\u9fff]+")


def top_keywords(texts: Sequence[str], *, n: int = 5, exclude: Collection[str] = ()) -> tuple[str, ...]:
    """The words found in most of ``texts`` (document frequency), ties alphabetical.

    >>> top_keywords(["Sleep study pilot", "The pilot sleep data", "sleep diaries"], n=2)
    ('sleep', 'pilot')
    """
    skip = {w.lower() for name in exclude for w in (name, *name.split())}
    df: Counter = Counter()
    for text in texts:
        low = text.lower()
        words = {w.strip("'-").removesuffix("'s") for w in _WORD.findall(low)}
        # Chinese has no spaces: its content words are counted as character pairs
        words |= {run[i : i + 2] for run in _CJK_RUN.findall(low) for i in range(len(run) - 1)}
        df.update(
            {
                w
                for w in words - _STOP - skip
                if not any(w in name for name in skip if len(w) > 1 and _CJK_RUN.fullmatch(w))
            }
        )
    df.pop("", None)
    return tuple(w for w, _ in sorted(df.items(), key=lambda kv: (-kv[1], kv[0]))[:n])


MAX_EVIDENCE_SHARE = 0.2
"""A community is explained when more than this share of its cards carry trait evidence."""


def keyword_matches(word: str, keyword: str) -> bool:
    # "questions" matches "question", "explained" matches "explain": a shared stem of 5+ letters
    if word == keyword:
        return True
    stem = min(len(word), len(keyword), 6)
    return stem >= 5 and word[:stem] == keyword[:stem]


def candidate_traits(
    groups: Sequence[Collection[str]],
    cards: Mapping[str, Card],
    specs: Mapping[str, TraitSpec],
    evidence_cards: Collection[str],
    *,
    participants: Collection[str] = (),
) -> list[CandidateTrait]:
    """Communities that no trait explains, labelled by their top keywords (offline label).

    A community is unexplained when at most :data:`MAX_EVIDENCE_SHARE` of its cards carry trait
    evidence and none of its top 5 keywords matches a ``spec.keywords`` word. Card ids missing
    from ``cards`` are ignored; the label is the top 3 keywords joined by ``" / "``. Keywords are
    the cluster's content words: never a participant's name (``participants``, the cluster's
    speakers, and the entities its cards name that are participants).
    """
    people = {p.lower() for p in participants}
    evidence_cards = set(evidence_cards)
    known = {w for spec in specs.values() for kw in spec.keywords for w in kw.lower().split()}
    out = []
    for group in groups:
        members = sorted(c for c in group if c in cards)
        if not members:
            continue
        share = sum(c in evidence_cards for c in members) / len(members)
        speakers = {cards[c].speaker.lower() for c in members}
        named = {e.lower() for c in members for e in cards[c].entities if e.lower() in people | speakers}
        keywords = top_keywords([cards[c].content for c in members], n=5, exclude=people | speakers | named)
        if share > MAX_EVIDENCE_SHARE or not keywords:
            continue
        if any(keyword_matches(w, k) for w in keywords for k in known):
            continue
        out.append(CandidateTrait(" / ".join(keywords[:3]), keywords, tuple(members), len(members)))
    return out
