"""A fourth round of blind everyday scenarios (#40), in Chinese: written before any run and before
reading the rules. Weighed toward commitments whose state changes later (kept days later in other
words, kept by someone else on the speaker's behalf, called off by "可惜…不了了" or "去不了",
postponed, made to a third person, made in reply to a request), with facts, preferences and lines
that must give nothing (habits, conditionals, offers put as questions, questions about a fact).
Each scenario is a few days of chat heard by one tenant of the default hub, read only through
facts(), preferences() and commitments(); the assertions hold the essential field only."""

from __future__ import annotations

from datetime import date

import pytest

from tests.layer_sets import (
    commitment_of as _commit,
    current as _current,
    heard,
    preference_holding as _pref,
    preferences_holding as _prefs,
)

# TUE (day 0) is Tuesday 1 September 2026: 明天 is 2 Sep, 周四 3 Sep, 周五 4 Sep, 周日 6 Sep,
# 下周一 7 Sep, 下周三 9 Sep, 下周五 11 Sep.


def _all(mem):
    return (
        [(c.owner, c.what, c.due, c.status) for c in mem.commitments()],
        mem.facts(include_superseded=True),
        mem.preferences(),
    )


# -- commitments whose state changes later -------------------------------------------------------


def test_zh4_an_errand_kept_by_the_speakers_mother(default_hub):
    mem = heard(
        default_hub,
        "e4zh_c01",
        [
            (0, "周洁", "明天我去医院帮我爸拿体检报告"),
            (1, "周洁", "报告我妈顺路帮我拿回来了"),
        ],
    )
    assert _commit(mem, "周洁").status == "done"


def test_zh4_a_pickup_done_when_grandma_came_over(default_hub):
    mem = heard(
        default_hub,
        "e4zh_c02",
        [
            (0, "尹红", "明天下午我去幼儿园接孩子"),
            (1, "尹红", "今天我妈过来帮忙了，我就没跑这一趟"),
        ],
    )
    assert _commit(mem, "尹红").status == "done"


def test_zh4_a_yes_to_a_request_is_a_promise(default_hub):
    mem = heard(
        default_hub,
        "e4zh_c03",
        [
            (0, "e4zh_c03", "你能帮我把充电宝带过来吗？"),
            (0, "郭涛", "行，明天给你带过去"),
        ],
    )
    row = _commit(mem, "郭涛")
    assert row.status == "open" and row.due == date(2026, 9, 2)


def test_zh4_a_yes_to_a_request_kept_the_next_day(default_hub):
    mem = heard(
        default_hub,
        "e4zh_c04",
        [
            (0, "e4zh_c04", "周四能把会议纪要整理一下发我吗"),
            (0, "阮静", "没问题，交给我"),
            (2, "阮静", "纪要已经发你邮箱了"),
        ],
    )
    assert _commit(mem, "阮静").status == "done"


def test_zh4_a_promise_made_to_a_teacher(default_hub):
    mem = heard(
        default_hub,
        "e4zh_c05",
        [(0, "曾琳", "我答应了班主任，周五前把签好字的回执交上去")],
    )
    row = _commit(mem, "曾琳")
    assert row.status == "open" and row.due == date(2026, 9, 4)


def test_zh4_a_dinner_that_cannot_be_eaten_any_more(default_hub):
    mem = heard(
        default_hub,
        "e4zh_c06",
        [
            (0, "卢超", "周六晚上我请你吃烤鸭"),
            (3, "卢超", "可惜周六临时要加班，烤鸭吃不了了"),
        ],
    )
    assert _commit(mem, "卢超").status == "cancelled"


def test_zh4_a_wedding_the_speaker_cannot_make(default_hub):
    mem = heard(
        default_hub,
        "e4zh_c07",
        [
            (0, "程雨", "下周三的婚礼我一定到"),
            (6, "程雨", "对不起啊，周三实在赶不过去了"),
        ],
    )
    assert _commit(mem, "程雨").status == "cancelled"


def test_zh4_a_shipment_put_off_to_monday(default_hub):
    mem = heard(
        default_hub,
        "e4zh_c08",
        [
            (0, "段鹏", "我周四把样品寄给客户"),
            (2, "段鹏", "样品推迟到下周一再寄"),
        ],
    )
    row = _commit(mem, "段鹏")
    assert row.status == "open" and row.due == date(2026, 9, 7)


def test_zh4_a_chore_done_days_later_in_other_words(default_hub):
    mem = heard(
        default_hub,
        "e4zh_c09",
        [
            (0, "姚琴", "这周我把阳台那几盆花换个大点的盆"),
            (5, "姚琴", "周末折腾了一下午，那几盆花总算搬进新家了🌱"),
        ],
    )
    assert _commit(mem, "姚琴").status == "done"


