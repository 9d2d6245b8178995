"""Progressive recall: search, fuse, unlock along links, group under summaries, cut to budget
(:func:`progressive_recall`; the steps are pure functions). The re-weighings of the immediate hits
live in :mod:`~autogen_zettel.recall.weights`, the collapse of duplicate hits in
:mod:`~autogen_zettel.recall.duplicates`, and the prompt lines and the token budget in
:mod:`~autogen_zettel.recall.hit_lines`.

Layer 1 (``immediate``): the hybrid search's dense and lexical scores, each min-max scaled
over the candidates the index returned, mixed linearly (``dense_weight``). Layer 2
(``associative``): spreading activation from the best immediate hits along the card graph,
weighted by link strength, the unlocked card's importance and its recency; it may take at
most ``associative_share`` of the k places, and only by outscoring immediate hits.

All scores are "higher is better" and lie roughly in 0..1.

>>> from autogen_zettel.store.index import SearchResult
>>> fused = fuse(SearchResult({"a": 0.9, "b": 0.5, "c": 0.4}, {"b": 7.0, "d": 3.5}), dense_weight=0.5)
>>> [(i, round(s, 2)) for i, s in fused]
[('b', 0.6), ('a', 0.5), ('d', 0.25), ('c', 0.0)]
"""

from __future__ import annotations

import heapq
import math
from collections import defaultdict
from collections.abc import Callable, Collection, Mapping, Sequence
from datetime import datetime

import networkx as nx
import numpy as np

from autogen_zettel.base.cards import Card, CardKind, CardStatus, Hit
from autogen_zettel.base.config import DecayConfig, MemoryConfig
from autogen_zettel.base.recall_config import RecallTuning
from autogen_zettel.cards.affect import query_valence
from autogen_zettel.cards.graph import Neighbours, spread
from autogen_zettel.cards.refine import clean_text
from autogen_zettel.embed.embedders import Embedder
from autogen_zettel.recall.balance import blend, dense_share, name_share
from autogen_zettel.recall.clusters import spread_meanings
from autogen_zettel.recall.duplicates import collapse_duplicates
from autogen_zettel.recall.expansion import expanded
from autogen_zettel.recall.focus import demote_questions, weigh_terms, without_labels, without_names
from autogen_zettel.recall.hit_lines import cut_to_budget
from autogen_zettel.recall.lists import asks_for_several, hold_back_others, spread_sessions
from autogen_zettel.recall.presets import tuning_of
from autogen_zettel.recall.query_map import mapped_query
from autogen_zettel.recall.scripts import across_scripts, mapped_make, question_vector, toward_other_scripts
from autogen_zettel.recall.weights import (
    affect_factor,
    focus_named_speakers,
    misspelt_names_in,
    names_in,
    weigh_affect,
    weigh_importance,
)
from autogen_zettel.recall.when import boost_around_event, boost_dated, boost_spans, periods_in
from autogen_zettel.store.db import CardDB
from autogen_zettel.store.index import SearchResult
from autogen_zettel.store.tenant_store import TenantStore
from autogen_zettel.text.han_names import latin_names_in, with_han_names
from autogen_zettel.trust.conflict_hits import attach_conflicts
from autogen_zettel.trust.maintenance import strength
from autogen_zettel.trust.privacy import tier_weight
from autogen_zettel.trust.sealed import with_permanent

