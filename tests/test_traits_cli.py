"""`autogen-zettel traits`: tables, JSON and a PNG of trait trajectories, from a tenant's SQLite
file holding four simulated weeks of persona history (an unlock and a rollback among them)."""

from __future__ import annotations

import json
import math
import struct
from datetime import timedelta

import pytest

from autogen_zettel.cli.main import console
from autogen_zettel.persona.behaviours import ModuleEvent
from autogen_zettel.persona.mining import TraitState
from autogen_zettel.persona.profile import ProfileItem, render_profile
from autogen_zettel.store.db import CardDB
from autogen_zettel.store.persona_tables import PersonaStore

from .conftest import T0

DAY = timedelta(days=1)
BOUNDS = (0.1, 0.9)
UNLOCK_REASON = "conciseness 0.74 > 0.7 since 2024-03-08 (7.0 days)"
ROLLBACK_REASON = "2 negative replies within 3 after the change (valences -0.6, -0.4)"


def _state(trait, day, long, mood, support, against, sessions, dissonant=False):
    return TraitState(trait, long, mood, support, against, sessions, dissonant, T0 + day * DAY, BOUNDS)


def populate(db_file, *, agent="ada", praise_brevity=True):
    """Four weeks of daily minings: conciseness climbs (mood spikes on feedback days and relaxes),
    humour sinks, rigour ends split (dissonant); the `brief` module unlocks on day 15 once
    conciseness held above 0.7 for a week, and rolls back on day 19 after two complaints."""
    db = CardDB(db_file)
    store = PersonaStore(db)
    store.add_prompt_version(
        system=f"You are {agent}.", traits="", session="", temperature=0.7, at=T0, reason="persona file"
    )
    evidence = []
    for day in range(0, 28):
        at = T0 + day * DAY
        sign = 1 if praise_brevity else -1
        evidence.append(
            {
                "trait": "conciseness",
                "sign": sign,
                "strength": 1.0,
                "affect": 0.5,
                "source": "feedback",
                "cue": "too long" if sign > 0 else "more detail",
                "message_id": f"{agent}-m{day}",
                "session_id": f"s{day // 2}",
                "at": at,
            }
        )
        progress = 1 - math.exp(-day / 9)
        c_long = 0.5 + (0.3 if praise_brevity else -0.3) * progress
        c_mood = 0.12 * math.exp(-(day % 3))  # a spike every third day that relaxes
        h_long = 0.5 - 0.15 * progress
        r_support, r_against = 0.5 + day * 0.1, 0.4 + day * 0.1
        store.add_history(
            [
                _state("conciseness", day, c_long, c_mood, 1.0 + day * 0.4, 0.2, min(day // 2 + 1, 14)),
                _state("humour", day, h_long, -0.02, 0.3, 0.5 + day * 0.05, min(day // 2 + 1, 14)),
                _state(
                    "rigour", day, 0.5, 0.0, r_support, r_against, min(day // 2 + 1, 14), dissonant=day >= 20
                ),
            ],
            f"mining on day {day}",
        )
    store.add_evidence(evidence)
    if praise_brevity:
        store.add_module_events(
            [
                ModuleEvent("brief", T0 + 15 * DAY, "unlock", 0.0, 0.34, UNLOCK_REASON),
                ModuleEvent("brief", T0 + 16 * DAY, "strengthen", 0.34, 0.68, "conciseness 0.79 > 0.7 held"),
                ModuleEvent("brief", T0 + 18 * DAY, "weaken", 0.68, 0.34, "negative feedback (valence -0.6)"),
                ModuleEvent("brief", T0 + 19 * DAY, "rollback", 0.34, 0.0, ROLLBACK_REASON),
                ModuleEvent(
                    "data_first", T0 + 22 * DAY, "unlock", 0.0, 0.34, "rigour 0.68 > 0.65 since 2024-03-20"
                ),
            ]
        )
        store.add_prompt_version(
            system=f"You are {agent}.",
            traits="Where it fits: answer in three sentences.",
            session="",
            temperature=0.6,
            at=T0 + 15 * DAY,
            reason="unlock brief",
        )
        store.add_prompt_version(
            system=f"You are {agent}.",
            traits="",
            session="",
            temperature=0.7,
            at=T0 + 19 * DAY,
            reason="rollback brief",
        )
    items = [ProfileItem("Ann wants the number first.", 1.0, ("c1",), "style")]
    store.add_profile(render_profile(items), items, T0 + 21 * DAY, "periodic profile")
    db.close()


@pytest.fixture
def data(tmp_path):
    tenants = tmp_path / "data" / "tenants"
    tenants.mkdir(parents=True)
    populate(tenants / "ada.sqlite")
    populate(tenants / "bob.sqlite", agent="bob", praise_brevity=False)
    return tmp_path / "data"


@pytest.fixture
def wide(monkeypatch):
    monkeypatch.setattr(console, "_width", 220)  # rich wraps table cells at the default 80 columns


def test_tables_show_scores_modules_events_and_prompt_versions(run, data, wide):
    r = run("traits", "ada")
    assert r.exit_code == 0, r.output
    out = r.output
    assert "traits of ada (28 evidence edges)" in out
    line = next(ln for ln in out.splitlines() if ln.strip().startswith("conciseness"))
    cells = line.split()
    final_long = 0.5 + 0.3 * (1 - math.exp(-27 / 9))
    assert cells[:4] == ["conciseness", f"{min(0.9, final_long + 0.12):.2f}", f"{final_long:.2f}", "+0.12"]
    assert cells[6:] == ["14", "2024-03-28"]
    rigour = next(ln for ln in out.splitlines() if ln.strip().startswith("rigour"))
    assert rigour.split()[1].endswith("*")  # split evidence is flagged
    brief = next(ln for ln in out.splitlines() if ln.strip().startswith("brief") and "rolled_back" in ln)
    assert "0.00" in brief and "2024-03-20 09:00" in brief
    assert any("data_first" in ln and "active" in ln and "0.34" in ln for ln in out.splitlines())
    assert UNLOCK_REASON in out and ROLLBACK_REASON in out and "0.68 → 0.34" in out
    assert "unlock brief" in out and "rollback brief" in out and "answer in three sentences" in out
    assert "profile version 1" in out and "Ann wants the number first." in out
    assert "last 2 of 5" in run("traits", "ada", "--events", "2").output


def test_the_trait_table_reads_at_80_columns(run, data, monkeypatch):
    monkeypatch.setattr(console, "_width", 80)
    out = run("traits", "ada").output
    rows = [ln for ln in out.splitlines() if ln.strip().split(" ")[0] in ("conciseness", "humour", "rigour")]
    assert len(rows) == 3 and all(len(ln) <= 80 and "…" not in ln and "2024-03-28" in ln for ln in rows)


def test_every_table_fits_80_columns_without_cutting_names_or_reasons(run, data, monkeypatch):
    monkeypatch.setattr(console, "_width", 80)
    out = run("traits", "ada").output
    lines = out.splitlines()
    assert all(len(ln) <= 80 for ln in lines) and "…" not in "".join(lines[:40]).split("prompt versions")[0]
    flat = " ".join(" ".join(ln.split()) for ln in lines)
    # module names whole on one line, reasons complete (wrapped onto more lines, never cut)
    assert any(ln.strip().startswith("brief") for ln in lines) and any("data_first" in ln for ln in lines)
    for reason in (UNLOCK_REASON, ROLLBACK_REASON):
        words = reason.split()
        assert all(w in flat for w in words), reason
    full = json.loads(run("traits", "ada", "--json").output)
    assert [m["reason"] for m in full["modules"]] and all(m["reason"] for m in full["modules"])


def test_json_dump_is_complete_and_machine_readable(run, data):
    r = run("traits", "ada", "--json")
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert d["tenant"] == "ada" and d["evidence"] == 28
    assert [t["trait"] for t in d["traits"]] == ["conciseness", "humour", "rigour"]
    assert [len(v) for v in d["history"].values()] == [28, 28, 28]
    assert d["history"]["conciseness"][0] == {
        "at": "2024-03-01T09:00:00",
        "score": 0.62,
        "long": 0.5,
        "mood": 0.12,
        "reason": "mining on day 0",
    }
    assert [e["event"] for e in d["events"]] == ["unlock", "strengthen", "weaken", "rollback", "unlock"]
    modules = {m["module"]: m for m in d["modules"]}
    assert modules["brief"]["status"] == "rolled_back" and modules["brief"]["events"] == 4
    assert modules["data_first"] == {
        "module": "data_first",
        "status": "active",
        "weight": 0.34,
        "since": "2024-03-23T09:00:00",
        "events": 1,
        "reason": "rigour 0.68 > 0.65 since 2024-03-20",
    }
    assert [v["reason"] for v in d["prompt_versions"]] == ["persona file", "unlock brief", "rollback brief"]
    both = json.loads(run("traits", "ada", "bob", "--json").output)
    assert [x["tenant"] for x in both] == ["ada", "bob"] and both[1]["modules"] == []


def _png_size(path):
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR"
    return struct.unpack(">II", head[16:24])


def test_plot_writes_a_png_of_the_trajectories(run, data, tmp_path):
    out = tmp_path / "ada.png"
    r = run("traits", "ada", "--plot", str(out))
    assert r.exit_code == 0, r.output
    assert f"wrote {out}" in r.output.replace("\n", "")
    width, height = _png_size(out)
    assert width >= 800 and height >= 400 and out.stat().st_size > 20_000
    two = tmp_path / "both.png"
    assert run("traits", "ada", "bob", "--plot", str(two), "--json").exit_code == 0
    width2, height2 = _png_size(two)
    assert width2 == width and height2 > height  # one panel per tenant


def test_unknown_tenant_and_empty_history_are_clean_messages(run, data, tmp_path):
    r = run("traits", "carol")
    assert r.exit_code != 0 and "no tenant 'carol'" in r.output and "ada, bob" in r.output
    assert not (data / "tenants" / "carol.sqlite").exists()  # looking does not create a tenant
    CardDB(data / "tenants" / "dan.sqlite").close()
    assert "no trait history yet" in run("traits", "dan").output
    r = run("traits", "dan", "--plot", str(tmp_path / "dan.png"))
    assert r.exit_code != 0 and "has not mined its traits yet" in r.output
    assert run("traits", "../etc").exit_code != 0  # tenant names are validated


def test_candidate_traits_and_the_dissonance_question_are_shown(run, data, wide):
    db = CardDB(data / "tenants" / "ada.sqlite")
    store = PersonaStore(db)
    store.set_state(
        "candidates",
        [{"label": "fact checking", "keywords": ["source", "registry"], "size": 7, "card_ids": ["c1"]}],
    )
    store.add_prompt_version(
        system="You are ada.",
        traits="",
        session="For this session:\n- ask about rigour",
        temperature=None,
        at=T0 + 27 * DAY,
        reason="dissonance",
    )
    db.close()
    out = run("traits", "ada").output
    assert "candidate new traits of ada" in out and "fact checking" in out and "source, registry" in out
    assert "ask about rigour" in out
    assert run("traits", "ada", "--json").exit_code == 0
    assert '"fact checking"' in run("traits", "ada", "--json").output
