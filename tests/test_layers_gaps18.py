"""Probes for the gaps closed on the eighteenth set's tune half (#40): an act done told in the
perfect by someone else, a person named as the one to ask, a relative by chat's clipped word, a
class taught by its year, a booking given back. Each is a structure, so each test has sentences
of its own beside the one that showed the gap; none of them is a line of the set."""

from __future__ import annotations

from datetime import datetime

import pytest

from autogen_zettel.people.chat_en import spelled_en
from autogen_zettel.people.extract import extract_layers
from autogen_zettel.people.subjects import subjects_of

AT = datetime(2026, 3, 4, 10, 0)


def _rows(text: str, speaker: str = "Ellie", previous: str | None = None):
    return [
        (e.layer, e.subject, e.key, e.value, e.kind)
        for e in extract_layers(text, speaker=speaker, at=AT, previous=previous)
    ]


@pytest.mark.parametrize(
    ("text", "who", "what"),
    [
        ("my brother has fixed the fence", "Ellie's brother", "fence"),
        ("my brother's fixed the fence at last", "Ellie's brother", "fence"),
        ("my sister has finally booked the venue", "Ellie's sister", "venue"),
    ],
)
def test_an_act_told_in_the_perfect_is_the_doers_not_a_passive(text, who, what):
    (row,) = [r for r in _rows(text) if r[0] == "status"]
    assert (row[1], row[4]) == (who, "done") and what in row[3], row


def test_a_passive_has_been_or_a_bare_participle_keeps_no_person():
    # "has been fixed" and "'s fixed" with nothing after are done to the thing, by nobody named
    for text in ("The boiler has been fixed", "Grandma's been called", "the car's fixed"):
        assert all(who == "Ellie" for who, _ in subjects_of(text, "Ellie")), text
    # the perfect with its thing after it is the head's act
    assert subjects_of("Dad has finally cleared the garage out", "Ellie") == [
        ("Ellie's dad", "I have finally cleared the garage out")
    ]
    assert subjects_of("Mum's booked the flights", "Ellie") == [("Ellie's mum", "I've booked the flights")]


@pytest.mark.parametrize(
    ("text", "who", "job"),
    [
        ("ask Nisha, she's a year 2 teacher, she'll know all the phonics stuff", "Nisha", "year 2 teacher"),
        ("talk to Omar, he's a plumber", "Omar", "plumber"),
        ("ring Dev, he's an electrician, he owes me one", "Dev", "electrician"),
    ],
)
def test_a_person_named_as_the_one_to_ask_is_whom_she_or_he_means(text, who, job):
    assert ("fact", who, "job", job, "statement") in _rows(text)
    assert not [r for r in _rows(text) if r[0] == "commitment"]  # "she'll know" is no promise


def test_a_verb_of_knowing_is_no_promise():
    assert not [r for r in _rows("I'll know by Friday") if r[0] == "commitment"]
    assert not [r for r in _rows("you'll understand when you see it") if r[0] == "commitment"]
    assert [r for r in _rows("I'll let you know by Friday") if r[0] == "commitment"]  # telling is an act


@pytest.mark.parametrize(
    ("text", "who", "job"),
    [
        ("my sis is a dentist, send her a pic of ur gum", "Becky's sister", "dentist"),
        ("trust me my brother's a paramedic, he's seen way worse", "Becky's brother", "paramedic"),
        ("her bf is a chef so dinner's sorted", "", ""),  # her: someone else's, filed under nobody here
        ("my bro works as a postman", "Becky's brother", "postman"),
    ],
)
def test_a_relative_by_a_clipped_word_or_after_an_aside_is_the_speakers(text, who, job):
    facts = [r for r in _rows(text, "Becky") if r[0] == "fact" and r[2] == "job"]
    if who:
        assert ("fact", who, "job", job, "statement") in facts, facts
    else:
        assert not [r for r in facts if r[1].startswith("Becky")], facts


def test_clipped_kin_words_are_put_back_only_after_an_owner():
    assert spelled_en("my sis is a nurse") == "my sister is a nurse"
    assert spelled_en("Her gf works at Tesco") == "Her girlfriend works at Tesco"
    assert spelled_en("thanks bro") == "thanks bro"  # a vocative is no brother
    assert spelled_en("sis, you there?") == "sis, you there?"


