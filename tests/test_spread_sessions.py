"""Evidence across sessions: the second look at the best candidates that gives way to sessions
not yet represented (recall/spread_sessions.py, ``recall.tuning.session_spread``)."""

from datetime import datetime, timedelta

from autogen_zettel import HashEmbedder, MemoryHub
from autogen_zettel.base.cards import Card, CardKind, Hit
from autogen_zettel.base.config import MemoryConfig
from autogen_zettel.recall.spread_sessions import spread_sessions

T0 = datetime(2023, 5, 1, 9)


def _hit(cid, session, score):
    return Hit(Card(cid, cid, CardKind.FACT, "Mel", T0, (cid,), session_id=session), score, "immediate")


def test_further_hits_of_a_held_session_give_way_and_nothing_is_lost():
    hits = [
        _hit("a", "s1", 1.0),
        _hit("b", "s1", 0.95),
        _hit("c", "s1", 0.9),
        _hit("d", "s2", 0.8),
        _hit("e", None, 0.5),
    ]
    out = spread_sessions(hits, 0.2)
    assert [h.card.id for h in out] == ["a", "d", "b", "c", "e"]
    assert sorted(h.card.id for h in out) == sorted(h.card.id for h in hits)
    assert [h.score for h in out] == sorted((h.score for h in out), reverse=True)
    assert out[2].score == 0.95 * 0.8  # b: its session held one place when it took its own


def test_off_at_zero_and_cards_without_a_session_are_never_discounted():
    hits = [_hit("a", "s1", 1.0), _hit("b", "s1", 0.9), _hit("c", "s2", 0.1)]
    assert spread_sessions(hits, 0.0) == hits
    loose = [_hit("x", None, 1.0), _hit("y", None, 0.9), _hit("z", "s2", 0.8)]
    assert [h.card.id for h in spread_sessions(loose, 0.5)] == ["x", "y", "z"]


def test_a_strong_enough_hit_keeps_its_place_in_a_held_session():
    hits = [_hit("a", "s1", 1.0), _hit("b", "s1", 0.99), _hit("c", "s2", 0.5)]
    assert [h.card.id for h in spread_sessions(hits, 0.1)] == ["a", "b", "c"]


def _recall(spread):
    cfg = MemoryConfig()
    tuning = cfg.recall.tuning.model_copy(
        update={"session_spread": spread, "hops": 0, "importance_weight": 0.0, "dense_weight": 0.4}
    )
    cfg = cfg.model_copy(update={"recall": cfg.recall.model_copy(update={"tuning": tuning})})
    msgs = [
        ("We camped at the lake and the camping was great.", "s1"),
        ("The lake camping trip had a great campfire.", "s1"),
        ("Camping at the lake again, the tent was great.", "s1"),
        ("We went camping at a lake, the hike was great.", "s2"),
        ("I bought new shoes for work.", "s3"),
    ]
    with MemoryHub.open(memory=True, embedder=HashEmbedder(), config=cfg) as hub:
        mem = hub.tenant("t")
        mem.remember_many(
            [
                {
                    "text": t,
                    "speaker": "Mel",
                    "message_id": f"m{n}",
                    "session_id": s,
                    "at": T0 + timedelta(days=n),
                }
                for n, (t, s) in enumerate(msgs)
            ]
        )
        return [
            h.card.source_ids[0]
            for h in mem.recall(
                "Where did Mel go camping at the lake, great?", k=2, at=T0 + timedelta(days=9)
            )
        ]


def test_recall_gives_the_second_place_to_another_session_only_with_the_spread():
    assert _recall(0.0) == ["m0", "m2"]  # two places, both of the session that matches best
    assert _recall(0.5) == ["m0", "m3"]
