"""Chat's own words, read by class (#40): a plan binned, axed or knocked on the head, a day
shifted or shunted, a thing sold, a task done by "the courier" or "a guy", a duty or a round that
falls to the speaker for a time, a promise given as a clause of its own, a Chinese time + 就 + an
errand; a state of work with no job named; an allergy by the body's reaction; what one could live
on; a plan moved by someone named. Each test is a class of sentences written for it (none is a
line of a labelled set), with the near misses four review helpers found beside it."""

from __future__ import annotations

from datetime import datetime

import pytest

from autogen_zettel.people.extract import extract_layers

AT = datetime(2026, 3, 4, 10, 0)  # a Wednesday


def _rows(text: str, speaker: str = "Sam"):
    return [
        (e.layer, e.subject, e.value, e.kind, e.due) for e in extract_layers(text, speaker=speaker, at=AT)
    ]


def _states(text: str, speaker: str = "Sam"):
    return [(value, kind) for layer, _, value, kind, _ in _rows(text, speaker) if layer == "status"]


def _promises(text: str, speaker: str = "Sam"):
    return [(value, due) for layer, _, value, _, due in _rows(text, speaker) if layer == "commitment"]


def _facts(text: str, speaker: str = "Sam"):
    return [(e.key, e.value) for e in extract_layers(text, speaker=speaker, at=AT) if e.layer == "fact"]


def _tastes(text: str, speaker: str = "Sam"):
    return [
        (e.value, e.score > 0.5)
        for e in extract_layers(text, speaker=speaker, at=AT)
        if e.layer == "preference"
    ]


def _job(text: str, speaker: str = "Sam"):
    return [
        (e.value, e.kind)
        for e in extract_layers(text, speaker=speaker, at=AT)
        if e.layer == "fact" and e.key == "job"
    ]


@pytest.mark.parametrize(
    ("text", "what"),
    [
        ("we've binned the office move", "office move"),
        ("they've axed the summer party", "summer party"),
        ("we canned the newsletter", "newsletter"),
        ("we pulled the plug on the podcast", "podcast"),
        ("we knocked the book club on the head", "book club"),
        ("the trip's been axed", "trip"),
        ("the launch got binned", "launch"),
        ("fyi we've binned the whole website rebuild, sticking with the old one", "website rebuild"),
    ],
)
def test_a_plan_binned_axed_or_knocked_on_the_head_is_called_off(text, what):
    assert _states(text) == [(what, "cancelled")]


def test_canned_food_and_a_fault_taken_are_no_plan_called_off():
    assert not [s for s in _states("I bought canned beans") if s[1] == "cancelled"]
    assert _rows("the blame is on me today") == []


@pytest.mark.parametrize(
    ("text", "what"),
    [
        ("I've shifted the dentist to next friday", "dentist"),
        ("shunted the call to monday", "call"),
        ("had to shift Mum's birthday meal to sunday", "birthday meal"),
        ("the review got shunted to the 20th", "review"),
    ],
)
def test_a_day_shifted_or_shunted_puts_the_plan_off(text, what):
    ((value, kind),) = _states(text)
    assert kind == "postponed" and what in value


def test_a_shift_at_work_is_no_shifting():
    assert not [s for s in _states("my shift moved to friday") if s[0] == "moved"]


@pytest.mark.parametrize(
    ("text", "what"),
    [
        ("sold my old bike on ebay", "bike"),
        ("finally sold the car", "car"),
        ("sold the old pram on marketplace for £60, woman collected it an hour ago", "pram"),
        ("the guy collected the wardrobe", "wardrobe"),
        ("a man picked up the fridge this morning", "fridge"),
        ("the courier collected the parcel", "parcel"),
        ("the plumber fixed the boiler", "boiler"),
    ],
)
def test_a_thing_sold_or_seen_to_by_someone_named_by_a_common_noun_is_done(text, what):
    ((value, kind),) = _states(text)
    assert kind == "done" and what in value  # the thing, never "woman", "guy" or "courier"


def test_a_person_is_no_task_done():
    assert _states("I was booked on the early train") == []
    assert _states("skip me on the curry") == []


@pytest.mark.parametrize(
    ("text", "what", "due"),
    [
        ("I'm on dishes duty tonight", "dishes duty", "2026-03-04"),
        ("I'm on wrapping duty tomorrow night", "wrapping duty", "2026-03-05"),
        ("I'm in charge of the drinks on saturday", "drinks", "2026-03-07"),
        ("I've got the snacks covered for friday", "snacks", "2026-03-06"),
        ("drinks are on me tomorrow", "drinks", "2026-03-05"),
    ],
)
def test_a_duty_or_a_round_that_falls_to_the_speaker_for_a_time_is_taken_on(text, what, due):
    ((value, when),) = _promises(text)
    assert what in value and when.isoformat() == due


@pytest.mark.parametrize(
    "text", ["I'm on bin duty", "I'm in charge of IT", "lunch is on me", "we've got the snacks covered"]
)
def test_a_role_or_a_treat_with_no_time_is_no_promise(text):
    assert _promises(text) == []


@pytest.mark.parametrize(
    ("text", "what", "dated"),
    [
        # (within a week, on no day promised: no due date)
        ("deposit back to you sometime next week, pinky promise 🤞", "deposit back", False),
        ("pinky promise, the book's coming back tomorrow", "book", True),
    ],
)
def test_a_promise_given_as_a_clause_of_its_own_makes_the_act_beside_it_one(text, what, dated):
    ((value, due),) = _promises(text)
    assert what in value and (due is not None) == dated