def test_zh4_a_chore_done_told_with_bei(default_hub):
    mem = heard(
        default_hub,
        "e4zh_c10",
        [
            (0, "邱明", "我今晚把垃圾带下去"),
            (1, "邱明", "垃圾昨晚就被我扔了，放心"),
        ],
    )
    assert _commit(mem, "邱明").status == "done"


def test_zh4_a_group_chat_with_three_promises(default_hub):
    mem = heard(
        default_hub,
        "e4zh_c11",
        [
            (0, "小赵", "周日的烧烤我带炭和签子"),
            (0, "小钱", "饮料我包了"),
            (0, "小孙", "那我负责开车接大家"),
            (4, "小钱", "饮料买齐了，放后备箱了"),
            (5, "小孙", "不好意思，周日车被我爸开走了，接不了大家了"),
        ],
    )
    assert _commit(mem, "小赵").status == "open"
    assert _commit(mem, "小钱").status == "done"
    assert _commit(mem, "小孙").status == "cancelled"


def test_zh4_a_sisters_promise_reported_then_kept(default_hub):
    mem = heard(
        default_hub,
        "e4zh_c12",
        [
            (0, "田甜", "我姐说她下周一过来帮我搬家"),
            (7, "田甜", "搬完了！我姐真给力"),
        ],
    )
    rows = mem.commitments()
    assert [c for c in rows if c.owner == "田甜"] == [], _all(mem)
    sisters = [c for c in rows if "姐" in c.owner]
    assert len(sisters) == 1 and sisters[0].status == "done", _all(mem)


def test_zh4_a_mixed_language_promise_then_sent(default_hub):
    mem = heard(
        default_hub,
        "e4zh_c13",
        [
            (0, "Jason", "我今晚把PPT的final version发你"),
            (1, "Jason", "sent了，你check一下邮箱"),
        ],
    )
    assert _commit(mem, "Jason").status == "done"


def test_zh4_a_forgotten_call_is_still_owed(default_hub):
    mem = heard(
        default_hub,
        "e4zh_c14",
        [
            (0, "包子", "我明天给你回电话哈"),
            (2, "包子", "sorry昨天忙忘了"),
        ],
    )
    assert _commit(mem, "包子").status == "open"


def test_zh4_a_terse_pickup_with_no_subject(default_hub):
    mem = heard(default_hub, "e4zh_c15", [(0, "老K", "明早9点 T2 接你")])
    row = _commit(mem, "老K")
    assert row.status == "open" and row.due == date(2026, 9, 2)


def test_zh4_a_formal_reply_promised_then_given(default_hub):
    mem = heard(
        default_hub,
        "e4zh_c16",
        [
            (0, "刘主任", "此事由我负责跟进，下周五前给您答复。"),
            (8, "刘主任", "关于此事，已书面回复您，请查收。"),
        ],
    )
    assert _commit(mem, "刘主任").status == "done"


def test_zh4_help_no_longer_needed_is_called_off(default_hub):
    mem = heard(
        default_hub,
        "e4zh_c17",
        [
            (0, "马丁", "我周五过来帮你装柜子"),
            (2, "e4zh_c17", "柜子师傅已经装好了，你不用过来了"),
            (2, "马丁", "好嘞，那我就不去了"),
        ],
    )
    assert _commit(mem, "马丁").status == "cancelled"


def test_zh4_a_cake_that_fell_through(default_hub):
    mem = heard(
        default_hub,
        "e4zh_c18",
        [
            (0, "Coco", "周末我做蛋糕给你尝尝🍰"),
            (5, "Coco", "烤箱坏了😭 这周的蛋糕泡汤了"),
        ],
    )
    assert _commit(mem, "Coco").status == "cancelled"


@pytest.mark.xfail(
    strict=True, reason="书放你家楼下快递柜了 shares no word with 还你《三体》: nothing closed"
)
def test_zh4_a_borrowed_book_returned_in_other_words(default_hub):
    mem = heard(
        default_hub,
        "e4zh_c19",
        [
            (0, "霍建", "你那本《三体》我下周还你"),
            (9, "霍建", "书放你家楼下快递柜了，取件码发你微信了"),
        ],
    )
    assert _commit(mem, "霍建").status == "done"


@pytest.mark.xfail(strict=True, reason="猫粮加满了 shares no word with 喂猫: nothing closed")
def test_zh4_a_favour_promised_to_a_friend_then_done(default_hub):
    mem = heard(
        default_hub,
        "e4zh_c20",
        [
            (0, "贺敏", "我跟小林说好了，明天去她家帮她喂猫"),
            (1, "贺敏", "猫粮加满了，猫砂也铲了"),
        ],
    )
    assert _commit(mem, "贺敏").status == "done"


