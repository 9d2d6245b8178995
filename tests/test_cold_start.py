"""The cold start (#43): a persona declares what it needs to know about a person; while a slot is
empty the recall block carries one gentle question for it (at most one a session, never again
after an answer or a refusal); answers fill the person layers."""

from __future__ import annotations

from datetime import datetime

import pytest

from autogen_zettel import HashEmbedder, MemoryHub, SimulatedClock
from autogen_zettel.agent.adapter import MemoryAdapter
from autogen_zettel.base.errors import ConfigError
from autogen_zettel.persona.cold_start import ColdStart
from autogen_zettel.persona.spec import persona_from_dict

T0 = datetime(2024, 9, 2, 17, 0)
TUTOR = {
    "name": "tutor",
    "role": "Spanish tutor",
    "needs": [
        {"slot": "level", "question": "What level is your Spanish at right now?"},
        {"slot": "goal", "question": "What do you want Spanish for: travel, work, exams?"},
    ],
}
COACH_ZH = {
    "name": "coach",
    "role": "跑步教练",
    "needs": [
        {"slot": "schedule", "question": "你一周哪几天方便训练？"},
        {"slot": "limits", "question": "有没有伤病或者身体上需要注意的地方？"},
    ],
}


def test_needs_are_validated():
    p = persona_from_dict(TUTOR)
    assert [n.slot for n in p.needs] == ["level", "goal"]
    with pytest.raises(ConfigError, match="unknown key"):
        persona_from_dict({"name": "t", "needs": [{"slot": "level", "question": "?", "ask_when": "x"}]})
    with pytest.raises(ConfigError, match="cannot name a slot"):
        persona_from_dict({"name": "t", "needs": [{"slot": "My Level", "question": "Level?"}]})
    with pytest.raises(ConfigError, match="duplicate slot"):
        persona_from_dict(
            {"name": "t", "needs": [{"slot": "a", "question": "A?"}, {"slot": "a", "question": "B?"}]}
        )
    with pytest.raises(ConfigError, match="needs"):
        persona_from_dict({"name": "t", "needs": [{"slot": "a"}]})


class Chat:
    """One agent's adapter with a cold start, driven turn by turn as a framework would."""

    def __init__(self, persona: dict, person: str):
        self.clock = SimulatedClock(T0)
        self.hub = MemoryHub.open(memory=True, embedder=HashEmbedder(), clock=self.clock)
        p = persona_from_dict(persona)
        mem = self.hub.tenant(p.name)
        self.cold = ColdStart(mem, p.needs, agent=p.name)
        self.adapter = MemoryAdapter(self.hub, tenant=mem, flush_before_recall=True, cold_start=self.cold)
        self.agent, self.person = p.name, person
        self.messages: list[dict] = []

    def session(self, sid: str) -> None:
        self.clock.advance(days=1)
        self.adapter.start_session(sid)
        self.messages = []

    def person_says(self, text: str) -> str:
        """The person speaks; returns the question the agent's recall block carries, if any."""
        self.clock.advance(minutes=1)
        msg = {"role": "user", "name": self.person, "content": text}
        self.adapter.observe(msg, speaker=self.person)
        self.messages.append(msg)
        injected = self.adapter.recall_hook(self.messages)
        extra = injected[0]["content"] if len(injected) > len(self.messages) else ""
        return extra.split("in your own words: ")[1] if "in your own words: " in extra else ""

    def agent_says(self, text: str) -> None:
        self.clock.advance(minutes=1)
        msg = {"role": "assistant", "name": self.agent, "content": text}
        self.adapter.observe(msg, speaker=self.agent)
        self.messages.append(msg)

    def close(self) -> None:
        self.hub.close()


def test_one_question_a_session_answers_fill_the_layers_refusals_are_kept():
    chat = Chat(TUTOR, "Mia")
    try:
        chat.session("s1")
        q = chat.person_says("Hi! I'd like to start Spanish lessons.")
        assert q == "What level is your Spanish at right now?"
        chat.agent_says(f"Welcome, Mia! {q}")
        # the next turn of the same session asks nothing, whatever is still empty
        assert chat.person_says("I'm a beginner, maybe A2 from school.") == ""
        facts = {f.key: f.value for f in chat.adapter.memory.people.facts("Mia")}
        assert "A2" in facts["level"]
        assert chat.cold.status("Mia")["done"] == {"level": "answered"}
        chat.agent_says("Great, A2 it is.")
        assert chat.person_says("Thanks, see you tomorrow!") == ""

        chat.session("s2")  # a new session: the next empty slot
        q = chat.person_says("Hola, I did my homework.")
        assert q == "What do you want Spanish for: travel, work, exams?"
        chat.agent_says(f"Muy bien. {q}")
        chat.person_says("I'd rather not say, sorry.")
        assert chat.cold.status("Mia")["done"] == {"level": "answered", "goal": "refused"}

        chat.session("s3")  # everything answered or refused: never asked again
        assert chat.person_says("Hola again, ready for the lesson.") == ""
        assert "goal" not in {f.key for f in chat.adapter.memory.people.facts("Mia")}
    finally:
        chat.close()


