"""Four short-lived processes on the plain library path: the memory runs itself there too.

Each day is its own Python process (``subprocess``) that opens the hub, attaches a persona
engine, stores a few messages with ``mem.remember(..., session_id=...)`` (no agent, no chat
framework, as an ingest script or another framework would) and exits. Nobody calls
``end_session``, ``maintain`` or ``mine``; the days end differently:

- day 1: the ``with MemoryHub.open(...)`` block exits (``hub.close()`` ends the session);
- day 2: ``hub.close()`` is called by hand;
- day 3: the process exits without closing the hub (as a killed script would);
- day 4: opening the hub ends day 3's session (past the idle gap), then the hub closes.

Afterwards the script prints what was recorded: every session and how it ended, the upkeep log
(session ends, summaries, maintenance, mining, profile refreshes and their triggers), the
mining rows and the profile versions. Offline::

    python examples/short_lived_library.py                       # the bundled MiniLM embedder
    python examples/short_lived_library.py --embedding hash-128  # fast, for a quick look
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from datetime import datetime, timedelta
from pathlib import Path

from autogen_zettel.memory.tenant import tenant_parts

ROOT = Path(__file__).resolve().parent.parent
DAY0 = datetime(2024, 3, 4, 9, 0)
LINES = {
    1: [
        "Hi, I'm Rui. I love green tea.",
        "I work at Nova Labs.",
        "I'll send you the draft by Friday.",
        "I prefer short answers.",
    ],
    2: [
        "I moved to Porto last month.",
        "My sister lives in Lisbon.",
        "I love hiking on weekends.",
        "I don't eat coriander.",
    ],
    3: [
        "I really like simple, reliable tools.",
        "Simple and reliable beats clever, for me.",
        "I'll review the budget tomorrow.",
        "I love jazz in the evening.",
    ],
    4: [
        "I sent the draft yesterday.",
        "I like long walks by the river.",
        "My cat is called Miso.",
        "I'll book the venue next week.",
    ],
}


def config(embedding: str):
    from autogen_zettel.base.config import config_from_dict

    return config_from_dict({"embedding": {"model": embedding}, "maintenance": {"summary_min_members": 2}})


def one_day(day: int, data_dir: Path, embedding: str) -> None:
    """One process: open, remember one session's messages, exit (how depends on the day)."""
    from autogen_zettel import MemoryHub, SimulatedClock
    from autogen_zettel.persona.engine import PersonaEngine
    from autogen_zettel.persona.spec import load_persona

    clock = SimulatedClock(DAY0 + timedelta(days=day - 1))

    def remember(hub) -> None:
        mem = hub.tenant("researcher")
        engine = PersonaEngine(
            mem, load_persona(ROOT / "agents" / "researcher.yaml")
        )  # mines at session ends
        for n, text in enumerate(LINES[day]):
            mem.remember(
                text,
                speaker="Rui",
                session_id=f"day-{day}",
                message_id=f"d{day}-{n}",
                at=clock.now() + timedelta(minutes=n),
            )
        return engine

    if day == 1:
        with MemoryHub.open(data_dir, clock=clock, config=config(embedding)) as hub:
            engine = remember(hub)  # noqa: F841 - kept alive until the hub closes
        return
    hub = MemoryHub.open(data_dir, clock=clock, config=config(embedding))
    engine = remember(hub)  # noqa: F841
    if day == 3:
        hub.flush()
        os._exit(0)  # no close: the session stays live in the tenant's database
    hub.close()


def report(data_dir: Path, embedding: str) -> dict:
    """The recorded rows, read back after the four days (printed by :func:`main`)."""
    from autogen_zettel import MemoryHub, SimulatedClock
    from autogen_zettel.store.persona_tables import PersonaStore

    clock = SimulatedClock(DAY0 + timedelta(days=3, minutes=30))
    with MemoryHub.open(data_dir, clock=clock, config=config(embedding)) as hub:
        hub.flush()
        mem = hub.tenant("researcher")
        store = PersonaStore(tenant_parts(mem).db)
        mining = sorted({(p.at.isoformat(timespec="minutes"), p.reason) for p in store.history()})
        return {
            "sessions": mem.sessions.rows(),
            "upkeep": mem.sessions.upkeep(),
            "mining": [{"at": at, "reason": reason} for at, reason in mining],
            "profiles": [
                {
                    "version": p.version,
                    "at": p.at.isoformat(timespec="minutes"),
                    "reason": p.reason,
                    "text": p.text,
                }
                for p in store.profiles()
            ],
        }


def run(data_dir: Path, embedding: str) -> dict:
    """The four processes, one after another, then the report."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    for day in range(1, 5):
        subprocess.run(
            [
                sys.executable,
                __file__,
                "--day",
                str(day),
                "--data-dir",
                str(data_dir),
                "--embedding",
                embedding,
            ],
            check=True,
            env=env,
        )
    return report(data_dir, embedding)


def show(rows: dict) -> None:
    print("sessions:")
    for s in rows["sessions"]:
        print(f"  {s['id']:<40} {s['started_at']} -> {s['ended_at']}  ({s['end_reason']})")
    print("upkeep (what ran on its own, and why):")
    for u in rows["upkeep"]:
        print(f"  {u['at']}  {u['job']:<12} trigger={u['trigger']!r:<22} {u['session_id'] or ''}")
    print("mining rows (trait history):")
    for m in rows["mining"]:
        print(f"  {m['at']}  {m['reason']}")
    print("profile versions:")
    for p in rows["profiles"]:
        print(f"  v{p['version']} {p['at']} ({p['reason']})")
        print("    " + p["text"].replace("\n", "\n    "))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", type=Path, default=None, help="memory folder (default: a temp folder)")
    parser.add_argument(
        "--embedding", default="minilm", help="embedding model (minilm: the bundled one; hash-128: quick)"
    )
    parser.add_argument("--day", type=int, default=None, help=argparse.SUPPRESS)  # one child process
    args = parser.parse_args()
    if args.day is not None:
        one_day(args.day, args.data_dir, args.embedding)
        return
    if args.data_dir is not None:
        show(run(args.data_dir, args.embedding))
        return
    with tempfile.TemporaryDirectory(prefix="zettel-short-lived-") as tmp:
        show(run(Path(tmp), args.embedding))


if __name__ == "__main__":
    main()