def test_zh4_a_trip_cancelled_by_the_boss(default_hub):
    mem = heard(
        default_hub,
        "e4zh_c21",
        [
            (0, "江海", "我下周二去北京出差"),
            (5, "江海", "出差被领导取消了，白收拾行李了"),
        ],
    )
    assert _commit(mem, "江海").status == "cancelled"


# -- lines that must give nothing ------------------------------------------------------------------


def test_zh4_habits_and_schedules_are_no_promise(default_hub):
    mem = heard(
        default_hub,
        "e4zh_n01",
        [
            (0, "任杰", "我们组每周一开组会，雷打不动"),
            (0, "任杰", "我一般早上七点就起了"),
            (1, "任杰", "周三晚上健身房人最少"),
        ],
    )
    assert mem.commitments() == [], _all(mem)


def test_zh4_offers_put_as_questions_are_no_promise(default_hub):
    mem = heard(
        default_hub,
        "e4zh_n02",
        [
            (0, "易晓", "要我帮你把行李拿下去不？"),
            (0, "易晓", "我帮你叫个车？"),
            (1, "易晓", "需不需要我明天顺便给你捎点水果"),
        ],
    )
    assert mem.commitments() == [], _all(mem)


def test_zh4_conditionals_are_no_promise(default_hub):
    mem = heard(
        default_hub,
        "e4zh_n03",
        [
            (0, "甘露", "等我中了彩票就请你吃大餐哈哈"),
            (0, "甘露", "有空的话我再过去看看"),
            (1, "甘露", "周五不加班的话我就来找你"),
        ],
    )
    assert mem.commitments() == [], _all(mem)


def test_zh4_a_fact_asked_about_is_not_stated(default_hub):
    mem = heard(
        default_hub,
        "e4zh_n04",
        [
            (0, "e4zh_n04", "你还在阿里上班吗？"),
            (0, "秦朗", "哈哈你猜"),
            (1, "e4zh_n04", "你老家是哪儿的来着"),
            (1, "秦朗", "这个嘛，下次告诉你"),
        ],
    )
    assert mem.facts(include_superseded=True) == []


def test_zh4_small_talk_gives_nothing(default_hub):
    mem = heard(
        default_hub,
        "e4zh_n05",
        [
            (0, "葛明", "吃了没"),
            (0, "葛明", "收到👌"),
            (1, "葛明", "辛苦啦辛苦啦"),
            (1, "葛明", "嗯嗯 好滴"),
            (2, "葛明", "在忙吗？有空回我一下"),
        ],
    )
    assert _all(mem) == ([], [], [])


def test_zh4_a_reminder_to_someone_else_is_no_promise_of_the_speaker(default_hub):
    mem = heard(
        default_hub,
        "e4zh_n06",
        [
            (0, "符强", "提醒你一下，明天记得交报告哦"),
            (0, "符强", "别忘了周五带身份证"),
        ],
    )
    assert [c for c in mem.commitments() if c.owner == "符强"] == [], _all(mem)


# -- facts ---------------------------------------------------------------------------------------------


@pytest.mark.xfail(
    strict=True,
    reason="被裁了，现在开网约车 does not replace the job (tests/test_layers_probes_zh.py holds 我被裁了 gives no fact)",
)
def test_zh4_laid_off_and_driving_now(default_hub):
    mem = heard(
        default_hub,
        "e4zh_f01",
        [
            (0, "温涛", "我在一家银行做柜员"),
            (60, "温涛", "银行裁员我被裁了，现在开网约车"),
        ],
    )
    jobs = _current(mem, "温涛", "job")
    assert jobs and "柜员" not in " ".join(jobs), jobs


def test_zh4_a_new_employer_in_a_mixed_line(default_hub):
    mem = heard(
        default_hub,
        "e4zh_f02",
        [
            (0, "Amy", "我在阿里做运营"),
            (45, "Amy", "离开阿里了，上周入职美团🎉"),
        ],
    )
    assert _current(mem, "Amy", "employer") == ["美团"]


def test_zh4_a_move_told_with_ba(default_hub):
    mem = heard(
        default_hub,
        "e4zh_f03",
        [
            (0, "钟伟", "我现在住南京，租的房子在河西"),
            (30, "钟伟", "把南京的房子退了，搬回合肥住了"),
        ],
    )
    assert _current(mem, "钟伟", "residence") == ["合肥"]


