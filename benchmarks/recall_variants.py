"""Scratch: progressive recall with experimental hooks (neighbour context, fusion rules, query
cleaning), read from ``x_*`` attributes of the tuning (set through ``recall.x_*`` settings of
:class:`benchmarks.locomo_cv.LocomoCV`). Used by ``benchmarks.run_recall_fusion``."""

from __future__ import annotations

import re

import numpy as np

from autogen_zettel.base.cards import CardKind, LinkKind
from autogen_zettel.core.focus import weigh_terms, without_labels, without_names
from autogen_zettel.core.lexical import STOPWORDS
from autogen_zettel.core.refine import clean_text
from autogen_zettel.core.spread_sessions import spread_sessions
from autogen_zettel.core.when import boost_dated, periods_in
from autogen_zettel.memory import recall as R
from autogen_zettel.trust.conflict_hits import attach_conflicts
from autogen_zettel.trust.privacy import tier_weight

REPLY = LinkKind.REPLY_TO.value


def x(cfg, name, default=0.0):
    return getattr(cfg, "x_" + name, default)


def _scale(scores, floor_zero):
    if not scores:
        return {}
    hi = max(scores.values())
    lo = 0.0 if floor_zero else min(scores.values())
    span = hi - lo
    return {i: ((s - lo) / span if span > 1e-6 else 1.0) for i, s in scores.items()}


def _z(scores):
    if not scores:
        return {}
    v = np.array(list(scores.values()))
    mu, sd = float(v.mean()), float(v.std()) or 1.0
    return {i: (s - mu) / sd for i, s in scores.items()}


def _ranks(scores):
    return {i: r for r, i in enumerate(sorted(scores, key=lambda i: (-scores[i], i)))}


def fuse_variant(dense, lexical, cfg):
    w = cfg.dense_weight
    mode = int(x(cfg, "fusion", 0))
    ids = set(dense) | set(lexical)
    if mode == 1:  # reciprocal rank fusion, weighted, rescaled to 0..1
        k = x(cfg, "rrf_k", 60.0)
        rd, rl = _ranks(dense), _ranks(lexical)
        raw = {
            i: w * (1 / (k + rd[i] + 1) if i in rd else 0.0)
            + (1 - w) * (1 / (k + rl[i] + 1) if i in rl else 0.0)
            for i in ids
        }
        top = max(raw.values(), default=1.0) or 1.0
        fused = {i: s / top for i, s in raw.items()}
    elif mode == 2:  # z-score fusion; a missing score counts as the list's minimum
        zd, zl = _z(dense), _z(lexical)
        md, ml = min(zd.values(), default=0.0), min(zl.values(), default=0.0)
        raw = {i: w * zd.get(i, md) + (1 - w) * zl.get(i, ml) for i in ids}
        fused = _scale(raw, floor_zero=False)
    else:
        d, lx = _scale(dense, False), _scale(lexical, True)
        fused = {i: w * d.get(i, 0.0) + (1 - w) * lx.get(i, 0.0) for i in ids}
    return fused


def neighbours_of(graph, ids):
    if hasattr(graph, "neighbours_of"):
        adj = graph.neighbours_of(ids)
    else:
        adj = {n: [(v, d["weight"], d["kind"]) for v, d in graph.adj[n].items()] for n in ids if n in graph}
    return {n: [v for v, _, kind in edges if kind == REPLY] for n, edges in adj.items()}


def with_neighbours(dense, lexical, graph, cfg, store=None):
    """Raw dense and lexical scores blended with the REPLY_TO neighbours' (previous / next turn)."""
    bd, bl = x(cfg, "neigh_dense"), x(cfg, "neigh_lex")
    mode = int(x(cfg, "neigh_mode", 0))
    direction = int(x(cfg, "neigh_dir", 0))
    if bd <= 0 and bl <= 0:
        return dense, lexical
    ids = list(set(dense) | set(lexical))
    nb = neighbours_of(graph, ids)
    if direction:
        from autogen_zettel.core.focus import is_question

        want = set(ids) | {v for vs in nb.values() for v in vs}
        cards = store.db.kept.get_many(list(want))

        def keep(i, v):
            a, b = cards.get(i), cards.get(v)
            if a is None or b is None:
                return False
            if (b.created_at, b.id) >= (a.created_at, a.id):
                return direction == 3  # 3: the next turn only
            if direction == 3:
                return False
            return direction == 1 or is_question(b.content)

        nb = {i: [v for v in vs if keep(i, v)] for i, vs in nb.items()}
    floor = min(dense.values(), default=0.0)

    def blend(scores, b, base_missing):
        if b <= 0:
            return scores
        out = dict(scores)
        for i in ids:
            others = [scores.get(v, base_missing) for v in nb.get(i, ())]
            if not others:
                continue
            own = scores.get(i, base_missing)
            best = max(others)
            if mode == 0:  # own + b * best neighbour
                val = own + b * (best - base_missing)
            elif mode == 1:  # max(own, b * neighbour)
                val = max(own, base_missing + b * (best - base_missing))
            else:  # (own + b * mean neighbours) / (1 + b)
                val = (own + b * sum(others) / len(others)) / (1 + b)
            if val != own or i in scores:
                out[i] = val
        return out

    return blend(dense, bd, floor), blend(lexical, bl, 0.0)


_Q_EN = frozenset(
    "what when where which who whom whose why how did does do is are was were has have had "
    "would could should can will kind type sort".split()
)
_Q_ZH = (
    "什么时候",
    "为什么",
    "怎么样",
    "怎么",
    "什么",
    "哪里",
    "哪儿",
    "哪个",
    "哪些",
    "多少",
    "几",
    "谁",
    "吗",
    "呢",
    "是否",
    "有没有",
    "请问",
)
_WORD = re.compile(r"[A-Za-z']+")


