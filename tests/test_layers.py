"""The person layers (facts, preferences, commitments): extraction, the update rules, storage
in the tenant's real SQLite file, rebuilds on edit / freeze / forget, cross-layer conflicts,
export, the recall block and the CLI."""

from __future__ import annotations

import json
import re
from datetime import date, datetime, timedelta

import autogen
import pytest

from autogen_zettel.agent.capability import ZettelMemoryCapability
from autogen_zettel.base.errors import InvalidInput
from autogen_zettel.memory.tenant import tenant_parts
from autogen_zettel.people.evidence import Evidence
from autogen_zettel.people.extract import extract_layers
from autogen_zettel.people.model import (
    Observed,
    derive_commitments,
    derive_facts,
    derive_preference,
)
from autogen_zettel.people.topics import category_of, same_topic, topic_of
from autogen_zettel.text.due import due_date

WED = datetime(2026, 3, 4, 10, 0)  # a Wednesday


def _say(mem, lines, start=WED, step=timedelta(hours=1), session="s1"):
    for i, (speaker, text) in enumerate(lines):
        mem.remember(text, speaker=speaker, at=start + i * step, session_id=session)


# -- pure parts ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text, expected",
    [
        ("I'll send it by Thursday", date(2026, 3, 5)),
        ("next Tuesday", date(2026, 3, 10)),
        ("on 20 March", date(2026, 3, 20)),
        ("March 12", date(2026, 3, 12)),
        ("tomorrow", date(2026, 3, 5)),
        ("by the end of the month", date(2026, 3, 31)),
        ("in two days", date(2026, 3, 6)),
        ("明天", date(2026, 3, 5)),
        ("后天", date(2026, 3, 6)),
        ("下周五", date(2026, 3, 13)),
        ("周五之前", date(2026, 3, 6)),
        ("3月5日", date(2026, 3, 5)),
        ("3月1日", date(2027, 3, 1)),
        ("推迟到明年3月10号", date(2027, 3, 10)),  # the year said wins over this year's day still ahead
        ("后年五月一号", date(2028, 5, 1)),
        ("今年3月1日", date(2026, 3, 1)),  # this year's, though past: as said
        ("tomorrow (5 March 2026)", date(2026, 3, 5)),
        ("nothing about when", None),
    ],
)
def test_due_dates_are_anchored_at_the_message_time(text, expected):
    assert due_date(text, WED) == expected


def test_topics_meet_across_synonyms_and_languages():
    assert topic_of("sushi") == topic_of("raw fish") == topic_of("the Japanese place") == topic_of("日料")
    assert same_topic("green tea", "绿茶") and not same_topic("sushi", "jazz")
    assert category_of("the wine tasting") == category_of("喝酒") == "alcohol"


def test_extraction_in_english_and_chinese():
    (c,) = extract_layers("Bob said he'll send the slides on Friday.", speaker="Ann", at=WED)
    assert (c.layer, c.subject, c.value, c.due, c.counterparty) == (
        "commitment",
        "Bob",
        "send the slides",
        date(2026, 3, 6),
        "Ann",
    )
    (c,) = extract_layers("我下周五交论文。", speaker="王芳", at=WED)
    assert (c.layer, c.subject, c.due) == ("commitment", "王芳", date(2026, 3, 13))
    (s,) = extract_layers("不用了。", speaker="王芳", at=WED)
    assert (s.layer, s.kind) == ("status", "cancelled")
    (r,) = extract_layers("No thanks.", speaker="Rui", at=WED, previous="Shall I book the sushi bar?")
    assert (r.layer, r.kind, r.key) == ("preference", "refusal", topic_of("sushi"))
    (f,) = extract_layers("I quit drinking.", speaker="Rui", at=WED)
    assert (f.layer, f.key, f.value) == ("fact", "restriction", "alcohol")
    for neutral in (
        "How was your weekend?",
        "I'll have the salmon, please.",
        "Maybe I'll go, maybe not.",
        "I watched a documentary yesterday.",
        "今天天气真好。",
        "你喜欢寿司吗？",
        "No thanks.",
    ):
        assert extract_layers(neutral, speaker="Rui", at=WED) == [], neutral


def _obs(ev: Evidence, n: int, at: datetime, session: str = "s") -> Observed:
    return Observed(ev, f"c{n}", at, session)


