"""The exemplar benchmark (benchmarks/run_layer_exemplars.py): which lines it may draw exemplars
from, and that a line's nearest labelled neighbour gives its tags."""

import json

from autogen_zettel.embed.embedders import HashEmbedder
from benchmarks import run_layer_exemplars as bench
from benchmarks.run_layers_eval import fold_of


def _line(text, rows, speaker="Ann"):
    return {"text": text, "speaker": speaker, "lang": "en", "at": "2026-03-02T10:00:00", "rows": rows}


PREF = [{"layer": "preference", "subject": "Ann", "topic": "padel", "polarity": 1, "kind": "statement"}]
PROMISE = [{"layer": "commitment", "owner": "Ann", "what": "send the slides", "due": None}]


def _write(path, lines):
    path.write_text("\n".join(json.dumps(x) for x in lines) + "\n", encoding="utf-8")


def test_exemplars_come_from_other_sets_tune_folds_only(tmp_path, monkeypatch):
    monkeypatch.setattr(bench, "SETS", tmp_path)
    texts = [f"padel night number {i} was great fun" for i in range(30)]
    held = [t for t in texts if fold_of(t) == 4]
    half = [t for t in texts if fold_of(t) == 3]
    assert held and half  # the fixture reaches both kinds of held fold
    _write(tmp_path / "layers_first.jsonl", [_line(t, PREF) for t in texts])
    _write(tmp_path / "layers_seventeenth.jsonl", [_line(t, PREF) for t in texts])
    measured = tmp_path / "layers_eighteenth.jsonl"
    _write(measured, [_line("I'll send the slides", PROMISE)])
    got = [r["text"] for r in bench.exemplars(measured)]
    # fold 4 of an early set is held; a blind set written later holds folds 3 and 4
    assert got.count(held[0]) == 0 and got.count(half[0]) == 1
    assert len(got) == 2 * len(texts) - 2 * len(held) - len(half)
    assert "I'll send the slides" not in got  # never the measured set itself


def test_detection_counts_rules_and_exemplars_line_by_line(tmp_path, monkeypatch):
    monkeypatch.setattr(bench, "SETS", tmp_path)
    train = [
        _line("Padel is my favourite sport", PREF),
        _line("I'll send the slides tonight", PROMISE),
        _line("what time is it then", []),  # the nearest of the question below: it gives no tag
    ]
    kept = [x for x in train if fold_of(x["text"]) != 4]
    assert "Padel is my favourite sport" in [x["text"] for x in kept]
    _write(tmp_path / "layers_first.jsonl", train)
    measured = tmp_path / "layers_eighteenth.jsonl"
    _write(measured, [_line("Padel is my favourite sport", PREF), _line("what time is it", [])])
    out = "\n".join(bench.run(measured, HashEmbedder(dim=256), k=1, threshold=0.5))
    assert "2 lines" in out and f"{len(kept)} exemplars" in out
    rows = out.split("exemplars (k=1")[1].splitlines()
    # the exact same line is the nearest exemplar: its tag is given, and counted as a hit
    assert any(r.split()[:5] == ["pref+", "en", "1", "0", "0"] for r in rows), out


def test_gold_and_predicted_tags_speak_one_vocabulary():
    from autogen_zettel.people.evidence import Evidence

    gold = bench.tags_of(
        PREF + PROMISE + [{"layer": "status", "subject": "Ann", "status": "done", "what": ""}]
    )
    pred = bench.predicted_tags(
        [
            Evidence("preference", "Ann", "padel", "padel", 0.9, "statement"),
            Evidence("commitment", "Ann", "send the slides", "send the slides", 0.5, "promise"),
            Evidence("status", "Ann", "", "", 0.5, "done"),
        ]
    )
    assert gold == pred == {"pref+", "commitment", "st:done"}