__all__ = [
    "progressive_recall",
    "recallable_at",
    "group_under_summaries",
    "fuse",
    "unlock",
    "recency",
    "prefer_summaries",
    "cap_associative",
    "below_their_source",
    "activate",
]


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
    graph: nx.DiGraph | Neighbours,
    cards: Callable[[Sequence[str]], Mapping[str, Card]],
    cfg: RecallTuning,
    *,
    k: int,
    now: datetime,
    modulation: Callable[[Card], float] | None = None,
    activation: Mapping[str, tuple[float, tuple[str, str]]] | None = None,
    named: Collection[str] = frozenset(),
    scored: dict[str, Hit | None] | None = None,
) -> list[Hit]:
    """Merge immediate hits with cards unlocked along links; at most ``k`` hits, best first.

    The best ``seeds`` immediate hits spread activation along links (``hops`` hops). A card's
    score is its immediate score plus the activation it receives, the latter weighted by its
    importance and recency. A card whose score comes mostly from activation is an
    ``associative`` hit; these take at most ``associative_share`` of the k places.

    :param immediate: ``(card id, fused score)`` best first, already filtered to recallable cards
    :param graph: the tenant's card graph, or its links read per hop (:class:`~autogen_zettel.cards.graph.Neighbours`)
    :param cards: looks up cards by id (only recallable cards are returned)
    :param modulation: optional persona factor per card (1.0 = neutral) applied to every score
    :param activation: what :func:`activate` gives for ``immediate``, if the caller has it already
        (it does not depend on ``k``)
    :param named: the participants the query names: an associative card someone else said passes
        ``cfg.associative_focus`` less of the activation it received
    :param scored: card id -> its hit before ranking, filled as cards are scored; a second unlock
        over the same ``immediate``, ``activation`` and arguments but a larger ``k`` passes the
        first's, and scores only the cards the first did not look at (a card's hit does not
        depend on ``k``)
    """
    immediate = [(i, s) for i, s in immediate if s >= cfg.threshold]
    base = dict(immediate)
    if activation is None:
        activation = activate(immediate, graph, cfg)
    # rank by the unweighted sum first, so only the plausible few become Card objects (an
    # activated card's immediate score is its base score, whether or not it is in the slice)
    head = immediate[: max(3 * k, cfg.seeds)]
    top = getattr(activation, "top", None)  # spreading's arrays rank without a dict (Activation)
    if top is not None:
        pool = top(3 * k, base, head)
    else:
        upper = dict(head)
        score_of = base.get
        upper.update({i: score_of(i, 0.0) + act for i, (act, _) in activation.items()})
        pool = top_ids(upper, 3 * k)
    memo: dict[str, Hit | None] = {} if scored is None else scored
    looked_up = cards([cid for cid in pool if cid not in memo])
    hits: list[Hit] = []
    for cid in pool:
        if cid in memo:
            hit = memo[cid]
        else:
            card = looked_up.get(cid)
            hit = memo[cid] = (
                None if card is None else _scored(card, base, activation, cfg, now, modulation, named)
            )
        if hit is not None:
            hits.append(hit)
    hits.sort(key=lambda h: (-h.score, h.card.id))
    # a card that only asks gives its place (within the 3k looked at) to what comes next
    ranked = demote_questions(below_their_source(hits), cfg.question_discount)
    return cap_associative(ranked, k=k, share=cfg.associative_share)


def _scored(
    card: Card,
    base: Mapping[str, float],
    activation: Mapping[str, tuple[float, tuple[str, str]]],
    cfg: RecallTuning,
    now: datetime,
    modulation: Callable[[Card], float] | None,
    named: Collection[str],
) -> Hit:
    """One looked-up card's hit in :func:`unlock`, before ranking."""
    cid = card.id
    score = base.get(cid, 0.0)
    act, via = activation.get(cid, (0.0, None))
    if act:
        weight = (0.5 + 0.5 * card.importance) * (0.7 + 0.3 * recency(card, now, cfg.recency_half_life_days))
        act *= weight * affect_factor(card, cfg.affect_weight)
        if named and card.speaker not in named:
            act *= 1 - cfg.associative_focus
    factor = modulation(card) if modulation else 1.0
    if act > score:
        return Hit(card, (score + act) * factor, "associative", via)
    return Hit(card, (score + act) * factor, "immediate")


def top_ids(scores: dict[str, float], n: int) -> list[str]:
    """The ``n`` best ids by ``(-score, id)``, best first: the same as sorting all and cutting, but
    the key runs only for the ids that reach the n-th best score (recall ranks about a thousand
    activated cards twice a call).

    >>> top_ids({"a": 0.5, "b": 0.9, "c": 0.5, "d": 0.1}, 2)
    ['b', 'a']
    """
    if len(scores) > n:
        cut = heapq.nlargest(n, scores.values())[-1] if n > 0 else math.inf
        scores = {i: s for i, s in scores.items() if s >= cut}
    return sorted(scores, key=lambda i: (-scores[i], i))[:n]


