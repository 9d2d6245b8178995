"""The CLI mirrors the library; every command has help with an example."""

from __future__ import annotations

import json
from datetime import datetime, timezone

import click
import pytest
from click.testing import CliRunner

from autogen_zettel.cli.main import main

LOCOMO = {
    "sample_id": "tiny",
    "conversation": {
        "speaker_a": "Ann",
        "speaker_b": "Bo",
        "session_1_date_time": "1:56 pm on 8 May, 2023",
        "session_1": [
            {"speaker": "Ann", "dia_id": "D1:1", "text": "Did you finish the marathon in Berlin?"},
            {
                "speaker": "Bo",
                "dia_id": "D1:2",
                "text": "Yes, in four hours, my knees hurt a lot after.",
                "blip_caption": "a photo of a medal",
            },
        ],
        "session_2_date_time": "10:00 am on 9 June, 2023",
        "session_2": [
            {"speaker": "Ann", "dia_id": "D2:1", "text": "I adopted a grey cat called Pixel last weekend."},
            {"speaker": "Bo", "dia_id": "D2:2", "text": "Pixel is a lovely name for a cat."},
        ],
    },
    "qa": [
        {
            "question": "What is the name of Ann's cat?",
            "answer": "Pixel",
            "evidence": ["D2:1"],
            "category": 4,
        },
        {
            "question": "Where did Bo run a marathon?",
            "answer": "Berlin",
            "evidence": ["D1:1; D1:2"],
            "category": 1,
        },
        {"question": "Unknown evidence", "answer": "x", "evidence": ["D9:9"], "category": 4},
    ],
}


def walk(group, prefix=()):
    for name, cmd in group.commands.items():
        yield prefix + (name,), cmd
        if isinstance(cmd, click.Group):
            yield from walk(cmd, prefix + (name,))


@pytest.mark.parametrize(
    "path, cmd", list(walk(main)), ids=lambda v: " ".join(v) if isinstance(v, tuple) else ""
)
def test_every_command_is_documented(path, cmd):
    assert cmd.help and cmd.help.strip(), f"{' '.join(path)} has no help"
    if not isinstance(cmd, click.Group):
        assert "Example: autogen-zettel" in cmd.help, f"{' '.join(path)} has no example"
    result = CliRunner().invoke(main, [*path, "--help"])
    assert result.exit_code == 0


def test_ingest_recall_show_stats_reindex(run, tmp_path):
    chat = tmp_path / "chat.jsonl"
    chat.write_text(
        "\n".join(
            json.dumps(m)
            for m in [
                {
                    "text": "I moved to Porto to open a bakery.",
                    "speaker": "Ann",
                    "id": "m1",
                    "session_id": "s1",
                    # today (the clock's): the ingest now ends s1 and maintains, and a card two
                    # years idle would already have faded on the forgetting curve
                    "at": datetime.now(timezone.utc).replace(tzinfo=None).isoformat(timespec="seconds"),
                },
                {
                    "text": "My brother Tom flies cargo planes.",
                    "speaker": "Ann",
                    "id": "m2",
                    "session_id": "s1",
                },
            ]
        )
    )
    r = run("ingest", "ann", str(chat))
    assert r.exit_code == 0, r.output
    assert "2 messages -> 2 new cards" in r.output
    r = run("recall", "ann", "bakery Porto", "-k", "1", "--json")
    assert r.exit_code == 0, r.output
    hits = json.loads(r.output)
    assert hits[0]["source_ids"] == ["m1"] and hits[0]["layer"] == "immediate"
    r = run("show", "ann", hits[0]["id"])
    assert r.exit_code == 0 and "source m1" in r.output and "Porto" in r.output
    r = run("recall", "ann", "bakery Porto")
    assert r.exit_code == 0 and "Porto" in r.output
    r = run("stats", "ann", "--json")
    assert json.loads(r.output)["cards"] == 2
    assert "ann" in run("stats").output
    r = run("reindex", "ann")
    assert r.exit_code == 0 and "reindexed 2 cards" in r.output


def test_cli_errors_are_clean(run, tmp_path):
    r = run("recall", "../etc", "x")
    assert r.exit_code != 0 and "Traceback" not in r.output  # no data folder yet: says so
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"text": "ok", "speaker": "A"}\n{"text": broken}\n')
    r = run("ingest", "ann", str(bad))
    assert r.exit_code != 0 and "line 2" in r.output and "bad.jsonl" in r.output
    odd = tmp_path / "odd.json"
    odd.write_text('[{"text": "hi there friend", "speaker": "A", "colour": "red"}]')
    r = run("ingest", "ann", str(odd))
    assert r.exit_code != 0 and "colour" in r.output
    latin = tmp_path / "latin.jsonl"
    latin.write_bytes(b'{"text": "caf\xe9", "speaker": "A"}\n')
    r = run("ingest", "ann", str(latin))
    assert r.exit_code != 0 and "UTF-8" in r.output
    good = tmp_path / "good.jsonl"
    good.write_text('{"text": "I moved to Porto to open a bakery.", "speaker": "Ann"}\n')
    assert run("ingest", "ann", str(good)).exit_code == 0
    r = run("recall", "../etc", "x")
    assert r.exit_code != 0 and "tenant name" in r.output and "Traceback" not in r.output
    r = run("show", "ann", "no-such-card")
    assert r.exit_code != 0 and "no card" in r.output


def test_commands_on_a_missing_tenant_create_nothing(run, tmp_path):
    good = tmp_path / "good.jsonl"
    good.write_text('{"text": "I moved to Porto to open a bakery.", "speaker": "Ann"}\n')
    assert run("ingest", "ann", str(good)).exit_code == 0
    data = tmp_path / "data"
    before = sorted(p.relative_to(data) for p in data.rglob("*") if "qdrant" not in p.parts)
    for args in (("recall", "anne", "bakery"), ("show", "anne", "x"), ("stats", "anne"), ("reindex", "anne")):
        r = run(*args)
        assert r.exit_code == 1 and "Traceback" not in r.output, (args, r.output)
        assert "tenant 'anne' does not exist" in r.output and "known tenants: ann" in r.output, args
    assert sorted(p.relative_to(data) for p in data.rglob("*") if "qdrant" not in p.parts) == before
    assert not any("anne" in p.name for p in data.rglob("*"))  # no collection either
    assert run("stats").output.split() == ["ann"]


def test_bench_locomo_on_a_tiny_file(run, tmp_path):
    data = tmp_path / "tiny.json"
    data.write_text(json.dumps([LOCOMO]))
    out = tmp_path / "fig.json"
    r = run("bench", "locomo", "--data", str(data), "--json", str(out))
    assert r.exit_code == 0, r.output
    figures = json.loads(out.read_text())
    assert figures["questions"] == 2  # the question whose evidence matches no turn is dropped
    ours = figures["recall"]["zettel (ours)"]
    assert ours["R@5"]["overall"] == 100.0
    assert {"flat hybrid", "bm25", "dense"} <= set(figures["recall"])
    assert figures["recall"]["flat hybrid"]["R@5"]["overall"] >= 0
    assert "R@10" in r.output and "p95" in r.output
