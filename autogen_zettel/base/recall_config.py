"""The configuration of progressive recall: its size (:class:`RecallConfig`, what a user sets) and
its ranking constants (:class:`RecallTuning`, measured defaults under ``recall.tuning``).

>>> RecallConfig(k=5).tuning.dense_weight
0.5
>>> RecallConfig.model_validate({"threshold": 0.1})
Traceback (most recent call last):
...
autogen_zettel.base.errors.ConfigError: at key 'threshold': recall.threshold is now recall.tuning.threshold (a measured ranking default; change it only with a benchmark): move it under recall: tuning:
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field, Strict, model_validator

from autogen_zettel.base.config_values import AtLeast1, Bool, Count, Number, Positive, Unit
from autogen_zettel.base.schema import Schema, rule_error

__all__ = ["RecallTuning", "RecallConfig"]


class RecallTuning(Schema):
    """Ranking constants of progressive recall: measured defaults; change only with a benchmark
    (``python -m benchmarks locomo``, see docs/benchmarks.md). Each was chosen on held-out
    conversations together with the others, so one changed alone can undo what another does."""

    threshold: Unit = 0.05  # fused score (0..1) below which immediate hits are dropped
    # share of the dense score in the fused score (the rest is lexical); the dense query leaves a
    # named participant out (dense_without_name), so both searches count alike
    dense_weight: Unit = 0.5
    candidates: AtLeast1 = 100  # hits fetched per vector before fusion
    # how far associative unlocking spreads along links (0: no links); each hop multiplies the frontier
    hops: Annotated[int, Strict(), Field(ge=0, le=5)] = 2
    seeds: Count = 40  # immediate hits that associative unlocking spreads from
    associative_share: Unit = 0.5  # at most this share of k comes from the associative layer
    decay_per_hop: Unit = 0.5
    recency_half_life_days: Number = 90.0
    prefer_summary_min: Count = 3  # this many member hits of one summary become one summary hit (0: off)
    # a query naming a participant raises what they said by this share; speaker focus, not the
    # name's words, carries the name (the next three keys)
    speaker_boost: Unit = 0.5
    # the weight of a participant's name, when the query names one, in its lexical search (1: as any
    # word; below 1 speaker focus carries the name instead)
    named_speaker_weight: Unit = 0.0
    # a card that only asks ("...?") scores this share lower than one that tells
    question_discount: Unit = 0.3
    # a query naming a participant: an unlocked card someone else said passes this share less of
    # the activation it received (0: off); their replies to the participant ("You (Mel) put so much
    # into it") took the places of the participant's own cards from other sessions
    associative_focus: Unit = 0.5
    # a query naming a participant is embedded without the name (speaker focus carries it): cards
    # are embedded as "Mel: ...", so the name alone made short cards of theirs ("Mel: I'm obsessed
    # with those") look like answers to every question about them
    dense_without_name: Bool = True
    # an immediate hit scores 1 - importance_weight + importance_weight * the card's importance
    # times (0: off): among the cards that match, the ones that say something come first
    importance_weight: Unit = 1.0
    # a query that names a time ("in May 2023", "last year", "2023年5月") raises by this share the
    # immediate hits made in that period or naming a date in it (recall/when.py; 0: off)
    date_boost: Number = 2.0
    # evidence across sessions: each further hit of a session already holding places scores this
    # share less per place (recall/spread_sessions.py, over the best 2k; 0: off)
    session_spread: Unit = 0.0
    # a question that names two or more participants ("did Jon and Gina both ...?") also searches
    # once per participant, the others' names left out, and its list and theirs are fused by
    # reciprocal rank, the participants' lists weighing this much together (recall/passes.py;
    # 0: off); with aspect_parts also the parts a conjunction joins ("hiking and painting", 书法和绘画)
    aspect_weight: Number = 0.0
    aspect_parts: Bool = False
    # a second look (0: off): the terms that two or more of the best second_hop_seeds hits share and
    # the question lacks join its lexical query at this weight, and the hits of that search from
    # sessions the seeds did not come from enter at second_hop_discount times their score
    second_hop: Number = 0.0
    second_hop_seeds: AtLeast1 = 5
    second_hop_discount: Unit = 0.8
    # a reply borrows this share of how far the message it replies to lies above the weakest dense
    # candidate (recall/reply_context.py: "What's the band?" -> "Summer Sounds"; 0: off)
    reply_context: Number = 0.0
    # move the query's vector by a linear map learned from the tenant's own messages that ask and
    # the replies others gave them (recall/query_map.py), once it holds query_map_min_pairs such
    # pairs; query_map_l2 holds the map near the identity (larger: a smaller move)
    query_map: Bool = True
    query_map_l2: Positive = 0.1
    query_map_min_pairs: AtLeast1 = 32
    # a card said with feeling (autogen_zettel.cards.affect) scores and passes activation 1 +
    # affect_weight * its salience times (0: off); a query that seeks a feeling ("what upset her?",
    # "什么让她难过") raises the cards of that valence by affect_query_boost (recall/weights.py)
    affect_weight: Unit = 0.0
    affect_query_boost: Number = 0.5
    # load every card's links into a compact in-memory adjacency (about 26 bytes a link), in a
    # background thread begun by the first recall, and spread over it instead of reading each
    # frontier card's links from SQLite the first time; SQLite serves until it is loaded
    preload_links: Bool = True
    preload_links_max: Count = 5_000_000  # more links than this: recall keeps reading them from SQLite


class RecallConfig(Schema):
    """Progressive recall: how many cards, in how many prompt tokens, from how much of the chat.
    The ranking constants are in ``tuning`` (:class:`RecallTuning`)."""

    k: AtLeast1 = 10  # at most this many cards per recall
    token_budget: AtLeast1 = 800  # prompt tokens for the injected recall block
    query_messages: Count = 3  # how many recent messages form an agent's recall query
    # a longer query is cut to its last this many characters (the newest words of a chat): the
    # embedder reads a few hundred tokens anyway, and lexical scoring of megabytes took seconds
    max_query_chars: AtLeast1 = 4000
    tuning: RecallTuning = Field(default_factory=RecallTuning)

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
