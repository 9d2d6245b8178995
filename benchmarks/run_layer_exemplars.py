"""Does meaning carry where the rules do not? Line-level detection of the person layers on a
labelled set nobody tuned on, by the rules against labelled exemplars read through an embedder.

    python -m benchmarks.run_layer_exemplars --data tests/data/layers_eighteenth.jsonl

For every line of the measured set (all its folds) it asks which layer tags the line carries
(``fact``, ``commitment``, ``pref+`` / ``pref-`` by sign, ``st:done`` / ``st:cancelled`` /
``st:postponed``) and scores the answer line by line against the labels, two ways:

- **rules**: the tags of the rows :func:`~autogen_zettel.people.extract.extract_layers` gives
  (slots not compared: a row of the right layer with a wrong value still counts as detected);
- **exemplars**: the ``k`` nearest labelled lines of every *other* set (their tune folds only,
  never a held fold, see :data:`HELD`) under the embedder, weighted by a softmax of their
  cosines; a tag is given when its weight reaches ``threshold``.

It also splits the rules' missed rows into *undetected* (no row of that layer on the line) and
*slot* (a row of the layer, but a wrong subject, key, value or due date), the two failures a
meaning-backed reader and better structure rules would each answer.

The exemplars never see the measured set, so on a set written after the rules (the eighteenth)
both readers are blind to it. This measures detection only; filling the slots is the rules' part.
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from collections.abc import Iterable
from datetime import datetime
from pathlib import Path

import numpy as np

from autogen_zettel.people.evidence import Evidence
from autogen_zettel.people.extract import extract_layers
from benchmarks.run_layers_eval import DATA, fold_of, load, matches

SETS = DATA.parent
# the held folds of each set: fold 4 of the first sixteen; the blind sets written later keep their
# folds 3-4 (tests/data/layers_sixteenth.jsonl onward), and no exemplar is drawn from a held fold
HALF_HELD = ("sixteenth", "seventeenth", "eighteenth", "nineteenth", "twentieth")
TAGS = ("fact", "commitment", "pref+", "pref-", "st:done", "st:cancelled", "st:postponed")


def held_folds(path: Path) -> set[int]:
    return {3, 4} if any(name in path.name for name in HALF_HELD) else {4}


def tags_of(rows: Iterable[dict]) -> set[str]:
    """The layer tags of labelled rows."""
    out = set()
    for r in rows:
        if r["layer"] == "preference":
            out.add("pref+" if r["polarity"] > 0 else "pref-")
        else:
            out.add("st:" + r["status"] if r["layer"] == "status" else r["layer"])
    return out


def predicted_tags(evs: Iterable[Evidence]) -> set[str]:
    """The layer tags of predicted evidence."""
    out = set()
    for e in evs:
        if e.layer == "preference":
            out.add("pref+" if e.score > 0.5 else "pref-")
        else:
            out.add("st:" + e.kind if e.layer == "status" else e.layer)
    return out


def exemplars(measured: Path) -> list[dict]:
    """Every labelled line outside ``measured`` and outside its own set's held folds."""
    out = []
    for path in sorted(SETS.glob("layers_*.jsonl")):
        if path.resolve() == measured.resolve():
            continue
        held = held_folds(path)
        out += [r for r in load(None, path) if fold_of(r["text"]) not in held]
    return out


def knn_tags(query: np.ndarray, bank: np.ndarray, bank_tags: list[set[str]], k: int, threshold: float):
    sims = bank @ query
    top = np.argsort(-sims)[:k]
    w = np.exp((sims[top] - sims[top].max()) / 0.02)  # e5's cosines sit close: a sharp softmax
    w /= w.sum()
    score: dict[str, float] = defaultdict(float)
    for j, wj in zip(top, w, strict=True):
        for t in bank_tags[j]:
            score[t] += float(wj)
    return {t for t, s in score.items() if s >= threshold}


