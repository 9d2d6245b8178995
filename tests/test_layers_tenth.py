"""The tenth labelled set of the person layers (tests/data/layers_tenth.jsonl, #40): 120 everyday
lines, 60 English and 60 Chinese, 30 of which must give nothing. Written blind (the format
docstring and twelve example lines only) and committed before the extractor ran on it; scored
once untouched, then the misses of its folds 0-3 were fixed by structure: the rules below, each
checked on sentences that are in no labelled set."""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path

import pytest

from benchmarks.run_layers_eval import evaluate, load
from tests.layer_sets import assert_set_shape, found_rows

TENTH = Path(__file__).parent / "data" / "layers_tenth.jsonl"
AT = datetime(2026, 6, 3, 10)  # a Wednesday


def _found(text: str, previous: str | None = None, speaker: str = "Ben") -> list[tuple]:
    return found_rows(text, AT, previous, speaker)


def test_every_line_has_the_fields_the_scorer_reads():
    assert_set_shape(TENTH, lines=120, english=60, empty=30)


def test_the_extractor_holds_its_figures_on_the_tenth_sets_tuned_folds():
    scores, errors = evaluate(load({0, 1, 2, 3}, TENTH))
    for key, s in scores.items():
        assert s["precision"] >= 0.9 and s["recall"] >= 0.9, (key, s, errors)


# -- English promises --------------------------------------------------------------------------


def test_a_promise_by_count_on_me_and_a_light_verb():
    (c,) = _found("You can count on me to feed the cat while you're in Rome.")
    assert c[0] == "commitment" and c[3] == "feed the cat"  # the clause ends at "while"
    (c,) = _found("I'll have a quick look at your essay tomorrow.")
    assert c[0] == "commitment" and c[3].startswith("have a quick look") and c[6] == date(2026, 6, 4)
    assert _found("I'll have the salmon, please.") == []  # an order is still no promise


def test_a_reply_promise_takes_the_day_of_the_question():
    (c,) = _found("Happy to, I'll bake some brownies.", previous="Could anyone bring a dessert on Friday?")
    assert c[0] == "commitment" and c[6] == date(2026, 6, 5)


def test_a_mixed_line_is_read_by_the_script_of_most_of_its_words():
    (c,) = _found("I'll email you the 合同 tomorrow.")
    assert c[0] == "commitment" and "合同" in c[3] and c[6] == date(2026, 6, 4)
    (f,) = _found("We just moved to 杭州, loving it.")
    assert f[:4] == ("fact", "Ben", "residence", "杭州") and f[5] == "change"


# -- English completions and cancellations -----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "previous", "kind"),
    [
        ("Yeah, paid it last night.", "Did you pay the gas bill?", "done"),  # a yes before the completion
        ("Finally submitted my tax return!", None, "done"),  # a sentence adverb, no person
        ("I'm not going to make the pub quiz tonight after all.", None, "cancelled"),
        (
            "Really sorry, I can't anymore, my boss needs me.",
            "Are you still coming to the gig on Friday?",
            "cancelled",
        ),
    ],
)
def test_english_status_said_other_ways(text, previous, kind):
    found = [f for f in _found(text, previous) if f[0] == "status"]
    assert [(f[1], f[5]) for f in found] == [("Ben", kind)]


def test_a_bare_cant_after_no_plan_calls_nothing_off():
    assert [
        f
        for f in _found("I can't anymore, my hands hurt.", "Did you finish the painting?")
        if f[0] == "status"
    ] == []


# -- English facts -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "subject", "key", "value"),
    [
        ("Me and Priya got engaged last month!", "Ben", "relationship", "engaged"),  # the speaker's own news
        ("My son started at Riverside Secondary this term.", "Ben's son", "school", "Riverside Secondary"),
        (
            "Transferred to Bristol University in January.",
            "Ben",
            "school",
            "Bristol University",
        ),  # the I dropped
        ("I joined a tiny indie games studio called Pixelmoth.", "Ben", "employer", "Pixelmoth"),
        ("I'm teaching remotely from Porto, moved here last year.", "Ben", "residence", "Porto"),
        ("We're in Ghent now.", "Ben", "residence", "Ghent"),
    ],
)
def test_english_facts_by_their_structure(text, subject, key, value):
    facts = [f for f in _found(text) if f[0] == "fact"]
    assert (subject, key, value) in [(f[1], f[2], f[3]) for f in facts], facts
    assert not any(f[2] == "employer" and f[3] == value for f in facts if key == "school")


