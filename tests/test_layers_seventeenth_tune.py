"""Shapes the seventeenth labelled set's tune folds (0-2) showed unread (#40), each with variants
written after the fix. Folds 3-4 of that set are never read."""

from __future__ import annotations

from datetime import date, datetime

from autogen_zettel.people.extract import extract_layers
from autogen_zettel.text.due import due_date

AT = datetime(2026, 11, 4, 16, 40)  # a Wednesday


def _rows(text: str, layer: str, speaker: str = "Ann", previous: str | None = None):
    return [
        (e.key, e.value, e.score, e.kind)
        for e in extract_layers(text, speaker=speaker, at=AT, previous=previous)
        if e.layer == layer
    ]


def test_the_end_of_a_day_named_and_a_few_minutes_from_now_are_due_dates():
    assert due_date("I'll send round the minutes by end of day tomorrow", AT) == date(2026, 11, 5)
    assert due_date("eod tomorrow pls", AT) == date(2026, 11, 5)
    assert due_date("by close of business tomorrow", AT) == date(2026, 11, 5)
    assert due_date("by eod", AT) == date(2026, 11, 4)
    assert due_date("I'll ring you back in 10 mins", AT) == date(2026, 11, 4)
    assert due_date("back in an hour, will sort it then", AT) == date(2026, 11, 4)
    assert due_date("in two days", AT) == date(2026, 11, 6)  # a span of days stays one


def test_an_intolerance_is_the_same_restriction_as_an_allergy():
    facts = lambda t: [(k, v) for k, v, _, _ in _rows(t, "fact")]  # noqa: E731
    assert facts("lol I'm lactose intolerant fam, that cheesecake would end me") == [("allergy", "lactose")]
    assert facts("im gluten-intolerant so no pasta for me") == [("allergy", "gluten")]
    assert facts("I'm intolerant to wheat") == [("allergy", "wheat")]
    assert facts("I'm intolerant to people who chew loudly") == []


def test_a_change_of_taste_told_in_the_past_went_off():
    prefs = lambda t: [(v, s, k) for _, v, s, k in _rows(t, "preference")]  # noqa: E731
    assert prefs("went off running completely after the marathon, my knees said no") == [
        ("running", 0.1, "change")
    ]
    assert prefs("I kinda went off sushi tbh") == [("sushi", 0.1, "change")]
    for line in ("went off to uni last year", "the alarm went off at 6", "I went off on one at him"):
        assert prefs(line) == [], line


def _facts(text: str, speaker: str = "Ann"):
    return [
        (e.subject, e.key, e.value) for e in extract_layers(text, speaker=speaker, at=AT) if e.layer == "fact"
    ]


def test_a_third_person_by_our_name_or_doing_a_course_is_filed_under_them():
    assert _facts("Kev's doing a PhD at Edinburgh so he's basically never free", "Sian") == [
        ("Kev", "school", "Edinburgh")
    ]
    assert _facts("Priya is doing a masters in Leeds") == [("Priya", "school", "Leeds")]
    assert _facts("btw our Lucy got into Durham!! starts in October", "Wendy") == [
        ("Lucy", "school", "Durham")
    ]
    assert _facts("our Tom has moved to Leeds") == [("Tom", "residence", "Leeds")]
    assert _facts("Kev's doing my head in") == []


def test_a_new_address_in_full_names_its_town():
    assert _facts("we've moved!! new address is 14 Alder Road, Bristol, come over whenever") == [
        ("Ann", "residence", "Bristol")
    ]
    assert _facts("new address is Flat 3, 22 Kings Road, Brighton") == [("Ann", "residence", "Brighton")]


def test_an_animal_by_its_breed_or_named_beside_its_name_is_a_pet():
    assert _facts("Biscuit (our new beagle) has already eaten a shoe and half a sofa cushion") == [
        ("Ann", "pet", "beagle")
    ]
    assert _facts("Biscuit, our beagle, ate a shoe") == [("Ann", "pet", "beagle")]
    assert _facts("we adopted two guinea pigs") == [("Ann", "pet", "guinea pig")]
    assert _facts("our new spaniel stole my sandwich") == [("Ann", "pet", "spaniel")]
    assert not [f for f in _facts("I got a lab job") if f[1] == "pet"]
    assert _facts("my dog died") == []


