"""Kill a child process at random points of remember, remember_many, remember_later + flush,
maintain and forget, reopen, and check that nothing committed was lost, every card is linked
and conflict-checked, every deletion is audited and the audit chain verifies.

    python -m benchmarks.run_crash_trials            # 50 trials, seed 13
    python -m benchmarks.run_crash_trials -n 100 --seed 7 --json trials.json
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from benchmarks.crash import run_trials, table, to_json


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-n", type=int, default=50, help="number of trials (spread over the operations)")
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--json", type=Path, help="write every trial (kill point, checks, problems) here")
    args = ap.parse_args()

    def progress(done, total, trial):
        mark = "ok " if trial.held else "FAIL"
        print(
            f"[{done:>3}/{total}] {mark} {trial.operation:<15} kill at call {trial.kill_at:>4}"
            f"{'' if trial.killed else ' (finished first)'} {'; '.join(trial.problems)[:200]}",
            file=sys.stderr,
        )

    trials = run_trials(args.n, seed=args.seed, progress=progress)
    print(f"{'operation':<16}{'tried':>7}{'killed':>8}{'held':>6}")
    for op, tried, killed, held in table(trials):
        print(f"{op:<16}{tried:>7}{killed:>8}{held:>6}")
    if args.json:
        args.json.write_text(to_json(trials))
    return 0 if all(t.held for t in trials) else 1


if __name__ == "__main__":
    sys.exit(main())
