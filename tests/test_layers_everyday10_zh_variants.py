"""Variants of the round-10 Chinese fixes (#40), not blind: written after each fix, in other words,
to check that the fix is a class (a clause parted by an emoji or a space, a bare act of handing
over, a day moved to with no thing named, a plan taken back as unsaid, a promise beside a fact or a
taste, a stance with its 我 dropped, the cleft of a stance, an echo of the line before, an allergen
before 过敏, a couple parted, a line of work, 偶 and 滴, a stay then a return, the employer left,
a comparison won and the net's acclaim, a groan's extent, voice fillers, a task handed to a pet or
Latin name, a promise for someone else, a pet with 我 dropped, a slip corrected in the same line, a
他们 meaning whom a show is of, 下班前 as a promise's time) and not the words of the blind line."""

from __future__ import annotations

from datetime import date

from tests.layer_sets import (
    all_rows as _all,
    commitment_of as _commit,
    current as _current,
    heard,
    preference_holding as _pref,
    preferences_holding as _prefs,
)

# TUE (day 0) is Tuesday 1 September 2026: 明天 is 2 Sep, 后天 3 Sep, 周五 4 Sep, 周六 5 Sep.


def _owned(mem, owner):
    return [c for c in mem.commitments() if c.owner == owner]


# a clause parted by an emoji or by a space after a closing particle


def test_zh10v_weekly_report_sent_with_a_tick_mid_line(default_hub):
    mem = heard(
        default_hub,
        "e10zhv_01",
        [(0, "小米", "今晚我把周报交上去"), (0, "小米", "周报交上去了✅ 终于能下班")],
    )
    assert _commit(mem, "小米").status == "done", _all(mem)


def test_zh10v_meeting_room_booked_then_its_number(default_hub):
    mem = heard(
        default_hub,
        "e10zhv_02",
        [(0, "阿华", "明天我去订会议室"), (1, "阿华", "会议室订好了 A301")],
    )
    assert _commit(mem, "阿华").status == "done", _all(mem)


# a bare act of handing over closed by 了


def test_zh10v_rent_paid_bare(default_hub):
    mem = heard(
        default_hub,
        "e10zhv_03",
        [(0, "阿飞", "周末前我把房租付给你"), (3, "阿飞", "付了，你查一下")],
    )
    assert _commit(mem, "阿飞").status == "done", _all(mem)


def test_zh10v_parcel_posted_bare(default_hub):
    mem = heard(
        default_hub,
        "e10zhv_04",
        [(0, "小丁", "明天我把样品寄给你"), (1, "小丁", "寄了哦 单号晚点发你")],
    )
    assert _commit(mem, "小丁").status == "done", _all(mem)


# a day moved to with no thing named


def test_zh10v_moved_to_tomorrow_with_no_thing(default_hub):
    mem = heard(
        default_hub,
        "e10zhv_05",
        [(0, "阿泽", "下午我去帮你取快递"), (0, "阿泽", "下午有会 改到明天吧")],
    )
    row = _commit(mem, "阿泽")
    assert (row.status, row.due) == ("open", date(2026, 9, 2)), _all(mem)


def test_zh10v_a_day_misremembered(default_hub):
    mem = heard(
        default_hub,
        "e10zhv_06",
        [(0, "老郑", "周四我把发票给你送过去"), (0, "老郑", "哦不对，记错了，是周五")],
    )
    row = _commit(mem, "老郑")
    assert (row.status, row.due) == ("open", date(2026, 9, 4)), _all(mem)


def test_zh10v_back_to_the_day_after(default_hub):
    mem = heard(
        default_hub,
        "e10zhv_07",
        [(0, "阿桃", "明天我请你喝奶茶"), (0, "阿桃", "算了还是后天吧，明天加班")],
    )
    row = _commit(mem, "阿桃")
    assert (row.status, row.due) == ("open", date(2026, 9, 3)), _all(mem)


# a plan taken back as unsaid


def test_zh10v_a_move_help_taken_back(default_hub):
    mem = heard(
        default_hub,
        "e10zhv_08",
        [(0, "大鹏", "周六我帮你搬家"), (1, "大鹏", "搬家那事当我没说，临时要出差")],
    )
    assert _commit(mem, "大鹏").status == "cancelled", _all(mem)


