"""Everyday scenes two probe helpers wrote blind and fed to a tenant of the default hub, read
through facts(), preferences() and commitments() as the held-out checks read them (#40,
2026-12-07, third session): a promise kept, called off or moved said in chat's own words; a favour
offered and declined, which is no taste; a job, an employer or a school changed; a taste that
flips; a third person named in Latin letters or by 大 + a surname. Each scene is written for the
test (none is a line of a labelled set)."""

from __future__ import annotations

import zlib
from datetime import date, timedelta

import pytest

from tests.layer_sets import (
    all_rows as _all,
    commitment_of as _commit,
    current as _current,
    disliked,
    heard,
    liked,
    no_preference,
)

# TUE (day 0) is Tuesday 1 September 2026: 明天 is 2 Sep, 周五 4 Sep, 周六 5 Sep, 周日 6 Sep,
# 下周一 7 Sep, 下周三 9 Sep.


# -- Chinese: a promise kept, called off or moved ------------------------------------------------


@pytest.mark.parametrize(
    ("tenant", "lines", "owner"),
    [
        # a relative's task done today, the result said with 完 / 好 (not a new promise for today)
        ("zs_k1", [(0, "李娜", "我哥说周末帮我搬家"), (4, "李娜", "我哥今天帮我把家搬完了")], "李娜的哥哥"),
        (
            "zs_k2",
            [(0, "小王", "我爸说这周日来帮我修水管"), (5, "小王", "我爸今天把水管修好了")],
            "小王的爸爸",
        ),
        # 啦 closing the act as 了 does
        ("zs_k3", [(0, "阿杰", "周五前我把报销单交了"), (2, "阿杰", "报销单交啦")], "阿杰"),
        # the written 已 + act after its thing
        ("zs_k4", [(0, "小王", "明早9点前我把周报发群里"), (1, "小王", "周报已发")], "小王"),
    ],
)
def test_zh_a_promise_said_done_in_chat_words_is_done(default_hub, tenant, lines, owner):
    mem = heard(default_hub, tenant, lines)
    assert _commit(mem, owner).status == "done", _all(mem)


def test_zh_today_with_a_result_is_done_and_a_deadline_today_is_still_owed():
    from tests.layer_sets import TUE, found_rows

    done = found_rows("我今天把水管修好了", TUE, speaker="阿杰", liked=False)
    assert [(r[0], r[1], r[3], r[4]) for r in done] == [("status", "阿杰", "水管", "done")]
    named = found_rows("小王今天把水管修好了", TUE, speaker="阿杰", liked=False)
    assert [(r[0], r[1], r[3]) for r in named] == [("status", "小王", "水管")]
    # (a deadline later today, or a result not yet said with 了, is still owed)
    for text in ("今天下班前我把房租交了", "我今天把报告写完", "明天我把报告写完了"):
        assert [r[0] for r in found_rows(text, TUE, speaker="阿杰", liked=False)] == ["commitment"], text


def test_zh_a_later_clause_that_cannot_do_it_names_the_task_called_off(default_hub):
    mem = heard(
        default_hub,
        "zs_c1",
        [(0, "阿杰", "明天我帮你带个早餐"), (1, "阿杰", "算了明天我不去公司了，早餐带不了了sorry")],
    )
    assert _commit(mem, "阿杰").status == "cancelled", _all(mem)


@pytest.mark.parametrize(
    ("tenant", "lines", "owner", "due"),
    [
        # a thing, a later time and 再 before its act: put off to that time
        (
            "zs_m1",
            [(0, "李娜", "我后天把钱转你"), (1, "李娜", "钱的事能不能缓两天，周末再转")],
            "李娜",
            date(2026, 9, 5),
        ),
        (
            "zs_m2",
            [(0, "小周", "我室友答应下周一把房租转我"), (4, "小周", "室友说房租下周三再给")],
            "小周的室友",
            date(2026, 9, 9),
        ),
        # the act missed, then promised again for today
        (
            "zs_m3",
            [(0, "小王", "我今晚给你打电话"), (0, "李娜", "好"), (1, "小王", "昨晚太困了忘了打，今天一定打")],
            "小王",
            date(2026, 9, 2),
        ),
    ],
)
def test_zh_a_promise_put_off_keeps_one_row_with_the_new_day(default_hub, tenant, lines, owner, due):
    mem = heard(default_hub, tenant, lines)
    row = _commit(mem, owner)
    assert (row.status, row.due) == ("open", due), _all(mem)


def test_zh_within_this_week_is_owed_by_its_friday(default_hub):
    mem = heard(default_hub, "zs_w1", [(0, "小周", "我这周内把简历改好发你")])
    assert _commit(mem, "小周").due == date(2026, 9, 4), _all(mem)


# -- Chinese: a favour offered and declined, an offer turned down for another thing ---------------


@pytest.mark.parametrize(
    ("asked", "answer"),
    [
        ("要不要我帮你拿快递？", "不用啦谢谢，我自己去拿"),
        ("需要我帮你订票吗", "不用了，我已经订好了"),
        ("要我给你打电话吗", "不用不用，微信说就行"),
    ],
)
def test_zh_a_favour_declined_is_no_taste(default_hub, asked, answer):
    tenant = f"zs_f{zlib.crc32(asked.encode())}"
    mem = heard(default_hub, tenant, [(0, "阿杰", asked), (0, "小周", answer)])
    no_preference(mem)
    assert not [c for c in mem.commitments() if c.status == "cancelled"], _all(mem)


def test_zh_a_favour_that_brings_a_thing_still_offers_it():
    from autogen_zettel.people.rules_zh import offer_topic

    assert offer_topic("要不要我给你带杯咖啡？") == "咖啡"
    assert offer_topic("要不要我帮你点杯奶茶？") == "奶茶"
    assert offer_topic("奶茶喝吗？我请") == "奶茶"
    assert offer_topic("打羽毛球吗") == "羽毛球"


def test_zh_an_offer_turned_down_at_the_head_beside_another_taste(default_hub):
    mem = heard(default_hub, "zs_o1", [(0, "小周", "打羽毛球吗"), (0, "阿杰", "羽毛球不行，我更喜欢打篮球")])
    disliked(mem, "阿杰", "羽毛球")
    liked(mem, "阿杰", "篮球")
    mem = heard(
        default_hub, "zs_o2", [(0, "阿杰", "喝咖啡吗？"), (0, "小周", "不了，我喝不惯咖啡，给我来杯茶吧")]
    )
    disliked(mem, "小周", "咖啡")
    liked(mem, "小周", "茶")
    mem = heard(default_hub, "zs_o3", [(0, "李娜", "奶茶喝吗？我请"), (0, "小周", "要要要！少糖去冰")])
    liked(mem, "小周", "奶茶")


# -- Chinese: facts that change ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("tenant", "lines", "key", "now"),
    [
        (
            "zs_j1",
            [(0, "阿杰", "我在小米上班"), (20, "阿杰", "换工作了，新公司是OPPO")],
            "employer",
            ["OPPO"],
        ),
        ("zs_j2", [(0, "小王", "我在北大读研"), (40, "小王", "我转学去清华了")], "school", ["清华"]),
        (
            "zs_j3",
            [(0, "小王", "我在京东做客服"), (10, "小王", "升职了，现在是客服主管")],
            "job",
            ["客服主管"],
        ),
        (
            "zs_j4",
            [(0, "小王", "我在华为做硬件工程师"), (10, "小王", "被裁了，现在失业在家")],
            "employer",
            ["none"],
        ),
        ("zs_j5", [(0, "小王", "我在华为上班"), (10, "小王", "我被华为裁了")], "employer", ["none"]),
        (
            "zs_j6",
            [(0, "小王", "我在医院当护士"), (50, "小王", "现在不在医院了，我去了一家体检中心当护士长")],
            "job",
            ["护士长"],
        ),
    ],
)
def test_zh_a_changed_fact_leaves_only_the_new_value(default_hub, tenant, lines, key, now):
    mem = heard(default_hub, tenant, lines)
    assert _current(mem, lines[0][1], key) == now, _all(mem)


# -- Chinese: tastes that flip -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("tenant", "lines", "word", "likes"),
    [
        (
            "zs_p1",
            [(0, "李娜", "我很喜欢跑步"), (20, "李娜", "膝盖受伤以后就不喜欢跑步了，太累")],
            "跑步",
            False,
        ),
        (
            "zs_p2",
            [(0, "小王", "我好喜欢吃火锅"), (40, "小王", "最近火锅吃伤了，短时间内不想碰了")],
            "火锅",
            False,
        ),
        (
            "zs_p3",
            [(0, "李娜", "榴莲真的好臭"), (10, "李娜", "被朋友安利吃了一次榴莲，真香！")],
            "榴莲",
            True,
        ),
        (
            "zs_p4",
            [(0, "阿杰", "韩剧太无聊了"), (30, "阿杰", "被我老婆带着看了几部韩剧，现在上头了")],
            "韩剧",
            True,
        ),
        ("zs_p5", [(0, "阿杰", "我从来都不爱看综艺")], "综艺", False),
    ],
)
def test_zh_a_taste_that_flips_in_chat_words(default_hub, tenant, lines, word, likes):
    mem = heard(default_hub, tenant, lines)
    (liked if likes else disliked)(mem, lines[0][1], word)


# -- Chinese: a third person by a Latin name or by 大 + a surname ------------------------------


def test_zh_a_latin_name_heading_a_chinese_line_is_a_person(default_hub):
    mem = heard(
        default_hub,
        "zs_n1",
        [
            (0, "李娜", "Omar喜欢猫"),
            (0, "李娜", "Omar是素食主义者"),
            (0, "李娜", "Omar说他下周二给我们做一顿中东菜"),
        ],
    )
    liked(mem, "Omar", "猫")
    assert _current(mem, "Omar", "diet") == ["素食"], _all(mem)
    assert _commit(mem, "Omar").due == date(2026, 9, 8), _all(mem)
    assert not mem.preferences(subject="李娜"), _all(mem)
    # (a brand heading a line is no one: nothing is filed)
    mem = heard(default_hub, "zs_n2", [(0, "李娜", "Costco也太好逛了"), (0, "李娜", "Python很好用")])
    assert _all(mem) == ([], [], []), _all(mem)


def test_zh_a_nickname_and_a_before_clause_keep_their_person(default_hub):
    mem = heard(default_hub, "zs_n3", [(0, "小王", "大刘跟他女朋友分手了")])
    assert _current(mem, "大刘", "relationship") == ["single"], _all(mem)
    assert not _current(mem, "小王", "relationship"), _all(mem)
    mem = heard(default_hub, "zs_n4", [(0, "阿杰", "小周以前在百度，现在去了网易")])
    assert _current(mem, "小周", "employer") == ["网易"], _all(mem)
    assert not _current(mem, "阿杰", "employer"), _all(mem)


# -- English: a favour offered and declined; the offer's act taken on -----------------------------


@pytest.mark.parametrize(
    ("asked", "answer"),
    [
        ("want me to pick you up tomorrow?", "nah you're alright, thanks though"),
        ("Do you want me to drive?", "no, I'm fine"),
        ("Want me to drop the keys round?", "no need, I've got a spare"),
        # the one asked takes the act on: no refusal of its thing
        ("Shall I book the cinema?", "nah I'll do it"),
    ],
)
def test_en_a_favour_declined_is_no_taste(default_hub, asked, answer):
    tenant = f"es_f{zlib.crc32(asked.encode())}"
    mem = heard(default_hub, tenant, [(0, "Emma", asked), (0, "Fred", answer)])
    no_preference(mem)


def test_en_a_thing_served_or_fetched_is_still_offered():
    from autogen_zettel.people.rules_en import offer_topic

    assert offer_topic("Shall I put some olives on your plate?")
    assert offer_topic("want me to pick up some wine?")
    assert offer_topic("want me to grab you a coffee?") == "a coffee"
    assert offer_topic("Do you want me to drive?") == ""


# -- English: tastes that flip, a fan, a word of disgust ------------------------------------------


@pytest.mark.parametrize(
    ("tenant", "lines", "word", "likes"),
    [
        (
            "es_p1",
            [(0, "Sam", "never liked running but I'm actually enjoying it these days")],
            "running",
            True,
        ),
        ("es_p2", [(0, "Amy", "I used to love jazz but I'm kinda sick of it now")], "jazz", False),
        ("es_p3", [(0, "Tom", "I hated gin until I tried a proper one, now I'm hooked")], "gin", True),
        (
            "es_p4",
            [
                (0, "Kate", "I've never been into football"),
                (30, "Kate", "ok I'm officially a football fan now, Arsenal til I die"),
            ],
            "football",
            True,
        ),
        ("es_p5", [(0, "Paul", "mushrooms are vile")], "mushroom", False),
        ("es_p6", [(0, "Jo", "I'm loving this new podcast")], "podcast", True),
    ],
)
def test_en_a_taste_that_flips_or_is_judged_in_chat_words(default_hub, tenant, lines, word, likes):
    mem = heard(default_hub, tenant, lines)
    (liked if likes else disliked)(mem, lines[0][1], word)


def test_en_a_trade_given_up_is_no_refusal_and_a_pronoun_is_no_thing(default_hub):
    mem = heard(
        default_hub,
        "es_j1",
        [(0, "Victor", "I'm a chef"), (2, "Victor", "not a chef anymore, I drive for Uber now")],
    )
    no_preference(mem)
    from tests.layer_sets import TUE, found_rows

    assert [r[3] for r in found_rows("Tom's booked it", TUE, speaker="Paul", liked=False)] == [""]
    assert [r[3] for r in found_rows("I've booked it", TUE, speaker="Paul", liked=False)] == [""]


# -- English: a promise missed and made again, done by a third person, facts that change ---------


@pytest.mark.parametrize(
    ("tenant", "lines", "owner", "status", "due"),
    [
        (
            "es_m1",
            [
                (0, "Hannah", "will ring mum tonight"),
                (0, "Hannah", "ugh forgot, I'll ring her tomorrow instead"),
            ],
            "Hannah",
            "open",
            date(2026, 9, 2),
        ),
        (
            "es_m2",
            [
                (0, "Chloe", "Jake said he'd drop the parcel off tomorrow"),
                (1, "Chloe", "Jake dropped it off this morning"),
            ],
            "Jake",
            "done",
            date(2026, 9, 2),
        ),
        (
            "es_m3",
            [
                (0, "Paul", "my brother will pick you up from the station tomorrow"),
                (1, "Paul", "my brother just picked them up, all good"),
            ],
            "Paul's brother",
            "done",
            date(2026, 9, 2),
        ),
    ],
)
def test_en_a_promise_made_again_or_done_by_its_owner_keeps_one_row(
    default_hub, tenant, lines, owner, status, due
):
    mem = heard(default_hub, tenant, lines)
    row = _commit(mem, owner)
    assert (row.status, row.due) == (status, due), _all(mem)


@pytest.mark.parametrize(
    ("tenant", "lines", "key", "now"),
    [
        (
            "es_j2",
            [(0, "Uma", "I teach at Greenfield Primary"), (6, "Uma", "I teach at Oakwood Academy now")],
            "employer",
            ["Oakwood Academy"],
        ),
        (
            "es_j3",
            [(0, "Noah", "I'm single lol"), (20, "Noah", "got a girlfriend now, her name's Ella")],
            "relationship",
            ["dating"],
        ),
        (
            "es_j4",
            [(0, "Mia", "we live in Brooklyn"), (3, "Mia", "we just closed on a house in Jersey City!")],
            "residence",
            ["Jersey City"],
        ),
        (
            "es_j5",
            [(0, "Victor", "I'm a chef"), (2, "Victor", "not a chef anymore, I drive for Uber now")],
            "job",
            ["none"],
        ),
        (
            "es_j6",
            [(0, "Victor", "I work for Deliveroo"), (2, "Victor", "I drive for Uber now")],
            "employer",
            ["Uber"],
        ),
    ],
)
def test_en_a_changed_fact_leaves_only_the_new_value(default_hub, tenant, lines, key, now):
    mem = heard(default_hub, tenant, lines)
    assert _current(mem, lines[0][1], key) == now, _all(mem)


def test_en_near_misses_of_the_new_fact_shapes_give_no_fact():
    from tests.layer_sets import TUE, found_rows

    for text in ("I'd love a girlfriend", "the shop closed on a Sunday in May", "I drive for a living"):
        assert [r for r in found_rows(text, TUE, speaker="Noah", liked=False) if r[0] == "fact"] == [], text
    # ("I'm at Leeds Uni" is where one studies; working there makes it the employer)
    assert [r[2:4] for r in found_rows("I'm at Leeds Uni", TUE, speaker="Noah", liked=False)] == [
        ("school", "Leeds Uni")
    ]


# -- near misses two review helpers found beside the mends -----------------------------------------


def _rows_of(text, previous=None, speaker="小李"):
    from tests.layer_sets import TUE, found_rows

    return found_rows(text, TUE, previous, speaker=speaker, liked=False)


@pytest.mark.parametrize("text", ["我今天得把水管修好了", "我今天必须把水管修好了"])
def test_zh_a_need_before_the_act_today_is_still_owed(text):
    assert [r[0] for r in _rows_of(text)] == ["commitment"]


def test_zh_an_act_about_to_be_done_or_due_is_not_done(default_hub):
    for n, said in enumerate(("报销单要交啦", "报销单该交啦", "报销单快交啦")):
        mem = heard(default_hub, f"zs_r{n}", [(0, "小李", "我明天把报销单交了"), (1, "小李", said)])
        assert _commit(mem, "小李").status == "open", (said, _all(mem))


