"""Crash trials: kill a child process (``os._exit(137)``, as a kill -9 leaves things) at a random
point of a write and check what reopening the data folder gives.

Each trial copies a seeded template folder, runs one operation in a child process that dies
at its N-th storage call (a SQLite statement, a Qdrant upsert, delete or compaction, or an
audit-log write; N drawn from the operation's own count of calls), then reopens the folder
here and checks the promises of the README's "Reliability" section:

- ``kept``: every card there before the operation is there after, unless an audit entry
  records its deletion (forget, merge);
- ``linked``: no card is left pending (stored but not linked and conflict-checked), every
  active card of a message has a link, and the index holds exactly the searchable cards;
- ``audited``: every card gone is named by an audit entry;
- ``verify``: the audit chain verifies, keyed and anchored in the tenant database.

>>> OPERATIONS
('remember', 'remember_many', 'remember_later', 'maintain', 'forget')
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import textwrap
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

from autogen_zettel.memory.tenant import tenant_parts

__all__ = ["OPERATIONS", "Trial", "make_template", "run_trials", "table"]

OPERATIONS = ("remember", "remember_many", "remember_later", "maintain", "forget")
T0 = datetime(2024, 3, 1, 9, 0)
_ROOT = Path(__file__).resolve().parents[1]  # the checkout: benchmarks/ sits beside autogen_zettel/

# the operation each child runs, after the kill switch is armed
_OPS = {
    "remember": 'mem.remember("Please order the pho with extra coriander.", speaker="ann", message_id="x1", '
    'session_id="s9", reply_to="c1", at=T0 + timedelta(days=30))',
    "remember_many": 'mem.remember_many([{"text": f"On trip {i} Bob and I hiked the ridge trail number {i}.", '
    '"speaker": "ann", "id": f"x{i}", "session_id": "s9", "at": T0 + timedelta(days=30, minutes=i)} '
    "for i in range(6)])",
    "remember_later": "for i in range(4):\n"
    '    mem.remember_later(f"Carl said the lab moves to building {i} next spring.", speaker="ann", '
    'message_id=f"x{i}", session_id="s9", at=T0 + timedelta(days=30, minutes=i))\n'
    "mem.flush()",
    "maintain": "mem.maintain(at=T0 + timedelta(days=400))",
    "forget": 'mem.forget(subject="Bob", at=T0 + timedelta(days=31))',
}

_CHILD = """
import os, sys
from datetime import datetime, timedelta
from autogen_zettel import HashEmbedder, MemoryHub, SimulatedClock
from autogen_zettel.store.audit import AuditLog
from autogen_zettel.store.connection import GuardedConnection
from autogen_zettel.store.qdrant_local import VectorIndex
T0 = datetime(2024, 3, 1, 9, 0)
KILL_AT = {kill_at}
calls = [0]

def arm(cls, name):
    real = getattr(cls, name)
    def wrapped(*a, **k):
        calls[0] += 1
        if KILL_AT and calls[0] >= KILL_AT:
            os._exit(137)
        return real(*a, **k)
    setattr(cls, name, wrapped)