def test_three_refusals_take_a_liked_topic_from_0_7_to_about_0_3():
    like = Evidence("preference", "Rui", "japanese food", "sushi", 0.7)
    no = Evidence("preference", "Rui", "japanese food", "sushi", 0.0, "refusal")
    items = [_obs(like, 0, WED)] + [_obs(no, i, WED + timedelta(days=i)) for i in (1, 2, 3)]
    p = derive_preference(items)
    assert 0.25 <= p.value <= 0.35 and p.trend < -0.3 and p.evidence == 4
    # one refusal only dents it; a change of mind moves it most of the way
    assert derive_preference(items[:2]).value > 0.5
    back = Evidence("preference", "Rui", "japanese food", "sushi", 0.85, "change")
    assert derive_preference(items + [_obs(back, 9, WED + timedelta(days=5))]).value > 0.7


def test_a_fact_change_supersedes_and_a_repeat_confirms():
    lisbon = Evidence("fact", "Rui", "residence", "Lisbon")
    coimbra = Evidence("fact", "Rui", "residence", "Coimbra", kind="change")
    # Lisbon was said in three sessions (consensus) but a stated move newer than all of it wins
    items = [_obs(lisbon, i, WED + timedelta(days=i), f"s{i}") for i in range(3)]
    facts = derive_facts(items + [_obs(coimbra, 9, WED + timedelta(days=4))])
    assert [(f.value, f.status) for f in facts] == [("Coimbra", "pending"), ("Lisbon", "superseded")]
    again = _obs(Evidence("fact", "Rui", "residence", "Coimbra"), 10, WED + timedelta(days=5))
    assert derive_facts(items + [_obs(coimbra, 9, WED + timedelta(days=4)), again])[0].status == "confirmed"


def test_completion_matches_by_words_and_a_bare_done_the_latest():
    c = lambda n, what, h: _obs(Evidence("commitment", "Rui", "", what), n, WED + timedelta(hours=h))
    s = lambda n, kind, words, h: _obs(
        Evidence("status", "Rui", "", words, kind=kind), n, WED + timedelta(hours=h)
    )
    out = derive_commitments(
        [
            c(1, "draft the proposal", 0),
            c(2, "book the flights", 1),
            s(3, "done", "proposal", 2),
            s(4, "cancelled", "", 3),
        ]
    )
    assert [(x.what, x.status) for x in out] == [
        ("draft the proposal", "done"),
        ("book the flights", "cancelled"),
    ]


# -- the tenant ----------------------------------------------------------------------------------
def test_commitments_open_close_and_fall_overdue(hub):
    mem = hub.tenant("rui")
    _say(
        mem,
        [
            ("Rui", "I'll draft the proposal by Thursday."),
            ("Rui", "I will send you the slides tomorrow."),
            ("Rui", "Bob said he'll book the venue next Tuesday."),
            ("Rui", "Never mind the draft."),
            ("Rui", "Sent it."),
            ("小林", "我明天把报告发给你。"),
        ],
    )
    got = {(c.owner, c.what): c for c in mem.commitments()}
    assert got[("Rui", "draft the proposal")].status == "cancelled"
    assert got[("Rui", "send the slides")].status == "done" and got[("Rui", "send the slides")].due == date(
        2026, 3, 5
    )
    bob = got[("Bob", "book the venue")]
    assert (bob.status, bob.due, bob.counterparty) == ("open", date(2026, 3, 10), "Rui")
    assert len(bob.source_ids) == 1 and mem.card(bob.source_ids[0]).content.startswith("Bob said")
    assert [c.owner for c in mem.commitments(status="open")] == ["Bob", "小林"]
    assert [c.owner for c in mem.commitments(overdue_at=datetime(2026, 3, 6, 9))] == ["小林"]
    with pytest.raises(InvalidInput, match="status must be one of"):
        mem.commitments(status="closed")