@pytest.mark.parametrize(
    "text",
    ["I swear, it was here yesterday", "it rained all day yesterday, I promise", "promise you won't laugh?"],
)
def test_a_promise_word_beside_what_is_past_or_asked_promises_nothing(text):
    assert _promises(text) == []


@pytest.mark.parametrize(
    ("text", "what"), [("周末的聚餐黄了", "聚餐"), ("饭局又黄了", "饭局"), ("那个项目被砍了", "项目")]
)
def test_a_get_together_fallen_through_or_a_project_cut_is_called_off(text, what):
    ((value, kind),) = _states(text, "小王")
    assert kind == "cancelled" and what in value


@pytest.mark.parametrize("text", ["叶子黄了", "树被砍了", "香蕉都黄了"])
def test_leaves_turning_yellow_or_a_tree_cut_down_is_no_plan(text):
    assert _states(text, "小王") == []


@pytest.mark.parametrize(
    ("text", "what"),
    [
        ("今晚就打电话过去", "打电话"),
        ("明天一早就去办", "办"),
        ("下班就去取快递", "取快递"),
        ("到家就给你打电话", "打电话"),
        ("房东那边我去说，今晚就打电话过去", "打电话"),
    ],
)
def test_a_time_ahead_then_jiu_and_an_act_is_the_speakers_promise(text, what):
    ((value, _),) = _promises(text, "小王")
    assert what in value


@pytest.mark.parametrize(
    "text", ["明天就放假", "今晚就下雨", "明天就开学了", "明天就是周五了", "下周就发工资", "一会儿就到"]
)
def test_what_comes_of_itself_at_a_time_is_no_promise(text):
    assert _promises(text, "小王") == []


def test_a_deadline_pledged_keeps_its_act_and_a_visit_is_no_hedge():
    assert [v for v, _ in _promises("交给我吧，周五前搞定", "小王")] == ["搞定"]
    assert [v for v, _ in _promises("明天我去医院看看她", "小王")] == ["去医院看看她"]
    assert _promises("我看看明天感觉怎么样", "小王") == []  # "let's see": a hedge


# -- the review's counter-examples: the same words in their other senses --------------------------


@pytest.mark.parametrize(
    "text",
    [
        "we had canned tomatoes for dinner",
        "I binned the old sofa cushions",
        "I've binned it",
        "my phone got binned by accident",
        "they axed 200 jobs",
        "I pulled the plug on the kettle",
        "we pulled the plug on grandad's life support",
        "I canned the peaches from our tree",
        "I knocked the kid on the head by accident",
    ],
)
def test_binned_axed_or_canned_of_a_thing_calls_no_plan_off(text):
    assert not [s for s in _states(text) if s[1] == "cancelled"]


def test_binned_off_calls_a_plan_off_without_its_particle():
    assert _states("we've binned off the gym membership") == [("gym membership", "cancelled")]


@pytest.mark.parametrize(
    "text",
    [
        "I sold my soul to that company",
        "we sold the idea to the board",
        "I sold the dog a dream",
        "a guy picked up my sister at the airport",
        "we were booked on the 6am flight",
        "he was booked on the late train",
    ],
)
def test_no_soul_idea_or_person_is_a_task_done(text):
    assert not [s for s in _states(text) if s[1] == "done"]


@pytest.mark.parametrize(
    "text",
    [
        "I'm on night duty this week",
        "I'm on bin duty every monday",
        "all eyes are on me today",
        "I swear, tomorrow's going to be a long day",
        "I swear, the exam is on monday",
        "promise, the film starts at 8 tonight",
        "I swear, the party's on saturday",
        "I swear, you'll love it tomorrow",
    ],
)
def test_a_rota_an_idiom_or_a_fact_sworn_to_is_no_promise(text):
    assert _promises(text) == []


def test_a_round_on_me_with_the_copula_contracted():
    assert [v for v, _ in _promises("dinner's on me tonight")] == ["dinner"]


def test_a_chinese_plan_fallen_through_keeps_its_whole_name_and_a_post_office_is_no_plan():
    assert _states("我们的旅行计划黄了", "小王") == [("旅行计划", "cancelled")]
    assert _states("我在邮局被砍了", "小王") == []


# -- a body's reaction is an allergy; what one could live on is a taste ----------------------------


@pytest.mark.parametrize(
    ("text", "what", "speaker"),
    [
        ("shellfish makes my throat go funny", "shellfish", "Sam"),
        ("nuts make my lips swell up", "nuts", "Sam"),
        ("bananas made my throat swell", "bananas", "Sam"),
        ("eggs made me come out in hives", "eggs", "Sam"),
        ("cats make me sneeze", "cats", "Sam"),
        ("dust makes my eyes itch", "dust", "Sam"),
        ("skip me on the prawns, shellfish makes my throat go funny", "shellfish", "Sam"),
        ("海鲜我一吃就过敏", "海鲜", "小王"),
        ("芒果我只要一碰就起疹子", "芒果", "小王"),
    ],
)
def test_what_the_body_does_at_a_thing_is_an_allergy_to_it(text, what, speaker):
    assert ("allergy", what) in _facts(text, speaker)


@pytest.mark.parametrize(
    ("text", "speaker"),
    [
        ("work makes me sick", "Sam"),
        ("this song makes me sneeze lol", "Sam"),
        ("my boss makes my skin crawl", "Sam"),
        ("我一吃就胖", "小王"),
        ("这个我一看就懂", "小王"),
    ],
)
def test_a_mood_a_joke_or_a_habit_is_no_allergy(text, speaker):
    assert not [f for f in _facts(text, speaker) if f[0] == "allergy"]