@pytest.mark.parametrize("text", ["昨晚喝伤了，头好疼", "上次喝伤了，现在不敢喝了"])
def test_zh_a_time_word_is_no_thing_one_is_sick_of(text):
    assert not [r for r in _rows_of(text) if r[0] == "preference" and r[3] in ("昨晚", "晚", "上次")]


def test_zh_a_favour_turned_down_calls_off_no_promise_of_ones_own(default_hub):
    mem = heard(
        default_hub,
        "zs_r5",
        [(0, "小李", "我明天去取快递"), (0, "张伟", "要不要我帮你拿快递？"), (0, "小李", "不用了，谢谢")],
    )
    assert _commit(mem, "小李").status == "open", _all(mem)
    no_preference(mem)
    for asked, said in (("要不要我帮你叫车？", "不用了"), ("要不要我开车送你？", "不用啦，我已经叫了车")):
        assert _rows_of(said, asked) == [], (asked, said)


@pytest.mark.parametrize(
    ("asked", "thing"),
    [
        ("Shall I pick you up some chocolate?", "chocolate"),
        ("want me to pick you up a sandwich?", "sandwich"),
        ("Shall I drop you round some soup?", "soup"),
    ],
)
def test_en_a_thing_brought_for_the_one_asked_is_still_offered(asked, thing):
    from autogen_zettel.people.rules_en import offer_topic, offers_a_favour

    assert thing in offer_topic(asked) and not offers_a_favour(asked)


@pytest.mark.parametrize(
    "text",
    [
        "I'm not sure I'm enjoying yoga",
        "Loving life right now",
        "hating Tom right now",
        "Loving the weather today",
        "I'm hating this weather",
        "Tom is vile",
        "Paul is revolting",
        "the kitchen is rank",
    ],
)
def test_en_a_mood_a_doubt_or_a_person_judged_is_no_taste(text):
    assert [r for r in _rows_of(text, speaker="Ben") if r[0] == "preference"] == []


def test_en_a_no_to_a_favour_calls_off_nothing_and_a_trade_given_up_is_no_refusal():
    assert _rows_of("no need", "Shall I text Sarah and let her know?", speaker="Ben") == []
    rows = _rows_of("no, not a chef anymore", "Are you still a chef?", speaker="Ben")
    assert [r[0] for r in rows] == ["fact"] and rows[0][2:4] == ("job", "none")


# -- the second probe round: third persons, mixed lines, refusals and changes said in other words ---


def test_en_a_chinese_name_heading_an_english_line_is_that_person(default_hub):
    mem = heard(default_hub, "es_n1", [(0, "Emma", "小周 got a job at ByteDance")])
    assert _current(mem, "小周", "employer") == ["ByteDance"], _all(mem)
    assert not _current(mem, "Emma", "employer"), _all(mem)
    mem = heard(default_hub, "es_n2", [(0, "Emma", "张伟 said he'll send the report tomorrow")])
    assert _commit(mem, "张伟").due == date(2026, 9, 2), _all(mem)


@pytest.mark.parametrize(
    "said", ["Jake bailed on me, so I had to hire movers", "Jake flaked again lol", "Jake cancelled on me"]
)
def test_en_a_named_person_who_bailed_calls_off_their_promise(default_hub, said):
    tenant = f"es_b{zlib.crc32(said.encode())}"
    mem = heard(
        default_hub, tenant, [(0, "Nora", "Jake promised to help me move on Sunday"), (5, "Nora", said)]
    )
    assert _commit(mem, "Jake").status == "cancelled", _all(mem)


def test_zh_a_person_from_somewhere_a_named_roommate_and_a_later_firm(default_hub):
    mem = heard(default_hub, "zs_n5", [(0, "韩梅", "Amy从北京搬到成都了，说那边生活节奏慢")])
    assert _current(mem, "Amy", "residence") == ["成都"], _all(mem)
    assert not _current(mem, "韩梅", "residence"), _all(mem)
    mem = heard(default_hub, "zs_n6", [(0, "李娜", "我室友Kelly特别喜欢现在的team")])
    liked(mem, "Kelly", "team")
    mem = heard(default_hub, "zs_n7", [(0, "彭丽", "小陈以前在银行上班，后来去了保险公司")])
    assert _current(mem, "小陈", "employer") == ["保险公司"], _all(mem)
    # (a later visit is no firm: "我妈摔了一跤，后来去了医院")
    mem = heard(default_hub, "zs_n8", [(0, "彭丽", "我妈摔了一跤，后来去了医院")])
    assert _all(mem)[1] == [], _all(mem)


@pytest.mark.parametrize(
    ("asked", "answer", "thing"),
    [
        ("去吃日料？", "日料不太想，最近吃太多了，吃川菜吧", "日料"),
        ("晚上吃pizza？", "pizza上周吃吐了，不想再吃", "pizza"),
        ("请你喝杯拿铁？", "谢谢不用，我不喝拿铁，喝不惯", "拿铁"),
    ],
)
def test_zh_an_offer_refused_in_other_words_is_disliked_by_the_one_answering(
    default_hub, asked, answer, thing
):
    tenant = f"zs_x{zlib.crc32(answer.encode())}"
    mem = heard(default_hub, tenant, [(0, "郭涛", asked), (0, "孙丽", answer)])
    disliked(mem, "孙丽", thing)
    assert {p.subject for p in mem.preferences()} == {"孙丽"}, _all(mem)  # (谢谢 is no one)


def test_zh_a_need_this_week_is_no_task_done():
    assert [r for r in _rows_of("这周得把报告写完了") if r[0] == "status"] == []
    # (记得 is no need: the party moved stays moved)
    rows = _rows_of("老王的喜酒改到国庆了，大家记得把时间空出来啊")
    assert [(r[0], r[1], r[4]) for r in rows] == [("status", "老王", "postponed")]


def test_en_until_and_the_negated_progressive_turn_a_taste():
    from tests.layer_sets import TUE, found_rows

    def tastes(text):
        return [(r[3], r[4]) for r in found_rows(text, TUE, speaker="Ben") if r[0] == "preference"]

    assert tastes("I hated olives until I went to Greece, now I love them") == [("olives", True)]
    assert tastes("I'm not enjoying the gym at all") == [("gym", False)]
    # (an idea of a move is no move)
    assert _rows_of("I'm loving the idea of moving to Spain", speaker="Ben") == []


def test_zh_the_speakers_own_clause_after_a_turn_and_a_party_of_a_thing(default_hub):
    mem = heard(default_hub, "zs_s1", [(0, "宋杰", "我女朋友超喜欢猫，但我对猫过敏")])
    liked(mem, "宋杰的女朋友", "猫")
    assert _current(mem, "宋杰", "allergy") == ["猫"], _all(mem)
    mem = heard(default_hub, "zs_s2", [(0, "蒋欣", "我对猫毛过敏，所以不太喜欢猫")])
    disliked(mem, "蒋欣", "猫")
    mem = heard(default_hub, "zs_s3", [(0, "吴昊", "我是猫派，狗太吵了"), (0, "吴昊", "我是行动派")])
    liked(mem, "吴昊", "猫")
    assert len(mem.preferences(subject="吴昊")) == 1, _all(mem)


@pytest.mark.parametrize(
    ("tenant", "lines", "key", "now"),
    [
        (
            "es_d1",
            [(0, "Jack", "I'm a vegetarian"), (30, "Jack", "gave up being vegetarian, eating meat again")],
            "diet",
            [],
        ),
        (
            "es_d2",
            [(0, "Finn", "I'm a software engineer"), (20, "Finn", "got promoted, I'm a team lead now")],
            "job",
            ["team lead"],
        ),
        ("es_d3", [(0, "Sam", "me and my gf live in Toronto")], "residence", ["Toronto"]),
    ],
)
def test_en_a_diet_given_up_a_post_over_others_and_me_and_my_gf(default_hub, tenant, lines, key, now):
    mem = heard(default_hub, tenant, lines)
    assert _current(mem, lines[0][1], key) == now, _all(mem)


# -- near misses the reviews of the second probe round found --------------------------------------


def test_en_the_speakers_kin_in_chinese_heading_an_english_line_stays_the_speakers_kin(default_hub):
    mem = heard(
        default_hub,
        "es_k1",
        [(0, "Ben", "我哥 got a job at Google"), (0, "Ben", "我姐姐 moved to London last month")],
    )
    assert _current(mem, "Ben的哥哥", "employer") == ["Google"], _all(mem)
    assert _current(mem, "Ben的姐姐", "residence") == ["London"], _all(mem)


@pytest.mark.parametrize(
    ("text", "likes"),
    [
        ("I hated olives until I went to Greece", True),
        ("I never liked wine until I went to France", True),
        ("I loved coffee until I got ill", False),
        ("I hated cats until we got one, and now I love them", True),
    ],
)
def test_en_a_stance_that_held_until_then_is_the_other_way_now(text, likes):
    from tests.layer_sets import TUE, found_rows

    rows = [r for r in found_rows(text, TUE, speaker="Ben") if r[0] == "preference"]
    assert [r[4] for r in rows] == [likes], rows


def test_en_favours_in_other_words_and_work_that_names_no_firm():
    assert _rows_of("no I'm fine, thanks", "do you want me to drive you?", speaker="Ben") == []
    assert _rows_of("nah you're good", "want me to give you a lift?", speaker="Ben") == []
    assert _rows_of("I'm not enjoying the idea of moving", speaker="Ben") == []
    assert _rows_of("I teach at weekends", speaker="Ben") == []


# (a day said with it is read as the day of the plan called off, which the layer matches against the
# promise's due: "Jake bailed on me yesterday" keeps the Sunday promise open - left as it is)
@pytest.mark.parametrize("said", ["Jake totally bailed on me lol", "ugh Jake backed out"])
def test_en_bailing_said_with_a_time_or_an_opener(default_hub, said):
    tenant = f"es_c{zlib.crc32(said.encode())}"
    mem = heard(
        default_hub, tenant, [(0, "Nora", "Jake promised to help me move on Sunday"), (5, "Nora", said)]
    )
    assert _commit(mem, "Jake").status == "cancelled", _all(mem)


def test_zh_a_visit_later_is_no_firm_and_a_span_to_do_it_in_is_a_deadline(default_hub):
    for text in (
        "我爸以前在工厂上班，后来去了趟医院",
        "我哥上班路上摔了，后来去了医院",
        "Amy工作了三年，后来进了一家咨询公司",
    ):
        assert not [r for r in _rows_of(text) if r[0] == "fact" and r[3] in ("趟医院", "医院", "咨询公司")], (
            text
        )
    mem = heard(default_hub, "zs_d1", [(0, "小李", "下周内我把合同签了")])
    assert _commit(mem, "小李").due == date(2026, 9, 11), _all(mem)
    # (a thing handed over later with 再 and 拿 is a promise, not a move: "书我明天再拿给你")
    assert [r[0] for r in _rows_of("书我明天再拿给你")] == ["commitment"]


def test_en_a_taste_so_far_is_a_taste():
    from tests.layer_sets import TUE, found_rows

    rows = [
        r for r in found_rows("I'm enjoying the new job so far", TUE, speaker="Ben") if r[0] == "preference"
    ]
    assert [(r[3], r[4]) for r in rows] == [("job", True)]


# -- the third probe round: two-person exchanges; a card's anchored dates ----------------------------


def test_a_cards_anchored_date_is_no_part_of_what_the_rules_read(default_hub):
    # (the card keeps "today (11 September 2026)"; the rules read the line as said)
    mem = heard(
        default_hub,
        "es_a1",
        [(0, "Mia", "I work at Tesco"), (10, "Mia", "started at Sainsbury's today, new job!")],
    )
    assert _current(mem, "Mia", "employer") == ["Sainsbury's"], _all(mem)
    mem = heard(
        default_hub,
        "es_a2",
        [(0, "Nora", "Jake promised to help me move on Sunday"), (6, "Nora", "Jake bailed on me yesterday")],
    )
    assert _commit(mem, "Jake").status == "cancelled", _all(mem)


def test_day_after_tomorrow_without_the_is_two_days_on():
    from autogen_zettel.text.due import due_date
    from tests.layer_sets import TUE

    assert due_date("Day after tomorrow I'll return the ladder, promise.", TUE) == date(2026, 9, 3)


def test_zh_an_offer_asked_without_its_mark_is_no_promise_and_a_treat_put_off(default_hub):
    mem = heard(
        default_hub, "zs_q1", [(0, "高远", "要不要我帮你带杯咖啡"), (0, "林晓", "不用了谢谢 我喝过了")]
    )
    assert mem.commitments() == [], _all(mem)
    mem = heard(
        default_hub, "zs_q2", [(0, "马超", "周末我请你喝奶茶"), (4, "马超", "奶茶下周再请吧 这周末加班")]
    )
    row = _commit(mem, "马超")
    assert (row.status, row.due) == ("open", date(2026, 9, 7)), _all(mem)


# -- the fourth probe round: tastes that flip or are refused, third persons, facts told as news ----


@pytest.mark.parametrize(
    ("text", "subject", "word", "likes"),
    [
        ("I used to love jazz", "Noah", "jazz", False),  # a stance of before, no turn said
        ("I used to love running, now it bores me", "Noah", "running", False),
        ("weirdly I've started loving tea", "Noah", "tea", True),
        ("ok I've changed my mind, horror films are actually great", "Noah", "horror", True),
        ("honestly over pickleball now, bit boring", "Noah", "pickleball", False),
        ("I was never into jazz but that gig changed my mind, I love it now", "Noah", "jazz", True),
        ("Mushrooms used to make me gag, now I put them in everything", "Noah", "mushroom", True),
        ("I wasn't a fan of Taylor Swift until recently, now I'm a total Swiftie", "Noah", "taylor", True),
        ("my cousin used to love skating but she's gone off it", "Noah's cousin", "skat", False),
        ("my sister used to hate dogs, now she's got two", "Noah's sister", "dog", True),
        ("Tom used to hate olives but now he loves them", "Tom", "oliv", True),
        ("tried the ramen place Jo loves - meh", "Noah", "ramen", False),
        ("Went to that Greek restaurant Priya recommended, absolutely loved it", "Noah", "greek", True),
        ("Ben loves the ramen place, I think it's overrated", "Noah", "ramen", False),
    ],
)
def test_en_a_taste_turned_or_judged_in_other_words(default_hub, text, subject, word, likes):
    mem = heard(default_hub, f"es_t{zlib.crc32(text.encode())}", [(0, "Noah", text)])
    (liked if likes else disliked)(mem, subject, word)


def test_en_a_stance_that_still_holds_and_over_the_moon_are_not_turned():
    from tests.layer_sets import TUE, found_rows

    rows = found_rows("I used to love jazz and still do", TUE, speaker="Noah")
    assert [(r[3], r[4]) for r in rows if r[0] == "preference"] == [("jazz", True)]
    assert found_rows("I'm over the moon now", TUE, speaker="Noah") == []


@pytest.mark.parametrize(
    ("offer", "answer", "thing", "likes"),
    [
        ("Red wine?", "just water for me thanks, I'm off the booze", "wine", False),
        ("Do you want to watch the football?", "go on, why not", "football", True),
        ("Want to try that new vegan place?", "defo, I've been dying to go", "vegan", True),
    ],
)
def test_en_an_offer_taken_or_turned_down_in_other_words(default_hub, offer, answer, thing, likes):
    mem = heard(default_hub, f"es_o{zlib.crc32(answer.encode())}", [(0, "Dan", offer), (0, "Emma", answer)])
    (liked if likes else disliked)(mem, "Emma", thing)


def test_en_a_thing_pointed_at_alone_is_no_offer():
    from tests.layer_sets import TUE, found_rows

    assert found_rows("yes", TUE, previous="Want to try that?", speaker="Emma") == []


@pytest.mark.parametrize(
    ("tenant", "lines", "owner", "status"),
    [
        # done by someone else for the one who owed it
        (
            "es_s1",
            [(0, "Anna", "I'll book the tickets tomorrow"), (1, "Ben", "Sam sorted the tickets for you")],
            "Anna",
            "done",
        ),
        (
            "es_s2",
            [(0, "Anna", "I'll book the table tomorrow"), (1, "Ben", "Bob booked the table for Anna")],
            "Anna",
            "done",
        ),
        # the errand's participle after its thing, a clause or a when after it
        (
            "es_s3",
            [(0, "Isla", "I'll water your plants"), (6, "Isla", "plants watered, they're all alive")],
            "Isla",
            "done",
        ),
        (
            "es_s4",
            [(0, "Paul", "I'll book the dentist for next week"), (1, "Paul", "Dentist booked for the 10th")],
            "Paul",
            "done",
        ),
        # not done after all: called off, whatever follows
        (
            "es_s5",
            [
                (0, "Dan", "I'll call the landlord about the boiler tomorrow"),
                (2, "Dan", "ended up not calling him, the boiler fixed itself lol"),
            ],
            "Dan",
            "cancelled",
        ),
        (
            "es_s6",
            [
                (0, "Vicky", "Ravi said he'll book the cab for the wedding"),
                (3, "Vicky", "Ravi ended up not booking the cab, we're driving"),
            ],
            "Ravi",
            "cancelled",
        ),
        (
            "es_s7",
            [
                (0, "Chloe", "I'll bring a salad to the barbecue on Sunday"),
                (5, "Chloe", "sorry, couldn't make the barbecue in the end, was ill"),
            ],
            "Chloe",
            "cancelled",
        ),
        (
            "es_s8",
            [
                (0, "George", "Tom said he'll bring the speakers to the party on Saturday"),
                (5, "George", "Tom couldn't make it in the end so no speakers"),
            ],
            "Tom",
            "cancelled",
        ),
    ],
)
def test_en_a_promise_closed_in_other_words(default_hub, tenant, lines, owner, status):
    mem = heard(default_hub, tenant, lines)
    assert _commit(mem, owner).status == status, _all(mem)


