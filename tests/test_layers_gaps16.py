"""Probes for the gaps closed in the sixteenth round (#40): a day put off to in a year named, a
state ended at last that calls nothing off. The sentences are written for these tests."""

from __future__ import annotations

from datetime import date, datetime

from autogen_zettel.people.extract import extract_layers
from tests.layer_sets import heard

AT = datetime(2026, 3, 4, 10, 0)


def test_zh_a_promise_put_off_to_a_day_of_next_year_is_due_then(default_hub):
    mem = heard(
        default_hub,
        "gaps16_year",
        [(0, "赵敏", "发布会的稿子我3月20号前写完。"), (2, "赵敏", "发布会推迟到明年3月10号了。")],
        start=AT,
    )
    (c,) = [c for c in mem.commitments() if c.owner == "赵敏"]
    # (this year's 10 March is past by then, so the day alone would also say next year's: the year
    # named must win over one still ahead, below)
    assert (c.status, c.due) == ("open", date(2027, 3, 10)), c
    from autogen_zettel.text.due import due_date

    assert due_date("会议推迟到明年3月10号了", datetime(2026, 1, 5)) == date(2027, 3, 10)


def _states(text: str, speaker: str = "赵敏"):
    return [(e.kind, e.value) for e in extract_layers(text, speaker=speaker, at=AT) if e.layer == "status"]


def test_zh_a_state_ended_at_last_is_no_plan_called_off():
    assert _states("衣柜装完终于不乱了") == [("done", "衣柜")]
    assert not [k for k, _ in _states("药吃完总算不疼了") if k == "cancelled"]
    assert not [k for k, _ in _states("窗户修好了，屋里终于不冷了") if k == "cancelled"]
    assert _states("周末的聚会我就不去了") == [("cancelled", "聚会")]  # a plan dropped is still one


def _rows(text: str, layer: str, speaker: str = "Ann"):
    return [
        (e.key, e.value, e.score) for e in extract_layers(text, speaker=speaker, at=AT) if e.layer == layer
    ]


def test_what_one_thinks_of_an_allergy_is_not_the_allergen():
    assert _rows("ugh my stupid peanut allergy is acting up again", "fact") == [("allergy", "peanut", 0.5)]
    assert _rows("my annoying cat allergy again lol", "fact") == [("allergy", "cat", 0.5)]
    assert _rows("I have a stupid allergy to shellfish", "fact") == [("allergy", "shellfish", 0.5)]
    assert _rows("this grass pollen allergy is no joke", "fact") == [("allergy", "grass pollen", 0.5)]


def test_a_judgement_of_someone_elses_thing_is_no_taste_of_the_speaker():
    for line in ("His cooking is amazing", "your cooking is amazing tbh", "His job at Google is boring"):
        assert _rows(line, "preference") == [], line
    assert _rows("Opera is boring", "preference") == [("opera", "opera", 0.1)]
    assert _rows("My job is so boring", "preference") == [("job", "job", 0.1)]


def test_zh_tastes_told_by_no_resistance_a_lifeline_or_a_mood_at_an_act():
    zh = lambda t: _rows(t, "preference", "赵敏")  # noqa: E731
    assert zh("我对甜食没什么抵抗力") == [("甜食", "甜食", 0.9)]
    assert zh("奶茶我毫无抵抗力") == [("奶茶", "奶茶", 0.9)]
    assert zh("冰美式是我的续命神器") == [("冰美式", "冰美式", 0.9)]
    assert zh("一开会就头疼") == [("开会", "开会", 0.1)]
    assert zh("我一加班就烦") == [("加班", "加班", 0.1)]
    assert zh("最近一跑步就开心") == [("跑步", "跑步", 0.9)]
    assert zh("这种病毒对老人没有抵抗力") == []  # a body's defence, no taste
    assert zh("他一开会就头疼") == []  # his mood, not the speaker's
    assert zh("一下雨就心烦") == [("下雨", "下雨", 0.1)]
    assert zh("我戒不了咖啡，一天不喝就头疼") == [
        ("coffee", "咖啡", 0.9)
    ]  # 一天, a numeral: no mood at an act
    assert zh("他一下子就烦了") == []


def _facts_after(question: str, answer: str, speaker: str = "Jonas"):
    return [
        (e.key, e.value)
        for e in extract_layers(answer, speaker=speaker, at=AT, previous=question)
        if e.layer == "fact"
    ]


def test_where_one_lives_or_works_said_by_the_place_alone_in_answer_to_the_question():
    assert _facts_after("Where are you based these days?", "still in manchester") == [
        ("residence", "Manchester")
    ]
    assert _facts_after("where do you work now?", "still at google lol") == [("employer", "Google")]
    assert _facts_after("who do you work for?", "Deutsche Bank, in the City") == [
        ("employer", "Deutsche Bank")
    ]
    assert _facts_after("where r u living now?", "new york atm") == [("residence", "New York")]
    assert _facts_after("你现在在哪儿上班？", "还在华为，没换", "小林") == [("employer", "华为")]
    assert _facts_after("你住哪儿？", "现在住望京", "小林") == [("residence", "望京")]
    # an answer that names no place or firm, or a question that asks no such thing, gives nothing
    for q, a in (
        ("Where are you based these days?", "home mostly"),
        ("who do you work for?", "myself haha"),
        ("where do you live?", "same place as before"),
        ("Where are you working these days?", "I'm not, between jobs"),
        ("where do you live?", "near the station"),
        ("Where did you go on holiday?", "Lisbon, it was lovely"),
        ("Where are you based these days?", "Leeds?"),
    ):
        assert _facts_after(q, a) == [], (q, a)
    assert _facts_after("你住哪儿？", "家里啊", "小林") == []
    assert _facts_after("Where are you based these days", "still in manchester") == []  # no question
