"""A sixth round of blind everyday scenarios (#40), in Chinese: written before any run and before
reading the rules, unlike the earlier rounds in verbs, situations and people. Weighed toward facts
that change (a job left for another said obliquely, an employer changed and changed back, a home
"安顿下来" elsewhere, an engagement called off, a pet that died and a new one, a change reported by
someone else), preferences (refusals and acceptances of offers in other words, flips, habits, a
third person's likes and dislikes filed under that person, sarcasm), commitments (made to a third
person, kept or called off days later in other words, inside a run-on message, mixed with English)
and lines that must give nothing (offers put as questions, greetings, hypotheticals, quotes, jokes,
someone else's promise asked about, "好想去！可惜…", a fact asked about but not stated).
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
    others_of as _others,
    preference_holding as _pref,
    preferences_holding as _prefs,
)

# TUE (day 0) is Tuesday 1 September 2026: 明天/明早 is 2 Sep, 后天 and 周四 3 Sep, 周五 4 Sep,
# 周六 5 Sep, 周日 6 Sep, 下周一 7 Sep, 下周二 8 Sep, 下周三 9 Sep, 下周五 11 Sep, 月底 30 Sep.


# -- commitments ---------------------------------------------------------------------------------


@pytest.mark.xfail(
    strict=True,
    reason="Windows装上了 is read done now, but 'Windows' shares no word with 重装电脑系统: nothing closed",
)
def test_zh6_a_promise_to_an_uncle_kept_without_its_words(default_hub):
    mem = heard(
        default_hub,
        "e6zh_c01",
        [
            (0, "尚文", "我跟我舅说好了，周日之前帮他把电脑系统重装一下"),
            (5, "尚文", "昨天在舅舅家折腾了俩小时，Windows装上了，开机飞快"),
        ],
    )
    assert _commit(mem, "尚文").status == "done", _all(mem)


def test_zh6_a_promise_inside_a_run_on_line_with_a_typo(default_hub):
    mem = heard(
        default_hub,
        "e6zh_c02",
        [(0, "阿飘", "刚下班 地铁挤死了 对了周四之前我把你的相机镜头还给你 借了这么久真不好意四")],
    )
    row = _commit(mem, "阿飘")
    assert (row.status, row.due) == ("open", date(2026, 9, 3)), _all(mem)


def test_zh6_a_trip_called_off_because_the_car_is_away(default_hub):
    mem = heard(
        default_hub,
        "e6zh_c03",
        [
            (0, "贺兰", "这周六我开车带你们去郊区摘草莓🍓"),
            (3, "贺兰", "周六去不成了，车送去保养，下周才能提"),
        ],
    )
    assert _commit(mem, "贺兰").status == "cancelled", _all(mem)


def test_zh6_a_formal_promise_with_a_date(default_hub):
    mem = heard(
        default_hub,
        "e6zh_c04",
        [(0, "吕主管", "我会于本月25日前将报销单据整理完毕并提交财务部。")],
    )
    row = _commit(mem, "吕主管")
    assert (row.status, row.due) == ("open", date(2026, 9, 25)), _all(mem)


def test_zh6_mixed_english_promise_then_uploaded(default_hub):
    mem = heard(
        default_hub,
        "e6zh_c05",
        [
            (0, "Kiki", "明天我把meeting notes整理好share给大家"),
            (1, "Kiki", "notes已经upload到drive了，大家有空看看"),
        ],
    )
    assert _commit(mem, "Kiki").status == "done", _all(mem)


def test_zh6_a_colleague_agreed_to_cover_a_shift(default_hub):
    mem = heard(
        default_hub,
        "e6zh_c06",
        [(0, "钱多多", "我同事小吴答应下周二帮我代班")],
    )
    row = _commit(mem, "小吴")
    assert (row.status, row.due) == ("open", date(2026, 9, 8)), _all(mem)
    assert [c for c in mem.commitments() if c.owner == "钱多多"] == [], _all(mem)


def test_zh6_a_yes_to_an_errand_then_left_on_the_door(default_hub):
    mem = heard(
        default_hub,
        "e6zh_c07",
        [
            (0, "e6zh_c07", "明天能帮我去取一下干洗店的衣服吗"),
            (0, "乐乐", "包在我身上👌"),
            (1, "乐乐", "挂你门把手上了哈"),
        ],
    )
    assert _commit(mem, "乐乐").status == "done", _all(mem)


def test_zh6_a_weekend_plan_shelved_in_other_words(default_hub):
    mem = heard(
        default_hub,
        "e6zh_c08",
        [
            (0, "小溪", "周末我陪你去宜家挑沙发"),
            (4, "小溪", "宜家那事儿咱先搁着吧，我这周末被公司拉去团建了"),
        ],
    )
    assert _commit(mem, "小溪").status == "cancelled", _all(mem)


@pytest.mark.xfail(strict=True, reason="导师回我了 (the counterpart's reply) is not read as done")
def test_zh6_a_draft_handed_in_known_by_the_reply(default_hub):
    mem = heard(
        default_hub,
        "e6zh_c09",
        [
            (0, "曼曼", "下周一之前我把论文初稿交给导师"),
            (6, "曼曼", "导师回我了，说框架还行，就是数据得补"),
        ],
    )
    assert _commit(mem, "曼曼").status == "done", _all(mem)


def test_zh6_three_people_share_out_a_movie_night(default_hub):
    mem = heard(
        default_hub,
        "e6zh_c10",
        [
            (0, "大鹏", "周五我带投影仪过去"),
            (0, "阿青", "幕布我来借"),
            (0, "小羽", "零食饮料交给我"),
            (3, "阿青", "借到了，明天直接拿过去"),
        ],
    )
    assert _commit(mem, "阿青").status == "done", _all(mem)
    assert _commit(mem, "大鹏").status == "open", _all(mem)
    assert _commit(mem, "小羽").status == "open", _all(mem)


def test_zh6_a_terse_promise_of_an_answer(default_hub):
    mem = heard(default_hub, "e6zh_c11", [(0, "Mike", "后天给你个准信")])
    row = _commit(mem, "Mike")
    assert (row.status, row.due) == ("open", date(2026, 9, 3)), _all(mem)


def test_zh6_a_debt_promise_in_a_long_message(default_hub):
    mem = heard(
        default_hub,
        "e6zh_c12",
        [
            (
                0,
                "老邢",
                "最近真是忙疯了，项目上线加上搬家，一堆破事，不过你放心，月底前我肯定把欠你的两千块钱还上",
            )
        ],
    )
    row = _commit(mem, "老邢")
    assert (row.status, row.due) == ("open", date(2026, 9, 30)), _all(mem)


def test_zh6_a_promise_told_to_the_boss_reported_to_us(default_hub):
    mem = heard(
        default_hub,
        "e6zh_c13",
        [(0, "欧晴", "刚跟老板拍了胸脯，下周三前把竞品分析做出来")],
    )
    row = _commit(mem, "欧晴")
    assert (row.status, row.due) == ("open", date(2026, 9, 9)), _all(mem)


# -- facts -----------------------------------------------------------------------------------------


def test_zh6_no_longer_the_kids_king_now_a_shop_manager(default_hub):
    mem = heard(
        default_hub,
        "e6zh_f01",
        [
            (0, "林木", "我在一家幼儿园当老师"),
            (90, "林木", "不当孩子王了，现在在一家奶茶店当店长"),
        ],
    )
    jobs = _current(mem, "林木", "job")
    assert jobs and "老师" not in " ".join(jobs) and "店长" in " ".join(jobs), _all(mem)


def test_zh6_working_for_another_company_now(default_hub):
    mem = heard(
        default_hub,
        "e6zh_f02",
        [
            (0, "袁航", "我在百度做算法"),
            (60, "袁航", "百度那边交接完了，现在给蚂蚁打工"),
        ],
    )
    employers = _current(mem, "袁航", "employer")
    assert len(employers) == 1 and "蚂蚁" in employers[0], _all(mem)


def test_zh6_a_boyfriend_moved_filed_under_him(default_hub):
    mem = heard(
        default_hub,
        "e6zh_f03",
        [
            (0, "小芸", "我男朋友住在天津"),
            (40, "小芸", "我男朋友上周搬到北京了，终于不用异地了"),
        ],
    )
    rows = [f.value for f in _others(mem.facts(), "小芸", "男朋友") if f.key == "residence"]
    assert rows == ["北京"], _all(mem)
    assert "天津" not in _current(mem, "小芸", "residence"), _all(mem)


def test_zh6_settled_down_in_another_city(default_hub):
    mem = heard(
        default_hub,
        "e6zh_f04",
        [
            (0, "伍月", "我住在武汉，光谷那边"),
            (45, "伍月", "在长沙安顿下来了，武汉的家具都卖掉了"),
        ],
    )
    assert _current(mem, "伍月", "residence") == ["长沙"], _all(mem)


def test_zh6_single_then_engaged(default_hub):
    mem = heard(
        default_hub,
        "e6zh_f05",
        [
            (0, "小蒋", "我单身好多年了"),
            (30, "小蒋", "跟相亲认识的那个姑娘订婚了！明年摆酒"),
        ],
    )
    assert _current(mem, "小蒋", "relationship") == ["engaged"], _all(mem)


def test_zh6_an_engagement_called_off(default_hub):
    mem = heard(
        default_hub,
        "e6zh_f06",
        [
            (0, "阿彬", "我已经订婚了，明年春天办婚礼"),
            (40, "阿彬", "婚不结了，我们俩分了"),
        ],
    )
    assert _current(mem, "阿彬", "relationship") == ["single"], _all(mem)


@pytest.mark.xfail(strict=True, reason="在武大上了一个月课了 gives no school")
def test_zh6_from_high_school_to_university(default_hub):
    mem = heard(
        default_hub,
        "e6zh_f07",
        [
            (0, "小静", "我在人大附中读高三"),
            (300, "小静", "在武大上了一个月课了，宿舍条件一般般"),
        ],
    )
    schools = _current(mem, "小静", "school")
    assert len(schools) == 1 and "武大" in schools[0], _all(mem)


def test_zh6_an_employer_left_and_returned_to(default_hub):
    mem = heard(
        default_hub,
        "e6zh_f08",
        [
            (0, "老孟", "我在国家电网上班"),
            (30, "老孟", "我从国家电网辞职了，去了一家创业公司"),
            (90, "老孟", "创业公司倒闭了，又回国家电网了"),
        ],
    )
    assert _current(mem, "老孟", "employer") == ["国家电网"], _all(mem)


def test_zh6_a_wife_who_is_a_dentist(default_hub):
    mem = heard(default_hub, "e6zh_f09", [(0, "阿兰", "我老婆是牙医，天天给人拔牙")])
    assert _current(mem, "阿兰", "job") == [], _all(mem)
    rows = [f.value for f in _others(mem.facts(), "阿兰", "老婆") if f.key == "job"]
    assert rows and "牙医" in rows[0], _all(mem)


def test_zh6_hr_before_a_flower_shop_now(default_hub):
    mem = heard(default_hub, "e6zh_f10", [(0, "董小姐", "以前在外企做HR，现在自己开了家花店")])
    jobs = _current(mem, "董小姐", "job")
    assert jobs and "HR" not in " ".join(jobs), _all(mem)


def test_zh6_a_move_known_through_mums_complaint(default_hub):
    mem = heard(
        default_hub,
        "e6zh_f11",
        [(0, "阿哲", "我妈老念叨，说我搬到上海以后就不怎么回家了")],
    )
    assert _current(mem, "阿哲", "residence") == ["上海"], _all(mem)


def test_zh6_the_cat_passed_now_a_golden(default_hub):
    mem = heard(
        default_hub,
        "e6zh_f12",
        [
            (0, "晴子", "我养了一只橘猫，胖得跟球一样"),
            (60, "晴子", "橘猫去年走了，现在家里养了条金毛"),
        ],
    )
    pets = _current(mem, "晴子", "pet")
    assert pets and "金毛" in " ".join(pets) and "猫" not in " ".join(pets), _all(mem)


def test_zh6_from_shandong_working_in_suzhou(default_hub):
    mem = heard(default_hub, "e6zh_f13", [(0, "小贺", "我是山东人，在苏州上班")])
    assert _current(mem, "小贺", "hometown") == ["山东"], _all(mem)


# -- preferences -----------------------------------------------------------------------------------


def test_zh6_a_hot_spring_declined_with_a_reason(default_hub):
    mem = heard(
        default_hub,
        "e6zh_p01",
        [
            (0, "e6zh_p01", "周末要不要一起去泡温泉？"),
            (0, "阿凯", "温泉我就不泡了，受不了那股硫磺味"),
        ],
    )
    assert _pref(mem, "阿凯", "温泉").value < 0.5, _all(mem)


def test_zh6_a_street_snack_accepted_gladly(default_hub):
    mem = heard(
        default_hub,
        "e6zh_p02",
        [
            (0, "e6zh_p02", "下班顺路给你捎份煎饼果子？"),
            (0, "豆豆", "那敢情好！加俩蛋"),
        ],
    )
    assert _pref(mem, "豆豆", "煎饼").value > 0.5, _all(mem)


def test_zh6_the_gym_grew_on_him(default_hub):
    mem = heard(
        default_hub,
        "e6zh_p03",
        [
            (0, "鲁西", "健身房那种地方我向来不感冒"),
            (40, "鲁西", "现在彻底爱上健身房了，隔一天不去就浑身难受"),
        ],
    )
    assert _pref(mem, "鲁西", "健身").value > 0.5, _all(mem)


def test_zh6_curry_went_off_after_a_bad_night(default_hub):
    mem = heard(
        default_hub,
        "e6zh_p04",
        [
            (0, "宁宁", "日式咖喱是我的心头好"),
            (30, "宁宁", "上次吃咖喱吃坏了肚子，现在一提咖喱就怕"),
        ],
    )
    assert _pref(mem, "宁宁", "咖喱").value < 0.5, _all(mem)


def test_zh6_a_run_every_evening_is_a_liking(default_hub):
    mem = heard(default_hub, "e6zh_p05", [(0, "江川", "我每天下班都要去江边跑上五公里")])
    rows = _prefs(mem, "江川", "跑")
    assert rows and all(p.value > 0.5 for p in rows), _all(mem)


def test_zh6_grandma_loves_yue_opera(default_hub):
    mem = heard(
        default_hub,
        "e6zh_p06",
        [(0, "筱雅", "我奶奶可喜欢看越剧了，电视一放就跟着哼")],
    )
    assert _prefs(mem, "筱雅", "越剧") == [], _all(mem)
    rows = [p for p in _others(mem.preferences(), "筱雅", "奶奶") if "越剧" in p.topic]
    assert rows and rows[0].value > 0.5, _all(mem)


@pytest.mark.xfail(strict=True, reason="阿成对KTV深恶痛绝 gives no preference")
def test_zh6_a_friend_who_loathes_karaoke(default_hub):
    mem = heard(
        default_hub,
        "e6zh_p07",
        [(0, "蓝天", "提醒一下，阿成对KTV深恶痛绝，千万别拉他去")],
    )
    assert _prefs(mem, "蓝天", "KTV") == [], _all(mem)
    assert _pref(mem, "阿成", "KTV").value < 0.5, _all(mem)


def test_zh6_mixed_english_hiking(default_hub):
    mem = heard(default_hub, "e6zh_p08", [(0, "Sunny", "我真的super喜欢hiking，每个月都要去一次")])
    assert _pref(mem, "Sunny", "hiking").value > 0.5, _all(mem)


def test_zh6_sarcasm_about_makeup_workdays(default_hub):
    mem = heard(default_hub, "e6zh_p09", [(0, "阿木", "太好了又要调休，我可真是爱死调休了🙂")])
    assert all(p.value <= 0.5 for p in _prefs(mem, "阿木", "调休")), _all(mem)


def test_zh6_web_slang_for_a_liking(default_hub):
    mem = heard(default_hub, "e6zh_p10", [(0, "糖豆", "麻辣烫yyds，我真的爱了爱了")])
    assert _pref(mem, "糖豆", "麻辣烫").value > 0.5, _all(mem)


def test_zh6_seafood_declined_politely(default_hub):
    mem = heard(
        default_hub,
        "e6zh_p11",
        [
            (0, "e6zh_p11", "周末请你吃海鲜大餐？"),
            (0, "石头", "谢谢好意，不过海鲜我一口都不碰"),
        ],
    )
    assert _pref(mem, "石头", "海鲜").value < 0.5, _all(mem)


def test_zh6_two_friends_on_horror_films(default_hub):
    mem = heard(
        default_hub,
        "e6zh_p12",
        [
            (0, "阿梅", "我最爱看恐怖片，越吓人越过瘾"),
            (0, "阿兰", "恐怖片我可不敢看，晚上会做噩梦"),
        ],
    )
    assert _pref(mem, "阿梅", "恐怖片").value > 0.5, _all(mem)
    assert _pref(mem, "阿兰", "恐怖片").value < 0.5, _all(mem)


def test_zh6_a_friend_taken_up_pottery(default_hub):
    mem = heard(
        default_hub,
        "e6zh_p13",
        [(0, "许诺", "小周跟我说她迷上了陶艺，每个周末都泡在工作室")],
    )
    assert _prefs(mem, "许诺", "陶艺") == [], _all(mem)
    assert _pref(mem, "小周", "陶艺").value > 0.5, _all(mem)


# -- nothing -------------------------------------------------------------------------------------


def test_zh6_offers_put_as_questions_promise_nothing(default_hub):
    mem = heard(
        default_hub,
        "e6zh_n01",
        [
            (0, "尤佳", "要不要我顺路帮你把垃圾带下去？"),
            (0, "尤佳", "用不用我明天给你发个定位？"),
            (1, "尤佳", "我给你买杯豆浆吧？"),
        ],
    )
    assert mem.commitments() == [], _all(mem)


def test_zh6_greetings_and_acks_give_nothing(default_hub):
    mem = heard(
        default_hub,
        "e6zh_n02",
        [
            (0, "群主", "各位晚上好呀🌙"),
            (0, "群主", "新年快乐🧧 万事如意"),
            (1, "阿福", "收到收到"),
            (1, "阿福", "OK的没问题👍"),
        ],
    )
    assert (mem.commitments(), mem.facts(), mem.preferences()) == ([], [], []), _all(mem)


def test_zh6_a_hypothetical_job_abroad_is_no_fact(default_hub):
    mem = heard(
        default_hub,
        "e6zh_n03",
        [(0, "葛优", "要是我会说日语，早就去东京上班了")],
    )
    assert mem.facts() == [], _all(mem)
    assert mem.commitments() == [], _all(mem)


def test_zh6_quotes_of_a_song_and_a_film_promise_nothing(default_hub):
    mem = heard(
        default_hub,
        "e6zh_n04",
        [
            (0, "阿星", "歌里唱的“明天我要嫁给你啦”，太应景了哈哈"),
            (0, "阿星", "“我养你啊”——星爷这句台词我能笑一年"),
        ],
    )
    assert mem.commitments() == [], _all(mem)


def test_zh6_a_joke_bet_promises_nothing(default_hub):
    mem = heard(default_hub, "e6zh_n05", [(0, "阿豆", "下次我要是再迟到，我就倒立洗头😂")])
    assert mem.commitments() == [], _all(mem)


def test_zh6_someone_elses_promise_asked_about(default_hub):
    mem = heard(
        default_hub,
        "e6zh_n06",
        [(0, "晓峰", "你帮我问问阿豪，他答应的那个视频到底剪好没？")],
    )
    assert mem.commitments() == [], _all(mem)


def test_zh6_love_to_come_but_an_exam(default_hub):
    mem = heard(
        default_hub,
        "e6zh_n07",
        [
            (0, "e6zh_n07", "周日来参加我的生日派对吧！"),
            (0, "小柒", "好想去！可惜那天要考试，提前祝你生日快乐🎂"),
        ],
    )
    assert mem.commitments() == [], _all(mem)


def test_zh6_a_job_asked_about_but_not_stated(default_hub):
    mem = heard(
        default_hub,
        "e6zh_n08",
        [
            (0, "e6zh_n08", "你是不是在银行上班来着？"),
            (0, "秋秋", "怎么突然问这个😂"),
        ],
    )
    assert mem.facts() == [], _all(mem)


def test_zh6_a_maybe_is_no_promise(default_hub):
    mem = heard(
        default_hub,
        "e6zh_n09",
        [(0, "柳青", "看情况吧，周五下班早的话也许过去一趟")],
    )
    assert mem.commitments() == [], _all(mem)


def test_zh6_a_taste_question_is_no_preference(default_hub):
    mem = heard(
        default_hub,
        "e6zh_n10",
        [(0, "向东", "你们觉得榴莲到底好不好吃？"), (0, "向东", "臭豆腐有人喜欢吗")],
    )
    assert mem.preferences() == [], _all(mem)
