"""Recall reads the card graph's links per hop from SQLite (issue #12): it must give exactly what
spreading over the whole NetworkX graph gave, on a tenant with many ties between link weights."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest

from autogen_zettel.core.graph import LinkNeighbours, build_graph, spread
from autogen_zettel.memory.recall import progressive_recall

from .conftest import T0

_WORDS = ("harbour boat painting festival brother sister school garden dog cat cake music guitar "
          "camping lake mountain book library race bakery porto lisbon paris job interview").split()
_PEOPLE = ("Ann", "Bob", "Caroline", "Melanie")


def _fill(mem, n: int = 240, seed: int = 7) -> None:
    rng = random.Random(seed)
    messages = []
    for i in range(n):
        session = f"s{i // 12}"
        words = rng.sample(_WORDS, 4)
        named = rng.choice(_PEOPLE)
        messages.append({
            "text": f"I talked with {named} about the {words[0]} and the {words[1]}, then {words[2]} {words[3]}.",
            "speaker": _PEOPLE[i % 2], "message_id": f"m{i}", "session_id": session,
            "at": T0 + timedelta(minutes=i), "reply_to": f"m{i - 1}" if i % 12 else None,
        })
    for start in range(0, n, 50):  # several batches, so links come from several writes
        mem.remember_many(messages[start : start + 50])


def _hits(hits):
    # scores to 6 places: Qdrant's float32 scores wobble in the last digits between searches
    return [(h.card.id, round(h.score, 6), h.layer, h.via, tuple(c.id for c in h.covers)) for h in hits]


@pytest.fixture
def filled(hub):
    mem = hub.tenant("ann")
    _fill(mem)
    return mem


def test_spread_over_link_rows_equals_spread_over_the_whole_graph(filled):
    db = filled.db
    G = build_graph(db.iter_links())
    rows = LinkNeighbours(db.link_rows_touching)
    ids = sorted(G.nodes)
    rng = random.Random(3)
    for _ in range(60):
        seeds = {i: rng.random() for i in rng.sample(ids, 5)}
        seeds["not-a-card"] = 0.5  # a seed with no links passes nothing either way
        for fan_out in (2, 12):  # a small fan-out makes the order of equal weights matter
            assert spread(rows, seeds, hops=2, decay=0.5, fan_out=fan_out) == \
                spread(G, seeds, hops=2, decay=0.5, fan_out=fan_out)


def test_recall_hits_are_the_same_with_the_whole_graph_and_with_link_rows(filled):
    G = build_graph(filled.db.iter_links())
    queries = ["harbour boat", "Caroline and the guitar", "what did Melanie say about camping?",
               "library book race", "porto bakery job interview", "dog"]
    now = T0 + timedelta(days=3)
    layers = set()
    for q in queries:
        kwargs = dict(k=8, now=now, embedder=filled.hub.embedder, config=filled.config)
        old = progressive_recall(filled.store, q, graph=lambda: G, **kwargs)
        new = progressive_recall(filled.store, q, graph=lambda: filled.neighbours, **kwargs)
        assert _hits(new) == _hits(old)
        layers |= {h.layer for h in old}
    assert layers == {"immediate", "associative"}  # the links took part
    # the facade uses the link rows and never loads the whole graph
    filled.recall(queries[0], touch=False)
    assert filled.store.peek("graph") is None


def test_link_rows_follow_new_links_and_forgetting(filled):
    db = filled.db
    card = next(iter(filled.cards()))
    before = filled.neighbours.neighbours_of([card.id])[card.id]
    assert {v for v, _, _ in before} == {v for v in build_graph(db.iter_links()).adj[card.id]}
    filled.forget(card.id)
    assert filled.neighbours.neighbours_of([card.id]) == {}


def test_link_rows_touching_many_ids_returns_each_row_once(filled):
    db = filled.db
    ids = [c.id for c in filled.cards()]
    rows = db.link_rows_touching(ids + ids[:10])  # more than one chunk of bound parameters
    assert len(rows) == len(set(rows)) == db.link_count()
    assert rows == [(l.src, l.dst, l.kind.value, l.weight) for l in db.iter_links()]