def _states(text: str, speaker: str = "Anna"):
    return [
        (e.subject, e.kind, e.value)
        for e in extract_layers(text, speaker=speaker, at=AT)
        if e.layer == "status"
    ]


def test_the_rest_left_for_later_or_a_task_not_begun_until_later_is_put_off():
    assert _states(
        "got through about half the marking last night, the rest will have to wait till the weekend tbh"
    ) == [("Anna", "postponed", "marking")]
    assert _states("did some of the ironing, the rest will have to wait till tomorrow") == [
        ("Anna", "postponed", "ironing")
    ]
    assert _states(
        "Dev won't start on the kitchen till March now, some supplier delay apparently", "Fiona"
    ) == [("Dev", "postponed", "kitchen")]
    assert _states("I can't get to the gutters until next week") == [("Anna", "postponed", "gutters")]
    assert _states("The quote will have to wait till Monday") == [("Anna", "postponed", "quote")]


def _zh_prefs(text: str, speaker: str = "汪洋"):
    return [
        (e.subject, e.value, e.score)
        for e in extract_layers(text, speaker=speaker, at=AT)
        if e.layer == "preference"
    ]


def test_zh_a_thing_judged_in_a_later_clause_with_no_subject_of_its_own():
    assert _zh_prefs("那家火锅真的一般，又贵又不好吃，下次别去了") == [("汪洋", "火锅", 0.1)]
    assert _zh_prefs("跑步真的坚持不下来，太枯燥了，跑两圈就想回家") == [("汪洋", "跑步", 0.1)]
    assert _zh_prefs("那家brunch店真的绝了，已经去三次了") == [("汪洋", "brunch", 0.9)]
    assert _zh_prefs("说真的，坐高铁比坐飞机舒服多了") == [("汪洋", "坐高铁", 0.9)]
    for line in ("今天真的累，太无聊了", "我真的服了，太难吃了", "这事儿真的绝了", "孩子真的闹，太好玩了"):
        assert _zh_prefs(line) == [], line


def test_zh_advice_for_next_time_calls_nothing_off():
    states = lambda t: [e.kind for e in extract_layers(t, speaker="汪洋", at=AT) if e.layer == "status"]  # noqa: E731
    assert states("那家火锅真的一般，又贵又不好吃，下次别去了") == []
    assert states("以后千万别点外卖了，太贵") == []
    assert states("周六的聚餐别去了，下雨") == ["cancelled"]


def test_zh_of_a_place_and_a_rhetorical_no_time_and_the_coders_word():
    facts = lambda t, who="韩冬": [  # noqa: E731
        (e.key, e.value) for e in extract_layers(t, speaker=who, at=AT) if e.layer == "fact"
    ]
    assert facts("俺是山东临沂的，从小吃煎饼长大的，这个俺熟") == [("hometown", "山东临沂")]
    assert facts("我是成都的") == [("hometown", "成都")]
    assert facts("我是来帮忙的") == []
    assert ("relationship", "dating") not in facts("偶在深圳做程序猿，天天996，哪有空谈恋爱")
    assert ("job", "程序猿") in facts("偶在深圳做程序猿，天天996，哪有空谈恋爱")
    assert facts("我哪有时间谈恋爱") == []
    assert facts("我在谈恋爱") == [("relationship", "dating")]


def test_the_people_tests_regressions_of_this_round_stay_mended():
    # an interjection is no place answered; born somewhere is still the hometown beside 我是X的
    assert _facts_after_q("Where are you living these days?", "Ha, that's a question for another day.") == []
    assert [(e.key, e.value) for e in extract_layers("我是在北京出生的。", speaker="王芳", at=AT)] == [
        ("hometown", "北京")
    ]


def _facts_after_q(question: str, answer: str):
    return [e for e in extract_layers(answer, speaker="Pat", at=AT, previous=question) if e.layer == "fact"]


