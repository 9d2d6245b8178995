"""The configuration of progressive recall: its size (:class:`RecallConfig`, what a user sets) and
a named preset of its ranking constants (``recall.preset``, defined in
:mod:`autogen_zettel.recall.presets`) and advanced overrides of them (:class:`RecallTuning`,
``recall.tuning``).

>>> RecallConfig(tuning={"dense_weight": 0.4}).tuning.dense_weight
0.4
>>> RecallConfig.model_validate({"threshold": 0.1})
Traceback (most recent call last):
...
autogen_zettel.base.errors.ConfigError: at key 'threshold': recall.threshold is now recall.tuning.threshold (a measured ranking default; change it only with a benchmark): move it under recall: tuning:
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, Strict, model_validator

from autogen_zettel.base.config_values import AtLeast1, Bool, Count, Number, Positive, Unit
from autogen_zettel.base.schema import Schema, rule_error

__all__ = ["RecallTuning", "RecallConfig"]


class RecallTuning(Schema):
    """Advanced: overrides of the recall preset's ranking constants. Each key left unset takes the
    preset's value (:data:`autogen_zettel.recall.presets.DEFAULT`, where each constant sits
    beside the measurement that chose it); set one only to run a benchmark
    (``python -m benchmarks locomo``, see docs/benchmarks.md): the constants were chosen on
    held-out conversations together, so one changed alone can undo what another does."""

    threshold: Unit | None = None  # fused score (0..1) below which immediate hits are dropped
    dense_weight: Unit | None = None  # share of the dense score in the fused score (the rest is lexical)
    # the dense share for a query written in Han or kana (recall/balance.py)
    unspaced_dense_weight: Unit | None = None
    candidates: AtLeast1 | None = None  # hits fetched per vector before fusion
    # how far associative unlocking spreads along links (0: no links)
    hops: Annotated[int, Strict(), Field(ge=0, le=5)] | None = None
    seeds: Count | None = None  # immediate hits that associative unlocking spreads from
    associative_share: Unit | None = None  # at most this share of k comes from the associative layer
    decay_per_hop: Unit | None = None  # activation kept per hop of associative unlocking
    recency_half_life_days: Number | None = None  # days in which a card's recency weight halves
    prefer_summary_min: Count | None = (
        None  # this many member hits of one summary become one summary hit (0: off)
    )
    speaker_boost: Unit | None = None  # a query naming a participant raises what they said by this share
    named_speaker_weight: Unit | None = None  # the weight of a named participant's name in the lexical search
    question_discount: Unit | None = (
        None  # a card that only asks ("...?") scores this share lower than one that tells
    )
    # a query naming a participant: an unlocked card someone else said passes this share less activation
    associative_focus: Unit | None = None
    dense_without_name: Bool | None = None  # a query naming a participant is embedded without the name
    # a query naming a participant whose name is in Han or kana (刘洋, or "Liu Yang" in pinyin): the
    # share of its dense vector that comes from the query with the name (the rest from the query
    # without it; recall/balance.py)
    unspaced_dense_name_share: Unit | None = None
    importance_weight: Unit | None = None  # an immediate hit scores 1 - w + w * the card's importance times
    date_boost: Number | None = None  # a query naming a time raises the hits of that period by this share
    query_map: Bool | None = None  # move the query's vector by a map learned from the tenant's own chat
    query_map_l2: Positive | None = (
        None  # how firmly that map is held near the identity (larger: a smaller move)
    )
    query_map_min_pairs: AtLeast1 | None = None  # asking messages with a reply before a map is learned
    # the activation a STRONGLY_RELATED link (the same thing said in other words) passes in the
    # associative layer, as the link kinds' weights in autogen_zettel/cards/link.py
    meaning_link_weight: Unit | None = None
    # a card said with feeling scores and passes activation 1 + affect_weight * its salience times
    affect_weight: Unit | None = None
    # a query that seeks a feeling ("what upset her?") raises the cards of that valence by this share
    affect_query_boost: Number | None = None
    # a question asking for several things: each further hit from a session already listed scores
    # (1 - session_spread) times less (recall/lists.py); 0: off
    session_spread: Unit | None = None
    # a question asking for several things: each further hit from a meaning cluster already listed
    # scores (1 - meaning_spread) times less; two hits are of one cluster when their cosine is
    # among the closest meaning_spread_share of the pool's pairs (recall/clusters.py); 0: off
    meaning_spread: Unit | None = None
    meaning_spread_share: Unit | None = None
    meaning_spread_in_session: Bool | None = None  # a cluster holds one session's hits only
    # hits of a list question re-ranked by the spreads above, from this many times k candidates
    list_pool: AtLeast1 | None = None
    # a question asking for several things about a named participant: the other speakers' hits
    # score (1 - list_owner_focus) times less (recall/lists.py); 0: off
    list_owner_focus: Unit | None = None
    # a question asking for several things searched again with the mean of its 3 best hits' vectors
    # added to its own at this weight (recall/expansion.py); 0: off
    list_expansion: Number | None = None
    # spread over an in-memory copy of every link, loaded in the background by the first recall
    preload_links: Bool | None = None
    preload_links_max: Count | None = None  # more links than this: recall keeps reading them from SQLite

    def over(self, preset: RecallTuning) -> RecallTuning:
        """``preset`` with the keys set here put over it."""
        return preset.model_copy(update=self.model_dump(exclude_none=True))


class RecallConfig(Schema):
    """Progressive recall: how many cards, in how many prompt tokens, from how much of the chat.
    The ranking constants are a named preset (``preset``); ``tuning`` overrides some of them
    (advanced, for benchmarks: :class:`RecallTuning`)."""

    k: AtLeast1 = 10  # at most this many cards per recall
    token_budget: AtLeast1 = 800  # prompt tokens for the injected recall block
    query_messages: Count = 3  # how many recent messages form an agent's recall query
    # a longer query is cut to its last this many characters (the newest words of a chat): the
    # embedder reads a few hundred tokens anyway, and lexical scoring of megabytes took seconds
    max_query_chars: AtLeast1 = 4000
    # with an LLM (simulate --llm), order the best this many candidates through it in one call
    # before the cut to k (memory/llm_rerank.py); 0: off, the offline order (every measured figure)
    llm_rerank: Annotated[int, Strict(), Field(ge=0, le=50)] = 0
    # the measured ranking constants recall uses (autogen_zettel/recall/presets.py)
    preset: Literal["default"] = "default"
    tuning: RecallTuning = Field(default_factory=RecallTuning)

    @model_validator(mode="after")
    def _one_is_no_order(self) -> RecallConfig:
        if self.llm_rerank == 1:
            raise rule_error(
                "llm_rerank", "recall.llm_rerank orders 2 to 50 candidates, or 0 (off); 1 orders nothing"
            )
        return self

    @model_validator(mode="before")
    @classmethod
    def _moved_to_tuning(cls, data: Any) -> Any:
        moved = [key for key in RecallTuning.model_fields if isinstance(data, dict) and key in data]
        if moved:
            raise rule_error(
                moved[0],
                f"recall.{moved[0]} is now recall.tuning.{moved[0]} (a measured ranking "
                "default; change it only with a benchmark): move it under recall: tuning:",
            )
        return data
