"""The English share of the paired embedder (``embedding.model: e5+minilm``, embed/dual.py),
measured leaving one conversation out: each share ingests every conversation once (the two
models' vectors cached per file), recalls with the shipped defaults, and each fold picks the share
that scores best on the other conversations ((R@5 + R@10 + multi-hop R@10) / 3).

    OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 HF_HUB_OFFLINE=1 PYTHONPATH=$PWD \\
        python -m benchmarks.dual_share --data $LOCOMO --shares 0,0.5,0.7,0.85,1 --out /tmp/dual.json

Share 0 is e5 alone; 1 is MiniLM alone for Latin texts (and cosine 0 across scripts, so it is
measured, never chosen).
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from pathlib import Path


def _objective(s: dict) -> float:
    multi = s["multi-hop R@10"]
    return (s["R@5"] + s["R@10"] + (multi if multi == multi else s["R@10"])) / 3


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", required=True, help="a LoCoMo-format JSON file")
    ap.add_argument("--shares", default="0,0.5,0.7,0.85,1")
    ap.add_argument("--cache", default="/tmp", help="folder for the two models' cached vectors")
    ap.add_argument("--out", default=None, help="write every figure as JSON here")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(message)s", stream=sys.stderr)

    from autogen_zettel import MemoryHub
    from autogen_zettel.base.config import MemoryConfig
    from autogen_zettel.embed.dual import DualEmbedder
    from autogen_zettel.embed.embedders import make_embedder
    from benchmarks.locomo import load_locomo
    from benchmarks.locomo_cv import CachedEmbedder, LocomoCV, summarise

    convs = load_locomo(args.data)
    tag = Path(args.data).stem
    e5 = CachedEmbedder(make_embedder("e5", threads=1, batch_threads=1), f"{args.cache}/{tag}_e5.npz")
    mini = CachedEmbedder(
        make_embedder("minilm", threads=1, batch_threads=1), f"{args.cache}/{tag}_minilm.npz"
    )
    shares = [float(x) for x in args.shares.split(",")]
    scores: dict[float, dict[str, list]] = {}
    for share in shares:
        emb = DualEmbedder(e5, mini, english_share=share)
        cfg = MemoryConfig.model_validate({"embedding": {"model": "e5+minilm"}})
        cv = LocomoCV(lambda c, emb=emb: MemoryHub.open(memory=True, embedder=emb, config=c), convs, cfg)
        cv.ingest()
        e5.save()
        mini.save()
        scores[share] = {c.sample_id: cv.evaluate({}, c) for c in convs}
        cv.hub.close()
        print(
            f"share {share:g} on all: {json.dumps(summarise([x for v in scores[share].values() for x in v]))}"
        )
    choosable = [s for s in shares if s < 1] or shares
    held, chosen = [], {}
    for conv in convs:
        others = [c.sample_id for c in convs if c is not conv]
        best = max(choosable, key=lambda s: _objective(summarise([x for c in others for x in scores[s][c]])))
        chosen[conv.sample_id] = best
        held.extend(scores[best][conv.sample_id])
    print(f"per fold: {chosen}")
    print(f"held out: {json.dumps(summarise(held))}")
    if args.out:
        out = {
            "chosen": chosen,
            "held_out": summarise(held),
            "all": {s: summarise([x for v in scores[s].values() for x in v]) for s in shares},
        }
        Path(args.out).write_text(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
