"""Probes for the gaps closed in the fifteenth round (#40): holidays as due dates, a finished
course of study, holding back from a taste, a wish put as a condition, a day that is no taste, a
raise whose post is the next sentence. The sentences are written for these tests."""

from __future__ import annotations

from datetime import date, datetime, timedelta

from autogen_zettel.people.extract import extract_layers
from tests.layer_sets import TUE, current as _current, heard, preference_row as _pref


def test_a_holiday_is_a_due_date_and_a_moving_one_only_where_known():
    from autogen_zettel.text.due import due_date

    at = datetime(2026, 11, 20, 9, 0)
    assert due_date("I'll have the quilt finished for Christmas.", at) == date(2026, 12, 25)
    assert due_date("端午节前我把粽子寄给你。", at) == date(2027, 6, 9)
    assert due_date("我们中秋节回家。", datetime(2040, 1, 2)) is None  # past the table: no guessed day
    # the time after a holiday names no day of its own
    assert due_date("Let's leave the party till after Christmas.", at) is None
    assert due_date("we'll sort it after the New Year", at) is None


def test_zh_mooncakes_promised_for_mid_autumn(default_hub):
    mem = heard(default_hub, "zh_gaps_1", [(0, "小波", "中秋节我把月饼给你送过去。")])
    (c,) = mem.commitments()
    assert c.due == date(2026, 9, 25)


def test_finishing_a_degree_ends_the_school_but_a_planned_or_denied_one_does_not(default_hub):
    mem = heard(
        default_hub,
        "gaps_grad",
        [
            (0, "Ana", "I'm doing my masters at UCL."),
            (30, "Ana", "I won't graduate before the summer."),
            (90, "Ana", "Finally finished my masters!"),
            (0, "小波", "我在浙大读研。"),
            (90, "小波", "终于研究生毕业了！"),
        ],
    )
    assert _current(mem, "Ana", "school") == ["none"]
    assert _current(mem, "小波", "school") == ["none"]


def test_en_holding_back_from_a_taste_is_a_refusal_but_not_a_question_or_a_polite_no(default_hub):
    mem = default_hub.tenant("gaps_abstain")
    mem.remember("I adore chocolate cake.", speaker="Ana", at=TUE)
    for day, text in [
        (2, "Ugh, no chocolate cake for me this week."),
        (5, "Trying to cut back on chocolate cake."),
    ]:
        mem.remember(text, speaker="Ana", at=TUE + timedelta(days=day))
    assert _pref(mem, "Ana", "chocolate cake").value < 0.5
    mem.remember("No worries for me, honestly.", speaker="Ana", at=TUE + timedelta(days=6))
    mem.remember("Are you cutting down on sugar?", speaker="Ana", at=TUE + timedelta(days=7))
    assert [p.topic for p in mem.preferences(subject="Ana")] == ["chocolate cake"]


def _found(text, previous=None):
    return [(e.layer, e.key, e.value) for e in extract_layers(text, speaker="Ana", at=TUE, previous=previous)]


def test_a_wish_put_as_a_condition_offers_nothing_to_refuse_or_take():
    said = "The spare key is under the mat whenever you want to drop in."
    assert [f for f in _found("Great, thanks!", said) if f[0] == "preference"] == []
    assert any(f[0] == "preference" for f in _found("Nah.", "Shall we get ramen?"))  # an offer still is one


def test_a_day_or_a_time_is_never_a_taste():
    assert [f for f in _found("Can't do Tuesdays any more, sorry.") if f[0] == "preference"] == []
    assert [f for f in _found("下周三不行了，改天吧。") if f[0] == "preference"] == []
    assert [f for f in _found("I can't stand Sunday traffic.") if f[0] == "preference"]  # a thing on a day


def test_a_raise_whose_post_is_the_next_sentence():
    assert ("fact", "job", "Head nurse") in _found("Just got promoted! Head nurse as of next month.")
    assert [f for f in _found("Got promoted! The team threw me a party.") if f[0] == "fact"] == []


def test_zh_a_second_taste_whose_subject_is_dropped():
    found = [
        (v, s) for layer, _, v, s in _scored("我挺喜欢看话剧，不过受不了相声。") if layer == "preference"
    ]
    assert [v for v, _ in found] == ["话剧", "相声"] and found[0][1] > 0.5 > found[1][1]


def test_a_relative_or_a_colleague_liked_is_no_taste():
    assert [f for f in _found("I really like my flatmate Jonas.") if f[0] == "preference"] == []
    assert [f[0] for f in _found("I love my sister's lasagne.")] == ["preference"]


def test_zh_a_first_day_still_ahead_is_no_change_yet():
    assert [f for f in _found("后天第一天去京东上班。") if f[0] == "fact"] == []
    assert ("fact", "employer", "京东") in _found("今天第一天去京东上班。")


def _scored(text):
    return [(e.layer, e.key, e.value, e.score) for e in extract_layers(text, speaker="Ana", at=TUE)]


def test_a_state_given_as_the_reason_is_not_what_is_refused():
    refused = [
        v
        for layer, _, v in _found("No can do, I'm on nights this week.", "Fancy a curry on Friday?")
        if layer
    ]
    assert refused == ["curry"]
    assert [v for _, _, v in _found("No thanks, I'm on a diet.", "Want a slice of cheesecake?")] == [
        "cheesecake"
    ]
