"""A shard's load reads ahead, in order, the files the engine copies into memory (#26): exactly
those files, nothing for a shard without them, the same answers after a reopen, and the child
that optimizes a large shard runs without importing the package."""

from __future__ import annotations

import subprocess
import sys

import qdrant_edge as qe

from autogen_zettel.store.qdrant_edge import EdgeIndex
from autogen_zettel.store.shard_load import IN_MEMORY, load_shard, read_ahead
from autogen_zettel.store.shardwork import _OPTIMIZE

from .conftest import point_ids, unit_vectors

DIM = 16


def _quantized_files(folder):
    return sorted((folder / "segments").glob(f"*/*/{IN_MEMORY}"))


def test_read_ahead_reads_every_quantized_segment_and_nothing_else(tmp_path):
    index = EdgeIndex(tmp_path / "e", optimize_floor=10**9)
    vectors = unit_vectors(200, DIM, 3)
    index.create("t", DIM)
    index.upsert("t", point_ids(0, 200), vectors, [([1 + i % 5], [1.0]) for i in range(200)])
    folder = index._folder("t")
    assert read_ahead(folder) == 0  # nothing optimized yet: no segment holds int8 vectors
    index.optimize("t")
    index.close()
    files = _quantized_files(folder)
    assert files, "an optimize of a quantized shard writes its int8 vectors"
    assert read_ahead(folder) == sum(f.stat().st_size for f in files) > 200 * DIM
    reopened = EdgeIndex(tmp_path / "e")  # its loads read ahead
    assert list(reopened.search("t", vectors[42], ([], []), 1).dense) == point_ids(42, 1)
    reopened.close()
    shard = load_shard(folder)  # the engine's own load, after the read
    try:
        assert shard.count(qe.CountRequest(exact=True)) == 200
    finally:
        shard.close()


def test_read_ahead_of_a_shard_without_quantization_or_folder_reads_nothing(tmp_path):
    index = EdgeIndex(tmp_path / "e", quantization="none", optimize_floor=10**9)
    index.create("plain", DIM)
    index.upsert("plain", point_ids(0, 30), unit_vectors(30, DIM, 4), [([1], [1.0])] * 30)
    index.optimize("plain")
    index.close()
    assert read_ahead(index._folder("plain")) == 0
    assert read_ahead(tmp_path / "no such shard") == 0


def test_the_child_script_imports_only_the_engine():
    # the child of a large shard's optimize runs this file as a script: importing the package
    # would cost it seconds (qdrant_client, pydantic) before its work begins
    probe = (
        "import runpy, sys; sys.argv = ['x']; "
        f"runpy.run_path({str(_OPTIMIZE)!r}, run_name='not_main'); "
        "print(sorted(m for m in sys.modules if m.startswith('autogen_zettel')))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