@pytest.mark.parametrize(
    ("text", "what"),
    [
        ("could genuinely live on dumplings", "dumplings"),
        ("I could live on pizza", "pizza"),
    ],
)
def test_what_one_could_live_on_is_liked(text, what):
    assert (what, True) in _tastes(text)


@pytest.mark.parametrize("text", ["I could live on a boat", "would kill for him", "my weakness is maths"])
def test_a_place_to_live_a_person_or_a_weak_subject_is_no_taste(text):
    assert _tastes(text) == []


# -- a state of work with no job named; a firm to start at by its name -----------------------------


@pytest.mark.parametrize(
    ("text", "speaker", "value", "kind"),
    [
        ("I'm retired", "Sam", "retired", "statement"),
        ("retired last month!", "Sam", "retired", "change"),
        ("I'm self-employed now", "Sam", "self-employed", "change"),
        ("went self-employed in January", "Sam", "self-employed", "change"),
        ("I'm freelance", "Sam", "freelancer", "statement"),
        ("I'm between jobs atm", "Sam", "none", "statement"),
        ("I'm a stay at home mum now", "Sam", "stay at home mum", "change"),
        ("上个月刚退休", "小王", "退休", "change"),
        ("我在家待业呢", "小王", "none", "statement"),
        ("我暂时没工作", "小王", "none", "statement"),
        ("我辞职在家当全职妈妈", "小王", "全职妈妈", "change"),
    ],
)
def test_a_state_of_work_with_no_job_named_is_the_job(text, speaker, value, kind):
    assert (value, kind) in _job(text, speaker)


@pytest.mark.parametrize(
    ("text", "speaker"),
    [
        ("the retired teacher next door", "Sam"),
        ("I'm not retired", "Sam"),
        ("I'm out of work today, sick", "Sam"),
        ("我还没退休", "小王"),
        ("退休以后想去云南", "小王"),
        ("你没工作吗？", "小王"),
        ("今天没工作，休息", "小王"),
        ("如果失业了怎么办", "小王"),
    ],
)
def test_no_state_of_work_in_a_denial_a_plan_a_question_or_a_day_off(text, speaker):
    assert _job(text, speaker) == []


def test_a_firm_to_start_at_by_its_name_and_a_name_is_no_call_made():
    rows = [
        (e.layer, e.key, e.value)
        for e in extract_layers("I'm starting at a startup called Fernleaf", speaker="Sam", at=AT)
    ]
    assert ("fact", "employer", "Fernleaf") in rows
    named = extract_layers("starting at a law firm called Hogan Lovells next week", speaker="Sam", at=AT)
    assert not [e for e in named if e.layer == "status"]  # "called" names the firm; nothing was rung


# -- the second review's counter-examples -----------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "月底就发奖金",
        "今晚就能到",
        "明天就能收到",
        "明天就知道结果",
        "明天就出院",
        "下周就考试",
        "下周就开会",
        "周五就到货",
        "明天就送到",
        "下周就放寒假",
        "今晚就会下雨",
        "明天就过期",
        "下班就堵车",
        "我看看明天有没有空",
        "我看看能不能明天给你",
        "我明天看看有没有时间",
    ],
)
def test_an_event_a_state_to_come_or_a_let_me_see_is_no_chinese_promise(text):
    assert _promises(text, "小王") == []


@pytest.mark.parametrize(
    ("text", "what"),
    [
        ("we've binned the meetings", "meetings"),
        ("we axed the Friday classes", "Friday classes"),
        ("they pulled the plug on the merger", "merger"),
        ("we binned off the gym", "gym"),
    ],
)
def test_plans_in_the_plural_and_the_gym_are_called_off(text, what):
    assert _states(text) == [(what, "cancelled")]


def test_a_banquet_cut_is_called_off():
    assert _states("跟客户的饭局被砍了", "小王") == [("跟客户的饭局", "cancelled")]


@pytest.mark.parametrize("text", ["he's on me tonight", "mum's on me about the rent tonight"])
def test_a_person_on_at_one_is_no_round(text):
    assert _promises(text) == []


def test_a_round_for_all_and_a_sworn_repayment_are_promises():
    assert [v for v, _ in _promises("all drinks are on me tomorrow")] == ["all drinks"]
    assert [v for v, _ in _promises("money back to you next week, I swear 🤞")] == ["money back"]


@pytest.mark.parametrize(
    "text",
    [
        "sunlight makes me sneeze",
        "pepper makes me sneeze",
        "Spring makes me sneeze",
        "wool makes my skin itch",
        "running makes me wheeze",
        "chocolate makes me break out",
        "Heights make me go funny",
        "Tom makes me sneeze",
    ],
)
def test_a_sneeze_a_rash_or_a_mood_is_no_allergy(text):
    assert not [f for f in _facts(text) if f[0] == "allergy"]


@pytest.mark.parametrize(
    "text", ["海鲜他一吃就过敏", "宝宝一吃就过敏", "儿子海鲜一吃就过敏", "伤口一碰就痒", "脸一碰就肿"]
)
def test_someone_elses_allergy_or_a_body_part_is_not_the_speakers_allergy(text):
    rows = extract_layers(text, speaker="小王", at=AT)
    assert not [e for e in rows if e.key == "allergy" and e.subject == "小王"], rows


@pytest.mark.parametrize(
    "text",
    [
        "I could live on minimum wage",
        "could live on fifty quid a week",
        "I could live on Skye",
        "I could live on air",
        "I could live on her cooking",
        "I'd kill for a holiday",
        "maths is my weakness",
    ],
)
def test_a_sum_a_place_a_want_or_a_skill_is_no_taste(text):
    assert _tastes(text) == []


