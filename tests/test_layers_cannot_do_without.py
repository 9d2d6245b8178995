"""Chinese likes said as what one cannot do without (#40), the lead's probes: "我是个咖啡控" gave
nothing and "奶茶这东西我真戒不掉" read as a dislike (the 戒 of "given up" took the 戒 of "cannot
give up" with it). The lines after the first of each test are variants written after the fix,
with lines of the same shape that are no taste."""

from __future__ import annotations

from tests.layer_sets import heard


def _sign(mem, subject):
    return {p.topic: p.value > 0.5 for p in mem.preferences(subject=subject)}


def test_one_who_cannot_do_without_a_thing_likes_it(default_hub):
    mem = heard(
        default_hub,
        "cw_01",
        [
            (0, "小李", "我是个咖啡控，一天三杯"),
            (0, "小王", "我是十足的甜食控"),
            (0, "小张", "我老婆是个猫控"),
            (0, "小赵", "这是遥控器，别弄丢了"),
            (0, "小钱", "局面已经失控了"),
        ],
    )
    assert list(_sign(mem, "小李").values()) == [True]
    assert list(_sign(mem, "小王").values()) == [True]
    assert list(_sign(mem, "小张的老婆").values()) == [True]
    assert _sign(mem, "小赵") == {} and _sign(mem, "小钱") == {}


def test_a_thing_one_cannot_give_up_is_liked_and_one_given_up_is_not(default_hub):
    mem = heard(
        default_hub,
        "cw_02",
        [
            (0, "小李", "奶茶这东西我真戒不掉"),
            (0, "小王", "我戒不了咖啡，一天不喝就头疼"),
            (0, "小张", "可乐我戒了"),
        ],
    )
    assert list(_sign(mem, "小李").values()) == [True]
    assert list(_sign(mem, "小王").values()) == [True]
    assert list(_sign(mem, "小张").values()) == [False]
