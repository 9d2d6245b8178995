"""Misreadings a reviewer found in this session's new readings (#40), each probed against the
code before the session: lines of the same shape and another meaning, which must give nothing
(or the right row)."""

from __future__ import annotations

from datetime import datetime

import pytest

from autogen_zettel.people.extract import extract_layers

AT = datetime(2026, 3, 4, 10, 0)


def _rows(text: str, speaker: str = "Pat", previous: str | None = None):
    return [
        (e.layer, e.key, e.value, e.kind)
        for e in extract_layers(text, speaker=speaker, at=AT, previous=previous)
    ]


@pytest.mark.parametrize(
    "question, answer",
    [
        ("你在哪上班？", "你猜"),
        ("你在哪上班？", "还没找到"),
        ("你在哪上班？", "在家带娃"),
        ("你在哪上班？", "公司在望京"),
        ("你住哪？", "暂时住酒店"),
        ("你住哪？", "离你不远"),
        ("你住哪？", "还是老地方"),
        ("Where are you staying in Rome?", "Hotel Artemide"),
        ("Where do you work out?", "PureGym"),
        ("Where are you working from today?", "Costa"),
        ("where do you work?", "Nights mostly"),
        ("where do you live?", "Up north"),
        ("where do you live?", "Same place"),
        ("Did you forget the milk again?", "yep"),
        ("Did you miss the train?", "Yeah"),
        ("Did you have a good weekend?", "Yeah"),
        ("Have you heard from Sam?", "yeah"),
        ("Did you see the match last night?", "yeah"),
    ],
)
def test_an_answer_that_names_no_place_or_a_question_of_no_task_gives_nothing(question, answer):
    assert _rows(answer, previous=question) == []


def test_the_answers_that_do_name_it_still_do():
    assert _rows("我住朝阳", previous="你住哪？") == [("fact", "residence", "朝阳", "statement")]
    assert _rows("yep, this morning", previous="did you ring the bank?") == [("status", "", "bank", "done")]


@pytest.mark.parametrize(
    "line",
    [
        "Went off without a hitch!",
        "Went off ok in the end",
        "Went off sick on Tuesday",
        "I'm so intolerant of lazy people lol",
        "I'm quite intolerant of cold weather",
        "I'm intolerant to stupidity",
        "Tom has the flu now",
        "Jake has the kids now, so I'm free",
        "Baby's on its way!",
        "I can't get to sleep until 2 these days",
        "I won't start on the new job till the 14th",
        "I settled in Costa with a book for the afternoon",
    ],
)
def test_english_lines_of_a_new_readings_shape_and_another_meaning_give_nothing(line):
    assert _rows(line) == [], line


def test_english_the_new_readings_still_read_their_own_shape():
    assert _rows("I'm lactose intolerant") == [("fact", "allergy", "lactose", "statement")]
    assert _rows("Tom has the keys now") == [("status", "", "keys", "done")]
    assert _rows("but settled in Hyderabad now") == [("fact", "residence", "Hyderabad", "change")]
    assert _rows("Our local pub is the best") == [("preference", "local pub", "local pub", "statement")]
    due = [
        e.due for e in extract_layers("I'll do the whole loop in 2 hours on Saturday", speaker="Pat", at=AT)
    ]
    assert [str(d) for d in due] == ["2026-03-07"]  # the day named, not the time taken


@pytest.mark.parametrize(
    "line",
    [
        "我单位是事业单位",
        "我单位是国企，福利还行",
        "我们公司是外企",
        "学校是私立的",
        "我学校是双一流",
        "女儿上小学了，学校是实验小学",
        "我没去成，临时加班",
        "他们没聚成",
        "周末我不会再去了",
        "驱动我卸载了重装一下试试",
        "我一感冒就头疼",
        "我一紧张就头疼",
        "北京堵车真的绝了",
        "物业真的绝了，又停水",
        "新同事又高又好看",
        "小张越长越好看",
        "日子越过越没劲",
        "周末都在家待着，太无聊了",
        "外面都是雨，太无聊了",
        "我对冷空气没什么抵抗力，一降温就感冒",
    ],
)
def test_chinese_lines_of_a_new_readings_shape_and_another_meaning_give_nothing(line):
    assert [r for r in _rows(line, "王") if r[0] != "fact" or r[1] != "residence"] == [], line


def test_chinese_the_new_readings_still_read_their_own_shape():
    assert _rows("我单位是市第一医院", "王") == [("fact", "employer", "市第一医院", "statement")]
    assert _rows("我的学校是浙大", "王") == [("fact", "school", "浙大", "statement")]
    assert _rows("动物园没去成", "王") == [("status", "", "动物园", "cancelled")]
    assert _rows("抖音我卸载了", "王") == [("preference", "抖音", "抖音", "change")]
    assert _rows("一开会就头疼", "王") == [("preference", "开会", "开会", "statement")]
    assert _rows("那家brunch店真的绝了，已经去三次了", "王") == [
        ("preference", "brunch", "brunch", "statement")
    ]


def test_zh_a_receipt_reported_keeps_the_reporters_promise_after_it():
    got = [
        (e.layer, e.subject, e.value)
        for e in extract_layers("老王说钱收到了，他周五把发票寄给你", speaker="小王", at=AT)
    ]
    assert got == [("status", "小王", "钱"), ("commitment", "老王", "把发票寄给你")]
    assert [
        (e.layer, e.value) for e in extract_layers("老王说书收到了，让我谢谢你", speaker="小王", at=AT)
    ] == [("status", "书")]


@pytest.mark.parametrize(
    "line",
    [
        "I've got a horse riding lesson on Saturday",
        "I have a husky voice today",
        "I'm a 1st time buyer so the stamp duty helps",
        "The photos were washed out",
        "我在超市上小班",
    ],
)
def test_an_animal_in_another_noun_an_ordinal_that_is_no_grade_a_shift_give_nothing(line):
    assert _rows(line) == [], line


def test_the_pet_the_grade_and_the_kindergarten_class_still_read():
    assert _rows("we got a puppy last week") == [("fact", "pet", "puppy", "statement")]
    assert _rows("I'm a 2nd grade teacher in Ohio") == [("fact", "job", "2nd grade teacher", "statement")]
    assert [(r[1], r[2]) for r in _rows("我女儿在阳光幼儿园上大班", "王")] == [("school", "阳光幼儿园")]
