"""A promise put off by a span and no day of its own ("pushed the launch back a week", "会议推迟一周")
stays owed, due that much later than it was; before, its due stayed the old day (English) or the
promise was called off (Chinese). A plain "推迟了" with nothing after it stays called off, as the
labelled sets read it, and a span said beside a refusal moves nothing."""

from __future__ import annotations

import zlib
from datetime import date

import pytest

from autogen_zettel.text.due import put_off_by, put_off_span

from .layer_sets import heard

# TUE = 1 September 2026; Friday 4 September is the promise's day


@pytest.mark.parametrize(
    "news, due",
    [
        ("We've pushed the launch back a week.", date(2026, 9, 11)),
        ("Launch got pushed back two days, sorry", date(2026, 9, 6)),
        ("we're postponing the launch by a month", date(2026, 10, 4)),
    ],
)
def test_a_promise_put_off_by_a_span_is_due_that_much_later(default_hub, news, due):
    mem = heard(
        default_hub,
        f"put_off_en_{due.isoformat()}",
        [(0, "Ann", "I'll send you the launch plan on Friday."), (1, "Ann", news)],
    )
    (c,) = mem.commitments()
    assert (c.status, c.due) == ("open", due), c


@pytest.mark.parametrize(
    "news, due",
    [
        ("发布会推迟一周", date(2026, 9, 11)),
        ("发布会往后推了两天", date(2026, 9, 6)),
        ("发布会延期一个月", date(2026, 10, 4)),
    ],
)
def test_a_chinese_promise_put_off_by_a_span_stays_owed(default_hub, news, due):
    mem = heard(
        default_hub,
        f"put_off_zh_{due.isoformat()}",
        [(0, "王芳", "周五我把发布会的方案发你"), (1, "王芳", news)],
    )
    (c,) = mem.commitments()
    assert (c.status, c.due) == ("open", due), c


def test_put_off_with_nothing_after_it_stays_called_off(default_hub):
    mem = heard(
        default_hub, "put_off_zh2", [(0, "王芳", "周五我把发布会的方案发你"), (1, "王芳", "发布会推迟了")]
    )
    (c,) = mem.commitments()
    assert c.status == "cancelled", c


def test_a_span_beside_a_refusal_moves_nothing():
    assert put_off_span("I'm back for a week, can't make dinner") == ""
    assert put_off_span("we met two weeks ago") == ""
    assert put_off_by("pushed it back a fortnight", date(2026, 9, 4)) == date(2026, 9, 18)
    assert put_off_by("延期一个月", date(2026, 1, 31)) == date(2026, 2, 28)


def test_a_plan_moved_or_called_off_at_a_lines_head_is_no_person():
    # "Launch got pushed back to Friday" filed a status under a person "Launch"; the second is a variant
    from datetime import datetime

    from autogen_zettel.people.extract import extract_layers

    def rows(text):
        got = extract_layers(text, speaker="Sam", at=datetime(2026, 9, 1, 10))
        return [(e.subject, e.kind, e.value) for e in got if e.layer == "status"]

    assert rows("Launch got pushed back to Friday") == [("Sam", "postponed", "Launch")]
    assert rows("Quiz was cancelled") == [("Sam", "cancelled", "Quiz")]


def test_a_data_folder_from_before_the_span_gains_its_column_and_keeps_its_promises(tmp_path):
    # a tenant written before m004_put_off (its layer_evidence without the column): reopened, the
    # promise it held is still there, and a span said after it moves its due
    import sqlite_utils

    from autogen_zettel import HashEmbedder, MemoryHub

    from .layer_sets import TUE

    with MemoryHub.open(tmp_path, embedder=HashEmbedder()) as hub:
        hub.tenant("ann").remember("I'll send you the launch plan on Friday.", speaker="Ann", at=TUE)
    path = tmp_path / "tenants" / "ann.sqlite"
    db = sqlite_utils.Database(path)
    db.execute("alter table layer_evidence drop column put_off")
    db.execute("delete from _sqlite_migrations where name = 'm004_put_off'")
    db.conn.commit()
    db.close()
    with MemoryHub.open(tmp_path, embedder=HashEmbedder()) as hub:
        mem = hub.tenant("ann")
        assert [(c.what, c.due) for c in mem.commitments()] == [("send the launch plan", date(2026, 9, 4))]
        mem.remember("We've pushed the launch back a week.", speaker="Ann", at=TUE.replace(day=2))
        assert [(c.status, c.due) for c in mem.commitments()] == [("open", date(2026, 9, 11))]
    assert "put_off" in sqlite_utils.Database(path)["layer_evidence"].columns_dict


@pytest.mark.parametrize(
    "promise, news",
    [
        # round 9's strict xfail, then variants: another day owned to (得改天了, 只能下次了), a move
        # to a day with only consent asked (成不？, 行吗？)
        ("明晚我请你吃日料赔罪", "日料得改天了，往后推到周六成不？今晚临时要陪客户"),
        ("明晚我请你吃火锅", "火锅只能下次了，改到周六行吗？"),
        ("明晚我请你吃烤肉", "烤肉往后推到周六吧，今晚要加班"),
    ],
)
def test_a_chinese_plan_moved_to_a_day_with_consent_asked_stays_owed(default_hub, promise, news):
    mem = heard(default_hub, f"moved_zh_{ord(promise[-1])}", [(0, "梅子", promise), (1, "梅子", news)])
    (c,) = mem.commitments()
    assert (c.status, c.due) == ("open", date(2026, 9, 5)), c


