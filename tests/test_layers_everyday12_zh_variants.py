"""Variants of the fixes made for the twelfth blind Chinese round (tests/test_layers_everyday12_zh.py):
for each fix, two lines in other words with the same shape, written after the fix."""

from __future__ import annotations

from datetime import date

from tests.layer_sets import (
    all_rows as _all,
    commitment_of as _commit,
    current as _current,
    heard,
    no_fact as _no_fact,
    preference_holding as _pref,
    preferences_holding as _prefs,
)


# 在X做Y, 当PM: the role after 做 / 当 ends at its clause, more may follow


def test_zh12v_a_tester_at_xiaomi_then_the_hours(default_hub):
    mem = heard(default_hub, "e12zh_v01", [(0, "阿测", "我在小米做测试，每天加班到十点")])
    assert _current(mem, "阿测", "employer") == ["小米"], _all(mem)


def test_zh12v_a_pm_at_jd_then_a_judgement(default_hub):
    mem = heard(default_hub, "e12zh_v02", [(0, "阿品", "我在京东当PM，挺忙的")])
    assert _current(mem, "阿品", "employer") == ["京东"], _all(mem)


# V过: 过 after the verb of a job tells a job once held, no job now


def test_zh12v_a_teacher_for_three_years_once(default_hub):
    mem = heard(default_hub, "e12zh_v03", [(0, "阿教", "我当过三年老师，后来转行了")])
    _no_fact(mem)


def test_zh12v_a_waiter_at_a_tea_shop_in_college(default_hub):
    mem = heard(default_hub, "e12zh_v04", [(0, "阿茶", "大学时在奶茶店当过服务员")])
    _no_fact(mem)
