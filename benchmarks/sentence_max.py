"""A turn scored by its parts: flat dense recall when a turn's score is the best of its own vector
and its sentences' vectors, against its own vector alone (#41, a probe for multi-vector cards).

Long turns that report several things ("since we last spoke, I went camping, took the kids to the
museum...") read as one diluted vector; a question about one of those things matches the sentence
that says it. Measured on the raw turns, "speaker: text" as the flat baselines embed them, with one
embedder and no recall pipeline, so only the scoring of a unit changes::

    python -m benchmarks.sentence_max --data ../shared/data/locomo/dev.json --embedder e5
"""

from __future__ import annotations

import argparse
import logging

import numpy as np

from autogen_zettel.cards.refine import split_sentences
from autogen_zettel.embed.embedders import make_embedder
from benchmarks.locomo import load_locomo
from benchmarks.locomo_cv import CATEGORIES

log = logging.getLogger(__name__)

K = 10


def _unit(x: np.ndarray) -> np.ndarray:
    return x / np.maximum(np.linalg.norm(x, axis=1, keepdims=True), 1e-12)


def scores(conversations, embedder) -> dict[str, list[tuple[str, float]]]:
    """Per question with evidence, (category, R@10) for each way of scoring a turn: ``turn`` its
    own vector, ``max`` the best of it and its sentences, ``mix`` the mean of the two."""
    out: dict[str, list[tuple[str, float]]] = {"turn": [], "max": [], "mix": []}
    for conv in conversations:
        ids = [t.message_id for t in conv.turns]
        turns = _unit(embedder.encode([f"{t.speaker}: {t.text}" for t in conv.turns]))
        parts, owner = [], []
        for i, t in enumerate(conv.turns):
            sentences = split_sentences(t.text)
            if len(sentences) > 1:
                parts += [f"{t.speaker}: {s}" for s in sentences]
                owner += [i] * len(sentences)
        part_vecs = _unit(embedder.encode(parts)) if parts else np.zeros((0, turns.shape[1]))
        owners = np.asarray(owner, dtype=int)
        asked = [q for q in conv.questions if q.evidence]
        questions = _unit(embedder.encode([q.text for q in asked], query=True)) if asked else turns[:0]
        for q, qv in zip(asked, questions):
            own = turns @ qv
            best = own.copy()
            if len(part_vecs):
                np.maximum.at(best, owners, part_vecs @ qv)
            for name, s in (("turn", own), ("max", best), ("mix", (own + best) / 2)):
                top = {ids[i] for i in np.argsort(-s)[:K]}
                out[name].append(
                    (
                        CATEGORIES.get(q.category, str(q.category)),
                        float(np.mean([e in top for e in q.evidence])),
                    )
                )
        log.info("%s: %d turns, %d sentences of longer turns", conv.sample_id, len(ids), len(parts))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", required=True, help="a LoCoMo-format JSON (LoCoMo or REALTALK dev)")
    parser.add_argument("--embedder", default="e5", help="embedding.model (e5, minilm)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    embedder = make_embedder(args.embedder, runtime="auto", threads=1, batch_threads=1)
    result = scores(load_locomo(args.data), embedder)
    print(f"{'turn scored by':<16}{'R@10':>8}{'multi-hop R@10':>16}")
    for name, rows in result.items():
        everything = 100 * np.mean([r for _, r in rows])
        multi = [r for c, r in rows if c == "multi-hop"]
        print(f"{name:<16}{everything:>8.1f}{100 * np.mean(multi) if multi else float('nan'):>16.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
