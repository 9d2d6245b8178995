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

import os
import sys
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the agent-path example beside this one
from short_lived_days import (  # noqa: E402
    DAY0,
    ROOT,
    config,
    main,
    report,
    run as run_days,
    show,
)

__all__ = ["config", "one_day", "report", "run", "show"]

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


def run(data_dir: Path, embedding: str) -> dict:
    """The four processes, one after another, then the report (as the agent-path example)."""
    return run_days(data_dir, embedding, script=__file__)


if __name__ == "__main__":
    main(one_day, script=__file__, doc=__doc__)
