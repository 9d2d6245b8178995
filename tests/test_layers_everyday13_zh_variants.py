"""Variants of the fixes of the thirteenth blind round in Chinese (#40): each fix's shape in other
words, written after the fix, so a reading that only fits its one scenario shows here."""

from __future__ import annotations

from datetime import date

from tests.layer_sets import (
    all_rows as _all,
    commitment_of as _commit,
    current as _current,
    heard,
    no_fact as _no_fact,
    no_fact_of as _none_of,
)

# TUE (day 0) is Tuesday 1 September 2026: 明天 2 Sep, 周五 4 Sep, 下周六 12 Sep.


# -- news seen in a feed is hearsay; hearsay of someone the rules cannot name is nobody's -------


def test_zh13v_a_roommate_seen_on_weibo(default_hub):
    mem = heard(default_hub, "e13zh_v01", [(0, "阿博", "微博上看到大学室友在字节当产品经理了")])
    _none_of(mem, "阿博")


def test_zh13v_an_old_colleague_seen_in_the_group(default_hub):
    mem = heard(default_hub, "e13zh_v02", [(0, "阿群", "群里看到老同事去腾讯上班了")])
    _none_of(mem, "阿群")


# -- a line quoted by what it is (那句'…', 口号“…”) is not the speaker's ---------------------------


def test_zh13v_a_line_from_a_series(default_hub):
    mem = heard(default_hub, "e13zh_v03", [(0, "阿剧迷", "电视剧里那句'我是你爸爸'太经典了")])
    _no_fact(mem)


def test_zh13v_a_slogan_shouted(default_hub):
    mem = heard(default_hub, "e13zh_v04", [(0, "阿喊", "年会上那句“我是程序员，我骄傲”喊得挺响")])
    _no_fact(mem)


# -- set aside (往后推推, 挪一挪), then the day it is taken up: put off to that day ----------------


def test_zh13v_a_checkup_pushed_to_friday(default_hub):
    mem = heard(
        default_hub,
        "e13zh_v05",
        [(0, "阿检", "明天我陪你去体检"), (0, "阿检", "体检的事往后推推吧，周五再去")],
    )
    row = _commit(mem, "阿检")
    assert (row.status, row.due) == ("open", date(2026, 9, 4)), _all(mem)


def test_zh13v_a_dinner_moved_a_week(default_hub):
    mem = heard(
        default_hub,
        "e13zh_v06",
        [(0, "阿聚", "周六我请大家吃饭"), (2, "阿聚", "吃饭挪一挪，下周六再请")],
    )
    row = _commit(mem, "阿聚")
    assert (row.status, row.due) == ("open", date(2026, 9, 12)), _all(mem)


# -- a receipt said plainly by the one it was for closes the sender's promise ------------------


def test_zh13v_a_parcel_received_by_the_other(default_hub):
    mem = heard(
        default_hub,
        "e13zh_v07",
        [(0, "阿寄", "明天我把耳机寄给你"), (3, "e13zh_v07", "耳机收到了，谢啦")],
    )
    assert _commit(mem, "阿寄").status == "done", _all(mem)


def test_zh13v_keys_received_by_the_other(default_hub):
    mem = heard(
        default_hub,
        "e13zh_v08",
        [(0, "阿钥", "今晚我把备用钥匙拿给你"), (1, "e13zh_v08", "备用钥匙收到了")],
    )
    assert _commit(mem, "阿钥").status == "done", _all(mem)


# -- thanks for the addressee's act on the speaker, looking back: that act is done -------------


def test_zh13v_thanks_for_the_move_yesterday(default_hub):
    mem = heard(
        default_hub,
        "e13zh_v09",
        [(0, "阿搬", "周六我帮你搬家"), (5, "e13zh_v09", "谢谢你昨天帮我搬家，累坏了吧")],
    )
    assert _commit(mem, "阿搬").status == "done", _all(mem)


def test_zh13v_lucky_to_be_reminded(default_hub):
    mem = heard(
        default_hub,
        "e13zh_v10",
        [(0, "阿醒", "明早我提醒你交表"), (2, "e13zh_v10", "幸亏你早上提醒我，不然就忘了")],
    )
    assert _commit(mem, "阿醒").status == "done", _all(mem)


# -- the act finished, then what it gives at last (修完终于…了) --------------------------------


def test_zh13v_a_water_heater_hot_at_last(default_hub):
    mem = heard(
        default_hub,
        "e13zh_v11",
        [(0, "阿热", "这周我把热水器修好"), (4, "阿热", "热水器修好终于有热水了")],
    )
    assert _commit(mem, "阿热").status == "done", _all(mem)


def test_zh13v_wifi_working_at_last(default_hub):
    mem = heard(
        default_hub,
        "e13zh_v12",
        [(0, "阿网", "周末我把路由器装一下"), (5, "阿网", "路由器装好总算能上网了")],
    )
    assert _commit(mem, "阿网").status == "done", _all(mem)