def strip_question(text: str, level: int) -> str:
    """``text`` without question words (level 1) or also stopwords (level 2), English and Chinese."""
    if level <= 0:
        return text
    drop = _Q_EN | (STOPWORDS if level >= 2 else frozenset())
    out = _WORD.sub(lambda m: "" if m.group().lower() in drop else m.group(), text)
    for w in _Q_ZH:
        out = out.replace(w, "")
    out = re.sub(r"\s+", " ", out).strip()
    out = re.sub(r"\s+([?.!,？])", r"\1", out)
    return out if re.search(r"\w", out) else text


def reply_variant(dense, lexical, links, cards, cfg, RC):
    from autogen_zettel.core.focus import is_question

    found = RC.parents_among(set(dense) | set(lexical), links).items()
    parents = {
        r: max((p for p in ps if p in dense), key=dense.get) for r, ps in found if any(p in dense for p in ps)
    }
    asking = cards(sorted(set(parents.values())))
    parents = {r: p for r, p in parents.items() if p in asking and is_question(asking[p].content)}
    vals = sorted(dense.values())
    base = int(x(cfg, "reply_base", 0))
    floor = vals[0] if base == 0 else vals[len(vals) // 2] if base == 1 else vals[int(len(vals) * 0.9)]
    share = x(cfg, "reply")
    out = dict(dense)
    for r, p in parents.items():
        own = dense.get(r, vals[0])
        v = own + share * max(0.0, dense[p] - floor)
        if x(cfg, "reply_cap", 0):
            v = min(v, max(own, dense[p]))
        out[r] = v
    return out


def progressive_recall(store, query, *, k, now, embedder, config, graph, modulation=None, token_budget=None):
    cfg = config.recall.tuning
    query = clean_text(query)
    if not query:
        return []
    named: set[str] = set()
    about = without_labels(query)
    if (
        cfg.speaker_boost > 0
        or cfg.named_speaker_weight < 1
        or cfg.associative_focus > 0
        or cfg.dense_without_name
    ):
        named = R.names_in(about, store.cached("speakers", store.db.speakers))
    dense_query = without_names(query, named) if cfg.dense_without_name and named else query
    dense_query = strip_question(dense_query, int(x(cfg, "q_dense", 0)))
    lex_query = strip_question(query, int(x(cfg, "q_lex", 0)))
    dense = embedder.encode([dense_query], query=True)[0]
    sparse = embedder.sparse([lex_query], query=True)[0]
    if cfg.named_speaker_weight < 1 and named:
        terms = set(embedder.sparse([" ".join(sorted(named))], query=True)[0][0])
        sparse = weigh_terms(sparse, terms, cfg.named_speaker_weight) if set(sparse[0]) - terms else sparse
    result = store.vectors.search(store.name, dense, sparse, cfg.candidates)
    links = graph()
    recallable = R.recallable_at(store, now, config.decay)
    if getattr(cfg, "reply_context", 0) > 0:
        from autogen_zettel.core.reply_context import with_reply_context as _wrc

        result = R.SearchResult(_wrc(result.dense, result.lexical, links, cfg.reply_context), result.lexical)
    d, lx = with_neighbours(result.dense, result.lexical, links, cfg, store)
    if x(cfg, "reply", 0) > 0:
        from autogen_zettel.core import reply_context as RC

        if x(cfg, "reply_cap", 0) or x(cfg, "reply_base", 0):
            d = reply_variant(d, lx, links, recallable, cfg, RC)
        else:
            d = RC.with_reply_context(d, lx, links, x(cfg, "reply"))
    fusedd = fuse_variant(d, lx, cfg)
    fused = sorted(fusedd.items(), key=lambda kv: (-kv[1], kv[0]))
    active = {}
    for start in range(0, len(fused), 3 * k):
        active.update(recallable([i for i, _ in fused[start : start + 3 * k]]))
        if len(active) >= 3 * k:
            break
    immediate = [(i, s) for i, s in fused if i in active]
    if cfg.speaker_boost > 0:
        immediate = R.focus_named_speakers(immediate, active, named, cfg.speaker_boost)
    if cfg.date_boost > 0:
        immediate = boost_dated(immediate, active, periods_in(about, now), cfg.date_boost)
    immediate = R.weigh_importance(immediate, active, cfg.importance_weight)
    privacy = config.privacy

    def factor(card):
        weight = tier_weight(card, now, privacy)
        return weight if modulation is None else weight * modulation(card)

    summaries = cfg.prefer_summary_min > 0 and store.cached(
        "has_summaries", lambda: store.db.has_kind(CardKind.SUMMARY)
    )
    width = 2 * k if summaries else k
    activation = R.activate(immediate, links, cfg)
    focus = named if cfg.associative_focus > 0 else frozenset()
    deep = 2 * width if cfg.session_spread > 0 else width
    hits = R.unlock(
        immediate,
        links,
        recallable,
        cfg,
        k=deep,
        now=now,
        modulation=factor,
        activation=activation,
        named=focus,
    )
    unique = R.collapse_duplicates(hits)
    if len(unique) < len(hits) and len(hits) == deep:
        unique = R.collapse_duplicates(
            R.unlock(
                immediate,
                links,
                recallable,
                cfg,
                k=2 * deep,
                now=now,
                modulation=factor,
                activation=activation,
                named=focus,
            )
        )
    hits = spread_sessions(unique, cfg.session_spread)
    if summaries:
        hits = R.group_under_summaries(store.db, hits, k, cfg)
    else:
        hits = R.cap_associative(hits, k=k, share=cfg.associative_share)
    hits = attach_conflicts(store.db, hits)
    return hits