def activate(
    immediate: Sequence[tuple[str, float]], graph: nx.DiGraph | Neighbours, cfg: RecallTuning
) -> dict[str, tuple[float, tuple[str, str]]]:
    """Spreading activation from the best ``seeds`` immediate hits at or above the threshold
    (:func:`~autogen_zettel.cards.graph.spread`; nothing with ``hops`` 0)."""
    if cfg.hops <= 0:
        return {}
    seeds = [(i, s) for i, s in immediate if s >= cfg.threshold][: cfg.seeds]
    return spread(graph, dict(seeds), hops=cfg.hops, decay=cfg.decay_per_hop)


def below_their_source(hits: Sequence[Hit]) -> list[Hit]:
    """An unlocked card ranks just after the card that unlocked it, never above: the reply
    to the matched message comes with it, it does not push it down. Re-sorted, best first.

    >>> from autogen_zettel.base.cards import Card, CardKind
    >>> card = lambda i: Card(i, i, CardKind.FACT, "Ada", datetime(2024, 1, 1), (i,))
    >>> hits = [Hit(card("reply"), 1.2, "associative", ("q", "REPLY_TO")), Hit(card("q"), 1.0, "immediate"),
    ...         Hit(card("other"), 0.9, "immediate")]
    >>> [(h.card.id, round(h.score, 4)) for h in below_their_source(hits)]
    [('q', 1.0), ('reply', 0.999), ('other', 0.9)]
    """
    final = {h.card.id: h.score for h in hits}
    out = []
    for h in hits:
        source = h.via[0] if h.layer == "associative" and h.via else None
        if source in final and h.score >= final[source]:
            h = h.rescored(final[source] * 0.999)
            final[h.card.id] = h.score
        out.append(h)
    return sorted(out, key=lambda h: (-h.score, h.card.id))


