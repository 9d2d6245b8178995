"""An eighth round of blind everyday scenarios (#40), in Chinese: written before any run and
before reading the rules, unlike the earlier rounds in verbs, situations and people. Weighed toward
lines that must give no row although they look like one (a film character's like, a habit given
up, a like asked about, 要是/我以为/听说, a city visited, a pet's like, a job inside a quote, a
compliment, an object's brand, a conditional, an offer put as a question, a fact asked about),
commitments whose state changes later in other words (done, dropped, pushed back, handed to
someone else; texting and formal), facts that change or are said obliquely, and preferences
(flips, refusals by declining, a third person's like filed under that person, sarcasm).
Each scenario is a few days of chat heard by one tenant of the default hub, read only through
facts(), preferences() and commitments(); the assertions hold the essential field only."""

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

# TUE (day 0) is Tuesday 1 September 2026: 明天 is 2 Sep, 后天 and 周四 3 Sep, 周五 4 Sep,
# 周六 5 Sep, 周日 6 Sep, 下周一 7 Sep, 下周三 9 Sep, 月底 30 Sep.


def _owned(mem, owner):
    return [c for c in mem.commitments() if c.owner == owner]


# -- commitments ---------------------------------------------------------------------------------


def test_zh8_a_power_bank_returned_without_naming_the_return(default_hub):
    mem = heard(
        default_hub,
        "e8zh_c01",
        [
            (0, "米粒", "后天我把你借我的充电宝还你"),
            (3, "米粒", "充电宝塞你包里了，别忘拿"),
        ],
    )
    assert _commit(mem, "米粒").status == "done", _all(mem)


def test_zh8_a_formal_budget_draft_submitted(default_hub):
    mem = heard(
        default_hub,
        "e8zh_c02",
        [
            (0, "张主任", "财务部将于本周五前提交第三季度预算草案。"),
            (3, "张主任", "第三季度预算草案已于今日上午提交，请各部门查收。"),
        ],
    )
    assert _commit(mem, "张主任").status == "done", _all(mem)


def test_zh8_a_house_viewing_dropped_in_texting(default_hub):
    mem = heard(
        default_hub,
        "e8zh_c03",
        [
            (0, "阿飞", "周六我陪你去看房"),
            (3, "阿飞", "看房我去不了了，临时被叫去加班，sorry啊"),
        ],
    )
    assert _commit(mem, "阿飞").status == "cancelled", _all(mem)


def test_zh8_a_formal_site_visit_called_off(default_hub):
    mem = heard(
        default_hub,
        "e8zh_c04",
        [
            (0, "李经理", "我方将于下周一派工程师上门调试设备。"),
            (4, "李经理", "经双方协商，原定的上门调试取消，后续改为远程支持。"),
        ],
    )
    assert _commit(mem, "李经理").status == "cancelled", _all(mem)


def test_zh8_a_contract_signing_pushed_back(default_hub):
    mem = heard(
        default_hub,
        "e8zh_c05",
        [
            (0, "阿珊", "明天下午我把合同拿给你签"),
            (1, "阿珊", "合同的事往后挪到下周三吧，律师还在改条款"),
        ],
    )
    row = _commit(mem, "阿珊")
    assert (row.status, row.due) == ("open", date(2026, 9, 9)), _all(mem)


def test_zh8_an_airport_pickup_handed_to_a_colleague(default_hub):
    mem = heard(
        default_hub,
        "e8zh_c06",
        [
            (0, "老周", "周四我去机场接客户"),
            (1, "老周", "接客户这活儿我交给小马了，他开车过去"),
        ],
    )
    assert not [c for c in _owned(mem, "老周") if c.status == "open"], _all(mem)
    assert [c for c in _owned(mem, "小马") if c.status == "open"], _all(mem)


def test_zh8_a_promise_given_to_the_property_office(default_hub):
    mem = heard(
        default_hub,
        "e8zh_c07",
        [(0, "何晴", "我跟物业保证过了，这周日前把阳台上的杂物清走")],
    )
    row = _commit(mem, "何晴")
    assert (row.status, row.due) == ("open", date(2026, 9, 6)), _all(mem)


