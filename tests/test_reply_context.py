"""Reply context: a reply borrows the dense score of the question it answers
(recall/reply_context.py, ``recall.tuning.reply_context``)."""

from datetime import datetime, timedelta

import pytest

from autogen_zettel import HashEmbedder, MemoryHub
from autogen_zettel.base.cards import Link, LinkKind
from autogen_zettel.base.config import MemoryConfig
from autogen_zettel.cards.graph import LinkNeighbours, build_graph
from autogen_zettel.recall.reply_context import lend_to_replies, parents_among, with_reply_context

T0 = datetime(2023, 5, 1, 9)
LINKS = [
    Link("a1", "q1", LinkKind.REPLY_TO, 1.0),  # a1 replies to q1
    Link("q2", "a1", LinkKind.REPLY_TO, 1.0),  # q2 replies to a1
    Link("a1", "q1", LinkKind.SAME_SESSION, 1.0),
    Link("x", "q1", LinkKind.SAME_SESSION, 1.0),
]


def _chat(turns) -> list[dict]:
    """``(speaker, text)`` turns as one session's messages, each replying to the one before."""
    return [
        {
            "text": text,
            "speaker": who,
            "message_id": f"m{n}",
            "session_id": "s1",
            "reply_to": f"m{n - 1}" if n else None,
            "at": T0 + timedelta(minutes=n),
        }
        for n, (who, text) in enumerate(turns)
    ]


def _rows(ids, kinds):
    return [
        (n, link.src, link.dst, link.kind.value, link.weight)
        for n, link in enumerate(LINKS)
        if {link.src, link.dst} & set(ids) and link.kind.value in kinds
    ]


def test_the_parent_is_the_end_a_reply_points_to_over_a_graph_and_over_link_rows():
    ids = {"q1", "a1", "q2", "x"}
    assert parents_among(ids, build_graph(LINKS)) == {"a1": ("q1",), "q2": ("a1",)}
    assert parents_among(ids, LinkNeighbours(_rows)) == {"a1": ("q1",), "q2": ("a1",)}
    # a pair with an end outside the candidates is no pair; SAME_SESSION alone says nothing
    assert parents_among({"a1", "x"}, build_graph(LINKS)) == {}


def test_a_reply_borrows_its_parents_margin_over_the_weakest_candidate():
    dense = {"q": 0.75, "a": 0.25, "m": 0.5, "low": 0.125, "b": 0.625}
    out = lend_to_replies(dense, {"a": ("q",), "b": ("low",)}, 0.5)
    assert out["a"] == 0.25 + 0.5 * (0.75 - 0.125)
    assert out["b"] == 0.625  # the weakest candidate has no margin to lend
    assert {i: out[i] for i in ("q", "m", "low")} == {"q": 0.75, "m": 0.5, "low": 0.125}
    assert lend_to_replies(dense, {"a": ("q",)}, 0.0) == dense
    # a reply to a message of two cards borrows from the better one
    assert lend_to_replies(dense, {"a": ("low", "m", "gone")}, 0.5)["a"] == 0.25 + 0.5 * (0.5 - 0.125)
    # a reply only the lexical search found starts from the lowest cosine
    assert lend_to_replies(dense, {"lexical only": ("q",)}, 1.0)["lexical only"] == 0.75
    assert lend_to_replies(dense, {"a": ("gone",)}, 1.0) == dense


def test_a_stronger_reason_the_other_way_does_not_turn_the_pair_round():
    # the reply is also the same speaker's next card: its edge back to the parent is SAME_SPEAKER
    links = [Link("a", "q", LinkKind.REPLY_TO, 1.0), Link("a", "q", LinkKind.SAME_SPEAKER, 1.0)]
    assert parents_among({"a", "q"}, build_graph(links)) == {"a": ("q",)}
    dense = {"q": 0.75, "a": 0.25, "x": 0.125}
    assert with_reply_context(dense, ["y"], build_graph(links), 0.5)["a"] == 0.25 + 0.5 * 0.625
    assert with_reply_context(dense, (), build_graph(links), 0.0) == dense


CHATS = {
    "en": (
        "What band played at the festival?",
        [
            ("Ana", "Which band did you see at the festival?"),
            ("Bo", "Summer Sounds, an awesome pop song got everyone dancing."),
            ("Ana", "The festival parking was a mess."),
            ("Bo", "Festival tickets cost too much."),
            ("Ana", "My festival shoes got muddy."),
            ("Bo", "I cooked pasta for dinner."),
        ],
    ),
    "zh": (
        "音乐节上哪个乐队演出了？",
        [
            ("Ana", "你在音乐节看了哪个乐队？"),
            ("Bo", "夏日之声，一首很棒的流行歌让大家都跳起舞来。"),
            ("Ana", "音乐节的停车场一团糟。"),
            ("Bo", "音乐节的门票太贵了。"),
            ("Ana", "我的音乐节鞋子全是泥。"),
            ("Bo", "我晚饭做了意大利面。"),
        ],
    ),
}


def _recall(language, share):
    query, turns = CHATS[language]
    cfg = MemoryConfig()
    # no spreading: the reply must come by its own (immediate) score, not unlocked along the link
    tuning = cfg.recall.tuning.model_copy(update={"reply_context": share, "hops": 0})
    cfg = cfg.model_copy(update={"recall": cfg.recall.model_copy(update={"tuning": tuning})})
    with MemoryHub.open(memory=True, embedder=HashEmbedder(), config=cfg) as hub:
        mem = hub.tenant("t")
        mem.remember_many(_chat(turns))
        hits = mem.recall(query, k=3, at=T0 + timedelta(days=1))
        return [h.card.source_ids[0] for h in hits]


@pytest.mark.parametrize("language", ["en", "zh"])
def test_recall_finds_the_answer_to_the_matching_question_only_with_reply_context(language):
    assert "m1" not in _recall(language, 0.0)
    assert "m1" in _recall(language, 2.0)


def test_the_loaded_adjacency_finds_the_same_pairs_as_the_graph_and_the_link_rows():
    _, turns = CHATS["en"]
    with MemoryHub.open(memory=True, embedder=HashEmbedder()) as hub:
        mem = hub.tenant("t")
        mem.remember_many(_chat(turns))
        ids = {c.id for c in mem.store.db.iter_cards()}
        by_rows = parents_among(ids, LinkNeighbours(mem.store.db.links.rows_touching))
        neighbours = mem.neighbours
        neighbours.neighbours_of(list(ids)[:1])  # the first read starts the background load
        assert neighbours.wait_loaded(timeout=30) and neighbours.adjacency is not None
        assert parents_among(ids, neighbours) == by_rows == parents_among(ids, mem.graph)
        assert parents_among(ids, neighbours.adjacency) == by_rows  # on the arrays themselves
        assert len(by_rows) == len(turns) - 1  # every turn but the first replies to the one before
