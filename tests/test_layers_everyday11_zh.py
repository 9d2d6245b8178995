"""An eleventh round of blind everyday scenarios (#40), in Chinese: written before any run and
before probing any line, unlike the earlier rounds in verbs, situations and people. Weighed toward
reports about another beside oneself in one line (a colleague's new employer and one's own plan, 我妈
and 我爸 in one breath, a flatmate's employer beside one's own), promises with dates said in many
ways (大后天, 下下周三, 月底前, 这两天, 15号之前, 下周五), money owed and paid back (微信转你, 回头转),
appointments; task states told late and indirectly (a photo, a thank-you from the other, a new
passport in hand) or only half done; facts by implication (a commute, a work uniform, a landlord, a
school run, a student visa, a dog walked) and facts of family members; tastes by habit, by what one
orders every time, by a gift wished for and by avoidance; and lines that must give nothing (要是…就
好了, 真希望, 听说, 上大学那会儿, a question back, a boss quoted, 要是当年, a promise only mooted,
a father's saying, 早知道, a book asked back).
Each scenario is a few days of chat heard by one tenant of the default hub, read only through
facts(), preferences() and commitments(); the assertions hold the essential field only."""

from __future__ import annotations

from datetime import date

import pytest

from tests.layer_sets import (
    all_rows as _all,
    commitment_of as _commit,
    current as _current,
    heard,
    no_fact as _no_fact,
    no_preference as _no_pref,
    no_promise as _no_promise,
    no_rows as _no_rows,
    others_of as _others,
    preference_holding as _pref,
    preferences_holding as _prefs,
)

# TUE (day 0) is Tuesday 1 September 2026: 明天 2 Sep, 后天 3 Sep, 大后天 and 周五 4 Sep,
# 下周五 11 Sep, 15号 15 Sep, 下周三 9 Sep, 下下周三 16 Sep, 月底 30 Sep.


def _owned(mem, owner):
    return [c for c in mem.commitments() if c.owner == owner]


def _kin(mem, speaker, part, key):
    return [f.value for f in _others(mem.facts(), speaker, part) if f.key == key]


# -- commitments ---------------------------------------------------------------------------------


def test_zh11_a_spreadsheet_the_day_after_the_day_after_tomorrow(default_hub):
    mem = heard(default_hub, "e11zh_c01", [(0, "阿杰", "报销的表格我大后天发你邮箱哈")])
    row = _commit(mem, "阿杰")
    assert (row.status, row.due) == ("open", date(2026, 9, 4)), _all(mem)


def test_zh11_a_checkup_report_by_wednesday_week(default_hub):
    mem = heard(default_hub, "e11zh_c02", [(0, "小林", "体检报告下下周三之前我拿给你")])
    row = _commit(mem, "小林")
    assert (row.status, row.due) == ("open", date(2026, 9, 16)), _all(mem)


def test_zh11_dinner_money_by_the_month_end(default_hub):
    mem = heard(default_hub, "e11zh_c03", [(0, "老周", "上次聚餐的钱我月底前微信转你")])
    row = _commit(mem, "老周")
    assert (row.status, row.due) == ("open", date(2026, 9, 30)), _all(mem)


@pytest.mark.xfail(
    strict=True,
    reason="an event waited for (发了工资就转你) is not read as the promise's time: read so, it took 等我中了彩票就… too",
)
def test_zh11_a_loan_paid_back_told_by_the_lenders_thanks(default_hub):
    mem = heard(
        default_hub,
        "e11zh_c04",
        [
            (0, "阿涛", "借你的那五百块我发了工资就转你"),
            (12, "e11zh_c04", "五百块收到啦，谢了阿涛"),
        ],
    )
    assert _commit(mem, "阿涛").status == "done", _all(mem)


def test_zh11_a_bike_mended_in_the_next_couple_of_days(default_hub):
    mem = heard(default_hub, "e11zh_c05", [(0, "小满", "你那辆自行车这两天我抽空给你修好")])
    assert _commit(mem, "小满").status == "open", _all(mem)


def test_zh11_a_hospital_visit_with_mum_next_friday(default_hub):
    mem = heard(default_hub, "e11zh_c06", [(0, "婷婷", "下周五上午我陪我妈去医院复查")])
    row = _commit(mem, "婷婷")
    assert (row.status, row.due) == ("open", date(2026, 9, 11)), _all(mem)


def test_zh11_wedding_invitations_half_sent(default_hub):
    mem = heard(
        default_hub,
        "e11zh_c07",
        [
            (0, "阿芬", "婚礼请柬我周五前全部寄出去"),
            (3, "阿芬", "请柬才寄了一半，还剩二十多份没写地址"),
        ],
    )
    assert _commit(mem, "阿芬").status == "open", _all(mem)