def test_preferences_move_with_refusals_and_a_chinese_flip(hub):
    mem = hub.tenant("rui")
    _say(
        mem,
        [
            ("Rui", "I like sushi."),
            ("Assistant", "Shall I book the sushi bar tonight?"),
            ("Rui", "No thanks."),
            ("Assistant", "How about the Japanese place?"),
            ("Rui", "Not the Japanese place again, please."),
            ("Rui", "I'll pass on the raw fish."),
            ("王芳", "我喜欢喝咖啡。"),
            ("王芳", "我现在不喜欢喝咖啡了。"),
        ],
        step=timedelta(days=1),
    )
    (sushi,) = mem.preferences(subject="rui", topic="raw fish")
    assert sushi.topic == "sushi" and sushi.evidence == 4 and 0.2 <= sushi.value <= 0.35 and sushi.trend < 0
    (coffee,) = mem.preferences(subject="王芳")
    # the earlier "我喜欢喝咖啡" lost the conflict and waits as to-verify: it is no current evidence
    assert coffee.topic == "咖啡" and coffee.value < 0.5 and coffee.evidence == 1
    assert all(isinstance(i, str) for i in coffee.source_ids) and coffee.at == WED + timedelta(days=7)


def test_facts_supersede_never_silently_and_forget_removes_what_a_card_alone_supports(hub):
    mem = hub.tenant("rui")
    _say(
        mem,
        [("Rui", "I live in Lisbon."), ("Rui", "We moved to Coimbra."), ("王芳", "我搬到杭州了。")],
        step=timedelta(days=2),
    )
    assert [(f.subject, f.key, f.value, f.status) for f in mem.facts()] == [
        ("Rui", "residence", "Coimbra", "pending"),
        ("王芳", "residence", "杭州", "pending"),
    ]
    assert [f.value for f in mem.facts("RUI", include_superseded=True)] == ["Coimbra", "Lisbon"]
    moved = mem.facts("rui")[0].source_ids[0]
    mem.forget(moved)
    assert [(f.value, f.status) for f in mem.facts("rui", include_superseded=True)] == [("Lisbon", "pending")]


def test_edit_freeze_and_thaw_rebuild_the_rows(hub):
    mem = hub.tenant("rui")
    _say(mem, [("Rui", "I'll call the plumber on Monday.")])
    (c,) = mem.commitments()
    card = c.source_ids[0]
    mem.archive.edit(card, "I'll call the electrician on Friday.")
    (c,) = mem.commitments()
    assert (c.what, c.due) == ("call the electrician", date(2026, 3, 6))
    mem.archive.freeze(card)
    assert mem.commitments() == []
    mem.archive.thaw(card)
    assert [x.what for x in mem.commitments()] == ["call the electrician"]


def test_a_wish_against_a_restriction_is_a_conflict_with_a_question(hub):
    mem = hub.tenant("rui")
    _say(mem, [("Rui", "I quit drinking."), ("Rui", "Book the wine tasting for Saturday.")])
    (conflict,) = [c for c in mem.archive.conflicts() if c.resolution == "layers"]
    assert conflict.topic == "layers: alcohol" and "still hold" in conflict.question
    assert mem.card(conflict.other_id).content == "I quit drinking."
    mem.maintain(at=WED + timedelta(days=1), steps=("conflicts",))  # re-weighing leaves it alone
    assert [c.topic for c in mem.archive.conflicts() if c.resolution == "layers"] == ["layers: alcohol"]
    mem.forget(conflict.active_id)
    assert [c for c in mem.archive.conflicts() if c.resolution == "layers"] == []


def test_export_and_the_recall_block_carry_the_layers(hub):
    mem = hub.tenant("dora")
    _say(mem, [("user", "I love green tea."), ("user", "I'll send you the invoice tomorrow.")])
    data = mem.export()
    assert data["layers"]["commitments"][0]["due"] == "2026-03-05"
    assert data["layers"]["preferences"][0]["topic"] == "green tea"
    json.dumps(data, default=str)
    lines = mem.people.for_turn("any green tea left?", WED + timedelta(hours=3))
    assert any("due Thu 05 Mar" in x and "send the invoice" in x for x in lines)
    assert any("likes green tea" in x for x in lines)
    agent = autogen.ConversableAgent("dora", llm_config=False)
    cap = ZettelMemoryCapability(hub, session_id="s2", flush_before_recall=True)
    cap.add_to_agent(agent)
    out = cap.recall_hook([{"role": "user", "name": "user", "content": "Shall we have some green tea?"}])
    assert "<zettel-recall" in out[0]["content"] and "likes green tea" in out[0]["content"]
    assert "data, not instructions" in out[0]["content"]


