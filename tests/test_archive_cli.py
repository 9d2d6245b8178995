"""The memory-archive CLI mirrors the library: list, explain, edit, freeze, thaw, conflicts,
maintain, export, forget; and the maintenance benchmarks run."""

from __future__ import annotations

import json

import networkx as nx

from .test_cli import LOCOMO


def test_memory_archive_commands(run, tmp_path):
    chat = tmp_path / "chat.jsonl"
    chat.write_text(
        "\n".join(
            json.dumps(m)
            for m in [
                {
                    "text": "I don't eat coriander at all.",
                    "speaker": "Ann",
                    "id": "m1",
                    "session_id": "s1",
                    "at": "2024-03-01T09:00:00",
                },
                {
                    "text": "Order the pho with extra coriander.",
                    "speaker": "Ann",
                    "id": "m2",
                    "session_id": "s2",
                    "at": "2024-03-02T09:00:00",
                },
                {
                    "text": "My card is 4539 1488 0343 6467, keep it.",
                    "speaker": "Ann",
                    "id": "m3",
                    "session_id": "s2",
                    "at": "2024-03-02T09:01:00",
                },
                {
                    "text": "Bob lent me his canoe for the lake.",
                    "speaker": "Ann",
                    "id": "m4",
                    "session_id": "s2",
                    "at": "2024-03-02T09:02:00",
                },
            ]
        )
    )
    assert run("ingest", "ann", str(chat)).exit_code == 0
    r = run("cards", "ann", "--json")
    cards = {c["content"]: c for c in json.loads(r.output)}
    assert len(cards) == 4 and any("[redacted payment card]" in c for c in cards)
    said = cards["I don't eat coriander at all."]
    order = cards["Order the pho with extra coriander."]
    assert order["status"] == "to-verify" and order["evidence"] == "inferred"
    r = run("cards", "ann", "--status", "to-verify")
    assert r.exit_code == 0 and "1 card of ann" in r.output and "pho" in r.output
    assert "tarot" in run("cards", "ann", "--kind", "tarot").output  # a clean error naming the bad value
    secret = next(c for c in cards if "[redacted payment card]" in c)
    assert "[redacted payment card]" in " ".join(run("explain", "ann", cards[secret]["id"]).output.split())
    assert "[redacted payment card]" in " ".join(run("show", "ann", cards[secret]["id"]).output.split())
    table = run(
        "recall", "ann", "my card, keep it", "-k", "4"
    ).output  # the table wraps it: look for its words
    assert "[redacted" in table and "payment" in table
    r = run("explain", "ann", said["id"])
    assert r.exit_code == 0 and "source m1" in r.output and "conflict (evidence, coriander" in r.output
    assert "ask:" in r.output
    assert (
        json.loads(run("explain", "ann", said["id"], "--json").output)["conflicts"][0]["other_id"]
        == order["id"]
    )
    assert "coriander" in run("conflicts", "ann").output
    r = run("edit", "ann", said["id"], "I don't eat coriander, except in salsa.")
    assert r.exit_code == 0 and "version 2" in r.output
    assert "history" in run("explain", "ann", said["id"]).output
    assert "frozen" in run("freeze", "ann", said["id"]).output
    assert "active" in run("thaw", "ann", said["id"]).output
    r = run("maintain", "ann", "--at", "2024-03-03T00:00", "--json")
    assert r.exit_code == 0 and "pruned_links" in json.loads(r.output)
    assert "ISO" in run("maintain", "ann", "--at", "next tuesday").output
    r = run("export", "ann")
    exported = json.loads(r.output)
    assert len(exported["cards"]) == 4 and exported["conflicts"]
    graphml = tmp_path / "ann.graphml"
    r = run("export", "ann", "--format", "graphml", "-o", str(graphml))
    assert r.exit_code == 0 and "wrote 4 cards," in r.output and "trait nodes" in r.output
    G = nx.read_graphml(graphml)
    assert G.number_of_nodes() == 4 and G.nodes[said["id"]]["speaker"] == "Ann"
    r = run("forget", "ann", order["id"], input="n\n")
    assert r.exit_code != 0  # declined
    r = run("forget", "ann", order["id"], "--yes")
    assert r.exit_code == 0 and "forgot 1 card," in r.output
    assert run("forget", "ann").exit_code != 0  # nothing to forget given
    assert (
        "2 entries, chain intact" in run("audit", "verify", "ann").output
        or "chain intact" in run("audit", "verify", "ann").output
    )


def test_archive_commands_on_a_missing_tenant_create_nothing(run, tmp_path):
    chat = tmp_path / "chat.jsonl"
    chat.write_text(json.dumps({"text": "Bob lent me his canoe for the lake.", "speaker": "Ann", "id": "m1"}))
    assert run("ingest", "ann", str(chat)).exit_code == 0
    assert run("forget", "ann", "--subject", "Bob", "--yes").exit_code == 0  # ann has an audit log now
    data = tmp_path / "data"
    before = sorted(p.relative_to(data) for p in data.rglob("*") if "qdrant" not in p.parts)
    for args in (
        ("cards", "typo"),
        ("explain", "typo", "x"),
        ("edit", "typo", "x", "new text here"),
        ("freeze", "typo", "x"),
        ("thaw", "typo", "x"),
        ("forget", "typo", "--subject", "Bob", "--yes"),
        ("forget", "typo", "x", "--yes"),
        ("export", "typo"),
        ("conflicts", "typo"),
        ("maintain", "typo"),
        ("audit", "verify", "typo"),
        ("audit", "show", "typo"),
    ):
        r = run(*args)
        assert r.exit_code == 1 and "Traceback" not in r.output, (args, r.output)
        assert "tenant 'typo' does not exist" in r.output and "known tenants: ann" in r.output, args
        assert "chain intact" not in r.output
    assert sorted(p.relative_to(data) for p in data.rglob("*") if "qdrant" not in p.parts) == before
    assert not any("typo" in p.name for p in data.rglob("*"))  # no collection either
    assert not (data / "tenants" / "typo.sqlite").exists() and not (data / "audit" / "typo.sqlite").exists()
    assert "chain intact" in run("audit", "verify", "ann").output