def test_zh11_a_light_bulb_changed_told_by_a_photo(default_hub):
    mem = heard(
        default_hub,
        "e11zh_c08",
        [
            (0, "小杨", "明天我把阳台那个灯泡换了"),
            (2, "小杨", "[图片] 看，阳台亮堂多了"),
        ],
    )
    assert _commit(mem, "小杨").status == "done", _all(mem)


def test_zh11_a_cv_polished_told_by_the_others_thanks(default_hub):
    mem = heard(
        default_hub,
        "e11zh_c09",
        [
            (0, "大伟", "你那份简历我今晚帮你改改"),
            (1, "e11zh_c09", "简历收到了，改得太好了，谢谢大伟！"),
        ],
    )
    assert _commit(mem, "大伟").status == "done", _all(mem)


def test_zh11_a_passport_renewed_told_by_the_new_one(default_hub):
    mem = heard(
        default_hub,
        "e11zh_c10",
        [
            (0, "阿雅", "周四我去出入境把护照换了"),
            (8, "阿雅", "新护照已经拿到手了，照片拍得好丑"),
        ],
    )
    assert _commit(mem, "阿雅").status == "done", _all(mem)


@pytest.mark.xfail(
    strict=True,
    reason="a thing first with no 我 (方案下周五之前给到你们): 方案 is read as a name (surname 方 + 案) and owns the promise",
)
def test_zh11_a_plan_by_next_friday(default_hub):
    mem = heard(default_hub, "e11zh_c11", [(0, "陈姐", "方案下周五之前给到你们")])
    row = _commit(mem, "陈姐")
    assert (row.status, row.due) == ("open", date(2026, 9, 11)), _all(mem)


def test_zh11_a_deposit_back_by_the_fifteenth(default_hub):
    mem = heard(default_hub, "e11zh_c12", [(0, "王阿姨", "押金15号之前我退给你，放心")])
    row = _commit(mem, "王阿姨")
    assert (row.status, row.due) == ("open", date(2026, 9, 15)), _all(mem)


def test_zh11_two_hundred_transferred_later(default_hub):
    mem = heard(
        default_hub,
        "e11zh_c13",
        [
            (0, "阿康", "那两百块我回头微信转你"),
            (3, "阿康", "转了，你看下到账没"),
        ],
    )
    assert _commit(mem, "阿康").status == "done", _all(mem)


def test_zh11_a_book_returned_early_next_month(default_hub):
    mem = heard(default_hub, "e11zh_c14", [(0, "书瑶", "你那本《置身事内》下个月初我还你")])
    assert _commit(mem, "书瑶").status == "open", _all(mem)


# -- facts ---------------------------------------------------------------------------------------


def test_zh11_a_colleagues_new_employer_and_ones_own_plan(default_hub):
    mem = heard(default_hub, "e11zh_f01", [(0, "小雨", "我同事老宋跳槽去了字节，我打算年底也看看机会")])
    assert "字节" in " ".join(_current(mem, "老宋", "employer")), _all(mem)
    assert _current(mem, "小雨", "employer") == [], _all(mem)


def test_zh11_mum_a_nurse_and_dad_a_taxi_driver(default_hub):
    mem = heard(default_hub, "e11zh_f02", [(0, "阿豪", "我妈是护士，我爸开出租车的")])
    assert "护士" in " ".join(_kin(mem, "阿豪", "妈", "job")), _all(mem)
    assert _current(mem, "阿豪", "job") == [], _all(mem)


def test_zh11_a_flatmate_at_huawei_and_oneself_at_tencent(default_hub):
    mem = heard(default_hub, "e11zh_f03", [(0, "阿斐", "我室友在华为上班，我在腾讯")])
    assert "华为" in " ".join(_kin(mem, "阿斐", "室友", "employer")), _all(mem)
    assert "腾讯" in " ".join(_current(mem, "阿斐", "employer")), _all(mem)


def test_zh11_a_home_said_through_a_bus_commute(default_hub):
    mem = heard(default_hub, "e11zh_f04", [(0, "老郑", "每天从燕郊坐两个小时大巴到国贸上班，累成狗")])
    assert _current(mem, "老郑", "residence") == ["燕郊"], _all(mem)


def test_zh11_a_waiter_said_through_the_work_uniform(default_hub):
    mem = heard(default_hub, "e11zh_f05", [(0, "小菲", "我在海底捞当服务员，每天穿着工服跑一整天")])
    assert "服务员" in " ".join(_current(mem, "小菲", "job")), _all(mem)


