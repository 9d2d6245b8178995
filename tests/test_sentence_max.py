"""The probe that scores a turn by its parts (benchmarks/sentence_max.py), with the hashing
embedder: a long turn whose one sentence answers the question ranks first by its best sentence,
while its own vector, diluted by the other sentences, ranks below a short near-miss."""

from __future__ import annotations

from autogen_zettel import HashEmbedder
from autogen_zettel.base.cards import Message
from benchmarks.locomo import Conversation, Question
from benchmarks.sentence_max import scores

LONG = (
    "Since we last spoke a lot happened. The kids started school. Work was busy with audits. "
    "We repainted the hallway green. My sister visited from Leeds. We went camping by the lake."
)


def _conversation(filler: int) -> Conversation:
    turns = [Message(LONG, "Ann", "D1:1")]
    turns += [
        Message(f"Ann: the lake trip talk {i}, nothing else", "Bo", f"D1:{i + 2}") for i in range(filler)
    ]
    return Conversation("c0", tuple(turns), (Question("Where did Ann go camping?", ("D1:1",), 1),))


def test_a_turn_scored_by_its_best_sentence_reaches_the_first_ten():
    result = scores([_conversation(12)], HashEmbedder(256))
    assert set(result) == {"turn", "max", "mix"}
    assert [c for c, _ in result["max"]] == ["multi-hop"]
    assert result["max"][0][1] == 1.0  # "We went camping by the lake." is the closest part
    assert result["turn"][0][1] == 0.0  # its own vector falls behind the twelve near-misses


def test_questions_without_evidence_are_not_scored():
    conv = _conversation(2)
    conv = Conversation(conv.sample_id, conv.turns, (Question("Anything?", (), 4),))
    assert scores([conv], HashEmbedder(64)) == {"turn": [], "max": [], "mix": []}
