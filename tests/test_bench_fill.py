"""The scale and maintenance benchmarks fill their tenant with one replay loop."""

from __future__ import annotations

import json

import pytest

from autogen_zettel import HashEmbedder, MemoryHub
from autogen_zettel.base.errors import InvalidInput
from autogen_zettel.memory.tenant import tenant_parts
from benchmarks.fill import fill_tenant, replay_round
from benchmarks.locomo import load_locomo
from benchmarks.scale import run_scale

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
        assert tenant_parts(mem).db.count() >= 10 and sum(seen) == tenant_parts(mem).db.count()
        assert fill.rounds >= 3 and fill.messages == len(seen) * 2 and fill.seconds > 0
        sessions = {c.session_id for c in mem.cards()}
        assert {"r0:session_1", "r1:session_2", "r2:session_1"} <= sessions
        first, later = (
            min(c.created_at for c in mem.cards() if c.session_id == f"r{n}:session_1") for n in (0, 2)
        )
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
            fill_tenant(
                hub.tenant("t"),
                [Message("hi", speaker="Ann", message_id="m", at=datetime(2024, 1, 1))],
                5,
                round_days=1,
            )


def test_scale_bench_grows_one_tenant_and_measures_each_size(data, tmp_path):
    lines = []
    rows = run_scale(
        lambda: MemoryHub.open(tmp_path / "d", embedder=HashEmbedder()),
        data,
        sizes=(12, 6),
        n_queries=3,
        n_single=2,
        say=lines.append,
    )
    assert [r.cards >= s for r, s in zip(rows, (6, 12))] == [True, True]
    assert rows[0].cards < rows[1].cards and rows[0].turns < rows[1].turns
    for r in rows:
        assert r.engine == "edge" and r.links > 0 and r.disk_mb > 0 and r.peak_rss_mb > 0
        assert r.many_turns_per_s > 0 and r.one_turns_per_s > 0 and r.reopen_s > 0 and r.adjacency_s > 0
        assert r.recall_ms_p95 >= r.recall_ms_p50 > 0 and r.flat_ms_p95 >= r.flat_ms_p50 > 0
        assert r.to_dict()["ratio_p95"] == r.recall_ms_p95 / r.flat_ms_p95
        # CPU of the timed window and of the bare embedder, counted apart (children included;
        # a hash embedder may take less than the clock shows)
        assert r.many_cpu_ms >= 0 and r.bare_cpu_ms >= 0 and r.child_cpu_s >= 0  # numbers, not NaN
        assert r.to_dict()["write_cpu_ms"] == r.many_cpu_ms - r.bare_cpu_ms
    assert any("cards: live recall p50" in line for line in lines)  # progress lines, no terminal needed


def test_bench_scale_and_tenants_cli(run, data, tmp_path):
    out = tmp_path / "scale.json"
    r = run(
        "bench",
        "scale",
        "--data",
        str(data),
        "--cards",
        "6",
        "--queries",
        "2",
        "--single",
        "1",
        "--json",
        str(out),
    )
    assert r.exit_code == 0, r.output
    assert "flat dense" in r.output and json.loads(out.read_text())[0]["cards"] >= 6
    out = tmp_path / "tenants.json"
    r = run("bench", "tenants", "--agents", "3", "--json", str(out))
    assert r.exit_code == 0, r.output
    figures = json.loads(out.read_text())
    assert figures["agents"] == 3 and figures["open_files"] > 0 and figures["engine"] == "edge"


def test_bench_engines_cli_measures_both_embedded_engines(run, tmp_path):
    out = tmp_path / "engines.json"
    r = run("bench", "engines", "--points", "300", "--json", str(out))
    assert r.exit_code == 0, r.output
    rows = json.loads(out.read_text())
    assert [row["engine"] for row in rows] == ["edge", "qdrant-local"]
    assert all(
        row["points"] == 300 and row["disk_mb"] > 0 and row["search_ms_p95"] >= row["search_ms_p50"] > 0
        for row in rows
    )


def test_scale_bench_fills_through_the_cache_and_times_the_last_turns(data, tmp_path):
    class Counting(HashEmbedder):
        texts = 0

        def encode(self, texts, *, query=False):
            if not query:
                Counting.texts += len(texts)
            return super().encode(texts, query=query)

    rows = run_scale(
        lambda: MemoryHub.open(tmp_path / "d", embedder=Counting()),
        data,
        sizes=(40,),
        n_queries=2,
        n_single=1,
        timed_turns=5,
    )
    assert rows[0].cards >= 40 and rows[0].many_turns_per_s > 0
    # every turn was remembered, but the cached part embedded each distinct text only once
    assert Counting.texts < rows[0].turns + len(load_locomo(data)[0].turns)


def test_repeat_cache_gives_the_vectors_of_the_embedder_it_wraps():
    from benchmarks.fill import RepeatCache

    emb = HashEmbedder(dim=32)
    cache = RepeatCache(emb)
    texts = ["Ann: hello", "Bob: the harbour", "Ann: hello"]
    assert (cache.encode(texts) == emb.encode(texts)).all() and cache.misses == 2
    assert (cache.encode(texts[:1], query=True) == emb.encode(texts[:1], query=True)).all()
    assert cache.name == emb.name and cache.dim == emb.dim and cache.sparse(texts) == emb.sparse(texts)


def test_the_cells_bench_checks_every_search_a_partitioned_copy_answers(data, tmp_path):
    from benchmarks.cells_recall import run_cells

    def open_hub():
        hub = MemoryHub.open(tmp_path / "hub", embedder=HashEmbedder())
        # small thresholds, so a few hundred cards reach the copy and its cells
        hub.vectors.copy_min_points, hub.vectors.copy_min_queries = 50, 2
        hub.vectors.cells_min_points = 120
        return hub

    row = run_cells(open_hub, data, cards=300)
    assert row.cards >= 300 and row.batches > 0 and row.searches > 0
    # every cell is read at this size (at most 32 of them), so the pick is exact
    assert row.neighbours > 0 and row.kept == row.neighbours and row.kept_share == 1.0