def test_zh4_a_marriage_that_ended(default_hub):
    mem = heard(
        default_hub,
        "e4zh_f04",
        [
            (0, "夏天", "我和老公结婚五年了"),
            (80, "夏天", "上个月我们办了离婚手续"),
        ],
    )
    assert _current(mem, "夏天", "relationship") == ["divorced"]


def test_zh4_seeing_someone(default_hub):
    mem = heard(default_hub, "e4zh_f05", [(0, "阿强", "我最近在跟一个姑娘谈恋爱")])
    assert _current(mem, "阿强", "relationship") == ["dating"]


def test_zh4_a_new_school_after_graduating(default_hub):
    mem = heard(
        default_hub,
        "e4zh_f06",
        [
            (0, "小宇", "我在北大读本科"),
            (300, "小宇", "本科毕业了，现在在清华读研"),
        ],
    )
    schools = _current(mem, "小宇", "school")
    assert len(schools) == 1 and "清华" in schools[0], schools


def test_zh4_a_best_friends_job_is_hers(default_hub):
    mem = heard(default_hub, "e4zh_f07", [(0, "罗敏", "我闺蜜在上海当律师")])
    assert mem.facts(subject="罗敏") == [], mem.facts()
    assert any("律师" in f.value for f in mem.facts() if f.subject != "罗敏"), mem.facts()


def test_zh4_a_guess_corrected_by_the_answer(default_hub):
    mem = heard(
        default_hub,
        "e4zh_f08",
        [
            (0, "e4zh_f08", "你是不是还在深圳上班？"),
            (0, "沈浪", "早不在了，去年就回长沙了"),
        ],
    )
    assert "深圳" not in " ".join(f.value for f in mem.facts()), mem.facts()
    assert _current(mem, "沈浪", "residence") == ["长沙"]


def test_zh4_a_formal_allergy_notice(default_hub):
    mem = heard(default_hub, "e4zh_f09", [(0, "陆女士", "本人对青霉素过敏，请注意用药。")])
    allergies = _current(mem, "陆女士", "allergy")
    assert len(allergies) == 1 and "青霉素" in allergies[0], allergies


@pytest.mark.xfail(strict=True, reason="不吃猪肉 / 回民 gives no diet or restriction")
def test_zh4_a_dietary_rule(default_hub):
    mem = heard(default_hub, "e4zh_f10", [(0, "马丽", "我是回民，不吃猪肉的")])
    assert [f for f in mem.facts(subject="马丽") if f.key in ("diet", "restriction")], mem.facts()


def test_zh4_a_roommates_cats_are_hers(default_hub):
    mem = heard(default_hub, "e4zh_f11", [(0, "小邓", "我室友养了两只布偶猫")])
    assert _current(mem, "小邓", "pet") == [], mem.facts()
    assert any(f.key == "pet" for f in mem.facts() if f.subject != "小邓"), mem.facts()


def test_zh4_born_and_bred(default_hub):
    mem = heard(default_hub, "e4zh_f12", [(0, "阿杜", "我是土生土长的厦门人")])
    assert _current(mem, "阿杜", "hometown") == ["厦门"]


@pytest.mark.xfail(strict=True, reason="我们京东 gives no employer")
def test_zh4_an_employer_in_a_run_on_complaint(default_hub):
    mem = heard(
        default_hub,
        "e4zh_f13",
        [(0, "曲波", "今天又加班到十点 我们京东最近备战双十一 天天这样 人都麻了")],
    )
    assert _current(mem, "曲波", "employer") == ["京东"]


# -- preferences -----------------------------------------------------------------------------------


def test_zh4_durian_declined_twice(default_hub):
    mem = heard(
        default_hub,
        "e4zh_p01",
        [
            (0, "e4zh_p01", "给你带份榴莲千层？"),
            (0, "欧阳", "别别别，榴莲我是真吃不了"),
            (3, "e4zh_p01", "那榴莲披萨呢？"),
            (3, "欧阳", "饶了我吧😂"),
        ],
    )
    assert all(p.value < 0.5 for p in _prefs(mem, "欧阳", "榴莲")) and _prefs(mem, "欧阳", "榴莲")


def test_zh4_aubergine_won_over(default_hub):
    mem = heard(
        default_hub,
        "e4zh_p02",
        [
            (0, "叶青", "我以前特别讨厌吃茄子"),
            (30, "叶青", "现在倒是觉得茄子挺香的，越吃越爱"),
        ],
    )
    assert _pref(mem, "叶青", "茄子").value > 0.5