def test_another_day_owed_to_alone_calls_the_plan_off_and_a_question_moves_nothing():
    from datetime import datetime

    from autogen_zettel.people.extract import extract_layers

    def rows(text):
        got = extract_layers(text, speaker="梅子", at=datetime(2026, 9, 2, 10))
        return [(e.kind, e.value) for e in got if e.layer == "status"]

    assert rows("日料得改天了") == [("cancelled", "日料")]  # was a task done, "日料得"
    assert rows("聚餐只能下次了") == [("cancelled", "聚餐")]
    assert rows("周六能来吗？") == [] and rows("我周六把书还你行吗？") == []


def test_a_plan_put_off_to_a_time_that_names_no_day_carries_no_span():
    # (the twelfth round's reading, met with the span at the merge: one field says how the due moves)
    from datetime import datetime

    from autogen_zettel.people.evidence import PUT_OFF_NO_DAY
    from autogen_zettel.people.extract import extract_layers

    def put_off(text):
        got = extract_layers(text, speaker="Ben", at=datetime(2026, 3, 5, 10))
        return [(e.kind, e.put_off) for e in got if e.layer == "status"]

    assert put_off("we've pushed the housewarming back to next month") == [("postponed", PUT_OFF_NO_DAY)]
    assert put_off("we've pushed the housewarming back a month") == [
        ("postponed", "pushed the housewarming back a month")
    ]
    assert put_off("the meeting got pushed to friday") == [("postponed", "")]


@pytest.mark.parametrize(
    "news, due",
    [
        # the twelfth round's helper saw a second promise made; the last two are variants
        ("Rain all day, I'll tackle the gutters next weekend instead", date(2026, 9, 12)),
        ("I'll do the gutters on Sunday instead", date(2026, 9, 6)),
        ("Too windy today. Will sort the gutters on Friday instead", date(2026, 9, 4)),
    ],
)
def test_a_promise_said_again_instead_moves_the_one_before(default_hub, news, due):
    mem = heard(
        default_hub,
        f"instead_{due.isoformat()}",
        [(0, "Sam", "I'll clean the gutters on Saturday"), (1, "Sam", news)],
    )
    assert [(c.what, c.status, c.due) for c in mem.commitments()] == [("clean the gutters", "open", due)]


def test_a_promise_of_another_thing_instead_is_a_promise_of_its_own(default_hub):
    mem = heard(
        default_hub,
        "instead_other",
        [(0, "Sam", "I'll bring beer on Saturday"), (1, "Sam", "Actually I'll bring wine instead")],
    )
    assert sorted(c.what for c in mem.commitments()) == ["bring beer", "bring wine instead"]


def test_a_length_of_time_is_no_span_put_off():
    # found in the review: "for a month" after a move of house, 拖了三天 (dragged on) and 晚了两天
    # (late) are lengths of time, not a plan moved by them
    assert put_off_span("Cancelled the gym session, moving house for a month") == ""
    assert put_off_span("这事拖了三天了，算了不弄了") == put_off_span("快递晚了两天") == ""
    assert put_off_span("日料推迟两天") == "推迟两天"


def test_a_move_to_a_day_by_any_verb_of_moving_puts_the_plan_off():
    from datetime import datetime

    from autogen_zettel.people.extract import extract_layers

    got = extract_layers("日料得改天了，换到周六", speaker="梅子", at=datetime(2026, 9, 2, 10))
    assert [(e.kind, e.due) for e in got if e.layer == "status"] == [("postponed", date(2026, 9, 5))]


# put off to a time that names no day: still owed, its day no longer known; the time is no part of
# the thing ("postponed the launch to Friday" puts off the launch)
@pytest.mark.parametrize(
    "news",
    [
        "We've postponed the launch to May.",
        "we moved the launch to late June, sorry",
        "Launch got pushed till after Christmas.",
    ],
)
def test_a_promise_put_off_to_a_month_or_after_a_holiday_stays_owed_with_no_day(default_hub, news):
    mem = heard(
        default_hub,
        f"put_off_month_en_{zlib.crc32(news.encode())}",
        [(0, "Ann", "I'll send you the launch plan on Friday."), (1, "Ann", news)],
    )
    (c,) = mem.commitments()
    assert (c.status, c.due) == ("open", None), c


@pytest.mark.parametrize(
    "news, due",
    [
        ("We've postponed the launch to Monday.", date(2026, 9, 7)),
        ("they've postponed the launch to the 20th", date(2026, 9, 20)),
    ],
)
def test_a_promise_postponed_to_a_day_moves_to_it(default_hub, news, due):
    mem = heard(
        default_hub,
        f"put_off_day_en_{due.isoformat()}",
        [(0, "Ann", "I'll send you the launch plan on Friday."), (1, "Ann", news)],
    )
    (c,) = mem.commitments()
    assert (c.status, c.due) == ("open", due), c


@pytest.mark.parametrize("news", ["发布会推迟到五月了", "我们把发布会改到明年了", "发布会挪到节后了"])
def test_a_chinese_promise_put_off_to_a_month_or_next_year_stays_owed_with_no_day(default_hub, news):
    mem = heard(
        default_hub,
        f"put_off_month_zh_{zlib.crc32(news.encode())}",
        [(0, "王芳", "周五我把发布会的方案发你"), (1, "王芳", news)],
    )
    (c,) = mem.commitments()
    assert (c.status, c.due) == ("open", None), c


@pytest.mark.parametrize("news", ["我们把发布会推迟到下周一了", "咱们把发布会挪到下周一吧"])
def test_a_chinese_promise_moved_with_ba_is_no_new_promise(default_hub, news):
    mem = heard(
        default_hub,
        f"put_off_ba_zh_{zlib.crc32(news.encode())}",
        [(0, "王芳", "周五我把发布会的方案发你"), (1, "王芳", news)],
    )
    (c,) = mem.commitments()
    assert (c.status, c.due) == ("open", date(2026, 9, 7)), c