# -- a thing met, then 我就 and the reaction: the taste is of the thing, without the 我 ------------


def _disliked(mem, speaker, word):
    rows = [p for p in mem.preferences(subject=speaker)]
    assert [p.topic for p in rows] == [word] and rows[0].value < 0.5, _all(mem)


def test_zh13v_cockroaches_seen(default_hub):
    mem = heard(default_hub, "e13zh_v13", [(0, "阿蟑", "一看到蟑螂我就恶心")])
    _disliked(mem, "阿蟑", "蟑螂")


def test_zh13v_a_drill_next_door_heard(default_hub):
    mem = heard(default_hub, "e13zh_v14", [(0, "阿钻", "一听到电钻的声音我就头疼")])
    _disliked(mem, "阿钻", "电钻")


# -- one's school said as what one is (作为一个X的研究生, 我是X的学生) -------------------------


def test_zh13v_an_undergraduate_at_wuhan(default_hub):
    mem = heard(default_hub, "e13zh_v15", [(0, "阿武", "作为一名武大的本科生，我压力山大")])
    assert _current(mem, "阿武", "school") == ["武大"], _all(mem)


def test_zh13v_a_masters_student_at_sun_yat_sen(default_hub):
    mem = heard(default_hub, "e13zh_v16", [(0, "阿中", "我是中山大学的研究生，天天泡实验室")])
    assert _current(mem, "阿中", "school") == ["中山大学"], _all(mem)


# -- the compound one lives in, and where it is --------------------------------------------------


def test_zh13v_a_compound_in_wangjing(default_hub):
    mem = heard(default_hub, "e13zh_v17", [(0, "阿望", "我住的小区在望京，晚上挺安静")])
    assert _current(mem, "阿望", "residence") == ["望京"], _all(mem)


def test_zh13v_a_compound_in_baoan(default_hub):
    mem = heard(default_hub, "e13zh_v18", [(0, "阿宝安", "我们小区在宝安，楼下就是地铁")])
    assert _current(mem, "阿宝安", "residence") == ["宝安"], _all(mem)


# -- a dog one goes home to walk is kept at home -------------------------------------------------


def test_zh13v_a_dog_walked_on_getting_home(default_hub):
    mem = heard(default_hub, "e13zh_v19", [(0, "阿遛", "每天到家就得遛狗，风雨无阻")])
    assert _current(mem, "阿遛", "pet") == ["狗"], _all(mem)


def test_zh13v_home_after_work_to_walk_the_dog(default_hub):
    mem = heard(default_hub, "e13zh_v20", [(0, "阿汪", "一下班就回家遛狗，比上班还准时")])
    assert _current(mem, "阿汪", "pet") == ["狗"], _all(mem)


# -- an activity kept up for a span, said first, is liked ----------------------------------------


def test_zh13v_swimming_kept_up_two_years(default_hub):
    mem = heard(default_hub, "e13zh_v21", [(0, "阿游", "游泳我坚持了两年，身材好多了")])
    assert [p.value > 0.5 for p in mem.preferences(subject="阿游")] == [True], _all(mem)


def test_zh13v_calligraphy_kept_up_five_years(default_hub):
    mem = heard(default_hub, "e13zh_v22", [(0, "阿书", "书法我已经坚持五年了")])
    assert [p.topic for p in mem.preferences(subject="阿书") if p.value > 0.5] == ["书法"], _all(mem)


# -- a meeting told by how it went, at a time gone by: it took place ----------------------------


def test_zh13v_a_client_talk_that_went_smoothly(default_hub):
    mem = heard(
        default_hub,
        "e13zh_v23",
        [(0, "阿谈", "明天我去跟客户谈一下续约"), (2, "阿谈", "昨天跟客户谈得很顺利，续约没问题")],
    )
    assert _commit(mem, "阿谈").status == "done", _all(mem)


def test_zh13v_a_rehearsal_that_went_well(default_hub):
    mem = heard(
        default_hub,
        "e13zh_v24",
        [
            (0, "阿排", "今晚我在腾讯会议上带大家排练一遍"),
            (1, "阿排", "昨晚腾讯会议上排练得挺好，大家都熟了"),
        ],
    )
    assert _commit(mem, "阿排").status == "done", _all(mem)


# -- what one is inside a game's world is no fact ----------------------------------------------


def test_zh13v_a_bakery_in_a_game(default_hub):
    mem = heard(default_hub, "e13zh_v25", [(0, "阿游戏", "我在游戏里开了家面包店，每天收菜")])
    _no_fact(mem)


def test_zh13v_a_shop_in_a_phone_game(default_hub):
    mem = heard(default_hub, "e13zh_v26", [(0, "阿奶", "我在手机游戏里开了家花店，天天浇花")])
    _no_fact(mem)


# -- 在家 after another's place of work is at home, no place of work of one's own --------------


