"""Do links that learn from use help questions they did not learn from? LoCoMo dev, per
conversation: the questions are split in two halves (by position, alternately); one half is
asked and each recall told which of its hits the answer used (the hits holding an evidence turn,
what a reply that answered right would have drawn on: ``mem.used``; or, ``--judge answer``, the
hits the gold answer repeats, judged as the agents judge a reply); the other half is then
measured before and after, and the halves swap. Held out by question, not by conversation:
links belong to one conversation's memory.

    OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 HF_HUB_OFFLINE=1 PYTHONPATH=$PWD \\
        python -m benchmarks.run_link_learning --data $LOCOMO --embedder e5 --cache /tmp/locomo_e5.npz

Prints one markdown table (the held halves together, 997 questions, before and after; and the
taught halves, in-sample) and ``--out`` writes it as JSON.
"""

from __future__ import annotations

import argparse
import json
import logging
import re
import sys
from pathlib import Path


def _uses(hit, evidence: set[str]) -> bool:
    cards = (hit.card, *hit.covers)
    return any(s in evidence for c in cards for s in c.source_ids)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", required=True)
    ap.add_argument("--embedder", default="e5")
    ap.add_argument("--runtime", default="auto")
    ap.add_argument("--cache", default="")
    ap.add_argument("--k", type=int, default=10, help="hits per taught recall (the reply's block)")
    ap.add_argument("--passes", type=int, default=1, help="times each taught question is asked")
    ap.add_argument(
        "--judge",
        default="evidence",
        choices=["evidence", "answer"],
        help="what the reply used: the hits holding an evidence turn (an oracle), or the hits the "
        "gold answer repeats, judged as the agents judge their replies (cards.link_strength.drawn_on)",
    )
    ap.add_argument("--out", default=None)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", stream=sys.stderr)
    log = logging.getLogger("link_learning")

    from autogen_zettel import MemoryHub
    from autogen_zettel.base.config import MemoryConfig
    from autogen_zettel.cards.link_strength import drawn_on
    from autogen_zettel.embed.embedders import make_embedder
    from autogen_zettel.memory.tenant import tenant_parts
    from benchmarks.locomo import KS, hit_places, load_locomo
    from benchmarks.locomo_cv import CachedEmbedder, _score, summarise

    convs = load_locomo(args.data)
    cache = args.cache or f"/tmp/locomo_{Path(args.embedder).name}.npz"
    emb = CachedEmbedder(
        make_embedder(args.embedder, runtime=args.runtime, threads=1, batch_threads=1), cache
    )
    cfg = MemoryConfig.model_validate({"embedding": {"model": args.embedder, "runtime": args.runtime}})
    rows: dict[str, list] = {"held, before": [], "held, after": [], "taught, before": [], "taught, after": []}
    judged = 0
    with MemoryHub.open(memory=True, embedder=emb, config=cfg) as hub:
        for conv in convs:
            mem = hub.tenant(re.sub(r"[^A-Za-z0-9_.\-]", "_", conv.sample_id))
            mem.remember_many(conv.turns)
            mem.flush()
            last = max(t.at for t in conv.turns)
            db = tenant_parts(mem).db

            def ask(qi: int, k: int = max(KS)):
                return mem.recall(conv.questions[qi].text, k=k, at=last, touch=False)

            n = len(conv.questions)
            for half in (0, 1):
                taught = [i for i in range(n) if i % 2 == half]
                held = [i for i in range(n) if i % 2 != half]
                with db.atomic():  # every half starts from links that learned nothing
                    db.db.execute("update links set strength = null, strength_at = null")
                    db.links.note_changes(None)
                rows["held, before"] += [_score(hit_places(ask(i)), conv, i) for i in held]
                rows["taught, before"] += [_score(hit_places(ask(i)), conv, i) for i in taught]
                for _ in range(args.passes):
                    for i in taught:
                        hits = ask(i, args.k)
                        q = conv.questions[i]
                        if args.judge == "answer":
                            used = drawn_on(f"{q.answer}", [c for h in hits for c in (h.card, *h.covers)])
                        else:
                            used = [h.card.id for h in hits if _uses(h, set(q.evidence))]
                        judged += mem.used(hits, used, at=last)
                rows["held, after"] += [_score(hit_places(ask(i)), conv, i) for i in held]
                rows["taught, after"] += [_score(hit_places(ask(i)), conv, i) for i in taught]
            learned = db.db.execute(
                "select count(*), min(strength), max(strength) from links where strength is not null"
            ).fetchone()
            log.info(
                "%s: %d questions; after the second half %s links learned (min, max %s, %s)",
                conv.sample_id,
                n,
                *learned,
            )
    emb.save()
    out = {name: summarise(s) for name, s in rows.items()}
    out["links judged"] = judged
    lines = [
        "| questions | R@5 | R@10 | R@20 | multi-hop R@10 | session R@10 | n |",
        "|---|---|---|---|---|---|---|",
    ]
    for name, s in out.items():
        if isinstance(s, dict):
            lines.append(
                f"| {name} | {s['R@5']:.1f} | {s['R@10']:.1f} | {s['R@20']:.1f} | "
                f"{s['multi-hop R@10']:.1f} | {s['session R@10']:.1f} | {s['questions']} |"
            )
    print("\n".join(lines))
    print(f"link updates: {judged}")
    if args.out:
        Path(args.out).write_text(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