def prefer_summaries(
    hits: Sequence[Hit],
    summary_of: Mapping[str, Sequence[str]],
    summaries: Mapping[str, Card],
    *,
    min_members: int,
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
            out.append(
                Hit(
                    summaries[s],
                    max(m.score for m in members),
                    members[0].layer,
                    covers=tuple(m.card for m in members),
                )
            )
            placed.add(s)
    return out


def cap_associative(hits: Sequence[Hit], *, k: int, share: float) -> list[Hit]:
    """The first ``k`` hits, with at most ``floor(share * k)`` associative ones (skipped
    associative hits leave their place to the next hits).

    The one implementation of the associative share: :func:`unlock` ends with it, and recall
    applies it again whenever it cuts a longer list to ``k`` (see ``Zettelkasten._prefer_summaries``).

    >>> from autogen_zettel.base.cards import Card, CardKind
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


# -- the pipeline -------------------------------------------------------------------------------


def recallable_at(
    store: TenantStore, now: datetime, decay: DecayConfig
) -> Callable[[Sequence[str]], dict[str, Card]]:
    """A lookup of recallable cards: active, not summaries, not faded below ``decay.recall_floor``
    (each card read once per lookup: build one per recall)."""
    floor = decay.recall_floor
    seen: dict[str, Card | None] = {}  # one recall asks for many cards more than once

    def lookup(ids: Sequence[str]) -> dict[str, Card]:
        missing = [i for i in ids if i not in seen]
        if missing:
            found = store.db.kept.get_many(missing)
            for i in missing:
                c = found.get(i)
                seen[i] = (
                    c
                    if (
                        c is not None
                        and c.status is CardStatus.ACTIVE
                        and c.kind is not CardKind.SUMMARY
                        and (floor <= 0 or strength(c, now, decay) >= floor)
                    )
                    else None
                )
        return {i: seen[i] for i in ids if seen.get(i) is not None}

    return lookup


def progressive_recall(
    store: TenantStore,
    query: str,
    *,
    k: int,
    now: datetime,
    embedder: Embedder,
    config: MemoryConfig,
    graph: Callable[[], nx.Graph | Neighbours],
    modulation: Callable[[Card], float] | None = None,
    token_budget: int | None = None,
) -> list[Hit]:
    """The whole recall of one tenant, best first: hybrid search (:func:`fuse`), associative
    unlocking (:func:`unlock`), summaries in place of the members they cover
    (:func:`group_under_summaries`), conflicts attached, then the token budget.

    :param graph: returns the tenant's card graph or a :class:`~autogen_zettel.cards.graph.Neighbours` over its links
    :param modulation: an extra factor per card, multiplied with the privacy tier weight
    """
    cfg = tuning_of(config)
    query = clean_text(query)
    if not query:
        return []
    named: set[str] = set()
    spelt: dict[str, list[str]] = {}  # a Han name -> how the query writes it in pinyin
    written: set[str] = set()  # the names as the query writes them (a Han name in pinyin too)
    spans: set[str] = set()  # the pinyin spellings among them, cut only whole
    about = without_labels(query)  # an agent's query quotes messages as "Name: text"
    if (
        cfg.speaker_boost > 0
        or cfg.named_speaker_weight < 1
        or cfg.associative_focus > 0
        or cfg.dense_without_name
    ):
        speakers = store.cached("speakers", store.db.speakers)
        named = names_in(about, speakers)
        # "Liu Yang" in an English question is the speaker 刘洋: focus on them, cut the pinyin
        spelt = latin_names_in(about, speakers)
        named |= set(spelt)
        # "Muhammad" in a question about the speaker Muhhamed: as real chats' questions write names
        spelt_otherwise = {n: w for n, w in misspelt_names_in(about, speakers).items() if n not in named}
        named |= set(spelt_otherwise)
        spans = {span for written_as in (*spelt.values(), *spelt_otherwise.values()) for span in written_as}
        written = named | spans
    dense_query = without_names(query, named, whole=spans) if cfg.dense_without_name and named else query
    share = name_share(named, cfg.unspaced_dense_name_share) if dense_query != query else 0.0
    if share > 0:  # a Han or kana name: the query's vector with the name and without it, mixed
        wordings = [with_han_names(query, spelt), dense_query]
        # two models (embed.dual): both wordings of one make, or the mix would be of two
        both = getattr(embedder, "encode_alike", embedder.encode)(wordings, query=True)
        dense = blend(both[0], both[1], share)
    else:
        wordings = [dense_query]
        dense = embedder.encode(wordings, query=True)[0]
    if cfg.query_map and mapped_make(
        embedder, wordings
    ):  # moved towards its answers' (learned from the chat)
        dense = mapped_query(store, embedder, dense, l2=cfg.query_map_l2, min_pairs=cfg.query_map_min_pairs)
    dense = question_vector(embedder, dense, wordings)  # two models (embed.dual): the question's make
    sparse = embedder.sparse([query], query=True)[0]
    if cfg.named_speaker_weight < 1 and named:  # speaker focus carries the name instead (below)
        terms = set(embedder.sparse([" ".join(sorted(written))], query=True)[0][0])
        sparse = weigh_terms(sparse, terms, cfg.named_speaker_weight) if set(sparse[0]) - terms else sparse
    recallable = recallable_at(store, now, config.decay)
    links = graph()

    def ranked(dense: np.ndarray) -> list[tuple[str, float]]:  # layer 1: search, fuse, re-weigh
        result = store.vectors.search(store.name, dense, sparse, cfg.candidates)
        result = with_permanent(store, embedder, dense, result)  # sealed, outside the index
        # two models (embed.dual): other languages' candidates for an English question, on one scale
        result = across_scripts(result, store, embedder, dense, wordings, cfg.candidates)
        # a Chinese question about the English line a colleague wrote: e5 reads Han texts nearer
        result = toward_other_scripts(result, store, embedder, wordings)
        fused = fuse(result, dense_weight=dense_share(about, cfg.dense_weight, cfg.unspaced_dense_weight))
        active: dict[str, Card] = {}
        for start in range(0, len(fused), 3 * k):  # skip past cards that cannot be recalled
            active.update(recallable([i for i, _ in fused[start : start + 3 * k]]))
            if len(active) >= 3 * k:
                break
        immediate = [(i, s) for i, s in fused if i in active]
        if cfg.speaker_boost > 0:
            immediate = focus_named_speakers(immediate, active, named, cfg.speaker_boost)
        if cfg.date_boost > 0:  # "what did Mel paint in July 2023?": what was said then, or of then
            immediate = boost_dated(immediate, active, periods_in(about, now), cfg.date_boost)
            # "how long has Nate had his turtles?": the hits that say how long ("for 3 years now")
            immediate = boost_spans(immediate, active, about, cfg.date_boost)
            # "the week after the charity race": the week after the day the race was told of
            immediate = boost_around_event(immediate, active, about, cfg.date_boost)
        immediate = weigh_importance(immediate, active, cfg.importance_weight)
        # cards said with feeling weigh more; "what upset her?" raises the ones said with that feeling
        return weigh_affect(
            immediate, active, cfg.affect_weight, query_valence(about), cfg.affect_query_boost
        )

    immediate = ranked(dense)
    several = asks_for_several(about)
    if cfg.list_expansion > 0 and several and immediate:
        # "what activities has Mel done with her family?": the best hits' meaning added to the
        # question reaches items said unlike it (pottery after camping), then search again
        top = [i for i, _ in immediate[:3]]
        immediate = ranked(expanded(dense, store.vectors.dense_of(store.name, top), top, cfg.list_expansion))
    privacy = config.privacy

    def factor(card: Card) -> float:
        weight = tier_weight(card, now, privacy)
        return weight if modulation is None else weight * modulation(card)

    summaries = cfg.prefer_summary_min > 0 and store.cached(
        "has_summaries", lambda: store.db.has_kind(CardKind.SUMMARY)
    )
    width = 2 * k if summaries else k
    activation = activate(immediate, links, cfg)  # spread once: a second unlock reuses it
    focus = named if cfg.associative_focus > 0 else frozenset()
    deep = width
    scored: dict[str, Hit | None] = {}  # a second unlock scores only the cards the first did not

    def unlocked(depth: int) -> list[Hit]:  # the first ``depth`` hits; a second call reuses the scores
        return unlock(
            immediate,
            links,
            recallable,
            cfg,
            k=depth,
            now=now,
            modulation=factor,
            activation=activation,
            named=focus,
            scored=scored,
        )

    hits = unlocked(deep)
    unique = collapse_duplicates(hits)
    if len(unique) < len(hits) and len(hits) == deep:
        # copies took places: look further down so k different things can fill them
        unique = collapse_duplicates(unlocked(2 * deep))
    hits = list(unique)
    if (cfg.session_spread > 0 or cfg.meaning_spread > 0 or cfg.list_owner_focus > 0) and several:
        # "which cities has John been to?": one session's paraphrases, or one thing said over and
        # over, must not fill the list
        pool = collapse_duplicates(unlocked(cfg.list_pool * deep))
        # "what events has Caroline attended?": her tellings, not the other's replies about them
        pool = hold_back_others(pool, named, cfg.list_owner_focus)
        if cfg.meaning_spread > 0:
            vectors = store.vectors.dense_of(store.name, [h.card.id for h in pool])
            pool = spread_meanings(
                pool,
                vectors,
                cfg.meaning_spread,
                share=cfg.meaning_spread_share,
                within_sessions=cfg.meaning_spread_in_session,
            )
        hits = spread_sessions(pool, cfg.session_spread)[: len(hits)]
    if summaries:
        hits = group_under_summaries(store.db, hits, k, cfg)
    else:
        hits = cap_associative(hits, k=k, share=cfg.associative_share)
    hits = attach_conflicts(store.db, hits)
    if token_budget is not None:
        hits = cut_to_budget(hits, token_budget)
    return hits


def group_under_summaries(db: CardDB, hits: list[Hit], k: int, cfg: RecallTuning) -> list[Hit]:
    """Group the top ``k`` hits under their summaries, then refill the places that freed
    with the next hits: grouping compresses what was found, it promotes nothing."""
    # Neither cap below repeats the one unlock applied: unlock capped 2k places at
    # floor(share * 2k) associative hits, so its first k can hold more than floor(share * k);
    # hits[:k] would let associative hits take immediate ones' places. Same after the refill:
    # the rest re-offers the associative hits skipped here, and the list must end at k.
    share = cfg.associative_share
    top = cap_associative(hits, k=k, share=share)
    summary_of = db.links.summaries_of([h.card.id for h in top])
    ids = {s for ss in summary_of.values() for s in ss}
    summaries = {i: c for i, c in db.kept.get_many(ids).items() if c.status is CardStatus.ACTIVE}
    grouped = prefer_summaries(top, summary_of, summaries, min_members=cfg.prefer_summary_min)
    if len(grouped) == len(top):
        return top
    used = {h.card.id for h in top}
    return cap_associative(grouped + [h for h in hits if h.card.id not in used], k=k, share=share)