@pytest.mark.parametrize(
    ("text", "job"),
    [
        ("I'm a year 2 teacher in Leeds", "year 2 teacher"),
        ("I'm a Year 11 tutor", "year 11 tutor"),  # a job is kept in lower case
        ("I'm a 3rd grade teacher", "3rd grade teacher"),
    ],
)
def test_a_class_taught_by_its_year_is_part_of_the_job(text, job):
    assert ("fact", "Ellie", "job", job, "statement") in _rows(text)


def test_a_year_of_ones_own_is_no_job():
    assert not [r for r in _rows("I'm a year older today lol") if r[0] == "fact" and r[2] == "job"]


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("周六那个羽毛球场我给退了，一半人都有事", "羽毛球场"),
        ("给儿子报的奥数班退掉了，天天哭着不去", "奥数班"),
        ("下周的高铁票我已经退了", "高铁票"),
        ("健身房的年卡退了，根本没时间去", "年卡"),
        ("酒店我们先退订了", "酒店"),
    ],
)
def test_zh_a_booking_given_back_is_called_off(text, thing):
    rows = [r for r in _rows(text, "许明") if r[0] == "status"]
    assert [r[4] for r in rows] == ["cancelled"] and thing in rows[0][3], rows


def test_zh_money_or_goods_given_back_is_no_booking_called_off():
    assert not [r for r in _rows("押金我明天退给你", "许明") if r[0] == "status"]
    assert not [
        r for r in _rows("我把衣服退了", "许明") if r[4] == "cancelled"
    ]  # goods returned: a done errand


@pytest.mark.parametrize(
    ("text", "what", "day"),
    [
        ("leave it with me - bins rota sorted by friday", "bins rota", 6),
        ("ok, the report done by tomorrow", "report", 5),
        ("no worries - spare room ready by saturday", "spare room", 7),
    ],
)
def test_a_result_with_a_time_ahead_after_an_acknowledgement_is_a_promise(text, what, day):
    rows = extract_layers(text, speaker="Jo", at=AT)
    assert [(e.layer, e.value, e.due.day) for e in rows] == [("commitment", what, day)], rows


def test_a_result_with_no_time_ahead_is_still_done():
    assert [(e.layer, e.kind) for e in extract_layers("bins rota sorted", speaker="Jo", at=AT)] == [
        ("status", "done")
    ]


@pytest.mark.parametrize(
    ("text", "what"),
    [
        ("on it, dropping the spare keys round yours tmrw morning", "dropping the spare keys round"),
        ("sure - bringing the cake tonight", "bringing the cake"),
        ("no worries, cooking the dinner on saturday since you did it last week", "cooking the dinner"),
    ],
)
def test_a_plan_in_the_progressive_with_its_im_dropped_is_a_promise(text, what):
    rows = extract_layers(text, speaker="Kieran", at=AT)
    assert [e.layer for e in rows] == ["commitment"] and what in rows[0].value, rows


def test_dropping_a_thing_off_is_no_plan_dropped():
    assert not [
        e
        for e in extract_layers("dropping the parcel off later", speaker="Kieran", at=AT)
        if e.kind == "cancelled"
    ]
    kinds = [e.kind for e in extract_layers("I'm dropping the pottery class", speaker="Kieran", at=AT)]
    assert kinds == ["cancelled"]  # a class dropped is still called off
    assert not extract_layers("watching the match tonight, anyone?", speaker="Kieran", at=AT)  # a question


# What a review of these patterns found read wrong, with sentences of its own (each must stay as before)
@pytest.mark.parametrize(
    "text",
    [
        "ask Jess about Tom, he's a plumber",  # the lone name must end its clause
        "tell Jess, he's moved to Leeds",  # telling someone is no turning to them
        "ask Tom and Jess, she's a nurse",
        "ask Alexa, she's a lifesaver",
        "try Tuesday, she's in Leeds on Mondays",
    ],
)
def test_a_name_after_ask_is_the_referent_only_when_it_is_the_one_turned_to(text):
    assert not [r for r in _rows(text) if r[0] == "fact" and r[1] in ("Jess", "Tom", "Alexa", "Tuesday")], (
        _rows(text)
    )


def test_a_perfect_that_is_news_or_a_firms_calling_off_keeps_its_old_reading():
    assert ("fact", "Tom", "relationship", "married", "change") in _rows("Tom's married a doctor")
    assert not [r for r in _rows("Ryanair has cancelled the flight") if r[1] == "Ryanair"]
    assert not [r for r in _rows("Mum's been called a few times") if "I've" in r[3]]