def test_zh8_a_book_posted_kept_by_a_tracking_number(default_hub):
    mem = heard(
        default_hub,
        "e8zh_c08",
        [
            (0, "小贝", "周末我把那本书给你寄过去"),
            (5, "小贝", "快递单号发你微信了，注意查收"),
        ],
    )
    assert _commit(mem, "小贝").status == "done", _all(mem)


def test_zh8_a_deck_promised_and_sent_in_mixed_words(default_hub):
    mem = heard(
        default_hub,
        "e8zh_c09",
        [
            (0, "Tony", "明天EOD之前我把deck发你"),
            (1, "Tony", "deck sent，看下邮箱"),
        ],
    )
    assert _commit(mem, "Tony").status == "done", _all(mem)


def test_zh8_a_barbecue_split_between_two_friends(default_hub):
    mem = heard(
        default_hub,
        "e8zh_c10",
        [
            (0, "阿强", "周日烧烤我负责带炭"),
            (0, "小丽", "那肉我来买"),
            (3, "阿强", "炭已经买好了，两大袋"),
            (4, "小丽", "肉我买不了了，周日得回趟老家，你们找别人吧"),
        ],
    )
    assert _commit(mem, "阿强").status == "done", _all(mem)
    assert _commit(mem, "小丽").status == "cancelled", _all(mem)


def test_zh8_a_request_taken_on_then_kept(default_hub):
    mem = heard(
        default_hub,
        "e8zh_c11",
        [
            (0, "e8zh_c11", "周五之前能帮我把报销单交到财务那边吗？"),
            (0, "阿伟", "行，顺手的事"),
            (3, "阿伟", "财务那边已经收下了，签了字"),
        ],
    )
    assert _commit(mem, "阿伟").status == "done", _all(mem)


def test_zh8_a_lesson_moved_to_next_monday(default_hub):
    mem = heard(
        default_hub,
        "e8zh_c12",
        [
            (0, "陈老师", "明天下午的补课我来上"),
            (1, "陈老师", "同学们，补课改到下周一下午，今天我嗓子哑了"),
        ],
    )
    row = _commit(mem, "陈老师")
    assert (row.status, row.due) == ("open", date(2026, 9, 7)), _all(mem)


def test_zh8_a_third_persons_painting_reported_then_finished(default_hub):
    mem = heard(
        default_hub,
        "e8zh_c13",
        [
            (0, "秀兰", "小郑说他周六来帮我们刷墙"),
            (5, "秀兰", "墙小郑刷完了，白得发亮"),
        ],
    )
    assert _commit(mem, "小郑").status == "done", _all(mem)
    assert _owned(mem, "秀兰") == [], _all(mem)


def test_zh8_a_terse_medicine_errand(default_hub):
    mem = heard(
        default_hub,
        "e8zh_c14",
        [
            (0, "阿May", "ok 明早我去医院取药"),
            (1, "阿May", "药拿了"),
        ],
    )
    assert _commit(mem, "阿May").status == "done", _all(mem)


# -- facts ---------------------------------------------------------------------------------------


def test_zh8_an_employer_left_through_the_paperwork(default_hub):
    mem = heard(
        default_hub,
        "e8zh_f01",
        [
            (0, "阿明", "我在京东做采购"),
            (50, "阿明", "京东的离职证明拿到了，已经在字节上了两周班"),
        ],
    )
    employers = _current(mem, "阿明", "employer")
    assert len(employers) == 1 and "字节" in employers[0], _all(mem)


def test_zh8_a_taxi_driver_turned_electrician(default_hub):
    mem = heard(
        default_hub,
        "e8zh_f02",
        [
            (0, "小卫", "我是一名出租车司机"),
            (60, "小卫", "车早就不开了，现在在工地当电工"),
        ],
    )
    jobs = _current(mem, "小卫", "job")
    assert jobs and "司机" not in " ".join(jobs) and "电工" in " ".join(jobs), _all(mem)


def test_zh8_a_formal_change_of_residence(default_hub):
    mem = heard(
        default_hub,
        "e8zh_f03",
        [
            (0, "周女士", "我目前居住在南京。"),
            (40, "周女士", "因工作调动，本人已迁居苏州。"),
        ],
    )
    assert _current(mem, "周女士", "residence") == ["苏州"], _all(mem)