def test_en_done_for_oneself_or_for_a_day_closes_no_one_elses_promise(default_hub):
    mem = heard(
        default_hub,
        "es_s9",
        [(0, "Anna", "I'll book the tickets tomorrow"), (1, "Ben", "I booked the tickets for my mum")],
    )
    assert _commit(mem, "Anna").status == "open", _all(mem)
    from tests.layer_sets import TUE, found_rows

    assert [r[2] for r in found_rows("Bob booked the table for Friday", TUE, speaker="Isla")] == [""]
    # (a month, capitalised as a name is, is no one either)
    assert [r[2] for r in found_rows("Bob booked the table for March", TUE, speaker="Isla")] == ["booked"]


def test_en_a_move_said_telegraphically_and_a_yes_to_an_errand(default_hub):
    mem = heard(
        default_hub,
        "es_m1",
        [
            (0, "Sam", "I'll pick up the cake on Friday"),
            (1, "Sam", "cake pickup moved to Saturday, bakery's shut Friday"),
        ],
    )
    row = _commit(mem, "Sam")
    assert (row.status, row.due) == ("open", date(2026, 9, 5)), _all(mem)
    mem = heard(
        default_hub,
        "es_m2",
        [
            (0, "Dan", "Will you post the parcel tomorrow?"),
            (0, "Emma", "yep, no worries"),
            (1, "Emma", "posted it this morning"),
        ],
    )
    assert _commit(mem, "Emma").status == "done", _all(mem)
    mem = heard(
        default_hub,
        "es_m3",
        [
            (0, "Ben", "Can you pick up milk on your way home?"),
            (0, "Chloe", "yeah I can grab that on the way"),
        ],
    )
    assert _commit(mem, "Chloe").status == "open", _all(mem)


@pytest.mark.parametrize(
    ("tenant", "lines", "subject", "key", "now"),
    [
        (
            "es_f1",
            [
                (0, "Ben", "I work at Deloitte"),
                (5, "Ben", "handed in my notice at Deloitte, starting at KPMG Monday"),
            ],
            "Ben",
            "employer",
            ["KPMG"],
        ),
        (
            "es_f2",
            [(0, "Tom", "started at Amazon as a warehouse manager last week")],
            "Tom",
            "job",
            ["warehouse manager"],
        ),
        (
            "es_f3",
            [(0, "Will", "I live in Boston"), (20, "Will", "We packed up and moved out to Denver")],
            "Will",
            "residence",
            ["Denver"],
        ),
        (
            "es_f4",
            [(0, "Olivia", "moved back to my parents' in Cardiff after the lease ran out")],
            "Olivia",
            "residence",
            ["Cardiff"],
        ),
        ("es_f5", [(0, "Kate", "I have shifted to Pune last month only")], "Kate", "residence", ["Pune"]),
        (
            "es_f6",
            [(0, "Jack", "I used to live in Leeds but now I'm in York")],
            "Jack",
            "residence",
            ["York"],
        ),
        (
            "es_f7",
            [
                (0, "Fiona", "I'm at Manchester Uni doing history"),
                (40, "Fiona", "switched unis, I'm at Edinburgh now"),
            ],
            "Fiona",
            "school",
            ["Edinburgh"],
        ),
        (
            "es_f8",
            [(0, "Olivia", "Ella's started at Cambridge, she's doing medicine")],
            "Ella",
            "school",
            ["Cambridge"],
        ),
    ],
)
def test_en_a_fact_told_as_news_in_other_words(default_hub, tenant, lines, subject, key, now):
    mem = heard(default_hub, tenant, lines)
    assert _current(mem, subject, key) == now, _all(mem)


def test_en_where_one_is_this_week_or_a_life_imagined_is_no_fact(default_hub):
    mem = heard(
        default_hub,
        "es_f9",
        [
            (0, "Sam", "I live in London"),
            (3, "Sam", "I'm in Paris this week for work"),
            (4, "Sam", "now I'm in York for the weekend"),
            (5, "Sam", "Imagine working at Google, free food all day"),
            (6, "Sam", "I'm in Year 10 at Oakwood High"),
        ],
    )
    assert [(f.key, f.value) for f in mem.facts(subject="Sam") if f.key != "school"] == [
        ("residence", "London")
    ], _all(mem)


def test_zh_a_pet_name_said_twice_an_endearment_and_a_reason_before_a_cant():
    from tests.layer_sets import TUE, found_rows

    rows = found_rows("莉莉最近迷上了瑜伽", TUE, speaker="李明")
    assert [(r[0], r[1], r[3], r[4]) for r in rows] == [("preference", "莉莉", "瑜伽", True)]
    assert found_rows("谢谢亲爱的", TUE, speaker="何平") == []
    assert found_rows("我天天喝咖啡", TUE, speaker="何平") == []  # 天天 is no name
    rows = found_rows("我哥临时有事来不了了", TUE, speaker="李明", liked=False)
    assert [(r[1], r[3], r[4]) for r in rows] == [("李明的哥哥", "来", "cancelled")]


@pytest.mark.parametrize(
    ("text", "subject", "thing"),
    [
        ("我爸以前抽烟很凶，去年戒了", "刘洋的爸爸", "抽烟"),  # 去年 is when, not what was given up
        ("老王以前天天喝酒，现在滴酒不沾", "老王", "酒"),
    ],
)
def test_zh_a_habit_given_up_is_what_was_done_before(text, subject, thing):
    from tests.layer_sets import TUE, found_rows

    rows = found_rows(text, TUE, speaker="刘洋")
    assert [(r[1], r[3], r[4]) for r in rows if r[0] == "preference"] == [(subject, thing, False)]


def test_zh_loved_to_death_is_the_thing_said_before():
    from tests.layer_sets import TUE, found_rows

    rows = found_rows("以前超讨厌香菜 现在爱死了", TUE, speaker="王芳")
    assert [(r[3], r[4]) for r in rows if r[0] == "preference"] == [("香菜", True)]
    assert found_rows("我爱死了", TUE, speaker="王芳") == []


def test_zh_done_for_another_closes_the_promise_of_the_one_who_owed_it(default_hub):
    mem = heard(default_hub, "zs_s1", [(0, "王芳", "我明天订票"), (1, "李明", "小王帮你把票订好了")])
    assert _commit(mem, "王芳").status == "done", _all(mem)
    mem = heard(default_hub, "zs_s2", [(0, "曹阳", "周报我明天写"), (1, "王芳", "周报我已经替曹阳写完交了")])
    assert _commit(mem, "曹阳").status == "done", _all(mem)


@pytest.mark.parametrize(
    ("tenant", "lines", "subject", "key", "now"),
    [
        (
            "zs_f1",
            [(0, "李娜", "我在字节上班"), (3, "李娜", "已经从字节离职了，下周一去阿里报到")],
            "李娜",
            "employer",
            ["阿里"],
        ),
        ("zs_f2", [(0, "王芳", "我在华为做测试"), (3, "王芳", "我现在转开发了")], "王芳", "job", ["开发"]),
        (
            "zs_f3",
            [(0, "周杰", "我是老师，在一中教数学"), (10, "周杰", "辞职了，现在在家带娃")],
            "周杰",
            "job",
            ["在家带娃"],
        ),
        (
            "zs_f4",
            [(0, "何平", "我在京东做物流"), (5, "何平", "我已经不在京东了，刚辞职")],
            "何平",
            "employer",
            ["none"],
        ),
        (
            "zs_f5",
            [(0, "张伟", "现在在星巴克打工"), (4, "张伟", "星巴克不干了，找了个送外卖的活")],
            "张伟",
            "job",
            ["送外卖"],
        ),
        ("zs_f6", [(0, "王芳", "去年从南京搬到苏州，今年又搬回南京了")], "王芳", "residence", ["南京"]),
        (
            "zs_f7",
            [(0, "刘洋", "我和小美在一起三年了"), (9, "刘洋", "我和小美掰了")],
            "刘洋",
            "relationship",
            ["single"],
        ),
        ("zs_f8", [(0, "张伟", "考上研了，九月去浙大")], "张伟", "school", ["浙大"]),
        ("zs_f9", [(0, "梁宇", "已经到新加坡了，以后就在这边工作了")], "梁宇", "residence", ["新加坡"]),
        ("zs_f10", [(0, "刘洋", "小周在美团上班，做算法的")], "小周", "job", ["算法"]),
        ("zs_f11", [(0, "孙悦", "小陈养了只柯基，叫豆豆")], "小陈", "pet", ["柯基"]),
        ("zs_f12", [(0, "何平", "我弟在部队当兵")], "何平的弟弟", "job", ["军人"]),
        ("zs_f13", [(0, "梁宇", "我室友是个素食主义者")], "梁宇的室友", "diet", ["素食"]),
    ],
)
def test_zh_a_fact_told_as_news_in_other_words(default_hub, tenant, lines, subject, key, now):
    mem = heard(default_hub, tenant, lines)
    assert _current(mem, subject, key) == now, _all(mem)


def test_zh_a_level_of_study_and_a_partner_at_work_are_no_school_and_no_couple():
    from tests.layer_sets import TUE, found_rows

    assert found_rows("考上研了", TUE, speaker="张伟") == []
    assert found_rows("我和同事在一起三年了", TUE, speaker="刘洋") == []
    rows = found_rows("我女儿在上小学。", TUE, speaker="周敏")  # (a level said of a child stays)
    assert [(r[1], r[2], r[3]) for r in rows] == [("周敏的女儿", "school", "小学")]


@pytest.mark.parametrize(
    ("lines", "subject", "thing", "likes"),
    [
        (
            [(0, "吴静", "我不怎么爱看综艺"), (10, "吴静", "最近被《乘风破浪》圈粉了，综艺真香")],
            "吴静",
            "综艺",
            True,
        ),
        ([(0, "黄涛", "抹茶拿铁真好喝"), (3, "黄涛", "喝腻了，再也不点抹茶拿铁了")], "黄涛", "抹茶", False),
        ([(0, "梁宇", "最近发现芝士蛋糕好好吃啊，天天想吃")], "梁宇", "芝士蛋糕", True),
        ([(0, "张伟", "小李推荐的那家烤肉，一般般吧")], "张伟", "烤肉", False),
        ([(0, "周杰", "原来觉得榴莲臭，吃过一次就爱上了")], "周杰", "榴莲", True),
        ([(0, "郑凯", "以前每天打游戏，现在完全没兴趣了")], "郑凯", "游戏", False),
        ([(0, "何平", "以前喝茶只喝绿茶，现在更喜欢普洱")], "何平", "普洱", True),
        ([(0, "李娜", "喝奶茶不？"), (0, "陈磊", "戒了")], "陈磊", "奶茶", False),
        ([(0, "小王", "啤酒来一瓶？"), (0, "李娜", "来！冰的，夏天就得喝啤酒")], "李娜", "啤酒", True),
        ([(0, "孙悦", "奶茶？"), (0, "黄涛", "喝！三分糖去冰谢谢")], "黄涛", "奶茶", True),
        (
            [(0, "张伟", "那家新开的川菜馆去过没？"), (0, "刘洋", "去了，踩雷了，难吃得要死")],
            "刘洋",
            "川菜",
            False,
        ),
        ([(0, "周杰", "去KTV吗"), (0, "孙悦", "不去，我五音不全，最怕唱歌了")], "孙悦", "ktv", False),
        ([(0, "吴静", "你试试这个螺蛳粉"), (0, "郑凯", "不敢不敢，闻着就受不了")], "郑凯", "螺蛳粉", False),
    ],
)
def test_zh_a_taste_turned_judged_or_answered_in_other_words(default_hub, lines, subject, thing, likes):
    mem = heard(default_hub, f"zs_t{zlib.crc32(lines[-1][2].encode())}", lines)
    (liked if likes else disliked)(mem, subject, thing)


def test_zh_how_ones_day_went_and_a_person_fallen_for_are_no_taste():
    from tests.layer_sets import TUE, found_rows

    for text in ("今天状态一般般", "我爱上他了", "发现钱包丢了"):
        assert [r for r in found_rows(text, TUE, speaker="吴静") if r[0] == "preference"] == [], text


@pytest.mark.parametrize(
    ("tenant", "lines", "owner", "status", "due"),
    [
        (
            "zs_p1",
            [(0, "马丽", "答应你的书，这周末带给你"), (4, "马丽", "书带来了，放你桌上了")],
            "马丽",
            "done",
            date(2026, 9, 5),
        ),
        (
            "zs_p2",
            [(0, "林晓", "明天我早点到，帮你占座"), (1, "林晓", "今天起晚了，没去成，抱歉")],
            "林晓",
            "cancelled",
            date(2026, 9, 2),
        ),
        (
            "zs_p3",
            [(0, "李娜", "行吧，那我周六陪你去看房"), (3, "李娜", "周六我临时加班，看房去不了了")],
            "李娜",
            "cancelled",
            date(2026, 9, 5),
        ),
        (
            "zs_p4",
            [(0, "陈磊", "老板说月底前给大家发奖金"), (29, "陈磊", "老板发奖金了！")],
            "陈磊的老板",
            "done",
            date(2026, 9, 30),
        ),
        (
            "zs_p5",
            [(0, "吴静", "这事我记着呢，周五给你答复"), (3, "吴静", "答复的事再缓两天，下周一吧")],
            "吴静",
            "open",
            date(2026, 9, 7),
        ),
        (
            "zs_p6",
            [(0, "王芳", "我这两天找时间把发票寄给你"), (5, "王芳", "发票还没寄，明天一定寄")],
            "王芳",
            "open",
            date(2026, 9, 7),
        ),
        ("zs_p7", [(0, "何平", "等我下班给你回电话")], "何平", "open", date(2026, 9, 1)),
        (
            "zs_p8",
            [(0, "高远", "报名的事我来弄，你别管了"), (2, "高远", "报名已经帮你弄好了")],
            "高远",
            "done",
            None,
        ),
        (
            "zs_p9",
            [(0, "小王", "PPT包在我身上，今晚发你"), (1, "小王", "发了，你看下")],
            "小王",
            "done",
            date(2026, 9, 1),
        ),
        ("zs_p10", [(0, "小王", "钱明天还你")], "小王", "open", date(2026, 9, 2)),
    ],
)
def test_zh_a_promise_kept_called_off_or_moved_in_other_words(default_hub, tenant, lines, owner, status, due):
    mem = heard(default_hub, tenant, lines)
    row = _commit(mem, owner)
    assert (row.status, row.due) == (status, due), _all(mem)


def test_zh_the_thing_said_first_is_what_is_handed_over():
    from tests.layer_sets import TUE, found_rows

    assert [r[3] for r in found_rows("PPT今晚发你", TUE, speaker="小王")] == ["把PPT发你"]
    assert [r[3] for r in found_rows("明天我早点到，帮你占座", TUE, speaker="林晓")] == ["帮你占座"]


def test_a_new_firm_said_in_the_sentence_after_leaving_and_a_place_one_manages(default_hub):
    from tests.layer_sets import TUE, found_rows

    for text, firm in (
        ("姐妹们 我辞职了!!! 下个月去小红书", "小红书"),
        ("我辞职了。下周一去阿里报到", "阿里"),
    ):
        rows = found_rows(text, TUE, speaker="周杰")
        assert [(r[2], r[3]) for r in rows if r[0] == "fact"] == [("employer", firm)], text
    mem = heard(
        default_hub,
        "es_f10",
        [(0, "Noah", "I'm a barista"), (5, "Noah", "not a barista anymore, I'm managing the cafe now")],
    )
    assert _current(mem, "Noah", "job") == ["cafe manager"], _all(mem)
    assert found_rows("I'm managing the launch now", TUE, speaker="Noah") == []


def test_en_a_thing_named_by_who_loves_it_is_their_taste():
    from tests.layer_sets import TUE, found_rows

    rows = found_rows("tried the ramen place Jo loves - meh", TUE, speaker="Dan")
    assert sorted((r[1], r[3], r[4]) for r in rows) == [("Dan", "ramen", False), ("Jo", "ramen", True)]
    assert found_rows("the cafe Monday loves", TUE, speaker="Dan") == []


# -- what the fourth round's two reviews found broken, mended ---------------------------------


