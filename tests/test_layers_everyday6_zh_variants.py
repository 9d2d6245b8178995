"""Variants of the round-6 Chinese scenarios (tests/test_layers_everyday6_zh.py), written after
each fix to check that the fix reads the shape and not the one line (not blind)."""

from __future__ import annotations

from datetime import date

from tests.layer_sets import commitment_of, current as _current, heard
from tests.test_layers_everyday6_zh import _all, _pref, _prefs

# -- a report told to the speaker: "X跟我说/告诉我/对我说 + 他/她 …" is X's ------------------------------


def test_zh6v_a_report_told_to_me_is_filed_under_the_teller(default_hub):
    mem = heard(default_hub, "e6zhv_r01", [(0, "秦岚", "老陈告诉我他特别讨厌坐飞机")])
    assert _prefs(mem, "秦岚", "飞机") == [], _all(mem)
    assert _pref(mem, "老陈", "飞机").value < 0.5, _all(mem)


def test_zh6v_a_report_said_to_me_gives_the_tellers_move(default_hub):
    mem = heard(default_hub, "e6zhv_r02", [(0, "梁艳", "小郑对我说她上个月搬到厦门了")])
    assert _current(mem, "梁艳", "residence") == [], _all(mem)
    assert _current(mem, "小郑", "residence") == ["厦门"], _all(mem)


# -- a degree word before a stance: spoken 可 ("可喜欢…了"), a Latin one in a mixed line -------------


def test_zh6v_spoken_ke_before_a_liking_of_a_relative(default_hub):
    mem = heard(default_hub, "e6zhv_d01", [(0, "卫东", "我姥姥可爱听黄梅戏了，收音机天天开着")])
    assert _prefs(mem, "卫东", "黄梅戏") == [], _all(mem)
    rows = [p for p in mem.preferences() if "姥姥" in p.subject and "黄梅戏" in p.topic]
    assert rows and rows[0].value > 0.5, _all(mem)


def test_zh6v_a_latin_degree_word_before_a_liking(default_hub):
    mem = heard(default_hub, "e6zhv_d02", [(0, "Ivy", "我真的very喜欢跳舞，一周去三次舞蹈课")])
    assert _pref(mem, "Ivy", "跳舞").value > 0.5, _all(mem)


def test_zh6v_spoken_ke_before_a_dislike_said_topic_first(default_hub):
    mem = heard(default_hub, "e6zhv_d03", [(0, "包晴", "过山车我可不敢玩，腿都软")])
    assert _pref(mem, "包晴", "过山车").value < 0.5, _all(mem)


# -- a Chinese line closed by 🙂 is a sneer: its praise is no liking ----------------------------------


def test_zh6v_a_smile_after_praise_of_overtime(default_hub):
    mem = heard(default_hub, "e6zhv_i01", [(0, "钟鸣", "又加班到半夜，我可太爱加班了🙂")])
    assert all(p.value <= 0.5 for p in _prefs(mem, "钟鸣", "加班")), _all(mem)


def test_zh6v_a_smile_after_praise_of_a_traffic_jam(default_hub):
    mem = heard(default_hub, "e6zhv_i02", [(0, "孟瑶", "堵车两小时，我真喜欢北京的晚高峰🙂")])
    assert all(p.value <= 0.5 for p in _prefs(mem, "孟瑶", "高峰")), _all(mem)


# -- facts that change: whom one works for after 给, a verb of settling, a break-up in a later clause,
# a role headed by 医, a pet gone and another had ------------------------------------------------------


def test_zh6v_working_for_a_firm_after_gei(default_hub):
    mem = heard(
        default_hub,
        "e6zhv_f01",
        [(0, "解放", "我在招商银行上班"), (40, "解放", "银行那份工作辞了，现在给华为打工")],
    )
    assert _current(mem, "解放", "employer") == ["华为"], _all(mem)


def test_zh6v_settled_in_another_city(default_hub):
    mem = heard(
        default_hub,
        "e6zhv_f02",
        [(0, "左岚", "我住在青岛"), (50, "左岚", "我们在苏州安家了，房子刚装修好")],
    )
    assert _current(mem, "左岚", "residence") == ["苏州"], _all(mem)