def test_zh8_a_flat_bought_and_moved_into(default_hub):
    mem = heard(
        default_hub,
        "e8zh_f04",
        [
            (0, "阿杰", "我住在成都"),
            (30, "阿杰", "在重庆买了套房，上周拎包入住了"),
        ],
    )
    assert _current(mem, "阿杰", "residence") == ["重庆"], _all(mem)


def test_zh8_a_marriage_said_through_the_licence(default_hub):
    mem = heard(
        default_hub,
        "e8zh_f05",
        [
            (0, "晓雯", "我跟男朋友谈了三年了"),
            (60, "晓雯", "上个月我们领证了🎉"),
        ],
    )
    assert _current(mem, "晓雯", "relationship") == ["married"], _all(mem)


def test_zh8_single_again_after_a_breakup(default_hub):
    mem = heard(
        default_hub,
        "e8zh_f06",
        [
            (0, "阿伦", "我有女朋友，在一起两年了"),
            (50, "阿伦", "她提了分手，我现在又是一个人了"),
        ],
    )
    assert _current(mem, "阿伦", "relationship") == ["single"], _all(mem)


def test_zh8_from_a_masters_to_a_phd_elsewhere(default_hub):
    mem = heard(
        default_hub,
        "e8zh_f07",
        [
            (0, "小韩", "我在北师大读研一"),
            (300, "小韩", "北师大的硕士读完了，现在在清华读博"),
        ],
    )
    schools = _current(mem, "小韩", "school")
    assert len(schools) == 1 and "清华" in schools[0], _all(mem)


def test_zh8_a_roommates_employer_filed_under_her(default_hub):
    mem = heard(
        default_hub,
        "e8zh_f08",
        [(0, "阿慧", "我室友小林在阿里上班，天天加班到十点")],
    )
    assert _current(mem, "小林", "employer") == ["阿里"], _all(mem)
    assert _current(mem, "阿慧", "employer") == [], _all(mem)


def test_zh8_rabbits_given_away_for_a_hamster(default_hub):
    mem = heard(
        default_hub,
        "e8zh_f09",
        [
            (0, "毛毛", "我家养了两只兔子"),
            (30, "毛毛", "兔子送给我表姐了，现在养了只仓鼠"),
        ],
    )
    pets = " ".join(_current(mem, "毛毛", "pet"))
    assert "仓鼠" in pets and "兔" not in pets, _all(mem)


def test_zh8_an_allergy_said_through_its_symptom(default_hub):
    mem = heard(
        default_hub,
        "e8zh_f10",
        [(0, "阿雪", "我一吃花生就浑身起疹子")],
    )
    allergies = _current(mem, "阿雪", "allergy")
    assert allergies and "花生" in " ".join(allergies), _all(mem)


def test_zh8_a_vegetarian_who_eats_meat_again(default_hub):
    mem = heard(
        default_hub,
        "e8zh_f11",
        [
            (0, "小林", "我吃素三年了"),
            (40, "小林", "最近开荤了，医生让我多补点蛋白质"),
        ],
    )
    assert "素" not in " ".join(_current(mem, "小林", "diet")), _all(mem)


def test_zh8_a_hometown_beside_a_residence(default_hub):
    mem = heard(
        default_hub,
        "e8zh_f12",
        [(0, "老马", "我老家是哈尔滨的，在广州已经住了十年")],
    )
    assert _current(mem, "老马", "hometown") == ["哈尔滨"], _all(mem)
    assert _current(mem, "老马", "residence") == ["广州"], _all(mem)


def test_zh8_a_formal_employer_statement(default_hub):
    mem = heard(
        default_hub,
        "e8zh_f13",
        [(0, "刘先生", "本人自今年8月起任职于中国银行深圳分行。")],
    )
    employers = _current(mem, "刘先生", "employer")
    assert len(employers) == 1 and "中国银行" in employers[0], _all(mem)


# -- preferences ---------------------------------------------------------------------------------


