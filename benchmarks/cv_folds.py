"""Leave-one-conversation-out on LoCoMo dev with the figures of every fold: what each fold chose on
the other four and what that scored on its own conversation, beside the start setting's score on
it; plus the meaning links the link engine wrote per conversation (how an embedder's cosine scale
shows in STRONGLY/WEAKLY_RELATED counts).

    OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 HF_HUB_OFFLINE=1 python -m benchmarks.cv_folds \
        --data ../shared/data/locomo/dev.json --embedder e5 --cache /tmp/e5.npz \
        --grid '{"recall.seeds": [40, 20, 30, 60]}'

Tuning starts from the library's defaults (the config's ``recall.preset``, or ``--preset``) with
``--set``'s values put over them; only the ``--grid`` keys are tuned (coordinate ascent, in the
order given).
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from collections import Counter
from pathlib import Path

import numpy as np

COLS = ("R@5", "R@10", "R@20", "multi-hop R@10", "session R@10")


def fmt(name: str, s: dict) -> str:
    return f"| {name} | " + " | ".join(f"{s[c]:.1f}" for c in COLS) + f" | {s['questions']} |"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", required=True)
    ap.add_argument("--embedder", default="e5")
    ap.add_argument("--runtime", default="auto")
    ap.add_argument("--cache", required=True, help="an .npz of dense vectors kept between runs")
    ap.add_argument(
        "--grid", default="{}", help="JSON {setting key: [values]}; the first value need not be the start"
    )
    ap.add_argument("--preset", default="", help="recall.preset to start from (default: the config's)")
    ap.add_argument(
        "--set",
        default="{}",
        help="JSON {setting key: value} put over the start, e.g. '{\"recall.seeds\": 20}'",
    )
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--links", action="store_true", help="print meaning-link counts and cosine quantiles")
    ap.add_argument("--out", default=None)
    ap.add_argument(
        "--split-at",
        type=int,
        default=0,
        help="also pool the first N conversations and the rest apart (a --data file made of two sets)",
    )
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(message)s", stream=sys.stderr)

    from autogen_zettel import MemoryHub
    from autogen_zettel.base.cards import LinkKind
    from autogen_zettel.base.config import MemoryConfig
    from autogen_zettel.embed.embedders import make_embedder
    from autogen_zettel.recall.presets import link_weights, tuning_of
    from benchmarks.locomo import load_locomo
    from benchmarks.locomo_cv import CachedEmbedder, LocomoCV, coordinate_search, summarise
    from benchmarks.run_locomo_cv import UNTUNED

    convs = load_locomo(args.data)
    emb = CachedEmbedder(
        make_embedder(args.embedder, runtime=args.runtime, threads=1, batch_threads=1), args.cache
    )
    raw = {"embedding": {"model": args.embedder, "runtime": args.runtime}}
    if args.preset:
        raw["recall"] = {"preset": args.preset}
    cfg = MemoryConfig.model_validate(raw)
    cv = LocomoCV(lambda c: MemoryHub.open(memory=True, embedder=emb, config=c), convs, cfg)
    cv.ingest()
    emb.save()
    rc = tuning_of(cfg)
    start = {k: getattr(rc, k.split(".", 1)[1]) for k in UNTUNED if k.startswith("recall.")}
    start.update({f"link.{k.value}": w for k, w in link_weights(rc).items()})
    grid = json.loads(args.grid)
    start.update(json.loads(args.set))
    for k in grid:  # a key not in the start (e.g. recall.seeds) starts at the library's value
        if k not in start and k.startswith("recall."):
            start[k] = getattr(rc, k.split(".", 1)[1])

    if args.links:
        meaning = (LinkKind.STRONGLY_RELATED, LinkKind.WEAKLY_RELATED)
        print("| conversation | cards | STRONGLY | WEAKLY | cosine p10 / p50 / p90 of meaning links |")
        print("|---|---|---|---|---|")
        for conv in convs:
            store = cv._tenants[conv.sample_id]
            links = list(store.db.links.iter())
            n = Counter(x.kind for x in links)
            w = np.array([x.weight for x in links if x.kind in meaning] or [np.nan])
            q = np.nanpercentile(w, [10, 50, 90])
            cards = sum(1 for _ in store.db.iter_cards())
            print(
                f"| {conv.sample_id} | {cards} | {n[meaning[0]]} | {n[meaning[1]]} | "
                + " / ".join(f"{v:.3f}" for v in q)
                + " |"
            )

    rows = [f"| fold (held out) | {' | '.join(COLS)} | questions |", "|---" * (len(COLS) + 2) + "|"]
    held, base, folds, per_conv = [], [], {}, []
    for conv in convs:
        train = [c for c in convs if c is not conv]
        chosen = coordinate_search(cv, train, grid, start, rounds=args.rounds)
        moved = {k: v for k, v in chosen.items() if start.get(k) != v}
        folds[conv.sample_id] = moved
        b, h = cv.evaluate(start, conv), cv.evaluate(chosen, conv)
        base += b
        held += h
        per_conv.append((b, h))
        rows.append(fmt(f"{conv.sample_id} start", summarise(b)))
        rows.append(fmt(f"{conv.sample_id} chose {json.dumps(moved)}", summarise(h)))
    rows.append(fmt("**all, start**", summarise(base)))
    rows.append(fmt("**all, held out (CV)**", summarise(held)))
    if args.split_at:
        for name, part in (("first", per_conv[: args.split_at]), ("rest", per_conv[args.split_at :])):
            rows.append(fmt(f"{name} {len(part)}, start", summarise([s for b, _ in part for s in b])))
            rows.append(fmt(f"{name} {len(part)}, held out", summarise([s for _, h in part for s in h])))
    in_sample = coordinate_search(cv, convs, grid, start, rounds=args.rounds)
    moved = {k: v for k, v in in_sample.items() if start.get(k) != v}
    rows.append(
        fmt(
            f"all, in-sample {json.dumps(moved)}",
            summarise([s for c in convs for s in cv.evaluate(in_sample, c)]),
        )
    )
    print("\n".join(rows))
    if args.out:
        Path(args.out).write_text(
            json.dumps(
                {"start": summarise(base), "cv": summarise(held), "folds": folds, "in_sample": moved},
                indent=2,
            )
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
