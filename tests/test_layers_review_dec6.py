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
