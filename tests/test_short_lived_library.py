"""examples/short_lived_library.py: four real processes on the plain library path (``remember``
with session ids, no agent), and afterwards every session end, summary, mining, profile refresh
and maintenance is recorded with its trigger, as on the agent path (#40). Also: an ingest ends
each of its sessions, each at its own last message."""

from __future__ import annotations

import importlib.util
import json
from datetime import datetime, timedelta
from pathlib import Path

from click.testing import CliRunner

from autogen_zettel import HashEmbedder, MemoryHub, SimulatedClock
from autogen_zettel.base.cards import Message
from autogen_zettel.cli.main import main
from autogen_zettel.memory.sessions import sessions_by_gap

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "short_lived_library.py"
T0 = datetime(2024, 3, 4, 9, 0)


def load():
    spec = importlib.util.spec_from_file_location("short_lived_library", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_four_short_lived_library_processes_end_their_sessions_and_run_the_upkeep(tmp_path, capsys):
    example = load()
    rows = example.run(tmp_path / "memory", "hash-128")
    example.show(rows)
    assert "idle gap" in capsys.readouterr().out
    sessions = rows["sessions"]
    assert [s["id"] for s in sessions] == ["day-1", "day-2", "day-3", "day-4"]
    # day 1 closed by the with block, day 2 by hub.close(), day 3 (exited without closing) by
    # day 4's open, day 4 by its close
    assert [s["end_reason"] for s in sessions] == ["hub close", "hub close", "idle gap", "hub close"]
    assert all(s["summary_id"] for s in sessions)
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
    assert sum(m["reason"] == "session end" for m in rows["mining"]) == 4


def test_library_sessions_end_at_close_at_their_last_message_and_remember_later_counts(tmp_path):
    clock = SimulatedClock(T0 + timedelta(days=9))
    with MemoryHub.open(tmp_path / "d", embedder=HashEmbedder(), clock=clock) as hub:
        mem = hub.tenant("helper")
        mem.remember_many(
            [
                Message(f"I like tea number {n}.", "Li", f"a{n}", "a", T0 + timedelta(minutes=n))
                for n in range(4)
            ]
        )
        mem.remember_later(
            "I'll call you tomorrow.", speaker="Li", session_id="b", at=T0 + timedelta(hours=5)
        )
        hub.flush()
        assert [r["id"] for r in mem.sessions.live()] == ["a", "b"]  # nothing ends in the middle of writes
    with MemoryHub.open(tmp_path / "d", embedder=HashEmbedder(), clock=clock) as hub:
        rows = {r["id"]: r for r in hub.tenant("helper").sessions.rows()}
    assert rows["a"]["end_reason"] == "hub close" and rows["a"]["ended_at"].startswith("2024-03-04T09:03")
    assert rows["a"]["summary_id"] and rows["b"]["ended_at"].startswith("2024-03-04T14:00")


def test_sessions_by_gap_cuts_an_export_at_its_silences():
    msgs = [
        Message("hi", "a", at=T0),
        Message("mine", "b", session_id="given", at=T0 + timedelta(minutes=1)),
        Message("later", "a", at=T0 + timedelta(minutes=20)),
        Message("next day", "a", at=T0 + timedelta(days=1)),
        Message("no time", "a"),
    ]
    got = [m.session_id for m in sessions_by_gap(msgs, idle_minutes=30, prefix="x")]
    assert got == ["x-20240304T0900", "given", "x-20240304T0900", "x-20240305T0900", None]


def test_the_cli_ingest_of_an_old_export_ends_each_of_its_sessions(tmp_path):
    lines = [
        {
            "text": f"I love green tea, cup {n}.",
            "speaker": "Rui",
            "at": (T0 + timedelta(days=d, minutes=n)).isoformat(),
        }
        for d in range(3)
        for n in range(4)
    ]
    chat = tmp_path / "chat.jsonl"
    chat.write_text("\n".join(json.dumps(x) for x in lines), encoding="utf-8")
    data, cfg = tmp_path / "memory", tmp_path / "hash.yaml"
    cfg.write_text("embedding:\n  model: hash-128\n", encoding="utf-8")
    result = CliRunner().invoke(
        main, ["--data-dir", str(data), "--config", str(cfg), "ingest", "me", str(chat)]
    )
    assert result.exit_code == 0, result.output
    with MemoryHub.open(data, embedder=HashEmbedder(128)) as hub:
        rows = hub.tenant("me").sessions.rows()
    assert [r["id"] for r in rows] == ["chat-20240304T0900", "chat-20240305T0900", "chat-20240306T0900"]
    assert all(r["ended_at"] and r["summary_id"] for r in rows)
    assert [r["end_reason"] for r in rows] == ["hub close"] * 3
    assert [r["ended_at"][:10] for r in rows] == [
        "2024-03-04",
        "2024-03-05",
        "2024-03-06",
    ]  # at their last message