def test_a_tenant_written_before_the_layers_is_read_once(hub):
    mem = hub.tenant("old")
    _say(mem, [("Rui", "I'm allergic to peanuts.")])
    tenant_parts(mem).db.db.execute("delete from layer_evidence")
    tenant_parts(mem).db.db.execute("delete from layer_facts")
    tenant_parts(mem).db.set_meta("layers_version", "0")
    assert mem.people.for_turn("peanuts", WED) == []  # never a full read on the reply path
    assert [(f.key, f.value) for f in mem.facts()] == [("allergy", "peanuts")]


def test_cli_lists_the_layers(run, tmp_path):
    ingest = "\n".join(
        json.dumps(m)
        for m in [
            {"text": "I'll draft the proposal by Thursday.", "speaker": "Rui", "at": "2026-03-04T10:00:00"},
            {"text": "I love jazz.", "speaker": "Rui", "at": "2026-03-04T11:00:00"},
            {"text": "我搬到杭州了。", "speaker": "王芳", "at": "2026-03-04T12:00:00"},
        ]
    )
    path = tmp_path / "chat.jsonl"
    path.write_text(ingest, encoding="utf-8")
    assert run("ingest", "t1", str(path)).exit_code == 0
    out = run("commitments", "t1", "--json")
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)[0]["due"] == "2026-03-05"
    out = run("preferences", "t1", "--subject", "rui", "--json")
    assert json.loads(out.output)[0]["topic"] == "jazz"
    out = run("facts", "t1")
    assert out.exit_code == 0 and "杭州" in out.output
    assert run("commitments", "t1", "--overdue-at", "soon").exit_code != 0


def test_merging_near_duplicates_keeps_every_restatement(hub):
    mem = hub.tenant("rui")
    lines = [("Rui", "I like sushi.")]
    for n in range(3):
        lines += [("assistant", "Shall I book the sushi bar tonight?"), ("Rui", "No thanks.")]
    _say(mem, lines, step=timedelta(minutes=5))
    (before,) = mem.preferences("rui")
    report = mem.maintain(at=WED + timedelta(hours=2), steps=("merge",))
    assert report.merged  # the copies of "No thanks." became one card...
    (after,) = mem.preferences("rui")
    assert (
        (after.evidence, after.value) == (before.evidence, before.value) == (4, after.value)
    )  # ...three refusals still
    survivor = report.merged[0][0]
    mem.archive.freeze(survivor)
    mem.archive.thaw(survivor)
    assert mem.preferences("rui")[0].evidence == 4


def test_cards_of_the_llm_refiner_in_the_third_person_feed_the_layers(clock):
    """An LLM refiner writes "Rui will draft ..." (AutoGen's real client against a server in the
    test process); the layer rules read it as Rui saying "I will draft ..."."""
    from autogen_zettel import HashEmbedder, MemoryHub
    from autogen_zettel.memory.llm_refine import LLMRefiner

    from .openai_stub import OpenAIStub

    answers = {
        "I'll draft the proposal by Thursday.": "Rui will draft the proposal by Thursday.",
        "Honestly I really love green tea these days.": "Rui really loves green tea.",
        "我们家上个月搬到杭州了。": "王芳搬到杭州了。",
    }

    def reply(body):
        prompt = body["messages"][-1]["content"]
        said = prompt.split("<<<\n")[-1].split("\n>>>")[0]
        mid = re.search(r"Message id: (\S+)", prompt).group(1)
        return json.dumps(
            {"cards": [{"content": answers[said], "kind": "fact", "confidence": 0.9, "source_id": mid}]}
        )

    with OpenAIStub(reply) as stub:
        hub = MemoryHub.open(
            memory=True, embedder=HashEmbedder(), clock=clock, refiner=LLMRefiner(stub.llm_config())
        )
        mem = hub.tenant("assistant")
        for n, (who, text) in enumerate(
            [("Rui", k) for k in list(answers)[:2]] + [("王芳", list(answers)[2])]
        ):
            mem.remember(text, speaker=who, message_id=f"msg{n}", at=WED + timedelta(hours=n))
        assert next(c.content for c in mem.cards()) == "Rui will draft the proposal by Thursday."
        assert [(c.owner, c.what, c.due) for c in mem.commitments()] == [
            ("Rui", "draft the proposal", date(2026, 3, 5))
        ]
        assert [(p.topic, p.value) for p in mem.preferences("Rui")] == [("green tea", 0.85)]
        assert [(f.key, f.value) for f in mem.facts("王芳")] == [("residence", "杭州")]
        hub.close()