def test_zh4_cola_given_up_after_the_doctor(default_hub):
    mem = heard(
        default_hub,
        "e4zh_p03",
        [
            (0, "王可", "我一直很爱喝可乐"),
            (25, "王可", "被医生说了一顿，可乐现在碰都不想碰了"),
        ],
    )
    assert _pref(mem, "王可", "可乐").value < 0.5


def test_zh4_a_sons_dinosaurs_are_his(default_hub):
    mem = heard(default_hub, "e4zh_p04", [(0, "苗苗", "我儿子迷上了恐龙，天天看恐龙纪录片")])
    assert _prefs(mem, "苗苗", "恐龙") == []
    rows = [p for p in mem.preferences() if "恐龙" in p.topic and "儿子" in p.subject]
    assert len(rows) == 1 and rows[0].value > 0.5, mem.preferences()


def test_zh4_a_husbands_dislike_reported(default_hub):
    mem = heard(default_hub, "e4zh_p05", [(0, "华姐", "我老公说他最讨厌逛街了")])
    assert _prefs(mem, "华姐", "逛街") == []
    rows = [p for p in mem.preferences() if "逛街" in p.topic and "老公" in p.subject]
    assert len(rows) == 1 and rows[0].value < 0.5, mem.preferences()


def test_zh4_offers_gladly_taken(default_hub):
    mem = heard(
        default_hub,
        "e4zh_p06",
        [
            (0, "e4zh_p06", "要不要尝尝我做的酸菜鱼？"),
            (0, "阿泽", "要要要！馋死了"),
            (5, "e4zh_p06", "周末再做一次酸菜鱼？"),
            (5, "阿泽", "好啊好啊"),
        ],
    )
    assert _pref(mem, "阿泽", "酸菜鱼").value > 0.5


def test_zh4_sarcasm_about_rush_hour(default_hub):
    mem = heard(default_hub, "e4zh_p07", [(0, "彭程", "又堵了一小时，我真是太爱早高峰了呵呵")])
    assert all(p.value <= 0.5 for p in _prefs(mem, "彭程", "早高峰"))


def test_zh4_a_liking_with_an_english_word(default_hub):
    mem = heard(default_hub, "e4zh_p08", [(0, "Leo", "我特别喜欢看NBA，尤其是勇士")])
    assert _pref(mem, "Leo", "NBA").value > 0.5


def test_zh4_dogs_over_cats(default_hub):
    mem = heard(default_hub, "e4zh_p09", [(0, "蔡琳", "比起猫我更喜欢狗")])
    assert _pref(mem, "蔡琳", "狗").value > 0.5


def test_zh4_perfume_gives_a_headache(default_hub):
    mem = heard(default_hub, "e4zh_p10", [(0, "龚雪", "香水味我一闻就头疼，受不了")])
    assert _pref(mem, "龚雪", "香水").value < 0.5


def test_zh4_a_net_slang_liking(default_hub):
    mem = heard(default_hub, "e4zh_p11", [(0, "小胖", "我灰常喜欢吃烧烤，一周能撸三次串")])
    assert _pref(mem, "小胖", "烧烤").value > 0.5


def test_zh4_two_coffee_orders_in_one_chat(default_hub):
    mem = heard(
        default_hub,
        "e4zh_p12",
        [
            (0, "大伟", "我喝美式就行"),
            (0, "小芳", "我要拿铁，美式太苦了受不了"),
        ],
    )
    assert _pref(mem, "小芳", "美式").value < 0.5
    assert all(p.value >= 0.5 for p in _prefs(mem, "大伟", "美式"))


# -- guards written after the fixes: the new shapes must not reach further than they mean ------------


def test_zh4_guard_a_mishap_with_bei_closes_nothing(default_hub):
    mem = heard(
        default_hub,
        "e4zh_g01",
        [(0, "祁峰", "我明天把手机拿去修"), (1, "祁峰", "手机被我摔坏了，屏幕全碎")],
    )
    assert _commit(mem, "祁峰").status == "open"


def test_zh4_guard_a_schedule_with_hui_and_a_manner_asked_promise_nothing(default_hub):
    mem = heard(
        default_hub,
        "e4zh_g02",
        [
            (0, "柯南", "我们每周五都会聚餐"),
            (0, "e4zh_g02", "能不能小点声"),
            (0, "柯南", "好的好的"),
        ],
    )
    assert mem.commitments() == []


def test_zh4_guard_a_plain_postponement_still_calls_off(default_hub):
    mem = heard(
        default_hub,
        "e4zh_g03",
        [(0, "常青", "我周五请大家吃火锅"), (2, "常青", "火锅推迟了，等我忙完再说")],
    )
    assert _commit(mem, "常青").status == "cancelled"