def test_zh11_a_home_said_through_the_landlord(default_hub):
    mem = heard(default_hub, "e11zh_f06", [(0, "阿蒙", "我在成都租的房子，房东人还挺好")])
    assert _current(mem, "阿蒙", "residence") == ["成都"], _all(mem)


def test_zh11_a_sons_school_said_through_the_school_run(default_hub):
    mem = heard(default_hub, "e11zh_f07", [(0, "李姐", "每天早上先送儿子去实验小学，再赶去上班")])
    assert "实验小学" in " ".join(_kin(mem, "李姐", "儿子", "school")), _all(mem)
    assert _current(mem, "李姐", "school") == [], _all(mem)


def test_zh11_a_university_said_through_the_student_visa(default_hub):
    mem = heard(default_hub, "e11zh_f08", [(0, "Vivian", "学生签证续好了，还能在多伦多大学再读两年")])
    assert "多伦多大学" in " ".join(_current(mem, "Vivian", "school")), _all(mem)


def test_zh11_a_sister_married_off_to_xiamen(default_hub):
    mem = heard(default_hub, "e11zh_f09", [(0, "阿梅", "我姐前年嫁到厦门去了，外甥都会走路了")])
    assert _kin(mem, "阿梅", "姐", "residence") == ["厦门"], _all(mem)
    assert _current(mem, "阿梅", "residence") == [], _all(mem)


def test_zh11_a_father_retired_into_a_guards_job(default_hub):
    mem = heard(default_hub, "e11zh_f10", [(0, "大川", "我爸从厂里退下来以后，现在在小区当保安")])
    assert "保安" in " ".join(_kin(mem, "大川", "爸", "job")), _all(mem)
    assert _current(mem, "大川", "job") == [], _all(mem)


def test_zh11_back_home_to_changsha(default_hub):
    mem = heard(
        default_hub,
        "e11zh_f11",
        [
            (0, "小湘", "我在深圳做设计，住南山"),
            (60, "小湘", "我从深圳搬回老家长沙了，房租省了一大半"),
        ],
    )
    assert _current(mem, "小湘", "residence") == ["长沙"], _all(mem)


def test_zh11_a_golden_retriever_walked_every_evening(default_hub):
    mem = heard(default_hub, "e11zh_f12", [(0, "阿航", "每天下班第一件事就是遛我家金毛，风雨无阻")])
    assert "金毛" in " ".join(_current(mem, "阿航", "pet")), _all(mem)


def test_zh11_a_mango_allergy_said_through_avoidance(default_hub):
    mem = heard(default_hub, "e11zh_f13", [(0, "晓晓", "我一吃芒果嘴就肿，所以芒果碰都不敢碰")])
    assert "芒果" in " ".join(_current(mem, "晓晓", "allergy")), _all(mem)


# -- preferences ---------------------------------------------------------------------------------


def test_zh11_an_oat_latte_every_time(default_hub):
    mem = heard(default_hub, "e11zh_p01", [(0, "Amy", "每次去星巴克我都点燕麦拿铁")])
    assert _pref(mem, "Amy", "燕麦拿铁").value > 0.5, _all(mem)


def test_zh11_hiking_every_weekend_without_fail(default_hub):
    mem = heard(default_hub, "e11zh_p02", [(0, "老钱", "每个周末雷打不动去爬山")])
    assert _pref(mem, "老钱", "爬山").value > 0.5, _all(mem)


def test_zh11_an_instant_camera_wished_for_a_birthday(default_hub):
    mem = heard(default_hub, "e11zh_p03", [(0, "糖糖", "生日礼物我就想要个拍立得，念叨半年了")])
    assert _pref(mem, "糖糖", "拍立得").value > 0.5, _all(mem)


def test_zh11_hotpot_places_avoided(default_hub):
    mem = heard(default_hub, "e11zh_p04", [(0, "阿静", "聚餐我一般都避开火锅店，吃完一身味儿")])
    rows = _prefs(mem, "阿静", "火锅")
    assert rows and all(p.value < 0.5 for p in rows), _all(mem)


def test_zh11_coriander_always_left_out(default_hub):
    mem = heard(default_hub, "e11zh_p05", [(0, "小罗", "点粉我都让老板别放香菜")])
    rows = _prefs(mem, "小罗", "香菜")
    assert rows and all(p.value < 0.5 for p in rows), _all(mem)


def test_zh11_a_husbands_takeaway_filed_under_him(default_hub):
    mem = heard(default_hub, "e11zh_p06", [(0, "丽娜", "我老公每次点外卖都是麻辣香锅，吃不腻")])
    rows = [p for p in _others(mem.preferences(), "丽娜", "老公") if "麻辣香锅" in p.topic]
    assert rows and rows[0].value > 0.5, _all(mem)
    assert _prefs(mem, "丽娜", "麻辣香锅") == [], _all(mem)


