"""A few kill -9 trials in CI (benchmarks/run_crash_trials.py runs 50+): a child dies at a seeded
random storage call of a write, and reopening keeps every committed card, links and checks
every card, audits every deletion and verifies the chain (#13)."""

from __future__ import annotations

from benchmarks.crash import run_trials, table

# storage calls each operation makes on the template (measured by the script's dry runs)
COUNTS = {"remember": 127, "maintain": 295, "forget": 134}


def test_kill_trials_hold(tmp_path):
    trials = run_trials(3, seed=5, operations=tuple(COUNTS), counts=COUNTS, work=tmp_path)
    assert sum(t.killed for t in trials) >= 2, [(t.operation, t.kill_at) for t in trials]
    for t in trials:
        assert t.held, (t.operation, t.kill_at, t.checks, t.problems)
    assert table(trials)[-1] == ("total", 3, sum(t.killed for t in trials), 3)
