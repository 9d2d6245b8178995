"""Damage to the default engine's (qdrant-edge) files is noticed on open, named with the fix,
and `autogen-zettel verify` compares the index with SQLite (#25 item 6)."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from autogen_zettel import HashEmbedder, MemoryHub, SimulatedClock
from autogen_zettel.base.cards import Message
from autogen_zettel.base.config import config_from_dict
from autogen_zettel.base.errors import StoreCorrupt
from autogen_zettel.cli.main import main
from autogen_zettel.memory.tenant import tenant_parts
from autogen_zettel.memory.verify import verify_tenant
from tests.conftest import T0

N = 200


def _cfg(quantized: bool):
    return config_from_dict(
        {"embedding": {"model": "hash-128"}, "vectors": {"quantization": "int8" if quantized else "none"}}
    )


def _open(data: Path, quantized: bool):
    return MemoryHub.open(data, embedder=HashEmbedder(), clock=SimulatedClock(T0), config=_cfg(quantized))


@pytest.fixture(scope="module", params=[False, True], ids=["appendable", "optimized"])
def clean(request, tmp_path_factory):
    """A closed data folder of N cards on qdrant-edge; optimized: quantized and optimized (immutable
    segments: matrix.dat, id_tracker.*)."""
    data = tmp_path_factory.mktemp("clean") / "data"
    with _open(data, request.param) as hub:
        assert hub.vectors.engine == "edge"
        mem = hub.tenant("ann")
        mem.remember_many(
            [
                Message(f"Fact {i} about topic {i % 37} in place {i % 11}.", "ann", f"m{i}", at=T0)
                for i in range(N)
            ]
        )
        if request.param:
            hub.vectors.optimize("ann")
    return data, request.param


def _copy(clean, tmp_path) -> Path:
    data = tmp_path / "data"
    shutil.copytree(clean[0], data)
    return data


def _shard(data: Path) -> Path:
    return data / "edge" / "zettel_ann"


def _flip(path: Path, seed: int = 0, n: int = 16) -> None:
    raw = bytearray(path.read_bytes())
    rng = random.Random(seed)
    for _ in range(n):
        i = rng.randrange(len(raw))
        raw[i] ^= 0xFF
    path.write_bytes(bytes(raw))


def _files(data: Path, pattern: str) -> list[Path]:
    return sorted(_shard(data).glob(f"segments/*/{pattern}"))


DAMAGE = {
    "segment.json": lambda d: _files(d, "segment.json")[0].write_text("{not json"),
    "edge_config.json": lambda d: (_shard(d) / "edge_config.json").write_text('{"vectors": '),
    "edge_config.json emptied": lambda d: (_shard(d) / "edge_config.json").write_text(""),
    "vectors flipped": lambda d: _flip(
        (
            _files(d, "vector_storage-dense/vectors/chunk_0.mmap")
            or _files(d, "vector_storage-dense/matrix.dat")
        )[0]
    ),
    "matrix.dat flipped": lambda d: _flip(
        (
            _files(d, "vector_storage-dense/matrix.dat")
            or _files(d, "vector_storage-dense/vectors/chunk_0.mmap")
        )[0]
    ),
    "id tracker mappings flipped": lambda d: _flip(
        (_files(d, "mutable_id_tracker.mappings") or _files(d, "id_tracker.e2i"))[0]
    ),
    "id tracker versions flipped": lambda d: _flip(
        (_files(d, "mutable_id_tracker.versions") or _files(d, "id_tracker.versions"))[0]
    ),
    "id tracker truncated": lambda d: [
        p.write_bytes(p.read_bytes()[:7])
        for p in (_files(d, "mutable_id_tracker.mappings") or _files(d, "id_tracker.i2e"))[:1]
    ],
}


@pytest.mark.parametrize("damage", list(DAMAGE))
def test_damage_is_noticed_on_open_with_the_fix_and_reindex_repairs_it(clean, tmp_path, damage):
    data = _copy(clean, tmp_path)
    DAMAGE[damage](data)
    with _open(data, clean[1]) as hub:
        with pytest.raises(StoreCorrupt) as info:
            hub.tenant("ann").recall("topic 5 in place 3")
        message = str(info.value)
        assert "autogen-zettel reindex ann" in message and str(_shard(data)) in message
        assert hub.reindex("ann") == N
        assert hub.tenant("ann").recall("topic 5 in place 3")
        assert verify_tenant(hub, "ann").ok


def test_verify_names_damage_and_the_fix_on_the_cli(clean, tmp_path):
    data = _copy(clean, tmp_path)
    cfg = tmp_path / "cfg.yaml"
    cfg.write_text("embedding:\n  model: hash-256\n")
    args = ["--data-dir", str(data), "--config", str(cfg), "verify", "ann"]
    ok = CliRunner().invoke(main, args)
    assert ok.exit_code == 0 and "ann: ok" in ok.output, ok.output
    DAMAGE["id tracker versions flipped"](data)
    bad = CliRunner().invoke(main, args)
    assert bad.exit_code == 4 and "DAMAGED" in bad.output and "autogen-zettel reindex ann" in bad.output, (
        bad.output
    )


def test_verify_finds_points_lost_without_a_trace(clean, tmp_path):
    data = _copy(clean, tmp_path)
    with _open(data, clean[1]) as hub:
        mem = hub.tenant("ann")
        victim = sorted(tenant_parts(mem).db.searchable_ids())[:3]
        hub.vectors.delete("ann", victim)  # behind SQLite's back, as lost writes or a swapped file would
        report = verify_tenant(hub, "ann")
        assert not report.ok and report.fix == "autogen-zettel reindex ann"
        assert any("3 cards are missing" in p for p in report.problems)
