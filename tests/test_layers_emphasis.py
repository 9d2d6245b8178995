"""A stance said with an emphasis before it or in the perfect (#40): "我一点都不喜欢弹钢琴",
"我真心不喜欢开会", "I'm really not into golf", "I've never liked mushrooms". Probes of the
lead's after the fifth session, fixed by the degree slot (Chinese) and the perfect's have and
the adverb before "not into" (English); the last lines of each test are variants written after."""

from __future__ import annotations

from tests.layer_sets import heard, preference_row


def _value(mem, subject, topic) -> float:
    return preference_row(mem, subject, topic).value


def test_an_emphasis_before_a_chinese_stance(default_hub):
    mem = heard(
        default_hub,
        "emph_zh",
        [
            (0, "张伟", "我一点都不喜欢弹钢琴。"),
            (0, "李娜", "我真心不喜欢开会。"),
            (0, "王芳", "我压根儿不吃香菜。"),
            (1, "赵敏", "我儿子一点也不爱吃胡萝卜。"),
            (1, "陈静", "我确实喜欢安静的咖啡馆。"),
        ],
    )
    assert _value(mem, "张伟", "弹钢琴") < 0.5
    assert _value(mem, "李娜", "开会") < 0.5
    assert _value(mem, "王芳", "coriander") < 0.5
    assert _value(mem, "赵敏的儿子", "胡萝卜") < 0.5
    assert [p.value > 0.5 for p in default_hub.tenant("emph_zh").preferences(subject="陈静")] == [True]


def test_a_perfect_or_an_adverb_before_an_english_stance(default_hub):
    mem = heard(
        default_hub,
        "emph_en",
        [
            (0, "Ann", "I'm really not into golf."),
            (0, "Bo", "I've never liked mushrooms."),
            (0, "Cy", "I have always loved jazz."),
            (1, "Di", "I'm honestly not into musicals."),
            (1, "Ed", "I've always hated Mondays."),
            (2, "Fay", "I've always found maths hard."),
        ],
    )
    assert _value(mem, "Ann", "golf") < 0.5
    assert _value(mem, "Bo", "mushroom") < 0.5
    assert _value(mem, "Cy", "jazz") > 0.5
    assert _value(mem, "Di", "musical") < 0.5
    assert _value(mem, "Ed", "mondays") < 0.5
    assert mem.preferences(subject="Fay") == []  # a finding, no taste
