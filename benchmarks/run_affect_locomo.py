"""What affect on cards does to LoCoMo dev recall, setting by setting (in-sample, all five
conversations; the held-out choice is run_locomo_cv's with its affect grid, see below).

Each conversation is ingested once per ``refiner.affect_importance`` and recalled with the
shipped defaults but for ``recall.affect_weight`` and ``recall.affect_query_boost``:

    OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 PYTHONPATH=$PWD HF_HUB_OFFLINE=1 \\
        python -m benchmarks.run_affect_locomo --data ../shared/data/locomo/dev.json --cache /tmp/minilm.npz

The held-out (leave-one-conversation-out) choice of the two recall values:

    python -m benchmarks.run_locomo_cv --data ... --start shipped --no-ablation \\
        --params recall.affect_weight,recall.affect_query_boost [--affect-importance 0.0]
"""

from __future__ import annotations

import argparse
import json
import logging
import sys


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", required=True)
    ap.add_argument("--cache", default="/tmp/locomo_minilm.npz")
    # the figures on docs/concepts/affect.md were measured with minilm; give e5 its own --cache
    ap.add_argument("--embedder", default="minilm", help="embedding.model: minilm, e5")
    ap.add_argument("--importance", default="0.0,0.2", help="refiner.affect_importance values to ingest with")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)

    from autogen_zettel import MemoryHub
    from autogen_zettel.base.config import MemoryConfig
    from autogen_zettel.embed.embedders import make_embedder
    from benchmarks.locomo import load_locomo
    from benchmarks.locomo_cv import CachedEmbedder, LocomoCV, summarise

    convs = load_locomo(args.data)
    emb = CachedEmbedder(make_embedder(args.embedder, threads=1, batch_threads=1), args.cache)
    print(
        "| affect_importance | affect_weight | affect_query_boost | R@5 | R@10 | R@20 | multi-hop R@10 | temporal R@10 |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for imp in (float(v) for v in args.importance.split(",")):
        # the config names the embedder used (the library's default is e5)
        base = MemoryConfig.model_validate(
            {"embedding": {"model": args.embedder}, "refiner": {"affect_importance": imp}}
        )
        cv = LocomoCV(lambda cfg: MemoryHub.open(memory=True, embedder=emb, config=cfg), convs, base)
        cv.ingest()
        emb.save()
        for weight in (0.0, 0.1, 0.25):
            for boost in (0.0, 0.5):
                setting = {"recall.affect_weight": weight, "recall.affect_query_boost": boost}
                s = summarise([x for c in convs for x in cv.evaluate(setting, c)])
                print(
                    f"| {imp} | {weight} | {boost} | {s['R@5']:.2f} | {s['R@10']:.2f} | {s['R@20']:.2f} "
                    f"| {s['multi-hop R@10']:.2f} | {s.get('temporal R@10', float('nan')):.2f} |",
                    flush=True,
                )
        cv.hub.close()
    print(json.dumps({"questions": sum(len(c.questions) for c in convs)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