def test_zh10v_karaoke_taken_back(default_hub):
    mem = heard(
        default_hub,
        "e10zhv_09",
        [(0, "阿宽", "明晚我请你们唱K"), (0, "阿宽", "唱K的事就当我没说过吧")],
    )
    assert _commit(mem, "阿宽").status == "cancelled", _all(mem)


# a promise in a clause of its own beside a fact or a taste


def test_zh10v_a_bank_job_and_a_dinner(default_hub):
    mem = heard(default_hub, "e10zhv_10", [(0, "小薇", "我在招商银行上班，周五我请你吃饭")])
    assert "招商银行" in " ".join(_current(mem, "小薇", "employer")), _all(mem)
    row = _commit(mem, "小薇")
    assert (row.status, row.due) == ("open", date(2026, 9, 4)), _all(mem)


def test_zh10v_a_durian_lover_brings_one(default_hub):
    mem = heard(default_hub, "e10zhv_11", [(0, "阿榴", "我超爱吃榴莲，明天我给你带一个尝尝")])
    assert _pref(mem, "阿榴", "榴莲").value > 0.5, _all(mem)
    assert _commit(mem, "阿榴").status == "open", _all(mem)


# a stance whose 我 is dropped after 就 / 越来越


def test_zh10v_nothing_but_fishing(default_hub):
    mem = heard(default_hub, "e10zhv_12", [(0, "老钓", "平时没啥事，就爱钓鱼")])
    assert _pref(mem, "老钓", "钓鱼").value > 0.5, _all(mem)


def test_zh10v_the_metro_more_and_more_hated(default_hub):
    mem = heard(default_hub, "e10zhv_13", [(0, "阿挤", "越来越讨厌挤地铁了")])
    assert _pref(mem, "阿挤", "地铁").value < 0.5, _all(mem)


# the cleft of a stance


def test_zh10v_what_he_cannot_stand_is_queueing(default_hub):
    mem = heard(default_hub, "e10zhv_14", [(0, "阿急", "我最受不了的就是排队")])
    assert _pref(mem, "阿急", "排队").value < 0.5, _all(mem)


def test_zh10v_what_she_loves_most_is_hotpot(default_hub):
    mem = heard(default_hub, "e10zhv_15", [(0, "阿辣", "说真的，最爱的还是火锅")])
    assert _pref(mem, "阿辣", "火锅").value > 0.5, _all(mem)


# an echo of the line before


def test_zh10v_a_mango_allergy_echoed(default_hub):
    mem = heard(
        default_hub,
        "e10zhv_16",
        [(0, "阿芒", "我对芒果过敏"), (0, "阿果", "我也一样")],
    )
    assert "芒果" in " ".join(_current(mem, "阿果", "allergy")), _all(mem)


def test_zh10v_bouldering_echoed_with_plus_one(default_hub):
    mem = heard(
        default_hub,
        "e10zhv_17",
        [(0, "阿岩", "我最近迷上了攀岩"), (0, "阿石", "+1")],
    )
    assert _pref(mem, "阿石", "攀岩").value > 0.5, _all(mem)


# an allergen right before 过敏


def test_zh10v_a_seafood_allergy_without_dui(default_hub):
    mem = heard(default_hub, "e10zhv_18", [(0, "阿虾", "我海鲜过敏，虾蟹都不能碰")])
    assert "海鲜" in " ".join(_current(mem, "阿虾", "allergy")), _all(mem)


def test_zh10v_a_written_mango_allergy(default_hub):
    mem = heard(default_hub, "e10zhv_19", [(0, "王女士", "本人芒果过敏，请勿添加")])
    assert "芒果" in " ".join(_current(mem, "王女士", "allergy")), _all(mem)


# a couple parted, said by 我俩


def test_zh10v_parted_already(default_hub):
    mem = heard(
        default_hub,
        "e10zhv_20",
        [(0, "阿雯", "我有男朋友了"), (40, "阿雯", "我俩已经分了，各自安好")],
    )
    assert _current(mem, "阿雯", "relationship") == ["single"], _all(mem)


# a line of work said as what one does, and a trade changed to by what one sells


def test_zh10v_in_finance(default_hub):
    mem = heard(default_hub, "e10zhv_21", [(0, "阿金", "我是搞金融的，天天盯盘")])
    assert "金融" in " ".join(_current(mem, "阿金", "job")), _all(mem)