def test_a_clipped_kin_word_needs_a_verb_after_it():
    assert spelled_en("my gf pasta is amazing") == "my gf pasta is amazing"  # gluten-free
    assert spelled_en("my gf works nights") == "my girlfriend works nights"


def test_knowing_then_acting_keeps_the_act():
    assert [r for r in _rows("I'll know by Friday and I'll tell you") if r[0] == "commitment"]


def test_an_exam_grade_is_no_job():
    assert not [r for r in _rows("I'm a grade 8 pianist now") if r[2] == "job"]


@pytest.mark.parametrize(
    "text",
    [
        "票退了没有",
        "等票退了再说",
        "票退了就亏了",
        "你把票退了吧",
        "饭卡退了",
        "房我退了",
        "课退了，改到下学期上",
        "机票退了，改签到周五了",
    ],
)
def test_zh_a_booking_asked_planned_said_to_the_listener_or_taken_up_again_is_not_called_off(text):
    assert not [r for r in _rows(text, "许明") if r[4] == "cancelled"], _rows(text, "许明")


def _prefs(text: str, speaker: str = "Kwame", previous: str | None = None):
    return [
        (e.value, e.score > 0.5, e.kind)
        for e in extract_layers(text, speaker=speaker, at=AT, previous=previous)
        if e.layer == "preference"
    ]


@pytest.mark.parametrize(
    ("offer", "thing"),
    [
        ("I've got a spare Coldplay ticket for Wembley, want it?", "coldplay ticket"),
        ("Coldplay tickets going spare for saturday, want them?", "coldplay tickets"),
        ("got 2 theatre tickets going spare tonight, anyone?", "theatre tickets"),
        ("a spare charger up for grabs, anyone?", "charger"),
    ],
)
def test_a_thing_offered_as_spare_is_what_a_no_refuses(offer, thing):
    assert _prefs("not really my thing tbh but thanks for thinking of me", previous=offer) == [
        (thing, False, "refusal")
    ]
    assert _prefs("ooh yes please!", previous=offer) == [(thing, True, "acceptance")]


@pytest.mark.parametrize("text", ["not my cup of tea", "not really my scene tbh", "honestly not my thing"])
def test_not_ones_thing_refuses_the_offer(text):
    assert _prefs(text, previous="Want to come to the jazz night on Friday?") == [("jazz", False, "refusal")]


def test_a_hard_no_is_against_the_thing_at_the_head():
    assert _prefs("horror films are a hard no, I still sleep with the light on") == [
        ("horror films", False, "statement")
    ]
    assert _prefs("spin classes are a firm no") == [("spin classes", False, "statement")]
    assert not _prefs("the barbecue is a no-go, rain all weekend")  # a plan called off, no taste


def test_words_shown_on_a_thing_are_not_the_speakers():
    assert not _prefs("the poster in reception literally says 'I love Mondays' who signed this off")
    assert not _prefs('my mug says "I love coffee" lol')
    assert not _prefs("Dad's t-shirt reads 'I hate Mondays'")


def test_a_place_that_serves_something_is_no_home_but_one_with_a_garden_is():
    rows = _rows(
        "could genuinely live on dumplings, found a place in Chinatown that does them for a fiver", "Alfie"
    )
    assert not [r for r in rows if r[2] == "residence"], rows
    assert ("fact", "Alfie", "residence", "Leeds", "change") in _rows(
        "found a flat in Leeds that has a garden", "Alfie"
    )


@pytest.mark.parametrize(
    ("text", "thing", "day"),
    [
        ("各位同事：原定本周四下午召开的季度总结会延期至下周二，地点不变，请相互转告。", "季度总结会", 10),
        ("原定周五举行的年会推迟至下周一", "年会", 9),
        ("体检顺延至明天", "体检", 5),
    ],
)
def test_zh_a_notice_putting_a_plan_off_to_a_day_is_postponed(text, thing, day):
    rows = [e for e in extract_layers(text, speaker="刘芳", at=AT) if e.layer == "status"]
    assert [(e.kind, e.value, e.due.day) for e in rows] == [("postponed", thing, day)], rows


