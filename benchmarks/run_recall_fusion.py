"""Scratch runner for the representation and fusion experiments of #28 (idea set b).

    nice -n 10 OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 PYTHONPATH=$PWD HF_HUB_OFFLINE=1 \
        python -m benchmarks.run_recall_fusion --data ../shared/data/locomo/dev.json \
        --grid '{"recall.x_neigh_lex": [0, 0.1, 0.2]}'

The tenants are ingested once into ``--hub-dir`` (on disk) and reopened by the next run, and the
MiniLM vectors are kept in ``--cache``: a run costs only its recalls.
"""

from __future__ import annotations

import argparse
import json
import logging
import re
import sys
from pathlib import Path


def expanding(emb, convs, weight, questions_only):
    """``emb`` whose document sparse vectors add ``weight`` times the previous turn's (by text)."""
    from autogen_zettel.core.focus import is_question
    from autogen_zettel.core.lexical import sparse_doc, tokens

    # cards are refined turns (greetings cut, dates anchored, "you (Name)"): a card's previous turn
    # is the one before the turn of the same speaker holding the largest share of its words
    by_speaker = {}
    for conv in convs:
        for a, b in zip(conv.turns, conv.turns[1:]):
            ok = b.session_id == a.session_id and (not questions_only or is_question(a.text))
            by_speaker.setdefault(b.speaker, []).append((set(tokens(b.text)), a.text if ok else None))
    memo = {}

    def previous(text):
        if text not in memo:
            speaker, _, content = text.partition(": ")
            words = set(tokens(content)) - set(tokens(speaker))
            best, share = None, 0.0
            for turn_words, before in by_speaker.get(speaker, ()):
                got = len(words & turn_words) / (len(words) or 1)
                if got > share:
                    best, share = before, got
            memo[text] = best if share >= 0.6 else None
        return memo[text]

    stats = {"hit": 0, "miss": 0}

    class Expanding:
        name, dim = emb.name, emb.dim

        def encode(self, texts, *, query=False):
            return emb.encode(texts, query=query)

        def sparse(self, texts, *, query=False):
            out = emb.sparse(texts, query=query)
            if query:
                return out
            merged = []
            for text, (ids, vals) in zip(texts, out):
                before = previous(text)
                stats["hit" if before else "miss"] += 1
                if not before and stats["miss"] < 4:
                    logging.getLogger(__name__).info("no previous turn for %r", text[:120])
                if before:
                    extra = dict(zip(*sparse_doc(before)))
                    own = dict(zip(ids, vals))
                    for t, v in extra.items():
                        own[t] = own.get(t, 0.0) + weight * v
                    keys = sorted(own)
                    ids, vals = keys, [own[k] for k in keys]
                merged.append((ids, vals))
            return merged

        def save(self):
            emb.save()
            logging.getLogger(__name__).info("expansion matched %s", stats)

    return Expanding()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True)
    ap.add_argument("--hub-dir", default="/tmp/r9b/hub")
    ap.add_argument("--cache", default="/tmp/r9b/minilm.npz")
    ap.add_argument("--grid", default="{}")
    ap.add_argument("--fixed", default="{}", help="setting keys held fixed (added to the start)")
    ap.add_argument("--misses", default="", help="write the questions whose evidence misses the top 10 here")
    ap.add_argument(
        "--library", action="store_true", help="recall with the library's pipeline, not the variant"
    )
    ap.add_argument("--out", default="")
    ap.add_argument(
        "--expand",
        type=float,
        default=0.0,
        help="lexical document expansion: each turn's sparse vector plus this weight of the previous turn's",
    )
    ap.add_argument(
        "--expand-questions", action="store_true", help="expand only with a previous turn that asks"
    )
    ap.add_argument("--scan", action="store_true", help="in-sample figures of each grid value alone")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", stream=sys.stderr)
    import torch

    torch.set_num_threads(1)
    import benchmarks.locomo_cv as lcv
    from autogen_zettel import MemoryHub
    from autogen_zettel.base.config import MemoryConfig
    from autogen_zettel.core.embed import make_embedder
    from autogen_zettel.core.link import KIND_WEIGHT
    from autogen_zettel.store.tenant_store import TenantStore
    from benchmarks import recall_variants
    from benchmarks.locomo import load_locomo
    from benchmarks.run_locomo_cv import UNTUNED

    if not args.library:
        lcv.progressive_recall = recall_variants.progressive_recall
    Path(args.hub_dir).mkdir(parents=True, exist_ok=True)
    convs = load_locomo(args.data)
    emb = lcv.CachedEmbedder(make_embedder("minilm"), args.cache)
    if args.expand > 0:
        emb = expanding(emb, convs, args.expand, args.expand_questions)

    class DiskCV(lcv.LocomoCV):
        def ingest(self) -> None:
            if self.hub is None:
                self.hub = MemoryHub.open(args.hub_dir, embedder=emb, config=self.config)
            for conv in self.conversations:
                if conv.sample_id in self._tenants:
                    continue
                name = re.sub(r"[^A-Za-z0-9_.\-]", "_", conv.sample_id)
                mem = self.hub.tenant(name)
                if mem.stats()["cards"] == 0:
                    mem.remember_many(conv.turns)
                store = mem.store
                self._tenants[conv.sample_id] = TenantStore(
                    store.name, store.db, lcv._SearchMemo(store.vectors), store.audit_log
                )

    cv = DiskCV(None, convs, MemoryConfig())
    cv.ingest()
    emb.save()
    rc = cv.config.recall.tuning
    shipped = {k: getattr(rc, k.split(".", 1)[1]) for k in UNTUNED if k.startswith("recall.")}
    shipped.update({f"link.{k.value}": w for k, w in KIND_WEIGHT.items()})
    start = {**UNTUNED, **shipped, **json.loads(args.fixed)}
    grid = json.loads(args.grid)
    for key, values in grid.items():
        start.setdefault(key, values[0])
    if args.misses:
        rows = []
        for conv in convs:
            scores = cv.evaluate(start, conv)
            for q, s in zip(conv.questions, scores):
                if s[2] < 100:
                    rows.append(
                        {
                            "conv": conv.sample_id,
                            "cat": s[0],
                            "q": q.text,
                            "ev": q.evidence,
                            "r5": s[1],
                            "r10": s[2],
                            "r20": s[3],
                        }
                    )
        Path(args.misses).write_text(json.dumps(rows, indent=1, ensure_ascii=False))
        print(
            "misses:", len(rows), "summary", lcv.summarise([s for c in convs for s in cv.evaluate(start, c)])
        )
    if args.scan:
        keys = ["R@5", "R@10", "R@20", "multi-hop R@10", "temporal R@10", "session R@10"]
        for key, values in grid.items():
            for v in values:
                s = lcv.summarise([x for c in convs for x in cv.evaluate({**start, key: v}, c)])
                print(f"| {key}={v} | " + " | ".join(f"{s[k]:.2f}" for k in keys) + " |")
        return 0
    if grid:
        result = lcv.cross_validate(cv, grid, start, rounds=1)
        keys = ["R@5", "R@10", "R@20", "multi-hop R@10", "temporal R@10", "session R@10"]
        for name in ("default", "cross_validated", "in_sample"):
            print(f"| {name} | " + " | ".join(f"{result[name][k]:.2f}" for k in keys) + " |")
        print("in-sample:", {k: result["in_sample_setting"][k] for k in grid})
        print("folds:", {c: {k: s[k] for k in grid} for c, s in result["folds"].items()})
        if args.out:
            Path(args.out).write_text(json.dumps(result, indent=1, default=str))
    emb.save()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
