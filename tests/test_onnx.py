"""MiniLM on ONNX Runtime gives torch's vectors, keeps torch out of the process, and falls
back to torch (with a warning) when its ONNX file cannot be cached (issue #12)."""

from __future__ import annotations

import json
import logging
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from autogen_zettel.base.config import config_from_dict
from autogen_zettel.base.errors import ConfigError
from autogen_zettel.core.embed import FlagEmbedder, _bundled_minilm
from autogen_zettel.core.onnx_embed import minilm_like
from autogen_zettel.core.onnx_export import cache_dir, folder_hash

pytestmark = pytest.mark.integration

LOCOMO = Path(__file__).resolve().parents[2] / "shared" / "data" / "locomo" / "dev.json"


def _turns(n: int) -> list[str]:
    """``n`` LoCoMo turns from every conversation, the longest ones included (truncation, padding)."""
    if not LOCOMO.is_file():
        pytest.skip(f"LoCoMo data not found at {LOCOMO}")
    from autogen_zettel.research.bench.locomo import load_locomo

    texts = [t.text for conv in load_locomo(LOCOMO) for t in conv.turns]
    longest = sorted(texts, key=len)[-20:]
    return longest + texts[:: max(1, len(texts) // (n - len(longest)))][: n - len(longest)]


def test_onnx_vectors_match_torch_and_keep_the_recorded_name(minilm):
    torch_path = FlagEmbedder(runtime="torch")
    assert minilm.runtime == "auto"
    texts = _turns(300) + ["", "x" * 3000]  # empty and over max_length too
    a, b = torch_path.encode(texts), minilm.encode(texts)
    assert minilm.backend == "onnx" and torch_path.backend == "torch"
    assert minilm.name == torch_path.name and minilm.dim == torch_path.dim == b.shape[1]
    assert b.dtype == np.float32 and np.allclose(np.linalg.norm(b, axis=1), 1.0, atol=1e-5)
    assert float((a * b).sum(1).min()) >= 0.9999
    top = lambda v: np.argsort(-(v[:50] @ v.T), axis=1, kind="stable")[:, :10]  # noqa: E731
    assert (top(a) == top(b)).all()
    q = texts[5]
    assert float(minilm.encode([q])[0] @ torch_path.encode([q])[0]) >= 0.9999  # the one-text path


def test_onnx_path_never_imports_torch(minilm, tmp_path):
    minilm.encode(["warm the cache"])  # exported (once per cache) before the child starts
    code = (
        "import sys, logging; logging.basicConfig(level=logging.WARNING)\n"
        "from autogen_zettel.core.embed import FlagEmbedder\n"
        "e = FlagEmbedder()\n"
        "v = e.encode(['hello there', 'a longer sentence about painting'])\n"
        "print(e.backend, v.shape, 'torch' in sys.modules, 'FlagEmbedding' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["onnx", "(2,", "384)", "False", "False"], out.stderr


def test_unwritable_cache_falls_back_to_torch_with_a_warning(tmp_path, caplog):
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")  # mkdir under it fails, as a read-only cache would (even as root)
    emb = FlagEmbedder(cache_dir=str(blocked / "cache"))
    with caplog.at_level(logging.WARNING, logger="autogen_zettel.core.embed"):
        v = emb.encode(["still works"])
    assert emb.backend == "torch" and v.shape == (1, 384)
    assert "on torch" in caplog.text and "a-file" in caplog.text
    assert not list(tmp_path.glob("**/.export-*"))


def test_runtime_is_a_checked_config_key():
    assert config_from_dict({}).embedding.runtime == "auto"
    assert config_from_dict({"embedding": {"runtime": "onnx", "cache_dir": "/x"}}).embedding.cache_dir == "/x"
    with pytest.raises(ConfigError, match="embedding.runtime"):
        config_from_dict({"embedding": {"runtime": "tensorrt"}})
    with pytest.raises(ConfigError, match="embedding.runtime"):
        FlagEmbedder("BAAI/bge-m3", runtime="onnx")
    with pytest.raises(ConfigError, match="embedding.runtime"):
        FlagEmbedder(quantize="int8", runtime="onnx")
    assert FlagEmbedder(quantize="int8")._wants_onnx() is False  # int8 stays on torch


def test_cache_is_keyed_by_the_folder_contents(tmp_path, monkeypatch):
    folder = tmp_path / "m"
    folder.mkdir()
    (folder / "config.json").write_text(json.dumps({"model_type": "bert", "hidden_size": 8}))
    assert not minilm_like(folder)  # no tokenizer.json
    (folder / "tokenizer.json").write_text("{}")
    assert minilm_like(folder) and minilm_like(_bundled_minilm())
    before = folder_hash(folder)
    (folder / "config.json").write_text(json.dumps({"model_type": "bert", "hidden_size": 16}))
    assert folder_hash(folder) != before
    monkeypatch.setenv("AUTOGEN_ZETTEL_CACHE_DIR", str(tmp_path / "c"))
    assert cache_dir() == tmp_path / "c" and cache_dir("/elsewhere") == Path("/elsewhere")
    monkeypatch.delenv("AUTOGEN_ZETTEL_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_dir() == tmp_path / "xdg" / "autogen-zettel"


def test_bench_embed_compares_the_runtimes(run, tmp_path):
    from .test_cli import LOCOMO as CONVERSATION

    data, out = tmp_path / "locomo.json", tmp_path / "embed.json"
    data.write_text(json.dumps([CONVERSATION]))
    r = run("bench", "embed", "--data", str(data), "--queries", "2", "--check", "8", "--repeats", "1",
            "--sizes", "4", "--rss-rounds", "1", "--json", str(out))
    assert r.exit_code == 0, r.output
    figures = json.loads(out.read_text())
    assert figures["cosine_min"] >= 0.9999 and set(figures["query_ms"]) == {"torch", "onnx"}
    assert set(figures["batch_tps"]) >= {"torch/1t", "onnx/1t", "onnx/2t", "onnx-basic/1t", "onnx-unsorted/2t"}
    assert figures["torch_imported"] == {"torch": True, "onnx": False}