hub = MemoryHub.open({data!r}, embedder=HashEmbedder(), clock=SimulatedClock(T0))
mem = hub.tenant("ann")
mem.flush()
for cls, name in [(GuardedConnection, "execute"), (GuardedConnection, "executemany"), (VectorIndex, "upsert"),
                  (VectorIndex, "delete"), (VectorIndex, "compact"), (AuditLog, "write")]:
    arm(cls, name)
{op}
n = calls[0]
KILL_AT = 0
hub.close()
print("CALLS", n)
"""


@dataclass
class Trial:
    operation: str
    kill_at: int  # 0: not killed (the dry run)
    killed: bool
    checks: dict[str, bool] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    @property
    def held(self) -> bool:
        return all(self.checks.values())


def make_template(folder: Path) -> Path:
    """A seeded data folder: 24 cards over 3 sessions, with a conflict pair, cards about Bob,
    near-duplicates for merging and old cards for archiving."""
    from autogen_zettel import HashEmbedder, MemoryHub, SimulatedClock

    folder = Path(folder)
    with MemoryHub.open(folder, embedder=HashEmbedder(), clock=SimulatedClock(T0)) as hub:
        mem = hub.tenant("ann")
        texts = [
            "I don't eat coriander, it tastes like soap to me.",
            "Bob lent me his canoe for the lake trip.",
            "I really love hiking in the Alps every summer.",
            "I really love hiking in the Alps every summer!",
            "Bob's sister works at the museum in Porto.",
            "My favourite tea is a smoky lapsang souchong.",
            "I moved to Lisbon in May for the new job.",
            "I run five kilometres before work most days.",
        ]
        for day in range(3):
            for i, t in enumerate(texts):
                mem.remember(
                    t if day == 0 else f"{t} (day {day})" if i % 3 else t,
                    speaker="ann",
                    message_id=f"m{day}-{i}" if day or i else "c1",
                    session_id=f"s{day}",
                    at=T0 + timedelta(days=day, minutes=i),
                )
        mem.flush()
    return folder


def _child(data: Path, operation: str, kill_at: int) -> subprocess.CompletedProcess:
    code = _CHILD.format(kill_at=kill_at, data=str(data), op=_OPS[operation])
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(_ROOT), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep),
        "HF_HUB_OFFLINE": "1",
        "TRANSFORMERS_OFFLINE": "1",
    }
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], env=env, capture_output=True, text=True, timeout=300
    )


def _check(data: Path, before: set[str], trial: Trial) -> None:
    from autogen_zettel import HashEmbedder, MemoryHub, SimulatedClock
    from autogen_zettel.base.cards import CardKind, CardStatus

    with MemoryHub.open(data, embedder=HashEmbedder(), clock=SimulatedClock(T0)) as hub:
        mem = hub.tenant("ann")
        cards = {c.id: c for c in mem.cards()}
        audited: set[str] = set()
        for e in mem.audit.entries():
            audited.update(e.detail.get("card_refs", []))
            for _, absorbed in e.detail.get("clusters", []):
                audited.update(absorbed)
        # the log keeps card ids keyed with the tenant's key (store/audit_ids.py)
        gone = {tenant_parts(mem).store.card_ref(i) for i in before - set(cards)}
        trial.checks["kept"] = trial.checks["audited"] = gone <= audited  # both keys: the report names them
        if gone - audited:
            trial.problems.append(f"{len(gone - audited)} cards gone without an audit entry")
        pending = tenant_parts(mem).db.pending()
        searchable = tenant_parts(mem).db.searchable_ids()
        indexed = hub.vectors.ids("ann")
        unlinked = [
            c.id
            for c in cards.values()
            if c.status is CardStatus.ACTIVE and c.kind is not CardKind.SUMMARY and not mem.links(c.id)
        ]
        trial.checks["linked"] = not pending and not unlinked and searchable == indexed
        if pending or unlinked or searchable != indexed:
            trial.problems.append(
                f"pending {len(pending)}, unlinked {len(unlinked)}, index off by {len(searchable ^ indexed)}"
            )
        report = mem.audit.verify()
        trial.checks["verify"] = report.ok
        trial.problems.extend(report.problems)


def _card_ids(data: Path) -> set[str]:
    import sqlite3

    con = sqlite3.connect(data / "tenants" / "ann.sqlite")
    try:
        return {r[0] for r in con.execute("select id from cards")}
    finally:
        con.close()


def run_trials(
    n: int = 50,
    *,
    seed: int = 13,
    operations=OPERATIONS,
    work: Path | None = None,
    progress=None,
    counts: dict[str, int] | None = None,
) -> list[Trial]:
    """Run ``n`` kill trials spread over ``operations`` (seeded); returns them in order.

    :param counts: storage calls per operation to draw kill points from (default: measured
        by a dry run of each operation; a point past the end lets the operation finish)
    """
    rng = random.Random(seed)
    work = Path(work or tempfile.mkdtemp(prefix="zettel-crash-"))
    template = make_template(work / "template")
    before = _card_ids(template)
    counts = dict(counts or {})
    for op in (o for o in operations if o not in counts):  # the dry run: how many storage calls it makes
        data = work / f"dry-{op}"
        shutil.copytree(template, data)
        r = _child(data, op, 0)
        if r.returncode != 0:
            raise RuntimeError(f"the {op} dry run failed: {r.stderr[-2000:]}")
        counts[op] = int(r.stdout.split("CALLS")[-1].split()[0])
        shutil.rmtree(data)
    trials = []
    for i in range(n):
        op = operations[i % len(operations)]
        kill_at = rng.randint(1, max(1, counts[op]))
        data = work / f"trial-{i}"
        shutil.copytree(template, data)
        r = _child(data, op, kill_at)
        trial = Trial(op, kill_at, r.returncode == 137)
        if r.returncode not in (0, 137):
            trial.checks["ran"] = False
            trial.problems.append(r.stderr[-500:])
        else:
            _check(data, before, trial)
        trials.append(trial)
        shutil.rmtree(data, ignore_errors=True)
        if progress:
            progress(i + 1, n, trial)
    shutil.rmtree(work, ignore_errors=True)
    return trials


def table(trials: list[Trial]) -> list[tuple[str, int, int, int]]:
    """Rows ``(operation, tried, killed, held)`` and a total row."""
    rows = []
    for op in dict.fromkeys(t.operation for t in trials):
        ts = [t for t in trials if t.operation == op]
        rows.append((op, len(ts), sum(t.killed for t in ts), sum(t.held for t in ts)))
    rows.append(("total", len(trials), sum(t.killed for t in trials), sum(t.held for t in trials)))
    return rows


def to_json(trials: list[Trial]) -> str:
    return json.dumps(
        [
            {
                "operation": t.operation,
                "kill_at": t.kill_at,
                "killed": t.killed,
                "checks": t.checks,
                "problems": t.problems,
            }
            for t in trials
        ],
        indent=1,
    )