def test_zh11_mum_avoids_spice_and_oneself_cannot_do_without(default_hub):
    mem = heard(default_hub, "e11zh_p07", [(0, "阿辣", "我妈一点辣都不吃，我是无辣不欢")])
    rows = [p for p in _others(mem.preferences(), "阿辣", "妈") if "辣" in p.topic]
    assert rows and all(p.value < 0.5 for p in rows), _all(mem)
    mine = _prefs(mem, "阿辣", "辣")
    assert mine and all(p.value > 0.5 for p in mine), _all(mem)


def test_zh11_milk_tea_four_or_five_a_week(default_hub):
    mem = heard(default_hub, "e11zh_p08", [(0, "果果", "奶茶我一周得喝个四五杯，戒不掉")])
    assert _pref(mem, "果果", "奶茶").value > 0.5, _all(mem)


# -- lines that must give nothing ----------------------------------------------------------------


def test_zh11_a_wish_to_sleep_in(default_hub):
    mem = heard(default_hub, "e11zh_n01", [(0, "阿懒", "要是能天天睡到自然醒就好了")])
    _no_rows(mem)


def test_zh11_a_wish_to_play_the_piano(default_hub):
    mem = heard(default_hub, "e11zh_n02", [(0, "小音", "真希望自己小时候学过钢琴")])
    _no_rows(mem)


@pytest.mark.xfail(
    strict=True,
    reason="要调去…了 read as a done change: the labelled sets read 要搬…了 as a move made "
    "(我下个月要搬到深圳去了 -> residence change), so an about-to 要…了 is not read as a plan",
)
def test_zh11_a_rumoured_transfer(default_hub):
    mem = heard(default_hub, "e11zh_n03", [(0, "阿八", "听说老刘要调去上海分公司了")])
    _no_fact(mem)


def test_zh11_gaming_at_university_now_over(default_hub):
    mem = heard(default_hub, "e11zh_n04", [(0, "阿旧", "上大学那会儿我天天通宵打游戏，现在早没那精力了")])
    assert all(p.value <= 0.5 for p in mem.preferences()), _all(mem)


def test_zh11_an_employer_asked_back(default_hub):
    mem = heard(default_hub, "e11zh_n05", [(0, "阿问", "你现在是在阿里上班吗？")])
    _no_fact(mem)


def test_zh11_help_asked_for_a_move(default_hub):
    mem = heard(default_hub, "e11zh_n06", [(0, "阿搬", "你们谁周六有空帮我搬个家？")])
    _no_promise(mem)


def test_zh11_a_bosses_deadline_quoted(default_hub):
    mem = heard(default_hub, "e11zh_n07", [(0, "小吐", "老板今天原话：'这个项目月底前必须上线'，我人麻了")])
    _no_promise(mem)


def test_zh11_a_dentist_had_one_studied_medicine(default_hub):
    mem = heard(default_hub, "e11zh_n08", [(0, "阿悔", "要是当年学了医，我现在估计是个牙医")])
    _no_fact(mem)


def test_zh11_a_trip_to_view_flats_only_mooted(default_hub):
    mem = heard(default_hub, "e11zh_n09", [(0, "阿议", "要不周末我们去看看房？再说吧")])
    _no_promise(mem)


def test_zh11_a_fathers_saying(default_hub):
    mem = heard(default_hub, "e11zh_n10", [(0, "阿训", "我爸常说，吃亏是福")])
    _no_rows(mem)


def test_zh11_beijing_lived_in_and_left(default_hub):
    mem = heard(default_hub, "e11zh_n11", [(0, "阿北", "我在北京住过三年，后来就走了")])
    assert "北京" not in _current(mem, "阿北", "residence"), _all(mem)


def test_zh11_had_i_known_not_to_lend(default_hub):
    mem = heard(default_hub, "e11zh_n12", [(0, "阿亏", "早知道就不借他钱了，到现在都没还")])
    _no_promise(mem)


def test_zh11_a_book_asked_back(default_hub):
    mem = heard(default_hub, "e11zh_n13", [(0, "阿催", "你上次借的那本书啥时候还我啊？")])
    _no_promise(mem)


def test_zh11_a_cat_in_the_next_life(default_hub):
    mem = heard(default_hub, "e11zh_n14", [(0, "阿躺", "下辈子我想当一只猫，天天晒太阳")])
    _no_fact(mem)
    _no_pref(mem)
