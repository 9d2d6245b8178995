"""The dense share of the hybrid fusion per query's script (recall/balance.py)."""

from __future__ import annotations

import pytest

from autogen_zettel.recall.balance import dense_share, unspaced_share
from autogen_zettel.recall.presets import DEFAULT


@pytest.mark.parametrize(
    "query",
    ["What did Melanie paint last May?", "Где работает Анна?", "Wo arbeitet Anna 2023?", "؟أين تعمل", "!!"],
)
def test_queries_in_spaced_scripts_keep_the_dense_weight(query):
    cfg = DEFAULT
    assert dense_share(query, cfg.dense_weight, cfg.unspaced_dense_weight) == cfg.dense_weight


def test_han_and_kana_queries_lean_on_the_dense_half():
    cfg = DEFAULT
    assert cfg.unspaced_dense_weight > cfg.dense_weight
    for query in ("刘洋的太太在哪儿上班？", "田中さんの猫の名前は？", "カレーが好き"):
        assert unspaced_share(query) == 1.0
        assert dense_share(query, cfg.dense_weight, cfg.unspaced_dense_weight) == cfg.unspaced_dense_weight
    mixed = dense_share("Where does 刘洋's wife work?", cfg.dense_weight, cfg.unspaced_dense_weight)
    assert cfg.dense_weight < mixed < cfg.unspaced_dense_weight
