"""The leave-one-conversation-out harness on three tiny conversations with the hashing
embedder: every fold tunes without its held-out conversation, embeddings are cached on disk."""

from __future__ import annotations

import copy
import json

import numpy as np

from autogen_zettel import HashEmbedder, MemoryHub
from autogen_zettel.base.config import MemoryConfig
from benchmarks.locomo import flat_rankings, load_locomo
from benchmarks.locomo_cv import CachedEmbedder, LocomoCV, coordinate_search, cross_validate
from tests.test_cli import LOCOMO


def _conversations(tmp_path):
    records = []
    for n in range(3):
        r = copy.deepcopy(LOCOMO)
        r["sample_id"] = f"c{n}"
        records.append(r)
    path = tmp_path / "three.json"
    path.write_text(json.dumps(records))
    return load_locomo(path)


def test_cached_embedder_round_trips_and_encodes_each_text_once(tmp_path):
    calls = []

    class Counting(HashEmbedder):
        def encode(self, texts, *, query=False):
            calls.append(list(texts))
            return super().encode(texts, query=query)

    path = tmp_path / "vecs.npz"
    emb = CachedEmbedder(Counting(64), path)
    first = emb.encode(["a cat", "a dog", "a cat"])
    assert calls == [["a cat", "a dog"]]
    assert np.array_equal(emb.encode(["a dog"]), first[1:2]) and len(calls) == 1
    emb.encode(["a dog"], query=True)  # queries are kept apart from documents
    assert len(calls) == 2
    emb.save()
    again = CachedEmbedder(Counting(64), path)
    assert np.array_equal(again.encode(["a cat", "a dog"]), first[:2]) and len(calls) == 2


def test_flat_baselines_rank_speaker_prefixed_turns(tmp_path):
    conv = _conversations(tmp_path)[0]
    ranked = flat_rankings(conv, HashEmbedder(64))
    assert set(ranked) == {"flat hybrid", "bm25", "dense"}
    assert set(ranked["bm25"][0][:2]) == {"D2:1", "D2:2"}  # "What is the name of Ann's cat?"
    # "Where did Bo run a marathon?": Bo's answer shares no word with it but "Bo: ..."
    assert ranked["bm25"][1][0] == "D1:1" and "D1:2" in ranked["bm25"][1]
    assert all(len(r) == len(conv.questions) for r in ranked.values())


def test_every_fold_tunes_without_its_held_out_conversation(tmp_path):
    convs = _conversations(tmp_path)
    cv = LocomoCV(
        lambda cfg: MemoryHub.open(memory=True, embedder=HashEmbedder(64), config=cfg), convs, MemoryConfig()
    )
    start = {"recall.dense_weight": 0.4, "recall.hops": 2}
    grid = {"recall.dense_weight": [0.4, 0.0], "recall.hops": [2, 0]}
    result = cross_validate(cv, grid, start, rounds=1)
    assert set(result["folds"]) == {"c0", "c1", "c2"}
    assert result["cross_validated"]["questions"] == result["in_sample"]["questions"] == 6
    assert 0 <= result["cross_validated"]["R@5"] <= 100
    # a fold's choice depends only on its training conversations
    assert coordinate_search(cv, convs[1:], grid, start, rounds=1) == result["folds"]["c0"]
    evaluated = {conv for (_, conv) in cv._memo}
    assert evaluated == {"c0", "c1", "c2"}


def test_each_fold_can_start_from_its_own_earlier_choice(tmp_path):
    convs = _conversations(tmp_path)
    cv = LocomoCV(
        lambda cfg: MemoryHub.open(memory=True, embedder=HashEmbedder(64), config=cfg), convs, MemoryConfig()
    )
    start = {"recall.dense_weight": 0.4, "recall.hops": 2}
    own = {"c0": {**start, "recall.hops": 0}}  # what fold c0 chose in an earlier round
    grid = {"recall.dense_weight": [0.4, 0.0]}
    result = cross_validate(cv, grid, start, rounds=1, fold_starts=own)
    assert result["folds"]["c0"]["recall.hops"] == 0  # not in this round's grid: kept from its start
    assert result["folds"]["c1"]["recall.hops"] == 2  # a fold not named starts where the in-sample one does
    assert result["folds"]["c0"] == coordinate_search(cv, convs[1:], grid, own["c0"], rounds=1)


def test_end_sessions_writes_each_sessions_summary_as_a_session_end_does(tmp_path):
    from autogen_zettel.base.cards import CardKind
    from autogen_zettel.memory.tenant import tenant_parts

    record = copy.deepcopy(LOCOMO)
    record["conversation"]["session_1"] += [
        {"speaker": "Ann", "dia_id": f"D1:{n}", "text": text}
        for n, text in enumerate(
            [
                "My sister runs the bakery on Elm Street now.",
                "We painted the spare room green on Sunday.",
                "The train to Leeds was cancelled twice this week.",
            ],
            3,
        )
    ]
    path = tmp_path / "one.json"
    path.write_text(json.dumps([record]))
    convs = load_locomo(path)
    emb = HashEmbedder(64)
    cv = LocomoCV(lambda cfg: MemoryHub.open(memory=True, embedder=emb, config=cfg), convs, MemoryConfig())
    before = cv.evaluate({}, convs[0])
    assert cv.end_sessions() == 1  # session 1 has five cards; session 2 too few for a summary
    mem = cv.hub.tenant("tiny")
    summaries = [c for c in tenant_parts(mem).db.iter_cards() if c.kind is CardKind.SUMMARY]
    assert len(summaries) == 1 and summaries[0].session_id is not None
    # recall is measured again (the memo is cleared) and, grouping off, reads as before
    assert cv.evaluate({}, convs[0]) == before
    cv.hub.close()