def test_zh6v_a_break_up_in_a_later_clause(default_hub):
    mem = heard(
        default_hub,
        "e6zhv_f03",
        [(0, "邝宁", "我下个月就要结婚了，已经订婚了"), (30, "邝宁", "别提了，我们俩分了")],
    )
    assert _current(mem, "邝宁", "relationship") == ["single"], _all(mem)


def test_zh6v_a_cousin_who_is_a_vet(default_hub):
    mem = heard(default_hub, "e6zhv_f04", [(0, "甄妮", "我表哥是兽医，专门给猫狗看病")])
    assert _current(mem, "甄妮", "job") == [], _all(mem)
    rows = [f.value for f in mem.facts() if "表哥" in f.subject and f.key == "job"]
    assert rows == ["兽医"], _all(mem)


def test_zh6v_a_pet_gone_and_another_had(default_hub):
    mem = heard(
        default_hub,
        "e6zhv_f05",
        [(0, "航舟", "我家养了两只仓鼠"), (60, "航舟", "仓鼠前阵子没了，现在养了只布偶")],
    )
    pets = _current(mem, "航舟", "pet")
    assert "布偶" in pets and "仓鼠" not in pets, _all(mem)


# -- the thing first, then 我来 + any bare verb; thing-first refusals -----------------------------------


def test_zh6v_a_thing_first_then_wo_lai_and_a_verb(default_hub):
    mem = heard(default_hub, "e6zhv_c01", [(0, "童谣", "周六聚餐，酒水我来出")])
    assert commitment_of(mem, "童谣").status == "open", _all(mem)


def test_zh6v_wo_lai_with_a_verb_outside_the_act_class(default_hub):
    mem = heard(
        default_hub,
        "e6zhv_c02",
        [(0, "e6zhv_c02", "谁能搞到两张球票？"), (0, "易川", "球票我来弄吧"), (0, "易川", "帐篷我来扛")],
    )
    rows = [c for c in mem.commitments() if c.owner == "易川"]
    assert len(rows) == 2 and all(c.status == "open" for c in rows), _all(mem)


def test_zh6v_least_amount_no_after_thanks(default_hub):
    mem = heard(
        default_hub,
        "e6zhv_p01",
        [(0, "e6zhv_p01", "给你加点香菜？"), (0, "宫平", "多谢，但是香菜我一根都不吃")],
    )
    rows = _prefs(mem, "宫平", "香菜")
    assert rows and all(p.value < 0.5 for p in rows), _all(mem)


def test_zh6v_an_offered_thing_first_then_not_done(default_hub):
    mem = heard(
        default_hub,
        "e6zhv_p02",
        [(0, "e6zhv_p02", "要不要一起去蹦极？"), (0, "仇杰", "蹦极我还是不玩了，心脏受不住")],
    )
    assert _pref(mem, "仇杰", "蹦极").value < 0.5, _all(mem)


# -- back to a former employer ----------------------------------------------------------------------


def test_zh6v_back_to_the_old_firm(default_hub):
    mem = heard(
        default_hub,
        "e6zhv_f06",
        [
            (0, "詹姆", "我在平安保险上班"),
            (30, "詹姆", "跳槽去了一家外企"),
            (80, "詹姆", "外企待不惯，重新回到平安保险上班了"),
        ],
    )
    assert _current(mem, "詹姆", "employer") == ["平安保险"], _all(mem)
    assert _current(mem, "詹姆", "residence") == [], _all(mem)


def test_zh6v_back_in_a_city_is_no_employer(default_hub):
    mem = heard(default_hub, "e6zhv_f07", [(0, "华容", "出差一周，今天又回上海了")])
    assert _current(mem, "华容", "employer") == [], _all(mem)


# -- the moment a thing comes up, and how one reacts ---------------------------------------------------


def test_zh6v_a_smell_that_gives_a_headache_flips_a_liking(default_hub):
    mem = heard(
        default_hub,
        "e6zhv_p03",
        [(0, "尉迟", "我挺喜欢榴莲的"), (40, "尉迟", "怀孕以后口味变了，现在一闻到榴莲就想吐")],
    )
    assert _pref(mem, "尉迟", "榴莲").value < 0.5, _all(mem)