def test_zh8_coriander_refused_when_offered(default_hub):
    mem = heard(
        default_hub,
        "e8zh_p01",
        [
            (0, "e8zh_p01", "这碗粉要不要给你多放点香菜？"),
            (0, "阿渝", "香菜就算了，一根都别放"),
        ],
    )
    assert _pref(mem, "阿渝", "香菜").value < 0.5, _all(mem)


def test_zh8_an_exhibition_accepted_eagerly(default_hub):
    mem = heard(
        default_hub,
        "e8zh_p02",
        [
            (0, "e8zh_p02", "周末去看莫奈画展不？"),
            (0, "文文", "去去去！早就想看了"),
        ],
    )
    rows = _prefs(mem, "文文", "画展")
    assert rows and all(p.value > 0.5 for p in rows), _all(mem)


def test_zh8_jazz_from_indifference_to_a_habit(default_hub):
    mem = heard(
        default_hub,
        "e8zh_p03",
        [
            (0, "阿杰", "我对爵士乐一点兴趣都没有"),
            (40, "阿杰", "最近迷上爵士乐了，通勤路上天天听"),
        ],
    )
    assert _pref(mem, "阿杰", "爵士").value > 0.5, _all(mem)


def test_zh8_desserts_from_love_to_surfeit(default_hub):
    mem = heard(
        default_hub,
        "e8zh_p04",
        [
            (0, "小婉", "我超爱吃甜品"),
            (30, "小婉", "控糖一个月了，现在看到甜品就腻"),
        ],
    )
    assert _pref(mem, "小婉", "甜品").value < 0.5, _all(mem)


def test_zh8_a_colleagues_fishing_filed_under_him(default_hub):
    mem = heard(
        default_hub,
        "e8zh_p05",
        [(0, "阿秀", "我同事大刘特别爱钓鱼，周末都泡在水库边")],
    )
    assert _pref(mem, "大刘", "钓鱼").value > 0.5, _all(mem)
    assert _prefs(mem, "阿秀", "钓鱼") == [], _all(mem)


def test_zh8_a_friends_dislike_reported(default_hub):
    mem = heard(
        default_hub,
        "e8zh_p06",
        [(0, "苗苗", "小彤说她最讨厌下雨天出门")],
    )
    rows = _prefs(mem, "小彤", "下雨")
    assert rows and all(p.value < 0.5 for p in rows), _all(mem)
    assert _prefs(mem, "苗苗", "下雨") == [], _all(mem)


def test_zh8_pilates_in_mixed_words(default_hub):
    mem = heard(
        default_hub,
        "e8zh_p07",
        [(0, "Lily", "最近超迷pilates，一周练三次")],
    )
    assert _pref(mem, "Lily", "pilates").value > 0.5, _all(mem)


def test_zh8_sour_fish_declined_politely(default_hub):
    mem = heard(
        default_hub,
        "e8zh_p08",
        [
            (0, "e8zh_p08", "要不要尝尝我做的酸菜鱼？"),
            (0, "宇航", "谢了，酸菜鱼我真吃不来"),
        ],
    )
    rows = _prefs(mem, "宇航", "酸菜鱼")
    assert rows and all(p.value < 0.5 for p in rows), _all(mem)


def test_zh8_sarcasm_about_overtime(default_hub):
    mem = heard(
        default_hub,
        "e8zh_p09",
        [(0, "阿豪", "周末又要加班，我可太“喜欢”加班了，呵呵")],
    )
    assert all(p.value <= 0.5 for p in _prefs(mem, "阿豪", "加班")), _all(mem)


# -- lines that must give nothing ----------------------------------------------------------------


def test_zh8_a_film_characters_like(default_hub):
    mem = heard(
        default_hub,
        "e8zh_n01",
        [(0, "阿绿", "《甄嬛传》里华妃最喜欢欢宜香了，哈哈哈")],
    )
    assert _prefs(mem, "阿绿", "欢宜香") == [], _all(mem)
    assert mem.commitments() == [], _all(mem)


def test_zh8_a_habit_given_up(default_hub):
    mem = heard(
        default_hub,
        "e8zh_n02",
        [(0, "大海", "我以前特别爱打游戏，现在完全不碰了")],
    )
    assert all(p.value <= 0.5 for p in _prefs(mem, "大海", "游戏")), _all(mem)