@pytest.mark.parametrize(
    ("tenant", "lines", "owner"),
    [
        # done for someone else, or for a day: no one else's promise closes
        (
            "es_r1",
            [
                (0, "Anna", "I'll post Mum's birthday card tomorrow"),
                (1, "Ben", "I posted a birthday card for Gran"),
            ],
            "Anna",
        ),
        (
            "es_r2",
            [
                (0, "Anna", "I'll book the tickets for Mum tomorrow"),
                (1, "Ben", "Sam booked the tickets for Priya"),
            ],
            "Anna",
        ),
        (
            "es_r3",
            [
                (0, "Anna", "I'll cook dinner for the kids tonight"),
                (0, "Ben", "I cooked dinner for Anna's parents"),
            ],
            "Anna",
        ),
        # it happened after all, or something else did not
        (
            "es_r4",
            [
                (0, "Ben", "I'll come to the barbecue on Saturday"),
                (5, "Ben", "almost didn't make the barbecue, traffic was mad"),
            ],
            "Ben",
        ),
        (
            "es_r5",
            [
                (0, "Ben", "I'll come to the barbecue on Saturday"),
                (5, "Ben", "ended up not minding the rain at the barbecue"),
            ],
            "Ben",
        ),
        (
            "es_r6",
            [(0, "Ben", "I'll go to the gym after work"), (0, "Ben", "ended up not going to bed till 2")],
            "Ben",
        ),
        ("zs_r1", [(0, "马丽", "我明天帮你取快递"), (1, "马丽", "我妹帮你把快递拿错了")], "马丽"),
        ("zs_r2", [(0, "张伟", "老板说下周一发奖金"), (6, "张伟", "老板发朋友圈了")], "张伟的老板"),
    ],
)
def test_what_the_reviews_found_closed_stays_open(default_hub, tenant, lines, owner):
    mem = heard(default_hub, tenant, lines)
    assert _commit(mem, owner).status == "open", _all(mem)


@pytest.mark.parametrize(
    ("offer", "answer"),
    [
        ("Red wine?", "just a small glass for me"),  # an amount of the thing offered
        ("Pint?", "just the one for me"),
        ("Ready?", "yep"),  # a state asked after is no thing offered
        ("Home?", "Yeah. Just got in"),
        ("Awake?", "Yep! Been up since 6"),
    ],
)
def test_en_an_amount_taken_or_a_state_asked_after_gives_no_refusal_and_no_row_on_it(
    default_hub, offer, answer
):
    mem = heard(
        default_hub, f"es_q{zlib.crc32((offer + answer).encode())}", [(0, "Ben", offer), (0, "Anna", answer)]
    )
    assert [p for p in mem.preferences() if p.value < 0.5 or offer.lower().rstrip("?") in p.topic] == [], (
        _all(mem)
    )


def test_a_yes_taken_back_and_a_choice_made_for_me(default_hub):
    mem = heard(
        default_hub,
        "es_q1",
        [(0, "Ben", "Coffee?"), (0, "Anna", "Yeah! Actually no, I've had three already")],
    )
    disliked(mem, "Anna", "coffee")
    from tests.layer_sets import TUE, found_rows

    rows = found_rows("just a coffee for me thanks", TUE, previous="Coffee or tea?", speaker="Ben")
    assert [(r[3], r[4], r[5]) for r in rows] == [("coffee", True, "acceptance")]


@pytest.mark.parametrize(
    "text",
    [
        "我已经不在北京了",
        "我已经不在公司了，明天再说",
        "我已经不在群里了",
        "我已经不在状态了",
        "我早就不在学校了",
        "我已经不在医院了，出院了",
        "家务不干了，累死了",
        "我和我老公在一起十年了",
        "英语一般般",
        "工资一般般",
        "手艺一般般，别嫌弃",
        "车翻车了",
        "孩子再也不用上补习班了",
        "再也不用加班了",
        "快递还没到，明天一定到",
        "发票还没到，明天再看",
        "等我下班你再给我回电话",
        "爱你哟亲爱的",
        "亲爱的晚安",
        "谢谢亲爱的姐姐",
    ],
)
def test_zh_lines_near_the_fourth_rounds_shapes_say_nothing_of_the_speaker(text):
    from tests.layer_sets import TUE, found_rows

    rows = found_rows(text, TUE, speaker="张伟", liked=False)
    # (a chore given up may be read as called off; no fact, taste or promise of the speaker's)
    assert [r for r in rows if r[0] != "status" or r[4] != "cancelled"] == [], text


def test_zh_a_couple_parted_is_theirs_and_work_at_a_place_left():
    from tests.layer_sets import TUE, found_rows

    rows = found_rows("小美和阿杰掰了", TUE, speaker="张伟")
    assert [(r[1], r[2], r[3]) for r in rows] == [("小美", "relationship", "single")]
    rows = found_rows("超市的活不干了，找了个送快递的工作", TUE, speaker="张伟")
    assert sorted((r[2], r[3]) for r in rows) == [("employer", "none"), ("job", "送快递")]


# -- the fifth probe round: group chats, replies a few lines after the offer -----------------------


@pytest.mark.parametrize(
    ("lines", "subject", "thing", "likes"),
    [
        (
            [
                (0, "Dan", "pizza tonight?"),
                (0, "Eve", "random but has anyone seen my keys"),
                (0, "Finn", "yesss pizza"),
            ],
            "Finn",
            "pizza",
            True,
        ),
        (
            [
                (0, "Gus", "anyone want the last slice of cake?"),
                (0, "Hana", "did the parcel come?"),
                (0, "Ivy", "me pls!!"),
            ],
            "Ivy",
            "cak",
            True,
        ),
        (
            [
                (0, "Priya", "fancy Thai tonight?"),
                (0, "Quinn", "always!"),
                (0, "Raj", "I'm not a fan of Thai tbh"),
            ],
            "Quinn",
            "thai",
            True,
        ),
        (
            [(0, "晓明", "火锅吃不吃？老地方"), (0, "浩子", "吃！"), (0, "大刘", "我就不去了，最近胃不好")],
            "浩子",
            "火锅",
            True,
        ),
        ([(0, "萌萌", "奶茶喝不喝"), (0, "胖虎", "不喝了 戒糖中")], "胖虎", "奶茶", False),
        (
            [(0, "陈姐", "我做了点绿豆汤，要不要来一碗？"), (0, "阿强", "要！我最爱绿豆汤")],
            "阿强",
            "绿豆汤",
            True,
        ),
    ],
)
def test_a_reply_in_a_group_reads_the_offer_it_answers(default_hub, lines, subject, thing, likes):
    mem = heard(default_hub, f"gs_t{zlib.crc32(lines[-1][2].encode())}", lines)
    (liked if likes else disliked)(mem, subject, thing)
    # (the one who offered takes no taste from the offer: "火锅吃不吃？", "一碗" is no thing)
    assert not [p for p in mem.preferences() if p.topic in ("一碗", "火锅吃", "奶茶喝")], _all(mem)


def test_a_yes_in_a_group_may_answer_the_question_just_before_it():
    from autogen_zettel.people.replied import replied_to

    assert replied_to("yes it came", ["did the parcel come?", "pizza tonight?"]) == "did the parcel come?"
    assert replied_to("me pls!!", ["did the parcel come?", "cake, anyone?"]) == "cake, anyone?"


def test_people_named_with_their_relative_and_a_stance_on_ones_keeping(default_hub):
    from tests.layer_sets import TUE, found_rows

    rows = found_rows("老王他女儿考上北大了", TUE, speaker="婷婷")
    assert [(r[1], r[2], r[3]) for r in rows] == [("老王的女儿", "school", "北大")]
    rows = found_rows("萌萌她哥在当兵", TUE, speaker="晓明")
    assert [(r[1], r[2], r[3]) for r in rows] == [("萌萌的哥哥", "job", "军人")]
    assert [r for r in found_rows("我妈不喜欢我养狗", TUE, speaker="浩子") if r[2] == "pet"] == []
    rows = found_rows("Leah says she's done with dating apps, hates them", TUE, speaker="Dan")
    assert [r[0] for r in rows] == ["preference"]
    mem = heard(
        default_hub,
        "gs_n1",
        [(0, "Uma", "oh yeah I'll definitely run a marathon tomorrow 🙄"), (0, "Vic", "lmao")],
    )
    assert mem.commitments() == [], _all(mem)


def test_a_reply_in_one_batch_reads_the_offer_a_few_lines_up(default_hub):
    from tests.layer_sets import TUE

    mem = default_hub.tenant("gs_b1")
    mem.remember_many(
        [
            {"text": t, "speaker": sp, "at": TUE + timedelta(minutes=n)}
            for n, (sp, t) in enumerate(
                [
                    ("Gus", "anyone want the last slice of cake?"),
                    ("Hana", "did the parcel come?"),
                    ("Ivy", "me pls!!"),
                ]
            )
        ]
    )
    liked(mem, "Ivy", "cak")


# -- sixth probe round: one-to-one chat, emoji and stickers, registers (2026-12-07, fifth session) --


@pytest.mark.parametrize(
    ("tenant", "lines", "owner", "status"),
    [
        # a tick or a thumb at a line's edge is tone; a WeChat sticker too
        ("r6_m1", [(0, "Dan", "I'll sort the car insurance by Fri"), (3, "Dan", "✅ done")], "Dan", "done"),
        (
            "r6_m2",
            [(0, "Will", "I'll ring the bank first thing tomorrow"), (1, "Will", "👍 rang them")],
            "Will",
            "done",
        ),
        ("r6_m3", [(0, "吴磊", "明天我把照片传群里"), (1, "吴磊", "照片传好了[OK]")], "吴磊", "done"),
        # a bare done or call-off heading its reason or the news after it
        (
            "r6_c1",
            [(0, "George", "I'll sort the dentist tomorrow"), (1, "George", "cheers, sorted")],
            "George",
            "done",
        ),
        (
            "r6_c2",
            [
                (0, "Mia", "I'll pick up the cake on Saturday"),
                (3, "Mia", "actually no need, Sophie's bringing one"),
            ],
            "Mia",
            "cancelled",
        ),
        (
            "r6_c3",
            [
                (0, "Finn", "I'll get the report to you on the 14th"),
                (5, "Finn", "scrap that, Marta's doing it now"),
            ],
            "Finn",
            "cancelled",
        ),
        ("r6_c4", [(0, "何雪", "今晚我做饭"), (0, "何雪", "算了 太累了 点外卖吧")], "何雪", "cancelled"),
        # the other side's bare "no need" calls off the promise just made to them
        (
            "r6_c5",
            [(0, "宋杰", "我周三把充电器给你带来"), (0, "韩梅", "不用了 我买了个新的")],
            "宋杰",
            "cancelled",
        ),
        (
            "r6_c6",
            [(0, "Tom", "I'll bring you the charger on Wednesday"), (0, "Ann", "no need")],
            "Tom",
            "cancelled",
        ),
        # a thing given back is a task done (not a fever gone down)
        (
            "r6_d1",
            [(0, "周婷", "这周五之前我把押金退给你"), (3, "周婷", "押金退了 你看下到账没")],
            "周婷",
            "done",
        ),
        # a family's own word for its member, promising and doing
        (
            "r6_k1",
            [
                (0, "Ann", "Dad promised to fix my bike this weekend"),
                (5, "Ann", "Dad fixed the bike finally"),
            ],
            "Ann's dad",
            "done",
        ),
        (
            "r6_k2",
            [
                (0, "Ann", "I'll fix the bike this weekend"),
                (5, "Ann", "Dad fixed the bike for me in the end"),
            ],
            "Ann",
            "done",
        ),
    ],
)
def test_r6_a_promise_closed_in_chat_marks_and_registers(default_hub, tenant, lines, owner, status):
    mem = heard(default_hub, tenant, lines)
    assert _commit(mem, owner).status == status, _all(mem)


def test_r6_a_move_reported_of_a_named_one_moves_their_promise(default_hub):
    mem = heard(
        default_hub, "r6_p1", [(0, "周婷", "老吴说他下周三来修空调"), (6, "周婷", "老吴说修空调改到周五了")]
    )
    c = _commit(mem, "老吴")
    assert (c.status, c.due) == ("open", date(2026, 9, 11)), _all(mem)


@pytest.mark.parametrize(
    ("tenant", "lines", "owner", "what"),
    [
        # a favour asked as a soft imperative, taken on with chat's own yes (a sticker after it)
        ("r6_t1", [(0, "陈静", "明天帮我取个快递呗"), (0, "刘洋", "收到[OK]")], "刘洋", "快递"),
        ("r6_t2", [(0, "陈静", "帮我带杯咖啡吧"), (0, "刘洋", "好滴")], "刘洋", "咖啡"),
    ],
)
def test_r6_a_favour_asked_softly_is_taken_on_by_a_chat_yes(default_hub, tenant, lines, owner, what):
    mem = heard(default_hub, tenant, lines)
    c = _commit(mem, owner)
    assert what in c.what and c.status == "open", _all(mem)


def test_r6_a_yes_mark_alone_accepts_the_offer(default_hub):
    liked(
        heard(default_hub, "r6_y1", [(0, "Ava", "Fancy the cinema tonight?"), (0, "Zoe", "👍")]),
        "Zoe",
        "cinema",
    )
    liked(
        heard(default_hub, "r6_y2", [(0, "助手", "要不要给你订明早的豆浆油条？"), (0, "王磊", "✅")]),
        "王磊",
        "豆浆油条",
    )
    liked(heard(default_hub, "r6_y3", [(0, "Oscar", "❤️ the new Wetherspoons menu")]), "Oscar", "wetherspoons")


@pytest.mark.parametrize(
    ("tenant", "lines", "subject", "thing", "likes"),
    [
        (
            "r6_f1",
            [
                (0, "Dan", "not a fan of jazz"),
                (20, "Dan", "ok I take it back, this jazz album is actually amazing"),
            ],
            "Dan",
            "jazz",
            True,
        ),
        (
            "r6_f2",
            [
                (0, "Adam", "I'm really not into podcasts"),
                (20, "Adam", "ok I get it now, podcasts are brilliant for the commute"),
            ],
            "Adam",
            "podcast",
            True,
        ),
        (
            "r6_f3",
            [(0, "Chloe", "I love coffee"), (30, "Chloe", "gone right off coffee lately, can't stand it")],
            "Chloe",
            "coffee",
            False,
        ),
        (
            "r6_f4",
            [(0, "Sam", "i quite like golf"), (30, "Sam", "golf's not for me anymore tbh, too slow")],
            "Sam",
            "golf",
            False,
        ),
        (
            "r6_f5",
            [(0, "罗佳", "榴莲真的灰常难吃"), (50, "罗佳", "被朋友安利了猫山王 榴莲原来这么好吃")],
            "罗佳",
            "榴莲",
            True,
        ),
        ("r6_f6", [(0, "马丽", "我很喜欢日料"), (30, "马丽", "现在吃日料就反胃")], "马丽", "日料", False),
    ],
)
def test_r6_a_taste_that_flips_in_chat_words(default_hub, tenant, lines, subject, thing, likes):
    mem = heard(default_hub, tenant, lines)
    (liked if likes else disliked)(mem, subject, thing)


@pytest.mark.parametrize(
    ("tenant", "lines", "subject", "key", "value"),
    [
        # a line typed all in lower case names its place or workplace in lower case too
        (
            "r6_n1",
            [(0, "Isla", "I work for Barclays"), (45, "Isla", "left barclays, i'm at monzo now")],
            "Isla",
            "employer",
            "Monzo",
        ),
        ("r6_n2", [(0, "Jack", "i moved to leeds")], "Jack", "residence", "Leeds"),
        ("r6_n3", [(0, "Priya", "nt at hsbc anymore, joined lloyds")], "Priya", "employer", "Lloyds"),
    ],
)
def test_r6_a_name_typed_in_lower_case_where_one_lives_or_works(
    default_hub, tenant, lines, subject, key, value
):
    mem = heard(default_hub, tenant, lines)
    assert _current(mem, subject, key) == [value], _all(mem)


@pytest.mark.parametrize(
    "text",
    [
        "im at costa now want anything",  # a shop one is in, no job left or joined
        "im at mums now",
        "i live in hope",
        "moved to sales last month",
        "lol imagine if we just quit our jobs and moved to Bali",  # a wish after a laugh
        "Wow, imagine that",  # (once a crash: the wish split from the comma that marked it)
        "不用啦 我叫了搬家公司",  # 叫了 is hired, no name
        "不好吃",  # a verdict with no thing
    ],
)
def test_r6_lines_that_say_nothing_of_the_speaker(default_hub, text):
    mem = heard(default_hub, "r6_z" + str(zlib.crc32(text.encode())), [(0, "Kim", text)])
    assert (mem.facts(), mem.preferences()) == ([], []), _all(mem)


def test_r6_a_weekday_with_its_day_of_the_month():
    from autogen_zettel.text.due import due_date
    from tests.layer_sets import TUE

    assert due_date("I'll send the invoice on Thursday the 10th", TUE) == date(2026, 9, 10)
    assert due_date("by Fri 4th", TUE) == date(2026, 9, 4)
    assert due_date("Monday 2nd of November", TUE) == date(2026, 11, 2)
    assert due_date("Friday 3 o'clock", TUE) == date(2026, 9, 4)  # an hour, no day of the month


# -- what the sixth round's reviews found: look-alikes the mends must leave alone --