def test_zh10v_now_selling_houses(default_hub):
    mem = heard(
        default_hub,
        "e10zhv_22",
        [(0, "阿房", "我是小学数学老师"), (100, "阿房", "不教书了，改行卖房子了")],
    )
    jobs = " ".join(_current(mem, "阿房", "job"))
    assert "房子" in jobs and "老师" not in jobs, _all(mem)


# the cute 偶 and 滴


def test_zh10v_ou_does_design(default_hub):
    mem = heard(default_hub, "e10zhv_23", [(0, "小萌", "偶是做设计滴")])
    assert "设计" in " ".join(_current(mem, "小萌", "job")), _all(mem)


def test_zh10v_ou_lives_in_chengdu(default_hub):
    mem = heard(default_hub, "e10zhv_24", [(0, "小呆", "偶住在成都哦")])
    assert _current(mem, "小呆", "residence") == ["成都"], _all(mem)


# years in one place, then back to another


def test_zh10v_eight_years_in_shenzhen_then_chongqing(default_hub):
    mem = heard(default_hub, "e10zhv_25", [(0, "阿渝", "在深圳打拼了八年，去年回重庆了")])
    assert _current(mem, "阿渝", "residence") == ["重庆"], _all(mem)


def test_zh10v_two_years_in_shanghai_then_hangzhou(default_hub):
    mem = heard(default_hub, "e10zhv_26", [(0, "阿杭", "在上海待了两年 还是回杭州了")])
    assert _current(mem, "阿杭", "residence") == ["杭州"], _all(mem)


# the employer left, said by 从X离职 / 辞职


def test_zh10v_from_alibaba_to_meituan(default_hub):
    mem = heard(
        default_hub,
        "e10zhv_27",
        [(0, "阿东", "我在阿里做运营"), (90, "阿东", "从阿里离职了，现在在美团，还是做运营")],
    )
    employers = _current(mem, "阿东", "employer")
    assert len(employers) == 1 and "美团" in employers[0], _all(mem)


def test_zh10v_from_huawei_to_xiaomi(default_hub):
    mem = heard(default_hub, "e10zhv_28", [(0, "阿米", "从华为辞职了 现在在小米 挺好的")])
    assert "小米" in " ".join(_current(mem, "阿米", "employer")), _all(mem)


# a comparison won, and the net's acclaim


def test_zh10v_mutton_noodles_beat_beef(default_hub):
    mem = heard(default_hub, "e10zhv_29", [(0, "阿粉", "羊肉粉比牛肉粉好吃多了")])
    assert _pref(mem, "阿粉", "羊肉粉").value > 0.5, _all(mem)
    assert _prefs(mem, "阿粉", "牛肉粉") == [] or all(
        p.topic != "牛肉粉" for p in mem.preferences(subject="阿粉")
    ), _all(mem)


def test_zh10v_milk_tea_yyds(default_hub):
    mem = heard(default_hub, "e10zhv_30", [(0, "阿甜", "这家的杨枝甘露yyds 每周必喝")])
    assert _pref(mem, "阿甜", "杨枝甘露").value > 0.5, _all(mem)


# a groan's extent keeps the irony


def test_zh10v_meetings_till_ten_sarcasm(default_hub):
    mem = heard(default_hub, "e10zhv_31", [(0, "阿会", "又开会到晚上十点，我可太喜欢开会了呢")])
    assert all(p.value <= 0.5 for p in mem.preferences(subject="阿会")), _all(mem)


def test_zh10v_overtime_till_midnight_sarcasm(default_hub):
    mem = heard(default_hub, "e10zhv_32", [(0, "阿苦", "又改稿到半夜，真是爱死改稿了")])
    assert all(p.value <= 0.5 for p in mem.preferences(subject="阿苦")), _all(mem)


# voice fillers


def test_zh10v_voice_fillers_before_an_invoice(default_hub):
    mem = heard(default_hub, "e10zhv_33", [(0, "老孙", "嗯那个那个我明天之前呢会把发票寄给你啊就这样")])
    row = _commit(mem, "老孙")
    assert (row.status, row.due) == ("open", date(2026, 9, 2)), _all(mem)


def test_zh10v_voice_fillers_before_a_call(default_hub):
    mem = heard(default_hub, "e10zhv_34", [(0, "老钱", "就是说我周五呢要把合同再过一遍")])
    row = _commit(mem, "老钱")
    assert (row.status, row.due) == ("open", date(2026, 9, 4)), _all(mem)