def count(gold: list[set[str]], pred: list[set[str]], langs: list[str]) -> dict:
    c: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0])
    for g, p, lang in zip(gold, pred, langs, strict=True):
        for t in TAGS:
            if t in p and t in g:
                c[(t, lang)][0] += 1
            elif t in p:
                c[(t, lang)][1] += 1
            elif t in g:
                c[(t, lang)][2] += 1
    return c


def misses(records: list[dict], predicted: list[list]) -> dict:
    """(layer, lang) -> {tp, slot, undetected} of the rules' rows."""
    c: dict[tuple[str, str], dict[str, int]] = defaultdict(lambda: {"tp": 0, "slot": 0, "undetected": 0})
    for r, evs in zip(records, predicted, strict=True):
        used: set[int] = set()
        for g in r["rows"]:
            hit = next((i for i, e in enumerate(evs) if i not in used and matches(g, e)), None)
            if hit is not None:
                used.add(hit)
                c[(g["layer"], r["lang"])]["tp"] += 1
            else:
                slot = any(e.layer == g["layer"] for e in evs)
                c[(g["layer"], r["lang"])]["slot" if slot else "undetected"] += 1
    return c


def _table(title: str, c: dict) -> list[str]:
    lines = [title, f"  {'tag':<14}{'lang':<6}{'tp':>4}{'fp':>4}{'fn':>4}{'P':>7}{'R':>7}"]
    for (t, lang), (tp, fp, fn) in sorted(c.items()):
        p = tp / (tp + fp) if tp + fp else 1.0
        rc = tp / (tp + fn) if tp + fn else 1.0
        lines.append(f"  {t:<14}{lang:<6}{tp:>4}{fp:>4}{fn:>4}{p:>7.2f}{rc:>7.2f}")
    return lines


def run(measured: Path, embedder, *, k: int = 7, threshold: float = 0.5) -> list[str]:
    records = load(None, measured)
    bank = exemplars(measured)
    bank_vecs = np.asarray(embedder.encode([r["text"] for r in bank], query=True), dtype=np.float32)
    vecs = np.asarray(embedder.encode([r["text"] for r in records], query=True), dtype=np.float32)
    bank_tags = [tags_of(r["rows"]) for r in bank]
    gold = [tags_of(r["rows"]) for r in records]
    langs = [r["lang"] for r in records]
    predicted = [
        extract_layers(
            r["text"], speaker=r["speaker"], at=datetime.fromisoformat(r["at"]), previous=r.get("context")
        )
        for r in records
    ]
    by_rules = [predicted_tags(evs) for evs in predicted]
    by_exemplars = [knn_tags(v, bank_vecs, bank_tags, k, threshold) for v in vecs]
    out = [f"{measured.name}: {len(records)} lines, {len(bank)} exemplars from the other sets' tune folds"]
    out += _table("rules (line-level detection)", count(gold, by_rules, langs))
    out += _table(f"exemplars (k={k}, threshold={threshold})", count(gold, by_exemplars, langs))
    out.append("rules' rows: matched / wrong slot / layer undetected")
    for (layer, lang), c in sorted(misses(records, predicted).items()):
        out.append(f"  {layer:<12}{lang:<6}{c['tp']:>4}{c['slot']:>5}{c['undetected']:>5}")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, default=SETS / "layers_eighteenth.jsonl", help="the measured set")
    ap.add_argument("--k", type=int, default=7, help="nearest exemplars (default 7)")
    ap.add_argument("--threshold", type=float, default=0.5, help="a tag's weight to be given (default 0.5)")
    args = ap.parse_args(argv)
    if not args.data.is_file():
        ap.error(
            f"--data {args.data}: no such file; give a labelled JSONL such as tests/data/layers_eighteenth.jsonl"
        )
    from autogen_zettel.embed.e5 import E5Embedder

    print("\n".join(run(args.data, E5Embedder(threads=1), k=args.k, threshold=args.threshold)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