@pytest.mark.parametrize(
    ("tenant", "lines", "owner", "status", "due"),
    [
        # a done word closes the task spoken of last, whatever other task done follows it
        (
            "r6r_d1",
            [(0, "Ben", "I'll send the report today"), (0, "Ben", "done, and I've booked the venue too")],
            "Ben",
            "done",
            date(2026, 9, 1),
        ),
        (
            "r6r_d2",
            [(0, "Ben", "I'll ring the dentist today"), (0, "Ben", "done, booked a check-up for Friday")],
            "Ben",
            "done",
            date(2026, 9, 1),
        ),
        # a call-off with a new time or a new promise after it is a move
        (
            "r6r_m1",
            [(0, "Ben", "I'll fix the gate on Saturday"), (1, "Ben", "scrap that, I'll fix it Sunday")],
            "Ben",
            "open",
            date(2026, 9, 6),
        ),
        (
            "r6r_m2",
            [(0, "Ben", "I'll pay the deposit on Friday"), (1, "Ben", "forget that, I'll pay it Monday")],
            "Ben",
            "open",
            date(2026, 9, 7),
        ),
        # a family word's done, by any verb
        (
            "r6r_k1",
            [
                (0, "Ben", "Mum promised to ring the dentist on Friday"),
                (1, "Ben", "Mum rang the dentist this morning"),
            ],
            "Ben's mum",
            "done",
            date(2026, 9, 4),
        ),
        # another's bare 不用了 calls off only a promise made to them
        (
            "r6r_z1",
            [(0, "小李", "我周五去医院复查"), (0, "小王", "不用了 我买了个新的")],
            "小李",
            "open",
            date(2026, 9, 4),
        ),
        (
            "r6r_z2",
            [(0, "小李", "我周三把充电器带给老张"), (0, "小王", "不用了 我买了个新的")],
            "小李",
            "open",
            date(2026, 9, 2),
        ),
        (
            "r6r_z3",
            [(0, "小李", "我周三把充电器带给老张"), (0, "老张", "不用了 我买了个新的")],
            "小李",
            "cancelled",
            date(2026, 9, 2),
        ),
    ],
)
def test_r6_reviewed_look_alikes_of_the_new_shapes(default_hub, tenant, lines, owner, status, due):
    mem = heard(default_hub, tenant, lines)
    c = _commit(mem, owner)
    assert (c.status, c.due) == (status, due), _all(mem)


@pytest.mark.parametrize(
    "text",
    [
        "烧已经退了",  # a fever down, no task
        "那个群我退了",
        "潮水退了",
        "坐车就想吐",  # travel sickness, no taste
        "吃多了反胃",
        "宝宝说药好难吃",
        "看他那样就恶心",
        "要是榴莲不那么臭，其实挺好吃",  # on a condition
        "gone off the idea",
        "gone right off the boil",
        "sam moved to leeds",  # another's move in lower case: not the speaker's
        "tom joined lloyds last week",
    ],
)
def test_r6_reviewed_lines_that_say_nothing_of_the_speaker(text):
    from tests.layer_sets import TUE, found_rows

    mine = [
        r
        for r in found_rows(text, TUE, speaker="小王" if text[0] > "z" else "Ben")
        if r[1] in ("小王", "Ben")
    ]
    assert [r for r in mine if r[0] in ("fact", "preference", "status")] == [], mine


def test_r6_reviewed_names_and_things_given_back():
    from tests.layer_sets import TUE, found_rows

    assert [r[3] for r in found_rows("我叫上官婉儿", TUE, speaker="小王")] == ["上官婉儿"]
    assert found_rows("我叫过他好几次", TUE, speaker="小王") == []
    assert [(r[3], r[-2]) for r in found_rows("定金已经退了", TUE, speaker="小王")] == [("定金", "done")]


def test_r6_second_review_look_alikes(default_hub):
    from tests.layer_sets import TUE, found_rows

    # a chat yes that goes on to decline, or a verb that only looks like one, accepts nothing
    for reply in ("得嘞，下次吧", "得嘞，不过我明天没空"):
        assert found_rows(reply, TUE, previous="晚上吃火锅不？", speaker="小王") == [], reply
    # a plan of no one's moved, reported, is no promise of the one who told it
    mem = heard(default_hub, "r6r2_m1", [(0, "老吴", "周三我来修空调"), (1, "小王", "老吴说会议改到周五了")])
    assert [(c.owner, c.what) for c in mem.commitments()] == [("老吴", "修空调")], _all(mem)
    # a call to the speaker is not the task it was about
    mem = heard(
        default_hub,
        "r6r2_k1",
        [(0, "Ben", "Mum will ring the dentist tomorrow"), (1, "Ben", "Mum rang me about the dentist")],
    )
    assert _commit(mem, "Ben's mum").status == "open", _all(mem)
    assert found_rows("我叫醒他了", TUE, speaker="小王") == []
    assert [(r[1], r[3]) for r in found_rows("我吃香菜就反胃", TUE, speaker="小王")] == [("小王", "香菜")]
    # a weekday names the month its day of the month falls on it
    from autogen_zettel.text.due import due_date

    assert due_date("I'll pay you Friday the 9th", TUE) == date(2026, 10, 9)


def test_r6_diff_read_look_alikes(default_hub):
    from tests.layer_sets import TUE, found_rows

    # a call-off naming another day is read by that day, not as a reply to the latest promise
    mem = heard(
        default_hub,
        "r6d_c1",
        [(0, "Bob", "I'll bring the cake on Saturday"), (0, "Ann", "Don't worry about Sunday")],
    )
    assert _commit(mem, "Bob").status == "open", _all(mem)
    # a call to the speaker closes nothing; a person's contracted 's judged is no taste
    for line in ("Mum rang me back", "Mum's the best", "Sarah's amazing"):
        assert found_rows(line, TUE, speaker="Ann") == [], line
    # a chat yes with the ask made light of takes the favour on
    rows = found_rows("收到，小事一桩", TUE, previous="明天帮我取个快递呗", speaker="刘洋")
    assert [(r[0], r[1]) for r in rows] == [("commitment", "刘洋")], rows


# -- round 7 (2026-12-07, sixth session): group, work and family chats, a value put right --------


@pytest.mark.parametrize(
    ("tenant", "lines", "expected"),
    [
        # a volunteer answering "谁带…？" with the same verb, a mention or a +1 before it, two lines down
        (
            "r7_v1",
            [
                (0, "小林", "周六野餐，谁带水果？"),
                (0, "阿美", "我带西瓜"),
                (0, "大鹏", "@小林 好的我带饮料"),
                (0, "小周", "+1 我带点零食"),
            ],
            {("阿美", "带西瓜"), ("大鹏", "带饮料"), ("小周", "带零食")},
        ),
        ("r7_v2", [(0, "小林", "周六烧烤谁带烤架？"), (0, "阿美", "我带")], {("阿美", "带烤架")}),
        # a yes to a request two lines up, past another's line
        (
            "r7_v3",
            [
                (0, "Priya", "@Dan can you grab the tickets?"),
                (0, "Maya", "I'll sort the food"),
                (0, "Dan", "@Priya yep will do"),
            ],
            {("Maya", "sort the food"), ("Dan", "grab the tickets")},
        ),
        # "bring it" names the thing the question asked for with the same verb
        (
            "r7_v4",
            [
                (0, "Priya", "who's bringing the speaker on saturday?"),
                (0, "Maya", "@Priya yes I'll bring it"),
            ],
            {("Maya", "bring the speaker")},
        ),
        # a task taken charge of, its day before it
        ("r7_v5", [(0, "小林", "周一例会的PPT我负责")], {("小林", "例会的PPT")}),
    ],
)
def test_r7_a_task_taken_on_in_a_group_chat(default_hub, tenant, lines, expected):
    mem = heard(default_hub, tenant, lines)
    got = {(c.owner, c.what) for c in mem.commitments() if c.status == "open"}
    assert got == expected, _all(mem)


@pytest.mark.parametrize(
    ("tenant", "lines", "owner", "status", "due"),
    [
        # a day put right, or said instead, moves the promise
        (
            "r7_c1",
            [
                (0, "Sophie", "I'll drop the keys off on Friday"),
                (0, "Sophie", "sorry I mean Thursday not Friday"),
            ],
            "Sophie",
            "open",
            date(2026, 9, 3),
        ),
        (
            "r7_c2",
            [
                (0, "Max", "I'll send you the contract on Wednesday"),
                (1, "Max", "gonna be Thursday for the contract instead, sorry"),
            ],
            "Max",
            "open",
            date(2026, 9, 3),
        ),
        (
            "r7_c3",
            [(0, "小林", "周一例会的PPT我负责"), (2, "小林", "说错了，例会是周二不是周一")],
            "小林",
            "open",
            date(2026, 9, 8),
        ),
        # a done whose thing is "it", then where it went
        (
            "r7_c4",
            [(0, "Mia", "I'll finish the report by Friday"), (2, "Mia", "sent it to Claire")],
            "Mia",
            "done",
            date(2026, 9, 4),
        ),
        # a third person named at the head of their call-off, a day after the name
        (
            "r7_c5",
            [(0, "阿亮", "小周说他周六来帮忙"), (3, "阿亮", "小周周六来不了了")],
            "小周",
            "cancelled",
            date(2026, 9, 5),
        ),
    ],
)
def test_r7_a_promise_put_right_moved_or_closed(default_hub, tenant, lines, owner, status, due):
    mem = heard(default_hub, tenant, lines)
    c = _commit(mem, owner)
    assert (c.status, c.due) == (status, due), _all(mem)


@pytest.mark.parametrize(
    ("tenant", "lines", "subject", "key", "value"),
    [
        # a value put right: the named wrong one, or the speaker's latest fact
        (
            "r7_f1",
            [(0, "Gina", "I live in Bath"), (0, "Gina", "sorry, Bristol, not Bath — moved last year")],
            "Gina",
            "residence",
            "Bristol",
        ),
        (
            "r7_f2",
            [(0, "Abby", "I'm a software dev at Shopify"), (0, "Abby", "*Spotify lol autocorrect")],
            "Abby",
            "employer",
            "Spotify",
        ),
        (
            "r7_f3",
            [(0, "小何", "我在腾讯上班"), (0, "小何", "说错了，是网易不是腾讯")],
            "小何",
            "employer",
            "网易",
        ),
        (
            "r7_f4",
            [(0, "小美", "我在北大读研"), (0, "小美", "不对，是人大，老记错")],
            "小美",
            "school",
            "人大",
        ),
        # a place left for good, and where one is now said without "I'm"
        (
            "r7_f5",
            [(0, "Yara", "I'm at Barclays"), (90, "Yara", "left Barclays, now at HSBC")],
            "Yara",
            "employer",
            "HSBC",
        ),
        (
            "r7_f6",
            [(0, "Iris", "I work at Deloitte"), (30, "Iris", "I left Deloitte, taking a break for a bit")],
            "Iris",
            "employer",
            None,
        ),
        (
            "r7_f7",
            [(0, "Dora", "not in Leeds anymore! been in York since June")],
            "Dora",
            "residence",
            "York",
        ),
        (
            "r7_f8",
            [
                (0, "Quinn", "my brother Sean moved to Perth"),
                (60, "Quinn", "Sean's back in Dublin now, Perth didn't work out"),
            ],
            "Sean",
            "residence",
            "Dublin",
        ),
        ("r7_f9", [(0, "Matt", "Ella from accounting just joined Google")], "Ella", "employer", "Google"),
        (
            "r7_f10",
            [(0, "Anna", "I work at Google as an engineer"), (14, "Anna", "just joined Stripe as a PM")],
            "Anna",
            "job",
            "PM",
        ),
        # Chinese: a short hop, a trade after the firm joined, the next firm after one quit
        (
            "r7_f11",
            [(0, "小陈", "我现在在Amazon上班"), (40, "小陈", "跳去Meta了")],
            "小陈",
            "employer",
            "Meta",
        ),
        (
            "r7_f12",
            [(0, "阿美", "我在阿里做运营"), (30, "阿美", "上周入职了字节做产品")],
            "阿美",
            "job",
            "产品",
        ),
        ("r7_f13", [(0, "小郑", "入职啦，京东算法岗")], "小郑", "employer", "京东"),
        (
            "r7_f14",
            [(0, "小林", "我在星巴克上班"), (30, "小林", "我不干星巴克了，去了瑞幸")],
            "小林",
            "employer",
            "瑞幸",
        ),
    ],
)
def test_r7_a_fact_put_right_or_changed(default_hub, tenant, lines, subject, key, value):
    mem = heard(default_hub, tenant, lines)
    assert _current(mem, subject, key) == ([value] if value else []), _all(mem)


def test_r7_a_line_that_corrects_nothing_it_can_find_says_nothing(default_hub):
    from autogen_zettel.people.corrected import correction
    from tests.layer_sets import TUE

    for line in (
        "No I'm not going",
        "no, not tonight",
        "wait no, it's Ryan who's sending it",
        "不好意思，是我的错",
        "不对，是我哥去接，我要上班",
    ):
        assert correction(line, "Sam", TUE) == ([], ""), line
    # a correction with no fact of the speaker's before it gives no row
    mem = heard(default_hub, "r7_n1", [(0, "Sam", "Nope, Leeds not York")])
    assert mem.facts() == [], _all(mem)


@pytest.mark.parametrize(
    ("tenant", "lines", "subject", "thing", "likes"),
    [
        ("r7_p1", [(0, "Dee", "love sushi but can't stand curry")], "Dee", "curry", False),
        ("r7_p2", [(0, "Xav", "used to love Marvel films, can't bear them anymore")], "Xav", "marvel", False),
        ("r7_p3", [(0, "小周", "喜欢寿司和拉面，但是受不了咖喱")], "小周", "咖喱", False),
        ("r7_p4", [(0, "小周", "喜欢寿司和拉面，但是受不了咖喱")], "小周", "寿司", True),
    ],
)
def test_r7_a_second_stance_with_its_i_dropped(default_hub, tenant, lines, subject, thing, likes):
    mem = heard(default_hub, tenant, lines)
    (liked if likes else disliked)(mem, subject, thing)


@pytest.mark.parametrize(
    "text",
    [
        "I'm so tired of this weather",
        "sick of these delays",
        "I've gone off the idea",
        "they moved to Lisbon in May",
        "she's just moved to Leeds",
    ],
)
def test_r7_lines_that_say_nothing_of_the_speaker(text):
    from tests.layer_sets import TUE, found_rows

    mine = [r for r in found_rows(text, TUE, speaker="Ben") if r[1] == "Ben"]
    assert mine == [], mine


@pytest.mark.parametrize(
    ("tenant", "lines", "subject", "thing", "likes"),
    [
        # a taste asked about, answered yes or no
        (
            "r7_a1",
            [(0, "Cy", "Jess, do you like horror films?"), (0, "Jess", "god no, they terrify me")],
            "Jess",
            "horror",
            False,
        ),
        ("r7_a2", [(0, "Cy", "do you like jazz?"), (0, "Jess", "yeah love it")], "Jess", "jazz", True),
        ("r7_a3", [(0, "小李", "你喜欢吃辣吗？"), (0, "小红", "不喜欢")], "小红", "辣", False),
        # a stance on "it" or on nothing in a reply takes the thing of the line before (past an echo)
        (
            "r7_a4",
            [(0, "Jo", "I love hiking"), (0, "Kim", "me too"), (0, "Lou", "not me, hate it")],
            "Lou",
            "hiking",
            False,
        ),
        (
            "r7_a5",
            [(0, "小高", "香菜真的受不了"), (0, "阿亮", "我也是"), (0, "小林", "我倒是挺喜欢的")],
            "小林",
            "香菜",
            True,
        ),
        # an echo of an echo, and an echo a laugh leads
        (
            "r7_a6",
            [(0, "小美", "我喜欢周杰伦"), (0, "小红", "我也是"), (0, "小丁", "同上")],
            "小丁",
            "周杰伦",
            True,
        ),
        (
            "r7_a7",
            [(0, "Kai", "I'm off gin, never again after Saturday 🤢"), (0, "Lia", "lol same")],
            "Lia",
            "gin",
            False,
        ),
    ],
)
def test_r7_a_taste_answered_or_echoed_in_a_group(default_hub, tenant, lines, subject, thing, likes):
    mem = heard(default_hub, tenant, lines)
    (liked if likes else disliked)(mem, subject, thing)


def test_r7_answers_that_say_no_taste(default_hub):
    from tests.layer_sets import TUE, found_rows

    assert found_rows("no idea", TUE, previous="do you like horror films?", speaker="Jess") == []
    assert found_rows("I hate it when it rains", TUE, previous="I love hiking", speaker="Em") == []
    for line in (
        "20号之前我休假，有事找小吴",
        "我明天请假",
        "我明天去出差",
        "你要是搬去深圳，我就天天去找你玩",
    ):
        assert found_rows(line, TUE, speaker="小红") == [], line
    assert found_rows("程序员最讨厌两件事：写文档，和别人不写文档", TUE, speaker="老陈") == []
    mem = heard(
        default_hub,
        "r7_n2",
        [
            (0, "Alice", "I'll book the restaurant for Friday"),
            (2, "Alice", "can't get a table anywhere, I'm calling it off, sorry guys"),
        ],
    )
    assert _commit(mem, "Alice").status == "cancelled", _all(mem)


def test_r7_a_plan_that_cannot_be_kept_moved_in_its_last_clause(default_hub):
    from tests.layer_sets import TUE, found_rows

    for line, due in (
        ("这周末加班回不去了，下周末回", date(2026, 9, 12)),
        ("今天来不了了，改明天吧", date(2026, 9, 2)),
        ("周六没空了，周日再去吧", date(2026, 9, 6)),
    ):
        rows = found_rows(line, TUE, speaker="小宇")
        assert [(r[0], r[-2], r[-1]) for r in rows] == [("status", "postponed", due)], (line, rows)
    # a last clause that is another plan of the day after moves nothing
    rows = found_rows("今天来不了了，明天要上班", TUE, speaker="小宇")
    assert [r[-2] for r in rows] == ["cancelled"], rows
    mem = heard(default_hub, "r7_m1", [(0, "小宇", "我周六去看你"), (2, "小宇", "周六去不了了，周日去")])
    c = _commit(mem, "小宇")
    assert (c.status, c.due) == ("open", date(2026, 9, 6)), _all(mem)