# -- the third review's counter-examples ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "speaker"),
    [
        ("going freelance in April", "Sam"),
        ("I'm retired from football now", "Sam"),
        ("I'm freelance this week", "Sam"),
        ("I'm out of work early today", "Sam"),
        ("I'm between jobs in the garden, just popping in", "Sam"),
        ("I'm retired in spirit lol", "Sam"),
        ("retired in the garden all afternoon", "Sam"),
        ("I'm retired for the night", "Sam"),
        ("我想当全职妈妈", "小王"),
        ("今年退休", "小王"),
        ("今天我没工作，出来玩吧", "小王"),
        ("他说我没工作", "小王"),
        ("放假了我在家待业呢哈哈", "小王"),
    ],
)
def test_a_plan_a_day_off_a_wish_or_a_joke_is_no_state_of_work(text, speaker):
    assert _job(text, speaker) == []


def test_another_persons_start_is_not_the_speakers_employer():
    rows = extract_layers("Tom's starting at a firm called Arup", speaker="Sam", at=AT)
    assert not [e for e in rows if e.key == "employer" and e.subject == "Sam"]


@pytest.mark.parametrize(
    ("text", "what"), [("明天就见面", "见面"), ("明天就送到你家", "送到你家"), ("明天就收拾", "收拾")]
)
def test_a_meeting_a_delivery_or_a_chore_at_a_time_ahead_is_promised(text, what):
    assert [v for v, _ in _promises(text, "小王")] == [what]


@pytest.mark.parametrize("text", ["exams make my throat close up", "pepper makes me sneeze"])
def test_nerves_or_an_irritant_is_no_allergen(text):
    assert not [f for f in _facts(text) if f[0] == "allergy"]


# -- the nineteenth set's tune half: classes, each with words of its own ------------------------------


@pytest.mark.parametrize(
    ("text", "who", "what", "kind"),
    [
        ("Tariq pushed the team dinner to next thurs", "Tariq", "team dinner", "postponed"),
        ("Tom cancelled the meeting", "Tom", "meeting", "cancelled"),
        ("Mum cancelled the dentist", "Sam's mum", "dentist", "cancelled"),
    ],
)
def test_a_plan_called_off_or_moved_by_someone_named_is_theirs(text, who, what, kind):
    rows = [
        (e.subject, e.value, e.kind)
        for e in extract_layers(text, speaker="Sam", at=AT)
        if e.layer == "status"
    ]
    assert rows == [(who, what, kind)]


def test_pushing_a_door_is_no_plan_moved():
    assert _states("Tom pushed the door") == []


@pytest.mark.parametrize(
    "text",
    [
        "Dan reckons he's going to do the marathon next year, we'll see",
        "I'll paint the fence on saturday, we'll see",
    ],
)
def test_the_speakers_own_doubt_after_it_makes_no_promise(text):
    assert _promises(text) == []


@pytest.mark.parametrize(
    ("text", "what"),
    [("timesheets uploaded, Dana can stop chasing me now", "timesheets"), ("forms printed", "forms")],
)
def test_a_thing_uploaded_or_printed_is_done(text, what):
    assert _states(text) == [(what, "done")]


def test_the_other_parts_left_for_later_put_off_the_thing_partly_done():
    assert _states("two walls of the nursery done, the other two can wait till next weekend") == [
        ("nursery", "postponed")
    ]


def test_a_hard_pass_said_of_a_thing_is_against_it():
    assert _tastes("horror films are a hard pass") == [("horror films", False)]


def test_a_wish_after_a_task_done_is_no_promise():
    rows = _rows("小宝的疫苗今天打完了，哭了一路，我也想哭", "罗丹")
    assert [r for r in rows if r[0] == "commitment"] == []


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("我都35了，熬不动了", "age", "35"),
        ("我已经40了", "age", "40"),
        ("我对 gluten 过敏", "allergy", "gluten"),
        ("我对penicillin过敏", "allergy", "penicillin"),
    ],
)
def test_an_age_said_with_du_and_an_allergy_to_a_latin_word(text, key, value):
    assert (key, value) in _facts(text, "小王")


@pytest.mark.parametrize("text", ["我都考了90了", "我都等了20分钟了", "他都35了"])
def test_a_score_a_wait_or_anothers_age_is_not_the_speakers_age(text):
    assert not [f for f in _facts(text, "小王") if f[0] == "age"]


@pytest.mark.parametrize(("text", "what"), [("钉钉我是真的受够了", "钉钉"), ("加班我受够了", "加班")])
def test_a_thing_one_is_fed_up_with_is_disliked(text, what):
    assert (what, False) in _tastes(text, "小王")


# -- the fourth review's counter-examples ---------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Jake pushed the car out of the ditch",
        "Lily pushed her plate away",
        "Mum pushed the chair in",
        "Mum pushed the boat out for my birthday",
        "The printed version looks better",
        "My photos got uploaded to the wrong album",
        "I need to get the forms printed",
        "Sarah approved",
        "My manager approved my holiday",
    ],
)
def test_a_push_of_a_thing_a_printed_copy_or_someone_elses_approval_is_no_task(text):
    assert _states(text) == []


def test_doubt_of_how_it_goes_keeps_the_promise():
    assert [v for v, _ in _promises("I'll call you tomorrow, we'll see how it goes")] == ["call"]