def test_a_question_not_relayed_is_not_an_answer_and_the_moment_must_allow():
    chat = Chat(COACH_ZH, "小林")
    try:
        chat.session("s1")
        # the person asks something, or speaks in distress: no question this turn
        assert chat.person_says("我想开始跑步，应该买什么鞋？") == ""
        assert chat.person_says("我气死了，今天比赛又被取消了！！") == ""
        q = chat.person_says("好的，我准备好了。")
        assert q == "你一周哪几天方便训练？"
        chat.agent_says("先从每周三次慢跑开始吧。")  # the agent did not relay it
        chat.person_says("好的，没问题。")
        assert chat.cold.status("小林")["done"] == {}  # not taken as an answer

        chat.session("s2")
        q = chat.person_says("教练好，今天跑了五公里。")
        assert q == "你一周哪几天方便训练？"
        chat.agent_says(f"很棒！{q}")
        chat.person_says("周二、周四和周六晚上都可以。")
        facts = {f.key: f.value for f in chat.adapter.memory.people.facts("小林")}
        assert "周二" in facts["schedule"]
    finally:
        chat.close()


def test_a_slot_the_layers_already_hold_is_not_asked():
    chat = Chat({"name": "helper", "needs": [{"slot": "residence", "question": "Where do you live?"}]}, "Ann")
    try:
        chat.session("s1")
        assert chat.person_says("I live in Lisbon and work at a bakery.") == ""
    finally:
        chat.close()


def test_through_a_conversable_agent_without_an_llm():
    """The classic lineage end to end: a ConversableAgent(llm_config=False) tutor with the memory
    capability and a cold start; its one reply rule relays the question its recall block carries
    (what an LLM told "ask gently" would do), and a scripted learner answers."""
    import autogen

    from autogen_zettel.agent.capability import ZettelMemoryCapability
    from autogen_zettel.agent.support import ScriptedUserAgent, quiet_io

    clock = SimulatedClock(T0)
    with MemoryHub.open(memory=True, embedder=HashEmbedder(), clock=clock) as hub:
        persona = persona_from_dict(TUTOR)
        tutor = autogen.ConversableAgent("tutor", llm_config=False, human_input_mode="NEVER")
        cold = ColdStart(hub.tenant("tutor"), persona.needs, agent="tutor")
        capability = ZettelMemoryCapability(hub, session_id="s1", flush_before_recall=True, cold_start=cold)
        capability.add_to_agent(tutor)

        def relay(recipient, messages=None, sender=None, config=None):
            injected = next(
                (m["content"] for m in messages or () if "in your own words: " in str(m.get("content"))), ""
            )
            ask = injected.split("in your own words: ")[1] if injected else ""
            return True, ("Let's begin. " + ask).strip()

        tutor.register_reply([autogen.Agent, None], relay, position=0)
        mia = ScriptedUserAgent("Mia", lines=["Solid A2, I did two years at school."])
        with quiet_io():
            mia.initiate_chat(tutor, message="Hi, I want to learn Spanish.", max_turns=2, silent=True)
        capability.flush()
        facts = {f.key: f.value for f in capability.memory.people.facts("Mia")}
        assert "A2" in facts.get("level", ""), facts
        assert cold.status("Mia")["sessions"] == ["s1"]


def _llm_tutor_chat(stub_reply, learner_lines):
    """A ConversableAgent tutor on an OpenAI-compatible server started here, with the memory
    capability and a cold start; a scripted learner talks to it. Returns (hub, capability, cold)."""
    import autogen

    from autogen_zettel.agent.capability import ZettelMemoryCapability
    from autogen_zettel.agent.support import ScriptedUserAgent, quiet_io

    from .openai_stub import OpenAIStub

    clock = SimulatedClock(T0)
    hub = MemoryHub.open(memory=True, embedder=HashEmbedder(), clock=clock)
    persona = persona_from_dict(TUTOR)
    cold = ColdStart(hub.tenant("tutor"), persona.needs, agent="tutor")
    capability = ZettelMemoryCapability(hub, session_id="s1", flush_before_recall=True, cold_start=cold)
    with OpenAIStub(stub_reply) as stub:
        tutor = autogen.ConversableAgent(
            "tutor", llm_config=stub.llm_config(), system_message="You are tutor.", human_input_mode="NEVER"
        )
        capability.add_to_agent(tutor)
        mia = ScriptedUserAgent("Mia", lines=learner_lines)
        with quiet_io():
            mia.initiate_chat(tutor, message="Hi, I want to learn Spanish.", max_turns=2, silent=True)
    capability.flush()
    return hub, capability, cold