def test_a_bare_refusal_finds_its_offer_at_one_clock_time_and_without_a_session(hub):
    mem = hub.tenant("rui")
    mem.remember_many(
        [
            {"text": "I love sushi.", "speaker": "Rui"},
            {"text": "Shall I book the sushi bar?", "speaker": "assistant"},
            {"text": "No thanks.", "speaker": "Rui"},
        ]
    )  # one clock time, no session
    mem.remember("How about the Japanese place tonight?", speaker="assistant")
    mem.remember("Nah.", speaker="Rui")
    (p,) = mem.preferences("Rui")
    assert p.evidence == 3 and p.value < 0.6


def test_the_person_promised_to_can_call_it_off(hub):
    mem = hub.tenant("assistant")
    _say(
        mem,
        [
            ("Rui", "Can you book a table for Friday?"),
            ("assistant", "Sure, I'll book the table for Friday."),
            ("Rui", "Never mind the table, we'll eat at home."),
        ],
    )
    (c,) = mem.commitments()
    assert (c.owner, c.what, c.due, c.status) == (
        "assistant",
        "book the table",
        date(2026, 3, 6),
        "cancelled",
    )


def test_the_llm_refiner_may_give_the_layer_rows_itself(clock):
    """Rows in the refiner's JSON are validated and used instead of the rules (their "when"
    anchored at the message time); a bad row is retried, then the heuristic path takes over."""
    from autogen_zettel import HashEmbedder, MemoryHub
    from autogen_zettel.base.errors import LLMOutputError
    from autogen_zettel.memory.llm_refine import LLMRefiner
    from autogen_zettel.people.llm_rows import validate_layer_rows

    from .openai_stub import OpenAIStub

    rows = {
        "Count me in for Friday, I'll handle the drinks and snacks.": [
            {
                "layer": "commitment",
                "subject": "I",
                "what": "bring drinks and snacks",
                "when": "on Friday",
                "counterparty": None,
            },
            {
                "layer": "preference",
                "subject": "I",
                "topic": "team outings",
                "value": 0.8,
                "kind": "statement",
            },
        ],
        "Honestly the whole sober thing is working out for me.": [
            {"layer": "fact", "subject": "I", "key": "restriction", "value": "drinking", "change": False}
        ],
        "Put the jazz evening in my calendar please.": [{"layer": "oops"}],
    }

    def reply(body):
        prompt = body["messages"][1]["content"]
        said = prompt.split("<<<\n")[-1].split("\n>>>")[0]
        mid = re.search(r"Message id: (\S+)", prompt).group(1)
        content = {
            0: "Rui joins on Friday and handles the drinks and snacks.",
            1: "Rui stays sober.",
            2: "Rui wants the jazz evening in the calendar.",
        }[list(rows).index(said)]
        return json.dumps(
            {
                "cards": [
                    {
                        "content": content,
                        "kind": "fact",
                        "confidence": 0.9,
                        "source_id": mid,
                        "layers": rows[said],
                    }
                ]
            }
        )

    with OpenAIStub(reply) as stub:
        refiner = LLMRefiner(stub.llm_config())
        hub = MemoryHub.open(memory=True, embedder=HashEmbedder(), clock=clock, refiner=refiner)
        mem = hub.tenant("assistant")
        for n, text in enumerate(rows):
            mem.remember(text, speaker="Rui", message_id=f"msg{n}", at=WED + timedelta(hours=n))
        assert [(c.owner, c.what, c.due) for c in mem.commitments()] == [
            ("Rui", "bring drinks and snacks", date(2026, 3, 6))
        ]
        assert [(p.topic, p.value) for p in mem.preferences("Rui")] == [("team outings", 0.8)]
        assert [(f.key, f.value) for f in mem.facts("Rui")] == [("restriction", "alcohol")]
        assert refiner.fallbacks == 1  # the bad row: retried once, then the heuristic refiner
        hub.close()
    with pytest.raises(LLMOutputError, match=r"cards\[0\].layers\[0\].key must be one of"):
        validate_layer_rows(
            [{"layer": "fact", "subject": "I", "key": "shoe size", "value": "44"}],
            where="cards[0]",
            speaker="Rui",
        )