# a task handed to a pet name or a Latin name


def test_zh10v_weekly_report_handed_to_kevin(default_hub):
    mem = heard(
        default_hub,
        "e10zhv_35",
        [(0, "阿琳", "明天我把周报交给老板"), (0, "阿琳", "周报的事我转给Kevin了")],
    )
    assert not [c for c in _owned(mem, "阿琳") if c.status == "open"], _all(mem)
    assert [c for c in _owned(mem, "Kevin") if c.status == "open"], _all(mem)


def test_zh10v_airport_run_handed_to_a_qiang(default_hub):
    mem = heard(
        default_hub,
        "e10zhv_36",
        [(0, "阿峰", "后天我去机场接客户"), (1, "阿峰", "接客户的事我交给阿强了")],
    )
    assert not [c for c in _owned(mem, "阿峰") if c.status == "open"], _all(mem)
    assert [c for c in _owned(mem, "阿强") if c.status == "open"], _all(mem)


# a promise made on a named other's behalf


def test_zh10v_computer_repair_promised_for_lao_zhou(default_hub):
    mem = heard(default_hub, "e10zhv_37", [(0, "阿敏", "我替老周答应你了，他周日来帮你修电脑")])
    assert _commit(mem, "老周").status == "open", _all(mem)
    assert _owned(mem, "阿敏") == [], _all(mem)


def test_zh10v_cake_promised_for_a_zhen(default_hub):
    mem = heard(default_hub, "e10zhv_38", [(0, "阿兰", "我帮阿珍答应你们了，她明晚带蛋糕过来")])
    row = _commit(mem, "阿珍")
    assert (row.status, row.due) == ("open", date(2026, 9, 2)), _all(mem)


# a pet with the 我 dropped


def test_zh10v_a_golden_retriever_in_a_long_line(default_hub):
    mem = heard(default_hub, "e10zhv_39", [(0, "阿狗", "在北京上班，养了条金毛，周末带它去公园")])
    assert "金毛" in " ".join(_current(mem, "阿狗", "pet")), _all(mem)


def test_zh10v_a_rabbit_kept_in_a_shared_flat(default_hub):
    mem = heard(default_hub, "e10zhv_40", [(0, "阿兔", "租的房子不大，养了只垂耳兔")])
    assert "兔" in " ".join(_current(mem, "阿兔", "pet")), _all(mem)


# a slip corrected in the same line


def test_zh10v_a_district_corrected(default_hub):
    mem = heard(default_hub, "e10zhv_41", [(0, "阿京", "我住在朝阳，哦不对，是海淀，老记混")])
    assert _current(mem, "阿京", "residence") == ["海淀"], _all(mem)


def test_zh10v_a_day_corrected_in_the_same_line(default_hub):
    mem = heard(default_hub, "e10zhv_42", [(0, "阿钥", "明天我把钥匙还你，不对，口误，是后天")])
    row = _commit(mem, "阿钥")
    assert (row.status, row.due) == ("open", date(2026, 9, 3)), _all(mem)


# 他们 / 他 meaning whom a show just named is of


def test_zh10v_a_jay_chou_fan(default_hub):
    mem = heard(default_hub, "e10zhv_43", [(0, "阿伦", "周六去听周杰伦的演唱会！我是他的铁粉")])
    assert _pref(mem, "阿伦", "周杰伦").value > 0.5, _all(mem)


def test_zh10v_a_lakers_fan(default_hub):
    mem = heard(default_hub, "e10zhv_44", [(0, "阿湖", "昨晚去看了湖人的比赛，我是他们的忠实粉丝")])
    assert _pref(mem, "阿湖", "湖人").value > 0.5, _all(mem)


# the end of the working day as a promise's time (下班前, found while writing the variants above)


def test_zh10v_a_report_before_knocking_off_then_done(default_hub):
    mem = heard(
        default_hub,
        "e10zhv_45",
        [(0, "小米", "下班前我把周报交上去"), (0, "小米", "周报交上去了✅ 终于能下班")],
    )
    assert _commit(mem, "小米").status == "done", _all(mem)


def test_zh10v_a_spreadsheet_before_knocking_off(default_hub):
    mem = heard(default_hub, "e10zhv_46", [(0, "阿表", "我下班之前把报表发给你")])
    assert _commit(mem, "阿表").status == "open", _all(mem)