@pytest.mark.parametrize(
    ("text", "speaker"),
    [
        ("我对 Python 过敏", "小王"),
        ("我对 KPI 过敏", "小王"),
        ("我们公司对 remote 过敏", "小王"),
        ("Cats make me break out in a smile", "Sam"),
    ],
)
def test_a_joke_or_a_firms_aversion_is_no_allergy(text, speaker):
    assert not [f for f in _facts(text, speaker) if f[0] == "allergy"]


@pytest.mark.parametrize("text", ["俯卧撑我都50了", "这个月我已经12了，还差3单", "体重我都60了"])
def test_a_count_or_a_weight_with_du_is_no_age(text):
    assert not [f for f in _facts(text, "小王") if f[0] == "age"]


@pytest.mark.parametrize("text", ["明天就准备好", "明天就送到公司"])
def test_a_plan_to_prepare_or_a_delivery_to_the_office_is_no_errand_promised(text):
    assert _promises(text, "小王") == []


def test_out_of_work_alone_a_freelancer_since_a_year_and_a_food_in_capitals():
    assert ("none", "statement") in _job("I'm out of work")
    assert _job("I'm out of work now, heading home") == []
    assert ("freelancer", "change") in _job("I'm a freelancer since 2020")
    assert ("allergy", "prawns") in _facts("Prawns made my throat swell up")


def test_a_thing_binned_with_the_contracted_copula_is_no_plan_called_off():
    assert _states("my phone's been binned") == []
    assert _states("Phone's been binned") == []
    assert _states("gig's been axed") == [("gig", "cancelled")]


# -- the eighth round: a week with no day, a reason clause, chores, a kin word in Chinese, a claim ----------


@pytest.mark.parametrize(
    "text",
    [
        "I'll get the gutters cleared at some point next week",
        "gonna sort the car insurance next week, promise",
        "下周我找时间把合同看一遍",
        "下礼拜我去趟物业问问",
    ],
)
def test_a_promise_for_a_week_with_no_day_has_no_due_date(text):
    ((value, due),) = _promises(text, "Lin")
    assert value and due is None


@pytest.mark.parametrize(
    ("text", "due"),
    [
        ("I'll ring the garage next Tuesday", "2026-03-10"),
        ("I'll send the report by the end of next week", "2026-03-13"),
        ("I'll mow the lawn next weekend", "2026-03-14"),
        ("下周三我把钥匙给你", "2026-03-11"),
    ],
)
def test_a_day_named_with_the_week_keeps_its_date(text, due):
    ((_, got),) = _promises(text, "Lin")
    assert str(got) == due


@pytest.mark.parametrize(
    ("text", "what", "kind"),
    [
        ("I have cancelled the budget meeting as the auditor is off sick", "budget meeting", "cancelled"),
        ("called off the bbq cos nobody could make it", "bbq", "cancelled"),
        ("we've scrapped the away day because the venue double booked", "away day", "cancelled"),
        ("I've cancelled Friday's standup", "standup", "cancelled"),
    ],
)
def test_a_reason_given_after_a_plan_called_off_is_no_part_of_it(text, what, kind):
    ((value, got),) = _states(text)
    assert (value, got) == (what, kind)


@pytest.mark.parametrize(
    ("text", "who", "what"),
    [
        ("Dad's FINALLY cleared the garage out", "Sam's dad", "garage"),
        ("mowed the lawn before the rain came", "Sam", "lawn"),
        ("I hoovered the whole flat", "Sam", "whole flat"),
        ("Tom weeded the veg patch this morning", "Tom", "veg patch"),
        ("finally decluttered the spare room", "Sam", "spare room"),
    ],
)
def test_a_house_or_garden_chore_told_as_done_is_done(text, who, what):
    assert [(s, v, k) for layer, s, v, k, _ in _rows(text) if layer == "status"] == [(who, what, "done")]


@pytest.mark.parametrize(
    "text", ["I cleared my throat", "I swept it under the carpet", "the kitchen smells of bleach"]
)
def test_a_throat_cleared_or_a_thing_swept_under_the_carpet_is_no_chore(text):
    assert _rows(text) == []


@pytest.mark.parametrize(
    ("text", "who", "age"),
    [
        ("my grandma is 92 and still beats everyone at cards", "Sam's grandma", "92"),
        ("my 奶奶 is 88 and still cycles to the market", "Sam's grandma", "88"),
        ("I'm 40 but feel 25", "Sam", "40"),
    ],
)
def test_an_age_with_a_clause_joined_on_is_still_an_age(text, who, age):
    assert ("fact", who, age) in [(layer, s, v) for layer, s, v, _, _ in _rows(text)]


def test_half_a_count_after_i_am_is_no_age():
    assert _facts("I'm 20 and a half minutes away") == []


def test_a_chinese_family_word_in_an_english_line_is_the_english_one():
    assert [(s, v) for layer, s, v, _, _ in _rows("my 老公 works at Arup") if layer == "fact"] == [
        ("Sam's husband", "Arup")
    ]


@pytest.mark.parametrize(
    ("text", "owner", "what"),
    [
        (
            "my dad's said he'll take the kids to swimming on thursday so you're off the hook",
            "Sam's dad",
            "take the kids to swimming",
        ),
        ("Priya's said she'll bring the chairs on Friday", "Priya", "bring the chairs"),
        ("I'll bring snacks on Saturday so we don't starve", "Sam", "bring snacks"),
    ],
)
def test_a_promise_reported_in_the_perfect_or_with_its_upshot_after_it(text, owner, what):
    assert [(s, v) for layer, s, v, _, _ in _rows(text) if layer == "commitment"] == [(owner, what)]


