"""List questions (issue #41): which questions ask for several things, and their hits spread over
sessions so that one session's paraphrases do not fill the list."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta, timezone

import pytest

from autogen_zettel import MemoryHub
from autogen_zettel.base.cards import Card, CardKind, Hit
from autogen_zettel.base.config import config_from_dict
from autogen_zettel.embed.embedders import HashEmbedder
from autogen_zettel.recall.lists import asks_for_several, hold_back_others, spread_sessions

T0 = datetime(2026, 3, 1, 9, tzinfo=timezone.utc)


@pytest.mark.parametrize(
    "question",
    [
        "Which cities has John been to?",
        "What video games does Nate play?",
        "How many games has John mentioned winning?",
        "Which city have both Jean and John visited?",
        "What kinds of pottery has Melanie made?",
        "Where has Melanie camped?",
        "刘洋都去过哪些地方？",
        "陈静这个月去了几次健身房？",
    ],
)
def test_questions_that_ask_for_several_things(question):
    assert asks_for_several(question)


@pytest.mark.parametrize(
    "question",
    [
        "What is Caroline's job?",
        "When did Melanie go camping?",
        "What does Jon's dance studio offer?",  # "does" is no plural noun
        "Why did Gina start her store?",
        "刘洋的太太在哪儿上班？",
    ],
)
def test_questions_that_ask_for_one_thing(question):
    assert not asks_for_several(question)


def _hit(n: int, session: str | None, score: float) -> Hit:
    card = Card(
        id=f"c{n}",
        content=f"card {n}",
        speaker="Ada",
        kind=CardKind.FACT,
        source_ids=(f"m{n}",),
        session_id=session,
        created_at=T0,
    )
    return Hit(card=card, score=score, layer="immediate")


def test_spread_discounts_each_further_hit_of_a_session():
    hits = [
        _hit(1, "s1", 1.0),
        _hit(2, "s1", 0.9),
        _hit(3, "s1", 0.8),
        _hit(4, "s2", 0.6),
        _hit(5, None, 0.5),
    ]
    assert [h.card.id for h in spread_sessions(hits, 0.0)] == ["c1", "c2", "c3", "c4", "c5"]
    # s1's second hit scores 0.9 * 0.5 = 0.45 after the spread: s2's 0.6 and the sessionless 0.5 pass it
    assert [h.card.id for h in spread_sessions(hits, 0.5)] == ["c1", "c4", "c5", "c2", "c3"]
    assert [h.score for h in spread_sessions(hits, 0.5)] == [1.0, 0.6, 0.5, 0.9, 0.8]  # scores kept


def test_a_list_question_reaches_the_other_sessions():
    """Five sessions of Ada's: four about her trips (each city said once), one that talks about
    Lisbon over and over. Spread on, the list question's first hits come from more sessions."""
    said = [("s0", f"Lisbon again: tram {n}, custard tart {n}, the Lisbon river view {n}.") for n in range(6)]
    said += [
        ("s1", "I spent a week in Kyoto last spring, the temples were lovely."),
        ("s2", "We drove to Vienna for the opera in May."),
        ("s3", "Oslo in winter was colder than I thought."),
        ("s4", "I flew to Lima for my cousin's wedding."),
    ]

    def sessions(spread: float) -> set[str]:
        cfg = config_from_dict({"recall": {"tuning": {"session_spread": spread}}})
        with MemoryHub.open(memory=True, embedder=HashEmbedder(64), config=cfg) as hub:
            mem = hub.tenant("ada")
            for n, (session, text) in enumerate(said):
                mem.remember(
                    text, speaker="Ada", session_id=session, message_id=f"m{n}", at=T0 + timedelta(hours=n)
                )
            hits = mem.recall("Which cities has Ada been to, Lisbon and where else?", k=4)
            return {h.card.session_id for h in hits}

    alone, spread = sessions(0.0), sessions(0.6)
    assert len(spread) > len(alone), (alone, spread)


def test_a_list_question_about_one_person_holds_back_the_others_hits():
    hits = [_hit(1, "s1", 1.0), _hit(2, "s1", 0.9), _hit(3, "s2", 0.8)]
    hits[1] = Hit(card=replace(hits[1].card, speaker="Bo"), score=0.9, layer="immediate")
    assert [h.card.id for h in hold_back_others(hits, {"Ada"}, 0.0)] == ["c1", "c2", "c3"]
    assert [h.card.id for h in hold_back_others(hits, set(), 0.5)] == ["c1", "c2", "c3"]  # nobody named
    # Bo's 0.9 counts 0.45 for a question about Ada: Ada's 0.8 passes it; the scores are kept
    held = hold_back_others(hits, {"Ada"}, 0.5)
    assert [(h.card.id, h.score) for h in held] == [("c1", 1.0), ("c3", 0.8), ("c2", 0.9)]
