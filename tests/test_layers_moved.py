"""What the sixteenth set's folds 0-2 taught the rules (#40), each beside a line of the same shape
that must read otherwise: plans moved to later, dates said with their weekday, irony, plural heads,
微信 run-on lines, promises with the subject dropped."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from autogen_zettel.text.due import due_date

from .layer_sets import found_rows

AT = datetime(2026, 3, 5, 10, 0)  # a Thursday


@pytest.mark.parametrize(
    ("text", "what", "due", "key"),
    [
        # (a later time that names no day is keyed "later": the promise's due is no longer known)
        ("we've pushed the housewarming back to next month", "housewarming", None, "later"),
        ("the meeting got pushed to friday", "meeting", date(2026, 3, 6), ""),
        ("we're postponing the trip until spring", "trip", None, "later"),
        ("团建推迟到下个月了，场地那边出了点问题", "团建", date(2026, 4, 1), ""),
        ("我们的会议延期到周五", "会议", date(2026, 3, 6), ""),
    ],
)
def test_a_plan_moved_to_a_later_time_is_postponed_to_the_day_named(text, what, due, key):
    # still owed, due then (people/model.py moves the promise's due date, its status stays open)
    assert found_rows(text, AT) == [("status", "Ben", key, what, False, "postponed", due)]


@pytest.mark.parametrize(
    ("text", "what"),
    [("we're gonna postpone dinner w/ the Hendersons", "dinner w/ the Hendersons"), ("婚礼改期了", "婚礼")],
)
def test_a_plan_put_off_with_no_time_named_is_off(text, what):
    assert found_rows(text, AT) == [("status", "Ben", "", what, False, "cancelled", None)]


@pytest.mark.parametrize(
    "text",
    ["I'll move the couch to the living room tomorrow", "can you push the call to 3pm?", "我们明天去看电影"],
)
def test_moving_a_thing_or_asking_to_move_a_plan_calls_nothing_off(text):
    assert not [r for r in found_rows(text, AT) if r[0] == "status"]


def test_a_done_word_negated_is_not_done_and_covered_in_is_a_state():
    assert found_rows("the floors still aren't finished", AT) == []
    assert found_rows("the whole house is covered in them", AT) == []
    assert found_rows("rent's covered", AT) == [("status", "Ben", "", "rent", False, "done", None)]


@pytest.mark.parametrize(
    ("words", "day"),
    [
        ("by close of business on Friday 13 March", date(2026, 3, 13)),
        ("cover your shift thurs", date(2026, 3, 12)),
        ("by weds", date(2026, 3, 11)),
        ("on sat", date(2026, 3, 7)),
        ("tomorrow, the deadline is March 20", date(2026, 3, 6)),  # tomorrow still first
    ],
)
def test_a_calendar_date_beats_its_weekday_and_typed_weekdays_are_read(words, day):
    assert due_date(words, AT) == day


@pytest.mark.parametrize("text", ["I sat down for once", "see you in the sun"])
def test_a_short_weekday_alone_is_a_word(text):
    assert due_date(text, AT) is None


def test_a_plural_head_has_its_taste_and_the_time_after_it_is_not_the_thing():
    rows = found_rows("my kids are mad about dinosaurs right now", AT)
    assert [(r[0], r[1], r[3], r[4]) for r in rows] == [("preference", "Ben's kids", "dinosaurs", True)]


def test_a_dropped_i_before_cant_get_enough_and_being_off_a_thing_for_now():
    assert [(r[3], r[4]) for r in found_rows("honestly can't get enough of this sourdough", AT)] == [
        ("sourdough", True)
    ]
    assert [(r[3], r[4]) for r in found_rows("thanks but I'm off red wine these days", AT)] == [
        ("red wine", False)
    ]
    assert found_rows("I'm off to Paris these days", AT) == []


@pytest.mark.parametrize(
    "text",
    [
        "oh yeah because I LOVE spending my saturday doing tax returns 🙃",
        "oh great, I just love waiting in line for an hour",
        "I love mondays /s",
    ],
)
def test_praise_said_with_irony_states_no_taste(text):
    assert not [r for r in found_rows(text, AT) if r[0] == "preference"]


def test_a_plain_love_with_a_laugh_is_still_a_taste():
    assert [(r[3], r[4]) for r in found_rows("I love this song 😂", AT)] == [("song", True)]


def test_a_wechat_run_on_line_is_read_clause_by_clause_and_its_promise_has_its_own_day():
    line = "今天真的是一团乱麻 早上地铁坏了 不过你那个报销单我记着呢 明天上午帮你签了"
    assert found_rows(line, AT) == [("commitment", "Ben", "", "帮你签", False, "statement", date(2026, 3, 6))]
    # the same act for the other said this afternoon is done, not promised
    assert [r[0] for r in found_rows("下午帮你签了", AT)] == ["status"]


def test_a_notice_of_we_will_and_the_occasion_after_its_day():
    rows = found_rows("我们将于本周五前把材料发送至您的邮箱", AT)
    assert [r[:2] + r[-1:] for r in rows] == [("commitment", "Ben", date(2026, 3, 6))]
    assert found_rows("周六聚餐我带酒", AT) == [
        ("commitment", "Ben", "", "带酒", False, "statement", date(2026, 3, 7))
    ]


@pytest.mark.parametrize(
    ("text", "row"),
    [
        ("我跟男朋友在一起三年了", ("fact", "Ben", "relationship", "dating", False, "statement", None)),
        (
            "我老公跳槽去了Microsoft，天天开会开到半夜",
            ("fact", "Ben的老公", "employer", "Microsoft", False, "change", None),
        ),
        ("我女儿在实验小学上三年级", ("fact", "Ben的女儿", "school", "实验小学", False, "statement", None)),
    ],
)
def test_chinese_facts_of_a_partner_an_employer_and_a_school(text, row):
    assert row in found_rows(text, AT)


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("臭豆腐这种东西，我一辈子都不会碰", "臭豆腐"),
        ("榴莲这玩意儿，我永远不会吃", "榴莲"),
        ("别给我推荐剧本杀了，玩过一次就再也不想玩了", "剧本杀"),
    ],
)
def test_a_thing_named_as_a_topic_or_as_what_not_to_offer_then_never_again(text, thing):
    rows = [r for r in found_rows(text, AT) if r[0] == "preference"]
    assert [(r[3], r[4]) for r in rows] == [(thing, False)]


def test_never_again_with_no_thing_named_is_no_taste():
    assert not [r for r in found_rows("这种东西，我一辈子都不会碰", AT) if r[0] == "preference"]