def test_a_closing_tag_question_asks_nothing_of_what_was_said():
    assert _facts("阿杰去年就离婚了，你不知道吗", "邓飞") == [("阿杰", "relationship", "divorced")]
    assert _facts("I moved to Leeds in May, remember?", "Jo") == [("Jo", "residence", "Leeds")]
    assert _facts("你去过杭州吗", "邓飞") == []
    assert _facts("Did you move to Leeds, right?", "Jo") == []


def test_zh_a_never_again_before_its_reason_and_a_plain_no_that_is_a_diet():
    assert _zh_prefs("小赵说他再也不吃螺蛳粉了，上次吃完闹了一晚上肚子", "段磊") == [("小赵", "螺蛳粉", 0.2)]
    assert _zh_prefs("我再也不吃生蚝了，上次吃完拉肚子", "段磊") == [("段磊", "生蚝", 0.2)]
    assert _zh_prefs("我不吃肉，吃素好几年了。", "张伟") == []


def test_zh_moved_back_with_no_day_is_put_off_its_day_unknown():
    got = [
        (e.kind, e.value, e.due, e.put_off)
        for e in extract_layers(
            "不好意思各位，明天的分享会我得往后推一推，PPT还没弄完", speaker="孙悦", at=AT
        )
        if e.layer == "status"
    ]
    assert got == [("postponed", "分享会", None, "later")]
    assert [e.kind for e in extract_layers("聚餐推一推", speaker="孙悦", at=AT)] == ["postponed"]
    assert [e.kind for e in extract_layers("装修先缓缓", speaker="孙悦", at=AT)] == ["cancelled"]  # set aside


def test_one_of_two_things_offered_taken_is_accepted():
    def took(q, a, who="任杰"):
        return [
            (e.value, e.score, e.kind)
            for e in extract_layers(a, speaker=who, at=AT, previous=q)
            if e.layer == "preference" and e.kind in ("acceptance", "refusal")
        ]

    assert took("晚上吃川菜还是粤菜？", "好啊，那就川菜吧，我无辣不欢") == [("川菜", 0.9, "acceptance")]
    assert took("晚上吃川菜还是粤菜？", "川菜吧") == [("川菜", 0.9, "acceptance")]
    assert took("tea or coffee?", "coffee, always") == [("coffee", 0.85, "acceptance")]  # rules_en's reading
    assert took("tea or coffee?", "I had coffee already") == []
    assert took("晚上吃川菜还是粤菜？", "不要川菜，粤菜吧") == [("粤菜", 0.9, "acceptance")]
    assert took("你要咖啡还是茶？", "咖啡吧") == [("咖啡", 0.9, "acceptance")]
    assert took("你是去还是不去？", "不去了") == []  # going or not is no pair of things


def test_zh_a_volunteer_said_twice_or_with_why_it_suits_and_a_called_one_at_the_head():
    def took(a):
        return [
            (e.value, str(e.due))
            for e in extract_layers(a, speaker="熊伟", at=AT, previous="今天谁去接一下奶奶？")
        ]

    assert took("我去我去，下班顺路") == [("接一下奶奶", "2026-11-04")]
    assert took("我来吧，反正有空") == [("接一下奶奶", "2026-11-04")]
    states = [
        (e.kind, e.value)
        for e in extract_layers("妈，机票我已经帮你订好了，下周三早上的", speaker="郑欣", at=AT)
        if e.layer == "status"
    ]
    assert states == [("done", "机票")]
    states = [
        (e.kind, e.value)
        for e in extract_layers("老板，报告已经发您邮箱了", speaker="郑欣", at=AT)
        if e.layer == "status"
    ]
    assert states == [("done", "报告")]


def test_a_place_judged_then_a_state_of_liking_and_never_again_with_a_thing():
    prefs = lambda t: [(v, s) for _, v, s, _ in _rows(t, "preference", "Hui")]  # noqa: E731
    assert prefs("the 火锅 place on Gerrard St is unreal, I'm hooked") == [("火锅", 0.9)]
    assert prefs("the ramen place near work is amazing, totally obsessed") == [("ramen", 0.9)]
    assert prefs("Olives are weird, I love them") == [("olives", 0.9)]
    assert prefs("never again with that Thai place, I was sick for two days") == [("thai", 0.1)]
    assert prefs("never again at that hotel") == [("hotel", 0.1)]
    assert prefs("never again, I swear") == []