def test_zh13v_at_home_with_the_baby(default_hub):
    mem = heard(default_hub, "e13zh_v27", [(0, "阿娃", "我老公在华为上班，我在家带娃")])
    assert _current(mem, "阿娃", "employer") == [], _all(mem)


def test_zh13v_at_home_minding_the_children(default_hub):
    mem = heard(default_hub, "e13zh_v28", [(0, "阿看", "我老公在医院上班，我在家看孩子")])
    assert _current(mem, "阿写", "employer") == [], _all(mem)


# found beside the scenarios: a place one is "living in" every day is a joke, no home ------------


def test_zh13v_living_in_the_lab_every_day(default_hub):
    mem = heard(default_hub, "e13zh_v29", [(0, "阿霉", "我每天住在实验室，快发霉了")])
    _no_fact(mem)


def test_zh13v_all_but_living_in_the_office(default_hub):
    mem = heard(default_hub, "e13zh_v30", [(0, "阿卷", "我简直住在办公室了")])
    _no_fact(mem)


# found beside the scenarios: 在X上班的 + a person is that person's work, not the speaker's -----


def test_zh13v_a_classmate_at_alibaba_quoted(default_hub):
    mem = heard(default_hub, "e13zh_v31", [(0, "阿年", "我在阿里上班的同学说年终奖发了")])
    assert _current(mem, "阿年", "employer") == [], _all(mem)


def test_zh13v_a_cousin_at_google_coming_home(default_hub):
    mem = heard(default_hub, "e13zh_v32", [(0, "阿归", "我在谷歌工作的表姐下个月回国")])
    assert _current(mem, "阿归", "employer") == [], _all(mem)


# the receipt read plainly must not swallow a report of it ("房东刚回我说钱收到了" stays the sender's) --


def test_zh13v_a_deposit_received_reported_by_the_sender(default_hub):
    mem = heard(
        default_hub,
        "e13zh_v33",
        [(0, "阿押", "这周我把押金退给房客"), (3, "阿押", "房客刚跟我说押金收到了")],
    )
    assert _commit(mem, "阿押").status == "done", _all(mem)


# found beside the scenarios: a child named by 孩子 or by birth order (我们家老大) is the child ------


def test_zh13v_the_eldest_at_a_middle_school(default_hub):
    mem = heard(default_hub, "e13zh_v34", [(0, "阿长", "我们家老大在实验中学，成绩还行")])
    assert _current(mem, "阿长", "school") == [], _all(mem)
    assert _current(mem, "阿长的孩子", "school") == ["实验中学"], _all(mem)


def test_zh13v_a_child_at_a_primary_school(default_hub):
    mem = heard(default_hub, "e13zh_v35", [(0, "阿幼", "我家孩子在育才小学，离家近")])
    assert _current(mem, "阿幼", "school") == [], _all(mem)


# found beside the scenarios: 我在朋友圈看到…, 我前任…, 我有个朋友… - another's news, filed under them ---


def test_zh13v_seen_in_moments_with_i(default_hub):
    mem = heard(default_hub, "e13zh_v36", [(0, "阿刷", "我在朋友圈看到她当老师了")])
    _none_of(mem, "阿刷")


def test_zh13v_seen_in_the_group_with_i(default_hub):
    mem = heard(default_hub, "e13zh_v37", [(0, "阿群主", "我在群里看到老同事去腾讯上班了")])
    _none_of(mem, "阿群主")


def test_zh13v_an_ex_at_baidu(default_hub):
    mem = heard(default_hub, "e13zh_v38", [(0, "阿任", "我前任在百度上班，天天加班")])
    assert _current(mem, "阿任", "employer") == [], _all(mem)


def test_zh13v_a_friend_at_meituan(default_hub):
    mem = heard(default_hub, "e13zh_v39", [(0, "阿友", "我有个朋友在美团上班，说外卖员好辛苦")])
    assert _current(mem, "阿友", "employer") == [], _all(mem)


def test_zh13v_a_cousin_at_huawei(default_hub):
    mem = heard(default_hub, "e13zh_v40", [(0, "阿亲", "我有一个表哥在华为工作")])
    assert _current(mem, "阿亲", "employer") == [], _all(mem)
    assert _current(mem, "阿亲的表哥", "employer") == ["华为"], _all(mem)


# found beside the scenarios: the thing said first, then 我一闻/一吃就 and the reaction -----------


def test_zh13v_smoke_smelt_first(default_hub):
    mem = heard(default_hub, "e13zh_v41", [(0, "阿烟", "烟味我一闻就想吐")])
    _disliked(mem, "阿烟", "烟味")


def test_zh13v_milk_tea_cheers_one_up(default_hub):
    mem = heard(default_hub, "e13zh_v42", [(0, "阿甜", "奶茶我一喝就开心")])
    assert [(p.topic, p.value > 0.5) for p in mem.preferences(subject="阿甜")] == [("奶茶", True)], _all(mem)