def test_zh6v_hearing_a_singer_brings_joy(default_hub):
    mem = heard(default_hub, "e6zhv_p04", [(0, "蒲公英", "我女儿一听到五月天就兴奋，跟着又唱又跳")])
    assert _prefs(mem, "蒲公英", "五月天") == [], _all(mem)
    rows = [p for p in mem.preferences() if "女儿" in p.subject and "五月天" in p.topic]
    assert rows and rows[0].value > 0.5, _all(mem)


# -- what another says of the speaker ("…，说我…") is the speaker's -----------------------------------


def test_zh6v_a_friend_complains_i_changed_jobs(default_hub):
    mem = heard(
        default_hub,
        "e6zhv_f08",
        [(0, "穆青", "我住在南京"), (30, "穆青", "老同学都在抱怨，说我搬去合肥之后就不联系他们了")],
    )
    assert _current(mem, "穆青", "residence") == ["合肥"], _all(mem)


def test_zh6v_dad_says_of_me_a_move(default_hub):
    mem = heard(default_hub, "e6zhv_f09", [(0, "司马", "我爸总说，说我搬到深圳以后人都变瘦了")])
    assert _current(mem, "司马", "residence") == ["深圳"], _all(mem)
    assert [f for f in mem.facts() if "爸" in f.subject] == [], _all(mem)


# -- a promise in the written register: 于 before the time, 将 before the thing ---------------------------


def test_zh6v_a_written_promise_with_yu_and_jiang(default_hub):
    mem = heard(default_hub, "e6zhv_c03", [(0, "严处长", "我处将于本周五前将审核意见反馈给贵司。")])
    rows = mem.commitments()
    assert rows and rows[0].due == date(2026, 9, 4) and rows[0].status == "open", _all(mem)


def test_zh6v_a_written_promise_on_a_day_of_this_month(default_hub):
    mem = heard(default_hub, "e6zhv_c04", [(0, "邵秘书", "我会于本月18日前将会议材料寄送各位。")])
    row = commitment_of(mem, "邵秘书")
    assert (row.due, row.status) == (date(2026, 9, 18), "open"), _all(mem)


# -- a pointing apposition after the thing; 向来 / 彻底 as degree words -----------------------------------


def test_zh6v_a_place_taken_up_by_a_pointing_apposition(default_hub):
    mem = heard(default_hub, "e6zhv_p05", [(0, "雷鸣", "夜店这种地方我向来不喜欢，太吵")])
    assert _pref(mem, "雷鸣", "夜店").value < 0.5, _all(mem)


def test_zh6v_fell_for_it_completely_now(default_hub):
    mem = heard(
        default_hub,
        "e6zhv_p06",
        [(0, "唐宁", "我对瑜伽一点兴趣都没有"), (50, "唐宁", "现在彻底爱上瑜伽了，每天早上练一小时")],
    )
    assert _pref(mem, "唐宁", "瑜伽").value > 0.5, _all(mem)


# -- a Latin verb after 已经 closes the task ------------------------------------------------------------


def test_zh6v_a_latin_verb_after_yijing_closes_a_promise(default_hub):
    mem = heard(
        default_hub,
        "e6zhv_c05",
        [(0, "Rita", "周五前我把budget表填好发你"), (2, "Rita", "budget表已经submit了，你review一下")],
    )
    assert commitment_of(mem, "Rita").status == "done", _all(mem)


def test_zh6v_a_latin_verb_and_where_it_went(default_hub):
    mem = heard(
        default_hub,
        "e6zhv_c06",
        [(0, "Ken", "明天我把照片整理一下发群里"), (1, "Ken", "照片已经upload到相册了")],
    )
    assert commitment_of(mem, "Ken").status == "done", _all(mem)


# -- a result complement of getting / fitting closes the task; the thing left in my charge ---------------


def test_zh6v_tickets_got_closes_the_promise(default_hub):
    mem = heard(
        default_hub,
        "e6zhv_c07",
        [(0, "喻晨", "演唱会门票我来抢"), (3, "喻晨", "票抢到了！两张内场")],
    )
    assert commitment_of(mem, "喻晨").status == "done", _all(mem)