def test_r7_a_task_asked_with_ba_and_a_study_begun():
    from tests.layer_sets import TUE, found_rows

    rows = found_rows("好的，我明天十点前交", TUE, previous="明天十点前大家把周报交一下", speaker="小吴")
    assert [(r[0], r[3]) for r in rows] == [("commitment", "交周报")], rows
    assert [(r[2], r[3]) for r in found_rows("我读研了，在复旦", TUE, speaker="小吴")] == [("school", "复旦")]
    assert found_rows("我读研了，在上海", TUE, speaker="小吴") == []


@pytest.mark.parametrize(
    ("previous", "text"),
    [
        # what the review of round 7 found: a volunteer's verb with what follows it, not a thing
        ("谁带水果？", "我带孩子去不了"),
        ("上次谁带的水果？", "我带的"),
        ("谁带那箱水？", "我带不动"),
        # a task taken charge of, denied or of before
        (None, "这块不归我负责"),
        (None, "以前这块我负责"),
        (None, "之前都是我负责"),
        # a verb hop that is no job, and a place gone to that is no firm
        (None, "我跳去下一集了"),
        (None, "跳去看直播了"),
        (None, "我不干这个了，去了也白去"),
        # an answer to a taste that says neither yes nor no
        ("你喜欢吃辣吗？", "不知道，没怎么吃过"),
        ("你喜欢吃辣吗？", "对了，明天几点集合"),
        ("你喜欢吃辣吗？", "嗯…一般般吧"),
        ("你喜欢喝酒吗？", "不一定，看心情"),
        ("你喜欢吃辣吗？", "不用客气"),
        ("do you like sushi?", "nope, never tried it"),
        # a job said of one's nature; a firm left a message, not left
        (None, "I'm a PM at heart"),
        (None, "I left Deloitte a voicemail"),
        (None, "I left Deloitte feeling great today, best meeting ever"),
        # a calling off of another's, negated, or on a condition
        (None, "Priya's calling it off with Tom apparently"),
        (None, "I'm not calling it off"),
        (None, "if it rains I'm calling it off"),
        (None, "might be calling it off"),
    ],
)
def test_r7_reviewed_look_alikes_give_nothing_of_the_speaker(previous, text):
    from tests.layer_sets import TUE, found_rows

    speaker = "小王" if text[0] > "z" else "Ben"
    mine = [r for r in found_rows(text, TUE, previous=previous, speaker=speaker) if r[1] == speaker]
    assert mine == [], mine


@pytest.mark.parametrize(
    ("tenant", "lines", "expected"),
    [
        # a day put right moves the promise of the day named wrong, or the thing named; none else
        (
            "r7_r1",
            [
                (0, "Ben", "I'll send the contract on Friday"),
                (0, "Ben", "I'll call the bank on Monday"),
                (0, "Ben", "sorry I mean Thursday not Friday"),
            ],
            {("send the contract", date(2026, 9, 3)), ("call the bank", date(2026, 9, 7))},
        ),
        (
            "r7_r2",
            [
                (0, "Ben", "I'll send the contract on Friday"),
                (0, "Ben", "I'll call the bank on Monday"),
                (0, "Ben", "gonna be Thursday for the contract instead"),
            ],
            {("send the contract", date(2026, 9, 3)), ("call the bank", date(2026, 9, 7))},
        ),
        (
            "r7_r3",
            [(0, "Ben", "I'll call the bank on Monday"), (0, "Ben", "sorry I mean Thursday not Friday")],
            {("call the bank", date(2026, 9, 7))},
        ),
        # an answer to another's question is no correction
        (
            "r7_r4",
            [(0, "小王", "我周五把合同发你"), (0, "小李", "聚餐是今天吗？"), (0, "小王", "不好意思，是明天")],
            {("把合同发你", date(2026, 9, 4))},
        ),
    ],
)
def test_r7_reviewed_a_day_put_right_moves_only_its_promise(default_hub, tenant, lines, expected):
    mem = heard(default_hub, tenant, lines)
    assert {(c.what, c.due) for c in mem.commitments()} == expected, _all(mem)


@pytest.mark.parametrize(
    ("tenant", "lines", "subject", "key", "value"),
    [
        # a fact put right only by a value spelled much as it, or named wrong
        (
            "r7_r5",
            [(0, "Ben", "I live in Bath"), (0, "Ben", "*Spotify lol autocorrect")],
            "Ben",
            "residence",
            "Bath",
        ),
        ("r7_r6", [(0, "小王", "我在腾讯上班"), (0, "小王", "不对，我是说明天")], "小王", "employer", "腾讯"),
        (
            "r7_r7",
            [(0, "小王", "我在腾讯上班"), (0, "小王", "不对，是这样，我先解释一下")],
            "小王",
            "employer",
            "腾讯",
        ),
        ("r7_r8", [(0, "小王", "我是北京人"), (0, "小王", "不对，他是上海人")], "小王", "hometown", "北京"),
        ("r7_r9", [(0, "小王", "程序员小李跳去字节了")], "小李", "employer", "字节"),
        ("r7_r10", [(0, "Ben", "Ella from HR just joined Google")], "Ella", "employer", "Google"),
    ],
)
def test_r7_reviewed_facts_kept_or_filed_right(default_hub, tenant, lines, subject, key, value):
    mem = heard(default_hub, tenant, lines)
    assert _current(mem, subject, key) == [value], _all(mem)


def test_r7_reviewed_a_contrast_of_a_narrower_thing_keeps_the_taste(default_hub):
    mem = heard(default_hub, "r7_r11", [(0, "小王", "喜欢看电影，但是不喜欢去电影院")])
    liked(mem, "小王", "电影")


@pytest.mark.parametrize(
    ("previous", "text"),
    [
        # what the second review of round 7 found: a hop that is a ball's, a video's or a team's
        (None, "球跳去对面了"),
        (None, "视频一下就跳去广告了"),
        (None, "我跳去隔壁组了"),
        # a trade or a chore given up and what one went to do, or news of the new job's first days
        (None, "我不干销售了，去做培训了"),
        (None, "我不干家务了，去了健身房"),
        (None, "入职啦，试用期三个月"),
        (None, "入职啦，工位在三楼"),
        # a study begun, then what one is doing, not where
        (None, "我读研了，在准备论文"),
        (None, "我读研了，在家躺着"),
        # an echo that arranges a time
        ("I love karaoke", "lol same time tomorrow?"),
    ],
)
def test_r7_second_review_look_alikes_give_no_row(previous, text):
    from tests.layer_sets import TUE, found_rows

    assert found_rows(text, TUE, previous=previous, speaker="小王" if text[0] > "z" else "Ben") == []


def test_r7_second_review_kept_readings(default_hub):
    from tests.layer_sets import TUE, found_rows

    # a mention with no space after it cannot be told from the line; the line is read whole
    assert [(r[0], r[3]) for r in found_rows("@阿峰我不吃香菜", TUE, speaker="小王")] == [
        ("preference", "香菜")
    ]
    rows = found_rows("入职啦，在腾讯做测试", TUE, speaker="小王")
    assert {(r[2], r[3]) for r in rows} == {("employer", "腾讯"), ("job", "测试")}
    assert [(r[2], r[3]) for r in found_rows("我读博了，在中科院", TUE, speaker="小王")] == [
        ("school", "中科院")
    ]
    # another's "can't come, tomorrow then" is no promise of theirs, and moves no one's
    mem = heard(
        default_hub, "r7_s1", [(0, "阿峰", "今天我过来拿钥匙"), (0, "小美", "今天来不了了，改明天吧")]
    )
    assert [(c.owner, c.due) for c in mem.commitments()] == [("阿峰", date(2026, 9, 1))], _all(mem)
    # a day put right on the weekday it names is that weekday after the day it had
    mem = heard(
        default_hub, "r7_s2", [(0, "阿峰", "周一例会我来主持"), (0, "阿峰", "说错了，例会是周二不是周一")]
    )
    assert [c.due for c in mem.commitments()] == [date(2026, 9, 8)], _all(mem)


def test_r7_diff_read_a_correction_keeps_the_rest_and_asks_well(default_hub):
    from tests.layer_sets import TUE, found_rows

    # what the line goes on to say after the correction is read
    rows = found_rows("不对，是网易不是腾讯，我下周一入职", TUE, speaker="小何")
    assert ("commitment", "小何") in {(r[0], r[1]) for r in rows}, rows
    rows = found_rows("Sorry, Thursday not Friday. I'll bring the wine", TUE, speaker="Ben")
    assert ("commitment", "bring the wine") in {(r[0], r[3]) for r in rows}, rows
    # a time said to be something, an hour put right, a word after an asterisk: no correction
    for line in ("抱歉，明天是周末", "不好意思，是三点不是四点"):
        assert [r for r in found_rows(line, TUE, speaker="小何") if r[0] in ("status", "fact")] == [], line
    mem = heard(default_hub, "r7_d0", [(0, "Ben", "I work at Tesco"), (0, "Ben", "*Thanks")])
    assert _current(mem, "Ben", "employer") == ["Tesco"], _all(mem)
    mem = heard(
        default_hub, "r7_d1", [(0, "Ben", "I work at Yorkshire Water"), (0, "Ben", "No, Leeds not York")]
    )
    assert _current(mem, "Ben", "employer") == ["Yorkshire Water"], _all(mem)
    mem = heard(default_hub, "r7_d2", [(0, "Ben", "I live in Tokyo"), (0, "Ben", "*OK")])
    assert _current(mem, "Ben", "residence") == ["Tokyo"], _all(mem)
    # a taste question's thing, and answers that are no yes or no to it
    assert found_rows("I don't know much about it", TUE, previous="do you like jazz?", speaker="Ben") == []
    assert found_rows("no", TUE, previous="do you mind spicy food?", speaker="Ben") == []
    rows = found_rows("爱", TUE, previous="你爱不爱喝咖啡？", speaker="小王")
    assert [(r[0], r[3]) for r in rows] == [("preference", "咖啡")], rows
    assert [r[3] for r in found_rows("喜欢吃辣的", TUE, previous="你喜欢什么？", speaker="小王")] == ["辣"]
    # "like it" that is no stance's; a named thing kept when a plan is moved; a volunteer for now
    assert found_rows("looks like it will rain", TUE, previous="I love hiking", speaker="Ben") == []
    assert [r[3] for r in found_rows("周六的聚餐去不了了，周日去", TUE, speaker="小王")] == ["聚餐"]
    rows = found_rows("我来", TUE, previous="谁能帮我拿一下刚才的快递？", speaker="小王")
    assert [r[0] for r in rows] == ["commitment"], rows
    assert [r[3] for r in found_rows("测试小程序我明天做", TUE, speaker="小王")] == ["做测试小程序"]
    assert found_rows("I left London in the morning", TUE, speaker="Ben") == []


# -- round eight: how people type on a phone (a thought over several messages, lower case, lists,
# idioms of taste, Traditional characters and regional words) ---------------------------------------


@pytest.mark.parametrize(
    ("tenant", "lines", "owner", "due"),
    [
        # the day sent on its own a moment after the promise is its day
        ("r8_b1", [(0, "Amy", "ok so"), (0, "Amy", "ill do the slides"), (0, "Amy", "by fri")], "Amy", 4),
        (
            "r8_b2",
            [
                (0, "Zoe", "ok I'll email the school"),
                (0, "Zoe", "re the trip"),
                (0, "Zoe", "first thing tomorrow"),
            ],
            "Zoe",
            2,
        ),
        ("r8_b3", [(0, "王芳", "那个"), (0, "王芳", "PPT我来做"), (0, "王芳", "周五前")], "王芳", 4),
        # (or to the question of when)
        (
            "r8_b4",
            [
                (0, "Ayo", "I'll do the seating plan"),
                (0, "Kim", "when can I have it?"),
                (0, "Ayo", "Thursday at the latest"),
            ],
            "Ayo",
            3,
        ),
        # a day moved by a "will" whose I was dropped, "fri" alone a day
        (
            "r8_b5",
            [
                (0, "Tess", "ill return the library books tmrw"),
                (1, "Tess", "ugh forgot the books, will do it fri instead"),
            ],
            "Tess",
            4,
        ),
        ("r8_b6", [(0, "郑浩", "月底前我把方案交上去"), (10, "郑浩", "方案延到下个月10号再交")], "郑浩", 40),
    ],
)
def test_r8_a_promise_s_day_sent_after_it_or_moved(default_hub, tenant, lines, owner, due):
    mem = heard(default_hub, tenant, lines)
    c = _commit(mem, owner)
    # (due: the day of September 2026, or of October past 30)
    assert (c.status, c.due) == ("open", date(2026, 9, 1) + timedelta(days=due - 1)), _all(mem)


def test_r8_a_day_alone_sets_no_day_already_set_nor_one_said_long_after(default_hub):
    mem = heard(default_hub, "r8_b7", [(0, "Amy", "I'll send the report tomorrow"), (0, "Amy", "by fri")])
    assert _commit(mem, "Amy").due == date(2026, 9, 2), _all(mem)
    mem = heard(default_hub, "r8_b8", [(0, "Amy", "I'll do the slides"), (3, "Amy", "friday")])
    assert _commit(mem, "Amy").due is None, _all(mem)


@pytest.mark.parametrize(
    ("text", "speaker"),
    [
        # a doubt of one's own act, a day one cannot, a day moved: no promise
        ("I don't think I'll make it tonight tbh", "Harry"),
        ("dont think i'll be able to come", "Harry"),
        ("我明天走不开", "杨帆"),
        ("我明天去不成", "杨帆"),
        # advice asked between two acts is no taste; help declined is none either
        ("wait till tmrw", "Rosie"),
        ("狠狠爱了", "孙悅"),
    ],
)
def test_r8_no_promise_and_no_taste(text, speaker):
    from tests.layer_sets import TUE, found_rows

    previous = "should I call her or wait?" if text.startswith("wait") else None
    rows = found_rows(text, TUE, previous=previous, speaker=speaker)
    assert [r for r in rows if r[0] in ("commitment", "preference")] == [], rows


def test_r8_a_doubt_before_a_promise_of_its_own_and_help_declined():
    from tests.layer_sets import TUE, found_rows

    rows = found_rows("I don't think I'll go, but I'll send the notes tonight", TUE, speaker="Harry")
    assert [(r[0], r[3]) for r in rows] == [("commitment", "send the notes")], rows
    rows = found_rows(
        "no honestly we're fine, thanks tho", TUE, previous="want a hand with the move?", speaker="Tess"
    )
    assert rows == []
    rows = found_rows("sushi!", TUE, previous="should we get pizza or sushi?", speaker="Tess")
    assert [(r[0], r[3]) for r in rows] == [("preference", "sushi")], rows
    rows = found_rows("不是不喜欢火锅，就是最近吃腻了", TUE, previous="火锅走起？", speaker="陈静")
    assert rows == []


@pytest.mark.parametrize(
    ("text", "things", "likes"),
    [
        ("love sushi and ramen but can't stand curry", {"sushi", "ramen"}, True),
        ("love sushi, ramen and pho!", {"sushi", "ramen", "pho"}, True),
        ("I hate mushrooms and olives", {"mushrooms", "olives"}, False),
        ("I don't like tea or coffee", {"tea", "coffee"}, False),
        ("I've always liked cats and dogs so much", {"cats", "dogs"}, True),
        # one thing of two words joined, and a list with one in it
        ("I love fish and chips", {"fish and chips"}, True),
        ("I love curry, fish and chips", {"curry", "fish and chips"}, True),
    ],
)
def test_r8_a_list_of_things_is_each_thing(text, things, likes):
    from tests.layer_sets import TUE, found_rows

    rows = [r for r in found_rows(text, TUE, speaker="Dee") if r[0] == "preference" and r[4] is likes]
    assert {r[3] for r in rows} == things, found_rows(text, TUE, speaker="Dee")


def test_r8_no_list_where_a_part_is_no_thing():
    from tests.layer_sets import TUE, found_rows

    # (a comma alone ends a clause; an adverb or a verb cut off heads no thing)
    rows = found_rows("Can't stand reality TV, honestly.", TUE, speaker="Ben")
    assert [r[3] for r in rows] == ["reality tv"], rows
    rows = found_rows("I used to love jazz and still do", TUE, speaker="Ben")
    assert [r[3] for r in rows if r[0] == "preference"] == ["jazz"], rows
    rows = found_rows("I love hiking and going to the gym", TUE, speaker="Ben")
    assert len([r for r in rows if r[0] == "preference"]) == 1, rows


@pytest.mark.parametrize(
    ("text", "thing", "likes"),
    [
        ("yoga's not really my thing", "yoga", False),
        ("board games are defo growing on me", "board games", True),
        ("tried padel for the first time, totally hooked", "padel", True),
        ("went to the climbing wall last night and I'm obsessed", "climbing wall", True),
        ("I loved coffee but I've gone off it lately", "coffee", False),
    ],
)
def test_r8_a_taste_said_by_an_idiom(text, thing, likes):
    from tests.layer_sets import TUE, found_rows

    rows = [r for r in found_rows(text, TUE, speaker="Isla") if r[0] == "preference"]
    assert [(r[3], r[4]) for r in rows] == [(thing, likes)], rows


@pytest.mark.parametrize(
    ("text", "subject", "layer", "value"),
    [
        # chat's words for a relative, a best friend and a partner
        ("the kids are obsessed with Bluey", "Gina's kids", "preference", "Bluey"),
        ("mum says she'll make the trifle for sunday", "Gina's mum", "commitment", "make the trifle"),
        ("dad's gonna paint the shed next weekend", "Gina's dad", "commitment", "paint the shed"),
        ("my bestie Priya just got engaged", "Priya", "fact", "engaged"),
        ("my other half's started a new job at the BBC", "Gina's other half", "fact", "BBC"),
    ],
)
def test_r8_a_relative_by_chat_s_word(text, subject, layer, value):
    from tests.layer_sets import TUE, found_rows

    rows = found_rows(text, TUE, speaker="Gina")
    assert (layer, subject, value.casefold()) in {(r[0], r[1], r[3].casefold()) for r in rows}, rows


