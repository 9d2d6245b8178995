"""Variants of the shapes fixed after reading the sixteenth labelled set's tune folds (0-2) (#40),
written AFTER the fixes (not blind), two per fix, read through facts() and commitments() so the
fixes are tried as shapes and not as the set's lines."""

from __future__ import annotations

from datetime import date

from tests.layer_sets import commitment_of as _one, current as _current, heard

# TUE is Tuesday 1 September 2026: Friday is the 4th.
FRI = date(2026, 9, 4)


def test_variants_a_firm_of_before_and_a_firm_of_now(default_hub):
    mem = heard(
        default_hub,
        "s16v_f01",
        [
            (0, "甘露", "我原来在华为，现在跳到了小米"),
            (0, "邢峰", "我之前在招商银行上班，现在在平安"),
            (0, "卓凡", "我以前在杭州，现在在上海"),  # a city of before is no firm: no employer
        ],
    )
    assert _current(mem, "甘露", "employer") == ["小米"]
    assert _current(mem, "邢峰", "employer") == ["平安"]
    assert _current(mem, "卓凡", "employer") == []


def test_variants_a_move_of_school_is_a_change(default_hub):
    mem = heard(
        default_hub,
        "s16v_f02",
        [
            (0, "黎明", "我女儿在育才小学上学"),
            (10, "黎明", "我女儿转学了，现在在外国语小学上四年级"),
        ],
    )
    assert _current(mem, "黎明的女儿", "school") == ["外国语小学"]


def test_variants_a_formal_promise_with_the_thing_first(default_hub):
    mem = heard(
        default_hub,
        "s16v_c01",
        [
            (0, "柏然", "李经理您好，合同我们将于本周五前审核完毕并寄回。"),
            (0, "欧阳倩", "报价单我会在周五前发给您"),
            (0, "甘露", "看恐怖片我会做噩梦"),  # foreseen, no promise
        ],
    )
    assert _one(mem, "柏然").due == FRI
    assert _one(mem, "欧阳倩").due == FRI
    assert [c for c in mem.commitments() if c.owner == "甘露"] == []


def test_variants_a_terse_trade_from_now_on(default_hub):
    mem = heard(
        default_hub,
        "s16v_f03",
        [
            (0, "Callie", "I'm a barista at Grind."),
            (20, "Callie", "Handed in my notice! Full-time illustrator from now on."),
            (0, "Dev", "I'm a teacher."),
            (20, "Dev", "Only water from now on, no more soda."),  # no trade: the job stays
        ],
    )
    assert _current(mem, "Callie", "job") == ["full-time illustrator"]
    assert _current(mem, "Dev", "job") == ["teacher"]


def test_variants_another_pledge_reported_after_ones_own_takes_the_messages_time(default_hub):
    mem = heard(
        default_hub,
        "s16v_c02",
        [
            (0, "甘露", "今晚我做饭，小李说他洗碗"),
            (1, "邢峰", "明天我去，小王说他不去"),  # a refusal reported: no pledge of 小王's
        ],
    )
    assert _one(mem, "小李").due == date(2026, 9, 1)
    assert [c for c in mem.commitments() if c.owner == "小王"] == []


def test_variants_a_choice_made_every_time(default_hub):
    mem = heard(
        default_hub,
        "s16v_p01",
        [
            (0, "Sam", "Honestly I'd go for the veggie option every time."),
            (0, "Ria", "Nadia can't stand buses, she'd pick the tram any day."),
        ],
    )
    assert mem.preferences(subject="Sam", topic="veggie option")[0].value > 0.5
    assert mem.preferences(subject="Nadia", topic="tram")[0].value > 0.5


def test_variants_a_chinese_clause_in_an_english_line_closes_a_task(default_hub):
    mem = heard(
        default_hub,
        "s16v_s01",
        [
            (0, "Kenji", "I'll finish the slides by Friday."),
            (2, "Kenji", "slides 搞定了, time for a beer 🍺"),
            (0, "Mei", "lol 好的 see you"),  # a yes and a goodbye: no task
        ],
    )
    assert [c.status for c in mem.commitments() if c.owner == "Kenji"] == ["done"]
    assert [c for c in mem.commitments() if c.owner == "Mei"] == []


def test_a_named_firm_before_a_trade_keeps_its_name(default_hub):
    # found beside the sixteenth set: the place before a firm ("在上海的一家X") took a named firm's
    # first characters ("在协和医院当护士" gave 医院)
    mem = heard(
        default_hub,
        "s16v_f04",
        [
            (0, "何磊", "我在协和医院当护士。"),
            (0, "郑佳", "我在上海的一家咨询公司上班。"),
        ],
    )
    assert _current(mem, "何磊", "employer") == ["协和医院"]
    assert _current(mem, "郑佳", "employer") == ["咨询公司"]