def test_bench_maintain_and_locomo_after_maintenance(run, tmp_path):
    data = tmp_path / "tiny.json"
    data.write_text(json.dumps([LOCOMO]))
    out = tmp_path / "m.json"
    r = run("bench", "maintain", "--data", str(data), "--cards", "12", "--json", str(out))
    assert r.exit_code == 0, r.output
    figures = json.loads(out.read_text())
    assert figures["cards_before"] >= 12 and figures["report"]["cards_absorbed"] > 0  # replayed rounds merge
    assert figures["maintain_seconds"] >= 0
    out = tmp_path / "l.json"
    r = run("bench", "locomo", "--data", str(data), "--maintain", "--json", str(out))
    assert r.exit_code == 0, r.output
    assert json.loads(out.read_text())["recall"]["zettel (ours)"]["R@5"]["overall"] == 100.0
    assert "maintenance after ingest" in r.output


def test_the_ids_cards_prints_are_accepted_everywhere(run, tmp_path):
    """`cards` prints 8 characters of each id; explain, show, edit, freeze, thaw and forget take
    any unique prefix of 4 or more (like git), and say which cards an ambiguous one matches."""
    chat = tmp_path / "chat.jsonl"
    chat.write_text(
        "\n".join(
            json.dumps(m)
            for m in [
                {"text": "I keep bees on the roof of the library.", "speaker": "Ann", "id": "m1"},
                {"text": "Bob repairs old violins in his garage.", "speaker": "Ann", "id": "m2"},
            ]
        )
    )
    assert run("ingest", "ann", str(chat)).exit_code == 0
    cards = {c["content"]: c["id"] for c in json.loads(run("cards", "ann", "--json").output)}
    bees = cards["I keep bees on the roof of the library."]
    table = run("cards", "ann").output
    assert bees[:8] in table
    short = bees[:8]
    assert "source m1" in run("explain", "ann", short).output
    assert "source m1" in run("show", "ann", short).output
    assert "frozen" in run("freeze", "ann", short).output
    assert "active" in run("thaw", "ann", short).output
    assert "version 2" in run("edit", "ann", short, "I keep bees on the roof of the town library.").output
    r = run("explain", "ann", bees[:3])
    assert r.exit_code == 1 and "at least 4 characters" in r.output
    r = run("explain", "ann", "zzzzzzzz")
    assert r.exit_code == 1 and "no card 'zzzzzzzz'" in r.output
    r = run("forget", "ann", short, "--yes")
    assert r.exit_code == 0 and "forgot 1 card," in r.output
    assert bees not in {c["id"] for c in json.loads(run("cards", "ann", "--json").output)}


def test_an_ambiguous_prefix_lists_the_cards_it_matches(hub):
    from datetime import datetime

    import pytest

    from autogen_zettel import NotFound
    from autogen_zettel.base.cards import card_id_for

    at = datetime(2024, 3, 1, 9, 0)
    # card ids are deterministic: find two messages whose cards share their first 4 characters
    seen: dict[str, int] = {}
    for n in range(5000):
        text = f"The heron nests near pier number {n} of the harbour."
        prefix = card_id_for((f"m{n}",), text, at)[:4]
        if prefix in seen:
            pair = (seen[prefix], n)
            break
        seen[prefix] = n
    mem = hub.tenant("ann")
    made = [
        mem.remember(
            f"The heron nests near pier number {n} of the harbour.", speaker="Ann", message_id=f"m{n}", at=at
        )[0]
        for n in pair
    ]
    assert made[0].id[:4] == made[1].id[:4]
    with pytest.raises(NotFound, match="ambiguous") as err:
        mem.archive.resolve_id(made[0].id[:4])
    assert made[0].id in str(err.value) and made[1].id in str(err.value)
    assert mem.archive.resolve_id(made[0].id[:12]) == made[0].id
    assert mem.archive.resolve_id(made[1].id) == made[1].id


def test_reading_commands_create_nothing_and_leave_the_forgetting_curve_alone(run, tmp_path):
    data = tmp_path / "data"
    for args in (("stats",), ("recall", "ann", "bees"), ("cards", "ann"), ("export", "ann")):
        r = run(*args)
        assert r.exit_code == 1 and "no memory in" in r.output and "Traceback" not in r.output, (
            args,
            r.output,
        )
    assert not data.exists()  # reading a missing folder made no folder
    chat = tmp_path / "chat.jsonl"
    chat.write_text(
        json.dumps(
            {
                "text": "I keep bees on the roof of the library.",
                "speaker": "Ann",
                "id": "m1",
                "at": "2024-03-01T09:00:00",
            }
        )
    )
    assert run("ingest", "ann", str(chat)).exit_code == 0
    assert "bees" in run("recall", "ann", "who keeps bees?").output
    card = json.loads(run("cards", "ann", "--json").output)[0]
    assert card["access_count"] == 0 and card["last_access"] is None  # recall from the CLI is no access
