"""Recall's ranking constants are a named preset (recall/presets.py), not user settings:
``recall.preset`` names it, ``recall.tuning`` overrides single constants for a benchmark, and the
preset holds the values measured before they moved there (#38), so no figure moves."""

from __future__ import annotations

import pytest

from autogen_zettel.base.config import MemoryConfig
from autogen_zettel.base.errors import ConfigError
from autogen_zettel.recall.presets import DEFAULT, PRESETS, tuning_of

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
    # #41: grouping under session summaries turned off, measured with the sessions ended (it was 3)
    "prefer_summary_min": 0,
    "speaker_boost": 0.8,  # #41: re-chosen per fold on both dev sets (it was 0.5)
    "named_speaker_weight": 0.0,
    "question_discount": 0.3,
    "associative_focus": 0.5,
    "dense_without_name": True,
    "unspaced_dense_name_share": 0.5,  # #39: the name's share of a Han or kana query's dense vector
    "importance_weight": 1.0,
    "date_boost": 2.0,
    "query_map": True,
    "query_map_l2": 0.1,
    "query_map_min_pairs": 32,
    # affect (#43, branch f-affect's recall.tuning defaults, benchmarks/run_affect_locomo.py)
    "affect_weight": 0.0,
    "affect_query_boost": 0.5,
    "preload_links": True,
    "preload_links_max": 5_000_000,
    # KIND_WEIGHT's STRONGLY_RELATED weight (0.0), moved into the preset (#39)
    "meaning_link_weight": 0.0,
    # #41: list questions spread over sessions, off (LoCoMo's folds all took 0, REALTALK's 0.2-0.4)
    "session_spread": 0.0,
    # #41: list questions spread over meaning clusters, off until measured held out
    "meaning_spread": 0.0,
    "meaning_spread_share": 0.1,
    "meaning_spread_in_session": False,
    "list_owner_focus": 0.0,
    "list_pool": 3,
    "list_expansion": 0.0,
}


def test_the_default_preset_holds_the_measured_values_and_sets_every_key():
    assert DEFAULT.model_dump() == MEASURED
    assert PRESETS["default"] is DEFAULT
    assert tuning_of(MemoryConfig()) == DEFAULT


def test_an_override_changes_only_its_keys():
    cfg = MemoryConfig.model_validate({"recall": {"tuning": {"hops": 1, "date_boost": 0.0}}})
    got = tuning_of(cfg).model_dump()
    assert got == {**MEASURED, "hops": 1, "date_boost": 0.0}
    assert DEFAULT.hops == 2  # the preset itself is left alone


def test_an_unknown_preset_or_a_bad_override_is_refused_with_the_key():
    with pytest.raises(ConfigError, match="recall.preset"):
        MemoryConfig.model_validate({"recall": {"preset": "fast"}})
    with pytest.raises(ConfigError, match="recall.tuning.dense_weight"):
        MemoryConfig.model_validate({"recall": {"tuning": {"dense_weight": 1.5}}})
