"""Four short-lived processes, one chat each, on four simulated days: the memory runs itself.

Each day is its own Python process (``subprocess``) that opens the hub, builds the agents, runs
ONE ``initiate_chat`` between a user (a plain ``ConversableAgent``) and a memory agent, and exits.
Nobody calls ``end_session``, ``maintain`` or ``mine``; the days end differently:

- day 1: the ``with MemoryHub.open(...)`` block exits (``hub.close()`` ends the session);
- day 2: the user says "That's all for today, bye for now." (an end-of-chat phrase);
- day 3: the process exits without closing the hub (as a killed script would);
- day 4: opening the hub ends day 3's session (past the idle gap), then the hub closes.

Afterwards the script prints what was recorded: every session and how it ended, the upkeep log
(session ends, summaries, maintenance, mining, profile refreshes and their triggers), the
mining rows and the profile versions. Offline (the offline model client, no key, no download)::

    python examples/short_lived_days.py                       # the bundled MiniLM embedder
    python examples/short_lived_days.py --embedding hash-128  # fast, for a quick look
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
        "Hi, I'm Rui. I love green tea and I prefer short answers.",
        "Keep it short, researcher. I work at Nova Labs.",
    ],
    2: ["I moved to Porto last month.", "That's all for today, bye for now."],
    3: ["I really like simple, reliable tools.", "Simple and reliable beats clever, for me."],
    4: ["I don't eat coriander.", "Short answers again, please; thanks."],
}


def config(embedding: str):
    from autogen_zettel.base.config import config_from_dict

    return config_from_dict({"embedding": {"model": embedding}, "maintenance": {"summary_min_members": 2}})


def one_day(day: int, data_dir: Path, embedding: str) -> None:
    """One process: open, one chat, exit (how it exits depends on the day, see the docstring)."""
    import autogen

    from autogen_zettel import MemoryHub, SimulatedClock
    from autogen_zettel.agent.assistant import MemoryAugmentedAssistantAgent, quiet_io
    from autogen_zettel.persona.spec import load_persona

    clock = SimulatedClock(DAY0 + timedelta(days=day - 1))
    hub = MemoryHub.open(data_dir, clock=clock, config=config(embedding))
    agent = MemoryAugmentedAssistantAgent(load_persona(ROOT / "agents" / "researcher.yaml"), hub)
    lines = iter(LINES[day][1:])
    user = autogen.ConversableAgent(
        "rui", llm_config=False, human_input_mode="NEVER", code_execution_config=False
    )
    user.register_reply([autogen.Agent, None], lambda *a, **k: (True, next(lines, "ok")), position=0)
    with quiet_io():
        user.initiate_chat(agent, message=LINES[day][0], max_turns=2, silent=True)
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


def run(data_dir: Path, embedding: str, *, script: str = __file__) -> dict:
    """The four processes, one after another (``script --day N``), then the report."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    for day in range(1, 5):
        subprocess.run(
            [
                sys.executable,
                script,
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


def main(day_process=None, *, script: str = __file__, doc: str = __doc__) -> None:
    """The command line; ``day_process(day, data_dir, embedding)`` is one day's process
    (:func:`one_day` here; examples/short_lived_library.py passes its own)."""
    day_process = day_process or one_day
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--data-dir", type=Path, default=None, help="memory folder (default: a temp folder)")
    parser.add_argument(
        "--embedding", default="minilm", help="embedding model (minilm: the bundled one; hash-128: quick)"
    )
    parser.add_argument("--day", type=int, default=None, help=argparse.SUPPRESS)  # one child process
    args = parser.parse_args()
    if args.day is not None:
        day_process(args.day, args.data_dir, args.embedding)
        return
    if args.data_dir is not None:
        show(run(args.data_dir, args.embedding, script=script))
        return
    with tempfile.TemporaryDirectory(prefix="zettel-short-lived-") as tmp:
        show(run(Path(tmp), args.embedding, script=script))


if __name__ == "__main__":
    main()
