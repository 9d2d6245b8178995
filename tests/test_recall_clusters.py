"""A list question's hits gathered per meaning cluster (#41, recall/clusters.py) and its
pseudo-relevance expansion (recall/expansion.py)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import numpy as np

from autogen_zettel import MemoryHub
from autogen_zettel.base.cards import Card, CardKind, Hit
from autogen_zettel.base.config import config_from_dict
from autogen_zettel.embed.embedders import HashEmbedder
from autogen_zettel.recall.clusters import meaning_clusters, spread_meanings

T0 = datetime(2026, 3, 1, 9, tzinfo=timezone.utc)


def _hit(n: int, score: float) -> Hit:
    card = Card(f"c{n}", f"card {n}", CardKind.FACT, "Ada", T0, (f"m{n}",), session_id="s1")
    return Hit(card=card, score=score, layer="immediate")


def test_near_paraphrases_share_a_cluster_and_the_next_meaning_moves_up():
    vectors = {
        "c1": np.array([1.0, 0.0, 0.0]),
        "c2": np.array([0.98, 0.05, 0.0]),  # c1 said again
        "c3": np.array([0.97, 0.0, 0.05]),  # and again
        "c4": np.array([0.0, 1.0, 0.0]),
        "c5": np.array([0.0, 0.0, 1.0]),
    }
    hits = [_hit(1, 1.0), _hit(2, 0.9), _hit(3, 0.85), _hit(4, 0.6), _hit(5, 0.5)]
    cluster = meaning_clusters([h.card.id for h in hits], vectors, share=0.3)
    assert cluster["c2"] == cluster["c3"] == "c1" and {cluster["c4"], cluster["c5"]} == {"c4", "c5"}
    assert [h.card.id for h in spread_meanings(hits, vectors, 0.0, share=0.3)] == [
        "c1",
        "c2",
        "c3",
        "c4",
        "c5",
    ]
    # one session: the session spread could not tell these apart, the meaning spread does
    assert [h.card.id for h in spread_meanings(hits, vectors, 0.5, share=0.3)] == [
        "c1",
        "c4",
        "c5",
        "c2",
        "c3",
    ]


SAID = [(f"s{n}", f"We went camping by the lake again, tent and campfire, trip {n}.") for n in range(6)] + [
    ("s6", "Took the kids to a pottery class, we made bowls together."),
    ("s7", "The whole family spent Sunday at the science museum."),
    ("s8", "My daughter and I painted a sunset last weekend."),
]
QUESTION = "What activities has Ada done with her family, camping and what else?"


def _recalled(tuning: dict) -> list[Hit]:
    cfg = config_from_dict({"recall": {"tuning": tuning}})
    with MemoryHub.open(memory=True, embedder=HashEmbedder(64), config=cfg) as hub:
        mem = hub.tenant("ada")
        for n, (session, text) in enumerate(SAID):
            mem.remember(
                text, speaker="Ada", session_id=session, message_id=f"m{n}", at=T0 + timedelta(days=n)
            )
        return mem.recall(QUESTION, k=4)


def test_a_list_question_gathers_items_said_in_other_words_across_sessions():
    """Six sessions tell of camping in nearly the same words, three others of other family
    activities. Every camping trip is its own session, so the session spread cannot help; the
    meaning spread lists the other activities beside the best camping hit."""
    other = {"s6", "s7", "s8"}
    alone = {h.card.session_id for h in _recalled({})}
    spread = {h.card.session_id for h in _recalled({"meaning_spread": 0.9, "meaning_spread_share": 0.4})}
    assert len(spread & other) > len(alone & other), (alone, spread)


def test_the_expansion_leaves_a_question_for_one_thing_alone():
    one = "When did Ada go camping?"
    cfg = config_from_dict({"recall": {"tuning": {"list_expansion": 1.0}}})
    with (
        MemoryHub.open(memory=True, embedder=HashEmbedder(64), config=cfg) as hub,
        MemoryHub.open(memory=True, embedder=HashEmbedder(64)) as plain,
    ):
        ids = []
        for h in (hub, plain):
            mem = h.tenant("ada")
            for n, (session, text) in enumerate(SAID):
                mem.remember(
                    text, speaker="Ada", session_id=session, message_id=f"m{n}", at=T0 + timedelta(days=n)
                )
            ids.append([x.card.content for x in mem.recall(one, k=4)])
    assert ids[0] == ids[1]


def test_clusters_within_sessions_join_only_a_leader_of_the_same_session():
    vectors = {"a": np.array([1.0, 0.0]), "b": np.array([0.99, 0.1]), "c": np.array([0.0, 1.0])}
    sessions = {"a": "s1", "b": "s2", "c": "s1"}
    assert meaning_clusters(["a", "b", "c"], vectors, share=0.4, sessions=sessions) == {
        "a": "a",
        "b": "b",
        "c": "c",
    }