def test_zh6v_a_result_after_the_effort_it_took(default_hub):
    mem = heard(
        default_hub,
        "e6zhv_c08",
        [(0, "柴进", "周末我帮你把空调滤网换一下"), (5, "柴进", "弄了一上午，滤网换上了，你开开试试")],
    )
    assert commitment_of(mem, "柴进").status == "done", _all(mem)


def test_zh6v_left_in_my_charge(default_hub):
    mem = heard(
        default_hub,
        "e6zhv_c09",
        [(0, "鲍勃", "生日蛋糕的事包在我身上"), (0, "晓丽", "气球和彩带交给我")],
    )
    assert commitment_of(mem, "鲍勃").status == "open", _all(mem)
    assert commitment_of(mem, "晓丽").status == "open", _all(mem)


# -- set down where the addressee will find it, the thing unsaid -------------------------------------------


def test_zh6v_hung_on_the_door_closes_the_errand(default_hub):
    mem = heard(
        default_hub,
        "e6zhv_c10",
        [(0, "韦一", "明天我顺路把你的雨伞带过来"), (1, "韦一", "塞你信箱里了哦")],
    )
    assert commitment_of(mem, "韦一").status == "done", _all(mem)


def test_zh6v_set_on_the_desk_closes_the_task(default_hub):
    mem = heard(
        default_hub,
        "e6zhv_c11",
        [(0, "邬梅", "周四前我把签好的合同给你"), (2, "邬梅", "摆你办公桌上了，记得收")],
    )
    assert commitment_of(mem, "邬梅").status == "done", _all(mem)


# -- a plan set aside with no day: off for now ------------------------------------------------------------


def test_zh6v_a_renovation_put_on_hold(default_hub):
    mem = heard(
        default_hub,
        "e6zhv_c12",
        [(0, "戚薇", "下个月我把厨房重新装修一下"), (9, "戚薇", "厨房装修先缓缓吧，手头有点紧")],
    )
    assert commitment_of(mem, "戚薇").status == "cancelled", _all(mem)


def test_zh6v_leaving_a_thing_where_it_is_calls_nothing_off(default_hub):
    mem = heard(
        default_hub,
        "e6zhv_c13",
        [(0, "岳云", "今晚我把碗洗了再走"), (0, "岳云", "算你运气好，碗放着吧，明早我再洗")],
    )
    assert all(c.status != "cancelled" for c in mem.commitments()), _all(mem)


# -- a habit anchored to a moment of the day, a place before the act ----------------------------------------


def test_zh6v_a_swim_after_work_every_day(default_hub):
    mem = heard(default_hub, "e6zhv_p07", [(0, "水生", "我每天下班后都去小区泳池游上一千米")])
    rows = _prefs(mem, "水生", "游")
    assert rows and all(p.value > 0.5 for p in rows), _all(mem)


def test_zh6v_a_duty_every_day_is_no_liking(default_hub):
    mem = heard(default_hub, "e6zhv_p08", [(0, "苟安", "我每天下班都要去幼儿园接孩子")])
    assert mem.preferences() == [], _all(mem)


# -- an offer led by a moment; how one wants it is a yes; a have-to 要 is no yes -----------------------------


def test_zh6v_how_one_wants_the_offered_thing_is_a_yes(default_hub):
    mem = heard(
        default_hub,
        "e6zhv_p09",
        [(0, "e6zhv_p09", "回来顺便给你带碗牛肉面？"), (0, "苗青", "好嘞，多放点辣")],
    )
    assert _pref(mem, "苗青", "牛肉面").value > 0.5, _all(mem)


def test_zh6v_a_have_to_yao_is_no_acceptance(default_hub):
    mem = heard(
        default_hub,
        "e6zhv_p10",
        [(0, "e6zhv_p10", "周六一起去看话剧？"), (0, "单磊", "要值班，去不了")],
    )
    assert all(p.value <= 0.5 for p in _prefs(mem, "单磊", "话剧")), _all(mem)


def test_zh6v_a_reason_then_a_cant_turns_an_invitation_down(default_hub):
    mem = heard(
        default_hub,
        "e6zhv_p11",
        [(0, "e6zhv_p11", "周日一起去爬香山？"), (0, "冷锋", "腿还没好，实在去不了")],
    )
    rows = _prefs(mem, "冷锋", "香山")
    assert rows and all(p.value < 0.5 for p in rows), _all(mem)
