"""Held-out precision and recall of feedback in plain chat, English and Chinese.

    OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 HF_HUB_OFFLINE=1 python -m benchmarks.run_feedback_bilingual
    python -m benchmarks.run_feedback_bilingual --folds 0 1 2 3    # the folds one may look at while writing cues

Reads ``tests/data/feedback_bilingual.jsonl``: every line goes through the real
``feedback_signals`` of the default traits plus ``agents/critic.yaml``'s, for the listener
``ada`` among ``ben`` and ``cleo``, with a ``MeaningDetector`` on the bundled MiniLM (``--model
none``: the words alone) and no previous reply (so praise or complaint without a named trait
gives evidence only through its valence). A line's fold is the sha1 of its text mod 5; fold 4
is held out: nothing in the cue lexicons was written looking at it.

Figures per language and per trait: precision (of the (trait, direction) signals given, how
many are right; a signal on a neutral line counts against it), recall (of the lines labelled
with a trait, how many got it in the right direction), the share of neutral and third-party
lines giving any evidence, and the share of trait lines given the wrong direction. Lines of
other languages must give no wrong direction.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from autogen_zettel.persona.signals import feedback_signals  # noqa: E402
from autogen_zettel.persona.spec import load_persona  # noqa: E402

DATA = ROOT / "tests" / "data" / "feedback_bilingual.jsonl"
HELD_OUT = 4
LISTENER, OTHERS = "ada", ("ben", "cleo")


def fold_of(text: str) -> int:
    """The fold of a line: the first byte of the sha1 of its text, mod 5."""
    return hashlib.sha1(text.encode("utf-8")).digest()[0] % 5


def load(path: Path = DATA) -> list[dict]:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [r for r in rows if "text" in r]


def specs():
    return dict(load_persona(ROOT / "agents" / "critic.yaml").trait_specs)


def read(rows: list[dict], meaning=None) -> list[tuple[dict, set[tuple[str, int]], float]]:
    """Each row with the (trait, sign) signals it gave and its valence."""
    sp = specs()
    out = []
    for r in rows:
        sig = feedback_signals(
            r["text"], previous_reply=None, specs=sp, meaning=meaning, name=LISTENER, others=OTHERS
        )
        out.append((r, {(s.trait, s.sign) for s in sig}, sig[0].affect if sig else 0.0))
    return out


def score(readings) -> dict:
    """Figures per language and per trait (see the module docstring)."""
    by: dict[str, dict] = defaultdict(lambda: {"tp": 0, "given": 0, "labelled": 0, "wrong": 0})
    neutral = defaultdict(lambda: [0, 0])
    other_wrong = [0, 0]
    for r, got, _ in readings:
        lang, trait, sign = r["lang"], r["trait"], r["sign"]
        if r["kind"] == "other_language":
            other_wrong[0] += any(t == trait and s == -sign for t, s in got)
            other_wrong[1] += 1
            continue
        if trait is None:
            neutral[lang][0] += bool(got)
            neutral[lang][1] += 1
        for key in (lang, f"{lang}:{trait}" if trait else None, "all"):
            if key is None:
                continue
            b = by[key]
            b["given"] += len(got)
            if trait is not None:
                b["labelled"] += 1
                b["tp"] += (trait, sign) in got
                b["wrong"] += (trait, -sign) in got
        for t, s in got:  # a signal on a line of another trait counts against that trait's precision
            if t != trait:
                by[f"{lang}:{t}"]["given"] += 0  # make the key exist
    out = {}
    for key, b in sorted(by.items()):
        out[key] = {
            "precision": round(b["tp"] / b["given"], 3) if b["given"] else None,
            "recall": round(b["tp"] / b["labelled"], 3) if b["labelled"] else None,
            "wrong_sign": round(b["wrong"] / b["labelled"], 3) if b["labelled"] else None,
            "lines": b["labelled"],
        }
    for lang, (hit, n) in neutral.items():
        out[f"{lang}:neutral"] = {"evidence_share": round(hit / n, 3), "lines": n}
    out["other_languages"] = {"wrong_sign": other_wrong[0], "lines": other_wrong[1]}
    return out


def per_trait_precision(readings) -> dict[str, float]:
    """Precision per (language, trait) counting every signal of that trait, wherever given."""
    given, tp = defaultdict(int), defaultdict(int)
    for r, got, _ in readings:
        if r["kind"] == "other_language":
            continue
        for t, s in got:
            given[(r["lang"], t)] += 1
            tp[(r["lang"], t)] += t == r["trait"] and s == r["sign"]
    return {f"{lang}:{t}": round(tp[(lang, t)] / n, 3) for (lang, t), n in sorted(given.items())}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--folds", type=int, nargs="*", default=[HELD_OUT], help="folds to score (default: the held-out one)"
    )
    ap.add_argument("--model", default="minilm", help="minilm (the bundled default) or none")
    ap.add_argument("--show", action="store_true", help="print each line that is wrong")
    args = ap.parse_args(argv)
    meaning = None
    if args.model != "none":
        from autogen_zettel.embed.embedders import make_embedder
        from autogen_zettel.persona.meaning import DEFAULT_PARAMS, MeaningDetector

        meaning = MeaningDetector(make_embedder(args.model), specs(), DEFAULT_PARAMS)
    rows = [r for r in load() if fold_of(r["text"]) in set(args.folds)]
    readings = read(rows, meaning)
    if args.show:
        for r, got, affect in readings:
            want = {(r["trait"], r["sign"])} if r["trait"] else set()
            if got != want:
                print(f"{r['lang']} {r['kind']:<10} want {sorted(want)} got {sorted(got)}  {r['text']}")
    print(
        json.dumps(
            {
                "folds": args.folds,
                "lines": len(rows),
                "figures": score(readings),
                "precision_by_trait": per_trait_precision(readings),
            },
            ensure_ascii=False,
            indent=1,
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
