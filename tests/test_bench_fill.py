"""The scale and maintenance benchmarks fill their tenant with one replay loop."""

from __future__ import annotations

import json

import pytest

from autogen_zettel import HashEmbedder, MemoryHub
from autogen_zettel.research.bench.fill import fill_tenant, replay_round
from autogen_zettel.research.bench.locomo import load_locomo
from autogen_zettel.research.bench.scale import run_scale
from autogen_zettel.base.errors import InvalidInput

from .test_cli import LOCOMO


@pytest.fixture
def data(tmp_path):
    path = tmp_path / "tiny.json"
    path.write_text(json.dumps([LOCOMO]))
    return path


def test_fill_replays_rounds_later_each_time_until_the_tenant_is_full(data):
    turns = list(load_locomo(data)[0].turns)
    seen = []
    with MemoryHub.open(memory=True, embedder=HashEmbedder()) as hub:
        mem = hub.tenant("fill")
        fill = fill_tenant(mem, turns, 10, round_days=30, batch=2, progress=seen.append)
        assert mem.db.count() >= 10 and sum(seen) == mem.db.count()
        assert fill.rounds >= 3 and fill.messages == len(seen) * 2 and fill.seconds > 0
        sessions = {c.session_id for c in mem.cards()}
        assert {"r0:session_1", "r1:session_2", "r2:session_1"} <= sessions
        first, later = (min(c.created_at for c in mem.cards() if c.session_id == f"r{n}:session_1")
                        for n in (0, 2))
        assert (later - first).days == 60


def test_replayed_reply_ids_stay_inside_their_round(data):
    turns = load_locomo(data)[0].turns
    again = replay_round(turns, 1, round_days=365)
    assert [t.reply_to for t in again] == [None, "r1:D1:1", None, "r1:D2:1"]


def test_fill_refuses_turns_that_make_no_cards():
    from datetime import datetime

    from autogen_zettel.base.cards import Message

    with MemoryHub.open(memory=True, embedder=HashEmbedder()) as hub:
        with pytest.raises(InvalidInput, match="make no cards"):
            fill_tenant(hub.tenant("t"), [Message("hi", speaker="Ann", message_id="m", at=datetime(2024, 1, 1))],
                        5, round_days=1)


def test_scale_bench_reports_throughput_and_latency(data):
    with MemoryHub.open(memory=True, embedder=HashEmbedder()) as hub:
        r = run_scale(hub, data, n_cards=8, n_queries=3)
    assert r["cards"] >= 8 and r["messages"] >= 4 and r["messages_per_s"] > 0 and r["recall_ms_p50"] > 0
