"""examples/short_lived_days.py: four real processes, one initiate_chat each on four simulated
days, and afterwards every session end, summary, maintenance, mining and profile refresh is
recorded with the trigger that ran it (#23)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "short_lived_days.py"


def load():
    spec = importlib.util.spec_from_file_location("short_lived_days", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_four_short_lived_processes_leave_every_session_end_and_what_it_ran(tmp_path, capsys):
    example = load()
    rows = example.run(tmp_path / "memory", "hash-128")
    example.show(rows)
    assert "idle gap" in capsys.readouterr().out
    sessions = rows["sessions"]
    assert len(sessions) == 4 and all(s["ended_at"] for s in sessions)
    # day 1 closed by the with block, day 2 by the user's farewell, day 3 (the process exited
    # without closing) by day 4's open, day 4 by its close
    assert [s["end_reason"] for s in sessions] == ["hub close", "end-of-chat phrase", "idle gap", "hub close"]
    ups = rows["upkeep"]
    for s in sessions:
        mine = {(u["job"], u["trigger"]) for u in ups if u["session_id"] == s["id"]}
        assert {
            ("session end", s["end_reason"]),
            ("summary", "session end"),
            ("mining", "session end"),
        } <= mine
    assert sum(u["job"] == "profile" and u["trigger"] == "session end" for u in ups) == 4
    maintenance = [u for u in ups if u["job"] == "maintenance"]
    assert {u["at"][:10] for u in maintenance} == {"2024-03-04", "2024-03-05", "2024-03-06", "2024-03-07"}
    assert {u["trigger"] for u in maintenance} <= {"session end", "hub open"}
    assert sum(m["reason"] == "session end" for m in rows["mining"]) == 4  # mining rows say "session end"
    assert rows["profiles"] and rows["profiles"][-1]["text"]
