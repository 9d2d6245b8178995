"""Leave-one-conversation-out tuning on LoCoMo: choose every tuned value on four conversations,
measure it on the fifth, and report that held-out figure beside the in-sample one.

What does not change between settings is computed once: the embeddings of every turn and
question (:class:`CachedEmbedder`, optionally kept in an ``.npz`` file between runs) and the
ingested tenants (:class:`LocomoCV` ingests each conversation once per ingest config), so a
sweep over ranking parameters (recall config, link-kind weights) costs only the recalls.

A *setting* is a flat mapping ``{"recall.dense_weight": 0.4, "link.REPLY_TO": 0.3, ...}``:
``recall.*`` keys override :class:`~autogen_zettel.base.recall_config.RecallTuning` fields (``recall.tuning``) and
``link.*`` keys the activation a link kind passes (:data:`~autogen_zettel.cards.link.KIND_WEIGHT`).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from autogen_zettel.base.cards import CardStatus, LinkKind
from autogen_zettel.base.config import MemoryConfig
from autogen_zettel.cards.graph import build_graph
from autogen_zettel.memory.tenant import tenant_parts
from autogen_zettel.recall.presets import link_weights, tuning_of
from autogen_zettel.recall.progressive import progressive_recall
from autogen_zettel.store.tenant_store import TenantStore
from benchmarks.locomo import (
    CATEGORIES,
    KS,
    SESSION_K,
    Conversation,
    evidence_recall,
    flat_rankings,
    hit_places,
    session_recall,
)

__all__ = ["CachedEmbedder", "Scores", "LocomoCV", "coordinate_search", "cross_validate"]

log = logging.getLogger(__name__)

Setting = Mapping[str, float]
# one row per question: (category name, R@5, R@10, R@20, session-level R@10)
Scores = list[tuple[str, float, float, float, float]]


class CachedEmbedder:
    """An embedder whose dense vectors are memoised per (text, query or document); the sparse
    side is the wrapped embedder's (cheap). ``save()`` keeps the vectors in an ``.npz`` file
    (plain arrays, no pickle) that the next run loads."""

    def __init__(self, inner, path: str | Path | None = None):
        self.inner = inner
        self.name, self.dim = inner.name, inner.dim
        self.path = Path(path) if path else None
        self._vecs: dict[str, np.ndarray] = {}
        self._dirty = False
        if self.path and self.path.exists():
            with np.load(self.path, allow_pickle=False) as data:
                if data["vecs"].shape[1:] == (self.dim,) and str(data["model"]) == self.name:
                    self._vecs = dict(zip(data["keys"].tolist(), data["vecs"]))

    def encode(self, texts: list[str], *, query: bool = False) -> np.ndarray:
        keys = [("q\x00" if query else "d\x00") + t for t in texts]
        missing = list(dict.fromkeys(k for k in keys if k not in self._vecs))
        if missing:
            vecs = self.inner.encode([k[2:] for k in missing], query=query)
            self._vecs.update(zip(missing, vecs))
            self._dirty = True
        if not keys:
            return np.zeros((0, self.dim), np.float32)
        return np.stack([self._vecs[k] for k in keys]).astype(np.float32)

    def sparse(self, texts: list[str], *, query: bool = False):
        return self.inner.sparse(texts, query=query)

    def save(self) -> None:
        if self.path and self._dirty:
            keys = list(self._vecs)
            np.savez(
                self.path,
                keys=np.array(keys),
                vecs=np.stack([self._vecs[k] for k in keys]),
                model=np.array(self.name),
            )
            self._dirty = False


class _SearchMemo:
    """The tenant's vector index with its searches memoised per query vector: a sweep over
    ranking parameters asks the same questions again and again (candidates stay fixed)."""

    def __init__(self, vectors):
        self._vectors = vectors
        self._memo: dict = {}

    def search(self, name, dense, sparse, limit):
        key = (name, dense.tobytes(), tuple(sparse[0]), tuple(sparse[1]), limit)
        if key not in self._memo:
            self._memo[key] = self._vectors.search(name, dense, sparse, limit)
        return self._memo[key]

    def __getattr__(self, attr):
        return getattr(self._vectors, attr)


def _score(
    places: Sequence[Sequence[str]], conv: Conversation, qi: int
) -> tuple[str, float, float, float, float]:
    q = conv.questions[qi]
    return (
        CATEGORIES.get(q.category, str(q.category)),
        *(evidence_recall(places, q.evidence, k) for k in KS),
        session_recall(places, q.evidence, SESSION_K),
    )


def summarise(scores: Scores) -> dict[str, float]:
    """R@5/10/20 over all questions, multi-hop R@10, session-level R@10 and R@10 per category, as
    percentages."""
    if not scores:
        return {}
    arr = np.array([s[1:] for s in scores])
    multi = [s[2] for s in scores if s[0] == "multi-hop"]
    by_cat = {
        f"{c} R@10": float(np.mean([s[2] for s in scores if s[0] == c]))
        for c in CATEGORIES.values()
        if any(s[0] == c for s in scores)
    }
    return {
        "R@5": float(arr[:, 0].mean()),
        "R@10": float(arr[:, 1].mean()),
        "R@20": float(arr[:, 2].mean()),
        "multi-hop R@10": float(np.mean(multi)) if multi else float("nan"),
        "session R@10": float(arr[:, 3].mean()),
        **by_cat,
        "questions": len(scores),
    }


def objective(scores: Scores) -> float:
    """What tuning maximises: the mean of the issue's three targets, R@5, R@10 and multi-hop
    R@10 (ties keep the current value). R@10 alone let one session's neighbours fill the places
    an aggregate question ("where has Melanie camped?") needs for its other sessions."""
    s = summarise(scores)
    if not s:
        return 0.0
    multi = s["multi-hop R@10"]
    return (s["R@5"] + s["R@10"] + (multi if multi == multi else s["R@10"])) / 3


def _tenant_name(sample_id: str) -> str:
    """The tenant a conversation is remembered in (its id, with what a tenant name refuses as "_")."""
    return re.sub(r"[^A-Za-z0-9_.\-]", "_", sample_id)


@dataclass
class LocomoCV:
    """The five (or any number of) conversations, ingested once per ingest config, recalled
    under any setting; results are memoised per (setting, conversation)."""

    hub_factory: Callable[[MemoryConfig], object]  # config -> an open MemoryHub (in memory)
    conversations: Sequence[Conversation]
    config: MemoryConfig = field(default_factory=MemoryConfig)
    _tenants: dict = field(default_factory=dict)
    _memo: dict = field(default_factory=dict)
    _graphs: dict = field(default_factory=dict)
    hub: object = None

    def ingest(self) -> None:
        """Ingest every conversation (once) with ``config``."""
        if self.hub is None:
            self.hub = self.hub_factory(self.config)
        for conv in self.conversations:
            if conv.sample_id in self._tenants:
                continue
            name = _tenant_name(conv.sample_id)
            self.hub.drop_tenant(name)
            mem = self.hub.tenant(name)
            mem.remember_many(conv.turns)
            store = tenant_parts(mem).store
            self._tenants[conv.sample_id] = TenantStore(
                store.name, store.db, _SearchMemo(store.vectors), store.audit_log
            )
            log.info(
                "ingested %s: %d turns -> %d cards", conv.sample_id, len(conv.turns), mem.stats()["cards"]
            )

    def end_sessions(self) -> int:
        """Write each session's summary card, as a session's end does in the library (#40: the
        library path ends sessions too), so recall is measured on the tenant a user has once
        their sessions are over; returns how many summaries were written."""
        from autogen_zettel.memory.tenant import tenant_parts
        from autogen_zettel.trust.maintenance import summarise_session

        self.ingest()
        made = 0
        for conv in self.conversations:
            parts = tenant_parts(self.hub.tenant(_tenant_name(conv.sample_id)))
            for session in dict.fromkeys(t.session_id for t in conv.turns):
                with parts.store.write_lock:
                    made += summarise_session(parts, session) is not None
                    parts.store.invalidate()
        self._memo.clear()
        return made

    def evaluate(self, setting: Setting, conv: Conversation) -> Scores:
        """Per-question R@5/10/20 of our recall on ``conv`` under ``setting``."""
        key = (tuple(sorted(setting.items())), conv.sample_id)
        if key in self._memo:
            return self._memo[key]
        self.ingest()
        store = self._tenants[conv.sample_id]
        recall_over = {k.split(".", 1)[1]: v for k, v in setting.items() if k.startswith("recall.")}
        for name in ("hops", "seeds", "candidates", "list_pool"):
            if name in recall_over:
                recall_over[name] = int(recall_over[name])
        recall = self.config.recall
        cfg = self.config.model_copy(
            update={
                "recall": recall.model_copy(update={"tuning": recall.tuning.model_copy(update=recall_over)})
            }
        )
        weights = link_weights(tuning_of(cfg))
        weights.update({LinkKind(k.split(".", 1)[1]): v for k, v in setting.items() if k.startswith("link.")})
        top, margin = int(setting.get("meaning.top", 0)), float(setting.get("meaning.margin", 0.0))
        gkey = (tuple(sorted((k.value, v) for k, v in weights.items())), top, margin, conv.sample_id)
        if gkey not in self._graphs:
            links = list(store.db.links.iter())
            if top:
                links = relative_meaning_links(links, top=top, margin=margin)
            self._graphs[gkey] = build_graph(
                links, weights=weights, cards=store.db.iter_cards(status=CardStatus.ACTIVE)
            )
        graph = self._graphs[gkey]
        last = max(t.at for t in conv.turns)
        out: Scores = []
        for qi, q in enumerate(conv.questions):
            hits = progressive_recall(
                store,
                q.text,
                k=max(KS),
                now=last,
                embedder=self.hub.embedder,
                config=cfg,
                graph=lambda: graph,
            )
            out.append(_score(hit_places(hits), conv, qi))
        self._memo[key] = out
        log.info("%s %s: R@10 %.1f", conv.sample_id, dict(setting), summarise(out)["R@10"])
        return out

    def baselines(self) -> dict[str, Scores]:
        """The flat baselines' per-question scores over all conversations (nothing to tune)."""
        out: dict[str, Scores] = {}
        for conv in self.conversations:
            for method, ranked in flat_rankings(conv, self.hub.embedder if self.hub else None).items():
                out.setdefault(method, []).extend(
                    _score([[i] for i in r], conv, qi) for qi, r in enumerate(ranked)
                )
        return out


