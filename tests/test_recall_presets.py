"""Recall's ranking constants are a named preset (recall/presets.py), not user settings:
``recall.preset`` names it, ``recall.tuning`` overrides single constants for a benchmark, and the
preset holds the values measured before they moved there (#38), so no figure moves."""

from __future__ import annotations

import pytest

from autogen_zettel.base.config import MemoryConfig
from autogen_zettel.base.errors import ConfigError
from autogen_zettel.recall.presets import DEFAULT, E5, PRESETS, preset_name, tuning_of

# the defaults of recall.tuning before the move (commit 5c6210e), the passes removed in #38 aside
MEASURED = {
    "threshold": 0.05,
    "dense_weight": 0.5,
    "unspaced_dense_weight": 0.7,
    "candidates": 100,
    "hops": 2,
    "seeds": 40,
    "associative_share": 0.5,
    "decay_per_hop": 0.5,
    "recency_half_life_days": 90.0,
    "prefer_summary_min": 3,
    "speaker_boost": 0.5,
    "named_speaker_weight": 0.0,
    "question_discount": 0.3,
    "associative_focus": 0.5,
    "dense_without_name": True,
    "importance_weight": 1.0,
    "date_boost": 2.0,
    "query_map": True,
    "query_map_l2": 0.1,
    "query_map_min_pairs": 32,
    "preload_links": True,
    "preload_links_max": 5_000_000,
}


def test_the_default_preset_holds_the_measured_values_and_sets_every_key():
    assert DEFAULT.model_dump() == MEASURED
    assert PRESETS["default"] is DEFAULT
    assert tuning_of(MemoryConfig.model_validate({"embedding": {"model": "minilm"}})) == DEFAULT


def test_an_override_changes_only_its_keys():
    cfg = MemoryConfig.model_validate(
        {"embedding": {"model": "minilm"}, "recall": {"tuning": {"hops": 1, "date_boost": 0.0}}}
    )
    got = tuning_of(cfg).model_dump()
    assert got == {**MEASURED, "hops": 1, "date_boost": 0.0}
    assert DEFAULT.hops == 2  # the preset itself is left alone


def test_an_unknown_preset_or_a_bad_override_is_refused_with_the_key():
    with pytest.raises(ConfigError, match="recall.preset"):
        MemoryConfig.model_validate({"recall": {"preset": "fast"}})
    with pytest.raises(ConfigError, match="recall.tuning.dense_weight"):
        MemoryConfig.model_validate({"recall": {"tuning": {"dense_weight": 1.5}}})


# what leave-one-conversation-out tuning on LoCoMo dev with --embedder e5 re-chose (every other
# constant is DEFAULT's, chosen with MiniLM)
E5_CHOSEN = {"seeds": 20}


def test_auto_takes_the_preset_measured_for_the_embedder():
    assert MemoryConfig().recall.preset == "auto"
    assert preset_name(MemoryConfig()) == "e5"  # e5 is the default embedder
    for model in ("e5", "multilingual-e5-small", "intfloat/multilingual-e5-small"):
        cfg = MemoryConfig.model_validate({"embedding": {"model": model}})
        assert tuning_of(cfg) == E5, model
    for model in ("minilm", "BAAI/bge-m3", "hash"):
        cfg = MemoryConfig.model_validate({"embedding": {"model": model}})
        assert tuning_of(cfg) == DEFAULT, model


def test_the_e5_preset_differs_from_default_only_where_it_was_re_chosen():
    assert PRESETS["e5"] is E5
    assert E5.model_dump() == {**MEASURED, **E5_CHOSEN}
    assert DEFAULT.model_dump() == MEASURED  # made from DEFAULT, not by changing it


def test_a_named_preset_wins_over_auto_and_overrides_still_apply():
    e5_default = MemoryConfig.model_validate({"recall": {"preset": "default"}})
    assert tuning_of(e5_default) == DEFAULT
    minilm_e5 = MemoryConfig.model_validate({"embedding": {"model": "minilm"}, "recall": {"preset": "e5"}})
    assert tuning_of(minilm_e5) == E5
    seeds = MemoryConfig.model_validate({"recall": {"tuning": {"seeds": 40}}})
    assert tuning_of(seeds) == DEFAULT  # the one re-chosen key put back: nothing else differs
