"""Recall weighs immediate hits by the card's importance (``recall.tuning.importance_weight``,
recall/progressive.py): among the cards that match, the ones that say something come first."""

from datetime import datetime, timedelta

import pytest

from autogen_zettel import HashEmbedder, MemoryHub
from autogen_zettel.base.cards import Card, CardKind
from autogen_zettel.base.config import MemoryConfig
from autogen_zettel.base.errors import ConfigError
from autogen_zettel.recall.weights import weigh_importance

T0 = datetime(2024, 3, 1, 9)

BOOKS = [
    ("Books, books, books!", "Ann", "a1"),
    (
        "I finished Dune by Frank Herbert last week, a long story about deserts, religion and ecology, "
        "my favourite of all the books I own.",
        "Ann",
        "a2",
    ),
]


def _recall(msgs, query, **recall):
    cfg = MemoryConfig()
    cfg = cfg.model_copy(
        update={
            "recall": cfg.recall.model_copy(
                update={"tuning": cfg.recall.tuning.model_copy(update={"hops": 0, **recall})}
            )
        }
    )
    with MemoryHub.open(memory=True, embedder=HashEmbedder(), config=cfg) as hub:
        mem = hub.tenant("t")
        mem.remember_many(
            [
                {
                    "text": t,
                    "speaker": who,
                    "message_id": i,
                    "session_id": "s1",
                    "at": T0 + timedelta(minutes=n),
                }
                for n, (t, who, i) in enumerate(msgs)
            ]
        )
        hits = mem.recall(query, k=2, at=T0 + timedelta(days=1))
        return [h.card.source_ids[0] for h in hits], {h.card.source_ids[0]: h.card.importance for h in hits}


def test_the_card_that_says_something_passes_the_one_that_only_repeats_the_word():
    order, importance = _recall(BOOKS, "books?", importance_weight=0.0)
    assert order == ["a1", "a2"]  # "books" three times in three words wins the lexical search
    assert importance["a2"] > importance["a1"]
    assert _recall(BOOKS, "books?", importance_weight=1.0)[0] == ["a2", "a1"]


def _card(cid: str, importance: float) -> Card:
    return Card(cid, cid, CardKind.FACT, "Ann", T0, (cid,), importance=importance)


def test_weigh_importance_scales_by_importance_and_resorts():
    cards = {"chat": _card("chat", 0.3), "fact": _card("fact", 1.0)}
    weighed = weigh_importance([("chat", 1.0), ("fact", 0.5), ("gone", 0.4)], cards, 1.0)
    assert weighed == [("fact", 0.5), ("gone", 0.4), ("chat", 0.3)]  # a card not looked up keeps its score


def test_weigh_importance_at_zero_changes_nothing():
    immediate = [("chat", 1.0), ("fact", 0.5)]
    assert (
        weigh_importance(immediate, {"chat": _card("chat", 0.3), "fact": _card("fact", 1.0)}, 0.0)
        == immediate
    )


@pytest.mark.parametrize("value", [-0.1, 1.5])
def test_importance_weight_outside_0_1_is_refused(value):
    with pytest.raises(ConfigError, match="importance_weight"):
        MemoryConfig.model_validate({"recall": {"tuning": {"importance_weight": value}}})