@pytest.mark.parametrize(
    ("text", "what"),
    [("bagsy the airport run on the 4th", "airport run"), ("dibs on the school run tomorrow", "school run")],
)
def test_a_task_claimed_with_its_time_is_a_promise(text, what):
    ((value, due),) = _promises(text)
    assert value == what and due is not None


@pytest.mark.parametrize(
    "text", ["bagsy the front seat tomorrow", "dibs on the last slice", "bagsy the washing up"]
)
def test_a_seat_or_a_slice_claimed_or_a_claim_with_no_time_is_no_promise(text):
    assert _promises(text) == []


@pytest.mark.parametrize(
    ("text", "who", "thing", "liked"),
    [
        ("coriander tastes like soap to me", "Sam", "coriander", False),
        ("honestly goat's cheese tastes of feet", "Sam", "goat's cheese", False),
        ("my kids would eat fish fingers every day if I let them", "Sam's kids", "fish fingers", True),
        ("I would happily eat ramen for every meal", "Sam", "ramen", True),
    ],
)
def test_a_taste_by_what_a_food_tastes_of_or_what_one_would_eat_every_day(text, who, thing, liked):
    got = [
        (e.subject, e.value, e.score > 0.5)
        for e in extract_layers(text, speaker="Sam", at=AT)
        if e.layer == "preference"
    ]
    assert got == [(who, thing, liked)]


def test_a_conditional_eat_with_no_every_day_is_no_taste():
    assert _tastes("I would eat it if I had to") == []


# the near misses of the eighth round's review: a deadline by the week, the as of a list, what is
# passed or spent, a seat claimed, one cup on one morning, a meal shared or a place to live
@pytest.mark.parametrize(
    ("text", "due"),
    [
        ("I'll return the drill by next week", "2026-03-09"),
        ("I'll do it next week at the latest", "2026-03-09"),
        ("下周前我把钱还你", "2026-03-09"),
    ],
)
def test_a_deadline_by_the_week_is_its_start(text, due):
    ((_, got),) = _promises(text)
    assert str(got) == due


def test_the_as_of_as_well_as_is_no_reason_clause():
    ((value, kind),) = _states("I've cancelled the gym as well as the pool")
    assert kind == "cancelled" and "pool" in value


@pytest.mark.parametrize(
    "text",
    [
        "Cleared customs in ten minutes",
        "I've emptied my bank account on this holiday",
        "I mowed down the competition",
        "I cleared my diary for Friday",
        "I bagsy the sofa tonight",
        "bagsy the bathroom first tomorrow",
        "My coffee tastes like mud this morning",
        "I would eat dinner with you every day",
        "I would eat less every day",
        "I would live on a boat forever",
        "I'm 60 and a bit",
    ],
)
def test_what_is_passed_spent_claimed_or_had_once_is_no_row(text):
    assert _rows(text) == []


# -- Chinese: stood up, not until a time, an exam passed, an English verb in a Chinese clause ----------


@pytest.mark.parametrize(
    ("text", "who", "kind"),
    [
        ("老张又放我鸽子了", "老张", "cancelled"),
        ("小周放了我们鸽子，说改天再约", "小周", "postponed"),
    ],
)
def test_stood_up_is_called_off_by_them_or_put_off_when_they_come_later(text, who, kind):
    assert [(s, k) for layer, s, _, k, _ in _rows(text, "林芳") if layer == "status"] == [(who, kind)]


@pytest.mark.parametrize(
    ("text", "who", "what"),
    [("物业说周四才能来修电梯", "物业", "修电梯"), ("装修师傅下周二才能来", "装修师傅", "")],
)
def test_not_until_a_later_time_is_put_off_to_it(text, who, what):
    rows = [(s, v, k) for layer, s, v, k, _ in _rows(text, "林芳") if layer in ("status", "commitment")]
    assert rows == [(who, what, "postponed")]


@pytest.mark.parametrize("text", ["我周五才有空", "我这周末才有空"])
def test_free_only_then_takes_nothing_on(text):
    assert _rows(text, "林芳") == []


def test_a_promise_with_not_until_promises_the_act():
    assert _promises("我下周一才能把报告给你", "林芳") == [("把报告给你", datetime(2026, 3, 9).date())]


@pytest.mark.parametrize(
    ("text", "what"), [("科目二终于过了！", "科目二"), ("雅思一把过", "雅思"), ("驾照考过了", "驾照")]
)
def test_an_exam_passed_is_done(text, what):
    assert _states(text, "林芳") == [(what, "done")]


@pytest.mark.parametrize("text", ["科目二没过", "雅思又没考过"])
def test_an_exam_not_passed_is_not_done(text):
    assert _states(text, "林芳") == []


@pytest.mark.parametrize(
    ("text", "who", "what", "kind"),
    [
        ("Kevin 把明天的 call cancel 了", "Kevin", "call", "cancelled"),
        ("我把周五的会 cancel 了", "林芳", "会", "cancelled"),
        ("我把周五的会取消了", "林芳", "会", "cancelled"),
        ("周会 reschedule 到下周二了", "林芳", "周会", "postponed"),
    ],
)
def test_an_english_verb_of_a_plan_in_a_chinese_clause_is_read_as_the_chinese_one(text, who, what, kind):
    assert [(s, v, k) for layer, s, v, k, _ in _rows(text, "林芳") if layer == "status"] == [
        (who, what, kind)
    ]


def test_a_thing_named_in_chinese_inside_an_english_done_is_its_value():
    ((value, kind),) = _states("already sent the 红包 to the nephews")
    assert kind == "done" and "红包" in value