# -- English tastes ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "topic", "likes", "kind"),
    [
        ("Can't stand reality TV, honestly.", "reality TV", False, "statement"),  # the I dropped
        ("I'm slowly getting into podcasts.", "podcasts", True, "statement"),  # inchoative, now
        ("I used to love cycling but I'm tired of it now.", "cycling", False, "change"),
        ("Never cared for opera, but that production changed my mind.", "opera", True, "change"),
        ("I don't care for musicals.", "musicals", False, "statement"),
    ],
)
def test_english_tastes_by_their_structure(text, topic, likes, kind):
    prefs = [f for f in _found(text) if f[0] == "preference"]
    assert [(f[3].lower(), f[4]) for f in prefs] == [(topic.lower(), likes)], prefs
    if kind == "change":
        assert prefs[0][5] == "change"


def test_caring_for_someone_is_no_taste():
    assert [f for f in _found("I care for my grandad on Sundays.") if f[0] == "preference"] == []


# -- Chinese -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "topic", "likes"),
    [
        ("以前很爱吃烧烤，现在吃不下去了。", "烧烤", False),  # a potential-negative complement
        ("这两年迷上了踢足球。", "足球", True),  # a time adverb leads, the 我 dropped
    ],
)
def test_chinese_tastes_by_their_structure(text, topic, likes):
    prefs = [f for f in _found(text, speaker="赵敏") if f[0] == "preference"]
    assert [(f[3], f[4]) for f in prefs] == [(topic, likes)], prefs
    assert not [f for f in _found(text, speaker="赵敏") if f[0] == "status"]


def test_a_chinese_offer_with_who_it_is_for_and_a_measure_word():
    (p,) = _found("好呀，太好了！", previous="要不要给你也订一张话剧的票？", speaker="赵敏")
    assert p[0] == "preference" and p[3] == "话剧" and p[4] and p[5] == "acceptance"


def test_asking_for_time_offers_nothing_so_the_promise_stands():
    (c,) = _found("好，我明天给你回电话。", previous="有时间聊一下吗？", speaker="赵敏")
    assert c[0] == "commitment" and c[6] == date(2026, 6, 4)


def test_a_pet_name_files_a_taste_under_that_person():
    prefs = [f for f in _found("小雪不吃香菜，每次都挑出来。", speaker="赵敏") if f[0] == "preference"]
    assert prefs and prefs[0][1] == "小雪" and not prefs[0][4]
    assert [f[1] for f in _found("小心点，路上滑。", speaker="赵敏")] in ([], ["赵敏"])


@pytest.mark.parametrize(
    ("text", "thing"),
    [("周末陪不了你了，要加班。", "陪你"), ("下周的培训我参加不了了。", "培训")],
)
def test_an_act_that_cannot_happen_is_called_off(text, thing):
    found = [f for f in _found(text, speaker="赵敏") if f[0] == "status"]
    assert [(f[5], f[3]) for f in found] == [("cancelled", thing)]


def test_nothing_is_called_off_under_a_condition():
    assert [f for f in _found("要是明天降温的话，我就不去游泳了。", speaker="赵敏") if f[0] == "status"] == []


def test_a_bare_verb_promise_takes_its_object_from_the_question():
    (c,) = _found("我来买，晚上之前买好。", previous="谁去买一下打印纸？", speaker="赵敏")
    assert c[0] == "commitment" and c[3].startswith("买打印纸")


@pytest.mark.parametrize(
    ("text", "subject", "key", "value"),
    [
        (
            "我表妹考上研究生了，秋天去南开读研。",
            "赵敏的表妹",
            "school",
            "南开",
        ),  # the level, then the school
        ("我儿子今年上初中了，在育英中学。", "赵敏的儿子", "school", "育英中学"),
        ("我去年从广州调到深圳了。", "赵敏", "residence", "深圳"),  # a place after 调到 is a move
        ("我现在在Spotify上班。", "赵敏", "employer", "Spotify"),  # a Latin name taken whole
    ],
)
def test_chinese_facts_by_their_structure(text, subject, key, value):
    facts = [f for f in _found(text, speaker="赵敏") if f[0] == "fact"]
    assert (subject, key, value) in [(f[1], f[2], f[3]) for f in facts], facts
    assert not any(f[2] == "employer" and f[3] == value for f in facts if key != "employer")


def test_thinking_about_a_job_is_no_workplace():
    assert _found("我在考虑要不要去外地工作。", speaker="赵敏") == []


