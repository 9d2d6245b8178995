"""Session-level evidence recall (the unit other systems publish) beside turn-level R@k, in
``python -m benchmarks locomo`` and in the leave-one-conversation-out script, on a tiny file."""

from __future__ import annotations

import json

from benchmarks.locomo import evidence_recall, session_recall
from benchmarks.locomo_cv import summarise
from tests.test_cli import LOCOMO


def test_a_hit_anywhere_in_an_evidence_session_counts_at_session_level():
    places = [["D1:3"], ["D2:9", "D2:1"], ["D4:1"]]
    evidence = ["D1:5", "D3:1"]
    assert evidence_recall(places, evidence, 10) == 0.0  # neither turn is found
    assert session_recall(places, evidence, 10) == 50.0  # but session D1 is
    assert session_recall(places, ["D1:5", "D1:7"], 10) == 100.0  # one session, counted once
    assert session_recall(places, ["D4:2"], 2) == 0.0  # only the first k places count
    assert session_recall(places, ["D4:2"], 3) == 100.0


def test_bench_locomo_reports_session_recall_beside_turn_recall(run, tmp_path):
    data = tmp_path / "tiny.json"
    record = json.loads(json.dumps(LOCOMO))
    # evidence in a session no turn of which is a good answer to the question still counts at
    # session level when any turn of that session is among the first ten
    record["qa"].append(
        {"question": "What did Ann adopt?", "answer": "a cat", "evidence": ["D2:1", "D1:1"], "category": 1}
    )
    data.write_text(json.dumps([record]))
    out = tmp_path / "fig.json"
    r = run("bench", "locomo", "--data", str(data), "--json", str(out))
    assert r.exit_code == 0, r.output
    assert "session" in r.output  # the column (rich may wrap its title on a narrow terminal)
    recall = json.loads(out.read_text())["recall"]
    for method in ("zettel (ours)", "flat hybrid", "bm25", "dense"):
        session = recall[method]["session R@10"]
        # four turns, ten places: every evidence session is found at session level
        assert session["overall"] == 100.0 and session["multi-hop"] == 100.0
        assert session["overall"] >= recall[method]["R@10"]["overall"]


def test_cross_validation_summary_carries_session_and_per_category_recall():
    scores = [
        ("multi-hop", 0.0, 50.0, 100.0, 100.0),
        ("temporal", 100.0, 100.0, 100.0, 100.0),
        ("single-hop", 0.0, 0.0, 0.0, 50.0),
    ]
    s = summarise(scores)
    assert s["session R@10"] == 250.0 / 3
    assert s["multi-hop R@10"] == 50.0 and s["temporal R@10"] == 100.0 and s["single-hop R@10"] == 0.0
    assert "open-domain R@10" not in s  # no question of that category
