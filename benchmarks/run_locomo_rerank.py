"""A learned second stage, measured leave one conversation out on LoCoMo dev: a logistic
regression over features recall already has re-ranks its best 50 hits; trained on four
conversations, measured on the fifth (never on its own).

    OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 PYTHONPATH=$PWD HF_HUB_OFFLINE=1 \
        python -m benchmarks.run_locomo_rerank --data ../shared/data/locomo/dev.json

Features per hit: its place and score (scaled by the first hit's), the layer, the card's
importance, whether its speaker is named in the question, whether it fits a period the question
names, whether it asks, how many better hits share its session, the share of the question's
words it holds, and its length. Prints R@5/10/20, multi-hop R@10 and session R@10 of recall
alone and re-ranked, both held out.
"""

from __future__ import annotations

import argparse
import json
import logging
import math
import re
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

import numpy as np

DEPTH = 50
_WORDS = re.compile(r"\w+")


def features(query: str, hits, named: set[str], periods) -> np.ndarray:
    from autogen_zettel.recall.focus import is_question
    from autogen_zettel.recall.when import fits
    from autogen_zettel.text.lexical import fold

    qwords = {w for w in _WORDS.findall(fold(query)) if len(w) > 2}
    top = hits[0].score if hits and hits[0].score > 0 else 1.0
    seen: Counter[str] = Counter()
    rows = []
    for r, h in enumerate(hits):
        words = set(_WORDS.findall(fold(h.card.content)))
        rows.append(
            [
                1.0 / (1 + r),
                math.log1p(r),
                h.score / top,
                float(h.layer == "associative"),
                h.card.importance,
                float(h.card.speaker in named),
                float(bool(periods) and fits(h.card, periods)),
                float(is_question(h.card.content)),
                float(seen[h.card.session_id]),
                len(qwords & words) / max(1, len(qwords)),
                math.log1p(len(h.card.content)),
            ]
        )
        seen[h.card.session_id] += 1
    return np.array(rows, dtype=np.float64)


def fit_logistic(X: np.ndarray, y: np.ndarray, *, l2: float = 1.0, steps: int = 25) -> np.ndarray:
    """Weights (last one the intercept) of an L2-regularised logistic regression, by Newton steps
    (numpy only: the benchmark needs no learning library).

    >>> w = fit_logistic(np.array([[0.0], [1.0], [2.0], [3.0]]), np.array([0.0, 0.0, 1.0, 1.0]), l2=0.1)
    >>> bool(w[0] > 0)
    True
    """
    A = np.hstack([X, np.ones((len(X), 1))])
    w = np.zeros(A.shape[1])
    reg = l2 * np.eye(A.shape[1])
    reg[-1, -1] = 0.0  # the intercept is not shrunk
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-(A @ w)))
        grad = A.T @ (p - y) + reg @ w
        hess = (A * (p * (1 - p))[:, None]).T @ A + reg
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", required=True)
    ap.add_argument("--cache", default="/tmp/locomo_minilm.npz", help="MiniLM vectors kept between runs")
    ap.add_argument("--questions", type=int, default=0, help="only the first N questions per conversation")
    ap.add_argument("--out", default=None)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", stream=sys.stderr)
    import torch

    torch.set_num_threads(1)
    from autogen_zettel import MemoryHub
    from autogen_zettel.base.cards import CardStatus
    from autogen_zettel.base.config import MemoryConfig
    from autogen_zettel.cards.graph import build_graph
    from autogen_zettel.embed.embedders import make_embedder
    from autogen_zettel.recall.progressive import progressive_recall
    from autogen_zettel.recall.weights import names_in
    from autogen_zettel.recall.when import periods_in
    from benchmarks.locomo import hit_places, load_locomo
    from benchmarks.locomo_cv import CachedEmbedder, LocomoCV, _score, summarise

    convs = load_locomo(args.data)
    if args.questions:
        convs = [replace(c, questions=c.questions[: args.questions]) for c in convs]
    emb = CachedEmbedder(make_embedder("minilm"), args.cache)
    cfg = MemoryConfig()
    cv = LocomoCV(lambda c: MemoryHub.open(memory=True, embedder=emb, config=c), convs, cfg)
    cv.ingest()
    data = {}  # conversation -> list of (hits, X, y)
    for conv in convs:
        store = cv._tenants[conv.sample_id]
        graph = build_graph(store.db.links.iter(), cards=store.db.iter_cards(status=CardStatus.ACTIVE))
        last = max(t.at for t in conv.turns)
        speakers = set(store.db.speakers())
        rows = []
        for q in conv.questions:
            hits = progressive_recall(
                store, q.text, k=DEPTH, now=last, embedder=emb, config=cfg, graph=lambda g=graph: g
            )
            X = (
                features(q.text, hits, names_in(q.text, speakers), periods_in(q.text, last))
                if hits
                else np.zeros((0, 11))
            )
            y = np.array([float(bool(set(h.card.source_ids) & set(q.evidence))) for h in hits])
            rows.append((hits, X, y))
        data[conv.sample_id] = rows
        log = logging.getLogger(__name__)
        log.info("collected %s", conv.sample_id)
    base, reranked = [], []
    for conv in convs:
        train = [r for c in convs if c is not conv for r in data[c.sample_id] if len(r[1])]
        X = np.vstack([r[1] for r in train])
        y = np.concatenate([r[2] for r in train])
        mu, sd = X.mean(0), X.std(0) + 1e-9
        w = fit_logistic((X - mu) / sd, y)
        for qi, (hits, Xq, _) in enumerate(data[conv.sample_id]):
            base.append(_score(hit_places(hits[:20]), conv, qi))
            if len(Xq):
                order = np.argsort(-(((Xq - mu) / sd) @ w[:-1]), kind="stable")
                hits = [hits[i] for i in order]
            reranked.append(_score(hit_places(hits[:20]), conv, qi))
    out = {"recall": summarise(base), "recall + learned re-rank of the best 50": summarise(reranked)}
    for name, s in out.items():
        print(
            f"| {name} | {s['R@5']:.1f} | {s['R@10']:.1f} | {s['R@20']:.1f} | {s['multi-hop R@10']:.1f} "
            f"| {s.get('temporal R@10', float('nan')):.1f} | {s['session R@10']:.1f} |"
        )
    if args.out:
        Path(args.out).write_text(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
