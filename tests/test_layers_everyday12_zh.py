"""A twelfth round of blind everyday scenarios (#40), in Chinese: written before any run and before
probing any line, unlike the earlier rounds in verbs, situations and people. Weighed toward the
precision of facts: lines that look like a fact of the speaker and are not one (another's job or
employer, a question back, a wish or plan not done, a job held once and left, 要是我是…, jokes and
hyperbole such as 打工人 and 住公司, a mother's words quoted, a city only visited on business, a
company in the news, a job interview, a stay at a sister's, 我不是…), then facts told in passing,
in 口语 and with English words (a commute home, a PM at Google, a wife named in passing, a doctor's
orders), task states told late and indirectly (a shelf that holds, a sticker on the windscreen, a
landlord's reply, a new haircut, a plan that fell through), and tastes and promises.
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
    no_fact_of as _none_of,
    others_of as _others,
    preference_holding as _pref,
    preferences_holding as _prefs,
)

# TUE (day 0) is Tuesday 1 September 2026: 明天/明早 2 Sep, 周四 3 Sep, 周五 4 Sep, 下周二 8 Sep.


def _kin(mem, speaker, part, key):
    return [f.value for f in _others(mem.facts(), speaker, part) if f.key == key]


# -- lines that look like a fact of the speaker and are not one --------------------------------


def test_zh12_her_husband_a_doctor(default_hub):
    mem = heard(default_hub, "e12zh_n01", [(0, "阿珍", "她老公是医生，所以她家从来不缺口罩")])
    _no_fact(mem)


def test_zh12_a_cousin_delivering_for_meituan(default_hub):
    mem = heard(default_hub, "e12zh_n02", [(0, "小凯", "我表弟在美团送外卖，一个月能挣一万多")])
    _none_of(mem, "小凯")


def test_zh12_a_hometown_asked_back(default_hub):
    mem = heard(default_hub, "e12zh_n03", [(0, "阿青", "你老家是哪里的呀？听口音像东北的")])
    _no_fact(mem)


def test_zh12_an_office_asked_about(default_hub):
    mem = heard(default_hub, "e12zh_n04", [(0, "小树", "你们公司是不是在望京那边？")])
    _no_fact(mem)


def test_zh12_hangzhou_only_wished_for(default_hub):
    mem = heard(default_hub, "e12zh_n05", [(0, "阿远", "我一直想去杭州发展，可惜家里不让")])
    _no_fact(mem)


def test_zh12_a_civil_service_exam_only_planned(default_hub):
    mem = heard(default_hub, "e12zh_n06", [(0, "小考", "打算明年考公务员，先报个班试试")])
    _no_fact(mem)


def test_zh12_a_bank_teller_once_and_no_more(default_hub):
    mem = heard(default_hub, "e12zh_n07", [(0, "老柜", "以前在银行干过两年柜员，后来辞了")])
    _no_fact(mem)


def test_zh12_were_i_a_teacher(default_hub):
    mem = heard(default_hub, "e12zh_n08", [(0, "阿作", "要是我是老师，我肯定不布置这么多作业")])
    _no_fact(mem)


def test_zh12_a_worker_without_feelings(default_hub):
    mem = heard(default_hub, "e12zh_n09", [(0, "阿工", "我就是个莫得感情的打工人")])
    _no_fact(mem)


def test_zh12_living_at_the_office_by_overtime(default_hub):
    mem = heard(default_hub, "e12zh_n10", [(0, "阿班", "这周加班加到我都快住公司了")])
    _no_fact(mem)


def test_zh12_a_mothers_words_about_a_state_job(default_hub):
    mem = heard(default_hub, "e12zh_n11", [(0, "阿稳", "我妈老说'你看人家小王在国企多稳定'")])
    _none_of(mem, "阿稳")


def test_zh12_shanghai_on_business(default_hub):
    mem = heard(default_hub, "e12zh_n12", [(0, "阿差", "这两天在上海出差，住外滩附近的酒店")])
    _no_fact(mem)


def test_zh12_tencent_in_the_news(default_hub):
    mem = heard(default_hub, "e12zh_n13", [(0, "阿闻", "腾讯又裁员了，好多人被优化")])
    _no_fact(mem)


def test_zh12_a_friends_move_reported(default_hub):
    mem = heard(default_hub, "e12zh_n14", [(0, "阿传", "小李说他下个月搬去成都")])
    _none_of(mem, "阿传")


def test_zh12_not_a_programmer(default_hub):
    mem = heard(default_hub, "e12zh_n15", [(0, "阿表", "我不是程序员，我只是会点Excel而已")])
    _no_fact(mem)


def test_zh12_a_few_nights_at_a_sisters(default_hub):
    mem = heard(default_hub, "e12zh_n16", [(0, "阿借", "这周我在我姐家住几天，她出差了")])
    _none_of(mem, "阿借")


def test_zh12_the_bosses_university(default_hub):
    mem = heard(default_hub, "e12zh_n17", [(0, "阿属", "我们老板是北大毕业的，说话特别有水平")])
    _none_of(mem, "阿属")


def test_zh12_an_interview_at_bytedance(default_hub):
    mem = heard(default_hub, "e12zh_n18", [(0, "阿面", "下周去字节面试，紧张死了")])
    _no_fact(mem)


# -- facts ---------------------------------------------------------------------------------------


def test_zh12_a_frontend_developer_at_bytedance(default_hub):
    mem = heard(default_hub, "e12zh_f01", [(0, "阿码", "我在字节做前端，天天写bug改bug")])
    assert "字节" in " ".join(_current(mem, "阿码", "employer")), _all(mem)


def test_zh12_a_home_said_through_the_metro_home(default_hub):
    mem = heard(default_hub, "e12zh_f02", [(0, "阿通", "刚下班，挤地铁回通州的家，人巨多")])
    assert _current(mem, "阿通", "residence") == ["通州"], _all(mem)


def test_zh12_a_pm_at_google(default_hub):
    mem = heard(default_hub, "e12zh_f03", [(0, "Kevin", "我现在在Google做PM，主要管搜索那块")])
    assert "Google" in " ".join(_current(mem, "Kevin", "employer")), _all(mem)


@pytest.mark.xfail(
    strict=True,
    reason="a spouse named in passing (我老婆今天加班) is not read as the speaker married: the labelled "
    "sets mostly give no relationship row for 我老婆/我老公 lines, so reading one would add rows they count false",
)
def test_zh12_a_wife_named_in_passing(default_hub):
    mem = heard(default_hub, "e12zh_f04", [(0, "老韩", "我老婆今天加班，我得去幼儿园接闺女")])
    assert _current(mem, "老韩", "relationship") == ["married"], _all(mem)


def test_zh12_a_first_year_masters_student(default_hub):
    mem = heard(default_hub, "e12zh_f05", [(0, "小研", "我在华师读研一，导师人挺好")])
    assert "华师" in " ".join(_current(mem, "小研", "school")), _all(mem)


def test_zh12_no_drink_on_the_doctors_orders(default_hub):
    mem = heard(default_hub, "e12zh_f06", [(0, "老肝", "医生让我戒酒，我已经三个月滴酒没沾了")])
    assert _current(mem, "老肝", "restriction") == ["alcohol"], _all(mem)


def test_zh12_a_cat_fur_allergy(default_hub):
    mem = heard(default_hub, "e12zh_f07", [(0, "阿敏", "我对猫毛过敏，去朋友家都得先吃药")])
    assert "猫毛" in " ".join(_current(mem, "阿敏", "allergy")), _all(mem)


def test_zh12_two_cats_that_fight(default_hub):
    mem = heard(default_hub, "e12zh_f08", [(0, "喵姐", "我家那两只猫主子今天又打架了")])
    assert "猫" in " ".join(_current(mem, "喵姐", "pet")), _all(mem)


def test_zh12_from_meituan_to_pinduoduo(default_hub):
    mem = heard(
        default_hub,
        "e12zh_f09",
        [
            (0, "阿运", "我在美团做运营"),
            (30, "阿运", "我已经在拼多多上了一周班了，节奏比美团快多了"),
        ],
    )
    assert "拼多多" in " ".join(_current(mem, "阿运", "employer")), _all(mem)


def test_zh12_living_in_suzhou_in_chat_register(default_hub):
    mem = heard(default_hub, "e12zh_f10", [(0, "阿苏", "偶现在住苏州，离公司近，上班走路十分钟")])
    assert _current(mem, "阿苏", "residence") == ["苏州"], _all(mem)


def test_zh12_a_daughter_at_peking_university(default_hub):
    mem = heard(default_hub, "e12zh_f11", [(0, "王叔", "我女儿在北大读大三，放假才回来")])
    assert "北大" in " ".join(_kin(mem, "王叔", "女儿", "school")), _all(mem)
    assert _current(mem, "王叔", "school") == [], _all(mem)


def test_zh12_a_nurse_said_through_the_ward(default_hub):
    mem = heard(default_hub, "e12zh_f12", [(0, "小护", "我是护士，这周夜班排得我想哭")])
    assert "护士" in " ".join(_current(mem, "小护", "job")), _all(mem)


def test_zh12_back_home_to_mianyang_after_quitting(default_hub):
    mem = heard(default_hub, "e12zh_f13", [(0, "阿店", "我辞职回老家了，现在住在绵阳")])
    assert _current(mem, "阿店", "residence") == ["绵阳"], _all(mem)


# -- task states told late and indirectly --------------------------------------------------------


def test_zh12_a_bookshelf_that_holds(default_hub):
    mem = heard(
        default_hub,
        "e12zh_t01",
        [
            (0, "阿木", "周六我帮你把那个书架装好"),
            (5, "e12zh_t01", "书架超稳，放了一排书都没晃，谢啦阿木"),
        ],
    )
    assert _commit(mem, "阿木").status == "done", _all(mem)


def test_zh12_a_car_inspection_told_by_the_sticker(default_hub):
    mem = heard(
        default_hub,
        "e12zh_t02",
        [
            (0, "阿车", "这周五我去把车年检了"),
            (6, "阿车", "年检标贴上了，又能安心开一年"),
        ],
    )
    assert _commit(mem, "阿车").status == "done", _all(mem)


def test_zh12_a_bank_errand_moved_to_friday(default_hub):
    mem = heard(
        default_hub,
        "e12zh_t03",
        [
            (0, "阿卡", "明天下午我去银行办张卡"),
            (1, "阿卡", "银行今天人太多了，改到周五再去"),
        ],
    )
    row = _commit(mem, "阿卡")
    assert (row.status, row.due) == ("open", date(2026, 9, 4)), _all(mem)


def test_zh12_a_hotpot_treat_that_fell_through(default_hub):
    mem = heard(
        default_hub,
        "e12zh_t04",
        [
            (0, "阿请", "下周六我请大家吃火锅"),
            (3, "阿请", "火锅那事儿黄了，大家都凑不齐时间"),
        ],
    )
    assert _commit(mem, "阿请").status == "cancelled", _all(mem)


def test_zh12_an_invoice_not_yet_issued(default_hub):
    mem = heard(
        default_hub,
        "e12zh_t05",
        [
            (0, "阿票", "发票我这两天开给你"),
            (7, "阿票", "发票我还没顾上开，再给我两天"),
        ],
    )
    assert _commit(mem, "阿票").status == "open", _all(mem)


def test_zh12_old_clothes_sorted_but_not_given(default_hub):
    mem = heard(
        default_hub,
        "e12zh_t06",
        [
            (0, "阿衣", "这周我把旧衣服整理好捐出去"),
            (4, "阿衣", "旧衣服理出来两袋了，还没来得及送去"),
        ],
    )
    assert _commit(mem, "阿衣").status == "open", _all(mem)


@pytest.mark.xfail(
    strict=True,
    reason="done told by the result (新发型…剪短了): a verb with an adjective of result (剪短了) is not read "
    "as done (read so, 晒黑了 and 变胖了 would close tasks), and 发型 shares no word with 理个发",
)
def test_zh12_a_haircut_told_by_the_new_look(default_hub):
    mem = heard(
        default_hub,
        "e12zh_t07",
        [
            (0, "阿发", "明天我去理个发"),
            (2, "阿发", "新发型咋样？剪短了清爽多了"),
        ],
    )
    assert _commit(mem, "阿发").status == "done", _all(mem)


def test_zh12_slides_approved_by_the_other(default_hub):
    mem = heard(
        default_hub,
        "e12zh_t08",
        [
            (0, "小P", "我今晚把PPT改完发你"),
            (1, "e12zh_t08", "PPT看了，改得很清楚，明天直接用"),
        ],
    )
    assert _commit(mem, "小P").status == "done", _all(mem)


def test_zh12_rent_paid_told_by_the_landlords_reply(default_hub):
    mem = heard(
        default_hub,
        "e12zh_t09",
        [
            (0, "阿租", "月底前我把房租交了"),
            (20, "阿租", "房东刚回我说钱收到了"),
        ],
    )
    assert _commit(mem, "阿租").status == "done", _all(mem)


# -- tastes and promises -------------------------------------------------------------------------


def test_zh12_houttuynia_cannot_be_borne(default_hub):
    mem = heard(default_hub, "e12zh_p01", [(0, "阿腥", "鱼腥草这东西我实在接受不了")])
    rows = _prefs(mem, "阿腥", "鱼腥草")
    assert rows and all(p.value < 0.5 for p in rows), _all(mem)


def test_zh12_only_mystery_series(default_hub):
    mem = heard(default_hub, "e12zh_p02", [(0, "阿剧", "追剧我只看悬疑的，甜宠剧看两集就弃")])
    assert _pref(mem, "阿剧", "悬疑").value > 0.5, _all(mem)


def test_zh12_badminton_all_day(default_hub):
    mem = heard(default_hub, "e12zh_p03", [(0, "阿羽", "羽毛球我能打一整天都不嫌累")])
    assert _pref(mem, "阿羽", "羽毛球").value > 0.5, _all(mem)


def test_zh12_never_tired_of_jazz(default_hub):
    mem = heard(default_hub, "e12zh_p04", [(0, "阿爵", "爵士乐我百听不厌，开车必放")])
    assert _pref(mem, "阿爵", "爵士").value > 0.5, _all(mem)


def test_zh12_a_contract_signed_by_next_tuesday(default_hub):
    mem = heard(default_hub, "e12zh_c01", [(0, "阿签", "合同我下周二之前签好寄回去")])
    row = _commit(mem, "阿签")
    assert (row.status, row.due) == ("open", date(2026, 9, 8)), _all(mem)


def test_zh12_keys_under_the_doormat_tomorrow_morning(default_hub):
    mem = heard(default_hub, "e12zh_c02", [(0, "阿匙", "放心，钥匙我明早放你家门口地垫下面")])
    row = _commit(mem, "阿匙")
    assert (row.status, row.due) == ("open", date(2026, 9, 2)), _all(mem)


def test_zh12_an_airport_pickup_in_texting_style(default_hub):
    mem = heard(default_hub, "e12zh_c03", [(0, "阿接", "ok 周四晚上我去机场接你 不见不散")])
    row = _commit(mem, "阿接")
    assert (row.status, row.due) == ("open", date(2026, 9, 3)), _all(mem)


def test_zh12_an_answer_within_the_week(default_hub):
    mem = heard(default_hub, "e12zh_c04", [(0, "阿包", "这事包在我身上，这周内给你答复")])
    assert _commit(mem, "阿包").status == "open", _all(mem)
