"""Named presets of recall's ranking constants: measured values, not user settings. A config
picks one by name (``recall.preset``); ``recall.tuning`` overrides single constants for a
benchmark (:class:`~autogen_zettel.base.recall_config.RecallTuning`). :func:`tuning_of` is what
recall reads.

The constants of :data:`DEFAULT` were chosen together by leave-one-conversation-out tuning on
LoCoMo dev (``benchmarks/run_locomo_cv.py``; figures and the experiments behind each on
docs/benchmarks.md): change one only with that benchmark, since one changed alone can undo what
another does.

>>> from autogen_zettel.base.config import MemoryConfig
>>> tuning_of(MemoryConfig()).dense_weight
0.5
>>> tuning_of(MemoryConfig.model_validate({"recall": {"tuning": {"hops": 1}}})).hops
1
"""

from __future__ import annotations

from autogen_zettel.base.cards import LinkKind
from autogen_zettel.base.config import MemoryConfig
from autogen_zettel.base.recall_config import RecallTuning
from autogen_zettel.cards.link import KIND_WEIGHT

__all__ = ["DEFAULT", "PRESETS", "link_weights", "tuning_of"]

DEFAULT = RecallTuning(
    threshold=0.05,  # fused score (0..1) below which immediate hits are dropped
    # the dense share of the fused score (the rest is lexical); the dense query leaves a named
    # participant out (dense_without_name), so both searches count alike
    dense_weight=0.5,
    # a query in Han or kana leans on the dense half: its character bigrams match function words
    # more than meaning (recall/balance.py; chosen on the Chinese set's tuning split)
    unspaced_dense_weight=0.7,
    candidates=100,  # hits fetched per vector before fusion
    hops=2,  # each hop multiplies the frontier
    seeds=40,
    associative_share=0.5,
    decay_per_hop=0.5,
    recency_half_life_days=90.0,
    # off: grouping a session's hits under its summary lists its lower members at the place of its
    # best one, ahead of other sessions' better hits. Once sessions have ended (the library path ends
    # them, #40) it cost LoCoMo dev R@5 72.7 -> 69.1 and multi-hop 56.7 -> 50.2, REALTALK R@5 57.8 ->
    # 52.3 and multi-hop 44.8 -> 37.8 (docs/benchmarks.md, "Session summaries and recall"); 3 groups
    prefer_summary_min=0,
    # a query naming a participant raises what they said by this share; speaker focus, not the
    # name's words, carries the name (named_speaker_weight 0: the name matched every card
    # addressed to them, "Yep, Melanie!", and those took the places of the sessions asked about)
    # 0.8 since #41 (2026-12-05): re-chosen leave one conversation out on the current code, every
    # LoCoMo fold took 0.8 and REALTALK's 0.8 once, 1.0 four times (was 0.5)
    speaker_boost=0.8,
    named_speaker_weight=0.0,
    question_discount=0.3,  # a card that only asks scores lower than one that tells
    # an unlocked card someone else said passes less activation: their replies to the participant
    # ("You (Mel) put so much into it") took the places of the participant's own cards
    associative_focus=0.5,
    # cards are embedded as "Mel: ...", so the name alone made short cards of theirs ("Mel: I'm
    # obsessed with those") look like answers to every question about them
    dense_without_name=True,
    # ...but a query naming someone whose name is in Han or kana (in any language, pinyin too) is
    # embedded both ways and the two vectors mixed, this share from the one with the name: e5
    # matches a Chinese name's characters more than the meaning ("刘洋的太太在哪儿上班？" finds
    # 刘洋's other messages), yet the name also tells it whose words answer (chosen on the Chinese
    # set's tuning split; recall/balance.py)
    unspaced_dense_name_share=0.5,
    importance_weight=1.0,  # among the cards that match, the ones that say something come first
    date_boost=2.0,  # "in May 2023", "last year", "2023年5月": the hits of that period (recall/when.py)
    # the query moved by a linear map learned from the tenant's own asking messages and the replies
    # others gave them (recall/query_map.py), once it holds min_pairs such pairs
    query_map=True,
    query_map_l2=0.1,
    query_map_min_pairs=32,
    # a card said with feeling (autogen_zettel.cards.affect) scores and passes activation
    # 1 + affect_weight * its salience times (off: on LoCoMo dev it cost multi-hop recall,
    # benchmarks/run_affect_locomo.py); a query that seeks a feeling ("what upset her?",
    # "什么让她难过") raises the cards of that valence by affect_query_boost (recall/weights.py)
    affect_weight=0.0,
    affect_query_boost=0.5,
    # the activation STRONGLY_RELATED links pass in the associative layer (WEAKLY_RELATED pass
    # none). Off: with e5 (its cosines on MiniLM's scale, embed/scale.py) every LoCoMo dev fold
    # took 0.1 (held out R@10 +0.2) and REALTALK's did too (+0.2), but the Chinese set's tune
    # split fell from 65 to 56 of 86, and with MiniLM every fold took 0 (docs/benchmarks.md)
    meaning_link_weight=0.0,
    # a list question's hits spread over sessions (recall/lists.py). Off: chosen per fold with
    # e5+minilm, every LoCoMo dev fold took 0 (0.2 costs about 0.7 R@10), every REALTALK dev fold
    # 0.2-0.4 (held out R@10 +0.3, multi-hop +0.8, session R@10 +3.4); docs/benchmarks.md
    session_spread=0.0,
    # a list question's hits spread over meaning clusters (recall/clusters.py): each further hit of
    # a cluster already listed scores (1 - meaning_spread) times less; a cluster is the hits within
    # the closest meaning_spread_share of the pool's pairwise cosines (in one session only with
    # meaning_spread_in_session). Off: held out (e5+minilm) every fold of both dev sets took 0, a
    # list question's evidence being alike (80% of its pairs closer than the pool's median); bound
    # to one session, REALTALK's folds took 0.2 and LoCoMo's mostly 0 (docs/benchmarks.md)
    meaning_spread=0.0,
    meaning_spread_share=0.1,
    meaning_spread_in_session=False,
    # a list question naming a participant: the other speakers' hits score (1 - this) times less
    # (recall/lists.py). Off: held out multi-hop +0.2 / +0.3, but LoCoMo R@10 -0.3 (its
    # adversarial questions name the wrong person)
    list_owner_focus=0.0,
    list_pool=3,  # the re-ranks above (and session_spread) take this many times k candidates
    # a list question searched again, the mean of its 3 best hits' vectors added to the question's
    # at this weight (recall/expansion.py). Off: every fold of both dev sets took 0 (0.15, 0.3)
    list_expansion=0.0,
    # links held in a compact in-memory adjacency (about 26 bytes a link), loaded in a background
    # thread begun by the first recall; SQLite serves until it is loaded
    preload_links=True,
    preload_links_max=5_000_000,
)

PRESETS: dict[str, RecallTuning] = {"default": DEFAULT}


def tuning_of(config: MemoryConfig) -> RecallTuning:
    """The ranking constants recall uses under ``config``: its preset with ``recall.tuning``'s
    overrides put over it (every key set)."""
    recall = config.recall
    return recall.tuning.over(PRESETS[recall.preset])


def link_weights(tuning: RecallTuning) -> dict[LinkKind, float]:
    """The activation each link kind passes in the associative layer under ``tuning``: the kinds'
    weights (:data:`~autogen_zettel.cards.link.KIND_WEIGHT`) with STRONGLY_RELATED's from
    ``meaning_link_weight``.

    >>> tuned = RecallTuning(meaning_link_weight=0.1).over(DEFAULT)
    >>> link_weights(tuned)[LinkKind.STRONGLY_RELATED], link_weights(tuned)[LinkKind.REPLY_TO]
    (0.1, 0.6)
    """
    return {**KIND_WEIGHT, LinkKind.STRONGLY_RELATED: tuning.meaning_link_weight}
