"""The learned second stage's features (benchmarks/run_locomo_rerank.py) on three hand-made hits."""

from datetime import datetime

from autogen_zettel.base.cards import Card, CardKind, Hit
from autogen_zettel.recall.when import periods_in
from benchmarks.run_locomo_rerank import features


def test_features_say_place_speaker_date_question_session_and_overlap():
    def hit(i, text, who, session, at, score, layer="immediate"):
        return Hit(
            Card(i, text, CardKind.FACT, who, at, (i,), session_id=session, importance=0.5), score, layer
        )

    hits = [
        hit("a", "We painted a sunset in July.", "Mel", "s1", datetime(2023, 7, 3), 2.0),
        hit("b", "Did you paint it?", "Ann", "s1", datetime(2023, 7, 3), 1.0, "associative"),
        hit("c", "Nice weather today.", "Ann", "s2", datetime(2023, 8, 1), 0.5),
    ]
    query = "What did Mel paint in July 2023?"
    X = features(query, hits, {"Mel"}, periods_in(query, datetime(2023, 10, 1)))
    assert X.shape == (3, 11)
    assert list(X[:, 0]) == [1.0, 0.5, 1 / 3]  # 1 / (1 + place)
    assert list(X[:, 2]) == [1.0, 0.5, 0.25]  # score over the first hit's
    assert list(X[:, 3]) == [0.0, 1.0, 0.0]  # associative
    assert list(X[:, 5]) == [1.0, 0.0, 0.0]  # said by the participant the query names
    assert list(X[:, 6]) == [1.0, 1.0, 0.0]  # made in July 2023
    assert list(X[:, 7]) == [0.0, 1.0, 0.0]  # only asks
    assert list(X[:, 8]) == [0.0, 1.0, 0.0]  # better hits of its session
    assert X[0, 9] > X[2, 9] == 0.0  # share of the query's words
