"""Parts inside recall's dense search: each card's dense score the best of its own vector and its
sentences' vectors (``max``), or a share of that best (``mix30``: 0.7 own + 0.3 best), against its
own vector alone (``card``), with the whole recall pipeline after the search unchanged (#41, the
question :mod:`benchmarks.sentence_max` left open: can a part bring in a card its vector misses?).

The dense candidates are found by brute force over the tenant's cards and their sentences (each
sentence embedded as a card is, with its speaker), so the probe needs no index change::

    python -m benchmarks.part_search --data ../shared/data/locomo/dev.json --embedder e5+minilm \
        --cache /tmp/locomo_pair.npz
"""

from __future__ import annotations

import argparse
import logging
from collections.abc import Sequence

import numpy as np

from autogen_zettel import MemoryHub
from autogen_zettel.base.cards import CardStatus
from autogen_zettel.base.config import MemoryConfig
from autogen_zettel.cards.atoms import embed_text
from autogen_zettel.cards.refine import split_sentences
from autogen_zettel.embed.embedders import make_embedder
from autogen_zettel.store.index import SearchResult
from autogen_zettel.store.tenant_store import TenantStore
from benchmarks.locomo import load_locomo
from benchmarks.locomo_cv import CachedEmbedder, LocomoCV, Scores, summarise

log = logging.getLogger(__name__)


def _unit(x: np.ndarray) -> np.ndarray:
    return x / np.maximum(np.linalg.norm(x, axis=-1, keepdims=True), 1e-12)


class PartSearch:
    """A tenant's vector index whose dense half scores each card by its parts as ``mode`` says;
    the lexical half and every other call go to the index unchanged."""

    def __init__(self, store: TenantStore, embedder, mode: list[str]):
        self._inner, self._mode = store.vectors, mode
        cards = list(store.db.iter_cards(status=CardStatus.ACTIVE))
        stored = self._inner.dense_of(store.name, [c.id for c in cards])
        cards = [c for c in cards if c.id in stored]
        self._ids = [c.id for c in cards]
        self._own = _unit(np.stack([stored[c.id] for c in cards])) if cards else np.zeros((0, 1))
        texts, owner = [], []
        for j, card in enumerate(cards):
            sentences = split_sentences(card.content)
            if len(sentences) > 1:
                texts += [embed_text(card.speaker, s) for s in sentences]
                owner += [j] * len(sentences)
        self._parts = _unit(embedder.encode(texts)) if texts else np.zeros((0, self._own.shape[1]))
        self._owner = np.asarray(owner, dtype=int)
        log.info("%s: %d cards, %d sentences of longer cards", store.name, len(cards), len(texts))

    def search(self, name: str, dense: np.ndarray, sparse, limit: int) -> SearchResult:
        result = self._inner.search(name, dense, sparse, limit)
        mode = self._mode[0]
        if mode == "card" or not self._ids:
            return result
        q = dense / max(float(np.linalg.norm(dense)), 1e-12)
        own = self._own @ q
        best = own.copy()
        if len(self._parts):
            np.maximum.at(best, self._owner, self._parts @ q)
        share = 1.0 if mode == "max" else float(mode.removeprefix("mix")) / 100
        score = (1 - share) * own + share * best
        top = np.argsort(-score)[:limit]
        return SearchResult({self._ids[t]: float(score[t]) for t in top}, result.lexical)

    def __getattr__(self, attr):
        return getattr(self._inner, attr)


def run(cv: LocomoCV, embedder, modes: Sequence[str]) -> dict[str, Scores]:
    """Per mode, every conversation's per-question scores at the shipped settings."""
    cv.ingest()
    mode = ["card"]
    for sample_id, store in list(cv._tenants.items()):
        if not isinstance(store.vectors, PartSearch):
            cv._tenants[sample_id] = TenantStore(
                store.name, store.db, PartSearch(store, embedder, mode), store.audit_log
            )
    out: dict[str, Scores] = {}
    for m in modes:
        mode[0] = m
        cv._memo.clear()
        out[m] = [s for conv in cv.conversations for s in cv.evaluate({}, conv)]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", required=True, help="a LoCoMo-format JSON (LoCoMo or REALTALK dev)")
    parser.add_argument("--embedder", default="e5+minilm", help="embedding.model")
    parser.add_argument("--cache", default=None, help="an .npz of vectors kept between runs")
    parser.add_argument("--modes", nargs="+", default=["card", "max", "mix50", "mix30"])
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    embedder = CachedEmbedder(
        make_embedder(args.embedder, runtime="auto", threads=1, batch_threads=1), args.cache
    )
    config = MemoryConfig.model_validate({"embedding": {"model": args.embedder}})
    cv = LocomoCV(
        lambda c: MemoryHub.open(memory=True, embedder=embedder, config=c), load_locomo(args.data), config
    )
    result = run(cv, embedder, args.modes)
    if args.cache:
        embedder.save()
    keys = ("R@5", "R@10", "R@20", "multi-hop R@10", "session R@10")
    print(f"{'dense score':<12}" + "".join(f"{k:>16}" for k in keys))
    for m, scores in result.items():
        s = summarise(scores)
        print(f"{m:<12}" + "".join(f"{s[k]:>16.1f}" for k in keys))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