@pytest.mark.parametrize(
    ("text", "thing", "day"),
    [
        ("PPT弄了一大半，数据那块周一再补吧，眼睛要瞎了", "PPT", 9),
        ("报告写了一半，明天再写", "报告", 5),
        ("书房整理了大部分，剩下的周六再弄", "书房", 7),
    ],
)
def test_zh_partly_done_with_the_rest_on_a_day_is_put_off(text, thing, day):
    rows = [e for e in extract_layers(text, speaker="马骁", at=AT) if e.layer == "status"]
    assert [(e.kind, e.value, e.due.day) for e in rows] == [("postponed", thing, day)], rows


def test_zh_partly_done_with_no_day_for_the_rest_is_not_put_off():
    assert not [e for e in extract_layers("报告写了一半", speaker="马骁", at=AT) if e.kind == "postponed"]


# What a second review (327 probes, old against new) found read wrong: each must stay as it was
@pytest.mark.parametrize(
    "text",
    [
        "Bring the wine tomorrow!",
        "Dreading the dentist tomorrow",
        "Watching the kids on Saturday was exhausting",
        "Nothing the matter, see you tomorrow",
        "During the match on Sunday, Tom proposed",
    ],
)
def test_an_ing_line_with_no_acknowledgement_is_no_promise(text):
    assert not [e for e in extract_layers(text, speaker="Ellie", at=AT) if e.layer == "commitment"]


@pytest.mark.parametrize(
    "text",
    [
        "Car was fixed by Friday in the end, cost a fortune",
        "The leak was fixed by 2 plumbers last week",
        "Got my visa sorted by the 10th, just in time",
    ],
)
def test_a_result_by_a_time_told_as_past_is_still_done(text):
    assert [e.kind for e in extract_layers(text, speaker="Ellie", at=AT) if e.layer == "status"] == ["done"]


@pytest.mark.parametrize(
    ("offer", "answer", "thing"),
    [
        ("Want the spare room this weekend?", "yes please", "spare room"),
        ("Does anyone want my spare ticket?", "yes please", "spare ticket"),
    ],
)
def test_an_offer_of_ones_spare_thing_keeps_its_reading(offer, answer, thing):
    assert _prefs(answer, previous=offer) == [(thing, True, "acceptance")]


def test_not_ones_thing_with_a_yes_after_or_to_decide_refuses_nothing():
    assert not _prefs("haha not my jam, but I'll come along", previous="Karaoke Friday, you in?")
    assert not _prefs("not my thing to decide, ask Jo", previous="Should we invite Sam to the party?")


def test_a_no_go_and_an_answer_are_no_taste():
    assert not _prefs("Camping this weekend is a firm no-go")
    assert not _prefs("My answer is a hard no")


@pytest.mark.parametrize(
    "text", ["I'm dropping the gym membership in March", "Dropping Spanish by the end of term"]
)
def test_a_class_or_membership_dropped_is_still_called_off(text):
    assert [e.kind for e in extract_layers(text, speaker="Ellie", at=AT) if e.layer == "status"] == [
        "cancelled"
    ]


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("Bought a house in Leeds that does need some work", "Leeds"),
        ("Found a flat in Brighton which does get loads of light", "Brighton"),
    ],
)
def test_an_emphatic_does_after_a_new_home_keeps_the_home(text, town):
    assert ("fact", "Ellie", "residence", town, "change") in _rows(text)


def test_a_persons_quoted_words_are_not_dropped_as_a_signs():
    from autogen_zettel.people.extract import _QUOTED_SIGN_EN

    assert not _QUOTED_SIGN_EN.search("Gave Dan the shirt and he said 'I love Arsenal'")
    assert _QUOTED_SIGN_EN.search("the sign on the door says 'no dogs'")


@pytest.mark.parametrize(
    ("said", "at", "due"),
    [
        ("rent paid by the 1st", datetime(2026, 3, 4), "2026-04-01"),  # was 2027-04-01, a year late
        ("by the 3rd", datetime(2026, 12, 20), "2027-01-03"),  # over the year's end
        ("by the 31st", datetime(2026, 4, 5), "2026-05-31"),  # April has no 31st
        ("by the 10th", datetime(2026, 3, 4), "2026-03-10"),  # still this month
    ],
)
def test_a_day_of_the_month_already_past_is_next_months(said, at, due):
    from autogen_zettel.text.due import due_date

    assert due_date(said, at).isoformat() == due