def _paraphrasing_tutor(body):
    """An LLM told "ask gently, in your own words" does: it never quotes the question."""
    said = " ".join(str(m.get("content")) for m in body["messages"])
    if "in your own words" in said and "Solid A2" not in said:
        return "Lovely to meet you, Mia! Before we start, how would you rate your Spanish these days?"
    return "Perfect, we'll start from there."


def test_an_llm_that_paraphrases_the_question_still_relays_it_and_the_answer_survives_a_rebuild():
    hub, capability, cold = _llm_tutor_chat(_paraphrasing_tutor, ["Solid A2, I did two years at school."])
    try:
        mem = capability.memory
        assert cold.status("Mia")["done"] == {"level": "answered"}
        facts = {f.key: f.value for f in mem.people.facts("Mia")}
        assert "A2" in facts.get("level", ""), facts
        # a full rebuild of the person layers (what a rules upgrade runs) re-derives it
        mem.people.rebuild()
        facts = {f.key: f.value for f in mem.people.facts("Mia")}
        assert "A2" in facts.get("level", ""), facts
        # forgetting the answer takes the fact with it, and no later rebuild brings it back
        (card,) = [c for c in mem.cards() if "Solid A2" in c.content]
        mem.forget(card.id)
        mem.people.rebuild()
        assert "level" not in {f.key for f in mem.people.facts("Mia")}
    finally:
        hub.close()


def test_a_reply_that_asks_nothing_does_not_relay_the_question():
    hub, capability, cold = _llm_tutor_chat(
        lambda body: "Welcome! We start with greetings today.", ["Solid A2, I did two years at school."]
    )
    try:
        assert cold.status("Mia")["done"] == {}
        assert "level" not in {f.key for f in capability.memory.people.facts("Mia")}
    finally:
        hub.close()


def test_writing_an_answer_waits_for_the_queue_outside_the_adapter_lock():
    """The answer's card must be stored before its fact is written (a flush of the capture
    queue); that wait happens after observe() let go of the adapter's lock, so other threads'
    messages are not held up behind it."""
    import threading

    chat = Chat(TUTOR, "Mia")
    try:
        chat.session("s1")
        q = chat.person_says("Hi! I'd like to start Spanish lessons.")
        chat.agent_says(f"Welcome, Mia! {q}")
        mem, held = chat.adapter.memory, []
        real_flush = mem.flush

        def probing_flush():
            free = []

            def try_lock():
                free.append(chat.adapter._lock.acquire(blocking=False))
                if free[0]:
                    chat.adapter._lock.release()

            probe = threading.Thread(target=try_lock)
            probe.start()
            probe.join()
            held.append(not free[0])
            real_flush()

        mem.flush = probing_flush
        chat.adapter.observe({"role": "user", "name": "Mia", "content": "A2 from school."}, speaker="Mia")
        assert held and not any(held), "the adapter's lock was held while waiting for the queue"
        assert "A2" in {f.key: f.value for f in mem.people.facts("Mia")}["level"]
    finally:
        chat.close()


def test_an_unexpected_failure_in_the_cold_start_does_not_break_the_chat(caplog):
    """A cold-start state that cannot be read (here: damaged JSON in the meta table) is logged
    with its traceback; the recall block and the capture go on."""
    from autogen_zettel.memory.tenant import tenant_parts

    chat = Chat(TUTOR, "Mia")
    try:
        chat.session("s1")
        chat.person_says("I keep a diary in Spanish every evening.")
        tenant_parts(chat.adapter.memory).db.set_meta("cold_start:tutor", "{damaged")
        with caplog.at_level("ERROR"):
            assert chat.person_says("I keep a diary in Spanish every evening.") == ""
            chat.agent_says("Wonderful habit. What level is your Spanish at right now?")
        assert [r for r in caplog.records if r.exc_info and "cold-start" in r.getMessage()]
        chat.adapter.flush()
        assert any("Wonderful habit" in c.content for c in chat.adapter.memory.cards())
    finally:
        chat.close()