# the second review's near misses: a warning or a bird is no one stood up, a time gone by is no putting
# off, an English verb of no plan (a git push) or a proposal (cancel 吧) calls nothing off
@pytest.mark.parametrize(
    "text",
    [
        "你别放我鸽子啊",
        "明天可别放我鸽子",
        "他们放了鸽子在广场上",
        "放鸽子比赛明天开始",
        "昨天十点才到",
        "上周五才来修的",
        "我 push 了代码",
        "航班 delay 了",
        "我们把 trip cancel 了吧",
        "明天 cancel 吧",
    ],
)
def test_a_warning_a_bird_a_past_time_or_a_proposal_is_no_state(text):
    assert _states(text, "林芳") == []


@pytest.mark.parametrize(
    ("text", "who", "what", "kind"),
    [
        ("老张昨天放我鸽子了", "老张", "", "cancelled"),
        ("Amy 把 dinner cancel 了", "Amy", "dinner", "cancelled"),
        ("Jack 把会议 reschedule 到周五了", "Jack", "会议", "postponed"),
        ("我把今天的健身课 cancel 掉了", "林芳", "健身课", "cancelled"),
        ("他把我的 booking cancel 了", "林芳", "booking", "cancelled"),
        ("会被 pushed 到明天了", "林芳", "会", "postponed"),
    ],
)
def test_whose_doing_and_the_thing_alone(text, who, what, kind):
    assert [(s, v, k) for layer, s, v, k, _ in _rows(text, "林芳") if layer == "status"] == [
        (who, what, kind)
    ]


@pytest.mark.parametrize(
    ("text", "due"),
    [("I'll finish it by this week", None), ("下周前后我去看看", None), ("下周前我把钱还你", "2026-03-09")],
)
def test_only_a_deadline_by_next_week_is_its_monday(text, due):
    assert [str(d) if d else None for _, d in _promises(text, "林芳")] in ([due], [])


@pytest.mark.parametrize("text", ["I'm 10 and a quarter miles in", "I'm 20 and a bit pages into the book"])
def test_a_count_with_a_half_a_quarter_or_a_bit_is_no_age(text):
    assert _facts(text) == []


def test_a_kitchen_cleared_up_is_done_and_one_cup_tasting_of_dishwater_is_no_taste():
    assert _states("Cleared up the kitchen") and _tastes("My tea tastes like dishwater") == []


# -- a plan of someone named, a place born and bred in, the couple parted, the word given then the act ---


@pytest.mark.parametrize(
    ("text", "who", "what", "kind"),
    [
        ("Grandma's cataract op has been moved to the 30th", "Sam's grandma", "cataract op", "postponed"),
        (
            "Mum's hospital appointment has been pushed to May",
            "Sam's mum",
            "hospital appointment",
            "postponed",
        ),
        ("my sister's wedding got postponed", "Sam's sister", "wedding", None),
        ("小李的婚礼改到十月了", "小李", "婚礼", "postponed"),
    ],
)
def test_a_plan_of_someone_named_at_its_head_is_theirs(text, who, what, kind):
    ((s, v, k),) = [(s, v, k) for layer, s, v, k, _ in _rows(text) if layer == "status"]
    assert (s, v) == (who, what) and (kind is None or k == kind)


@pytest.mark.parametrize("text", ["I've cancelled Priya's leaving do", "had to move Biscuit's jab to Friday"])
def test_a_plan_of_someone_the_speaker_acted_on_stays_the_speakers(text):
    assert [s for layer, s, _, _, _ in _rows(text) if layer == "status"] == ["Sam"]


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("I'm Sunderland born and bred", "Sunderland"),
        ("Glasgow born and raised, me", "Glasgow"),
        ("I'm born and bred in Hull", "Hull"),
    ],
)
def test_a_place_born_and_bred_in_is_a_hometown(text, place):
    assert _facts(text) == [("hometown", place)]


def test_we_parted_said_of_a_marriage_is_a_divorce_and_telling_others_not_to_ask_calls_nothing_off():
    rows = _rows("我们离了，上个月办的手续，大家别问了", "蔡琴")
    assert [(layer, v) for layer, _, v, _, _ in rows] == [("fact", "divorced")]


def test_only_wanting_to_lie_in_takes_nothing_on():
    assert _promises("周日我只想躺平到中午", "苏晴") == []


@pytest.mark.parametrize(
    ("text", "what", "due"),
    [
        ("放心，钥匙明天一早给你送过去", "钥匙给你送过去", "2026-03-05"),
        ("包在我身上，下班顺路就接了", "接", "2026-03-04"),
        ("交给我，明天顺便就寄了", "寄", "2026-03-05"),
    ],
)
def test_the_word_given_then_the_act_with_its_time_is_a_promise(text, what, due):
    assert [(v, str(d)) for v, d in _promises(text, "熊伟")] == [(what, due)]


# -- the twentieth set's tune half: an errand carried round, a favour on the way, time found for a task,
# a pet newly come, a taste to one's liking, a refusal with a clause of one's own after it ---------------


@pytest.mark.parametrize(
    ("text", "what", "due"),
    [
        (
            "bringing the pavlova round on Saturday, don't buy pudding",
            "bringing the pavlova round",
            "2026-03-07",
        ),
        ("dropping your ladder back tomorrow", "dropping your ladder back", "2026-03-05"),
    ],
)
def test_an_errand_carried_round_for_a_time_ahead_is_a_promise(text, what, due):
    assert [(v, str(d)) for v, d in _promises(text)] == [(what, due)]


@pytest.mark.parametrize("text", ["flying to Rome on Friday", "bringing the kids over on saturday?"])
def test_a_trip_or_a_question_is_no_errand_promised(text):
    assert _promises(text) == []


