"""A tenth round of blind everyday scenarios (#40), in Chinese: written before any run and before
probing any line, unlike the earlier rounds in verbs, situations and people. Weighed toward long
messages that carry two or three rows at once (a fact, a plan and a taste in one breath),
corrections and retractions (我说错了, 当我没说, a plan changed twice), chat register (明儿, 木有,
酱紫, 偶, 滴, emoji, no punctuation, a voice-to-text run-on), group chat (a promise made for someone
else, a task handed on, +1 and 我也是), facts that change over sessions (a move, a new employer, a
break-up, a career change) with the later fact winning, preferences with degree and contrast (以前…
现在…, X还行但更喜欢Y, 越来越), and lines that must give nothing although they look like a row (如果,
a question, a mother's saying, a joke, a film character's taste, a job in a dream, sarcasm, a favour
refused, a song quoted, 早知道, 我要是你, a role in a party game).
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
    no_fact,
    no_promise,
    no_rows,
    preference_holding as _pref,
    preferences_holding as _prefs,
)

# TUE (day 0) is Tuesday 1 September 2026: 明天/明儿 is 2 Sep, 后天 and 周四 3 Sep, 周五 4 Sep,
# 周六 5 Sep, 周日 6 Sep, 下周一 7 Sep, 下周三 9 Sep, 下周五 11 Sep.


def _owned(mem, owner):
    return [c for c in mem.commitments() if c.owner == owner]


# -- several rows in one breath ------------------------------------------------------------------


def test_zh10_a_move_a_hotpot_treat_and_rabbit_heads_in_one_message(default_hub):
    mem = heard(
        default_hub,
        "e10zh_m01",
        [(0, "阿蓉", "跟大家汇报一下 我刚搬到成都了 周六我请大家吃火锅 话说我现在超爱啃兔头哈哈")],
    )
    assert _current(mem, "阿蓉", "residence") == ["成都"], _all(mem)
    row = _commit(mem, "阿蓉")
    assert (row.status, row.due) == ("open", date(2026, 9, 5)), _all(mem)
    assert _pref(mem, "阿蓉", "兔头").value > 0.5, _all(mem)


@pytest.mark.xfail(
    strict=True,
    reason="a city before the firm one works at (我在杭州一家游戏公司当程序员) is not home: the labelled "
    "sets read 我在上海一家医院上班 as no residence",
)
def test_zh10_a_programmer_in_hangzhou_with_a_corgi(default_hub):
    mem = heard(
        default_hub,
        "e10zh_m02",
        [(0, "小满", "我在杭州一家游戏公司当程序员，养了只柯基叫可乐，周末一般去西湖边遛它")],
    )
    assert _current(mem, "小满", "residence") == ["杭州"], _all(mem)
    assert "程序员" in " ".join(_current(mem, "小满", "job")), _all(mem)
    assert "柯基" in " ".join(_current(mem, "小满", "pet")), _all(mem)


def test_zh10_a_concert_ticket_and_a_fan_since_school(default_hub):
    mem = heard(
        default_hub,
        "e10zh_m03",
        [(0, "橙子", "下周五我去看五月天演唱会！我从初中就是他们的铁粉了")],
    )
    assert _pref(mem, "橙子", "五月天").value > 0.5, _all(mem)


def test_zh10_a_nurse_who_hates_night_shifts_and_will_swap_one(default_hub):
    mem = heard(
        default_hub,
        "e10zh_m04",
        [(0, "小护", "我是儿科护士，最烦的就是上夜班，明天我去找护士长把周五的夜班换掉")],
    )
    assert "护士" in " ".join(_current(mem, "小护", "job")), _all(mem)
    assert _pref(mem, "小护", "夜班").value < 0.5, _all(mem)
    assert _commit(mem, "小护").status == "open", _all(mem)


# -- corrections and retractions -----------------------------------------------------------------


def test_zh10_a_contract_day_corrected(default_hub):
    mem = heard(
        default_hub,
        "e10zh_r01",
        [
            (0, "周律师", "周四我把合同终稿发你"),
            (0, "周律师", "我说错了，是下周三，这周客户还要再看一遍"),
        ],
    )
    row = _commit(mem, "周律师")
    assert (row.status, row.due) == ("open", date(2026, 9, 9)), _all(mem)


def test_zh10_a_pickup_changed_twice(default_hub):
    mem = heard(
        default_hub,
        "e10zh_r02",
        [
            (0, "大伟", "明天下午我去高铁站接你"),
            (0, "大伟", "哎不行明天要开会 改成后天吧"),
            (1, "大伟", "算了还是周五吧 后天也走不开"),
        ],
    )
    rows = [c for c in _owned(mem, "大伟") if c.status == "open"]
    assert [c.due for c in rows] == [date(2026, 9, 4)], _all(mem)


def test_zh10_a_dinner_offer_taken_back(default_hub):
    mem = heard(
        default_hub,
        "e10zh_r03",
        [
            (0, "晓峰", "这周六我请客吃烤肉"),
            (1, "晓峰", "刚才说的周六请客当我没说哈 钱包被老婆没收了😭"),
        ],
    )
    assert _commit(mem, "晓峰").status == "cancelled", _all(mem)


def test_zh10_a_hometown_corrected_in_the_same_breath(default_hub):
    mem = heard(
        default_hub,
        "e10zh_r04",
        [(0, "阿娇", "我老家是湖南的 哦不对 说错了 是湖北的 老是搞混")],
    )
    assert _current(mem, "阿娇", "hometown") == ["湖北"], _all(mem)


# -- chat register -------------------------------------------------------------------------------


def test_zh10_keys_brought_over_tomorrow_in_slang(default_hub):
    mem = heard(
        default_hub,
        "e10zh_s01",
        [(0, "萌萌", "明儿我把钥匙给你送过去哈 酱紫你就不用跑一趟了")],
    )
    row = _commit(mem, "萌萌")
    assert (row.status, row.due) == ("open", date(2026, 9, 2)), _all(mem)


def test_zh10_a_voice_to_text_run_on_promise(default_hub):
    mem = heard(
        default_hub,
        "e10zh_s02",
        [
            (
                0,
                "刘经理",
                "那个那个就是说我下周一之前呢会把那个方案再改一版然后发到群里大家看一下啊就这样",
            )
        ],
    )
    row = _commit(mem, "刘经理")
    assert (row.status, row.due) == ("open", date(2026, 9, 7)), _all(mem)


def test_zh10_a_slide_deck_promised_then_done_with_emoji(default_hub):
    mem = heard(
        default_hub,
        "e10zh_s03",
        [
            (0, "阿杰", "今晚我把答辩PPT弄完"),
            (1, "阿杰", "PPT搞定啦🎉🎉 熬到两点"),
        ],
    )
    assert _commit(mem, "阿杰").status == "done", _all(mem)


def test_zh10_money_transferred_as_promised(default_hub):
    mem = heard(
        default_hub,
        "e10zh_s04",
        [
            (0, "胖虎", "明天一定把上次的饭钱转给你 放心吧"),
            (1, "胖虎", "转了哈 查收一下"),
        ],
    )
    assert _commit(mem, "胖虎").status == "done", _all(mem)


def test_zh10_foreign_trade_in_shenzhen_in_cute_talk(default_hub):
    mem = heard(
        default_hub,
        "e10zh_s05",
        [(0, "小鹿", "偶在深圳做外贸滴 天天跟老外砍价")],
    )
    assert "外贸" in " ".join(_current(mem, "小鹿", "job")), _all(mem)


def test_zh10_no_hobby_but_sleeping(default_hub):
    mem = heard(
        default_hub,
        "e10zh_s06",
        [(0, "阿呆", "我木有啥爱好 就喜欢睡觉😴")],
    )
    assert _pref(mem, "阿呆", "睡觉").value > 0.5, _all(mem)


def test_zh10_roast_duck_praised_in_net_slang(default_hub):
    mem = heard(
        default_hub,
        "e10zh_s07",
        [(0, "大嘴", "这家的烤鸭绝绝子 我一个人能炫一整只")],
    )
    assert _pref(mem, "大嘴", "烤鸭").value > 0.5, _all(mem)


def test_zh10_a_peanut_allergy_with_a_mask_emoji(default_hub):
    mem = heard(
        default_hub,
        "e10zh_s08",
        [(0, "果果", "花生过敏星人😷 大家点菜的时候别放花生哈")],
    )
    assert "花生" in " ".join(_current(mem, "果果", "allergy")), _all(mem)


# -- group chat ----------------------------------------------------------------------------------


def test_zh10_a_move_promised_on_a_friends_behalf(default_hub):
    mem = heard(
        default_hub,
        "e10zh_g01",
        [(0, "阿雪", "我替小林答应你了，她周六过来帮你搬家")],
    )
    row = _commit(mem, "小林")
    assert (row.status, row.due) == ("open", date(2026, 9, 5)), _all(mem)
    assert _owned(mem, "阿雪") == [], _all(mem)


def test_zh10_an_expense_claim_handed_to_a_colleague(default_hub):
    mem = heard(
        default_hub,
        "e10zh_g02",
        [
            (0, "老许", "报销单我明天交到财务"),
            (1, "老许", "报销单的事我交给阿May了 我临时要出差"),
        ],
    )
    assert not [c for c in _owned(mem, "老许") if c.status == "open"], _all(mem)
    assert [c for c in _owned(mem, "阿May") if c.status == "open"], _all(mem)


def test_zh10_a_pollen_allergy_echoed_with_me_too(default_hub):
    mem = heard(
        default_hub,
        "e10zh_g03",
        [
            (0, "小葱", "我花粉过敏 一到春天就完蛋"),
            (0, "小蒜", "我也是😭"),
        ],
    )
    assert "花粉" in " ".join(_current(mem, "小葱", "allergy")), _all(mem)
    assert "花粉" in " ".join(_current(mem, "小蒜", "allergy")), _all(mem)


def test_zh10_frisbee_echoed_with_plus_one(default_hub):
    mem = heard(
        default_hub,
        "e10zh_g04",
        [
            (0, "阿远", "我最近迷上了飞盘 每周都去"),
            (0, "阿近", "+1 飞盘真的上头"),
        ],
    )
    assert _pref(mem, "阿远", "飞盘").value > 0.5, _all(mem)
    assert _pref(mem, "阿近", "飞盘").value > 0.5, _all(mem)


def test_zh10_a_chore_taken_in_the_group(default_hub):
    mem = heard(
        default_hub,
        "e10zh_g05",
        [
            (0, "班长", "周五的班会谁来订教室？"),
            (0, "学委", "我来订 下午就去"),
            (2, "学委", "教室订好了 302"),
        ],
    )
    assert _commit(mem, "学委").status == "done", _all(mem)
    assert _owned(mem, "班长") == [], _all(mem)


# -- facts that change ---------------------------------------------------------------------------


def test_zh10_tianjin_then_suzhou(default_hub):
    mem = heard(
        default_hub,
        "e10zh_f01",
        [
            (0, "阿秀", "我住天津 离海河挺近的"),
            (100, "阿秀", "上个月搬到苏州了 还在适应"),
        ],
    )
    assert _current(mem, "阿秀", "residence") == ["苏州"], _all(mem)


def test_zh10_bytedance_then_tencent(default_hub):
    mem = heard(
        default_hub,
        "e10zh_f02",
        [
            (0, "小骆", "我在字节做产品经理"),
            (120, "小骆", "从字节离职了 现在在腾讯 还是做产品"),
        ],
    )
    employers = _current(mem, "小骆", "employer")
    assert len(employers) == 1 and "腾讯" in employers[0], _all(mem)


def test_zh10_a_boyfriend_then_a_break_up(default_hub):
    mem = heard(
        default_hub,
        "e10zh_f03",
        [
            (0, "琳达", "我跟男朋友在一起三年了"),
            (60, "琳达", "我俩分了 别问了 心累"),
        ],
    )
    assert _current(mem, "琳达", "relationship") == ["single"], _all(mem)


def test_zh10_married_with_a_certificate_emoji(default_hub):
    mem = heard(
        default_hub,
        "e10zh_f04",
        [(0, "阿宝", "我们上周五领证啦🎉 以后就是已婚人士了")],
    )
    assert _current(mem, "阿宝", "relationship") == ["married"], _all(mem)


def test_zh10_a_teacher_turned_insurance_agent(default_hub):
    mem = heard(
        default_hub,
        "e10zh_f05",
        [
            (0, "桂芳", "我是小学语文老师"),
            (200, "桂芳", "我现在不当老师了 转行卖保险了 收入还行"),
        ],
    )
    jobs = " ".join(_current(mem, "桂芳", "job"))
    assert "老师" not in jobs and "保险" in jobs, _all(mem)


def test_zh10_back_home_to_changsha_after_beijing(default_hub):
    mem = heard(
        default_hub,
        "e10zh_f06",
        [
            (0, "湘妹", "我在北京上班 每天挤十号线"),
            (300, "湘妹", "在北京漂了五年 终于回长沙了 再也不走了"),
        ],
    )
    assert _current(mem, "湘妹", "residence") == ["长沙"], _all(mem)


def test_zh10_a_meatless_diet_begun(default_hub):
    mem = heard(
        default_hub,
        "e10zh_f07",
        [(0, "阿禅", "我开始吃素了 已经坚持三个月了")],
    )
    assert "素" in " ".join(_current(mem, "阿禅", "diet")), _all(mem)


# -- preferences with degree and contrast ---------------------------------------------------------


def test_zh10_milk_tea_loved_once_now_too_sweet(default_hub):
    mem = heard(
        default_hub,
        "e10zh_p01",
        [(0, "糖糖", "以前超爱喝奶茶 现在一口都喝不下 太腻了")],
    )
    assert _pref(mem, "糖糖", "奶茶").value < 0.5, _all(mem)


def test_zh10_coffee_is_fine_but_tea_is_better(default_hub):
    mem = heard(
        default_hub,
        "e10zh_p02",
        [(0, "老茶", "咖啡还行吧，但我更喜欢喝茶")],
    )
    assert _pref(mem, "老茶", "喝茶").value > 0.5, _all(mem)


@pytest.mark.xfail(
    strict=True,
    reason="健身坚持不下去了 (given up as too hard) is no stance on 健身, and 看到健身房就烦 files its "
    "dislike under 健身房, a second topic beside the liked 健身",
)
def test_zh10_the_gym_given_up_in_disgust(default_hub):
    mem = heard(
        default_hub,
        "e10zh_p03",
        [
            (0, "阿壮", "我超喜欢健身 一周练五天"),
            (90, "阿壮", "健身坚持不下去了 太累了 现在看到健身房就烦"),
        ],
    )
    assert _pref(mem, "阿壮", "健身").value < 0.5, _all(mem)


def test_zh10_opera_not_much_but_crosstalk_alright(default_hub):
    mem = heard(
        default_hub,
        "e10zh_p04",
        [(0, "老票", "京剧我不太喜欢，相声倒还行")],
    )
    assert _pref(mem, "老票", "京剧").value < 0.5, _all(mem)


def test_zh10_hotpot_over_barbecue(default_hub):
    mem = heard(
        default_hub,
        "e10zh_p05",
        [(0, "辣妹", "火锅比烧烤香多了 我一周能吃三顿火锅")],
    )
    assert _pref(mem, "辣妹", "火锅").value > 0.5, _all(mem)


def test_zh10_travelling_alone_liked_more_and_more(default_hub):
    mem = heard(
        default_hub,
        "e10zh_p06",
        [(0, "阿游", "越来越喜欢一个人旅行了 自由")],
    )
    assert _pref(mem, "阿游", "旅行").value > 0.5, _all(mem)


# -- lines that must give nothing ----------------------------------------------------------------


def test_zh10_a_lottery_daydream(default_hub):
    mem = heard(
        default_hub,
        "e10zh_n01",
        [(0, "阿财", "如果我中了彩票，我就辞职去大理开客栈")],
    )
    no_rows(mem)


def test_zh10_an_employer_asked_about(default_hub):
    mem = heard(
        default_hub,
        "e10zh_n02",
        [(0, "小问", "你是不是在阿里上班啊？看你朋友圈老发西溪园区")],
    )
    no_fact(mem)


def test_zh10_a_mothers_saying_about_cooking(default_hub):
    mem = heard(
        default_hub,
        "e10zh_n03",
        [(0, "阿妮", "我妈天天念叨“女孩子一定要学会做饭”，烦死了")],
    )
    no_promise(mem)
    assert _prefs(mem, "阿妮", "做饭") == [], _all(mem)


def test_zh10_a_joke_about_being_a_cat(default_hub):
    mem = heard(
        default_hub,
        "e10zh_n04",
        [(0, "懒懒", "我的人生理想是当一只猫 哈哈哈哈开玩笑的")],
    )
    no_fact(mem)


def test_zh10_a_tv_characters_breakfast(default_hub):
    mem = heard(
        default_hub,
        "e10zh_n05",
        [(0, "阿沪", "《繁花》里宝总最爱吃泡饭，看得我都饿了")],
    )
    assert _prefs(mem, "阿沪", "泡饭") == [], _all(mem)


def test_zh10_an_astronaut_in_a_dream(default_hub):
    mem = heard(
        default_hub,
        "e10zh_n06",
        [(0, "阿梦", "昨晚梦见我在NASA当宇航员 醒来还得去上班😂")],
    )
    assert _current(mem, "阿梦", "job") == [], _all(mem)
    assert _current(mem, "阿梦", "employer") == [], _all(mem)


def test_zh10_sarcasm_about_overtime(default_hub):
    mem = heard(
        default_hub,
        "e10zh_n07",
        [(0, "社畜", "又加班到凌晨三点 我可太爱加班了呢😊")],
    )
    assert all(p.value <= 0.5 for p in mem.preferences(subject="社畜")), _all(mem)


def test_zh10_an_airport_pickup_refused(default_hub):
    mem = heard(
        default_hub,
        "e10zh_n08",
        [
            (0, "阿琪", "明天能帮我去机场接个人吗"),
            (0, "老白", "明天真不行 一整天都在开会 你问问别人吧"),
        ],
    )
    no_promise(mem)


def test_zh10_an_exhibition_asked_about(default_hub):
    mem = heard(
        default_hub,
        "e10zh_n09",
        [(0, "文文", "你们周六去不去看那个莫奈的展？")],
    )
    no_rows(mem)


def test_zh10_a_move_not_yet_decided(default_hub):
    mem = heard(
        default_hub,
        "e10zh_n10",
        [(0, "阿飞", "我可能下个月搬去广州吧 还没定 看公司安排")],
    )
    assert _current(mem, "阿飞", "residence") == [], _all(mem)


def test_zh10_a_ticket_offer_declined_as_already_done(default_hub):
    mem = heard(
        default_hub,
        "e10zh_n11",
        [
            (0, "阿敏", "要我帮你抢周五回家的高铁票吗"),
            (0, "阿亮", "不用啦 昨天已经抢到了 谢谢哈"),
        ],
    )
    no_promise(mem)


def test_zh10_a_song_line_quoted(default_hub):
    mem = heard(
        default_hub,
        "e10zh_n12",
        [(0, "阿嗨", "“我想要带你去浪漫的土耳其”哈哈哈 这歌又洗脑了")],
    )
    no_promise(mem)
    no_fact(mem)


def test_zh10_a_regret_about_studying_finance(default_hub):
    mem = heard(
        default_hub,
        "e10zh_n13",
        [(0, "阿悔", "早知道当初就不学金融了，学计算机多好")],
    )
    no_promise(mem)
    assert _current(mem, "阿悔", "school") == [], _all(mem)
    assert _current(mem, "阿悔", "job") == [], _all(mem)


def test_zh10_advice_if_i_were_you(default_hub):
    mem = heard(
        default_hub,
        "e10zh_n14",
        [(0, "老江", "我要是你，我明天就直接跟老板提离职")],
    )
    no_promise(mem)
    no_fact(mem)


def test_zh10_a_role_in_a_werewolf_game(default_hub):
    mem = heard(
        default_hub,
        "e10zh_n15",
        [(0, "阿狼", "昨晚狼人杀我拿了预言家 结果第一晚就被刀了")],
    )
    assert _current(mem, "阿狼", "job") == [], _all(mem)
