"""Precision and recall of the layer extractors on a labelled set (default tests/data/layers_labelled.jsonl;
``--data`` names another, e.g. tests/data/layers_second.jsonl), per layer and language, on chosen
folds (fold = sha1(text) mod 5; fold 4 is the held-out part of every set).

    python -m benchmarks.run_layers_eval --folds 4          # the held-out fold
    python -m benchmarks.run_layers_eval --folds 0,1,2,3 --errors
    python -m benchmarks.run_layers_eval --data tests/data/layers_second.jsonl --folds 0,1,2,3 --errors

A predicted row matches a labelled one of the same layer when: fact - same subject and key, and
one value inside the other; preference - same subject, the topics meet
(:func:`~autogen_zettel.people.topics.same_topic`) and the same sign (above or below 0.5);
commitment - same owner, the same due date (or both none) and at least half of the labelled
"what"'s tokens in the predicted one; status - same subject and status, and the labelled words
(when given) meeting the predicted ones.

One line: ``text``, ``speaker``, ``lang`` ("en" | "zh"), ``at`` (ISO time the sentence is anchored
at), optional ``context`` (the message it answers, passed as ``previous``), ``rows`` (what it should
give, empty for a line that says nothing for the layers). Rows per layer:

- fact: ``subject``, ``key``, ``value``; optional ``kind`` and ``was`` (added for the second set,
  older files stay valid). ``kind`` "change" marks a change that must supersede the old value
  (a new job, employer, home, relationship or school; the layer model lets only a change win
  outright over an older version), "lift" a restriction that no longer holds; when ``kind`` is
  "change" or "lift" the prediction must carry the same kind, otherwise kind is not compared.
  ``was`` is the value the change supersedes when the line (or its context) says it; it is not
  scored here (a prediction of the old value simply matches nothing).
- preference: ``subject``, ``topic``, ``polarity`` (1 | -1), ``kind`` (statement | change |
  acceptance | refusal; not scored).
- commitment: ``owner``, ``what``, ``due`` (ISO date or null).
- status: ``subject``, ``status`` (done | cancelled), ``what`` (may be empty).

Conventions of the second set: a third person's fact, preference or promise is filed under that
person (a named one as written, "Omar", "小周"; an unnamed relative as "<speaker>'s <relative>",
"<说话人>的<称呼>", e.g. "Noor's sister", "赵敏的姐姐"); fact keys beyond the first set's are
``relationship`` (values married | engaged | dating | divorced | single, in English for both
languages, as restrictions are) and ``school`` (the school as said). A line may carry ``"mixed":
true`` when it mixes English and Chinese; ``lang`` is then its main language.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from collections import defaultdict
from datetime import datetime
from pathlib import Path

from autogen_zettel.people.evidence import Evidence
from autogen_zettel.people.extract import extract_layers
from autogen_zettel.people.topics import same_topic
from autogen_zettel.text.lexical import tokens

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "layers_labelled.jsonl"
LAYERS = ("fact", "preference", "commitment", "status")


def fold_of(text: str) -> int:
    return int(hashlib.sha1(text.encode("utf-8")).hexdigest(), 16) % 5


def load(folds: set[int] | None = None, path: Path = DATA) -> list[dict]:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [r for r in rows if folds is None or fold_of(r["text"]) in folds]


def _overlap(gold: str, pred: str) -> float:
    g = set(tokens(gold))
    return len(g & set(tokens(pred))) / len(g) if g else 1.0


def matches(gold: dict, ev: Evidence) -> bool:
    """Whether the predicted evidence ``ev`` is the labelled row ``gold``."""
    if gold["layer"] != ev.layer:
        return False
    if gold["layer"] == "fact":
        g, p = gold["value"].lower(), ev.value.lower()
        if gold.get("kind") in ("change", "lift") and ev.kind != gold["kind"]:
            return False  # a change that is not marked as one does not supersede the old value
        return gold["subject"] == ev.subject and gold["key"] == ev.key and (g in p or p in g) and bool(p)
    if gold["layer"] == "preference":
        return (
            gold["subject"] == ev.subject
            and same_topic(gold["topic"], ev.value or ev.key)
            and (ev.score > 0.5) == (gold["polarity"] > 0)
        )
    if gold["layer"] == "commitment":
        return (
            gold["owner"] == ev.subject
            and (gold["due"] or None) == (ev.due.isoformat() if ev.due else None)
            and _overlap(gold["what"], ev.value) >= 0.5
        )
    return (
        gold["subject"] == ev.subject
        and gold["status"] == ev.kind
        and (
            not gold["what"]
            or not ev.value
            or _overlap(gold["what"], ev.value) > 0
            or _overlap(ev.value, gold["what"]) > 0
        )
    )


def evaluate(records: list[dict], embedder=None) -> tuple[dict, list[str]]:
    """(layer, lang) -> {tp, fp, fn, precision, recall}, and the lines that went wrong;
    ``embedder`` is passed to the extractor (None: the rules alone)."""
    counts: dict[tuple[str, str], dict[str, int]] = defaultdict(lambda: {"tp": 0, "fp": 0, "fn": 0})
    errors = []
    for r in records:
        at = datetime.fromisoformat(r["at"])
        pred = extract_layers(
            r["text"], speaker=r["speaker"], at=at, previous=r.get("context"), embedder=embedder
        )
        gold = list(r["rows"])
        used = set()
        for ev in pred:
            hit = next((i for i, g in enumerate(gold) if i not in used and matches(g, ev)), None)
            if hit is None:
                counts[(ev.layer, r["lang"])]["fp"] += 1
                errors.append(f"FP {r['text']!r}: {ev}")
            else:
                used.add(hit)
                counts[(ev.layer, r["lang"])]["tp"] += 1
        for i, g in enumerate(gold):
            if i not in used:
                counts[(g["layer"], r["lang"])]["fn"] += 1
                errors.append(f"FN {r['text']!r}: {g}")
    out = {}
    for key, c in sorted(counts.items()):
        p = c["tp"] / (c["tp"] + c["fp"]) if c["tp"] + c["fp"] else 1.0
        rc = c["tp"] / (c["tp"] + c["fn"]) if c["tp"] + c["fn"] else 1.0
        out[key] = {**c, "precision": round(p, 3), "recall": round(rc, 3)}
    return out, errors


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--folds", default="4", help="comma-separated folds (default: 4, the held-out one)")
    ap.add_argument("--errors", action="store_true", help="print every false positive and negative")
    ap.add_argument("--data", type=Path, default=DATA, help=f"the labelled set (default: {DATA.name})")
    ap.add_argument(
        "--embedder",
        choices=("none", "e5"),
        default="none",
        help="read meaning through the bundled multilingual e5 (default: the rules alone)",
    )
    args = ap.parse_args(argv)
    folds = {int(f) for f in args.folds.split(",")}
    if not args.data.is_file():
        ap.error(
            f"--data {args.data}: no such file; give a labelled JSONL such as tests/data/layers_second.jsonl"
        )
    embedder = None
    if args.embedder == "e5":
        from autogen_zettel.embed.e5 import E5Embedder

        embedder = E5Embedder(threads=1)
    result, errors = evaluate(load(folds, args.data), embedder)
    print(f"{args.data.name} folds {sorted(folds)} embedder {args.embedder}")
    print(f"{'layer':<12}{'lang':<6}{'tp':>4}{'fp':>4}{'fn':>4}{'precision':>11}{'recall':>8}")
    for (layer, lang), c in result.items():
        print(
            f"{layer:<12}{lang:<6}{c['tp']:>4}{c['fp']:>4}{c['fn']:>4}{c['precision']:>11.3f}{c['recall']:>8.3f}"
        )
    if args.errors:
        print("\n".join(errors))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
