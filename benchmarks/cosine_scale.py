"""The cosine scale of one embedder against MiniLM's (autogen_zettel/embed/scale.py): both encode
every turn of a LoCoMo-format file, and the script prints each model's cosine at the same
quantiles of all pairs of turns, as the points of a :class:`CosineScale`, then where MiniLM's
link thresholds fall on the other model's scale.

    OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 HF_HUB_OFFLINE=1 PYTHONPATH=$PWD \
        python -m benchmarks.cosine_scale --data ../shared/data/locomo/dev.json --model e5

Run it on a second file (``../shared/data/realtalk/dev.json``) to see how far the points move
between corpora. ``--questions`` places questions against turns instead (600 questions by 2,000
turns, drawn with a fixed seed; each model encodes a question as it asks one): the points of
``E5_SMALL_ASKED``.
"""

from __future__ import annotations

import argparse
import logging

import numpy as np

from autogen_zettel.base.config import MemoryConfig
from autogen_zettel.embed.embedders import make_embedder
from autogen_zettel.embed.scale import scale_of
from benchmarks.locomo import flat_text, load_locomo

QUANTILES = (0.001, 0.01, 0.05, 0.25, 0.5, 0.75, 0.9, 0.95, 0.98, 0.99, 0.995, 0.998, 0.999)
QUANTILES += (0.9995, 0.9998, 0.9999, 0.99995, 0.99999)
THRESHOLDS = (0.5, 0.72, 0.92)  # links.weak, links.strong, maintenance.merge_similarity


def _unit(vectors) -> np.ndarray:
    v = np.asarray(vectors, dtype=np.float32)
    return v / np.linalg.norm(v, axis=1, keepdims=True)


def _pair_cosines(v: np.ndarray) -> np.ndarray:
    upper = np.triu_indices(len(v), 1)
    return (v @ v.T)[upper]


def _question_cosines(embedder, questions: list[str], turns: list[str]) -> np.ndarray:
    return (_unit(embedder.encode(questions, query=True)) @ _unit(embedder.encode(turns)).T).ravel()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", required=True, help="a LoCoMo-format JSON file")
    ap.add_argument("--model", default="e5", help="the embedder to place on MiniLM's scale")
    ap.add_argument("--questions", action="store_true", help="questions against turns, not turn pairs")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)
    convs = load_locomo(args.data)
    texts = list(dict.fromkeys(flat_text(t) for conv in convs for t in conv.turns))
    questions: list[str] = []
    if args.questions:
        rng = np.random.default_rng(2)
        asked = [q.text for conv in convs for q in conv.questions]
        questions = [asked[i] for i in rng.choice(len(asked), min(600, len(asked)), replace=False)]
        texts = [texts[i] for i in rng.choice(len(texts), min(2000, len(texts)), replace=False)]
    e = MemoryConfig().embedding
    cos = {}
    for name in ("minilm", args.model):
        embedder = make_embedder(name, runtime=e.runtime, max_length=e.max_length, threads=1, batch_workers=1)
        if questions:
            cos[name] = _question_cosines(embedder, questions, texts)
        else:
            cos[name] = _pair_cosines(_unit(embedder.encode(texts)))
        model_name = embedder.name
    ref, other = np.quantile(cos["minilm"], QUANTILES), np.quantile(cos[args.model], QUANTILES)
    print(f"{len(questions)} questions, {len(texts)} turns, {len(cos['minilm'])} pairs")
    print("points (model cosine, MiniLM cosine) at the quantiles:")
    for q, x, y in zip(QUANTILES, other, ref):
        print(f"    ({x:.3f}, {y:.3f}),  # {q}")
    scale = scale_of(model_name)
    for t in THRESHOLDS:
        share = float((cos["minilm"] < t).mean())
        here = float(np.quantile(cos[args.model], share))
        print(
            f"MiniLM {t}: quantile {share:.5f}, {args.model} {here:.3f} on this file; "
            f"the shipped scale maps {here:.3f} to {scale(here):.3f}"
        )


if __name__ == "__main__":
    main()
