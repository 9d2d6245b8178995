"""Whose a clause is (#40): a line of several clauses can speak of several people, in Chinese (which
drops a subject it has just said and names a new one at the head of a clause) and in English
("..., she works at the hospital", "..., Tom doesn't eat mango, and I don't eat seafood"). A clause
led by a name, a relative, she or he starts that person's part; one led by nothing goes on with the
part before. The lines are of the kind the Chinese recall set's group chat holds ("她比我还忙，她在
市一医院当护士" was filed as the speaker's own job)."""

from __future__ import annotations

from datetime import datetime

from tests.layer_sets import heard

AT = datetime(2026, 9, 1, 10, 0)


def _rows(text, speaker):
    from autogen_zettel.people.extract import extract_layers

    return extract_layers(text, speaker=speaker, at=AT)


def _facts(text, speaker="刘洋"):
    return [(e.subject, e.key, e.value) for e in _rows(text, speaker) if e.layer == "fact"]


def _prefs(text, speaker="Ben"):
    return [(e.subject, e.value, e.score > 0.5) for e in _rows(text, speaker) if e.layer == "preference"]


def test_a_clause_led_by_she_is_not_the_speakers_job():
    assert _facts("她比我还忙，她在市一医院当护士，三班倒，我俩经常一天见不上一面") == []
    assert _facts("他在腾讯做产品经理，天天加班") == []


def test_a_relative_named_in_a_later_clause_owns_that_clause_and_the_ones_it_leads():
    assert _facts("护士真的太辛苦了，我妹也是护士，在妇幼保健院，上个月连着值了好几个夜班", "陈静") == [
        ("陈静的妹妹", "job", "护士")
    ]
    assert _facts("还得贷点款，正在跟银行谈，我老婆就在建行上班，她帮我问了问利率", "王磊") == [
        ("王磊的老婆", "employer", "建行")
    ]


def test_she_after_a_relative_is_that_relative_and_i_again_is_the_speaker():
    assert _facts("我姐在北京工作，她说下个月搬去上海") == [("刘洋的姐姐", "residence", "北京")]
    assert _facts("我老公在银行上班，我在学校当老师", "陈静") == [
        ("陈静的老公", "employer", "银行"),
        ("陈静", "job", "老师"),
    ]


def test_a_named_persons_later_clauses_stay_theirs():
    assert _facts("小王跳槽去了京东，工资涨了不少") == [("小王", "employer", "京东")]


def test_a_group_chat_files_each_job_under_its_owner(default_hub):
    mem = heard(
        default_hub,
        "clauses_zh",
        [
            (0, "刘洋", "她比我还忙，她在市一医院当护士，三班倒，我俩经常一天见不上一面"),
            (0, "陈静", "护士真的太辛苦了，我妹也是护士，在妇幼保健院，上个月连着值了好几个夜班"),
            (1, "刘洋", "对，我在里面写后端，最近在赶一个仓库调度的项目"),
        ],
    )
    jobs = {(f.subject, f.value) for f in mem.facts() if f.key == "job"}
    assert ("刘洋", "护士") not in jobs and ("陈静", "护士") not in jobs, jobs
    assert ("陈静的妹妹", "护士") in jobs, jobs


def test_en_a_clause_led_by_she_after_a_comparison_is_not_the_speakers():
    assert _facts("She's even busier than me, she works at the city hospital as a nurse.", "Ben") == []
    assert _facts("We need a loan, my wife works at Barclays, she checked the rates for me.", "Ben") == [
        ("Ben's wife", "employer", "Barclays")
    ]


def test_en_a_list_of_who_eats_what_files_each_under_its_person():
    rows = _rows("Anna is vegetarian, Tom doesn't eat mango, and I don't eat seafood.", "Ben")
    got = {(e.layer, e.subject, e.value) for e in rows}
    assert ("fact", "Anna", "vegetarian") in got, got
    assert ("preference", "Tom", "mango") in got and ("preference", "Ben", "seafood") in got, got
    assert ("preference", "Anna", "seafood") not in got, got


def test_en_a_pronoun_object_with_a_place_is_no_taste():
    assert _prefs("I love it here.") == []
    assert _prefs("Tom moved to Leeds, he loves it over there.") == []
    assert _facts("Tom moved to Leeds, he loves it over there.", "Ben") == [("Tom", "residence", "Leeds")]


def test_en_a_comma_inside_one_subject_does_not_split_it():
    assert _facts("Honestly, I think I'm moving to Berlin.", "Ben") == _facts(
        "I think I'm moving to Berlin.", "Ben"
    )
    assert _facts("My sister, Anna, works at Google.", "Ben") == _facts(
        "My sister Anna works at Google.", "Ben"
    )


def test_zh_a_judgement_or_a_settling_is_no_task_done_or_dropped():
    def states(text):
        return [(e.kind, e.value) for e in _rows(text, "王磊") if e.layer == "status"]

    assert states("太好了，朵朵最爱奶黄") == []
    assert states("多练就好了，我当年也挂过一次") == []
    assert states("别提了，回哈尔滨过年我都不敢喝") == []
    assert states("机票订好了") == [("done", "机票")]
    assert states("别订火锅了，换个清淡的吧。") == [("cancelled", "订火锅")]
