"""Mistakes the sixth and seventh everyday rounds' helpers noticed beside their scenarios (#40),
fixed after: a day of next month named by its number, and an hour said with "p.m." in a promise."""

from __future__ import annotations

from datetime import date

from tests.layer_sets import commitment_of as _one, heard


def test_a_day_of_next_month_is_that_day(default_hub):
    mem = heard(
        default_hub, "fb_c01", [(0, "甘露", "下个月3号我把钱还你"), (0, "邢峰", "本月25日前我把材料交给您")]
    )
    assert _one(mem, "甘露").due == date(2026, 10, 3)
    assert _one(mem, "邢峰").due == date(2026, 9, 25)


def test_an_hour_with_pm_is_no_part_of_what_is_promised(default_hub):
    mem = heard(
        default_hub,
        "fb_c02",
        [(0, "Sam", "I'll call the plumber at 3 p.m."), (0, "Ria", "I'll pick you up at 7 a.m.")],
    )
    assert _one(mem, "Sam").what == "call the plumber"
    assert _one(mem, "Ria").what == "pick up"