def relative_meaning_links(links: Sequence, *, top: int, margin: float) -> list:
    """``links`` with each card's meaning links (STRONGLY/WEAKLY_RELATED) cut to its ``top``
    strongest whose cosine lies ``margin`` or more above the median of the tenant's meaning
    links: a threshold relative to the embedder's own spread of cosines (e5's crowd in a narrow
    high band, MiniLM's spread wide), measured here before the link engine writes it."""
    meaning = {LinkKind.STRONGLY_RELATED, LinkKind.WEAKLY_RELATED}
    weights = sorted(x.weight for x in links if x.kind in meaning)
    if not weights:
        return list(links)
    floor = weights[len(weights) // 2] + margin
    by_src: dict[str, list] = {}
    for x in links:
        if x.kind in meaning and x.weight >= floor:
            by_src.setdefault(x.src, []).append(x)
    kept = {id(x) for group in by_src.values() for x in sorted(group, key=lambda x: -x.weight)[:top]}
    return [x for x in links if x.kind not in meaning or id(x) in kept]


def coordinate_search(
    cv: LocomoCV,
    convs: Sequence[Conversation],
    grid: Mapping[str, Sequence[float]],
    start: Setting,
    *,
    rounds: int = 2,
) -> dict[str, float]:
    """Coordinate ascent of :func:`objective` over ``grid`` on ``convs``: each parameter in turn
    takes the value that scores best with the others held; a tie keeps the current value."""
    current = dict(start)
    for _ in range(rounds):
        changed = False
        for name, values in grid.items():

            def score(v: float) -> float:
                return objective([s for c in convs for s in cv.evaluate({**current, name: v}, c)])

            here = current.get(name)
            best_v, best = here, score(here) if here is not None else float("-inf")
            for v in values:
                s = score(v)
                if s > best + 1e-9:
                    best_v, best = v, s
            if best_v != here:
                current[name] = best_v
                changed = True
        if not changed:
            break
    return current


def cross_validate(
    cv: LocomoCV,
    grid: Mapping[str, Sequence[float]],
    start: Setting,
    *,
    rounds: int = 2,
    fold_starts: Mapping[str, Setting] | None = None,
) -> dict:
    """Leave one conversation out: tune on the others, measure on it; plus the in-sample tuning
    on all of them. Returns the pooled held-out scores, the in-sample scores, the default
    (untuned) scores and the values each fold chose.

    :param fold_starts: where each fold starts (held-out conversation id -> setting), e.g. what
        each fold chose in an earlier round, so a round can tune only its new values and the
        held-out figure still never sees a value chosen on its own conversation; ``start`` is
        where the in-sample tuning starts (and any fold not named)"""
    convs = list(cv.conversations)
    held: Scores = []
    folds = {}
    for conv in convs:
        train = [c for c in convs if c is not conv]
        chosen = coordinate_search(
            cv, train, grid, (fold_starts or {}).get(conv.sample_id, start), rounds=rounds
        )
        folds[conv.sample_id] = chosen
        held.extend(cv.evaluate(chosen, conv))
        log.info(
            "fold %s: chose %s -> held-out R@10 %.1f",
            conv.sample_id,
            chosen,
            summarise(cv.evaluate(chosen, conv))["R@10"],
        )
    in_sample = coordinate_search(cv, convs, grid, start, rounds=rounds)
    return {
        "default": summarise([s for c in convs for s in cv.evaluate(start, c)]),
        "cross_validated": summarise(held),
        "in_sample": summarise([s for c in convs for s in cv.evaluate(in_sample, c)]),
        "in_sample_setting": in_sample,
        "folds": folds,
    }
