"""The layer extractors on the labelled set (tests/data/layers_labelled.jsonl, written before
the rules): per layer and language, precision at least 0.85 and recall at least 0.75 on the
development folds 0-3 and on the held-out fold 4 (scored by benchmarks/run_layers_eval.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.run_layers_eval import evaluate, fold_of, load

FRESH = Path(__file__).parent / "data" / "layers_fresh.jsonl"  # written after the rules

LAYERS = ("fact", "preference", "commitment", "status")


def test_the_labelled_set_is_big_bilingual_and_covers_every_layer():
    rows = load()
    assert len(rows) >= 240
    langs = {r["lang"] for r in rows}
    assert langs == {"en", "zh"} and min(sum(r["lang"] == x for r in rows) for x in langs) >= 100
    assert sum(not r["rows"] for r in rows) >= 40  # neutral chat that must give nothing
    for layer in LAYERS:
        assert sum(any(g["layer"] == layer for g in r["rows"]) for r in rows) >= 15, layer
    assert {fold_of(r["text"]) for r in rows} == {0, 1, 2, 3, 4}


@pytest.mark.parametrize("folds", [{0, 1, 2, 3}, {4}, "fresh"], ids=["development", "held-out", "fresh"])
def test_precision_and_recall_floor_per_layer_and_language(folds):
    result, errors = evaluate(load(None, FRESH) if folds == "fresh" else load(folds))
    for layer in LAYERS:
        for lang in ("en", "zh"):
            c = result.get((layer, lang))
            assert c is not None, (layer, lang)
            assert c["precision"] >= 0.85 and c["recall"] >= 0.75, (layer, lang, c, errors)