@pytest.mark.parametrize(
    ("text", "what", "due"),
    [
        ("周末我去超市，顺便给你带点水果", "带点水果", "2026-03-07"),
        ("下周抽空把车开去保养了", "把车开去保养", None),
        ("明天找时间把合同看了", "把合同看", "2026-03-05"),
    ],
)
def test_a_favour_on_the_way_or_time_found_for_a_task_is_the_promise(text, what, due):
    assert [(v, str(d) if d else None) for v, d in _promises(text, "廖凡")] == [(what, due)]


def test_a_favour_done_yesterday_is_no_promise():
    assert _promises("昨天去超市，顺便给你带了水果", "廖凡") == []


@pytest.mark.parametrize(
    ("text", "pet"), [("我们家新来了只橘猫，叫大橘", "橘猫"), ("家里刚来了一条小狗", "小狗")]
)
def test_a_pet_newly_come_is_kept(text, pet):
    assert _facts(text, "谢婉") == [("pet", pet)]


def test_a_stray_that_came_by_is_no_pet():
    assert _facts("家里来了只野猫", "谢婉") == []


def test_a_thing_to_ones_taste_is_liked():
    assert _tastes("酸菜鱼真的很合我胃口", "姚娟") == [("酸菜鱼", True)]


def test_a_refusal_stops_at_a_clause_of_ones_own():
    assert _tastes("I'll pass, I know nothing about rugby and I'd like to keep it that way") == [
        ("rugby", False)
    ]


# the third review's near misses: a shop, a club or a town is no owner in English; 老家, 小区 are no
# person and 老妈 is the speaker's; a nationality is no hometown; what comes of itself is no promise
@pytest.mark.parametrize(
    "text",
    ["Tesco's delivery got cancelled", "England's match got postponed", "Priya's leaving do is cancelled"],
)
def test_a_capitalised_owner_in_english_leaves_the_plan_the_speakers(text):
    assert [s for layer, s, _, _, _ in _rows(text) if layer == "status"] == ["Sam"]


@pytest.mark.parametrize(
    ("text", "who"),
    [("老妈的手术推迟了", "小王的妈妈"), ("小区的活动取消了", "小王"), ("老家的聚会取消了", "小王")],
)
def test_a_relative_owner_is_the_speakers_and_a_place_is_no_owner(text, who):
    assert [s for layer, s, _, _, _ in _rows(text, "小王") if layer == "status"] == [who]


@pytest.mark.parametrize(
    "text", ["I'm Welsh born and bred", "I'm Catholic born and bred", "I'm Leeds United born and bred"]
)
def test_a_nationality_a_creed_or_a_club_born_and_bred_is_no_hometown(text):
    assert _facts(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "放心，快递明天就到",
        "放心，孩子明天就回来",
        "放心，明天就能收到",
        "大家别问了",
        "我只想明天把报告交了",
    ],
)
def test_what_comes_of_itself_a_request_to_others_or_a_wish_is_no_row(text):
    assert _rows(text, "小王") == []


@pytest.mark.parametrize(
    ("text", "who", "what"),
    [
        ("Tom 把机票订了", "Tom", "机票"),
        ("Tom 把报告写完了", "Tom", "报告"),
        ("Ok 把会议取消了", "小王", "会议"),
    ],
)
def test_a_latin_name_before_ba_did_it_to_the_thing_after(text, who, what):
    assert [(s, v) for layer, s, v, _, _ in _rows(text, "小王") if layer == "status"] == [(who, what)]


def test_a_misunderstanding_cleared_up_is_no_chore():
    assert _states("I cleared up the misunderstanding with Tom") == []


# the fourth review's near misses: a day off or the stairs is no errand, a wish is no promise; Auntie
# is family; a town in -ich is a place; "and a bit tired" keeps the age; tidying up is a chore; a
# neighbour's new dog is no pet; a taste negated is no liking; a wish is nothing done
@pytest.mark.parametrize(
    "text",
    [
        "taking the day off tomorrow",
        "taking the stairs up tomorrow",
        "bringing the ladder back tomorrow would be nice",
    ],
)
def test_a_day_off_the_stairs_or_a_wish_is_no_errand_promised(text):
    assert _promises(text) == []


def test_auntie_is_the_speakers_aunt():
    assert [s for layer, s, _, _, _ in _rows("Auntie's party is off") if layer == "status"] == ["Sam's aunt"]


@pytest.mark.parametrize(
    ("text", "place"), [("I'm Norwich born and bred", "Norwich"), ("Munich born and bred", "Munich")]
)
def test_a_town_in_ich_born_and_bred_is_a_hometown(text, place):
    assert _facts(text) == [("hometown", place)]


def test_an_age_then_a_bit_tired_keeps_the_age():
    assert ("age", "40") in _facts("I'm 40 and a bit tired")


def test_tidying_up_after_a_party_is_done():
    assert [k for _, k in _states("I cleared up after the party")] == ["done"]


@pytest.mark.parametrize(
    "text", ["邻居家新来了只狗", "这不合我胃口", "这部电影不太合我胃口", "我想把房间打扫完了"]
)
def test_a_neighbours_dog_a_negated_taste_or_a_wish_is_no_row(text):
    assert _rows(text, "小王") == []


def test_a_plan_called_off_on_me_again_names_no_thing():
    assert _states("Tom cancelled on me again") == [("", "cancelled")]


def test_the_de_of_whose_a_dish_is_no_part_of_it():
    assert _tastes("这家的菜很合我胃口", "小王") == [("菜", True)]