def test_r8_facts_in_chat_words(default_hub):
    from tests.layer_sets import TUE, found_rows

    rows = found_rows("just got promoted to senior dev 🥳", TUE, speaker="Liam")
    assert [(r[2], r[3]) for r in rows] == [("job", "senior dev")], rows
    rows = found_rows("got promoted to head of sales", TUE, speaker="Liam")
    assert [(r[2], r[3]) for r in rows] == [("job", "head of sales")], rows
    rows = found_rows("ive been at google 5 yrs", TUE, speaker="Paul")
    assert [(r[2], r[3]) for r in rows] == [("employer", "Google")], rows
    mem = heard(
        default_hub,
        "r8_f1",
        [(0, "Will", "working at a bakery rn"), (14, "Will", "new job! barista at Costa from next week")],
    )
    assert (_current(mem, "Will", "employer"), _current(mem, "Will", "job")) == (["Costa"], ["barista"]), (
        _all(mem)
    )
    mem = heard(
        default_hub,
        "r8_f2",
        [(0, "Olivia", "I work for the council"), (25, "Olivia", "left the council, I'm freelancing now")],
    )
    assert _current(mem, "Olivia", "employer") == [], _all(mem)
    # (the place left where the line names the next one is no lift of it)
    rows = found_rows("Grace left the bank, she works for the BBC now.", TUE, speaker="Ben")
    assert [(r[2], r[3]) for r in rows] == [("employer", "BBC")], rows
    mem = heard(default_hub, "r8_f3", [(0, "高峰", "我在腾讯做后端"), (7, "高峰", "我不在腾讯干了")])
    assert _current(mem, "高峰", "employer") == ["none"], _all(mem)


@pytest.mark.parametrize(
    ("tenant", "lines", "check"),
    [
        # Traditional characters, read as Simplified, given back as written
        (
            "r8_t1",
            [(0, "林志明", "我現在在台積電上班"), (15, "林志明", "我離開台積電了，現在在聯發科")],
            ("fact", "林志明", "聯發科"),
        ),
        (
            "r8_t2",
            [(0, "孫悅", "我姐說她週五把錢還我"), (5, "孫悅", "我姐錢還我了")],
            ("done", "孫悅的姐姐", "把錢還我"),
        ),
        (
            "r8_t3",
            [(0, "張偉", "我以前超討厭香菜"), (0, "張偉", "現在居然愛上了，yyds")],
            ("liked", "張偉", "香菜"),
        ),
        # regional words read as Mandarin's
        ("r8_t4", [(0, "吴敏", "我好鍾意食壽司")], ("liked", "吴敏", "壽司")),
        ("r8_t5", [(0, "邓超", "俺明个把钱打给你"), (1, "邓超", "钱打过去了")], ("done", "邓超", "钱")),
        ("r8_t6", [(0, "何军", "俺爹今年七十了")], ("fact", "何军的爸爸", "70")),
        ("r8_t7", [(0, "冯雪", "阿May話佢好鍾意食榴槤")], ("liked", "阿May", "榴槤")),
    ],
)
def test_r8_traditional_characters_and_regional_words(default_hub, tenant, lines, check):
    mem = heard(default_hub, tenant, lines)
    kind, subject, value = check
    if kind == "liked":
        liked(mem, subject, value)
    elif kind == "done":
        c = _commit(mem, subject)
        assert c.status == "done" and value in c.what, _all(mem)
    else:
        assert value in [f.value for f in mem.facts(subject=subject)], _all(mem)


def test_r8_chinese_called_off_and_moved(default_hub):
    mem = heard(
        default_hub,
        "r8_z1",
        [(0, "杨帆", "明天早上我去机场接你"), (0, "杨帆", "算了还是你打车吧，我明天走不开")],
    )
    assert [(c.what, c.status) for c in mem.commitments()] == [("去机场接你", "cancelled")], _all(mem)
    from tests.layer_sets import TUE, found_rows

    rows = found_rows("老张说周六来不了", TUE, speaker="曹阳")
    assert [(r[0], r[1], r[-2]) for r in rows] == [("status", "老张", "cancelled")], rows


@pytest.mark.parametrize(
    ("text", "things"),
    [
        # a pair said as one, a head noun the two share, a name of its own: one thing, no list
        ("I love salt and vinegar crisps", {"salt and vinegar crisps"}),
        ("I love bread and butter pudding", {"bread and butter pudding"}),
        ("I love Simon and Garfunkel", {"simon and garfunkel"}),
        ("can't stand Marks and Spencer", {"marks and spencer"}),
        ("love rhythm and blues", {"rhythm and blues"}),
        ("podcasts are def growing on me", {"podcasts"}),
    ],
)
def test_r8_review_one_thing_joined_by_and(text, things):
    from tests.layer_sets import TUE, found_rows

    rows = [r for r in found_rows(text, TUE, speaker="Ben") if r[0] == "preference"]
    assert {r[3].casefold() for r in rows} == things, rows


def test_r8_review_english(default_hub):
    from tests.layer_sets import TUE, found_rows

    # a day alone after a promise to a "when?" moves that promise; it makes no second one
    mem = heard(
        default_hub,
        "r8_e1",
        [
            (0, "Ana", "when can I have the draft?"),
            (0, "Raj", "I'll get it to you"),
            (0, "Raj", "Friday at the latest"),
        ],
    )
    assert [(c.owner, c.due) for c in mem.commitments()] == [("Raj", date(2026, 9, 4))], _all(mem)
    # no taste or task in a help declined, nor in advice between two acts
    assert found_rows("no we're fine ta", TUE, previous="want me to bring anything?", speaker="Ben") == []
    assert (
        found_rows("nah we're sorted thanks", TUE, previous="need a lift to the airport?", speaker="Ben")
        == []
    )
    assert found_rows("text, always text", TUE, previous="should I call or text?", speaker="Ben") == []
    # the wife, mam
    rows = found_rows("the wife's not a fan of camping", TUE, speaker="Ben")
    assert [(r[1], r[3], r[4]) for r in rows] == [("Ben's wife", "camping", False)], rows
    rows = found_rows("mam says she'll ring you", TUE, speaker="Ben")
    assert [(r[0], r[1]) for r in rows] == [("commitment", "Ben's mum")], rows


def test_r8_review_chinese(default_hub):
    from tests.layer_sets import TUE, found_rows

    # a maybe is no call-off; 明个儿 is tomorrow; 而家 / 唔 are now / not
    assert found_rows("我明天可能去不了", TUE, speaker="小王") == []
    rows = found_rows("明个儿我去给你送菜", TUE, speaker="小王")
    assert [(r[0], r[-1]) for r in rows] == [("commitment", date(2026, 9, 2))], rows
    rows = found_rows("我以前鍾意食辣，而家唔食喇", TUE, speaker="小王")
    assert [(r[3], r[4]) for r in rows] == [("辣", False)], rows
    rows = found_rows("我阿媽話佢聽日嚟探我", TUE, speaker="小王")
    assert [(r[0], r[1]) for r in rows] == [("commitment", "小王的妈妈")], rows
    # a stance of no thing, and of "not not"
    assert found_rows("爱了爱了", TUE, speaker="小王") == []
    assert found_rows("不是讨厌他，只是有点怕他", TUE, speaker="小王") == []
    # a date with a dot before a deadline word, a holiday or the new year as the time
    rows = found_rows("我3.10前把论文初稿给你", TUE, speaker="罗斌")
    assert [(r[0], r[-1]) for r in rows] == [("commitment", date(2027, 3, 10))], rows
    assert [r[0] for r in found_rows("过完年我请大家吃饭", TUE, speaker="韩梅")] == ["commitment"]
    assert found_rows("考了3.5分", TUE, speaker="罗斌") == []
    # one's own line before on a relative's taste is theirs, not the speaker's; how much is left out
    mem = heard(default_hub, "r8_z2", [(0, "小王", "我姐以前很讨厌猫"), (0, "小王", "现在超爱")])
    assert [p for p in mem.preferences() if p.subject == "小王"] == [], _all(mem)
    mem = heard(default_hub, "r8_z3", [(0, "小王", "我以前很喜欢跑步"), (0, "小王", "现在讨厌死了")])
    disliked(mem, "小王", "跑步")


def test_r8_diff_read_regional_words_leave_mandarin_alone(default_hub):
    from tests.layer_sets import TUE, found_rows

    # the Mandarin words a regional word is part of are read as written
    assert [r[3] for r in found_rows("我喜欢听日语歌", TUE, speaker="小王")] == ["日语歌"]
    assert [r[3] for r in found_rows("我喜欢吃老豆腐", TUE, speaker="小王")] == ["老豆腐"]
    # years ago is no time of a promise; a spread is no move
    assert found_rows("我三年前帮他搬过家", TUE, speaker="小王") == []
    assert found_rows("疫情蔓延到全国", TUE, speaker="小王") == []
    # a patient leaves a hospital; a list keeps a pair said as one
    assert found_rows("Dad left the hospital, he's home now", TUE, speaker="Ben") == []
    rows = found_rows("I love rock and roll and jazz", TUE, speaker="Ben")
    assert {r[3] for r in rows} == {"rock and roll", "jazz"}, rows
    # a day alone goes to the promise with no day, by its words
    mem = heard(
        default_hub,
        "r8_d1",
        [(0, "Amy", "ill do slides"), (0, "Amy", "I'll send the invoice by Mon"), (0, "Amy", "by fri")],
    )
    assert sorted((c.what, c.due) for c in mem.commitments()) == [
        ("do slides", date(2026, 9, 4)),
        ("send the invoice", date(2026, 9, 7)),
    ], _all(mem)


# -- round nine: group chats (#40, 2026-12-07, eighth session) ------------------------------------
# Three to five people in one chat: a task asked of the group and taken on by whoever answers, a
# task said to the one mentioned, a promise reported done by its verb alone, and group banter that
# must give nothing.


@pytest.mark.parametrize(
    ("tenant", "lines", "owner", "what", "due"),
    [
        # the one who answers takes it on, with the day the ask named
        (
            "r9_g1",
            [(0, "Tom", "who can bring the cake on Saturday?"), (0, "Sara", "me!")],
            "Sara",
            "cake",
            date(2026, 9, 5),
        ),
        (
            "r9_g2",
            [(0, "Dan", "can someone pick up Mia at 3?"), (0, "Lucy", "I got it")],
            "Lucy",
            "Mia",
            None,
        ),
        # (or the one they name; then that one's own yes is the same promise, its day added)
        (
            "r9_g3",
            [
                (0, "Jake", "Who's grabbing the tickets?"),
                (0, "Will", "Sam can, he's got the card"),
                (0, "Sam", "yep I'll get them tonight"),
            ],
            "Sam",
            "tickets",
            date(2026, 9, 1),
        ),
        # Chinese: the verb said again of a thing put before it with 把; 负责; come back for it
        (
            "r9_g5",
            [(0, "杨帆", "明早前谁把PPT发群里？"), (0, "许丽", "我发")],
            "许丽",
            "PPT",
            date(2026, 9, 2),
        ),
        (
            "r9_g6",
            [(0, "班长", "周日烧烤，谁负责带炭？"), (0, "冯凯", "我带炭")],
            "冯凯",
            "炭",
            date(2026, 9, 6),
        ),
        (
            "r9_g7",
            [(0, "老妈", "国庆谁回来帮我搬柜子？"), (0, "小军", "我回去搬")],
            "小军",
            "柜子",
            date(2026, 10, 1),
        ),
        # a task said to the one mentioned, taken on by their yes
        (
            "r9_g8",
            [(0, "刘洋", "@张伟 你订下明天下午的会议室"), (0, "张伟", "收到")],
            "张伟",
            "会议室",
            date(2026, 9, 2),
        ),
        (
            "r9_g9",
            [(0, "张经理", "@小刘 周三前把合同发给客户"), (0, "小刘", "好的马上")],
            "小刘",
            "合同",
            date(2026, 9, 2),
        ),
    ],
)
def test_r9_a_task_asked_of_a_group_is_the_one_s_who_takes_it(default_hub, tenant, lines, owner, what, due):
    mem = heard(default_hub, tenant, lines)
    rows = mem.commitments()
    assert len(rows) == 1, _all(mem)
    c = rows[0]
    assert (c.owner, what.casefold() in c.what.casefold(), c.due, c.status) == (owner, True, due, "open"), (
        _all(mem)
    )


def test_r9_a_task_not_taken():
    from tests.layer_sets import TUE, found_rows

    # a thing offered, who can come, a no, a maybe: nothing taken on
    assert found_rows("me!", TUE, previous="who wants the last slice?", speaker="Sara") == []
    assert found_rows("me!", TUE, previous="who can make it on Friday?", speaker="Sara") == []
    assert (
        found_rows("I can't, sorry", TUE, previous="who can bring the cake on Saturday?", speaker="Sara")
        == []
    )
    assert found_rows("I could maybe", TUE, previous="can someone pick up Mia at 3?", speaker="Sara") == []
    # a line's own promise is what it promises, not the ask before it
    rows = found_rows(
        "me! I finish at 5 so I can grab her",
        TUE,
        previous="can someone pick Maya up from Brownies tonight? I'm stuck in Reading",
        speaker="Sophie",
    )
    assert [r for r in rows if r[0] == "commitment" and "maya" in r[3]] == [], rows
    # a task said to the one mentioned is not the speaker's; a question to them, or another's yes, takes nothing on
    assert found_rows("@小刘 周三前把合同发给客户", TUE, speaker="张经理") == []
    assert found_rows("收到", TUE, previous="@张伟 合同发了吗", speaker="张伟") == []
    assert found_rows("收到", TUE, previous="@张伟 你订下明天下午的会议室", speaker="李雷") == []
    assert [r[0] for r in found_rows("@刘洋 好的，明天发你", TUE, speaker="张伟")] == ["commitment"]


@pytest.mark.parametrize(
    ("tenant", "lines", "owner", "status"),
    [
        # said done by its verb alone, or by the thing fetched
        (
            "r9_d1",
            [(0, "宋涛", "那个发票"), (0, "宋涛", "我下午开给你"), (0, "宋涛", "开好了，发你微信了")],
            "宋涛",
            "done",
        ),
        (
            "r9_d2",
            [(0, "何军", "我这周末把房子打扫一下"), (6, "何军", "打扫完了累死了[捂脸]")],
            "何军",
            "done",
        ),
        ("r9_d3", [(0, "陳家豪", "聽日我幫你攞文件"), (1, "陳家豪", "文件攞咗喇")], "陳家豪", "done"),
        (
            "r9_d4",
            [(0, "林志偉", "我下禮拜一把報告寄給大家"), (6, "林志偉", "報告寄出去囉")],
            "林志偉",
            "done",
        ),
        ("r9_d5", [(0, "吴敏", "老张说他周六来修车"), (4, "吴敏", "老张今天来把车修好了")], "老张", "done"),
        (
            "r9_d6",
            [
                (0, "Mia", "can you grab milk on the way?"),
                (0, "Noah", "yep will do"),
                (0, "Noah", "got the milk 👍"),
            ],
            "Noah",
            "done",
        ),
        (
            "r9_d7",
            [
                (0, "Tom", "I'm gonna review Priya's PR this afternoon"),
                (0, "Priya", "thanks!"),
                (0, "Tom", "approved 👍"),
            ],
            "Tom",
            "done",
        ),
        # after the act, a plan: nothing done yet
        ("r9_d8", [(0, "何军", "我今晚把报告写完"), (0, "何军", "写完了就发你")], "何军", "open"),
        # "got" what one came by, or a text got: nothing done
        ("r9_d9", [(0, "Noah", "I'll send the slides tonight"), (0, "Noah", "got it")], "Noah", "open"),
    ],
)
def test_r9_a_promise_said_done_by_its_verb_or_its_thing(default_hub, tenant, lines, owner, status):
    mem = heard(default_hub, tenant, lines)
    assert _commit(mem, owner).status == status, _all(mem)


def test_r9_a_promise_moved_by_a_pro_form_or_a_bare_change_of_day(default_hub):
    mem = heard(
        default_hub,
        "r9_m1",
        [
            (0, "Nina", "I'll call the plumber tomorrow"),
            (1, "Nina", "can't today after all, I'll call him Monday instead"),
        ],
    )
    # ("him" may be anyone: "instead" alone moves no promise of another verb's thing)
    assert ("call the plumber", date(2026, 9, 2)) in [(c.what, c.due) for c in mem.commitments()], _all(mem)
    mem = heard(
        default_hub, "r9_m2", [(0, "罗琳", "我明天下午去银行办卡"), (1, "罗琳", "银行今天人太多，改后天去")]
    )
    assert _commit(mem, "罗琳").due == date(2026, 9, 4), _all(mem)