def test_zh8_likes_asked_about(default_hub):
    mem = heard(
        default_hub,
        "e8zh_n03",
        [
            (0, "阿彤", "你喜欢吃螺蛳粉吗？"),
            (0, "阿彤", "你们谁喜欢看话剧啊"),
        ],
    )
    assert mem.preferences() == [], _all(mem)


def test_zh8_a_wish_to_live_elsewhere(default_hub):
    mem = heard(
        default_hub,
        "e8zh_n04",
        [(0, "小蕾", "要是我住在大理就好了，天天晒太阳")],
    )
    assert _current(mem, "小蕾", "residence") == [], _all(mem)


def test_zh8_a_mistaken_belief(default_hub):
    mem = heard(
        default_hub,
        "e8zh_n05",
        [
            (0, "阿凯", "我以为你在腾讯上班呢"),
            (0, "阿凯", "我还以为小王早就结婚了"),
        ],
    )
    assert mem.facts(include_superseded=True) == [], _all(mem)


def test_zh8_a_rumour_asked_about(default_hub):
    mem = heard(
        default_hub,
        "e8zh_n06",
        [(0, "小洁", "听说你要跳槽去华为？真的假的")],
    )
    assert mem.facts(include_superseded=True) == [], _all(mem)


def test_zh8_a_city_visited_not_lived_in(default_hub):
    mem = heard(
        default_hub,
        "e8zh_n07",
        [(0, "阿远", "上周去了趟成都，连吃了三天串串")],
    )
    assert _current(mem, "阿远", "residence") == [], _all(mem)


def test_zh8_a_dogs_like_is_not_the_owners(default_hub):
    mem = heard(
        default_hub,
        "e8zh_n08",
        [(0, "小雨", "我家狗狗最喜欢啃拖鞋，已经咬坏三双了")],
    )
    assert _prefs(mem, "小雨", "拖鞋") == [], _all(mem)


def test_zh8_a_job_inside_a_mothers_quote(default_hub):
    mem = heard(
        default_hub,
        "e8zh_n09",
        [(0, "子轩", "我妈老念叨“当医生多好啊”，可我压根不想学医")],
    )
    assert "医生" not in " ".join(_current(mem, "子轩", "job")), _all(mem)


def test_zh8_a_compliment_on_a_shirt(default_hub):
    mem = heard(
        default_hub,
        "e8zh_n10",
        [(0, "欢欢", "你这件衬衫好好看啊，哪儿买的？")],
    )
    assert mem.preferences() == [] and mem.commitments() == [], _all(mem)


def test_zh8_a_laptops_brand_is_no_employer(default_hub):
    mem = heard(
        default_hub,
        "e8zh_n11",
        [(0, "老葛", "我这台笔记本是联想的，用了五年还没坏")],
    )
    assert _current(mem, "老葛", "employer") == [], _all(mem)


def test_zh8_a_conditional_hike(default_hub):
    mem = heard(
        default_hub,
        "e8zh_n12",
        [(0, "胡姐", "如果周六不下雨的话，我就带孩子去爬山")],
    )
    assert mem.commitments() == [], _all(mem)


def test_zh8_a_wake_up_call_offered_as_a_question(default_hub):
    mem = heard(
        default_hub,
        "e8zh_n13",
        [(0, "阿诚", "需要我明早七点打电话叫你起床不？")],
    )
    assert mem.commitments() == [], _all(mem)


def test_zh8_a_hometown_asked_and_dodged(default_hub):
    mem = heard(
        default_hub,
        "e8zh_n14",
        [
            (0, "e8zh_n14", "你老家是哪儿的？"),
            (0, "阿哲", "你猜😏"),
        ],
    )
    assert mem.facts(include_superseded=True) == [], _all(mem)


def test_zh8_greetings_and_small_talk(default_hub):
    mem = heard(
        default_hub,
        "e8zh_n15",
        [
            (0, "小满", "早啊，吃了没"),
            (0, "老谢", "吃过了，你呢"),
            (1, "小满", "晚安好梦🌙"),
        ],
    )
    assert (mem.commitments(), mem.facts(), mem.preferences()) == ([], [], []), _all(mem)
