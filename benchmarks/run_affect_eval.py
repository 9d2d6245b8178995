"""Per-class precision and recall of the offline affect estimate (autogen_zettel.cards.affect)
on the labelled set tests/data/affect_labelled.jsonl: folds 0-3 (where the word lists and cuts
were tuned) and fold 4 (held out: sha1(text) mod 5 == 4, never tuned on), reported apart.

    python -m benchmarks.run_affect_eval [--errors tune]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from autogen_zettel.cards.affect import arousal_label, estimate, valence_label

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "affect_labelled.jsonl"
# 40 lines written after the word lists were frozen, in other words than the set's: the fairer
# figure, since the set's lines and the lists were written by the same hand at the same time
FRESH = DATA.with_name("affect_fresh.jsonl")


def rows(path: Path = DATA) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def per_class(pairs: list[tuple[str, str]], classes: tuple[str, ...]) -> dict[str, tuple[float, float, int]]:
    out = {}
    for c in classes:
        tp = sum(1 for g, p in pairs if g == c and p == c)
        pred = sum(1 for _, p in pairs if p == c)
        gold = sum(1 for g, _ in pairs if g == c)
        out[c] = (tp / pred if pred else 0.0, tp / gold if gold else 0.0, gold)
    return out


def report(part: list[dict], name: str) -> dict:
    predicted = [estimate(r["text"]) for r in part]
    val = [(r["valence"], valence_label(a.valence)) for r, a in zip(part, predicted)]
    aro = [(r["arousal"], arousal_label(a.arousal)) for r, a in zip(part, predicted)]
    result = {
        "part": name,
        "n": len(part),
        "valence_accuracy": round(sum(g == p for g, p in val) / len(val), 3),
        "arousal_accuracy": round(sum(g == p for g, p in aro) / len(aro), 3),
        "valence": {
            c: [round(p, 3), round(r, 3), n]
            for c, (p, r, n) in per_class(val, ("negative", "neutral", "positive")).items()
        },
        "arousal": {
            c: [round(p, 3), round(r, 3), n] for c, (p, r, n) in per_class(aro, ("low", "high")).items()
        },
    }
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument(
        "--errors", choices=("tune",), help="list the tuning part's errors (never the held-out part's)"
    )
    args = ap.parse_args()
    data = rows()
    tune = [r for r in data if r["fold"] != 4]
    held = [r for r in data if r["fold"] == 4]
    for part, name in (
        (tune, "folds 0-3 (tuned)"),
        (held, "fold 4 (held out)"),
        (rows(FRESH), "fresh (held out)"),
    ):
        for lang in ("en", "zh", None):
            sub = [r for r in part if lang is None or r["lang"] == lang]
            print(json.dumps(report(sub, f"{name} {lang or 'all'}"), ensure_ascii=False))
    if args.errors:
        for r in tune:
            a = estimate(r["text"])
            if (valence_label(a.valence), arousal_label(a.arousal)) != (r["valence"], r["arousal"]):
                print(
                    f"{r['valence']:>8}/{r['arousal']:<4} got {valence_label(a.valence):>8}/{arousal_label(a.arousal):<4} "
                    f"({a.valence:+.2f},{a.arousal:.2f}) {r['text']}"
                )


if __name__ == "__main__":
    main()