@pytest.mark.parametrize(
    ("previous", "text", "speaker"),
    [
        (None, "haha I'll hold you to that", "Jake"),
        ("should we get a new sofa or wait for the sales?", "wait for the sales imo", "Tom"),
        ("does anyone want my spare ticket for Friday?", "I'm good thanks", "Ryan"),
        ("i could bring snacks i guess? idk", "nah we've got loads, don't worry", "Ruby"),
        ("want some cake?", "no thanks, I already ate", "Ruby"),
        ("明天几点出发？", "别迟到了", "老妈"),
        (None, "大家别忘了带伞", "老妈"),
        ("要不要我帮你带份午饭？", "不用啦谢谢，我带了饭", "杨帆"),
        (None, "吃完了我们去散步", "杨帆"),
        (None, "写完了发你", "杨帆"),
        (None, "写好了没", "杨帆"),
        (None, "做好了叫我", "杨帆"),
        ("who can bring the cake?", "me?", "Sara"),
    ],
)
def test_r9_group_banter_gives_nothing(previous, text, speaker):
    from tests.layer_sets import TUE, found_rows

    assert found_rows(text, TUE, previous=previous, speaker=speaker) == []


def test_r9_a_favour_declined_because_it_is_had_already_is_no_taste():
    from tests.layer_sets import TUE, found_rows

    rows = found_rows(
        "不用了，我已经买了", TUE, previous="我周末去宜家，要不要帮你带个台灯？", speaker="韩梅梅"
    )
    assert [r for r in rows if r[0] == "preference"] == [], rows
    # (a plain no to a dish offered still is one)
    rows = found_rows("nah", TUE, previous="fancy sushi tonight?", speaker="Ruby")
    assert [(r[0], r[4]) for r in rows] == [("preference", False)], rows


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("我搬咗去荃灣住", "residence", "荃灣"),
        ("我搬去杭州住了", "residence", "杭州"),
        ("入职阿里第一天，好紧张", "employer", "阿里"),
    ],
)
def test_r9_facts_as_typed(text, key, value):
    from tests.layer_sets import TUE, found_rows

    rows = found_rows(text, TUE, speaker="小王")
    assert [(r[2], r[3]) for r in rows if r[0] == "fact"] == [(key, value)], rows


def test_r9_review_english_a_group_ask_is_a_task_and_a_yes_is_whole(default_hub):
    from tests.layer_sets import TUE, found_rows

    # what one is able to do or feel is no task asked; nobody / anyone is no one's name
    for previous, text in [
        ("who can swim?", "me!"),
        ("who can resist a warm doughnut?", "me!"),
        ("who can beat Sam at darts?", "Sam can"),
        ("who can pick up Mia at 3?", "nobody can, we're all at work"),
        ("who's doing the washing up tonight?", "I can never remember whose turn it is"),
        ("who's bringing the BBQ food?", "I could eat a horse right now"),
        ("who can bring a high chair?", "I can ask my sister"),
        ("who could pick up the keys?", "I could, but Sam's closer"),
    ]:
        assert found_rows(text, TUE, previous=previous) == [], (previous, text)
    # a yes with marks, said thrice, or with "no worries" after it; an -ing act as the act
    for previous, text, what in [
        ("who's bringing the bunting?", "me! 🙋", "bring the bunting"),
        ("who's sorting the Airbnb for Cornwall?", "me me me", "sort the airbnb"),
        ("who can feed the fish this weekend?", "yeah I can, no worries", "feed the fish"),
        ("who's handling the invoices this month?", "I can", "handle the invoices"),
        ("who can ring the venue about the deposit?", "leave it with me", "ring the venue"),
    ]:
        rows = found_rows(text, TUE, previous=previous)
        assert [r[0] for r in rows] == ["commitment"] and rows[0][3].startswith(what), rows
    # a pro-form is the same promise only by its verb: another act after "instead" is its own
    mem = heard(
        default_hub,
        "r9_v1",
        [
            (0, "Ben", "I'll fix the fence on Saturday"),
            (0, "Amy", "did you reach the landlord about the boiler?"),
            (0, "Ben", "he's not picking up, I'll email him instead"),
        ],
    )
    assert len(mem.commitments()) == 2, _all(mem)
    mem = heard(
        default_hub,
        "r9_v2",
        [
            (0, "Lena", "who's picking up the balloons?"),
            (0, "Sam", "me!"),
            (0, "Sam", "I'll grab them on my lunch break tomorrow"),
        ],
    )
    c = _commit(mem, "Sam")
    assert (c.what, c.due) == ("pick up the balloons", date(2026, 9, 2)), _all(mem)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("got the hiccups and can't stop", None),
        ("got the day off tomorrow!", None),
        ("got the bus home, all good", None),
        ("got some bad news today", None),
        ("grabbed a nap, feel loads better", None),
        ("finally approved for the mortgage 🎉", None),
        ("my visa got approved!", None),
        ("dropped the kids back at their mum's", "kids"),
        ("I dropped the keys back through the letterbox", "keys"),
        ("got the flu jab today, arm's sore", "flu jab"),
    ],
)
def test_r9_review_english_done_words_of_an_errand_only(text, value):
    from tests.layer_sets import TUE, found_rows

    done = [r[3] for r in found_rows(text, TUE) if r[0] == "status"]
    if value is None:
        assert done == [], done
    else:
        assert len(done) == 1 and done[0].startswith(value), done


@pytest.mark.parametrize(
    ("previous", "text", "topic"),
    [
        # a reason of its own is still a no to the thing
        ("want an oyster?", "god no, I already had food poisoning from them once", "oyster"),
        ("fancy a whisky?", "no thanks, I've got some bad memories of whisky", "whisky"),
        ("要不要来瓶啤酒？", "不要，我喝了头疼", "啤酒"),
        ("要不要喝杯咖啡？", "不了，我喝了睡不着", "咖啡"),
    ],
)
def test_r9_review_a_no_for_a_reason_of_its_own_is_still_a_no(previous, text, topic):
    from tests.layer_sets import TUE, found_rows

    rows = found_rows(text, TUE, previous=previous, speaker="Ben")
    assert (topic, False) in [(r[3], r[4]) for r in rows if r[0] == "preference"], rows


def test_r9_review_chinese():
    from tests.layer_sets import TUE, found_rows

    # a promise made to the one mentioned stays the speaker's
    for text in ["@小美 明天发你", "@阿强 周末帮你搬家"]:
        assert [r[:2] for r in found_rows(text, TUE, speaker="小王")] == [("commitment", "小王")], text
    # an order not to, a task called off, a complaint, a report of what is done: nothing taken on
    for previous in [
        "@张伟 你别把合同发给客户",
        "@张伟 会议室不用订了",
        "@张伟 你上次订的会议室太小了",
        "@张伟 会议室我已经订好了",
    ]:
        assert found_rows("收到", TUE, previous=previous, speaker="张伟") == [], previous
    # 就 / 再 further on: a time, nothing done
    for text in ["改完了这页就发你", "洗完了澡就睡"]:
        assert found_rows(text, TUE, speaker="小李") == [], text
    # a warning after a clause
    assert found_rows("明天早上八点集合，别迟到了哈", TUE, speaker="班长") == []
    assert found_rows("大家出门别忘了带身份证", TUE, speaker="班长") == []
    # a department is no employer; Cantonese kin are the speaker's kin; a stay is no home
    assert found_rows("我調咗去銷售部", TUE, speaker="小王") == []
    rows = found_rows("我家姐搬咗去美國住", TUE, speaker="小王")
    assert [(r[1], r[2], r[3]) for r in rows] == [("小王的姐姐", "residence", "美國")], rows
    assert found_rows("我搬去杭州住几天", TUE, speaker="小王") == []
    assert found_rows("入职培训第一天", TUE, speaker="小王") == []
    # 马上 is no name
    rows = found_rows("收到，马上办", TUE, previous="@老周 今天下班前把报价单发给客户", speaker="老周")
    assert [(r[0], r[1]) for r in rows] == [("commitment", "老周")], rows


def test_r9_second_reviews(default_hub):
    from tests.layer_sets import TUE, found_rows

    # what one attends, can do or travels on is no errand asked of the group
    for previous in [
        "who can make Saturday?",
        "who can drive stick?",
        "who's getting the bus home?",
        "who can cook?",
    ]:
        assert found_rows("I can", TUE, previous=previous) == [], previous
    # a thing received, an illness, a ride, a slip: no errand done
    for text in [
        "got the email, thanks",
        "got the cold from the kids",
        "got the coach, so tired",
        "grabbed the wrong bag 🤦",
    ]:
        assert [r for r in found_rows(text, TUE) if r[0] == "status"] == [], text
    # the next act after a fetch is its own promise ("bring it over")
    mem = heard(
        default_hub,
        "r9_w1",
        [
            (0, "Ben", "I'll collect the parcel from the depot today"),
            (0, "Ben", "I'll bring it over tomorrow"),
        ],
    )
    assert len(mem.commitments()) == 2, _all(mem)
    # "instead" with two open promises of that verb tells not which: neither moves
    mem = heard(
        default_hub,
        "r9_w2",
        [
            (0, "Nina", "I'll call the plumber tomorrow"),
            (0, "Nina", "I'll call Mum tonight"),
            (1, "Nina", "can't today after all, I'll call him Monday instead"),
        ],
    )
    assert {c.what: c.due for c in mem.commitments() if c.what != "call him instead"} == {
        "call the plumber": date(2026, 9, 2),
        "call mum": date(2026, 9, 1),
    }, _all(mem)
    # a taste said beside "had already" stays a no
    rows = found_rows("nah, I already ate. sushi isn't my thing anyway", TUE, previous="want to grab sushi?")
    assert [r[4] for r in rows if r[0] == "preference"] == [False], rows
    rows = found_rows("不要不要，我吃过了，难吃死了", TUE, previous="来点榴莲吗？", speaker="小王")
    assert [(r[3], r[4]) for r in rows if r[0] == "preference"] == [("榴莲", False)], rows
    # the place named before 改…去 picks the plan moved
    mem = heard(
        default_hub,
        "r9_w3",
        [
            (0, "小王", "我明天去银行办卡"),
            (0, "小王", "我周五去医院体检"),
            (1, "小王", "银行今天人多，改后天去"),
        ],
    )
    assert {c.what: c.due for c in mem.commitments()} == {
        "去银行办卡": date(2026, 9, 4),
        "去医院体检": date(2026, 9, 4),
    }, _all(mem)
    # told, praised or complained of to the one mentioned: nothing taken on
    for previous in [
        "@王磊 你上周发的那个文件有问题",
        "@王磊 这周的周报写得很清楚",
        "@王磊 客户说合同有问题",
    ]:
        assert found_rows("收到", TUE, previous=previous, speaker="王磊") == [], previous
    # the asker as the one a thing is for; a name in Traditional characters; an answer to a line
    # that mentioned the speaker is the speaker's own promise
    rows = found_rows("收到", TUE, previous="@王磊 周五前把预算表发我", speaker="王磊")
    assert [(r[0], r[1]) for r in rows] == [("commitment", "王磊")], rows
    rows = found_rows("收到", TUE, previous="@張偉 你訂下明天下午的會議室", speaker="張偉")
    assert [(r[0], r[1]) for r in rows] == [("commitment", "張偉")], rows
    assert found_rows("@小刘 好几个客户在等，今天把合同发出去", TUE, speaker="王总") == []
    rows = found_rows("@王总 周五前把方案做完", TUE, previous="@小刘 方案呢？", speaker="小刘")
    assert [(r[0], r[1]) for r in rows] == [("commitment", "小刘")], rows
    # asked after the fact; a warning beside a task done; a stay said with 了
    assert found_rows("我发", TUE, previous="谁把这个链接发群里了？", speaker="小王") == []
    rows = found_rows("别着急，报告已经发你了", TUE, speaker="小王")
    assert [(r[0], r[3], r[5]) for r in rows] == [("status", "报告", "done")], rows
    assert found_rows("我搬咗去觀塘住咗幾日", TUE, speaker="小王") == []


@pytest.mark.parametrize(
    ("text", "speaker", "row"),
    [
        # a change told by congratulating the one it is of, by name
        ("congrats on the new flat in Leeds Tom!", "Jake", ("fact", "Tom", "residence", "Leeds")),
        ("how's the new place in Hove, Dan?", "Mum", ("fact", "Dan", "residence", "Hove")),
        ("congrats on the new job at Monzo, Priya 🎉", "Jake", ("fact", "Priya", "employer", "Monzo")),
        # taste idioms of group banter
        (
            "ok beer is actually growing on me, I quite like it now",
            "Kev",
            ("preference", "Kev", "beer", True),
        ),
        ("honestly I'm so bored of Marvel films now", "Raj", ("preference", "Raj", "marvel films", False)),
        (
            "ok don't laugh but I've been getting really into country music lately",
            "Jo",
            ("preference", "Jo", "country music", True),
        ),
    ],
)
def test_r9_group_news_and_banter_tastes(text, speaker, row):
    from tests.layer_sets import TUE, found_rows

    rows = found_rows(text, TUE, speaker=speaker)
    got = [(r[0], r[1], r[2], r[3]) if r[0] == "fact" else (r[0], r[1], r[3], r[4]) for r in rows]
    assert got == [row], rows


def test_r9_no_news_of_ones_own_in_congratulations():
    from tests.layer_sets import TUE, found_rows

    assert found_rows("congrats on the new job at Monzo!", TUE, speaker="Jake") == []
    assert [r[3] for r in found_rows("OK Computer is my favourite album", TUE, speaker="Jake")] == [
        "ok computer"
    ]


def test_r9_third_reviews_and_final_read(default_hub):
    from tests.layer_sets import TUE, found_rows

    # an ask of the group names a definite errand: not a skill, a feeling, or what sets the mood
    for previous, text in [
        ("who can handle spicy food?", "me!"),
        ("who can call the shots around here?", "I can"),
        ("who's bringing the vibes tonight?", "me!"),
        ("who can book a holiday without stressing?", "me"),
        ("who can walk?", "me!"),
        ("who can collect the keys?", "Both can."),
        ("who can bring the cake on Saturday?", "sure can!"),
        ("高数谁挂科？", "我挂科"),
        ("谁修仙？", "我修"),
    ]:
        assert found_rows(text, TUE, previous=previous, speaker="Ben") == [], (previous, text)
    # told, not ordered: a thing named by its use, a gift, a notice of a meeting
    for previous in ["@小美 发票在你桌上", "@小美 送你一张电影票", "@小美 下周开会"]:
        assert found_rows("收到", TUE, previous=previous, speaker="小美") == [], previous
    # an order keeps a 不 / 错 inside its thing
    for previous in ["@小美 把不用的椅子搬走", "@小美 把报告里的错别字改一下"]:
        assert [r[0] for r in found_rows("收到", TUE, previous=previous, speaker="小美")] == ["commitment"], (
            previous
        )
    # a line to everyone, or an answer to a question, keeps the speaker's own promise
    assert [r[1] for r in found_rows("@大家 周五请大家喝奶茶", TUE, speaker="小美")] == ["小美"]
    rows = found_rows("@小刘 下午送过去", TUE, previous="样品什么时候送来？", speaker="小美")
    assert [r[1] for r in rows] == ["小美"], rows
    # a run-on done names its act, which finds its promise; surgery is no task
    mem = heard(
        default_hub,
        "r9_x1",
        [(0, "小美", "我周末把车洗一下"), (0, "小美", "我明天把钱还你"), (4, "小美", "洗完了累死了")],
    )
    assert {c.what: c.status for c in mem.commitments()} == {"把车洗一下": "done", "把钱还你": "open"}, _all(
        mem
    )
    assert found_rows("做完了手术终于", TUE, speaker="小赵") == []
    assert found_rows("洗完了手再吃饭", TUE, speaker="小赵") == []
    # what having it did, or another thing had, is no "had already"
    for previous, text, topic in [
        ("要不要吃点香菜？", "不了，我刚吃了一口就吐了", "香菜"),
        ("要不要喝奶茶？", "不了，我刚吃了药", "奶茶"),
        ("want one of my protein bars?", "no thanks, had one earlier and it was grim", "protein bars"),
        ("want an oyster?", "no thanks, had one last night and it made me sick", "oyster"),
    ]:
        rows = found_rows(text, TUE, previous=previous, speaker="小美")
        assert (topic, False) in [(r[3], r[4]) for r in rows if r[0] == "preference"], rows
    # a thing received, a car bought, a nickname, trouble got into, a choice of food
    assert found_rows("aww I got the flowers, thank you babe", TUE) == []
    assert found_rows("congrats on the new house in Derby Hun!", TUE) == []
    assert found_rows("I've been getting into trouble at work lol", TUE) == []
    rows = found_rows("Thai!! 🙌", TUE, previous="shall we get Thai or just wait and see what Mum's making?")
    assert [(r[0], r[4]) for r in rows] == [("preference", True)], rows
    # a quote of a line is no word of the speaker's; 家姐 inside Mandarin stays
    assert found_rows("「我周五还钱」 呵呵，信你个鬼", TUE, speaker="小王") == []
    assert found_rows("我家姐夫人很好", TUE, speaker="小王") == []
    # capitalised congratulations; a Traditional speaker answering a mention
    rows = found_rows("Congrats on the new flat in Leeds Tom!", TUE, speaker="Jake")
    assert [(r[1], r[2], r[3]) for r in rows] == [("Tom", "residence", "Leeds")], rows
    rows = found_rows("@王總 週五前把方案做完", TUE, previous="@小劉 方案呢？", speaker="小劉")
    assert [(r[0], r[1]) for r in rows] == [("commitment", "小劉")], rows
    # a thing done, then when it comes: no promise
    rows = found_rows("蛋糕订好了，周六下午送到", TUE, speaker="周婷")
    assert [(r[0], r[5]) for r in rows] == [("status", "done")], rows
