"""The probe that scores cards by their parts inside recall's dense search
(benchmarks/part_search.py), on a real in-memory hub with the hashing embedder."""

from __future__ import annotations

from datetime import datetime, timedelta

import numpy as np

from autogen_zettel import HashEmbedder, MemoryHub
from autogen_zettel.base.cards import Message
from autogen_zettel.base.config import MemoryConfig
from benchmarks.locomo import Conversation, Question
from benchmarks.locomo_cv import LocomoCV
from benchmarks.part_search import PartSearch, run

LONG = "The kids started school. Work was busy with audits. We went camping by the lake."


def _cv() -> tuple[LocomoCV, HashEmbedder]:
    day = datetime(2026, 5, 1, 9)
    turns = [Message(LONG, "Ann", "D1:1", at=day)]
    turns += [
        Message(
            f"Bo said the weather was grey on day {i}", "Bo", f"D1:{i + 2}", at=day + timedelta(minutes=i + 1)
        )
        for i in range(8)
    ]
    conv = Conversation("c0", tuple(turns), (Question("Where did Ann go camping?", ("D1:1",), 1),))
    embedder = HashEmbedder(256)
    return LocomoCV(
        lambda c: MemoryHub.open(memory=True, embedder=embedder, config=c), [conv], MemoryConfig()
    ), embedder


def test_a_card_scores_by_its_best_sentence_under_max_and_by_its_own_vector_under_card():
    cv, embedder = _cv()
    cv.ingest()
    store = cv._tenants["c0"]
    mode = ["card"]
    search = PartSearch(store, embedder, mode)
    query = embedder.encode(["Ann: We went camping by the lake."], query=True)[0]
    sparse = embedder.sparse(["camping"], query=True)[0]
    own = search.search(store.name, query, sparse, 5).dense
    mode[0] = "max"
    best = search.search(store.name, query, sparse, 5).dense
    long_card = next(c.id for c in store.db.iter_cards() if "camping" in c.content)
    assert best[long_card] > own[long_card]  # the last sentence is nearer than the whole card
    assert np.isclose(best[long_card], 1.0, atol=1e-5)  # and is the question itself
    mode[0] = "mix50"
    mixed = search.search(store.name, query, sparse, 5).dense
    assert np.isclose(mixed[long_card], (own[long_card] + best[long_card]) / 2, atol=1e-5)


def test_every_mode_scores_every_question():
    cv, embedder = _cv()
    result = run(cv, embedder, ["card", "max"])
    assert [len(v) for v in result.values()] == [1, 1]
    assert result["max"][0][2] == 100.0  # the evidence is among the ten best (nine cards in all), in percent
