"""Recall in more than one pass, for evidence spread over sessions: a second look from the words
the first hits share (``recall.tuning.second_hop``) and one search per aspect of a question that
asks about two things (``recall.tuning.aspect_weight``). Both are off by default; with both off
:func:`recall_passes` is :func:`~autogen_zettel.recall.progressive.progressive_recall`, unchanged.

Each pass is the whole progressive recall (search, speaker focus, links, duplicates); the passes
are merged (:func:`~autogen_zettel.recall.second_hop.merge_second`,
:func:`~autogen_zettel.recall.aspects.fuse_ranks`), cut to ``k`` with the associative share and then
to the token budget. A further pass costs about one recall (the query's dense vector comes from
the hub's encode cache); only questions with several aspects pay for the aspect passes.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

import networkx as nx
import numpy as np

from autogen_zettel.base.cards import Card, Hit
from autogen_zettel.base.config import MemoryConfig
from autogen_zettel.cards.graph import Neighbours
from autogen_zettel.cards.refine import clean_text
from autogen_zettel.embed.embedders import Embedder, SparseVector
from autogen_zettel.recall.aspects import aspects, fuse_ranks
from autogen_zettel.recall.focus import without_labels
from autogen_zettel.recall.hit_lines import cut_to_budget
from autogen_zettel.recall.progressive import cap_associative, progressive_recall
from autogen_zettel.recall.second_hop import expand_sparse, merge_second, salient_terms
from autogen_zettel.recall.weights import names_in
from autogen_zettel.store.tenant_store import TenantStore

__all__ = ["recall_passes"]


class _QueryView:
    """The hub's embedder as one pass sees it: it keeps the dense vector of the query it encoded
    (``seen``), answers every query encode with ``dense`` when given (a participant's aspect
    asks what the whole question asks, its names aside, so it reuses that vector and costs no
    encode), and adds ``terms`` at ``weight`` to the sparse vector of the query text ``text``
    (the second look runs the whole pipeline with the expanded lexical query)."""

    def __init__(
        self,
        inner: Embedder,
        *,
        dense: np.ndarray | None = None,
        text: str | None = None,
        terms: Sequence[str] = (),
        weight: float = 0.0,
    ):
        self._inner, self._dense, self._text, self._terms, self._weight = inner, dense, text, terms, weight
        self.plain = inner  # the embedder without this view's answers: the query map's fit encodes with it
        self.name, self.dim = inner.name, inner.dim
        self.seen: np.ndarray | None = None

    def encode(self, texts: list[str], *, query: bool = False) -> np.ndarray:
        if query and self._dense is not None:
            return np.stack([self._dense] * len(texts))
        out = self._inner.encode(texts, query=query)
        if query and len(texts) == 1:
            self.seen = out[0]
        return out

    def sparse(self, texts: list[str], *, query: bool = False) -> list[SparseVector]:
        out = self._inner.sparse(texts, query=query)
        if query and self._terms:
            out = [
                expand_sparse(v, self._terms, self._weight) if t == self._text else v
                for t, v in zip(texts, out)
            ]
        return out


def recall_passes(
    store: TenantStore,
    query: str,
    *,
    k: int,
    now,
    embedder: Embedder,
    config: MemoryConfig,
    graph: Callable[[], nx.Graph | Neighbours],
    modulation: Callable[[Card], float] | None = None,
    token_budget: int | None = None,
) -> list[Hit]:
    """Progressive recall with the further passes ``config.recall.tuning`` switches on; the same
    arguments and result as :func:`~autogen_zettel.recall.progressive.progressive_recall`."""
    cfg = config.recall.tuning
    if cfg.second_hop <= 0 and cfg.aspect_weight <= 0:
        return progressive_recall(
            store,
            query,
            k=k,
            now=now,
            embedder=embedder,
            config=config,
            graph=graph,
            modulation=modulation,
            token_budget=token_budget,
        )
    run = functools.partial(
        progressive_recall, store, now=now, config=config, graph=graph, modulation=modulation
    )
    text = clean_text(query)
    about = without_labels(text)
    named = names_in(about, store.cached("speakers", store.db.speakers))
    parts = aspects(about, named, parts=cfg.aspect_parts) if cfg.aspect_weight > 0 else []
    first = _QueryView(embedder)
    # the whole question's list is fused as deep as each aspect's, so that a card it ranks just
    # below k still counts with its place there
    hits = run(query, k=2 * k if parts else k, embedder=first)
    if not hits:
        return hits
    if cfg.second_hop > 0:
        seeds = cfg.second_hop_seeds
        terms = salient_terms(text, [h.card.content for h in hits[:seeds]], named)
        if terms:
            view = _QueryView(embedder, dense=first.seen, text=text, terms=terms, weight=cfg.second_hop)
            hits = merge_second(
                hits, run(query, k=2 * k, embedder=view), seeds=seeds, discount=cfg.second_hop_discount
            )
    if parts:
        # one aspect per participant asks what the whole question asks, its names aside: it reuses
        # the question's dense vector; the parts of a sentence mean something else each and are encoded
        view = _QueryView(embedder, dense=first.seen if len(named) >= 2 else None)
        lists = [hits] + [run(p, k=2 * k, embedder=view) for p in parts]
        hits = fuse_ranks(lists, [1.0] + [cfg.aspect_weight / len(parts)] * len(parts))
    hits = cap_associative(hits, k=k, share=cfg.associative_share)
    return cut_to_budget(hits, token_budget) if token_budget is not None else hits