# -- probes of everyday wording (sentences of no set) -------------------------------------------


def test_time_phrases_are_no_part_of_what_is_promised_or_liked():
    (c,) = _found("I'll call the landlord first thing tomorrow.")
    assert c[3] == "call the landlord" and c[6] == date(2026, 6, 4)
    (p,) = _found("Lena's really into sourdough baking these days.")
    assert p[1] == "Lena" and p[3] == "sourdough baking" and p[4]


def test_moving_in_with_someone_somewhere_is_a_move():
    facts = [f for f in _found("We've moved in with my partner's parents in Derby.") if f[0] == "fact"]
    assert ("residence", "Derby", "change") in [(f[2], f[3], f[5]) for f in facts]


def test_gone_right_off_is_a_dislike():
    (p,) = _found("I've gone completely off energy drinks.")
    assert p[3] == "energy drinks" and not p[4]


def test_giving_it_a_miss_is_no_promise_and_come_to_names_the_offer():
    assert [f for f in _found("I think I'll give it a miss.") if f[0] == "commitment"] == []
    (p,) = _found("Yes please!", previous="Do you want to come to the farmers' market with us?")
    assert p[0] == "preference" and "market" in p[3] and p[4]


def test_chinese_probes_of_everyday_wording():
    (c,) = _found("我妹答应周末陪我去买菜。", speaker="赵敏")  # 答应 and the time are no part of the act
    assert (c[1], c[3], c[6]) == ("赵敏的妹妹", "陪我去买菜", date(2026, 6, 6))
    (s,) = _found("小陈把报表交上去了。", speaker="赵敏")  # a name before 把 is who did it
    assert (s[0], s[1], s[5]) == ("status", "小陈", "done")
    (s,) = _found("我不去游泳馆了，太远。", speaker="赵敏")  # a plan of going, dropped
    assert (s[0], s[3], s[5]) == ("status", "游泳馆", "cancelled")
    facts = _found("我表哥去杭州读研了。", speaker="赵敏")  # a city where one studies is no school
    assert not any(f[2] == "school" for f in facts)
    (p,) = _found("我老妈特别讨厌排队。", speaker="赵敏")
    assert (p[1], p[3], p[4]) == ("赵敏的妈妈", "排队", False)


def test_chinese_offers_with_a_reduplicated_verb_or_a_measure():
    (p,) = _found("不用了，吃不下了。", previous="要不要尝尝这个月饼？", speaker="赵敏")
    assert (p[3], p[4], p[5]) == ("月饼", False, "refusal")
    (p,) = _found("来一罐！", previous="喝点可乐？", speaker="赵敏")
    assert (p[3], p[4], p[5]) == ("可乐", True, "acceptance")


def test_english_probes_of_everyday_wording():
    facts = _found("Maria and her boyfriend split up.")  # the named one, not the speaker
    assert [(f[1], f[2], f[3]) for f in facts] == [("Maria", "relationship", "single")]
    (p,) = _found("I'm alright, thanks.", previous="Do you want some cake?")
    assert (p[3], p[4], p[5]) == ("cake", False, "refusal")
    (s,) = _found("Handed over the keys this morning.")
    assert (s[0], s[5]) == ("status", "done")
    (s,) = _found("I'll skip the dentist tomorrow, too much on.")  # the speaker's own plan called off
    assert (s[0], s[3], s[5]) == ("status", "dentist", "cancelled")
    assert [f for f in _found("We got a table at Dishoom for Saturday.") if f[0] == "fact"] == []
    assert ("employer", "Arup") in [(f[2], f[3]) for f in _found("I got a position at Arup!")]


def test_more_probes_of_everyday_wording():
    (s,) = _found("I'm not going to Berlin after all.")
    assert (s[0], s[3], s[5]) == ("status", "Berlin", "cancelled")
    (s,) = _found("I posted the forms yesterday.")
    assert s[3] == "forms"  # the time is no part of the thing
    (p,) = _found("Ooh yes please!", previous="Tea?")
    assert (p[3], p[5]) == ("tea", "acceptance")
    (s,) = _found("这个活动我们不办了。", speaker="赵敏")
    assert (s[3], s[5]) == ("活动", "cancelled")
    assert not [f for f in _found("我妈退休了，现在在老家养鸡。", speaker="赵敏") if f[2] == "hometown"]
    (p,) = _found("奶茶我最近喝不惯了。", speaker="赵敏")
    assert (p[3], p[4]) == ("奶茶", False)
