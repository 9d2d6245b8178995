"""The clarification loop closes (#23): after the agent asks about a contradiction, the person's
answer settles it (the answer wins with its own evidence, the note is cleared) and the same
question is not asked again. Real MemoryAugmentedAssistantAgent hooks, offline model client."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from autogen_zettel import HashEmbedder, MemoryHub, SimulatedClock
from autogen_zettel.agent.assistant import MemoryAugmentedAssistantAgent, quiet_io
from autogen_zettel.agent.support import ScriptedUserAgent
from autogen_zettel.base.cards import CardStatus
from autogen_zettel.base.config import config_from_dict
from autogen_zettel.cards.claims import extract_claims
from autogen_zettel.persona.spec import persona_from_dict

T0 = datetime(2024, 3, 1, 9, 0)
OLD = "I don't eat coriander, it tastes like soap to me."
NEW = "Please order the pho with extra coriander."
QUESTION = "What should I order at the pho place tonight? Coriander or not?"


def agent(hub):
    ada = MemoryAugmentedAssistantAgent(
        persona_from_dict({"name": "ada", "role": "assistant"}, file="ada.yaml"),
        hub,
        flush_before_recall=True,
    )
    return ada


def say(ada, clock, when, *lines):
    clock.set(when)
    user = ScriptedUserAgent("rui", lines=list(lines[1:]))
    with quiet_io():
        user.initiate_chat(ada, message=lines[0], max_turns=len(lines), silent=True)
    ada.flush()


def notes(ada):
    event = ada.last_recall
    return [u.note for u in event.unlocked if u.note] if event else []


def conflicted(hub, clock):
    ada = agent(hub)
    say(ada, clock, T0, OLD)
    say(ada, clock, T0 + timedelta(days=20), NEW)
    mem = ada.memory
    assert mem.archive.conflicts(), "the two statements conflict"
    return ada, mem


def status(mem, text):
    (card,) = [c for c in mem.cards() if c.content.startswith(text[:20])]
    return card.status


@pytest.mark.parametrize(
    "answer, holds, loses",
    [
        ("Actually I do eat coriander now, I like it", NEW, OLD),
        ("no, that's still true", OLD, NEW),
        ("是的，我现在吃香菜了", NEW, OLD),
    ],
)
def test_the_answer_to_an_asked_question_settles_the_conflict_and_it_is_not_asked_again(answer, holds, loses):
    clock = SimulatedClock(T0)
    cfg = config_from_dict({"persona": {"enabled": False}})
    with MemoryHub.open(memory=True, embedder=HashEmbedder(), clock=clock, config=cfg) as hub:
        ada, mem = conflicted(hub, clock)
        # day 21: the recall block offers the question, the agent's reply takes it up, rui answers
        say(ada, clock, T0 + timedelta(days=21), QUESTION, answer)
        asked = mem.clarifications.table.on({("rui", "coriander")})[("rui", "coriander")]
        assert len(asked) == 1 and asked[0]["settled_at"] is not None  # asked once, settled by the answer
        assert status(mem, holds) is CardStatus.ACTIVE and status(mem, loses) is CardStatus.TO_VERIFY
        if extract_claims(answer, speaker="rui"):  # the answer's own claim was made (and stored)
            assert any(answer[:10] in c.content for c in mem.cards())
        # day 22: the same topic again: the conflict is still known, but its question is not offered
        say(ada, clock, T0 + timedelta(days=22), QUESTION)
        assert ada.last_recall.unlocked and not notes(ada)
        assert mem.clarifications.pending() == []


def test_an_unanswered_question_is_not_offered_twice_and_a_vague_reply_settles_nothing():
    clock = SimulatedClock(T0)
    cfg = config_from_dict({"persona": {"enabled": False}})
    with MemoryHub.open(memory=True, embedder=HashEmbedder(), clock=clock, config=cfg) as hub:
        ada, mem = conflicted(hub, clock)
        say(ada, clock, T0 + timedelta(days=21), QUESTION, "Hmm, let me think about the menu.")
        assert [r["topic"] for r in mem.clarifications.pending()] == ["coriander"]  # asked, not settled
        say(ada, clock, T0 + timedelta(days=22), QUESTION)
        assert not notes(ada)  # asked once: not offered again
        assert status(mem, OLD) is not status(mem, NEW)  # the evidence still decides


def test_a_new_statement_after_the_settlement_speaks_again():
    clock = SimulatedClock(T0)
    cfg = config_from_dict({"persona": {"enabled": False}})
    with MemoryHub.open(memory=True, embedder=HashEmbedder(), clock=clock, config=cfg) as hub:
        ada, mem = conflicted(hub, clock)
        say(ada, clock, T0 + timedelta(days=21), QUESTION, "no, that's still true")
        assert status(mem, OLD) is CardStatus.ACTIVE
        say(ada, clock, T0 + timedelta(days=40), "I eat coriander every day now, I love it.")
        assert (
            status(mem, OLD) is CardStatus.TO_VERIFY
        )  # the settlement holds only until someone says otherwise


def test_the_answer_wins_over_evidence_weights_the_old_side_would_keep():
    clock = SimulatedClock(T0)
    cfg = config_from_dict({"persona": {"enabled": False}})
    with MemoryHub.open(memory=True, embedder=HashEmbedder(), clock=clock, config=cfg) as hub:
        ada = agent(hub)
        for day in range(3):  # said in three sessions this week: consensus x1.5 for the old version
            say(
                ada,
                clock,
                T0 + timedelta(days=day),
                OLD if day == 0 else f"Again: I don't eat coriander (day {day}).",
            )
        say(ada, clock, T0 + timedelta(days=3), NEW)
        mem = ada.memory
        assert status(mem, NEW) is CardStatus.TO_VERIFY  # the evidence weights keep the old version
        say(ada, clock, T0 + timedelta(days=4), QUESTION, "Actually I do eat coriander now, I like it")
        assert status(mem, NEW) is CardStatus.ACTIVE and status(mem, OLD) is CardStatus.TO_VERIFY
        (answer,) = [c for c in mem.cards() if c.content.startswith("Actually")]
        assert answer.status is CardStatus.ACTIVE


def test_forgetting_a_card_takes_its_clarification_question_with_it(tmp_path):
    clock = SimulatedClock(T0)
    cfg = config_from_dict({"persona": {"enabled": False}})
    with MemoryHub.open(tmp_path / "d", embedder=HashEmbedder(), clock=clock, config=cfg) as hub:
        ada, mem = conflicted(hub, clock)
        say(ada, clock, T0 + timedelta(days=21), QUESTION, "no, that's still true")
        assert mem.clarifications.table.on({("rui", "coriander")})
        while found := [c for c in mem.cards() if "coriander" in c.content]:
            mem.forget(found[0].id)
        assert mem.clarifications.table.on({("rui", "coriander")}) == {}
    leftovers = [p.name for p in (tmp_path / "d").rglob("*") if p.is_file() and b"soap" in p.read_bytes()]
    assert leftovers == []
