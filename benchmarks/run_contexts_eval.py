"""How well a session's context of life (work / personal) is inferred from what it says
(:func:`autogen_zettel.people.contexts.infer_context`), on ``tests/data/contexts.jsonl``: per class
precision and recall (shared: small talk that belongs to neither, which should stay shared), per fold and language.

    HF_HUB_OFFLINE=1 OMP_NUM_THREADS=1 python -m benchmarks.run_contexts_eval --folds 0 --margins 0,0.005,0.01,0.02,0.04
    HF_HUB_OFFLINE=1 OMP_NUM_THREADS=1 python -m benchmarks.run_contexts_eval --folds 1   # the held fold, once

The margin is chosen on fold 0 (the tune fold) and reported on fold 1 (held). The descriptions are
the ones the docs' example persona declares.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "contexts.jsonl"

#: the example persona's contexts (docs/concepts/layers.md, examples/personas)
CONTEXTS = {
    "work": "meetings, deadlines, the office, my manager, colleagues, clients, projects, reports; "
    "工作、开会、加班、老板、同事、客户、项目、汇报",
    "personal": "family, kids, partner, friends, weekend, hobbies, home, holidays, cooking; "
    "生活、家人、孩子、朋友、周末、爱好、做饭、旅行",
}


def evaluate(rows, described, embedder, margin):
    from autogen_zettel.people.contexts import infer_context

    out = Counter()
    for r in rows:
        guess = infer_context(r["lines"], described, embedder, margin=margin)
        out[(r["lang"], r["context"], guess)] += 1
    return out


def report(counts, name):
    lines = []
    for lang in ("en", "zh", "all"):
        c = Counter()
        for (lg, gold, guess), n in counts.items():
            if lang in (lg, "all"):
                c[(gold, guess)] += n
        total = sum(c.values())
        shared = sum(n for (g, p), n in c.items() if p is None)
        cells = []
        for cls in ("work", "personal", None):
            tp = c[(cls, cls)]
            said = sum(n for (g, p), n in c.items() if p == cls)
            gold = sum(n for (g, p), n in c.items() if g == cls)
            cells.append(f"{cls or 'shared'} P {tp / max(1, said):.2f} R {tp / max(1, gold):.2f}")
        lines.append(f"{name} {lang}: n={total} " + "  ".join(cells) + f"  (guessed shared {shared})")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--folds", default="0")
    ap.add_argument("--margins", default="")
    ap.add_argument("--embedder", default="e5")
    args = ap.parse_args(argv)
    from autogen_zettel.embed.embedders import make_embedder

    embedder = make_embedder(args.embedder)
    folds = {int(f) for f in args.folds.split(",")}
    rows = [r for r in map(json.loads, DATA.read_text(encoding="utf-8").splitlines()) if r["fold"] in folds]
    from autogen_zettel.people.contexts import INFER_MARGIN, describe

    described = describe(CONTEXTS, embedder)

    margins = [float(m) for m in args.margins.split(",")] if args.margins else [INFER_MARGIN]
    for m in margins:
        print(report(evaluate(rows, described, embedder, m), f"folds {args.folds} margin {m}"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
